//===- SkillCard.h - What an optimization is and when it holds (skills-yaml/) -===//
//
// Part of KLineage. A skill card is one accepted step of a lineage read
// forwards (docs/skills.md, schema 1): the rewrite and its options, the site
// it was made at, the conditions that held there (the forward pair's
// preconditions, evaluated on the simpler kernel, and the context the gate
// measured), its measured effect, the risks its conditions avoid, and the
// evidence. Cards are YAML files under skills-yaml/<rewrite>/<id>.yaml.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_SKILLS_SKILLCARD_H
#define KLINEAGE_SKILLS_SKILLCARD_H

#include "llvm/Support/Error.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace klineage {
namespace skills {

inline constexpr int SkillSchemaVersion = 1;

/// A precondition of the forward pair at the card's site, as it was found.
struct SkillCondition {
  std::string Name, Status, Reason, Assumable;
};

/// A counterfactual probe of one precondition: the forward rewrite forced
/// where the precondition fails, and what the gate said. Probe is
/// "unprobed" until a probe ran.
struct SkillRisk {
  std::string Precondition, Description;
  std::string Probe = "unprobed"; ///< unprobed | probed
  std::string Kernel;             ///< where it was forced
  std::string Outcome;            ///< e.g. "rejected: correctness: rel. L2 0.3 at N=33"
};

struct SkillCard {
  std::string Path; ///< the file it was loaded from (empty when built)
  int Schema = SkillSchemaVersion;
  std::string Id, Intent, Rewrite, Direction = "forward";
  std::map<std::string, std::string> Options;
  // site
  std::string SiteKind, SiteFunction, SitePattern, Before, After;
  // conditions
  std::vector<SkillCondition> Preconditions;
  /// Context facts when it paid off: bound (memory | compute), pct_copy_bw,
  /// pct_fp32, registers, smem_bytes, spill bytes, ptx counts, size.
  std::map<std::string, std::string> Context;
  // effect
  bool Measured = false;
  double Speedup = 0, SpeedupLow = 0, SpeedupHigh = 0;
  std::string Gpu, Size;
  std::vector<SkillRisk> Risks;
  // evidence
  std::string Lineage, Commit, GateReport;
  int Step = 0;
};

/// Loads and validates a card. Errors read "FILE:LINE:COL: error: ..." (the
/// YAML node at fault).
llvm::Expected<SkillCard> loadSkillCard(const std::string &Path);
/// The card files under \p Root (<rewrite>/<id>.yaml, README.yaml left out), sorted.
std::vector<std::string> skillCardFiles(llvm::StringRef Root);
/// The card as YAML (schema 1), loadable by loadSkillCard.
std::string emitSkillCard(const SkillCard &C);

} // namespace skills
} // namespace klineage

#endif
