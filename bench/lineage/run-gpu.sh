#!/usr/bin/env bash
# Lineage walks of the bundled experts on the GPU machine (issue 13):
#   bench/lineage/run-gpu.sh OUTDIR SECONDS WORKLOAD...   (repo root, after scripts/gpu-run.sh unpacked the bundle)
# WORKLOAD: a bundled workload (workloads/<name>/expert.cu), or one of the
# experts of bench/ named by its manifest (rmsnorm_rows, dot, gelu_llmc), or
# an expert written elsewhere (bench/lineage/experts/: transpose_nvidia,
# NVIDIA's transposeNoBankConflicts; softmax_llmc2, llm.c's softmax kernel 2;
# histogram_byexample, CUDA by Example's shared-memory histogram).
# Each walk writes bench/lineage/gpu/<workload>/ (klineage lineage -o; the
# compile-only walks beside it are not touched) and its terminal output
# beside it; a walk cut by the time budget resumes from its folder when run
# again (carry the folder back to the machine). The folders are packed into
# OUTDIR/lineage.tar.gz.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${1:?usage: run-gpu.sh OUTDIR SECONDS WORKLOAD...}; budget=${2:?}; shift 2
end=$(( $(date +%s) + budget ))
mkdir -p bench/lineage/gpu
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm --format=csv,noheader > bench/lineage/gpu/gpu.txt 2>&1
for w in "$@"; do
  left=$(( end - $(date +%s) ))
  [ "$left" -le 20 ] && { echo "$w: no time left"; continue; }
  case $w in
    rmsnorm_rows) d=bench/work-distribution/row-parallelize/rmsnorm_rows; k=$d/rmsnorm_rows.ft.cu; y=$d/rmsnorm_rows.yaml ;;
    dot) d=bench/work-distribution/atomic-aggregate/dot; k=$d/dot.forward.cu; y=$d/dot.yaml ;;
    gelu_llmc) d=bench/work-distribution/thread-coarsen/experts/gelu_llmc; k=$d/gelu_llmc.cu; y=$d/gelu_llmc.yaml ;;
    transpose_nvidia) d=bench/lineage/experts/transpose_nvidia; k=$d/transpose_nvidia.cu; y=$d/transpose_nvidia.yaml ;;
    softmax_llmc2) d=bench/lineage/experts/softmax_llmc2; k=$d/softmax_llmc2.cu; y=$d/softmax_llmc2.yaml ;;
    histogram_byexample) d=bench/lineage/experts/histogram_byexample; k=$d/histogram_byexample.cu; y=$d/histogram_byexample.yaml ;;
    *) k=workloads/"$w"/expert.cu; y=$(ls workloads/"$w"/*.yaml | head -n 1) ;;
  esac
  start=$(date +%s)
  # timeout signals the whole process group: the gate children stop too.
  timeout "$left" klineage lineage "$k" --workload "$y" -o bench/lineage/gpu/"$w" \
    --jobs 16 --repeat ${REPEAT:-1} ${POLICY:+--policy $POLICY} > bench/lineage/gpu/"$w".out 2>> bench/lineage/gpu/"$w".log
  echo "$w: exit $? after $(( $(date +%s) - start )) s"; tail -n 12 bench/lineage/gpu/"$w".out
done
tar -C bench/lineage -czf "$out/lineage.tar.gz" gpu
