//===- klineage.cpp - The umbrella CLI ------------------------------------===//
//
//   klineage gate KERNEL.cu [KERNEL2.cu] --workload M.yaml [--json F]
//                 [--stages compile|compile,correctness|all] [--arch sm_90]
//                 [--sanitize memcheck,racecheck,initcheck] [--repeat N]
//                 [--seed S] [--cache-dir D] [--no-cache] [--nvcc PATH]
//                 [--work-dir D] [--no-gpu] [-v]
//
// Exit codes (docs/gate.md): 0 accepted, 1 usage/manifest error, 2 rejected,
// 3 compile passed but runtime stages skipped (no GPU), 4 gate-internal error.
//
//   klineage lineage EXPERT.cu --workload M.yaml -o DIR [options]
//                 (LineageCommand.cpp, docs/lineage.md)
//   klineage report DIR [--html F] [--markdown F]
//   klineage skills extract|check|validate ...  (SkillsCommand.cpp, docs/skills.md)
//
//===----------------------------------------------------------------------===//
#include "ArgReader.h"
#include "klineage/Gate/Gate.h"
#include "klineage/Gate/Manifest.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <cstring>

using namespace llvm;
using namespace klineage::gate;
using klineage::ArgReader;

int lineageMain(int Argc, char **Argv, const char *Argv0); // LineageCommand.cpp
int optimizeMain(int Argc, char **Argv, const char *Argv0); // LineageCommand.cpp
int evaluateMain(int Argc, char **Argv, const char *Argv0); // EvaluateCommand.cpp
int reportMain(int Argc, char **Argv);                      // LineageCommand.cpp
int skillsMain(int Argc, char **Argv, const char *Argv0);  // SkillsCommand.cpp

static void usage(raw_ostream &OS) {
  OS << "usage: klineage gate KERNEL.cu [KERNEL2.cu] --workload MANIFEST.yaml [options]\n"
        "  --json FILE            write the JSON report (docs/gate.md) to FILE\n"
        "  --stages LIST          compile | compile,correctness | all (= compile,correctness,profile)\n"
        "                         'profile' may be listed alone after correctness; default all\n"
        "  --arch SM              nvcc -arch (default sm_90)\n"
        "  --sanitize TOOLS       also run compute-sanitizer TOOLS (memcheck,racecheck,initcheck,synccheck)\n"
        "                         after correctness, on the correctness-only sizes\n"
        "  --repeat N             profile rounds per candidate, interleaved (stability check)\n"
        "  --seed S               input seed (default: random, printed)\n"
        "  --cache-dir D          compile cache (default $KLINEAGE_CACHE or ~/.cache/klineage/gate)\n"
        "  --no-cache             compile afresh into a temporary cache\n"
        "  --nvcc PATH            nvcc to use (default $NVCC, $CUDA_PATH/bin/nvcc, /usr/local/cuda/bin/nvcc)\n"
        "  --work-dir D           keep the driver's logs and event files in D\n"
        "  --no-gpu               act as if no GPU were present (compile only; exit 3)\n"
        "  -v                     progress on stderr\n"
        "exit: 0 accepted, 1 usage or manifest error, 2 rejected, 3 runtime stages skipped (no GPU),\n"
        "      4 gate-internal error\n";
}

static int gateMain(int Argc, char **Argv) {
  Options O;
  std::vector<std::string> Cands;
  std::string Workload, JsonOut, Stages = "all";
  ArgReader Args(Argc, Argv, "klineage gate");
  while (Args.next()) {
    const std::string A = Args.arg();
    auto Next = [&](std::string &Dst) { return Args.value(Dst); };
    auto Is = [&](const char *Name) { return Args.is(Name); };
    std::string V;
    if (A == "-h" || A == "--help") {
      usage(outs());
      return 0;
    } else if (Is("--workload")) {
      if (!Next(Workload)) return ExitUsage;
    } else if (Is("--json")) {
      if (!Next(JsonOut)) return ExitUsage;
    } else if (Is("--stages")) {
      if (!Next(Stages)) return ExitUsage;
    } else if (Is("--arch")) {
      if (!Next(O.Arch)) return ExitUsage;
    } else if (Is("--sanitize")) {
      if (!Next(V)) return ExitUsage;
      SmallVector<StringRef, 4> T;
      StringRef(V).split(T, ',', -1, false);
      for (StringRef X : T) {
        if (X != "memcheck" && X != "racecheck" && X != "initcheck" && X != "synccheck") {
          errs() << "klineage gate: error: unknown sanitizer tool '" << X << "'\n";
          return ExitUsage;
        }
        O.Sanitizers.push_back(X.str());
      }
    } else if (Is("--repeat")) {
      if (!Next(V)) return ExitUsage;
      O.Repeat = std::max(1, atoi(V.c_str()));
    } else if (Is("--seed")) {
      if (!Next(V)) return ExitUsage;
      O.Seed = strtoull(V.c_str(), nullptr, 10);
    } else if (Is("--cache-dir")) {
      if (!Next(O.CacheDir)) return ExitUsage;
    } else if (Is("--nvcc")) {
      if (!Next(O.Nvcc)) return ExitUsage;
    } else if (Is("--work-dir")) {
      if (!Next(O.WorkDir)) return ExitUsage;
    } else if (A == "--no-cache") {
      O.NoCache = true;
    } else if (A == "--no-gpu") {
      O.ForceNoGpu = true;
    } else if (A == "-v") {
      O.Verbose = 1;
    } else if (!A.empty() && A[0] == '-') {
      errs() << "klineage gate: error: unknown option '" << A << "'\n";
      usage(errs());
      return ExitUsage;
    } else {
      Cands.push_back(A);
    }
  }
  if (Workload.empty() || Cands.empty()) {
    errs() << "klineage gate: error: " << (Cands.empty() ? "no candidate .cu given" : "--workload is required")
           << "\n";
    usage(errs());
    return ExitUsage;
  }
  if (Cands.size() > 2) {
    errs() << "klineage gate: error: at most two candidates (A B) are compared side by side\n";
    return ExitUsage;
  }
  // Stages.
  SmallVector<StringRef, 4> S;
  StringRef(Stages).split(S, ',', -1, false);
  O.RunCorrectness = O.RunProfile = false;
  for (StringRef X : S) {
    if (X == "all") O.RunCorrectness = O.RunProfile = true;
    else if (X == "compile") {}
    else if (X == "correctness") O.RunCorrectness = true;
    else if (X == "profile") O.RunProfile = true;
    else {
      errs() << "klineage gate: error: unknown stage '" << X << "' (compile, correctness, profile, all)\n";
      return ExitUsage;
    }
  }
  if (O.RunProfile && !O.RunCorrectness) {
    // Never time a kernel that was not checked first.
    O.RunCorrectness = true;
  }
  for (auto &C : Cands)
    if (!sys::fs::exists(C)) {
      errs() << "klineage gate: error: no such file: " << C << "\n";
      return ExitUsage;
    }
  auto M = loadManifest(Workload);
  if (!M) {
    errs() << toString(M.takeError()) << "\n";
    return ExitUsage;
  }
  GateReport R = runGate(*M, Cands, O, errs());
  if (R.Candidates.empty())
    return R.ExitCode ? R.ExitCode : ExitInternal;
  printReport(R, *M, O, outs());
  if (!JsonOut.empty()) {
    std::error_code EC;
    raw_fd_ostream J(JsonOut, EC);
    if (EC) {
      errs() << "klineage gate: error: cannot write " << JsonOut << ": " << EC.message() << "\n";
      return ExitInternal;
    }
    J << formatv("{0:2}", reportToJSON(R, *M, O)) << "\n";
  }
  return R.ExitCode;
}

int main(int Argc, char **Argv) {
  if (Argc < 2 || !strcmp(Argv[1], "-h") || !strcmp(Argv[1], "--help")) {
    outs() << "usage: klineage <command> [args]\n  gate     verify and time candidate kernels against a "
              "workload (klineage gate --help)\n  lineage  walk an expert kernel back through gate-accepted "
              "reverse rewrites (klineage lineage --help)\n  optimize apply skills to a kernel under the gate (klineage "
              "optimize --help)\n  evaluate the optimizer against its baselines on a set of kernels (klineage "
              "evaluate --help)\n  report   a lineage as an HTML page and Markdown "
              "(klineage report --help)\n  skills   skill cards: extract from a lineage, check against a kernel "
              "(klineage skills --help)\n";
    return Argc < 2 ? ExitUsage : 0;
  }
  std::string Cmd = Argv[1];
  if (Cmd == "gate")
    return gateMain(Argc - 2, Argv + 2);
  if (Cmd == "lineage")
    return lineageMain(Argc - 2, Argv + 2, Argv[0]);
  if (Cmd == "report")
    return reportMain(Argc - 2, Argv + 2);
  if (Cmd == "optimize")
    return optimizeMain(Argc - 2, Argv + 2, Argv[0]);
  if (Cmd == "evaluate")
    return evaluateMain(Argc - 2, Argv + 2, Argv[0]);
  if (Cmd == "skills")
    return skillsMain(Argc - 2, Argv + 2, Argv[0]);
  errs() << "klineage: error: unknown command '" << Cmd << "' (available: gate, lineage, optimize, evaluate, report, skills)\n";
  return ExitUsage;
}
