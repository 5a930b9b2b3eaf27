#!/usr/bin/env python3
"""expect_exit.py N CMD...: runs CMD (stdio inherited) and succeeds only if it
exits with status N. lit's internal shell has no $?."""
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.call(sys.argv[2:])
if got != want:
    sys.stderr.write("expect_exit.py: '%s' exited %d, expected %d\n" % (" ".join(sys.argv[2:]), got, want))
    sys.exit(1)
