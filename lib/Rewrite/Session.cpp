//===- Session.cpp --------------------------------------------------------===//
#include "klineage/Rewrite/Session.h"
#include "klineage/Cuda/DeviceCode.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

using namespace llvm;

namespace klineage {

Session::Session(const clang::tooling::CompilationDatabase &DB, SessionOptions O)
    : DB(DB), Opts(std::move(O)) {
  if (!Opts.Frontend.HostContextOf)
    Opts.Frontend.HostContextOf = [](const clang::FunctionDecl *FD) -> const clang::FunctionDecl * {
      return cuda::isDeviceCode(FD) ? nullptr : cuda::hostContextOf(FD);
    };
}

//===----------------------------------------------------------------------===//
// SiteDescriptor
//===----------------------------------------------------------------------===//

SiteDescriptor SiteDescriptor::of(const Site &S) {
  return {S.Rewrite, S.Dir, S.Function, S.Kind, S.AnchorText, S.Ordinal};
}

static std::string escapeField(StringRef F) {
  std::string Out;
  for (char C : F) {
    if (C == '|' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out;
}

std::string SiteDescriptor::str() const {
  return escapeField(Rewrite) + "|" + directionName(Dir).str() + "|" + escapeField(Function) + "|" +
         escapeField(Kind) + "|" + std::to_string(Ordinal) + "|" + escapeField(AnchorText);
}

std::optional<SiteDescriptor> SiteDescriptor::parse(StringRef Text) {
  std::vector<std::string> Fields(1);
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] == '\\' && I + 1 < Text.size())
      Fields.back() += Text[++I];
    else if (Text[I] == '|')
      Fields.emplace_back();
    else
      Fields.back() += Text[I];
  }
  if (Fields.size() != 6)
    return std::nullopt;
  SiteDescriptor D;
  auto Dir = parseDirection(Fields[1]);
  if (!Dir || StringRef(Fields[4]).getAsInteger(10, D.Ordinal) || D.Ordinal == 0)
    return std::nullopt;
  D.Rewrite = Fields[0];
  D.Dir = *Dir;
  D.Function = Fields[2];
  D.Kind = Fields[3];
  D.AnchorText = Fields[5];
  return D;
}

bool SiteDescriptor::operator==(const SiteDescriptor &O) const {
  return Rewrite == O.Rewrite && Dir == O.Dir && Function == O.Function && Kind == O.Kind &&
         AnchorText == O.AnchorText && Ordinal == O.Ordinal;
}

bool SiteDescriptor::matches(const Site &S) const { return *this == of(S); }

//===----------------------------------------------------------------------===//
// Session
//===----------------------------------------------------------------------===//

Error Session::open(StringRef Path, std::optional<StringRef> Content) {
  Found.clear();
  auto Parsed = parseCudaFile(DB, Path, Opts.Frontend, Content);
  if (!Parsed)
    return Parsed.takeError();
  File = std::move(*Parsed);
  Original = File->text().str();
  return Error::success();
}

std::vector<Site> &Session::sites(const RewritePair &R, Direction D) {
  auto Key = std::make_pair(&R, D);
  auto It = Found.find(Key);
  if (It == Found.end())
    It = Found.emplace(Key, findSites(R, D, File->ast(), Opts.Assume, Opts.Options)).first;
  return It->second;
}

Expected<std::vector<unsigned>> Session::resolve(const RewritePair &R, Direction D,
                                                 const Selection &Sel) {
  std::vector<Site> &All = sites(R, D);
  std::vector<unsigned> Ids;
  for (unsigned Id : Sel.Ids) {
    if (Id == 0 || Id > All.size())
      return createStringError(inconvertibleErrorCode(),
                               "no site " + std::to_string(Id) + " for '" + R.name().str() + "' (" +
                                   directionName(D).str() + "); the file has " +
                                   std::to_string(All.size()));
    Ids.push_back(Id);
  }
  for (const SiteDescriptor &Want : Sel.Descriptors) {
    auto It = std::find_if(All.begin(), All.end(), [&](const Site &S) { return Want.matches(S); });
    if (It == All.end())
      return createStringError(inconvertibleErrorCode(),
                               "no site matches descriptor '" + Want.str() + "'");
    Ids.push_back(It->Id);
  }
  return Ids;
}

std::optional<std::string> Session::verify(StringRef Text) const {
  if (!Opts.Verify)
    return std::nullopt;
  std::string First;
  auto Check = parseCudaFile(DB, File->Path, Opts.Frontend, Text, /*PrintDiagnostics=*/false, &First);
  if (Check)
    return std::nullopt;
  consumeError(Check.takeError());
  return First.empty() ? std::string("the rewritten file does not parse") : First;
}

Expected<SessionResult> Session::apply(const RewritePair &R, Direction D, const Selection &Sel) {
  auto Ids = resolve(R, D, Sel);
  if (!Ids)
    return Ids.takeError();
  std::vector<Site> &All = sites(R, D);
  SessionResult Out;
  ApplyResult First = applySites(Original, All, *Ids, Opts.Assume.all());
  Out.Outcome = First.Outcome;
  Out.Refused = First.RefusedSites;
  if (First.Outcome == ApplyResult::NoMatch || First.Outcome == ApplyResult::NotApplicable)
    return Out;
  if (First.Outcome == ApplyResult::Applied) {
    std::optional<std::string> Broken = verify(First.Text);
    if (!Broken) {
      Out.Text = std::move(First.Text);
      Out.Applied = First.AppliedSites;
      return Out;
    }
    if (First.AppliedSites.size() == 1) {
      Out.Outcome = ApplyResult::FailedAfterChange;
      Out.Failed.push_back({First.AppliedSites.front(), *Broken});
      return Out;
    }
  }
  // Per-site isolation: add the sites one at a time, each verified on top of
  // the ones kept so far. Trial runs work on copies, so the refusals the
  // engine records ("no-conflicting-edits") are not recorded twice.
  std::vector<unsigned> Kept;
  std::string KeptText;
  for (const Site *S : First.AppliedSites) {
    std::vector<unsigned> Trial = Kept;
    Trial.push_back(S->Id);
    std::vector<Site> Copy = All;
    ApplyResult Try = applySites(Original, Copy, Trial, Opts.Assume.all());
    std::optional<std::string> Broken;
    if (Try.Outcome != ApplyResult::Applied)
      Broken = Try.Failure.empty() ? std::string("its edits could not be applied") : Try.Failure;
    else
      Broken = verify(Try.Text);
    if (Broken) {
      Out.Failed.push_back({S, *Broken});
      continue;
    }
    Kept = std::move(Trial);
    KeptText = std::move(Try.Text);
  }
  for (unsigned Id : Kept)
    Out.Applied.push_back(&All[Id - 1]);
  Out.Outcome = Kept.empty() ? ApplyResult::FailedAfterChange : ApplyResult::Applied;
  Out.Text = std::move(KeptText);
  if (Kept.empty() && Out.Failed.empty())
    Out.Failed.push_back({nullptr, First.Failure});
  return Out;
}

Error Session::write(StringRef Path, StringRef Text, bool InPlace) const {
  if (!InPlace && File && sys::fs::equivalent(Path, File->Path))
    return createStringError(inconvertibleErrorCode(),
                             "refusing to overwrite the input '" + Path + "' (ask for in place)");
  // writeToOutput writes a temporary file next to Path and renames it.
  return writeToOutput(Path, [&](raw_ostream &OS) {
    OS << Text;
    return Error::success();
  });
}

} // namespace klineage
