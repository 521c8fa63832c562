"""sandbox: one workbench command run inside bubblewrap, with limits.

Each run gets its own directory RUN (made by the caller), seen inside
the sandbox as /w, its working directory, laid out as the repository
is: /w/models (the reader's model and the files it may include, copied
there), /w/out (where the workbench writes), and, read-only, /w/build
(the workbench's own tools), /w/chapters and /w/out/extract (what the
exercises' grader reads).  The system's /usr is read-only; nothing else
of the machine is there: no home, no repository beyond those folders, no
network, no other process.  The limits: CPU seconds, address space,
file size and processes (setrlimit, through prlimit), a wall-clock
timeout and a cap on what the run prints, enforced here.  Run as root,
the command inside drops to the user nobody (setpriv), for the process
limit counts a user's processes and is not applied to root."""

import asyncio
import os
import shutil
import signal
import sys
from dataclasses import dataclass, field

NOBODY = 65534


@dataclass
class Limits:
    time: int = 60           # seconds of one search (pan's TIME budget)
    memlim: int = 1024       # MB of one search (pan's MEMLIM budget)
    output: int = 2          # MB a run may print
    fsize: int = 256         # MB of one file
    procs: int = 64          # processes of the run's user
    jobs: int = 2            # runs at once; the others wait their turn
    slack: int = 60          # seconds beyond TIME for compiling and drawing

    @property
    def wall(self):
        return self.time + self.slack


@dataclass
class Result:
    code: int = 0
    out: str = ""            # stdout and stderr, in the order they came
    err: str = ""            # stderr alone (the workbench's verdict lines)
    limit: str = ""          # the one line naming a limit the run hit
    files: dict = field(default_factory=dict)


def _system_binds():
    args = ["--ro-bind", "/usr", "/usr"]
    for d in ("bin", "lib", "lib32", "lib64", "sbin"):
        p = "/" + d
        if os.path.islink(p):
            args += ["--symlink", os.readlink(p), p]
        elif os.path.isdir(p):
            args += ["--ro-bind", p, p]
    # cc is found through the alternatives; the loader's cache, fonts
    # for Graphviz (the folder made readable: bwrap makes it private).
    args += ["--perms", "0755", "--dir", "/etc"]
    for p in ("/etc/alternatives", "/etc/ld.so.cache", "/etc/fonts", "/etc/localtime"):
        if os.path.exists(p):
            args += ["--ro-bind", p, p]
    return args


def command(argv, run_dir, repo, limits, env=None):
    """The command line that runs ARGV (a command of the repository, from
    /w) in the sandbox over RUN_DIR."""
    root = os.geteuid() == 0
    wrap = ["prlimit", f"--cpu={limits.wall}", f"--as={(limits.memlim + 1024) * 2 ** 20}",
            f"--fsize={limits.fsize * 2 ** 20}", f"--nproc={limits.procs}", "--core=0", "--"]
    b = ["bwrap"] + _system_binds() + [
        "--dev", "/dev", "--proc", "/proc", "--perms", "01777", "--tmpfs", "/tmp",
        "--bind", run_dir, "/w",
        "--ro-bind", os.path.join(repo, "build"), "/w/build",
    ]
    if os.path.isdir(os.path.join(repo, "chapters")):
        b += ["--ro-bind", os.path.join(repo, "chapters"), "/w/chapters"]
    extract = os.path.join(repo, "out", "extract")
    if os.path.isdir(extract):
        b += ["--ro-bind", extract, "/w/out/extract"]
    # Root may not unshare a user namespace and then become nobody in it;
    # it unshares the rest and drops to nobody inside (setpriv).
    b += (["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
           "--unshare-cgroup-try"] if root else ["--unshare-all"])
    b += ["--die-with-parent", "--new-session", "--clearenv", "--chdir", "/w"]
    base_env = {"PATH": "/usr/bin:/bin", "HOME": "/w", "LANG": "C.UTF-8", "OUT": "out",
                "TIME": str(limits.time), "MEMLIM": str(limits.memlim),
                "PYTHONDONTWRITEBYTECODE": "1",
                "PYTHONPATH": "/w"}  # the top, as build/lib/defaults.mk sets it
    base_env.update(env or {})
    for k, v in base_env.items():
        b += ["--setenv", k, v]
    b.append("--")
    if root:
        b += ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
              "--no-new-privs", "--"]
    return wrap + b + list(argv)


def prepare(run_dir):
    """Make RUN_DIR's folders, writable by the user the run becomes."""
    for d in ("models", "out", "out/extract"):
        os.makedirs(os.path.join(run_dir, d), exist_ok=True)
    if os.geteuid() == 0:
        for top, dirs, files in os.walk(run_dir):
            os.chown(top, NOBODY, NOBODY)
            for f in files:
                os.chown(os.path.join(top, f), NOBODY, NOBODY)


async def run(argv, run_dir, repo, limits, env=None):
    """Run ARGV in the sandbox; a Result, with the limit the run hit if any."""
    proc = await asyncio.create_subprocess_exec(
        *command(argv, run_dir, repo, limits, env), stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        start_new_session=True)
    res = Result()
    chunks, errs, size = [], [], [0]
    cap = limits.output * 2 ** 20

    def kill():
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    async def pump(stream, also):
        while True:
            data = await stream.read(65536)
            if not data:
                return
            size[0] += len(data)
            if size[0] > cap:
                if not res.limit:
                    res.limit = (f"the run printed more than {limits.output} MB, make serve's "
                                 f"output limit; raise it: make serve OUTPUT_MB={limits.output * 4}")
                kill()
                return
            chunks.append(data)
            if also is not None:
                also.append(data)

    try:
        await asyncio.wait_for(asyncio.gather(pump(proc.stdout, None), pump(proc.stderr, errs),
                                              proc.wait()), timeout=limits.wall)
    except asyncio.TimeoutError:
        res.limit = res.limit or (
            f"the run stopped at make serve's wall-clock limit of {limits.wall} s "
            f"(TIME={limits.time} for the search, {limits.slack} s to compile and draw); "
            f"raise it: make serve TIME={limits.time * 4}")
        kill()
    finally:
        if proc.returncode is None:
            kill()
            await proc.wait()
    res.code = proc.returncode
    res.out = b"".join(chunks).decode("utf-8", "replace")
    res.err = b"".join(errs).decode("utf-8", "replace")
    return res


def probe(repo, limits):
    """None when a sandbox can be made here, else the one line that says
    why not and what to do."""
    import subprocess
    import tempfile
    if shutil.which("bwrap") is None:
        return ("make serve: bubblewrap is not installed; every run is sandboxed: "
                "sudo apt-get install bubblewrap (or make deps-serve)")
    if shutil.which("prlimit") is None or shutil.which("setpriv") is None:
        return "make serve: prlimit and setpriv are missing: sudo apt-get install util-linux"
    d = tempfile.mkdtemp(prefix="serve-probe.")
    try:
        prepare(d)
        p = subprocess.run(command(["spin", "-V"], d, repo, limits), capture_output=True,
                           text=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as e:
        return f"make serve: cannot run bubblewrap: {e}"
    finally:
        shutil.rmtree(d, ignore_errors=True)
    if p.returncode != 0 or "Spin Version" not in p.stdout:
        why = (p.stderr.strip().splitlines() or ["no message"])[-1]
        return (f"make serve: bubblewrap cannot make a sandbox here ({why}); every run needs "
                "one: allow user namespaces (sysctl -w kernel.unprivileged_userns_clone=1, "
                "user.max_user_namespaces > 0) or, in a container, start it with them allowed")
    return None


if __name__ == "__main__":
    print(probe(sys.argv[1] if len(sys.argv) > 1 else ".", Limits()) or "sandbox: ok")
