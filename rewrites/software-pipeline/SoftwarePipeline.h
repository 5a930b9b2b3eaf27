//===- SoftwarePipeline.h - What the pair's two directions share -*- C++ -*-===//
//
// Part of KLineage. The precondition names of software-pipeline and the
// helpers both directions use: the loop counter and its step, and the text
// of a statement with the counter moved to another step.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITES_SOFTWAREPIPELINE_H
#define KLINEAGE_REWRITES_SOFTWAREPIPELINE_H

#include "klineage/Analysis/Mutation.h"
#include "klineage/Rewrite/RewritePair.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <optional>
#include <string>
#include <vector>

namespace klineage {
namespace software_pipeline {

inline constexpr char Name[] = "software-pipeline";
// Forward.
inline constexpr char SingleStageLoop[] = "single-stage-loop";
inline constexpr char TilesPrivateToLoop[] = "tiles-private-to-loop";
inline constexpr char PrefetchIndependent[] = "prefetch-independent";
inline constexpr char StagingCounted[] = "staging-counted";
inline constexpr char StagingRegistersFit[] = "staging-registers-fit";
inline constexpr char SharedMemoryFits[] = "shared-memory-fits";
inline constexpr char StagesSupported[] = "stages-supported";
inline constexpr char CopiesPlain[] = "copies-plain";
inline constexpr char CpAsyncAligned[] = "cp-async-aligned";
inline constexpr char ArchitectureHasCpAsync[] = "architecture-has-cp-async";
// Reverse.
inline constexpr char DoubleBufferedLoop[] = "double-buffered-loop";
inline constexpr char PrefetchGuardsNextStep[] = "prefetch-guards-next-step";
inline constexpr char PrefetchAddressedByCounter[] = "prefetch-addressed-by-counter";
inline constexpr char PrologueStagesFirstStep[] = "prologue-stages-first-step";

/// The most 32-bit registers per thread the staging buffers may take.
inline constexpr uint64_t MaxStagingRegisters = 64;

/// The counter of a `for` loop and its step: `k0 += 16`, `++s`,
/// `i = i + BK`.
struct Counter {
  const clang::VarDecl *Var = nullptr;
  const clang::Expr *Start = nullptr; ///< the value it starts with
  const clang::Expr *Step = nullptr;  ///< the amount added per step (null: 1)
  std::string StepText;               ///< "16", "BK", "1"
  std::optional<int64_t> StepValue;   ///< when a constant here
};

/// The counter of \p Loop, or why there is none.
std::optional<Counter> loopCounter(clang::ASTContext &Ctx, const clang::ForStmt *Loop, std::string &Why);

/// \p L (its expansion) lies within the text of statement \p S.
bool writtenWithin(const clang::ASTContext &Ctx, clang::SourceLocation L, const clang::Stmt *S);
/// The value of integer expression \p E when it is a constant here.
std::optional<int64_t> intValue(const clang::ASTContext &Ctx, const clang::Expr *E);
/// A precondition's verdict from its plan's reason: holds with
/// \p HoldsWhy when \p Why is empty, else fails with \p Why and the
/// statement \p At as evidence of \p Role.
Status verdictOf(const clang::ASTContext &Ctx, PreconditionResult &R, const std::string &Why, const clang::Stmt *At,
                 llvm::StringRef Role, std::string HoldsWhy);
/// "line 12 ('A[row * K + k]')".
std::string describe(const clang::ASTContext &Ctx, const clang::Stmt *S);

/// Text \p Value (a sum) for a reference to the counter at \p Ref,
/// parenthesised unless its parent takes a sum as it is (the left operand
/// of + or -, a comparison's, a subscript, an argument); \p Atomic: one
/// token, never parenthesised.
std::string counterValueAt(const analysis::FunctionFacts &F, const clang::Expr *Ref, llvm::StringRef Value,
                           bool Atomic = false);
/// The two sides of plain assignment \p E (`x = v`, or a class's
/// `operator=` such as float4's), implicit nodes around it ignored.
std::optional<std::pair<const clang::Expr *, const clang::Expr *>> assignmentParts(const clang::Expr *E);
/// \p E is one token or parenthesised: it can replace a name anywhere.
bool isAtomicText(const clang::Expr *E);

/// Reverse: the sites of double-buffered loops (Reverse.cpp).
void findReverseSites(const RewritePair &Pair, AnalysisContext &AC, const clang::FunctionDecl *FD);

// Reverse preconditions (Reverse.cpp); the subject is the loop's plan.
Status checkDoubleBufferedLoop(const PreconditionQuery &Q, PreconditionResult &R);
Status checkPrefetchGuardsNextStep(const PreconditionQuery &Q, PreconditionResult &R);
Status checkPrefetchAddressedByCounter(const PreconditionQuery &Q, PreconditionResult &R);
Status checkPrologueStagesFirstStep(const PreconditionQuery &Q, PreconditionResult &R);

} // namespace software_pipeline
} // namespace klineage

#endif
