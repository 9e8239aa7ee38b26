# ccf_add_gtest(NAME SOURCES src... LIBS lib... [LABELS label...] [TIMEOUT s])
# One executable per suite; gtest_discover_tests runs every TEST in its own process
# (SystemC elaborates once per process).
include(GoogleTest)
find_package(GTest REQUIRED)
function(ccf_add_gtest NAME)
  cmake_parse_arguments(T "" "TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${NAME} ${T_SOURCES})
  target_link_libraries(${NAME} PRIVATE ${T_LIBS} GTest::gtest GTest::gtest_main ccf_warnings)
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 600)
  endif()
  if(NOT T_LABELS)
    set(T_LABELS default)
  endif()
  gtest_discover_tests(${NAME} DISCOVERY_TIMEOUT 60
    PROPERTIES LABELS "${T_LABELS}" TIMEOUT ${T_TIMEOUT})
endfunction()

# ccf_add_cli_test(NAME SOURCES src... [LIBS lib...] [LABELS ...] [TIMEOUT s] [DEFINITIONS def...])
# A test that runs the built `ccfabric` as a user would (tests/sims/cli_run.hpp): CCF_BINARY is its
# path and CCF_SCENARIO_DIR the shipped scenarios; it is built before the test.
function(ccf_add_cli_test NAME)
  cmake_parse_arguments(T "" "TIMEOUT" "SOURCES;LIBS;LABELS;DEFINITIONS" ${ARGN})
  set(_opts SOURCES ${T_SOURCES} LIBS ${T_LIBS} nlohmann_json::nlohmann_json)
  if(T_LABELS)
    list(APPEND _opts LABELS ${T_LABELS})
  endif()
  if(T_TIMEOUT)
    list(APPEND _opts TIMEOUT ${T_TIMEOUT})
  endif()
  ccf_add_gtest(${NAME} ${_opts})
  target_compile_definitions(${NAME} PRIVATE CCF_BINARY="$<TARGET_FILE:ccfabric>"
    CCF_SCENARIO_DIR="${PROJECT_SOURCE_DIR}/sims/scenarios" ${T_DEFINITIONS})
  add_dependencies(${NAME} ccfabric)
endfunction()
