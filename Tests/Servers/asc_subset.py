"""Writes the part of App Store Connect's OpenAPI document that `make test` reads through the stand-in server
(issue 47): the paths of the three tasks of the issue (list apps with their latest builds; page through all
beta testers of an app; patch an app's localization), with every component, so their responses and what
they include are as the whole document declares them.

Run: ``python3 asc_subset.py OUTPUT [--document PATH]``. The document is not copied into the project: the
part is written under .build by the Makefile (``make asc-standin``).
"""
import argparse
import json

from asc_standin import DEFAULT_DOCUMENT

PATHS = [
    "/v1/apps", "/v1/apps/{id}", "/v1/apps/{id}/builds", "/v1/apps/{id}/appStoreVersions",
    "/v1/builds", "/v1/builds/{id}",
    "/v1/betaTesters", "/v1/betaTesters/{id}",
    "/v1/appStoreVersions/{id}", "/v1/appStoreVersions/{id}/appStoreVersionLocalizations",
    "/v1/appStoreVersionLocalizations", "/v1/appStoreVersionLocalizations/{id}",
]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("output")
    parser.add_argument("--document", default=DEFAULT_DOCUMENT)
    arguments = parser.parse_args()
    with open(arguments.document, encoding="utf-8") as file:
        document = json.load(file)
    missing = [path for path in PATHS if path not in document["paths"]]
    if missing:
        raise SystemExit("asc_subset: the document has no %s" % ", ".join(missing))
    document["paths"] = {path: document["paths"][path] for path in PATHS}
    with open(arguments.output, "w", encoding="utf-8") as file:
        json.dump(document, file, indent=1)


if __name__ == "__main__":
    main()
