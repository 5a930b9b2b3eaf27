//===- KernelService.cpp --------------------------------------------------===//
#include "klineage/Service/KernelService.h"
#include "RewriteRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace klineage {
namespace service {

const RewritePair *findPair(StringRef Name) { return findRewrite(Name); }

std::unique_ptr<clang::tooling::CompilationDatabase> compilationDatabaseFor(StringRef File, std::string &Found) {
  SmallString<256> Abs(File);
  sys::fs::make_absolute(Abs);
  for (StringRef Dir = sys::path::parent_path(Abs); !Dir.empty(); Dir = sys::path::parent_path(Dir)) {
    SmallString<256> Candidate(Dir);
    sys::path::append(Candidate, "compile_commands.json");
    if (!sys::fs::exists(Candidate))
      continue;
    std::string Err;
    if (auto DB = clang::tooling::CompilationDatabase::loadFromDirectory(Dir, Err)) {
      // An empty database says nothing; otherwise an unlisted file's flags
      // are interpolated from its neighbours.
      if (!DB->getCompileCommands(Abs).empty()) {
        Found = std::string(Candidate);
        return DB;
      }
    }
  }
  Found.clear();
  return std::make_unique<clang::tooling::FixedCompilationDatabase>(".", std::vector<std::string>{});
}

namespace {

std::vector<StringRef> splitLines(StringRef Text) {
  std::vector<StringRef> Lines;
  while (!Text.empty()) {
    size_t NL = Text.find('\n');
    size_t Len = NL == StringRef::npos ? Text.size() : NL + 1;
    Lines.push_back(Text.take_front(Len));
    Text = Text.drop_front(Len);
  }
  return Lines;
}

std::string joinLines(ArrayRef<StringRef> Lines) {
  std::string Out;
  for (StringRef L : Lines)
    Out += L;
  return Out;
}

} // namespace

std::vector<LineEdit> lineEdits(StringRef Old, StringRef New) {
  std::vector<StringRef> A = splitLines(Old), B = splitLines(New);
  size_t Pre = 0;
  while (Pre < A.size() && Pre < B.size() && A[Pre] == B[Pre])
    ++Pre;
  size_t Suf = 0;
  while (Suf < A.size() - Pre && Suf < B.size() - Pre && A[A.size() - 1 - Suf] == B[B.size() - 1 - Suf])
    ++Suf;
  size_t N = A.size() - Pre - Suf, M = B.size() - Pre - Suf;
  std::vector<LineEdit> Out;
  if (N == 0 && M == 0)
    return Out;
  // Longest common subsequence of the changed middle, so that edits far
  // apart (a kernel and its launcher) stay separate hunks; one hunk when the
  // middle is too large for the table.
  if (N * M > 4'000'000 || N == 0 || M == 0) {
    Out.push_back({unsigned(Pre), unsigned(Pre + N), joinLines(ArrayRef<StringRef>(B).slice(Pre, M))});
    return Out;
  }
  std::vector<std::vector<uint32_t>> L(N + 1, std::vector<uint32_t>(M + 1, 0));
  for (size_t I = N; I-- > 0;)
    for (size_t J = M; J-- > 0;)
      L[I][J] = A[Pre + I] == B[Pre + J] ? L[I + 1][J + 1] + 1 : std::max(L[I + 1][J], L[I][J + 1]);
  size_t I = 0, J = 0;
  while (I < N || J < M) {
    if (I < N && J < M && A[Pre + I] == B[Pre + J]) {
      ++I, ++J;
      continue;
    }
    size_t I0 = I, J0 = J;
    while ((I < N || J < M) && !(I < N && J < M && A[Pre + I] == B[Pre + J])) {
      if (J < M && (I == N || L[I][J + 1] >= L[I + 1][J]))
        ++J;
      else
        ++I;
    }
    Out.push_back({unsigned(Pre + I0), unsigned(Pre + I), joinLines(ArrayRef<StringRef>(B).slice(Pre + J0, J - J0))});
  }
  return Out;
}

KernelService::KernelService(ServiceOptions O) : Opts(std::move(O)) {
  if (Opts.SkillsDir.empty())
    return;
  for (const std::string &F : skills::skillCardFiles(Opts.SkillsDir)) {
    auto C = skills::loadSkillCard(F);
    if (!C) {
      CardErrors.push_back(toString(C.takeError()));
      continue;
    }
    if (C->Direction == "forward")
      Cards.push_back(std::move(*C));
  }
}

Expected<SessionOptions> KernelService::sessionOptions(ArrayRef<std::string> Assume,
                                                       const RewriteOptions *Options) const {
  std::vector<std::string> Facts = Opts.BaseAssume;
  Facts.insert(Facts.end(), Assume.begin(), Assume.end());
  auto A = Assumptions::parse(Facts);
  if (!A)
    return A.takeError();
  SessionOptions SO = Opts.Session;
  SO.Assume = std::move(*A);
  SO.Scope.MainFileOnly = true; // an editor's buffer is one file
  if (Options)
    SO.Options = *Options;
  return SO;
}

namespace {

/// A session on \p Path (its text \p Text when given) with its database.
Expected<KernelService::OpenFile> openFile(StringRef Path, std::optional<StringRef> Text, SessionOptions SO) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, true);
  if (!Text && !sys::fs::exists(Abs))
    return createStringError(inconvertibleErrorCode(), "no such file: %s", Abs.c_str());
  KernelService::OpenFile F;
  std::string Found;
  F.DB = compilationDatabaseFor(Abs, Found);
  F.S = std::make_unique<Session>(*F.DB, std::move(SO));
  if (Error E = F.S->open(Abs, Text)) {
    std::string Why = toString(std::move(E));
    if (!F.S->firstError().empty())
      Why += "; first error: " + F.S->firstError().str();
    return createStringError(inconvertibleErrorCode(), "%s: cannot parse: %s", Abs.c_str(), Why.c_str());
  }
  return std::move(F);
}

const RewritePair *lookup(StringRef Name) { return findRewrite(Name); }

} // namespace

Expected<KernelService::OpenFile> KernelService::open(StringRef Path, std::optional<StringRef> Text,
                                                      ArrayRef<std::string> Assume,
                                                      const RewriteOptions *Options) const {
  auto SO = sessionOptions(Assume, Options);
  if (!SO)
    return SO.takeError();
  return openFile(Path, Text, std::move(*SO));
}

Expected<FileAnalysis> KernelService::analyze(StringRef Path, std::optional<StringRef> Text,
                                              ArrayRef<std::string> Assume, bool WithSkills) {
  auto F = open(Path, Text, Assume);
  if (!F)
    return F.takeError();
  FileAnalysis Out;
  for (const std::unique_ptr<RewritePair> &R : allRewrites())
    for (Direction D : {Direction::Forward, Direction::Reverse})
      for (const Site &S : F->S->sites(*R, D))
        Out.Sites.push_back({R.get(), S});
  if (!WithSkills)
    return std::move(Out);
  for (const skills::SkillCard &C : Cards) {
    auto V = skills::checkSkill(C, *F->S, lookup);
    if (!V)
      return V.takeError();
    for (const skills::SkillVerdict &X : *V)
      Out.Skills.push_back({&C, *X.At, X.St, X.Precondition, X.Reason, X.Assumable});
  }
  return std::move(Out);
}

Expected<std::vector<SkillHit>> KernelService::checkCard(const skills::SkillCard &Card, StringRef Path,
                                                         std::optional<StringRef> Text, ArrayRef<std::string> Assume) {
  if (!findRewrite(Card.Rewrite))
    return createStringError(inconvertibleErrorCode(), "skill '%s' names an unknown rewrite '%s'", Card.Id.c_str(),
                             Card.Rewrite.c_str());
  auto F = open(Path, Text, Assume);
  if (!F)
    return F.takeError();
  auto V = skills::checkSkill(Card, *F->S, lookup);
  if (!V)
    return V.takeError();
  std::vector<SkillHit> Out;
  for (const skills::SkillVerdict &X : *V)
    Out.push_back({&Card, *X.At, X.St, X.Precondition, X.Reason, X.Assumable});
  return std::move(Out);
}

Expected<RewriteOutcome> KernelService::apply(StringRef Path, std::optional<StringRef> Text,
                                              const RewriteRequest &Req) {
  const RewritePair *R = findRewrite(Req.Rewrite);
  if (!R) {
    std::vector<std::string> Names;
    for (const std::unique_ptr<RewritePair> &P : allRewrites())
      Names.push_back(P->name().str());
    return createStringError(inconvertibleErrorCode(), "unknown rewrite '%s' (known: %s)", Req.Rewrite.c_str(),
                             join(Names, ", ").c_str());
  }
  for (const auto &[K, V] : Req.Options) {
    const OptionSpec *Spec = nullptr;
    for (const OptionSpec &O : R->options())
      if (K == O.Name)
        Spec = &O;
    if (!Spec)
      return createStringError(inconvertibleErrorCode(), "rewrite '%s' has no option '%s'", Req.Rewrite.c_str(),
                               K.c_str());
    if (Error E = validateOptionValue(*Spec, V))
      return std::move(E);
  }
  auto F = open(Path, Text, Req.Assume, &Req.Options);
  if (!F)
    return F.takeError();
  auto Res = F->S->apply(*R, Req.Dir, Req.Sel);
  if (!Res)
    return Res.takeError();
  RewriteOutcome Out;
  Out.Outcome = Res->Outcome;
  for (const Site *S : Res->Applied)
    Out.Applied.push_back(*S);
  for (const Site *S : Res->Refused)
    Out.Refused.push_back(*S);
  for (const SessionResult::Failure &X : Res->Failed)
    Out.Failed.push_back({X.S ? SiteDescriptor::of(*X.S).str() : std::string(), X.Reason});
  if (Res->Outcome == ApplyResult::Applied) {
    Out.Text = Res->Text;
    Out.Edits = lineEdits(F->S->text(), Out.Text);
  }
  return std::move(Out);
}

} // namespace service
} // namespace klineage
