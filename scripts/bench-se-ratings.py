#!/usr/bin/env python3
"""Sudoku Explainer ratings: `sudokugen rate` against published ER values.

Reads a TSV of `PUZZLE<TAB>ER` lines (default: ../shared/puzzles/ratings/
sudoku-exchange-diabolical.tsv, 36,976 puzzles rated by Sukaku Explainer), rates every
puzzle (or the first --limit) with SUDOKUGEN, and prints a Markdown summary: the share
equal to SE's ER, within 0.3, and the disagreements by pattern (SE's ER, ours, our
hardest technique). With --baseline BIN, the same puzzles are rated by BIN too, and the
user CPU of both is timed in turns (--runs each, best kept) on the first --time-limit
puzzles: the speed ratio. --split N rates in N processes (on N cores: use only when the
machine is free).

Usage: bench-se-ratings.py SUDOKUGEN [--tsv FILE] [--limit N] [--baseline BIN]
       [--runs R] [--time-limit N] [--split N] [--out FILE.md]
       [--disagreements FILE.tsv]

--disagreements writes the puzzles rated otherwise than SE as `PUZZLE<TAB>ER` lines (a
--tsv for the next run: iterate on the disagreements alone), each followed by a comment
column with our ER and hardest step.
"""
import argparse
import collections
import os
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_TSV = os.path.join(HERE, "..", "..", "shared", "puzzles", "ratings",
                           "sudoku-exchange-diabolical.tsv")


def read_tsv(path, limit):
    rows = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            puzzle, er = line.split("\t")[:2]
            rows.append((puzzle, float(er)))
            if limit and len(rows) >= limit:
                break
    return rows


def rate(binary, puzzles, split):
    """Our ER and hardest technique per puzzle, rated in `split` processes."""
    chunks = [puzzles[i::split] for i in range(split)]
    procs = []
    with tempfile.TemporaryDirectory() as tmp:
        for k, chunk in enumerate(chunks):
            path = os.path.join(tmp, f"chunk{k}.txt")
            with open(path, "w") as f:
                f.write("\n".join(chunk) + "\n")
            # Each process writes a file of its own: a pipe left unread would stall it.
            out = open(os.path.join(tmp, f"rated{k}.txt"), "w")
            procs.append((subprocess.Popen([binary, "rate", path], stdout=out), out))
        for p, out in procs:
            if p.wait() != 0:
                sys.exit(f"{binary} rate exited {p.returncode}")
            out.close()
        outputs = []
        for k in range(split):
            with open(os.path.join(tmp, f"rated{k}.txt")) as f:
                outputs.append(f.read().splitlines())
    results = [None] * len(puzzles)
    for k, lines in enumerate(outputs):
        for j, line in enumerate(lines):
            er = float(line.split("/")[0])
            hardest = line.split("(hardest: ")[1].rstrip(")") if "hardest: " in line else "?"
            results[k + j * split] = (er, hardest)
    return results


def user_cpu(binary, path):
    """User CPU seconds of `binary rate path`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    subprocess.run([binary, "rate", path], stdout=subprocess.DEVNULL, check=True)
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sudokugen")
    ap.add_argument("--tsv", default=DEFAULT_TSV)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--baseline")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--time-limit", type=int, default=500)
    ap.add_argument("--split", type=int, default=1)
    ap.add_argument("--out")
    ap.add_argument("--disagreements")
    args = ap.parse_args()

    rows = read_tsv(args.tsv, args.limit)
    puzzles = [p for p, _ in rows]
    start = time.time()
    ours = rate(args.sudokugen, puzzles, args.split)
    wall = time.time() - start
    n = len(rows)
    exact = sum(1 for (_, se), (er, _) in zip(rows, ours) if abs(er - se) < 0.05)
    near = sum(1 for (_, se), (er, _) in zip(rows, ours) if abs(er - se) < 0.35)
    patterns = collections.Counter()
    for (_, se), (er, hardest) in zip(rows, ours):
        if abs(er - se) >= 0.05:
            patterns[(se, er, hardest)] += 1
    if args.disagreements:
        with open(args.disagreements, "w") as f:
            for (puzzle, se), (er, hardest) in zip(rows, ours):
                if abs(er - se) >= 0.05:
                    f.write(f"{puzzle}\t{se:.1f}\t{er:.1f} {hardest}\n")
    out = []
    out.append(f"Puzzles: {n} from `{os.path.basename(args.tsv)}`; rated in {wall:.0f} s "
               f"wall ({args.split} process{'es' if args.split > 1 else ''}).\n")
    out.append("| | puzzles | share |\n|---|---:|---:|")
    out.append(f"| ER equal to SE's | {exact} | {100 * exact / n:.2f}% |")
    out.append(f"| within 0.3 | {near} | {100 * near / n:.2f}% |\n")
    out.append("Disagreements by pattern (most frequent first):\n")
    out.append("| SE's ER | ours | our hardest step | puzzles |\n|---:|---:|---|---:|")
    for (se, er, hardest), count in patterns.most_common(30):
        out.append(f"| {se:.1f} | {er:.1f} | {hardest} | {count} |")
    if args.baseline:
        sample = puzzles[: args.time_limit]
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write("\n".join(sample) + "\n")
            path = f.name
        theirs, mine = [], []
        for _ in range(args.runs):
            theirs.append(user_cpu(args.baseline, path))
            mine.append(user_cpu(args.sudokugen, path))
        os.unlink(path)
        base_ratings = rate(args.baseline, puzzles, args.split)
        base_exact = sum(1 for (_, se), (er, _) in zip(rows, base_ratings)
                         if abs(er - se) < 0.05)
        base_near = sum(1 for (_, se), (er, _) in zip(rows, base_ratings)
                        if abs(er - se) < 0.35)
        out.append("")
        out.append(f"Baseline `{args.baseline}`: equal {100 * base_exact / n:.2f}%, within "
                   f"0.3 {100 * base_near / n:.2f}%.\n")
        out.append(f"Speed, user CPU of `rate` on the first {len(sample)} puzzles, in turns, "
                   f"best of {args.runs}: baseline {min(theirs):.2f} s, this build "
                   f"{min(mine):.2f} s, ratio {min(mine) / min(theirs):.2f}x "
                   f"(all runs: {', '.join(f'{t:.2f}' for t in theirs)} against "
                   f"{', '.join(f'{t:.2f}' for t in mine)}).")
    text = "\n".join(out) + "\n"
    sys.stdout.write(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
