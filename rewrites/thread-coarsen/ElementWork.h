//===- ElementWork.h - The element code thread-coarsen moves -----*- C++ -*-===//
//
// Part of KLineage. What the pair's matchers found in a kernel, in either
// direction: the index that numbers the elements, the code that handles one
// element, the bound test, and the code that runs once per thread around it.
// Every precondition function recomputes it from its site's anchor (the
// index's declaration forward, the loop or if statement in reverse), so each
// stays a side-effect-free function of the AST.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITES_THREADCOARSEN_ELEMENTWORK_H
#define KLINEAGE_REWRITES_THREADCOARSEN_ELEMENTWORK_H

#include "klineage/Analysis/ThreadIndex.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include <optional>
#include <string>
#include <vector>

namespace klineage {
namespace coarsen {

/// The shapes the pair reads and writes.
enum class Shape {
  // Forward input: one element per thread.
  GuardedIf,   ///< `T i = <id>; ... if (i < N [&& P]) S`
  EarlyReturn, ///< `T i = <id>; ... if (i >= N) return; rest...`
  // Reverse input: several elements per thread.
  GridStride,  ///< `for (T i = <id>; i < N; i += <total threads>) S`, or `T i = <id>; while (i
               ///< < N) { S; i += <total threads>; }`
  Consecutive, ///< `T i = <id>; if (i < N / C) { for k < C: S[C*i + k] } else if (i == N / C) { for
               ///< k < N % C: S[C*i + k] }`
  SteppedLoop, ///< `T i = C*<id> [- (C-1)*threadIdx.x]; for (k = 0; k < C; ++k, i += 1 |
               ///< blockDim.x) S`
  GroupGuarded, ///< `T i = C*<id>; if (i < N) { for (k = 0; k < C; ++k) S[i + k] }` (llm.c's
                ///< packs: one test per group, sound when N is a multiple of C)
};

struct ElementWork {
  Shape Kind = Shape::GuardedIf;
  const clang::FunctionDecl *Kernel = nullptr;
  const clang::CompoundStmt *Body = nullptr;
  /// The index: the thread's global id (forward, Consecutive), the loop
  /// index (GridStride), the stepping element index (SteppedLoop).
  const clang::VarDecl *Index = nullptr;
  /// The top-level statement declaring Index (null for GridStride, whose
  /// index the loop header declares or assigns).
  const clang::DeclStmt *IndexDecl = nullptr;
  /// Variables whose value changes from one element to the next: Index,
  /// and the lane counter k of Consecutive / SteppedLoop.
  std::vector<const clang::VarDecl *> ElementVars;
  /// Expressions allowed to read threadIdx, blockIdx and gridDim: the id
  /// (and the grid-stride step).
  std::vector<const clang::Expr *> IdExprs;
  analysis::GridShape Grid = analysis::GridShape::Linear;
  /// The bound test; Bound.Bound is null when none was found (Missing says
  /// what is missing).
  analysis::BoundTest Bound;
  /// The bound as an expression over the kernel's values (N of `N / C` for
  /// Consecutive).
  const clang::Expr *BoundExpr = nullptr;
  std::string Missing;
  /// The statement holding the bound test (forward: the guard; Consecutive:
  /// the if/else-if; SteppedLoop: the guard inside the loop body, if any).
  const clang::IfStmt *Guard = nullptr;
  /// `i < N && P`: P, checked per element.
  const clang::Expr *ExtraCond = nullptr;
  /// EarlyReturn `if (i >= N || P) return;` (a 2-D kernel's `x >= w || y >=
  /// h`): P, the element's own early exit; its text runs from here to the
  /// end of the guard's condition.
  const clang::Expr *ExitAlso = nullptr;
  /// The statements that handle one element (top-level statements of the
  /// element code, in source order).
  std::vector<const clang::Stmt *> Element;
  /// Statements of the kernel body that run once per thread.
  std::vector<const clang::Stmt *> PerThread;
  /// Forward: statements after the guard (they run once per thread).
  std::vector<const clang::Stmt *> AfterGuard;
  /// Forward GuardedIf: the guard's else branch, if any.
  const clang::Stmt *Else = nullptr;
  /// Reverse: the loop (GridStride, SteppedLoop) or the if (Consecutive);
  /// the statement around it carrying `#pragma unroll`, if any.
  const clang::Stmt *Loop = nullptr;
  const clang::Stmt *LoopWithHints = nullptr;
  /// GridStride written as a `while`: the step, the body's last statement.
  const clang::Stmt *Increment = nullptr;
  /// Consecutive: the lane loops and the lane counter.
  const clang::ForStmt *FullLoop = nullptr, *TailLoop = nullptr;
  const clang::VarDecl *Lane = nullptr;
  /// Reverse: the number of elements per thread (Consecutive,
  /// SteppedLoop); 0 for GridStride (the grid alone sets it).
  unsigned Factor = 0;
  /// SteppedLoop: elements at stride blockDim.x (strided) or 1 (consecutive).
  bool Strided = false;
};

/// Forward: the one-element-per-thread shape whose index is declared by
/// \p Index, in kernel \p Kernel. \p BlockX: the block's x size when every
/// launch agrees on it (a constant then stands for blockDim.x in the id).
std::optional<ElementWork> forwardWork(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel,
                                       const clang::VarDecl *Index,
                                       std::optional<uint64_t> BlockX = std::nullopt);
/// Reverse: the several-elements-per-thread shape anchored at \p Anchor (the
/// loop, or the if of the Consecutive shape), in kernel \p Kernel.
std::optional<ElementWork> reverseWork(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel,
                                       const clang::Stmt *Anchor,
                                       std::optional<uint64_t> BlockX = std::nullopt);

/// True if \p S is \p E or holds it.
bool holds(const clang::Stmt *S, const clang::Stmt *E);

} // namespace coarsen
} // namespace klineage

#endif
