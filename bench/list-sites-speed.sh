#!/usr/bin/env bash
# Times `klineage-rewrite --list-sites --format=json` (every rewrite, both
# directions) on the 500-line bench/inputs/kernels500.cu; prints each run's
# wall time and the median; exits 1 if the median is not under LIMIT seconds.
# usage: bench/list-sites-speed.sh [TOOL] [RUNS] [LIMIT]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tool=${1:-$here/../build/bin/klineage-rewrite}
runs=${2:-5}
limit=${3:-2.0}
input=$here/inputs/kernels500.cu
times=()
for _ in $(seq "$runs"); do
  start=$(date +%s.%N)
  "$tool" --list-sites --format=json "$input" > /dev/null
  end=$(date +%s.%N)
  times+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')")
done
median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}')
sites=$("$tool" --list-sites --format=json "$input" | grep -c '"site":' || true)
printf 'list-sites on %s (%s lines, %s sites): runs %s s; median %.3f s (limit %s s)\n' \
  "$(basename "$input")" "$(wc -l < "$input")" "$sites" "$(printf '%.3f ' "${times[@]}")" "$median" "$limit"
awk -v m="$median" -v l="$limit" 'BEGIN { exit !(m < l) }'
