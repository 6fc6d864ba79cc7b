#!/usr/bin/env python3
"""`make bench-asc-compile`: the debug build of the App Store Connect client, resgen against swift-openapi-generator
(issue 47, item 3, its last target).

The document is Apple's App Store Connect OpenAPI document (3.4 MB, OpenAPI 3.0.1, 966 paths, 1,394 component
schemas), read from `../shared/peer-suites/app-store-connect/app_store_connect_api.json` next to the package root
(never copied into the project). Two throwaway packages under Benchmarks/.build/asc-compile, laid out as bench.py's
compile sections lay theirs out:
  - resgen: `resgen import-openapi <document>` (the draft, unedited), `resgen generate <draft>` into the target
    Generated, which depends on ResgenRuntime (this checkout, by path);
  - sog: swift-openapi-generator 1.14.3 (Benchmarks/.build/release/swift-openapi-generator) generating `types` and
    `client` with `accessModifier: public` from the same document into the target Generated, which depends on
    OpenAPIRuntime (swift-openapi-runtime 1.13.4, exact).
Each package's dependencies are built first with a placeholder source in the target; then the generated sources are
put in place and `swift build --package-path <package> --target Generated` (debug) is timed under GNU time
(`/usr/bin/time -v`): CPU = user + system of the whole build, wall, and the maximum resident set size, which is the
largest process's: the compiler's peak memory. With --runs R > 1 the two sides alternate (resgen, sog, resgen, …) and
every later build touches all of its target's files first, so each is a full build of the target; the ratios are
taken within each pair and the median shown. A build that fails (the compiler killed for memory, say) is recorded
with its exit status and the end of its output, not retried.

Targets (issue 47, item 3): resgen's CPU ≤ 0.25× swift-openapi-generator's, its peak memory ≤ 0.2×.
The load average is read before and after, and each timed build runs under bench_load.Meter (the cores other
processes used during it).

Usage: bench_asc_compile.py [--runs R] [--resgen PATH] [--sog PATH] [--document PATH] [--write BENCHMARKS.md]
                            [--render RESULT.json]
  --write splices the section into that file (after the import-openapi section), as `bench.py --only-…` do.
  Every measuring run saves its result to Benchmarks/.build/asc-compile/result.json; --render renders a saved one.
Exits 1 when a build failed or a target was missed.
"""
import argparse
import glob
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import bench
import bench_load

ROOT = bench.ROOT
DOCUMENT = os.path.join(os.path.dirname(ROOT), "shared", "peer-suites", "app-store-connect",
                        "app_store_connect_api.json")
WORK = os.path.join(bench.BENCH, ".build", "asc-compile")
HEADING = "## Debug build of the App Store Connect client"
AFTER = "## import-openapi at App Store Connect's size"
CPU_TARGET = 0.25
MEMORY_TARGET = 0.2
KEYS = ("resgen", "sog")
LABELS = {"resgen": "resgen + ResgenRuntime", "sog": "swift-openapi-generator 1.14.3 + OpenAPIRuntime 1.13.4"}

RESGEN_PACKAGE = """// swift-tools-version:6.0
// Written by Benchmarks/bench_asc_compile.py: resgen's client of the App Store Connect OpenAPI document.
import PackageDescription

let package = Package(
    name: "asc-resgen",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "resgen", path: "{root}")],
    targets: [.target(name: "Generated", dependencies: [.product(name: "ResgenRuntime", package: "resgen")])]
)
"""

SOG_PACKAGE = """// swift-tools-version:6.0
// Written by Benchmarks/bench_asc_compile.py: swift-openapi-generator's client of the App Store Connect document.
import PackageDescription

let package = Package(
    name: "asc-sog",
    platforms: [.macOS(.v13)],
    dependencies: [.package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4")],
    targets: [.target(name: "Generated", dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")])]
)
"""

PLACEHOLDER = "// Written by Benchmarks/bench_asc_compile.py while the dependencies build; the generated sources replace it.\n"


def timed(argv, log_path, cwd=None):
    """argv under `/usr/bin/time -v`, its output into log_path: {"rc", "wall", "cpu", "peak" (MiB), "signal"}."""
    with tempfile.NamedTemporaryFile("r") as report, open(log_path, "wb") as log:
        start = time.perf_counter()
        rc = subprocess.run([bench.GNU_TIME, "-v", "-o", report.name] + argv, cwd=cwd, stdout=log,
                            stderr=subprocess.STDOUT).returncode
        wall = time.perf_counter() - start
        text = report.read()

    def field(name):
        found = re.search(rf"^\s*{re.escape(name)}: (.+)$", text, re.M)
        return found.group(1).strip() if found else None
    signal = re.search(r"Command terminated by signal (\d+)", text)
    return {"rc": rc, "wall": wall, "cpu": float(field("User time (seconds)") or 0) + float(field("System time (seconds)") or 0),
            "peak": int(field("Maximum resident set size (kbytes)") or 0) / 1024,
            "signal": int(signal.group(1)) if signal else None, "log": log_path}


def tail(path, lines=30):
    with open(path, errors="replace") as handle:
        return "".join(handle.readlines()[-lines:])


def build_dependencies(package, sources):
    """The package's dependencies built, its target holding only a placeholder; the target's folder left empty."""
    shutil.rmtree(sources, ignore_errors=True)
    os.makedirs(sources)
    with open(os.path.join(sources, "Placeholder.swift"), "w") as handle:
        handle.write(PLACEHOLDER)
    build = ["swift", "build", "--package-path", package, "--target", "Generated"]
    if subprocess.run(build, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
        # As bench.build_target: a stale build description of the path dependency; drop it and build once more.
        for description in glob.glob(os.path.join(package, ".build", "*.yaml")):
            os.remove(description)
        proc = subprocess.run(build, capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit(f"failed: {' '.join(build)}\n{proc.stdout[-4000:]}{proc.stderr[-2000:]}")
    shutil.rmtree(sources)


def prepare(key, args):
    """The package of one side, its dependencies built and the generated sources in place (not built):
    {"package", "sources", "generate": [(step, timing)], "lines", "files"}."""
    package = os.path.join(WORK, key)
    sources = os.path.join(package, "Sources", "Generated")
    os.makedirs(package, exist_ok=True)
    manifest = RESGEN_PACKAGE.format(root=ROOT) if key == "resgen" else SOG_PACKAGE
    with open(os.path.join(package, "Package.swift"), "w") as handle:
        handle.write(manifest)
    scratch = os.path.join(package, "Generated.new")
    bench.fresh(scratch)
    steps = []
    if key == "resgen":
        draft = os.path.join(WORK, "draft.yml")
        steps.append(("import-openapi", timed([args.resgen, "import-openapi", args.document, "--name", "AppStoreConnect",
                                               "--output", draft], os.path.join(WORK, "import-openapi.log"))))
        if steps[-1][1]["rc"] == 0:
            steps.append(("generate", timed([args.resgen, "generate", draft, "--output", scratch],
                                            os.path.join(WORK, "generate.log"))))
    else:
        config = os.path.join(WORK, "openapi-generator-config.yaml")
        with open(config, "w") as handle:
            handle.write(bench.SOG_CONFIG)
        steps.append(("generate", timed([args.sog, "generate", args.document, "--config", config,
                                         "--output-directory", scratch], os.path.join(WORK, "sog-generate.log"))))
    for step, timing in steps:
        print(f"  {key} {step}: {timing['cpu']:.2f} s CPU, {timing['wall']:.1f} s wall, {timing['peak']:.0f} MiB peak, "
              f"exit {timing['rc']}", flush=True)
        if timing["rc"] != 0:
            sys.exit(f"{key} {step} failed ({timing['rc']}); its output ({timing['log']}):\n{tail(timing['log'])}")
    print(f"  {key}: building the dependencies (placeholder in the target)…", flush=True)
    build_dependencies(package, sources)
    os.rename(scratch, sources)
    lines, files = bench.swift_lines(sources)
    print(f"  {key}: {lines:,} generated lines in {files} files", flush=True)
    return {"package": package, "sources": sources, "generate": steps, "lines": lines, "files": files}


def measure(args):
    """Both sides prepared, then R timed builds of each, alternating: {"sides", "runs", "ratios", "loadavg"}."""
    os.makedirs(WORK, exist_ok=True)
    sides = {key: prepare(key, args) for key in KEYS}
    loadavg_before = open("/proc/loadavg").read().strip()
    runs = {key: [] for key in KEYS}
    for index in range(args.runs):
        for key in KEYS:
            side = sides[key]
            if index > 0:
                bench.touch_all(side["sources"])
            log = os.path.join(WORK, f"build-{key}-{index + 1}.log")
            with bench_load.Meter(f"{key} build {index + 1}", bench.CORES) as meter:
                result = timed(["swift", "build", "--package-path", side["package"], "--target", "Generated"], log)
            result["load"] = meter.result
            runs[key].append(result)
            state = "ok" if result["rc"] == 0 else f"FAILED (exit {result['rc']}, signal {result['signal']})"
            print(f"  {key} build {index + 1}: {state}, {result['wall']:.1f} s wall, {result['cpu']:.1f} s CPU, "
                  f"{result['peak']:.0f} MiB peak", flush=True)
            if result["rc"] != 0:
                print(tail(log), flush=True)
    loadavg_after = open("/proc/loadavg").read().strip()
    pairs = [(r, s) for r, s in zip(runs["resgen"], runs["sog"]) if r["rc"] == 0 and s["rc"] == 0]
    ratios = {"cpu": [r["cpu"] / s["cpu"] for r, s in pairs], "peak": [r["peak"] / s["peak"] for r, s in pairs]}
    return {"sides": sides, "runs": runs, "ratios": ratios, "loadavg": (loadavg_before, loadavg_after),
            "runs_asked": args.runs}


def median(values):
    return statistics.median(values) if values else None


def render(result, date):
    sides, runs, ratios = result["sides"], result["runs"], result["ratios"]
    before, after = result["loadavg"]
    n = result["runs_asked"]
    out = [f"{HEADING} (issue 47)\n",
           f"Measured {date} by `make bench-asc-compile` (`Benchmarks/bench_asc_compile.py --runs {n}`): "
           f"{'one full build of each' if n == 1 else f'{n} full builds of each, alternating, medians shown'}. "
           f"`/proc/loadavg` before the timed builds: {before}; after: {after}.",
           "",
           "Apple's App Store Connect OpenAPI document (`../shared/peer-suites/app-store-connect`, 3.4 MB, OpenAPI "
           "3.0.1) through each generator, the sources in the target `Generated` of a throwaway package under "
           "`Benchmarks/.build/asc-compile` (resgen: `resgen import-openapi` → the draft, unedited → `resgen "
           "generate`, on ResgenRuntime; swift-openapi-generator 1.14.3: `types` + `client`, `accessModifier: public`, "
           "on swift-openapi-runtime 1.13.4). Dependencies built first with a placeholder in the target, then "
           "`swift build --target Generated` (debug) timed under `/usr/bin/time -v`: CPU = user + system of the whole "
           "build, peak = maximum resident set size (the compiler's).",
           "",
           "| package | generated lines (files) | generation CPU | build CPU | build wall | peak compiler memory | "
           "others' CPU during the build |",
           "|---|---:|---:|---:|---:|---:|---:|"]
    for key in KEYS:
        side, done = sides[key], [r for r in runs[key] if r["rc"] == 0]
        generation = sum(t["cpu"] for _, t in side["generate"])
        others = median([r["load"]["others"] for r in runs[key] if r.get("load")])
        if done:
            cells = (f"{median([r['cpu'] for r in done]):.1f} s", f"{median([r['wall'] for r in done]):.1f} s",
                     f"{max(r['peak'] for r in done):,.0f} MiB")
        else:
            failed = runs[key][0]
            cells = (f"failed (exit {failed['rc']}, signal {failed['signal']}) after {failed['cpu']:.1f} s",
                     f"{failed['wall']:.1f} s", f"{failed['peak']:,.0f} MiB")
        out.append(f"| {LABELS[key]} | {side['lines']:,} ({side['files']}) | {generation:.2f} s | "
                   + " | ".join(cells) + f" | {others:.2f} cores |")
    out += ["", "| target (issue 47, item 3) | resgen ÷ swift-openapi-generator | target | met? |", "|---|---:|---|---|"]
    for key, name, target in (("cpu", "debug build CPU", CPU_TARGET), ("peak", "peak compiler memory", MEMORY_TARGET)):
        value = median(ratios[key])
        shown = f"{value:.3f}×" if value is not None else "—"
        verdict = "—" if value is None else ("met" if value <= target else "**not met**")
        if value is not None and not all(bench_load.judged(r.get("load")) for key in KEYS for r in runs[key]):
            verdict += f" ({bench_load.NOT_JUDGED})"
        out.append(f"| {name} | {shown} | ≤ {target}× | {verdict} |")
    out.append("")
    for key in KEYS:
        for index, run in enumerate(runs[key]):
            who = "resgen" if key == "resgen" else "swift-openapi-generator"
            out.append(f"- Machine load during {who}'s build {index + 1}: {bench_load.summary(run.get('load'))}.")
    out.append("")
    return out


def failures(result):
    missed = []
    for key in KEYS:
        for index, run in enumerate(result["runs"][key]):
            if run["rc"] != 0:
                missed.append(f"{key} build {index + 1} failed (exit {run['rc']})")
    for key, target in (("cpu", CPU_TARGET), ("peak", MEMORY_TARGET)):
        value = median(result["ratios"][key])
        if value is not None and value > target:
            missed.append(f"{key} ratio {value:.3f}× > {target}×")
    return missed


def splice(document, section):
    """`document` with this section replaced, or inserted after the import-openapi section when it has none."""
    if HEADING in document:
        return bench.splice(document, HEADING, section)
    start = document.find(AFTER)
    if start < 0:
        return bench.splice(document, HEADING, section)
    end = document.find("\n## ", start + len(AFTER))
    end = len(document) if end < 0 else end + 1
    return document[:end] + section + document[end:]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=1)
    default_resgen = bench.RESGEN if os.access(bench.RESGEN, os.X_OK) else os.path.join(ROOT, ".build", "debug", "resgen")
    parser.add_argument("--resgen", default=default_resgen)
    parser.add_argument("--sog", default=bench.SOG)
    parser.add_argument("--document", default=DOCUMENT)
    parser.add_argument("--write", metavar="BENCHMARKS.md")
    parser.add_argument("--render", metavar="RESULT.json", help="render a saved result (Benchmarks/.build/asc-compile/"
                        "result.json, written by every measuring run) instead of measuring")
    args = parser.parse_args()
    for path, hint in () if args.render else ((args.document, "Apple's document (../shared is not part of the repo)"),
                       (args.resgen, "`swift build --product resgen`"),
                       (args.sog, "`swift build -c release --package-path Benchmarks --product swift-openapi-generator`")):
        if not os.path.exists(path):
            sys.exit(f"missing {path}: {hint}")
    if args.render:
        with open(args.render) as handle:
            saved = json.load(handle)
        result, date = saved["result"], saved["date"]
    else:
        print(f"debug build of the App Store Connect client (resgen: {args.resgen})…", flush=True)
        result, date = measure(args), bench.machine()["date"]
        with open(os.path.join(WORK, "result.json"), "w") as handle:
            json.dump({"result": result, "date": date}, handle, indent=1)
    lines = render(result, date)
    section = "\n".join(lines) + "\n"
    print(section)
    if args.write:
        with open(args.write) as handle:
            document = handle.read()
        with open(args.write, "w") as handle:
            handle.write(splice(document, section))
    missed = failures(result)
    for failure in missed:
        print(f"bench-asc-compile: {failure}", file=sys.stderr)
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
