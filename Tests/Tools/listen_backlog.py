#!/usr/bin/env python3
"""Checks that every test and benchmark server listens with a backlog of at least 128.

Python's ``socketserver`` (and so ``http.server`` and ``wsgiref``) listens with a backlog of 5. The test
suite runs a dozen tests against one server at once on 2 loaded cores; when the server's accept thread
waits for the GIL, the accept queue overflows, Linux falls back to SYN cookies and drops ACKs, and a
client sees "connection reset by peer" or waits forever. That is how CI failed on 2026-11-28
(TwoOriginsTests: two ``POST /_routes`` to the scripted server reset at the same moment); bursts of 40
curl connections at a stopped scripted server failed 5 times in 7 at a backlog of 5, and 0 times in 10
at 128.

Each server below is started by Tests/Servers/with_server.py; once it prints ``LISTENING <port>``, ``ss``
reports its listening socket's backlog (the Send-Q column of a listening socket). Every ``.py`` file under
Tests/Servers and Benchmarks that mentions ``LISTENING`` must be named here, as a server or as a script
that only starts one, so a new server cannot be missed.

Usage: listen_backlog.py   (exit 1 on a backlog below the minimum or a server not listed; a server whose
venv is missing, or a machine without ``ss``, is skipped with a notice — or fails when CI is set).
"""

import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
MINIMUM = 128

# (the interpreter, relative to ROOT unless bare; the script; its arguments)
SERVERS = [
    ("python3", "Tests/Servers/echo_server.py", []),
    ("python3", "Tests/Servers/cache_server.py", []),
    ("python3", "Tests/Servers/scripted_server.py", ["127.0.0.1"]),
    ("python3", "Tests/Servers/forum_server.py", []),
    ("python3", "Tests/Servers/static_server.py", ["{tmp}"]),
    ("python3", "Tests/Servers/asc_standin.py", []),
    ("python3", "Benchmarks/hal_delay_server.py", []),
    ("python3", "Benchmarks/jsonapi_delay_server.py", []),
    (".venv-jsonapi/bin/python", "Tests/Servers/jsonapi/server.py", []),
    (".venv-jsonapi/bin/python", "Tests/Servers/jsonapi_polymorphic/server.py", []),
    (".venv-hal/bin/python", "Tests/Servers/hal/server.py", []),
    (".venv-fastapi-jsonapi/bin/python", "Tests/Servers/fastapi_jsonapi/server.py", []),
    (".venv-safrs/bin/python", "Tests/Servers/safrs/server.py", []),
    (".venv-japyd/bin/python", "Tests/Servers/japyd/server.py", []),
    (".venv-drf-hal/bin/python", "Tests/Servers/drf_hal/server.py", []),
]

# Files that mention LISTENING because they start a server and read its port, or serve through a module above.
STARTERS = {
    "Tests/Servers/with_server.py",
    "Benchmarks/loopback.py",  # the delay servers' shared serve(); checked through them
    "Benchmarks/bench_downloads.py",
    "Benchmarks/binary_size.py",
    "Benchmarks/side_by_side.py",
}

ON_CI = bool(os.environ.get("CI"))


def unlisted_files():
    """`.py` files that mention LISTENING but are neither a server above nor a starter."""
    listed = {script for _, script, _ in SERVERS} | STARTERS
    found = []
    for folder in ("Tests/Servers", "Benchmarks"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if "/.build/" in relative or "/.venv" in relative:
                continue
            if "LISTENING" in path.read_text(errors="replace") and relative not in listed:
                found.append(relative)
    return found


def check(interpreter, script, arguments, tmp):
    """None when the server's backlog is at least MINIMUM; else what is wrong. A missing venv is skipped with a
    notice (an error on CI). The server is started as `make` starts it, by Tests/Servers/with_server.py, which
    runs `ss` once the server prints its port; the backlog is the Send-Q column of its LISTEN socket."""
    venv = "/" in interpreter
    python = str(ROOT / interpreter) if venv else interpreter
    if venv and not os.path.exists(python):
        if ON_CI:
            return f"{interpreter} is missing"
        print(f"note: {interpreter} is missing; skipping {script}")
        return None
    command = [sys.executable, str(ROOT / "Tests/Servers/with_server.py"), python, str(ROOT / script),
               *[a.replace("{tmp}", tmp) for a in arguments], "--", "ss", "-Hltn", "sport = :{port}"]
    try:
        run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=180)
    except subprocess.TimeoutExpired:
        return "did not print LISTENING within 180 s"
    backlogs = [int(fields[2]) for fields in map(str.split, run.stdout.splitlines()) if fields[:1] == ["LISTEN"]]
    if run.returncode != 0 or not backlogs:
        return f"no listening socket found (exit {run.returncode}): {(run.stderr or run.stdout)[-2000:]}"
    print(f"{script}: backlog {min(backlogs)}")
    return None if min(backlogs) >= MINIMUM else f"listens with a backlog of {min(backlogs)}; at least {MINIMUM} is needed"


def main():
    failures = [f"{path}: mentions LISTENING but is not listed in {pathlib.Path(__file__).name}" for path in unlisted_files()]
    if shutil.which("ss") is None:
        if ON_CI:
            failures.append("ss (iproute2) is not on PATH")
        else:
            print("note: ss (iproute2) is not on PATH; skipping the listen backlog check")
    else:
        with tempfile.TemporaryDirectory() as tmp:
            failures += [f"{script}: {problem}" for interpreter, script, arguments in SERVERS
                         if (problem := check(interpreter, script, arguments, tmp))]
    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
