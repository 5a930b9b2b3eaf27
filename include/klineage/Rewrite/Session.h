//===- Session.h - Parse, find, apply, re-parse, write --------------------===//
//
// Part of KLineage. The one orchestration every client calls (the
// klineage-rewrite driver, the lineage walker, the optimizer): open a .cu
// file, list a rewrite's sites (in the main file and the user headers it
// includes), apply a selection of them, verify the result by re-parsing it
// with every changed file, and write the changed files atomically.
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
/// kind of change, the anchor line's text, the ordinal among sites of that
/// function with the same kind and anchor text, and for a site in a header
/// the header's path from the main file's directory. Written as
/// `rewrite|direction|function|kind|ordinal|anchor`, with `|header` appended
/// for a header's site ('|' and '\' escaped with '\').
struct SiteDescriptor {
  std::string Rewrite;
  Direction Dir = Direction::Forward;
  std::string Function, Kind, AnchorText;
  unsigned Ordinal = 1;
  std::string Header; ///< empty: the main file

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
  SiteScope Scope;    ///< which user headers are listed and edited
};

/// Which sites to apply: by number, by descriptor, or (both empty) every
/// applicable site.
struct Selection {
  std::vector<unsigned> Ids;
  std::vector<SiteDescriptor> Descriptors;
  /// Apply the selected sites even where a precondition fails (skill probes:
  /// what the gate says when it is ignored). Never set by the rewrite tool.
  bool Force = false;
};

/// The outcome of Session::apply, per site.
struct SessionResult {
  /// Applied: at least one site kept; NotApplicable: every selected site was
  /// refused; NoMatch: nothing selected; FailedAfterChange: edits were made
  /// but none verified.
  ApplyResult::Kind Outcome = ApplyResult::NoMatch;
  /// The verified result (Applied only): the main file's text (changed or
  /// not), and the new text of every changed header by absolute path
  /// (TextEdit::File).
  std::string Text;
  std::map<std::string, std::string> Headers;
  std::vector<const Site *> Applied, Refused;
  struct Failure {
    const Site *S = nullptr; ///< null: the whole run (edits inconsistent)
    std::string Reason;
  };
  /// Sites (or the run) that failed after change; with Outcome == Applied
  /// the others were kept.
  std::vector<Failure> Failed;
};

/// Writes every file of \p Files, all or none: each goes to a temporary file
/// next to its target first, and only when all are written are they renamed
/// over their targets; on failure the temporaries are removed and every
/// target is as it was. (Session::write adds the check that no input of its
/// parse is overwritten; walk records, reports and skill cards use this.)
struct FileToWrite {
  std::string Path, Text;
};
llvm::Error writeFilesAtomically(llvm::ArrayRef<FileToWrite> Files);

/// The Session options of a command-line tool or server that parses
/// kernels: the CUDA install and clang's resource directory resolved (empty
/// arguments: the defaults of findCudaPath/findResourceDir), the --assume
/// facts parsed, main file only.
llvm::Expected<SessionOptions> commandSessionOptions(const char *Argv0, const std::string &CudaPath,
                                                     const std::string &ResourceDir, const std::string &Arch,
                                                     const std::vector<std::string> &AssumeFacts);

class Session {
public:
  /// Unless the caller set Opts.Frontend.HostContextOf, errors confined to
  /// host code are judged by nvcc's rule (cuda::hostContextOf), so every
  /// Session user (tool, lineage walker, optimizer) parses alike.
  Session(const clang::tooling::CompilationDatabase &DB, SessionOptions Opts);

  /// Parses \p Path (or \p Content as its text). Clang's diagnostics go to
  /// stderr. Drops sites found in an earlier file.
  llvm::Error open(llvm::StringRef Path, std::optional<llvm::StringRef> Content = std::nullopt);
  /// After open failed: the first error ("FILE:LINE:COL: message"), or empty.
  llvm::StringRef firstError() const { return FirstError; }
  llvm::StringRef path() const { return File->Path; }
  /// The main file's absolute path, as TextEdit::File names it.
  llvm::StringRef mainFile() const { return MainPath; }
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

  /// One file to write: where, and what.
  using Output = FileToWrite;
  /// writeFilesAtomically, refusing to overwrite a file of the parse (the
  /// main file, a header) unless \p InPlace.
  llvm::Error write(llvm::ArrayRef<Output> Files, bool InPlace = false) const;
  llvm::Error write(llvm::StringRef Path, llvm::StringRef Text, bool InPlace = false) const {
    return write(Output{Path.str(), Text.str()}, InPlace);
  }

private:
  /// The original text of an edited file (TextEdit::File) in this parse.
  std::optional<llvm::StringRef> originalText(llvm::StringRef Path) const;
  /// Re-parses the opened file with \p Texts (changed files by path) in
  /// place of their originals; on failure, the first error.
  std::optional<std::string> verify(const std::map<std::string, std::string> &Texts) const;

  const clang::tooling::CompilationDatabase &DB;
  SessionOptions Opts;
  std::unique_ptr<ParsedFile> File;
  std::string Original, MainPath, FirstError;
  std::map<std::pair<const RewritePair *, Direction>, std::vector<Site>> Found;
};

} // namespace klineage

#endif
