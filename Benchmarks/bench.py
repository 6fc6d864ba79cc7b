#!/usr/bin/env python3
"""`make bench`: runs every benchmark, prints one table and writes it to BENCHMARKS.md (issue 7).

Expects, built in release beforehand (the Makefile does it):
  .build/release/resgen                                  (the main package)
  Benchmarks/.build/release/swift-openapi-generator      (1.14.3, pinned in Benchmarks/Package.swift)
  Benchmarks/.build/release/{RuntimeBench,HALBench,JSONAPIBench}

Sections:
  1. Generators as whole processes on equivalent APIs (synthesize_peer.py), N = 50, 200, 1,000:
     runs alternate resgen / swift-openapi-generator; each ratio is taken within one pair, and the
     table shows medians of the per-run values and of the per-pair ratios.
  2. Debug compile time of the generated code for N = 200: two packages (resgen's output + ResgenRuntime,
     swift-openapi-generator's output + swift-openapi-runtime) under Benchmarks/.build/compile-time.
     Dependencies are built once; then each round touches the generated files of one package and times
     `swift build --target Generated` (the same for both), and times a no-op build of the same command
     to separate SwiftPM's own fixed cost. Rounds alternate the two packages.
  3. The runtime benchmarks (Benchmarks/runtime.sh), their output captured as printed.

Usage: bench.py [--runs R] [--compile-runs C] [--sizes 50,200,1000] [--output BENCHMARKS.md] [--check]
  --check (`make bench-check`) exits 1 when a ratio falls below its target.
"""
import argparse
import datetime
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "Benchmarks")
RESGEN = os.path.join(ROOT, ".build", "release", "resgen")
SOG = os.path.join(BENCH, ".build", "release", "swift-openapi-generator")
WORK = os.path.join(BENCH, ".build", "bench-work")
COMPILE = os.path.join(BENCH, ".build", "compile-time")

SOG_CONFIG = "generate:\n  - types\n  - client\naccessModifier: public\n"


def run_timed(argv, cwd=None):
    """Runs argv as one process; returns (wall s, CPU s, peak RSS MiB). Output is discarded."""
    with tempfile.TemporaryFile() as log:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=log)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            log.seek(0)
            sys.exit(f"failed ({proc.returncode}): {' '.join(argv)}\n{log.read().decode(errors='replace')}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


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
        os.rename(scratch, sources)
    else:
        shutil.rmtree(scratch)
    # Build the dependencies and the target once, so later rounds compile only the generated target.
    subprocess.run(["swift", "build", "--package-path", package, "--target", "Generated"], check=True,
                   stdout=subprocess.DEVNULL)
    return package, sources


def touch_all(directory):
    now = time.time()
    for base, _, names in os.walk(directory):
        for name in names:
            os.utime(os.path.join(base, name), (now, now))


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
    }
    samples = {key: {"touched": [], "noop": []} for key in packages}
    ratios, net_ratios = [], []
    for _ in range(runs):
        pair = {}
        for key, (package, sources) in packages.items():
            argv = ["swift", "build", "--package-path", package, "--target", "Generated"]
            noop = run_timed(argv)[0]
            touch_all(sources)
            touched = run_timed(argv)[0]
            samples[key]["noop"].append(noop)
            samples[key]["touched"].append(touched)
            pair[key] = (touched, noop)
        ratios.append(pair["sog"][0] / pair["resgen"][0])
        net_ratios.append((pair["sog"][0] - pair["sog"][1]) / (pair["resgen"][0] - pair["resgen"][1]))
    result = {
        key: {
            "touched": med(samples[key]["touched"]),
            "noop": med(samples[key]["noop"]),
            "lines": swift_lines(packages[key][1]),
        }
        for key in packages
    }
    result["ratio"] = med(ratios)
    result["net_ratio"] = med(net_ratios)
    result["ratio_range"] = (min(ratios), max(ratios))
    print(f"  compile N={size}: resgen {result['resgen']['touched']:.2f} s, swift-openapi-generator "
          f"{result['sog']['touched']:.2f} s, ratio {result['ratio']:.2f}×", flush=True)
    return result


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


def render(info, gens, full, comp, runtime_text, runs, compile_runs):
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
    out.append(f"## Generator vs swift-openapi-generator (median of {runs} alternating runs)\n")
    out.append("Equivalent APIs from `Benchmarks/synthesize_peer.py` (its docstring gives the mapping): "
               "N resources × (8 attributes, 2 relationships as ids, GET one + POST), swift-openapi-generator "
               "with `generate: [types, client]`, `accessModifier: public`.\n")
    out.append("| N | input resgen / OpenAPI | resgen wall | resgen CPU | resgen peak | SOG wall | SOG CPU | SOG peak "
               "| ratio wall (min–max) | ratio CPU | target |")
    out.append("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for row in gens:
        r, s = row["resgen"], row["sog"]
        target = met(row["wall_ratio"], 20) if row["size"] == 1000 else "—"
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
        lo, hi = comp["ratio_range"]
        out.append(f"## Debug compile time of the generated code, N = 200 (median of {compile_runs} alternating rounds)\n")
        out.append("Each package holds one target `Generated` with the tool's output and depends on its runtime; "
                   "dependencies are built first, then each round touches every generated file and times "
                   "`swift build --target Generated` (debug). \"no-op\" is the same command with nothing changed "
                   "(SwiftPM's fixed cost); \"net\" subtracts it.\n")
        out.append("| package | generated lines (files) | rebuild after touch | no-op build | net compile |")
        out.append("|---|---:|---:|---:|---:|")
        for name, x in (("resgen + ResgenRuntime", r), ("swift-openapi-generator + OpenAPIRuntime", s)):
            out.append(f"| {name} | {x['lines'][0]:,} ({x['lines'][1]}) | {x['touched']:.2f} s | {x['noop']:.2f} s "
                       f"| {x['touched'] - x['noop']:.2f} s |")
        out.append("")
        out.append(f"Ratio (SOG / resgen), rebuild after touch: **{comp['ratio']:.2f}×** ({lo:.2f}–{hi:.2f}); "
                   f"net of the no-op build: {comp['net_ratio']:.2f}×. Target ≥ 2×: {met(comp['ratio'], 2)}.\n")
    if runtime_text is not None:
        out.append("## Runtime (Benchmarks/runtime.sh, output as printed; ratios are taken within each run)\n")
        out.append("```")
        out.append(runtime_text.rstrip())
        out.append("```")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--compile-runs", type=int, default=3)
    parser.add_argument("--sizes", default="50,200,1000")
    parser.add_argument("--skip-compile", action="store_true")
    parser.add_argument("--skip-runtime", action="store_true")
    parser.add_argument("--output", default=os.path.join(ROOT, "BENCHMARKS.md"))
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when a ratio is below its target (generator ≥ 20× at N = 1,000, compile ≥ 2×)")
    args = parser.parse_args()
    for binary in (RESGEN, SOG):
        if not os.access(binary, os.X_OK):
            sys.exit(f"missing {binary}: run `make bench` (it builds both in release)")
    os.makedirs(WORK, exist_ok=True)
    info = machine()
    print("generators…", flush=True)
    gens = generators([int(x) for x in args.sizes.split(",")], args.runs)
    full = full_schema_resgen(1000, args.runs)
    comp = None
    if not args.skip_compile:
        print("compile time of generated code…", flush=True)
        comp = compile_time(200, args.compile_runs)
    runtime_text = None
    if not args.skip_runtime:
        print("runtime benchmarks…", flush=True)
        runtime_text = subprocess.run([os.path.join(BENCH, "runtime.sh")], check=True, capture_output=True,
                                      text=True).stdout
    text = render(info, gens, full, comp, runtime_text, args.runs, args.compile_runs)
    with open(args.output, "w") as handle:
        handle.write(text)
    print()
    print(text)
    if args.check:
        failures = [f"generator ratio at N = 1,000: {row['wall_ratio']:.1f}× < 20×"
                    for row in gens if row["size"] == 1000 and row["wall_ratio"] < 20]
        if comp and comp["ratio"] < 2:
            failures.append(f"compile-time ratio at N = 200: {comp['ratio']:.2f}× < 2×")
        for failure in failures:
            print(f"bench-check: target missed: {failure}", file=sys.stderr)
        sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
