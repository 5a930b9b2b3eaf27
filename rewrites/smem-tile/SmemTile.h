//===- SmemTile.h - What the pair's two directions share --------*- C++ -*-===//
//
// Part of KLineage. The precondition names of smem-tile, the forward plan of
// one loop (its counter, the reads it stages, the guard it restructures) and
// the helpers both directions use: which thread axes an expression depends
// on, through the locals it reads, and what memory a statement touches.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITES_SMEMTILE_H
#define KLINEAGE_REWRITES_SMEMTILE_H

#include "klineage/Analysis/LaunchFacts.h"
#include "klineage/Analysis/Mutation.h"
#include "klineage/Analysis/Uniformity.h"
#include "klineage/Rewrite/RewritePair.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <optional>
#include <string>
#include <vector>

namespace klineage {
namespace smem_tile {

inline constexpr char Name[] = "smem-tile";
// Forward.
inline constexpr char LoopCounted[] = "loop-counted";
inline constexpr char ReusedReadsAffine[] = "reused-reads-affine";
inline constexpr char SourceNotWritten[] = "source-not-written";
inline constexpr char BlockShapeKnown[] = "block-shape-known";
inline constexpr char TilesAgree[] = "tiles-agree";
inline constexpr char SharedMemoryFits[] = "shared-memory-fits";
inline constexpr char BarriersReachable[] = "barriers-reachable";
inline constexpr char LoadsInFootprint[] = "loads-in-footprint";
// Reverse.
inline constexpr char TilesStagedOnce[] = "tiles-staged-once";
inline constexpr char ReadsBetweenBarriers[] = "reads-between-barriers";
inline constexpr char StagedIndexStable[] = "staged-index-stable";

/// The thread axes a value depends on: bit 0 threadIdx.x, bit 1 .y, bit 2
/// .z, bit 3 anything else that differs between the threads of a block (a
/// load through a varying address, a lane id, a call).
enum Axis : unsigned { AxisX = 1, AxisY = 2, AxisZ = 4, AxisOther = 8 };
std::string axesText(unsigned Axes);

/// Thread dependence of expressions of one function, looking through the
/// locals they read (set once, never modified) to their initialisers.
class ThreadAxes {
public:
  ThreadAxes(clang::ASTContext &Ctx, const clang::FunctionDecl *FD, std::optional<analysis::Dim3> Block);
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
  analysis::Uniformity &uniformity() { return Unif; }
  const analysis::FunctionFacts &facts() const { return Facts; }

private:
  unsigned walk(const clang::Expr *E, unsigned Depth, const clang::Expr **Breaker);
  clang::ASTContext &Ctx;
  const analysis::FunctionFacts &Facts;
  analysis::Uniformity Unif;
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
/// May \p Text (a name or a sum) replace expression \p X of \p F's
/// function without parentheses (a subscript, an operand of + or a
/// comparison, a call argument)?
bool bareIn(const analysis::FunctionFacts &F, const clang::Expr *X, llvm::StringRef Text);
/// A block barrier statement (`__syncthreads();`).
bool isBarrierStmt(const clang::Stmt *S);
/// \p E is an element of a local (non-shared) array variable.
bool isLocalArrayElement(const clang::Expr *E);
/// The text of \p Cond negated: comparisons flipped (`i >= n` -> `i < n`),
/// `a || b` through De Morgan, anything else `!(...)`; nullopt when not
/// plain text.
std::optional<std::string> negatedText(const clang::ASTContext &Ctx, const clang::Expr *Cond);
/// \p Cond split at its top-level `&&`.
void conjunctsOf(const clang::Expr *Cond, std::vector<const clang::Expr *> &Out);
/// "line 12 ('A[row * K + k]')".
std::string describe(const clang::ASTContext &Ctx, const clang::Stmt *S);

// Reverse preconditions (Reverse.cpp); the subject is the tiled loop's plan.
Status checkTilesStagedOnce(const PreconditionQuery &Q, PreconditionResult &R);
Status checkReadsBetweenBarriers(const PreconditionQuery &Q, PreconditionResult &R);
Status checkStagedIndexStable(const PreconditionQuery &Q, PreconditionResult &R);
Status checkReverseSourceNotWritten(const PreconditionQuery &Q, PreconditionResult &R);

/// Reverse: the sites of tiled loops (Reverse.cpp).
void findReverseSites(const RewritePair &Pair, AnalysisContext &AC, const clang::FunctionDecl *FD);

} // namespace smem_tile
} // namespace klineage

#endif
