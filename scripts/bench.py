#!/usr/bin/env python3
"""Benchmark satsolve against MiniSat, CaDiCaL and splr on the shared CNF suite.

Every instance of ../shared/bench/cnf/expected.tsv is run by every available solver, the
solvers taking turns on each instance (so slow drifts of a shared machine hit all of them
alike), with a wall-clock timeout. Each answer is checked against expected.tsv and each
SAT model against the formula's clauses by scripts/benchlib.py, which shares no code with
any solver. Per-process peak memory comes from GNU time (/usr/bin/time, Debian package `time`).

Writes OUTDIR/results.csv (one row per run) and OUTDIR/summary.md (per-category solved
counts, PAR-2, geometric means of the time ratio to MiniSat, peak-memory ratios).

With --list, the instances are those of a list such as scripts/medium/suite.tsv (`make
bench-medium`): columns instance (a path under ../shared/bench: .cnf, .cnf.gz or .cnf.xz),
family (the category) and expected, instead of ../shared/bench/cnf/expected.tsv.

With --baseline PATH, an earlier satsolve build runs too, as `satsolve-base`, in the same
turns: the way to compare a change with the build before it under the same conditions.
With --satsolve-flags "ARGS" (`make bench SATSOLVE_FLAGS=...`), the arguments are appended
to every satsolve command line (not the baseline's), e.g. "--set NAME=VALUE" to measure
a solver option against the default build (`--baseline target/release/satsolve`).

With --cpu, the timeout is a CPU-time limit (RLIMIT_CPU, with a wall-clock guard of 30
times it) and the time of a run in the summary is its CPU seconds: for a machine shared
with other jobs, where wall time measures the neighbours (`make bench-hard`).

With --reference FILE (repeatable), the rows of FILE (results.csv's columns, plus the
solver's version and the date of the run, as scripts/hard/pick.py writes its
reference.csv) join the summary for the instances of this run: peers measured once per
machine instead of in every run. A solver with reference rows is not run; the summary
names each one's version, date and CPU limit. A reference row slower than --timeout counts
as unsolved; a limit below --timeout is said in the summary (its rows are unfair to it).

With --ratio-to SOLVER the ratio column compares with SOLVER instead of MiniSat (the hard
suite, which MiniSat does not solve by construction, compares with CaDiCaL).

Runs, CPU time, peak memory and answer checks are scripts/benchlib.py's. Each row of
results.csv has the wall seconds and the CPU seconds of the run.

Usage: scripts/bench.py [--timeout S] [--runs N] [--solvers a,b] [--only REGEX]
                        [--list FILE] [--baseline PATH] [--satsolve-flags ARGS]
                        [--cpu] [--reference FILE] [--ratio-to SOLVER] [OUTDIR]
"""

import argparse
import csv
import re
import shutil
import sys
import tempfile
from pathlib import Path

from benchlib import (ROOT, SUITE, add_satsolve_flags, geomean, median, read_cnf,
                      run_header, run_solver, satsolve_flags, solver_table, unpack, verdict,
                      write_csv)


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
    parser.add_argument("--cpu", action="store_true",
                        help="the timeout is a CPU-time limit and times are CPU seconds")
    parser.add_argument("--reference", action="append", default=[],
                        help="CSV of reference rows (peers run once) to add to the summary")
    parser.add_argument("--ratio-to", default="minisat",
                        help="the solver of the summary's time-ratio column")
    add_satsolve_flags(parser)
    args = parser.parse_args()
    flags = satsolve_flags(args.satsolve_flags)

    suite = Path(args.suite)
    outdir = Path(args.outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="sudosat-bench-"))
    commands = solver_table(scratch, args.satsolve, flags, args.baseline or None)
    if args.baseline and "satsolve-base" not in args.solvers.split(","):
        args.solvers += ",satsolve-base"
    solvers = []
    for name in args.solvers.split(","):
        if name not in commands:
            sys.exit(f"bench: unknown solver {name} (known: {', '.join(commands)})")
        if not commands[name].installed():
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

    # Reference rows of the instances of this run; their solvers are not run again.
    names = {name for name, *_ in rows}
    reference = []
    for path in args.reference:
        with open(path, newline="") as handle:
            reference += [r for r in csv.DictReader(handle) if r["instance"] in names]
    referenced = []
    for row in reference:
        if row["solver"] not in referenced:
            referenced.append(row["solver"])
    solvers = [s for s in solvers if s not in referenced]

    results = []
    wrong = 0
    for name, category, expected, source in rows:
        cnf = scratch / name
        unpack(source, cnf)
        clauses = read_cnf(cnf) if expected != "UNSAT" else []
        for number in range(args.runs):
            for solver in solvers:
                if args.cpu:
                    run = run_solver(commands[solver], cnf, 30 * args.timeout + 120,
                                     cpu_limit=args.timeout)
                    run.seconds = run.cpu
                else:
                    run = run_solver(commands[solver], cnf, args.timeout)
                correct = verdict(run.status, run.lits, expected, clauses)
                if correct is False:
                    wrong += 1
                    print(f"WRONG: {solver} on {name}: {run.status}", file=sys.stderr)
                results.append(dict(instance=name, category=category, expected=expected,
                                    solver=solver, run=number, status=run.status,
                                    correct="" if correct is None else int(correct),
                                    seconds=f"{run.seconds:.4f}", cpu_seconds=f"{run.cpu:.2f}",
                                    peak_kib=run.peak_kib))
                print(f"{name:45} {solver:9} {run.status:8} {run.seconds:8.3f}s "
                      f"{run.peak_kib / 1024:8.1f}MB", file=sys.stderr)
        cnf.unlink()

    if not results and not reference:
        sys.exit(f"bench: no instance matches --only {args.only!r}")
    fields = ["instance", "category", "expected", "solver", "run", "status", "correct",
              "seconds", "cpu_seconds", "peak_kib", "limit", "version", "date"]
    for row in reference:
        row.setdefault("cpu_seconds", row["seconds"])
        row["correct"] = int(row["correct"]) if row.get("correct") not in (None, "") else ""
        if row["correct"] == 1 and float(row["seconds"]) > args.timeout:
            row["correct"], row["status"] = "", "TIMEOUT"
        results.append({field: row.get(field, "") for field in fields})
    write_csv(outdir / "results.csv", results, fields)
    header = "\n".join(run_header(sys.argv, flags)) + "\n\n"
    if reference:
        versions = sorted({(r["solver"], r.get("version", "?"), r.get("date", "?"),
                            max(float(x["limit"] or 0) for x in reference if x["solver"] == r["solver"]))
                           for r in reference})
        header += "Reference rows (run once on this machine, not in this run): " + "; ".join(
            f"{solver}: {version}, {date}, CPU limit {limit:g} s" for solver, version, date, limit in versions
        ) + ".\n\n"
        short = [f"{solver} ({limit:g} s)" for solver, _, _, limit in versions if 0 < limit < args.timeout]
        if short:
            header += (f"CAUTION: reference rows with a limit below this run's {args.timeout:g} s: "
                       + ", ".join(short) + "; an instance they did not solve may be theirs in "
                       "a longer run.\n\n")
    (outdir / "summary.md").write_text(header + summary(results, solvers + referenced, args.timeout,
                                                        args.ratio_to))
    print((outdir / "summary.md").read_text())
    shutil.rmtree(scratch, ignore_errors=True)
    return 1 if wrong else 0


def summary(results, solvers, timeout, ratio_to="minisat"):
    """Markdown: per category and over all, solved counts, PAR-2 (an unsolved instance
    counts twice the timeout) and geometric-mean time ratios to `ratio_to` (MiniSat)."""
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
             "", f"| category | solver | solved | PAR-2 (s) | geomean time ratio to {ratio_to} "
             "| max peak-memory ratio |", "|---|---|---|---|---|---|"]
    for category in categories + (["all"] if len(categories) > 1 else []):
        names = [(i, c) for i, c in instances if category in ("all", c)]
        for solver in solvers:
            ratios, memory, solved, par2 = [], [], 0, []
            for name, own in names:
                mine = table.get((name, own, solver))
                base = table.get((name, own, ratio_to))
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
