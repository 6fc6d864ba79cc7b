#!/usr/bin/env python3
"""Checks that every test and benchmark server listens with a backlog of at least 128.

Python's ``socketserver`` (and so ``http.server`` and ``wsgiref``) listens with a backlog of 5. The test
suite runs a dozen tests against one server at once on 2 loaded cores; when the server's accept thread
waits for the GIL, the accept queue overflows, Linux falls back to SYN cookies and drops ACKs, and a
client sees "connection reset by peer" or waits forever. That is how CI failed on 2026-11-28
(TwoOriginsTests: two ``POST /_routes`` to the scripted server reset at the same moment); bursts of 40
curl connections at a stopped scripted server failed 5 times in 7 at a backlog of 5, and 0 times in 10
at 128.

Each server below is started as the tests start it; once it prints ``LISTENING <port>``, ``ss`` reports
its listening socket's backlog (the Send-Q column of a listening socket). Every ``.py`` file under
Tests/Servers and Benchmarks that mentions ``LISTENING`` must be named here, as a server or as a script
that only starts one, so a new server cannot be missed.

Usage: listen_backlog.py   (exit 1 on a backlog below the minimum or a server not listed; a server whose
venv is missing, or a machine without ``ss``, is skipped with a notice — or fails when CI is set).
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import threading

ROOT = pathlib.Path(__file__).resolve().parents[2]
MINIMUM = 128

# (the interpreter, relative to ROOT unless bare; the script; its arguments)
SERVERS = [
    ("python3", "Tests/Servers/echo_server.py", []),
    ("python3", "Tests/Servers/cache_server.py", []),
    ("python3", "Tests/Servers/scripted_server.py", ["127.0.0.1"]),
    ("python3", "Tests/Servers/forum_server.py", []),
    ("python3", "Tests/Servers/static_server.py", ["{tmp}"]),
    ("python3", "Benchmarks/hal_delay_server.py", []),
    ("python3", "Benchmarks/jsonapi_delay_server.py", []),
    (".venv-jsonapi/bin/python", "Tests/Servers/jsonapi/server.py", []),
    (".venv-jsonapi/bin/python", "Tests/Servers/jsonapi_polymorphic/server.py", []),
    (".venv-hal/bin/python", "Tests/Servers/hal/server.py", []),
    (".venv-fastapi-jsonapi/bin/python", "Tests/Servers/fastapi_jsonapi/server.py", []),
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


def backlog_of(port):
    """The backlog of the socket listening on `port`, from `ss -Hltn` (Send-Q of a LISTEN socket)."""
    output = subprocess.run(["ss", "-Hltn", f"sport = :{port}"], capture_output=True, text=True, check=True).stdout
    backlogs = [int(line.split()[2]) for line in output.splitlines() if line.split() and line.split()[0] == "LISTEN"]
    if not backlogs:
        raise RuntimeError(f"ss shows no socket listening on port {port}")
    return min(backlogs)


def listening_port(process, timeout):
    """The port of the first `LISTENING <port>` line `process` prints within `timeout` seconds."""
    result = {}

    def read():
        for line in process.stdout:
            match = re.match(r"LISTENING (\d+)", line.strip())
            if match:
                result["port"] = int(match[1])
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout)
    return result.get("port")


def check(interpreter, script, arguments, tmp):
    """None when the server's backlog is at least MINIMUM; else what is wrong. Skips print a notice."""
    python = interpreter if "/" not in interpreter else str(ROOT / interpreter)
    if "/" in interpreter and not os.path.exists(python):
        if ON_CI:
            return f"{interpreter} is missing"
        print(f"note: {interpreter} is missing; skipping {script}")
        return None
    command = [python, str(ROOT / script)] + [a.replace("{tmp}", tmp) for a in arguments]
    process = subprocess.Popen(command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        port = listening_port(process, timeout=120)
        if port is None:
            process.kill()
            return f"printed no LISTENING line within 120 s: {process.stderr.read()[-2000:]}"
        backlog = backlog_of(port)
        print(f"{script}: backlog {backlog}")
        return None if backlog >= MINIMUM else f"listens with a backlog of {backlog}; at least {MINIMUM} is needed"
    finally:
        if process.poll() is None:
            process.stdin.close()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def main():
    failures = [f"{path}: mentions LISTENING but is not listed in {pathlib.Path(__file__).name}" for path in unlisted_files()]
    if shutil.which("ss") is None:
        if ON_CI:
            failures.append("ss (iproute2) is not on PATH")
        else:
            print("note: ss (iproute2) is not on PATH; skipping the listen backlog check")
            return 1 if failures else 0
    with tempfile.TemporaryDirectory() as tmp:
        for interpreter, script, arguments in SERVERS if shutil.which("ss") else []:
            problem = check(interpreter, script, arguments, tmp)
            if problem:
                failures.append(f"{script}: {problem}")
    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
