//===- AtomicAggregate.h - What the pair's two directions share -*- C++ -*-===//
//
// Part of KLineage. The precondition names and functions of atomic-aggregate,
// the atomic call as the pair reads it, and the forward plan (where the
// block reduction goes), shared by AtomicAggregate.cpp (forward, specs,
// registration) and Reverse.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITES_ATOMICAGGREGATE_H
#define KLINEAGE_REWRITES_ATOMICAGGREGATE_H

#include "klineage/Analysis/LaunchFacts.h"
#include "klineage/Analysis/Uniformity.h"
#include "klineage/Cuda/Intrinsics.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Rewrite/RewritePair.h"
#include "clang/AST/Expr.h"
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace klineage {
namespace atomic_aggregate {

inline constexpr char Name[] = "atomic-aggregate";
inline constexpr char OperatorAssociative[] = "operator-associative";
inline constexpr char ResultUnused[] = "result-unused";
inline constexpr char AddressBlockUniform[] = "address-block-uniform";
inline constexpr char BlockConverged[] = "block-converged";
inline constexpr char NoEarlyExit[] = "no-early-exit";
inline constexpr char TargetNotAccessed[] = "target-not-accessed";
inline constexpr char SharedMemoryFits[] = "shared-memory-fits";
inline constexpr char ReductionRecognised[] = "reduction-recognised";
inline constexpr char ReductionCoversGroup[] = "reduction-covers-group";
inline constexpr char ReductionPrivate[] = "reduction-private";

/// A call of a CUDA atomic function as the pair reads it.
struct AtomicCall {
  const clang::CallExpr *Call = nullptr;
  cuda::AtomicFunction Fn{};
  const clang::Expr *Address = nullptr, *Value = nullptr;
  clang::QualType ElemType;               ///< the pointee of the callee's first parameter
  std::optional<cuda::ScalarType> Elem;   ///< ElemType, when a reducible type
};
std::optional<AtomicCall> atomicCallOf(const clang::CallExpr *C);

/// Where the forward direction puts the block reduction: after Region, a
/// statement of block Parent that every thread of the block executes.
struct Placement {
  const clang::Stmt *Region = nullptr;
  const clang::CompoundStmt *Parent = nullptr;
  /// The kernel's top-level guards `if (C) return;` that the forward
  /// rewrites to `if (!C) {` around the rest of the body, so that every
  /// thread reaches the reduction after it (Region is then the first guard;
  /// the statements First .. Last of the body make the aggregated region).
  std::vector<const clang::IfStmt *> Guards;
  const clang::ReturnStmt *FinalReturn = nullptr; ///< a last `return;`, dropped with the guards
  const clang::Stmt *First = nullptr, *Last = nullptr;
  bool InLoop = false;              ///< a loop around Region repeats the reduction
  analysis::UniformityAnswer Blocker; ///< no Region: the divergence that prevents one
};

/// Everything the forward preconditions and edits read about one atomic.
struct ForwardPlan {
  AtomicCall Atomic;
  const clang::Stmt *Statement = nullptr;   ///< the atomic's statement (null: result used)
  const clang::Expr *StatementExpr = nullptr; ///< its expression (the call, or `(void)call`)
  const clang::FunctionDecl *Kernel = nullptr; ///< the kernel around it (null: not a kernel)
  std::optional<analysis::Dim3> Shape;      ///< the kernel's block shape, when known
  std::shared_ptr<analysis::Uniformity> U;
  Placement Where;
};
ForwardPlan planForward(const AnalysisContext &AC, const clang::FunctionDecl *FD,
                        const clang::CallExpr *C);
/// --option=group=warp: one atomic per warp instead of per block.
bool warpGroups(const AnalysisContext &AC);
/// blockDim of \p Kernel's launches (LaunchFacts, --assume=block), when known.
std::optional<analysis::Dim3> blockShape(const AnalysisContext &AC, const clang::FunctionDecl *Kernel);
/// \p C is the only statement of an `if` whose condition holds in one
/// thread per warp or block (a leader's atomic: reverse's sites).
bool isLeadersAtomic(clang::ASTContext &Ctx, const clang::FunctionDecl *FD, const clang::CallExpr *C);
/// operator-associative's verdict for atomic \p Fn on \p Elem.
Status operatorVerdict(const AnalysisContext &AC, cuda::AtomicFunction Fn,
                       std::optional<cuda::ScalarType> Elem, clang::QualType ElemType,
                       PreconditionResult &R);

// One function per precondition; the query's node is the atomic's CallExpr.
Status checkOperatorAssociative(const PreconditionQuery &Q, PreconditionResult &R);
Status checkResultUnused(const PreconditionQuery &Q, PreconditionResult &R);
Status checkAddressBlockUniform(const PreconditionQuery &Q, PreconditionResult &R);
Status checkBlockConverged(const PreconditionQuery &Q, PreconditionResult &R);
Status checkNoEarlyExit(const PreconditionQuery &Q, PreconditionResult &R);
Status checkTargetNotAccessed(const PreconditionQuery &Q, PreconditionResult &R);
Status checkSharedMemoryFits(const PreconditionQuery &Q, PreconditionResult &R);
Status checkReverseOperator(const PreconditionQuery &Q, PreconditionResult &R);
Status checkReductionRecognised(const PreconditionQuery &Q, PreconditionResult &R);
Status checkReductionCoversGroup(const PreconditionQuery &Q, PreconditionResult &R);
Status checkReductionPrivate(const PreconditionQuery &Q, PreconditionResult &R);

/// Fresh names per site: every template instantiation of one atomic gets
/// the names the first one got (their edits must agree), and two atomics of
/// one function never share one (other functions may reuse them).
class FreshNamesByAnchor {
public:
  explicit FreshNamesByAnchor(const clang::ASTContext &Ctx) : Ctx(Ctx) {}
  /// The generator to use for the site at \p Anchor in function \p Text
  /// (a template's pattern for its instantiations).
  FreshNames namesFor(const clang::FunctionDecl *Text, unsigned Anchor);
  /// Records the names the site at \p Anchor took (the first time).
  void commit(const clang::FunctionDecl *Text, unsigned Anchor, const FreshNames &After);
  /// The accumulator's stem for \p Op: "block_sum", "block_max", ...
  static std::string stem(cuda::ReduceOp Op);

private:
  const clang::ASTContext &Ctx;
  std::map<const clang::FunctionDecl *, std::unique_ptr<FreshNames>> Run;
  std::map<unsigned, FreshNames> Before;
  std::set<unsigned> Committed;
};

void forward(const RewritePair &Pair, AnalysisContext &AC, const clang::CallExpr &C,
             FreshNamesByAnchor &Fresh);
void reverse(const RewritePair &Pair, AnalysisContext &AC, const clang::CallExpr &C);

} // namespace atomic_aggregate
} // namespace klineage

#endif
