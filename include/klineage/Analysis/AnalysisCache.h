//===- AnalysisCache.h - Per-function analyses, computed once -----*- C++ -*-===//
//
// Part of KLineage. One cache per ASTContext (dropped with it), so that every
// pair asking about one function shares one FunctionFacts, and every
// precondition asking about one pointer parameter one PointerFlow. The
// results are immutable; the cache only memoises.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_ANALYSISCACHE_H
#define KLINEAGE_ANALYSIS_ANALYSISCACHE_H

#include "klineage/Analysis/Mutation.h"
#include "klineage/Analysis/PointerFlow.h"
#include "clang/AST/ASTContext.h"
#include <map>
#include <memory>
#include <optional>

namespace klineage {
namespace analysis {

class AnalysisCache {
public:
  /// The cache of \p Ctx, made on first use and destroyed with \p Ctx.
  static AnalysisCache &of(clang::ASTContext &Ctx);
  /// Mutation and memory facts of \p FD (a definition).
  const FunctionFacts &facts(const clang::FunctionDecl *FD);
  /// How many FunctionFacts were computed (not served from the cache).
  unsigned computed() const { return Computed; }
  /// What the function of pointer parameter \p P (a definition's) does with
  /// the memory P points to. \p CallDepth: how many calls deep that function
  /// is from the one first asked about; callees are followed up to
  /// PointerFlowCallDepth.
  const PointerFlow &pointerFlow(const clang::ParmVarDecl *P, unsigned CallDepth = 0);
  /// Every reference to variable \p V in \p FD's body, in traversal order.
  const std::vector<const clang::DeclRefExpr *> &references(const clang::FunctionDecl *FD,
                                                             const clang::VarDecl *V);
  /// The calls of \p F in the user's code (CallArguments.h, callsOf); the
  /// translation unit is indexed once, for every callee.
  const std::vector<const clang::CallExpr *> &calls(const clang::FunctionDecl *F);

private:
  explicit AnalysisCache(clang::ASTContext &Ctx) : Ctx(Ctx) {}
  clang::ASTContext &Ctx;
  std::map<const clang::FunctionDecl *, std::unique_ptr<FunctionFacts>> Facts;
  std::map<std::pair<const clang::ParmVarDecl *, unsigned>, std::unique_ptr<PointerFlow>> Flows;
  std::map<const clang::FunctionDecl *,
           std::map<const clang::VarDecl *, std::vector<const clang::DeclRefExpr *>>>
      References;
  /// Callee (canonical; a template instance also under its pattern) ->
  /// calls, in traversal order; built on the first calls().
  std::optional<std::map<const clang::FunctionDecl *, std::vector<const clang::CallExpr *>>> CallIndex;
  unsigned Computed = 0;
};

} // namespace analysis
} // namespace klineage

#endif
