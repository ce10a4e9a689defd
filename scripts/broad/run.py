#!/usr/bin/env python3
"""The broad suite (`make bench-broad`): satsolve on formulas of many families a user
brings, beside CaDiCaL and CryptoMiniSat, each instance in shuffled copies.

1. Builds every instance of scripts/broad/suite.tsv from its source spec
   (scripts/broad/families.py) into OUTDIR/base/, checking each file's SHA-256 against the
   list (a file that differs is an error: the suite would no longer be the one measured).
2. Writes --copies shuffled copies of each (scripts/shuffle-cnf.py, seed --seed: the
   same files on every machine) into OUTDIR/copies/.
3. Runs the solvers on every copy under a CPU limit of --timeout seconds (RLIMIT_CPU; the
   time of a run is its CPU seconds), --jobs runs at a time, each answer checked against
   the list and each model clause by clause (scripts/benchlib.py). The peers come from
   --reference rows (scripts/broad/reference.csv, run once per machine with
   --make-reference) unless named in --solvers.
4. Writes OUTDIR/results.csv and OUTDIR/summary.md: per family, solved and PAR-2 (an
   unsolved run counts twice the timeout) of each solver, satsolve's PAR-2 as a ratio to
   CaDiCaL's and CryptoMiniSat's; with --baseline (an earlier build) or --baseline-flags
   (the same build with other options), the new/base PAR-2 ratio per family with a
   bootstrap 95% interval over the copies, and the no-regression verdict of
   docs/satsolve.md ("The broad suite").

    scripts/broad/run.py [--timeout S] [--copies K] [--jobs N] [--only REGEX]
                         [--baseline PATH] [--baseline-flags ARGS] [--satsolve-flags ARGS]
                         [--solvers a,b] [--make-reference] [--keep-results] [OUTDIR]

With --keep-results the rows already in OUTDIR/results.csv (same limit, same solvers)
stay and only the missing (copy, solver) pairs run: a run's --copies can grow by one
copy without running the others again (the build must search as the one that wrote
them: satsolve is deterministic, so the same commit gives the same runs).

Exit 1 when an answer is wrong or the suite cannot be built.
"""

import argparse
import csv
import datetime
import random
import re
import shlex
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from benchlib import (ROOT, Solver, add_satsolve_flags, read_cnf, run_header, run_solver,  # noqa: E402
                      satsolve_flags, solver_table, verdict, write_csv)
from families import SpecError, build, sha256  # noqa: E402

SUITE = HERE / "suite.tsv"
REFERENCE = HERE / "reference.csv"
FIELDS = ["instance", "family", "expected", "solver", "status", "correct", "seconds",
          "peak_kib", "limit", "version", "date"]
# CPU seconds are read to two decimals (GNU time): the shortest time a run can take.
CLOCK_RESOLUTION = 0.01
# A family regresses when its PAR-2 grows by more than this share and the bootstrap
# interval of the ratio lies above 1 (docs/satsolve.md, "The broad suite").
REGRESSION = 1.10
BOOTSTRAP = 2000


def read_suite(path):
    with open(path) as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    for number, row in enumerate(rows, 2):
        if not row.get("spec") or row.get("expected") not in ("SAT", "UNSAT"):
            sys.exit(f"run.py: {path}:{number}: expected name, family, spec, expected "
                     "(SAT or UNSAT), sha256, cadical_s")
    return rows


def build_suite(rows, base):
    """Builds each instance into `base` (kept between runs: a file whose hash matches is
    not built again) and checks its hash."""
    base.mkdir(parents=True, exist_ok=True)
    for row in rows:
        path = base / f"{row['name']}.cnf"
        if path.exists() and sha256(path.read_text()) == row["sha256"]:
            continue
        try:
            text = build(row["spec"])
        except SpecError as error:
            sys.exit(f"run.py: {row['name']}: {error}")
        if sha256(text) != row["sha256"]:
            sys.exit(f"run.py: {row['name']}: {row['spec']} built a different file than the "
                     f"suite's (SHA-256 {sha256(text)[:12]}, expected {row['sha256'][:12]}); "
                     "a generator changed (scripts/broad/families.py, cnfgen's version)")
        path.write_text(text)
        print(f"built {path.name}", file=sys.stderr)
    with open(base / "expected.tsv", "w") as handle:
        handle.write("name\tcategory\texpected\tdescription\n")
        for row in rows:
            handle.write(f"{row['name']}.cnf\t{row['family']}\t{row['expected']}\t{row['spec']}\n")


def make_copies(base, copies_dir, copies, seed):
    """The shuffled copies; rewritten only when the list or the count changed."""
    stamp = copies_dir / "made-from.txt"
    wanted = f"{copies} {seed}\n" + (base / "expected.tsv").read_text()
    if stamp.exists() and stamp.read_text() == wanted:
        return
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "shuffle-cnf.py"), str(base),
                           str(copies_dir), "--copies", str(copies), "--seed", str(seed)])
    if done.returncode != 0:
        sys.exit("run.py: shuffle-cnf.py failed")
    stamp.write_text(wanted)


def version_of(name):
    """The peer's Debian package and version, as the hard suite's reference rows name
    them (`cadical --version` says only "sc2021")."""
    package = {"cadical": "cadical", "cryptominisat5": "cryptominisat"}.get(name)
    if not package:
        return name
    done = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package],
                          capture_output=True, text=True)
    return f"{package} {done.stdout.strip() or '?'} (Debian)"


def run_all(jobs_list, commands, timeout, jobs):
    """Runs (copy path, family, expected, solver) jobs, `jobs` at a time, in turns by copy."""
    lock = threading.Lock()
    results = []
    wrong = [0]
    today = datetime.date.today().isoformat()
    versions = {name: version_of(name) for name in {job[3] for job in jobs_list}}
    clauses_cache = {}

    def one(job):
        path, family, expected, solver = job
        run = run_solver(commands[solver], path, 30 * timeout + 120, cpu_limit=timeout)
        with lock:
            # A copy's solvers run one after another, so a few formulas in memory do.
            if expected == "SAT" and run.status == "SAT" and path not in clauses_cache:
                clauses_cache[path] = read_cnf(path)
                while len(clauses_cache) > 2 * jobs:
                    clauses_cache.pop(next(iter(clauses_cache)))
            clauses = clauses_cache.get(path, [])
        correct = verdict(run.status, run.lits, expected, clauses)
        row = dict(instance=path.name, family=family, expected=expected, solver=solver,
                   status=run.status, correct="" if correct is None else int(correct),
                   seconds=f"{run.cpu:.2f}", peak_kib=run.peak_kib, limit=f"{timeout:g}",
                   version=versions[solver], date=today)
        with lock:
            if correct is False:
                wrong[0] += 1
                print(f"WRONG: {solver} on {path.name}: {run.status}", file=sys.stderr)
            results.append(row)
            print(f"{path.name:60} {solver:14} {run.status:8} {run.cpu:8.2f}s", file=sys.stderr)

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(one, jobs_list))
    return results, wrong[0]


def par2(rows, timeout):
    return [float(r["seconds"]) if r["correct"] in (1, "1") else 2 * timeout for r in rows]


def bootstrap(pairs, rng):
    """95% interval of sum(new)/sum(base) over resamples of the (new, base) pairs (each
    time at least CLOCK_RESOLUTION, so no base sums to zero)."""
    ratios = []
    for _ in range(BOOTSTRAP):
        sample = [pairs[rng.randrange(len(pairs))] for _ in pairs]
        base = sum(b for _, b in sample)
        ratios.append(sum(n for n, _ in sample) / base)
    ratios.sort()
    return ratios[int(0.025 * BOOTSTRAP)], ratios[int(0.975 * BOOTSTRAP) - 1]


def peer_ratio(results, family, peer, timeout):
    """satsolve's PAR-2 over the peer's, both on the copies the peer ran (reference rows
    may cover fewer copies than this run)."""
    rows = [r for r in results if family in ("all", r["family"])]
    ran = {r["instance"] for r in rows if r["solver"] == peer}
    ours = par2([r for r in rows if r["solver"] == "satsolve" and r["instance"] in ran], timeout)
    theirs = par2([r for r in rows if r["solver"] == peer], timeout)
    if not ours or not sum(theirs):
        return ""
    return f"{sum(ours) / len(ours) / (sum(theirs) / len(theirs)):.2f}"


def summary(results, solvers, timeout, baseline):
    """The summary's tables (Markdown)."""
    families = sorted({r["family"] for r in results})
    by = {}
    for row in results:
        by.setdefault((row["family"], row["solver"]), []).append(row)
    peers = [s for s in ("cadical", "cryptominisat5") if s in solvers]
    lines = [f"CPU limit {timeout:g} s a run; PAR-2 is the mean CPU time of a family's runs, an "
             "unsolved run counted as twice the limit; ratios are satsolve's PAR-2 over the "
             "peer's, both on the copies the peer ran.", ""]
    head = "| family | runs | " + " | ".join(f"{s} solved | {s} PAR-2" for s in solvers)
    head += "".join(f" | satsolve / {p}" for p in peers) + " |"
    lines += [head, "|---|---|" + "---|---|" * len(solvers) + "---|" * len(peers)]
    totals = {s: [] for s in solvers}
    for family in families + ["all"]:
        cells = []
        runs = 0
        means = {}
        for solver in solvers:
            rows = (by.get((family, solver), []) if family != "all"
                    else [r for r in results if r["solver"] == solver])
            runs = max(runs, len(rows))
            scores = par2(rows, timeout)
            means[solver] = sum(scores) / len(scores) if scores else float("nan")
            solved = sum(1 for r in rows if r["correct"] in (1, "1"))
            cells.append(f"{solved}/{len(rows)} | {means[solver]:.1f}")
            if family != "all":
                totals[solver] += scores
        ratios = [peer_ratio(results, family, p, timeout) if "satsolve" in means else ""
                  for p in peers]
        name = f"**{family}**" if family == "all" else family
        lines.append(f"| {name} | {runs} | " + " | ".join(cells)
                     + "".join(f" | {r}" for r in ratios) + " |")
    if baseline:
        lines += ["", f"satsolve against {baseline} (the same copies): PAR-2 ratio new/base with a "
                  f"bootstrap 95% interval over the copies ({BOOTSTRAP} resamples). A family "
                  f"**regresses** when the ratio exceeds {REGRESSION:.2f} and its interval lies "
                  "above 1.", "", "| family | new PAR-2 | base PAR-2 | ratio | 95% interval | verdict |",
                  "|---|---|---|---|---|---|"]
        rng = random.Random(1)
        regressions = []
        for family in families + ["all"]:
            new = {r["instance"]: r for r in results if r["solver"] == "satsolve"
                   and family in ("all", r["family"])}
            base = {r["instance"]: r for r in results if r["solver"] == "satsolve-base"
                    and family in ("all", r["family"])}
            names = sorted(set(new) & set(base))
            # A run takes at least the clock's resolution: a family solved in "0.00 s"
            # by the base (Tseitin with its XORs) would otherwise hold whatever the new
            # build takes, since a ratio over zero is no ratio.
            pairs = [(max(par2([new[n]], timeout)[0], CLOCK_RESOLUTION),
                      max(par2([base[n]], timeout)[0], CLOCK_RESOLUTION)) for n in names]
            if not pairs:
                continue
            ratio = sum(n for n, _ in pairs) / sum(b for _, b in pairs)
            low, high = bootstrap(pairs, rng)
            verdict_text = ("regresses" if ratio > REGRESSION and low > 1.0
                            else "gains" if ratio < 1 / REGRESSION and high < 1.0 else "holds")
            if verdict_text == "regresses" and family != "all":
                regressions.append(family)
            mean_new = sum(n for n, _ in pairs) / len(pairs)
            mean_base = sum(b for _, b in pairs) / len(pairs)
            name = f"**{family}**" if family == "all" else family
            lines.append(f"| {name} | {mean_new:.1f} | {mean_base:.1f} | {ratio:.2f} | "
                         f"{low:.2f}-{high:.2f} | {verdict_text} |")
        lines += ["", "No family regresses." if not regressions
                  else "Families that regress: " + ", ".join(regressions) + "."]
    lines += ["", "| instance | " + " | ".join(solvers) + " |", "|---|" + "---|" * len(solvers)]
    table = {(r["instance"], r["solver"]): r for r in results}
    for name in sorted({r["instance"] for r in results}):
        cells = []
        for solver in solvers:
            row = table.get((name, solver))
            cells.append("" if row is None else f"{float(row['seconds']):.2f}"
                         if row["correct"] in (1, "1") else row["status"].lower())
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outdir", nargs="?", default=str(ROOT / "scratch" / "bench-broad"))
    parser.add_argument("--suite", default=str(SUITE))
    parser.add_argument("--timeout", type=float, default=120.0, help="CPU seconds a run")
    parser.add_argument("--copies", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", default="", help="regex on instance names (family.spec)")
    parser.add_argument("--solvers", default="satsolve")
    parser.add_argument("--satsolve", default=str(ROOT / "target" / "release" / "satsolve"))
    parser.add_argument("--baseline", default="", help="an earlier satsolve build")
    parser.add_argument("--baseline-flags", default=None,
                        help="satsolve (this build) with these arguments as the baseline")
    parser.add_argument("--compare", default="",
                        help="results.csv of an earlier run: its satsolve rows are the baseline")
    parser.add_argument("--summarize", action="store_true",
                        help="run nothing: summarize OUTDIR/results.csv again (with --compare)")
    parser.add_argument("--keep-results", action="store_true",
                        help="keep the rows of OUTDIR/results.csv at this limit and run only "
                        "the (copy, solver) pairs it lacks: adds a copy to an earlier run")
    parser.add_argument("--reference", default=str(REFERENCE))
    parser.add_argument("--make-reference", action="store_true",
                        help="run CaDiCaL and CryptoMiniSat (or those of them in --solvers) "
                        "on every copy not yet in --reference, adding their rows to it")
    add_satsolve_flags(parser)
    args = parser.parse_args()
    flags = satsolve_flags(args.satsolve_flags)
    outdir = Path(args.outdir)
    rows = [r for r in read_suite(args.suite) if re.search(args.only, r["name"])]
    if not rows:
        sys.exit(f"run.py: no instance matches --only {args.only!r}")
    # Only the chosen instances are built and shuffled: a copy depends on its seed, its
    # name and its number alone (shuffle-cnf.py), so a run of one family gets the same
    # copies as the whole suite's run without shuffling the 49x49 Sudoku nine times.
    build_suite(rows, outdir / "base")
    make_copies(outdir / "base", outdir / "copies", args.copies, args.seed)
    family_of = {r["name"]: r for r in rows}
    copies = []
    for path in sorted((outdir / "copies").glob("*.cnf")):
        stem = re.sub(r"_s\d+$", "", path.stem)
        if stem in family_of:
            copies.append((path, family_of[stem]["family"], family_of[stem]["expected"]))

    scratch = Path(tempfile.mkdtemp(prefix="broad-"))
    commands = solver_table(scratch, args.satsolve, flags, args.baseline or None)
    if args.baseline_flags is not None:
        base_flags = shlex.split(args.baseline_flags)
        commands["satsolve-base"] = Solver(
            "satsolve-base", args.satsolve,
            lambda cnf, extra: ([args.satsolve, *extra, str(cnf)] + base_flags, None))
    if args.make_reference:
        # The peers named in --solvers, or both; rows already in --reference at this
        # limit are kept and not run again, so copies can be added to it one at a time.
        peers = ["cadical", "cryptominisat5"]
        solvers = [s for s in args.solvers.split(",") if s in peers] or peers
    else:
        solvers = args.solvers.split(",")
    if (args.baseline or args.baseline_flags is not None) and "satsolve-base" not in solvers:
        solvers.append("satsolve-base")
    for name in solvers:
        if name not in commands or not commands[name].installed():
            sys.exit(f"run.py: solver {name} not found")

    kept = []
    if args.make_reference and Path(args.reference).exists():
        with open(args.reference, newline="") as handle:
            kept = [r for r in csv.DictReader(handle) if float(r["limit"]) == args.timeout]
    names = {path.name for path, _, _ in copies}
    earlier_rows = []
    if args.keep_results and not args.make_reference and (outdir / "results.csv").exists():
        # Only this run's solvers and copies: the reference rows are added again below.
        with open(outdir / "results.csv", newline="") as handle:
            earlier_rows = [r for r in csv.DictReader(handle)
                            if r["solver"] in solvers and r["instance"] in names
                            and float(r["limit"]) == args.timeout]
    done = {(r["instance"], r["solver"]) for r in kept + earlier_rows}
    jobs = [(path, family, expected, solver) for path, family, expected in copies
            for solver in solvers if (path.name, solver) not in done]
    if args.summarize:
        with open(outdir / "results.csv", newline="") as handle:
            results = [r for r in csv.DictReader(handle) if r["solver"] in solvers]
        wrong = 0
    else:
        results, wrong = run_all(jobs, commands, args.timeout, args.jobs)
        results = earlier_rows + results
    if args.compare:
        with open(args.compare, newline="") as handle:
            earlier = [dict(r, solver="satsolve-base") for r in csv.DictReader(handle)
                       if r["solver"] == "satsolve" and r["instance"] in names]
        results = [r for r in results if r["solver"] != "satsolve-base"] + earlier
        solvers = [s for s in solvers if s != "satsolve-base"] + ["satsolve-base"]
    if args.make_reference:
        write_csv(args.reference,
                  sorted(kept + results, key=lambda r: (r["instance"], r["solver"])), FIELDS)
        print(f"run.py: wrote {args.reference}", file=sys.stderr)
    reference = []
    if Path(args.reference).exists() and not args.make_reference:
        with open(args.reference, newline="") as handle:
            reference = [r for r in csv.DictReader(handle)
                         if r["instance"] in names and r["solver"] not in solvers]
        for row in reference:
            # A reference row slower than this run's limit counts as unsolved here.
            if row["correct"] == "1" and float(row["seconds"]) > args.timeout:
                row["correct"], row["status"] = "", "TIMEOUT"
    if not args.summarize and not args.make_reference:
        # A reference run's rows live in --reference; OUTDIR/results.csv keeps the run
        # that satsolve made there (it was overwritten with the peers' rows before).
        write_csv(outdir / "results.csv", results + reference, FIELDS)
    shown = ["satsolve"] if "satsolve" in solvers else []
    shown += [s for s in solvers if s not in shown]
    shown += sorted({r["solver"] for r in reference} - set(shown))
    header = "\n".join(run_header(sys.argv, flags))
    if reference:
        peers = sorted({(r["solver"], r["version"], r["date"], r["limit"]) for r in reference})
        header += ("\n\nReference rows (run once on this machine with --make-reference): "
                   + "; ".join(f"{s}: {v}, {d}, CPU limit {lim} s" for s, v, d, lim in peers) + ".")
    base_name = (args.baseline or (f"this build with `{args.baseline_flags}`"
                                   if args.baseline_flags is not None else "")
                 or (f"the satsolve rows of {args.compare}" if args.compare else ""))
    text = header + "\n\n" + summary(results + reference, shown, args.timeout, base_name)
    (outdir / "summary.md").write_text(text)
    print(text)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
