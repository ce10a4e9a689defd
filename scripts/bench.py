#!/usr/bin/env python3
"""Benchmark satsolve against MiniSat, CaDiCaL and splr on the shared CNF suite.

Every instance of ../shared/bench/cnf/expected.tsv is run by every available solver, the
solvers taking turns on each instance (so slow drifts of a shared machine hit all of them
alike), with a wall-clock timeout. Each answer is checked against expected.tsv and each
SAT model against the formula's clauses by the checker below, which shares no code with
any solver. Per-process peak memory comes from GNU time (/usr/bin/time, Debian package `time`).

Writes OUTDIR/results.csv (one row per run) and OUTDIR/summary.md (per-category solved
counts, PAR-2, geometric means of the time ratio to MiniSat, peak-memory ratios).

With --list, the instances are those of a list such as scripts/medium/suite.tsv (`make
bench-medium`): columns instance (a path under ../shared/bench: .cnf, .cnf.gz or .cnf.xz),
family (the category) and expected, instead of ../shared/bench/cnf/expected.tsv.

With --baseline PATH, an earlier satsolve build runs too, as `satsolve-base`, in the same
turns: the way to compare a change with the build before it under the same conditions.

Usage: scripts/bench.py [--timeout S] [--runs N] [--solvers a,b] [--only REGEX]
                        [--list FILE] [--baseline PATH] [OUTDIR]
"""

import argparse
import csv
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

from solverlib import (ROOT, SUITE, geomean, model_ok, read_cnf, run_solver,
                       solver_commands, unpack)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outdir", nargs="?", default=str(ROOT / "scratch" / "bench"))
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--solvers", default="satsolve,minisat,cadical,splr")
    parser.add_argument("--only", default="", help="regex on instance names")
    parser.add_argument("--suite", default=str(SUITE))
    parser.add_argument("--list", default="",
                        help="TSV of instance (path under ../shared/bench), family, expected")
    parser.add_argument("--satsolve", default=str(ROOT / "target" / "release" / "satsolve"),
                        help="the satsolve binary to measure (pin a copy while rebuilding)")
    parser.add_argument("--baseline", default="",
                        help="an earlier satsolve build, run as the solver `satsolve-base` "
                             "taking turns with the others (add it to --solvers)")
    args = parser.parse_args()

    suite = Path(args.suite)
    outdir = Path(args.outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="sudosat-bench-"))
    commands = solver_commands(scratch, args.satsolve)
    if args.baseline:
        baseline = os.path.abspath(args.baseline)
        commands["satsolve-base"] = (baseline, lambda cnf: ([baseline, str(cnf)], None))
        if "satsolve-base" not in args.solvers.split(","):
            args.solvers += ",satsolve-base"
    solvers = []
    for name in args.solvers.split(","):
        if name not in commands:
            sys.exit(f"bench: unknown solver {name}")
        if commands[name][0] is None or not os.path.exists(shutil.which(commands[name][0]) or commands[name][0]):
            print(f"bench: {name} not found, left out", file=sys.stderr)
            continue
        solvers.append(name)

    if args.list:
        # A list names each file by its path (compressed as stored) under ../shared/bench.
        with open(args.list) as handle:
            listed = [line.rstrip("\n").split("\t") for line in handle][1:]
        rows = [(Path(r[0]).name.removesuffix(".xz").removesuffix(".gz"), r[1], r[2],
                 SUITE.parent / r[0]) for r in listed if r and r[0]]
    else:
        with open(suite / "expected.tsv") as handle:
            rows = [line.rstrip("\n").split("\t") for line in handle][1:]
        # expected.tsv names the unpacked file; large ones are stored gzipped.
        rows = [(r[0], r[1], r[2], suite / r[0] if (suite / r[0]).exists() else suite / (r[0] + ".gz"))
                for r in rows if r]
    rows = [r for r in rows if re.search(args.only, r[0])]

    results = []
    wrong = 0
    for name, category, expected, source in rows:
        cnf = scratch / name
        unpack(source, cnf)
        clauses = read_cnf(cnf) if expected == "SAT" else None
        for run in range(args.runs):
            for solver in solvers:
                status, lits, seconds, peak = run_solver(commands[solver], cnf, args.timeout,
                                                         scratch)
                if status in ("SAT", "UNSAT"):
                    correct = status == expected and (status == "UNSAT" or model_ok(clauses, lits))
                else:
                    correct = None
                if correct is False:
                    wrong += 1
                    print(f"WRONG: {solver} on {name}: {status}", file=sys.stderr)
                results.append(dict(instance=name, category=category, expected=expected,
                                    solver=solver, run=run, status=status,
                                    correct="" if correct is None else int(correct),
                                    seconds=f"{seconds:.4f}", peak_kib=peak))
                print(f"{name:45} {solver:9} {status:8} {seconds:8.3f}s {peak/1024:8.1f}MB",
                      file=sys.stderr)
        cnf.unlink()

    with open(outdir / "results.csv", "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(results[0].keys()))
        writer.writeheader()
        writer.writerows(results)
    (outdir / "summary.md").write_text(summary(results, solvers, args.timeout))
    print((outdir / "summary.md").read_text())
    shutil.rmtree(scratch, ignore_errors=True)
    return 1 if wrong else 0


def summary(results, solvers, timeout):
    """Markdown: per category and over all, solved counts, PAR-2 (an unsolved instance
    counts twice the timeout) and geometric-mean ratios to MiniSat."""
    def median(values):
        values = sorted(values)
        return values[len(values) // 2]

    table = {}
    for row in results:
        key = (row["instance"], row["category"], row["solver"])
        solved = row["correct"] == 1
        table.setdefault(key, []).append((float(row["seconds"]) if solved else timeout,
                                          int(row["peak_kib"]), solved))
    categories = sorted({row["category"] for row in results})
    instances = sorted({(row["instance"], row["category"]) for row in results})
    lines = [f"Timeout {timeout:g} s (an unsolved run counts as the timeout in the ratios; "
             "PAR-2 is the mean time with an unsolved instance counted as twice the timeout).",
             "", "| category | solver | solved | PAR-2 (s) | geomean time ratio to minisat "
             "| max peak-memory ratio |", "|---|---|---|---|---|---|"]
    for category in categories + (["all"] if len(categories) > 1 else []):
        names = [(i, c) for i, c in instances if category in ("all", c)]
        for solver in solvers:
            ratios, memory, solved, par2 = [], [], 0, []
            for name, own in names:
                mine = table.get((name, own, solver))
                base = table.get((name, own, "minisat"))
                if not mine:
                    continue
                ok = all(s for _, _, s in mine)
                solved += ok
                par2.append(median([t for t, _, _ in mine]) if ok else 2 * timeout)
                if base:
                    ratios.append(median([t for t, _, _ in mine]) / max(median([t for t, _, _ in base]), 1e-3))
                    memory.append(max(m for _, m, _ in mine) / max(max(m for _, m, _ in base), 1))
            lines.append(f"| {category} | {solver} | {solved}/{len(names)} | "
                         f"{sum(par2) / len(par2) if par2 else float('nan'):.2f} | "
                         f"{geomean(ratios):.2f} | {max(memory) if memory else float('nan'):.2f} |")
    lines += ["", "| instance | " + " | ".join(solvers) + " |",
              "|---|" + "---|" * len(solvers)]
    for name, category in instances:
        cells = []
        for solver in solvers:
            runs = table.get((name, category, solver), [])
            if not runs:
                cells.append("")
            elif all(s for _, _, s in runs):
                cells.append(f"{median([t for t, _, _ in runs]):.3f}")
            else:
                cells.append("-")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
