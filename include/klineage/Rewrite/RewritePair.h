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

#include "klineage/Edit/TextEdit.h"
#include "klineage/Rewrite/Assumptions.h"
#include "clang/AST/ASTTypeTraits.h"
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

/// One piece of evidence for a verdict: a source location, the part it
/// plays ("write", "launch", "declaration", "instantiation", "macro", ...)
/// and what it shows. Printed as a clang note with the line and a caret.
struct EvidenceNote {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Role;
  std::string Text;
  std::string SourceLine; ///< the line's text, for the caret display
};
/// Evidence at \p Loc (its file position: a macro argument's spelling, else
/// the macro's use).
EvidenceNote evidenceAt(const clang::ASTContext &Ctx, clang::SourceLocation Loc,
                        llvm::StringRef Role, llvm::StringRef Text);

/// The evaluated result of one precondition at one site.
struct PreconditionResult {
  std::string Name;
  Status St = Status::Unknown;
  std::string Reason; ///< why it holds / fails / is unknown; human-readable.
  /// For Unknown: the --assume fact that would settle it (e.g. "aligned:x:16").
  std::string Assumable;
  /// Locations that support the verdict, most important first.
  std::vector<EvidenceNote> Evidence;
};

class AnalysisContext;

/// What a pair's analysis made of a site when one AST node does not say it
/// all (a group of accesses, the form of a replacement): the pair derives its
/// own type from it, and only the pair's precondition functions read it.
struct SiteSubject {
  virtual ~SiteSubject();
};

/// What a precondition function is asked: the analysis context, the
/// function the site is in, the AST node the precondition is about, and the
/// pair's subject of the site (may be null).
struct PreconditionQuery {
  const AnalysisContext &AC;
  const clang::FunctionDecl *Function = nullptr;
  clang::DynTypedNode Node;
  const SiteSubject *Subject = nullptr;
};
/// A precondition as a function: returns holds/fails/unknown and fills the
/// reason, the --assume fact and the evidence of \p R. Side-effect free.
using PreconditionFn = Status (*)(const PreconditionQuery &Q, PreconditionResult &R);

/// Static description of one named precondition (for --list, docs, JSON).
struct PreconditionSpec {
  const char *Name;        ///< kebab-case, stable: tests and skills cite it.
  Direction Dir;           ///< the direction it guards.
  unsigned DiagId;         ///< stable number: "cannot apply" diagnostics say KL<DiagId>.
  const char *Description; ///< one line: what must be true.
  /// The function that decides it (Site::check); null while the pair still
  /// decides it inline and records it with Site::addPrecondition.
  PreconditionFn Check = nullptr;
};

/// A typed rewrite option (--option KEY=VALUE): drivers validate values
/// against it and --list --format=json publishes it for search.
struct OptionSpec {
  enum Kind { Int, Bool, Enum, String };
  const char *Name;        ///< kebab-case, stable.
  Kind Type;
  const char *Default;     ///< as it would be written on the command line
  const char *Description; ///< one line
  int64_t Min = 0, Max = 0; ///< Int: the inclusive range
  /// Enum: the values; Int: symbolic values accepted besides the range
  /// ("full").
  std::vector<std::string> Allowed = {};
  /// A precondition that reports a bad value at each site instead of the
  /// driver rejecting it (the value is then part of the site's verdict).
  const char *CheckedBy = nullptr;
};
llvm::StringRef optionTypeName(OptionSpec::Kind K);
/// Checks \p Value against \p O; the error says what is allowed.
llvm::Error validateOptionValue(const OptionSpec &O, llvm::StringRef Value);

/// One place where a rewrite's pattern matched, with its canApply verdict.
struct Site {
  std::string Rewrite;
  Direction Dir = Direction::Forward;
  unsigned Offset = 0;       ///< the anchor's offset in its file (File).
  /// The anchor's exact source location (raw encoding). Template
  /// instantiations of one statement share it; two statements expanded from
  /// one macro use share Offset but not this, so they are not merged.
  unsigned AnchorLoc = 0;
  unsigned Line = 0, Column = 0;
  /// The file the anchor is written in (the main file or a user header), as
  /// the compiler names it; what diagnostics print.
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
  PreconditionResult &addPrecondition(llvm::StringRef Name, Status St, llvm::StringRef Reason,
                                      llvm::StringRef Assumable = "");
  /// Evaluates \p Spec's function for \p Q and records the result.
  Status check(const PreconditionSpec &Spec, const PreconditionQuery &Q);
  /// For a site found in a template instantiation: where it was instantiated
  /// (evidence when instantiations disagree).
  std::optional<EvidenceNote> Instantiation;
  /// The function the site was found in. Valid only while the engine merges
  /// the sites of one parse (it checks that every instantiation of a
  /// template has the site); cleared before findSites returns.
  const clang::FunctionDecl *FoundIn = nullptr;
  /// What kind of site this is, chosen by the pair when it adds the site
  /// (addSite): a kebab-case noun that does not depend on the verdict or
  /// the summary's wording ("load-group", "loop", "pointer-param"), listed
  /// in the pair's docs page. Part of the site descriptor.
  std::string Kind;
  /// The rest of the stable identity across unrelated edits (Session.h,
  /// SiteDescriptor): the header the site is in (its path from the main
  /// file's directory; empty in the main file), the anchor line's text from
  /// the anchor on, and the ordinal among sites of the same file and
  /// function with the same kind and anchor text. Set by the engine.
  std::string Header, AnchorText;
  unsigned Ordinal = 1;
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

  /// Starts a site of kind \p Kind (Site::Kind) anchored at \p Loc inside
  /// \p Fn (may be null). Sites whose anchor is not in the user's code (the
  /// main file, a user header) are dropped by the engine, and so are those
  /// in headers the run's SiteScope leaves out.
  Site &addSite(llvm::StringRef Rewrite, Direction Dir, clang::SourceLocation Loc,
                const clang::FunctionDecl *Fn, llvm::StringRef Kind);
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
  /// The options the pair reads (AnalysisContext::option), with types,
  /// defaults and ranges.
  virtual llvm::ArrayRef<OptionSpec> options() const { return {}; }
  /// canApply for every match of direction \p D in the user's code (the
  /// traversal scope: main file and user headers): adds one Site per match
  /// to \p Ctx. Must not modify the AST or any file.
  virtual void findSites(Direction D, AnalysisContext &Ctx) const = 0;

  const PreconditionSpec *findPrecondition(llvm::StringRef Name) const;
  const OptionSpec *findOption(llvm::StringRef Name) const;
};

} // namespace klineage

#endif
