#!/usr/bin/env bash
# README command (b): on a fresh Debian bookworm machine, install what is
# needed, build, and run the whole test suite (lit + gtest). GPU-only tests
# are reported UNSUPPORTED (skipped) where there is no GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
/usr/lib/llvm-22/bin/lit -sv "${BUILD_DIR:-build}/test"
# Bar from issue 2, timed alone (not among parallel lit workers, whose nvcc
# runs would be measured too): --list-sites on a 500-line .cu file, < 2 s median.
./bench/list-sites-speed.sh "${BUILD_DIR:-build}/bin/klineage-rewrite" 5 2.0
