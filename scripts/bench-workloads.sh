#!/usr/bin/env bash
# Regenerates the five-workload table: bench/workloads.md and bench/workloads-<date>.json.
#
# Each workload (workloads/{sgemm,conv2d,softmax,transpose,histogram}) has naive.cu and expert.cu;
# both go through the verification gate (compile, correctness on every manifest size with fresh
# random inputs and poisoned outputs, CUPTI profile with the L2 flushed before every call), and
# the standalone harness (bench/tune/bench.cu) times cuBLAS SGEMM and a device-to-device copy
# in the same run, as vendor references.
#
#   scripts/bench-workloads.sh                    GPU machine with build/bin/klineage (or $KLINEAGE):
#                                                 gate + harness into bench/run-<date>/, then the table
#   scripts/bench-workloads.sh --prepare DIR      any machine with nvcc (no GPU needed): compile the
#                                                 gate's drivers (klineage gate --stages compile) and
#                                                 the harness into DIR, to carry to a GPU machine
#   scripts/bench-workloads.sh --run DIR OUTDIR   GPU machine without klineage: run DIR's prebuilt gate
#                                                 drivers (check, then profile) and the harness
#   scripts/bench-workloads.sh --table OUTDIR     the table from OUTDIR's results (python3)
#
# Through the device tool with the gate's bundle (scripts/gpu-bundle.sh, carry [".gpu"]):
#   KLINEAGE=scripts/gpu-run.sh RUNDIR=$OUT/run scripts/bench-workloads.sh
# Without klineage on the GPU machine (what made the committed table, see bench/workloads.md):
#   here:  scripts/bench-workloads.sh --prepare .klbundle        (.klbundle ignored via .git/info/exclude)
#   there: scripts/bench-workloads.sh --run .klbundle /tmp/res && tar czf $OUT/results.tgz -C /tmp/res .
#   here:  tar xzf results.tgz -C DIR && scripts/bench-workloads.sh --table DIR
#
# Environment: KLINEAGE (default build/bin/klineage), NVCC (default /usr/local/cuda/bin/nvcc),
# SEED (default: random), WORKLOADS (default: all five), HARNESS_ARGS (e.g. "--only conv2d"),
# SKIP_HARNESS=1 (gate only: to split a run over several device calls into one RUNDIR).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
NVCC="${NVCC:-/usr/local/cuda/bin/nvcc}"
KL="${KLINEAGE:-$ROOT/build/bin/klineage}"
WORKLOADS="${WORKLOADS:-sgemm conv2d softmax transpose histogram}"
SEED="${SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}"

build_harness() { # $1: output binary
  "$NVCC" -arch=sm_90 -O3 -std=c++17 -Xcompiler -fopenmp bench/tune/bench.cu \
    workloads/*/*_ref.cpp -lcublas -lgomp -o "$1"
}

# "warmup iters" of a manifest's profile line
profile_args() {
  local line
  line=$(grep -E '^profile:' "workloads/$1/$1.yaml")
  echo "$(sed -E 's/.*warmup: *([0-9]+).*/\1/' <<<"$line") $(sed -E 's/.*iters: *([0-9]+).*/\1/' <<<"$line")"
}

case "${1:-}" in
--prepare)
  DIR="${2:?--prepare DIR}"
  mkdir -p "$DIR"
  for w in $WORKLOADS; do
    rc=0
    "$KL" gate "workloads/$w/naive.cu" "workloads/$w/expert.cu" --workload "workloads/$w/$w.yaml" \
      --stages compile --json "$DIR/$w.compile.json" >"$DIR/$w.compile.log" 2>&1 || rc=$?
    [ "$rc" = 0 ] || [ "$rc" = 3 ] || { cat "$DIR/$w.compile.log"; exit 1; }
    for c in naive expert; do
      drv=$(python3 - "$DIR/$w.compile.json" "$c" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["candidates"]:
    if c["file"].endswith("/%s.cu" % sys.argv[2]):
        print(c["stages"]["compile"]["driver"])
PY
)
      mkdir -p "$DIR/$w/$c"
      cp "$drv" "$DIR/$w/$c/driver"
    done
    profile_args "$w" >"$DIR/$w/profile-args"
  done
  build_harness "$DIR/bench"
  git rev-parse HEAD >"$DIR/commit"
  echo "prepared $DIR"
  ;;
--run)
  DIR="${2:?--run DIR OUTDIR}"
  OUTD="${3:?--run DIR OUTDIR}"
  mkdir -p "$OUTD"
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw \
    --format=csv >"$OUTD/nvidia-smi.csv" 2>&1 || true
  cp "$DIR"/*.compile.json "$DIR/commit" "$OUTD/" 2>/dev/null || true
  echo "$SEED" >"$OUTD/seed"
  "$DIR/bench" ${HARNESS_ARGS:-} --json "$OUTD/harness.json" >"$OUTD/harness.log" 2>&1 || echo "harness exit $?" >>"$OUTD/harness.log"
  for w in $WORKLOADS; do
    read -r WARM ITERS <"$DIR/$w/profile-args"
    for c in $(cd "$DIR/$w" && ls -d */ | tr -d /); do # naive, expert (and any extra candidate)
      d="$DIR/$w/$c/driver"
      rc=0
      timeout 600 "$d" check --seed="$SEED" --trials=0 --call-timeout=30 --out="$OUTD/$w-$c-check.jsonl" \
        >"$OUTD/$w-$c-check.log" 2>&1 || rc=$?
      echo "$w $c check rc=$rc"
      if [ "$rc" = 0 ]; then
        timeout 600 "$d" profile --seed="$SEED" --size=0 --warmup="$WARM" --iters="$ITERS" --call-timeout=30 \
          --out="$OUTD/$w-$c-profile.jsonl" >"$OUTD/$w-$c-profile.log" 2>&1 || echo "$w $c profile rc=$?"
      fi
    done
  done
  ;;
--table)
  python3 bench/tune/make_table.py "${2:?--table OUTDIR}"
  ;;
"")
  [ -x "$KL" ] || { echo "no klineage at $KL (build it, or use --prepare / --run)" >&2; exit 1; }
  OUTD="${RUNDIR:-bench/run-$(date -u +%Y%m%d-%H%M%S)}"
  mkdir -p "$OUTD"
  echo "$SEED" >"$OUTD/seed"
  git rev-parse HEAD >"$OUTD/commit"
  if [ -z "${SKIP_HARNESS:-}" ]; then
    build_harness "$OUTD/bench"
    "$OUTD/bench" --json "$OUTD/harness.json" >"$OUTD/harness.log" 2>&1 || true
  fi
  for w in $WORKLOADS; do
    "$KL" gate "workloads/$w/naive.cu" "workloads/$w/expert.cu" --workload "workloads/$w/$w.yaml" \
      --seed "$SEED" --json "$OUTD/gate-$w.json" || true
  done
  python3 bench/tune/make_table.py "$OUTD"
  ;;
*)
  sed -n '2,32p' "$0"
  exit 1
  ;;
esac
