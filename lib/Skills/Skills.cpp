//===- Skills.cpp - Skill cards from lineages; checking a card against a kernel -===//
#include "klineage/Skills/Skills.h"
#include "klineage/Lineage/Lineage.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include <algorithm>
#include <climits>
#include <set>

using namespace llvm;

namespace klineage {
namespace skills {

namespace {

/// What a step's unified diff says: the new-file line ranges of its hunks
/// (where the simpler kernel differs, with context), and the removed and
/// added lines (the optimized and the simpler code).
struct DiffFacts {
  std::vector<std::pair<unsigned, unsigned>> NewRanges; ///< [first, last], 1-based
  /// New-file lines added, or where lines were removed.
  std::set<unsigned> Changed;
  std::string Removed, Added;
};

DiffFacts readDiff(StringRef Text) {
  DiffFacts D;
  SmallVector<StringRef, 128> Lines;
  Text.split(Lines, '\n');
  unsigned RemovedN = 0, AddedN = 0, NewLine = 0;
  const unsigned MaxLines = 40; // an excerpt, not the file
  for (StringRef L : Lines) {
    if (!L.starts_with("@@") && !L.starts_with("---") && !L.starts_with("+++") && !L.empty()) {
      if (L[0] == '-')
        D.Changed.insert(NewLine);
      else if (L[0] == '+')
        D.Changed.insert(NewLine++);
      else
        ++NewLine;
    }
    if (L.starts_with("@@")) {
      // @@ -a,b +c,d @@
      size_t Plus = L.find(" +");
      if (Plus == StringRef::npos)
        continue;
      StringRef R = L.substr(Plus + 2);
      R = R.take_until([](char C) { return C == ' '; });
      unsigned Start = 0, Len = 1;
      auto [S, N] = R.split(',');
      if (!to_integer(S, Start))
        continue;
      if (!N.empty())
        to_integer(N, Len);
      D.NewRanges.push_back({Start, Start + std::max(Len, 1u) - 1});
      NewLine = Start;
    } else if (L.starts_with("---") || L.starts_with("+++")) {
      continue;
    } else if (L.starts_with("-")) {
      if (RemovedN++ < MaxLines)
        D.Removed += L.substr(1).str() + "\n";
    } else if (L.starts_with("+")) {
      if (AddedN++ < MaxLines)
        D.Added += L.substr(1).str() + "\n";
    }
  }
  if (RemovedN > MaxLines)
    D.Removed += formatv("// ... {0} more lines\n", RemovedN - MaxLines).str();
  if (AddedN > MaxLines)
    D.Added += formatv("// ... {0} more lines\n", AddedN - MaxLines).str();
  return D;
}

std::string readText(const Twine &Path) {
  auto B = MemoryBuffer::getFile(Path, /*IsText=*/true);
  return B ? (*B)->getBuffer().str() : std::string();
}

std::string fmtNum(double V) {
  if (V == std::floor(V) && std::fabs(V) < 1e15)
    return std::to_string(int64_t(V));
  return formatv("{0:F2}", V).str();
}

/// The gate's context of the slower kernel of a step (its `to`): what bounds
/// it, how close it is to the ceiling, its resources and PTX shape.
std::map<std::string, std::string> contextOf(const json::Object &Step) {
  std::map<std::string, std::string> C;
  if (const json::Object *P = Step.getObject("after_profile")) {
    double Bw = P->getNumber("pct_copy_bw").value_or(-1), Fp = P->getNumber("pct_fp32_measured").value_or(-1);
    if (auto B = lineage::boundOf(P))
      C["bound"] = B->Kind;
    if (Bw >= 0)
      C["pct_copy_bw"] = fmtNum(Bw);
    if (Fp >= 0)
      C["pct_fp32"] = fmtNum(Fp);
    if (auto S = P->getString("size"))
      C["size"] = S->str();
    if (auto T = P->getNumber("median_ms"))
      C["time_ms"] = formatv("{0:F4}", *T).str();
  }
  if (const json::Object *R = Step.getObject("resources")) {
    int64_t Regs = 0, Smem = 0, Spill = 0;
    if (const json::Array *Ks = R->getArray("kernels"))
      for (const json::Value &KV : *Ks)
        if (const json::Object *K = KV.getAsObject()) {
          Regs = std::max(Regs, K->getInteger("registers").value_or(0));
          Smem = std::max(Smem, K->getInteger("smem_bytes").value_or(0));
          Spill += K->getInteger("spill_store_bytes").value_or(0) + K->getInteger("spill_load_bytes").value_or(0);
        }
    C["registers"] = std::to_string(Regs);
    C["smem_bytes"] = std::to_string(Smem);
    C["spill_bytes"] = std::to_string(Spill);
    if (const json::Object *Ptx = R->getObject("ptx"))
      for (const char *K : {"ld.global.v4", "ld.global.nc", "st.global.v4", "ld.shared", "st.shared", "shfl",
                            "cp.async", "atom", "red", "bar"})
        if (auto N = Ptx->getInteger(K))
          C[std::string("ptx.") + K] = std::to_string(*N);
  }
  return C;
}

} // namespace

std::string cardPath(StringRef Root, const SkillCard &C) {
  StringRef Leaf = StringRef(C.Id).rsplit('/').second;
  if (Leaf.empty())
    Leaf = C.Id;
  SmallString<256> P(Root);
  sys::path::append(P, C.Rewrite, Leaf + ".yaml");
  return std::string(P);
}

/// The GPU a step was measured on: the step's own record, else its gate
/// report's (records written before steps carried it). A walk resumed on
/// another machine has steps of different GPUs; the record's first is not theirs.
static std::optional<std::string> stepGpu(const json::Object &Step, StringRef LineageDir) {
  if (std::optional<StringRef> G = Step.getString("gpu"))
    return G->str();
  std::optional<StringRef> Report = Step.getString("gate_report");
  if (!Report)
    return std::nullopt;
  Expected<json::Value> V = json::parse(readText(LineageDir + "/" + *Report));
  if (!V) {
    consumeError(V.takeError());
    return std::nullopt;
  }
  if (const json::Object *O = V->getAsObject())
    if (const json::Object *G = O->getObject("gpu"))
      if (std::optional<StringRef> N = G->getString("name"))
        return N->str();
  return std::nullopt;
}

Expected<std::vector<SkillCard>> extractSkills(const json::Object &Record, StringRef LineageDir, Session &S,
                                               RewriteLookup Find, StringRef Commit, raw_ostream &Log) {
  const json::Array *Steps = Record.getArray("steps");
  if (!Record.getString("schema") || !Steps)
    return createStringError(inconvertibleErrorCode(), "not a lineage record (no schema or steps)");
  std::string Workload = sys::path::stem(Record.getString("workload").value_or("kernel")).str();
  std::string Gpu;
  if (const json::Object *G = Record.getObject("gpu"))
    Gpu = G->getString("name").value_or("").str();
  const bool Forward = Record.getString("direction").value_or("reverse") == "forward";
  SmallString<256> RecordPath(LineageDir);
  sys::path::append(RecordPath, "lineage.json");

  std::vector<SkillCard> Cards;
  for (const json::Value &V : *Steps) {
    const json::Object *Step = V.getAsObject();
    if (!Step)
      continue;
    int64_t N = Step->getInteger("step").value_or(0);
    StringRef RName = Step->getString("rewrite").value_or("");
    const RewritePair *R = Find(RName);
    if (!R) {
      Log << "skills: step " << N << ": unknown rewrite '" << RName << "'; skipped\n";
      continue;
    }
    SkillCard C;
    C.Rewrite = RName.str();
    C.Id = formatv("{0}/{1}-step{2}", RName, Workload, N).str();
    C.Intent = R->intent().str();
    C.Step = int(N);
    C.Lineage = std::string(RecordPath);
    C.Commit = Commit.str();
    C.GateReport = Step->getString("gate_report").value_or("").str();

    DiffFacts D = readDiff(readText(LineageDir + "/" + Step->getString("diff").value_or("").str()));
    // Forwards, the simpler code (the reverse step's additions) becomes the
    // optimized code (its removals).
    C.Before = D.Added;
    C.After = D.Removed;

    // The reverse sites: their facts carry the options the expert used.
    std::map<std::string, std::string> Facts;
    std::string ReverseKind, Function;
    if (const json::Array *Sites = Step->getArray("sites"))
      for (const json::Value &SV : *Sites)
        if (const json::Object *Site = SV.getAsObject()) {
          if (ReverseKind.empty()) {
            ReverseKind = Site->getString("kind").value_or("").str();
            Function = Site->getString("function").value_or("").str();
          }
          if (const json::Object *F = Site->getObject("facts"))
            for (auto &KV : *F)
              if (auto Str = KV.second.getAsString())
                Facts.emplace(KV.first.str(), Str->str());
        }
    for (auto &KV : Facts) {
      if (R->findOption(KV.first))
        C.Options[KV.first] = KV.second;
    }

    // The forward sites of the simpler kernel inside the step's diff.
    SmallString<256> To(LineageDir);
    sys::path::append(To, Step->getString("to").value_or(""));
    if (Error E = S.open(To)) {
      Log << "skills: step " << N << ": " << To << " does not parse (" << toString(std::move(E)) << "); skipped\n";
      continue;
    }
    // The forward sites the step undid: anchored on a changed line (else
    // inside a hunk); among them those that agree most with the reverse
    // sites' facts (the parameter, array or loop they name), applicable
    // ones first.
    std::vector<const Site *> Inside;
    for (int Pass = 0; Pass < 2 && Inside.empty(); ++Pass)
      for (const Site &Si : S.sites(*R, Direction::Forward)) {
        if (!Si.Header.empty())
          continue;
        bool In = Pass == 0 ? D.Changed.count(Si.Line) > 0
                            : llvm::any_of(D.NewRanges, [&](auto Rg) { return Si.Line >= Rg.first && Si.Line <= Rg.second; });
        if (In)
          Inside.push_back(&Si);
      }
    auto Score = [&](const Site *Si) {
      int Agree = 0;
      for (auto &KV : Si->Facts) {
        auto It = Facts.find(KV.first);
        if (It != Facts.end())
          Agree += It->second == KV.second ? 1 : -1;
      }
      return 2 * Agree + (Si->applicable(S.options().Assume.all()) ? 1 : 0);
    };
    if (Inside.size() > 1) {
      int Best = INT_MIN;
      for (const Site *Si : Inside)
        Best = std::max(Best, Score(Si));
      llvm::erase_if(Inside, [&](const Site *Si) { return Score(Si) < Best; });
    }
    if (!Inside.empty()) {
      C.SiteKind = Inside.front()->Kind;
      C.SiteFunction = Inside.front()->Function;
      C.SitePattern = formatv("{0} forward at a '{1}' site: {2}", RName, C.SiteKind, Inside.front()->Summary).str();
      // Each precondition with its worst verdict over the sites.
      std::map<std::string, size_t> Index;
      for (const Site *Si : Inside)
        for (const PreconditionResult &P : Si->Preconditions) {
          auto [It, New] = Index.emplace(P.Name, C.Preconditions.size());
          if (New) {
            C.Preconditions.push_back({P.Name, statusName(P.St).str(), P.Reason, P.Assumable});
            continue;
          }
          SkillCondition &Old = C.Preconditions[It->second];
          Status OldSt = Old.Status == "holds" ? Status::Holds : Old.Status == "fails" ? Status::Fails : Status::Unknown;
          if (worse(OldSt, P.St) != OldSt)
            Old = {P.Name, statusName(P.St).str(), P.Reason, P.Assumable};
        }
    } else {
      // The forward rewrite does not rebuild this step: the card keeps the
      // reverse site's identity and says so.
      C.SiteKind = ReverseKind.empty() ? "unknown" : ReverseKind;
      C.SiteFunction = Function;
      C.SitePattern = formatv("{0}: no forward site inside the step's diff (the forward rewrite does not "
                              "rebuild this step; conditions unknown)",
                              RName)
                          .str();
    }
    C.Context = contextOf(*Step);
    for (auto &KV : Facts)
      if (!C.Options.count(KV.first))
        C.Context["site." + KV.first] = KV.second;

    if (auto Sl = Step->getNumber("slowdown"); Sl && *Sl > 0) {
      C.Measured = true;
      // Read forwards: a reverse step's simpler kernel (after) is the
      // optimization's input, so it is worth after / before.
      C.Speedup = Forward ? 1.0 / *Sl : *Sl;
      const json::Object *B = Step->getObject("before_profile"), *A = Step->getObject("after_profile");
      if (Forward)
        std::swap(A, B);
      double B10 = B ? B->getNumber("p10_ms").value_or(0) : 0, B90 = B ? B->getNumber("p90_ms").value_or(0) : 0;
      double A10 = A ? A->getNumber("p10_ms").value_or(0) : 0, A90 = A ? A->getNumber("p90_ms").value_or(0) : 0;
      if (B10 > 0 && B90 > 0 && A10 > 0 && A90 > 0) {
        C.SpeedupLow = A10 / B90; // the input's fast end over the result's slow end
        C.SpeedupHigh = A90 / B10;
      } else {
        C.SpeedupLow = C.SpeedupHigh = C.Speedup;
      }
      C.Gpu = stepGpu(*Step, LineageDir).value_or(Gpu);
      if (A)
        C.Size = A->getString("size").value_or("").str();
    }
    for (const PreconditionSpec &P : R->preconditions())
      if (P.Dir == Direction::Forward)
        C.Risks.push_back({P.Name, P.Description, "unprobed", "", ""});
    Cards.push_back(std::move(C));
  }
  return Cards;
}

Expected<std::vector<SkillVerdict>> checkSkill(const SkillCard &C, Session &S, RewriteLookup Find) {
  const RewritePair *R = Find(C.Rewrite);
  if (!R)
    return createStringError(inconvertibleErrorCode(),
                             (C.Path.empty() ? C.Id : C.Path) + ": unknown rewrite '" + C.Rewrite + "'");
  Direction D = C.Direction == "reverse" ? Direction::Reverse : Direction::Forward;
  bool AllowUnknown = S.options().Assume.all();
  std::vector<SkillVerdict> Out;
  for (const Site &Si : S.sites(*R, D)) {
    SkillVerdict V;
    V.At = &Si;
    auto Take = [&](const PreconditionResult &P) {
      if (worse(V.St, P.St) == V.St)
        return;
      V.St = P.St;
      V.Precondition = P.Name;
      V.Reason = P.Reason;
      V.Assumable = P.Assumable;
    };
    // The card's conditions first: what held where the skill paid off.
    for (const SkillCondition &Want : C.Preconditions) {
      if (Want.Status != "holds")
        continue;
      auto It = llvm::find_if(Si.Preconditions, [&](const PreconditionResult &P) { return P.Name == Want.Name; });
      if (It == Si.Preconditions.end())
        continue; // not evaluated at this kind of site
      if (It->St != Status::Holds && !(It->St == Status::Unknown && AllowUnknown))
        Take(*It);
    }
    // Then anything else that keeps the rewrite from applying here.
    if (V.St == Status::Holds)
      if (const PreconditionResult *B = Si.blocker(AllowUnknown))
        Take(*B);
    Out.push_back(std::move(V));
  }
  return Out;
}

namespace {

/// Without a workload: does nvcc compile the forced kernel?
std::string compileOutcome(const ProbeOptions &O, StringRef Cand) {
  std::string Obj = (Cand + ".o").str(), Log = (Cand + ".nvcc.log").str();
  std::vector<StringRef> Args = {O.Nvcc, "-arch=sm_90", "-std=c++17", "-c", Cand, "-o", Obj};
  std::optional<StringRef> Redir[] = {StringRef(""), StringRef(Log), StringRef(Log)};
  std::string Err;
  sys::fs::remove(Log); // the child's file is not truncated: no stale tail
  int RC = sys::ExecuteAndWait(O.Nvcc, Args, std::nullopt, Redir, O.TimeoutS, 0, &Err);
  if (RC == 0)
    return "nvcc: compiles (no workload: correctness not run)";
  std::string Out = readText(Log);
  for (StringRef L : split(Out, '\n'))
    if (L.contains("error")) {
      // "/tmp/x/probe-p.cu(12): error: ..." -> "probe-p.cu(12): error: ..."
      return "nvcc: does not compile: " + sys::path::filename(L.trim().split(' ').first).str() +
             L.trim().substr(L.trim().split(' ').first.size()).str();
    }
  return "nvcc: does not compile (" + (Err.empty() ? "exit " + std::to_string(RC) : Err) + ")";
}

/// With a workload: the gate's verdict on the forced kernel, against the
/// kernel as written when the runtime stages run.
std::string gateOutcome(const ProbeOptions &O, StringRef Kernel, StringRef Cand) {
  std::vector<std::string> Args;
  if (O.Stages == "compile")
    Args = {Cand.str(), "--workload", O.Workload, "--stages", "compile"};
  else
    Args = {Kernel.str(), Cand.str(), "--workload", O.Workload, "--repeat", "1"};
  Args.insert(Args.end(), O.GateArgs.begin(), O.GateArgs.end());
  std::string Why;
  auto Rep = lineage::runGateProcess(O.GateExe, Args, (Cand + ".json").str(), (Cand + ".log").str(), O.TimeoutS, Why);
  const json::Array *Cs = Rep ? Rep->getArray("candidates") : nullptr;
  const json::Object *X = Cs && !Cs->empty() ? Cs->back().getAsObject() : nullptr;
  if (!X)
    return "gate: " + (Why.empty() ? std::string("no candidate in the report") : Why);
  StringRef Verdict = X->getString("verdict").value_or("");
  StringRef Stage = X->getString("failed_stage").value_or("");
  if (!Stage.empty())
    return formatv("gate: rejected at {0}: {1}", Stage, X->getString("reason").value_or("")).str();
  if (Verdict == "accepted") {
    const json::Object *Cmp = Rep->getObject("comparison");
    double Speed = Cmp ? Cmp->getNumber("speedup_b_over_a").value_or(0) : 0;
    if (Speed > 0)
      return formatv("gate: accepted, {0:F3}x the time of the kernel as written (the precondition was "
                     "conservative here)",
                     1.0 / Speed)
          .str();
    return "gate: accepted (the precondition was conservative here)";
  }
  auto Skipped = Rep->getString("runtime_skipped_reason");
  return formatv("gate: compiles ({0}; correctness not run{1})", Verdict,
                 Skipped ? ": " + Skipped->str() : std::string())
      .str();
}

} // namespace

Expected<unsigned> probeSkill(SkillCard &C, Session &S, RewriteLookup Find, const ProbeOptions &O,
                              raw_ostream &Log) {
  const RewritePair *R = Find(C.Rewrite);
  if (!R)
    return createStringError(inconvertibleErrorCode(), "unknown rewrite '" + C.Rewrite + "'");
  Direction D = C.Direction == "reverse" ? Direction::Reverse : Direction::Forward;
  if (std::error_code EC = sys::fs::create_directories(O.WorkDir))
    return createStringError(EC, "cannot create " + O.WorkDir + ": " + EC.message());
  std::string Kernel = S.path().str();
  unsigned Probed = 0;
  for (SkillRisk &Risk : C.Risks) {
    if (Risk.Probe != "unprobed")
      continue;
    // The site where this precondition does not hold and the fewest others
    // do not either: the cleanest counterfactual.
    const Site *Best = nullptr;
    const PreconditionResult *BestP = nullptr;
    unsigned BestOthers = ~0u;
    for (const Site &Si : S.sites(*R, D)) {
      auto It = llvm::find_if(Si.Preconditions, [&](const PreconditionResult &P) { return P.Name == Risk.Precondition; });
      if (It == Si.Preconditions.end() || It->St == Status::Holds || Si.Edits.empty())
        continue;
      unsigned Others = llvm::count_if(Si.Preconditions, [](const PreconditionResult &P) { return P.St != Status::Holds; }) - 1;
      if (Others < BestOthers) {
        Best = &Si;
        BestP = &*It;
        BestOthers = Others;
      }
    }
    if (!Best)
      continue;
    std::string Where = formatv("{0}:{1}", sys::path::filename(Kernel), Best->Line).str();
    std::string Forced = formatv("forced where it {0} ({1})", BestP->St == Status::Fails ? "fails" : "is unknown",
                                 BestP->Reason)
                             .str();
    std::vector<std::string> AlsoNot;
    for (const PreconditionResult &P : Best->Preconditions)
      if (P.St != Status::Holds && P.Name != Risk.Precondition)
        AlsoNot.push_back(P.Name);
    if (!AlsoNot.empty())
      Forced += "; also not holding there: " + join(AlsoNot, ", ");
    Selection Sel;
    Sel.Ids = {Best->Id};
    Sel.Force = true;
    auto Res = S.apply(*R, D, Sel);
    std::string Outcome;
    if (!Res) {
      Outcome = "the rewrite could not be forced: " + toString(Res.takeError());
    } else if (Res->Outcome != ApplyResult::Applied) {
      Outcome = Res->Failed.empty() ? "the rewrite could not be forced (" + outcomeName(Res->Outcome).str() + ")"
                                    : "the forced rewrite does not parse: " + Res->Failed.front().Reason;
    } else {
      SmallString<256> Cand(O.WorkDir);
      sys::path::append(Cand, "probe-" + Risk.Precondition + ".cu");
      {
        std::error_code EC;
        raw_fd_ostream OS(Cand, EC, sys::fs::OF_Text);
        if (EC)
          return createStringError(EC, "cannot write " + std::string(Cand) + ": " + EC.message());
        OS << Res->Text;
      }
      Outcome = O.Workload.empty() ? compileOutcome(O, Cand) : gateOutcome(O, Kernel, Cand);
    }
    Risk.Probe = "probed";
    Risk.Kernel = Where;
    Risk.Outcome = Forced + " -> " + Outcome;
    Log << "probe " << Risk.Precondition << " at " << Where << ": " << Risk.Outcome << "\n";
    ++Probed;
  }
  return Probed;
}

} // namespace skills
} // namespace klineage
