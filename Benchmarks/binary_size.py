#!/usr/bin/env python3
"""Release build size of a small Press app, resgen's client vs swift-openapi-generator's (issue 16), for `make bench`.

The package Benchmarks/BinarySize holds the apps, one executable each, each built by `swift build -c release --product`
into one scratch path (the same flags, dependencies built once):
  PressResgen       resgen's Press client (Schemas/press) + ResgenJSONAPI (the JSON:API module and the core, no HAL),
                    over URLSessionTransport (its default)
  PressOpenAPI      swift-openapi-generator 1.14.3's client for BinarySize/press.openapi.yaml (the same API as an
                    OpenAPI 3.1 document) + swift-openapi-runtime 1.13.4, over swift-openapi-urlsession 1.4.0
  PressResgenPublic the same two apps with their clients generated with public access (resgen's default, and what a
  PressOpenAPIPublic  client in a module of its own needs), which keeps declarations the app does not use
  PressResgenAHC    the same two apps over AsyncHTTPClient (ResgenAsyncHTTPClient; swift-openapi-async-http-client
  PressOpenAPIAHC   1.5.0)
  HelloFoundation   the floor: Foundation and URLSession alone, one GET
  ContactsResgenHAL resgen's Contacts client (Schemas/contacts, HAL) + ResgenHAL: the other format alone
Each resgen app links one wire format: the build fails unless `nm` finds no symbol of the other format's module in
it (mangled `9ResgenHAL` in the JSON:API apps, `13ResgenJSONAPI` in the HAL one).
Each Press app does the same work: lists articles with `include=author` and prints every title with its author's
name, fetches article 1, creates a comment on it. The clients are generated here, before the build, with the two
generators' command-line tools (not their SwiftPM plugins, so the app builds compile no generator: the plugins
would add a host build of resgen, or of swift-openapi-generator, ~4.5 minutes, and change nothing in the app's
binary), both with internal access, as code in the app's own target is, and for the *Public pair with public
access. Sizes: the executable as built, and a
`strip`ped copy (all symbols and debug sections removed), in bytes and MiB; `ldd` says how Foundation and the
Swift runtime are linked (SwiftPM's default on Linux: dynamically, for every app alike). Where the bytes go:
`nm --size-sort` on the unstripped executable, symbol sizes summed by the module the mangled name starts with.
The floor and the URLSession apps are also built with `--static-swift-stdlib` (unless --no-static), so Foundation
and the Swift runtime are inside the executable: the size of a self-contained binary. The toolchain's static
FoundationNetworking needs `-lcurl`, which only a libcurl .so without version (a -dev package) satisfies; the build
links the system's libcurl.so.4 through a folder holding that name instead.
Unless --no-run, every app then runs once against the JSON:API test server (Tests/Servers/jsonapi, needs
`.venv-jsonapi` from `make jsonapi-server`) to show they do what they claim.

Usage: binary_size.py [--resgen PATH] [--sog PATH] [--no-run] [--no-static]       (prints the tables)
bench.py calls measure() and render(); `bench.py --only-size` runs this alone and splices the section into
BENCHMARKS.md.
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "Benchmarks")
PACKAGE = os.path.join(BENCH, "BinarySize")
SCRATCH = os.path.join(BENCH, ".build", "binary-size")
STATIC_SCRATCH = os.path.join(BENCH, ".build", "binary-size-static")
SOG = os.path.join(BENCH, ".build", "release", "swift-openapi-generator")
RESGEN_CANDIDATES = [os.path.join(ROOT, ".build", "release", "resgen"), os.path.join(ROOT, ".build", "debug", "resgen")]
HEADING = "## Release build size of a Press app"

SOG_CONFIG = "generate:\n  - types\n  - client\naccessModifier: {access}\nnamingStrategy: idiomatic\n"

# (executable, client, access of the generated code, transport)
APPS = [
    ("HelloFoundation", "none: Foundation + URLSession, one GET (the floor)", "—", "URLSession"),
    ("PressResgen", "resgen + ResgenJSONAPI", "internal", "URLSessionTransport"),
    ("PressOpenAPI", "swift-openapi-generator + OpenAPIRuntime", "internal", "OpenAPIURLSession"),
    ("PressResgenPublic", "resgen + ResgenJSONAPI", "public", "URLSessionTransport"),
    ("PressOpenAPIPublic", "swift-openapi-generator + OpenAPIRuntime", "public", "OpenAPIURLSession"),
    ("PressResgenAHC", "resgen + ResgenJSONAPI", "internal", "AsyncHTTPClientTransport"),
    ("PressOpenAPIAHC", "swift-openapi-generator + OpenAPIRuntime", "internal", "OpenAPIAsyncHTTPClient"),
]
# The HAL app: no openapi peer (press.openapi.yaml is the JSON:API Press), run against no server.
HAL_APPS = [("ContactsResgenHAL", "resgen (HAL Contacts) + ResgenHAL", "internal", "URLSessionTransport")]
# The format module each resgen app must not contain a symbol of.
FOREIGN_FORMAT = {"PressResgen": "ResgenHAL", "PressResgenPublic": "ResgenHAL", "PressResgenAHC": "ResgenHAL",
                  "ContactsResgenHAL": "ResgenJSONAPI"}
# Built again with --static-swift-stdlib (the AsyncHTTPClient pair would build SwiftNIO a second time).
STATIC_APPS = ["HelloFoundation", "PressResgen", "PressOpenAPI", "PressResgenPublic", "PressOpenAPIPublic"]
# Side by side: (resgen's app, swift-openapi-generator's app), the same access and matching transports.
# The judged pair (issue 29): the Press app with internal clients over URLSession, stripped: resgen's no larger than
# swift-openapi-generator's.
JUDGED = ("PressResgen", "PressOpenAPI")
PAIRS = [("PressResgen", "PressOpenAPI"), ("PressResgenPublic", "PressOpenAPIPublic"), ("PressResgenAHC", "PressOpenAPIAHC")]


def swift_lines(directory):
    total = 0
    for base, _, names in os.walk(directory):
        for name in names:
            if name.endswith(".swift"):
                with open(os.path.join(base, name), "rb") as handle:
                    total += handle.read().count(b"\n")
    return total


def run_quietly(argv):
    """Runs a generator; its output only when it fails."""
    proc = subprocess.run(argv, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"failed ({proc.returncode}): {' '.join(argv)}\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}")


def generate(resgen, sog):
    """Writes both Press clients into the apps' Generated folders, with internal and with public access (the AHC
    apps link to the internal ones). resgen and swift-openapi-generator write only files that change, so a rerun
    rebuilds nothing."""
    os.makedirs(SCRATCH, exist_ok=True)
    lines = {}
    for access, suffix in (("internal", ""), ("public", "Public")):
        out_r = os.path.join(PACKAGE, "Sources", "PressResgen" + suffix, "Generated")
        out_s = os.path.join(PACKAGE, "Sources", "PressOpenAPI" + suffix, "Generated")
        run_quietly([resgen, "generate", os.path.join(ROOT, "Schemas", "press"), "--output", out_r, "--access", access])
        config = os.path.join(SCRATCH, f"openapi-generator-config-{access}.yaml")
        with open(config, "w") as handle:
            handle.write(SOG_CONFIG.format(access=access))
        run_quietly([sog, "generate", os.path.join(PACKAGE, "press.openapi.yaml"), "--config", config,
                     "--output-directory", out_s])
        lines.setdefault("resgen", swift_lines(out_r))   # the internal clients' (public ones differ by a few lines)
        lines.setdefault("sog", swift_lines(out_s))
    run_quietly([resgen, "generate", os.path.join(ROOT, "Schemas", "contacts"), "--output",
                 os.path.join(PACKAGE, "Sources", "ContactsResgenHAL", "Generated"), "--access", "internal"])
    return lines


def build():
    # The measured apps by name: the package's SideBySide apps compile only once side_by_side.py generated their
    # clients, which a fresh checkout lacks. One scratch path, so the flags and the dependencies' builds are shared.
    for name, _, _, _ in APPS + HAL_APPS:
        argv = ["swift", "build", "-c", "release", "--package-path", PACKAGE, "--scratch-path", SCRATCH, "--product", name]
        proc = subprocess.run(argv, capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit(f"failed: {' '.join(argv)}\n{proc.stdout[-6000:]}{proc.stderr[-2000:]}")
    return " ".join(argv[:4])


def build_static():
    """Builds STATIC_APPS with --static-swift-stdlib; {app: path}, or None without a system libcurl.so.4."""
    curl = next((path for pattern in ("/usr/lib/*-linux-gnu/libcurl.so.4", "/lib/*-linux-gnu/libcurl.so.4")
                 for path in sorted(glob.glob(pattern))), None)
    if curl is None:
        print("binary size: no libcurl.so.4, which static FoundationNetworking needs: no static builds", file=sys.stderr)
        return None
    link = os.path.join(STATIC_SCRATCH, "link")
    os.makedirs(link, exist_ok=True)
    if not os.path.islink(os.path.join(link, "libcurl.so")):
        os.symlink(curl, os.path.join(link, "libcurl.so"))
    for name in STATIC_APPS:
        argv = ["swift", "build", "-c", "release", "--static-swift-stdlib", "-Xlinker", "-L" + link, "--package-path",
                PACKAGE, "--scratch-path", STATIC_SCRATCH, "--product", name]
        proc = subprocess.run(argv, capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit(f"failed: {' '.join(argv)}\n{proc.stdout[-6000:]}{proc.stderr[-2000:]}")
    return {name: os.path.join(STATIC_SCRATCH, "release", name) for name in STATIC_APPS}


def stripped_size(binary):
    with tempfile.TemporaryDirectory() as scratch:
        copy = os.path.join(scratch, "stripped")
        subprocess.run(["strip", "-o", copy, binary], check=True)
        return os.path.getsize(copy)


def linkage(binary):
    """The toolchain's shared libraries the executable loads (`ldd`): {name: bytes}. Empty when Foundation and
    the Swift runtime are linked statically."""
    text = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
    found = {}
    for match in re.finditer(r"^\s*(\S+) => (\S+)", text, re.MULTILINE):
        name, path = match.groups()
        if "/lib/swift/" in path:
            found[name] = os.path.getsize(os.path.realpath(path))
    return found


MANGLED_MODULE = re.compile(r"^\$s(\d+)")


def symbol_module(name):
    """The module a Swift symbol's mangled name starts with; the standard library's own types and their
    specializations (`$sS…`, `$ss…`) as "Swift"; anything else (C, the runtime's glue) as "other"."""
    match = MANGLED_MODULE.match(name)
    if match:
        length = int(match.group(1))
        start = match.end()
        return name[start:start + length]
    if name.startswith("$sS") or name.startswith("$ss"):
        return "Swift"
    return "other"


def mangled_types(binary, module):
    """{type: bytes} of the symbols of `module` in the unstripped executable, by the first name after the module."""
    text = subprocess.run(["nm", "--print-size", "--defined-only", binary], capture_output=True, text=True).stdout
    prefix = f"$s{len(module)}{module}"
    sizes = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) < 4 or not parts[3].startswith(prefix):
            continue
        match = re.match(r"(\d+)", parts[3][len(prefix):])
        rest = parts[3][len(prefix):]
        name = rest[match.end():match.end() + int(match.group(1))] if match else "other"
        sizes[name] = sizes.get(name, 0) + int(parts[1], 16)
    return sizes


def modules(binary):
    """{module: bytes} of the defined symbols' sizes in the unstripped executable."""
    text = subprocess.run(["nm", "--print-size", "--size-sort", "--defined-only", binary], capture_output=True,
                          text=True).stdout
    sizes = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) < 4:
            continue
        module = symbol_module(parts[3])
        sizes[module] = sizes.get(module, 0) + int(parts[1], 16)
    return sizes


def foreign_symbols(binary, module):
    """The defined symbols of `module` (by their mangled names) in the unstripped executable."""
    text = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True).stdout
    return [line.split()[-1] for line in text.splitlines() if line.split() and symbol_module(line.split()[-1]) == module]


def check_one_format(binaries):
    """Exits naming the first symbols when an app of one wire format links the other format's module."""
    for name, module in FOREIGN_FORMAT.items():
        found = foreign_symbols(binaries[name], module)
        if found:
            sys.exit(f"binary size: {name} links {len(found)} symbols of {module}, e.g. {', '.join(found[:5])}")
        print(f"  {name}: no symbol of {module}", flush=True)


def run_apps(binaries):
    """Runs every app once against a fresh JSON:API test server; {app: (exit status, output)}, or None when the
    server's venv is missing."""
    python = os.path.join(ROOT, ".venv-jsonapi", "bin", "python")
    if not os.access(python, os.X_OK):
        print("binary size: .venv-jsonapi missing (make jsonapi-server): the apps are not run", file=sys.stderr)
        return None
    server = subprocess.Popen([python, os.path.join(ROOT, "Tests", "Servers", "jsonapi", "server.py")],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        match = re.match(r"LISTENING (\d+)", line)
        if not match:
            sys.exit(f"the JSON:API test server did not start: {line!r}")
        base = f"http://127.0.0.1:{match.group(1)}"
        results = {}
        for name, binary in binaries.items():
            argument = base + "/articles" if name == "HelloFoundation" else base
            proc = subprocess.run([binary, argument], capture_output=True, text=True, timeout=120)
            results[name] = (proc.returncode, (proc.stdout + proc.stderr).strip())
        return results
    finally:
        server.stdin.close()
        server.wait(timeout=30)


def measure(resgen=None, sog=SOG, run=True, static=True):
    """Generates, builds and measures every app; the result render() takes."""
    resgen = resgen or next((path for path in RESGEN_CANDIDATES if os.access(path, os.X_OK)), None)
    for tool, path in (("resgen", resgen), ("swift-openapi-generator", sog)):
        if not path or not os.access(path, os.X_OK):
            sys.exit(f"binary size: {tool} not found ({path}); build it first (`make bench` builds both)")
    lines = generate(resgen, sog)
    command = build()
    binaries = {name: os.path.join(SCRATCH, "release", name) for name, _, _, _ in APPS + HAL_APPS}
    check_one_format(binaries)
    rows = []
    for name, client, access, transport in APPS + HAL_APPS:
        binary = binaries[name]
        rows.append({"name": name, "client": client, "access": access, "transport": transport, "own": name,
                     "size": os.path.getsize(binary), "stripped": stripped_size(binary),
                     "libraries": linkage(binary), "modules": modules(binary)})
        if name == "PressResgen":
            rows[-1]["runtime_types"] = {**mangled_types(binary, "ResgenRuntimeCore"), **mangled_types(binary, "ResgenJSONAPI")}
        print(f"  {name}: {rows[-1]['size']:,} bytes, stripped {rows[-1]['stripped']:,}", flush=True)
    static_rows = []
    for name, path in (build_static() or {}).items() if static else []:
        static_rows.append({"name": name, "size": os.path.getsize(path), "stripped": stripped_size(path),
                            "libraries": linkage(path)})
        print(f"  {name}, static: {static_rows[-1]['size']:,} bytes, stripped {static_rows[-1]['stripped']:,}", flush=True)
    return {"rows": rows, "static": static_rows, "lines": lines, "command": command,
            "runs": run_apps({name: path for name, path in binaries.items() if name not in FOREIGN_FORMAT or name.startswith("Press")}) if run else None}


def mib(size):
    return f"{size / 1048576:.2f} MiB"


def breakdown(row, top=6):
    """One line: the largest modules of an app's symbol bytes; its own module is named "app + generated"."""
    sizes = sorted(row["modules"].items(), key=lambda item: -item[1])
    total = sum(size for _, size in sizes)
    parts = []
    for module, size in sizes[:top]:
        label = f"{module} (app + generated client)" if module == row["own"] else module
        parts.append(f"{label} {size / 1024:,.0f} KiB ({size / total:.0%})")
    return f"{total / 1024:,.0f} KiB of symbols: " + ", ".join(parts)


def render_static(static, dynamic):
    """The table of the --static-swift-stdlib builds, or nothing."""
    if not static:
        return []
    rows = {row["name"]: row for row in static}
    floor = rows["HelloFoundation"]
    partner = {s: r for r, s in PAIRS}
    out = ["Self-contained: the floor and the URLSession apps built again with `--static-swift-stdlib`, Foundation and "
           "the Swift runtime inside the executable (`ldd` lists "
           + ("none of the toolchain's libraries" if all(not row["libraries"] for row in static) else "**some** of the "
              "toolchain's libraries") + "; FoundationNetworking still loads the system's libcurl):\n"]
    out.append("| app | access | executable | stripped | stripped over the floor | over the floor vs resgen's |")
    out.append("|---|---|---:|---:|---:|---:|")
    for row in static:
        versus = "—"
        if row["name"] in partner and partner[row["name"]] in rows:
            base = rows[partner[row["name"]]]
            versus = (f"**{(row['stripped'] - floor['stripped']) / (base['stripped'] - floor['stripped']):.2f}×** "
                      f"({(row['stripped'] - base['stripped']) / 1048576:+.2f} MiB)")
        elif row is not floor:
            versus = "1.00×"
        over = row["stripped"] - floor["stripped"]
        out.append(f"| `{row['name']}` | {dynamic.get(row['name'], {}).get('access', '—')} "
                   f"| {row['size']:,} B ({mib(row['size'])}) | {row['stripped']:,} B ({mib(row['stripped'])}) "
                   f"| {'—' if row is floor else f'+{mib(over)}'} | {versus} |")
    out.append("")
    return out


def same_output(runs):
    """Whether every Press app printed the same lines, the new comment's id aside (each run adds a comment)."""
    texts = {re.sub(r"comment \d+", "comment N", text) for name, (_, text) in runs.items() if name.startswith("Press")}
    return len(texts) == 1


def render(result, date=None):
    """The section as Markdown lines."""
    if not result:
        return []
    rows = {row["name"]: row for row in result["rows"]}
    floor = rows["HelloFoundation"]
    dynamic = all(row["libraries"] for row in result["rows"])
    out = [f"{HEADING}: resgen vs swift-openapi-generator (issue 16)\n"]
    out.append(
        (f"Measured {date}. " if date else "") +
        "`Benchmarks/BinarySize`: one executable per row, each built by `" + result["command"] + " --product` into one "
        "scratch path (SwiftPM's "
        "release defaults: `-O`, whole-module optimisation, dead stripping; the same flags for every row). Every "
        "Press app does the same work (lists articles with `include=author` and prints each title with its author's "
        "name, fetches one article, creates a comment) through its generator's client, generated from the same "
        "API into the app's own module: resgen from `Schemas/press` ("
        + f"{result['lines']['resgen']:,}" + " lines), swift-openapi-generator 1.14.3 (types + client, idiomatic "
        "names) from `Benchmarks/BinarySize/press.openapi.yaml`, the same 17 operations in JSON:API's shapes ("
        + f"{result['lines']['sog']:,}" + " lines). Access: internal, as for code in the app's own module, which lets "
        "the optimiser drop what the app does not call; public (resgen's default, and what a client in a module of "
        "its own needs) keeps every declaration. Executable: as built, with its symbols and DWARF debug "
        "information; stripped: a `strip`ped copy without them, as one ships it. " +
        ("Every executable links the toolchain's Foundation and Swift runtime dynamically (SwiftPM's default on "
         "Linux; `ldd`), so they are not in its size; the last column is what it loads of them (not counted "
         "there: the system's libraries, such as the libcurl that FoundationNetworking loads). "
         if dynamic else "Foundation and the Swift runtime are linked statically (`ldd` lists none of theirs). ") +
        "The floor is Foundation + URLSession and one GET.\n")
    out.append("| app | client | access | transport | executable | stripped | stripped over the floor | stripped vs "
               "resgen's | toolchain libraries it loads |")
    out.append("|---|---|---|---|---:|---:|---:|---:|---:|")
    partner = {s: r for r, s in PAIRS}
    for row in result["rows"]:
        over = row["stripped"] - floor["stripped"]
        versus = "—"
        if row["name"] in partner:
            base = rows[partner[row["name"]]]
            versus = (f"**{row['stripped'] / base['stripped']:.2f}×** "
                      f"({(row['stripped'] - base['stripped']) / 1048576:+.2f} MiB)")
        elif row["name"] != "HelloFoundation":
            versus = "1.00×"
        libraries = row["libraries"]
        loads = f"{len(libraries)}, {mib(sum(libraries.values()))}" if libraries else "none (static)"
        out.append(f"| `{row['name']}` | {row['client']} | {row['access']} | {row['transport']} | {row['size']:,} B ({mib(row['size'])}) "
                   f"| {row['stripped']:,} B ({mib(row['stripped'])}) "
                   f"| {'—' if row is floor else f'+{mib(over)}'} | {versus} | {loads} |")
    networking = [row["name"] for row in result["rows"]
                  if "AHC" in row["name"] and "libFoundationNetworking.so" in row["libraries"]]
    if networking:
        out.append("")
        out.append(f"Over AsyncHTTPClient, {', '.join(f'`{n}`' for n in networking)} still loads FoundationNetworking "
                   "(and with it the system's libcurl): ResgenRuntime holds `URLSessionTransport`, the default of "
                   "`Client(api:)`'s `transport:`.")
    out.append("")
    out += render_verdict(rows)
    out += render_static(result.get("static"), {row["name"]: row for row in result["rows"]})
    out.append("Where the bytes go (`nm --size-sort` of the unstripped executable: symbol sizes summed by the module "
               "their mangled names start with; \"Swift\" is standard-library code specialized into the app, "
               "\"other\" C and runtime glue; the rest of a stripped file is unwind tables, relocations and "
               "metadata without symbols):\n")
    for name in ("PressResgen", "PressOpenAPI", "PressResgenPublic", "PressOpenAPIPublic"):
        out.append(f"- `{name}`: {breakdown(rows[name])}.")
    types = rows["PressResgen"].get("runtime_types")
    if types:
        largest = sorted(types.items(), key=lambda item: -item[1])[:8]
        hal = sum(size for name, size in types.items() if name.startswith("HAL"))
        out.append(f"- ResgenRuntime in `PressResgen`, its largest types: "
                   + ", ".join(f"{name} {size / 1024:,.0f} KiB" for name, size in largest)
                   + f"; the types named `HAL…` together {hal / 1024:,.0f} KiB, in an app that speaks JSON:API only.")
    out.append("")
    runs = result.get("runs")
    if runs:
        ok = [name for name, (status, _) in runs.items() if status == 0]
        failed = [name for name, (status, _) in runs.items() if status != 0]
        out.append(f"Each app ran once against the JSON:API test server (`Tests/Servers/jsonapi`): "
                   f"{', '.join(f'`{n}`' for n in ok) or 'none'} succeeded"
                   + (f"; **failed**: {', '.join(f'`{n}`' for n in failed)}" if failed else "") + "; the Press "
                   + ("apps printed the same lines (the new comment's id aside):\n" if same_output(runs)
                      else "apps' outputs **differ**; `PressResgen`'s:\n"))
        out.append("```")
        out.append(runs.get("PressResgen", (0, ""))[1])
        out.append("```")
        out.append("")
    elif runs is None:
        out.append("The apps were not run (no `.venv-jsonapi`).\n")
    return out


def size_verdict(rows):
    """(resgen's stripped bytes, swift-openapi-generator's, met?) for the judged pair."""
    resgen, sog = rows[JUDGED[0]]["stripped"], rows[JUDGED[1]]["stripped"]
    return resgen, sog, resgen <= sog


def gap(rows):
    """[(module label, resgen's bytes, swift-openapi-generator's bytes)] of the judged pair's symbols, the modules that
    differ most first: where resgen's app is larger."""
    resgen, sog = rows[JUDGED[0]], rows[JUDGED[1]]
    label = lambda module, row: "app + generated client" if module == row["own"] else module
    mine = {label(m, resgen): size for m, size in resgen["modules"].items()}
    theirs = {label(m, sog): size for m, size in sog["modules"].items()}
    found = [(m, mine.get(m, 0), theirs.get(m, 0)) for m in set(mine) | set(theirs)]
    return sorted(found, key=lambda item: -abs(item[1] - item[2]))


def render_verdict(rows):
    """The judged size target as a table, and while it is missed what makes the difference."""
    resgen, sog, ok = size_verdict(rows)
    out = [f"Target (issue 29): the Press app with internal clients (`{JUDGED[0]}`), stripped, no larger than "
           f"swift-openapi-generator's (`{JUDGED[1]}`).\n",
           "| judged | resgen's | swift-openapi-generator's | ratio | target | met? |", "|---|---:|---:|---:|---|---|",
           f"| `{JUDGED[0]}` vs `{JUDGED[1]}`, stripped | {resgen:,} B ({mib(resgen)}) | {sog:,} B ({mib(sog)}) "
           f"| **{resgen / sog:.2f}×** | ≤ 1.00× | {'met' if ok else '**not met**'} |", ""]
    if not ok:
        parts = [f"{module} {(mine - theirs) / 1024:+,.0f} KiB ({mine / 1024:,.0f} vs {theirs / 1024:,.0f})"
                 for module, mine, theirs in gap(rows)[:6] if mine != theirs]
        symbols = sum(rows[JUDGED[0]]["modules"].values()) - sum(rows[JUDGED[1]]["modules"].values())
        out.append(f"Missed by {(resgen - sog) / 1024:,.0f} KiB stripped ({symbols / 1024:+,.0f} KiB of symbols). By "
                   f"module, resgen's app against swift-openapi-generator's: {'; '.join(parts)}. What would close it: "
                   "the runtime code the app links has to shrink by about the stripped difference (the largest "
                   "types of ResgenRuntime in the app are listed below), or stop being linked where the app does not "
                   "use it.\n")
    return out


def failures(result):
    """What `make bench-check` reports: the size target (issue 29) when missed, a missing measurement, an app that
    failed or apps that did different work."""
    if not result:
        return ["binary size: not measured"]
    runs = result.get("runs") or {}
    found = [f"binary size: {name} failed against the JSON:API test server ({status}): {text[-300:]}"
             for name, (status, text) in runs.items() if status != 0]
    if runs and not found and not same_output(runs):
        found.append("binary size: the Press apps printed different lines, so they did not do the same work")
    rows = {row["name"]: row for row in result["rows"]}
    resgen, sog, ok = size_verdict(rows)
    if not ok:
        found.append(f"binary size: {JUDGED[0]} stripped is {resgen:,} B, {resgen / sog:.2f}× {JUDGED[1]}'s {sog:,} B, "
                     "target ≤ swift-openapi-generator's")
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--resgen", help="the resgen executable (default: .build/release/resgen, else debug)")
    parser.add_argument("--sog", default=SOG, help="the swift-openapi-generator executable")
    parser.add_argument("--no-run", action="store_true", help="do not run the apps against the test server")
    parser.add_argument("--no-static", action="store_true", help="skip the --static-swift-stdlib builds")
    args = parser.parse_args()
    result = measure(args.resgen, args.sog, not args.no_run, not args.no_static)
    print("\n".join(render(result)))
    for failure in failures(result):
        print(failure, file=sys.stderr)


if __name__ == "__main__":
    main()
