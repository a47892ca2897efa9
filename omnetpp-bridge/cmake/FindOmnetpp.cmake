# Finds an installed OMNeT++ 6.x without building or shipping any of it.
#
# cosim_find_omnetpp() looks for `opp_configfilepath` in $OMNETPP_ROOT/bin and
# $__omnetpp_root_dir/bin (what OMNeT++'s setenv exports), then on PATH,
# asks it for Makefile.inc, and lets make read that file so the values are
# OMNeT++'s own (version, include and lib dirs, library suffix). Sets:
#   OMNETPP_FOUND, OMNETPP_ROOT, OMNETPP_VERSION, OMNETPP_INCLUDE_DIR, OMNETPP_LIB_DIR,
#   OMNETPP_BIN_DIR, and OMNETPP_WHY_NOT (what is missing and where to get it).
set(COSIM_OMNETPP_HELP
    "install OMNeT++ 6.x from https://omnetpp.org (the core build is enough: no Qtenv, no OSG), then "
    "`source <omnetpp>/setenv` so opp_configfilepath is on PATH, or set OMNETPP_ROOT=<omnetpp>")
string(JOIN "" COSIM_OMNETPP_HELP ${COSIM_OMNETPP_HELP})

function(cosim_find_omnetpp)
  set(OMNETPP_FOUND FALSE PARENT_SCOPE)
  set(hints "")
  if(DEFINED ENV{OMNETPP_ROOT})
    list(APPEND hints "$ENV{OMNETPP_ROOT}/bin")
  endif()
  if(DEFINED ENV{__omnetpp_root_dir})
    list(APPEND hints "$ENV{__omnetpp_root_dir}/bin")
  endif()
  find_program(OPP_CONFIGFILEPATH opp_configfilepath HINTS ${hints} NO_CACHE)
  if(NOT OPP_CONFIGFILEPATH)
    set(OMNETPP_WHY_NOT "OMNeT++ not found (no opp_configfilepath in $OMNETPP_ROOT/bin or on PATH): ${COSIM_OMNETPP_HELP}"
        PARENT_SCOPE)
    return()
  endif()
  execute_process(COMMAND "${OPP_CONFIGFILEPATH}" OUTPUT_VARIABLE makefile_inc OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT EXISTS "${makefile_inc}")
    set(OMNETPP_WHY_NOT "${OPP_CONFIGFILEPATH} did not name an existing Makefile.inc ('${makefile_inc}'): ${COSIM_OMNETPP_HELP}"
        PARENT_SCOPE)
    return()
  endif()
  find_program(MAKE_EXECUTABLE NAMES make gmake NO_CACHE)
  set(probe "${CMAKE_CURRENT_BINARY_DIR}/omnetpp-vars.mk")
  file(WRITE "${probe}" "include ${makefile_inc}\n"
       "cosim-print-vars:\n"
       "\t@echo 'OMNETPP_VERSION=$(OMNETPP_VERSION)'\n"
       "\t@echo 'OMNETPP_ROOT=$(OMNETPP_ROOT)'\n"
       "\t@echo 'OMNETPP_INCL_DIR=$(OMNETPP_INCL_DIR)'\n"
       "\t@echo 'OMNETPP_LIB_DIR=$(OMNETPP_LIB_DIR)'\n"
       "\t@echo 'OMNETPP_BIN_DIR=$(OMNETPP_BIN_DIR)'\n"
       "\t@echo 'SHARED_LIBS=$(SHARED_LIBS)'\n")
  execute_process(COMMAND "${MAKE_EXECUTABLE}" --no-print-directory -s -f "${probe}" cosim-print-vars
                  OUTPUT_VARIABLE vars ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    set(OMNETPP_WHY_NOT "cannot read ${makefile_inc} with make: ${err}" PARENT_SCOPE)
    return()
  endif()
  string(REPLACE "\n" ";" lines "${vars}")
  foreach(line ${lines})
    if(line MATCHES "^([A-Z_]+)=(.*)$")
      set(${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
    endif()
  endforeach()
  if(NOT OMNETPP_VERSION MATCHES "^6\\.")
    set(OMNETPP_WHY_NOT "OMNeT++ at ${OMNETPP_ROOT} is version '${OMNETPP_VERSION}', the bridge needs 6.x: ${COSIM_OMNETPP_HELP}"
        PARENT_SCOPE)
    return()
  endif()
  if(NOT EXISTS "${OMNETPP_INCL_DIR}/omnetpp.h")
    set(OMNETPP_WHY_NOT "OMNeT++ ${OMNETPP_VERSION} at ${OMNETPP_ROOT} has no ${OMNETPP_INCL_DIR}/omnetpp.h: ${COSIM_OMNETPP_HELP}"
        PARENT_SCOPE)
    return()
  endif()
  find_library(OPPSIM oppsim PATHS "${OMNETPP_LIB_DIR}" NO_DEFAULT_PATH NO_CACHE)
  if(NOT OPPSIM OR NOT SHARED_LIBS STREQUAL "yes")
    set(OMNETPP_WHY_NOT "OMNeT++ ${OMNETPP_VERSION} at ${OMNETPP_ROOT} is not built (no shared liboppsim in ${OMNETPP_LIB_DIR}; run its ./configure && make): ${COSIM_OMNETPP_HELP}"
        PARENT_SCOPE)
    return()
  endif()
  set(OMNETPP_FOUND TRUE PARENT_SCOPE)
  set(OMNETPP_VERSION "${OMNETPP_VERSION}" PARENT_SCOPE)
  set(OMNETPP_ROOT "${OMNETPP_ROOT}" PARENT_SCOPE)
  set(OMNETPP_INCLUDE_DIR "${OMNETPP_INCL_DIR}" PARENT_SCOPE)
  set(OMNETPP_LIB_DIR "${OMNETPP_LIB_DIR}" PARENT_SCOPE)
  set(OMNETPP_BIN_DIR "${OMNETPP_BIN_DIR}" PARENT_SCOPE)
endfunction()
