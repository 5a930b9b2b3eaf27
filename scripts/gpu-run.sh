#!/usr/bin/env bash
# The one-line command for the GPU machine. Unpacks .gpu/klineage-bundle.tar.xz
# (made by scripts/gpu-bundle.sh) into $KL_HOME (default /tmp/klineage) and runs:
#
#   scripts/gpu-run.sh gate KERNEL.cu --workload M.yaml [...]   # any klineage command
#   scripts/gpu-run.sh cheats [OUTDIR]                          # the cheat suite alone
#   scripts/gpu-run.sh selftest [OUTDIR]                        # the gate's full H200 check:
#       device info, cheat suite, launcher tests (integer poison, streams, in-out
#       written parts, distributions), sample workloads, sanitizer, stability; logs
#       and JSON reports in OUTDIR (default $OUT, else ./gpu-out), packed as results.tar.gz
#
# With the device tool:  run(command="scripts/gpu-run.sh selftest", carry=[".gpu"])
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
home=${KL_HOME:-/tmp/klineage}
mkdir -p "$home"
if [ ! -x "$home/bin/klineage" ] || [ "$root/.gpu/klineage-bundle.tar.xz" -nt "$home/bin/klineage" ]; then
  [ -f "$root/.gpu/klineage-bundle.tar.xz" ] || { echo "gpu-run.sh: no bundle; run scripts/gpu-bundle.sh first" >&2; exit 4; }
  tar -xJf "$root/.gpu/klineage-bundle.tar.xz" -C "$home" 2>/dev/null ||
    python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2])' \
      "$root/.gpu/klineage-bundle.tar.xz" "$home" || exit 4
fi
export PATH="$home/bin:$PATH"
export KLINEAGE_CACHE=${KLINEAGE_CACHE:-$home/cache}
cd "$root"
if [ "${1:-}" = cheats ]; then
  # Only the cheat suite (GATE_ONLY=REGEX narrows it): compile in parallel, then run.
  out=${2:-${OUT:-$root/gpu-out}}
  mkdir -p "$out/cheats"
  ls test/gate/cheats/*.cu | xargs -P 16 -I{} sh -c 'klineage gate {} --workload test/gate/cheats/saxpy-out.yaml --stages compile >/dev/null 2>&1'
  python3 test/gate/check_gate.py klineage --suite test/gate/cheats --workload test/gate/cheats/saxpy-out.yaml --out "$out/cheats" 2>&1 | tee "$out/cheats.log"
  rc=${PIPESTATUS[0]}
  tar -C "$out" -czf "$out/cheats.tar.gz" cheats && rm -rf "$out/cheats"
  exit $rc
fi
if [ "${1:-}" != selftest ]; then
  exec klineage "$@"
fi

out=${2:-${OUT:-$root/gpu-out}}
mkdir -p "$out/r"
log="$out/selftest.log"
exec > >(tee "$log") 2>&1
t_start=$(date +%s)
pack() { tar -C "$out" -czf "$out/results.tar.gz" r 2>/dev/null; }
echo "== gpu-run.sh selftest $(date -u +%FT%TZ) commit $(cat "$home/COMMIT")"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv || true
nvcc --version | tail -2
ls /usr/local/cuda/lib64/libcupti* /usr/local/cuda/extras/CUPTI/lib64/libcupti* 2>/dev/null | head -3
which compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer
nproc; free -g | head -2

# 1. Compile everything once, in parallel (fills the content-hash cache).
echo "== compile (parallel, cache warm-up)"
t0=$(date +%s%N)
ls test/gate/cheats/*.cu | xargs -P 16 -I{} sh -c 'klineage gate {} --workload test/gate/cheats/saxpy-out.yaml --stages compile >/dev/null 2>&1'
# Each launcher test names its workload (// GATE-WORKLOAD: next to it).
for f in test/gate/launchers/*.cu; do echo "$f test/gate/launchers/$(sed -n 's|^// GATE-WORKLOAD: *||p' "$f")"; done |
  xargs -P 16 -L 1 sh -c 'klineage gate "$0" --workload "$1" --stages compile >/dev/null 2>&1'
pids=()
for f in workloads/axpy/axpy.cu workloads/axpy/axpy_vec4.cu; do klineage gate $f --workload workloads/axpy/axpy.yaml --stages compile >/dev/null 2>&1 & pids+=($!); done
for f in workloads/matmul-small/matmul_naive.cu workloads/matmul-small/matmul_tiled.cu; do klineage gate $f --workload workloads/matmul-small/matmul.yaml --stages compile >/dev/null 2>&1 & pids+=($!); done
for f in workloads/cross-entropy/naive.cu workloads/cross-entropy/blockrow.cu; do klineage gate $f --workload workloads/cross-entropy/cross_entropy.yaml --stages compile >/dev/null 2>&1 & pids+=($!); done
wait "${pids[@]}"  # not a bare wait: that would also wait for the tee below
echo "compile wall: $(( ($(date +%s%N) - t0) / 1000000 )) ms"

# 2. The cheat suite, every stage, one candidate after another.
echo "== cheat suite"
timeout 240 python3 test/gate/check_gate.py klineage --suite test/gate/cheats --workload test/gate/cheats/saxpy-out.yaml --out "$out/r/cheats"
echo "cheat suite exit: $?"; pack

# 2b. Launcher tests: the integer-poison regression (u8 copy, i8 negate, i32 /
#     i16 / u16 outputs equal to the poison patterns), stream parameters used,
#     ignored and bypassed, non-const inputs, in-out written parts, distributions.
echo "== launcher tests"
timeout 240 python3 test/gate/check_gate.py klineage --suite test/gate/launchers --out "$out/r/launchers"
echo "launcher tests exit: $?"; pack

# 3. Sample workloads, side by side, interleaved profile rounds (A B A B A B for
#    axpy: the spread of one kernel's round medians is the run-to-run stability).
echo "== axpy (2^28 floats): axpy.cu vs axpy_vec4.cu"
timeout 120 klineage gate workloads/axpy/axpy.cu workloads/axpy/axpy_vec4.cu --workload workloads/axpy/axpy.yaml --repeat 3 --json "$out/r/axpy.json" --work-dir "$out/r/axpy-work"
echo "axpy exit: $?"; pack
echo "== matmul-small (1024^3): naive vs tiled"
timeout 90 klineage gate workloads/matmul-small/matmul_naive.cu workloads/matmul-small/matmul_tiled.cu --workload workloads/matmul-small/matmul.yaml --repeat 2 --json "$out/r/matmul.json" --work-dir "$out/r/matmul-work"
echo "matmul exit: $?"; pack
echo "== cross-entropy (B=4096, V=32000; stream launcher, Zipf labels): naive vs blockrow"
timeout 150 klineage gate workloads/cross-entropy/naive.cu workloads/cross-entropy/blockrow.cu --workload workloads/cross-entropy/cross_entropy.yaml --repeat 2 --json "$out/r/cross-entropy.json" --work-dir "$out/r/xent-work"
echo "cross-entropy exit: $?"; pack


# 5. compute-sanitizer on the honest kernel (no false positives) -- the cheat
#    suite's oob-read already showed a true positive.
echo "== sanitizer on honest.cu"
timeout 90 klineage gate test/gate/cheats/honest.cu --workload test/gate/cheats/saxpy-out.yaml --stages compile,correctness --sanitize memcheck,racecheck,initcheck --json "$out/r/honest-sanitize.json"
echo "sanitize exit: $?"; pack

# 6. Overhead: a fully cached compile stage.
echo "== overhead"
t0=$(date +%s%N)
klineage gate workloads/axpy/axpy.cu --workload workloads/axpy/axpy.yaml --stages compile >/dev/null
echo "cached compile stage: $(( ($(date +%s%N) - t0) / 1000000 )) ms wall"

echo "== done in $(( $(date +%s) - t_start )) s"
pack
rm -rf "$out/r"
