#!/usr/bin/env bash
# README command (b): on a fresh Debian bookworm machine, install what is
# needed, build, and run the whole test suite (lit + gtest). GPU-only tests
# are reported UNSUPPORTED (skipped) where there is no GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
/usr/lib/llvm-22/bin/lit -sv "${BUILD_DIR:-build}/test"
