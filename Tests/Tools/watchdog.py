#!/usr/bin/env python3
"""Runs a test command with a time limit; a hang ends as a diagnosed failure, not as CI's own timeout.

    watchdog.py --limit SECONDS -- swift test --skip-build ...

The command's output passes through line by line. Its stdout is made line-buffered (glibc's stdbuf),
because Swift Testing writes through stdio, which a pipe makes block-buffered: without that, the
last test lines before a hang sit unwritten in the buffer and the log stops kilobytes earlier than the
test run did (CI once showed a log cut in the middle of a line, 88 minutes before its timeout).

Past the limit it prints what it knows and stops the run:
- every Swift Testing test (and test case) that started and did not end, from the output;
- every thread's backtrace of each test process still running (gdb, when it is installed and may
  attach; demangled by swift-demangle), which is what a deadlock needs to be understood;
then kills the command's process group and exits 124 (timeout(1)'s status).

Its status otherwise is the command's. Nothing is retried: a hang is a bug, reported as one.
"""

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

STARTED = re.compile(r"^◇ Test (?P<name>.+) started\.$")  # after CASE, which takes the test cases
ENDED = re.compile(r"^[✔✘] Test (?P<name>.+?) (passed|failed|skipped)( |$)")
CASE = re.compile(r"^◇ Test case passing (?P<arguments>.*) to (?P<name>.+) started\.$")


class Progress:
    """The tests that started and have not ended, as the output tells."""

    def __init__(self):
        self.lock = threading.Lock()
        self.running = {}  # name -> (start time, set of test cases)

    def read(self, line):
        now = time.monotonic()
        with self.lock:
            case = CASE.match(line)
            if case:
                self.running.setdefault(case["name"], (now, set()))[1].add(case["arguments"])
                return
            started = STARTED.match(line)
            if started:
                self.running.setdefault(started["name"], (now, set()))
                return
            ended = ENDED.match(line)
            if ended:
                name = re.sub(r" with \d+ test cases?$", "", ended["name"])
                self.running.pop(name, None)

    def report(self):
        now = time.monotonic()
        with self.lock:
            items = sorted(self.running.items(), key=lambda item: item[1][0])
        lines = []
        for name, (start, cases) in items:
            lines.append(f"  {name} (started {now - start:.0f} s ago)")
            for arguments in sorted(cases):
                lines.append(f"      case {arguments}")
        return lines


def descendants(pid):
    """Every process below `pid`, from /proc."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(entry))
        except (OSError, IndexError, ValueError):
            continue
    found, stack = [], [pid]
    while stack:
        for child in children.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def command_line(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as file:
            return file.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""


def backtraces(pid):
    gdb = shutil.which("gdb")
    if not gdb:
        return "(gdb is not installed: no backtraces)"
    try:
        result = subprocess.run(
            [gdb, "-p", str(pid), "-batch", "-nx", "-ex", "set pagination off", "-ex", "thread apply all bt"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300, text=True, errors="replace")
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"(gdb failed: {error})"
    # gdb prints Swift's symbols mangled; the toolchain's demangler makes them readable.
    demangler = shutil.which("swift-demangle")
    if not demangler:
        return result.stdout
    try:
        return subprocess.run([demangler], input=result.stdout, stdout=subprocess.PIPE, timeout=60, text=True,
                              errors="replace").stdout
    except (OSError, subprocess.TimeoutExpired):
        return result.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, required=True, help="seconds the command may run")
    parser.add_argument("--dump", default="xctest", help="backtrace the descendants whose command line contains this")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    arguments = parser.parse_args()
    command = arguments.command[1:] if arguments.command[:1] == ["--"] else arguments.command
    if not command:
        parser.error("no command")

    shown = " ".join(command)
    stdbuf = shutil.which("stdbuf")
    if stdbuf:
        command = [stdbuf, "-oL", "-eL"] + command
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    progress = Progress()

    def pump():
        for raw in process.stdout:
            sys.stdout.buffer.write(raw)
            sys.stdout.buffer.flush()
            progress.read(raw.decode(errors="replace").rstrip("\n"))

    reader = threading.Thread(target=pump, daemon=True)
    reader.start()
    try:
        status = process.wait(timeout=arguments.limit)
        reader.join()
        return status
    except subprocess.TimeoutExpired:
        pass

    out = sys.stdout
    out.write(f"\nwatchdog: `{shown}` ran past its limit of {arguments.limit:.0f} s; "
              "this is a hang, not a slow machine (a full run takes minutes)\n")
    out.write("watchdog: started and not ended:\n" + ("\n".join(progress.report()) or "  (nothing)") + "\n")
    for pid in descendants(process.pid):
        line = command_line(pid)
        if arguments.dump in line:
            out.write(f"watchdog: threads of {pid} ({line[:200]}):\n{backtraces(pid)}\n")
    out.flush()
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    reader.join(timeout=5)
    return 124


if __name__ == "__main__":
    sys.exit(main())
