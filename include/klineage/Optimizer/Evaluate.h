//===- Evaluate.h - The optimizer against its baselines, on a set of kernels -===//
//
// Part of KLineage. `klineage evaluate SET.yaml -o DIR` (docs/optimize.md)
// runs `klineage optimize` with every method on every kernel of the set --
// leave-one-out: each kernel is optimized without the cards and lineage of
// the workload it is named after -- each run a child process in
// DIR/<kernel>/<method>/, then tabulates the records: final time and % of
// the ceiling, speedup over the input, gate evaluations to reach 95% of the
// final, wrong kernels proposed, compile rejections; per method, the
// geometric-mean speedup and the mean evaluations to 95%.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_OPTIMIZER_EVALUATE_H
#define KLINEAGE_OPTIMIZER_EVALUATE_H

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace klineage {
namespace optimizer {

/// One kernel of an evaluation set.
struct EvalKernel {
  std::string Name;     ///< the row's name and the --exclude workload
  std::string Kernel;   ///< the .cu (absolute)
  std::string Manifest; ///< its workload manifest (absolute)
  std::vector<std::string> Assume; ///< facts for its preconditions (its domain)
};

/// Reads an evaluation set: `kernels: [{name, kernel, workload, assume: [..]}]`,
/// paths relative to the set's folder. Errors: FILE:LINE:COL for YAML and
/// schema errors, a missing file.
llvm::Expected<std::vector<EvalKernel>> loadEvaluationSet(const std::string &Path);

/// One run: its kernel, method, and the optimize record (or why there is none).
struct EvalRun {
  std::string Kernel, Method, Dir;
  std::optional<llvm::json::Object> Record;
  std::string Error;
};

/// The table: a row per run with its measures, and per method the
/// aggregates. Pure: computed from the records alone.
llvm::json::Object evaluationTable(const std::vector<EvalRun> &Runs);
/// The same table as Markdown.
std::string evaluationMarkdown(const llvm::json::Object &Table);

} // namespace optimizer
} // namespace klineage

#endif
