#!/usr/bin/env python3
"""Replays the clause-weighting walks logged by a build with walk-stall-log.patch under a
stall rule: a walk gives up once its best has not improved for max(FLOOR, FACTOR x the
visits that best took) visits. Prints, per family, the walks, those that found a model,
the visits in all with and without the rule, and the models the rule would lose.

usage: walk-stall-rule.py FACTOR FLOOR LOGDIR...   (LOGDIR: the .err files of walk-stall-run.sh)
"""
import glob
import os
import sys


def walks_of(path):
    walks, cur = [], None
    for line in open(path):
        fields = line.split()
        if line.startswith("c ww start"):
            cur = {"imps": []}
        elif line.startswith("c ww improve") and cur is not None:
            kv = dict(f.split("=") for f in fields[3:])
            cur["imps"].append((int(kv["visits"]), int(kv["best"])))
        elif line.startswith("c ww end") and cur is not None:
            kv = dict(f.split("=") for f in fields[3:])
            cur["end"], cur["best"] = int(kv["visits"]), int(kv["best"])
            walks.append(cur)
            cur = None
    return walks


def replay(walk, factor, floor):
    """(visits the walk makes under the rule, whether it still finds its model)."""
    last = 0
    for visits, _ in walk["imps"]:
        patience = max(floor, factor * last)
        if visits - last >= patience:
            return last + patience, False
        last = visits
    if walk["best"] == 0:
        return walk["end"], True
    return min(last + max(floor, factor * last), walk["end"]), False


def main():
    factor, floor, dirs = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3:]
    rows, lost = {}, []
    for d in dirs:
        for path in sorted(glob.glob(os.path.join(d, "*.err"))):
            family = os.path.basename(path).split(".")[0]
            row = rows.setdefault(family, dict(runs=0, walks=0, models=0, old=0, new=0, at=0, ratio=0.0))
            walks = walks_of(path)
            row["runs"] += bool(walks)
            for walk in walks:
                new, found = replay(walk, factor, floor)
                row["walks"] += 1
                row["old"] += walk["end"]
                row["new"] += new
                if walk["best"] == 0:
                    row["models"] += 1
                    row["at"] = max(row["at"], walk["end"])
                    imps = walk["imps"]
                    if len(imps) > 1 and imps[-2][0] > 0:
                        row["ratio"] = max(row["ratio"], imps[-1][0] / imps[-2][0])
                    if not found:
                        lost.append(path)
    print(f"rule: floor {floor / 1e6:g} M visits, factor {factor:g}")
    print("| family | runs with a walk | walks | walks that found a model | latest model at | "
          "a model's visits over those of the improvement before, at most | visits, full walks | visits, with the rule |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for family, r in sorted(rows.items()):
        if not r["walks"]:
            continue
        at = f"{r['at'] / 1e6:.1f} M" if r["models"] else "-"
        ratio = f"{r['ratio']:.1f}" if r["models"] else "-"
        print(f"| {family} | {r['runs']} | {r['walks']} | {r['models']} | {at} | {ratio} | "
              f"{r['old'] / 1e6:,.0f} M | {r['new'] / 1e6:,.0f} M |")
    print(f"models lost: {len(lost)} {lost}")


if __name__ == "__main__":
    main()
