//===- Skills.h - Skill cards from lineages; checking a card against a kernel -===//
//
// Part of KLineage (docs/skills.md).
//   extractSkills: each accepted step of a lineage, read forwards, becomes a
//     card. The forward pair's preconditions are evaluated on the simpler
//     kernel of the step (the step's `to`), at the forward sites inside the
//     step's diff: that is the code the optimization was made from.
//   checkSkill: at each forward site of a kernel, do the card's conditions
//     hold (holds / fails with the reason / unknown with the fact to assume)?
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_SKILLS_SKILLS_H
#define KLINEAGE_SKILLS_SKILLS_H

#include "klineage/Rewrite/Session.h"
#include "klineage/Skills/SkillCard.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace klineage {
namespace skills {

using RewriteLookup = llvm::function_ref<const RewritePair *(llvm::StringRef)>;

/// The cards of every step of the lineage \p Record (lineage.json) in
/// \p LineageDir, one per step, in step order. \p S parses the step kernels;
/// \p Commit is the evidence's commit. Steps whose kernels are gone or do
/// not parse are reported to \p Log and skipped.
llvm::Expected<std::vector<SkillCard>> extractSkills(const llvm::json::Object &Record,
                                                     llvm::StringRef LineageDir, Session &S,
                                                     RewriteLookup Find, llvm::StringRef Commit,
                                                     llvm::raw_ostream &Log);

/// The file a card is written to under \p Root: <rewrite>/<id-after-slash>.yaml.
std::string cardPath(llvm::StringRef Root, const SkillCard &C);

/// One site's verdict on a card.
struct SkillVerdict {
  const Site *At = nullptr;
  Status St = Status::Holds;
  std::string Precondition; ///< the blocking one (Fails/Unknown)
  std::string Reason, Assumable;
};

/// For every site of the card's rewrite and direction in the kernel \p S has
/// open: whether the card's conditions hold there. A precondition the card
/// records as holding must hold; every other precondition of the site must
/// not block it (the rewrite could not apply).
llvm::Expected<std::vector<SkillVerdict>> checkSkill(const SkillCard &C, Session &S, RewriteLookup Find);

/// How risks are probed: the gate (a child `klineage gate`), the workload
/// the probed kernel belongs to, the stages to run.
struct ProbeOptions {
  /// Workload empty: no gate (the kernel has no manifest, as a pair's
  /// negative tests): the forced result is compiled with Nvcc alone.
  std::string GateExe, Workload, WorkDir, Nvcc;
  std::string Stages = "all"; ///< compile | all
  std::vector<std::string> GateArgs;
  unsigned TimeoutS = 1800;
};

/// Counterfactual probes: for each unprobed risk of \p C, a site of the
/// kernel \p S has open where that precondition does not hold (one where it
/// is the only one that does not, if any) gets the rewrite forced
/// (Selection::Force), and the gate judges the result against the kernel as
/// written (or, without a workload, nvcc compiles it). Each probed risk records the site and the gate's verdict. Returns
/// how many risks were probed.
llvm::Expected<unsigned> probeSkill(SkillCard &C, Session &S, RewriteLookup Find, const ProbeOptions &O,
                                    llvm::raw_ostream &Log);

} // namespace skills
} // namespace klineage

#endif
