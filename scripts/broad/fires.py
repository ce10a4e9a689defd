#!/usr/bin/env python3
"""Which of satsolve's techniques fire on which family of the broad suite.

Runs satsolve --stats on the first shuffled copy of every instance for a few CPU
seconds (interrupted with SIGINT, which prints the statistics), and sums per family the
counters of the techniques whose defaults docs/satsolve.md re-checks: elimination,
gates and congruence, XOR detection and Gauss-Jordan, vivification, the walks. Writes a
Markdown table to stdout.

    python3 scripts/broad/fires.py [--seconds 5] [--satsolve PATH] [--flags ARGS] COPIES_DIR
"""
import argparse
import csv
import re
import shlex
import signal
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COUNTERS = ["conflicts", "restarts", "eliminated variables", "subsumed clauses", "gates found",
            "substituted vars", "xors found", "xor matrices", "xor propagations",
            "vivified clauses", "vivified literals", "rephases", "walks", "weighted walks"]


def stats_of(satsolve, flags, cnf, seconds):
    process = subprocess.Popen([satsolve, "--stats", *flags, str(cnf)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        _, err = process.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGINT)
        _, err = process.communicate()
    values = {}
    for line in err.splitlines():
        match = re.match(r"c (.+?)\s{2,}(\d+)$", line)
        if match:
            values[match.group(1)] = int(match.group(2))
    return values


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("copies")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--satsolve", default=str(ROOT / "target" / "release" / "satsolve"))
    parser.add_argument("--flags", default="")
    parser.add_argument("--suite", default=str(ROOT / "scripts" / "broad" / "suite.tsv"))
    args = parser.parse_args()
    with open(args.suite, newline="") as handle:
        family_of = {r["name"]: r["family"] for r in csv.DictReader(handle, delimiter="\t")}
    totals = defaultdict(lambda: defaultdict(int))
    order = []
    for cnf in sorted(Path(args.copies).glob("*_s1.cnf")):
        family = family_of.get(re.sub(r"_s\d+$", "", cnf.stem))
        if family is None:
            continue
        if family not in order:
            order.append(family)
        for name, value in stats_of(args.satsolve, shlex.split(args.flags), cnf,
                                    args.seconds).items():
            totals[family][name] += value
        print(f"{cnf.name}", file=sys.stderr)
    print("| family | " + " | ".join(COUNTERS) + " |")
    print("|---|" + "---:|" * len(COUNTERS))
    for family in order:
        print(f"| {family} | " + " | ".join(str(totals[family][c]) for c in COUNTERS) + " |")


if __name__ == "__main__":
    main()
