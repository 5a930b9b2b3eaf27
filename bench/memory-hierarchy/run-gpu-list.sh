#!/usr/bin/env bash
# Gates kernel pairs listed in a file, one per line: "TAG A.cu B.cu MANIFEST.yaml"
# ('#' lines skipped), each pair in one `klineage gate A B --repeat 2` run (compiled,
# checked, profiled interleaved), so each ratio compares two kernels measured
# together. All kernels are compiled first, in parallel.
#
#   bench/memory-hierarchy/run-gpu-list.sh LIST OUTDIR   (on the GPU machine,
#   after scripts/gpu-run.sh has unpacked the bundle)
set -uo pipefail
cd "$(dirname "$0")/../.."
list=${1:?usage: run-gpu-list.sh LIST OUTDIR}
out=${2:?usage: run-gpu-list.sh LIST OUTDIR}
mkdir -p "$out"
grep -v '^#' "$list" | awk 'NF == 4 {print $2, $4; print $3, $4}' | sort -u |
  xargs -P 16 -L 1 sh -c 'klineage gate "$0" --workload "$1" --stages compile >/dev/null 2>&1'
grep -v '^#' "$list" | while read -r tag a b y; do
  [ -n "$tag" ] || continue
  echo "== $tag ($(basename "$b") against $(basename "$a"))"
  timeout 300 klineage gate "$a" "$b" --workload "$y" --repeat 2 --json "$out/$tag.json" >"$out/$tag.log" 2>&1 </dev/null
  echo "exit $?"; grep -E "ACCEPTED|REJECTED|side by side|failed" "$out/$tag.log" | tail -n 4
done
