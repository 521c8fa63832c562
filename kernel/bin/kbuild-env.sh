# shellcheck shell=sh
# kbuild-env.sh: sourced by the scripts that run kbuild (make -C SRC
# O=BUILD).  kbuild runs as it would typed at a shell, not with the flags
# of a make that started the script (MAKEFLAGS: its jobserver, whose
# descriptors a script is not given, its -k and -s, the variables of its
# command line).  make check builds the kernel in a step that runs other
# jobs beside it; kbuild would then print a warning about that make's
# jobserver into the build's log, which build-warnings.sh reads.
unset MAKEFLAGS MFLAGS
