//===- ReductionBuildersTest.cpp - Edit/ReductionBuilders, compiled by nvcc ---===//
//
// The emitted reductions are compiled by nvcc for every element type and
// operator, in warp and block scope, with and without the launch facts that
// simplify them. The same harness has a main() that checks every block's
// (and warp's) result against the host for awkward block shapes (7, 33,
// 100, 5x3x2 threads, ...); it runs where a GPU is present.
//
//===----------------------------------------------------------------------===//
#include "klineage/Edit/ReductionBuilders.h"
#include "klineage/Frontend/CudaFrontend.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"
#include <cstdlib>
#include <fstream>

using namespace klineage;
using namespace klineage::cuda;

namespace {

std::unique_ptr<clang::ASTUnit> emptyUnit() { return clang::tooling::buildASTFromCode("int unused_by_test;"); }

TEST(ReductionBuilders, BlockSumWithFullWarpsReadsLikeHandWrittenCode) {
  auto AST = emptyUnit();
  FreshNames Names(AST->getASTContext());
  ReductionRequest R;
  R.Op = ReduceOp::Add;
  R.Type = "float";
  R.Identity = identityLiteral(ReduceOp::Add, ScalarType::Float);
  R.Value = "sum";
  R.FullWarps = true;
  R.OneDimensional = true;
  R.NameStem = "sum";
  ReductionCode C = buildReduction(R, Names, 4);
  EXPECT_EQ(llvm::join(C.Lines, "\n"), R"(__shared__ float sum_warps[32];
const unsigned sum_rank = threadIdx.x;
const unsigned sum_lane = sum_rank % 32u;
const unsigned sum_threads = blockDim.x;
for (unsigned sum_offset = 16; sum_offset > 0; sum_offset /= 2)
  sum += __shfl_down_sync(0xffffffffu, sum, sum_offset);
if (sum_lane == 0)
  sum_warps[sum_rank / 32u] = sum;
__syncthreads();
if (sum_rank < 32u) {
  sum = sum_rank < (sum_threads + 31u) / 32u ? sum_warps[sum_rank] : -0.0f;
  for (unsigned sum_offset = 16; sum_offset > 0; sum_offset /= 2)
    sum += __shfl_down_sync(0xffffffffu, sum, sum_offset);
})");
  EXPECT_EQ(C.LeaderCondition, "sum_rank == 0");
  EXPECT_EQ(C.SharedBytes, 128u);
}

TEST(ReductionBuilders, PartialWarpsGuardTheirLanesAndNamesAreFresh) {
  auto AST = emptyUnit();
  FreshNames Names(AST->getASTContext());
  ReductionRequest R;
  R.Op = ReduceOp::Max;
  R.Type = "int";
  R.Identity = identityLiteral(ReduceOp::Max, ScalarType::Int);
  R.Value = "m";
  R.Over = ReductionRequest::Scope::Warp;
  R.ResultIn = ReductionRequest::Holder::All;
  R.NameStem = "m";
  ReductionCode C = buildReduction(R, Names, 4);
  std::string Text = llvm::join(C.Lines, "\n");
  EXPECT_NE(Text.find("const unsigned m_width = min(32u, m_threads - (m_rank - m_lane));"), std::string::npos)
      << Text;
  EXPECT_NE(Text.find("if (m_lane + m_offset < m_width)\n    m = max(m, m_other);"), std::string::npos) << Text;
  EXPECT_NE(Text.find("m = __shfl_sync(m_mask, m, 0);"), std::string::npos) << Text;
  EXPECT_EQ(Text.find("__shared__"), std::string::npos) << "a warp reduction needs no shared memory";
  EXPECT_TRUE(C.LeaderCondition.empty()) << "every lane holds the result";
  ReductionCode Again = buildReduction(R, Names, 4);
  EXPECT_NE(llvm::join(Again.Lines, "\n").find("m_rank_1"), std::string::npos)
      << "a second reduction in the same function gets its own names";
}

TEST(ReductionBuilders, SharedTreeOfABlockAndOfAWarp) {
  auto AST = emptyUnit();
  FreshNames Names(AST->getASTContext());
  ReductionRequest R;
  R.Op = ReduceOp::Min;
  R.Type = "int";
  R.Value = "v";
  R.OneDimensional = true;
  R.NameStem = "v";
  ReductionCode C = buildSharedTree(R, 256, Names, 4);
  EXPECT_EQ(llvm::join(C.Lines, "\n"), R"(__shared__ int v_tree[256];
const unsigned v_rank = threadIdx.x;
v_tree[v_rank] = v;
__syncthreads();
for (unsigned v_stride = 128; v_stride > 0; v_stride /= 2) {
  if (v_rank < v_stride)
    v_tree[v_rank] = min(v_tree[v_rank], v_tree[v_rank + v_stride]);
  __syncthreads();
}
v = v_tree[0];)");
  EXPECT_EQ(C.SharedBytes, 1024u);
  EXPECT_TRUE(C.LeaderCondition.empty()) << "every thread reads the result back";

  R.Over = ReductionRequest::Scope::Warp;
  R.OneDimensional = false;
  R.Reentrant = true;
  std::string W = llvm::join(buildSharedTree(R, 64, Names, 4).Lines, "\n");
  EXPECT_NE(W.find("threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)"), std::string::npos) << W;
  EXPECT_NE(W.find("for (unsigned v_stride_1 = 16;"), std::string::npos) << W;
  EXPECT_NE(W.find("if (v_lane < v_stride_1)"), std::string::npos) << W;
  EXPECT_EQ(W.find("__syncthreads"), std::string::npos) << "a warp's tree waits with __syncwarp";
  EXPECT_EQ(W.find("__syncwarp();\nv_tree_1[v_rank_1] = v;"), W.find("__syncwarp();"))
      << "a tree that runs again waits before storing: " << W;
  EXPECT_NE(W.find("v = v_tree_1[v_rank_1 - v_lane];"), std::string::npos) << W;
}

/// One kernel of the harness: a variant of the request for one type and
/// operator, and the host check of its results.
struct Variant {
  ScalarType T;
  ReduceOp Op;
  ReductionRequest::Scope Over;
  ReductionRequest::Holder ResultIn;
  bool FullWarps, OneDimensional, Reentrant;
};

std::string kernelName(unsigned I) { return "k" + std::to_string(I); }

/// The harness: each kernel reduces in[] per block (or per warp) and writes
/// the result of each group, or (broadcast) each thread's copy, to out[].
std::string harness(const std::vector<Variant> &Vs, FreshNames &Names) {
  std::string S = "#include <cstdio>\n#include <cstdlib>\n#include <vector>\n#include <cuda_runtime.h>\n"
                  "#include <math.h>\n\n";
  for (unsigned I = 0; I < Vs.size(); ++I) {
    const Variant &V = Vs[I];
    std::string Ty = scalarTypeSpelling(V.T);
    ReductionRequest R;
    R.Op = V.Op;
    R.Type = Ty;
    R.Identity = identityLiteral(V.Op, V.T);
    R.Value = "v" + std::to_string(I);
    R.Over = V.Over;
    R.ResultIn = V.ResultIn;
    R.FullWarps = V.FullWarps;
    R.OneDimensional = V.OneDimensional;
    R.Reentrant = V.Reentrant;
    R.NameStem = "r" + std::to_string(I);
    unsigned Bytes = V.T == ScalarType::Int || V.T == ScalarType::UInt || V.T == ScalarType::Float ? 4 : 8;
    ReductionCode C = buildReduction(R, Names, Bytes);
    bool Block = V.Over == ReductionRequest::Scope::Block;
    S += "__global__ void " + kernelName(I) + "(const " + Ty + " *in, " + Ty + " *out) {\n";
    S += "  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);\n";
    S += "  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;\n";
    S += "  const size_t g = (size_t)blockIdx.x * nt + t;\n";
    S += std::string("  for (int rep = 0; rep < ") + (V.Reentrant ? "3" : "1") + "; ++rep) {\n";
    S += "    " + Ty + " " + R.Value + " = in[g];\n";
    S += indentLines(C.Lines, "    ").substr(1) + "\n";
    // Where each result goes: one slot per block (block) or per warp
    // (warp, 32 slots per block), or one per thread (broadcast).
    std::string Slot = V.ResultIn == ReductionRequest::Holder::All ? "g"
                       : Block ? "blockIdx.x"
                               : "(size_t)blockIdx.x * 32 + t / 32";
    if (!C.LeaderCondition.empty())
      S += "    if (" + C.LeaderCondition + ")\n  ";
    S += "    out[" + Slot + "] = " + R.Value + ";\n";
    S += "  }\n}\n\n";
  }
  // Host side: every variant on every block shape it admits.
  S += R"(
template <typename T> T fold(int op, T a, T b) {
  switch (op) {
  case 0: return a + b;
  case 1: return a > b ? a : b;
  case 2: return a < b ? a : b;
  case 3: return (T)((unsigned long long)a & (unsigned long long)b);
  case 4: return (T)((unsigned long long)a | (unsigned long long)b);
  default: return (T)((unsigned long long)a ^ (unsigned long long)b);
  }
}

template <typename T>
int check(const char *name, void (*k)(const T *, T *), int op, bool block, bool all, bool full, bool oned) {
  const dim3 shapes[] = {dim3(256), dim3(1024), dim3(96), dim3(100), dim3(33), dim3(7), dim3(1),
                         dim3(32, 4), dim3(16, 3), dim3(5, 3, 2)};
  int bad = 0;
  for (dim3 b : shapes) {
    unsigned nt = b.x * b.y * b.z;
    if ((full && nt % 32) || (oned && (b.y > 1 || b.z > 1)))
      continue;
    const unsigned blocks = 3;
    size_t n = (size_t)blocks * nt;
    std::vector<T> in(n);
    for (size_t i = 0; i < n; ++i)
      in[i] = (T)(op >= 3 ? (rand() & 0xffff) : (rand() % 101) - (((T)-1 < (T)0) ? 50 : 0));
    size_t slots = all ? n : block ? blocks : (size_t)blocks * 32;
    T *din, *dout;
    cudaMalloc(&din, n * sizeof(T));
    cudaMalloc(&dout, slots * sizeof(T));
    cudaMemcpy(din, in.data(), n * sizeof(T), cudaMemcpyHostToDevice);
    cudaMemset(dout, 0, slots * sizeof(T));
    k<<<blocks, b>>>(din, dout);
    std::vector<T> out(slots);
    if (cudaMemcpy(out.data(), dout, slots * sizeof(T), cudaMemcpyDeviceToHost) != cudaSuccess) {
      printf("%s: CUDA error %s\n", name, cudaGetErrorString(cudaGetLastError()));
      return 1;
    }
    for (unsigned blk = 0; blk < blocks; ++blk)
      for (unsigned w = 0; w < (block ? 1 : (nt + 31) / 32); ++w) {
        unsigned lo = block ? 0 : w * 32, hi = block ? nt : (w * 32 + 32 < nt ? w * 32 + 32 : nt);
        T want = in[(size_t)blk * nt + lo];
        for (unsigned t = lo + 1; t < hi; ++t)
          want = fold(op, want, in[(size_t)blk * nt + t]);
        for (unsigned t = lo; t < hi; ++t) {
          size_t slot = all ? (size_t)blk * nt + t : block ? blk : (size_t)blk * 32 + w;
          if (out[slot] != want) {
            printf("%s: block (%u,%u,%u) group %u thread %u: got %g, want %g\n", name, b.x, b.y, b.z, blk, t,
                   (double)out[slot], (double)want);
            ++bad;
            break;
          }
          if (!all)
            break;
        }
      }
    cudaFree(din);
    cudaFree(dout);
  }
  return bad;
}

int main() {
  int bad = 0;
)";
  for (unsigned I = 0; I < Vs.size(); ++I) {
    const Variant &V = Vs[I];
    S += "  bad += check<" + std::string(scalarTypeSpelling(V.T)) + ">(\"" + kernelName(I) + "\", " +
         kernelName(I) + ", " + std::to_string(static_cast<int>(V.Op)) + ", " +
         (V.Over == ReductionRequest::Scope::Block ? "true" : "false") + ", " +
         (V.ResultIn == ReductionRequest::Holder::All ? "true" : "false") + ", " +
         (V.FullWarps ? "true" : "false") + ", " + (V.OneDimensional ? "true" : "false") + ");\n";
  }
  S += "  printf(\"%d mismatches\\n\", bad);\n  return bad != 0;\n}\n";
  return S;
}

/// With KLINEAGE_KEEP_HARNESS set to a directory, a copy of harness \p Src
/// goes there (to compile and run it on a GPU machine without LLVM:
/// `nvcc -arch=sm_90 -std=c++17 -O1 NAME.cu -o NAME && ./NAME`).
void keepHarness(llvm::StringRef Src, llvm::StringRef Name) {
  if (const char *Dir = std::getenv("KLINEAGE_KEEP_HARNESS"))
    llvm::sys::fs::copy_file(Src, (llvm::Twine(Dir) + "/" + Name).str());
}

bool haveGpu() {
  auto Smi = llvm::sys::findProgramByName("nvidia-smi");
  if (!Smi)
    return false;
  llvm::SmallString<128> Out;
  llvm::sys::fs::createTemporaryFile("kl-smi", "txt", Out);
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, llvm::StringRef(Out), llvm::StringRef(Out)};
  int RC = llvm::sys::ExecuteAndWait(*Smi, {*Smi, "-L"}, std::nullopt, Redirects, 30);
  auto Buf = llvm::MemoryBuffer::getFile(Out);
  llvm::sys::fs::remove(Out);
  return RC == 0 && Buf && (*Buf)->getBuffer().contains("GPU");
}

TEST(ReductionBuilders, NvccCompilesEveryTypeAndOperatorAndTheResultsAreExact) {
  auto Cuda = findCudaPath("");
  ASSERT_TRUE(bool(Cuda)) << llvm::toString(Cuda.takeError());
  std::string Nvcc = *Cuda + "/bin/nvcc";
  if (!llvm::sys::fs::exists(Nvcc))
    GTEST_SKIP() << "no nvcc at " << Nvcc;

  using Scope = ReductionRequest::Scope;
  using Holder = ReductionRequest::Holder;
  std::vector<Variant> Vs;
  const ScalarType Types[] = {ScalarType::Int,       ScalarType::UInt,  ScalarType::LongLong,
                              ScalarType::ULongLong, ScalarType::Float, ScalarType::Double};
  const ReduceOp Ops[] = {ReduceOp::Add, ReduceOp::Max, ReduceOp::Min,
                          ReduceOp::And, ReduceOp::Or,  ReduceOp::Xor};
  for (ScalarType T : Types)
    for (ReduceOp Op : Ops) {
      if (!reduceSupports(Op, T))
        continue;
      // The general form (any block shape) at both scopes, and the forms
      // launch facts allow, with a broadcast and a loop around them.
      Vs.push_back({T, Op, Scope::Block, Holder::Leader, false, false, false});
      Vs.push_back({T, Op, Scope::Warp, Holder::Leader, false, false, false});
      Vs.push_back({T, Op, Scope::Block, Holder::All, true, true, true});
      Vs.push_back({T, Op, Scope::Warp, Holder::All, false, true, false});
    }
  // Every switch on one type and operator.
  for (int Bits = 0; Bits < 32; ++Bits)
    Vs.push_back({ScalarType::Float, ReduceOp::Max, Bits & 1 ? Scope::Warp : Scope::Block,
                  Bits & 2 ? Holder::All : Holder::Leader, bool(Bits & 4), bool(Bits & 8), bool(Bits & 16)});

  auto AST = emptyUnit();
  FreshNames Names(AST->getASTContext());
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("kl-reduce", Dir));
  std::string Src = (Dir + "/harness.cu").str(), Exe = (Dir + "/harness").str();
  {
    std::ofstream OS(Src);
    OS << harness(Vs, Names);
  }
  keepHarness(Src, "reductions.cu");
  std::string Log = (Dir + "/nvcc.log").str();
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, llvm::StringRef(Log), llvm::StringRef(Log)};
  bool Gpu = haveGpu();
  // Compile-only without a GPU (-c); with one, link and run the checks.
  std::vector<llvm::StringRef> Args = {Nvcc, "-arch=sm_90", "-std=c++17", "-O1", Src, "-o"};
  std::string Obj = Exe + ".o";
  Args.push_back(Gpu ? llvm::StringRef(Exe) : llvm::StringRef(Obj));
  if (!Gpu)
    Args.push_back("-c");
  int RC = llvm::sys::ExecuteAndWait(Nvcc, Args, std::nullopt, Redirects, 600);
  auto LogText = llvm::MemoryBuffer::getFile(Log);
  ASSERT_EQ(RC, 0) << "nvcc rejected " << Src << ":\n" << (LogText ? (*LogText)->getBuffer().str() : "");
  if (Gpu) {
    std::string RunLog = (Dir + "/run.log").str();
    std::optional<llvm::StringRef> RunRedirects[] = {std::nullopt, llvm::StringRef(RunLog),
                                                     llvm::StringRef(RunLog)};
    int Run = llvm::sys::ExecuteAndWait(Exe, {Exe}, std::nullopt, RunRedirects, 300);
    auto Out = llvm::MemoryBuffer::getFile(RunLog);
    EXPECT_EQ(Run, 0) << (Out ? (*Out)->getBuffer().str() : "");
  }
  llvm::sys::fs::remove_directories(Dir);
}

TEST(ReductionBuilders, PairReductionsCarryBothLocals) {
  auto AST = emptyUnit();
  FreshNames Names(AST->getASTContext());
  PairReductionRequest R;
  R.K = PairReductionRequest::Kind::ArgMax;
  R.Value = "best";
  R.ValueType = "float";
  R.Other = "arg";
  R.OtherType = "int";
  R.FullWarps = true;
  R.OneDimensional = true;
  R.Reentrant = true;
  R.NameStem = "best";
  ReductionCode C = buildPairReduction(R, Names, 4, 4);
  std::string T = llvm::join(C.Lines, "\n");
  EXPECT_EQ(T, R"(__shared__ float best_warps[32];
__shared__ int arg_warps[32];
const unsigned best_rank = threadIdx.x;
const unsigned best_lane = best_rank % 32u;
const unsigned best_threads = blockDim.x;
for (unsigned best_offset = 16; best_offset > 0; best_offset /= 2) {
  const float best_other = __shfl_down_sync(0xffffffffu, best, best_offset);
  const int arg_other = __shfl_down_sync(0xffffffffu, arg, best_offset);
  if (best_other > best || (best_other == best && arg_other < arg)) {
    best = best_other;
    arg = arg_other;
  }
}
__syncthreads();
if (best_lane == 0) {
  best_warps[best_rank / 32u] = best;
  arg_warps[best_rank / 32u] = arg;
}
__syncthreads();
if (best_rank < 32u) {
  const unsigned best_count = (best_threads + 31u) / 32u;
  if (best_rank < best_count) {
    best = best_warps[best_rank];
    arg = arg_warps[best_rank];
  }
  for (unsigned best_offset = 16; best_offset > 0; best_offset /= 2) {
    const float best_other = __shfl_down_sync(0xffffffffu, best, best_offset);
    const int arg_other = __shfl_down_sync(0xffffffffu, arg, best_offset);
    if (best_lane + best_offset < best_count && (best_other > best || (best_other == best && arg_other < arg))) {
      best = best_other;
      arg = arg_other;
    }
  }
}
if (best_rank == 0) {
  best_warps[0] = best;
  arg_warps[0] = arg;
}
__syncthreads();
best = best_warps[0];
arg = arg_warps[0];)");
  EXPECT_TRUE(C.LeaderCondition.empty()) << "every thread holds the pair";
  EXPECT_EQ(C.SharedBytes, 256u);

  // An argmin keeping the last of equal values, a warp of unknown width.
  R.K = PairReductionRequest::Kind::ArgMin;
  R.LastOnTies = true;
  R.Over = ReductionRequest::Scope::Warp;
  R.FullWarps = false;
  T = llvm::join(buildPairReduction(R, Names, 4, 4).Lines, "\n");
  EXPECT_NE(T.find("if (best_lane_1 + best_offset_1 < best_width && (best_other_1 < best || (best_other_1 == best && "
                   "arg_other_1 > arg))) {"),
            std::string::npos)
      << T;
  EXPECT_NE(T.find("best = __shfl_sync(best_mask, best, 0);\narg = __shfl_sync(best_mask, arg, 0);"), std::string::npos)
      << T;
  EXPECT_EQ(T.find("__shared__"), std::string::npos) << T;

  // Online softmax: (m, s) merged with the kernel's exponential; the side
  // holding the maximum is scaled by 1 (two empty sides stay 0, not NaN).
  R = PairReductionRequest();
  R.K = PairReductionRequest::Kind::OnlineSoftmax;
  R.Value = "m";
  R.ValueType = "double";
  R.Other = "s";
  R.OtherType = "double";
  R.Exp = "exp";
  R.Over = ReductionRequest::Scope::Warp;
  R.FullWarps = true;
  R.NameStem = "m";
  T = llvm::join(buildPairReduction(R, Names, 8, 8).Lines, "\n");
  EXPECT_EQ(T, R"(for (unsigned m_offset = 16; m_offset > 0; m_offset /= 2) {
  const double m_other = __shfl_down_sync(0xffffffffu, m, m_offset);
  const double s_other = __shfl_down_sync(0xffffffffu, s, m_offset);
  const double m_max = m < m_other ? m_other : m;
  s = s * (m == m_max ? 1 : exp(m - m_max)) + s_other * (m_other == m_max ? 1 : exp(m_other - m_max));
  m = m_max;
}
m = __shfl_sync(0xffffffffu, m, 0);
s = __shfl_sync(0xffffffffu, s, 0);)");
}

TEST(ReductionBuilders, SharedPairTreeCombinesBothArraysStepByStep) {
  auto AST = emptyUnit();
  FreshNames Names(AST->getASTContext());
  PairReductionRequest R;
  R.K = PairReductionRequest::Kind::OnlineSoftmax;
  R.Value = "m";
  R.ValueType = "float";
  R.Other = "s";
  R.OtherType = "float";
  R.Exp = "__expf";
  R.Over = ReductionRequest::Scope::Warp;
  R.OneDimensional = true;
  R.NameStem = "m";
  ReductionCode C = buildSharedPairTree(R, 128, Names, 4, 4);
  EXPECT_EQ(llvm::join(C.Lines, "\n"), R"(__shared__ float m_tree[128];
__shared__ float s_tree[128];
const unsigned m_rank = threadIdx.x;
const unsigned m_lane = m_rank % 32u;
m_tree[m_rank] = m;
s_tree[m_rank] = s;
__syncwarp();
for (unsigned m_stride = 16; m_stride > 0; m_stride /= 2) {
  if (m_lane < m_stride) {
    const float m_other = m_tree[m_rank + m_stride];
    const float s_other = s_tree[m_rank + m_stride];
    const float m_max = m < m_other ? m_other : m;
    s = s * (m == m_max ? 1 : __expf(m - m_max)) + s_other * (m_other == m_max ? 1 : __expf(m_other - m_max));
    m = m_max;
    m_tree[m_rank] = m;
    s_tree[m_rank] = s;
  }
  __syncwarp();
}
m = m_tree[m_rank - m_lane];
s = s_tree[m_rank - m_lane];)");
  EXPECT_EQ(C.SharedBytes, 1024u);
  EXPECT_TRUE(C.LeaderCondition.empty()) << "every thread reads the pair back";

  // A block's argmax keeping the last of equal values, run in a loop.
  R.K = PairReductionRequest::Kind::ArgMax;
  R.LastOnTies = true;
  R.Value = "best";
  R.ValueType = "double";
  R.Other = "at";
  R.OtherType = "long";
  R.Over = ReductionRequest::Scope::Block;
  R.OneDimensional = false;
  R.Reentrant = true;
  R.NameStem = "best";
  C = buildSharedPairTree(R, 512, Names, 8, 8);
  std::string T = llvm::join(C.Lines, "\n");
  EXPECT_EQ(C.SharedBytes, 8192u);
  EXPECT_NE(T.find("threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)"), std::string::npos) << T;
  EXPECT_NE(T.find("__syncthreads();\nbest_tree[best_rank] = best;"), std::string::npos)
      << "a tree that runs again waits before storing: " << T;
  EXPECT_NE(T.find("for (unsigned best_stride = 256;"), std::string::npos) << T;
  EXPECT_NE(T.find("if (best_other > best || (best_other == best && at_other > at)) {"), std::string::npos) << T;
  EXPECT_NE(T.find("best = best_tree[0];\nat = at_tree[0];"), std::string::npos) << T;
  EXPECT_EQ(T.find("__syncwarp"), std::string::npos) << T;
}

/// A pair variant of the harness.
struct PairVariant {
  PairReductionRequest::Kind K;
  bool LastOnTies;
  std::string ValueType, OtherType;
  ReductionRequest::Scope Over;
  bool FullWarps, OneDimensional, Reentrant;
  /// Nonzero: buildSharedPairTree over this many threads (the harness runs
  /// it only on blocks of that size).
  unsigned TreeThreads = 0;
};

/// Each kernel combines one pair per thread over its block (or warp): an
/// (element, rank) pair for argmax/argmin, (element, 1) for an online
/// softmax, and (-inf, 0) -- nothing -- for every third thread. Every thread
/// writes both results.
std::string pairHarness(const std::vector<PairVariant> &Vs, FreshNames &Names) {
  std::string S = "#include <cstdio>\n#include <cstdlib>\n#include <cmath>\n#include <vector>\n"
                  "#include <cuda_runtime.h>\n#include <math.h>\n\n";
  for (unsigned I = 0; I < Vs.size(); ++I) {
    const PairVariant &V = Vs[I];
    PairReductionRequest R;
    R.K = V.K;
    R.LastOnTies = V.LastOnTies;
    R.Value = "a" + std::to_string(I);
    R.ValueType = V.ValueType;
    R.Other = "b" + std::to_string(I);
    R.OtherType = V.OtherType;
    R.Exp = V.ValueType == "float" ? "expf" : "exp";
    R.Over = V.Over;
    R.FullWarps = V.FullWarps;
    R.OneDimensional = V.OneDimensional;
    R.Reentrant = V.Reentrant;
    R.NameStem = "p" + std::to_string(I);
    unsigned VB = V.ValueType == "double" ? 8 : 4, OB = V.OtherType == "int" ? 4 : 8;
    ReductionCode C = V.TreeThreads ? buildSharedPairTree(R, V.TreeThreads, Names, VB, OB)
                                    : buildPairReduction(R, Names, VB, OB);
    bool Soft = V.K == PairReductionRequest::Kind::OnlineSoftmax;
    S += "__global__ void pk" + std::to_string(I) + "(const double *in, double *out_a, double *out_b) {\n";
    S += "  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);\n";
    S += "  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;\n";
    S += "  const size_t g = (size_t)blockIdx.x * nt + t;\n";
    S += std::string("  for (int rep = 0; rep < ") + (V.Reentrant ? "3" : "1") + "; ++rep) {\n";
    if (Soft) {
      S += "    " + V.ValueType + " " + R.Value + " = t % 3 == 2 ? -INFINITY : (" + V.ValueType + ")in[g];\n";
      S += "    " + V.OtherType + " " + R.Other + " = t % 3 == 2 ? 0 : 1;\n";
    } else {
      S += "    " + V.ValueType + " " + R.Value + " = (" + V.ValueType + ")in[g];\n";
      S += "    " + V.OtherType + " " + R.Other + " = t;\n";
    }
    S += indentLines(C.Lines, "    ").substr(1) + "\n";
    S += "    out_a[g] = (double)" + R.Value + ";\n    out_b[g] = (double)" + R.Other + ";\n  }\n}\n\n";
  }
  S += R"(
typedef void (*Kernel)(const double *, double *, double *);
// kind: 0 argmax, 1 argmin, 2 online softmax.
// only: run the kernel on blocks of this many threads alone (0: all).
int check(const char *name, Kernel k, int kind, bool last, bool block, bool full, bool oned, unsigned only) {
  const dim3 shapes[] = {dim3(256), dim3(1024), dim3(96), dim3(100), dim3(33), dim3(7), dim3(1),
                         dim3(32, 4), dim3(16, 3), dim3(5, 3, 2)};
  int bad = 0;
  for (dim3 b : shapes) {
    unsigned nt = b.x * b.y * b.z;
    if ((full && nt % 32) || (oned && (b.y > 1 || b.z > 1)) || (only && nt != only))
      continue;
    const unsigned blocks = 3;
    size_t n = (size_t)blocks * nt;
    std::vector<double> in(n);
    for (size_t i = 0; i < n; ++i)
      in[i] = kind == 2 ? (rand() % 1000) / 100.0 - 5.0 : (double)(rand() % 5); // argmax: many ties
    double *din, *da, *db;
    cudaMalloc(&din, n * sizeof(double));
    cudaMalloc(&da, n * sizeof(double));
    cudaMalloc(&db, n * sizeof(double));
    cudaMemcpy(din, in.data(), n * sizeof(double), cudaMemcpyHostToDevice);
    k<<<blocks, b>>>(din, da, db);
    std::vector<double> a(n), bb(n);
    cudaMemcpy(a.data(), da, n * sizeof(double), cudaMemcpyDeviceToHost);
    if (cudaMemcpy(bb.data(), db, n * sizeof(double), cudaMemcpyDeviceToHost) != cudaSuccess) {
      printf("%s: CUDA error %s\n", name, cudaGetErrorString(cudaGetLastError()));
      return 1;
    }
    for (unsigned blk = 0; blk < blocks; ++blk)
      for (unsigned w = 0; w < (block ? 1 : (nt + 31) / 32); ++w) {
        unsigned lo = block ? 0 : w * 32, hi = block ? nt : (w * 32 + 32 < nt ? w * 32 + 32 : nt);
        // The serial loop over the group's elements in rank order.
        double wa = kind == 2 ? -INFINITY : in[(size_t)blk * nt + lo], wb = kind == 2 ? 0 : 0;
        for (unsigned t = lo + (kind == 2 ? 0 : 1); t < hi; ++t) {
          double v = in[(size_t)blk * nt + t];
          if (kind == 2) {
            if ((t - 0) % 3 == 2)
              continue;
            double mn = v > wa ? v : wa;
            wb = wb * exp(wa - mn) + exp(v - mn);
            wa = mn;
          } else if (kind == 0 ? (last ? v >= wa : v > wa) : (last ? v <= wa : v < wa)) {
            wa = v;
            wb = t - lo;
          }
        }
        for (unsigned t = lo; t < hi; ++t) {
          size_t g = (size_t)blk * nt + t;
          double ga = a[g], gb = kind == 2 ? bb[g] : bb[g] - lo;
          bool ok = kind == 2 ? (std::isinf(wa) ? ga == wa && gb == 0 : fabs(ga - wa) <= 1e-6 * fabs(wa) &&
                                                                          fabs(gb - wb) <= 1e-4 * fabs(wb))
                              : ga == wa && gb == wb;
          if (!ok) {
            printf("%s: block (%u,%u,%u) group %u thread %u: got (%g, %g), want (%g, %g)\n", name, b.x, b.y, b.z,
                   blk, t, ga, gb, wa, wb);
            ++bad;
            break;
          }
        }
      }
    cudaFree(din);
    cudaFree(da);
    cudaFree(db);
  }
  return bad;
}

int main() {
  int bad = 0;
)";
  for (unsigned I = 0; I < Vs.size(); ++I) {
    const PairVariant &V = Vs[I];
    S += "  bad += check(\"pk" + std::to_string(I) + "\", pk" + std::to_string(I) + ", " +
         std::to_string(static_cast<int>(V.K)) + ", " + (V.LastOnTies ? "true" : "false") + ", " +
         (V.Over == ReductionRequest::Scope::Block ? "true" : "false") + ", " + (V.FullWarps ? "true" : "false") +
         ", " + (V.OneDimensional ? "true" : "false") + ", " + std::to_string(V.TreeThreads) + ");\n";
  }
  S += "  printf(\"%d mismatches\\n\", bad);\n  return bad != 0;\n}\n";
  return S;
}

TEST(ReductionBuilders, NvccCompilesPairReductionsAndTheyAgreeWithTheSerialLoop) {
  auto Cuda = findCudaPath("");
  ASSERT_TRUE(bool(Cuda)) << llvm::toString(Cuda.takeError());
  std::string Nvcc = *Cuda + "/bin/nvcc";
  if (!llvm::sys::fs::exists(Nvcc))
    GTEST_SKIP() << "no nvcc at " << Nvcc;
  using K = PairReductionRequest::Kind;
  using Scope = ReductionRequest::Scope;
  std::vector<PairVariant> Vs;
  const std::pair<const char *, const char *> ArgTypes[] = {
      {"float", "int"}, {"int", "size_t"}, {"double", "long long"}, {"unsigned", "unsigned"}};
  for (K Kind : {K::ArgMax, K::ArgMin})
    for (bool Last : {false, true})
      for (auto [VT, IT] : ArgTypes)
        for (int Bits = 0; Bits < 8; ++Bits)
          Vs.push_back({Kind, Last, VT, IT, Bits & 1 ? Scope::Warp : Scope::Block, bool(Bits & 2), bool(Bits & 4),
                        true});
  for (const char *T : {"float", "double"})
    for (int Bits = 0; Bits < 8; ++Bits)
      Vs.push_back({K::OnlineSoftmax, false, T, T, Bits & 1 ? Scope::Warp : Scope::Block, bool(Bits & 2),
                    bool(Bits & 4), bool(Bits & 1)});
  // Shared trees (warp-shuffle-reduce's reverse of a pair), run again in a
  // loop, on block sizes the harness has: 1-D blocks of 256, 1024 and 96
  // threads and a 32 x 4 block.
  struct TreeShape {
    Scope Over;
    unsigned Threads;
    bool OneDimensional;
  };
  const TreeShape Trees[] = {{Scope::Block, 256, true}, {Scope::Block, 1024, true}, {Scope::Block, 128, false},
                             {Scope::Warp, 96, true}, {Scope::Warp, 128, false}};
  for (const TreeShape &TS : Trees) {
    for (K Kind : {K::ArgMax, K::ArgMin})
      for (bool Last : {false, true})
        Vs.push_back({Kind, Last, "float", "int", TS.Over, true, TS.OneDimensional, true, TS.Threads});
    for (const char *T : {"float", "double"})
      Vs.push_back({K::OnlineSoftmax, false, T, T, TS.Over, true, TS.OneDimensional, true, TS.Threads});
  }

  auto AST = emptyUnit();
  FreshNames Names(AST->getASTContext());
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("kl-pairs", Dir));
  std::string Src = (Dir + "/pairs.cu").str(), Exe = (Dir + "/pairs").str();
  {
    std::ofstream OS(Src);
    OS << pairHarness(Vs, Names);
  }
  keepHarness(Src, "pairs.cu");
  std::string Log = (Dir + "/nvcc.log").str();
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, llvm::StringRef(Log), llvm::StringRef(Log)};
  bool Gpu = haveGpu();
  std::vector<llvm::StringRef> Args = {Nvcc, "-arch=sm_90", "-std=c++17", "-O1", Src, "-o"};
  std::string Obj = Exe + ".o";
  Args.push_back(Gpu ? llvm::StringRef(Exe) : llvm::StringRef(Obj));
  if (!Gpu)
    Args.push_back("-c");
  int RC = llvm::sys::ExecuteAndWait(Nvcc, Args, std::nullopt, Redirects, 600);
  auto LogText = llvm::MemoryBuffer::getFile(Log);
  ASSERT_EQ(RC, 0) << "nvcc rejected " << Src << ":\n" << (LogText ? (*LogText)->getBuffer().str() : "");
  if (Gpu) {
    std::string RunLog = (Dir + "/run.log").str();
    std::optional<llvm::StringRef> RunRedirects[] = {std::nullopt, llvm::StringRef(RunLog),
                                                     llvm::StringRef(RunLog)};
    int Run = llvm::sys::ExecuteAndWait(Exe, {Exe}, std::nullopt, RunRedirects, 300);
    auto Out = llvm::MemoryBuffer::getFile(RunLog);
    EXPECT_EQ(Run, 0) << (Out ? (*Out)->getBuffer().str() : "");
  }
  llvm::sys::fs::remove_directories(Dir);
}

} // namespace
