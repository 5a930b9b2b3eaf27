//===- Report.h - A lineage as a self-contained HTML page and as Markdown --===//
//
// Part of KLineage. `klineage report DIR` (docs/lineage.md, "Report"): the
// lineage graph (nodes = kernels with their time and % of the ceiling, edges
// = the reverse steps, the step's rejected candidates beside it), the
// forward speedup of each step as a bar chart, and each step's sites,
// preconditions and source diff. The HTML embeds its SVG and CSS: nothing is
// fetched when it is viewed.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_LINEAGE_REPORT_H
#define KLINEAGE_LINEAGE_REPORT_H

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <string>

namespace klineage {
namespace lineage {

struct Report {
  std::string Html, Markdown;
};

/// Renders the lineage \p Record (lineage.json) of the walk in \p Dir (its
/// diffs are read from there). Errors: a record without steps or schema.
llvm::Expected<Report> renderReport(const llvm::json::Object &Record, llvm::StringRef Dir);

/// Escapes \p S for HTML text and attribute values.
std::string htmlEscape(llvm::StringRef S);

} // namespace lineage
} // namespace klineage

#endif
