#!/usr/bin/env python3
"""Pick the broad suite: per family, formulas that CaDiCaL solves in 1-60 s of CPU here.

Each family is a list of sub-kinds (relatives, such as GT_n and its total-order form, or
one generator's sizes), each a list of candidate source specs (scripts/broad/families.py
says what a spec is) from small to large. Every candidate is built and run once by CaDiCaL
(Debian's `cadical`) under a CPU limit of --limit seconds (default 75: anything slower is
out); a satisfiable answer's model is checked clause by clause (scripts/benchlib.py). The
runs are cached in OUTDIR/probe.tsv, so an interrupted pick goes on where it stopped. A
sub-kind's candidates stop once enough of them fall in [1, 60] s, or after --misses
candidates in a row above 60 s (larger ones would be slower still). The SATLIB family,
whose files are fixed and mostly easy, takes those of 0.9 s and more.

Writes scripts/broad/suite.tsv: name, family, spec, expected (CaDiCaL's answer), SHA-256
of the built file, and CaDiCaL's seconds; --per-family instances a family, taken in turn
from its sub-kinds and answers. `make bench-broad` rebuilds the files from it.

    scripts/broad/pick.py [--only FAMILY_REGEX] [--limit S] [--per-family N]
                          [--probe-only] [OUTDIR]
"""

import argparse
import csv
import re
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from benchlib import ROOT, read_cnf, run_solver, solver_table, verdict  # noqa: E402
from families import SpecError, build, sha256  # noqa: E402

LOW, HIGH = 1.0, 60.0


def flat(n, ratio, k, seeds):
    return [f"flat:{n}:{round(n * ratio)}:{k}:{s}" for s in seeds]


# The candidates, family by family, each family a list of sub-kinds (relatives, or one
# generator's sizes), each sub-kind from small to large. Sizes were first probed by hand
# (one CaDiCaL run each) to find where a family's formulas take seconds.
FAMILIES = {
    # Planted 3- and 4-colourings of flat graphs: hardest just above the colouring
    # threshold (3 colours: 2.45-2.6 edges a vertex for these flat graphs).
    "flat3-colouring": [[spec for n in (300, 350, 400, 450, 500) for r in (2.45, 2.5, 2.55)
                         for spec in flat(n, r, 3, (1, 2))]],
    "flat4-colouring": [[spec for n in (120, 150, 180, 210, 240) for r in (4.3, 4.5, 4.7)
                         for spec in flat(n, r, 4, (1, 2))]],
    # Ordering principles: GT_n (op), its total-order form, and the graph ordering
    # principle on random 6-regular graphs (Krishnamurthy; Bonet & Galesi).
    "ordering": [[f"cnfgen:op {n}" for n in (35, 40, 45, 50, 55, 60, 70, 80)],
                 [f"cnfgen:op --total {n}" for n in (30, 35, 40, 45, 50, 60, 70)],
                 [f"cnfgen:--seed {s} op {n} 6" for n in (40, 50, 60, 70, 80) for s in (1, 2)]],
    # Pigeonhole: dense, functional, and with sparse random pigeon degrees.
    "pigeonhole": [[f"cnfgen:php {n}" for n in (9, 10, 11)],
                   [f"cnfgen:php --functional {n}" for n in (9, 10, 11)],
                   [f"cnfgen:--seed {s} php {n + 1} {n} 5" for n in (20, 22) for s in range(1, 7)]],
    "clique-colouring": [[f"cnfgen:cliquecoloring {n} {k} {k - 1}" for n in (10, 12, 14, 16, 18, 20)]
                         for k in (4, 5, 6)],
    # Planted random k-SAT at and near the threshold (3: 4.26, 5: 21.1, 7: 87.8).
    "planted-ksat": [[f"cnfgen:--seed {s} randkcnf --plant 3 {n} {round(n * r)}"
                      for n in (2000, 4000, 6000) for r in (4.0, 4.2) for s in (1, 2)],
                     [f"cnfgen:--seed {s} randkcnf --plant 5 {n} {round(n * r)}"
                      for n in (250, 400, 600) for r in (19.0, 21.0) for s in (1, 2)],
                     [f"cnfgen:--seed {s} randkcnf --plant 7 {n} {round(n * r)}"
                      for n in (90, 120, 150) for r in (80.0, 87.0) for s in (1, 2)]],
    # Tseitin formulas on random regular graphs with odd charge (Urquhart).
    "tseitin": [[f"cnfgen:--seed {s} tseitin {n} 4" for n in (24, 28, 32, 36, 40, 44)
                 for s in (1, 2)] + [f"cnfgen:--seed {s} tseitin {n} 4" for n in (32, 36, 40)
                                     for s in (3, 4)],
                [f"cnfgen:--seed {s} tseitin {n} 5" for n in (14, 16, 18, 20, 22, 24) for s in (1, 2)]],
    # Subset cardinality (Van Gelder & Spence's zero-one designs; the construction
    # behind sgen1's small hard formulas), on random 4- and 6-regular bipartite graphs.
    "subset-cardinality": [[f"cnfgen:--seed {s} subsetcard {n} 4" for n in (12, 14, 16, 18, 20)
                            for s in (1, 2)] + [f"cnfgen:--seed {s} subsetcard {n} 4"
                                                for n in (18, 20) for s in (3, 4)],
                           [f"cnfgen:--seed {s} subsetcard {n} 6" for n in (6, 8, 10)
                            for s in (1, 2)]],
    # Van der Waerden: 2-colourings of 1..N without monochromatic progressions, just
    # below (satisfiable) and at (unsatisfiable) known numbers: w(3,10)=97, w(3,11)=114,
    # w(3,12)=135, w(3,13)=160, w(4,6)=73, w(4,7)=109, w(5,5)=178.
    "van-der-waerden": [["cnfgen:vdw 96 3 10", "cnfgen:vdw 113 3 11", "cnfgen:vdw 134 3 12",
                         "cnfgen:vdw 159 3 13", "cnfgen:vdw 72 4 6", "cnfgen:vdw 108 4 7",
                         "cnfgen:vdw 170 5 5", "cnfgen:vdw 177 5 5"],
                        ["cnfgen:vdw 97 3 10", "cnfgen:vdw 114 3 11", "cnfgen:vdw 135 3 12",
                         "cnfgen:vdw 73 4 6", "cnfgen:vdw 109 4 7"]],
    # Crypto: VMPC inversion and factoring.
    "vmpc": [[f"vmpc:{n}:{s}" for n in (18, 20, 22, 24, 25, 26, 27, 28, 30) for s in (1, 2)]],
    "factoring": [[f"factor:{b}:{s}" for b in (16, 18, 20, 22, 24) for s in (1, 2)]
                  + [f"factor:{b}:{s}" for b in (22, 24) for s in (3, 4)],
                  [f"factor:{b}:{s}:prime" for b in range(10, 21) for s in (1, 2)]],
    # Ours: Sudoku of large sizes (random grids, part blanked) and multiplier miters.
    "sudoku-large": [["sudoku:testdata/puzzles/36x36_b60_s1.txt"],
                     [f"sudokugen:{n}:{b}:{s}" for n in (36, 49) for b in (55, 65, 75)
                      for s in (1, 2)] + [f"sudokugen:49:{b}:{s}" for b in (55, 60) for s in (3, 4)]],
    # (The flipped miters, satisfiable, take CaDiCaL milliseconds at every size tried.)
    "miter": [[f"miter:{b}:decomposed:{s}" for b in (9, 10, 11) for s in (1, 2)]
              + [f"miter:{b}:decomposed:{s}" for b in (9, 10) for s in (3, 4, 5)]
              + [f"miter:{b}:decomposed:{s}" for b in (12, 13) for s in (1, 2)]],
}


def pool_family(folder, pattern=".*"):
    base = ROOT.parent / "shared" / "bench" / "pool" / folder
    if not base.exists():
        from benchlib import shared_path
        base = shared_path("bench/pool") / folder
    return [f"pool:{folder}/{p.name}" for p in sorted(base.glob("*.cnf.xz"))
            if re.search(pattern, p.name)]


# From the pool: the SATLIB families the issue names, BMC, planning, quasigroup and the
# structured Beijing and DIMACS circuits, as one family. Their files are fixed, and
# CaDiCaL solves almost all of them in under a second here (the medium suite, picked by
# MiniSat's time, measures them); the family takes those of 0.9 s and more.
FAMILIES["satlib"] = [pool_family("satlib-bmc"), pool_family("satlib-planning"),
                      pool_family("satlib-quasigroup"),
                      pool_family("satlib-beijing")
                      + pool_family("satlib-dimacs", r"^(hanoi|ii|ssa|bf|par16|pret|dubois)")]
LOW_OF = {"satlib": 0.9}
# The probes ran these names before the pool families were joined.
OLD_NAMES = {"satlib-bmc", "satlib-planning", "satlib-quasigroup", "satlib-structured"}


def mix(rows, kinds, count):
    """Up to `count` rows, taken in turn from each sub-kind and answer, so that a family
    holds its relatives alike and both answers where it has both."""
    queues = []
    for members in kinds:
        order = {spec: index for index, spec in enumerate(members)}
        fitting = sorted((row for row in rows if row["spec"] in order), key=lambda r: order[r["spec"]])
        for status in ("SAT", "UNSAT"):
            queue = [row for row in fitting if row["status"] == status]
            if queue:
                queues.append(queue)
    chosen = []
    while len(chosen) < count and any(queues):
        for queue in queues:
            if queue and len(chosen) < count:
                chosen.append(queue.pop(0))
    return chosen


def probe(spec, family, cadical, scratch, limit):
    """One CaDiCaL run on the built spec (None when it cannot be built)."""
    try:
        text = build(spec)
    except SpecError as error:
        print(f"pick: {family}: {error}", file=sys.stderr)
        return None
    cnf = scratch / "candidate.cnf"
    cnf.write_text(text)
    header = next(line for line in text.splitlines() if line.startswith("p "))
    run = run_solver(cadical, cnf, 30 * limit + 60, cpu_limit=limit)
    status = run.status
    if status == "SAT" and not verdict("SAT", run.lits, "SAT", read_cnf(cnf)):
        status = "WRONG"
    return dict(spec=spec, family=family, status=status, seconds=f"{run.cpu:.2f}",
                sha256=sha256(text), vars=header.split()[2], clauses=header.split()[3])


FIELDS = ["spec", "family", "status", "seconds", "sha256", "vars", "clauses"]


def write_cache(path, cache):
    with open(path, "w", newline="") as handle:
        writer = csv.DictWriter(handle, FIELDS, delimiter="\t")
        writer.writeheader()
        writer.writerows(cache.values())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outdir", nargs="?", default=str(ROOT / "scratch" / "broad-pick"))
    parser.add_argument("--only", default="", help="regex on family names")
    parser.add_argument("--limit", type=float, default=75.0)
    parser.add_argument("--per-family", type=int, default=8)
    parser.add_argument("--misses", type=int, default=4)
    parser.add_argument("--suite", default=str(HERE / "suite.tsv"))
    parser.add_argument("--probe-only", action="store_true",
                        help="run the candidates, leave suite.tsv alone")
    args = parser.parse_args()
    outdir = Path(args.outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    cache_path = outdir / "probe.tsv"
    cache = {}
    if cache_path.exists():
        with open(cache_path, newline="") as handle:
            cache = {row["spec"]: row for row in csv.DictReader(handle, delimiter="\t")}
    scratch = Path(tempfile.mkdtemp(prefix="broad-pick-"))
    cadical = solver_table(scratch)["cadical"]
    if not cadical.installed():
        sys.exit("pick.py: cadical not found (apt-get install cadical)")

    for family, specs in FAMILIES.items():
        if not re.search(args.only, family):
            continue
        # A family's sub-kinds are probed alike, so that the pick can mix them.
        quota = -(-args.per_family // len(specs)) + 1
        for members in specs:
            picked = misses = 0
            for spec in members:
                if picked >= quota or misses >= args.misses:
                    break
                row = cache.get(spec) or probe(spec, family, cadical, scratch, args.limit)
                if row is None:
                    continue
                cache[spec] = row
                write_cache(cache_path, cache)
                seconds = float(row["seconds"])
                solved = row["status"] in ("SAT", "UNSAT")
                fits = solved and LOW_OF.get(family, LOW) <= seconds <= HIGH
                picked += fits
                misses = 0 if (fits or (solved and seconds < LOW)) else misses + 1
                print(f"{family:20} {spec:45} {row['status']:8} {seconds:7.2f}s"
                      f"{'  picked' if fits else ''}", file=sys.stderr)
    if args.probe_only:
        return 0
    for row in cache.values():
        if row["family"] in OLD_NAMES:
            row["family"] = "satlib"
    rows = [row for row in cache.values() if row["status"] in ("SAT", "UNSAT")
            and LOW_OF.get(row["family"], LOW) <= float(row["seconds"]) <= HIGH]
    with open(args.suite, "w") as handle:
        handle.write("name\tfamily\tspec\texpected\tsha256\tcadical_s\n")
        for family, specs in FAMILIES.items():
            fitting = [row for row in rows if row["family"] == family]
            for row in mix(fitting, specs, args.per_family):
                name = re.sub(r"[^A-Za-z0-9.]+", "-", row["spec"].split(":", 1)[1]).strip("-")
                name = f"{family}.{name}".removesuffix(".cnf.xz")
                handle.write(f"{name}\t{family}\t{row['spec']}\t{row['status']}\t"
                             f"{row['sha256']}\t{row['seconds']}\n")
    print(f"pick: wrote {args.suite}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
