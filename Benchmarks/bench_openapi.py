#!/usr/bin/env python3
"""`resgen import-openapi` and `resgen generate` at App Store Connect's size (issue 47, item 3), for `make bench`.

The document is Apple's App Store Connect OpenAPI document (3.4 MB, 966 paths, 1,394 component schemas), read from
`../shared/peer-suites/app-store-connect/app_store_connect_api.json` next to the package root (never copied into the
project). Rows, each a whole process per run (CPU = user + system of the child, peak resident set from GNU time):
  - import-openapi, release (.build/release/resgen), of the whole document: target ≤ 3 s of CPU;
  - import-openapi, release, of each half of it: its paths split in two in document order, each half with the
    components its paths reach (`$ref`s followed transitively), so that each is a document of its own; the whole
    document's CPU against the first half's: target ≤ 2.2× (linear in the document);
  - import-openapi, debug (.build/debug/resgen, what `swift run` uses), of the whole document: target ≤ 15 s;
  - generate, release, of the whole document's draft: target ≤ 1 s of CPU.

Usage: bench_openapi.py [--runs R] [--resgen PATH] [--debug-resgen PATH] [--document PATH] [--split OUT_DIR]
  --split writes the two halves to OUT_DIR and exits (for measuring by hand).
bench.py calls measure(), render() and failures(); `bench.py --only-openapi` runs this alone and splices the section
into BENCHMARKS.md.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESGEN = os.path.join(ROOT, ".build", "release", "resgen")
DEBUG_RESGEN = os.path.join(ROOT, ".build", "debug", "resgen")
DOCUMENT = os.path.join(os.path.dirname(ROOT), "shared", "peer-suites", "app-store-connect",
                        "app_store_connect_api.json")
GNU_TIME = "/usr/bin/time"
HEADING = "## import-openapi at App Store Connect's size"
IMPORT_TARGET = 3.0
DEBUG_TARGET = 15.0
LINEAR_TARGET = 2.2
GENERATE_TARGET = 1.0


def reachable(document, roots):
    """The component references (kind, name) reachable from `roots` (JSON values), `$ref`s followed."""
    found = set()
    stack = list(roots)
    components = document.get("components", {})
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            ref = value.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/components/"):
                parts = ref[len("#/components/"):].split("/")
                if len(parts) == 2:
                    kind, name = parts[0], parts[1].replace("~1", "/").replace("~0", "~")
                    if (kind, name) not in found and name in components.get(kind, {}):
                        found.add((kind, name))
                        stack.append(components[kind][name])
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return found


def halves(document):
    """The document split in two by its paths (document order), each with the components its paths reach and every
    other top-level member as it is (security schemes too: operations name them)."""
    paths = list(document["paths"].items())
    middle = len(paths) // 2
    result = []
    for part in (paths[:middle], paths[middle:]):
        used = reachable(document, [item for _, item in part])
        half = {}
        for key, value in document.items():
            if key == "paths":
                half[key] = dict(part)
            elif key == "components":
                half[key] = {}
                for kind, members in value.items():
                    kept = {name: member for name, member in members.items()
                            if kind == "securitySchemes" or (kind, name) in used}
                    if kept:
                        half[key][kind] = kept
            else:
                half[key] = value
        result.append(half)
    return result


def run(argv):
    """One process: {"cpu" (user + system s), "wall", "peak" (MiB, 0 without GNU time), "exit"}."""
    with tempfile.NamedTemporaryFile("r") as peak:
        if os.access(GNU_TIME, os.X_OK):
            argv = [GNU_TIME, "-f", "%M", "-o", peak.name] + argv
        start = time.perf_counter()
        process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        reported = peak.read().split()
    return {"cpu": usage.ru_utime + usage.ru_stime, "wall": wall, "exit": os.waitstatus_to_exitcode(status),
            "peak": int(reported[-1]) / 1024 if reported and reported[-1].isdigit() else 0.0}


def summarize(samples, **extra):
    row = {"cpu": statistics.median(s["cpu"] for s in samples), "wall": statistics.median(s["wall"] for s in samples),
           "peak": max(s["peak"] for s in samples), "exit": max((s["exit"] for s in samples), key=abs),
           "runs": len(samples)}
    row.update(extra)
    return row


def measure(runs=3, resgen=RESGEN, debug_resgen=DEBUG_RESGEN, document=DOCUMENT):
    """{"rows": {key: row}, "paths": (all, first half, second half), "lines": generated lines} or None without the
    document or a release resgen."""
    if not os.path.exists(document) or not os.access(resgen, os.X_OK):
        return None
    with open(document) as handle:
        whole = json.load(handle)
    samples = {"all": [], "first": [], "second": [], "debug": [], "generate": []}
    with tempfile.TemporaryDirectory() as folder:
        inputs = {"all": document}
        for key, half in zip(("first", "second"), halves(whole)):
            inputs[key] = os.path.join(folder, f"{key}.json")
            with open(inputs[key], "w") as handle:
                json.dump(half, handle)
        draft = os.path.join(folder, "draft.yml")
        out = os.path.join(folder, "Generated")
        for _ in range(runs):
            for key in ("all", "first", "second"):
                samples[key].append(run([resgen, "import-openapi", inputs[key], "--name", "AppStoreConnect",
                                         "--output", os.path.join(folder, f"{key}.yml")]))
            samples["generate"].append(run([resgen, "generate", os.path.join(folder, "all.yml"), "--output", out]))
        if os.access(debug_resgen, os.X_OK):
            # As many runs as release (median): on a loaded machine one run of several seconds varies by half.
            for _ in range(runs):
                samples["debug"].append(run([debug_resgen, "import-openapi", document, "--name", "AppStoreConnect",
                                             "--output", draft]))
        lines = 0
        for name in sorted(os.listdir(out)) if os.path.isdir(out) else []:
            with open(os.path.join(out, name)) as handle:
                lines += sum(1 for _ in handle)
        sizes = {key: os.path.getsize(path) for key, path in inputs.items()}
        counts = {"all": len(whole["paths"])}
        for key in ("first", "second"):
            with open(inputs[key]) as handle:
                counts[key] = len(json.load(handle)["paths"])
    rows = {key: summarize(found, bytes=sizes.get(key, sizes["all"]), paths=counts.get(key, counts["all"]))
            for key, found in samples.items() if found}
    return {"rows": rows, "lines": lines}


def verdicts(result):
    """[(label, value text, target text, met)] of the judged rows."""
    rows = result["rows"]
    out = [("import-openapi, release, whole document", rows["all"]["cpu"], f"≤ {IMPORT_TARGET:g} s",
            rows["all"]["cpu"] <= IMPORT_TARGET and rows["all"]["exit"] == 0)]
    ratio = rows["all"]["cpu"] / rows["first"]["cpu"] if rows["first"]["cpu"] > 0 else float("inf")
    out.append(("whole ÷ first half (CPU)", ratio, f"≤ {LINEAR_TARGET:g}×", ratio <= LINEAR_TARGET))
    if "debug" in rows:
        out.append(("import-openapi, debug, whole document", rows["debug"]["cpu"], f"≤ {DEBUG_TARGET:g} s",
                    rows["debug"]["cpu"] <= DEBUG_TARGET and rows["debug"]["exit"] == 0))
    out.append(("generate, release, the draft", rows["generate"]["cpu"], f"≤ {GENERATE_TARGET:g} s",
                rows["generate"]["cpu"] <= GENERATE_TARGET and rows["generate"]["exit"] == 0))
    return out


def render(result, date=None):
    """The section as Markdown lines."""
    if not result:
        return [f"{HEADING} (issue 47)\n", "Not measured: the document or a release resgen is missing.", ""]
    rows = result["rows"]
    out = [f"{HEADING} (issue 47)\n"]
    out.append((f"Measured {date}. " if date else "") +
               "`Benchmarks/bench_openapi.py`: Apple's App Store Connect OpenAPI document "
               "(`../shared/peer-suites/app-store-connect`, 3.4 MB, 966 paths, 1,394 component schemas), one process "
               "per run, CPU = user + system, median of the runs, largest peak resident set. The "
               "halves are its paths split in two in document order, each with the components its paths reach. "
               "Before issue 47: 5.12 s of CPU in release (the loader composed the document three times and "
               "YAMLDecoder scanned each mapping for each key, quadratic in a mapping's size).\n")
    out.append("| run | paths | size | CPU | wall | peak |")
    out.append("|---|---:|---:|---:|---:|---:|")
    labels = {"all": "import-openapi, release, whole document", "first": "import-openapi, release, first half",
              "second": "import-openapi, release, second half", "debug": "import-openapi, debug, whole document",
              "generate": f"generate, release, the whole draft ({result['lines']:,} lines)"}
    for key in ("all", "first", "second", "debug", "generate"):
        if key not in rows:
            continue
        row = rows[key]
        status = "" if row["exit"] == 0 else f" (exit {row['exit']})"
        out.append(f"| {labels[key]} | {row['paths']:,} | {row['bytes'] / 1e6:.2f} MB | {row['cpu']:.2f} s{status} "
                   f"| {row['wall']:.2f} s | {row['peak']:.0f} MiB |")
    out.append("")
    out.append("| target | measured | target | met? |")
    out.append("|---|---:|---|---|")
    for label, value, target, met in verdicts(result):
        unit = "×" if "÷" in label else " s"
        out.append(f"| {label} | {value:.2f}{unit} | {target} | {'met' if met else '**not met**'} |")
    out.append("")
    return out


def failures(result):
    """What `make bench-check` reports."""
    if not result:
        return ["import-openapi at App Store Connect's size: not measured (the document or a release resgen is missing)"]
    return [f"import-openapi at App Store Connect's size: {label} {value:.2f} (target {target})"
            for label, value, target, met in verdicts(result) if not met]


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--resgen", default=RESGEN)
    parser.add_argument("--debug-resgen", default=DEBUG_RESGEN)
    parser.add_argument("--document", default=DOCUMENT)
    parser.add_argument("--split", help="write the two halves to this folder and exit")
    args = parser.parse_args()
    if args.split:
        with open(args.document) as handle:
            whole = json.load(handle)
        os.makedirs(args.split, exist_ok=True)
        for key, half in zip(("first", "second"), halves(whole)):
            with open(os.path.join(args.split, f"{key}.json"), "w") as handle:
                json.dump(half, handle)
        sys.exit(0)
    measured = measure(args.runs, args.resgen, args.debug_resgen, args.document)
    print("\n".join(render(measured)))
    sys.exit(1 if failures(measured) else 0)
