//===- ThreadAxes.h - Thread axes of values; memory and barriers of statements -*- C++ -*-===//
//
// Part of KLineage. Two questions every pair that regroups work among the
// threads of a block asks (smem-tile, register-tile):
//  - which thread axes a value depends on (threadIdx.x, .y, .z, or something
//    else that differs between threads), looking through locals that are set
//    once and never modified to their initialisers, with block-uniform values
//    (the uniformity analysis) counting as none;
//  - what a statement does beyond registers: its first memory access (or
//    first write), its first block barrier.
// Also: a condition split at its top-level `&&`. Side-effect free.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_THREADAXES_H
#define KLINEAGE_ANALYSIS_THREADAXES_H

#include "klineage/Analysis/LaunchFacts.h"
#include "klineage/Analysis/Mutation.h"
#include "klineage/Analysis/Uniformity.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <optional>
#include <string>
#include <vector>

namespace klineage {
namespace analysis {

/// The thread axes a value depends on: bit 0 threadIdx.x, bit 1 .y, bit 2
/// .z, bit 3 anything else that differs between the threads of a block (a
/// variable the uniformity analysis cannot place, a lane id, an impure
/// call). A load has the axes of its address.
enum Axis : unsigned { AxisX = 1, AxisY = 2, AxisZ = 4, AxisOther = 8 };
/// "threadIdx.x and threadIdx.y", "nothing thread-dependent".
std::string axesText(unsigned Axes);

/// Thread dependence of expressions of one function, looking through the
/// locals they read (set once, never modified) to their initialisers.
class ThreadAxes {
public:
  ThreadAxes(clang::ASTContext &Ctx, const clang::FunctionDecl *FD, std::optional<Dim3> Block);
  /// The axes \p E depends on; \p Breaker: the first term of another kind.
  unsigned of(const clang::Expr *E, const clang::Expr **Breaker = nullptr);
  /// The variables \p E reads, locals looked through as above (the locals
  /// themselves included).
  void varsOf(const clang::Expr *E, std::vector<const clang::VarDecl *> &Out);
  /// The initialiser of a local set once and never modified, else null.
  const clang::Expr *singleValue(const clang::VarDecl *V) const;
  /// Counts \p V as block-uniform (a loop counter whose start and bound are:
  /// the uniformity analysis sees it defined under the loop's guard).
  void assumeUniform(const clang::VarDecl *V) { Assumed.push_back(V); }
  Uniformity &uniformity() { return Unif; }
  const FunctionFacts &facts() const { return Facts; }

private:
  unsigned walk(const clang::Expr *E, unsigned Depth, const clang::Expr **Breaker);
  clang::ASTContext &Ctx;
  const FunctionFacts &Facts;
  Uniformity Unif;
  std::vector<const clang::VarDecl *> Assumed;
};

/// The first expression under \p S that reads or writes memory other than a
/// local array's element, or calls a function that is not a pure CUDA
/// intrinsic; those in \p Allowed (and under them) are skipped. \p Writes:
/// only writes, atomics and impure calls count.
const clang::Expr *firstMemoryAccess(const clang::Stmt *S, const std::vector<const clang::Expr *> &Allowed,
                                     bool Writes);
/// The first `__syncthreads()` (any block barrier) under \p S, or null.
const clang::CallExpr *firstBarrier(const clang::Stmt *S);
/// A block barrier statement (`__syncthreads();`).
bool isBarrierStmt(const clang::Stmt *S);
/// \p E is an element of a local (non-shared) array variable.
bool isLocalArrayElement(const clang::Expr *E);
/// \p Cond split at its top-level `&&`.
void conjunctsOf(const clang::Expr *Cond, std::vector<const clang::Expr *> &Out);

} // namespace analysis
} // namespace klineage

#endif
