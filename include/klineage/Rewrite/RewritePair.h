//===- RewritePair.h - A forward/reverse rewrite with preconditions -------===//
//
// Part of KLineage. A rewrite pair is one optimization seen from both sides:
// *forward* (naive -> optimized) and *reverse* (optimized -> simpler). Each
// direction is a set of AST matchers built from the pair's shared bound-node
// ids, an analysis that turns each match into a Site (canApply: named
// preconditions, each holds/fails/unknown with a reason, plus the proposed
// text edits), and nothing else: applying a Site's edits is the engine's job
// (Engine.h), so analysis is side-effect free by construction.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITE_REWRITEPAIR_H
#define KLINEAGE_REWRITE_REWRITEPAIR_H

#include "klineage/Rewrite/Assumptions.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class Decl;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace klineage {

enum class Direction { Forward, Reverse };
llvm::StringRef directionName(Direction D);
std::optional<Direction> parseDirection(llvm::StringRef S);

/// Three-valued answer of a precondition.
enum class Status { Holds, Fails, Unknown };
llvm::StringRef statusName(Status S);
/// The worse of two statuses: Fails > Unknown > Holds.
Status worse(Status A, Status B);

/// Static description of one named precondition (for --list, docs, JSON).
struct PreconditionSpec {
  const char *Name;        ///< kebab-case, stable: tests and skills cite it.
  Direction Dir;           ///< the direction it guards.
  unsigned DiagId;         ///< stable number: "cannot apply" diagnostics say KL<DiagId>.
  const char *Description; ///< one line: what must be true.
};

/// The evaluated result of one precondition at one site.
struct PreconditionResult {
  std::string Name;
  Status St = Status::Unknown;
  std::string Reason; ///< why it holds / fails / is unknown; human-readable.
  /// For Unknown: the --assume fact that would settle it (e.g. "aligned:x:16").
  std::string Assumable;
};

/// A textual edit in the main file, by byte offset.
struct TextEdit {
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;
  bool operator==(const TextEdit &O) const {
    return Offset == O.Offset && Length == O.Length && Text == O.Text;
  }
  bool operator<(const TextEdit &O) const {
    return Offset != O.Offset ? Offset < O.Offset : Length < O.Length;
  }
};

/// One place where a rewrite's pattern matched, with its canApply verdict.
struct Site {
  std::string Rewrite;
  Direction Dir = Direction::Forward;
  unsigned Offset = 0;       ///< anchor in the main file (identity of the site).
  /// The anchor's exact source location (raw encoding). Template
  /// instantiations of one statement share it; two statements expanded from
  /// one macro use share Offset but not this, so they are not merged.
  unsigned AnchorLoc = 0;
  unsigned Line = 0, Column = 0;
  std::string File;
  std::string Function;      ///< enclosing function (qualified name).
  std::string Summary;       ///< what applying it does, one line.
  std::vector<PreconditionResult> Preconditions;
  std::vector<TextEdit> Edits;
  /// True when found in a dependent (uninstantiated) template body; the
  /// engine prefers the instantiations' verdicts over it.
  bool Dependent = false;
  /// Extra facts a rewrite wants to export (e.g. "width": "4"). Stable keys.
  std::map<std::string, std::string> Facts;
  unsigned Id = 0; ///< 1-based ordinal within (rewrite, direction); set by the engine.

  Status verdict() const;
  /// Applicable: every precondition holds, or is unknown and AllowUnknown.
  bool applicable(bool AllowUnknown) const;
  /// The first precondition that blocks application, or null.
  const PreconditionResult *blocker(bool AllowUnknown) const;
  void addPrecondition(llvm::StringRef Name, Status St, llvm::StringRef Reason,
                       llvm::StringRef Assumable = "");
};

/// Options a driver passes to rewrites; a rewrite reads the keys it knows
/// ("unroll-factor", "vector-width", ...) and ignores the rest.
using RewriteOptions = std::map<std::string, std::string>;

/// What a rewrite's analysis sees: the AST, the assumptions, the options, and
/// a sink for the sites it finds.
class AnalysisContext {
public:
  AnalysisContext(clang::ASTContext &Ctx, const Assumptions &Assume,
                  const RewriteOptions &Options)
      : Ctx(Ctx), Assume(Assume), Options(Options) {}
  clang::ASTContext &ast() const { return Ctx; }
  const Assumptions &assumptions() const { return Assume; }
  std::optional<std::string> option(llvm::StringRef Key) const;

  /// Starts a site anchored at \p Loc inside \p Fn (may be null). Sites whose
  /// anchor is not in the main file are dropped by the engine.
  Site &addSite(llvm::StringRef Rewrite, Direction Dir, clang::SourceLocation Loc,
                const clang::FunctionDecl *Fn);
  std::vector<Site> takeSites() { return std::move(Sites); }

private:
  clang::ASTContext &Ctx;
  const Assumptions &Assume;
  const RewriteOptions &Options;
  std::vector<Site> Sites;
};

/// A forward/reverse rewrite pair. Subclasses live under rewrites/ and are
/// registered in one table (rewrites/RewriteRegistry.cpp).
class RewritePair {
public:
  virtual ~RewritePair();
  virtual llvm::StringRef name() const = 0;
  /// One line: what the forward direction does and why it pays.
  virtual llvm::StringRef intent() const = 0;
  virtual llvm::ArrayRef<PreconditionSpec> preconditions() const = 0;
  /// canApply for every match of direction \p D in the main file: adds one
  /// Site per match to \p Ctx. Must not modify the AST or any file.
  virtual void findSites(Direction D, AnalysisContext &Ctx) const = 0;

  const PreconditionSpec *findPrecondition(llvm::StringRef Name) const;
};

} // namespace klineage

#endif
