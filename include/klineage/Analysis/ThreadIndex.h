//===- ThreadIndex.h - Global thread ids, grid-stride loops, ceil-div -*- C++ -*-===//
//
// Part of KLineage. How a kernel numbers its elements across the grid, for
// every pair that changes who does which element (coarsening, row
// parallelisation):
//  - the global thread id, whatever its spelling: `blockIdx.x * blockDim.x +
//    threadIdx.x` (Linear) or the flattened 2-D grid `(blockIdx.y *
//    gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x` (Flat2D), through
//    casts, macros, never-modified locals and argument-free device helpers
//    that return it;
//  - the total thread count of that numbering (the grid-stride step);
//  - a bound test `i < N` on an index (or its negation, for `if (i >= N)
//    return;`);
//  - grid-stride loops `for (T i = <id>; i < N; i += <total>) body`;
//  - ceil-divisions `(a + b - 1) / b`, `a / b + (a % b != 0)`, `(a - 1) / b
//    + 1`, `(a + 2^s - 1) >> s`, as a numerator and a denominator (forms),
//    so a launch's grid can be compared with the element count.
// Side-effect free; forms are LinearForms over the Linearizer's atoms.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_THREADINDEX_H
#define KLINEAGE_ANALYSIS_THREADINDEX_H

#include "klineage/Analysis/LinearForm.h"
#include "klineage/Analysis/Mutation.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include <optional>

namespace klineage {
namespace analysis {

/// How a global thread id numbers the threads of the grid.
enum class GridShape {
  Linear, ///< blockIdx.x * blockDim.x + threadIdx.x
  Flat2D, ///< (blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x
};
/// The id's spelling in canonical form ("blockIdx.x * blockDim.x + threadIdx.x").
const char *gridShapeText(GridShape S);
/// The spelling of the total thread count ("blockDim.x * gridDim.x").
const char *totalThreadsText(GridShape S);

/// The form of the global thread id / of the total thread count.
LinearForm globalIdForm(GridShape S);
LinearForm totalThreadsForm(GridShape S);

/// \p F with every atom that is a local of \p Facts' function set once (an
/// initialiser, never modified afterwards) replaced by its initialiser's
/// form, recursively, except the variables in \p Keep; nullopt past the
/// form limits.
std::optional<LinearForm> expandLocals(Linearizer &Lin, const FunctionFacts &Facts,
                                       const LinearForm &F,
                                       llvm::ArrayRef<const clang::VarDecl *> Keep = {});

/// The form of \p E with locals expanded (expandLocals) and argument-free
/// device helpers that only return an expression (`gtid()`) looked through.
std::optional<LinearForm> expandedForm(Linearizer &Lin, const FunctionFacts &Facts,
                                       const clang::Expr *E);

/// \p F equals \p Want, or equals it with blockDim.x replaced by the
/// block's known x size \p BlockX (`blockIdx.x * BLOCK + threadIdx.x`
/// where every launch uses BLOCK threads).
bool sameIndexForm(const LinearForm &F, const LinearForm &Want,
                   std::optional<uint64_t> BlockX = std::nullopt);

/// The numbering \p E computes, when it is a global thread id (\p BlockX:
/// see sameIndexForm).
std::optional<GridShape> globalIdOf(Linearizer &Lin, const FunctionFacts &Facts,
                                    const clang::Expr *E,
                                    std::optional<uint64_t> BlockX = std::nullopt);
/// \p E is the total thread count of numbering \p S.
bool isTotalThreads(Linearizer &Lin, const FunctionFacts &Facts, const clang::Expr *E, GridShape S,
                    std::optional<uint64_t> BlockX = std::nullopt);

/// A bound test on index \p Index: `i < N` or `N > i` (Negated false), `i >=
/// N` or `N <= i` (Negated true), through integer casts of either side.
struct BoundTest {
  const clang::BinaryOperator *Test = nullptr;
  const clang::Expr *Bound = nullptr;
  bool Negated = false;
};
std::optional<BoundTest> boundTestOf(const clang::Expr *Cond, const clang::VarDecl *Index);

/// `for (T i = <global id>; i < N; i += <total threads>) body` (also `i = i +
/// total`, `i = <id>` assigning a local declared before), with the index not
/// modified in the body.
struct GridStrideLoop {
  const clang::ForStmt *Loop = nullptr;
  const clang::VarDecl *Index = nullptr;
  const clang::Expr *Start = nullptr;
  BoundTest Bound;
  const clang::Expr *Step = nullptr; ///< the total-threads expression added
  GridShape Shape = GridShape::Linear;
  bool DeclaredInHeader = false; ///< `for (T i = ...` rather than `for (i = ...`
};
std::optional<GridStrideLoop> gridStrideLoop(clang::ASTContext &Ctx, Linearizer &Lin,
                                             const FunctionFacts &Facts,
                                             const clang::ForStmt *Loop,
                                             std::optional<uint64_t> BlockX = std::nullopt);

/// The same loop written with `while` (CUDA by Example's style): `T i =
/// <global id>; ... while (i < N) { S; i += <total threads>; }`, the index
/// a local whose declaration sets it to the id and whose one other change
/// is the step, the body's last statement; no `continue` leaves the body
/// before it (that thread would never step).
struct GridStrideWhile {
  const clang::WhileStmt *Loop = nullptr;
  const clang::VarDecl *Index = nullptr;
  const clang::Expr *Start = nullptr; ///< the index's initialiser
  BoundTest Bound;
  const clang::Expr *Step = nullptr;      ///< the total-threads expression added
  const clang::Stmt *Increment = nullptr; ///< the body's last statement
  GridShape Shape = GridShape::Linear;
};
std::optional<GridStrideWhile> gridStrideWhile(clang::ASTContext &Ctx, Linearizer &Lin,
                                               const FunctionFacts &Facts,
                                               const clang::WhileStmt *Loop,
                                               std::optional<uint64_t> BlockX = std::nullopt);

/// A ceil-division: the value is at least ceil(Num / Den) (exactly that for
/// the usual spellings), for non-negative numerators.
struct CeilDiv {
  LinearForm Num, Den;
  const clang::Expr *DenE = nullptr; ///< the denominator as written
};
std::optional<CeilDiv> ceilDivOf(Linearizer &Lin, const clang::Expr *E);

} // namespace analysis
} // namespace klineage

#endif
