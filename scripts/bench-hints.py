#!/usr/bin/env python3
"""Hints and ratings on the shared puzzle sets: the table of `make bench-hints`.

    scripts/bench-hints.py [--bin DIR] [--hint-bench PATH] [--sets NAMES]
                           [--limit N] [--limits NAME=N,...] [OUT]

For each set (1,000 17-clue puzzles, every 49th of the shared file; magictour top1465;
the forum's hardest of 2011 (375); the 1,050 hard Hanidoku) `examples/hint_bench` walks
the tutor from the givens to the solution, timing every hint (`Tutor::next`), and rates
each puzzle. Reported per set:

- the share of steps per technique (the most frequent ones);
- the share of puzzles (and of steps) that need forcing chains, Nishio or search;
- hint latency, p50 / p95 / p99 / max;
- wrong steps (a step disagreeing with the solution, dropped by the tutor): must be 0;
- time to rate a puzzle: `sudokugen rate FILE` (uniqueness proof and SE-style rating)
  against `qqwing --solve --stats` (qqwing's difficulty output) on the same puzzles, in
  the same run, alternating, as milliseconds per puzzle and their ratio (9x9 only);
- the ER distribution by level.

Then the agreement of `sudokugen rate` with published ratings: the 80 Sukaku
Explainer-rated puzzles of testdata/ratings, and a sample of the forum's hardest of 2019
(all rated 11.0 or more by SE).

The load average before and after goes into the summary (a shared machine). Writes
OUT/summary.md (default scratch/bench-hints) and prints it. Exit 0 when no step was
wrong, 1 otherwise, 2 on a missing tool or file.
"""
import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import ROOT, find_shared  # noqa: E402

CHAINED = {"nishio", "cell-forcing-chain", "region-forcing-chain", "forcing-chain-contradiction",
           "nested-forcing-chain", "nested-forcing-chain-plus", "search"}


def read_lines(path):
    """Puzzle lines of a shared file: comments and count lines dropped, CRLF stripped."""
    out = []
    with open(path, encoding="latin-1") as handle:
        for line in handle:
            line = line.strip()
            if not line or line.startswith("#") or len(line) < 20:
                continue
            out.append(line)
    return out


def sets(shared, limit, limits=""):
    """(name, layout, puzzle lines) for each set; `limit` puzzles at most per set, and
    `limits` ("top1465=200,hanidoku=100") per set by a substring of its name."""
    puzzles = Path(shared) / "puzzles"
    seventeen = read_lines(puzzles / "puzzles2_17_clue")[::49][:1000]
    out = [
        ("17-clue (1,000)", "sudoku", seventeen),
        ("top1465", "sudoku", read_lines(puzzles / "puzzles3_magictour_top1465")),
        ("forum hardest 1106", "sudoku", read_lines(puzzles / "puzzles6_forum_hardest_1106")),
        ("hard Hanidoku", "hanidoku", read_lines(puzzles / "hanidoku" / "1050_hard_hanidoku.txt")),
    ]
    if limit:
        out = [(name, layout, lines[:limit]) for name, layout, lines in out]
    for item in filter(None, limits.split(",")):
        key, count = item.split("=")
        out = [(name, layout, lines[:int(count)] if key in name else lines)
               for name, layout, lines in out]
    return out


def percentile(values, fraction):
    if not values:
        return 0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def run_hints(hint_bench, layout, path):
    """Parse hint_bench's lines: per puzzle its techniques, step times, wrong count, ER."""
    result = subprocess.run([hint_bench, "--rate", "--layout", layout, str(path)],
                            capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit(f"bench-hints: hint_bench failed on {path}: {result.stderr.strip()}")
    steps = defaultdict(list)
    wrong = 0
    ratings = {}
    rate_us = []
    skipped = 0
    for line in result.stdout.splitlines():
        fields = line.split("\t")
        if fields[0] == "step":
            steps[int(fields[1])].append((fields[2], int(fields[3])))
        elif fields[0] == "puzzle":
            wrong += int(fields[3])
        elif fields[0] == "rating":
            ratings[int(fields[1])] = float(fields[2])
            rate_us.append(int(fields[3]))
        elif fields[0] == "skip":
            skipped += 1
    return steps, wrong, ratings, rate_us, skipped


def timed(argv, stdin_bytes):
    start = time.monotonic()
    result = subprocess.run(argv, input=stdin_bytes, capture_output=True, check=False)
    return time.monotonic() - start, result


def level(er):
    for bound, name in [(1.55, "easy"), (2.55, "medium"), (3.95, "hard"), (5.95, "expert"),
                        (7.45, "diabolical"), (8.95, "extreme")]:
        if er < bound:
            return name
    return "beyond"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=str(ROOT / "target" / "release"))
    parser.add_argument("--hint-bench", default=None)
    parser.add_argument("--sets", default=None, help="comma-separated substrings of set names")
    parser.add_argument("--limit", type=int, default=0, help="at most N puzzles per set")
    parser.add_argument("--limits", default="",
                        help="per set, by a substring of its name: top1465=200,hanidoku=100")
    parser.add_argument("out", nargs="?", default=str(ROOT / "scratch" / "bench-hints"))
    args = parser.parse_args()
    bindir = Path(args.bin)
    hint_bench = args.hint_bench or str(bindir / "examples" / "hint_bench")
    sudokugen = str(bindir / "sudokugen")
    for tool in (hint_bench, sudokugen):
        if not os.path.exists(tool):
            sys.exit(f"bench-hints: {tool} is missing (make bench-hints builds it)")
    qqwing = subprocess.run(["which", "qqwing"], capture_output=True, text=True).stdout.strip()
    shared = find_shared()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    load_before = os.getloadavg()
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    lines = ["# make bench-hints", "",
             f"Commit {commit}, {platform.node()}, {os.cpu_count()} cores, "
             f"load average before {load_before[0]:.1f} {load_before[1]:.1f} {load_before[2]:.1f}.",
             f"Command: `{' '.join(sys.argv)}`.", ""]
    table = ["| set | puzzles | steps | puzzles needing FC/Nishio/search | steps FC/Nishio/search "
             "| puzzles needing search | hint p50 / p95 / p99 / max (ms) | wrong steps "
             "| rate ms/puzzle: ours / qqwing (ratio) |",
             "|---|---:|---:|---:|---:|---:|---|---:|---|"]
    details = []
    all_wrong = 0
    for name, layout, puzzle_lines in sets(shared, args.limit, args.limits):
        if args.sets and not any(s in name for s in args.sets.split(",")):
            continue
        path = out / (name.split(" ")[0].replace(",", "") + "-" + layout + ".txt")
        path.write_text("\n".join(puzzle_lines) + "\n")
        started = time.monotonic()
        steps, wrong, ratings, rate_us, skipped = run_hints(hint_bench, layout, path)
        hint_secs = time.monotonic() - started
        all_wrong += wrong
        times = [us for path_steps in steps.values() for _, us in path_steps]
        techniques = Counter(t for path_steps in steps.values() for t, _ in path_steps)
        total = sum(techniques.values())
        chained_puzzles = sum(1 for s in steps.values() if any(t in CHAINED for t, _ in s))
        search_puzzles = sum(1 for s in steps.values() if any(t == "search" for t, _ in s))
        chained_steps = sum(n for t, n in techniques.items() if t in CHAINED)
        # Rating time: ours (whole CLI, uniqueness proof included) against qqwing's
        # --solve --stats on the same puzzles, alternating, best of two each.
        ours_best, theirs_best = None, None
        data = path.read_bytes()
        for _ in range(2):
            secs, result = timed([sudokugen, "rate", "--layout", layout, str(path)], b"")
            ours_best = secs if ours_best is None else min(ours_best, secs)
            if layout == "sudoku" and qqwing:
                secs, _ = timed([qqwing, "--solve", "--stats", "--nosolution"], data)
                theirs_best = secs if theirs_best is None else min(theirs_best, secs)
        count = max(1, len(steps))
        ours_ms = 1000 * ours_best / count
        if theirs_best is not None:
            theirs_ms = 1000 * theirs_best / count
            rate_cell = f"{ours_ms:.1f} / {theirs_ms:.2f} ({ours_ms / theirs_ms:.0f}x)"
        else:
            rate_cell = f"{ours_ms:.1f} / n/a"
        ms = lambda us: us / 1000
        table.append(
            f"| {name} | {len(steps)}{f' (+{skipped} skipped)' if skipped else ''} | {total} "
            f"| {100 * chained_puzzles / count:.1f}% | {100 * chained_steps / max(1, total):.2f}% "
            f"| {100 * search_puzzles / count:.1f}% "
            f"| {ms(percentile(times, 0.5)):.3f} / {ms(percentile(times, 0.95)):.1f} / "
            f"{ms(percentile(times, 0.99)):.1f} / {ms(max(times, default=0)):.0f} | {wrong} "
            f"| {rate_cell} |")
        levels = Counter(level(er) for er in ratings.values())
        details.append(f"### {name}")
        details.append("")
        details.append(f"Tutor walk and rating: {hint_secs:.0f} s; rating alone, median "
                       f"{statistics.median(rate_us) / 1000 if rate_us else 0:.1f} ms per puzzle.")
        details.append("")
        details.append("Steps per technique: " + ", ".join(
            f"{t} {100 * n / max(1, total):.1f}%" for t, n in techniques.most_common(14)) + ".")
        details.append("")
        details.append("ER by level: " + ", ".join(
            f"{lv} {levels.get(lv, 0)}" for lv in
            ["easy", "medium", "hard", "expert", "diabolical", "extreme", "beyond"]) + ".")
        details.append("")
    lines += table + [""] + details
    # Agreement with published ratings.
    sample = ROOT / "testdata" / "ratings" / "sukaku_explainer_sample.txt"
    if sample.exists() and (not args.sets or "agree" in args.sets):
        pairs = [l.split() for l in sample.read_text().splitlines() if l.strip()]
        result = subprocess.run([sudokugen, "rate"], input="\n".join(p[0] for p in pairs) + "\n",
                                capture_output=True, text=True, check=False)
        ours = [float(l.split("/")[0]) for l in result.stdout.splitlines()]
        diffs = [abs(o - float(p[1])) for o, p in zip(ours, pairs)]
        exact = sum(d < 0.05 for d in diffs)
        close = sum(d <= 0.3 for d in diffs)
        lines += ["## Agreement with published ratings", "",
                  f"Sukaku Explainer sample ({len(pairs)} puzzles, testdata/ratings): ER equal on "
                  f"{exact}, within 0.3 on {close}, mean absolute difference "
                  f"{statistics.mean(diffs):.2f}; ours higher on "
                  f"{sum(o > float(p[1]) + 0.05 for o, p in zip(ours, pairs))}, lower on "
                  f"{sum(o < float(p[1]) - 0.05 for o, p in zip(ours, pairs))}.", ""]
        hardest = Path(shared) / "puzzles" / "puzzles5_forum_hardest_1905_11+"
        if hardest.exists():
            take = read_lines(hardest)[::500][:100]
            result = subprocess.run([sudokugen, "rate"], input="\n".join(take) + "\n",
                                    capture_output=True, text=True, check=False)
            ers = [float(l.split("/")[0]) for l in result.stdout.splitlines() if "/" in l]
            lines += [f"Forum hardest 2019 (SE 11.0 or more), every 500th ({len(ers)} puzzles): "
                      f"ours 9.0 or more on {sum(e >= 9.0 for e in ers)}, 8.5 or more on "
                      f"{sum(e >= 8.5 for e in ers)}; median {statistics.median(ers):.1f}.", ""]
    load_after = os.getloadavg()
    lines.append(f"Load average after {load_after[0]:.1f} {load_after[1]:.1f} {load_after[2]:.1f}.")
    text = "\n".join(lines) + "\n"
    (out / "summary.md").write_text(text)
    print(text)
    return 1 if all_wrong else 0


if __name__ == "__main__":
    sys.exit(main())
