//===- Gate.h - The verification gate: compile, correctness, profile -*- C++ -*-===//
//
// Every candidate kernel is judged here. Stages, in order, stopping at the
// first failure (docs/gate.md):
//   compile      nvcc -arch=ARCH -Xptxas -v: resources per kernel, PTX summary,
//                manifest limits; then the generated driver is built. Results
//                are cached by content hash.
//   correctness  (GPU) the driver, in a child process with a time limit: every
//                size, several trials, fresh random inputs, poisoned outputs,
//                inputs checked unmodified, CPU double reference, rel. L2.
//   sanitize     (GPU, optional) compute-sanitizer memcheck/racecheck/initcheck
//                on the correctness-only sizes.
//   profile      (GPU) the driver again: CUPTI activity records of every kernel,
//                memcpy and memset the launcher starts on any stream; L2 flushed
//                before each call; median/p10/p90; roofline; impossible-time and
//                unordered-work checks; timed calls are verified too.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_GATE_GATE_H
#define KLINEAGE_GATE_GATE_H

#include "klineage/Gate/Manifest.h"
#include "llvm/Support/JSON.h"
#include <map>
#include <string>
#include <vector>

namespace klineage {
namespace gate {

/// Exit codes of `klineage gate` (documented in docs/gate.md).
enum ExitCode : int {
  ExitAccepted = 0,      ///< every requested stage passed for every candidate
  ExitUsage = 1,         ///< bad command line, manifest or environment
  ExitRejected = 2,      ///< some candidate failed a stage
  ExitNoGpu = 3,         ///< compile passed; runtime stages skipped (no GPU)
  ExitInternal = 4,      ///< the gate itself failed (nvcc missing, cannot write)
};

struct Options {
  std::string Arch = "sm_90";
  std::string Nvcc;        ///< empty: $NVCC, $CUDA_PATH/bin/nvcc, /usr/local/cuda/bin/nvcc, PATH
  std::string CacheDir;    ///< empty: $KLINEAGE_CACHE or ~/.cache/klineage/gate
  std::string WorkDir;     ///< empty: a fresh temp folder
  bool RunCorrectness = true, RunProfile = true;
  std::vector<std::string> Sanitizers; ///< memcheck, racecheck, initcheck, synccheck
  bool NoCache = false;
  bool ForceNoGpu = false; ///< behave as if no GPU were present (tests)
  uint64_t Seed = 0;       ///< 0: random per run (reported)
  int Repeat = 1;          ///< profile rounds per candidate (interleaved)
  int Verbose = 0;
};

enum class StageStatus { Passed, Failed, Skipped, NotRun };
const char *stageStatusName(StageStatus S);

struct StageResult {
  std::string Name;
  StageStatus Status = StageStatus::NotRun;
  std::string Reason;       ///< failure or skip reason, one line
  double WallMs = 0;
  llvm::json::Object Detail;
};

struct CandidateResult {
  std::string File;
  std::vector<StageResult> Stages;
  std::string Verdict;      ///< accepted | rejected | compile-only (no GPU) | compiled (--stages compile)
  std::string FailedStage, Reason;
  double MedianMs = -1;     ///< profile median (kernel time per call)
  std::vector<double> RoundMedians;
  llvm::json::Object toJSON() const;
};

struct GateReport {
  std::vector<CandidateResult> Candidates;
  llvm::json::Object Gpu;   ///< device info from the driver probe (empty without GPU)
  bool GpuAvailable = false;
  std::string NoGpuReason;
  uint64_t Seed = 0;
  int ExitCode = 0;
};

/// Runs the gate on each candidate against one workload.
GateReport runGate(const Manifest &M, const std::vector<std::string> &Candidates,
                   const Options &O, llvm::raw_ostream &Log);

llvm::json::Value reportToJSON(const GateReport &R, const Manifest &M, const Options &O);
void printReport(const GateReport &R, const Manifest &M, const Options &O, llvm::raw_ostream &OS);

// --- Pieces, exposed for tests and later layers --------------------------

struct KernelResources {
  std::string Name, Demangled;
  int Registers = -1, Barriers = 0;
  int64_t StackFrame = 0, SpillStores = 0, SpillLoads = 0, Smem = 0, CumulativeStack = 0;
};

/// Parses `ptxas -v` output (nvcc -Xptxas -v stderr).
std::vector<KernelResources> parsePtxasInfo(llvm::StringRef Stderr);

/// Counts memory-instruction shapes in PTX, per .entry and in total:
/// e.g. "ld.global.v4" -> 2, "ld.global.nc.v1" -> 1, "cp.async" -> 4, "shfl" -> 5.
std::map<std::string, std::map<std::string, int64_t>> summarizePtx(llvm::StringRef Ptx);

/// Generates the driver .cu for a candidate (documented in docs/gate.md).
std::string generateDriver(const Manifest &M, const std::string &CandidatePath);

} // namespace gate
} // namespace klineage

#endif
