#!/usr/bin/env bash
# Builds the portable bundle for the GPU machine (which has CUDA, CUPTI, cmake
# and ninja but no LLVM): statically linked, stripped tools plus clang's trimmed
# resource headers, xz-compressed into .gpu/klineage-bundle.tar.xz (ignored by git).
#
#   scripts/gpu-bundle.sh                 # klineage (+ klineage-rewrite if it builds)
#   KL_TARGETS=klineage scripts/gpu-bundle.sh
#
# Then, on the GPU machine (the `run` device tool with carry [".gpu"]):
#   scripts/gpu-run.sh gate KERNEL.cu --workload M.yaml     (see scripts/gpu-run.sh)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${KL_BUILD_DIR:-$root/build-static}
targets=${KL_TARGETS:-"klineage klineage-rewrite"}
jobs=${KL_JOBS:-1}
llvm=${KLINEAGE_LLVM_ROOT:-/usr/lib/llvm-22}

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-22 -DKLINEAGE_STATIC=ON \
  -DKLINEAGE_BUILD_TESTS=OFF >/tmp/klineage-gpu-bundle-cmake.log 2>&1 || { cat /tmp/klineage-gpu-bundle-cmake.log; exit 1; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin"
built=()
for t in $targets; do
  if ninja -C "$build" -j"$jobs" "$t"; then
    cp "$build/bin/$t" "$stage/bin/"
    strip "$stage/bin/$t" 2>/dev/null || true
    built+=("$t")
  elif [ "$t" = klineage ]; then
    echo "gpu-bundle.sh: klineage failed to build" >&2; exit 1
  else
    echo "gpu-bundle.sh: warning: $t failed to build; bundling without it" >&2
  fi
done
# clang's resource headers, trimmed (../shared/TOOLCHAIN.md section 3): the
# rewrite tool finds them at <bin>/../lib/clang/<major>/include.
major=$("$llvm/bin/llvm-config" --version | cut -d. -f1)
res="$llvm/lib/clang/$major/include"
dst="$stage/lib/clang/$major/include"
mkdir -p "$dst"
( cd "$res" && cp -r --parents __clang_cuda* cuda_wrappers std*.h float.h limits.h \
    __stddef_*.h __stdarg_*.h stdint.h inttypes.h builtins.h "$dst/" 2>/dev/null || true )
( cd "$res" && for h in *intrin*.h mm_malloc.h; do [ -f "$h" ] && cp "$h" "$dst/"; done ) 2>/dev/null || true
git -C "$root" rev-parse HEAD >"$stage/COMMIT" 2>/dev/null || echo unknown >"$stage/COMMIT"
printf '%s\n' "${built[@]}" >"$stage/TOOLS"
mkdir -p "$root/.gpu"
# Written beside the build and renamed: a device call that carries .gpu
# meanwhile sees the old bundle or the new one, never half of one.
tar -C "$stage" -cf - . | xz -9 -T0 >"$build/klineage-bundle.tar.xz.part"
mv -f "$build/klineage-bundle.tar.xz.part" "$root/.gpu/klineage-bundle.tar.xz"
ls -la "$root/.gpu/klineage-bundle.tar.xz"
echo "gpu-bundle.sh: bundled ${built[*]} (commit $(cat "$stage/COMMIT"))"
