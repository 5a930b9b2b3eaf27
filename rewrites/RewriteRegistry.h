//===- RewriteRegistry.h - The table of rewrite pairs ---------------------===//
#ifndef KLINEAGE_REWRITES_REWRITEREGISTRY_H
#define KLINEAGE_REWRITES_REWRITEREGISTRY_H

#include "klineage/Rewrite/RewritePair.h"
#include <memory>
#include <vector>

namespace klineage {

/// Every registered rewrite pair, in table order.
const std::vector<std::unique_ptr<RewritePair>> &allRewrites();
/// The pair named \p Name, or null.
const RewritePair *findRewrite(llvm::StringRef Name);

// Factories, one per folder under rewrites/.
std::unique_ptr<RewritePair> createVectorizeGlobalAccess();
std::unique_ptr<RewritePair> createLoopUnroll();
std::unique_ptr<RewritePair> createReadonlyRestrict();
std::unique_ptr<RewritePair> createAtomicAggregate();
std::unique_ptr<RewritePair> createThreadCoarsen();
std::unique_ptr<RewritePair> createPrivatizeShared();
std::unique_ptr<RewritePair> createWarpShuffleReduce();
std::unique_ptr<RewritePair> createRowParallelize();
std::unique_ptr<RewritePair> createSmemPad();
std::unique_ptr<RewritePair> createSmemTile();
std::unique_ptr<RewritePair> createRegisterTile();
std::unique_ptr<RewritePair> createSoftwarePipeline();

} // namespace klineage

#endif
