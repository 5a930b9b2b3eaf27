//===- LaunchBounds.h - __launch_bounds__ of a kernel --------------*- C++ -*-===//
//
// Part of KLineage. `__launch_bounds__(maxThreads, minBlocks, maxBlocksPerCluster)`
// bounds every launch of a kernel: a block of more than maxThreads threads
// fails to launch. In a kernel template the arguments may be template
// parameters; they are constants in each instantiation.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_CUDA_LAUNCHBOUNDS_H
#define KLINEAGE_CUDA_LAUNCHBOUNDS_H

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include <cstdint>
#include <optional>

namespace klineage {
namespace cuda {

struct LaunchBounds {
  const clang::CUDALaunchBoundsAttr *Attr = nullptr;
  /// Each argument's value; nullopt when absent or not a constant (a
  /// template parameter in the pattern).
  std::optional<uint64_t> MaxThreads, MinBlocks, MaxBlocksPerCluster;
};

/// The __launch_bounds__ of \p Kernel (a kernel template's instantiation
/// gives its own values), or nullopt when it has none.
std::optional<LaunchBounds> launchBounds(const clang::FunctionDecl *Kernel);

} // namespace cuda
} // namespace klineage

#endif
