//===- Gate.cpp - The verification gate's stages --------------------------===//
#include "klineage/Gate/Gate.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <set>
#include <ctime>
#include <random>

using namespace llvm;

namespace klineage {
namespace gate {

static const char kDriverRuntime[] =
#include "DriverRuntime.inc"
    ;

const char *stageStatusName(StageStatus S) {
  switch (S) {
  case StageStatus::Passed: return "passed";
  case StageStatus::Failed: return "failed";
  case StageStatus::Skipped: return "skipped";
  case StageStatus::NotRun: return "not-run";
  }
  return "?";
}

namespace {

using Clock = std::chrono::steady_clock;
double msSince(Clock::time_point T) {
  return std::chrono::duration<double, std::milli>(Clock::now() - T).count();
}

std::string readFile(StringRef P) {
  auto B = MemoryBuffer::getFile(P, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  return B ? (*B)->getBuffer().str() : std::string();
}
bool writeFile(StringRef P, StringRef Text) {
  std::error_code EC;
  raw_fd_ostream OS(P, EC);
  if (EC)
    return false;
  OS << Text;
  return true;
}
std::string tail(StringRef S, size_t N = 3000) {
  return S.size() <= N ? S.str() : "..." + S.substr(S.size() - N).str();
}
std::string hashOf(ArrayRef<std::string> Parts) {
  SHA256 H;
  for (auto &P : Parts) {
    H.update(P);
    H.update(StringRef("\0\x01", 2));
  }
  auto D = H.final();
  return toHex(ArrayRef<uint8_t>(D.data(), 12), /*LowerCase=*/true);
}

// The text of every local header a source reaches through quoted #include
// directives, transitively: resolved against the including file's folder, then
// the -I folders. Part of the cache keys, so editing a header the candidate
// includes recompiles it. System (<...>) headers are covered by nvcc's version;
// an include spelled through a macro is not followed.
std::vector<std::string> localIncludeTexts(const std::string &Src, ArrayRef<std::string> Flags) {
  std::vector<std::string> IDirs;
  for (size_t I = 0; I < Flags.size(); ++I) {
    StringRef F(Flags[I]);
    if (F == "-I" && I + 1 < Flags.size())
      IDirs.push_back(Flags[++I]);
    else if (F.starts_with("-I") && F.size() > 2)
      IDirs.push_back(F.drop_front(2).str());
  }
  std::vector<std::string> Out, Queue = {Src};
  std::set<std::string> Seen = {Src};
  while (!Queue.empty()) {
    std::string File = Queue.back();
    Queue.pop_back();
    std::string Text = readFile(File);
    StringRef Rest(Text);
    while (!Rest.empty()) {
      auto [Line, Next] = Rest.split('\n');
      Rest = Next;
      StringRef L = Line.ltrim();
      if (!L.consume_front("#"))
        continue;
      L = L.ltrim();
      if (!L.consume_front("include"))
        continue;
      L = L.ltrim();
      if (!L.consume_front("\""))
        continue;
      StringRef Name = L.take_until([](char C) { return C == '"'; });
      std::vector<std::string> Cands;
      SmallString<256> Rel(sys::path::parent_path(File));
      sys::path::append(Rel, Name);
      Cands.push_back(std::string(Rel));
      for (auto &D : IDirs) {
        SmallString<256> P(D);
        sys::path::append(P, Name);
        Cands.push_back(std::string(P));
      }
      for (auto &C : Cands) {
        if (!sys::fs::is_regular_file(C))
          continue;
        SmallString<256> Real;
        std::string Key = sys::fs::real_path(C, Real) ? C : std::string(Real);
        if (Seen.insert(Key).second) {
          Out.push_back(Name.str());
          Out.push_back(readFile(Key));
          Queue.push_back(Key);
        }
        break;
      }
    }
  }
  return Out;
}

struct ProcResult {
  int Rc = 0;
  bool TimedOut = false, Crashed = false;
  std::string Err, Out, ErrText;
  double WallMs = 0;
};

ProcResult runProc(const std::string &Prog, const std::vector<std::string> &Args, const std::string &OutFile,
                   const std::string &ErrFile, double TimeoutS) {
  ProcResult R;
  std::vector<StringRef> A;
  A.push_back(Prog);
  for (auto &X : Args)
    A.push_back(X);
  std::optional<StringRef> Redir[3] = {StringRef(""), StringRef(OutFile), StringRef(ErrFile)};
  // The child's files are opened without truncation: no stale tail of an earlier run.
  sys::fs::remove(OutFile);
  sys::fs::remove(ErrFile);
  auto T0 = Clock::now();
  bool Failed = false;
  R.Rc = sys::ExecuteAndWait(Prog, A, std::nullopt, Redir,
                             TimeoutS > 0 ? (unsigned)std::ceil(TimeoutS) : 0, 0, &R.Err, &Failed);
  R.WallMs = msSince(T0);
  if (R.Rc == -2) {
    if (StringRef(R.Err).contains("timed out"))
      R.TimedOut = true;
    else
      R.Crashed = true;
  }
  if (Failed && R.Err.empty())
    R.Err = "could not execute " + Prog;
  R.Out = readFile(OutFile);
  R.ErrText = readFile(ErrFile);
  return R;
}

std::string shellJoin(const std::string &Prog, const std::vector<std::string> &Args) {
  std::string S = Prog;
  for (auto &A : Args)
    S += " " + (A.find_first_of(" '\"") == std::string::npos ? A : "'" + A + "'");
  return S;
}

std::vector<json::Object> readEvents(StringRef Path) {
  std::vector<json::Object> Out;
  std::string Text = readFile(Path);
  SmallVector<StringRef, 64> Lines;
  StringRef(Text).split(Lines, '\n', -1, false);
  for (StringRef L : Lines) {
    auto V = json::parse(L);
    if (!V) {
      consumeError(V.takeError());
      continue;
    }
    if (auto *O = V->getAsObject())
      Out.push_back(std::move(*O));
  }
  return Out;
}

std::string findTool(const std::string &Explicit, const char *Env, const char *Name) {
  if (!Explicit.empty())
    return Explicit;
  if (Env)
    if (auto E = sys::Process::GetEnv(Env))
      if (!E->empty())
        return *E;
  std::vector<std::string> Roots;
  if (auto E = sys::Process::GetEnv("CUDA_PATH"))
    Roots.push_back(*E);
  if (auto E = sys::Process::GetEnv("CUDA_HOME"))
    Roots.push_back(*E);
  Roots.push_back("/usr/local/cuda");
  for (auto &R : Roots) {
    SmallString<256> P(R);
    sys::path::append(P, "bin", Name);
    if (sys::fs::can_execute(P))
      return std::string(P);
  }
  if (auto P = sys::findProgramByName(Name))
    return *P;
  return "";
}

// The CUDA root of an nvcc: <root>/bin/nvcc.
std::string cudaRootOf(const std::string &Nvcc) {
  SmallString<256> Real;
  if (sys::fs::real_path(Nvcc, Real))
    Real = Nvcc;
  return sys::path::parent_path(sys::path::parent_path(Real)).str();
}

std::pair<std::string, std::string> cuptiPaths(const std::string &Root) {
  const char *Inc[] = {"include", "extras/CUPTI/include", "targets/x86_64-linux/include"};
  const char *Lib[] = {"lib64", "extras/CUPTI/lib64", "targets/x86_64-linux/lib", "lib"};
  std::string I, L;
  for (auto *X : Inc) {
    SmallString<256> P(Root);
    sys::path::append(P, X, "cupti.h");
    if (sys::fs::exists(P)) {
      I = sys::path::parent_path(P).str();
      break;
    }
  }
  for (auto *X : Lib) {
    SmallString<256> P(Root);
    sys::path::append(P, X, "libcupti.so");
    if (sys::fs::exists(P)) {
      L = sys::path::parent_path(P).str();
      break;
    }
  }
  return {I, L};
}

bool gpuDevicePresent(std::string &Why) {
  std::error_code EC;
  bool Any = false;
  for (sys::fs::directory_iterator It("/dev", EC), E; It != E && !EC; It.increment(EC))
    if (StringRef(sys::path::filename(It->path())).starts_with("nvidia"))
      Any = true;
  if (!Any)
    Why = "no /dev/nvidia* device node on this machine";
  return Any;
}

std::string cacheRoot(const Options &O) {
  if (!O.CacheDir.empty())
    return O.CacheDir;
  if (auto E = sys::Process::GetEnv("KLINEAGE_CACHE"))
    return *E;
  SmallString<256> P;
  if (auto X = sys::Process::GetEnv("XDG_CACHE_HOME"))
    P = *X;
  else if (sys::path::home_directory(P))
    sys::path::append(P, ".cache");
  else
    P = "/tmp";
  sys::path::append(P, "klineage", "gate");
  return std::string(P);
}

// ------------------------------------------------------------------------
class Runner {
public:
  Runner(const Manifest &M, const Options &O, raw_ostream &Log) : M(M), O(O), Log(Log) {}

  bool init(std::string &Err) {
    Nvcc = findTool(O.Nvcc, "NVCC", "nvcc");
    if (Nvcc.empty()) {
      Err = "nvcc not found (set --nvcc, $NVCC or $CUDA_PATH)";
      return false;
    }
    CudaRoot = cudaRootOf(Nvcc);
    std::tie(CuptiInc, CuptiLib) = cuptiPaths(CudaRoot);
    Sanitizer = findTool("", nullptr, "compute-sanitizer");
    // nvcc's version is part of every cache key.
    SmallString<128> VF;
    sys::fs::createTemporaryFile("klineage-nvcc", "txt", VF);
    ProcResult V = runProc(Nvcc, {"--version"}, std::string(VF), std::string(VF) + ".err", 30);
    sys::fs::remove(VF);
    sys::fs::remove(std::string(VF) + ".err");
    if (V.Rc != 0) {
      Err = "'" + Nvcc + " --version' failed: " + V.Err + tail(V.ErrText, 400);
      return false;
    }
    NvccVersion = StringRef(V.Out).trim().str();
    StringRef Rel = StringRef(NvccVersion).rsplit('\n').second;
    NvccShort = Rel.empty() ? NvccVersion : Rel.trim().str();
    Cache = cacheRoot(O);
    if (O.NoCache) {
      SmallString<128> T;
      sys::fs::createUniqueDirectory("klineage-gate-nocache", T);
      Cache = std::string(T);
    }
    if (auto EC = sys::fs::create_directories(Cache)) {
      Err = "cannot create cache folder " + Cache + ": " + EC.message();
      return false;
    }
    if (!O.WorkDir.empty()) {
      Work = O.WorkDir;
      sys::fs::create_directories(Work);
    } else {
      SmallString<128> T;
      sys::fs::createUniqueDirectory("klineage-gate", T);
      Work = std::string(T);
    }
    return true;
  }

  std::vector<std::string> baseFlags() const {
    std::vector<std::string> F = {"-arch=" + O.Arch, "-std=c++17", "-O3", "-lineinfo"};
    for (auto &X : M.NvccFlags)
      F.push_back(X);
    return F;
  }

  // Compile stage: candidate alone (-Xptxas -v, -ptx), limits, then the driver.
  StageResult compile(const std::string &Cand, std::string &DriverExe) {
    StageResult S;
    S.Name = "compile";
    auto T0 = Clock::now();
    std::string Text = readFile(Cand);
    if (Text.empty() && !sys::fs::exists(Cand)) {
      S.Status = StageStatus::Failed;
      S.Reason = "no such file: " + Cand;
      return S;
    }
    if (StringRef(Text).contains("klineage_drv") || StringRef(Text).contains("kldrv")) {
      S.Status = StageStatus::Failed;
      S.Reason = "the candidate uses the gate's reserved names (klineage_drv*, kldrv)";
      return S;
    }
    std::vector<std::string> Flags = baseFlags();
    std::vector<std::string> KeyParts = {"cand-v2", Text, NvccVersion, join(Flags, " ")};
    for (auto &H : localIncludeTexts(Cand, Flags))
      KeyParts.push_back(H);
    std::string Key = hashOf(KeyParts);
    SmallString<256> Dir(Cache);
    sys::path::append(Dir, Key);
    std::string D = std::string(Dir);
    std::string Json = D + "/compile.json";
    bool Cached = sys::fs::exists(Json);
    json::Object Detail;
    if (!Cached) {
      // Each process compiles in a folder of its own and moves the results
      // in (renames are atomic): identical candidates compiled at once (a
      // search's option sets that give the same kernel) share the key.
      std::string W = D + "/work." + std::to_string(sys::Process::getProcessId());
      sys::fs::create_directories(W);
      std::vector<std::string> A = Flags;
      A.insert(A.end(), {"-Xptxas", "-v", "-c", Cand, "-o", W + "/cand.o"});
      ProcResult R = runProc(Nvcc, A, W + "/cand.out", W + "/cand.err", 600);
      std::vector<std::string> P = Flags;
      P.insert(P.end(), {"-ptx", Cand, "-o", W + "/cand.ptx"});
      ProcResult RP;
      if (R.Rc == 0)
        RP = runProc(Nvcc, P, W + "/ptx.out", W + "/ptx.err", 600);
      for (const char *F : {"cand.o", "cand.ptx", "cand.out", "cand.err", "ptx.out", "ptx.err"})
        if (sys::fs::exists(W + "/" + F))
          sys::fs::rename(W + "/" + F, D + "/" + F);
      sys::fs::remove(W);
      A[A.size() - 1] = D + "/cand.o"; // the command as the cache keeps its output
      json::Object C;
      C["ok"] = R.Rc == 0 && RP.Rc == 0;
      C["command"] = shellJoin(Nvcc, A);
      C["log"] = tail(R.ErrText + R.Out + R.Err, 6000);
      C["ptx_log"] = tail(RP.ErrText + RP.Err, 2000);
      C["nvcc_ms"] = R.WallMs + RP.WallMs;
      std::string Tmp = Json + ".tmp" + std::to_string(sys::Process::getProcessId());
      std::string S2;
      raw_string_ostream OS(S2);
      OS << json::Value(std::move(C));
      writeFile(Tmp, OS.str());
      sys::fs::rename(Tmp, Json);
    }
    auto V = json::parse(readFile(Json));
    if (!V) {
      consumeError(V.takeError());
      S.Status = StageStatus::Failed;
      S.Reason = "gate: corrupt cache entry " + Json;
      return S;
    }
    json::Object C = std::move(*V->getAsObject());
    Detail["cached"] = Cached;
    Detail["key"] = Key;
    Detail["nvcc"] = NvccShort;
    Detail["arch"] = O.Arch;
    Detail["command"] = C.getString("command").value_or("").str();
    Detail["nvcc_ms"] = C.getNumber("nvcc_ms").value_or(0);
    std::string LogText = C.getString("log").value_or("").str();
    if (!C.getBoolean("ok").value_or(false)) {
      S.Status = StageStatus::Failed;
      // First error line of nvcc.
      std::string First;
      SmallVector<StringRef, 32> L;
      StringRef(LogText).split(L, '\n');
      for (StringRef X : L)
        if (X.contains("error")) {
          First = X.trim().str();
          break;
        }
      S.Reason = "nvcc failed" + (First.empty() ? std::string() : ": " + First);
      Detail["log"] = LogText + C.getString("ptx_log").value_or("").str();
      S.Detail = std::move(Detail);
      S.WallMs = msSince(T0);
      return S;
    }
    // Resources and PTX summary.
    auto Res = parsePtxasInfo(LogText);
    json::Array Kernels;
    std::string LimitErr;
    for (auto &K : Res) {
      json::Object KO;
      KO["name"] = K.Name;
      KO["demangled"] = K.Demangled;
      KO["registers"] = K.Registers;
      KO["barriers"] = K.Barriers;
      KO["smem_bytes"] = K.Smem;
      KO["stack_frame_bytes"] = K.StackFrame;
      KO["spill_store_bytes"] = K.SpillStores;
      KO["spill_load_bytes"] = K.SpillLoads;
      Kernels.push_back(std::move(KO));
      std::string N = K.Demangled;
      if (LimitErr.empty() && M.MaxSpillBytes >= 0 && K.SpillStores + K.SpillLoads > M.MaxSpillBytes)
        LimitErr = "kernel " + N + " spills " + std::to_string(K.SpillStores) + " bytes (stores) + " +
                   std::to_string(K.SpillLoads) + " bytes (loads) > limit spill_bytes=" +
                   std::to_string(M.MaxSpillBytes);
      if (LimitErr.empty() && M.MaxRegisters >= 0 && K.Registers > M.MaxRegisters)
        LimitErr = "kernel " + N + " uses " + std::to_string(K.Registers) + " registers > limit " +
                   std::to_string(M.MaxRegisters);
      if (LimitErr.empty() && M.MaxStackBytes >= 0 && K.StackFrame > M.MaxStackBytes)
        LimitErr = "kernel " + N + " has a " + std::to_string(K.StackFrame) + "-byte stack frame > limit " +
                   std::to_string(M.MaxStackBytes);
      if (LimitErr.empty() && M.MaxSharedBytes >= 0 && K.Smem > M.MaxSharedBytes)
        LimitErr = "kernel " + N + " uses " + std::to_string(K.Smem) + " bytes of static shared memory > limit " +
                   std::to_string(M.MaxSharedBytes);
    }
    Detail["kernels"] = std::move(Kernels);
    json::Object Ptx;
    for (auto &KV : summarizePtx(readFile(D + "/cand.ptx"))) {
      json::Object Counts;
      for (auto &C2 : KV.second)
        Counts[C2.first] = C2.second;
      Ptx[KV.first] = std::move(Counts);
    }
    Detail["ptx"] = std::move(Ptx);
    if (!LimitErr.empty()) {
      S.Status = StageStatus::Failed;
      S.Reason = "resource limit: " + LimitErr;
      S.Detail = std::move(Detail);
      S.WallMs = msSince(T0);
      return S;
    }
    if (Res.empty())
      Detail["warning"] = "ptxas reported no kernels";

    // The driver.
    std::string Gen = generateDriver(M, Cand);
    std::string RefText = readFile(M.RefSource);
    std::vector<std::string> DParts = {"driver-v2", Key, Gen, RefText, NvccVersion, join(Flags, " "), CuptiInc, CuptiLib};
    for (auto &H : localIncludeTexts(M.RefSource, {}))
      DParts.push_back(H);
    std::string DKey = hashOf(DParts);
    SmallString<256> DD(Cache);
    sys::path::append(DD, "drv-" + DKey);
    std::string DDir = std::string(DD);
    DriverExe = DDir + "/driver";
    bool DCached = sys::fs::can_execute(DriverExe);
    Detail["driver_cached"] = DCached;
    if (!DCached) {
      if (CuptiInc.empty() || CuptiLib.empty()) {
        S.Status = StageStatus::Failed;
        S.Reason = "gate: CUPTI (cupti.h / libcupti.so) not found under " + CudaRoot;
        S.Detail = std::move(Detail);
        return S;
      }
      sys::fs::create_directories(DDir);
      writeFile(DDir + "/driver.cu", Gen);
      std::vector<std::string> A = Flags;
      A.insert(A.end(), {"-Xcompiler", "-fopenmp", "-I" + CuptiInc, "-o", DDir + "/driver.tmp" + std::to_string(sys::Process::getProcessId()),
                         DDir + "/driver.cu", M.RefSource, "-L" + CuptiLib, "-lcupti", "-lgomp", "-Xlinker",
                         "-rpath=" + CuptiLib});
      ProcResult R = runProc(Nvcc, A, DDir + "/build.out", DDir + "/build.err", 600);
      if (R.Rc != 0 && (StringRef(R.ErrText).contains("omp") || StringRef(R.ErrText).contains("gomp"))) {
        // No OpenMP on this host compiler: build the driver single-threaded.
        std::vector<std::string> B;
        for (size_t I = 0; I < A.size(); ++I) {
          if (A[I] == "-Xcompiler" && I + 1 < A.size() && A[I + 1] == "-fopenmp") { ++I; continue; }
          if (A[I] == "-lgomp") continue;
          B.push_back(A[I]);
        }
        R = runProc(Nvcc, B, DDir + "/build.out", DDir + "/build.err", 600);
        Detail["openmp"] = false;
      }
      Detail["driver_build_ms"] = R.WallMs;
      if (R.Rc != 0) {
        S.Status = StageStatus::Failed;
        std::string Log = R.ErrText + R.Out + R.Err;
        bool RefLink = StringRef(Log).contains(M.RefFunction) && StringRef(Log).contains("undefined reference");
        std::string First;
        SmallVector<StringRef, 32> L;
        StringRef(Log).split(L, '\n');
        for (StringRef X : L)
          if (X.contains("error") || X.contains("undefined reference")) {
            First = X.trim().str();
            break;
          }
        S.Reason = std::string(RefLink ? "the reference does not match the manifest's parameter list"
                                       : "the generated driver does not build with the candidate "
                                         "(launcher missing or parameter types differ from the manifest?)") +
                   (First.empty() ? "" : ": " + First);
        Detail["log"] = tail(Log, 6000);
        Detail["driver_source"] = DDir + "/driver.cu";
        S.Detail = std::move(Detail);
        S.WallMs = msSince(T0);
        return S;
      }
      sys::fs::rename(DDir + "/driver.tmp" + std::to_string(sys::Process::getProcessId()), DriverExe);
    }
    Detail["driver"] = DriverExe;
    S.Status = StageStatus::Passed;
    S.Detail = std::move(Detail);
    S.WallMs = msSince(T0);
    return S;
  }

  // Runs the driver in a child and turns its events into a stage result.
  StageResult runChild(const std::string &Name, const std::string &Prog, std::vector<std::string> Args,
                       double TimeoutS, const std::string &Tag, std::vector<json::Object> &Events) {
    StageResult S;
    S.Name = Name;
    std::string OutFile = Work + "/" + Tag + ".jsonl";
    sys::fs::remove(OutFile);
    Args.push_back("--out=" + OutFile);
    ProcResult R = runProc(Prog, Args, Work + "/" + Tag + ".stdout", Work + "/" + Tag + ".stderr", TimeoutS);
    S.WallMs = R.WallMs;
    Events = readEvents(OutFile);
    json::Object D;
    D["command"] = shellJoin(Prog, Args);
    D["exit_code"] = R.Rc;
    D["wall_ms"] = R.WallMs;
    const json::Object *Verdict = nullptr, *LastCall = nullptr;
    json::Array Warnings, Trials;
    for (auto &E : Events) {
      StringRef Ev = E.getString("event").value_or("");
      if (Ev == "verdict") Verdict = &E;
      else if (Ev == "call") LastCall = &E;
      else if (Ev == "warning") Warnings.push_back(E.getString("what").value_or("").str());
      else if (Ev == "device") Device = E;
      else if (Ev == "nogpu") NoGpu = E.getString("reason").value_or("no GPU").str();
      else if (Ev == "trial" || Ev == "verify") Trials.push_back(json::Object(E));
    }
    if (!Warnings.empty()) D["warnings"] = std::move(Warnings);
    if (!Trials.empty()) D["trials"] = std::move(Trials);
    std::string Stderr = tail(R.ErrText, 1500);
    if (!Stderr.empty()) D["stderr"] = Stderr;
    if (R.Rc == 3 && !NoGpu.empty()) {
      S.Status = StageStatus::Skipped;
      S.Reason = "no GPU: " + NoGpu;
    } else if (Verdict) {
      bool Ok = Verdict->getBoolean("ok").value_or(false);
      S.Status = Ok && R.Rc == 0 ? StageStatus::Passed : StageStatus::Failed;
      S.Reason = Verdict->getString("reason").value_or("").str();
      if (Ok && R.Rc != 0)
        S.Reason = "driver exited with code " + std::to_string(R.Rc) + " after a passing verdict";
      if (R.Rc == 4)
        D["gate_error"] = true;
    } else if (R.TimedOut) {
      S.Status = StageStatus::Failed;
      S.Reason = "timeout: killed after " + std::to_string((int)TimeoutS) + " s" +
                 (LastCall ? " during the launcher call (size " +
                                 LastCall->getString("size").value_or("").str() + ", trial " +
                                 std::to_string(LastCall->getInteger("trial").value_or(-1)) + ")"
                           : "");
    } else if (R.Crashed || R.Rc != 0) {
      S.Status = StageStatus::Failed;
      S.Reason = "the driver process died (" + (R.Err.empty() ? "exit code " + std::to_string(R.Rc) : R.Err) + ")" +
                 (LastCall ? " during the launcher call (size " +
                                 LastCall->getString("size").value_or("").str() + ", trial " +
                                 std::to_string(LastCall->getInteger("trial").value_or(-1)) + ")"
                           : "");
    } else if (LastCall) {
      S.Status = StageStatus::Failed;
      S.Reason = "the driver process ended (exit code " + std::to_string(R.Rc) +
                 ") without a verdict during the launcher call (size " +
                 LastCall->getString("size").value_or("").str() + ", trial " +
                 std::to_string(LastCall->getInteger("trial").value_or(-1)) + "): the candidate ended the process";
    } else {
      S.Status = StageStatus::Failed;
      S.Reason = "gate: the driver exited without a verdict";
    }
    S.Detail = std::move(D);
    return S;
  }

  StageResult correctness(const std::string &Drv) {
    std::vector<json::Object> Ev;
    std::vector<std::string> A = {"check", "--seed=" + std::to_string(Seed),
                                  "--trials=0", "--call-timeout=" + std::to_string(M.CallTimeoutS)};
    // Per-size trial counts come from the tables; --trials=0 keeps them.
    StageResult S =
        runChild("correctness", Drv, A, M.CorrectnessTimeoutS, "correctness-" + std::to_string(Counter++), Ev);
    // The candidate runs inside the driver's process; a pass must at least
    // come with every trial the workload asks for, each reported as passing.
    if (S.Status == StageStatus::Passed) {
      int64_t Want = 0, Got = 0;
      for (auto &Z : M.Sizes)
        Want += Z.Trials ? Z.Trials : M.Trials;
      for (auto &E : Ev)
        if (E.getString("event").value_or("") == "trial" && E.getBoolean("ok").value_or(false))
          ++Got;
      if (Got != Want) {
        S.Status = StageStatus::Failed;
        S.Reason = "the driver reported " + std::to_string(Got) + " passing trials of the " + std::to_string(Want) +
                   " the workload asks for (did the candidate end the process or write to the event file?)";
      }
    }
    return S;
  }

  StageResult sanitize(const std::string &Drv) {
    StageResult S;
    S.Name = "sanitize";
    if (Sanitizer.empty()) {
      S.Status = StageStatus::Skipped;
      S.Reason = "compute-sanitizer not found";
      return S;
    }
    // Smallest sizes only: the correctness-only ones, or the first size.
    std::string Sizes = "check";
    bool AnyCheck = false;
    for (auto &Z : M.Sizes)
      AnyCheck |= !Z.Profile;
    if (!AnyCheck)
      Sizes = "0";
    json::Array Tools;
    auto T0 = Clock::now();
    for (auto &Tool : O.Sanitizers) {
      std::vector<json::Object> Ev;
      std::vector<std::string> A = {"--tool", Tool, "--error-exitcode", "97", "--print-limit", "20"};
      if (Tool == "racecheck")
        A.insert(A.end(), {"--racecheck-report", "all"});
      A.insert(A.end(), {Drv, "check", "--seed=" + std::to_string(Seed), "--sizes=" + Sizes, "--trials=1",
                         "--no-cupti", "--no-guard", "--call-timeout=" + std::to_string(M.CallTimeoutS * 20)});
      std::string Tag = "sanitize-" + Tool + "-" + std::to_string(Counter++);
      StageResult R = runChild("sanitize", Sanitizer, A, std::max(60.0, M.CorrectnessTimeoutS * 3), Tag, Ev);
      json::Object TO;
      TO["tool"] = Tool;
      std::string Out = readFile(Work + "/" + Tag + ".stdout") + readFile(Work + "/" + Tag + ".stderr");
      TO["exit_code"] = R.Detail.getInteger("exit_code").value_or(0);
      // compute-sanitizer prints "========= ERROR SUMMARY: N errors".
      std::string Summary, FirstErr;
      SmallVector<StringRef, 64> L;
      StringRef(Out).split(L, '\n');
      for (StringRef X : L) {
        if (X.contains("ERROR SUMMARY") || X.contains("RACECHECK SUMMARY"))
          Summary = X.trim().str();
        if (FirstErr.empty() && X.starts_with("=========") &&
            (X.contains("Invalid") || X.contains("Error") || X.contains("hazard") || X.contains("Uninitialized")) &&
            !X.contains("SUMMARY"))
          FirstErr = X.drop_front(9).trim().str();
      }
      TO["summary"] = Summary;
      TO["output"] = tail(Out, 3000);
      int64_t Rc = R.Detail.getInteger("exit_code").value_or(0);
      Tools.push_back(std::move(TO));
      if (Rc == 97 || (R.Status == StageStatus::Failed && Rc != 0)) {
        S.Status = StageStatus::Failed;
        S.Reason = "compute-sanitizer " + Tool + ": " +
                   (!FirstErr.empty() ? FirstErr : !Summary.empty() ? Summary : R.Reason);
        break;
      }
      if (R.Status == StageStatus::Skipped) {
        S.Status = StageStatus::Skipped;
        S.Reason = R.Reason;
        break;
      }
    }
    if (S.Status == StageStatus::NotRun) {
      S.Status = StageStatus::Passed;
      S.Reason = "no errors from " + join(O.Sanitizers, ", ");
    }
    S.Detail["tools"] = std::move(Tools);
    S.WallMs = msSince(T0);
    return S;
  }

  // The copy bandwidth and fp32 rate, measured once per invocation before
  // the first profile run; every profile run is handed these numbers. On
  // failure the profile runs measure their own (reported as ceilings_error).
  void measureCeilings(const std::string &Drv) {
    std::vector<json::Object> Ev;
    StageResult S = runChild("ceilings", Drv, {"ceilings"}, 60, "ceilings", Ev);
    for (auto &E : Ev)
      if (E.getString("event").value_or("") == "ceilings")
        Ceilings = E;
    if (S.Status != StageStatus::Passed || !Ceilings.getNumber("copy_bw_measured")) {
      Ceilings.clear();
      Ceilings["ceilings_error"] = S.Reason.empty() ? "the ceilings run gave no result" : S.Reason;
    }
  }

  StageResult profile(const std::string &Drv, int SizeIdx, int Round) {
    std::vector<json::Object> Ev;
    std::vector<std::string> A = {"profile", "--seed=" + std::to_string(Seed), "--size=" + std::to_string(SizeIdx),
                                  "--warmup=" + std::to_string(M.Warmup), "--iters=" + std::to_string(M.Iters),
                                  "--call-timeout=" + std::to_string(M.CallTimeoutS)};
    if (auto Bw = Ceilings.getNumber("copy_bw_measured"))
      A.push_back("--copy-bw=" + formatv("{0:e}", *Bw).str());
    if (auto F = Ceilings.getNumber("fp32_measured"))
      A.push_back("--fp32=" + formatv("{0:e}", *F).str());
    StageResult S = runChild("profile", Drv, A, M.ProfileTimeoutS,
                             "profile-" + std::to_string(Counter++), Ev);
    for (auto &E : Ev)
      if (E.getString("event").value_or("") == "profile")
        for (auto &KV : E)
          if (KV.first != "event")
            S.Detail[KV.first] = KV.second;
    S.Detail["round"] = Round;
    S.Detail["size"] = M.Sizes[SizeIdx].label();
    if (S.Status == StageStatus::Passed && !S.Detail.getNumber("median_ms")) {
      S.Status = StageStatus::Failed;
      S.Reason = "the driver passed without a profile record (did the candidate end the process?)";
    }
    return S;
  }

  const Manifest &M;
  const Options &O;
  raw_ostream &Log;
  std::string Nvcc, NvccVersion, NvccShort, CudaRoot, CuptiInc, CuptiLib, Sanitizer, Cache, Work;
  uint64_t Seed = 1;
  int Counter = 0;
  json::Object Device, Ceilings;
  std::string NoGpu;
};

} // namespace

// ---------------------------------------------------------------- driver --
std::string generateDriver(const Manifest &M, const std::string &CandidatePath) {
  std::string S;
  raw_string_ostream OS(S);
  SmallString<256> Abs(CandidatePath);
  sys::fs::make_absolute(Abs);
  OS << "// Generated by `klineage gate` for workload '" << M.Name << "' (manifest " << M.Path
     << "). Do not edit.\n";
  OS << "// The candidate is included first, so its host launcher and kernels are compiled with it.\n";
  OS << "#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n";
  OS << "#include \"" << Abs << "\"\n\n";
  OS << kDriverRuntime << "\n";
  // Reference declaration (compiled separately from " << M.RefSource << ").
  OS << "// The CPU reference (" << M.RefSource << "): floats as double, integers native.\n";
  StringRef Fn = M.RefFunction;
  SmallVector<StringRef, 4> Ns;
  Fn.split(Ns, "::");
  std::string Leaf = Ns.back().str();
  Ns.pop_back();
  for (StringRef N : Ns)
    if (!N.empty())
      OS << "namespace " << N << " { ";
  OS << "void " << Leaf << "(";
  bool FirstRef = true;
  for (size_t I = 0; I < M.Params.size(); ++I) {
    const Param &P = M.Params[I];
    if (P.Kind == ParamKind::Stream)
      continue; // the reference takes the launcher's parameters without its streams
    OS << (FirstRef ? "" : ", ");
    FirstRef = false;
    if (P.Kind == ParamKind::Scalar)
      OS << refElemTypeCxx(P.Type) << " " << P.Name;
    else
      OS << (P.Kind == ParamKind::Input ? "const " : "") << refElemTypeCxx(P.Type) << " *" << P.Name;
  }
  OS << ");";
  for (StringRef N : Ns)
    if (!N.empty())
      OS << " }";
  OS << "\n\nnamespace kldrv {\n";
  OS << "const char *const kWorkload = \"" << M.Name << "\";\n";
  OS << "const char *const kComputePeak = \"" << M.ComputePeak << "\";\n";
  OS << "const double kTolerance = " << format("%.17g", M.Tolerance) << ";\n";
  OS << "const int kNumParams = " << M.Params.size() << ";\n";
  OS << "const ParamSpec kParams[] = {\n";
  for (const Param &P : M.Params) {
    const char *Role = P.Kind == ParamKind::Scalar ? "R_SCALAR" : P.Kind == ParamKind::Input ? "R_IN"
                     : P.Kind == ParamKind::Output ? "R_OUT" : P.Kind == ParamKind::InOut ? "R_INOUT"
                     : "R_STREAM";
    std::string DT = std::string("DT_") + StringRef(elemTypeName(P.Type)).upper();
    std::string Dist = std::string("D_") + StringRef(distKindName(P.Init.Kind)).upper();
    OS << "  {\"" << P.Name << "\", " << Role << ", " << DT << ", " << Dist << ", " << (P.Random ? 1 : 0) << ", "
       << format("%.17g", P.Tolerance ? *P.Tolerance : -1.0) << "},\n";
  }
  OS << "};\n";
  OS << "const int kNumSizes = " << M.Sizes.size() << ";\n";
  OS << "const SizeSpec kSizes[] = {\n";
  for (const SizePoint &Z : M.Sizes) {
    OS << "  {\"" << Z.label() << "\", " << (Z.Profile ? 1 : 0) << ", " << (Z.Trials ? Z.Trials : M.Trials)
       << ", {";
    for (size_t I = 0; I < M.Params.size(); ++I) {
      const Param &P = M.Params[I];
      int64_t C = 0;
      if (P.Kind != ParamKind::Scalar) {
        auto V = M.count(P, Z);
        C = V ? *V : (consumeError(V.takeError()), 0);
      }
      OS << (I ? ", " : "") << C << "LL";
    }
    OS << "}, {";
    for (size_t I = 0; I < M.Params.size(); ++I) {
      const Param &P = M.Params[I];
      double V = 0;
      if (P.Kind == ParamKind::Scalar && !P.Random) {
        if (P.FloatValue)
          V = *P.FloatValue;
        else if (!P.ValueExpr.empty()) {
          auto E = evalExpr(P.ValueExpr, Z.Vars);
          V = E ? (double)*E : (consumeError(E.takeError()), 0.0);
        }
      }
      OS << (I ? ", " : "") << format("%.17g", V);
    }
    OS << "}, {";
    for (size_t I = 0; I < M.Params.size(); ++I) {
      std::vector<double> A;
      if (auto V = M.distArgs(M.Params[I], Z))
        A = *V;
      else
        consumeError(V.takeError()); // loadManifest() evaluated every size
      A.resize(3, 0.0);
      OS << (I ? ", " : "") << "{" << format("%.17g", A[0]) << ", " << format("%.17g", A[1]) << ", "
         << format("%.17g", A[2]) << "}";
    }
    OS << "}, {";
    for (size_t I = 0; I < M.Params.size(); ++I) {
      const Param &P = M.Params[I];
      int64_t W = 0;
      if (P.Kind == ParamKind::Output || P.Kind == ParamKind::InOut) {
        auto V = M.writtenCount(P, Z);
        W = V ? *V : (consumeError(V.takeError()), 0);
      }
      OS << (I ? ", " : "") << W << "LL";
    }
    auto F = M.flops(Z);
    auto B = M.bytes(Z);
    OS << "}, " << format("%.17g", F ? (double)*F : (consumeError(F.takeError()), 0.0)) << ", "
       << format("%.17g", B ? (double)*B : (consumeError(B.takeError()), 0.0)) << "},\n";
  }
  OS << "};\n\n";
  auto Cast = [&](const Param &P, size_t I, bool Ref) {
    std::string Idx = std::to_string(I);
    if (P.Kind == ParamKind::Stream)
      return "gStreams[" + Idx + "]";
    if (P.Kind == ParamKind::Scalar) {
      if (Ref)
        return std::string("(") + refElemTypeCxx(P.Type) + ")s[" + Idx + "]";
      if (P.Type == ElemType::F16)
        return "__float2half((float)s[" + Idx + "])";
      if (P.Type == ElemType::BF16)
        return "__float2bfloat16((float)s[" + Idx + "])";
      return std::string("(") + elemTypeCxx(P.Type) + ")s[" + Idx + "]";
    }
    if (!Ref)
      return std::string("DevPtr<") + elemTypeCxx(P.Type) + ">{d[" + Idx + "]}";
    return std::string("(") + (P.Kind == ParamKind::Input ? "const " : "") + refElemTypeCxx(P.Type) + " *)r[" +
           Idx + "]";
  };
  OS << "void callLauncher(void **d, const double *s) {\n  (void)d; (void)s;\n  ::" << M.Launcher << "(";
  for (size_t I = 0; I < M.Params.size(); ++I)
    OS << (I ? ", " : "") << Cast(M.Params[I], I, false);
  OS << ");\n}\n";
  OS << "void callReference(void **r, const double *s) {\n  (void)r; (void)s;\n  ::" << M.RefFunction << "(";
  FirstRef = true;
  for (size_t I = 0; I < M.Params.size(); ++I)
    if (M.Params[I].Kind != ParamKind::Stream) {
      OS << (FirstRef ? "" : ", ") << Cast(M.Params[I], I, true);
      FirstRef = false;
    }
  OS << ");\n}\n} // namespace kldrv\n\n";
  OS << "int main(int argc, char **argv) { return kldrv::driverMain(argc, argv); }\n";
  return OS.str();
}

// ---------------------------------------------------------------- report --
json::Object CandidateResult::toJSON() const {
  json::Object O;
  O["file"] = File;
  O["verdict"] = Verdict;
  if (!FailedStage.empty())
    O["failed_stage"] = FailedStage;
  if (!Reason.empty())
    O["reason"] = Reason;
  if (MedianMs >= 0)
    O["median_ms"] = MedianMs;
  if (!RoundMedians.empty()) {
    json::Array A;
    for (double X : RoundMedians)
      A.push_back(X);
    O["round_medians_ms"] = std::move(A);
  }
  json::Object St;
  json::Array Order;
  for (auto &S : Stages) {
    json::Object X;
    X["status"] = stageStatusName(S.Status);
    if (!S.Reason.empty())
      X["reason"] = S.Reason;
    X["wall_ms"] = S.WallMs;
    for (auto &KV : S.Detail)
      X[KV.first] = KV.second;
    std::string Key = S.Name;
    if (St.find(Key) != St.end())
      Key += "#" + std::to_string(Order.size());
    Order.push_back(Key);
    St[Key] = std::move(X);
  }
  O["stages"] = std::move(St);
  O["stage_order"] = std::move(Order);
  return O;
}

GateReport runGate(const Manifest &M, const std::vector<std::string> &Candidates, const Options &O,
                   raw_ostream &Log) {
  GateReport R;
  Runner Run(M, O, Log);
  std::string Err;
  if (!Run.init(Err)) {
    Log << "klineage gate: error: " << Err << "\n";
    R.ExitCode = ExitInternal;
    return R;
  }
  R.Seed = O.Seed ? O.Seed : (std::random_device{}() | ((uint64_t)std::random_device{}() << 32)) | 1;
  Run.Seed = R.Seed;
  std::string Why;
  bool Gpu = !O.ForceNoGpu && gpuDevicePresent(Why);
  if (O.ForceNoGpu)
    Why = "--no-gpu given";
  bool WantRuntime = O.RunCorrectness || O.RunProfile;

  std::vector<std::string> Drivers(Candidates.size());
  for (size_t I = 0; I < Candidates.size(); ++I) {
    CandidateResult C;
    C.File = Candidates[I];
    if (O.Verbose)
      Log << "gate: compiling " << C.File << "\n";
    StageResult S = Run.compile(C.File, Drivers[I]);
    C.Stages.push_back(std::move(S));
    R.Candidates.push_back(std::move(C));
  }

  auto Fail = [](CandidateResult &C, const StageResult &S) {
    C.Verdict = "rejected";
    C.FailedStage = S.Name;
    C.Reason = S.Reason;
  };
  for (auto &C : R.Candidates)
    if (C.Stages.back().Status == StageStatus::Failed)
      Fail(C, C.Stages.back());

  // Correctness (+ sanitize) for every candidate that compiled.
  for (size_t I = 0; I < R.Candidates.size(); ++I) {
    CandidateResult &C = R.Candidates[I];
    if (!C.Verdict.empty() || !WantRuntime)
      continue;
    if (!Gpu)
      break;
    if (O.Verbose)
      Log << "gate: correctness " << C.File << "\n";
    StageResult S = O.RunCorrectness ? Run.correctness(Drivers[I]) : StageResult();
    if (!O.RunCorrectness) {
      S.Name = "correctness";
      S.Status = StageStatus::Skipped;
      S.Reason = "not requested";
    }
    if (S.Status == StageStatus::Skipped && !Run.NoGpu.empty()) {
      Gpu = false;
      Why = Run.NoGpu;
      C.Stages.push_back(std::move(S));
      break;
    }
    bool Failed = S.Status == StageStatus::Failed;
    C.Stages.push_back(std::move(S));
    if (Failed) {
      Fail(C, C.Stages.back());
      continue;
    }
    if (!O.Sanitizers.empty()) {
      StageResult Z = Run.sanitize(Drivers[I]);
      bool ZF = Z.Status == StageStatus::Failed;
      C.Stages.push_back(std::move(Z));
      if (ZF)
        Fail(C, C.Stages.back());
    }
  }

  // Profile: rounds interleaved across candidates, so that two candidates
  // are measured side by side under the same conditions.
  if (Gpu && O.RunProfile) {
    std::vector<int> ProfSizes;
    for (size_t Z = 0; Z < M.Sizes.size(); ++Z)
      if (M.Sizes[Z].Profile)
        ProfSizes.push_back((int)Z);
    for (size_t I = 0; I < R.Candidates.size(); ++I)
      if (R.Candidates[I].Verdict.empty()) {
        Run.measureCeilings(Drivers[I]);
        break;
      }
    for (int Round = 0; Round < std::max(1, O.Repeat); ++Round)
      for (size_t I = 0; I < R.Candidates.size(); ++I) {
        CandidateResult &C = R.Candidates[I];
        if (!C.Verdict.empty())
          continue;
        for (int Z : ProfSizes) {
          if (O.Verbose)
            Log << "gate: profile " << C.File << " size " << M.Sizes[Z].label() << " round " << Round << "\n";
          StageResult S = Run.profile(Drivers[I], Z, Round);
          bool Failed = S.Status == StageStatus::Failed;
          if (Z == ProfSizes.front() && S.Status == StageStatus::Passed)
            if (auto Med = S.Detail.getNumber("median_ms"))
              C.RoundMedians.push_back(*Med);
          C.Stages.push_back(std::move(S));
          if (Failed) {
            Fail(C, C.Stages.back());
            break;
          }
        }
      }
  }

  R.GpuAvailable = Gpu;
  R.NoGpuReason = Gpu ? "" : Why;
  R.Gpu = Run.Device;
  if (!Run.Ceilings.empty())
    for (auto &KV : Run.Ceilings)
      if (KV.first != "event")
        R.Gpu[KV.first] = KV.second;
  bool AnyRejected = false, AnySkipped = false;
  for (auto &C : R.Candidates) {
    if (C.Verdict.empty()) {
      if (!WantRuntime) {
        C.Verdict = "compiled";
      } else if (!Gpu) {
        C.Verdict = "compile-only";
        AnySkipped = true;
        StageResult S;
        S.Name = "correctness";
        S.Status = StageStatus::Skipped;
        S.Reason = "no GPU: " + Why;
        if (C.Stages.back().Name != "correctness")
          C.Stages.push_back(S);
        if (O.RunProfile) {
          S.Name = "profile";
          C.Stages.push_back(S);
        }
      } else
        C.Verdict = "accepted";
    }
    if (C.Verdict == "rejected")
      AnyRejected = true;
    if (!C.RoundMedians.empty()) {
      std::vector<double> V = C.RoundMedians;
      std::sort(V.begin(), V.end());
      C.MedianMs = V[V.size() / 2];
    }
  }
  R.ExitCode = AnyRejected ? ExitRejected : AnySkipped ? ExitNoGpu : ExitAccepted;
  return R;
}

json::Value reportToJSON(const GateReport &R, const Manifest &M, const Options &O) {
  json::Object Top;
  Top["tool"] = "klineage gate";
  Top["schema_version"] = 1;
  char Date[64];
  std::time_t Now = std::time(nullptr);
  std::strftime(Date, sizeof Date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&Now));
  Top["date"] = std::string(Date);
  json::Object W;
  W["name"] = M.Name;
  W["manifest"] = M.Path;
  W["launcher"] = M.Launcher;
  W["tolerance"] = M.Tolerance;
  json::Array Sizes;
  for (auto &S : M.Sizes) {
    json::Object SO;
    SO["label"] = S.label();
    SO["profile"] = S.Profile;
    SO["trials"] = S.Trials ? S.Trials : M.Trials;
    auto F = M.flops(S);
    auto B = M.bytes(S);
    SO["flops"] = F ? *F : (consumeError(F.takeError()), 0);
    SO["bytes"] = B ? *B : (consumeError(B.takeError()), 0);
    Sizes.push_back(std::move(SO));
  }
  W["sizes"] = std::move(Sizes);
  json::Array Dom;
  for (auto &D : M.Domain) {
    json::Object DO;
    DO["fact"] = D.Text;
    json::Array A;
    for (auto &X : D.Assume)
      A.push_back(X);
    DO["assume"] = std::move(A);
    Dom.push_back(std::move(DO));
  }
  W["domain"] = std::move(Dom);
  Top["workload"] = std::move(W);
  Top["arch"] = O.Arch;
  Top["seed"] = std::to_string(R.Seed);
  Top["gpu_available"] = R.GpuAvailable;
  if (!R.GpuAvailable)
    Top["runtime_skipped_reason"] = R.NoGpuReason;
  if (!R.Gpu.empty())
    Top["gpu"] = json::Object(R.Gpu);
  json::Array Cs;
  for (auto &C : R.Candidates)
    Cs.push_back(C.toJSON());
  Top["candidates"] = std::move(Cs);
  if (R.Candidates.size() >= 2 && R.Candidates[0].MedianMs > 0 && R.Candidates[1].MedianMs > 0) {
    json::Object Cmp;
    Cmp["a"] = R.Candidates[0].File;
    Cmp["b"] = R.Candidates[1].File;
    Cmp["speedup_b_over_a"] = R.Candidates[0].MedianMs / R.Candidates[1].MedianMs;
    Top["comparison"] = std::move(Cmp);
  }
  Top["exit_code"] = R.ExitCode;
  return json::Value(std::move(Top));
}

void printReport(const GateReport &R, const Manifest &M, const Options &O, raw_ostream &OS) {
  OS << "klineage gate: workload '" << M.Name << "' (" << M.Sizes.size() << " sizes), arch " << O.Arch
     << ", seed " << R.Seed << "\n";
  if (!R.Gpu.empty())
    OS << "GPU: " << R.Gpu.getString("name").value_or("?") << " (" << R.Gpu.getInteger("sms").value_or(0)
       << " SMs, peak " << format("%.0f", R.Gpu.getNumber("peak_bw_theoretical").value_or(0) / 1e9)
       << " GB/s theoretical"
       << (R.Gpu.getNumber("copy_bw_measured")
               ? formatv(", {0:F0} GB/s copy measured once, median of {1} copies, p10-p90 spread {2:F2}%",
                         *R.Gpu.getNumber("copy_bw_measured") / 1e9,
                         R.Gpu.getInteger("copy_bw_copies").value_or(0),
                         R.Gpu.getNumber("copy_bw_spread_pct").value_or(0))
                     .str()
               : std::string())
       << ")\n";
  for (auto &C : R.Candidates) {
    OS << "\n" << C.File << ": " << StringRef(C.Verdict).upper() << "\n";
    for (auto &S : C.Stages) {
      OS << format("  %-12s %-8s %9.1f ms  ", S.Name.c_str(), stageStatusName(S.Status), S.WallMs);
      if (S.Name == "compile" && S.Status != StageStatus::Failed) {
        OS << (S.Detail.getBoolean("cached").value_or(false) ? "(cached) " : "");
        if (auto *K = S.Detail.getArray("kernels"))
          for (auto &KV : *K) {
            auto *KO = KV.getAsObject();
            OS << "\n      " << KO->getString("demangled").value_or("?") << ": "
               << KO->getInteger("registers").value_or(-1) << " regs, " << KO->getInteger("smem_bytes").value_or(0)
               << " B smem, " << KO->getInteger("stack_frame_bytes").value_or(0) << " B stack, "
               << KO->getInteger("spill_store_bytes").value_or(0) << "+"
               << KO->getInteger("spill_load_bytes").value_or(0) << " B spills";
          }
        if (auto *P = S.Detail.getObject("ptx"))
          if (auto *T = P->getObject("(total)")) {
            OS << "\n      PTX:";
            std::vector<std::pair<std::string, int64_t>> Keys;
            for (auto &KV : *T) {
              StringRef K = KV.first;
              bool LdSt = K.starts_with("ld.") || K.starts_with("st.");
              if (!LdSt || K.ends_with(".v1") || K.ends_with(".v2") || K.ends_with(".v4") || K.ends_with(".v8"))
                Keys.push_back({K.str(), KV.second.getAsInteger().value_or(0)});
            }
            llvm::sort(Keys);
            for (auto &KV : Keys)
              OS << " " << KV.first << "=" << KV.second;
          }
      } else if (S.Name == "profile" && S.Detail.getNumber("median_ms")) {
        auto N = [&](const char *K) { return S.Detail.getNumber(K).value_or(0); };
        OS << format("median %.4f ms [p10 %.4f, p90 %.4f] %s: %.1f GB/s (%.0f%% of copy bw), %.3f TFLOP/s "
                     "(%.1f%% of %s peak)",
                     N("median_ms"), N("p10_ms"), N("p90_ms"),
                     S.Detail.getString("size").value_or("").str().c_str(), N("gbs"), N("pct_copy_bw"),
                     N("tflops"), N("pct_peak_compute"), M.ComputePeak.c_str());
      }
      if (!S.Reason.empty() && !(S.Name == "profile" && S.Status == StageStatus::Passed))
        OS << (S.Name == "compile" && S.Status != StageStatus::Failed ? "\n      " : "") << S.Reason;
      OS << "\n";
    }
  }
  if (R.Candidates.size() >= 2 && R.Candidates[0].MedianMs > 0 && R.Candidates[1].MedianMs > 0) {
    double A = R.Candidates[0].MedianMs, B = R.Candidates[1].MedianMs;
    OS << format("\nside by side: %s %.4f ms vs %s %.4f ms: B/A speedup %.3fx\n", R.Candidates[0].File.c_str(), A,
                 R.Candidates[1].File.c_str(), B, A / B);
  }
  if (!R.GpuAvailable && (O.RunCorrectness || O.RunProfile))
    OS << "\nRuntime stages SKIPPED: no GPU (" << R.NoGpuReason << "). Only the compile stage ran; exit code "
       << ExitNoGpu << ".\n";
}

} // namespace gate
} // namespace klineage
