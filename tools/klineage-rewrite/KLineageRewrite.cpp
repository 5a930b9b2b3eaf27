//===- KLineageRewrite.cpp - The klineage-rewrite clang tool --------------===//
//
// Part of KLineage. A thin driver over Session (lib/Rewrite): arguments in,
// clang-style diagnostics and files out. Exit codes (docs/klineage-rewrite.md):
//   0 every selected site applied (or a listing succeeded)
//   1 bad input or usage: unknown rewrite or option, unparsable file, no CUDA, I/O
//   2 some selected site was refused (the others were applied)
//   3 the rewrite's pattern matched nowhere (nothing to do)
//   4 some site failed after change: the sites that verified are written,
//     each failed one is reported; nothing is written if none verified
//
//===----------------------------------------------------------------------===//
#include "RewriteRegistry.h"
#include "klineage/Analysis/LaunchFacts.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Frontend/CudaFrontend.h"
#include "klineage/Gate/Manifest.h"
#include "klineage/Rewrite/Session.h"
#include "klineage/Rewrite/SiteJson.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace klineage;
namespace ct = clang::tooling;

enum ExitCode { ExitOk = 0, ExitBadInput = 1, ExitRefused = 2, ExitNoMatch = 3, ExitFailedAfterChange = 4 };

static cl::OptionCategory Category("klineage-rewrite options");
static cl::opt<bool> ListRewrites("list", cl::desc("List the registered rewrites and exit"),
                                  cl::cat(Category));
static cl::opt<bool> ListSites("list-sites",
                               cl::desc("Report every site where a rewrite's pattern matches, "
                                        "with its preconditions; change nothing"),
                               cl::cat(Category));
static cl::opt<bool> ListLaunches("list-launches",
                                  cl::desc("Report every kernel's launches, launchers and "
                                           "block/grid facts; change nothing"),
                                  cl::cat(Category));
static cl::opt<std::string> Format("format", cl::desc("Output format of --list/--list-sites/--list-launches: text|json"),
                                   cl::init("text"), cl::cat(Category));
static cl::opt<std::string> RewriteName("rewrite", cl::desc("Rewrite to apply (see --list)"),
                                        cl::cat(Category));
static cl::opt<std::string> DirectionName("direction", cl::desc("forward|reverse"),
                                          cl::cat(Category));
static cl::opt<unsigned> SiteId("site", cl::desc("Apply only site N (1-based, as --list-sites numbers them)"),
                                cl::init(0), cl::cat(Category));
static cl::opt<std::string> SiteDescriptorText(
    "site-descriptor",
    cl::desc("Apply only the site with this descriptor (the 'descriptor' of --list-sites "
             "--format=json; stable across unrelated edits)"),
    cl::value_desc("descriptor"), cl::cat(Category));
static cl::opt<std::string> OutputFile("o",
                                       cl::desc("Write the rewritten main file here (default: "
                                                "stdout); refused when headers change too"),
                                       cl::value_desc("file"), cl::cat(Category));
static cl::opt<bool> InPlace("i", cl::desc("Rewrite the input file, and every header that changes, in place"),
                             cl::cat(Category));
static cl::opt<std::string> OutDir(
    "out-dir",
    cl::desc("Write the main file and every changed header under this directory, at their "
             "paths relative to --in-root"),
    cl::value_desc("dir"), cl::cat(Category));
static cl::opt<std::string> InRoot("in-root",
                                   cl::desc("With --out-dir: the directory whose layout is "
                                            "mirrored (default: the input file's directory)"),
                                   cl::value_desc("dir"), cl::cat(Category));
static cl::opt<std::string> HeaderFilter(
    "header-filter",
    cl::desc("Regular expression matching the names of the user headers whose sites are listed "
             "and which rewrites may edit (default: every user header; '' for none). The main "
             "file always counts; system headers never do"),
    cl::init(".*"), cl::value_desc("regex"), cl::cat(Category));
static cl::opt<bool> MainFileOnly("main-file-only",
                                  cl::desc("List and edit the main file only (same as "
                                           "--header-filter='')"),
                                  cl::cat(Category));
static cl::opt<std::string> ExportFixes("export-fixes",
                                        cl::desc("Write the edits as clang-apply-replacements YAML"),
                                        cl::value_desc("file.yaml"), cl::cat(Category));
static cl::list<std::string> AssumeFacts(
    "assume",
    cl::desc("Assert a fact the AST cannot prove: aligned:NAME:BYTES, noalias[:NAME], "
             "multiple:NAME:N, max:NAME:N, bins:NAME:N, block:[KERNEL:]X[,Y,Z], "
             "grid:[KERNEL:]X[,Y,Z], grid-edit-external[:KERNEL], reassociate, all "
             "(comma-separated or repeated; see docs/klineage-rewrite.md)"),
    cl::cat(Category));
static cl::opt<std::string> ManifestFile(
    "manifest",
    cl::desc("A gate workload manifest: its launcher's parameter values join the launch facts "
             "(--list-launches); a nonzero tolerance allows regrouping floating-point reductions"),
    cl::value_desc("workload.yaml"), cl::cat(Category));
static cl::list<std::string> RewriteOpts("option", cl::desc("Rewrite option KEY=VALUE (e.g. unroll-factor=4)"),
                                         cl::cat(Category));
static cl::opt<std::string> CudaPath("cuda-path", cl::desc("CUDA install (default $CUDA_PATH, /usr/local/cuda)"),
                                     cl::cat(Category));
static cl::opt<std::string> GpuArch("cuda-gpu-arch", cl::desc("Device architecture to parse for"),
                                    cl::init("sm_90"), cl::cat(Category));
static cl::opt<std::string> ResourceDir("resource-dir", cl::desc("Clang resource directory"),
                                        cl::cat(Category));
static cl::opt<bool> NoVerify("no-verify", cl::desc("Do not re-parse the rewritten file"),
                              cl::cat(Category));
static cl::opt<bool> NoHeaderCache(
    "no-header-cache",
    cl::desc("Parse the headers afresh instead of loading their cached parse "
             "(a precompiled preamble under $KLINEAGE_CACHE_DIR, else "
             "$XDG_CACHE_HOME/klineage or ~/.cache/klineage; KLINEAGE_CACHE_DIR=off "
             "also turns it off)"),
    cl::cat(Category));

namespace {

/// clang-style diagnostics for the tool's own messages.
struct Reporter {
  unsigned Errors = 0;
  void error(StringRef Where, unsigned Id, const Twine &Msg) {
    ++Errors;
    if (!Where.empty())
      errs() << Where << ": ";
    WithColor(errs(), HighlightColor::Error) << "error: ";
    errs() << Msg;
    if (Id)
      errs() << " [KL" << Id << "]";
    errs() << "\n";
  }
  void note(StringRef Where, const Twine &Msg) {
    if (!Where.empty())
      errs() << Where << ": ";
    WithColor(errs(), HighlightColor::Note) << "note: ";
    errs() << Msg << "\n";
  }
  /// A piece of evidence, as clang prints a note: location, text, the
  /// source line and a caret under the column.
  void evidence(const EvidenceNote &N) {
    std::string Where = N.File.empty() ? "" : N.File + ":" + std::to_string(N.Line) + ":" +
                                                  std::to_string(N.Column);
    note(Where, N.Text + " [" + N.Role + "]");
    if (N.SourceLine.empty() || N.Column == 0)
      return;
    errs() << N.SourceLine << "\n";
    std::string Pad;
    for (unsigned I = 0; I + 1 < N.Column && I < N.SourceLine.size(); ++I)
      Pad += N.SourceLine[I] == '\t' ? '\t' : ' ';
    errs() << Pad;
    WithColor(errs(), HighlightColor::Note) << "^";
    errs() << "\n";
  }
};

/// The manifest's launcher parameters as launch-fact values: an integer
/// scalar's value when it does not depend on the sizes (else unset, so a
/// launch that needs it stays unknown); buffers and streams give none.
std::vector<analysis::WorkloadParam> workloadParams(const gate::Manifest &M) {
  std::vector<analysis::WorkloadParam> Out;
  for (unsigned I = 0; I < M.Params.size(); ++I) {
    const gate::Param &P = M.Params[I];
    if (P.Kind != gate::ParamKind::Scalar || gate::isFloatType(P.Type) || P.Random)
      continue;
    analysis::WorkloadParam W;
    W.Launcher = M.Launcher;
    W.Index = I;
    W.Arity = M.Params.size();
    W.Expr = P.ValueExpr;
    W.Origin = sys::path::filename(M.Path).str() + ":" + std::to_string(P.Loc.Line) + ":" +
               std::to_string(P.Loc.Col);
    auto Vars = gate::exprVariables(P.ValueExpr);
    if (Vars && Vars->empty()) {
      if (auto V = gate::evalExpr(P.ValueExpr, {}))
        W.Value = *V;
      else
        consumeError(V.takeError());
    } else if (!Vars) {
      consumeError(Vars.takeError());
    }
    Out.push_back(std::move(W));
  }
  return Out;
}

std::string siteLocation(const Site &S) {
  return S.File + ":" + std::to_string(S.Line) + ":" + std::to_string(S.Column);
}

void reportRefusal(Reporter &R, const RewritePair &RW, const Site &S, bool AllowUnknown) {
  const PreconditionResult *B = S.blocker(AllowUnknown);
  std::string Head = "cannot apply '" + S.Rewrite + "' (" + directionName(S.Dir).str() + ") at site " +
                     std::to_string(S.Id) + ": ";
  if (!B) {
    R.error(siteLocation(S), DiagNoSite, Head + "the rewrite produced no edits");
    return;
  }
  std::string Msg = Head + "precondition '" + B->Name + "' ";
  if (B->St == Status::Fails)
    Msg += "fails: " + B->Reason;
  else {
    Msg += "is unknown: " + B->Reason;
    Msg += B->Assumable.empty()
               ? "; no single --assume fact settles it (only --assume=all asserts every unknown)"
               : "; assert it with --assume=" + B->Assumable + " if it is true";
  }
  R.error(siteLocation(S), diagIdFor(RW, B->Name), Msg);
  for (const EvidenceNote &N : B->Evidence)
    R.evidence(N);
}

/// Parses --option KEY=VALUE and checks each against the typed options of
/// \p Rewrites: the key must be one of theirs and the value in range, unless
/// a precondition reports bad values per site (OptionSpec::CheckedBy).
Expected<RewriteOptions> parseRewriteOptions(ArrayRef<const RewritePair *> Rewrites) {
  RewriteOptions O;
  for (const std::string &KV : RewriteOpts) {
    auto [K, V] = StringRef(KV).split('=');
    if (K.empty() || !StringRef(KV).contains('='))
      return createStringError(inconvertibleErrorCode(), "--option expects KEY=VALUE, got '" + KV + "'");
    bool Known = false;
    for (const RewritePair *R : Rewrites) {
      const OptionSpec *Spec = R->findOption(K);
      if (!Spec)
        continue;
      Known = true;
      if (!Spec->CheckedBy)
        if (Error E = validateOptionValue(*Spec, V))
          return std::move(E);
    }
    if (!Known) {
      std::string Names;
      for (const RewritePair *R : Rewrites)
        for (const OptionSpec &Spec : R->options())
          Names += (Names.empty() ? "" : ", ") + std::string(Spec.Name);
      std::string For = Rewrites.size() == 1 ? " for '" + Rewrites.front()->name().str() + "'" : "";
      return createStringError(inconvertibleErrorCode(),
                               "unknown option '" + K + "'" + For + " (known: " +
                                   (Names.empty() ? "none" : Names) + ")");
    }
    O[K.str()] = V.str();
  }
  return O;
}

int listRewrites() {
  if (Format == "json") {
    json::Array A;
    for (const auto &R : allRewrites()) {
      json::Array Pre;
      for (const PreconditionSpec &P : R->preconditions())
        Pre.push_back(json::Object{{"name", P.Name},
                                   {"direction", directionName(P.Dir)},
                                   {"diagnostic", "KL" + std::to_string(P.DiagId)},
                                   {"description", P.Description}});
      json::Array Opts;
      for (const OptionSpec &O : R->options()) {
        json::Object J{{"name", O.Name},
                       {"type", optionTypeName(O.Type)},
                       {"default", O.Default},
                       {"description", O.Description}};
        if (O.Type == OptionSpec::Int) {
          J["min"] = O.Min;
          J["max"] = O.Max;
        }
        if (!O.Allowed.empty())
          J["allowed"] = json::Array(O.Allowed);
        if (O.CheckedBy)
          J["checked_by"] = O.CheckedBy;
        Opts.push_back(std::move(J));
      }
      A.push_back(json::Object{{"name", R->name()},
                               {"intent", R->intent()},
                               {"preconditions", std::move(Pre)},
                               {"options", std::move(Opts)}});
    }
    outs() << formatv("{0:2}", json::Value(std::move(A))) << "\n";
    return ExitOk;
  }
  for (const auto &R : allRewrites()) {
    outs() << R->name() << "\n    " << R->intent() << "\n";
    for (const PreconditionSpec &P : R->preconditions())
      outs() << "    [" << directionName(P.Dir) << "] " << P.Name << " (KL" << P.DiagId << "): "
             << P.Description << "\n";
    for (const OptionSpec &O : R->options())
      outs() << "    --option=" << O.Name << "=" << optionTypeName(O.Type) << " (default "
             << O.Default << "): " << O.Description << "\n";
  }
  return ExitOk;
}

Error writeFixes(const Session &S, StringRef Path, ArrayRef<const Site *> Applied) {
  ct::TranslationUnitDiagnostics TUD;
  TUD.MainSourceFile = S.mainFile().str();
  for (const Site *S : Applied) {
    ct::DiagnosticMessage Msg(S->Summary.empty() ? S->Rewrite : S->Summary);
    SmallString<256> SiteFile(S->File);
    sys::fs::make_absolute(SiteFile);
    Msg.FilePath = std::string(SiteFile);
    Msg.FileOffset = S->Offset;
    // One set of replacements per file the site edits.
    for (const TextEdit &E : S->Edits) {
      ct::Replacements &Reps = Msg.Fix[E.File];
      if (Error Err = Reps.add(ct::Replacement(E.File, E.Offset, E.Length, E.Text)))
        return Err;
    }
    TUD.Diagnostics.push_back(ct::Diagnostic("klineage-" + S->Rewrite, Msg, {},
                                             ct::Diagnostic::Remark, ""));
  }
  std::string Out;
  raw_string_ostream OS(Out);
  yaml::Output YAML(OS);
  YAML << TUD;
  return S.write(Path, Out);
}

/// The files to write for \p Result: with -i the main file (when changed)
/// and every changed header in place; with --out-dir the main file and
/// every changed header under the directory, at their paths from --in-root;
/// with -o or stdout the main file alone, which is an error when a header
/// changed too (one file cannot hold the result).
Expected<std::vector<Session::Output>> outputsOf(const Session &Sess, const SessionResult &Result) {
  auto Fail = [](const Twine &Msg) { return createStringError(inconvertibleErrorCode(), Msg); };
  std::vector<Session::Output> Out;
  if (InPlace) {
    if (Result.Text != Sess.text())
      Out.push_back({Sess.path().str(), Result.Text});
    for (const auto &[Path, Text] : Result.Headers)
      Out.push_back({Path, Text});
    return Out;
  }
  if (OutDir.empty()) {
    if (!Result.Headers.empty()) {
      std::string Names;
      for (const auto &[Path, Text] : Result.Headers)
        Names += (Names.empty() ? "'" : ", '") + relativePath(Path, sys::path::parent_path(Sess.mainFile())) + "'";
      return Fail("the result changes header" + std::string(Result.Headers.size() > 1 ? "s " : " ") +
                  Names + " besides the main file, and " +
                  (OutputFile.empty() ? std::string("stdout") : "-o") +
                  " holds one file: write every changed file with -i or --out-dir=DIR, or keep "
                  "to the main file with --main-file-only");
    }
    if (!OutputFile.empty())
      Out.push_back({OutputFile, Result.Text});
    return Out;
  }
  SmallString<256> Root(InRoot.empty() ? sys::path::parent_path(Sess.mainFile()) : StringRef(InRoot));
  sys::fs::make_absolute(Root);
  sys::path::remove_dots(Root, /*remove_dot_dot=*/true);
  auto Target = [&](StringRef Path) -> Expected<std::string> {
    std::string Rel = relativePath(Path, Root);
    if (Rel == ".." || StringRef(Rel).starts_with("../"))
      return Fail("'" + Path + "' is outside --in-root '" + Root +
                  "'; pass an --in-root that holds every changed file");
    SmallString<256> T(OutDir);
    sys::path::append(T, Rel);
    return std::string(T);
  };
  auto Main = Target(Sess.mainFile());
  if (!Main)
    return Main.takeError();
  Out.push_back({*Main, Result.Text});
  for (const auto &[Path, Text] : Result.Headers) {
    auto T = Target(Path);
    if (!T)
      return T.takeError();
    Out.push_back({*T, Text});
  }
  for (const Session::Output &O : Out)
    if (std::error_code EC = sys::fs::create_directories(sys::path::parent_path(O.Path)))
      return Fail("cannot create the directory of '" + O.Path + "': " + EC.message());
  return Out;
}

} // namespace

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  // Without -p or "--", CommonOptionsParser goes looking for a compilation
  // database and complains; a clang tool on a lone .cu file should not.
  std::vector<const char *> Args(argv, argv + argc);
  bool HasDashDash = false, HasBuildPath = false;
  for (int I = 1; I < argc; ++I) {
    StringRef A(argv[I]);
    HasDashDash |= A == "--";
    HasBuildPath |= A == "-p" || A.starts_with("-p=") || A == "--p" || A.starts_with("--p=");
  }
  if (!HasDashDash && !HasBuildPath)
    Args.push_back("--");
  int NArgs = static_cast<int>(Args.size());
  cl::HideUnrelatedOptions(Category);
  auto Parser = ct::CommonOptionsParser::create(
      NArgs, Args.data(), Category, cl::ZeroOrMore,
      "Rewrites CUDA kernels with KLineage's forward/reverse optimization pairs.\n");
  Reporter Rep;
  if (!Parser) {
    Rep.error("klineage-rewrite", DiagBadArguments, toString(Parser.takeError()));
    return ExitBadInput;
  }
  if (ListRewrites)
    return listRewrites();

  const auto &Files = Parser->getSourcePathList();
  if (Files.size() != 1) {
    Rep.error("klineage-rewrite", DiagBadArguments,
              Files.empty() ? "no input file (usage: klineage-rewrite --rewrite=NAME --direction=D FILE.cu)"
                            : "exactly one input file expected");
    return ExitBadInput;
  }
  StringRef File = Files.front();
  if (Format != "text" && Format != "json") {
    Rep.error("klineage-rewrite", DiagBadArguments, "--format must be text or json");
    return ExitBadInput;
  }

  // Which rewrites and directions.
  std::vector<const RewritePair *> Rewrites;
  if (!RewriteName.empty()) {
    const RewritePair *R = findRewrite(RewriteName);
    if (!R) {
      std::string Known;
      for (const auto &K : allRewrites())
        Known += (Known.empty() ? "" : ", ") + K->name().str();
      Rep.error("klineage-rewrite", DiagUnknownRewrite,
                "unknown rewrite '" + RewriteName + "' (known: " + Known + ")");
      return ExitBadInput;
    }
    Rewrites.push_back(R);
  } else if (ListSites || ListLaunches) {
    for (const auto &R : allRewrites())
      Rewrites.push_back(R.get());
  } else {
    Rep.error("klineage-rewrite", DiagBadArguments, "--rewrite=NAME is required (see --list)");
    return ExitBadInput;
  }
  std::vector<Direction> Directions;
  if (!DirectionName.empty()) {
    auto D = parseDirection(DirectionName);
    if (!D) {
      Rep.error("klineage-rewrite", DiagBadArguments,
                "--direction must be forward or reverse, not '" + DirectionName + "'");
      return ExitBadInput;
    }
    Directions.push_back(*D);
  } else if (ListSites || ListLaunches) {
    Directions = {Direction::Forward, Direction::Reverse};
  } else {
    Rep.error("klineage-rewrite", DiagBadArguments, "--direction=forward|reverse is required");
    return ExitBadInput;
  }
  {
    std::vector<std::string> Outputs;
    if (InPlace)
      Outputs.push_back("-i");
    if (!OutputFile.empty())
      Outputs.push_back("-o");
    if (!OutDir.empty())
      Outputs.push_back("--out-dir");
    if (Outputs.size() > 1) {
      Rep.error("klineage-rewrite", DiagBadArguments, join(Outputs, " and ") + " are exclusive");
      return ExitBadInput;
    }
  }
  if (!InRoot.empty() && OutDir.empty()) {
    Rep.error("klineage-rewrite", DiagBadArguments, "--in-root is only meaningful with --out-dir");
    return ExitBadInput;
  }
  if (MainFileOnly && HeaderFilter.getNumOccurrences()) {
    Rep.error("klineage-rewrite", DiagBadArguments,
              "--main-file-only and --header-filter are exclusive (--main-file-only is "
              "--header-filter='')");
    return ExitBadInput;
  }
  if (std::string Why; !HeaderFilter.empty() && !Regex(HeaderFilter).isValid(Why)) {
    Rep.error("klineage-rewrite", DiagBadArguments,
              "--header-filter='" + HeaderFilter + "' is not a regular expression: " + Why);
    return ExitBadInput;
  }

  auto Assume = Assumptions::parse(AssumeFacts);
  if (!Assume) {
    Rep.error("klineage-rewrite", DiagBadAssumption, toString(Assume.takeError()));
    return ExitBadInput;
  }
  std::optional<gate::Manifest> Workload;
  if (!ManifestFile.empty()) {
    auto M = gate::loadManifest(ManifestFile);
    if (!M) {
      Rep.error("klineage-rewrite", DiagBadArguments, "invalid --manifest: " + toString(M.takeError()));
      return ExitBadInput;
    }
    Workload = std::move(*M);
  }
  auto Options = parseRewriteOptions(Rewrites);
  if (!Options) {
    Rep.error("klineage-rewrite", DiagBadArguments, toString(Options.takeError()));
    return ExitBadInput;
  }

  SessionOptions SO;
  SO.Frontend.GpuArch = GpuArch;
  SO.Frontend.Argv0 = argv[0];
  SO.Frontend.HeaderCache = !NoHeaderCache;
  auto Cuda = findCudaPath(CudaPath);
  if (!Cuda) {
    Rep.error("klineage-rewrite", DiagNoCuda, toString(Cuda.takeError()));
    return ExitBadInput;
  }
  SO.Frontend.CudaPath = *Cuda;
  auto Res = findResourceDir(ResourceDir, argv[0]);
  if (!Res) {
    Rep.error("klineage-rewrite", DiagNoCuda, toString(Res.takeError()));
    return ExitBadInput;
  }
  SO.Frontend.ResourceDir = *Res;
  SO.Assume = std::move(*Assume);
  // A workload that accepts results within a nonzero tolerance (every
  // output's) allows floating-point regrouping; the gate checks each
  // candidate against that tolerance.
  if (Workload && !SO.Assume.reassociate())
    if (auto Why = gate::reassociationAllowedBy(*Workload, "--manifest"))
      SO.Assume.allowReassociation(*Why);
  SO.Options = std::move(*Options);
  SO.Verify = !NoVerify;
  SO.Scope.MainFileOnly = MainFileOnly;
  SO.Scope.HeaderFilter = HeaderFilter;
  bool AllowUnknown = SO.Assume.all();

  Session Sess(Parser->getCompilations(), std::move(SO));
  if (Error E = Sess.open(File)) {
    Rep.error(File, DiagParseError, toString(std::move(E)));
    return ExitBadInput;
  }

  if (ListLaunches) {
    analysis::LaunchFactSource Facts;
    Facts.Assumed = [&](const clang::FunctionDecl *K) {
      auto Dim = [](auto S) -> std::optional<analysis::Dim3> {
        return S ? std::optional(analysis::Dim3{(*S)[0], (*S)[1], (*S)[2]}) : std::nullopt;
      };
      const Assumptions &A = Sess.options().Assume;
      return analysis::AssumedLaunch{Dim(A.block(K->getName())), Dim(A.grid(K->getName()))};
    };
    if (Workload)
      Facts.Params = workloadParams(*Workload);
    if (Format == "json")
      outs() << formatv("{0:2}", analysis::launchReportJson(Sess.ast(), Facts)) << "\n";
    else
      analysis::printLaunchReport(outs(), Sess.ast(), Facts);
    return ExitOk;
  }

  if (ListSites) {
    json::Array All;
    for (const RewritePair *R : Rewrites)
      for (Direction D : Directions)
        for (const Site &S : Sess.sites(*R, D)) {
          if (Format == "json") {
            All.push_back(siteToJson(S, *R, AllowUnknown));
            continue;
          }
          outs() << siteLocation(S) << ": " << S.Rewrite << " (" << directionName(D) << ") site " << S.Id
                 << " in " << S.Function << ": " << S.Summary << "\n";
          for (const PreconditionResult &P : S.Preconditions)
            outs() << "    " << statusName(P.St) << "  " << P.Name << ": " << P.Reason << "\n";
          outs() << "    => " << (S.applicable(AllowUnknown) ? "applicable" : "not applicable") << "\n";
        }
    if (Format == "json")
      outs() << formatv("{0:2}", json::Value(std::move(All))) << "\n";
    return ExitOk;
  }

  const RewritePair &R = *Rewrites.front();
  Direction D = Directions.front();
  Selection Sel;
  if (SiteId)
    Sel.Ids.push_back(SiteId);
  if (!SiteDescriptorText.empty()) {
    auto Desc = SiteDescriptor::parse(SiteDescriptorText);
    if (!Desc) {
      Rep.error("klineage-rewrite", DiagBadArguments,
                "malformed --site-descriptor '" + SiteDescriptorText +
                    "' (expected rewrite|direction|function|kind|ordinal|anchor)");
      return ExitBadInput;
    }
    Sel.Descriptors.push_back(std::move(*Desc));
  }
  auto Applied = Sess.apply(R, D, Sel);
  if (!Applied) {
    Rep.error(File, DiagNoSuchSite, toString(Applied.takeError()));
    return ExitBadInput;
  }
  SessionResult &Result = *Applied;
  for (const Site *S : Result.Refused)
    reportRefusal(Rep, R, *S, AllowUnknown);
  StringRef Original = Sess.text();

  bool ToStdout = OutputFile.empty() && !InPlace && OutDir.empty();
  if (Result.Outcome == ApplyResult::NoMatch) {
    Rep.note(File, "'" + R.name().str() + "' (" + directionName(D).str() +
                       ") matches nowhere in this file; nothing to do");
    if (ToStdout)
      outs() << Original;
    return ExitNoMatch;
  }
  if (Result.Outcome == ApplyResult::NotApplicable) {
    if (ToStdout)
      outs() << Original; // stdout mode: the unchanged file, for pipelines
    return ExitRefused;
  }
  bool Kept = Result.Outcome == ApplyResult::Applied;
  for (const SessionResult::Failure &F : Result.Failed) {
    if (!F.S) {
      Rep.error(File, DiagFailedAfterChange,
                "'" + R.name().str() + "' failed after change: " + F.Reason + "; nothing was written");
      continue;
    }
    Rep.error(siteLocation(*F.S), DiagFailedAfterChange,
              "'" + R.name().str() + "' (" + directionName(D).str() + ") failed after change at site " +
                  std::to_string(F.S->Id) + ": the rewritten file does not parse: " + F.Reason +
                  (Kept ? "; this site was left out, the others were written"
                        : "; nothing was written"));
  }
  if (!Kept)
    return ExitFailedAfterChange;
  auto Outputs = outputsOf(Sess, Result);
  if (!Outputs) {
    Rep.error(File, DiagMultiFileOutput, toString(Outputs.takeError()) + "; nothing was written");
    return ExitBadInput;
  }
  if (!ExportFixes.empty())
    if (Error E = writeFixes(Sess, ExportFixes, Result.Applied)) {
      Rep.error(ExportFixes, DiagWriteFailed, "cannot write fixes: " + toString(std::move(E)));
      return ExitBadInput;
    }
  if (ToStdout) {
    outs() << Result.Text;
  } else if (Error E = Sess.write(*Outputs, InPlace)) {
    Rep.error(File, DiagWriteFailed, "cannot write output: " + toString(std::move(E)));
    return ExitBadInput;
  }
  if (!Result.Failed.empty())
    return ExitFailedAfterChange;
  return Result.Refused.empty() ? ExitOk : ExitRefused;
}
