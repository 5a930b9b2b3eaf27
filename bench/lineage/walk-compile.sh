#!/usr/bin/env bash
# The compile-only lineage walks committed in bench/lineage/ (no GPU needed),
# their reports and their skill cards (extracted, then probed against each
# pair's negative tests with nvcc alone):
#   bench/lineage/walk-compile.sh [NAME...]     (repo root; default: all eleven)
# On a GPU machine, run-gpu.sh walks the experts with every stage instead.
set -uo pipefail
cd "$(dirname "$0")/../.."
K=build/bin/klineage
commit=$(git rev-parse --short HEAD)
walk() { # name kernel manifest
  local n=$1 k=$2 y=$3
  $K lineage "$k" --workload "$y" -o bench/lineage/$n --stages compile --restart --jobs 2 \
    > /tmp/walk-$n.out 2> /tmp/walk-$n.log
  mv /tmp/walk-$n.out bench/lineage/$n/walk.out; mv /tmp/walk-$n.log bench/lineage/$n/walk.log
  find bench/lineage/$n -name '*.compile.log' -delete
  $K report bench/lineage/$n > /dev/null
  local w; w=$(basename "$y" .yaml)
  git rm -q --ignore-unmatch skills-yaml/*/"$w"-step*.yaml
  $K skills extract bench/lineage/$n -o skills-yaml --commit "$commit"
  for card in skills-yaml/*/"$w"-step*.yaml; do
    rw=$(basename "$(dirname "$card")")
    $K skills probe "$card" test/rewrites/"$rw"/negative-*.cu --update > /dev/null 2>&1
  done
}
want() { [ $# -eq 1 ] && return 0; local x; for x in "${@:2}"; do [ "$x" = "$1" ] && return 0; done; return 1; }
for w in transpose histogram softmax conv2d sgemm; do
  want "$w" "$@" && walk $w workloads/$w/expert.cu workloads/$w/$w.yaml
done
want rmsnorm-ft "$@" && walk rmsnorm-ft bench/work-distribution/row-parallelize/rmsnorm_rows/rmsnorm_rows.ft.cu \
  bench/work-distribution/row-parallelize/rmsnorm_rows/rmsnorm_rows.yaml
want dot-aggregated "$@" && walk dot-aggregated bench/work-distribution/atomic-aggregate/dot/dot.forward.cu \
  bench/work-distribution/atomic-aggregate/dot/dot.yaml
want gelu-llmc "$@" && walk gelu-llmc bench/work-distribution/thread-coarsen/experts/gelu_llmc/gelu_llmc.cu \
  bench/work-distribution/thread-coarsen/experts/gelu_llmc/gelu_llmc.yaml
# Experts written elsewhere (bench/lineage/experts/).
for x in transpose_nvidia softmax_llmc2 histogram_byexample; do
  want "${x//_/-}" "$@" && walk "${x//_/-}" bench/lineage/experts/$x/$x.cu bench/lineage/experts/$x/$x.yaml
done
echo "walk-compile.sh: done"
