#!/usr/bin/env python3
"""Write shuffled copies of a CNF suite, to tell a solver's strength from its luck.

A CDCL solver's run depends on the order of variables, clauses and literals and on the
polarities as written; a suite of a dozen instances can reward or punish that order. Each
copy here is the same formula up to renaming: variables renamed by a random permutation,
each variable's polarity flipped with probability 1/2, clause order and the literal order
inside each clause permuted. Satisfiability is unchanged, so the expected answer is
copied.

    scripts/shuffle-cnf.py SUITE_DIR OUT_DIR --copies K --seed S [--only REGEX]

reads SUITE_DIR/expected.tsv (name, category, expected, description; a name may be stored
as NAME.gz), writes OUT_DIR/STEM_sI.cnf for I in 1..K (plain text) and OUT_DIR/expected.tsv
in the same format, so `python3 scripts/bench.py --suite OUT_DIR` measures the copies.
The same seed gives the same files. The formulas are read by scripts/benchlib.py (plain
or compressed). Exit 1 with one line on stderr on bad input.
"""

import argparse
import random
import re
import sys
from pathlib import Path

from benchlib import read_dimacs


class CnfError(Exception):
    """A malformed instance list, with the file and line."""


def shuffle(num_vars, clauses, rng):
    """The formula with variables renamed, polarities flipped and both orders permuted."""
    names = list(range(1, num_vars + 1))
    rng.shuffle(names)
    flips = [rng.random() < 0.5 for _ in range(num_vars)]
    renamed = []
    for clause in clauses:
        new = []
        for lit in clause:
            var = abs(lit) - 1
            sign = (lit < 0) != flips[var]
            new.append(-names[var] if sign else names[var])
        rng.shuffle(new)
        renamed.append(new)
    rng.shuffle(renamed)
    return renamed


def write_cnf(path, num_vars, clauses, comment):
    with open(path, "w") as out:
        out.write(f"c {comment}\n")
        out.write(f"p cnf {num_vars} {len(clauses)}\n")
        for clause in clauses:
            out.write(" ".join(map(str, clause)) + " 0\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("suite", type=Path, help="directory with expected.tsv and the CNFs")
    parser.add_argument("out", type=Path, help="directory for the copies (created)")
    parser.add_argument("--copies", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default=None, help="regex on instance names")
    args = parser.parse_args()
    if args.copies < 1:
        parser.error("--copies must be at least 1")
    only = re.compile(args.only) if args.only else None
    try:
        with open(args.suite / "expected.tsv") as handle:
            lines = handle.read().splitlines()
        if not lines:
            raise CnfError(f"{args.suite}/expected.tsv: empty, expected a header line")
        header, rows = lines[0], [line.split("\t") for line in lines[1:] if line.strip()]
        args.out.mkdir(parents=True, exist_ok=True)
        written = [header]
        for number, row in enumerate(rows, 2):
            if len(row) < 3:
                raise CnfError(f"{args.suite}/expected.tsv:{number}: expected name, category, expected")
            name, rest = row[0], row[1:]
            if only and not only.search(name):
                continue
            source = args.suite / name
            if not source.exists() and (args.suite / (name + ".gz")).exists():
                source = args.suite / (name + ".gz")
            num_vars, clauses = read_dimacs(source, strict=True)
            stem = name.removesuffix(".gz").removesuffix(".cnf")
            for copy in range(1, args.copies + 1):
                # One generator per (instance, copy): adding an instance or a copy does
                # not change the others.
                rng = random.Random(f"{args.seed}:{stem}:{copy}")
                copy_name = f"{stem}_s{copy}.cnf"
                write_cnf(args.out / copy_name, num_vars, shuffle(num_vars, clauses, rng),
                          f"shuffled copy {copy} (seed {args.seed}) of {name}")
                written.append("\t".join([copy_name] + rest))
        with open(args.out / "expected.tsv", "w") as handle:
            handle.write("\n".join(written) + "\n")
    except (OSError, CnfError, ValueError) as error:
        print(f"shuffle-cnf: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
