"""The structure measurements of issue 26 ("thin generated code"), so every step can report a before/after.

Usage: python3 Tests/Tools/structure_report.py [--history N | --edges | --check | --compile-folders]
(from the package root; `make structure`; `--check`, run by `make test`, fails when the folders of
ResgenCore, ResgenDrafting or a runtime module reference each other in a cycle, when the runtime's core
names a type of another runtime module, or a format or add-on module (the cache, downloads) names any
module's but the core's, or when the plugins' tool (`resgen-generator`, `ResgenCommandLine`) depends on
drafting, OpenAPIKit or the runtime)

Prints, as a table:
- **Swift in the Translator**: string literals in `Sources/ResgenCore/Translation/` that hold Swift code
  (a literal with a Swift keyword or statement punctuation: `try `, `let `, `var `, `func `, `self.`,
  `return `, `case `, `init(`, ` = `, `{ `, `-> `), and the lines they are on. Target: none.
- **Pre-rendered bodies**: `CodeLines` fields of the render context (`RenderContext.swift` and friends).
- **Runtime names as strings**: UpperCamelCase words in Translator literals and in `Templates/` that
  the runtime declares (found by a declaration scan of the runtime's modules).
- **Runtime API**: public declarations outside `@_spi(Generated)`, and the `@_spi(Generated)` marks (and
  the files holding them), by a line scan of the runtime's modules (a declaration line that starts
  with `public` or `open`, or with `@_spi(Generated) public`).
- **Runtime contract** (`Sources/ResgenCore/Naming/RuntimeContract.swift`, recorded and checked by
  `RuntimeContractTests`): the runtime modules generated code imports, the runtime types and members it
  names, its `@_spi(Generated)` declarations, and how many `@_spi(Generated)` declarations of the
  runtime's symbol graph (when `.build/debug/Modules` holds the built modules) the contract does not
  list, that is, that generated code does not use (target: 0); and the runtime's public declarations in
  no SPI, counted in the same symbol graphs (members and extension members included).
- **Runtime modules**: references (by the same name scan) from `ResgenRuntimeCore` to any other runtime
  module (a format, `ResgenHAL` or `ResgenJSONAPI`, or an add-on, `ResgenCaching`, `ResgenDownloads` or
  `ResgenLogging`),
  and from a format or an add-on to anything but the core (the other format, another add-on). Target:
  none (the imports are the compiler's to enforce; this catches a name spelled in a comment-free position
  first). The core reaches the cache only through its own protocol, `Client.Cache`: a core that named
  `HTTPCache` would link the cache into every app.
- **Formats in the core**: declarations in `Sources/ResgenRuntimeCore` of a type named for a format
  (`JSONAPI…`, `HAL…`), and string literals there that are a format's wire key (`"_links"`, `"_embedded"`,
  `"included"`, `"relationships"`, …). Target: none; the core defines protocols the formats implement (as
  `Client.Cache` for the cache). `--check` fails when the count rises above `FORMAT_NAMES_IN_CORE_CEILING`.
- **Folder references**: for `Sources/ResgenCore` and `Sources/ResgenRuntimeCore`, the pairs of top-level
  folders that reference each other (a file in one names a type declared at the top level of a file in
  the other, both ways), and the folders in a reference cycle. Target: none. `--check` fails on a cycle
  there and in the format modules (`Sources/ResgenJSONAPI` has one folder and `Sources/ResgenHAL` none so
  far, so the table leaves them out). `--edges` lists each folder's references with the names that make
  them. A name scan does not see a member used without its type's name (`decoder.wireFormat`);
  `--compile-folders` does, for the runtime's core: it typechecks each folder with only the folders it
  names (swiftc, ~1 min, after a build; not part of `make test`).
- **Files per generated-code change**: over the last N commits that changed a golden of generated code
  (`Tests/ResgenReferenceTests/Resources/ReferenceSources/`), how many other files each changed (median,
  max), and how many also touched `Templates/` and `RenderContext.swift`.

Heuristics (line and word scans, no Swift parser), stated here so that numbers are compared only with
numbers from the same script.
"""
import collections
import glob
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

SWIFT_LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')
SWIFTY = re.compile(r'(\btry \b|\blet \b|\bvar \b|\bfunc \b|\bself\.|\breturn\b|\bcase \b|\binit\(| = |\{ |-> )')
# A type declaration, after its attributes and modifiers; the name is the group.
_DECLARED_TYPE = r'(?:@\w+(?:\([^)]*\))?\s+)*(?:public |open |internal |private |fileprivate |package )?(?:final |indirect )?(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z]\w*)'
DECLARATION = re.compile(r'^\s*' + _DECLARED_TYPE, re.M)
UPPER_WORD = re.compile(r'\b([A-Z][A-Za-z0-9]+)\b')
# A top-level declaration (not indented): what a folder owns. Nested types (`Link`, `Result`) are left
# out, as their short names would be attributed to whichever folder declares one first.
TOP_LEVEL_DECLARATION = re.compile(r'^' + _DECLARED_TYPE, re.M)
# The runtime's modules: the format-neutral core, the two formats, the add-ons (the HTTP cache; downloads and
# streamed bodies; LoggingMiddleware), and the umbrella that re-exports them.
FORMAT_MODULES = ("Sources/ResgenHAL", "Sources/ResgenJSONAPI")
ADD_ON_MODULES = ("Sources/ResgenCaching", "Sources/ResgenDownloads", "Sources/ResgenLogging")
RUNTIME_MODULES = ["Sources/ResgenRuntimeCore", *FORMAT_MODULES, *ADD_ON_MODULES, "Sources/ResgenRuntime"]
# The modules whose folders must not reference each other in a cycle: the generator's, and the runtime's
# (the umbrella has no code). A module without folders passes trivially, and is checked once it has some.
FOLDER_ROOTS = ("Sources/ResgenCore", "Sources/ResgenDrafting", "Sources/ResgenRuntimeCore", *FORMAT_MODULES, *ADD_ON_MODULES)
# What the plugins' tool (`resgen-generator`) and the commands it shares with `resgen` (`ResgenCommandLine`) must
# not depend on (issue 50): the drafting code and OpenAPIKit, and the runtime, which every user's package
# would otherwise compile for the plugins.
PLUGIN_TOOL_TARGETS = ("resgen-generator", "ResgenCommandLine")
PLUGIN_TOOL_FORBIDDEN = re.compile(r'"(ResgenDrafting|ResgenRuntime\w*|ResgenHAL|ResgenJSONAPI|OpenAPIKit\w*)"')


def plugin_tool_dependencies():
    """(target, dependency) for each dependency of the plugins' tool and its commands' module that
    Package.swift names and `PLUGIN_TOOL_FORBIDDEN` forbids, by a scan of each target's declaration."""
    package = read("Package.swift")
    wrong = []
    for target in PLUGIN_TOOL_TARGETS:
        match = re.search(r'name: "' + re.escape(target) + r'",\s*dependencies: \[(.*?)\n\s*\]', package, re.S)
        if not match:
            wrong.append((target, "(no such target with dependencies in Package.swift)"))
            continue
        wrong += [(target, name) for name in PLUGIN_TOOL_FORBIDDEN.findall(match.group(1))]
    return wrong


def swift_files(root):
    return sorted(glob.glob(os.path.join(root, "**", "*.swift"), recursive=True))


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def translator_swift():
    literals, lines = 0, set()
    for path in swift_files("Sources/ResgenCore/Translation"):
        for number, line in enumerate(read(path).splitlines(), 1):
            if line.strip().startswith("///") or line.strip().startswith("//"):
                continue
            for literal in SWIFT_LITERAL.findall(line):
                if SWIFTY.search(literal):
                    literals += 1
                    lines.add((path, number))
    return literals, len(lines)


def code_lines_fields():
    count = 0
    for path in swift_files("Sources/ResgenCore/Translation"):
        count += len(re.findall(r'public var \w+: CodeLines\b', read(path)))
    return count


def runtime_files():
    return [path for root in RUNTIME_MODULES for path in swift_files(root)]


def runtime_types():
    names = set()
    for path in runtime_files():
        names.update(DECLARATION.findall(read(path)))
    return names


def module_edges():
    """runtime module → runtime module it references → the type names that make the reference."""
    owner = {}
    for root in RUNTIME_MODULES:
        for path in swift_files(root):
            for name in TOP_LEVEL_DECLARATION.findall(read(path)):
                owner.setdefault(name, root)
    edges = collections.defaultdict(lambda: collections.defaultdict(set))
    for root in RUNTIME_MODULES:
        text = "\n".join(code_only(read(p)) for p in swift_files(root))
        for word in set(UPPER_WORD.findall(text)):
            target = owner.get(word)
            if target and target != root:
                edges[root][target].add(word)
    return edges


def forbidden_module_edges(edges):
    """(source, target, names) for each reference the core makes to another runtime module, or a format or an
    add-on makes to anything but the core: each sits on the core alone, so an app links only the ones it uses."""
    core = "Sources/ResgenRuntimeCore"
    return [(a, b, edges[a][b]) for a in sorted(edges) for b in sorted(edges[a])
            if (a == core and b != core) or (a in FORMAT_MODULES + ADD_ON_MODULES and b != core)]


# What names a format in the runtime's core (issue 50): a declaration of a type named for a format
# (`JSONAPI…`, `HAL…`), or a string literal that is a format's wire key. The core reaches a format only
# through protocols of its own (as it reaches the cache through `Client.Cache`); the formats implement them.
FORMAT_TYPE_PREFIXES = ("JSONAPI", "HAL")
FORMAT_WIRE_KEYS = ("_links", "_embedded", "_templates", "included", "relationships", "jsonapi")
# `--check` fails when the core holds more than this many (a ratchet: lower it as the names move out; the
# target is 0).
FORMAT_NAMES_IN_CORE_CEILING = 5


def format_names_in_core():
    """(file, line, what) for each format's type declaration or wire key in `Sources/ResgenRuntimeCore`."""
    found = []
    for path in swift_files("Sources/ResgenRuntimeCore"):
        source = read(path)
        # Comments out, string literals kept (a wire key is one).
        code = re.sub(r'"""(?:.|\n)*?"""', '""', source)
        code = re.sub(r'//[^\n]*', '', code)
        for number, line in enumerate(code.splitlines(), 1):
            declared = DECLARATION.match(line)
            if declared and declared.group(1).startswith(FORMAT_TYPE_PREFIXES):
                found.append((path, number, declared.group(1)))
            for literal in SWIFT_LITERAL.findall(line):
                if literal in FORMAT_WIRE_KEYS:
                    found.append((path, number, f'"{literal}"'))
    return found


def runtime_names_as_strings(types):
    in_translator, in_templates = collections.Counter(), collections.Counter()
    for path in swift_files("Sources/ResgenCore/Translation"):
        for line in read(path).splitlines():
            if line.strip().startswith("//"):
                continue
            for literal in SWIFT_LITERAL.findall(line):
                for word in UPPER_WORD.findall(literal):
                    if word in types:
                        in_translator[word] += 1
    for path in sorted(glob.glob("Templates/*.mustache")):
        for word in UPPER_WORD.findall(read(path)):
            if word in types:
                in_templates[word] += 1
    return in_translator, in_templates


def runtime_api():
    public_outside_spi, spi_marks, spi_files = 0, 0, set()
    for path in runtime_files():
        for line in read(path).splitlines():
            stripped = line.strip()
            if stripped.startswith("//") or re.match(r'^(?:@\w+(?:\([^)]*\))?\s+)*import\s', stripped):
                continue
            if "@_spi(Generated)" in stripped:
                spi_marks += 1
                spi_files.add(path)
                continue
            if re.match(r'^(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s', stripped) and not stripped.startswith("public import"):
                public_outside_spi += 1
    return public_outside_spi, spi_marks, len(spi_files)


def contract():
    """The committed contract: each `static let name … = [ "a", "b", ]` list of RuntimeContract.swift."""
    text = read("Sources/ResgenCore/Naming/RuntimeContract.swift")
    lists = {}
    for name, body in re.findall(r'static let (\w+)[^=]*= \[(.*?)\n    \]', text, re.S):
        lists[name] = re.findall(r'"((?:[^"\\]|\\.)*)"', body)
    return lists


def runtime_symbols(modules):
    """From the built modules' symbol graphs: `Module: Type.member(labels:)` of each `@_spi(Generated)`
    declaration not inside another SPI one, and the number of public declarations in no SPI; None when
    the modules are not built (or were built before a source file moved) or the extractor is missing."""
    module_dir = ".build/debug/Modules"
    extractor = shutil.which("swift-symbolgraph-extract") or os.path.join(os.path.dirname(os.path.realpath(shutil.which("swiftc") or "/")), "swift-symbolgraph-extract")
    if not all(os.path.exists(os.path.join(module_dir, m + ".swiftmodule")) for m in modules) or not os.path.exists(extractor):
        return None
    triple = json.loads(subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True, check=True).stdout)["target"]["triple"]
    declarations, public = set(), 0
    with tempfile.TemporaryDirectory() as directory:
        for module in modules:
            output = os.path.join(directory, module)
            os.makedirs(output)
            subprocess.run([extractor, "-module-name", module, "-I", module_dir, "-target", triple, "-minimum-access-level", "public",
                            "-include-spi-symbols", "-output-dir", output], capture_output=True, check=True)
            symbols, parents = {}, {}
            for path in glob.glob(os.path.join(output, "*.symbols.json")):
                graph = json.load(open(path))
                for symbol in graph["symbols"]:
                    symbols[symbol["identifier"]["precise"]] = symbol
                for relationship in graph["relationships"]:
                    if relationship["kind"] in ("memberOf", "requirementOf", "optionalRequirementOf"):
                        parents[relationship["source"]] = relationship["target"]
            public += sum(1 for symbol in symbols.values() if not symbol.get("spi"))
            for identifier, symbol in symbols.items():
                parent = symbols.get(parents.get(identifier))
                try:
                    generated = symbol.get("spi") and not (parent and parent.get("spi")) and "Generated" in spi_groups(symbol)
                except FileNotFoundError:
                    return None  # built before a file moved: the graph is stale until the next build
                if generated:
                    declarations.add(f"{module}: {'.'.join(symbol['pathComponents'])}")
    return declarations, public


def spi_groups(symbol):
    """The SPI groups a declaration's attributes name, or else those of the extension it is in."""
    location = symbol.get("location")
    if not location:
        return set()
    # Relative to the package root: the modules may have been built at another path (/work/main).
    path = location["uri"].removeprefix("file://")
    path = path[path.index("/Sources/") + 1:] if "/Sources/" in path else path
    lines = read(path).split("\n")
    line = location["position"]["line"]

    def attributes(index):
        text = [lines[index]]
        while index > 0 and lines[index - 1].lstrip().startswith("@"):
            index -= 1
            text.append(lines[index])
        return set(re.findall(r'@_spi\((\w+)\)', " ".join(text)))

    own = attributes(line)
    if own:
        return own
    for index in range(line, -1, -1):
        text = lines[index]
        if text and text[0] not in " }" and ("extension " in text or text.startswith("@")):
            return attributes(index)
    return set()


def code_only(source):
    """The source without comments and string literals (names in text are no references)."""
    source = re.sub(r'"""(?:.|\n)*?"""', '""', source)
    source = re.sub(r'//[^\n]*', '', source)
    return re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', source)


def folders_of(root):
    return sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d)) and not d.endswith(".docc"))


def folder_edges(root):
    """folder → referenced folder → the type names that make the reference."""
    folders = folders_of(root)
    owner = {}
    for folder in folders:
        for path in swift_files(os.path.join(root, folder)):
            for name in TOP_LEVEL_DECLARATION.findall(read(path)):
                owner.setdefault(name, folder)
    edges = collections.defaultdict(lambda: collections.defaultdict(set))
    for folder in folders:
        text = "\n".join(code_only(read(p)) for p in swift_files(os.path.join(root, folder)))
        for word in set(UPPER_WORD.findall(text)):
            target = owner.get(word)
            if target and target != folder:
                edges[folder][target].add(word)
    return edges


def folder_references(root):
    folders = folders_of(root)
    edges = {source: set(targets) for source, targets in folder_edges(root).items()}
    mutual = sorted({tuple(sorted((a, b))) for a in edges for b in edges[a] if a in edges.get(b, set())})
    # Folders on a cycle: strongly connected components with more than one folder (Tarjan).
    index, low, stack, on_stack, components, counter = {}, {}, [], set(), [], [0]

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for successor in edges.get(node, ()):
            if successor not in index:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for folder in folders:
        if folder not in index:
            visit(folder)
    return folders, mutual, components


def compile_folders(root):
    """(folder, errors) for each folder of `root` that does not typecheck with only the folders it names,
    directly or through them: the references the name scan cannot see (a member such as
    `decoder.wireFormat`, declared in a folder whose types the file never names). The top folder, whose
    closure is the whole module, is the build's to check. Needs swiftc and the built dependencies
    (`.build/debug/Modules`)."""
    edges = {source: set(targets) for source, targets in folder_edges(root).items()}
    folders = folders_of(root)
    failures = []
    for folder in folders:
        closure, todo = {folder}, [folder]
        while todo:
            for target in edges.get(todo.pop(), ()):
                if target not in closure:
                    closure.add(target)
                    todo.append(target)
        if closure == set(folders):
            continue
        files = [path for name in sorted(closure) for path in swift_files(os.path.join(root, name))]
        result = subprocess.run(["swiftc", "-typecheck", "-parse-as-library", "-swift-version", "6", "-module-name", os.path.basename(root),
                                 "-package-name", "resgen", "-I", ".build/debug/Modules"] + files, capture_output=True, text=True)
        if result.returncode != 0:
            failures.append((folder, [line for line in result.stderr.splitlines() if ": error:" in line]))
    return failures


def history(limit):
    goldens = "Tests/ResgenReferenceTests/Resources/ReferenceSources/"
    log = subprocess.run(["git", "log", "--no-merges", "--format=%H", "-n", "400", "--", goldens], capture_output=True, text=True, check=True).stdout.split()
    counts, templates, context = [], 0, 0
    for commit in log[:limit]:
        files = subprocess.run(["git", "show", "--name-only", "--format=", commit], capture_output=True, text=True, check=True).stdout.split()
        generated = ("ReferenceSources/", "/Generated/", "EmbeddedTemplates.swift", "RenderContext+MustacheParent.swift", "RenderContext+RenderNode.swift", "RuntimeSymbols.swift", "RuntimeContract.swift", "resgen-schema.json")
        counts.append(sum(1 for f in files if not any(g in f for g in generated)))
        templates += any(f.startswith("Templates/") for f in files)
        context += any(f.endswith("RenderContext.swift") for f in files)
    return counts, templates, context


def main():
    limit = 30
    if sys.argv[1:2] == ["--history"]:
        limit = int(sys.argv[2])
    if sys.argv[1:2] == ["--check"]:
        # ResgenCore's stages, and the runtime's layers, depend in one direction (issue 26).
        failed = False
        for root in FOLDER_ROOTS:
            folders, mutual, cycles = folder_references(root)
            if not cycles:
                print(f"{root}: {len(folders)} folder{'' if len(folders) == 1 else 's'}, no reference cycle")
                continue
            failed = True
            edges = folder_edges(root)
            print(f"{root}: folders reference each other in a cycle (folders must depend in one direction):")
            for cycle in cycles:
                for source in cycle:
                    for target in cycle:
                        if target in edges.get(source, {}):
                            print(f"  {source} -> {target}: {', '.join(sorted(edges[source][target])[:10])}")
        if failed:
            sys.exit(1)
        # The runtime's core names no other runtime module, and the formats and add-ons only the core (issues
        # 26 and 29).
        wrong = forbidden_module_edges(module_edges())
        if wrong:
            print("runtime modules name a module they must not (the core no other, a format or add-on only the core):")
            for source, target, names in wrong:
                print(f"  {source} -> {target}: {', '.join(sorted(names)[:10])}")
            sys.exit(1)
        print("runtime modules: the core names no other, the formats and add-ons only the core")
        # The plugins' tool links the generator alone (issue 50).
        wrong = plugin_tool_dependencies()
        if wrong:
            print("the plugins' tool depends on what it must not build (drafting, OpenAPIKit, the runtime):")
            for target, name in wrong:
                print(f"  {target} -> {name}")
            sys.exit(1)
        print(f"plugins' tool: {', '.join(PLUGIN_TOOL_TARGETS)} depend on no drafting, OpenAPIKit or runtime module")
        # The core names no format: no `JSONAPI…`/`HAL…` type, no format's wire key (issue 50).
        named = format_names_in_core()
        if len(named) > FORMAT_NAMES_IN_CORE_CEILING:
            print(f"Sources/ResgenRuntimeCore names a format {len(named)} times, more than the {FORMAT_NAMES_IN_CORE_CEILING} left to move "
                  "(declare the format's type in its module, behind a protocol of the core):")
            for path, number, what in named:
                print(f"  {path}:{number}: {what}")
            sys.exit(1)
        print(f"Sources/ResgenRuntimeCore: names a format {len(named)} times (at most {FORMAT_NAMES_IN_CORE_CEILING}; target 0)")
        return
    if sys.argv[1:2] == ["--compile-folders"]:
        failures = compile_folders("Sources/ResgenRuntimeCore")
        for folder, errors in failures:
            print(f"Sources/ResgenRuntimeCore/{folder}: does not typecheck with only the folders it names:")
            for error in errors[:10]:
                print(f"  {error.replace(os.getcwd() + '/', '')}")
        if failures:
            sys.exit(1)
        print("Sources/ResgenRuntimeCore: each folder typechecks with only the folders it names")
        return
    if sys.argv[1:2] == ["--edges"]:
        for source, targets in sorted(module_edges().items()):
            for target, names in sorted(targets.items()):
                print(f"runtime modules: {source} -> {target}: {', '.join(sorted(names)[:10])}")
        for root in FOLDER_ROOTS:
            for source, targets in sorted(folder_edges(root).items()):
                for target, names in sorted(targets.items()):
                    print(f"{root}: {source} -> {target}: {', '.join(sorted(names)[:10])}")
        return
    rows = []
    literals, lines = translator_swift()
    rows.append(("Translator string literals holding Swift code", f"{literals} on {lines} lines"))
    rows.append(("CodeLines fields of the render context (pre-rendered bodies)", str(code_lines_fields())))
    types = runtime_types()
    translator_names, template_names = runtime_names_as_strings(types)
    rows.append(("runtime type names in Translator literals", f"{sum(translator_names.values())} uses of {len(translator_names)} names"))
    rows.append(("runtime type names in Templates/", f"{sum(template_names.values())} uses of {len(template_names)} names"))
    public, spi, spi_files = runtime_api()
    rows.append(("ResgenRuntime public declaration lines outside @_spi(Generated)", str(public)))
    rows.append(("@_spi(Generated) marks in ResgenRuntime", f"{spi} in {spi_files} files"))
    lists = contract()
    modules = lists.get("modules", [])
    rows.append(("runtime contract: modules generated code imports", ", ".join(modules)))
    rows.append(("runtime contract: names checked (types / members)", f"{len(lists.get('types', []))} / {len(lists.get('members', []))}"))
    rows.append(("runtime contract: @_spi(Generated) declarations", str(len(lists.get("generatedSPI", [])))))
    # The add-ons too: they declare no `Generated` SPI, but their public declarations are the runtime's.
    graph = runtime_symbols(modules + [os.path.basename(m) for m in ADD_ON_MODULES] if modules else modules)
    unused = "n/a (build first)" if graph is None else str(len(graph[0] - set(lists.get("generatedSPI", []))))
    rows.append(("… not used by generated code (not in the contract)", unused))
    rows.append(("runtime public declarations in no SPI (symbol graph)", "n/a (build first)" if graph is None else str(graph[1])))
    # The core names no other runtime module, the formats and add-ons only the core (the compiler enforces the
    # imports; this counts the names, so a moved file that still spells another module's type shows up here first).
    wrong = forbidden_module_edges(module_edges())
    spelled = ", ".join(os.path.basename(a) + " -> " + os.path.basename(b) for a, b, _ in wrong) or "-"
    rows.append(("runtime modules naming a module they must not (core → any, format or add-on → not core)", f"{len(wrong)}: {spelled}"))
    named = format_names_in_core()
    rows.append(("format types and wire keys in ResgenRuntimeCore (target 0)", f"{len(named)}: {', '.join(sorted({what for _, _, what in named})) or '-'}"))
    for root in FOLDER_ROOTS:
        folders, mutual, cycles = folder_references(root)
        if len(folders) < 2:
            continue  # nothing to reference each other (the check still covers the module)
        on_cycles = sorted({f for c in cycles for f in c})
        rows.append((f"{root}: folder pairs referencing each other", f"{len(mutual)} (of {len(folders)} folders)"))
        rows.append((f"{root}: folders on a reference cycle", f"{len(on_cycles)}: {', '.join(on_cycles) or '-'}"))
    counts, templates, context = history(limit)
    if counts:
        rows.append((f"non-generated files per golden-changing commit (last {len(counts)})", f"median {statistics.median(counts)}, max {max(counts)}"))
        rows.append(("… of which also touched Templates/ / RenderContext.swift", f"{templates} / {context}"))
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name.ljust(width)}  {value}")


if __name__ == "__main__":
    main()
