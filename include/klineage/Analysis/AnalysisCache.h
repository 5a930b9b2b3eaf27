//===- AnalysisCache.h - Per-function analyses, computed once -----*- C++ -*-===//
//
// Part of KLineage. One cache per ASTContext (dropped with it), so that every
// pair asking about one function shares one FunctionFacts. The results are
// immutable; the cache only memoises.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_ANALYSISCACHE_H
#define KLINEAGE_ANALYSIS_ANALYSISCACHE_H

#include "klineage/Analysis/Mutation.h"
#include "clang/AST/ASTContext.h"
#include <map>
#include <memory>

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

private:
  explicit AnalysisCache(clang::ASTContext &Ctx) : Ctx(Ctx) {}
  clang::ASTContext &Ctx;
  std::map<const clang::FunctionDecl *, std::unique_ptr<FunctionFacts>> Facts;
  unsigned Computed = 0;
};

} // namespace analysis
} // namespace klineage

#endif
