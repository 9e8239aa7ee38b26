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
