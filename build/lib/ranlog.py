"""ranlog: the exact commands a tool ran for a search or a simulation,
kept beside what it wrote, in FOLDER/ran.sh, by the tool that ran them
(never re-derived from a block's flags).  Its first line names the files
the folder held before the first command (the model and its includes);
each other line is one command, as a shell reads it, run in FOLDER.
make bench-loops replays them by hand, each folder's in a folder of its
own: copy the inputs there, then `sh ran.sh`."""

import os
import shlex
import subprocess

NAME = "ran.sh"
INPUTS = "# inputs: "


def start(folder):
    """A new log for FOLDER, naming the files it holds now."""
    files = sorted(f for f in os.listdir(folder)
                   if f != NAME and os.path.isfile(os.path.join(folder, f)))
    with open(os.path.join(folder, NAME), "w") as f:
        f.write(INPUTS + shlex.join(files) + "\n")


def add(folder, argv):
    """Log ARGV as run in FOLDER (start() must have been called)."""
    with open(os.path.join(folder, NAME), "a") as f:
        f.write(shlex.join(argv) + "\n")


def run(argv, cwd, **kw):
    """subprocess.run(ARGV, cwd=CWD, ...), logged first."""
    add(cwd, argv)
    return subprocess.run(argv, cwd=cwd, **kw)


def read(folder):
    """(inputs, commands) of FOLDER's log: the file names, and each
    command as its list of words."""
    with open(os.path.join(folder, NAME)) as f:
        lines = f.read().splitlines()
    if not lines or not lines[0].startswith(INPUTS):
        raise ValueError(f"{os.path.join(folder, NAME)}: line 1 does not begin {INPUTS.strip()!r}")
    return shlex.split(lines[0][len(INPUTS):]), [shlex.split(line) for line in lines[1:] if line.strip()]
