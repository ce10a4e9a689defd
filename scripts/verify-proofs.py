#!/usr/bin/env python3
"""Proves every UNSAT instance of the shared suite with satsolve and checks each proof.

For each instance that expected.tsv marks UNSAT, satsolve runs with --timeout (10 s by
default) and --binary-proof; when it answers UNSAT in time, the proof is checked by
`drat_check` (examples/drat_check.rs, over the dratify crate: a forward RUP/RAT checker
sharing no code with the solver). Prints a Markdown table and exits 1 if any proof is
rejected.

Runs and times are scripts/benchlib.py's; --satsolve-flags appends arguments to
satsolve's command line (`make proofs SATSOLVE_FLAGS=...`).

Usage: scripts/verify-proofs.py [--timeout S] [--only REGEX] [--satsolve-flags ARGS] [OUTFILE]
"""

import argparse
import re
import sys
import tempfile
from pathlib import Path

from benchlib import RELEASE, SUITE, add_satsolve_flags, measure, satsolve_flags


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outfile", nargs="?")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--only", default="")
    parser.add_argument("--suite", default=str(SUITE))
    add_satsolve_flags(parser)
    args = parser.parse_args()
    flags = satsolve_flags(args.satsolve_flags)
    satsolve = RELEASE / "satsolve"
    checker = RELEASE / "examples" / "drat_check"
    for tool in (satsolve, checker):
        if not tool.exists():
            sys.exit(f"verify-proofs: {tool} missing: run 'make build' and "
                     "'cargo build --release --example drat_check'")
    suite = Path(args.suite)
    rows = [line.rstrip("\n").split("\t") for line in open(suite / "expected.tsv")][1:]
    lines = ["| instance | solve s | proof MB | check s | verdict |", "|---|---|---|---|---|"]
    rejected = 0
    with tempfile.TemporaryDirectory(prefix="sudosat-proofs-") as scratch:
        proof = Path(scratch) / "proof.drat"
        for name, _category, expected, *_ in rows:
            if expected != "UNSAT" or not re.search(args.only, name):
                continue
            cnf = suite / name
            if not cnf.exists():
                cnf = suite / (name + ".gz")
            solve = measure([satsolve, "-q", "--timeout", str(args.timeout), "--proof", proof,
                             "--binary-proof", cnf, *flags])
            solve_time = solve.wall
            if solve.code != 20:
                lines.append(f"| {name} | {solve_time:.2f} | | | not solved in {args.timeout:g} s |")
                continue
            size = proof.stat().st_size / 1e6
            check_log = Path(scratch) / "check.txt"
            check = measure([checker, cnf, proof], stderr=check_log)
            check_time = check.wall
            verdict = (check.stdout.decode(errors="replace").strip()
                       or check_log.read_text(errors="replace").strip())
            if check.code != 0:
                rejected += 1
            lines.append(f"| {name} | {solve_time:.2f} | {size:.1f} | {check_time:.2f} | {verdict} |")
            print(lines[-1], file=sys.stderr)
    table = "\n".join(lines) + "\n"
    print(table)
    if args.outfile:
        Path(args.outfile).write_text(table)
    return 1 if rejected else 0


if __name__ == "__main__":
    sys.exit(main())
