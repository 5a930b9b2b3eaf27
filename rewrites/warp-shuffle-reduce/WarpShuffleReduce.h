//===- WarpShuffleReduce.h - What the pair's two directions share -*- C++ -*-===//
//
// Part of KLineage. The precondition names and the checks both directions
// of warp-shuffle-reduce use (the block shape, the exits before the
// reduction, the operator), shared by WarpShuffleReduce.cpp (forward,
// specs, registration) and Reverse.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITES_WARPSHUFFLEREDUCE_H
#define KLINEAGE_REWRITES_WARPSHUFFLEREDUCE_H

#include "klineage/Analysis/LaunchFacts.h"
#include "klineage/Analysis/Reductions.h"
#include "klineage/Analysis/Uniformity.h"
#include "klineage/Rewrite/RewritePair.h"
#include <optional>

namespace klineage {
namespace warp_shuffle_reduce {

inline constexpr char Name[] = "warp-shuffle-reduce";
inline constexpr char OperatorRecognised[] = "operator-recognised";
inline constexpr char ReassociationAllowed[] = "reassociation-allowed";
inline constexpr char BlockMultipleOf32[] = "block-multiple-of-32";
inline constexpr char TreeCoversBlock[] = "tree-covers-block";
inline constexpr char NoLaneExits[] = "no-lane-exits";
inline constexpr char ResultReadByHolders[] = "result-read-by-holders";
inline constexpr char BlockPowerOfTwo[] = "block-power-of-two";
inline constexpr char SharedMemoryFits[] = "shared-memory-fits";

/// The `block:KERNEL:X` assumption that settles an unknown shape.
std::string blockAssumable(const clang::FunctionDecl *FD);
/// Every thread of the group reaches statement \p S of kernel \p FD, or
/// none does: no return, goto, or loop exit before it and no branch around
/// it unless its condition is uniform at \p Group (Block: the block; Warp:
/// each warp, for a reduction that waits only for its warp, which needs
/// \p Block, the launch's block shape, to tell `threadIdx.x / 32` apart).
Status everyThreadReaches(clang::ASTContext &Ctx, const clang::FunctionDecl *FD, const clang::Stmt *S,
                          PreconditionResult &R, analysis::Level Group = analysis::Level::Block,
                          std::optional<analysis::Dim3> Block = std::nullopt);
/// Whether a reduction with \p Op of \p T may change its grouping.
Status reassociationVerdict(const AnalysisContext &AC, cuda::ReduceOp Op, cuda::ScalarType T,
                            PreconditionResult &R);
/// The reduction (any shape) that starts at statement \p First of its
/// block \p Parent, in function \p FD.
std::optional<analysis::ReductionMatch> reductionStartingAt(clang::ASTContext &Ctx, const clang::FunctionDecl *FD,
                                                            const clang::Stmt *First,
                                                            const clang::CompoundStmt *&Parent);
/// \p Inner lies within \p Outer in the source.
bool within(const clang::ASTContext &Ctx, const clang::Stmt *Outer, const clang::Stmt *Inner);
/// Every reference to \p V inside \p S.
void refsTo(const clang::Stmt *S, const clang::VarDecl *V, std::vector<const clang::DeclRefExpr *> &Out);

// Reverse: one function per precondition; the node is the first statement
// of the shuffle reduction.
Status checkReverseReassociation(const PreconditionQuery &Q, PreconditionResult &R);
Status checkBlockPowerOfTwo(const PreconditionQuery &Q, PreconditionResult &R);
Status checkReverseNoLaneExits(const PreconditionQuery &Q, PreconditionResult &R);
Status checkReverseResultReadByHolders(const PreconditionQuery &Q, PreconditionResult &R);
Status checkSharedMemoryFits(const PreconditionQuery &Q, PreconditionResult &R);

void findReverseSites(const RewritePair &Pair, AnalysisContext &AC, const clang::CompoundStmt &CS);

} // namespace warp_shuffle_reduce
} // namespace klineage

#endif
