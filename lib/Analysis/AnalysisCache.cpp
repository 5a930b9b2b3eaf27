//===- AnalysisCache.cpp - Per-function analyses, computed once -----------===//
#include "klineage/Analysis/AnalysisCache.h"
#include <mutex>

using namespace clang;

namespace klineage {
namespace analysis {

namespace {
std::mutex CachesLock;
std::map<const ASTContext *, std::unique_ptr<AnalysisCache>> &caches() {
  static std::map<const ASTContext *, std::unique_ptr<AnalysisCache>> Caches;
  return Caches;
}
void dropCache(void *Ctx) {
  std::lock_guard<std::mutex> G(CachesLock);
  caches().erase(static_cast<const ASTContext *>(Ctx));
}
} // namespace

AnalysisCache &AnalysisCache::of(ASTContext &Ctx) {
  std::lock_guard<std::mutex> G(CachesLock);
  auto &Slot = caches()[&Ctx];
  if (!Slot) {
    Slot.reset(new AnalysisCache(Ctx));
    Ctx.AddDeallocation(dropCache, &Ctx);
  }
  return *Slot;
}

const FunctionFacts &AnalysisCache::facts(const FunctionDecl *FD) {
  auto &Slot = Facts[FD];
  if (!Slot) {
    Slot = std::make_unique<FunctionFacts>(Ctx, FD);
    ++Computed;
  }
  return *Slot;
}

} // namespace analysis
} // namespace klineage
