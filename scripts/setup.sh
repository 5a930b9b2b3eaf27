#!/usr/bin/env bash
# Installs KLineage's build and test dependencies on Debian bookworm (idempotent).
# Used by the README commands and by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
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
# The real clients of the editor and agent servers' tests (test/integration):
# Neovim (LSP client), Chromium (the report in a browser), and the npm
# packages of test/integration/clients (the MCP SDK client, playwright-core).
# Optional: a client that cannot be installed leaves its tests UNSUPPORTED.
CLIENT_PKGS=(neovim chromium fonts-liberation)
missing=()
for p in "${CLIENT_PKGS[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  { DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1 ||
    { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; }; } ||
    echo "setup.sh: warning: could not install ${missing[*]}; their client tests will be skipped" >&2
fi
clients="${BUILD_DIR:-build}/clients"
if command -v npm >/dev/null 2>&1; then
  if ! cmp -s test/integration/clients/package-lock.json "$clients/package-lock.json" || [ ! -d "$clients/node_modules" ]; then
    mkdir -p "$clients"
    cp test/integration/clients/package.json test/integration/clients/package-lock.json "$clients/"
    (cd "$clients" && npm ci --no-audit --no-fund --loglevel=error >/dev/null) ||
      echo "setup.sh: warning: npm ci failed in $clients; the MCP and browser client tests will be skipped" >&2
  fi
else
  echo "setup.sh: warning: no npm; the MCP and browser client tests will be skipped" >&2
fi
if [ ! -x "${CUDA_PATH:-/usr/local/cuda}/bin/nvcc" ]; then
  echo "setup.sh: warning: no nvcc under ${CUDA_PATH:-/usr/local/cuda}; set CUDA_PATH (compile checks will be skipped)" >&2
fi
