//===- KernelService.h - The rewrites and skills for editors and agents --===//
//
// Part of KLineage (docs/integrations.md). What the editor (klineage-lsp)
// and agent (klineage-mcp) servers ask of a .cu file they hold in memory,
// answered once for both: every rewrite's sites in both directions with
// their verdicts, the skill cards whose conditions hold at a site, and the
// verified result of applying one site as line edits. The file on disk is
// never written; its compile flags come from the nearest
// compile_commands.json, as clangd finds it.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_SERVICE_KERNELSERVICE_H
#define KLINEAGE_SERVICE_KERNELSERVICE_H

#include "klineage/Rewrite/Session.h"
#include "klineage/Skills/Skills.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace klineage {
namespace service {

/// The compile flags of \p File: the compile_commands.json of its directory
/// or the nearest parent that has one (\p Found names it); a file it does
/// not list gets the flags of its closest listed neighbour (clang's
/// interpolation, as clangd does). None found: no flags beyond KLineage's
/// own (\p Found empty).
std::unique_ptr<clang::tooling::CompilationDatabase> compilationDatabaseFor(llvm::StringRef File,
                                                                           std::string &Found);

struct ServiceOptions {
  /// Resolved front end (CUDA, resource directory, arch) and base options;
  /// its Assume is replaced per request by BaseAssume plus the request's.
  SessionOptions Session;
  std::vector<std::string> BaseAssume;
  /// Skill cards (<dir>/<rewrite>/<id>.yaml); empty: none.
  std::string SkillsDir;
};

/// One site of one pair, copied out of its parse.
struct SiteEntry {
  const RewritePair *Pair = nullptr;
  Site S;
};

/// A forward card's verdict at one site.
struct SkillHit {
  const skills::SkillCard *Card = nullptr;
  Site S;
  Status St = Status::Holds;
  std::string Precondition, Reason, Assumable;
};

struct FileAnalysis {
  std::vector<SiteEntry> Sites; ///< every pair, both directions, main file only
  std::vector<SkillHit> Skills; ///< every card at every site of its rewrite
};

/// Replace lines [StartLine, EndLine) (0-based) of the old text by NewText.
struct LineEdit {
  unsigned StartLine = 0, EndLine = 0;
  std::string NewText;
};
/// The hunks that turn \p Old into \p New, line by line, in order.
std::vector<LineEdit> lineEdits(llvm::StringRef Old, llvm::StringRef New);

struct RewriteRequest {
  std::string Rewrite;
  Direction Dir = Direction::Forward;
  Selection Sel; ///< empty: every applicable site
  std::vector<std::string> Assume;
  RewriteOptions Options;
};

struct RewriteOutcome {
  ApplyResult::Kind Outcome = ApplyResult::NoMatch;
  std::string Text; ///< the verified new text (Applied)
  std::vector<LineEdit> Edits;
  std::vector<Site> Applied, Refused;
  std::vector<std::pair<std::string, std::string>> Failed; ///< descriptor (empty: the run), reason
};

class KernelService {
public:
  explicit KernelService(ServiceOptions O);

  /// The forward cards loaded from SkillsDir, and what failed to load.
  const std::vector<skills::SkillCard> &cards() const { return Cards; }
  const std::vector<std::string> &cardErrors() const { return CardErrors; }

  /// Sites and skill verdicts of \p Path (its text \p Text when given).
  /// \p WithSkills false: sites only.
  llvm::Expected<FileAnalysis> analyze(llvm::StringRef Path, std::optional<llvm::StringRef> Text,
                                       llvm::ArrayRef<std::string> Assume = {}, bool WithSkills = true);
  /// One card's verdicts on \p Path (the card need not be in SkillsDir).
  llvm::Expected<std::vector<SkillHit>> checkCard(const skills::SkillCard &Card, llvm::StringRef Path,
                                                  std::optional<llvm::StringRef> Text,
                                                  llvm::ArrayRef<std::string> Assume = {});
  /// Applies \p Req to a copy of \p Path's text and verifies it; nothing is written.
  llvm::Expected<RewriteOutcome> apply(llvm::StringRef Path, std::optional<llvm::StringRef> Text,
                                       const RewriteRequest &Req);

  /// A session on a file (its text when given) with its compile database.
  struct OpenFile {
    std::unique_ptr<clang::tooling::CompilationDatabase> DB;
    std::unique_ptr<Session> S;
  };

private:
  llvm::Expected<SessionOptions> sessionOptions(llvm::ArrayRef<std::string> Assume,
                                                const RewriteOptions *Options = nullptr) const;
  llvm::Expected<OpenFile> open(llvm::StringRef Path, std::optional<llvm::StringRef> Text,
                                llvm::ArrayRef<std::string> Assume, const RewriteOptions *Options = nullptr) const;
  ServiceOptions Opts;
  std::vector<skills::SkillCard> Cards;
  std::vector<std::string> CardErrors;
};

/// The pair named \p Name in the catalogue, or null (RewriteRegistry).
const RewritePair *findPair(llvm::StringRef Name);

} // namespace service
} // namespace klineage

#endif
