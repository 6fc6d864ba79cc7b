"""Writes the checks of InferCheck's AppStoreConnectAllCheck (Generated/Checks.swift) from a draft that
`resgen import-openapi` wrote (``make asc-standin-all``, issue 47): for every resource the draft places, each list (to its last page) and
show of each of its paths, without and with its `all` include set (else its first) among those the path accepts
(`acceptsIncludes`), through InferCheckSupport's StandinChecker; on a path that does not accept every set, one call
with a set it does not accept, which the client must refuse before sending. A child path's parents (``Parent.at("1")``) and a show without a list take the id ``1`` (the
stand-in answers any id).

Run: ``python3 asc_check_source.py DRAFT.yml OUTPUT.swift``; main.swift calls ``readEveryOperation(with:)``.
"""
import re
import sys

import yaml

# `{ type: Bool?, … }`: a flow mapping's plain scalar ending in `?`, which Yams reads and PyYAML refuses.
OPTIONAL_IN_FLOW = re.compile(r"(:\s*)([A-Za-z_][\w\[\]]*\?)(?=\s*[,}])")


def type_name(name: str) -> str:
    return name[:1].upper() + name[1:]


def swift_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def chain(parent, resources) -> str:
    """The instance path of `parent` (and of its own parents) a child path starts with: `A.at("1") / B.at("1") / `."""
    prefix = ""
    seen = set()
    while parent and parent not in seen:
        seen.add(parent)
        prefix = '%s.at("1") / ' % parent + prefix
        parent = (resources.get(parent) or {}).get("parent")
    return prefix


def main() -> None:
    draft_path, output = sys.argv[1], sys.argv[2]
    with open(draft_path, encoding="utf-8") as file:
        draft = yaml.safe_load(OPTIONAL_IN_FLOW.sub(r'\1"\2"', file.read()))
    resources = draft.get("resources") or {}
    lines = []
    for name, resource in resources.items():
        if "path" not in resource:
            continue
        sets = resource.get("includes") or {}
        places = [(None, resource.get("parent"), resource.get("operations") or [], resource.get("acceptsIncludes"))]
        for path_name, further in (resource.get("paths") or {}).items():
            places.append((type_name(path_name), further.get("parent"), further.get("operations") or [],
                           further.get("acceptsIncludes")))
        for nested, parent, operations, accepted in places:
            includes = list(sets.keys()) if accepted is None else [name for name in sets if name in accepted]
            refused = [name for name in sets if name not in includes]
            include = "all" if "all" in includes else (includes[0] if includes else None)
            wire = ",".join(sets.get(include, [])) if include else ""
            prefix = chain(parent, resources)
            builder = "%s.%s" % (name, nested) if nested else name
            label = (parent + "/" if parent else "") + builder
            id_variable = None
            refuse = ("all" if "all" in refused else refused[0]) if refused else None
            if "list" in operations:
                lines.append("id = await checker.list(%s, %s%s.list())" % (swift_string(label + ".list"), prefix, builder))
                if include:
                    lines.append("await checker.list(%s, %s%s.list(), including: .%s)"
                                 % (swift_string(label + ".list including " + include), prefix, builder, include))
                if refuse:
                    lines.append("await checker.refused(%s, %s%s.list(), including: .%s)"
                                 % (swift_string(label + ".list including " + refuse), prefix, builder, refuse))
                id_variable = "id"
            if "show" in operations and nested is None:
                show = "%s%s.show(%s)" % (prefix, builder, "id ?? \"1\"" if id_variable == "id" else "\"1\"")
                lines.append("await checker.show(%s, %s)" % (swift_string(label + ".show"), show))
                if include:
                    lines.append("await checker.show(%s, %s, including: .%s, wire: %s)"
                                 % (swift_string(label + ".show including " + include), show, include, swift_string(wire)))
                if refuse:
                    lines.append("await checker.refused(%s, %s, including: .%s)"
                                 % (swift_string(label + ".show including " + refuse), show, refuse))
    source = [
        "// Written by Tests/Servers/asc_check_source.py from %s (make asc-standin-all). Do not edit." % draft_path.split("/")[-1],
        "import InferCheckSupport",
        "import ResgenRuntime",
        "",
        "/// Every list and show of every resource the draft places.",
        "func readEveryOperation(with checker: StandinChecker) async {",
        "    var id: String?",
        "    _ = id",
    ] + ["    " + line for line in lines] + ["}", ""]
    with open(output, "w", encoding="utf-8") as file:
        file.write("\n".join(source))


if __name__ == "__main__":
    main()
