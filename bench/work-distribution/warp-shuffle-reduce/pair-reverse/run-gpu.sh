#!/usr/bin/env bash
# warp-shuffle-reduce reverse on the row-parallelize bench's forward kernels
# (block per row, forward; warp per row, forward-warp): each <name>.<v>.tree.cu
# here is `klineage-rewrite --rewrite=warp-shuffle-reduce --direction=reverse
# --manifest=../../row-parallelize/<name>/<name>.yaml` of
# ../../row-parallelize/<name>/<name>.<v>.cu, gated against it in one run
# with that manifest: the ratio is what replacing the shuffles (and, for
# argmax and online softmax, the pair's shuffles) by a shared tree costs.
#
#   bench/work-distribution/warp-shuffle-reduce/pair-reverse/run-gpu.sh OUTDIR
#   (on the GPU machine, after scripts/gpu-run.sh has unpacked the bundle)
set -uo pipefail
cd "$(dirname "$0")/../../../.."
out=${1:?usage: run-gpu.sh OUTDIR}
here=bench/work-distribution/warp-shuffle-reduce/pair-reverse
rows=bench/work-distribution/row-parallelize
mkdir -p "$out"
for t in "$here"/*.tree.cu; do
  b=$(basename "$t" .tree.cu); n=${b%%.*}
  echo "$rows/$n/$b.cu $rows/$n/$n.yaml"; echo "$t $rows/$n/$n.yaml"
done | xargs -P 16 -L 1 sh -c 'klineage gate "$0" --workload "$1" --stages compile >/dev/null 2>&1'
for t in "$here"/*.tree.cu; do
  b=$(basename "$t" .tree.cu); n=${b%%.*}
  echo "== $b.tree (against $b.cu)"
  timeout 300 klineage gate "$rows/$n/$b.cu" "$t" --workload "$rows/$n/$n.yaml" --json "$out/$b.tree.json" >"$out/$b.tree.log" 2>&1
  echo "exit $?"; tail -n 8 "$out/$b.tree.log"
done
