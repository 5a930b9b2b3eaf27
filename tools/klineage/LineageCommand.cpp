//===- LineageCommand.cpp - `klineage lineage`: the driver over lib/Lineage -===//
//
//   klineage lineage EXPERT.cu --workload M.yaml -o DIR [options]
//
// Exit: 0 the walk reached a root (or --max-steps), 1 usage or bad input
// (the kernel does not parse, DIR holds another kernel's walk, no CUDA).
//
//===----------------------------------------------------------------------===//
#include "ArgReader.h"
#include "RewriteRegistry.h"
#include "klineage/Frontend/CudaFrontend.h"
#include "klineage/Gate/Manifest.h"
#include "klineage/Lineage/Lineage.h"
#include "klineage/Lineage/Report.h"
#include "klineage/Lineage/WorkloadFacts.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "klineage/Optimizer/Optimizer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <thread>

using namespace llvm;
using namespace klineage;

static void lineageUsage(raw_ostream &OS) {
  OS << "usage: klineage lineage EXPERT.cu --workload MANIFEST.yaml -o DIR [options]\n"
        "Walks EXPERT.cu back through gate-accepted reverse rewrites to a root (docs/lineage.md).\n"
        "  -o DIR                 where the walk is written (and resumed from)\n"
        "  --stages LIST          compile (no GPU: every step unmeasured) | all (default)\n"
        "  --policy P             most-costly (default: the step whose removal costs the most time)\n"
        "                         | first (the first accepted step in catalogue order)\n"
        "                         | breadth (every accepted branch: a DAG of kernels; the record's\n"
        "                         chain is its most-costly path)\n"
        "  --granularity G        rewrite (default: a candidate applies every applicable site of one\n"
        "                         rewrite) | site (a candidate per site)\n"
        "  --rewrites LIST        reverse rewrites to try, in order (default: the catalogue order of\n"
        "                         docs/lineage.md)\n"
        "  --assume FACTS         facts for the rewrites' preconditions (klineage-rewrite --assume)\n"
        "  --no-workload-facts    do not take the workload's domain and buffers as kernel facts\n"
        "  --max-steps N          stop after N steps (breadth: N kernels expanded; default 50); run again to go on\n"
        "  --jobs N               compile-stage gates in parallel (default: the cores)\n"
        "  --repeat N             profile rounds per gated pair (default 2)\n"
        "  --gate-timeout S       wall-clock limit of one gate run (default 1800)\n"
        "  --pair-cache DIR       reuse the gate report of a pair measured before (same kernels, manifest,\n"
        "                         flags) from DIR, and keep new ones there\n"
        "  --restart              discard the walk in DIR and start again\n"
        "  --arch SM, --nvcc PATH, --cache-dir D, --no-gpu   passed to `klineage gate`\n"
        "  --cuda-path D, --resource-dir D                   for parsing (as klineage-rewrite)\n";
}

static void optimizeUsage(raw_ostream &OS) {
  OS << "usage: klineage optimize KERNEL.cu --workload MANIFEST.yaml -o DIR [options]\n"
        "Applies forward rewrites where the method admits them, each through the gate, keeping only\n"
        "moves that are accepted and faster (docs/optimize.md). DIR/best.cu is the result.\n"
        "  -o DIR                 where the search is written (and resumed from)\n"
        "  --method M             skills (default: sites where a skill card's conditions hold)\n"
        "                         | catalogue (every applicable site, skills ignored)\n"
        "                         | unconditioned (every site, preconditions not consulted: --assume=all,\n"
        "                         random order) | replay (the stored lineages' trajectories)\n"
        "  --budget N             GPU gate evaluations (default 0: no limit)\n"
        "  --skills DIR           skill cards (default skills-yaml)\n"
        "  --lineages DIR         stored lineages for replay (default bench/lineage)\n"
        "  --exclude W            leave out the cards / lineage of workload W (leave-one-out)\n"
        "  --seed S               the unconditioned order (default 1)\n"
        "  --beam W               beam search: gate every move of the W fastest kernels of each level\n"
        "                         (default: greedy, one kernel per step)\n"
        "  --stages, --granularity, --assume, --no-workload-facts, --max-steps, --jobs, --repeat,\n"
        "  --gate-timeout, --pair-cache, --restart,\n"
        "  --arch, --nvcc, --cache-dir, --no-gpu, --cuda-path, --resource-dir   as for klineage lineage\n";
}

int reportMain(int Argc, char **Argv);

/// `klineage lineage` and `klineage optimize`: one walk, backwards or forwards.
static int walkMain(int Argc, char **Argv, const char *Argv0, bool Optimize) {
  const char *Cmd = Optimize ? "klineage optimize" : "klineage lineage";
  auto Usage = [&](raw_ostream &OS) { Optimize ? optimizeUsage(OS) : lineageUsage(OS); };
  lineage::WalkOptions O;
  optimizer::SearchOptions Search;
  Search.SkillsDir = "skills-yaml";
  Search.LineagesDir = "bench/lineage";
  std::string Rewrites, CudaPath, ResourceDir, Arch = "sm_90";
  std::vector<std::string> AssumeFacts;
  bool WorkloadFacts = true;
  unsigned Beam = 0; // optimize --beam W: 0 greedy
  O.Jobs = std::max(1u, std::thread::hardware_concurrency());
  ArgReader Args(Argc, Argv, Cmd);
  while (Args.next()) {
    const std::string A = Args.arg();
    auto Next = [&](std::string &Dst) { return Args.value(Dst); };
    auto Is = [&](const char *Name) { return Args.is(Name); };
    auto Num = [&](unsigned &Dst, unsigned Min) {
      std::string V;
      if (!Next(V))
        return false;
      if (!to_integer(V, Dst) || Dst < Min) {
        errs() << Cmd << ": error: " << A.substr(0, A.find('=')) << " needs an integer >= " << Min
               << ", not '" << V << "'\n";
        return false;
      }
      return true;
    };
    std::string V;
    if (A == "-h" || A == "--help") {
      Usage(outs());
      return 0;
    } else if (Is("--workload")) {
      if (!Next(O.Workload)) return 1;
    } else if (A == "-o" || Is("--out-dir")) {
      if (!Next(O.OutDir)) return 1;
    } else if (Is("--stages")) {
      if (!Next(O.Stages)) return 1;
      if (O.Stages != "compile" && O.Stages != "all") {
        errs() << Cmd << ": error: --stages must be compile or all, not '" << O.Stages << "'\n";
        return 1;
      }
    } else if (Is("--policy")) {
      if (!Next(V)) return 1;
      auto P = lineage::parsePolicy(V);
      if (!P) {
        errs() << Cmd << ": error: --policy must be most-costly, first or breadth, not '" << V << "'\n";
        return 1;
      }
      if (*P == lineage::Policy::Beam) {
        errs() << Cmd << ": error: beam is a search policy (klineage optimize --beam W)\n";
        return 1;
      }
      O.Pol = *P;
    } else if (Is("--granularity")) {
      if (!Next(V)) return 1;
      if (V != "rewrite" && V != "site") {
        errs() << Cmd << ": error: --granularity must be rewrite or site, not '" << V << "'\n";
        return 1;
      }
      O.Gran = V == "site" ? lineage::Granularity::Site : lineage::Granularity::Rewrite;
    } else if (Is("--rewrites")) {
      if (!Next(Rewrites)) return 1;
    } else if (Is("--assume")) {
      if (!Next(V)) return 1;
      AssumeFacts.push_back(V);
    } else if (Is("--max-steps")) {
      if (!Num(O.MaxSteps, 0)) return 1;
    } else if (Is("--jobs")) {
      if (!Num(O.Jobs, 1)) return 1;
    } else if (Is("--repeat")) {
      unsigned R;
      if (!Num(R, 1)) return 1;
      O.Repeat = R;
    } else if (Is("--gate-timeout")) {
      if (!Num(O.GateTimeoutS, 1)) return 1;
    } else if (Is("--pair-cache")) {
      if (!Next(V)) return 1;
      O.PairCache = V;
    } else if (Optimize && Is("--method")) {
      if (!Next(V)) return 1;
      auto M = optimizer::parseMethod(V);
      if (!M) {
        errs() << Cmd << ": error: --method must be skills, catalogue, unconditioned or replay, not '" << V << "'\n";
        return 1;
      }
      Search.M = *M;
    } else if (Optimize && Is("--budget")) {
      if (!Num(Search.Budget, 0)) return 1;
    } else if (Optimize && Is("--beam")) {
      if (!Num(Beam, 1)) return 1;
    } else if (Optimize && Is("--seed")) {
      if (!Num(Search.Seed, 0)) return 1;
    } else if (Optimize && Is("--skills")) {
      if (!Next(Search.SkillsDir)) return 1;
    } else if (Optimize && Is("--lineages")) {
      if (!Next(Search.LineagesDir)) return 1;
    } else if (Optimize && Is("--exclude")) {
      if (!Next(Search.Exclude)) return 1;
    } else if (A == "--no-workload-facts") {
      WorkloadFacts = false;
    } else if (A == "--restart") {
      O.Restart = true;
    } else if (Is("--arch")) {
      if (!Next(Arch)) return 1;
    } else if (Is("--nvcc") || Is("--cache-dir")) {
      std::string Flag = A.substr(0, A.find('='));
      if (!Next(V)) return 1;
      O.GateArgs.insert(O.GateArgs.end(), {Flag, V});
    } else if (A == "--no-gpu") {
      O.GateArgs.push_back("--no-gpu");
    } else if (Is("--cuda-path")) {
      if (!Next(CudaPath)) return 1;
    } else if (Is("--resource-dir")) {
      if (!Next(ResourceDir)) return 1;
    } else if (!A.empty() && A[0] == '-') {
      errs() << Cmd << ": error: unknown option '" << A << "'\n";
      Usage(errs());
      return 1;
    } else if (O.Expert.empty()) {
      O.Expert = A;
    } else {
      errs() << Cmd << ": error: one expert kernel per walk ('" << O.Expert << "' and '" << A << "')\n";
      return 1;
    }
  }
  if (O.Expert.empty() || O.Workload.empty() || O.OutDir.empty()) {
    errs() << Cmd << ": error: "
           << (O.Expert.empty() ? (Optimize ? "no kernel .cu given" : "no expert .cu given") : O.Workload.empty() ? "--workload is required" : "-o DIR is required")
           << "\n";
    Usage(errs());
    return 1;
  }
  O.GateArgs.insert(O.GateArgs.end(), {"--arch", Arch});
  if (!sys::fs::exists(O.Expert)) {
    errs() << Cmd << ": error: no such file: " << O.Expert << "\n";
    return 1;
  }
  // Absolute paths: the gate runs as a child, the record outlives the shell.
  auto Abs = [](std::string &P) {
    SmallString<256> S(P);
    sys::fs::make_absolute(S);
    sys::path::remove_dots(S, true);
    P = std::string(S);
  };
  Abs(O.Expert);
  Abs(O.Workload);
  Abs(O.OutDir);
  auto M = gate::loadManifest(O.Workload);
  if (!M) {
    errs() << toString(M.takeError()) << "\n";
    return 1;
  }

  // The rewrites, in walk order.
  std::vector<std::string> Names;
  if (Rewrites.empty())
    Names = lineage::defaultReverseOrder();
  else {
    SmallVector<StringRef, 16> Parts;
    StringRef(Rewrites).split(Parts, ',', -1, false);
    for (StringRef P : Parts)
      Names.push_back(P.trim().str());
  }
  for (const std::string &N : Names) {
    const RewritePair *R = findRewrite(N);
    if (!R) {
      errs() << Cmd << ": error: unknown rewrite '" << N << "' (klineage-rewrite --list)\n";
      return 1;
    }
    O.Rewrites.push_back(R);
  }
  // Rewrites of the catalogue the order does not name are tried last.
  if (Rewrites.empty())
    for (const auto &R : allRewrites())
      if (!is_contained(O.Rewrites, R.get()))
        O.Rewrites.push_back(R.get());

  if (Optimize && Search.M == optimizer::Method::Unconditioned)
    AssumeFacts.push_back("all");
  auto SO = commandSessionOptions(Argv0, CudaPath, ResourceDir, Arch, AssumeFacts);
  if (!SO) {
    errs() << Cmd << ": error: " << toString(SO.takeError()) << "\n";
    return 1;
  }
  if (WorkloadFacts) {
    // The workload's promises (its domain, its buffers) as facts of the
    // kernels its launcher launches (docs/lineage.md, Facts).
    clang::tooling::FixedCompilationDatabase DB(".", {});
    Session Probe(DB, *SO);
    if (Error E = Probe.open(O.Expert)) {
      errs() << Cmd << ": error: " << O.Expert << ": cannot parse: " << toString(std::move(E)) << "\n";
      return 1;
    }
    std::vector<std::string> Notes;
    std::vector<std::string> Facts = lineage::workloadFacts(Probe.ast(), *M, Notes);
    if (Facts.empty() && !Notes.empty())
      errs() << "lineage: no workload facts: " << Notes.front() << (Notes.size() > 1 ? " (and more)" : "") << "\n";
    if (!Facts.empty()) {
      errs() << "lineage: workload facts: " << join(Facts, ",") << "\n";
      AssumeFacts.insert(AssumeFacts.end(), Facts.begin(), Facts.end());
      SO = commandSessionOptions(Argv0, CudaPath, ResourceDir, Arch, AssumeFacts);
      if (!SO) {
        errs() << Cmd << ": error: " << toString(SO.takeError()) << "\n";
        return 1;
      }
    }
  }
  O.Session = std::move(*SO);
  if (!O.Session.Assume.reassociate())
    if (auto Why = gate::reassociationAllowedBy(*M, "--workload"))
      O.Session.Assume.allowReassociation(*Why);
  O.GateExe = sys::fs::getMainExecutable(Argv0, (void *)&reportMain);
  if (O.GateExe.empty()) {
    errs() << Cmd << ": error: cannot find the klineage executable to run the gate\n";
    return 1;
  }

  if (Optimize) {
    if (Error E = optimizer::configureSearch(Search, O, findRewrite, errs())) {
      errs() << Cmd << ": error: " << toString(std::move(E)) << "\n";
      return 1;
    }
    if (Beam) {
      O.Pol = lineage::Policy::Beam;
      O.BeamWidth = Beam;
    }
  }
  auto Record = lineage::walk(O, errs());
  if (!Record) {
    errs() << Cmd << ": error: " << toString(Record.takeError()) << "\n";
    return 1;
  }
  // Summary on stdout: the chain, one line per step.
  const json::Array *Steps = Record->getArray("steps");
  outs() << (Optimize ? "optimization of " : "lineage of ") << O.Expert << " (" << M->Name << "), "
         << (Steps ? Steps->size() : 0) << " steps, "
         << (Record->getBoolean("measured").value_or(false) ? "measured" : "unmeasured") << ":\n";
  if (auto Why = Record->getString("unmeasured_reason"))
    outs() << "  (unmeasured: " << *Why << ")\n";
  outs() << "  0  0-expert.cu" << (Optimize ? " (the input)" : "") << "\n";
  if (Steps)
    for (const json::Value &V : *Steps) {
      const json::Object &S = *V.getAsObject();
      outs() << "  " << S.getInteger("step").value_or(0) << "  " << S.getString("to").value_or("") << "  "
             << S.getString("rewrite").value_or("") << " " << S.getString("direction").value_or("") << ", "
             << S.getArray("sites")->size() << " site(s), ";
      if (auto Sl = S.getNumber("slowdown"))
        outs() << formatv("{0:F4} -> {1:F4} ms, {2:F3}x the time", *S.getNumber("before_ms"),
                          *S.getNumber("after_ms"), *Sl);
      else
        outs() << S.getString("verdict").value_or("");
      outs() << "\n";
    }
  StringRef Status = Record->getString("status").value_or("");
  if (Status == "root")
    outs() << "root: " << Record->getString("root").value_or("") << " ("
           << Record->getString("root_reason").value_or("") << ")\n";
  else
    outs() << "stopped: " << Record->getString("stop_reason").value_or("") << "\n";
  if (Optimize) {
    outs() << "best: " << O.OutDir << "/best.cu";
    if (auto X = Record->getNumber("speedup"))
      outs() << formatv(" ({0:F3}x the input)", *X);
    outs() << formatv(", {0} gate evaluations, {1} compile rejections\n",
                      Record->getInteger("gate_evaluations").value_or(0),
                      Record->getInteger("compile_rejected").value_or(0));
  }
  outs() << "record: " << O.OutDir << "/lineage.json\n";
  return 0;
}

int lineageMain(int Argc, char **Argv, const char *Argv0) { return walkMain(Argc, Argv, Argv0, false); }
int optimizeMain(int Argc, char **Argv, const char *Argv0) { return walkMain(Argc, Argv, Argv0, true); }


//   klineage report DIR [--html FILE] [--markdown FILE]
// Exit: 0 written, 1 usage or a DIR without a lineage record.
int reportMain(int Argc, char **Argv) {
  std::string Dir, HtmlOut, MdOut;
  ArgReader Args(Argc, Argv, "klineage report");
  while (Args.next()) {
    const std::string A = Args.arg();
    auto Next = [&](std::string &Dst) { return Args.value(Dst); };
    auto Is = [&](const char *Name) { return Args.is(Name); };
    if (A == "-h" || A == "--help") {
      outs() << "usage: klineage report DIR [--html FILE] [--markdown FILE]\n"
                "Writes the lineage in DIR (klineage lineage -o DIR) as a self-contained HTML page and as\n"
                "Markdown (default DIR/report.html and DIR/report.md).\n";
      return 0;
    } else if (Is("--html")) {
      if (!Next(HtmlOut)) return 1;
    } else if (Is("--markdown")) {
      if (!Next(MdOut)) return 1;
    } else if (!A.empty() && A[0] == '-') {
      errs() << "klineage report: error: unknown option '" << A << "'\n";
      return 1;
    } else if (Dir.empty()) {
      Dir = A;
    } else {
      errs() << "klineage report: error: one lineage folder per report\n";
      return 1;
    }
  }
  if (Dir.empty()) {
    errs() << "klineage report: error: no lineage folder given (klineage report DIR)\n";
    return 1;
  }
  auto Record = lineage::loadRecord(Dir);
  if (!Record) {
    errs() << "klineage report: error: " << toString(Record.takeError()) << "\n";
    return 1;
  }
  auto R = lineage::renderReport(*Record, Dir);
  if (!R) {
    errs() << "klineage report: error: " << Dir << "/lineage.json: " << toString(R.takeError()) << "\n";
    return 1;
  }
  if (HtmlOut.empty())
    HtmlOut = (Dir + "/report.html");
  if (MdOut.empty())
    MdOut = (Dir + "/report.md");
  if (Error E = writeFilesAtomically({{HtmlOut, R->Html}, {MdOut, R->Markdown}})) {
    errs() << "klineage report: error: " << toString(std::move(E)) << "\n";
    return 1;
  }
  outs() << "wrote " << HtmlOut << "\nwrote " << MdOut << "\n";
  return 0;
}
