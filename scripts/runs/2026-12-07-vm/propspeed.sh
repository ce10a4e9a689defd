#!/bin/bash
# Propagations per second over a fixed conflict budget, builds in turns, best of 3.
# usage: propspeed.sh CONFLICTS BIN1 BIN2 -- CNF...
n=$1; a=$2; b=$3; shift 4
for f in "$@"; do
  for bin in $a $b; do
    best=0; line=""
    for r in 1 2 3; do
      out=$($bin --stats --conflicts $n $f 2>&1 | awk '/^c conflicts/{c=$3} /^c propagations /{p=$3} /^c solve time/{t=$4} END{printf "%s %s %s %.3f\n", c,p,t,p/t/1e6}')
      rate=$(echo $out | awk '{print $4}')
      if awk "BEGIN{exit !($rate > $best)}"; then best=$rate; line=$out; fi
    done
    echo "$(basename $f) $(basename $bin) $line"
  done
done
