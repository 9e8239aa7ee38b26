// cli_checks.hpp: checks of option values shared by the ccfabric subcommands: number validators for
// CLI11 options that its own Range lets through (NaN, infinity, a negative count wrapped to 2^64 - 1),
// and the creation of an --out directory as bad input when it cannot be made.
#pragma once

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <string>
#include <system_error>

#include "sims/ccfabric/commands.hpp"

namespace ccf::cli {

// A floating-point option from lo to hi inclusive. CLI::Range compares with < and >, which NaN
// passes; this one takes only finite numbers: "--duration-us: nan must be a finite number from 1 to 100000".
inline CLI::Validator finite_range(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& text) -> std::string {
        double v = 0;
        if (!CLI::detail::lexical_cast(text, v) || !std::isfinite(v) || v < lo || v > hi)
          return fmt::format("{} must be a finite number from {} to {}", text, lo, hi);
        return {};
      },
      fmt::format("FLOAT in [{} - {}]", lo, hi));
}

// A floating-point option that must be finite (its range is checked where it is used).
inline CLI::Validator finite_number() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        double v = 0;
        if (!CLI::detail::lexical_cast(text, v) || !std::isfinite(v))
          return fmt::format("{} must be a finite number", text);
        return {};
      },
      "FINITE");
}

// An unsigned integer option from lo to hi, checked on the text as given: CLI11 converts "-1" to an
// unsigned type as 2^64 - 1, which a later check would then report instead of -1.
inline CLI::Validator integer_range(int64_t lo, int64_t hi) {
  return CLI::Validator(
      [lo, hi](std::string& text) -> std::string {
        int64_t v = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec != std::errc{} || end != text.data() + text.size() || v < lo || v > hi)
          return fmt::format("{} must be an integer from {} to {}", text, lo, hi);
        return {};
      },
      fmt::format("INT in [{} - {}]", lo, hi));
}

// Creates the output directory of --out (or of `option`, e.g. --record-events) and its parents; one
// that cannot be made (under a file, in /proc, an empty path, ...) is bad input:
// "--out = PATH: cannot create directory (REASON)".
inline void ensure_out_dir(const std::string& path, const char* option = "--out") {
  namespace fs = std::filesystem;
  std::string reason;
  if (path.empty()) {
    reason = "an empty path";
  } else {
    std::error_code ec;
    fs::create_directories(path, ec);
    if (!ec && !fs::is_directory(path, ec) && !ec) ec = std::make_error_code(std::errc::not_a_directory);
    if (ec) reason = ec.message();
  }
  if (!reason.empty())
    throw BadInput(fmt::format("{} = {}: cannot create directory ({})", option, path.empty() ? "\"\"" : path, reason));
}

}  // namespace ccf::cli
