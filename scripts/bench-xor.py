#!/usr/bin/env python3
"""Parity reasoning (the cdcl engine's XOR matrices) measured against CryptoMiniSat 5.

Instances, each run by every solver in turns (best CPU time of --runs rounds), under a
CPU-time limit (RLIMIT_CPU, so a loaded machine stops each solver at the same amount of
work):
- `pool`: the parity instances of ../shared/bench/pool/satlib-dimacs (Crawford's par16
  and par32, Dubois's chains, Pretolani's pret);
- `circuits`: SATLIB's bounded model checking instances and the Beijing adders and
  comparators, whose XORs come in small groups: the matrices' trial must drop them
  where the clauses already do their work;
- `tseitin`: Tseitin formulas on random graphs of degree 3 to 7, made unsatisfiable
  (an odd total charge): Urquhart's family, generated here with fixed seeds (the SAT 2002
  urquhart files are not in the pool);
- `chains`: two XOR chains over the same variables in different orders, with opposite
  parities (Dubois-like, as the x1_* instances of SAT 2003 are), fixed seeds;
- `small`: the shared small suite ../shared/bench/cnf, for the no-regression check:
  where no matrix is built, the search must be the one of `satsolve --set xor=0`
  (equal conflict counts), and the time of detection is all the XOR code costs.

Solvers: satsolve (XOR matrices on, its default), `satsolve-noxor` (--set xor=0),
`satsolve-base` (an earlier build, --baseline) and cryptominisat5. satsolve's runs add
--stats, whose conflict and XOR counters go into the CSV. Every SAT model is checked
against the clauses (scripts/benchlib.py), and every two definite answers must agree.

Writes OUTDIR/results.csv (one row per instance and solver: best CPU seconds, status,
conflicts, XOR counters) and OUTDIR/summary.md.

Usage: scripts/bench-xor.py [--cpu-limit S] [--runs N] [--sets pool,circuits,tseitin,chains,small]
                            [--only REGEX] [--baseline PATH] [OUTDIR]
"""

import argparse
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from benchlib import (RELEASE, ROOT, geomean, measure, parse_answer, read_cnf, run_header,
                      shared_path, solver_table, unpack, write_csv)

POOL_PARITY = re.compile(r"^(par16|par32|dubois|pret)")
# Dubois's chains of 20-30 are alike and elimination alone refutes all of them.
POOL_SKIPPED = {f"dubois{n}" for n in range(21, 31)}
STATS = {
    "conflicts": re.compile(rb"^c conflicts\s+(\d+)", re.M),
    "xors_found": re.compile(rb"^c xors found\s+(\d+)", re.M),
    "xor_matrices": re.compile(rb"^c xor matrices\s+(\d+)", re.M),
    "xor_propagations": re.compile(rb"^c xor propagations\s+(\d+)", re.M),
    "xor_dropped": re.compile(rb"^c xor dropped\s+(\d+)", re.M),
}


def xor_clauses(variables, rhs):
    """The 2^(k-1) clauses of `variables` XOR to `rhs`, each forbidding one assignment
    of the wrong parity."""
    clauses = []
    k = len(variables)
    for pattern in range(1 << k):
        negatives = bin(pattern).count("1")
        if (negatives % 2 == 1) != rhs:
            clauses.append([-v if pattern >> i & 1 else v for i, v in enumerate(variables)])
    return clauses


def write_dimacs(path, num_vars, clauses, comment):
    with open(path, "w") as out:
        out.write(f"c {comment}\np cnf {num_vars} {len(clauses)}\n")
        for clause in clauses:
            out.write(" ".join(map(str, clause)) + " 0\n")


def tseitin(path, vertices, seed):
    """An unsatisfiable Tseitin formula: a ring of `vertices` plus random chords, every
    vertex of degree 3 to 7, one variable per edge, each vertex's edges XOR to its
    charge, the charges summing to 1."""
    rng = random.Random(seed)
    edges = [(v, (v + 1) % vertices) for v in range(vertices)]
    degree = [2] * vertices
    present = set(edges) | {(b, a) for a, b in edges}
    for _ in range(vertices * 4):
        a, b = rng.randrange(vertices), rng.randrange(vertices)
        if a != b and (a, b) not in present and degree[a] < 7 and degree[b] < 7:
            edges.append((a, b))
            present |= {(a, b), (b, a)}
            degree[a] += 1
            degree[b] += 1
    charges = [rng.random() < 0.5 for _ in range(vertices)]
    charges[-1] = not (sum(charges[:-1]) % 2 == 1)  # total charge odd: UNSAT
    clauses = []
    for v in range(vertices):
        incident = [e + 1 for e, (a, b) in enumerate(edges) if v in (a, b)]
        clauses += xor_clauses(incident, charges[v])
    rng.shuffle(clauses)
    write_dimacs(path, len(edges), clauses, f"tseitin {vertices} vertices seed {seed}")


def chains(path, n, seed):
    """Two XOR chains, x1 + ... + xn = 0 and the same sum in another order = 1, each
    split into 3-variable XORs through auxiliary variables: unsatisfiable."""
    rng = random.Random(seed)
    num_vars = n
    clauses = []
    for parity in (False, True):
        order = list(range(1, n + 1))
        rng.shuffle(order)
        total = order[0]
        for x in order[1:-1]:
            num_vars += 1
            clauses += xor_clauses([total, x, num_vars], False)  # t = total + x
            total = num_vars
        clauses += xor_clauses([total, order[-1]], parity)
    rng.shuffle(clauses)
    write_dimacs(path, num_vars, clauses, f"two parity chains over {n} variables seed {seed}")


def instances(sets, scratch):
    """(set, name, path, expected) of the instances of the chosen sets."""
    found = []
    if "pool" in sets:
        for source in sorted(shared_path("bench/pool/satlib-dimacs").glob("*.cnf.xz")):
            name = source.name[:-len(".cnf.xz")]
            if POOL_PARITY.match(name) and name not in POOL_SKIPPED:
                target = scratch / f"{name}.cnf"
                unpack(source, scratch / "unpacked.cnf")
                # SATLIB's par files break lines inside clauses, which CryptoMiniSat
                # refuses: every solver gets the strict DIMACS of the same clauses.
                with open(target, "wb") as strict:
                    subprocess.run([str(RELEASE / "satsolve"), "--print-cnf",
                                    str(scratch / "unpacked.cnf")], stdout=strict, check=True)
                expected = "SAT" if name.startswith("par") else "UNSAT"
                found.append(("pool", name, target, expected))
    if "circuits" in sets:
        for folder, pattern in (("satlib-bmc", "bmc-*"), ("satlib-beijing", "*bit*")):
            for source in sorted(shared_path(f"bench/pool/{folder}").glob(f"{pattern}.cnf.xz")):
                name = source.name[:-len(".cnf.xz")]
                target = scratch / f"{name}.cnf"
                unpack(source, target)
                found.append(("circuits", name, target, "SAT" if folder == "satlib-bmc" else ""))
    if "tseitin" in sets:
        for vertices in (20, 80, 320):
            for seed in (1, 2):
                target = scratch / f"tseitin-{vertices}-s{seed}.cnf"
                tseitin(target, vertices, seed)
                found.append(("tseitin", target.stem, target, "UNSAT"))
    if "chains" in sets:
        for n in (30, 100, 400):
            target = scratch / f"chains-{n}.cnf"
            chains(target, n, n)
            found.append(("chains", target.stem, target, "UNSAT"))
    if "small" in sets:
        suite = shared_path("bench/cnf")
        for line in (suite / "expected.tsv").read_text().splitlines()[1:]:
            name, _category, expected = line.split("\t")[:3]
            path = suite / name
            # The large Sudoku files are kept compressed under the listed name + .gz.
            if not path.exists():
                path = suite / (name + ".gz")
            found.append(("small", name.removesuffix(".cnf"), path, expected))
    return found


def run(argv, cpu_limit):
    """(status, literals, CPU seconds, stats) of one run; stats from --stats on stderr."""
    with tempfile.NamedTemporaryFile(prefix="bench-xor-") as err:
        measured = measure(argv, cpu_limit=cpu_limit, stderr=Path(err.name))
        text = Path(err.name).read_bytes()
    stats = {}
    for key, pattern in STATS.items():
        match = pattern.search(text)
        if match:
            stats[key] = int(match.group(1))
    if measured.timed_out:
        return "TIMEOUT", set(), measured.cpu, stats
    status, lits = parse_answer(measured.stdout.decode(errors="replace"))
    return status or "UNKNOWN", lits, measured.cpu, stats


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("outdir", nargs="?", default=str(ROOT / "scratch" / "bench-xor"))
    parser.add_argument("--cpu-limit", type=float, default=60.0)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--sets", default="pool,circuits,tseitin,chains,small")
    parser.add_argument("--only", default="", help="regex on instance names")
    parser.add_argument("--satsolve", default=str(RELEASE / "satsolve"))
    parser.add_argument("--baseline", default="", help="an earlier satsolve build")
    args = parser.parse_args()
    outdir = Path(args.outdir)
    scratch = outdir / "instances"
    scratch.mkdir(parents=True, exist_ok=True)

    table = solver_table(outdir, satsolve=args.satsolve, baseline=args.baseline or None)
    ours = args.satsolve
    solvers = {
        "satsolve": lambda cnf: [ours, "--stats", str(cnf)],
        "satsolve-noxor": lambda cnf: [ours, "--stats", "--set", "xor=0", str(cnf)],
    }
    if args.baseline:
        base = str(Path(args.baseline).resolve())
        solvers["satsolve-base"] = lambda cnf: [base, "--stats", str(cnf)]
    if table["cryptominisat5"].installed():
        solvers["cryptominisat5"] = lambda cnf: table["cryptominisat5"].argv(cnf)[0]

    rows = []
    failures = []
    sets = set(args.sets.split(","))
    for set_name, name, path, expected in instances(sets, scratch):
        if args.only and not re.search(args.only, name):
            continue
        clauses = read_cnf(path)
        best = {}
        for _ in range(args.runs):
            for solver, argv_of in solvers.items():  # in turns, round after round
                status, lits, cpu, stats = run(argv_of(path), args.cpu_limit)
                if status == "SAT" and not all(any(l in lits for l in c) for c in clauses):
                    failures.append(f"{name}: {solver} gave a model that is not one")
                if status in ("SAT", "UNSAT") and expected in ("SAT", "UNSAT") \
                        and status != expected:
                    failures.append(f"{name}: {solver} said {status}, expected {expected}")
                old = best.get(solver)
                if old is None or (status != "TIMEOUT" and (old[0] == "TIMEOUT" or cpu < old[1])):
                    best[solver] = (status, cpu, stats)
        answers = {s for s, _, _ in best.values() if s in ("SAT", "UNSAT")}
        if len(answers) > 1:
            failures.append(f"{name}: answers disagree: {best}")
        for solver, (status, cpu, stats) in best.items():
            rows.append({"set": set_name, "instance": name, "solver": solver,
                         "status": status, "cpu_s": f"{cpu:.3f}", **{k: stats.get(k, "")
                                                                     for k in STATS}})
        line = "  ".join(f"{s}={st}/{c:.2f}s/{stats.get('conflicts', '-')}"
                         for s, (st, c, stats) in best.items())
        print(f"{set_name:8} {name:28} {line}", flush=True)

    fields = ["set", "instance", "solver", "status", "cpu_s", *STATS]
    write_csv(outdir / "results.csv", rows, fields)
    summary = summarise(rows, args.cpu_limit, list(solvers), failures)
    header = run_header(sys.argv)
    (outdir / "summary.md").write_text("\n".join(["# bench-xor", "", *header, "", *summary,
                                                 ""]))
    print("\n".join(summary))
    return 1 if failures else 0


def summarise(rows, limit, solvers, failures):
    """Markdown: per set and solver, solved count, PAR-2 (CPU) and the geometric mean of
    the CPU ratio to cryptominisat5 on the instances both solve; then the small suite's
    conflict check."""
    lines = [f"CPU limit {limit:g} s. PAR-2 in CPU seconds (a timeout counts {2 * limit:g}).",
             "", "| set | solver | solved | PAR-2 | CPU ratio to cryptominisat5 (geomean) |",
             "|---|---|---|---|---|"]
    by = {}
    for row in rows:
        by.setdefault((row["set"], row["solver"]), {})[row["instance"]] = row
    sets = sorted({row["set"] for row in rows})
    for set_name in sets:
        peer = by.get((set_name, "cryptominisat5"), {})
        for solver in solvers:
            runs = by.get((set_name, solver), {})
            solved = [r for r in runs.values() if r["status"] in ("SAT", "UNSAT")]
            par2 = sum(float(r["cpu_s"]) if r in solved else 2 * limit
                       for r in runs.values())
            ratios = [max(float(r["cpu_s"]), 0.001) / max(float(peer[i]["cpu_s"]), 0.001)
                      for i, r in runs.items() if r in solved and i in peer
                      and peer[i]["status"] in ("SAT", "UNSAT")]
            ratio = f"{geomean(ratios):.2f}" if ratios and solver != "cryptominisat5" else ""
            lines.append(f"| {set_name} | {solver} | {len(solved)}/{len(runs)} | {par2:.1f} "
                         f"| {ratio} |")
    small_xor = by.get(("small", "satsolve"), {})
    small_off = by.get(("small", "satsolve-noxor"), {})
    if small_xor and small_off:
        # Values are ints when fresh and strings when read back from results.csv.
        def no_matrix(row):
            return str(row["xor_matrices"]) in ("0", "")
        same = [i for i, r in small_xor.items()
                if no_matrix(r) and i in small_off and r["status"] != "TIMEOUT"
                and str(r["conflicts"]) == str(small_off[i]["conflicts"])]
        without = [i for i, r in small_xor.items() if no_matrix(r)]
        with_matrix = sorted(i for i, r in small_xor.items() if not no_matrix(r))
        lines += ["", f"Small suite: {len(same)} of the {len(without)} instances without a "
                  f"matrix have the conflict count of --set xor=0; with a matrix: "
                  f"{', '.join(with_matrix) or 'none'}."]
    lines += ["", f"Checks: {len(failures)} failures."] + [f"- {f}" for f in failures]
    return lines


if __name__ == "__main__":
    sys.exit(main())
