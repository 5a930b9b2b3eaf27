#!/usr/bin/env bash
# Installs KLineage's build and test dependencies on Debian bookworm (idempotent).
# Used by the README commands and by .ci/run.
set -euo pipefail
PKGS=(clang-22 libclang-22-dev llvm-22-dev llvm-22-tools libyaml-cpp-dev libzstd-dev
      zlib1g-dev cmake ninja-build libgtest-dev python3 xz-utils)
missing=()
for p in "${PKGS[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if [ ! -x "${CUDA_PATH:-/usr/local/cuda}/bin/nvcc" ]; then
  echo "setup.sh: warning: no nvcc under ${CUDA_PATH:-/usr/local/cuda}; set CUDA_PATH (compile checks will be skipped)" >&2
fi
