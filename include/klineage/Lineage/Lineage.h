//===- Lineage.h - Walk an expert kernel back through gated reverse rewrites -===//
//
// Part of KLineage. `klineage lineage EXPERT.cu --workload M.yaml -o DIR`
// (docs/lineage.md): at each step every reverse rewrite of the catalogue is
// tried on the current kernel (its applicable sites, through the Session),
// each candidate is gated against the kernel before it (compile for all, in
// parallel; correctness and profile on a GPU), and one accepted candidate
// becomes the next kernel, chosen by the walk's policy. The walk stops at a
// root: a kernel where no reverse step is applicable and accepted.
//
// Everything is written to DIR as it happens: the kernels (N-<rewrite>.cu),
// the diffs, every candidate and its gate report, and lineage.json (the
// record, rewritten atomically after each candidate). A walk that stops for
// any reason resumes from DIR; a candidate whose gate report is already there
// is not gated again.
//
// The gate runs as a child process (`klineage gate`), so a kernel that
// crashes or hangs costs one candidate, never the walk.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_LINEAGE_LINEAGE_H
#define KLINEAGE_LINEAGE_LINEAGE_H

#include "klineage/Rewrite/Session.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace klineage {
namespace lineage {

/// How the next step is chosen among the accepted candidates of a step.
enum class Policy {
  /// The candidate whose kernel is slowest relative to the kernel before it:
  /// the most valuable optimization is taken off first. Unmeasured
  /// candidates (no GPU, --stages compile) fall back to catalogue order.
  MostCostly,
  /// The first accepted candidate in catalogue order; later candidates of
  /// the step are not gated (cheapest walk).
  First,
  /// Every accepted candidate of every kernel is walked on: a DAG of kernels
  /// (the same kernel reached by two orders is one node). The record's
  /// chain (`steps`) is the most-costly path through it.
  Breadth,
  /// A search (forward walks): every candidate of the kernels of a level is
  /// gated, and the BeamWidth fastest kept kernels (by time relative to the
  /// input, the product of the pairwise ratios on their path) form the next
  /// level. The record's chain is the path to the fastest kernel found.
  Beam,
};
llvm::StringRef policyName(Policy P);
std::optional<Policy> parsePolicy(llvm::StringRef S);

/// What one candidate of a step is: every applicable site of one rewrite, or
/// one site.
enum class Granularity { Rewrite, Site };

/// The reverse rewrites a walk tries, in this order (ties and unmeasured
/// walks follow it): structure before the instructions it is made of, so the
/// kernel is simplified from the outside in.
const std::vector<std::string> &defaultReverseOrder();

/// The measured ceiling a kernel's profile (a step's before_profile or
/// after_profile) is closer to: "memory" (its % of the copy bandwidth) or
/// "compute" (its % of the FP32 peak); none without a profile.
struct Bound {
  std::string Kind;
  double Pct = 0;
};
std::optional<Bound> boundOf(const llvm::json::Object *Profile);

/// Whether a forward move pays beyond the noise of the run that timed it: the
/// candidate's median below the input's p10 (its fastest tenth of launches;
/// the median when the profile has none). None when it pays, else why not.
std::optional<std::string> notFasterReason(double BeforeMs, const llvm::json::Object &BeforeProfile,
                                           double AfterMs);

/// What a walk knows of the kernel a step starts from: the gate's profile
/// facts of the last run that timed it (none before the first timed run, and
/// never in a compile-only walk) and the ceiling they put it nearest.
struct KernelContext {
  std::string File;                         ///< in the walk's folder
  llvm::json::Object Profile; ///< empty: never timed
  std::optional<Bound> B;
};

struct WalkOptions {
  std::string Expert, Workload, OutDir;
  /// Rewrites to try, in order (names of the catalogue).
  std::vector<const RewritePair *> Rewrites;
  SessionOptions Session;
  Policy Pol = Policy::MostCostly;
  unsigned BeamWidth = 2; ///< Policy::Beam: kernels kept per level
  Granularity Gran = Granularity::Rewrite;
  /// "compile" (no GPU needed; every step unmeasured) or "all".
  std::string Stages = "all";
  unsigned MaxSteps = 50;
  unsigned Jobs = 2;          ///< parallel compile-stage gates
  int Repeat = 2;             ///< profile rounds per candidate pair (interleaved)
  std::string GateExe;        ///< the `klineage` executable that runs `gate`
  std::vector<std::string> GateArgs; ///< extra `klineage gate` flags (--arch, --cache-dir, --no-gpu, --nvcc)
  unsigned GateTimeoutS = 1800; ///< one gate run, wall clock
  /// A folder of gate reports of measured pairs, keyed by the content of
  /// both kernels, the manifest and the gate flags: a pair measured once is
  /// not measured again (klineage evaluate shares one between its methods,
  /// which often gate the same move on the same input). Empty: none.
  std::string PairCache;
  bool Restart = false;       ///< discard a walk in OutDir and start again

  // The optimizer's search (klineage optimize) is the same walk forwards.
  /// Reverse: a lineage (a candidate is accepted when the gate passes it).
  /// Forward: a search; a measured candidate is accepted only when it is
  /// also faster than the kernel before it, and the fastest is taken; the
  /// record gains `best` (and `speedup` when every step was timed) and the
  /// last kept kernel is written as DIR/best.cu.
  Direction Dir = Direction::Reverse;
  /// Which of a rewrite's applicable sites are candidates' sites (default:
  /// all); \p Note says why the others are not (recorded in `tried`).
  std::function<std::vector<const Site *>(klineage::Session &S, const RewritePair &R, std::vector<const Site *> Applicable,
                                          std::string &Note)>
      Moves;
  /// The option sets a step tries for rewrite R, in order, each merged
  /// over the walk's own options (an empty set: the walk's own). A set
  /// other than the walk's own is applied in a Session of its own, where
  /// the sites are found (and Moves chooses) again. Default: the walk's own.
  std::function<std::vector<RewriteOptions>(klineage::Session &S, const RewritePair &R)> OptionChoices;
  /// The rewrites a step tries, in order (default: Rewrites), given the
  /// kernel the step starts from.
  std::function<std::vector<const RewritePair *>(klineage::Session &S, unsigned Step, const KernelContext &K)>
      StepOrder;
  /// GPU gate evaluations the walk may spend (0: no limit); compile-stage
  /// rejections are counted apart and do not spend it.
  unsigned GateBudget = 0;
  /// Fields added to the record (the optimizer's method and budget).
  llvm::json::Object Extra;
};

/// Walks \p O.Expert back to a root. Progress goes to \p Log. The record is
/// O.OutDir/lineage.json (schema in docs/lineage.md), also returned. Errors:
/// bad input (unparsable kernel, a DIR holding another kernel's walk,
/// unwritable DIR); a candidate's failure is never an error.
llvm::Expected<llvm::json::Object> walk(const WalkOptions &O, llvm::raw_ostream &Log);

/// The pair cache's key of gating \p Files (before, after) under manifest
/// \p Workload with \p GateFlags: the content of the three files and the
/// flags, not their paths. nullopt when a file cannot be read.
std::optional<std::string> pairCacheKey(llvm::ArrayRef<std::string> Files, llvm::StringRef Workload,
                                        llvm::ArrayRef<std::string> GateFlags);

/// Runs `GateExe gate GATEARGS... --json JSON` (stdout and stderr to
/// \p LogFile) with a wall-clock limit; returns the gate's report, or none
/// with the reason in \p Why (it could not run, crashed, or was killed).
std::optional<llvm::json::Object> runGateProcess(llvm::StringRef GateExe, llvm::ArrayRef<std::string> GateArgs,
                                                 llvm::StringRef Json, llvm::StringRef LogFile, unsigned TimeoutS,
                                                 std::string &Why);

/// Reads DIR/lineage.json. Errors: "cannot read DIR/lineage.json: ...",
/// "DIR/lineage.json: not a lineage record[: why]".
llvm::Expected<llvm::json::Object> loadRecord(llvm::StringRef Dir);


/// A unified diff of two texts (3 lines of context), headed with the two
/// names; empty when the texts are equal.
std::string unifiedDiff(llvm::StringRef Old, llvm::StringRef New, llvm::StringRef OldName,
                        llvm::StringRef NewName);

} // namespace lineage
} // namespace klineage

#endif
