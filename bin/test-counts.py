#!/usr/bin/env python3
"""How many tests ran and how many were skipped, read from the JUnit XML reports under a directory:
Maven's (<module>/target/surefire-reports, failsafe-reports) and pytest's (<dir>/target/pytest-reports,
written with --junitxml). Prints each skipped test with its reason, then one line:
"<n> tests ran (<f> failed), <s> skipped".

Usage: bin/test-counts.py [--no-skips] [dir] [newer-than]
  --no-skips   exit 1 when a test was skipped (./lakehouse test with CI=true: a test whose prerequisite is
               missing must fail, and one that runs elsewhere by design must be deselected, not skipped)
  dir          default the repository; newer-than: a file, only reports written after it count (a
               checkout keeps the reports of earlier builds)
"""

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

REPORTS = ("*/target/*-reports/TEST-*.xml", "*/*/target/*-reports/TEST-*.xml")


def reports(root: Path, newer_than: float):
    for pattern in REPORTS:
        for path in sorted(root.glob(pattern)):
            if not any(part.startswith(".") for part in path.relative_to(root).parts) and path.stat().st_mtime > newer_than:
                yield path


def count(paths):
    """(ran, failed, skipped as [(test, reason)]) over the test cases of the reports."""
    ran, failed, skipped = 0, 0, []
    for path in paths:
        try:
            cases = ET.parse(path).getroot().iter("testcase")
            for case in cases:
                name = f"{case.get('classname')}.{case.get('name')}"
                skip = case.find("skipped")
                if skip is not None:
                    reason = (skip.get("message") or skip.text or "no reason given").strip().splitlines()[0]
                    skipped.append((name, reason))
                    continue
                ran += 1
                if case.find("failure") is not None or case.find("error") is not None:
                    failed += 1
        except ET.ParseError as e:
            print(f"Cannot read the test report {path}: {e}", file=sys.stderr)
            failed += 1
    return ran, failed, skipped


def main(argv):
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    no_skips = bool(argv) and argv[0] == "--no-skips"
    args = argv[1:] if no_skips else argv
    root = Path(args[0] if args else Path(__file__).resolve().parent.parent).resolve()
    newer_than = Path(args[1]).stat().st_mtime if len(args) > 1 else 0.0
    ran, failed, skipped = count(reports(root, newer_than))
    if skipped:
        print(f"Skipped tests ({len(skipped)}; with CI=true none may be: a missing prerequisite fails, a check that runs elsewhere "
              "by design is deselected):")
        for name, reason in skipped:
            print(f"  {name}: {reason}")
    print(f"{ran} tests ran ({failed} failed), {len(skipped)} skipped")
    return 1 if no_skips and skipped else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
