#!/usr/bin/env bash
# Times `klineage-rewrite --list-sites --format=json` (every rewrite, both
# directions) on the 500-line bench/inputs/kernels500.cu with the header
# cache (lib/Frontend: a precompiled preamble of the CUDA headers) in a fresh
# directory: one cold run (the cache is empty: it parses the headers and
# stores the entry), then RUNS warm runs (they load it). Prints each run's
# wall time, the cold run and the warm median; exits 1 if the warm median is
# not under LIMIT seconds (repeated use, the tool's real case, is what the
# bar is for; the cold run is reported, not judged).
# With COMPARE=1, RUNS uncached runs (--no-header-cache) are interleaved with
# the warm ones and their median is printed too.
# usage: [COMPARE=1] bench/list-sites-speed.sh [TOOL] [RUNS] [LIMIT]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tool=${1:-$here/../build/bin/klineage-rewrite}
runs=${2:-5}
limit=${3:-2.0}
input=$here/inputs/kernels500.cu
KLINEAGE_CACHE_DIR=$(mktemp -d)
export KLINEAGE_CACHE_DIR
trap 'rm -rf "$KLINEAGE_CACHE_DIR"' EXIT

# Wall time of one listing, in seconds; extra arguments go to the tool.
timed() {
  local start end
  start=$(date +%s.%N)
  "$tool" --list-sites --format=json "$@" "$input" > /dev/null
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }'
}
median() {
  printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'
}

cold=$(timed)
warm=() uncached=()
for _ in $(seq "$runs"); do
  warm+=("$(timed)")
  if [ "${COMPARE:-0}" = 1 ]; then uncached+=("$(timed --no-header-cache)"); fi
done
warm_median=$(median "${warm[@]}")
sites=$("$tool" --list-sites --format=json "$input" | grep -c '"site":' || true)
printf 'list-sites on %s (%s lines, %s sites): cold %s s (empty header cache); warm runs %s s; warm median %.3f s (limit %s s)\n' \
  "$(basename "$input")" "$(wc -l < "$input")" "$sites" "$cold" "$(printf '%s ' "${warm[@]}")" "$warm_median" "$limit"
if [ "${COMPARE:-0}" = 1 ]; then
  printf 'uncached runs (--no-header-cache, interleaved) %s s; median %.3f s\n' \
    "$(printf '%s ' "${uncached[@]}")" "$(median "${uncached[@]}")"
fi
awk -v m="$warm_median" -v l="$limit" 'BEGIN { exit !(m < l) }'
