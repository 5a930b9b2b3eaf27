#!/usr/bin/env bash
# README command (a): on a fresh machine, set up, build, and run the main job
# on the bundled example: list every rewrite site of examples/saxpy.cu with its
# preconditions, then apply rewrites to a copy (the example is never changed).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh >/dev/null
TOOL=build/bin/klineage-rewrite
EXAMPLE=examples/saxpy.cu
OUT=${OUT_DIR:-build/demo}
mkdir -p "$OUT"
echo "== sites in $EXAMPLE (klineage-rewrite --list-sites) =="
$TOOL --list-sites "$EXAMPLE"
$TOOL --list-sites --format=json "$EXAMPLE" > "$OUT/sites.json"
echo "(JSON contract written to $OUT/sites.json)"
cp "$EXAMPLE" "$OUT/step0.cu"
step=0
apply() { # apply REWRITE [ARGS...]: one forward step on the current file
  local next=$((step + 1)) rc=0
  echo; echo "== forward $1 ${*:2} =="
  $TOOL --rewrite="$1" --direction=forward "${@:2}" "$OUT/step$step.cu" -o "$OUT/step$next.cu" || rc=$?
  if [ -f "$OUT/step$next.cu" ]; then
    diff -u "$OUT/step$step.cu" "$OUT/step$next.cu" || true
    step=$next
  else
    echo "(refused or nothing to do: exit $rc; file unchanged)"
  fi
}
apply loop-unroll
apply readonly-restrict --assume=noalias
apply vectorize-global-access --assume=aligned:in:16,aligned:out:16
echo; echo "Result: $OUT/step$step.cu"
if [ -x /usr/local/cuda/bin/nvcc ]; then
  /usr/local/cuda/bin/nvcc -arch=sm_90 -O3 -ptx "$OUT/step$step.cu" -o "$OUT/result.ptx"
  echo "nvcc PTX of the result: $(grep -cE 'ld\.global(\.nc)?\.v[24]' "$OUT/result.ptx") vector global loads," \
       "$(grep -cE 'st\.global\.v[24]' "$OUT/result.ptx") vector global stores"
fi
