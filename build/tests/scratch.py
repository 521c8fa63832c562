"""The scratch project a self-test runs on: the files make names as the
test's inputs (SELFTEST_INPUTS, the Makefile's list of what the test
exercises), so that a tool the test runs but the list misses fails the
test rather than leaving it stale; run by hand, without the list, the
Makefile and all of build/."""

import os
import shutil


def copy_inputs(root, proj):
    listed = os.environ.get("SELFTEST_INPUTS", "").split()
    if not listed:
        shutil.copy(os.path.join(root, "Makefile"), proj)
        shutil.copytree(os.path.join(root, "build"), os.path.join(proj, "build"))
        return
    for path in listed:
        os.makedirs(os.path.join(proj, os.path.dirname(path)), exist_ok=True)
        shutil.copy2(os.path.join(root, path), os.path.join(proj, path))
