//===- Builtins.h - CUDA builtin variables: indices and warpSize -*- C++ -*-===//
//
// Part of KLineage. `threadIdx.x` & co. are MS-property reads in Clang's AST
// (a PseudoObjectExpr over __cuda_builtin_threadIdx_t); `warpSize` is a
// `const int` that Clang's headers set to 32 but that nvcc reads from
// %WARP_SZ at run time, so it is never a compile-time constant here.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_CUDA_BUILTINS_H
#define KLINEAGE_CUDA_BUILTINS_H

#include "clang/AST/Expr.h"
#include <optional>
#include <string>

namespace klineage {
namespace cuda {

enum class BuiltinVar { ThreadIdx, BlockIdx, BlockDim, GridDim };

/// One component of a builtin index variable, e.g. blockDim.y.
struct BuiltinIndex {
  BuiltinVar Var = BuiltinVar::ThreadIdx;
  unsigned Dim = 0; ///< 0 = x, 1 = y, 2 = z
  std::string name() const; ///< "threadIdx.x"
  /// Same value for every thread of a block (blockIdx, blockDim, gridDim).
  bool isBlockUniform() const { return Var != BuiltinVar::ThreadIdx; }
  /// Same value for every thread of the grid (blockDim, gridDim).
  bool isGridUniform() const { return Var == BuiltinVar::BlockDim || Var == BuiltinVar::GridDim; }
};

const char *builtinVarName(BuiltinVar V); ///< "threadIdx", ...

/// \p E (parens and implicit casts ignored) reads a builtin index component.
std::optional<BuiltinIndex> builtinIndex(const clang::Expr *E);
/// The same for a call node of the property getter (what a RecursiveASTVisitor
/// sees inside the PseudoObjectExpr's semantic form).
bool isBuiltinIndexGetterCall(const clang::CallExpr *C);

/// \p E names the device variable `warpSize`.
bool isWarpSize(const clang::Expr *E);
/// \p S reads `warpSize`, directly or through the initialiser of a const
/// variable (`const int lanes = warpSize;`).
bool readsWarpSize(const clang::Stmt *S);

} // namespace cuda
} // namespace klineage

#endif
