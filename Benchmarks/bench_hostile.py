#!/usr/bin/env python3
"""What hostile input costs the client (issue 23), for `make bench`: Benchmarks/.build/release/HostileBench, one
process per workload, each printing one JSON line (CPU seconds around the work only, getrusage; peak resident
memory above the baseline read just before the work, VmHWM reset after the set-up; counts that show what was done).

Workloads (`HostileBench --list`): a 1 MiB HAL document whose `contacts` relation holds 10,000 links, all to one URL
or to distinct documents, typed (the generated Contacts models) or untyped (`HALDocument`), one or two levels
(`[contacts].[contacts]`), traversed through an in-process transport; and a 1 MiB JSON:API error body of five shapes
(arrays or objects nested 60 deep, arrays 500 deep beyond `JSONValue.maximumDepth`, one wide object, 10,000 error
objects) answered with a 422 to a client call; and a 1 MiB collection only `JSONDecoder` can decode exactly, whose
items' open JSON is built from the tape lent to it; and 1 MiB HAL documents shaped against CURIE lookups (the most
CURIEs allowed, all of one head; CURIEs inherited by resources that define their own; too many, refused; one `_links`
of ~80,000 relations); and 1 MiB of names read once each (an entry document's `_links`, a JSON:API page's
`jsonapi.profile`); and 20 JSON:API documents of 1 MiB including ~35,000 resources each, read twice through an
HTTP cache of a 4 MiB memory budget, without and with a cache directory (issue 46). Targets (issue 23): each under 1 s of CPU and under 64 MiB above the
baseline. Each workload runs `--runs` times; the table shows the median CPU and the largest peak.

Also `resgen import-openapi` (release, .build/release/resgen, a whole process each run) on ~1 MiB OpenAPI documents
nested 1, 50 and 200 levels deep (openapi_depth.py: copies of one nested schema as the items of an `anyOf`, so that
only the depth changes; depth 1 is its shallowest, 6): its CPU must not grow with the depth at a fixed size. Target
(issue 46, finding 8): depth 200 ≤ 1.5× depth 1 by CPU (before: 256 s against 6.4 s).

Usage: bench_hostile.py [--runs R] [--only-depth]      (prints the table; --only-depth: the import-openapi rows alone)
bench.py calls measure() and render(); `bench.py --only-hostile` runs this alone and splices the section into
BENCHMARKS.md.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

import openapi_depth

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, "Benchmarks", ".build", "release", "HostileBench")
RESGEN = os.path.join(ROOT, ".build", "release", "resgen")
HEADING = "## Hostile input"
CPU_TARGET = 1.0
MEMORY_TARGET_MIB = 64
# The import-openapi rows: their key in measure()'s result, the depths (1 stands for the generator's shallowest),
# the documents' size, and the target for the deepest against the shallowest by CPU.
DEPTH_KEY = "openapi-import-depth"
DEPTHS = (1, 50, 200)
DEPTH_SIZE = 1 << 20
DEPTH_TARGET = 1.5
GNU_TIME = "/usr/bin/time"

# What each workload's row says it is, in the table's order.
DESCRIPTIONS = {
    "hal-links-one-url-typed": "HAL, 10,000 links to one URL, typed, `[contacts]`",
    "hal-links-one-url-untyped": "HAL, 10,000 links to one URL, untyped, `[contacts]`",
    "hal-links-one-url-two-levels-typed": "HAL, 10,000 links to one URL, typed, `[contacts].[contacts]`",
    "hal-links-one-url-two-levels-untyped": "HAL, 10,000 links to one URL, untyped, `[contacts].[contacts]`",
    "hal-links-distinct-typed": "HAL, 10,000 links to distinct documents, typed",
    "hal-links-distinct-untyped": "HAL, 10,000 links to distinct documents, untyped",
    "error-document-arrays-60-deep": "error body, `meta` of arrays nested 60 deep",
    "error-document-arrays-500-deep": "error body, `meta` of arrays nested 500 deep (refused)",
    "error-document-objects-60-deep": "error body, `meta` of objects nested 60 deep",
    "error-document-wide-object": "error body, `meta` one flat object of ~75,000 members",
    "error-document-many-errors": "error body, 10,000 error objects",
    "fallback-open-json-per-item": "JSONDecoder fallback (the tape unsure), a `meta` in every item",
    "hal-curies-one-head-typed": "HAL, 64 CURIEs of one head, every embedded relation a URI it expands to, typed",
    "hal-curies-one-head-untyped": "HAL, 64 CURIEs of one head, every embedded relation a URI it expands to, untyped",
    "hal-curies-inherited-typed": "HAL, 63 CURIEs inherited by embedded resources that each define one, typed",
    "hal-curies-too-many-typed": "HAL, 12,000 CURIEs (refused: `HALLinks.maximumCURIEs`), typed",
    "hal-links-wide-typed": "HAL, one `_links` of ~80,000 relations, typed",
    "hal-entry-links-wide": "HAL entry document (`client.entry`), `_links` of ~54,000 relations",
    "jsonapi-profiles-many": "JSON:API page, `jsonapi.profile` of ~41,000 URIs",
    "cache-budget-memory": "HTTP cache (4 MiB budget), 20 documents of 1 MiB including ~35,000 resources each, read twice",
    "cache-budget-directory": "the same with a cache directory (hits of the second pass in the counts)",
}


def measure(runs=3, binary=BINARY, resgen=RESGEN):
    """Every workload `runs` times: {name: {"cpu": median s, "peak": max MiB, "fields": last run's JSON}}, and the
    import-openapi rows under DEPTH_KEY (measure_depth); None when HostileBench is missing."""
    if not os.access(binary, os.X_OK):
        return None
    names = subprocess.run([binary, "--list"], check=True, stdout=subprocess.PIPE, text=True).stdout.split()
    result = {DEPTH_KEY: measure_depth(runs, resgen)}
    for name in names:
        lines = [json.loads(subprocess.run([binary, name], check=True, stdout=subprocess.PIPE, text=True).stdout)
                 for _ in range(runs)]
        result[name] = {"cpu": statistics.median(line["cpu_seconds"] for line in lines),
                        "peak": max(line["peak_mib_above_baseline"] for line in lines),
                        "reset": all(line["peak_reset"] for line in lines), "fields": lines[-1], "runs": runs}
    return result


def measure_depth(runs=3, resgen=RESGEN, depths=DEPTHS, size=DEPTH_SIZE):
    """`resgen import-openapi` on a document of `size` bytes at each depth, `runs` times, depths alternating within a
    round: {"rows": [{"depth", "actual" (the document's nesting depth), "bytes", "cpu" (median user + system s),
    "wall" (median s), "peak" (largest RSS MiB, GNU time), "exit" (the last run's status)}], "runs", "size"}; None
    when resgen is missing."""
    if not os.access(resgen, os.X_OK):
        return None
    samples = {depth: [] for depth in depths}
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for depth in depths:
            paths[depth] = os.path.join(folder, f"depth-{depth}.json")
            with open(paths[depth], "w") as handle:
                handle.write(openapi_depth.document(depth, size))
        for _ in range(runs):
            for depth in depths:
                samples[depth].append(run_import(resgen, paths[depth], os.path.join(folder, "draft.yml")))
        rows = []
        for depth in depths:
            with open(paths[depth]) as handle:
                text = handle.read()
            runs_at = samples[depth]
            rows.append({"depth": depth, "actual": openapi_depth.nesting_depth(text), "bytes": len(text.encode()),
                         "cpu": statistics.median(r["cpu"] for r in runs_at),
                         "wall": statistics.median(r["wall"] for r in runs_at),
                         "peak": max(r["peak"] for r in runs_at), "exit": runs_at[-1]["exit"]})
    return {"rows": rows, "runs": runs, "size": size}


def run_import(resgen, document, output):
    """One `resgen import-openapi` process: {"cpu", "wall", "peak" (MiB, 0 without GNU time), "exit"}."""
    import time
    with tempfile.NamedTemporaryFile("r") as peak:
        argv = [resgen, "import-openapi", document, "--name", "Deep", "--output", output]
        if os.access(GNU_TIME, os.X_OK):
            argv = [GNU_TIME, "-f", "%M", "-o", peak.name] + argv
        start = time.perf_counter()
        process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        reported = peak.read().split()
    return {"cpu": usage.ru_utime + usage.ru_stime, "wall": wall, "exit": os.waitstatus_to_exitcode(status),
            "peak": int(reported[-1]) / 1024 if reported and reported[-1].isdigit() else 0.0}


def depth_verdict(depth):
    """(ratio of the deepest row's CPU to the shallowest's, met) for the import-openapi rows, or None."""
    rows = (depth or {}).get("rows") or []
    if len(rows) < 2 or rows[0]["cpu"] <= 0:
        return None
    ratio = rows[-1]["cpu"] / rows[0]["cpu"]
    return ratio, ratio <= DEPTH_TARGET and all(row["exit"] == 0 for row in rows)


def render_depth(depth):
    """The import-openapi rows as Markdown lines."""
    if not depth:
        return [f"`resgen import-openapi` against nesting depth: not measured (build resgen in release).", ""]
    verdict = depth_verdict(depth)
    out = [f"`resgen import-openapi` (release, one process per run) on {depth['size'] / 1048576:g} MiB OpenAPI "
           "documents nested deeper and deeper (`Benchmarks/openapi_depth.py`: one component schema whose `anyOf` "
           "lists copies of a schema nested through `properties`, to the size; depth as the screen counts it, objects "
           f"and arrays around the deepest value, 1 standing for the shallowest, 6). Median CPU and wall of {depth['runs']} runs, largest peak "
           "resident set. Before issue 46 (finding 8) each schema decoded its subtree again to look for `x-` "
           "extensions: 1.09 MB took 6.4 s at depth 1 and 256 s (1 GB) at depth 200.\n"]
    out.append(f"| depth asked (document's) | size | CPU | wall | peak | vs the shallowest | target (≤ {DEPTH_TARGET:g}×) |")
    out.append("|---|---:|---:|---:|---:|---:|---|")
    for index, row in enumerate(depth["rows"]):
        ratio = row["cpu"] / depth["rows"][0]["cpu"] if depth["rows"][0]["cpu"] > 0 else 0
        judged = index == len(depth["rows"]) - 1 and verdict
        status = "" if row["exit"] == 0 else f" (exit {row['exit']})"
        out.append(f"| {row['depth']} ({row['actual']}) | {row['bytes'] / 1048576:.2f} MiB | {row['cpu']:.2f} s{status} "
                   f"| {row['wall']:.2f} s | {row['peak']:.0f} MiB | {ratio:.2f}× "
                   f"| {('met' if verdict[1] else '**not met**') if judged else ''} |")
    out.append("")
    return out


def depth_failures(depth):
    """What `make bench-check` reports of the import-openapi rows."""
    verdict = depth_verdict(depth)
    if verdict is None:
        return ["hostile input: import-openapi against depth not measured (build resgen in release)"]
    ratio, met = verdict
    if met:
        return []
    failed = [row for row in depth["rows"] if row["exit"] != 0]
    if failed:
        return [f"hostile input: import-openapi failed (exit {row['exit']}) at depth {row['actual']}" for row in failed]
    return [f"hostile input: import-openapi at depth {depth['rows'][-1]['actual']} took {ratio:.2f}× the CPU of depth "
            f"{depth['rows'][0]['actual']} at {depth['size'] / 1048576:g} MiB (target ≤ {DEPTH_TARGET:g}×)"]


def what_was_done(fields):
    """The counts a row shows, so that a run that did nothing cannot pass for a fast one."""
    def count(number, noun):
        return f"{number:,} {noun}" + ("" if number == 1 else "s")
    if "written" in fields:
        return f"{fields['body_bytes'] / 1048576:.2f} MiB, {count(fields['read'], 'name')} read of {fields['written']:,} written"
    if "embedded" in fields:
        if fields.get("refused"):
            return f"{fields['body_bytes'] / 1048576:.2f} MiB, no document (refused)"
        return (f"{fields['body_bytes'] / 1048576:.2f} MiB, {count(fields['embedded'], 'embedded resource')}, "
                f"{count(fields['relations'], 'relation')} at the top")
    if "items" in fields:
        return f"{fields['body_bytes'] / 1048576:.2f} MiB, {count(fields['items'], 'item')}, {count(fields['metas'], 'meta')} read"
    if "included_per_document" in fields:
        return (f"{count(fields['documents'], 'document')} x 2, {fields['included_per_document']:,} included each, "
                f"{count(fields['stores'], 'store')}, {count(fields['hits'], 'hit')}")
    if "requests" in fields:
        return (f"{count(fields['requests'], 'request')}, {count(fields['resources'], 'resource')}, "
                f"{fields['bytes_taken'] / 1048576:.2f} MiB taken")
    documents = fields["error_objects"]
    return (f"{fields['body_bytes'] / 1048576:.2f} MiB, status {fields['status']}, "
            + (f"{count(documents, 'error object')} decoded" if documents else "no document (refused)"))


def render(result, date=None):
    """The section as Markdown lines."""
    if not result:
        return []
    depth = result.get(DEPTH_KEY)
    result = {name: row for name, row in result.items() if name != DEPTH_KEY}
    runs = next(iter(result.values()))["runs"]
    out = [f"{HEADING}: work bounded by what was received (issue 23)\n"]
    out.append((f"Measured {date}. " if date else "") +
               "`Benchmarks/Sources/HostileBench`, release, one process per workload, in process (no sockets): CPU "
               "is user + system time around the work only (the input is built first); memory is the peak resident "
               "set during the work above the resident set just before it. Median CPU and largest peak of "
               f"{runs} runs. Before issue 23, 10,000 links to one URL cost 156 s and 6.3 GB, and a 100 KB error "
               "body of 500-deep arrays about 70 s of CPU; before `HALLinks.maximumCURIEs` and hashed names (issue 29), "
               "12,000 CURIEs over 12,000 embedded resources cost 10 s, the wide entry document 3.0 s and the "
               "`jsonapi.profile` page 14 s.\n")
    out.append(f"| workload | what was done | CPU | peak above baseline | target (< {CPU_TARGET:g} s, "
               f"< {MEMORY_TARGET_MIB} MiB) |")
    out.append("|---|---|---:|---:|---|")
    for name, row in result.items():
        ok = row["cpu"] < CPU_TARGET and row["peak"] < MEMORY_TARGET_MIB
        out.append(f"| {DESCRIPTIONS.get(name, name)} | {what_was_done(row['fields'])} | {row['cpu'] * 1000:.0f} ms "
                   f"| {row['peak']:.1f} MiB | {'met' if ok else '**not met**'} |")
    if not all(row["reset"] for row in result.values()):
        out.append("")
        out.append("The kernel did not reset the peak after the set-up in every run: those peaks may be the set-up's.")
    out.append("")
    return out + render_depth(depth)


def failures(result):
    """What `make bench-check` reports: a workload over 1 s of CPU or 64 MiB above its baseline."""
    if not result:
        return ["hostile input: not measured (build HostileBench in release)"]
    found = depth_failures(result.get(DEPTH_KEY))
    for name, row in result.items():
        if name == DEPTH_KEY:
            continue
        if row["cpu"] >= CPU_TARGET:
            found.append(f"hostile input: {name} took {row['cpu']:.2f} s of CPU (target < {CPU_TARGET:g} s)")
        if row["peak"] >= MEMORY_TARGET_MIB:
            found.append(f"hostile input: {name} peaked {row['peak']:.1f} MiB above its baseline "
                         f"(target < {MEMORY_TARGET_MIB} MiB)")
    return found


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only-depth", action="store_true", help="only the import-openapi rows (needs resgen only)")
    parser.add_argument("--resgen", default=RESGEN, help="the resgen executable the import-openapi rows run")
    arguments = parser.parse_args()
    if arguments.only_depth:
        depth = measure_depth(arguments.runs, arguments.resgen)
        if depth is None:
            sys.exit(f"missing {arguments.resgen}: swift build -c release --product resgen")
        print("\n".join(render_depth(depth)))
        missed = depth_failures(depth)
        for failure in missed:
            print(failure, file=sys.stderr)
        sys.exit(1 if missed else 0)
    measured = measure(arguments.runs, resgen=arguments.resgen)
    if measured is None:
        sys.exit(f"missing {BINARY}: swift build -c release --package-path Benchmarks --product HostileBench")
    print("\n".join(render(measured)))
    missed = failures(measured)
    for failure in missed:
        print(failure, file=sys.stderr)
    sys.exit(1 if missed else 0)
