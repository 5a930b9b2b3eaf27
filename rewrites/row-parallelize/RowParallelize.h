//===- RowParallelize.h - What the pair's two directions share -*- C++ -*-===//
//
// Part of KLineage. The precondition names of row-parallelize and the
// helpers RowParallelize.cpp (forward, specs, registration) and Reverse.cpp
// (block- or warp-per-row back to thread-per-row) share.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITES_ROWPARALLELIZE_H
#define KLINEAGE_REWRITES_ROWPARALLELIZE_H

#include "klineage/Cuda/LaunchSites.h"
#include "klineage/Rewrite/RewritePair.h"
#include "clang/AST/Expr.h"
#include <functional>
#include <string>

namespace klineage {
namespace row_parallelize {

inline constexpr char Name[] = "row-parallelize";
inline constexpr char ThreadPerRow[] = "thread-per-row";
inline constexpr char NoEarlyExit[] = "no-exit-in-row";
inline constexpr char LoopBoundRowUniform[] = "loop-bound-row-uniform";
inline constexpr char ReductionRecognised[] = "folds-recognised";
inline constexpr char OperatorAssociative[] = "sum-reassociable";
inline constexpr char RowsIndependent[] = "rows-independent";
inline constexpr char LauncherFound[] = "launcher-found";
// Reverse only.
inline constexpr char BlockPerRow[] = "block-per-row";
inline constexpr char ColumnsStrided[] = "columns-strided-by-block";
inline constexpr char ReducedValueBroadcast[] = "reduced-value-broadcast";

/// The threads of a row's block (option block-size; 32 for width=warp).
/// The threads per block of the forward's launches (width, block-size),
/// within \p Kernel's __launch_bounds__.
unsigned blockSize(const AnalysisContext &AC, const clang::FunctionDecl *Kernel);
/// \p Block, lowered to \p Kernel's __launch_bounds__ maxThreads (a
/// multiple of \p Multiple) when that is smaller.
unsigned boundedBlock(const clang::FunctionDecl *Kernel, unsigned Block, unsigned Multiple);
/// `'text'` of \p S, for reasons.
std::string quote(const clang::ASTContext &Ctx, const clang::Stmt *S);
/// Every node of \p S, \p S first.
void forEachNode(const clang::Stmt *S, const std::function<void(const clang::Stmt *)> &F);
/// The bound E of a guard on \p Row: `Row >= E` (\p Exits) or `Row < E`.
const clang::Expr *guardBound(const clang::Expr *Cond, const clang::VarDecl *Row, bool Exits);
/// `if (...) return;` without else.
bool isReturnGuard(const clang::Stmt *S);
/// The row count \p Bound as launch \p Launch spells it (parameters
/// replaced by its arguments); empty, with \p Why, when it cannot.
std::string rowCountAt(clang::ASTContext &Ctx, const clang::Expr *Bound, const clang::CallExpr *Launch,
                       std::string &Why);
/// The type of \p V as written in the template pattern, unqualified.
std::string writtenType(clang::ASTContext &Ctx, const clang::VarDecl *V);

/// Reverse: the sites and their edits; the preconditions.
void findReverseSites(const RewritePair &Pair, AnalysisContext &AC, const clang::FunctionDecl &FD);
Status checkBlockPerRow(const PreconditionQuery &Q, PreconditionResult &R);
Status checkColumnsStrided(const PreconditionQuery &Q, PreconditionResult &R);
Status checkReverseFolds(const PreconditionQuery &Q, PreconditionResult &R);
Status checkResultBroadcast(const PreconditionQuery &Q, PreconditionResult &R);
Status checkReverseReassociation(const PreconditionQuery &Q, PreconditionResult &R);
Status checkReverseLauncher(const PreconditionQuery &Q, PreconditionResult &R);

} // namespace row_parallelize
} // namespace klineage

#endif
