"""The docs' side-by-side (docs/openapi-side-by-side.md, issue 28), run for real: `make side-by-side`.

The same OpenAPI document, Benchmarks/BinarySize/press.openapi.yaml (the Press API of the JSON:API test server),
goes through swift-openapi-generator and through `resgen import-openapi` + the two edits the docs show +
`resgen generate`. Each client's app (Benchmarks/BinarySize/Sources/SideBySide*) fetches article 1 with its author
and comments from the real server (Tests/Servers/jsonapi, djangorestframework-jsonapi). The script checks that
both print the same values, counts the requests the server saw from each and the lines of each app's
FetchArticle.swift, and prints the draft's diff, so the page's numbers can be checked by anyone.

Needs: the JSON:API server's venv (`make jsonapi-server`) and swift-openapi-generator
(Benchmarks/.build/release/swift-openapi-generator, built here when missing, ~4.5 minutes).
"""
import difflib
import os
import subprocess
import sys

from binary_size import BENCH, PACKAGE, ROOT, SOG, SOG_CONFIG

SCRATCH = os.path.join(ROOT, ".build", "side-by-side")
DOCUMENT = os.path.join(PACKAGE, "press.openapi.yaml")
RESGEN = os.path.join(ROOT, ".build", "debug", "resgen")
SERVER = [os.path.join(ROOT, ".venv-jsonapi", "bin", "python"), os.path.join(ROOT, "Tests", "Servers", "jsonapi", "server.py")]

# The user's edits to the draft, each (the line import-openapi wrote, what the user writes instead).
EDITS = [
    ('      # author: key "author" — its linkage names no resource type (an enum, const or default of \'type\') '
     "(#/components/schemas/ArticleRelationships/properties/author)\n",
     "      author: { toOne: Person }  # edited: the document's linkage does not say its type\n"),
    ('      all: ["comments", "tags"]  # guessed: the include parameter takes any path (#/paths/~1articles/get/parameters/0/schema)\n',
     '      all: ["comments", "tags"]  # guessed: the include parameter takes any path (#/paths/~1articles/get/parameters/0/schema)\n'
     "      authorAndComments: [author, comments]  # edited: what the app fetches\n"),
]


def run(argv, **kwargs):
    proc = subprocess.run(argv, capture_output=True, text=True, **kwargs)
    if proc.returncode != 0:
        sys.exit(f"failed ({proc.returncode}): {' '.join(argv)}\n{proc.stdout[-4000:]}{proc.stderr[-4000:]}")
    return proc.stdout


def draft():
    """The imported draft, edited as the page says; prints the edit as a diff."""
    os.makedirs(SCRATCH, exist_ok=True)
    imported = os.path.join(SCRATCH, "press-imported.yml")
    run([RESGEN, "import-openapi", DOCUMENT, "--name", "Press", "--output", imported])
    with open(imported) as handle:
        original = handle.read()
    edited = original
    for old, new in EDITS:
        if old not in edited:
            sys.exit(f"the draft no longer has the line the page edits:\n{old}")
        edited = edited.replace(old, new)
    path = os.path.join(SCRATCH, "press.yml")
    with open(path, "w") as handle:
        handle.write(edited)
    diff = difflib.unified_diff(original.splitlines(True), edited.splitlines(True), "imported", "edited", n=1)
    print("".join(diff))
    run([RESGEN, "validate", path])
    return path


def generate(schema):
    run([RESGEN, "generate", schema, "--output", os.path.join(PACKAGE, "Sources", "SideBySideResgen", "Generated"),
         "--access", "internal"])
    config = os.path.join(SCRATCH, "openapi-generator-config.yaml")
    with open(config, "w") as handle:
        handle.write(SOG_CONFIG.format(access="internal"))
    run([SOG, "generate", DOCUMENT, "--config", config, "--output-directory",
         os.path.join(PACKAGE, "Sources", "SideBySideOpenAPI", "Generated")])


def build():
    products = {}
    for name in ("SideBySideResgen", "SideBySideOpenAPI"):
        run(["swift", "build", "--package-path", PACKAGE, "--scratch-path", SCRATCH, "--product", name])
        products[name] = os.path.join(SCRATCH, "debug", name)
    return products


def fetch(products):
    """Runs each app against one server; {app: (output, requests the server saw while it ran)}."""
    log = os.path.join(SCRATCH, "requests.log")
    results = {}
    with open(log, "w") as errors:
        server = subprocess.Popen(SERVER, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors, text=True,
                                  env={**os.environ, "JSONAPI_LOG_REQUESTS": "1"})
        try:
            port = next(line.split()[1] for line in server.stdout if line.startswith("LISTENING"))
            for name, executable in products.items():
                before = open(log).read().count("\n")
                output = run([executable, f"http://127.0.0.1:{port}", "1"]).strip()
                requests = open(log).read().splitlines()[before:]
                results[name] = (output, requests)
        finally:
            server.stdin.close()
            server.wait()
    return results


def function_lines(path):
    """The lines of FetchArticle.swift's function: its signature to its closing brace."""
    with open(path) as handle:
        lines = handle.read().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("func "))
    end = max(i for i, line in enumerate(lines) if line == "}")
    return end - start + 1


def main():
    if not os.path.exists(SOG):
        run(["swift", "build", "-c", "release", "--package-path", BENCH, "--product", "swift-openapi-generator"])
    run(["swift", "build", "--package-path", ROOT, "--product", "resgen"])
    generate(draft())
    results = fetch(build())
    for name, (output, requests) in results.items():
        source = os.path.join(PACKAGE, "Sources", name, "FetchArticle.swift")
        print(f"{name}: {function_lines(source)} lines in FetchArticle.swift; the server saw {len(requests)} request(s):")
        for request in requests:
            print(f"  {request}")
        print(f"  printed: {output}")
    outputs = {output for output, _ in results.values()}
    if len(outputs) != 1:
        sys.exit("the two clients printed different values")
    print("both clients printed the same values")


if __name__ == "__main__":
    main()
