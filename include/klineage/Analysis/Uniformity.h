//===- Uniformity.h - Is a value the same for a warp, a block, the grid? -*- C++ -*-===//
//
// Part of KLineage. The level at which an expression of a device function is
// uniform: constants, warpSize, blockDim, gridDim and a kernel's parameters
// are grid-uniform; blockIdx is block-uniform; threadIdx varies (threadIdx.y,
// .z and `threadIdx.x / (k*32)` are warp-uniform only when the caller's block
// shape has blockDim.x a multiple of 32). A local is uniform at L when every
// definition (initialiser and each write, from Mutation) is, and none sits
// under control flow (a condition, or a loop with an exit) that is not
// uniform at L; loops reach a fixed point. A load is uniform only through a
// uniform address of memory no write or unknown call of the function may
// touch (shared memory: at most block-uniform). Warp collectives (ballot,
// all/any, __reduce_*, a shuffle from a warp-uniform lane) are warp-uniform;
// __syncthreads_count/_and/_or are block-uniform. Anything else (calls to
// other functions, a __device__ function's parameters, atomics) varies.
// Side-effect free; reads FunctionFacts from the AnalysisCache.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_UNIFORMITY_H
#define KLINEAGE_ANALYSIS_UNIFORMITY_H

#include "klineage/Analysis/LaunchFacts.h"
#include "klineage/Analysis/Mutation.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <map>
#include <vector>
#include <optional>
#include <string>

namespace klineage {
namespace analysis {

/// Ordered: a value uniform at one level is uniform at every lower one.
enum class Level { Varying, Warp, Block, Grid };
const char *levelName(Level L); ///< "varying", "warp-uniform", ...

struct UniformityAnswer {
  Level L = Level::Grid;
  /// Below Grid: the term that limits the level, and why.
  const clang::Stmt *Breaker = nullptr;
  std::string Why;
  bool atLeast(Level M) const { return L >= M; }
};

class Uniformity {
public:
  /// \p Block: the block shape of \p FD's launches when known (LaunchFacts);
  /// only warp-level facts about threadIdx need it.
  Uniformity(clang::ASTContext &Ctx, const clang::FunctionDecl *FD,
             std::optional<Dim3> Block = std::nullopt);

  /// The level of \p E (an expression of the function).
  UniformityAnswer of(const clang::Expr *E);
  /// The least uniform control \p S executes under, up to \p Stop (the
  /// function's body when null): each enclosing condition (if, loop, ?:,
  /// && / ||, switch), each loop around it that a thread may leave early
  /// (break, return, goto under a condition), and each earlier `return`
  /// under a condition. Breaker is the condition or the exit.
  UniformityAnswer controlOf(const clang::Stmt *S, const clang::Stmt *Stop = nullptr);
  /// The parent of \p S inside the function, or null.
  const clang::Stmt *parent(const clang::Stmt *S) const;
  const clang::FunctionDecl *function() const { return FD; }

private:
  UniformityAnswer eval(const clang::Expr *E, unsigned Depth);
  UniformityAnswer evalVar(const clang::VarDecl *V, const clang::Expr *Ref);
  UniformityAnswer evalLoad(const clang::Expr *LValue, unsigned Depth);
  UniformityAnswer evalCall(const clang::CallExpr *C, unsigned Depth);
  UniformityAnswer definition(const clang::VarDecl *V, const VarMod &M);
  UniformityAnswer exitsOf(const clang::Stmt *Loop);
  void solve();

  clang::ASTContext &Ctx;
  const clang::FunctionDecl *FD;
  const FunctionFacts &Facts;
  std::optional<Dim3> Block;
  std::map<const clang::Stmt *, const clang::Stmt *> Parents;
  std::map<const clang::VarDecl *, const clang::Stmt *> DeclScope; ///< the statement declaring it
  std::map<const clang::VarDecl *, UniformityAnswer> Vars;         ///< locals and parameters
  /// Vars in source order: the order solve() visits them, so the reason
  /// reported for a variable does not depend on where its declaration
  /// happens to be allocated (it differs with a precompiled preamble).
  std::vector<const clang::VarDecl *> SolveOrder;
};

} // namespace analysis
} // namespace klineage

#endif
