# Writes gotb_version.hpp at build time (custom target gotb_version in
# core/CMakeLists.txt), so that the revision stamped into files is that of
# the sources being built, not that of the last configure. configure_file
# rewrites the header only when its text changes, so an unchanged revision
# recompiles nothing. Inputs: -DSRC_DIR, -DIN, -DOUT, -DPROJECT_VERSION.
execute_process(COMMAND git rev-parse --short=12 HEAD
                WORKING_DIRECTORY ${SRC_DIR}
                OUTPUT_VARIABLE GOTB_GIT_REVISION OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE rev_rc ERROR_QUIET)
if(NOT rev_rc EQUAL 0 OR NOT GOTB_GIT_REVISION)
  set(GOTB_GIT_REVISION "unknown")
else()
  # Uncommitted changes to tracked files: the revision alone would claim
  # sources that were not built.
  execute_process(COMMAND git diff --quiet HEAD --
                  WORKING_DIRECTORY ${SRC_DIR}
                  RESULT_VARIABLE dirty_rc ERROR_QUIET)
  if(dirty_rc EQUAL 1)
    string(APPEND GOTB_GIT_REVISION "-dirty")
  endif()
endif()
configure_file(${IN} ${OUT} @ONLY)
