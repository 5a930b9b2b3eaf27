//===- Session.cpp --------------------------------------------------------===//
#include "klineage/Rewrite/Session.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Edit/SourceCode.h"
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
  return {S.Rewrite, S.Dir, S.Function, S.Kind, S.AnchorText, S.Ordinal, S.Header};
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
  std::string Out = escapeField(Rewrite) + "|" + directionName(Dir).str() + "|" +
                    escapeField(Function) + "|" + escapeField(Kind) + "|" +
                    std::to_string(Ordinal) + "|" + escapeField(AnchorText);
  // A main-file site keeps the six fields descriptors had before headers.
  if (!Header.empty())
    Out += "|" + escapeField(Header);
  return Out;
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
  if (Fields.size() != 6 && Fields.size() != 7)
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
  if (Fields.size() == 7) {
    if (Fields[6].empty())
      return std::nullopt;
    D.Header = Fields[6];
  }
  return D;
}

bool SiteDescriptor::operator==(const SiteDescriptor &O) const {
  return Rewrite == O.Rewrite && Dir == O.Dir && Function == O.Function && Kind == O.Kind &&
         AnchorText == O.AnchorText && Ordinal == O.Ordinal && Header == O.Header;
}

bool SiteDescriptor::matches(const Site &S) const { return *this == of(S); }

//===----------------------------------------------------------------------===//
// Session
//===----------------------------------------------------------------------===//

Error Session::open(StringRef Path, std::optional<StringRef> Content) {
  Found.clear();
  FirstError.clear();
  auto Parsed = parseCudaFile(DB, Path, Opts.Frontend, Content, /*PrintDiagnostics=*/true, &FirstError);
  if (!Parsed)
    return Parsed.takeError();
  File = std::move(*Parsed);
  Original = File->text().str();
  clang::SourceManager &SM = File->sources();
  MainPath = editFilePath(SM, SM.getLocForStartOfFile(SM.getMainFileID()));
  return Error::success();
}

std::vector<Site> &Session::sites(const RewritePair &R, Direction D) {
  auto Key = std::make_pair(&R, D);
  auto It = Found.find(Key);
  if (It == Found.end())
    It = Found.emplace(Key, findSites(R, D, File->ast(), Opts.Assume, Opts.Options, Opts.Scope)).first;
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

std::optional<StringRef> Session::originalText(StringRef Path) const {
  if (Path == MainPath)
    return StringRef(Original);
  clang::SourceManager &SM = File->sources();
  auto Entry = SM.getFileManager().getOptionalFileRef(Path);
  if (!Entry)
    return std::nullopt;
  clang::FileID FID = SM.translateFile(*Entry);
  if (FID.isInvalid())
    return std::nullopt;
  return SM.getBufferData(FID);
}

std::optional<std::string> Session::verify(const std::map<std::string, std::string> &Texts) const {
  if (!Opts.Verify)
    return std::nullopt;
  std::string First;
  // The main file's text goes as the parse's content, the others by path.
  std::map<std::string, std::string> Headers = Texts;
  std::optional<StringRef> Main;
  if (auto It = Texts.find(MainPath); It != Texts.end()) {
    Main = StringRef(It->second);
    Headers.erase(MainPath);
  }
  auto Check = parseCudaFile(DB, File->Path, Opts.Frontend, Main, /*PrintDiagnostics=*/false,
                             &First, &Headers);
  if (Check)
    return std::nullopt;
  consumeError(Check.takeError());
  return First.empty() ? std::string("the rewritten file does not parse") : First;
}

/// The outcome's texts: the main file's (its original when only headers
/// changed) and the changed headers'.
static void takeTexts(std::map<std::string, std::string> Texts, StringRef MainPath,
                      StringRef Original, SessionResult &Out) {
  auto Main = Texts.find(MainPath.str());
  Out.Text = Main == Texts.end() ? Original.str() : std::move(Main->second);
  if (Main != Texts.end())
    Texts.erase(Main);
  Out.Headers = std::move(Texts);
}

Expected<SessionResult> Session::apply(const RewritePair &R, Direction D, const Selection &Sel) {
  auto Ids = resolve(R, D, Sel);
  if (!Ids)
    return Ids.takeError();
  std::vector<Site> &All = sites(R, D);
  auto OriginalOf = [this](StringRef Path) { return originalText(Path); };
  SessionResult Out;
  ApplyResult First = applySites(OriginalOf, All, *Ids, Opts.Assume.all(), Sel.Force);
  Out.Outcome = First.Outcome;
  Out.Refused = First.RefusedSites;
  if (First.Outcome == ApplyResult::NoMatch || First.Outcome == ApplyResult::NotApplicable)
    return Out;
  if (First.Outcome == ApplyResult::Applied) {
    std::optional<std::string> Broken = verify(First.Texts);
    if (!Broken) {
      takeTexts(std::move(First.Texts), MainPath, Original, Out);
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
  std::map<std::string, std::string> KeptTexts;
  for (const Site *S : First.AppliedSites) {
    std::vector<unsigned> Trial = Kept;
    Trial.push_back(S->Id);
    std::vector<Site> Copy = All;
    ApplyResult Try = applySites(OriginalOf, Copy, Trial, Opts.Assume.all(), Sel.Force);
    std::optional<std::string> Broken;
    if (Try.Outcome != ApplyResult::Applied)
      Broken = Try.Failure.empty() ? std::string("its edits could not be applied") : Try.Failure;
    else
      Broken = verify(Try.Texts);
    if (Broken) {
      Out.Failed.push_back({S, *Broken});
      continue;
    }
    Kept = std::move(Trial);
    KeptTexts = std::move(Try.Texts);
  }
  for (unsigned Id : Kept)
    Out.Applied.push_back(&All[Id - 1]);
  Out.Outcome = Kept.empty() ? ApplyResult::FailedAfterChange : ApplyResult::Applied;
  if (!Kept.empty())
    takeTexts(std::move(KeptTexts), MainPath, Original, Out);
  if (Kept.empty() && Out.Failed.empty())
    Out.Failed.push_back({nullptr, First.Failure});
  return Out;
}

Error Session::write(ArrayRef<Output> Files, bool InPlace) const {
  auto Fail = [](const Twine &Msg) { return createStringError(inconvertibleErrorCode(), Msg); };
  // A target that is one of the parse's files (the main file or any header
  // it includes) is an input.
  auto IsInput = [&](StringRef Path) {
    if (!File)
      return false;
    if (sys::fs::equivalent(Path, File->Path))
      return true;
    clang::SourceManager &SM = File->sources();
    auto Entry = SM.getFileManager().getOptionalFileRef(Path, /*OpenFile=*/false,
                                                        /*CacheFailure=*/false);
    return Entry && SM.translateFile(*Entry).isValid();
  };
  if (!InPlace)
    for (const Output &O : Files)
      if (sys::fs::exists(O.Path) && IsInput(O.Path))
        return Fail("refusing to overwrite the input '" + O.Path + "' (ask for in place)");
  return writeFilesAtomically(Files);
}

Error writeFilesAtomically(ArrayRef<FileToWrite> Files) {
  auto Fail = [](const Twine &Msg) { return createStringError(inconvertibleErrorCode(), Msg); };
  // Every file goes to a temporary next to its target; nothing is renamed
  // until all are written, so a failure leaves every target as it was.
  std::vector<std::string> Temps;
  auto RemoveTemps = [&] {
    for (const std::string &T : Temps)
      sys::fs::remove(T);
  };
  for (const FileToWrite &O : Files) {
    int FD = -1;
    SmallString<256> Temp;
    if (std::error_code EC = sys::fs::createUniqueFile(O.Path + "-%%%%%%.tmp", FD, Temp)) {
      RemoveTemps();
      return Fail("cannot create a temporary file next to '" + O.Path + "': " + EC.message());
    }
    Temps.push_back(std::string(Temp));
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << O.Text;
    OS.close();
    if (OS.has_error()) {
      std::string Msg = OS.error().message();
      OS.clear_error();
      RemoveTemps();
      return Fail("cannot write '" + O.Path + "': " + Msg);
    }
  }
  for (size_t I = 0; I < Files.size(); ++I)
    if (std::error_code EC = sys::fs::rename(Temps[I], Files[I].Path)) {
      for (size_t J = I; J < Temps.size(); ++J)
        sys::fs::remove(Temps[J]);
      return Fail("cannot write '" + Files[I].Path + "': " + EC.message() +
                  (I ? " (the files before it were written)" : ""));
    }
  return Error::success();
}

Expected<SessionOptions> commandSessionOptions(const char *Argv0, const std::string &CudaPath,
                                               const std::string &ResourceDir, const std::string &Arch,
                                               const std::vector<std::string> &AssumeFacts) {
  SessionOptions SO;
  auto Assume = Assumptions::parse(AssumeFacts);
  if (!Assume)
    return Assume.takeError();
  SO.Assume = std::move(*Assume);
  SO.Frontend.GpuArch = Arch;
  SO.Frontend.Argv0 = Argv0;
  auto Cuda = findCudaPath(CudaPath);
  if (!Cuda)
    return Cuda.takeError();
  SO.Frontend.CudaPath = *Cuda;
  auto Res = findResourceDir(ResourceDir, Argv0);
  if (!Res)
    return Res.takeError();
  SO.Frontend.ResourceDir = *Res;
  SO.Scope.MainFileOnly = true; // lineages and cards are about one file
  return SO;
}

} // namespace klineage
