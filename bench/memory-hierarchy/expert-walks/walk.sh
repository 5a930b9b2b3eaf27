#!/usr/bin/env bash
# Greedy reverse walk of a bundled expert: applies the first reverse rewrite
# (in the order below) that changes the file and still compiles (nvcc -ptx,
# sm_90), writes each step as OUTDIR/N-<rewrite>.cu, repeats until none
# applies, then counts what the last step's PTX still has (the issue's
# criteria: no ld/st.shared beyond the naive kernel, no shfl, no cp.async,
# no .v4). Why each rewrite refused is printed as it goes. Floating-point
# regrouping is asserted (--assume=reassociate): every bundled manifest has a
# nonzero tolerance, and the gate checks each step against it.
#
#   bench/memory-hierarchy/expert-walks/walk.sh WORKLOAD OUTDIR   (from the repo root, after a build)
set -u
w=${1:?usage: walk.sh WORKLOAD OUTDIR}; out=${2:?usage: walk.sh WORKLOAD OUTDIR}; mkdir -p "$out"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cp workloads/"$w"/expert.cu "$out"/0-expert.cu
cur=$out/0-expert.cu; n=0
order="software-pipeline smem-pad warp-shuffle-reduce row-parallelize privatize-shared atomic-aggregate register-tile smem-tile thread-coarsen vectorize-global-access readonly-restrict loop-unroll"
while :; do
  moved=0
  for r in $order; do
    build/bin/klineage-rewrite --rewrite=$r --direction=reverse --assume=reassociate $cur -o $tmp/next.cu > $tmp/log 2>&1; rc=$?
    if [ $rc = 0 ] && ! cmp -s $tmp/next.cu $cur; then
      if /usr/local/cuda/bin/nvcc -arch=sm_90 -ptx $tmp/next.cu -o $tmp/next.ptx 2>$tmp/nvcc; then
        n=$((n+1)); cp $tmp/next.cu $out/$n-$r.cu; cur=$out/$n-$r.cu; moved=1
        echo "step $n: $r"; break
      else echo "  $r: nvcc fails"; head -3 $tmp/nvcc; fi
    elif [ $rc = 2 ]; then echo "  $r: $(grep -m1 error: $tmp/log | cut -c1-250)"; fi
  done
  [ $moved = 0 ] && break
done
/usr/local/cuda/bin/nvcc -arch=sm_90 -ptx $cur -o $tmp/final.ptx
for p in ld.shared st.shared shfl cp.async '\.v4' '\.v2' atom; do printf "%s=%s " $p $(grep -cE "$p" $tmp/final.ptx); done; echo
