#!/usr/bin/env python3
"""Benchmark of the sudoku2cnf encodings: which one should be the default?

For every puzzle set and every encoding (minimal, efficient, extended, compact) this
encodes each puzzle with `sudoku2cnf --encoding NAME`, then solves the same CNF with our
`satsolve` and with MiniSat, one right after the other (the order flips from puzzle to
puzzle, so neither solver always runs on a warm cache). It prints a Markdown table:
header variables, open variables (those in a clause of two or more literals) and clauses
as means per puzzle, and the total wall-clock times of both solvers, process start
included. Every answer must be SAT; anything else is reported and counted as a failure.

Usage:
    cargo build --release --bins
    python3 scripts/encodings.py [--count 100] [--shared ../shared] [--timeout 120]
                                 [--satsolve-flags ARGS] > table.md

Both solvers are run and timed by scripts/benchlib.py; --satsolve-flags appends
arguments to satsolve's command line.

Sets: the first COUNT puzzles of puzzles2_17_clue and of puzzles5_forum_hardest_1905_11+
(in the nearest shared/puzzles above the repository), and the 16x16 and 25x25 puzzles of testdata/puzzles.
"""

import argparse
import datetime
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from benchlib import (ROOT, RELEASE, add_satsolve_flags, find_shared, run_solver,
                      satsolve_flags, solver_table)

ENCODINGS = ["minimal", "efficient", "extended", "compact"]


def puzzle_lines(path, count):
    """The first `count` puzzle lines of a line-format file (comments skipped)."""
    lines = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            lines.append(line)
            if len(lines) == count:
                break
    return lines


def file_puzzles(pattern_prefix):
    """The puzzles of testdata/puzzles/<prefix>*.txt (not the solutions), as texts."""
    folder = ROOT / "testdata" / "puzzles"
    names = sorted(
        name
        for name in os.listdir(folder)
        if name.startswith(pattern_prefix) and not name.endswith(".solution.txt")
    )
    return [open(os.path.join(folder, name), encoding="utf-8").read() for name in names]


def cnf_figures(path):
    """(header variables, clauses, open variables) of a DIMACS file."""
    header_vars, clauses, open_vars = 0, 0, set()
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("c"):
                continue
            if line.startswith("p cnf"):
                header_vars = int(line.split()[2])
                continue
            lits = line.split()[:-1]
            clauses += 1
            if len(lits) > 1:
                open_vars.update(abs(int(lit)) for lit in lits)
    return header_vars, clauses, len(open_vars)


def run_set(name, puzzles, encoding, solvers, scratch, timeout):
    """One table row: the set under one encoding."""
    totals = {"vars": 0, "clauses": 0, "open": 0, "satsolve": 0.0, "minisat": 0.0}
    failures = 0
    for number, text in enumerate(puzzles):
        cnf = os.path.join(scratch, "p.cnf")
        with open(cnf, "wb") as out:
            subprocess.run(
                [RELEASE / "sudoku2cnf", "--encoding", encoding, "--index", "1"],
                input=text.encode(),
                stdout=out,
                check=True,
            )
        header_vars, clauses, open_vars = cnf_figures(cnf)
        totals["vars"] += header_vars
        totals["clauses"] += clauses
        totals["open"] += open_vars
        order = ["satsolve", "minisat"]
        if number % 2 == 1:
            order.reverse()
        for solver in order:
            answer = run_solver(solvers[solver], cnf, timeout)
            totals[solver] += answer.seconds
            if answer.status != "SAT":
                failures += 1
                print(f"{name} #{number + 1} {encoding} {solver}: {answer.status}, "
                      f"exit {answer.code}", file=sys.stderr)
    n = len(puzzles)
    return (
        f"| {name} | {encoding} | {n} | {totals['vars'] / n:,.0f} | {totals['open'] / n:,.0f} "
        f"| {totals['clauses'] / n:,.0f} | {totals['satsolve']:.2f} | {totals['minisat']:.2f} "
        f"| {failures} |"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100, help="puzzles per shared set")
    parser.add_argument("--shared", default=find_shared(), help="folder holding puzzles/")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per solve")
    add_satsolve_flags(parser)
    args = parser.parse_args()
    puzzles_dir = os.path.join(args.shared, "puzzles")
    sets = [
        ("17-clue", puzzle_lines(os.path.join(puzzles_dir, "puzzles2_17_clue"), args.count)),
        (
            "forum hardest",
            puzzle_lines(os.path.join(puzzles_dir, "puzzles5_forum_hardest_1905_11+"), args.count),
        ),
        ("16x16", file_puzzles("16x16_")),
        ("25x25", file_puzzles("25x25_")),
    ]
    print(f"Run {datetime.date.today()} on {os.cpu_count()} cores: `python3 scripts/encodings.py"
          f" --count {args.count}`; times are totals in seconds, process start included.\n")
    print("| set | encoding | puzzles | variables | open variables | clauses "
          "| satsolve s | MiniSat s | failures |")
    print("|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as scratch:
        solvers = solver_table(Path(scratch), flags=satsolve_flags(args.satsolve_flags))
        if not solvers["minisat"].installed():
            sys.exit("minisat is not on PATH")
        for name, puzzles in sets:
            for encoding in ENCODINGS:
                print(run_set(name, puzzles, encoding, solvers, scratch, args.timeout), flush=True)


if __name__ == "__main__":
    main()
