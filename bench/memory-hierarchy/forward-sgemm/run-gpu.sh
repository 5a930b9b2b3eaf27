#!/usr/bin/env bash
# Gates each step of the forward chain against the kernel before it, and the
# last against the naive kernel, on the GPU machine (PATH has the bundle's
# klineage): bench/memory-hierarchy/forward-sgemm/run-gpu.sh OUTDIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
out=${1:?usage: run-gpu.sh OUTDIR}
mkdir -p "$out/forward-sgemm"
cd "$here"
prev=0-naive.cu
for f in 1-register-tile.cu 2-smem-tile.cu 3-software-pipeline.cu; do
  klineage gate "$prev" "$f" --workload "$root/workloads/sgemm/sgemm.yaml" --repeat 2 \
    --json "$out/forward-sgemm/${prev%.cu}--${f%.cu}.json" > "$out/forward-sgemm/${prev%.cu}--${f%.cu}.log" 2>&1
  echo "$prev -> $f: exit $?"; tail -n 4 "$out/forward-sgemm/${prev%.cu}--${f%.cu}.log"
  prev=$f
done
klineage gate 2-smem-tile.cu 3-software-pipeline-cp-async.cu --workload "$root/workloads/sgemm/sgemm.yaml" --repeat 2 \
  --json "$out/forward-sgemm/2-smem-tile--3-software-pipeline-cp-async.json" > "$out/forward-sgemm/2-smem-tile--3-software-pipeline-cp-async.log" 2>&1
echo "2-smem-tile.cu -> 3-software-pipeline-cp-async.cu: exit $?"; tail -n 4 "$out/forward-sgemm/2-smem-tile--3-software-pipeline-cp-async.log"
klineage gate 0-naive.cu 3-software-pipeline.cu --workload "$root/workloads/sgemm/sgemm.yaml" --repeat 2 \
  --json "$out/forward-sgemm/0-naive--3-software-pipeline.json" > "$out/forward-sgemm/0-naive--3-software-pipeline.log" 2>&1
echo "0-naive.cu -> 3-software-pipeline.cu: exit $?"; tail -n 4 "$out/forward-sgemm/0-naive--3-software-pipeline.log"
