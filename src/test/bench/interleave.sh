#!/bin/bash
# Times two or more builds of acap-engine side by side with JMH, each combination in its own fork,
# the builds run in turn and their order rotated each round (docs/performance.md).
# usage: interleave.sh OUTDIR ROUNDS "name=dir=classpath" ...
#   env: ONLY=decide|compile, RULES, KINDS, SHAPES (DecideBenchmark parameters), WI, I, W, R (JMH)
# then: python3 src/test/bench/ratios.py OUTDIR NAME_BEFORE NAME_AFTER
OUT=$1; ROUNDS=$2; shift 2
VARIANTS=("$@")
mkdir -p $OUT
JMH="-f 1 -wi ${WI:-3} -i ${I:-3} -w ${W:-1s} -r ${R:-1s} -prof gc"
COMBOS=()
if [ -z "$ONLY" ] || [ "$ONLY" = decide ]; then
for rules in ${RULES:-10 100 1000 10000}; do for kind in ${KINDS:-acap conventional}; do for shape in ${SHAPES:-literal wildcard}; do
  COMBOS+=("decide_${kind}_${shape}_${rules}|DecideBenchmark.decide\$ -p rules=$rules -p kind=$kind -p shape=$shape")
done; done; done
fi
if [ -z "$ONLY" ] || [ "$ONLY" = compile ]; then
for f in acap-generated-10000 acap-runescape acap-long-line conventional-oracle; do
  COMBOS+=("compile_$f|DecideBenchmark.compileLargeFile\$ -p file=$f")
done
COMBOS+=("parseAndCompileLargeFile|DecideBenchmark.parseAndCompileLargeFile\$")
fi
for ((r=1; r<=ROUNDS; r++)); do
  for c in "${COMBOS[@]}"; do
    id=${c%%|*}; args=${c#*|}
    n=${#VARIANTS[@]}
    for ((k=0; k<n; k++)); do
      v=${VARIANTS[$(( (k + r) % n ))]}
      name=${v%%=*}; rest=${v#*=}; dir=${rest%%=*}; cp=${rest#*=}
      for try in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
        load=$(cut -d' ' -f1-3 /proc/loadavg)
        (cd $dir && java -cp "$cp" org.openjdk.jmh.Main $args $JMH -rf json -rff $OUT/$name.$r.$id.json > $OUT/$name.$r.$id.log 2>&1)
        grep -q "Unable to acquire the JMH lock" $OUT/$name.$r.$id.log || break
        sleep 15
      done
      echo "$r $id $name load=$load end=$(cut -d' ' -f1 /proc/loadavg) $(date +%T)" >> $OUT/order.log
    done
  done
done
