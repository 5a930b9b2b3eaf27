#!/usr/bin/env bash
# After run-gpu.sh's walks came back from the GPU machine: each workload's
# report, its skill cards replaced by the ones its measured lineage gives
# (klineage skills extract), and every new card probed against its pair's
# negative tests (compile stage: those kernels have no workload).
#   bench/lineage/cards-from-gpu.sh BUNDLE_COMMIT WORKLOAD...   (repo root, after a build)
set -euo pipefail
cd "$(dirname "$0")/../.."
kl=${KLINEAGE:-build/bin/klineage}
commit=${1:?usage: cards-from-gpu.sh BUNDLE_COMMIT WORKLOAD...}; shift
for w in "$@"; do
  d=bench/lineage/gpu/$w
  [ -f "$d/lineage.json" ] || { echo "$w: no $d/lineage.json" >&2; exit 1; }
  "$kl" report "$d" >/dev/null
  old=$(ls skills-yaml/*/"$w"-step*.yaml 2>/dev/null || true)
  [ -z "$old" ] || git rm -qf $old
  "$kl" skills extract "$d" -o skills-yaml --commit "$commit"
  for card in skills-yaml/*/"$w"-step*.yaml; do
    rw=$(basename "$(dirname "$card")")
    negs=$(ls test/rewrites/"$rw"/negative-*.cu 2>/dev/null || true)
    [ -z "$negs" ] || "$kl" skills probe "$card" $negs --update > /dev/null 2>&1 || echo "$card: probe failed" >&2
  done
  git add "$d" skills-yaml
done
