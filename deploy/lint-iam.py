#!/usr/bin/env python3
"""Lints rendered IAM policies with parliament (requirements-dev.txt): unknown actions, resources that
do not fit an action, condition keys an action does not support (which make a statement never match
that action) and parliament's other checks. Render the templates first (deploy/render-iam.sh): a
{{placeholder}} is not an ARN.

    .venv/bin/python deploy/lint-iam.py target/iam            # every .json of a folder, or given files

Prints one line per finding; exit 0 without findings, 1 with findings, 2 on bad usage."""

import json
import pathlib
import sys

from parliament import analyze_policy_string


def files_of(args):
    for arg in args:
        path = pathlib.Path(arg)
        if path.is_dir():
            yield from sorted(path.glob("*.json"))
        elif path.is_file():
            yield path
        else:
            raise FileNotFoundError(f"Cannot lint {arg}: no such file or folder")


def main(args):
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if args else 2
    try:
        files = list(files_of(args))
    except FileNotFoundError as e:
        print(e, file=sys.stderr)
        return 2
    if not files:
        print(f"Cannot lint {' '.join(args)}: no .json policy found", file=sys.stderr)
        return 2
    findings = 0
    for file in files:
        text = file.read_text()
        if "{{" in text:
            print(f"Cannot lint {file}: it still has placeholders; render it with deploy/render-iam.sh first",
                  file=sys.stderr)
            return 2
        for finding in analyze_policy_string(text, str(file)).findings:
            findings += 1
            detail = json.dumps(finding.detail, default=str) if not isinstance(finding.detail, str) else finding.detail
            print(f"{file}:{finding.location.get('line', '?')}: {finding.issue}: {detail}")
    print(f"{len(files)} policies, {findings} findings")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
