#!/usr/bin/env python3
"""Solver comparison for `make compare`: plan the runs, run one, collect the results.

  compare.py plan    --set SET --solvers "a b" --timeout S --out OUT [--satsolve-flags ARGS]
      SET is a directory of .cnf/.cnf.gz/.cnf.xz/.cnf.bz2 files (with an optional expected.tsv: name,
      category, SAT/UNSAT) or a puzzle file, which `sudoku2cnf --split` turns into one CNF
      per puzzle. Writes OUT/instances/ (uncompressed CNFs), OUT/runs.mk (one make target
      per (solver, instance) run, so `make -j N` spreads them over cores) and OUT/jobs.txt
      (the same runs, one command per line, for GNU parallel: scripts/compare-parallel).
      --satsolve-flags (default $SATSOLVE_FLAGS) are appended to satsolve's command line
      in every run; changing them, the solvers or the timeout reruns everything.
  compare.py run     --solver NAME --cnf FILE --instance NAME --category C --expected E
                     --timeout S --output FILE.csv [--satsolve-flags ARGS]
      One run: the answer is checked (against E when known; every SAT model against the
      clauses) and written as a one-row CSV (wall and CPU seconds, peak memory),
      atomically (temporary name, then rename).
  compare.py collect --out OUT [--reference NAME]
      Joins the rows into OUT/results.csv and writes OUT/summary.md: per category the
      solved counts, PAR-2 and the geometric mean of time ratios to the reference solver
      (the first one by default). Without an expected answer, a checked SAT model refutes
      every UNSAT claim on the same instance. Exit 1 if any answer was wrong.

Solvers are run, measured and their answers read and checked by scripts/benchlib.py,
shared with every other script.
"""

import argparse
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from benchlib import (ROOT, add_satsolve_flags, geomean, read_cnf, read_csv, run_solver,
                      satsolve_flags, solver_table, unpack, verdict, write_csv)

FIELDS = ["instance", "category", "expected", "solver", "status", "correct", "seconds",
          "cpu_seconds", "peak_kib"]


def load_plan(out):
    with open(out / "instances.tsv") as handle:
        rows = [line.rstrip("\n").split("\t") for line in handle][1:]
    solvers = (out / "solvers.txt").read_text().split()
    timeout = float((out / "timeout.txt").read_text())
    return [dict(name=r[0], cnf=r[1], category=r[2], expected=r[3]) for r in rows if r], solvers, timeout


def plan(args):
    source = Path(args.set)
    out = Path(args.out)
    instances_dir = out / "instances"
    if instances_dir.exists():
        shutil.rmtree(instances_dir)
    instances_dir.mkdir(parents=True)
    rows = []
    if source.is_dir():
        expected = {}
        if (source / "expected.tsv").exists():
            with open(source / "expected.tsv") as handle:
                for line in list(handle)[1:]:
                    fields = line.rstrip("\n").split("\t")
                    if len(fields) >= 3:
                        expected[fields[0].removesuffix(".gz")] = (fields[1], fields[2])
        files = sorted(p for p in source.iterdir()
                       if p.is_file() and p.name.endswith((".cnf", ".cnf.gz", ".cnf.xz", ".cnf.bz2")))
        for path in files:
            name = path.name.removesuffix(".gz").removesuffix(".xz").removesuffix(".bz2")
            category, answer = expected.get(name, (name.split("_")[0] if "_" in name else "all", ""))
            unpack(path, instances_dir / name)
            rows.append((name, str(instances_dir / name), category, answer))
    elif source.is_file():
        sudoku2cnf = args.sudoku2cnf
        result = subprocess.run([sudoku2cnf, "--split", str(instances_dir), str(source)],
                                stderr=subprocess.PIPE, text=True)
        if result.returncode != 0:
            sys.exit(f"compare: sudoku2cnf --split {source}: {result.stderr.strip()}")
        for path in sorted(instances_dir.glob("*.cnf")):
            rows.append((path.name, str(path), source.stem, ""))
    else:
        sys.exit(f"compare: {source}: no such file or directory")
    if not rows:
        sys.exit(f"compare: {source}: no .cnf, .cnf.gz, .cnf.xz, .cnf.bz2 or puzzles found")

    solvers = args.solvers.split()
    known = solver_table(Path("/nonexistent"), args.satsolve)
    for solver in solvers:
        if solver not in known:
            sys.exit(f"compare: unknown solver {solver} (known: {', '.join(known)})")
        if not known[solver].installed():
            sys.exit(f"compare: solver {solver} is not installed")
    flags = satsolve_flags(args.satsolve_flags)

    with open(out / "instances.tsv", "w") as handle:
        handle.write("name\tcnf\tcategory\texpected\n")
        for row in rows:
            handle.write("\t".join(row) + "\n")
    # Rewritten only when they change, so a repeated `make compare` reruns nothing that
    # is still valid, and a changed timeout or solver list reruns everything.
    config = {"solvers.txt": " ".join(solvers) + "\n", "timeout.txt": f"{args.timeout:g}\n",
              "set.txt": str(source) + "\n", "satsolve-flags.txt": shlex.join(flags) + "\n"}
    changed = False
    for name, text in config.items():
        path = out / name
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
            changed = True
    if changed or not (out / "plan.stamp").exists():
        (out / "plan.stamp").write_text("")

    script = Path(__file__).resolve()
    jobs, targets, rules = [], [], []
    for name, cnf, category, answer in rows:  # instance-major: drifts hit every solver alike
        for solver in solvers:
            target = out / "runs" / solver / (name + ".csv")
            command = (f"python3 {sh(script)} run --solver {solver} --cnf {sh(cnf)} "
                       f"--instance {sh(name)} --category {sh(category)} --expected '{answer}' "
                       f"--timeout {args.timeout:g} --satsolve {sh(args.satsolve)} --output {sh(target)}")
            if flags and solver == "satsolve":
                command += f" --satsolve-flags {sh(shlex.join(flags))}"
            jobs.append(command)
            targets.append(mk(target))
            rules.append(f"{mk(target)}: {mk(out / 'plan.stamp')}\n\t@{command.replace('$', '$$')}\n")
    (out / "jobs.txt").write_text("\n".join(jobs) + "\n")
    (out / "runs.mk").write_text(
        "# Generated by scripts/compare.py plan: one target per (solver, instance) run.\n"
        f"RUNS := {' '.join(targets)}\n\n.PHONY: all\nall: $(RUNS)\n\n" + "\n".join(rules))
    print(f"compare: {len(rows)} instances x {len(solvers)} solvers = {len(jobs)} runs, "
          f"timeout {args.timeout:g} s", file=sys.stderr)


def sh(text):
    """Quotes for the shell (make recipes and GNU parallel both run lines through sh)."""
    text = str(text)
    return text if re.fullmatch(r"[\w./+-]+", text) else "'" + text.replace("'", "'\\''") + "'"


def mk(path):
    """A path as a make target; spaces and colons would need escapes make does not have."""
    text = str(path)
    if re.search(r"[\s:#$%]", text):
        sys.exit(f"compare: {text}: make targets cannot hold spaces, ':', '#', '$' or '%'")
    return text


def run(args):
    scratch = Path(tempfile.mkdtemp(prefix="sudosat-compare-"))
    try:
        solvers = solver_table(scratch, args.satsolve, satsolve_flags(args.satsolve_flags))
        result = run_solver(solvers[args.solver], Path(args.cnf), args.timeout)
        clauses = read_cnf(args.cnf) if result.status == "SAT" else []
        correct = verdict(result.status, result.lits, args.expected, clauses)
        row = dict(instance=args.instance, category=args.category, expected=args.expected,
                   solver=args.solver, status=result.status,
                   correct="" if correct is None else int(correct),
                   seconds=f"{result.seconds:.4f}", cpu_seconds=f"{result.cpu:.2f}",
                   peak_kib=result.peak_kib)
        write_csv(args.output, [row], FIELDS)
        print(f"{args.instance:45} {args.solver:9} {result.status:8} {result.seconds:8.3f}s",
              file=sys.stderr)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def collect(args):
    out = Path(args.out)
    instances, solvers, timeout = load_plan(out)
    reference = args.reference or solvers[0]
    if reference not in solvers:
        sys.exit(f"compare: reference solver {reference} is not among {' '.join(solvers)}")
    results, missing = [], 0
    for instance in instances:
        for solver in solvers:
            path = out / "runs" / solver / (instance["name"] + ".csv")
            if not path.exists():
                missing += 1
                continue
            results.extend(read_csv(path))
    if missing:
        sys.exit(f"compare: {missing} runs have no result; run `make compare` (or the jobs) first")

    # Without expected answers, the solvers check each other: a verified model refutes UNSAT.
    wrong = []
    by_instance = {}
    for row in results:
        by_instance.setdefault(row["instance"], []).append(row)
    for name, rows in by_instance.items():
        has_model = any(r["status"] == "SAT" and r["correct"] == "1" for r in rows)
        for row in rows:
            if row["status"] == "UNSAT" and has_model:
                row["correct"] = "0"
            if row["correct"] == "0":
                wrong.append(f"{row['solver']} on {name}: {row['status']}")

    write_csv(out / "results.csv", results, FIELDS)
    flags_file = out / "satsolve-flags.txt"
    flags = flags_file.read_text().strip() if flags_file.exists() else ""
    text = summary(results, solvers, reference, timeout, (out / "set.txt").read_text().strip(),
                   flags)
    if wrong:
        text += "\nWRONG ANSWERS:\n\n" + "".join(f"- {w}\n" for w in wrong)
    (out / "summary.md").write_text(text)
    print(text)
    for line in wrong:
        print(f"compare: WRONG: {line}", file=sys.stderr)
    return 1 if wrong else 0


def summary(results, solvers, reference, timeout, source, flags=""):
    """Markdown: per category and solver, solved counts, PAR-2 and time ratios."""
    time = {}
    for row in results:
        solved = row["correct"] == "1"
        time[(row["instance"], row["solver"])] = (float(row["seconds"]), solved)
    category_of = {row["instance"]: row["category"] for row in results}
    categories = sorted(set(category_of.values()))
    lines = [f"Set `{source}`, timeout {timeout:g} s. Solved: the answer is checked (against "
             "expected.tsv where known, every model clause by clause). PAR-2: mean time with "
             "an unsolved run counted as twice the timeout. Ratio: geometric mean over the "
             f"instances both solved of time / {reference}'s time (below 1 is faster)."
             + (f" satsolve ran with `{flags}`." if flags else ""), "",
             f"| category | solver | solved | PAR-2 (s) | time ratio to {reference} |",
             "|---|---|---|---|---|"]
    for category in categories + ["all"]:
        names = [n for n, c in category_of.items() if category in ("all", c)]
        for solver in solvers:
            solved, par2, ratios = 0, [], []
            for name in names:
                seconds, ok = time.get((name, solver), (timeout, False))
                solved += ok
                par2.append(seconds if ok else 2 * timeout)
                base, base_ok = time.get((name, reference), (timeout, False))
                if ok and base_ok:
                    ratios.append(max(seconds, 1e-3) / max(base, 1e-3))
            lines.append(f"| {category} | {solver} | {solved}/{len(names)} | "
                         f"{sum(par2) / len(par2):.2f} | {geomean(ratios):.2f} |")
    lines += ["", "| instance | " + " | ".join(solvers) + " |", "|---|" + "---|" * len(solvers)]
    for name in sorted(category_of, key=lambda n: (category_of[n], n)):
        cells = []
        for solver in solvers:
            seconds, ok = time.get((name, solver), (timeout, False))
            cells.append(f"{seconds:.3f}" if ok else "-")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("plan")
    p.add_argument("--set", required=True)
    p.add_argument("--solvers", default="satsolve minisat cadical splr")
    p.add_argument("--timeout", type=float, default=60.0)
    p.add_argument("--out", default=str(ROOT / "scratch" / "compare"))
    p.add_argument("--satsolve", default=str(ROOT / "target" / "release" / "satsolve"))
    p.add_argument("--sudoku2cnf", default=str(ROOT / "target" / "release" / "sudoku2cnf"))
    add_satsolve_flags(p)
    r = commands.add_parser("run")
    for name in ("--solver", "--cnf", "--instance", "--category", "--output"):
        r.add_argument(name, required=True)
    r.add_argument("--expected", default="")
    r.add_argument("--timeout", type=float, default=60.0)
    r.add_argument("--satsolve", default=str(ROOT / "target" / "release" / "satsolve"))
    r.add_argument("--satsolve-flags", default="")
    c = commands.add_parser("collect")
    c.add_argument("--out", default=str(ROOT / "scratch" / "compare"))
    c.add_argument("--reference", default="")
    args = parser.parse_args()
    return {"plan": plan, "run": run, "collect": collect}[args.command](args) or 0


if __name__ == "__main__":
    sys.exit(main())
