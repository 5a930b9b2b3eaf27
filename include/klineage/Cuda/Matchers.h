//===- Matchers.h - AST matchers over CUDA semantics --------------*- C++ -*-===//
//
// Part of KLineage. Matchers that ask lib/Cuda, so that a pair's matcher and
// its preconditions agree on what device code is (nvcc's rule, DeviceCode.h):
// `hasAttr(attr::CUDADevice)` also matches clang's implicit attributes.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_CUDA_MATCHERS_H
#define KLINEAGE_CUDA_MATCHERS_H

#include "klineage/Cuda/DeviceCode.h"
#include "clang/ASTMatchers/ASTMatchers.h"

namespace klineage {
namespace cuda {

/// A function nvcc compiles for the device (cuda::isDeviceCode).
AST_MATCHER(clang::FunctionDecl, isDeviceCodeFunction) { return isDeviceCode(&Node); }
/// A `__global__` kernel.
AST_MATCHER(clang::FunctionDecl, isKernelFunction) { return isKernel(&Node); }

} // namespace cuda
} // namespace klineage

#endif
