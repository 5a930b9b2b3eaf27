#!/usr/bin/env bash
# The transposing-store forward of smem-tile on the naive transpose, gated on
# the GPU machine (PATH has the bundle's klineage):
#   bench/memory-hierarchy/forward-transpose/run-gpu.sh OUTDIR [all|blockrows]
# 0-naive.cu is workloads/transpose/naive.cu (16 x 16 blocks); 1-smem-tile.cu
# its forward (tools' output, unedited). 0-naive-32.cu launches 32 x 32
# blocks (the launcher's block edited by hand, the kernel unchanged); its
# forward 1-smem-tile-32.cu, then smem-pad's forward 2-smem-pad-32.cu.
# 0-naive-rows.cu: the other naive form (threads along an output row: reads
# strided), its forward (read side) 1-smem-tile-rows.cu.
# 0-naive-blockrows.cu: NVIDIA's transposeNaive form (32 x 8 blocks, four
# rows y + j a thread in a BLOCK_ROWS loop, with bound tests); its forward
# 1-smem-tile-blockrows.cu, then smem-pad's 2-smem-pad-blockrows.cu (both
# tools' output, unedited). `blockrows` runs only these.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
out=${1:?usage: run-gpu.sh OUTDIR}
mkdir -p "$out/forward-transpose"
cd "$here"
gate() { # before after
  local n; n=$(basename "${1%.cu}")--$(basename "${2%.cu}")
  klineage gate "$1" "$2" --workload "$root/workloads/transpose/transpose.yaml" --repeat 2 \
    --json "$out/forward-transpose/$n.json" > "$out/forward-transpose/$n.log" 2>&1
  echo "$1 -> $2: exit $?"; tail -n 6 "$out/forward-transpose/$n.log"
}
which=${2:-all}
cp "$root/workloads/transpose/expert.cu" 9-expert.cu
if [ "$which" = all ]; then
  gate 0-naive.cu 1-smem-tile.cu
  gate 0-naive.cu 0-naive-32.cu
  gate 0-naive-32.cu 1-smem-tile-32.cu
  gate 1-smem-tile-32.cu 2-smem-pad-32.cu
  gate 0-naive-rows.cu 1-smem-tile-rows.cu
  gate 0-naive.cu 9-expert.cu
fi
gate 0-naive-blockrows.cu 1-smem-tile-blockrows.cu
gate 1-smem-tile-blockrows.cu 2-smem-pad-blockrows.cu
gate 0-naive-blockrows.cu 9-expert.cu
rm -f 9-expert.cu
