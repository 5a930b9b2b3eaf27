#!/usr/bin/env bash
# GPU benchmark of the work-distribution pairs (issue 11): every workload under
# bench/work-distribution/<pair>/<name>/ holds <name>.yaml (gate manifest),
# <name>.cu (the naive kernel with its launcher), <name>_ref.cpp, and one or
# more rewritten variants <name>.<variant>.cu made by klineage-rewrite
# (forward, forward-vec, reverse, ...). Each variant is gated against the
# naive kernel in one invocation (compiled, checked, profiled interleaved), so
# every ratio compares two kernels measured in the same run.
#
# Reverse steps on the bundled experts live under
# <pair>/experts/<workload>/<stem>.reverse.cu: each is gated against
# workloads/<workload>/<stem>.cu with that workload's manifest, so the ratio is
# the slowdown the reverse step costs.
#
# A variant named <V>-reverse (the reverse step applied to variant <V>, e.g.
# forward-reverse, ft-reverse) is gated against <name>.<V>.cu, not the naive
# kernel: its ratio is what the reverse step costs.
#
#   scripts/gpu-run.sh is the entry point on the GPU machine; from the repo root:
#   bench/work-distribution/run-gpu.sh OUTDIR [PAIR-REGEX [VARIANT-REGEX]]
#   BENCH=bench/memory-hierarchy bench/work-distribution/run-gpu.sh ...  (issue 12's pairs,
#   same layout)
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${1:?usage: run-gpu.sh OUTDIR [PAIR-REGEX]}
filter=${2:-.*}
vfilter=${3:-.*}
bench=${BENCH:-bench/work-distribution}
mkdir -p "$out"
# Compile everything first, in parallel (fills the gate's content-hash cache).
for y in "$bench"/*/*/*.yaml; do
  d=$(dirname "$y"); stem=$(basename "$y" .yaml)
  echo "$d/$stem.cu $y"
  for v in "$d/$stem".*.cu; do [ -f "$v" ] && echo "$v $y"; done
done | grep -E "$(basename "$bench")/($filter)/" |
  xargs -P 16 -L 1 sh -c 'klineage gate "$0" --workload "$1" --stages compile >/dev/null 2>&1'
# <pair>/experts/<workload>/<stem>.reverse.cu -> "expert variant manifest"
experts() {
  for v in "$bench"/*/experts/*/*.reverse.cu; do
    [ -f "$v" ] || continue
    w=$(basename "$(dirname "$v")"); stem=$(basename "$v" .reverse.cu)
    pair=$(basename "$(dirname "$(dirname "$(dirname "$v")")")")
    echo "$pair" | grep -qE "^($filter)\$" || continue
    echo "expert-reverse" | grep -qE "^($vfilter)\$" || continue
    echo "workloads/$w/$stem.cu $v $(ls workloads/"$w"/*.yaml | head -n 1)"
  done
}
for y in "$bench"/*/*/*.yaml; do
  d=$(dirname "$y"); stem=$(basename "$y" .yaml)
  pair=$(basename "$(dirname "$d")")
  echo "$pair" | grep -qE "^($filter)\$" || continue
  for v in "$d/$stem".*.cu; do
    [ -f "$v" ] || continue
    variant=$(basename "$v" .cu); variant=${variant#"$stem".}
    echo "$variant" | grep -qE "^($vfilter)\$" || continue
    base="$d/$stem.cu"
    case "$variant" in *-reverse) [ -f "$d/$stem.${variant%-reverse}.cu" ] && base="$d/$stem.${variant%-reverse}.cu" ;; esac
    tag="$pair--$stem--$variant"
    echo "== $tag (against $(basename "$base"))"
    timeout 300 klineage gate "$base" "$v" --workload "$y" --repeat 2 \
      --json "$out/$tag.json" >"$out/$tag.log" 2>&1
    echo "exit $?"; tail -n 12 "$out/$tag.log"
  done
done
experts | while read -r expert v y; do
  pair=$(basename "$(dirname "$(dirname "$(dirname "$v")")")"); w=$(basename "$(dirname "$v")"); stem=$(basename "$v" .reverse.cu)
  tag="$pair--expert-$w-$stem--reverse"
  echo "== $tag"
  timeout 300 klineage gate "$expert" "$v" --workload "$y" --repeat 2 \
    --json "$out/$tag.json" >"$out/$tag.log" 2>&1 </dev/null
  echo "exit $?"; tail -n 12 "$out/$tag.log"
done
