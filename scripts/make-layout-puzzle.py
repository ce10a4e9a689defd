#!/usr/bin/env python3
"""Make a unique-solution puzzle for a square layout with our own pipeline.

Why: the shipped layout examples (testdata/layouts/) need puzzles whose solution is
known and unique; this derives both from the tools under test and checks uniqueness with
`satsolve --models 2`, so the fixture and its verification are reproducible.

    scripts/make-layout-puzzle.py LAYOUT [--seed S] [--bin DIR]

--bin defaults to this checkout's target/release (scripts/benchlib.py's RELEASE).

Prints the puzzle line and the solution line. The solution is the first model satsolve
finds for the empty grid; cells are then blanked in a seeded random order, keeping each
blank only while the puzzle still has exactly one solution.
"""
import argparse
import random
import subprocess
import sys

from benchlib import RELEASE


def run(binary, args, stdin):
    return subprocess.run([binary] + args, input=stdin, capture_output=True, text=True)


def count_models(bins, layout, puzzle, limit):
    cnf = run(f"{bins}/sudoku2cnf", ["--layout", layout], puzzle)
    if cnf.returncode != 0:
        sys.exit(f"sudoku2cnf failed: {cnf.stderr}")
    answer = run(f"{bins}/satsolve", ["--models", str(limit), "-"], cnf.stdout)
    return answer.stdout.count("s SATISFIABLE"), cnf.stdout, answer.stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("layout")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bin", default=str(RELEASE))
    args = parser.parse_args()
    empty = "." * 81
    _, _, answer = count_models(args.bin, args.layout, empty, 1)
    grid = run(f"{args.bin}/model2grid", ["--layout", args.layout, "--format", "line"], answer)
    solution = grid.stdout.strip()
    if grid.returncode != 0 or len(solution) != 81:
        sys.exit(f"model2grid failed: {grid.stderr}")
    cells = list(solution)
    order = list(range(81))
    random.Random(args.seed).shuffle(order)
    for cell in order:
        kept = cells[cell]
        cells[cell] = "."
        count, _, _ = count_models(args.bin, args.layout, "".join(cells), 2)
        if count != 1:
            cells[cell] = kept
    print("".join(cells))
    print(solution)


if __name__ == "__main__":
    main()
