#!/bin/bash
# The logging build of walk-stall-rule.py (walk-stall-log.patch on f5094bc): runs it on
# FILES, 60 s each, two at a time, keeping each run's stderr (the walk log) in OUTDIR.
# usage: walk-stall-run.sh BIN OUTDIR FILES...
B=$1; O=$2; shift 2; mkdir -p $O
for f in "$@"; do echo $f; done | xargs -P 2 -I{} bash -c 'f={}; n=$(basename $f .cnf); s=$(date +%s.%N); timeout 60 '$B' --stats $f > '$O'/$n.out 2> '$O'/$n.err; rc=$?; e=$(date +%s.%N); echo "$n $rc $(echo "$e - $s" | bc)" >> '$O'/times.txt'
