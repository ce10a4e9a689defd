#!/bin/bash
# The logging build (walk-stall-log.patch on f5094bc) on one formula of the small, medium
# or hard suite (a path under ../shared/bench, or absolute), 100 s, its walk log kept in
# out/NAME.err for walk-stall-rule.py. Run over the suites' 119 formulas with
#   (tail -n +2 scripts/hard/suite.tsv; tail -n +2 scripts/medium/suite.tsv) | cut -f1 | sort -u > list.txt
#   ls /work/shared/bench/cnf/*.cnf >> list.txt
#   xargs -P 1 -I{} walk-stall-suites.sh {} < list.txt
f=$1; case $f in /*) p=$f;; *) p=/work/shared/bench/$f;; esac
n=$(basename "$p"); n=${n%%.cnf*}
mkdir -p out
case $p in *.gz) zcat "$p";; *.xz) xzcat "$p";; *) cat "$p";; esac > "/tmp/ww-$n.cnf"
timeout 100 /work/notes/satsolve-wwlog --stats "/tmp/ww-$n.cnf" > /dev/null 2> "out/$n.err"
rm -f "/tmp/ww-$n.cnf"
