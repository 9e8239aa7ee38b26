# verilator_edge_ico.cmake: the Verilated switch runs its input pass once per clock cycle, not twice
# (docs/speed.md, "The input pass at the clock edge").
#
#   cmake -DVDIR=<verilator --Mdir> -DPREFIX=<--prefix> -DCLOCK=<clock port> -P verilator_edge_ico.cmake
#
# Verilator 5.006 evaluates every combinational path from the top-level inputs (the "ico" region) on
# each eval(), unconditionally. The drivers (rtl/driver/switch_dut.hpp, rtl/driver/bare_step.hpp) call
# eval() twice per cycle: with the clock low and the cycle's inputs set, then with the clock high and
# the same inputs, for the edge. The second input pass recomputes what the first left unchanged (same
# inputs, and no state changes while the clock is low). This edits the generated trigger so that the
# input pass runs only while CLOCK is low; the edge's sequential logic and the combinational logic
# after it run as before. Drivers must therefore set inputs only while the clock is low (both do).
#
# Idempotent. If the generated code does not have the expected form (another Verilator version),
# the files are left as generated, which is correct and slower, and a message says so.
foreach(var VDIR PREFIX CLOCK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "verilator_edge_ico.cmake: -D${var}=... is required")
  endif()
endforeach()

set(_generated "__VicoTriggered.at(0U) = (0U == vlSelf->__VicoIterCount);")
set(_edited "__VicoTriggered.at(0U) = ((0U == vlSelf->__VicoIterCount) & !vlSelf->${CLOCK});")
file(GLOB _files "${VDIR}/${PREFIX}___024root__DepSet_*.cpp")
set(_done FALSE)
foreach(_file ${_files})
  file(READ "${_file}" _text)
  string(FIND "${_text}" "${_edited}" _at_edited)
  string(FIND "${_text}" "${_generated}" _at_generated)
  if(_at_edited GREATER_EQUAL 0)
    set(_done TRUE)
  elseif(_at_generated GREATER_EQUAL 0)
    string(REPLACE "${_generated}" "${_edited}" _text "${_text}")
    file(WRITE "${_file}" "${_text}")
    set(_done TRUE)
  endif()
endforeach()
if(NOT _done)
  message(STATUS "${PREFIX}: the input-pass trigger of Verilator 5.006 was not found in ${VDIR}; "
                 "the model runs its input pass at both clock levels (correct, slower)")
endif()
