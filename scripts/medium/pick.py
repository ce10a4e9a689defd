#!/usr/bin/env python3
"""Picks the medium suite from ../shared/bench/pool: the instances MiniSat solves in
1-60 s of CPU time, at most 15 per family, plus the large Sudoku CNFs of the shared suite,
each answer agreed by MiniSat, CaDiCaL and satsolve (an UNSAT answer with satsolve's DRAT
proof checked by examples/drat_check.rs, a checker sharing no code with the solver).

Why CPU seconds and not wall time: the selection runs at low priority on a shared machine,
where wall time measures the neighbours; each run is limited by RLIMIT_CPU (the kernel
kills it with SIGXCPU), so a limit means the same on a busy and on a quiet machine.

Per family, instances are tried in natural name order (hole6 before hole10; the SAT 2009
random folders grow with the name), each in two steps:
  1. MiniSat with a 2 s limit: solved below 1 s is too easy, dropped; solved in 1-2 s is
     picked; a timeout goes on to
  2. MiniSat with a 60 s limit: solved is picked, a timeout is too hard.
A family ends after 15 picks, or after 2 step-2 timeouts in a row (its further instances,
larger, would time out too; say so in the report). Then each pick, cheapest first by
MiniSat's time (UNSAT counted thrice), is run by CaDiCaL and by satsolve (each up to 300 s),
satsolve writing a binary DRAT proof; every model is checked clause by clause
(scripts/benchlib.py), every UNSAT proof of satsolve by drat_check (up to 900 s). A pick
goes into suite.tsv only when all three answers agree and are checked; otherwise into
held-out.tsv with the reason.

Resumable: every run is appended to OUT/runs.tsv as it ends, and a run already logged there
is not repeated, so after an interruption the same command carries on. suite.tsv and
held-out.tsv (and families.md: per family what was tried and why it stopped) are rewritten
from the log after every family.

Usage (the commands that picked the committed suite: MiniSat's runs over every family
first, then the verification of the picks):
  nice -n 19 python3 scripts/medium/pick.py --select-only --budget-minutes 35
  nice -n 19 python3 scripts/medium/pick.py --budget-minutes 60 --check-limit 600
"""

import argparse
import csv
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchlib import (ROOT, RunLog, measure, model_ok, natural_key, parse_answer,  # noqa: E402
                      read_cnf, shared_path, unpack)

BENCH = shared_path("bench")
LOG_FIELDS = ["instance", "family", "step", "status", "cpu_s", "wall_s", "detail"]
# Families in the order they are worked on: the large Sudoku CNFs first (they are in the
# suite whatever MiniSat's time), the 100-instance random folders last.
FAMILY_ORDER = ["sudoku-large", "satlib-dimacs", "satlib-beijing", "satlib-bmc",
                "satlib-planning", "satlib-quasigroup", "satlib-uf250", "satlib-uuf250",
                "sat09-5sat-sat", "sat09-7sat-sat", "sat09-3sat-sat", "sat09-3sat-unknown"]
SUDOKU_LARGE = ["sudoku_25x25_b58_s1.cnf.gz", "sudoku_25x25_b68_s2.cnf.gz",
                "sudoku_25x25_empty.cnf.gz", "sudoku_36x36_b60_s1.cnf.gz"]


def family_of(relative):
    """satlib-dimacs mixes a dozen generators (hole, par, ii, ...): each is its own family."""
    folder, name = relative.split("/")[-2:]
    if folder == "satlib-dimacs":
        return "dimacs-" + re.match(r"[a-z]+", name).group(0)
    if folder == "cnf":
        return "sudoku-large"
    return folder


def instances(pool):
    """(family, path relative to ../shared/bench) in working order."""
    rows = [("sudoku-large", "cnf/" + name) for name in SUDOKU_LARGE if (pool.parent / "cnf" / name).exists()]
    for folder in FAMILY_ORDER:
        directory = pool / folder
        if not directory.is_dir():
            continue
        names = sorted((p.name for p in directory.iterdir() if p.name.endswith((".cnf", ".cnf.xz"))),
                       key=natural_key)
        rows += [(family_of(f"pool/{folder}/{n}"), f"pool/{folder}/{n}") for n in names]
    return rows


def run_limited(argv, cpu_limit, stdout_path):
    """Runs argv under RLIMIT_CPU; returns (exit code or None when killed for CPU time,
    CPU seconds of user + system, wall seconds). The wall guard only catches a hang."""
    run = measure(argv, cpu_limit=cpu_limit, timeout=30 * cpu_limit + 120, stdout=stdout_path)
    return run.code, run.cpu, run.wall


class Selector:
    def __init__(self, args):
        self.args = args
        self.out = Path(args.out)
        self.out.mkdir(parents=True, exist_ok=True)
        self.log = RunLog(self.out / "runs.tsv", LOG_FIELDS)
        self.work = Path(tempfile.mkdtemp(prefix="sudosat-medium-"))
        self.started = time.monotonic()
        self.cnf_of = {}

    def over_budget(self):
        return time.monotonic() - self.started > self.args.budget_minutes * 60

    def cnf(self, relative):
        """The instance unpacked into the work folder (once)."""
        if relative not in self.cnf_of:
            target = self.work / Path(relative).name.removesuffix(".xz").removesuffix(".gz")
            unpack(Path(self.args.pool).parent / relative, target)
            self.cnf_of = {relative: target}  # only one kept at a time
            for old in self.work.glob("*.cnf"):
                if old != target:
                    old.unlink()
        return self.cnf_of[relative]

    def record(self, relative, step, status, cpu, wall, detail=""):
        row = dict(instance=relative, family=family_of(relative), step=step, status=status,
                   cpu_s=f"{cpu:.2f}", wall_s=f"{wall:.2f}", detail=detail)
        self.log.append(row)
        print(f"{relative:70} {step:11} {status:8} {cpu:7.2f}s cpu {wall:7.2f}s wall {detail}",
              file=sys.stderr, flush=True)
        return row

    def solve(self, relative, step, argv_of, limit, result_file=None):
        """One logged solver run; returns its log row (from the log when already run)."""
        if (relative, step) in self.log:
            return self.log[(relative, step)]
        cnf = self.cnf(relative)
        stdout = self.work / "stdout.txt"
        if result_file and result_file.exists():
            result_file.unlink()
        code, cpu, wall = run_limited(argv_of(cnf), limit, stdout)
        if code is None:
            return self.record(relative, step, "TIMEOUT", cpu, wall)
        text = (result_file if result_file and result_file.exists() else stdout).read_text(errors="replace")
        status, lits = parse_answer(text)
        status = status or "UNKNOWN"
        if status == "UNKNOWN" and cpu >= 0.9 * limit:  # MiniSat's -cpu-lim: INDETERMINATE
            status = "TIMEOUT"
        elif status == "UNKNOWN" and code not in (0, 10, 20):  # e.g. MiniSat's parse error, 3
            status = "ERROR"
        detail = f"exit {code}"
        if status == "SAT":
            detail = "model ok" if model_ok(read_cnf(cnf), lits) else "MODEL WRONG"
        return self.record(relative, step, status, cpu, wall, detail)

    def minisat(self, relative, limit):
        result = self.work / "minisat.res"
        return self.solve(relative, f"minisat-{limit:g}",
                          lambda cnf: ["minisat", "-verb=0", f"-cpu-lim={int(limit)}", str(cnf),
                                       str(result)], limit, result)

    def decide(self, first, second):
        """The verdict from MiniSat's step-1 and step-2 log rows: 'easy', 'pick', 'hard' or
        'error'; None when step 2 is needed and `second` is missing."""
        def solved(row):
            return row["status"] in ("SAT", "UNSAT") and row["detail"] != "MODEL WRONG"

        if first["status"] == "ERROR":
            return "error"  # neither easy nor hard: reported in the log, never picked
        for row in (first, second):
            if row is None:
                return None
            if solved(row):
                return "easy" if float(row["cpu_s"]) < self.args.low else "pick"
        return "hard"

    def classify(self, relative):
        """The verdict on one instance, running MiniSat's steps that the log lacks."""
        first = self.minisat(relative, self.args.prefilter)
        verdict = self.decide(first, None)
        if verdict is None:
            verdict = self.decide(first, self.minisat(relative, self.args.high))
        return verdict

    def verify(self, relative):
        args = self.args
        self.solve(relative, "cadical", lambda cnf: ["cadical", "-q", str(cnf)], args.verify_limit)
        proof = self.work / "proof.drat"
        row = self.solve(relative, "satsolve",
                         lambda cnf: [args.satsolve, "--proof", str(proof), "--binary-proof", str(cnf)],
                         args.verify_limit)
        if row["status"] == "UNSAT" and (relative, "drat-check") not in self.log:
            if not proof.exists():  # the run was logged by an earlier session: prove again
                self.log.pop((relative, "satsolve"))
                row = self.solve(relative, "satsolve",
                                 lambda cnf: [args.satsolve, "--proof", str(proof), "--binary-proof",
                                              str(cnf)], args.verify_limit)
            size = proof.stat().st_size / 1e6 if proof.exists() else 0
            stdout = self.work / "check.txt"
            code, cpu, wall = run_limited([args.drat_check, str(self.cnf(relative)), str(proof)],
                                          args.check_limit, stdout)
            status = {None: "TIMEOUT", 0: "VERIFIED", 1: "REJECTED"}.get(code, f"ERROR{code}")
            self.record(relative, "drat-check", status, cpu, wall, f"proof {size:.1f} MB")
        if proof.exists():
            proof.unlink()

    def run(self):
        rows = instances(Path(self.args.pool))
        families = []
        for family, _ in rows:
            if family not in families:
                families.append(family)
        all_picks = []
        for family in families:
            if self.over_budget():
                print(f"pick: budget of {self.args.budget_minutes:g} min spent before {family}",
                      file=sys.stderr)
                break
            picks, timeouts_in_a_row = [], 0
            for fam, relative in rows:
                if fam != family:
                    continue
                if family == "sudoku-large":
                    self.minisat(relative, self.args.high)
                    picks.append(relative)
                    continue
                if len(picks) >= self.args.per_family or timeouts_in_a_row >= self.args.give_up:
                    break
                if self.over_budget():
                    break
                verdict = self.classify(relative)
                if verdict == "pick":
                    picks.append(relative)
                timeouts_in_a_row = timeouts_in_a_row + 1 if verdict == "hard" else 0
            all_picks += picks
            self.write_tables()
        if not self.args.select_only:
            # Cheapest first, so that a time box verifies as many picks as it can: MiniSat's
            # time predicts the others' roughly, and an UNSAT answer costs about three
            # times more (the proof is written, then checked).
            def cost(relative):
                runs = [self.log.get((relative, f"minisat-{limit:g}"))
                        for limit in (self.args.prefilter, self.args.high)]
                solved = [r for r in runs if r and r["status"] in ("SAT", "UNSAT")]
                if not solved:
                    return 0.0  # a large Sudoku MiniSat did not solve: few, and run first
                return float(solved[0]["cpu_s"]) * (3 if solved[0]["status"] == "UNSAT" else 1)

            for relative in sorted(all_picks, key=cost):
                if self.over_budget():
                    print("pick: time box spent, verification left unfinished", file=sys.stderr)
                    break
                self.verify(relative)
                self.write_tables()
        self.write_tables()
        shutil.rmtree(self.work, ignore_errors=True)

    def family_summary(self, rows, in_suite):
        """Markdown: per family what was tried and why it stopped, walked from the log by
        the rules of `run`, so it is the same for a finished and an interrupted selection."""
        lines = ["| family | in pool | tried | easy (< 1 s) | picked | hard (> 60 s) | error "
                 "| not tried | stopped because | in suite: SAT | UNSAT |",
                 "|---|---|---|---|---|---|---|---|---|---|---|"]
        families = []
        for family, _ in rows:
            if family not in families:
                families.append(family)
        for family in families:
            members = [r for f, r in rows if f == family]
            counts = dict(easy=0, pick=0, hard=0, error=0)
            in_a_row, stopped = 0, "all tried"
            for relative in members:
                if family == "sudoku-large":
                    if (relative, f"minisat-{self.args.high:g}") not in self.log:
                        stopped = "not reached in the time box"
                        break
                    counts["pick"] += 1
                    continue
                if counts["pick"] >= self.args.per_family:
                    stopped = f"{self.args.per_family} picks"
                    break
                if in_a_row >= self.args.give_up:
                    stopped = f"{self.args.give_up} timeouts in a row"
                    break
                first = self.log.get((relative, f"minisat-{self.args.prefilter:g}"))
                verdict = first and self.decide(first, self.log.get((relative, f"minisat-{self.args.high:g}")))
                if verdict is None:
                    stopped = "not reached in the time box"
                    break
                counts[verdict] += 1
                in_a_row = in_a_row + 1 if verdict == "hard" else 0
            tried = sum(counts.values())
            sat = sum(1 for r in in_suite if r["family"] == family and r["expected"] == "SAT")
            unsat = sum(1 for r in in_suite if r["family"] == family and r["expected"] == "UNSAT")
            lines.append(f"| {family} | {len(members)} | {tried} | {counts['easy']} | {counts['pick']} "
                         f"| {counts['hard']} | {counts['error']} | {len(members) - tried} | {stopped} "
                         f"| {sat} | {unsat} |")
        return "\n".join(lines) + "\n"

    def write_tables(self):
        """suite.tsv (agreed and checked) and held-out.tsv (picked but not agreed, or not
        verified yet), from the log."""
        suite, held = [], []
        by_instance = {}
        for (relative, step), row in self.log.items():
            by_instance.setdefault(relative, {})[step] = row
        for relative, steps in by_instance.items():
            # The pick decision of `classify`, read back from the log.
            runs = [steps.get(f"minisat-{self.args.prefilter:g}"), steps.get(f"minisat-{self.args.high:g}")]
            solved = [r for r in runs if r and r["status"] in ("SAT", "UNSAT") and r["detail"] != "MODEL WRONG"]
            large = family_of(relative) == "sudoku-large"
            if not large and not (solved and float(solved[0]["cpu_s"]) >= self.args.low):
                continue  # too easy, too hard, or not tried
            cadical, ours = steps.get("cadical"), steps.get("satsolve")
            # A large Sudoku is in the suite whatever MiniSat does: then MiniSat's last run
            # (a timeout) stands in its row, and the answer to agree on is CaDiCaL's.
            minisat = solved[0] if solved else runs[1]
            answer = minisat["status"] if solved else (cadical or {}).get("status", "UNKNOWN")
            reasons = []
            for name, row in (("minisat", minisat), ("cadical", cadical), ("satsolve", ours)):
                if row is None:
                    reasons.append(f"{name} not run yet")
                elif row["status"] != answer:
                    reasons.append(f"{name} {row['status']} after {row['cpu_s']} s")
                elif row["detail"] == "MODEL WRONG":
                    reasons.append(f"{name} model wrong")
            check = steps.get("drat-check")
            if answer == "UNSAT" and not reasons:
                if check is None or check["status"] != "VERIFIED":
                    reasons.append("proof " + (check["status"].lower() if check else "not checked"))
            record = dict(instance=relative, family=minisat["family"], expected=answer,
                          minisat_s=minisat["cpu_s"], cadical_s=cadical["cpu_s"] if cadical else "",
                          satsolve_s=ours["cpu_s"] if ours else "",
                          proof=(f"verified in {check['cpu_s']} s, {check['detail'].split()[1]} MB"
                                 if check and check["status"] == "VERIFIED" else ""))
            if reasons:
                record["reason"] = "; ".join(reasons)
                held.append(record)
            else:
                suite.append(record)
        order = {family: i for i, family in enumerate(FAMILY_ORDER)}

        def key(record):
            folder = record["instance"].split("/")[-2]
            return (order.get(folder, -1), record["family"], natural_key(record["instance"]))

        (self.out / "families.md").write_text(self.family_summary(instances(Path(self.args.pool)), suite))
        for name, records, extra in (("suite.tsv", suite, []), ("held-out.tsv", held, ["reason"])):
            fields = ["instance", "family", "expected", "minisat_s", "cadical_s", "satsolve_s",
                      "proof"] + extra
            with open(self.out / name, "w", newline="") as handle:
                writer = csv.DictWriter(handle, fieldnames=fields, delimiter="\t", lineterminator="\n")
                writer.writeheader()
                writer.writerows(sorted(records, key=key))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pool", default=str(BENCH / "pool"))
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent))
    parser.add_argument("--low", type=float, default=1.0, help="MiniSat CPU seconds below which an instance is too easy")
    parser.add_argument("--prefilter", type=float, default=2.0)
    parser.add_argument("--high", type=float, default=60.0)
    parser.add_argument("--per-family", type=int, default=15)
    parser.add_argument("--give-up", type=int, default=2, help="step-2 timeouts in a row that end a family")
    parser.add_argument("--verify-limit", type=float, default=300.0)
    parser.add_argument("--check-limit", type=float, default=900.0)
    parser.add_argument("--select-only", action="store_true",
                        help="only MiniSat's runs: pick every family first, verify in a later run")
    parser.add_argument("--budget-minutes", type=float, default=float("inf"),
                        help="start no new instance after this much wall time")
    parser.add_argument("--satsolve", default=str(ROOT / "target" / "release" / "satsolve"))
    parser.add_argument("--drat-check", default=str(ROOT / "target" / "release" / "examples" / "drat_check"))
    args = parser.parse_args()
    for tool in ("minisat", "cadical", args.satsolve, args.drat_check):
        if not shutil.which(tool):
            sys.exit(f"pick: {tool} not found (make build; cargo build --release --example drat_check)")
    Selector(args).run()


if __name__ == "__main__":
    main()
