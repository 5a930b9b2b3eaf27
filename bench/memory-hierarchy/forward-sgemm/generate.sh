#!/usr/bin/env bash
# Issue 12's forward target: the forward pairs, with hand-chosen options,
# applied to workloads/sgemm/naive.cu under the facts of its workload
# (workloads/sgemm/sgemm.yaml: M, N multiples of 128, K of 8, separate
# 16-byte-aligned buffers). Writes the chain beside this script:
#   0-naive.cu -> 1-register-tile.cu (8 x 8 outputs per thread)
#              -> 2-smem-tile.cu (16-wide shared tiles of A and B, tail-checked: K % 16 is not promised)
#              -> 3-software-pipeline.cu (two shared stages, register staging)
#   2-smem-tile.cu -> 3-software-pipeline-cp-async.cu (two shared stages, cp.async)
# Usage (repo root, after a build): bench/memory-hierarchy/forward-sgemm/generate.sh [klineage-rewrite]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
rw=${1:-$root/build/bin/klineage-rewrite}
facts=multiple:M:128,multiple:N:128,multiple:K:8,aligned:A:16,aligned:B:16,aligned:C:16,noalias
R() { "$rw" --manifest="$root/workloads/sgemm/sgemm.yaml" --assume="$facts" "$@"; }
cd "$here"
cp "$root/workloads/sgemm/naive.cu" 0-naive.cu
R --rewrite=register-tile --direction=forward --option=tm=8 --option=tn=8 0-naive.cu -o 1-register-tile.cu
# Site 1 is the k loop; the other sites (the copy loops) refuse (no read they share).
R --rewrite=smem-tile --direction=forward --site=1 1-register-tile.cu -o 2-smem-tile.cu
R --rewrite=software-pipeline --direction=forward 2-smem-tile.cu -o 3-software-pipeline.cu
R --rewrite=software-pipeline --direction=forward --option=mechanism=cp-async 2-smem-tile.cu -o 3-software-pipeline-cp-async.cu
