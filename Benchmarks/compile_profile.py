#!/usr/bin/env python3
"""What the debug compile of generated code spends its time on, by declaration kind (issue 16).

Usage: compile_profile.py [--size 200] [--sources DIR] [--modules DIR] [--work DIR] [--top 40]

Generates the N-resource API of synthesize_peer.py with .build/debug/resgen (or takes --sources), then:
  1. compiles it as SwiftPM's debug build does (`-Onone -g -enable-testing`, batch mode, -j2), under GNU time:
     wall, CPU (user + sys) and peak RSS;
  2. emits its LLVM IR whole-module with `-debug-time-function-bodies` and sums the milliseconds per function
     kind, resource names folded (`Resource0042.init(from:)` → `R.init(from:)`), synthesised bodies included
     (`__derived_struct_equals` is synthesised Equatable);
  3. sums that IR's instructions per function kind, demangled
     (`swift demangle --simplified`): the work of IRGen and of LLVM's code generation, which the debug build
     spends most of its CPU on, grows with it.
ResgenRuntime's module comes from .build/debug/Modules (`swift build --target ResgenRuntime` first).
Times move with machine load; the IR counts and function counts do not.
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "Benchmarks")


def swiftc(sources, modules, extra):
    """The command line that compiles `sources` as module `Generated` the way SwiftPM's debug build does, with
    `modules` (a `.build/debug/Modules`, when there is one) for its dependencies, plus `extra`."""
    files = sorted(os.path.join(sources, f) for f in os.listdir(sources) if f.endswith(".swift"))
    search = ["-I", modules] if os.path.isdir(modules) else []
    return ["swiftc", "-module-name", "Generated", "-parse-as-library", "-swift-version", "6", "-Onone",
            "-enable-testing"] + search + extra + files


def timed_build(sources, modules, work):
    out = os.path.join(work, "objects")
    os.makedirs(out, exist_ok=True)
    report = os.path.join(work, "time.txt")
    argv = ["/usr/bin/time", "-f", "%e %U %S %M", "-o", report] + swiftc(
        sources, modules, ["-g", "-j2", "-c", "-emit-module", "-emit-module-path",
                           os.path.join(out, "Generated.swiftmodule"), "-working-directory", out])
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    wall, user, system, peak = open(report).read().split()[-4:]
    return float(wall), float(user) + float(system), int(peak) / 1024


def fold(name):
    name = re.sub(r"Resource\d{4}", "R", name)
    return re.sub(r"\(file\)\.|specialized |@.*$", "", name)


def body_times(stderr):
    total, count = collections.Counter(), collections.Counter()
    for line in stderr.splitlines():
        parts = line.split("\t")
        if len(parts) == 3 and parts[0].endswith("ms"):
            key = fold(parts[2])
            total[key] += float(parts[0][:-2])
            count[key] += 1
    return total, count


def emit_ir(sources, modules, work):
    """Emits the IR whole-module, timing the type-checking of each function body (synthesised ones too, which
    SILGen asks for); returns the IR's path and the compiler's timing output."""
    path = os.path.join(work, "Generated.ll")
    proc = subprocess.run(swiftc(sources, modules, ["-wmo", "-emit-ir", "-o", path, "-Xfrontend", "-debug-time-function-bodies"]),
                          capture_output=True, text=True, check=True)
    return path, proc.stdout + proc.stderr


def ir_instructions(path):
    functions, current, size = [], None, 0
    with open(path) as handle:
        for line in handle:
            if line.startswith("define "):
                match = re.search(r'@("?)([^\s(]+)\1\(', line)
                current, size = match.group(2), 0
            elif current is not None:
                if line.startswith("}"):
                    functions.append((current, size))
                    current = None
                elif line.startswith("  ") and not line.lstrip().startswith(";"):
                    size += 1
    names = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(n for n, _ in functions),
                           capture_output=True, text=True, check=True).stdout.splitlines()
    total, count = collections.Counter(), collections.Counter()
    for (_, size), name in zip(functions, names):
        key = fold(name)
        total[key] += size
        count[key] += 1
    return total, count


# Where generated code's IR goes, by what in the schema or template it comes from (`group`), for bench.py's
# table: (name, test on the folded demangled function name), first match wins.
_COPIES = ("assignWith", "initializeWith", "initializeBufferWith", "destroy for", "outlined", "storeEnumTag",
           "getEnumTag", "destructiveInjectEnumTag", "destructiveProjectEnumData")
GROUPS = [
    ("`CodingKeys` and `Field` enums (raw values, `CodingKey`, their value witnesses)",
     lambda n: "CodingKeys" in n or "R.Field" in n),
    ("value witnesses and copies of the model struct (`assignWithCopy`, `outlined copy`, …)",
     lambda n: n.startswith(_COPIES) and "R.New" not in n and re.search(r"(for|of) R$", n) is not None),
    ("value witnesses and copies of its `New` struct",
     lambda n: n.startswith(_COPIES) and re.search(r"(for|of) R\.New$", n) is not None),
    ("`New`: its initializer and `encode(to:)`", lambda n: "R.New." in n),
    ("decoding: `init(from:)`, `init(jsonAPIFields:)` and their entry points",
     lambda n: re.search(r"\binit(<A>)?\((from|jsonAPIFields|jsonAPIObject|jsonAPIFrom|halFrom):\)", n) is not None),
    ("encoding: `encode(to:)`, `encode(jsonAPIFields:)`, `encodeJSONAPI(to:)`", lambda n: re.search(r"\bencode", n) is not None),
    ("synthesised `Equatable` and `Hashable`", lambda n: "__derived_struct_equals" in n or "hash(into:)" in n or "hashValue" in n),
    ("`changes(since:)`", lambda n: "changes(since:)" in n),
    ("the memberwise initializer", lambda n: re.search(r"R\.init\(id:", n) is not None),
]


def group(total):
    """IR instructions per GROUPS entry, the rest as "everything else" (accessors, relationship visiting,
    paths, include enums, requests, copies of relationship values)."""
    grouped = collections.Counter()
    for name, size in total.items():
        grouped[next((title for title, test in GROUPS if test(name)), "everything else")] += size
    return grouped


def table(title, unit, total, count, top):
    whole = sum(total.values())
    print(f"\n{title}: {whole:,.0f} {unit} in {sum(count.values()):,} functions")
    for key, value in total.most_common(top):
        print(f"  {value:12,.0f} {100 * value / whole:5.1f}% {count[key]:6d}  {key[:120]}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=200)
    parser.add_argument("--sources", help="profile these generated files instead of generating")
    parser.add_argument("--modules", default=os.path.join(ROOT, ".build", "debug", "Modules"))
    parser.add_argument("--work", default=None)
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="compile-profile-")
    os.makedirs(work, exist_ok=True)
    sources = args.sources
    if not sources:
        schema, document = os.path.join(work, "resgen.yml"), os.path.join(work, "openapi.yaml")
        subprocess.run([sys.executable, os.path.join(BENCH, "synthesize_peer.py"), str(args.size), schema, document], check=True)
        sources = os.path.join(work, "generated")
        subprocess.run([os.path.join(ROOT, ".build", "debug", "resgen"), "generate", schema, "--output", sources], check=True)
    wall, cpu, peak = timed_build(sources, args.modules, work)
    print(f"debug build (batch, -j2): {wall:.1f} s wall, {cpu:.1f} s CPU, {peak:.0f} MiB peak; load {os.getloadavg()[0]:.1f}")
    path, timings = emit_ir(sources, args.modules, work)
    table("type-checking of function bodies", "ms", *body_times(timings), args.top)
    table("LLVM IR instructions", "instructions", *ir_instructions(path), args.top)


if __name__ == "__main__":
    main()
