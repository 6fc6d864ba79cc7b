#!/usr/bin/env python3
"""`make bench`: runs every benchmark, prints one table and writes it to BENCHMARKS.md (issue 7).

Expects, built in release beforehand (the Makefile does it):
  .build/release/resgen                                  (the main package)
  Benchmarks/.build/release/swift-openapi-generator      (1.14.3, pinned in Benchmarks/Package.swift)
  Benchmarks/.build/release/{RuntimeBench,HALBench,JSONAPIBench,PolymorphicBench,LoopbackServer}

Sections:
  1. Generators as whole processes on equivalent APIs (synthesize_peer.py), N = 50, 200, 1,000:
     runs alternate resgen / swift-openapi-generator; each ratio is taken within one pair, and the
     table shows medians of the per-run values and of the per-pair ratios.
  2. Debug compile time of the generated code for N = 200: three packages (resgen's output + ResgenRuntime,
     swift-openapi-generator's output + swift-openapi-runtime, and the floor: the same models as
     hand-written plain Codable structs from synthesize_floor.py) under Benchmarks/.build/compile-time.
     Dependencies are built once; then each round touches the generated files of one package and times
     `swift build --target Generated` (the same for all), wall and CPU (user + sys of the whole build) and
     the compiler's peak RSS (GNU time), and times a no-op build of the same command to separate SwiftPM's
     own fixed cost. Rounds alternate the packages; ratios are taken within each round.
  3. The runtime benchmarks (Benchmarks/runtime.sh), their output captured as printed, and read back for
     two tables: decoders (JSON:API, polymorphic JSON:API and HAL documents at 1,000 and 10,000 resources, generated models vs
     plain Codable, median times from runtime.sh) and traversal (HAL includes, JSON:API pagination, 20 ms
     per response: wall time vs ideal, requests vs unique URLs), and the transports table (bench_transports.py).
  4. Per decoder variant, processes that decode the document once (`--decode-once`): their peak RSS
     (1,000 and 10,000 resources) and their instructions under callgrind (1,000), each against a process
     that only reads the bytes.
  5. Release build size of a small Press app through resgen's client and through swift-openapi-generator's, and a
     Foundation-only floor (binary_size.py: builds Benchmarks/BinarySize in release; no target, only measured).
  6. Hostile input (bench_hostile.py, HostileBench): a 1 MiB HAL document with 10,000 links traversed, and 1 MiB
     error bodies of five shapes, each under 1 s of CPU and 64 MiB above the baseline.
  7. Downloads (bench_downloads.py, DownloadBench): a 1 GiB body to a file over loopback, whole and cut at half then
     resumed, per transport: throughput, peak memory (target < 64 MiB above the baseline), the file's SHA-256.

Usage: bench.py [--runs R] [--compile-runs C] [--sizes 50,200,1000] [--output BENCHMARKS.md] [--check]
  --check (`make bench-check`) exits 1 when a ratio misses its target, printing each one: generator ≥ 20×
  at N = 1,000, compile time ≤ 0.25× swift-openapi-generator's and ≤ 2× the floor (CPU and wall), decoders ≤ 1.15× plain Codable by instruction count and, at 10,000
  resources, a peak memory ≤ plain Codable's, traversal ≤ 1.3× ideal with as many requests as unique URLs,
  transports (bench_transports.py) ≤ 1.3× ideal and ≤ 1.10× raw.
  --only-transports runs only the transport workloads (runtime.sh --transports-only) and replaces only the
  Transports section of the existing output file; --check then judges only those targets.
  --only-size does the same for the release build size section (--check: only that it was measured).
  --only-hostile does the same for the hostile-input section (--check: its CPU and memory targets).
  --only-downloads does the same for the downloads section (--check: memory, SHA-256 and progress targets).
"""
import argparse
import glob
import datetime
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import bench_downloads
import bench_hostile
import bench_transports
import binary_size
import compile_profile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "Benchmarks")
RESGEN = os.path.join(ROOT, ".build", "release", "resgen")
SOG = os.path.join(BENCH, ".build", "release", "swift-openapi-generator")
WORK = os.path.join(BENCH, ".build", "bench-work")
COMPILE = os.path.join(BENCH, ".build", "compile-time")

SOG_CONFIG = "generate:\n  - types\n  - client\naccessModifier: public\n"


# A child's ru_maxrss starts at its parent's RSS on Linux (fork, then exec keeps the high-water mark), so a
# process started from here would show this script's own RSS (tens of MiB) as its floor. GNU time, small
# itself, starts the measured process and reports that one's peak.
GNU_TIME = "/usr/bin/time"


def run_timed(argv, cwd=None):
    """Runs argv as one process; returns (wall s, CPU s, peak RSS MiB). Output is discarded."""
    with tempfile.TemporaryFile() as log, tempfile.NamedTemporaryFile("r") as peak:
        wrapped = [GNU_TIME, "-f", "%M", "-o", peak.name] + argv if os.access(GNU_TIME, os.X_OK) else argv
        start = time.perf_counter()
        proc = subprocess.Popen(wrapped, cwd=cwd, stdout=subprocess.DEVNULL, stderr=log)
        _, status, usage = os.wait4(proc.pid, 0)   # usage includes the children GNU time waited for
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            log.seek(0)
            sys.exit(f"failed ({proc.returncode}): {' '.join(argv)}\n{log.read().decode(errors='replace')}")
        reported = peak.read().split()
    return wall, usage.ru_utime + usage.ru_stime, (int(reported[-1]) if reported else usage.ru_maxrss) / 1024


def swift_lines(directory):
    total = files = 0
    for base, _, names in os.walk(directory):
        for name in names:
            if name.endswith(".swift"):
                files += 1
                with open(os.path.join(base, name), "rb") as handle:
                    total += handle.read().count(b"\n")
    return total, files


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)


def resgen_cmd(schema, out):
    return [RESGEN, "generate", schema, "--output", out]


def sog_cmd(document, config, out):
    return [SOG, "generate", document, "--config", config, "--output-directory", out]


def synthesize(size):
    schema = os.path.join(WORK, f"resgen-{size}.yml")
    document = os.path.join(WORK, f"openapi-{size}.yaml")
    subprocess.run([sys.executable, os.path.join(BENCH, "synthesize_peer.py"), str(size), schema, document], check=True)
    return schema, document


def med(values):
    return statistics.median(values)


def generators(sizes, runs):
    config = os.path.join(WORK, "openapi-generator-config.yaml")
    with open(config, "w") as handle:
        handle.write(SOG_CONFIG)
    rows = []
    for size in sizes:
        schema, document = synthesize(size)
        out_r, out_s = os.path.join(WORK, "out-resgen"), os.path.join(WORK, "out-sog")
        samples = {"r": [], "s": [], "wall": [], "cpu": []}
        for _ in range(runs):
            fresh(out_r)   # every run writes all files, as a first generation does
            r = run_timed(resgen_cmd(schema, out_r))
            fresh(out_s)
            s = run_timed(sog_cmd(document, config, out_s))
            samples["r"].append(r)
            samples["s"].append(s)
            samples["wall"].append(s[0] / r[0])
            samples["cpu"].append(s[1] / r[1])
        rows.append({
            "size": size,
            "input": (os.path.getsize(schema), os.path.getsize(document)),
            "lines": (swift_lines(out_r), swift_lines(out_s)),
            "resgen": tuple(med([x[i] for x in samples["r"]]) for i in range(3)),
            "sog": tuple(med([x[i] for x in samples["s"]]) for i in range(3)),
            "wall_ratio": med(samples["wall"]),
            "cpu_ratio": med(samples["cpu"]),
            "wall_ratio_range": (min(samples["wall"]), max(samples["wall"])),
        })
        print(f"  generators N={size}: resgen {rows[-1]['resgen'][0]:.3f} s, swift-openapi-generator "
              f"{rows[-1]['sog'][0]:.3f} s, ratio {rows[-1]['wall_ratio']:.1f}×", flush=True)
    return rows


def full_schema_resgen(size, runs):
    """resgen alone on the richer schema of synthesize.py (6 operations, include sets, nesting)."""
    schema = os.path.join(WORK, f"full-{size}.yml")
    subprocess.run([sys.executable, os.path.join(BENCH, "synthesize.py"), str(size), schema], check=True)
    out = os.path.join(WORK, "out-full")
    results = []
    for _ in range(runs):
        fresh(out)
        results.append(run_timed(resgen_cmd(schema, out)))
    return tuple(med([x[i] for x in results]) for i in range(3)), swift_lines(out)


RESGEN_PACKAGE = """// swift-tools-version:6.0
// Written by Benchmarks/bench.py: resgen's output for the N = {size} synthetic API, for the compile-time benchmark.
import PackageDescription

let package = Package(
    name: "resgen-generated",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "resgen", path: "{root}")],
    targets: [.target(name: "Generated", dependencies: [.product(name: "ResgenRuntime", package: "resgen")])]
)
"""

SOG_PACKAGE = """// swift-tools-version:6.0
// Written by Benchmarks/bench.py: swift-openapi-generator's output for the N = {size} synthetic API.
import PackageDescription

let package = Package(
    name: "sog-generated",
    platforms: [.macOS(.v13)],
    dependencies: [.package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4")],
    targets: [.target(name: "Generated", dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")])]
)
"""

FLOOR_PACKAGE = """// swift-tools-version:6.0
// Written by Benchmarks/bench.py: the N = {size} models as hand-written plain Codable structs (compile-time floor).
import PackageDescription

let package = Package(
    name: "floor",
    platforms: [.macOS(.v13)],
    targets: [.target(name: "Generated")]
)
"""


def same_tree(a, b):
    names = sorted(os.listdir(a))
    if names != sorted(os.listdir(b)):
        return False
    for name in names:
        with open(os.path.join(a, name), "rb") as x, open(os.path.join(b, name), "rb") as y:
            if x.read() != y.read():
                return False
    return True


def setup_compile_package(name, manifest, generate):
    package = os.path.join(COMPILE, name)
    sources = os.path.join(package, "Sources", "Generated")
    os.makedirs(package, exist_ok=True)
    manifest_path = os.path.join(package, "Package.swift")
    if not os.path.exists(manifest_path) or open(manifest_path).read() != manifest:
        with open(manifest_path, "w") as handle:
            handle.write(manifest)
    # Regenerate into a scratch folder and replace the target's sources only when they changed, so a rerun
    # of `make bench` does not pay for one more full compile before the timed rounds.
    scratch = os.path.join(package, "Generated.new")
    fresh(scratch)
    generate(scratch)
    if not os.path.isdir(sources) or not same_tree(scratch, sources):
        shutil.rmtree(sources, ignore_errors=True)
        os.makedirs(os.path.dirname(sources), exist_ok=True)   # Sources/ does not exist yet in a clean clone
        os.rename(scratch, sources)
    else:
        shutil.rmtree(scratch)
    # Build the dependencies and the target once, so later rounds compile only the generated target.
    build = ["swift", "build", "--package-path", package, "--target", "Generated"]
    if subprocess.run(build, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
        # SwiftPM can keep a stale build description of the path dependency (resgen) after source files were
        # added to it ("cannot find 'X' in scope"); drop it and build once more, showing any error.
        for description in glob.glob(os.path.join(package, ".build", "*.yaml")):
            os.remove(description)
        proc = subprocess.run(build, capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit(f"failed: {' '.join(build)}\n{proc.stdout[-4000:]}{proc.stderr[-2000:]}")
    return package, sources


def touch_all(directory):
    now = time.time()
    for base, _, names in os.walk(directory):
        for name in names:
            os.utime(os.path.join(base, name), (now, now))


def ir_instructions(package, sources):
    """LLVM IR instructions of the package's generated target compiled whole-module at `-Onone`: what IRGen
    and LLVM's code generation, most of a debug build's CPU, work through. Unlike time, machine load does not
    move it, so it shows a change in the generated code on a busy machine too."""
    path = os.path.join(WORK, f"ir-{os.path.basename(package)}.ll")
    argv = compile_profile.swiftc(sources, os.path.join(package, ".build", "debug", "Modules"), ["-wmo", "-emit-ir", "-o", path])
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    per_function, _ = compile_profile.ir_instructions(path)
    os.remove(path)
    return {"total": sum(per_function.values()), "groups": compile_profile.group(per_function)}


def compile_time(size, runs):
    schema, document = synthesize(size)
    config = os.path.join(WORK, "openapi-generator-config.yaml")
    packages = {
        "resgen": setup_compile_package(
            "resgen", RESGEN_PACKAGE.format(size=size, root=ROOT),
            lambda out: run_timed(resgen_cmd(schema, out))),
        "sog": setup_compile_package(
            "sog", SOG_PACKAGE.format(size=size),
            lambda out: run_timed(sog_cmd(document, config, out))),
        "floor": setup_compile_package(
            "floor", FLOOR_PACKAGE.format(size=size),
            lambda out: subprocess.run([sys.executable, os.path.join(BENCH, "synthesize_floor.py"), str(size), out],
                                       check=True, stdout=subprocess.DEVNULL)),
    }
    samples = {key: {"touched": [], "noop": [], "cpu": [], "peak": []} for key in packages}
    # Per round, resgen's time over each other package's, wall and CPU (user + sys of the whole build).
    ratios = {(other, basis): [] for other in ("sog", "floor") for basis in ("wall", "cpu")}
    net_ratios = []
    for _ in range(runs):
        pair = {}
        for key, (package, sources) in packages.items():
            argv = ["swift", "build", "--package-path", package, "--target", "Generated"]
            noop = run_timed(argv)[0]
            touch_all(sources)
            touched, cpu, peak = run_timed(argv)
            samples[key]["noop"].append(noop)
            samples[key]["touched"].append(touched)
            samples[key]["cpu"].append(cpu)
            samples[key]["peak"].append(peak)
            pair[key] = {"wall": touched, "cpu": cpu, "noop": noop}
        for other, basis in ratios:
            ratios[(other, basis)].append(pair["resgen"][basis] / pair[other][basis])
        net_ratios.append((pair["sog"]["wall"] - pair["sog"]["noop"]) / (pair["resgen"]["wall"] - pair["resgen"]["noop"]))
    result = {
        key: {
            "touched": med(samples[key]["touched"]),
            "noop": med(samples[key]["noop"]),
            "cpu": med(samples[key]["cpu"]),
            "peak": med(samples[key]["peak"]),
            "lines": swift_lines(packages[key][1]),
            "ir": ir_instructions(*packages[key]),
        }
        for key in packages
    }
    result["ratios"] = {key: (med(values), min(values), max(values)) for key, values in ratios.items()}
    result["ratio"] = 1 / result["ratios"][("sog", "wall")][0]   # the former SOG / resgen figure, for the text
    result["net_ratio"] = med(net_ratios)
    result["load"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"  compile N={size}: resgen {result['resgen']['touched']:.2f} s ({result['resgen']['cpu']:.1f} s CPU), "
          f"swift-openapi-generator {result['sog']['touched']:.2f} s ({result['sog']['cpu']:.1f} s CPU), floor "
          f"{result['floor']['touched']:.2f} s ({result['floor']['cpu']:.1f} s CPU)", flush=True)
    return result


def compile_verdicts(comp):
    """(text, other package, basis, ratio, target, met) for each compile-time target: resgen / other."""
    rows = []
    for other, target, name in (("sog", COMPILE_SOG_TARGET, "swift-openapi-generator"), ("floor", COMPILE_FLOOR_TARGET, "the floor")):
        for basis in ("cpu", "wall"):
            ratio = comp["ratios"][(other, basis)][0]
            rows.append((name, other, basis, ratio, target, ratio <= target))
    return rows


# Decoders (issue 7, item 4 and 6). Each bench executable times its variants interleaved in one process
# (runtime.sh prints them; parsed here), and has two one-shot modes used below: `--write-document`, and
# `--decode-once VARIANT PATH`, a process that reads PATH and decodes it once with one variant ("none" only
# reads the bytes). Peak RSS and instruction counts come from those processes, one per variant.
# Variants: (key for --decode-once, text of its row in the timed output, name in the table, whether the
# 1.15× target applies).
# The first is the baseline (plain hand-written Codable).
DECODERS = [
    {
        "document": "JSON:API",
        "binary": "JSONAPIBench",
        "header": r"JSON:API compound document: ([\d,]+) articles",
        "write": lambda binary, size, path: [binary, "--write-document", str(size), path],
        "variants": [
            ("plain", "plain Codable structs", "plain Codable structs (no resolution)", False),
            ("unresolved", "resgen, nothing resolved", "generated models, nothing resolved", True),
            ("resgen", "resgen, include=author,comments resolved", "generated models, `include=author,comments` resolved", True),
            ("deeper", "resgen, + comments.author resolved", "generated models, + `comments.author` resolved", False),
        ],
    },
    {
        "document": "JSON:API polymorphic",
        "binary": "PolymorphicBench",
        "header": r"Polymorphic JSON:API document: ([\d,]+) loans",
        "write": lambda binary, size, path: [binary, "--write-document", str(size), path],
        "variants": [
            ("plain", "plain Codable structs", "plain Codable structs (no resolution)", False),
            ("unresolved", "resgen, nothing resolved", "generated models (`Loan.item` a union), nothing resolved", True),
            ("resgen", "resgen, include=item resolved", "generated models, `include=item` resolved into the union's cases", True),
            ("deeper", "resgen, + item.author resolved", "generated models, + `item.author` resolved (books only)", False),
        ],
    },
    {
        "document": "HAL",
        "binary": "HALBench",
        "header": r"HAL decoding, ([\d,]+) contacts",
        "write": lambda binary, size, path: [binary, "--contacts", str(size), "--write-document", path],
        "variants": [
            ("plain", "links with the 4 properties used", "plain Codable structs, links with the 4 properties used", False),
            ("full", "links with all 8 HAL properties", "plain Codable structs, links with all 8 HAL properties", False),
            ("generated", "generated models", "generated models (`HALCodec`)", True),
        ],
    },
]
DECODER_TARGET = 1.15
# Decoders with a target must also peak at no more memory than plain Codable through JSONDecoder on the same
# bytes, judged at this size (issue 16), where the document and what decoding holds dwarf the process's base.
MEMORY_TARGET_SIZE = 10000
TRAVERSAL_TARGET = 1.3
GENERATOR_TARGET = 20
COMPILE_SOG_TARGET = 0.25     # resgen's compile time over swift-openapi-generator's (issue 16)
COMPILE_FLOOR_TARGET = 2.0    # resgen's compile time over hand-written plain Codable structs (issue 16)


def parse_runtime(text):
    """The decoder timings and the traversal results out of runtime.sh's output."""
    timings = {}      # (document, size) -> {variant key: ms}
    traversals = {}   # "HAL" / "JSON:API" -> {ms, ideal, requests: [..], unique: [..], ...}
    section = None
    for line in text.splitlines():
        header = None
        for decoder in DECODERS:
            match = re.match(decoder["header"], line)
            if match:
                header = (decoder, int(match.group(1).replace(",", "")))
        if header:
            decoder, size = header
            section = ("decode", decoder, size)
            timings[(decoder["document"], size)] = {}
            continue
        if line.startswith("HAL traversal"):
            section = ("traverse", "HAL", line.rstrip(":"))
            continue
        if line.startswith("JSON:API pagination"):
            section = ("traverse", "JSON:API", line.rstrip(":"))
            continue
        if not line.startswith("  "):
            section = None
            continue
        if section and section[0] == "decode":
            _, decoder, size = section
            match = re.match(r"  (\S.*?)\s{2,}([\d.]+) ms", line)
            if match:
                for key, label, _, _ in decoder["variants"]:
                    if label in match.group(1):
                        timings[(decoder["document"], size)][key] = float(match.group(2))
        elif section and section[0] == "traverse":
            match = re.search(r"([\d.]+) ms \(ideal ([\d.]+) ms: ([^;]*); [\d.]+×\); requests per \w+ ([\d,]+) "
                              r"\(unique URLs ([\d,]+)\)", line)
            if match:
                traversals[section[1]] = {
                    "title": section[2], "ms": float(match.group(1)), "ideal": float(match.group(2)),
                    "ideal_text": match.group(3),
                    "requests": [int(x) for x in match.group(4).split(",")],
                    "unique": [int(x) for x in match.group(5).split(",")],
                }
            match = re.search(r"HAL server, whole run \(([^)]*)\): (\d+) requests, (\d+) unique URLs", line)
            if match and section[1] in traversals:
                traversals[section[1]]["server"] = (match.group(1), int(match.group(2)), int(match.group(3)))
    return timings, traversals


def callgrind_instructions(argv):
    """Instructions the process executes, counted by callgrind (deterministic hashing, so runs agree)."""
    env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    match = re.search(r"Collected\s*:\s*(\d+)", proc.stderr)
    if proc.returncode != 0 or not match:
        sys.exit(f"callgrind failed ({proc.returncode}): {' '.join(argv)}\n{proc.stderr[-2000:]}")
    return int(match.group(1))


def decoder_processes(memory_sizes, instruction_size, memory_runs):
    """Peak RSS (MiB, median of memory_runs) per document, size and variant, and instruction counts at
    instruction_size; variant "none" is the process that only reads the bytes."""
    memory, instructions, document_bytes = {}, {}, {}
    have_valgrind = shutil.which("valgrind") is not None
    for decoder in DECODERS:
        binary = os.path.join(BENCH, ".build", "release", decoder["binary"])
        keys = ["none"] + [key for key, _, _, _ in decoder["variants"]]
        for size in sorted(set(memory_sizes) | {instruction_size}):
            path = os.path.join(WORK, f"{decoder['binary']}-{size}.json")
            subprocess.run(decoder["write"](binary, size, path), check=True, stdout=subprocess.DEVNULL)
            document_bytes[(decoder["document"], size)] = os.path.getsize(path)
            if size in memory_sizes:
                memory[(decoder["document"], size)] = {
                    key: med([run_timed([binary, "--decode-once", key, path])[2] for _ in range(memory_runs)])
                    for key in keys}
            if size == instruction_size and have_valgrind:
                counts = {key: callgrind_instructions([binary, "--decode-once", key, path]) for key in keys}
                instructions[(decoder["document"], size)] = counts
                print(f"  {decoder['document']} {size:,}: " + ", ".join(
                    f"{key} {value / 1e6:.0f} M" for key, value in counts.items()) + " instructions", flush=True)
    return {"memory": memory, "instructions": instructions, "bytes": document_bytes,
            "instruction_size": instruction_size if have_valgrind else None}


def decoder_rows(timings, processes):
    """One row per document, size and variant, with ratios against the document's plain variant."""
    rows = []
    sizes = sorted({size for (_, size) in list(timings) + list(processes["memory"])})
    for decoder in DECODERS:
        document = decoder["document"]
        base_key = decoder["variants"][0][0]
        for size in sizes:
            times = timings.get((document, size), {})
            memory = processes["memory"].get((document, size), {})
            counts = processes["instructions"].get((document, size))
            if not times and not memory:
                continue
            net = {key: counts[key] - counts["none"] for key in counts} if counts else {}
            for key, _, label, has_target in [("none", None, "bytes only: reads the file, no decoding", False)] + decoder["variants"]:
                row = {"document": document, "size": size, "key": key, "label": label, "target": has_target,
                       "bytes": processes["bytes"].get((document, size)),
                       "ms": times.get(key), "peak": memory.get(key), "base_peak": memory.get(base_key),
                       "over": memory[key] - memory["none"] if key in memory and "none" in memory else None,
                       "instructions": counts.get(key) if counts else None, "net": net.get(key)}
                row["time_ratio"] = row["ms"] / times[base_key] if row["ms"] and times.get(base_key) else None
                row["instruction_ratio"] = (net[key] / net[base_key] if key != "none" and key in net
                                            and net.get(base_key) else None)
                rows.append(row)
    return rows


def decoder_verdict(row):
    """(ratio judged, basis, met?) for a row with a target: instruction counts where measured, else time."""
    if not row["target"]:
        return None
    if row["instruction_ratio"] is not None:
        return row["instruction_ratio"], "instructions", row["instruction_ratio"] <= DECODER_TARGET
    if row["time_ratio"] is not None:
        return row["time_ratio"], "time", row["time_ratio"] <= DECODER_TARGET
    return None


def memory_verdict(row):
    """(peak MiB, plain Codable's peak MiB, met?) for a row with a target at MEMORY_TARGET_SIZE, else None."""
    if not row["target"] or row["size"] != MEMORY_TARGET_SIZE or row["peak"] is None or row["base_peak"] is None:
        return None
    return row["peak"], row["base_peak"], row["peak"] <= row["base_peak"]


def traversal_verdict(t):
    """(ratio ok, requests ok, why) for one traversal result."""
    ratio = t["ms"] / t["ideal"]
    requests_ok = len(set(t["requests"])) == 1 and t["requests"] == t["unique"]
    why = []
    if "server" in t:
        what, total, unique = t["server"]
        expected = 1 + 7 * t["requests"][0]
        if total != expected or unique != t["unique"][0]:
            requests_ok = False
            why.append(f"the server saw {total} requests for {unique} URLs in the whole run ({what}), "
                       f"expected {expected} for {t['unique'][0]}")
    return ratio <= TRAVERSAL_TARGET, requests_ok, why


def machine():
    mem = "?"
    with open("/proc/meminfo") as handle:
        for line in handle:
            if line.startswith("MemTotal:"):
                mem = f"{int(line.split()[1]) / 1048576:.1f} GiB"
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()
    swift = next((line for line in swift if "Swift version" in line), "?")
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "nproc": os.cpu_count(),
        "memory": mem,
        "uname": " ".join(platform.uname()[i] for i in (0, 2, 4)),
        "swift": swift.strip(),
        "load": " ".join(f"{x:.2f}" for x in os.getloadavg()),
    }


def met(value, target):
    return "met" if value >= target else "**not met**"


def mib(value):
    return f"{value:.1f} MiB" if value is not None else "—"


def render_decoders(rows, processes, timings):
    out = []
    size = processes["instruction_size"]
    out.append("## Runtime decoders: generated models vs plain hand-written Codable on the same bytes\n")
    out.append(
        "Time: each bench executable decodes the same document with every variant, rounds alternating, and reports "
        "medians (JSON:API, both documents: 21 rounds at 1,000 resources, 7 at 10,000; HAL: 15); the ratio is against the first "
        "row, plain `Codable` structs. Instructions: one process per variant decodes the document once under "
        "`valgrind --tool=callgrind` (`SWIFT_DETERMINISTIC_HASHING=1`), minus the instructions of the \"bytes "
        "only\" process (start-up and reading the file); unlike time they do not move with machine load. Peak "
        "memory: maximum RSS of that same one-decode process without valgrind (median of "
        f"{processes.get('memory_runs', 3)} runs), and in brackets what it adds to the bytes-only process. "
        f"The target, ≤ {DECODER_TARGET}×, is judged on instructions at {size:,} resources and on time at the "
        "other size; it applies to decoding into the generated models without resolution (the same work as the "
        "plain structs) and with the includes the request named; resolving a second level "
        "(`comments.author`) and HAL's 8-property links structs are shown for scale. The same rows at "
        f"{MEMORY_TARGET_SIZE:,} resources must also peak at no more memory than the plain structs.\n" if size else
        "Instruction counts were not taken (valgrind not found).\n")
    out.append("| document | resources | variant | median time | time ratio | instructions | instruction ratio "
               "| peak memory (over bytes only) | target | met? |")
    out.append("|---|---:|---|---:|---:|---:|---:|---:|---|---|")
    for row in rows:
        size_text = f"{row['size']:,}" + (f" ({row['bytes'] / 1048576:.2f} MiB)" if row["bytes"] else "")
        ms = f"{row['ms']:.1f} ms" if row["ms"] is not None else "—"
        time_ratio = f"{row['time_ratio']:.2f}×" if row["time_ratio"] is not None else "—"
        if row["key"] == "none":
            instructions = f"{row['instructions'] / 1e6:.0f} M (subtracted)" if row["instructions"] else "—"
        else:
            instructions = f"{row['net'] / 1e6:.0f} M" if row["net"] is not None else "—"
        instruction_ratio = f"{row['instruction_ratio']:.2f}×" if row["instruction_ratio"] is not None else "—"
        peak = mib(row["peak"])
        if row["over"] is not None and row["key"] != "none":
            peak += f" (+{row['over']:.1f})"
        verdict = decoder_verdict(row)
        if verdict:
            ratio, basis, ok = verdict
            target = f"≤ {DECODER_TARGET}× ({basis})"
            met_text = f"{'met' if ok else '**not met**'} ({ratio:.3f}×)"
        else:
            target = met_text = "—"
        memory = memory_verdict(row)
        if memory:
            peak_mib, base_mib, ok = memory
            target = ("" if target == "—" else target + "; ") + "peak ≤ plain"
            met_text = (("" if met_text == "—" else met_text + "; ")
                        + f"{'met' if ok else '**not met**'} ({peak_mib:.1f} vs {base_mib:.1f} MiB)")
        label = row["label"] if row["key"] != "none" else f"*{row['label']}*"
        out.append(f"| {row['document']} | {size_text} | {label} | {ms} | {time_ratio} | {instructions} "
                   f"| {instruction_ratio} | {peak} | {target} | {met_text} |")
    out.append("")
    return out


def render_traversals(traversals):
    out = ["## Traversal over loopback HTTP with 20 ms per response (median of 7 runs)\n"]
    out.append("HAL: `Client.traverse` of `[contacts]` from `/hub` (120 links to 100 distinct contacts, 16 in "
               "flight; `Benchmarks/hal_delay_server.py`). JSON:API: every page of `/articles` through "
               "`Client.pages`, following `links.next` (`Benchmarks/jsonapi_delay_server.py`; each next URL is "
               "known only once its page has arrived, so pages are sequential). Ideal: the server's delay × "
               "the rounds of requests that cannot overlap. HAL: requests per run as the traversal counts them "
               "(`requestCount`) against the document's distinct links, both checked against the server's totals "
               "below; JSON:API: both counted by the server, per run.\n")
    out.append("| traversal | median wall | ideal | ratio | requests per run | unique URLs | target | met? |")
    out.append("|---|---:|---:|---:|---:|---:|---|---|")
    notes = []
    for name, title in (("HAL", "HAL include traversal of `[contacts]`"), ("JSON:API", "JSON:API pagination (`Client.pages`)")):
        t = traversals.get(name)
        if t is None:
            continue
        ratio_ok, requests_ok, why = traversal_verdict(t)
        out.append(f"| {title} | {t['ms']:.1f} ms | {t['ideal']:.0f} ms ({t['ideal_text']}) "
                   f"| {t['ms'] / t['ideal']:.2f}× | {','.join(map(str, t['requests']))} "
                   f"| {','.join(map(str, t['unique']))} | ≤ {TRAVERSAL_TARGET}× ideal, requests = unique URLs "
                   f"| {'met' if ratio_ok and requests_ok else '**not met**'} |")
        notes += [f"{name}: {line}." for line in why]
        if "server" in t:
            what, total, unique = t["server"]
            notes.append(f"{name}, seen by the server over the whole run ({what}): {total} requests, {unique} "
                         "unique URLs.")
    out.append("")
    out += [note + "\n" for note in notes]
    return out


def render(info, gens, full, comp, runtime_text, runs, compile_runs, decoders=None, traversals=None, transports=None,
           size=None, hostile=None, downloads=None):
    out = []
    out.append("# Benchmarks\n")
    out.append("Written by `make bench` (`Benchmarks/bench.py`); do not edit by hand. Medians of repeated runs; "
               "every ratio is taken within one pair of runs made back to back, then the median of those "
               "ratios is shown. Absolute times drift with machine load; ratios much less.\n")
    out.append(f"- Date: {info['date']}")
    out.append(f"- Machine: {info['nproc']} cores, {info['memory']} memory, {info['uname']} "
               f"(load average at start: {info['load']})")
    out.append(f"- {info['swift']}; swift-openapi-generator 1.14.3, swift-openapi-runtime 1.13.4; release builds "
               "of both generators, timed as whole processes (the built binaries, not `swift run`)\n")
    if gens:
        out.append(f"## Generator vs swift-openapi-generator (median of {runs} alternating runs)\n")
        out.append("Equivalent APIs from `Benchmarks/synthesize_peer.py` (its docstring gives the mapping): "
                   "N resources × (8 attributes, 2 relationships as ids, GET one + POST), swift-openapi-generator "
                   "with `generate: [types, client]`, `accessModifier: public`.\n")
        out.append("| N | input resgen / OpenAPI | resgen wall | resgen CPU | resgen peak | SOG wall | SOG CPU | SOG peak "
                   "| ratio wall (min–max) | ratio CPU | target |")
        out.append("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
        for row in gens:
            r, s = row["resgen"], row["sog"]
            target = met(row["wall_ratio"], GENERATOR_TARGET) if row["size"] == 1000 else "—"
            lo, hi = row["wall_ratio_range"]
            out.append(f"| {row['size']:,} | {row['input'][0] // 1024} KB / {row['input'][1] // 1024} KB "
                       f"| {r[0] * 1000:.0f} ms | {r[1] * 1000:.0f} ms | {r[2]:.0f} MiB "
                       f"| {s[0] * 1000:.0f} ms | {s[1] * 1000:.0f} ms | {s[2]:.0f} MiB "
                       f"| **{row['wall_ratio']:.1f}×** ({lo:.1f}–{hi:.1f}) | {row['cpu_ratio']:.1f}× | {target} |")
        out.append("")
        out.append("Generated Swift (lines / files): " + "; ".join(
            f"N={row['size']:,}: resgen {row['lines'][0][0]:,} / {row['lines'][0][1]}, "
            f"SOG {row['lines'][1][0]:,} / {row['lines'][1][1]}" for row in gens) + ".")
    if full:
        (wall, cpu, peak), (lines, files) = full
        out.append(f"\nresgen alone on the richer `synthesize.py` schema (1,000 resources, 6 operations, include sets, "
                   f"nesting; no peer equivalent): {wall * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU, "
                   f"{peak:.0f} MiB peak, {lines:,} lines in {files} files.")
    out.append("")
    if comp:
        r, s = comp["resgen"], comp["sog"]
        out.append(f"## Debug compile time of the generated code, N = 200 (median of {compile_runs} alternating rounds)\n")
        out.append("Each package holds one target `Generated` with the tool's output and depends on its runtime; "
                   "dependencies are built first, then each round touches every generated file and times "
                   "`swift build --target Generated` (debug): wall, CPU (user + sys of the whole build, which machine "
                   "load moves less than wall) and the compiler's peak RSS (GNU time). \"no-op\" is the same command "
                   "with nothing changed (SwiftPM's fixed cost); \"net\" subtracts it. The floor is the same models as "
                   "hand-written plain `Codable` structs with `CodingKeys` (`Benchmarks/synthesize_floor.py`): no paths, "
                   f"requests, includes or wire format. Load average at the end: {comp['load']}. "
                   "Where the time goes, per declaration kind: `Benchmarks/compile_profile.py`.\n")
        out.append("| package | generated lines (files) | rebuild after touch | CPU | peak memory | no-op build | net compile | LLVM IR instructions |")
        out.append("|---|---:|---:|---:|---:|---:|---:|---:|")
        for name, x in (("resgen + ResgenRuntime", r), ("swift-openapi-generator + OpenAPIRuntime", s),
                        ("floor: hand-written plain Codable", comp["floor"])):
            out.append(f"| {name} | {x['lines'][0]:,} ({x['lines'][1]}) | {x['touched']:.2f} s | {x['cpu']:.2f} s "
                       f"| {x['peak']:.0f} MiB | {x['noop']:.2f} s | {x['touched'] - x['noop']:.2f} s | {x['ir']['total']:,} |")
        out.append("")
        out.append("LLVM IR instructions: the target compiled whole-module at `-Onone` with `-emit-ir`; the work of IRGen "
                   "and LLVM's code generation grows with it, and machine load does not move it. resgen's over "
                   f"swift-openapi-generator's: {r['ir']['total'] / s['ir']['total']:.2f}×; over the floor's: "
                   f"{r['ir']['total'] / comp['floor']['ir']['total']:.2f}× (not judged; the targets below are).\n")
        out.append("| resgen over | basis | ratio (min–max of rounds) | target | met? |")
        out.append("|---|---|---:|---|---|")
        for name, other, basis, ratio, target, ok in compile_verdicts(comp):
            _, lo, hi = comp["ratios"][(other, basis)]
            out.append(f"| {name} | {'CPU' if basis == 'cpu' else 'wall'} | **{ratio:.2f}×** ({lo:.2f}–{hi:.2f}) "
                       f"| ≤ {target}× | {'met' if ok else '**not met**'} |")
        out.append("")
        out += render_compile_breakdown(comp)
    if decoders:
        out += render_decoders(*decoders)
    if traversals:
        out += render_traversals(traversals)
    out += bench_transports.render(transports)
    out += binary_size.render(size)
    out += bench_hostile.render(hostile)
    out += bench_downloads.render(downloads)
    if runtime_text is not None:
        out.append("## Runtime (Benchmarks/runtime.sh, output as printed; ratios are taken within each run)\n")
        out.append("```")
        out.append(runtime_text.rstrip())
        out.append("```")
    return "\n".join(out) + "\n"


def render_compile_breakdown(comp):
    """Where resgen's generated code spends its IR, and, while a compile target is missed, what the gap is made
    of: the parts the floor does not have at all are features, not waste."""
    ir, floor_ir = comp["resgen"]["ir"], comp["floor"]["ir"]
    all_met = all(ok for *_, ok in compile_verdicts(comp))
    total = ir["total"]
    out = ["Where resgen's generated code goes, by LLVM IR instructions (the debug build spends most of its CPU in "
           "IRGen and LLVM code generation, which grow with them; `Benchmarks/compile_profile.py` breaks this down "
           "per function and times the type-checking of each body):\n",
           "| part of the generated code (200 resources) | LLVM IR instructions | share |", "|---|---:|---:|"]
    # Largest first, the rest last.
    for name, size in sorted(ir["groups"].items(), key=lambda item: (item[0] == "everything else", -item[1])):
        out.append(f"| {name} | {size:,} | {100 * size / total:.1f}% |")
    out.append(f"| floor, for scale: the whole hand-written package | {floor_ir['total']:,} | {100 * floor_ir['total'] / total:.1f}% |")
    out.append("")
    if not all_met:
        out.append("What the gap is made of, and what would close it: the floor has, per resource, the model and its "
                   "`New` struct with synthesised `Codable` and relationships as ids. Everything else above is a "
                   "feature the floor lacks — `Equatable`/`Hashable`, the `Field` enum of `fields[type]=` and `sort=`, "
                   "`changes(since:)` for `PATCH`, the resource-object form of JSON:API next to the plain one, "
                   "`ToOne`/`ToMany` relationships, paths, includes and requests. "
                   "The two structs' value witnesses and copies grow with their stored properties and are the "
                   "largest part; without dropping a feature, what remains is moving per-attribute code into "
                   "runtime helpers (one call per attribute for `changes(since:)`, `Equatable`/`Hashable` and "
                   "`New`'s encoding) and deriving `Field` from `CodingKeys` instead of a second enum with its own "
                   "raw-value switch. Those parts add up to about a quarter of the IR above, of which helpers "
                   "would remove a part, not all: enough for the floor target at best.\n")
        floor, sog = comp["floor"], comp["sog"]
        out.append(f"The two targets do not fit together on this machine: the floor itself takes "
                   f"{floor['cpu'] / sog['cpu']:.2f}× swift-openapi-generator's CPU time and "
                   f"{floor['touched'] / sog['touched']:.2f}× its wall time (medians above), so generated code "
                   f"within {COMPILE_SOG_TARGET}× of swift-openapi-generator's would have to compile about as fast as "
                   "hand-written plain `Codable` structs of the same models, or faster, with paths, includes, "
                   "requests and both wire formats on top.\n")
    return out


def failures(gens, comp, decoders, traversals, runtime_ran, transports=None):
    """What `make bench-check` reports, one line per missed target."""
    found = [f"generator: resgen vs swift-openapi-generator at N = 1,000 is {row['wall_ratio']:.1f}× faster, "
             f"target ≥ {GENERATOR_TARGET}×" for row in gens or [] if row["size"] == 1000 and row["wall_ratio"] < GENERATOR_TARGET]
    for name, _, basis, ratio, target, ok in compile_verdicts(comp) if comp else []:
        if not ok:
            found.append(f"compile time: generated code takes {ratio:.2f}× the {basis} time of {name} at N = 200, "
                         f"target ≤ {target}×")
    if not runtime_ran:
        return found
    rows = decoders[0] if decoders else []
    judged = [row for row in rows if decoder_verdict(row) and decoder_verdict(row)[1] == "instructions"]
    if not judged:
        # No instruction counts (valgrind missing): fall back to time ratios, which load can skew.
        judged = [row for row in rows if decoder_verdict(row)]
        print("bench-check: no instruction counts; judging decoders on time", file=sys.stderr)
    if not judged:
        found.append("decoders: no results read from runtime.sh's output")
    for row in judged:
        ratio, basis, ok = decoder_verdict(row)
        if not ok:
            found.append(f"decoder: {row['document']}, {row['size']:,} resources, {row['label']}: {ratio:.3f}× plain "
                         f"Codable by {basis}, target ≤ {DECODER_TARGET}×")
    memory_rows = [row for row in rows if memory_verdict(row)]
    if rows and not memory_rows:
        found.append(f"decoder memory: no peak memory measured at {MEMORY_TARGET_SIZE:,} resources")
    for row in memory_rows:
        peak_mib, base_mib, ok = memory_verdict(row)
        if not ok:
            found.append(f"decoder memory: {row['document']}, {row['size']:,} resources, {row['label']}: peak "
                         f"{peak_mib:.1f} MiB, plain Codable's {base_mib:.1f} MiB, target ≤ plain Codable's")
    for name in ("HAL", "JSON:API"):
        t = (traversals or {}).get(name)
        if t is None:
            found.append(f"traversal: no {name} result read from runtime.sh's output")
            continue
        ratio_ok, requests_ok, why = traversal_verdict(t)
        if not ratio_ok:
            found.append(f"traversal: {name} took {t['ms'] / t['ideal']:.2f}× ideal ({t['ms']:.1f} ms vs "
                         f"{t['ideal']:.0f} ms), target ≤ {TRAVERSAL_TARGET}×")
        if not requests_ok:
            found.append(f"traversal: {name} issued {','.join(map(str, t['requests']))} requests per run for "
                         f"{','.join(map(str, t['unique']))} unique URLs, target: equal" + "".join(f"; {w}" for w in why))
    return found + bench_transports.failures(transports)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--compile-runs", type=int, default=3)
    parser.add_argument("--sizes", default="50,200,1000")
    parser.add_argument("--skip-generators", action="store_true", help="(for working on this script)")
    parser.add_argument("--skip-compile", action="store_true")
    parser.add_argument("--skip-runtime", action="store_true")
    parser.add_argument("--runtime-output", help="read this saved output of runtime.sh instead of running it "
                        "(for working on this script)")
    parser.add_argument("--memory-runs", type=int, default=3)
    parser.add_argument("--output", default=os.path.join(ROOT, "BENCHMARKS.md"))
    parser.add_argument("--only-transports", action="store_true",
                        help="run only the transport workloads and replace only their section of --output")
    parser.add_argument("--skip-size", action="store_true")
    parser.add_argument("--only-size", action="store_true",
                        help="measure only the release build size of the Press apps and replace only its section of --output")
    parser.add_argument("--skip-hostile", action="store_true")
    parser.add_argument("--skip-downloads", action="store_true")
    parser.add_argument("--only-downloads", action="store_true",
                        help="run only the 1 GiB downloads (DownloadBench) and replace only their section of --output")
    parser.add_argument("--only-hostile", action="store_true",
                        help="run only the hostile-input workloads (HostileBench) and replace only their section of --output")
    parser.add_argument("--check", action="store_true",
                        help=f"exit 1 when a ratio misses its target (generator ≥ {GENERATOR_TARGET}× at N = 1,000, "
                             f"compile ≤ {COMPILE_SOG_TARGET}× swift-openapi-generator and ≤ {COMPILE_FLOOR_TARGET}× the floor, decoders ≤ {DECODER_TARGET}× plain Codable by "
                             f"instructions and peak memory ≤ plain Codable's at {MEMORY_TARGET_SIZE:,}, traversal ≤ {TRAVERSAL_TARGET}× ideal with requests = unique URLs)")
    args = parser.parse_args()
    if args.only_transports:
        only_transports(args)
        return
    if args.only_size:
        only_size(args)
        return
    if args.only_hostile:
        only_hostile(args)
        return
    if args.only_downloads:
        only_downloads(args)
        return
    needed = [] if args.skip_generators else [RESGEN, SOG]
    if not args.skip_runtime:
        needed += [os.path.join(BENCH, ".build", "release", name)
                   for name in ("RuntimeBench", "HALBench", "JSONAPIBench", "PolymorphicBench", "LoopbackServer")]
    for binary in needed:
        if not os.access(binary, os.X_OK):
            sys.exit(f"missing {binary}: run `make bench` (it builds them in release)")
    if not os.access(GNU_TIME, os.X_OK):
        print(f"{GNU_TIME} not found: peak memory includes this script's own RSS as a floor", file=sys.stderr)
    if not args.skip_runtime and shutil.which("valgrind") is None:
        print("valgrind not found: no instruction counts (install valgrind for them)", file=sys.stderr)
    os.makedirs(WORK, exist_ok=True)
    info = machine()
    gens = full = comp = None
    if not args.skip_generators:
        print("generators…", flush=True)
        gens = generators([int(x) for x in args.sizes.split(",")], args.runs)
        full = full_schema_resgen(1000, args.runs)
    if not args.skip_compile:
        print("compile time of generated code…", flush=True)
        comp = compile_time(200, args.compile_runs)
    runtime_text = decoders = traversals = transports = None
    if not args.skip_runtime:
        print("runtime benchmarks…", flush=True)
        if args.runtime_output:
            with open(args.runtime_output) as handle:
                runtime_text = handle.read()
        else:
            runtime_text = subprocess.run([os.path.join(BENCH, "runtime.sh")], check=True, stdout=subprocess.PIPE,
                                          text=True).stdout
        timings, traversals = parse_runtime(runtime_text)
        transports = bench_transports.parse(runtime_text)
        print("decoders, one process per variant: peak memory, instructions (callgrind)…", flush=True)
        processes = decoder_processes([1000, 10000], 1000, args.memory_runs)
        processes["memory_runs"] = args.memory_runs
        decoders = (decoder_rows(timings, processes), processes, timings)
    size = None
    if not args.skip_size:
        print("release build size of the Press apps…", flush=True)
        size = binary_size.measure(RESGEN if os.access(RESGEN, os.X_OK) else None, SOG)
    hostile = None
    if not args.skip_hostile:
        print("hostile input (HostileBench)…", flush=True)
        hostile = bench_hostile.measure(args.runs)
    downloads = None
    if not args.skip_downloads:
        print("downloads (DownloadBench)…", flush=True)
        downloads = bench_downloads.measure()
    text = render(info, gens, full, comp, runtime_text, args.runs, args.compile_runs, decoders, traversals, transports,
                  size, hostile, downloads)
    with open(args.output, "w") as handle:
        handle.write(text)
    print()
    print(text)
    if args.check:
        missed = failures(gens, comp, decoders, traversals, not args.skip_runtime, transports)
        missed += [] if args.skip_size else binary_size.failures(size)
        missed += [] if args.skip_hostile else bench_hostile.failures(hostile)
        missed += [] if args.skip_downloads else bench_downloads.failures(downloads)
        for failure in missed:
            print(f"bench-check: target missed: {failure}", file=sys.stderr)
        if not missed:
            print("bench-check: every target met", file=sys.stderr)
        sys.exit(1 if missed else 0)


def splice(document, heading, section):
    """`document` (BENCHMARKS.md's text) with the section starting at `heading` replaced by `section` (text), or
    `section` inserted before the Runtime block when the document has none."""
    start = document.find(heading)
    if start >= 0:
        end = document.find("\n## ", start + len(heading))
        end = len(document) if end < 0 else end + 1
        return document[:start] + section + document[end:]
    anchor = document.find("## Runtime (Benchmarks/runtime.sh")
    if anchor < 0:
        return document.rstrip("\n") + "\n\n" + section
    return document[:anchor] + section + document[anchor:]


def only_section(args, module, result, lines, met):
    """`--only-transports` / `--only-size`: `lines` (the rendered section of `module`'s `result`) spliced into the
    existing output file; with --check, exits 1 on `module.failures(result)`, else prints `met`."""
    section = "\n".join(lines) + "\n"
    with open(args.output) as handle:
        document = handle.read()
    with open(args.output, "w") as handle:
        handle.write(splice(document, module.HEADING, section))
    print(section)
    if args.check:
        missed = module.failures(result)
        for failure in missed:
            print(f"bench-check: target missed: {failure}", file=sys.stderr)
        if not missed:
            print(f"bench-check: {met}", file=sys.stderr)
        sys.exit(1 if missed else 0)


def only_transports(args):
    """`--only-transports`: the transport workloads alone, spliced into the existing output file."""
    for name in ("RuntimeBench", "LoopbackServer"):
        if not os.access(os.path.join(BENCH, ".build", "release", name), os.X_OK):
            sys.exit(f"missing Benchmarks/.build/release/{name}: build it with "
                     f"`swift build -c release --package-path Benchmarks --product {name}`")
    print("transport workloads…", flush=True)
    text = subprocess.run([os.path.join(BENCH, "runtime.sh"), "--transports-only"], check=True,
                          stdout=subprocess.PIPE, text=True).stdout
    print(text, flush=True)
    transports = bench_transports.parse(text)
    only_section(args, bench_transports, transports, bench_transports.render(transports, date=machine()["date"]),
                 "every transport target met")


def only_size(args):
    """`--only-size`: the release build size of the Press apps alone, spliced into the existing output file."""
    print("release build size of the Press apps…", flush=True)
    result = binary_size.measure(RESGEN if os.access(RESGEN, os.X_OK) else None, SOG)
    only_section(args, binary_size, result, binary_size.render(result, date=machine()["date"]),
                 "the release build size was measured")


def only_hostile(args):
    """`--only-hostile`: the hostile-input workloads alone, spliced into the existing output file."""
    print("hostile input (HostileBench)…", flush=True)
    result = bench_hostile.measure(args.runs)
    if result is None:
        sys.exit(f"missing {bench_hostile.BINARY}: build it with "
                 "`swift build -c release --package-path Benchmarks --product HostileBench`")
    only_section(args, bench_hostile, result, bench_hostile.render(result, date=machine()["date"]),
                 "every hostile-input target met")



def only_downloads(args):
    """`--only-downloads`: the 1 GiB downloads alone, spliced into the existing output file."""
    print("downloads (DownloadBench)…", flush=True)
    result = bench_downloads.measure()
    if result is None:
        sys.exit(f"missing {bench_downloads.BINARY}: build it with "
                 "`swift build -c release --package-path Benchmarks --product DownloadBench`")
    only_section(args, bench_downloads, result, bench_downloads.render(result, date=machine()["date"]),
                 "every download target met")


if __name__ == "__main__":
    main()
