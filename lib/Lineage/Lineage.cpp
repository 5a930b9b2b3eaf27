//===- Lineage.cpp - Walk an expert kernel back through gated reverse rewrites -===//
#include "klineage/Lineage/Lineage.h"
#include "klineage/Rewrite/SiteJson.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SHA256.h"
#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <optional>

using namespace llvm;

namespace klineage {
namespace lineage {

StringRef policyName(Policy P) {
  switch (P) {
  case Policy::First: return "first";
  case Policy::Breadth: return "breadth";
  case Policy::Beam: return "beam";
  case Policy::MostCostly: break;
  }
  return "most-costly";
}

std::optional<Policy> parsePolicy(StringRef S) {
  if (S == "most-costly")
    return Policy::MostCostly;
  if (S == "first")
    return Policy::First;
  if (S == "breadth")
    return Policy::Breadth;
  if (S == "beam")
    return Policy::Beam;
  return std::nullopt;
}

const std::vector<std::string> &defaultReverseOrder() {
  static const std::vector<std::string> Order = {
      // A row's block reduction, a block's aggregated atomic and a private
      // histogram contain the shuffle reduction they are built with: they
      // come off before it (the shuffle's reverse would leave them unseen).
      "software-pipeline", "smem-pad",         "row-parallelize", "atomic-aggregate",
      "privatize-shared",  "warp-shuffle-reduce", "register-tile", "smem-tile",
      "thread-coarsen",    "vectorize-global-access", "readonly-restrict", "loop-unroll"};
  return Order;
}

// ------------------------------------------------------------------ diff --

std::string unifiedDiff(StringRef Old, StringRef New, StringRef OldName, StringRef NewName) {
  if (Old == New)
    return "";
  SmallVector<StringRef, 0> A, B;
  Old.split(A, '\n');
  New.split(B, '\n');
  // A trailing newline leaves an empty last piece on both sides alike.
  size_t N = A.size(), M = B.size();
  // Common prefix and suffix first: rewrites change a few regions of a file.
  size_t Pre = 0;
  while (Pre < N && Pre < M && A[Pre] == B[Pre])
    ++Pre;
  size_t Suf = 0;
  while (Suf < N - Pre && Suf < M - Pre && A[N - 1 - Suf] == B[M - 1 - Suf])
    ++Suf;
  size_t n = N - Pre - Suf, m = M - Pre - Suf;
  // Longest common subsequence of the middle (lines of one kernel: small).
  std::vector<uint32_t> L((n + 1) * (m + 1), 0);
  auto At = [&](size_t I, size_t J) -> uint32_t & { return L[I * (m + 1) + J]; };
  for (size_t I = n; I-- > 0;)
    for (size_t J = m; J-- > 0;)
      At(I, J) = A[Pre + I] == B[Pre + J] ? At(I + 1, J + 1) + 1 : std::max(At(I + 1, J), At(I, J + 1));
  // The edit script over whole files: ' ' kept, '-' removed, '+' added.
  struct Line {
    char Op;
    size_t OldNo, NewNo; // 0-based line of the old / new file it belongs to
    StringRef Text;
  };
  std::vector<Line> Script;
  for (size_t I = 0; I < Pre; ++I)
    Script.push_back({' ', I, I, A[I]});
  size_t I = 0, J = 0;
  while (I < n || J < m) {
    if (I < n && J < m && A[Pre + I] == B[Pre + J]) {
      Script.push_back({' ', Pre + I, Pre + J, A[Pre + I]});
      ++I, ++J;
    } else if (I < n && (J == m || At(I + 1, J) >= At(I, J + 1))) {
      // Removed lines before added ones, as diff -u writes them.
      Script.push_back({'-', Pre + I, Pre + J, A[Pre + I]});
      ++I;
    } else {
      Script.push_back({'+', Pre + I, Pre + J, B[Pre + J]});
      ++J;
    }
  }
  for (size_t K = 0; K < Suf; ++K)
    Script.push_back({' ', Pre + n + K, Pre + m + K, A[Pre + n + K]});
  // The last piece after a final newline is not a line.
  bool OldNl = Old.ends_with("\n"), NewNl = New.ends_with("\n");
  if (!Script.empty() && Script.back().Op == ' ' && OldNl && NewNl && Script.back().Text.empty())
    Script.pop_back();

  std::string Out;
  raw_string_ostream OS(Out);
  OS << "--- " << OldName << "\n+++ " << NewName << "\n";
  const size_t Ctx = 3;
  size_t K = 0;
  while (K < Script.size()) {
    if (Script[K].Op == ' ') {
      ++K;
      continue;
    }
    // A hunk: from Ctx lines before this change to Ctx lines after the last
    // change that is at most 2*Ctx kept lines further.
    size_t Begin = K >= Ctx ? K - Ctx : 0;
    while (Begin < K && Script[Begin].Op != ' ')
      ++Begin;
    size_t End = K, Kept = 0;
    for (size_t P = K; P < Script.size(); ++P) {
      if (Script[P].Op == ' ') {
        if (++Kept > 2 * Ctx)
          break;
      } else {
        Kept = 0;
        End = P;
      }
    }
    size_t Stop = std::min(Script.size(), End + 1 + Ctx);
    size_t OldStart = Script[Begin].OldNo, NewStart = Script[Begin].NewNo, OldLen = 0, NewLen = 0;
    for (size_t P = Begin; P < Stop; ++P) {
      OldLen += Script[P].Op != '+';
      NewLen += Script[P].Op != '-';
    }
    OS << "@@ -" << (OldLen ? OldStart + 1 : OldStart) << "," << OldLen << " +"
       << (NewLen ? NewStart + 1 : NewStart) << "," << NewLen << " @@\n";
    for (size_t P = Begin; P < Stop; ++P)
      OS << Script[P].Op << Script[P].Text << "\n";
    K = Stop;
  }
  return Out;
}

// --------------------------------------------------------------- helpers --

namespace {

std::string sha256Hex(StringRef Text) {
  SHA256 H;
  H.update(Text);
  auto D = H.final();
  return toHex(ArrayRef<uint8_t>(D.data(), D.size()), /*LowerCase=*/true);
}

Expected<std::string> readFile(const Twine &Path) {
  auto B = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!B)
    return createStringError(B.getError(), "cannot read " + Path.str() + ": " + B.getError().message());
  return (*B)->getBuffer().str();
}

std::string fmtTime(double S) {
  if (S < 60)
    return formatv("{0:F0}s", S).str();
  return formatv("{0}m{1:00}s", unsigned(S) / 60, unsigned(S) % 60).str();
}

/// One candidate of a step: a reverse rewrite applied to the current kernel.
struct Candidate {
  const RewritePair *R = nullptr;
  std::string Name; ///< "<step>-<rewrite>" or "<step>-<rewrite>.site<id>"
  std::string File; ///< DIR/candidates/<Name>.cu
  std::string Text;
  json::Array Sites;
  RewriteOptions Options; ///< an option set of its own (OptionChoices), else empty
  // Results.
  std::string Verdict = "not gated", FailedStage, Reason;
  double BeforeMs = -1, AfterMs = -1;
  /// The profile of each kernel in the pair run (size, spread, % of ceiling).
  json::Object BeforeProfile, AfterProfile;
  std::string Gpu; ///< the GPU the pair ran on (a resumed walk may change machines)
  bool Compiled = false, Measured = false;
  std::string CompileJson, GateJson;
  json::Object Resources; ///< the compile stage's detail (registers, PTX summary)
  bool accepted() const { return Verdict == "accepted" || Verdict == "compiled (unmeasured)"; }
  double slowdown() const { return BeforeMs > 0 && AfterMs > 0 ? AfterMs / BeforeMs : -1; }
};

json::Object optionsJson(const RewriteOptions &Options) {
  json::Object J;
  for (const auto &[K, V] : Options)
    J[K] = V;
  return J;
}

/// Takes the verdict and the kernels' facts of \p C's compile-stage report
/// (its candidate record \p X): ptxas resources per kernel, the PTX summary.
void takeCompileReport(Candidate &C, const json::Object &X) {
  C.Compiled = X.getString("failed_stage").value_or("").empty();
  if (!C.Compiled) {
    C.Verdict = "rejected";
    C.FailedStage = "compile";
    C.Reason = X.getString("reason").value_or("").str();
  }
  const json::Object *St = X.getObject("stages");
  const json::Object *Cm = St ? St->getObject("compile") : nullptr;
  if (!Cm)
    return;
  if (const json::Value *K = Cm->get("kernels"))
    C.Resources["kernels"] = *K;
  if (const json::Object *P = Cm->getObject("ptx"))
    if (const json::Value *T = P->get("(total)"))
      C.Resources["ptx"] = *T;
}

/// What the profile stage measured of one kernel of a gate report: the size
/// timed, the median and its spread, the achieved rates and the % of the
/// machine's measured ceilings (copy bandwidth, FP32 peak).
json::Object profileFacts(const json::Object &Candidate) {
  json::Object Out;
  const json::Object *St = Candidate.getObject("stages");
  const json::Object *P = St ? St->getObject("profile") : nullptr;
  if (!P)
    return Out;
  for (const char *K : {"size", "median_ms", "p10_ms", "p90_ms", "gbs", "tflops", "pct_copy_bw",
                        "pct_fp32_measured"})
    if (const json::Value *V = P->get(K))
      Out[K] = *V;
  if (const json::Array *R = Candidate.getArray("round_medians_ms"))
    Out["round_medians_ms"] = json::Array(*R);
  return Out;
}

/// The candidate record of a gate report (its last candidate: B of "A B").
const json::Object *lastCandidate(const json::Object &Report) {
  const json::Array *Cs = Report.getArray("candidates");
  if (!Cs || Cs->empty())
    return nullptr;
  return Cs->back().getAsObject();
}

std::optional<json::Object> readJsonFile(StringRef Path) {
  auto T = readFile(Path);
  if (!T) {
    consumeError(T.takeError());
    return std::nullopt;
  }
  auto V = json::parse(*T);
  if (!V) {
    consumeError(V.takeError());
    return std::nullopt;
  }
  if (json::Object *O = V->getAsObject())
    return std::move(*O);
  return std::nullopt;
}

} // namespace

namespace {

/// A `klineage gate GATEARGS --json JSON` child process (stdout and stderr
/// to LogFile): started at construction, then finished -- waited for with a
/// wall-clock limit (killed after it) and its report read.
class GateChild {
public:
  GateChild(StringRef GateExe, ArrayRef<std::string> GateArgs, StringRef Json, StringRef LogFile)
      : Json(Json.str()), LogFile(LogFile.str()) {
    std::vector<std::string> Args = {GateExe.str(), "gate"};
    Args.insert(Args.end(), GateArgs.begin(), GateArgs.end());
    Args.insert(Args.end(), {"--json", this->Json});
    std::vector<StringRef> Refs(Args.begin(), Args.end());
    sys::fs::remove(this->Json); // a stale report must not pass for this run's
    sys::fs::remove(this->LogFile); // nor a stale log's tail (the child's file is not truncated)
    std::optional<StringRef> Redir[] = {StringRef(""), StringRef(this->LogFile), StringRef(this->LogFile)};
    bool Failed = false;
    PI = sys::ExecuteNoWait(GateExe, Refs, std::nullopt, Redir, 0, &Err, &Failed);
    Started = !Failed;
  }

  std::optional<json::Object> finish(unsigned TimeoutS, std::string &Why) {
    if (!Started) {
      Why = "cannot run the gate: " + Err;
      return std::nullopt;
    }
    int RC = sys::Wait(PI, TimeoutS, &Err).ReturnCode;
    auto R = readJsonFile(Json);
    if (!R)
      Why = RC == -2 ? formatv("the gate was killed (crash or the {0} s limit)", TimeoutS).str()
                     : formatv("the gate wrote no report (exit {0}{1}); see {2}", RC, Err.empty() ? "" : ": " + Err,
                               LogFile)
                           .str();
    return R;
  }

private:
  std::string Json, LogFile, Err;
  sys::ProcessInfo PI;
  bool Started = false;
};

} // namespace

Expected<json::Object> loadRecord(StringRef Dir) {
  SmallString<256> Path(Dir);
  sys::path::append(Path, "lineage.json");
  auto B = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!B)
    return createStringError(B.getError(), "cannot read " + Path + ": " + B.getError().message());
  auto V = json::parse((*B)->getBuffer());
  if (!V)
    return createStringError(inconvertibleErrorCode(), Path + ": not a lineage record: " + toString(V.takeError()));
  if (json::Object *O = V->getAsObject())
    return std::move(*O);
  return createStringError(inconvertibleErrorCode(), Path + ": not a lineage record");
}

std::optional<std::string> notFasterReason(double BeforeMs, const json::Object &BeforeProfile, double AfterMs) {
  const double Bar = std::min(BeforeMs, BeforeProfile.getNumber("p10_ms").value_or(BeforeMs));
  if (AfterMs > 0 && AfterMs < Bar)
    return std::nullopt;
  if (AfterMs > 0 && AfterMs < BeforeMs)
    return formatv("not faster beyond the noise: {0:F4} -> {1:F4} ms (the input's p10 is {2:F4} ms)", BeforeMs,
                   AfterMs, Bar)
        .str();
  return formatv("not faster: {0:F4} -> {1:F4} ms", BeforeMs, AfterMs).str();
}

std::optional<Bound> boundOf(const json::Object *Profile) {
  if (!Profile)
    return std::nullopt;
  double Bw = Profile->getNumber("pct_copy_bw").value_or(-1);
  double Fp = Profile->getNumber("pct_fp32_measured").value_or(-1);
  if (Bw < 0 && Fp < 0)
    return std::nullopt;
  if (Fp > Bw)
    return Bound{"compute", Fp};
  return Bound{"memory", Bw};
}

std::optional<json::Object> runGateProcess(StringRef GateExe, ArrayRef<std::string> GateArgs, StringRef Json,
                                           StringRef LogFile, unsigned TimeoutS, std::string &Why) {
  return GateChild(GateExe, GateArgs, Json, LogFile).finish(TimeoutS, Why);
}

std::optional<std::string> pairCacheKey(ArrayRef<std::string> Files, StringRef Workload,
                                        ArrayRef<std::string> GateFlags) {
  std::string Key;
  std::vector<std::string> Inputs(Files.begin(), Files.end());
  Inputs.push_back(Workload.str());
  for (const std::string &F : Inputs) {
    Expected<std::string> T = readFile(F);
    if (!T) {
      consumeError(T.takeError());
      return std::nullopt;
    }
    Key += sha256Hex(*T) + "\n";
  }
  for (const std::string &F : GateFlags)
    Key += F + "\n";
  return sha256Hex(Key);
}

namespace {

class Walker {
public:
  Walker(const WalkOptions &O, raw_ostream &Log) : O(O), Log(Log) {}
  Expected<json::Object> run();

private:
  Error loadOrStart();
  Error save();
  std::vector<Candidate> candidates(Session &S, StringRef CurText, StringRef Label, unsigned StepNo,
                                    json::Array &Tried);
  /// The candidates of rewrite \p R in \p S (opened on the current
  /// kernel, with option set \p Choice when it is not empty), named
  /// Label-<rewrite>Suffix, appended to \p Out; what was tried to \p Tried.
  void addCandidates(Session &S, const RewritePair &R, const RewriteOptions &Choice, StringRef Suffix,
                     StringRef CurText, StringRef Label, json::Array &Tried, std::vector<Candidate> &Out);
  /// What is known of kernel \p File: the profile of the last run that
  /// timed it (a chain's last step, or the input's first pair).
  KernelContext contextOf(StringRef File) const;
  /// One expansion of kernel \p From (relative to OutDir): its candidates
  /// (named Label-<rewrite>), written, compiled and gated against it.
  Expected<std::vector<Candidate>> expand(Session &S, StringRef From, StringRef Label, unsigned StepNo,
                                          StringRef What, json::Array &Tried, std::string &FromText);
  /// The accepted candidate the policy takes (null: none).
  Candidate *choose(std::vector<Candidate> &Cs) const;
  static json::Array candidatesJson(const std::vector<Candidate> &Cs);
  /// What a step (or a DAG edge) records of candidate \p C taken from \p From to \p To.
  json::Object stepJson(Candidate &C, StringRef From, StringRef To, StringRef Diff, json::Array CandJson,
                        json::Array Tried) const;
  /// --policy breadth: every accepted branch, a DAG of kernels.
  Expected<json::Object> runBreadth(Session &S);
  /// --beam W (a forward search): the W fastest kept kernels per level.
  Expected<json::Object> runBeam(Session &S);
  void compileAll(std::vector<Candidate> &Cs);
  void gatePair(Candidate &C, StringRef Prev);
  /// Runs `klineage gate ARGS --json J`; returns the report (none when the
  /// gate wrote none: it could not run, or was killed after the time limit).
  std::optional<json::Object> runGate(ArrayRef<std::string> Files, bool CompileOnly, StringRef Json,
                                      StringRef LogFile, std::string &Why);
  std::string path(const Twine &Rel) const {
    SmallString<256> P(O.OutDir);
    sys::path::append(P, Rel);
    return std::string(P);
  }
  void progress(const Twine &Msg) { Log << "lineage: " << Msg << "\n"; }

  const WalkOptions &O;
  raw_ostream &Log;
  const clang::tooling::CompilationDatabase *DB = nullptr; ///< run()'s, for option sets' Sessions
  json::Object Record;
  json::Array Steps;
  std::string CurFile; ///< the current kernel, relative to OutDir
  KernelContext Context; ///< of the kernel being expanded
  /// Beam: each kernel's profile, from the run that kept it.
  std::map<std::string, json::Object> NodeProfiles;
  bool Measured = true;
  std::string UnmeasuredWhy;
  double GateSeconds = 0;
  unsigned GateRuns = 0;
  bool MixedGpus = false; ///< told once that a resumed walk changed GPUs
  unsigned GateEvaluations = 0; ///< pair gate reports used (run or resumed): the budget's unit
  unsigned CompileRejected = 0; ///< candidates the compile stage rejected
  unsigned WrongKernels = 0;    ///< candidates the gate found wrong (correctness, sanitizer)
  bool budgetSpent() const { return O.GateBudget && GateEvaluations >= O.GateBudget; }
};

Error Walker::loadOrStart() {
  auto Expert = readFile(O.Expert);
  if (!Expert)
    return Expert.takeError();
  std::string Sha = sha256Hex(*Expert);
  if (std::error_code EC = sys::fs::create_directories(path("candidates")))
    return createStringError(EC, "cannot create " + path("candidates") + ": " + EC.message());
  std::string RecordPath = path("lineage.json");
  if (O.Restart) {
    // The old walk's own files (kernels, diffs, candidates and their
    // reports), so no step of it is left beside the new one; nothing else
    // in DIR is touched.
    std::error_code EC;
    for (StringRef Sub : {"", "candidates"})
      for (sys::fs::directory_iterator It(path(Sub), EC), End; It != End && !EC; It.increment(EC)) {
        StringRef Name = sys::path::filename(It->path());
        bool Step = !Name.empty() && (isDigit(Name.front()) || (Name.front() == 'n' && Name.size() > 1 &&
                                                                 isDigit(Name[1])));
        bool Ours = Name.ends_with(".cu") || Name.ends_with(".diff") || Name.ends_with(".json") ||
                    Name.ends_with(".log");
        if ((!Sub.empty() || Step) && Ours && Name != "lineage.json")
          sys::fs::remove(It->path());
      }
  }
  if (!O.Restart && sys::fs::exists(RecordPath)) {
    auto Old = readJsonFile(RecordPath);
    if (!Old)
      return createStringError(inconvertibleErrorCode(),
                               RecordPath + ": not a lineage record (unreadable JSON); use --restart "
                                            "to start the walk again");
    if (Old->getString("expert_sha256").value_or("") != Sha)
      return createStringError(inconvertibleErrorCode(),
                               RecordPath + " is the walk of another kernel (" +
                                   Old->getString("expert").value_or("?").str() +
                                   "); use another -o or --restart");
    Record = std::move(*Old);
    if (const json::Array *S = Record.getArray("steps"))
      Steps = *S;
    CurFile = "0-expert.cu";
    if (!Steps.empty()) {
      const json::Object *Last = Steps.back().getAsObject();
      CurFile = Last->getString("to").value_or(CurFile).str();
      if (O.Pol != Policy::Breadth && O.Pol != Policy::Beam) { // these recount everything
        GateEvaluations = unsigned(Last->getInteger("gate_evaluations").value_or(0));
        CompileRejected = unsigned(Last->getInteger("compile_rejected").value_or(0));
        WrongKernels = unsigned(Last->getInteger("wrong_kernels").value_or(0));
      }
    }
    progress(formatv("resuming {0} at step {1} (from {2})", RecordPath, Steps.size() + 1, CurFile));
    if (Record.getString("status").value_or("") != "root")
      Record["status"] = "walking";
    return Error::success();
  }
  if (Error E = writeFilesAtomically({{path("0-expert.cu"), *Expert}}))
    return E;
  CurFile = "0-expert.cu";
  Record = json::Object{{"schema", "klineage-lineage/1"},
                        {"expert", O.Expert},
                        {"expert_sha256", Sha},
                        {"workload", O.Workload},
                        {"direction", directionName(O.Dir).str()},
                        {"policy", policyName(O.Pol)},
                        {"granularity", O.Gran == Granularity::Site ? "site" : "rewrite"},
                        {"stages", O.Stages},
                        {"status", "walking"}};
  json::Array Assumed;
  for (const std::string &F : O.Session.Assume.describe())
    Assumed.push_back(F);
  Record["assumptions"] = std::move(Assumed);
  for (const auto &[K, V] : O.Extra)
    Record[K] = V;
  if (O.Session.Assume.reassociate())
    Record["reassociation"] = O.Session.Assume.reassociationSource();
  return save();
}

Error Walker::save() {
  Record["steps"] = json::Array(Steps);
  Record["current"] = CurFile;
  Record["measured"] = Measured && O.Stages != "compile";
  Record["gate_evaluations"] = GateEvaluations;
  Record["compile_rejected"] = CompileRejected;
  Record["wrong_kernels"] = WrongKernels;
  if (!UnmeasuredWhy.empty())
    Record["unmeasured_reason"] = UnmeasuredWhy;
  std::vector<FileToWrite> Files;
  if (O.Dir == Direction::Forward) {
    // A search's result: the last kept kernel (every kept move was faster,
    // or the search is unmeasured and every move compiled), as best.cu.
    auto Best = readFile(path(CurFile));
    if (!Best)
      return Best.takeError();
    Files.push_back({path("best.cu"), std::move(*Best)});
    Record["best"] = CurFile;
    // Steps are timed pairwise; when every one was, their product is the total.
    if (!Steps.empty() && llvm::all_of(Steps, [](const json::Value &V) {
          const json::Object *S = V.getAsObject();
          return S && S->getNumber("slowdown");
        })) {
      double Total = 1;
      for (const json::Value &V : Steps)
        Total /= *V.getAsObject()->getNumber("slowdown");
      Record["speedup"] = Total;
    }
  }
  Files.push_back({path("lineage.json"), formatv("{0:2}", json::Value(json::Object(Record))).str() + "\n"});
  return writeFilesAtomically(Files);
}

std::vector<Candidate> Walker::candidates(Session &S, StringRef CurText, StringRef Label, unsigned StepNo,
                                          json::Array &Tried) {
  std::vector<Candidate> Out;
  std::vector<const RewritePair *> Order = O.StepOrder ? O.StepOrder(S, StepNo, Context) : O.Rewrites;
  for (const RewritePair *R : Order) {
    std::vector<RewriteOptions> Choices =
        O.OptionChoices ? O.OptionChoices(S, *R) : std::vector<RewriteOptions>{RewriteOptions()};
    for (size_t V = 0; V < Choices.size(); ++V) {
      // A choice other than the walk's own options: a Session of its own on
      // the same text (sites and their verdicts may depend on the options).
      RewriteOptions Merged = S.options().Options;
      for (const auto &[K, Val] : Choices[V])
        Merged[K] = Val;
      Session *In = &S;
      std::unique_ptr<Session> Own;
      if (Merged != S.options().Options) {
        SessionOptions SO = S.options();
        SO.Options = Merged;
        Own = std::make_unique<Session>(*DB, std::move(SO));
        if (Error E = Own->open(S.path(), CurText)) {
          json::Object T{{"rewrite", R->name()}, {"options", optionsJson(Choices[V])},
                         {"not_built", "does not parse with these options: " + toString(std::move(E))}};
          Tried.push_back(std::move(T));
          continue;
        }
        In = Own.get();
      }
      addCandidates(*In, *R, Merged == S.options().Options ? RewriteOptions() : Choices[V],
                    Choices.size() > 1 ? formatv("@{0}", V + 1).str() : std::string(), CurText, Label, Tried, Out);
    }
  }
  return Out;
}

void Walker::addCandidates(Session &S, const RewritePair &RP, const RewriteOptions &Choice, StringRef Suffix,
                           StringRef CurText, StringRef Label, json::Array &Tried, std::vector<Candidate> &Out) {
  bool AllowUnknown = S.options().Assume.all();
  const RewritePair *R = &RP;
  {
    std::vector<Site> &Sites = S.sites(*R, O.Dir);
    std::vector<const Site *> Ok;
    const Site *Blocked = nullptr;
    for (const Site &X : Sites) {
      if (X.applicable(AllowUnknown))
        Ok.push_back(&X);
      else if (!Blocked)
        Blocked = &X;
    }
    json::Object T{{"rewrite", R->name()}, {"sites", Sites.size()}, {"applicable", Ok.size()}};
    if (!Choice.empty())
      T["options"] = optionsJson(Choice);
    if (O.Moves && !Ok.empty()) {
      std::string Note;
      Ok = O.Moves(S, *R, std::move(Ok), Note);
      T["moves"] = Ok.size();
      if (!Note.empty())
        T["moves_note"] = Note;
    }
    if (Ok.empty()) {
      if (Blocked)
        if (const PreconditionResult *P = Blocked->blocker(AllowUnknown))
          T["blocked_by"] = formatv("line {0}: {1} {2}: {3}", Blocked->Line, P->Name, statusName(P->St),
                                    P->Reason)
                                .str();
      Tried.push_back(std::move(T));
      return;
    }
    std::vector<std::vector<const Site *>> Groups;
    if (O.Gran == Granularity::Rewrite)
      Groups.push_back(Ok);
    else
      for (const Site *X : Ok)
        Groups.push_back({X});
    unsigned Made = 0;
    for (auto &G : Groups) {
      Selection Sel;
      for (const Site *X : G)
        Sel.Ids.push_back(X->Id);
      auto Res = S.apply(*R, O.Dir, Sel);
      std::string Why;
      if (!Res)
        Why = toString(Res.takeError());
      else if (Res->Outcome != ApplyResult::Applied)
        Why = Res->Failed.empty() ? outcomeName(Res->Outcome).str() : Res->Failed.front().Reason;
      else if (!Res->Headers.empty())
        Why = "the rewrite edits a header; a lineage walks one file";
      else if (Res->Text == CurText)
        Why = "the rewrite left the file unchanged";
      if (!Why.empty()) {
        T["not_built"] = Why;
        continue;
      }
      // Option sets that give the same kernel as an earlier candidate of the
      // step (an option the sites do not use) are that candidate: one
      // compile, one gate evaluation.
      if (auto Same = llvm::find_if(Out, [&](const Candidate &X) { return X.Text == Res->Text; });
          Same != Out.end()) {
        T["same_kernel_as"] = Same->Name;
        continue;
      }
      Candidate C;
      C.R = R;
      C.Name = formatv("{0}-{1}{2}", Label, R->name(), Suffix).str();
      C.Options = Choice;
      if (O.Gran == Granularity::Site)
        C.Name += formatv(".site{0}", G.front()->Id).str();
      C.File = path("candidates/" + C.Name + ".cu");
      C.Text = std::move(Res->Text);
      for (const Site *X : Res->Applied)
        C.Sites.push_back(siteToJson(*X, *R, AllowUnknown));
      Out.push_back(std::move(C));
      ++Made;
    }
    T["candidates"] = Made;
    Tried.push_back(std::move(T));
  }
}

std::optional<json::Object> Walker::runGate(ArrayRef<std::string> Files, bool CompileOnly,
                                            StringRef Json, StringRef LogFile, std::string &Why) {
  std::vector<std::string> Args(Files.begin(), Files.end());
  Args.insert(Args.end(), {"--workload", O.Workload});
  if (CompileOnly)
    Args.insert(Args.end(), {"--stages", "compile"});
  else
    Args.insert(Args.end(), {"--repeat", std::to_string(std::max(1, O.Repeat))});
  Args.insert(Args.end(), O.GateArgs.begin(), O.GateArgs.end());
  // (Args: the files, "--workload" and its path, then the flags the key takes.)
  // A measured pair reused: the same kernels, manifest and flags were gated
  // before (into this cache); the report is copied, nothing runs.
  std::string CacheFile;
  if (!CompileOnly && Files.size() == 2 && !O.PairCache.empty()) {
    if (std::optional<std::string> Key =
            pairCacheKey(Files, O.Workload, ArrayRef<std::string>(Args).drop_front(Files.size() + 2))) {
      CacheFile = (O.PairCache + "/" + *Key + ".json");
      if (std::optional<json::Object> Cached = readJsonFile(CacheFile)) {
        (*Cached)["reused_from"] = CacheFile;
        std::string Text = formatv("{0:2}", json::Value(json::Object(*Cached))).str() + "\n";
        if (Error E = writeFilesAtomically({{Json.str(), Text},
                                            {LogFile.str(), "reused the measured pair " + CacheFile + " (" +
                                                                Files[0] + " vs " + Files[1] + "): not run again\n"}}))
          consumeError(std::move(E));
        else
          return Cached;
      }
    }
  }
  auto T0 = std::chrono::steady_clock::now();
  auto R = runGateProcess(O.GateExe, Args, Json, LogFile, O.GateTimeoutS, Why);
  if (R && !CacheFile.empty() && R->getBoolean("gpu_available").value_or(false)) {
    sys::fs::create_directories(O.PairCache);
    if (Error E = writeFilesAtomically({{CacheFile, formatv("{0:2}", json::Value(json::Object(*R))).str() + "\n"}}))
      consumeError(std::move(E));
  }
  if (!CompileOnly) {
    GateSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - T0).count();
    ++GateRuns;
  }
  return R;
}

void Walker::compileAll(std::vector<Candidate> &Cs) {
  // Every candidate's compile stage, Jobs at a time, each a gate process.
  std::vector<Candidate *> Todo;
  for (Candidate &C : Cs) {
    C.CompileJson = path("candidates/" + C.Name + ".compile.json");
    if (auto R = readJsonFile(C.CompileJson)) { // resumed: compiled before
      if (const json::Object *X = lastCandidate(*R)) {
        takeCompileReport(C, *X);
        CompileRejected += !C.Compiled;
        continue;
      }
    }
    Todo.push_back(&C);
  }
  size_t Done = Cs.size() - Todo.size();
  for (size_t B = 0; B < Todo.size(); B += std::max(1u, O.Jobs)) {
    std::vector<std::pair<Candidate *, GateChild>> Jobs;
    for (size_t K = B; K < Todo.size() && K < B + std::max(1u, O.Jobs); ++K) {
      Candidate *C = Todo[K];
      std::vector<std::string> Args = {C->File, "--workload", O.Workload, "--stages", "compile"};
      Args.insert(Args.end(), O.GateArgs.begin(), O.GateArgs.end());
      Jobs.emplace_back(C, GateChild(O.GateExe, Args, C->CompileJson, path("candidates/" + C->Name + ".compile.log")));
    }
    for (auto &[C, Child] : Jobs) {
      std::string Why;
      auto R = Child.finish(O.GateTimeoutS, Why);
      const json::Object *X = R ? lastCandidate(*R) : nullptr;
      if (X) {
        takeCompileReport(*C, *X);
        CompileRejected += !C->Compiled;
      } else {
        ++CompileRejected;
        C->Verdict = "rejected";
        C->FailedStage = "compile";
        C->Reason = Why.empty() ? "the gate's report names no candidate" : Why;
      }
      ++Done;
    }
    progress(formatv("  compile {0}/{1}", Done, Cs.size()));
  }
  for (Candidate &C : Cs)
    if (C.Compiled && C.Verdict == "not gated" && (O.Stages == "compile" || !Measured))
      C.Verdict = "compiled (unmeasured)";
}

void Walker::gatePair(Candidate &C, StringRef Prev) {
  C.GateJson = path("candidates/" + C.Name + ".gate.json");
  std::optional<json::Object> R = readJsonFile(C.GateJson); // resumed: gated before
  ++GateEvaluations; // a resumed walk counts the reports it reuses: the same budget
  std::string Why;
  if (!R)
    R = runGate({Prev.str(), C.File}, /*CompileOnly=*/false, C.GateJson,
                path("candidates/" + C.Name + ".gate.log"), Why);
  if (!R) {
    C.Verdict = "rejected";
    C.FailedStage = "gate";
    C.Reason = Why;
    return;
  }
  if (!R->getBoolean("gpu_available").value_or(false)) {
    Measured = false;
    UnmeasuredWhy = R->getString("runtime_skipped_reason").value_or("no GPU").str();
    C.Verdict = "compiled (unmeasured)";
    return;
  }
  const json::Array *Cs = R->getArray("candidates");
  const json::Object *A = Cs && Cs->size() == 2 ? (*Cs)[0].getAsObject() : nullptr;
  const json::Object *B = Cs && Cs->size() == 2 ? (*Cs)[1].getAsObject() : nullptr;
  if (!A || !B) {
    C.Verdict = "rejected";
    C.FailedStage = "gate";
    C.Reason = "the gate report has no pair of candidates";
    return;
  }
  C.Measured = true;
  C.BeforeMs = A->getNumber("median_ms").value_or(-1);
  C.AfterMs = B->getNumber("median_ms").value_or(-1);
  C.BeforeProfile = profileFacts(*A);
  C.AfterProfile = profileFacts(*B);
  if (const json::Object *G = R->getObject("gpu"))
    C.Gpu = G->getString("name").value_or("").str();
  if (const json::Object *G = Record.getObject("gpu"); G && !C.Gpu.empty() && !MixedGpus &&
                                                        G->getString("name").value_or("") != C.Gpu) {
    // A walk resumed on another machine: each step's ratio is still one
    // run's, but times of different steps come from different GPUs.
    MixedGpus = true;
    progress(formatv("this walk's earlier steps were measured on {0}; from here on {1} (each step records its GPU)",
                     G->getString("name").value_or(""), C.Gpu));
  }
  if (const json::Object *G = R->getObject("gpu"); G && !Record.getObject("gpu"))
    Record["gpu"] = json::Object{{"name", C.Gpu},
                                 {"sms", G->getInteger("sms").value_or(0)},
                                 {"copy_bw_measured", G->getNumber("copy_bw_measured").value_or(0)},
                                 {"fp32_measured", G->getNumber("fp32_measured").value_or(0)}};
  if (C.BeforeMs > 0 && Prev.ends_with("/0-expert.cu") && !Record.getNumber("input_ms")) {
    // The input's time, whatever becomes of the candidate (the optimizer's baseline).
    Record["input_ms"] = C.BeforeMs;
    Record["input_profile"] = json::Object(C.BeforeProfile);
  }
  if (B->getString("verdict").value_or("") != "accepted") {
    C.Verdict = "rejected";
    C.FailedStage = B->getString("failed_stage").value_or("").str();
    C.Reason = B->getString("reason").value_or("").str();
    // A kernel that computes the wrong thing (or faults) was proposed.
    WrongKernels += C.FailedStage == "correctness" || C.FailedStage == "sanitize";
    return;
  }
  if (A->getString("verdict").value_or("") != "accepted") {
    // The kernel before it failed in this run (flaky, or a harder size):
    // nothing can be compared.
    C.Verdict = "rejected";
    C.FailedStage = "baseline";
    C.Reason = "the kernel before it was rejected in this run: " + A->getString("reason").value_or("").str();
    return;
  }
  C.Verdict = "accepted";
  // A move is kept only when it pays beyond the noise, so the search neither
  // returns a slower kernel nor collects steps that only won a coin toss.
  if (O.Dir == Direction::Forward)
    if (std::optional<std::string> Why = notFasterReason(C.BeforeMs, C.BeforeProfile, C.AfterMs)) {
      C.Verdict = "rejected";
      C.FailedStage = "speed";
      C.Reason = std::move(*Why);
    }
}

Expected<std::vector<Candidate>> Walker::expand(Session &S, StringRef From, StringRef Label, unsigned StepNo,
                                                StringRef What, json::Array &Tried, std::string &FromText) {
  std::string Cur = path(From);
  Context = contextOf(From);
  auto CurText = readFile(Cur);
  if (!CurText)
    return CurText.takeError();
  FromText = *CurText;
  if (Error E = S.open(Cur))
    return createStringError(inconvertibleErrorCode(), Cur + ": cannot parse: " + toString(std::move(E)));
  std::vector<Candidate> Cs = candidates(S, *CurText, Label, StepNo, Tried);
  std::string Names;
  for (Candidate &C : Cs)
    Names += (Names.empty() ? "" : ", ") + C.Name.substr(C.Name.find('-') + 1);
  progress(formatv("{0}: {1} from {2}: {3} candidate{4}{5}{6}", What, directionName(O.Dir), From, Cs.size(),
                   Cs.size() == 1 ? "" : "s", Cs.empty() ? "" : ": ", Names));
  for (Candidate &C : Cs)
    if (Error E = writeFilesAtomically({{C.File, C.Text}}))
      return std::move(E);
  compileAll(Cs);
  if (O.Stages != "compile") {
    std::vector<Candidate *> ToGate;
    for (Candidate &C : Cs)
      if (C.Compiled && C.Verdict == "not gated")
        ToGate.push_back(&C);
    for (size_t K = 0; K < ToGate.size() && Measured; ++K) {
      Candidate &C = *ToGate[K];
      if (budgetSpent()) {
        C.Verdict = "not gated";
        C.Reason = formatv("the budget of {0} gate evaluations is spent", O.GateBudget).str();
        continue;
      }
      std::string Eta = GateRuns ? ", ETA of the step " + fmtTime(GateSeconds / GateRuns * (ToGate.size() - K))
                                 : "";
      progress(formatv("  gate {0}/{1}: {2} against {3}{4}", K + 1, ToGate.size(), C.Name, From, Eta));
      gatePair(C, Cur);
      progress(formatv("    {0}{1}{2}", C.Verdict,
                       C.slowdown() > 0 ? formatv(": {0:F4} -> {1:F4} ms ({2:F3}x the time)", C.BeforeMs,
                                                  C.AfterMs, C.slowdown())
                                              .str()
                                        : std::string(),
                       C.Reason.empty() ? "" : " (" + C.FailedStage + ": " + C.Reason + ")"));
      if (O.Pol == Policy::First && C.accepted())
        break;
    }
    if (!Measured)
      for (Candidate &C : Cs)
        if (C.Compiled && C.Verdict == "not gated")
          C.Verdict = "compiled (unmeasured)";
  }
  return Cs;
}

KernelContext Walker::contextOf(StringRef File) const {
  KernelContext K;
  K.File = File.str();
  const json::Object *P = nullptr;
  if (auto It = NodeProfiles.find(File.str()); Measured && It != NodeProfiles.end())
    P = &It->second;
  else if (Measured) {
    const json::Object *Last = Steps.empty() ? nullptr : Steps.back().getAsObject();
    if (Last && Last->getString("to").value_or("") == File)
      P = Last->getObject("after_profile");
    else if (Steps.empty())
      P = Record.getObject("input_profile");
  }
  if (P)
    K.Profile = *P;
  K.B = boundOf(P);
  return K;
}

Candidate *Walker::choose(std::vector<Candidate> &Cs) const {
  Candidate *Best = nullptr;
  for (Candidate &C : Cs) {
    if (!C.accepted())
      continue;
    if (!Best)
      Best = &C;
    else if (O.Pol != Policy::First && O.Dir == Direction::Reverse && C.slowdown() > Best->slowdown())
      Best = &C; // the costliest optimization comes off first
    else if (O.Pol != Policy::First && O.Dir == Direction::Forward && C.slowdown() > 0 &&
             (Best->slowdown() <= 0 || C.slowdown() < Best->slowdown()))
      Best = &C; // the fastest move
  }
  return Best;
}

json::Array Walker::candidatesJson(const std::vector<Candidate> &Cs) {
  json::Array CandJson;
  for (const Candidate &C : Cs) {
    json::Object X{{"name", C.Name}, {"rewrite", C.R->name()}, {"file", "candidates/" + C.Name + ".cu"},
                   {"verdict", C.Verdict}};
    if (!C.Options.empty())
      X["options"] = optionsJson(C.Options);
    if (!C.FailedStage.empty())
      X["failed_stage"] = C.FailedStage;
    if (!C.Reason.empty())
      X["reason"] = C.Reason;
    if (C.slowdown() > 0)
      X["slowdown"] = C.slowdown();
    CandJson.push_back(std::move(X));
  }
  return CandJson;
}

json::Object Walker::stepJson(Candidate &C, StringRef From, StringRef To, StringRef Diff, json::Array CandJson,
                              json::Array Tried) const {
  json::Object StepJ{{"from", From.str()},
                     {"to", To.str()},
                     {"rewrite", C.R->name().str()},
                     {"direction", directionName(O.Dir).str()},
                     {"sites", json::Array(C.Sites)},
                     {"diff", Diff.str()},
                     {"verdict", C.Verdict},
                     {"compile_report", "candidates/" + C.Name + ".compile.json"},
                     {"resources", json::Object(C.Resources)},
                     {"candidates", std::move(CandJson)},
                     {"tried", std::move(Tried)}};
  if (!C.Options.empty())
    StepJ["options"] = optionsJson(C.Options);
  if (!C.GateJson.empty() && C.Measured) {
    StepJ["gate_report"] = "candidates/" + C.Name + ".gate.json";
    StepJ["before_ms"] = C.BeforeMs;
    StepJ["after_ms"] = C.AfterMs;
    StepJ["before_profile"] = json::Object(C.BeforeProfile);
    StepJ["after_profile"] = json::Object(C.AfterProfile);
    if (!C.Gpu.empty())
      StepJ["gpu"] = C.Gpu;
    StepJ["slowdown"] = C.slowdown();
    // The forward step's effect, what a skill card cites: a reverse step's
    // simpler kernel is the forward step's input (its time over the
    // optimized one's), a forward step's input is its before.
    StepJ["forward_speedup"] = O.Dir == Direction::Reverse ? C.slowdown() : 1.0 / C.slowdown();
  }
  return StepJ;
}

Expected<json::Object> Walker::runBreadth(Session &S) {
  // Every accepted candidate of every kernel becomes an edge; kernels with
  // the same text are one node (two orders that meet), so the walk is a
  // DAG. Node k is n<k>.cu (node 0 the expert); candidates are named
  // n<k>-<rewrite>, so a resumed walk re-expands from the reports on disk.
  auto Start = std::chrono::steady_clock::now();
  struct Node {
    std::string File;
    std::vector<size_t> Out; ///< edge indices
  };
  std::vector<Node> Nodes{{"0-expert.cu", {}}};
  std::map<std::string, size_t> BySha;
  std::vector<json::Object> Edges;
  json::Array NodesJ;
  auto Text0 = readFile(path("0-expert.cu"));
  if (!Text0)
    return Text0.takeError();
  BySha[sha256Hex(*Text0)] = 0;
  size_t K = 0;
  for (; K < Nodes.size() && K < O.MaxSteps; ++K) {
    json::Array Tried;
    std::string FromText;
    std::string From = Nodes[K].File;
    auto CsOr = expand(S, From, formatv("n{0}", K).str(), unsigned(K + 1),
                       formatv("node {0}/{1}", K + 1, Nodes.size()).str(), Tried, FromText);
    if (!CsOr)
      return CsOr.takeError();
    json::Array CandJson = candidatesJson(*CsOr);
    json::Array Children;
    for (Candidate &C : *CsOr) {
      if (!C.accepted())
        continue;
      std::string Sha = sha256Hex(C.Text);
      auto It = BySha.find(Sha);
      size_t To = It != BySha.end() ? It->second : Nodes.size();
      if (To == Nodes.size()) {
        BySha[Sha] = To;
        Nodes.push_back({formatv("n{0}.cu", To).str(), {}});
        if (Error E = writeFilesAtomically({{path(Nodes.back().File), C.Text}}))
          return std::move(E);
      }
      std::string Diff = formatv("n{0}-n{1}.diff", K, To).str();
      if (Error E = writeFilesAtomically({{path(Diff), unifiedDiff(FromText, C.Text, From, Nodes[To].File)}}))
        return std::move(E);
      json::Object EJ = stepJson(C, From, Nodes[To].File, Diff, json::Array(), json::Array());
      EJ["from_node"] = K;
      EJ["to_node"] = To;
      Nodes[K].Out.push_back(Edges.size());
      Edges.push_back(std::move(EJ));
      Children.push_back(To);
    }
    NodesJ.push_back(json::Object{{"node", K},
                                  {"file", From},
                                  {"children", std::move(Children)},
                                  {"candidates", std::move(CandJson)},
                                  {"tried", std::move(Tried)}});
    Record["nodes"] = json::Array(NodesJ);
    json::Array EdgesJ;
    for (const json::Object &E : Edges)
      EdgesJ.push_back(json::Object(E));
    Record["edges"] = std::move(EdgesJ);
    if (Error E = save())
      return std::move(E);
  }
  // The chain the policy would have walked: from the expert, the costliest
  // edge (catalogue order when unmeasured) until a node with none.
  Steps.clear();
  json::Array Roots;
  for (size_t N = 0; N < K; ++N)
    if (Nodes[N].Out.empty())
      Roots.push_back(Nodes[N].File);
  size_t At = 0;
  std::set<size_t> Seen{0};
  while (At < K && !Nodes[At].Out.empty()) {
    size_t Best = Nodes[At].Out.front();
    for (size_t E : Nodes[At].Out)
      if (Edges[E].getNumber("slowdown").value_or(0) > Edges[Best].getNumber("slowdown").value_or(0))
        Best = E;
    json::Object StepJ = Edges[Best];
    StepJ["step"] = Steps.size() + 1;
    // The chain's own candidates and tries are its node's.
    if (const json::Object *NJ = NodesJ[At].getAsObject()) {
      if (const json::Array *A = NJ->getArray("candidates"))
        StepJ["candidates"] = json::Array(*A);
      if (const json::Array *A = NJ->getArray("tried"))
        StepJ["tried"] = json::Array(*A);
    }
    Steps.push_back(std::move(StepJ));
    At = size_t(*Edges[Best].getInteger("to_node"));
    if (!Seen.insert(At).second)
      break;
  }
  CurFile = Nodes[At].File;
  Record["roots"] = std::move(Roots);
  if (K < Nodes.size()) {
    Record["status"] = "stopped";
    Record["stop_reason"] = formatv("--max-steps {0} reached: {1} of {2} kernels expanded", O.MaxSteps, K,
                                    Nodes.size())
                                .str();
  } else {
    Record["status"] = "root";
    Record["root"] = CurFile;
    Record["root_reason"] = "no reverse rewrite applies and is accepted";
    if (const json::Object *NJ = NodesJ[At].getAsObject()) {
      if (const json::Array *A = NJ->getArray("tried"))
        Record["root_tried"] = json::Array(*A);
      if (const json::Array *A = NJ->getArray("candidates"))
        Record["root_candidates"] = json::Array(*A);
    }
  }
  progress(formatv("breadth: {0} kernels, {1} edges, {2} roots; chain of {3} steps to {4}; {5}", Nodes.size(),
                   Edges.size(), Record.getArray("roots")->size(), Steps.size(), CurFile,
                   fmtTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count())));
  if (Error E = save())
    return std::move(E);
  return Record;
}

Expected<json::Object> Walker::runBeam(Session &S) {
  // Kernels are n<k>.cu (n0 the input) as in a breadth walk, so a resumed
  // search re-expands from the gate reports on disk and meets the same
  // kernels in the same order. A kernel's time is relative to the input:
  // the product of the pairwise ratios on the path that found it.
  auto Start = std::chrono::steady_clock::now();
  struct Node {
    std::string File;
    double Rel = 1;
    size_t Parent = 0, Edge = 0;
    unsigned Depth = 0;
  };
  std::vector<Node> Nodes{{"0-expert.cu", 1, 0, 0, 0}};
  std::map<std::string, size_t> BySha;
  std::vector<json::Object> Edges;
  json::Array NodesJ, LevelsJ;
  auto Text0 = readFile(path("0-expert.cu"));
  if (!Text0)
    return Text0.takeError();
  BySha[sha256Hex(*Text0)] = 0;
  std::vector<size_t> Frontier{0};
  unsigned Depth = 0;
  auto saveGraph = [&]() -> Error {
    Record["nodes"] = json::Array(NodesJ);
    json::Array EdgesJ;
    for (const json::Object &E : Edges)
      EdgesJ.push_back(json::Object(E));
    Record["edges"] = std::move(EdgesJ);
    Record["levels"] = json::Array(LevelsJ);
    return save();
  };
  while (!Frontier.empty() && Depth < O.MaxSteps && !budgetSpent()) {
    std::vector<size_t> Next;
    for (size_t K : Frontier) {
      if (budgetSpent())
        break;
      json::Array Tried;
      std::string FromText;
      std::string From = Nodes[K].File;
      auto CsOr = expand(S, From, formatv("n{0}", K).str(), Depth + 1,
                         formatv("level {0}, kernel {1}", Depth + 1, From).str(), Tried, FromText);
      if (!CsOr)
        return CsOr.takeError();
      json::Array Children;
      for (Candidate &C : *CsOr) {
        if (!C.accepted())
          continue;
        std::string Sha = sha256Hex(C.Text);
        auto It = BySha.find(Sha);
        size_t To = It != BySha.end() ? It->second : Nodes.size();
        std::string Diff = formatv("n{0}-n{1}.diff", K, To).str();
        json::Object EJ =
            stepJson(C, From, To == Nodes.size() ? formatv("n{0}.cu", To).str() : Nodes[To].File, Diff,
                     json::Array(), json::Array());
        EJ["from_node"] = K;
        EJ["to_node"] = To;
        if (To == Nodes.size()) {
          // A kernel first met here: the path through K is its path.
          Node N{formatv("n{0}.cu", To).str(), Nodes[K].Rel * (C.slowdown() > 0 ? C.slowdown() : 1.0), K,
                 Edges.size(), Depth + 1};
          if (Error E = writeFilesAtomically(
                  {{path(N.File), C.Text}, {path(Diff), unifiedDiff(FromText, C.Text, From, N.File)}}))
            return std::move(E);
          BySha[Sha] = To;
          if (!C.AfterProfile.empty())
            NodeProfiles[N.File] = C.AfterProfile;
          Nodes.push_back(std::move(N));
          Next.push_back(To);
        }
        Edges.push_back(std::move(EJ));
        Children.push_back(To);
      }
      NodesJ.push_back(json::Object{{"node", K},
                                    {"file", From},
                                    {"depth", Nodes[K].Depth},
                                    {"relative_time", Nodes[K].Rel},
                                    {"children", std::move(Children)},
                                    {"candidates", candidatesJson(*CsOr)},
                                    {"tried", std::move(Tried)}});
      if (Error E = saveGraph())
        return std::move(E);
    }
    // The beam: the fastest new kernels (unmeasured: the first found).
    std::stable_sort(Next.begin(), Next.end(), [&](size_t A, size_t B) { return Nodes[A].Rel < Nodes[B].Rel; });
    json::Array Kept, Pruned;
    for (size_t I = 0; I < Next.size(); ++I)
      (I < O.BeamWidth ? Kept : Pruned).push_back(Nodes[Next[I]].File);
    if (Next.size() > O.BeamWidth)
      Next.resize(O.BeamWidth);
    ++Depth;
    progress(formatv("level {0}: {1} kernels kept{2}", Depth, Kept.size(),
                     Pruned.empty() ? std::string() : formatv(", {0} pruned", Pruned.size()).str()));
    LevelsJ.push_back(json::Object{{"level", Depth}, {"kept", std::move(Kept)}, {"pruned", std::move(Pruned)}});
    Frontier = std::move(Next);
  }
  // The fastest kernel found (ties: the deeper, then the first found) and
  // the path to it are the search's result and chain.
  size_t Best = 0;
  for (size_t N = 1; N < Nodes.size(); ++N)
    if (Nodes[N].Rel < Nodes[Best].Rel || (Nodes[N].Rel == Nodes[Best].Rel && Nodes[N].Depth > Nodes[Best].Depth))
      Best = N;
  std::vector<size_t> Path;
  for (size_t N = Best; N != 0; N = Nodes[N].Parent)
    Path.push_back(Nodes[N].Edge);
  Steps.clear();
  for (size_t E : llvm::reverse(Path)) {
    json::Object StepJ = Edges[E];
    StepJ["step"] = Steps.size() + 1;
    Steps.push_back(std::move(StepJ));
  }
  CurFile = Nodes[Best].File;
  if (budgetSpent()) {
    Record["status"] = "stopped";
    Record["stop_reason"] = formatv("the budget of {0} gate evaluations is spent", O.GateBudget).str();
  } else if (!Frontier.empty()) {
    Record["status"] = "stopped";
    Record["stop_reason"] = formatv("--max-steps {0} reached: {0} levels searched", O.MaxSteps).str();
  } else {
    Record["status"] = "root";
    Record["root"] = CurFile;
    Record["root_reason"] = "no move is kept at any kernel of the last level";
  }
  Record["beam_width"] = O.BeamWidth;
  progress(formatv("beam: {0} kernels, {1} edges, {2} levels; best {3} at {4:F3}x the input's time, a chain of {5} "
                   "steps; {6}",
                   Nodes.size(), Edges.size(), Depth, CurFile, Nodes[Best].Rel, Steps.size(),
                   fmtTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count())));
  if (Error E = saveGraph())
    return std::move(E);
  return Record;
}

Expected<json::Object> Walker::run() {
  clang::tooling::FixedCompilationDatabase Db(".", {});
  DB = &Db;
  Session S(Db, O.Session);
  // A kernel that does not parse is refused before anything is written.
  if (O.Restart || !sys::fs::exists(path("lineage.json")))
    if (Error E = S.open(O.Expert))
      return createStringError(inconvertibleErrorCode(), O.Expert + ": cannot parse: " + toString(std::move(E)));
  if (Error E = loadOrStart())
    return std::move(E);
  if (Record.getString("status").value_or("") == "root") {
    progress(formatv("the walk in {0} is complete ({1} steps, root {2})", O.OutDir, Steps.size(), CurFile));
    return Record;
  }
  if (O.Stages == "compile") {
    Measured = false;
    UnmeasuredWhy = "--stages compile: no runtime stage was run";
  }
  if (O.Pol == Policy::Breadth)
    return runBreadth(S);
  if (O.Pol == Policy::Beam)
    return runBeam(S);
  auto Start = std::chrono::steady_clock::now();
  while (Steps.size() < O.MaxSteps) {
    unsigned Step = Steps.size() + 1;
    json::Array Tried;
    std::string CurText;
    auto CsOr = expand(S, CurFile, std::to_string(Step), Step, formatv("step {0}", Step).str(), Tried, CurText);
    if (!CsOr)
      return CsOr.takeError();
    std::vector<Candidate> &Cs = *CsOr;
    Candidate *Best = choose(Cs);
    json::Array CandJson = candidatesJson(Cs);
    if (!Best) {
      Record["status"] = "root";
      Record["root"] = CurFile;
      // A forward move the gate accepted but that was not faster fails at 'speed'.
      const bool AllSlower = !Cs.empty() && llvm::all_of(Cs, [](const Candidate &C) { return C.FailedStage == "speed"; });
      Record["root_reason"] = Cs.empty()  ? (O.Dir == Direction::Reverse ? "no reverse rewrite applies"
                                                                         : "no forward move applies")
                              : AllSlower ? "no candidate was faster (each was accepted by the gate)"
                              : O.Dir == Direction::Reverse ? "no candidate was accepted by the gate"
                                                             : "no candidate was accepted by the gate and faster";
      Record["root_tried"] = std::move(Tried);
      Record["root_candidates"] = std::move(CandJson);
      progress(formatv("root: {0} ({1}); {2} steps in {3}", CurFile, *Record.getString("root_reason"),
                       Steps.size(), fmtTime(std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                                                            Start)
                                                 .count())));
      if (Error E = save())
        return std::move(E);
      return Record;
    }
    std::string To = formatv("{0}-{1}.cu", Step, Best->R->name()).str();
    std::string DiffName = formatv("{0}-{1}.diff", Step, Best->R->name()).str();
    if (Error E = writeFilesAtomically(
            {{path(To), Best->Text}, {path(DiffName), unifiedDiff(CurText, Best->Text, CurFile, To)}}))
      return std::move(E);
    json::Object StepJ = stepJson(*Best, CurFile, To, DiffName, std::move(CandJson), std::move(Tried));
    StepJ["step"] = Step;
    // What the walk had spent when it took this step (a resumed walk starts
    // from here: the steps before are not gated again).
    StepJ["gate_evaluations"] = GateEvaluations;
    StepJ["compile_rejected"] = CompileRejected;
    StepJ["wrong_kernels"] = WrongKernels;
    progress(formatv("step {0}: {1} ({2})", Step, To,
                     Best->slowdown() > 0 ? formatv("{0:F3}x the time", Best->slowdown()).str() : "unmeasured"));
    Steps.push_back(std::move(StepJ));
    CurFile = To;
    if (budgetSpent()) {
      Record["status"] = "stopped";
      Record["stop_reason"] = formatv("the budget of {0} gate evaluations is spent", O.GateBudget).str();
      progress(formatv("stopped after {0} steps: {1}", Steps.size(), *Record.getString("stop_reason")));
    }
    if (Error E = save())
      return std::move(E);
    if (budgetSpent())
      return Record;
  }
  Record["status"] = "stopped";
  Record["stop_reason"] = formatv("--max-steps {0} reached", O.MaxSteps).str();
  progress(formatv("stopped after {0} steps (--max-steps); run again with a larger --max-steps to go on",
                   Steps.size()));
  if (Error E = save())
    return std::move(E);
  return Record;
}

} // namespace

Expected<json::Object> walk(const WalkOptions &O, raw_ostream &Log) {
  Walker W(O, Log);
  return W.run();
}

} // namespace lineage
} // namespace klineage
