//===- Session.h - Parse, find, apply, re-parse, write --------------------===//
//
// Part of KLineage. The one orchestration every client calls (the
// klineage-rewrite driver, the lineage walker, the optimizer): open a .cu
// file, list a rewrite's sites, apply a selection of them, verify the result
// by re-parsing it, and write it atomically.
//
// Per-site isolation: when the combined result of several sites does not
// verify, the sites are re-applied one at a time, in order, each on top of
// those that verified; a site whose addition breaks the file is reported as
// *failed after change* with the reason, and the others are kept.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITE_SESSION_H
#define KLINEAGE_REWRITE_SESSION_H

#include "klineage/Frontend/CudaFrontend.h"
#include "klineage/Rewrite/Engine.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace klineage {

/// A site's identity that survives unrelated edits of the file (unlike its
/// number or offset): the function it is in, the rewrite and direction, the
/// kind of change, the anchor line's text, and the ordinal among sites of
/// that function with the same kind and anchor text. Written as
/// `rewrite|direction|function|kind|ordinal|anchor` ('|' and '\' escaped
/// with '\').
struct SiteDescriptor {
  std::string Rewrite;
  Direction Dir = Direction::Forward;
  std::string Function, Kind, AnchorText;
  unsigned Ordinal = 1;

  static SiteDescriptor of(const Site &S);
  std::string str() const;
  static std::optional<SiteDescriptor> parse(llvm::StringRef Text);
  bool matches(const Site &S) const;
  bool operator==(const SiteDescriptor &O) const;
};

struct SessionOptions {
  CudaFrontendOptions Frontend; ///< resolved paths
  Assumptions Assume;
  RewriteOptions Options;
  bool Verify = true; ///< re-parse results (false: --no-verify)
};

/// Which sites to apply: by number, by descriptor, or (both empty) every
/// applicable site.
struct Selection {
  std::vector<unsigned> Ids;
  std::vector<SiteDescriptor> Descriptors;
};

/// The outcome of Session::apply, per site.
struct SessionResult {
  /// Applied: at least one site kept; NotApplicable: every selected site was
  /// refused; NoMatch: nothing selected; FailedAfterChange: edits were made
  /// but none verified.
  ApplyResult::Kind Outcome = ApplyResult::NoMatch;
  std::string Text; ///< the verified result (Applied only)
  std::vector<const Site *> Applied, Refused;
  struct Failure {
    const Site *S = nullptr; ///< null: the whole run (edits inconsistent)
    std::string Reason;
  };
  /// Sites (or the run) that failed after change; with Outcome == Applied
  /// the others were kept.
  std::vector<Failure> Failed;
};

class Session {
public:
  /// Unless the caller set Opts.Frontend.HostContextOf, errors confined to
  /// host code are judged by nvcc's rule (cuda::hostContextOf), so every
  /// Session user (tool, lineage walker, optimizer) parses alike.
  Session(const clang::tooling::CompilationDatabase &DB, SessionOptions Opts);

  /// Parses \p Path (or \p Content as its text). Clang's diagnostics go to
  /// stderr. Drops sites found in an earlier file.
  llvm::Error open(llvm::StringRef Path, std::optional<llvm::StringRef> Content = std::nullopt);
  llvm::StringRef path() const { return File->Path; }
  llvm::StringRef text() const { return Original; }
  const SessionOptions &options() const { return Opts; }
  /// The opened file's AST (for listings beside the rewrites: launches).
  clang::ASTContext &ast() const { return File->ast(); }

  /// The sites of \p R in direction \p D (found once, then cached).
  std::vector<Site> &sites(const RewritePair &R, Direction D);
  /// The numbers of the sites \p Sel names; an error names a descriptor or
  /// number that matches no site.
  llvm::Expected<std::vector<unsigned>> resolve(const RewritePair &R, Direction D,
                                                const Selection &Sel);
  /// Applies the selected sites, verifies (re-parses) the result, and falls
  /// back to one site at a time if the combined result does not verify.
  llvm::Expected<SessionResult> apply(const RewritePair &R, Direction D, const Selection &Sel);

  /// Writes \p Text to \p Path atomically (temporary file + rename). Refuses
  /// the opened file itself unless \p InPlace.
  llvm::Error write(llvm::StringRef Path, llvm::StringRef Text, bool InPlace = false) const;

private:
  /// Re-parses \p Text as the opened file; on failure, the first error.
  std::optional<std::string> verify(llvm::StringRef Text) const;

  const clang::tooling::CompilationDatabase &DB;
  SessionOptions Opts;
  std::unique_ptr<ParsedFile> File;
  std::string Original;
  std::map<std::pair<const RewritePair *, Direction>, std::vector<Site>> Found;
};

} // namespace klineage

#endif
