//===- SiteJson.h - The --list-sites JSON contract ------------------------===//
//
// Part of KLineage. The JSON form of a Site is the contract that the
// optimizer, editors and LLM agents build on; docs/klineage-rewrite.md
// documents it. Add keys; never rename or remove one.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITE_SITEJSON_H
#define KLINEAGE_REWRITE_SITEJSON_H

#include "klineage/Rewrite/RewritePair.h"
#include "llvm/Support/JSON.h"

namespace klineage {

/// Schema version of the site objects; bump only for additions.
inline constexpr int SiteJsonVersion = 1;

llvm::json::Object siteToJson(const Site &S, const RewritePair &R, bool AllowUnknown);

} // namespace klineage

#endif
