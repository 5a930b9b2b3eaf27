//===- MemorySpace.h - Which memory a CUDA variable lives in ------*- C++ -*-===//
//
// Part of KLineage. `__shared__` and `__constant__` variables, as written
// (clang's attributes), for the analyses that ask where memory lives.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_CUDA_MEMORYSPACE_H
#define KLINEAGE_CUDA_MEMORYSPACE_H

#include "clang/AST/Decl.h"

namespace klineage {
namespace cuda {

/// A `__shared__` variable (block-shared memory).
bool isShared(const clang::VarDecl *VD);
/// A `__constant__` variable (read-only for the device).
bool isConstant(const clang::VarDecl *VD);

} // namespace cuda
} // namespace klineage

#endif
