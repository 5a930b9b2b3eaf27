//===- RewritePair.cpp ----------------------------------------------------===//
#include "klineage/Rewrite/RewritePair.h"
#include "clang/AST/Decl.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Frontend/CudaFrontend.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace clang;

namespace klineage {

StringRef directionName(Direction D) { return D == Direction::Forward ? "forward" : "reverse"; }

std::optional<Direction> parseDirection(StringRef S) {
  if (S == "forward")
    return Direction::Forward;
  if (S == "reverse")
    return Direction::Reverse;
  return std::nullopt;
}

StringRef statusName(Status S) {
  switch (S) {
  case Status::Holds: return "holds";
  case Status::Fails: return "fails";
  case Status::Unknown: return "unknown";
  }
  return "unknown";
}

Status worse(Status A, Status B) {
  if (A == Status::Fails || B == Status::Fails)
    return Status::Fails;
  if (A == Status::Unknown || B == Status::Unknown)
    return Status::Unknown;
  return Status::Holds;
}

Status Site::verdict() const {
  Status S = Status::Holds;
  for (const PreconditionResult &P : Preconditions)
    S = worse(S, P.St);
  return S;
}

const PreconditionResult *Site::blocker(bool AllowUnknown) const {
  for (const PreconditionResult &P : Preconditions)
    if (P.St == Status::Fails)
      return &P;
  if (!AllowUnknown)
    for (const PreconditionResult &P : Preconditions)
      if (P.St == Status::Unknown)
        return &P;
  return nullptr;
}

bool Site::applicable(bool AllowUnknown) const {
  return !blocker(AllowUnknown) && !Edits.empty();
}

PreconditionResult &Site::addPrecondition(StringRef Name, Status St, StringRef Reason,
                                          StringRef Assumable) {
  Preconditions.push_back({Name.str(), St, Reason.str(), Assumable.str(), {}});
  return Preconditions.back();
}

Status Site::check(const PreconditionSpec &Spec, const PreconditionQuery &Q) {
  PreconditionResult R;
  R.Name = Spec.Name;
  R.St = Spec.Check(Q, R);
  Preconditions.push_back(std::move(R));
  return Preconditions.back().St;
}

EvidenceNote evidenceAt(const ASTContext &Ctx, SourceLocation Loc, StringRef Role, StringRef Text) {
  const SourceManager &SM = Ctx.getSourceManager();
  EvidenceNote N;
  N.Role = Role.str();
  N.Text = Text.str();
  SourceLocation FileLoc = SM.getFileLoc(Loc);
  if (FileLoc.isInvalid())
    return N;
  PresumedLoc P = SM.getPresumedLoc(FileLoc);
  if (P.isInvalid())
    return N;
  N.File = P.getFilename();
  N.Line = P.getLine();
  N.Column = P.getColumn();
  unsigned Start = 0, End = 0;
  N.SourceLine = lineContaining(SM, FileLoc, Start, End).str();
  return N;
}

StringRef optionTypeName(OptionSpec::Kind K) {
  switch (K) {
  case OptionSpec::Int: return "int";
  case OptionSpec::Bool: return "bool";
  case OptionSpec::Enum: return "enum";
  case OptionSpec::String: return "string";
  }
  return "string";
}

Error validateOptionValue(const OptionSpec &O, StringRef Value) {
  auto Bad = [&](const Twine &Expected) {
    return createStringError(inconvertibleErrorCode(), "option '" + Twine(O.Name) + "' must be " +
                                                           Expected + ", not '" + Value + "'");
  };
  auto Listed = [&] {
    std::string L;
    for (const std::string &A : O.Allowed)
      L += (L.empty() ? "'" : ", '") + A + "'";
    return L;
  };
  bool IsAllowed = llvm::is_contained(O.Allowed, Value.str());
  switch (O.Type) {
  case OptionSpec::Int: {
    int64_t V = 0;
    if (IsAllowed || (!Value.getAsInteger(10, V) && V >= O.Min && V <= O.Max))
      return Error::success();
    std::string Range = "an integer from " + std::to_string(O.Min) + " to " + std::to_string(O.Max);
    return Bad(O.Allowed.empty() ? Range : Listed() + " or " + Range);
  }
  case OptionSpec::Bool:
    if (Value == "true" || Value == "false")
      return Error::success();
    return Bad("'true' or 'false'");
  case OptionSpec::Enum:
    if (IsAllowed)
      return Error::success();
    return Bad("one of " + Listed());
  case OptionSpec::String:
    return Error::success();
  }
  return Error::success();
}

std::optional<std::string> AnalysisContext::option(StringRef Key) const {
  auto It = Options.find(Key.str());
  if (It == Options.end())
    return std::nullopt;
  return It->second;
}

Site &AnalysisContext::addSite(StringRef Rewrite, Direction Dir, SourceLocation Loc,
                               const FunctionDecl *Fn, StringRef Kind) {
  assert(!Kind.empty() && Kind.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") ==
                              StringRef::npos &&
         "a site kind is a kebab-case noun");
  const SourceManager &SM = Ctx.getSourceManager();
  Site S;
  S.Rewrite = Rewrite.str();
  S.Dir = Dir;
  S.Kind = Kind.str();
  // Sites are identified by where their text is: for code in a macro
  // argument that is the spelling, otherwise the expansion point.
  SourceLocation FileLoc = SM.getFileLoc(Loc);
  S.Offset = SM.getFileOffset(FileLoc);
  S.Line = SM.getPresumedLineNumber(FileLoc);
  S.Column = SM.getPresumedColumnNumber(FileLoc);
  S.File = SM.getFilename(FileLoc).str();
  S.AnchorLoc = Loc.getRawEncoding();
  if (!isUserCode(sourceOrigin(SM, FileLoc)))
    S.File.clear(); // dropped by the engine
  if (Fn) {
    S.FoundIn = Fn;
    S.Function = Fn->getQualifiedNameAsString();
    S.Dependent = Fn->isDependentContext();
    if (Fn->isTemplateInstantiation()) {
      std::string Name;
      raw_string_ostream OS(Name);
      Fn->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
      S.Instantiation = evidenceAt(Ctx, Fn->getPointOfInstantiation(), "instantiation",
                                   "'" + Name + "' is instantiated here");
    }
  }
  Sites.push_back(std::move(S));
  return Sites.back();
}

SiteSubject::~SiteSubject() = default;

RewritePair::~RewritePair() = default;

const PreconditionSpec *RewritePair::findPrecondition(StringRef Name) const {
  for (const PreconditionSpec &P : preconditions())
    if (Name == P.Name)
      return &P;
  return nullptr;
}

const OptionSpec *RewritePair::findOption(StringRef Name) const {
  for (const OptionSpec &O : options())
    if (Name == O.Name)
      return &O;
  return nullptr;
}

} // namespace klineage
