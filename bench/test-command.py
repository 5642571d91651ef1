#!/usr/bin/env python3
"""Benchmark: how long the README's test command takes from a clean clone, and where its CPU goes.

Clones a revision of this repository into a new directory, runs `.ci/run` there (what CI runs: the
test command with CI=true) and, every --interval seconds, reads the CPU time of every process that
belongs to the clone (its path in the command line or working directory) from /proc. Prints
`test command seconds: <s>`, the CPU seconds by kind of process (Trino, Connect worker, Streams app,
services, test JVMs, dbt, ...) and by end-to-end test (the stack's data directory, e2e/<test>-<ms>,
names it), and how busy the cores were. With --baseline REV it first does the same for REV, in the
same run, and prints the ratio. A process seen by no sample (shorter than the interval) is missed,
and one's last interval before it exits too: `sampled` is a lower bound; `tree` is the exact CPU of
every process the command waited for (getrusage), without the stacks' detached daemons; `machine`
is every core's busy time over the run (/proc/stat), whatever ran.

Takes 20-40 minutes per revision; run it on an otherwise quiet machine (load changes seconds, not
much the CPU seconds). Not part of the test command.
"""

import argparse
import collections
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

TICK = os.sysconf("SC_CLK_TCK")
E2E_DATA_DIR = re.compile(r"/e2e-tests/target/e2e/([a-z0-9-]+?)-\d{10,}")
# (kind, pattern of the command line), first match wins
KINDS = [
    ("trino cli", r"trino-cli"),
    ("trino", r"io\.trino|trino-\d+.*(launcher|java)|/launcher --etc-dir"),
    ("peer-flink module (Flink job, its Streams app and test JVM)", r"(?i)flink"),
    ("connect worker", r"ConnectDistributed"),
    ("connect-config cli", r"dev\.lakehouse\.connect\.cli"),
    ("streams app", r"dev\.lakehouse\.streams"),
    ("services (broker, S3, catalog)", r"dev\.lakehouse\.local\.services|ServicesMain|DevServices"),
    ("maintenance-job cli", r"dev\.lakehouse\.maintenance"),
    ("generator", r"dev\.lakehouse\.generator"),
    ("e2e test JVMs", r"(surefire|failsafe).*e2e-tests|e2e-tests.*(surefire|failsafe)"),
    ("other test JVMs", r"surefire|failsafe"),
    ("maven", r"plexus-classworlds|org\.codehaus\.classworlds"),
    ("dbt", r"bin/dbt\b|bin/schedule\.py"),
    ("checker", r"-m checker"),
    ("dashboard", r"superset|gunicorn|chrom"),
    ("podman", r"podman|buildah|conmon"),
    ("other java", r"\bjava\b"),
    ("other python", r"python"),
]


def kind_of(command):
    return next((kind for kind, pattern in KINDS if re.search(pattern, command)), "other")


def read_process(pid):
    """(command line, working directory, CPU seconds) of a live process, or None."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
        fields = stat[stat.rfind(")") + 2:].split()
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            command = f.read().replace(b"\0", b" ").decode(errors="replace")
        try:
            cwd = os.readlink(f"/proc/{pid}/cwd")
        except OSError:
            cwd = ""
        return command, cwd, (int(fields[11]) + int(fields[12])) / TICK
    except (OSError, IndexError, ValueError):
        return None


def machine_cpu():
    """CPU seconds every core of the machine spent busy so far (/proc/stat: all but idle and iowait)."""
    with open("/proc/stat") as f:
        ticks = [int(v) for v in f.readline().split()[1:]]
    return (sum(ticks) - ticks[3] - ticks[4]) / TICK


TIMELINE_STEP = 60


def run_sampled(clone, interval, log):
    """Runs .ci/run in `clone`, sampling; returns (exit code, seconds, {pid: [kind, test, cpu]}, tree cpu,
    machine cpu, timeline): the timeline has, per TIMELINE_STEP seconds, the machine's busy CPU seconds
    and the end-to-end tests whose processes used CPU then."""
    seen = {}
    timeline = collections.defaultdict(lambda: [0.0, set()])
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    machine_before = machine_cpu()
    started = time.monotonic()
    with open(log, "w") as out:
        proc = subprocess.Popen(["./.ci/run"], cwd=clone, stdout=out, stderr=subprocess.STDOUT)
        machine_last = machine_before
        while proc.poll() is None:
            step = timeline[int((time.monotonic() - started) // TIMELINE_STEP)]
            machine_now = machine_cpu()
            step[0] += machine_now - machine_last
            machine_last = machine_now
            for pid in filter(str.isdigit, os.listdir("/proc")):
                process = read_process(pid)
                if process is None:
                    continue
                command, cwd, cpu = process
                if pid in seen or clone in command or cwd.startswith(clone):
                    last = seen.get(pid, ["other", None, 0, ""])
                    if command.strip():
                        # classified again each time: a launcher script execs its JVM under the same pid
                        test = E2E_DATA_DIR.search(command + " " + cwd)
                        seen[pid] = [kind_of(command), test.group(1) if test else None, cpu, command[:160]]
                    else:
                        # an exiting process, or Trino's JVM, whose launcher blanks its command line: as before
                        seen[pid] = last[:2] + [cpu, last[3]]
                    seen[pid][2] = max(cpu, last[2])
                    if seen[pid][1] and cpu > last[2]:
                        step[1].add(seen[pid][1])
            time.sleep(interval)
    seconds = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    tree = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return proc.returncode, seconds, seen, tree, machine_cpu() - machine_before, timeline


def measure(repo, revision, interval, workdir):
    clone = tempfile.mkdtemp(prefix="test-command-", dir=workdir)
    subprocess.run(["git", "clone", "-q", repo, clone], check=True)
    subprocess.run(["git", "-C", clone, "checkout", "-q", revision], check=True)
    log = clone + ".log"
    print(f"{revision}: .ci/run in {clone}, its output in {log} ...", flush=True)
    code, seconds, seen, tree, machine, timeline = run_sampled(clone, interval, log)
    by_kind, by_test, other = collections.Counter(), collections.Counter(), collections.Counter()
    for kind, test, cpu, command in seen.values():
        by_kind[kind] += cpu
        if kind == "other":
            other[" ".join(command.split()[:3])] += cpu
        if test:
            by_test[test] += cpu
    return dict(revision=revision, exit_code=code, seconds=round(seconds), tree_cpu=round(tree),
                sampled_cpu=round(sum(by_kind.values())), machine_cpu=round(machine), cores=os.cpu_count(),
                by_kind={k: round(v) for k, v in by_kind.most_common()},
                by_test={k: round(v) for k, v in by_test.most_common()},
                other={k: round(v) for k, v in other.most_common(5)},
                timeline=[dict(minute=m, busy=round(timeline[m][0] / (TIMELINE_STEP * os.cpu_count()), 2),
                               tests=sorted(timeline[m][1])) for m in sorted(timeline)], log=log)


def report(result, label=""):
    r = result
    busy = r["machine_cpu"] / (r["seconds"] * r["cores"])
    print(f"{label}test command seconds: {r['seconds']}")
    print(f"  {r['revision']}: exit {r['exit_code']}; CPU seconds: machine {r['machine_cpu']} ({r['cores']} cores "
          f"{busy:.0%} busy; anything else running counts too), tree {r['tree_cpu']}, sampled {r['sampled_cpu']}")
    print("  by kind: " + ", ".join(f"{k} {v}" for k, v in r["by_kind"].items()))
    print("  by end-to-end test (its stack's processes): " + ", ".join(f"{k} {v}" for k, v in r["by_test"].items()))
    print("  the most CPU of kind other: " + "; ".join(f"{k} {v}" for k, v in r["other"].items()))
    print(f"  busy by {TIMELINE_STEP} s (the tests running then): " + "; ".join(
        f"{step['minute']} {step['busy']:.0%}" + (f" {' '.join(step['tests'])}" if step["tests"] else "")
        for step in r["timeline"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--revision", default="HEAD", help="git revision to measure (default HEAD)")
    parser.add_argument("--baseline", help="git revision measured first, in the same run, for the ratio")
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between samples (default 2)")
    parser.add_argument("--workdir", default=tempfile.gettempdir(), help="where the clones go (default the temp dir)")
    parser.add_argument("--json-out", help="also write every figure to this file")
    args = parser.parse_args()
    repo = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True,
                          check=True).stdout.strip()
    resolve = lambda rev: subprocess.run(["git", "-C", repo, "rev-parse", "--short", rev], capture_output=True,
                                         text=True, check=True).stdout.strip()
    results = {}
    if args.baseline:
        results["baseline"] = measure(repo, resolve(args.baseline), args.interval, args.workdir)
    results["measured"] = measure(repo, resolve(args.revision), args.interval, args.workdir)
    if args.baseline:
        report(results["baseline"], "baseline ")
    report(results["measured"])
    if args.baseline:
        print(f"test command ratio: {results['measured']['seconds'] / results['baseline']['seconds']:.2f} "
              f"(measured / baseline)")
    if args.json_out:
        with open(args.json_out, "w") as f:
            json.dump(results, f, indent=2)
    sys.exit(max(r["exit_code"] for r in results.values()))


if __name__ == "__main__":
    main()
