//===- Engine.h - Find, select and apply rewrite sites --------------------===//
//
// Part of KLineage. The engine runs a rewrite's analysis (canApply) over a
// parsed file, merges the verdicts of template instantiations into one site
// per source location, numbers the sites, and applies the selected ones
// (apply). Three outcomes, as in MLIR's transform dialect:
//   Applied            -- at least one site rewritten;
//   NotApplicable      -- nothing touched; each refused site names the
//                         precondition that blocked it (NoMatch: no site at all);
//   FailedAfterChange  -- the edits were made but the result is not valid
//                         (conflicting edits, or it no longer parses); the
//                         caller must not write it.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITE_ENGINE_H
#define KLINEAGE_REWRITE_ENGINE_H

#include "klineage/Rewrite/RewritePair.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace klineage {

/// Generic preconditions the engine itself evaluates (shared diagnostic ids).
inline constexpr const char *InstantiationsAgree = "instantiations-agree";
inline constexpr const char *NoConflict = "no-conflicting-edits";
/// Stable numbers of generic diagnostics (KL<N>).
enum DiagId : unsigned {
  DiagUnknownRewrite = 1,
  DiagBadArguments = 2,
  DiagParseError = 3,
  DiagNoCuda = 4,
  DiagWriteFailed = 5,
  DiagBadAssumption = 6,
  DiagMultiFileOutput = 8,
  DiagSourceNotRewritable = 100,
  DiagInstantiationsDisagree = 101,
  DiagConflictingEdits = 102,
  DiagNoSite = 103,
  DiagNoSuchSite = 104,
  DiagFailedAfterChange = 200,
};

/// Which of the user's files a run lists sites in and may edit. The main file
/// always; a user header (Frontend's SourceOrigin: not a system header, not
/// the prelude) when its name, as the compiler found it, matches
/// HeaderFilter (an llvm::Regex; empty: no header), unless MainFileOnly.
/// Like clang-tidy's --header-filter, whose default is also every header.
struct SiteScope {
  bool MainFileOnly = false;
  std::string HeaderFilter = ".*";
};

/// Runs \p R's analysis for \p D; returns one merged site per location, in
/// source order (the main file's sites first, then each header's, in the
/// order the headers are entered), numbered from 1, each with its stable
/// identity (Header, Kind, AnchorText, Ordinal). Sites anchored in files
/// \p Scope leaves out are dropped; a site whose edits reach such a file, or
/// a header included more than once, fails source-rewritable.
std::vector<Site> findSites(const RewritePair &R, Direction D, clang::ASTContext &Ctx,
                            const Assumptions &Assume, const RewriteOptions &Options,
                            const SiteScope &Scope = {});

/// The diagnostic id for a blocking precondition of \p R.
unsigned diagIdFor(const RewritePair &R, llvm::StringRef Precondition);

struct ApplyResult {
  enum Kind { Applied, NotApplicable, NoMatch, FailedAfterChange } Outcome = NoMatch;
  /// The new text of every changed file, by TextEdit::File (Applied only).
  std::map<std::string, std::string> Texts;
  std::vector<const Site *> AppliedSites;
  std::vector<const Site *> RefusedSites;
  std::string Failure;                ///< FailedAfterChange: what went wrong
};
llvm::StringRef outcomeName(ApplyResult::Kind K);

/// The original text of the file a TextEdit names, or nullopt for a file
/// the caller does not know.
using OriginalText = llvm::function_ref<std::optional<llvm::StringRef>(llvm::StringRef File)>;

/// Applies every applicable site among \p Sites (or only the sites whose ids
/// are in \p Only, when it is not empty) to the files \p Original gives.
/// Sites whose edits overlap an earlier applied site are refused with
/// "no-conflicting-edits". Does not re-parse; Session::apply does. With
/// \p Force, a selected site is applied whatever its preconditions say, as
/// long as it has edits (a counterfactual probe: what goes wrong when a
/// precondition is ignored).
ApplyResult applySites(OriginalText Original, std::vector<Site> &Sites,
                       llvm::ArrayRef<unsigned> Only, bool AllowUnknown, bool Force = false);

} // namespace klineage

#endif
