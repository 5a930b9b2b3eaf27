//===- SmemTile.h - What the pair's two directions share --------*- C++ -*-===//
//
// Part of KLineage. The precondition names of smem-tile, the forward plan of
// one loop (its counter, the reads it stages, the guard it restructures) and
// the helpers both directions use: which thread axes an expression depends
// on and what a statement touches come from Analysis/ThreadAxes.h.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITES_SMEMTILE_H
#define KLINEAGE_REWRITES_SMEMTILE_H

#include "klineage/Analysis/LaunchFacts.h"
#include "klineage/Analysis/Mutation.h"
#include "klineage/Analysis/ThreadAxes.h"
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

using analysis::AxisOther;
using analysis::AxisX;
using analysis::AxisY;
using analysis::AxisZ;
using analysis::axesText;
using analysis::conjunctsOf;
using analysis::firstBarrier;
using analysis::firstMemoryAccess;
using analysis::isBarrierStmt;
using analysis::isLocalArrayElement;
using analysis::ThreadAxes;

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
