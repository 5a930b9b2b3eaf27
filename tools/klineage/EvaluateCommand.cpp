//===- EvaluateCommand.cpp - `klineage evaluate`: methods side by side ----===//
//
//   klineage evaluate SET.yaml -o DIR [--methods LIST] [--budget N] [options]
//
// Runs `klineage optimize` for every kernel of the set with every method
// (leave-one-out: --exclude the kernel's name), each a child process writing
// DIR/<kernel>/<method>/ (resumable: a finished run is read back), then
// writes DIR/evaluation.json and DIR/evaluation.md and prints the table.
// Exit: 0 the table was written (a run that failed is a row with its
// error), 1 usage or bad input.
//
//===----------------------------------------------------------------------===//
#include "ArgReader.h"
#include "klineage/Lineage/Lineage.h"
#include "klineage/Optimizer/Evaluate.h"
#include "klineage/Optimizer/Optimizer.h"
#include "klineage/Rewrite/Session.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace klineage;

static void evaluateUsage(raw_ostream &OS) {
  OS << "usage: klineage evaluate SET.yaml -o DIR [options]\n"
        "Runs klineage optimize with each method on each kernel of SET.yaml (leave-one-out) and\n"
        "tabulates the results (docs/optimize.md).\n"
        "  -o DIR                 where the runs and DIR/evaluation.{json,md} are written\n"
        "  --methods LIST         default skills,catalogue,unconditioned,replay\n"
        "  --budget N             GPU gate evaluations per run (default 20)\n"
        "  --stages, --max-steps, --jobs, --repeat, --seed, --beam, --skills, --lineages, --gate-timeout,\n"
        "  --arch, --nvcc, --cache-dir, --no-gpu      passed to klineage optimize\n"
        "  --no-pair-cache        measure every gated pair in every run (default: a pair of kernels\n"
        "                         measured by one method is reused by the others, DIR/pair-cache)\n";
}

int reportMain(int Argc, char **Argv);

int evaluateMain(int Argc, char **Argv, const char *Argv0) {
  std::string Set, OutDir, Methods = "skills,catalogue,unconditioned,replay", Budget = "20";
  bool PairCache = true;
  std::vector<std::string> Pass;
  ArgReader Args(Argc, Argv, "klineage evaluate");
  while (Args.next()) {
    const std::string A = Args.arg();
    std::string V;
    if (A == "-h" || A == "--help") {
      evaluateUsage(outs());
      return 0;
    } else if (A == "-o" || Args.is("--out-dir")) {
      if (!Args.value(OutDir)) return 1;
    } else if (Args.is("--methods")) {
      if (!Args.value(Methods)) return 1;
    } else if (Args.is("--budget")) {
      if (!Args.value(Budget)) return 1;
    } else if (Args.is("--stages") || Args.is("--max-steps") || Args.is("--jobs") || Args.is("--repeat") ||
               Args.is("--seed") || Args.is("--beam") || Args.is("--skills") || Args.is("--lineages") || Args.is("--gate-timeout") ||
               Args.is("--arch") || Args.is("--nvcc") || Args.is("--cache-dir")) {
      std::string Flag = A.substr(0, A.find('='));
      if (!Args.value(V)) return 1;
      Pass.insert(Pass.end(), {Flag, V});
    } else if (A == "--no-gpu") {
      Pass.push_back(A);
    } else if (A == "--no-pair-cache") {
      PairCache = false;
    } else if (!A.empty() && A[0] == '-') {
      errs() << "klineage evaluate: error: unknown option '" << A << "'\n";
      evaluateUsage(errs());
      return 1;
    } else if (Set.empty()) {
      Set = A;
    } else {
      errs() << "klineage evaluate: error: one evaluation set ('" << Set << "' and '" << A << "')\n";
      return 1;
    }
  }
  if (Set.empty() || OutDir.empty()) {
    errs() << "klineage evaluate: error: " << (Set.empty() ? "no evaluation set given" : "-o DIR is required")
           << "\n";
    evaluateUsage(errs());
    return 1;
  }
  unsigned B;
  if (!to_integer(Budget, B)) {
    errs() << "klineage evaluate: error: --budget needs an integer, not '" << Budget << "'\n";
    return 1;
  }
  SmallVector<StringRef, 4> MethodNames;
  StringRef(Methods).split(MethodNames, ',', -1, false);
  for (StringRef M : MethodNames)
    if (!optimizer::parseMethod(M.trim())) {
      errs() << "klineage evaluate: error: unknown method '" << M << "' (skills, catalogue, unconditioned, replay)\n";
      return 1;
    }
  auto Kernels = optimizer::loadEvaluationSet(Set);
  if (!Kernels) {
    errs() << "klineage evaluate: error: " << toString(Kernels.takeError()) << "\n";
    return 1;
  }
  std::string Exe = sys::fs::getMainExecutable(Argv0, (void *)&reportMain);
  if (std::error_code EC = sys::fs::create_directories(OutDir)) {
    errs() << "klineage evaluate: error: cannot create " << OutDir << ": " << EC.message() << "\n";
    return 1;
  }
  std::vector<optimizer::EvalRun> Runs;
  size_t Total = Kernels->size() * MethodNames.size(), Done = 0;
  for (const optimizer::EvalKernel &K : *Kernels)
    for (StringRef M : MethodNames) {
      optimizer::EvalRun R;
      R.Kernel = K.Name;
      R.Method = M.trim().str();
      R.Dir = OutDir + "/" + K.Name + "/" + R.Method;
      std::vector<std::string> Argv = {Exe,      "optimize", K.Kernel,        "--workload", K.Manifest,
                                       "-o",     R.Dir,      "--method",      R.Method,     "--exclude",
                                       K.Name,   "--budget", std::to_string(B)};
      for (const std::string &F : K.Assume)
        Argv.insert(Argv.end(), {"--assume", F});
      Argv.insert(Argv.end(), Pass.begin(), Pass.end());
      // The methods often gate the same move on the same input: one
      // measurement of a pair serves them all (each still spends its budget).
      if (PairCache)
        Argv.insert(Argv.end(), {"--pair-cache", OutDir + "/pair-cache"});
      std::vector<StringRef> Refs(Argv.begin(), Argv.end());
      std::string Log = OutDir + "/" + K.Name + "." + R.Method + ".log", Err;
      sys::fs::create_directories(OutDir + "/" + K.Name);
      std::optional<StringRef> Redir[] = {StringRef(""), StringRef(Log), StringRef(Log)};
      errs() << formatv("evaluate: {0}/{1}: {2} with {3}\n", ++Done, Total, K.Name, R.Method);
      // The child's output file is opened without truncation: a resumed run
      // would write over the start of the last run's log. Keep that log, then
      // this run's after it.
      std::string Earlier;
      if (auto Buf = MemoryBuffer::getFile(Log))
        Earlier = (*Buf)->getBuffer().str();
      sys::fs::remove(Log);
      int RC = sys::ExecuteAndWait(Exe, Refs, std::nullopt, Redir, 0, 0, &Err);
      if (!Earlier.empty())
        if (auto Buf = MemoryBuffer::getFile(Log)) {
          std::string Both = Earlier + "--- resumed ---\n" + (*Buf)->getBuffer().str();
          if (Error E = writeFilesAtomically({{Log, Both}}))
            consumeError(std::move(E));
        }
      auto Rec = RC == 0 ? lineage::loadRecord(R.Dir) : Expected<json::Object>(createStringError(
                                                                inconvertibleErrorCode(), "exit status %d", RC));
      if (Rec) {
        R.Record = std::move(*Rec);
      } else {
        // The log's last line says why.
        std::string Last;
        if (auto Buf = MemoryBuffer::getFile(Log))
          for (StringRef L : split((*Buf)->getBuffer(), '\n'))
            if (!L.trim().empty())
              Last = L.trim().str();
        R.Error = toString(Rec.takeError()) + (Err.empty() ? "" : ": " + Err) + (Last.empty() ? "" : ": " + Last);
      }
      Runs.push_back(std::move(R));
    }
  json::Object Table = optimizer::evaluationTable(Runs);
  Table["set"] = Set;
  Table["budget"] = B;
  std::string Md = optimizer::evaluationMarkdown(Table);
  if (Error E = writeFilesAtomically({{OutDir + "/evaluation.json", formatv("{0:2}", json::Value(std::move(Table))).str() + "\n"},
                                      {OutDir + "/evaluation.md", Md}})) {
    errs() << "klineage evaluate: error: " << toString(std::move(E)) << "\n";
    return 1;
  }
  outs() << Md << "table: " << OutDir << "/evaluation.md\n";
  return 0;
}
