#!/usr/bin/env python3
"""Downloads of a large body to a file over loopback (issue 27), for `make bench` and `make bench-downloads`:
Benchmarks/.build/release/DownloadBench, one process per transport and mode, against the loopback test server
(Tests/Servers/echo_server.py, `/download/<n>`), each printing one JSON line (wall time and throughput, CPU seconds,
peak resident memory above the baseline read just before the download, VmHWM reset after the set-up; how many
progress values the download reported).

Modes: `whole`, one 1 GiB download; `resumed`, the server closes the connection after half the body, the first
download fails there and leaves its partial file, a second one resumes with `Range`/`If-Range` and appends the
rest (both measured together). Every file's SHA-256 is compared with the server's. Targets (issue 27): peak memory
under 64 MiB above the baseline, the SHA-256 equal, at most 102 progress values ending at the total.

Usage: bench_downloads.py [--runs R] [--length BYTES]      (prints the table; exits 1 when a target is missed)
bench.py calls measure() and render(); `bench.py --only-downloads` runs this alone and splices the section into
BENCHMARKS.md.
"""
import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, "Benchmarks", ".build", "release", "DownloadBench")
SERVER = os.path.join(ROOT, "Tests", "Servers", "echo_server.py")
HEADING = "## Downloads over loopback"
MEMORY_TARGET_MIB = 64
PROGRESS_TARGET = 102
LENGTH = 1 << 30
TRANSPORTS = [("urlsession", "URLSessionTransport"), ("asynchttpclient", "AsyncHTTPClientTransport")]
MODES = [("whole", "whole"), ("resumed", "cut at half, resumed")]


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def measure(runs=1, length=LENGTH, binary=BINARY):
    """{(transport, mode): {"runs": [JSON lines], "sha_ok": bool}}; None when the binary is missing."""
    if not os.access(binary, os.X_OK):
        return None
    server = subprocess.Popen([sys.executable, "-u", SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        word, port = server.stdout.readline().split()
        assert word == "LISTENING", "the loopback server did not start"
        base = f"http://127.0.0.1:{port}"
        result = {}
        with tempfile.TemporaryDirectory(prefix="resgen-bench-downloads-") as folder:
            for transport, _ in TRANSPORTS:
                for mode, _ in MODES:
                    lines, sha_ok = [], True
                    for run in range(runs):
                        key = f"bench-{transport}-{mode}-{run}"
                        file = os.path.join(folder, f"{key}.bin")
                        output = subprocess.run([binary, transport, mode, base, str(length), key, file], check=True,
                                                stdout=subprocess.PIPE, text=True).stdout
                        lines.append(json.loads(output))
                        with urllib.request.urlopen(f"{base}/download-state?key={key}&n={length}") as response:
                            expected = json.load(response)["sha256"]
                        sha_ok = sha_ok and sha256(file) == expected
                        os.remove(file)
                    result[(transport, mode)] = {"runs": lines, "sha_ok": sha_ok}
        return result
    finally:
        server.stdin.close()
        server.wait(timeout=10)


def summary(row):
    runs = row["runs"]
    return {
        "peak": max(line["peak_mib_above_baseline"] for line in runs),
        "mibs": statistics.median(line["mib_per_s"] for line in runs),
        "seconds": statistics.median(line["seconds"] for line in runs),
        "cpu": statistics.median(line["cpu_seconds"] for line in runs),
        "progress": max(line["progress_values"] for line in runs),
        "progress_last_ok": all(line["progress_last"] == line["bytes"] for line in runs),
        "reset": all(line["peak_reset"] for line in runs),
        "last": runs[-1],
    }


def render(result, date=None, length=LENGTH):
    """The section as Markdown lines."""
    if not result:
        return []
    runs = len(next(iter(result.values()))["runs"])
    out = [f"{HEADING}: a {length / (1 << 30):g} GiB body to a file (issue 27)\n"]
    out.append((f"Measured {date}. " if date else "") +
               "`Benchmarks/Sources/DownloadBench`, release, one process per row, `Client.download` against the "
               "Python loopback test server (`Tests/Servers/echo_server.py`, which serves about 1 GB/s on its own); "
               "memory is the peak resident set during the download above the resident set just before it; "
               f"throughput and CPU are medians, peaks the largest of {runs} run{'s' if runs != 1 else ''}. "
               "\"cut at half, resumed\": the server closes the connection after half the body, the first download "
               "fails and keeps its partial file, and a second one asks for the rest with `Range`/`If-Range` "
               "(both downloads in the time).\n")
    out.append(f"| transport | download | wall | throughput | CPU | peak above baseline | progress values | SHA-256 "
               f"| target (< {MEMORY_TARGET_MIB} MiB, ≤ {PROGRESS_TARGET} values, SHA-256 equal) |")
    out.append("|---|---|---:|---:|---:|---:|---:|---|---|")
    for transport, transport_name in TRANSPORTS:
        for mode, mode_name in MODES:
            row = result.get((transport, mode))
            if row is None:
                continue
            s = summary(row)
            resumed = s["last"]["resumed_from"]
            detail = f"{mode_name} (from byte {resumed:,})" if mode == "resumed" else mode_name
            ok = s["peak"] < MEMORY_TARGET_MIB and s["progress"] <= PROGRESS_TARGET and row["sha_ok"] and s["progress_last_ok"]
            out.append(f"| {transport_name} | {detail} | {s['seconds']:.2f} s | {s['mibs']:.0f} MiB/s | {s['cpu']:.2f} s "
                       f"| {s['peak']:.1f} MiB | {s['progress']} | {'equal' if row['sha_ok'] else '**differs**'} "
                       f"| {'met' if ok else '**not met**'} |")
    if not all(summary(row)["reset"] for row in result.values()):
        out.append("")
        out.append("The kernel did not reset the peak after the set-up in every run: those peaks may be the set-up's.")
    out.append("")
    return out


def failures(result):
    """What `make bench-check` reports: a download over 64 MiB above its baseline, a file whose SHA-256 differs from
    the server's, a resumed download that did not resume, or progress that flooded or did not end at the total."""
    if not result:
        return ["downloads: not measured (build DownloadBench in release)"]
    found = []
    for (transport, mode), row in result.items():
        s = summary(row)
        name = f"downloads: {transport} {mode}"
        if s["peak"] >= MEMORY_TARGET_MIB:
            found.append(f"{name} peaked {s['peak']:.1f} MiB above its baseline (target < {MEMORY_TARGET_MIB} MiB)")
        if not row["sha_ok"]:
            found.append(f"{name}: the file's SHA-256 differs from the server's")
        if mode == "resumed" and any(line["resumed_from"] <= 0 for line in row["runs"]):
            found.append(f"{name}: the second download did not resume")
        if s["progress"] > PROGRESS_TARGET or not s["progress_last_ok"]:
            found.append(f"{name}: {s['progress']} progress values (target ≤ {PROGRESS_TARGET}, the last at the total)")
    return found


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--length", type=int, default=LENGTH)
    arguments = parser.parse_args()
    measured = measure(arguments.runs, arguments.length)
    if measured is None:
        sys.exit(f"missing {BINARY}: swift build -c release --package-path Benchmarks --product DownloadBench")
    for key, row in measured.items():
        for line in row["runs"]:
            print(json.dumps(line), file=sys.stderr)
    print("\n".join(render(measured, length=arguments.length)))
    missed = failures(measured)
    for failure in missed:
        print(failure, file=sys.stderr)
    sys.exit(1 if missed else 0)
