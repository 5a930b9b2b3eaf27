//===- RewritePair.cpp ----------------------------------------------------===//
#include "klineage/Rewrite/RewritePair.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

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

void Site::addPrecondition(StringRef Name, Status St, StringRef Reason, StringRef Assumable) {
  Preconditions.push_back({Name.str(), St, Reason.str(), Assumable.str()});
}

std::optional<std::string> AnalysisContext::option(StringRef Key) const {
  auto It = Options.find(Key.str());
  if (It == Options.end())
    return std::nullopt;
  return It->second;
}

Site &AnalysisContext::addSite(StringRef Rewrite, Direction Dir, SourceLocation Loc,
                               const FunctionDecl *Fn) {
  const SourceManager &SM = Ctx.getSourceManager();
  Site S;
  S.Rewrite = Rewrite.str();
  S.Dir = Dir;
  // Sites are identified by where their text is: for code in a macro
  // argument that is the spelling, otherwise the expansion point.
  SourceLocation FileLoc = SM.getFileLoc(Loc);
  S.Offset = SM.getFileOffset(FileLoc);
  S.Line = SM.getPresumedLineNumber(FileLoc);
  S.Column = SM.getPresumedColumnNumber(FileLoc);
  S.File = SM.getFilename(FileLoc).str();
  S.AnchorLoc = Loc.getRawEncoding();
  if (!SM.isInMainFile(FileLoc))
    S.File.clear(); // dropped by the engine
  if (Fn) {
    S.Function = Fn->getQualifiedNameAsString();
    S.Dependent = Fn->isDependentContext();
  }
  Sites.push_back(std::move(S));
  return Sites.back();
}

RewritePair::~RewritePair() = default;

const PreconditionSpec *RewritePair::findPrecondition(StringRef Name) const {
  for (const PreconditionSpec &P : preconditions())
    if (Name == P.Name)
      return &P;
  return nullptr;
}

} // namespace klineage
