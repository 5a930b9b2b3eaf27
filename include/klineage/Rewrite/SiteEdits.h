//===- SiteEdits.h - Commit an EditBuilder's edits into a Site ------------===//
//
// Part of KLineage. The adapter between the Edit layer, which knows nothing
// of sites, and the engine: a builder's edits become the site's edits, and
// its verdict becomes the generic precondition "source-rewritable" (with the
// failing location as evidence).
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITE_SITEEDITS_H
#define KLINEAGE_REWRITE_SITEEDITS_H

#include "klineage/Edit/EditBuilder.h"
#include "klineage/Rewrite/RewritePair.h"

namespace klineage {

/// Name of the generic precondition an EditBuilder's verdict becomes.
inline constexpr const char *SourceRewritable = "source-rewritable";

/// Moves \p B's edits into \p S and records "source-rewritable": holds, or
/// fails with the builder's reason and location and no edit kept.
void commit(EditBuilder &B, Site &S);

} // namespace klineage

#endif
