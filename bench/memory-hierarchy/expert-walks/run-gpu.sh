#!/usr/bin/env bash
# Reverse walks of the bundled experts (issue 12): each folder <workload>/
# holds the expert (0-expert.cu) and the kernels one reverse step after
# another (1-<rewrite>.cu, 2-<rewrite>.cu, ...), each made by klineage-rewrite
# from the one before. Every step is gated against the one before it with the
# workload's manifest (workloads/<workload>/*.yaml), so each ratio is what one
# reverse step costs, measured interleaved in one gate run.
#
#   bench/memory-hierarchy/expert-walks/run-gpu.sh OUTDIR [WORKLOAD-REGEX]
#   (on the GPU machine, after scripts/gpu-run.sh has unpacked the bundle)
set -uo pipefail
cd "$(dirname "$0")/../../.."
out=${1:?usage: run-gpu.sh OUTDIR [WORKLOAD-REGEX]}
filter=${2:-.*}
here=bench/memory-hierarchy/expert-walks
mkdir -p "$out"
for d in "$here"/*/; do
  w=$(basename "$d")
  echo "$w" | grep -qE "^($filter)\$" || continue
  y=$(ls workloads/"$w"/*.yaml | head -n 1)
  ls "$d"[0-9]*-*.cu | xargs -P 16 -I{} sh -c "klineage gate {} --workload $y --stages compile >/dev/null 2>&1"
  prev=""
  for f in $(ls "$d"[0-9]*-*.cu | sort -V); do
    if [ -n "$prev" ]; then
      tag="$w--$(basename "$f" .cu)"
      echo "== $tag (against $(basename "$prev"))"
      timeout 300 klineage gate "$prev" "$f" --workload "$y" --repeat 2 --json "$out/$tag.json" >"$out/$tag.log" 2>&1
      echo "exit $?"; tail -n 12 "$out/$tag.log"
    fi
    prev=$f
  done
done
