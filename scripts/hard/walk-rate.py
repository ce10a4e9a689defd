#!/usr/bin/env python3
"""Walker flips per CPU second and per instruction: this build's walker (cached break
values) against an earlier build's (breaks recounted from the occurrence lists, as on
main before the hard-suite work), on seeded random 3-, 5- and 7-SAT formulas just above
the threshold, so that no walk ends early with a model.

Each build runs so that nearly all its time is walking:
  - this build: `--conflicts 1 --set walk_random_first=V`, one walk of V clause visits
    before the search (the walk phase of a formula that looks uniformly random);
  - the earlier build (no walk phase): `--set walk_effort=E`, rephasing walks of E visits
    per propagation, reached early with `mode_first_conflicts=100` and `restart_margin=0`
    (without it the Glucose restarts never fire on random 5/7-SAT, so there is no stable
    stint and no walk), stopped by `--conflicts 3000`.
Flips come from `--stats` ("walk flips"); the builds' visits are counted differently, so
E and V were chosen for a few million flips each. Turns alternate between the builds;
the table has the best flips per CPU second of --runs turns, and, with --callgrind,
instructions per flip from one run under valgrind's callgrind with budgets a tenth as
large (load-independent). Both subtract the same command line with a walk budget of 0
(best of the turns): what remains is the walk's (the parse, and the earlier build's
3000 conflicts of search, are left out).

With --old-has-walk-phase the earlier build runs as this one does (two versions of the
cached walker).

Usage: scripts/hard/walk-rate.py --new PATH --old PATH [--runs N] [--callgrind]
                                 [--old-has-walk-phase]
"""

import argparse
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchlib import measure, run_header  # noqa: E402

# (k, variables, clauses per variable, visits for the new build, effort for the old one)
FORMULAS = [(3, 560, 4.4, 200_000_000, 3_000),
            (5, 120, 22.0, 200_000_000, 30_000),
            (7, 75, 100.0, 300_000_000, 100_000)]


def write_formula(path, k, n, ratio, seed):
    rng = random.Random(seed)
    m = round(n * ratio)
    with open(path, "w") as handle:
        handle.write(f"p cnf {n} {m}\n")
        for _ in range(m):
            chosen = rng.sample(range(1, n + 1), k)
            handle.write(" ".join(str(v if rng.random() < 0.5 else -v) for v in chosen) + " 0\n")


def argv_for(build, path, kind, visits, effort, scale=1):
    """The command line of a run whose walk budget is the table's divided by `scale`
    (0: no walk, the rest of the run alone)."""
    visits, effort = (visits // scale, effort // scale) if scale else (0, 0)
    if kind == "new":
        return [build, "-q", "--stats", "--conflicts", "1",
                "--set", f"walk_random_first={visits}", str(path)]
    return [build, "-q", "--stats", "--conflicts", "3000", "--set", "mode_first_conflicts=100",
            "--set", "restart_margin=0", "--set", f"walk_effort={effort}", str(path)]


def instructions(argv):
    """(instructions, walk flips) of one run under callgrind."""
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv,
                         capture_output=True, text=True)
    collected = re.search(r"Collected : (\d+)", out.stderr)
    return (int(collected.group(1)) if collected else 0), flips_of(out.stderr)


def flips_of(text):
    match = re.search(r"c walk flips\s+(\d+)", text)
    return int(match.group(1)) if match else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--new", required=True, help="this build's satsolve")
    parser.add_argument("--old", required=True, help="the earlier build's satsolve")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--old-has-walk-phase", action="store_true",
                        help="run the earlier build as this one (both have the walk phase)")
    parser.add_argument("--callgrind", action="store_true")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="sudosat-walk-rate-"))
    lines = ["| formula | build | flips | best walk CPU s | M flips/CPU s | instructions/flip |",
             "|---|---|---|---|---|---|"]
    for k, n, ratio, visits, effort in FORMULAS:
        path = work / f"k{k}-v{n}-r{ratio:g}.cnf"
        write_formula(path, k, n, ratio, seed=2026 + k)
        best, rest = {}, {}
        for _ in range(args.runs):
            for kind, build in (("new", args.new), ("old", args.old)):
                style = "new" if args.old_has_walk_phase else kind
                # The run without its walk, then with it; the difference is the walk's.
                bare = measure(argv_for(build, path, style, visits, effort, scale=0)).cpu
                rest[kind] = min(rest.get(kind, bare), bare)
                stderr = work / "stderr.txt"
                run = measure(argv_for(build, path, style, visits, effort), stderr=stderr)
                flips = flips_of(stderr.read_text())
                run.cpu = max(run.cpu - rest[kind], 1e-3)
                rate = flips / run.cpu
                print(f"k{k} {kind} {flips} flips {run.cpu:.2f} s {rate / 1e6:.2f} M/s",
                      file=sys.stderr, flush=True)
                if kind not in best or rate > best[kind][2]:
                    best[kind] = (flips, run.cpu, rate)
        per_flip = {}
        if args.callgrind:
            for kind, build in (("new", args.new), ("old", args.old)):
                style = "new" if args.old_has_walk_phase else kind
                walked, flips = instructions(argv_for(build, path, style, visits, effort, scale=10))
                bare, _ = instructions(argv_for(build, path, style, visits, effort, scale=0))
                if flips:
                    per_flip[kind] = (walked - bare) / flips
        for kind in ("new", "old"):
            flips, cpu, rate = best[kind]
            cell = f"{per_flip[kind]:.0f}" if kind in per_flip else ""
            lines.append(f"| {k}-SAT, {n} vars, ratio {ratio:g} | {kind} | {flips} | {cpu:.2f} | "
                         f"{rate / 1e6:.2f} | {cell} |")
    print("\n".join(run_header(sys.argv) + [""] + lines))


if __name__ == "__main__":
    main()
