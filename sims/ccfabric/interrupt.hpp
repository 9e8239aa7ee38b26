// interrupt.hpp: SIGINT and SIGTERM end a run at its next sample boundary instead of killing it
// (docs/outputs.md): while an InterruptGuard lives, the first of them is recorded, not acted on, and
// the run loop (or a sweep's) asks interrupt_signal() after each step; later ones change nothing (a
// sweep forwards the signal to runs that may have had it from the terminal already). The run then
// writes its outputs marked partial and main exits with 128 + the signal (130, 143); SIGKILL still
// ends a process at once.
#pragma once

namespace ccf::cli {

class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
};

// The signal received since the guard was made (SIGINT or SIGTERM), 0 if none.
int interrupt_signal();

// "SIGINT", "SIGTERM".
const char* signal_name(int sig);

}  // namespace ccf::cli
