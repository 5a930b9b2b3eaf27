//===- RewriteRegistry.cpp - The table of rewrite pairs -------------------===//
//
// The one table that names every rewrite pair. To add a pair: a folder
// rewrites/<kebab-name>/ with its class, a row here, docs/rewrites/<name>.md
// and test/rewrites/<name>/.
//
//===----------------------------------------------------------------------===//
#include "RewriteRegistry.h"

namespace klineage {

using Factory = std::unique_ptr<RewritePair> (*)();
static const Factory Table[] = {
    &createVectorizeGlobalAccess,
    &createLoopUnroll,
    &createReadonlyRestrict,
    &createAtomicAggregate,
    &createThreadCoarsen,
    &createPrivatizeShared,
    &createWarpShuffleReduce,
    &createRowParallelize,
    &createSmemPad,
    &createSmemTile,
    &createRegisterTile,
    &createSoftwarePipeline,
};

const std::vector<std::unique_ptr<RewritePair>> &allRewrites() {
  static const std::vector<std::unique_ptr<RewritePair>> All = [] {
    std::vector<std::unique_ptr<RewritePair>> V;
    for (Factory F : Table)
      if (auto R = F()) V.push_back(std::move(R));
    return V;
  }();
  return All;
}

const RewritePair *findRewrite(llvm::StringRef Name) {
  for (const auto &R : allRewrites())
    if (R->name() == Name)
      return R.get();
  return nullptr;
}

} // namespace klineage
