"""Checks compose files without a Docker engine: the Compose specification's JSON schema (vendored in
schema/, see schema/SOURCE.md) plus what the schema cannot see: depends_on names real services, images
are pinned, build files exist, take their base image as the build argument BASE, run as a non-root
user, copy only packaged module output or files that exist, and every file they copy passes their
<Dockerfile>.dockerignore.

Usage: check_compose.py <compose-file>...   Exit 0 when every file passes, 1 otherwise;
every problem is printed to stderr as "Cannot use <file>: <reason>".
"""
import fnmatch
import json
import pathlib
import re
import sys

import jsonschema
import yaml

SCHEMA = pathlib.Path(__file__).resolve().parent / "schema" / "compose-spec.json"
COPY = re.compile(r"^\s*COPY\s+(?:--\S+\s+)*(.+)$", re.MULTILINE)
USER = re.compile(r"^\s*USER\s+(\S+)", re.MULTILINE)
FROM = re.compile(r"^\s*FROM\s+(\S+)", re.MULTILINE)
ARG_BASE = re.compile(r"^\s*ARG\s+BASE=(\S+)\s*$", re.MULTILINE)
# public bases whose default user is root
ROOT_BASES = ("eclipse-temurin", "python")


def problems_of(compose_file: pathlib.Path) -> list[str]:
    try:
        doc = yaml.safe_load(compose_file.read_text())
    except (OSError, yaml.YAMLError) as e:
        return [f"cannot read it as YAML ({e})"]
    schema = json.loads(SCHEMA.read_text())
    validator = jsonschema.Draft7Validator(schema)
    problems = [f"{'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message}"
                for e in sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))]
    if problems:
        return problems
    services = doc.get("services", {})
    for name, service in services.items():
        problems += service_problems(compose_file.parent, name, service, services)
    return problems


def service_problems(base, name, service, services):
    problems = []
    depends = service.get("depends_on", {})
    for other in (depends if isinstance(depends, (list, dict)) else []):
        if other not in services:
            problems.append(f"services/{name}/depends_on: no service named '{other}'")
    image = service.get("image")
    if image and (":" not in image.split("/")[-1] or image.endswith(":latest")):
        problems.append(f"services/{name}/image: '{image}' is not pinned to a version tag")
    build = service.get("build")
    if isinstance(build, dict):
        context = (base / build.get("context", ".")).resolve()
        dockerfile = context / build.get("dockerfile", "Dockerfile")
        if not dockerfile.is_file():
            problems.append(f"services/{name}/build: {dockerfile} does not exist")
        else:
            problems += dockerfile_problems(context, dockerfile, f"services/{name}/build")
    return problems


def dockerfile_problems(context, dockerfile, where):
    text = dockerfile.read_text()
    problems = []
    base = ARG_BASE.search(text)
    first_from = FROM.search(text)
    if not base or not first_from or first_from.group(1) != "${BASE}" or base.start() > first_from.start():
        problems.append(f"{where}: {dockerfile.name} does not take its base image as the build argument BASE "
                        "(ARG BASE=<the public image>, then FROM ${BASE})")
    users = USER.findall(text)
    if users and users[-1] in ("root", "0", "0:0"):
        problems.append(f"{where}: {dockerfile.name} runs as root (last USER is {users[-1]})")
    if not users and base and base.group(1).startswith(ROOT_BASES):
        problems.append(f"{where}: {dockerfile.name} has no USER: its base image {base.group(1)} runs as root")
    ignore = dockerfile.with_name(dockerfile.name + ".dockerignore")
    admitted = admitted_by(ignore) if ignore.is_file() else None
    if admitted is None:
        problems.append(f"{where}: {dockerfile.name} has no {ignore.name}: the whole build context would be sent")
    for line in COPY.findall(text):
        sources = line.split()[:-1]
        for source in sources:
            first = source.split("/")[0]
            if not (context / first).exists():
                problems.append(f"{where}: COPY source {source} is not under a folder of the build context")
            elif "/target/" in source and not (context / first / "pom.xml").is_file():
                problems.append(f"{where}: COPY source {source} is not a Maven module's output")
            elif "/target/" not in source and not list(context.glob(source.rstrip("/"))):
                problems.append(f"{where}: COPY source {source} does not exist")
            if admitted is not None and not admitted(source):
                problems.append(f"{where}: COPY source {source} is left out of the build context by {ignore.name}")
    return problems


def admitted_by(ignore):
    """Whether a path reaches the build context: the last pattern that matches it decides (! admits)."""
    patterns = []
    for line in ignore.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            patterns.append((line.startswith("!"), line.lstrip("!").rstrip("/")))

    def admitted(source):
        path = source.rstrip("/")
        verdict = True
        for admits, pattern in patterns:
            if pattern == "*" or path == pattern or path.startswith(pattern + "/") or fnmatch.fnmatch(path, pattern):
                verdict = admits
        return verdict

    return admitted


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    failed = False
    for name in argv[1:]:
        problems = problems_of(pathlib.Path(name).resolve())
        for problem in problems:
            print(f"Cannot use {name}: {problem}", file=sys.stderr)
        print(f"{name}: {'INVALID' if problems else 'valid'}")
        failed = failed or bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
