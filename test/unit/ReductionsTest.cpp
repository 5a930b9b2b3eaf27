//===- ReductionsTest.cpp - lib/Analysis: hand-written reductions ---------===//
#include "klineage/Analysis/Reductions.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "CudaTestSupport.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace klineage;
using namespace klineage::analysis;

namespace {

const FunctionFacts &factsOf(ASTContext &Ctx, llvm::StringRef Fn) {
  return AnalysisCache::of(Ctx).facts(test::functionNamed(Ctx, Fn));
}

TEST(Reductions, ThreadPlacesAndLeaders) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(int *out) {
      unsigned tid = threadIdx.x;
      int rank2 = threadIdx.y * blockDim.x + threadIdx.x;
      int rank3 = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
      int lane = tid % 32;
      int lane_mask = threadIdx.x & (warpSize - 1);
      int lane3 = rank3 % warpSize;
      int warp = tid / warpSize;
      int warp_shift = rank2 >> 5;
      int not_place = threadIdx.x + 1;
      int moved = threadIdx.x;
      moved += 1;
      bool l_rank = tid == 0;
      bool l_lane = !lane;
      bool l_lane2 = 0 == (threadIdx.x & 31);
      bool l_xy = threadIdx.y == 0 && threadIdx.x == 0;
      bool l_xyz = threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0;
      bool l_warp = warp == 0;
      bool l_one = tid == 1;
      out[0] = lane + lane_mask + lane3 + warp + warp_shift + not_place + moved + l_rank + l_lane + l_lane2 +
               l_xy + l_xyz + l_warp + l_one;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionFacts &F = factsOf(Ctx, "k");
  auto Place = [&](llvm::StringRef Name) { return threadPlaceOf(Ctx, test::initOf(Ctx, Name), F); };
  auto Is = [&](llvm::StringRef Name, ThreadPlace::Kind K, unsigned Dims) {
    auto P = Place(Name);
    EXPECT_TRUE(P && P->K == K && P->Dims == Dims) << Name.str();
  };
  Is("tid", ThreadPlace::Rank, 1);
  Is("rank2", ThreadPlace::Rank, 2);
  Is("rank3", ThreadPlace::Rank, 3);
  Is("lane", ThreadPlace::Lane, 1);
  Is("lane_mask", ThreadPlace::Lane, 1);
  Is("lane3", ThreadPlace::Lane, 3);
  Is("warp", ThreadPlace::Warp, 1);
  Is("warp_shift", ThreadPlace::Warp, 2);
  EXPECT_FALSE(Place("not_place"));

  auto Leader = [&](llvm::StringRef Name) { return leaderOf(Ctx, test::initOf(Ctx, Name), F); };
  EXPECT_EQ(Leader("l_rank")->K, ThreadPlace::Rank);
  EXPECT_EQ(Leader("l_lane")->K, ThreadPlace::Lane);
  EXPECT_EQ(Leader("l_lane2")->K, ThreadPlace::Lane);
  EXPECT_EQ(Leader("l_xy")->Dims, 2u) << "x and y at 0: the rank of a block with blockDim.z == 1";
  EXPECT_EQ(Leader("l_xyz")->Dims, 3u);
  EXPECT_FALSE(Leader("l_warp")) << "warp 0 is 32 threads, not one";
  EXPECT_FALSE(Leader("l_one"));

  // A local that is modified is no place (its value is not its initialiser).
  const Expr *Moved = nullptr;
  for (const Stmt *S : cast<CompoundStmt>(test::functionNamed(Ctx, "k")->getBody())->body())
    if (const auto *E = dyn_cast<CompoundAssignOperator>(S))
      Moved = E->getLHS();
  ASSERT_TRUE(Moved);
  EXPECT_FALSE(threadPlaceOf(Ctx, Moved, F));
}

TEST(Reductions, CooperativeGroupsRanks) {
  auto AST = test::parseCuda(R"cu(
    #include <cooperative_groups.h>
    namespace cg = cooperative_groups;
    __global__ void k(int *out) {
      cg::thread_block block = cg::this_thread_block();
      cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
      cg::thread_block_tile<16> half = cg::tiled_partition<16>(block);
      bool l_block = block.thread_rank() == 0;
      bool l_warp = warp.thread_rank() == 0;
      bool l_half = half.thread_rank() == 0;
      out[0] = l_block + l_warp + l_half;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionFacts &F = factsOf(Ctx, "k");
  auto Leader = [&](llvm::StringRef Name) { return leaderOf(Ctx, test::initOf(Ctx, Name), F); };
  ASSERT_TRUE(Leader("l_block"));
  EXPECT_EQ(Leader("l_block")->K, ThreadPlace::Rank);
  EXPECT_EQ(Leader("l_block")->Dims, 3u) << "thread_rank() is the linear rank";
  ASSERT_TRUE(Leader("l_warp"));
  EXPECT_EQ(Leader("l_warp")->K, ThreadPlace::Lane);
  EXPECT_FALSE(Leader("l_half")) << "a 16-thread tile's rank 0 is two threads per warp";
}

/// foldOf of each statement of \p Fn's body but its declarations.
std::vector<std::optional<Fold>> statementFolds(ASTContext &Ctx, llvm::StringRef Fn) {
  std::vector<std::optional<Fold>> Fs;
  for (const Stmt *S : cast<CompoundStmt>(test::functionNamed(Ctx, Fn)->getBody())->body())
    if (!isa<DeclStmt>(S))
      Fs.push_back(foldOf(S));
  return Fs;
}

TEST(Reductions, Folds) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(const float *x, int *o) {
      float s = 0.f; int m = 0; unsigned b = 0;
      s += x[0];
      s = s + x[1];
      s = x[2] + s;
      m = max(m, o[0]);
      m = min(o[1], m);
      s = fmaxf(s, x[3]);
      b |= 1u;
      b = b ^ 3u;
      s -= x[4];
      s = x[5] + x[6];
      o[0] += 1;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  std::vector<std::optional<Fold>> Fs = statementFolds(Ctx, "k");
  ASSERT_EQ(Fs.size(), 11u);
  using cuda::ReduceOp;
  const ReduceOp Want[] = {ReduceOp::Add, ReduceOp::Add, ReduceOp::Add, ReduceOp::Max,
                           ReduceOp::Min, ReduceOp::Max, ReduceOp::Or,  ReduceOp::Xor};
  for (unsigned I = 0; I < 8; ++I) {
    ASSERT_TRUE(Fs[I]) << I;
    EXPECT_EQ(Fs[I]->Op, Want[I]) << I;
  }
  EXPECT_EQ(Fs[1]->Var->getName(), "s");
  EXPECT_TRUE(isa<ArraySubscriptExpr>(Fs[2]->Operand->IgnoreImpCasts())) << "`x[2] + s`: the other side";
  EXPECT_FALSE(Fs[8]) << "-= is no reduction's fold";
  EXPECT_FALSE(Fs[9]) << "s = a + b does not fold into s";
  EXPECT_FALSE(Fs[10]) << "memory, not a variable";
}

TEST(Reductions, CompareAndTakeFolds) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(const float *x, const float *w, int n) {
      float m = 0.f; int i = 0;
      if (x[0] > m) m = x[0];
      if (m < x[1]) { m = x[1]; }
      if (x[2] <= m) m = x[2];
      if (m > x[3]) m = x[3];
      if (x[4] > m) m = w[4];
      if (x[5] > m) m = x[5]; else m = 0.f;
      if (x[6] > m) { m = x[6]; i = 6; }
      if (x[i++] > m) m = x[i++];
      if (m + 1.f > m) m = m + 1.f;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  std::vector<std::optional<Fold>> Fs = statementFolds(Ctx, "k");
  ASSERT_EQ(Fs.size(), 9u);
  using cuda::ReduceOp;
  const ReduceOp Want[] = {ReduceOp::Max, ReduceOp::Max, ReduceOp::Min, ReduceOp::Min};
  for (unsigned I = 0; I < 4; ++I) {
    ASSERT_TRUE(Fs[I]) << I;
    EXPECT_EQ(Fs[I]->Op, Want[I]) << I;
    EXPECT_EQ(Fs[I]->Var->getName(), "m");
    EXPECT_TRUE(isa<IfStmt>(Fs[I]->Whole)) << I;
    EXPECT_TRUE(isa<BinaryOperator>(Fs[I]->E)) << "the assignment: " << I;
  }
  EXPECT_FALSE(Fs[4]) << "takes another value than it compares";
  EXPECT_FALSE(Fs[5]) << "an else branch";
  EXPECT_FALSE(Fs[6]) << "two statements: an argmax's pair, not one fold";
  EXPECT_FALSE(Fs[7]) << "side effects";
  EXPECT_FALSE(Fs[8]) << "the taken value reads m";
}

/// The reduction before the `if` that holds the kernel's atomic.
std::optional<ReductionMatch> beforeLeader(ASTContext &Ctx, llvm::StringRef Fn, std::string &Why) {
  const FunctionDecl *FD = test::functionNamed(Ctx, Fn);
  const auto *Body = cast<CompoundStmt>(FD->getBody());
  std::vector<const Stmt *> Stmts(Body->body_begin(), Body->body_end());
  for (size_t I = 0; I < Stmts.size(); ++I)
    if (const auto *If = dyn_cast<IfStmt>(Stmts[I]))
      if (const auto *C = dyn_cast<CallExpr>(If->getThen()); C && C->getNumArgs() == 2)
        return reductionBefore(Ctx, Stmts, I, C->getArg(1), factsOf(Ctx, Fn), Why);
  ADD_FAILURE() << "no leader's atomic in " << Fn.str();
  return std::nullopt;
}

TEST(Reductions, WarpShufflesSharedStagesTreesAndHelpers) {
  auto AST = test::parseCuda(R"cu(
    __device__ float warp_sum(float v) {
      #pragma unroll
      for (int o = warpSize / 2; o > 0; o >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, o);
      return v;
    }
    __global__ void warp_loop(const float *x, float *out) {
      float v = x[threadIdx.x];
      for (int o = 1; o < 32; o *= 2)
        v = v + __shfl_xor_sync(0xffffffffu, v, o);
      if (threadIdx.x % 32 == 0) atomicAdd(out, v);
    }
    __global__ void half_warp(const float *x, float *out) {
      float v = x[threadIdx.x];
      for (int o = 8; o > 0; o >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, o);
      if (threadIdx.x % 32 == 0) atomicAdd(out, v);
    }
    __global__ void block_stage(const int *x, int *out) {
      __shared__ int partial[32];
      int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
      int v = x[threadIdx.x];
      v = max(v, __shfl_down_sync(0xffffffffu, v, 16));
      v = max(v, __shfl_down_sync(0xffffffffu, v, 8));
      v = max(v, __shfl_down_sync(0xffffffffu, v, 4));
      v = max(v, __shfl_down_sync(0xffffffffu, v, 2));
      v = max(v, __shfl_down_sync(0xffffffffu, v, 1));
      if (lane == 0) partial[warp] = v;
      __syncthreads();
      if (warp == 0) {
        v = lane < blockDim.x / 32 ? partial[lane] : (-2147483647 - 1);
        for (int o = 16; o > 0; o /= 2) v = max(v, __shfl_down_sync(0xffffffffu, v, o));
      }
      if (threadIdx.x == 0) atomicMax(out, v);
    }
    __global__ void tree(const float *x, float *out) {
      __shared__ float s[256];
      unsigned t = threadIdx.x;
      s[t] = x[blockIdx.x * blockDim.x + t];
      __syncthreads();
      for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
      }
      if (t == 0) atomicAdd(out, s[0]);
    }
    __global__ void helper(const float *x, float *out) {
      float v = x[threadIdx.x];
      float w = warp_sum(v);
      if ((threadIdx.x & 31) == 0) atomicAdd(out, w);
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  std::string Why;

  auto W = beforeLeader(Ctx, "warp_loop", Why);
  ASSERT_TRUE(W) << Why;
  EXPECT_EQ(W->Kind, ReductionMatch::WarpShuffle);
  EXPECT_EQ(W->Over, ReductionMatch::Warp);
  EXPECT_EQ(W->Var->getName(), "v");
  EXPECT_EQ(W->Stmts.size(), 1u);
  EXPECT_NE(W->Description.find("__shfl_xor_sync"), std::string::npos);

  Why.clear();
  EXPECT_FALSE(beforeLeader(Ctx, "half_warp", Why)) << "offsets 8..1 cover half a warp";

  auto B = beforeLeader(Ctx, "block_stage", Why);
  ASSERT_TRUE(B) << Why;
  EXPECT_EQ(B->Kind, ReductionMatch::ShuffleAndShared);
  EXPECT_EQ(B->Over, ReductionMatch::Block);
  EXPECT_EQ(B->Op, cuda::ReduceOp::Max);
  EXPECT_EQ(B->Needs.RankDims, 1u);
  ASSERT_TRUE(B->Needs.WarpCount) << "blockDim.x / 32 is the warp count only for whole warps";
  const FunctionFacts &BF = factsOf(Ctx, "block_stage");
  EXPECT_EQ(evaluateInBlock(Ctx, B->Needs.WarpCount, BF, 256, 1, 1), 8);
  EXPECT_EQ(evaluateInBlock(Ctx, B->Needs.WarpCount, BF, 100, 1, 1), 3) << "one warp short of 4";
  ASSERT_EQ(B->Scratch.size(), 1u) << "partial; lane and warp are declared before v, not next to the reduction";
  EXPECT_EQ(B->Scratch[0]->getName(), "partial");
  EXPECT_EQ(B->Stmts.size(), 8u) << "five steps, the store, the barrier, warp 0's branch";

  auto T = beforeLeader(Ctx, "tree", Why);
  ASSERT_TRUE(T) << Why;
  EXPECT_EQ(T->Kind, ReductionMatch::SharedTree);
  EXPECT_TRUE(T->Needs.PowerOfTwoBlockX);
  EXPECT_EQ(T->TreeArray->getName(), "s");
  ASSERT_TRUE(T->Contribution);
  EXPECT_TRUE(isa<ArraySubscriptExpr>(T->Contribution->IgnoreImpCasts()));

  auto H = beforeLeader(Ctx, "helper", Why);
  ASSERT_TRUE(H) << Why;
  EXPECT_EQ(H->Kind, ReductionMatch::Helper);
  EXPECT_EQ(H->Over, ReductionMatch::Warp);
  EXPECT_EQ(H->ResultVar->getName(), "w");
  EXPECT_FALSE(H->Var) << "the result goes to another variable";
  EXPECT_NE(H->Description.find("warp_sum"), std::string::npos);
}

/// The first reduction of \p Fn's body that reductionAt finds.
std::optional<ReductionMatch> firstAt(ASTContext &Ctx, llvm::StringRef Fn, std::string &Why, size_t *At = nullptr) {
  const FunctionDecl *FD = test::functionNamed(Ctx, Fn);
  const auto *Body = cast<CompoundStmt>(FD->getBody());
  std::vector<const Stmt *> Stmts(Body->body_begin(), Body->body_end());
  for (size_t I = 0; I < Stmts.size(); ++I)
    if (auto M = reductionAt(Ctx, Stmts, I, factsOf(Ctx, Fn), Why)) {
      if (At)
        *At = I;
      return M;
    }
  return std::nullopt;
}

TEST(Reductions, TreesThroughPointersAndWidthLocals) {
  auto AST = test::parseCuda(R"cu(
    template <class T> struct SharedMemory {
      __device__ operator T *() { extern __shared__ int __smem[]; return (T *)__smem; }
    };
    __global__ void samples(const float *x, float *out) {
      float *sdata = SharedMemory<float>();
      unsigned tid = threadIdx.x;
      sdata[tid] = x[blockIdx.x * blockDim.x + tid];
      __syncthreads();
      for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) { if (tid < s) sdata[tid] += sdata[tid + s]; __syncthreads(); }
      if (tid == 0) out[blockIdx.x] = sdata[0];
    }
    __global__ void cast_raw(const int *x, int *out) {
      extern __shared__ unsigned char raw[];
      int *sdata = reinterpret_cast<int *>(raw);
      unsigned tid = threadIdx.x;
      sdata[tid] = x[blockIdx.x * blockDim.x + tid];
      __syncthreads();
      for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) { if (tid < s) sdata[tid] += sdata[tid + s]; __syncthreads(); }
      if (tid == 0) out[blockIdx.x] = sdata[0];
    }
    __global__ void width_local(const float *x, float *out) {
      extern __shared__ float shared[];
      int tid = threadIdx.x;
      int block_size = blockDim.x;
      shared[tid] = x[blockIdx.x * blockDim.x + tid];
      __syncthreads();
      for (int stride = block_size / 2; stride >= 1; stride /= 2) {
        __syncthreads();
        if (tid < stride) shared[tid] = fmaxf(shared[tid], shared[tid + stride]);
      }
      __syncthreads();
      out[blockIdx.x] = shared[0];
    }
    __global__ void slice(const float *x, float *out) {
      extern __shared__ float smem[];
      float *sdata = smem + 32;
      unsigned tid = threadIdx.x;
      sdata[tid] = x[tid];
      __syncthreads();
      for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) { if (tid < s) sdata[tid] += sdata[tid + s]; __syncthreads(); }
      if (tid == 0) out[blockIdx.x] = sdata[0];
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  std::string Why;
  for (const char *Fn : {"samples", "cast_raw", "width_local"}) {
    auto M = firstAt(Ctx, Fn, Why);
    ASSERT_TRUE(M) << Fn << ": " << Why;
    EXPECT_EQ(M->Kind, ReductionMatch::SharedTree) << Fn;
  }
  EXPECT_EQ(firstAt(Ctx, "width_local", Why)->Op, cuda::ReduceOp::Max);
  EXPECT_FALSE(firstAt(Ctx, "slice", Why)) << "a pointer into the array, not the array";
}

TEST(Reductions, TreeVariantsUnrolledTailsAndRegisterCopies) {
  auto AST = test::parseCuda(R"cu(
    constexpr unsigned blockSize = 256;
    __global__ void unrolled(const int *x, int *out) {
      __shared__ int sdata[blockSize];
      unsigned tid = threadIdx.x;
      sdata[tid] = x[tid];
      __syncthreads();
      if (blockSize >= 512) { if (tid < 256) { sdata[tid] += sdata[tid + 256]; } __syncthreads(); }
      if (blockSize >= 256) { if (tid < 128) { sdata[tid] += sdata[tid + 128]; } __syncthreads(); }
      if (tid < 64) sdata[tid] += sdata[tid + 64];
      __syncthreads();
      if (tid < 32) {
        volatile int *v = sdata;
        if (blockSize >= 64) v[tid] += v[tid + 32];
        v[tid] += v[tid + 16]; v[tid] += v[tid + 8]; v[tid] += v[tid + 4];
        v[tid] += v[tid + 2]; v[tid] += v[tid + 1];
      }
      if (tid == 0) out[blockIdx.x] = sdata[0];
    }
    __device__ void warpReduce(volatile float *s, unsigned t) {
      s[t] = fmaxf(s[t], s[t + 32]); s[t] = fmaxf(s[t], s[t + 16]); s[t] = fmaxf(s[t], s[t + 8]);
      s[t] = fmaxf(s[t], s[t + 4]); s[t] = fmaxf(s[t], s[t + 2]); s[t] = fmaxf(s[t], s[t + 1]);
    }
    __global__ void loop_and_helper(const float *x, float *out) {
      __shared__ float sm[1024];
      sm[threadIdx.x] = x[threadIdx.x];
      __syncthreads();
      for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
        if (threadIdx.x < s) sm[threadIdx.x] = fmaxf(sm[threadIdx.x], sm[threadIdx.x + s]);
        __syncthreads();
      }
      if (threadIdx.x < 32) warpReduce(sm, threadIdx.x);
      if (threadIdx.x == 0) out[blockIdx.x] = sm[0];
    }
    __global__ void register_copy(const float *x, float *out) {
      __shared__ float sdata[128];
      unsigned tid = threadIdx.x;
      float mySum = x[tid];
      sdata[tid] = mySum;
      __syncthreads();
      for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
        __syncthreads();
      }
      if (tid == 0) out[blockIdx.x] = mySum;
    }
    __global__ void plain_tail(const int *x, int *out) {
      __shared__ int sdata[64];
      unsigned tid = threadIdx.x;
      sdata[tid] = x[tid];
      __syncthreads();
      if (tid < 32) {
        sdata[tid] += sdata[tid + 32]; sdata[tid] += sdata[tid + 16]; sdata[tid] += sdata[tid + 8];
        sdata[tid] += sdata[tid + 4]; sdata[tid] += sdata[tid + 2]; sdata[tid] += sdata[tid + 1];
      }
      if (tid == 0) out[blockIdx.x] = sdata[0];
    }
    __global__ void gap(const int *x, int *out) {
      __shared__ int sdata[256];
      unsigned tid = threadIdx.x;
      sdata[tid] = x[tid];
      __syncthreads();
      if (tid < 128) sdata[tid] += sdata[tid + 128];
      __syncthreads();
      for (int s = 32; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
      }
      if (tid == 0) out[blockIdx.x] = sdata[0];
    }
    __global__ void stage(const int *x, int *out) {
      int pre = x[0];
      __shared__ int partial[32];
      int lane = threadIdx.x % 32;
      int v = x[threadIdx.x] + pre;
      for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
      if (lane == 0) partial[threadIdx.x / 32] = v;
      __syncthreads();
      if (threadIdx.x < 32) {
        v = lane < (blockDim.x + 31) / 32 ? partial[lane] : 0;
        for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
      }
      if (threadIdx.x == 0) out[blockIdx.x] = v;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  std::string Why;

  auto U = firstAt(Ctx, "unrolled", Why);
  ASSERT_TRUE(U) << Why;
  EXPECT_EQ(U->Kind, ReductionMatch::SharedTree);
  EXPECT_EQ(U->Stmts.size(), 7u) << "store, barrier, two fixed steps, a step and its barrier, the tail";
  ASSERT_TRUE(U->Needs.TreeBlockX);
  EXPECT_EQ(*U->Needs.TreeBlockX, 256u) << "the 512 step is skipped: blockSize is 256";
  EXPECT_NE(U->Description.find("unrolled"), std::string::npos);
  EXPECT_NE(U->Description.find("warp-synchronous tail"), std::string::npos);
  EXPECT_FALSE(U->Var);

  Why.clear();
  auto L = firstAt(Ctx, "loop_and_helper", Why);
  ASSERT_TRUE(L) << Why;
  EXPECT_EQ(L->Op, cuda::ReduceOp::Max);
  EXPECT_TRUE(L->Needs.PowerOfTwoBlockX);
  ASSERT_TRUE(L->Needs.MinBlockX);
  EXPECT_EQ(*L->Needs.MinBlockX, 64u) << "the tail reads 32 elements past each of the first 32";

  Why.clear();
  auto R = firstAt(Ctx, "register_copy", Why);
  ASSERT_TRUE(R) << Why;
  ASSERT_TRUE(R->Var);
  EXPECT_EQ(R->Var->getName(), "mySum");
  EXPECT_EQ(R->ResultVar, R->Var);

  Why.clear();
  EXPECT_FALSE(firstAt(Ctx, "plain_tail", Why)) << "a warp tail without volatile";
  EXPECT_NE(Why.find("volatile"), std::string::npos) << Why;

  Why.clear();
  EXPECT_FALSE(firstAt(Ctx, "gap", Why)) << "strides 128, 32, ...: 64 is missing";
  EXPECT_NE(Why.find("halve"), std::string::npos) << Why;

  Why.clear();
  size_t At = 0;
  auto S = firstAt(Ctx, "stage", Why, &At);
  ASSERT_TRUE(S) << Why;
  EXPECT_EQ(S->Kind, ReductionMatch::ShuffleAndShared);
  const auto *Body = cast<CompoundStmt>(test::functionNamed(Ctx, "stage")->getBody());
  std::vector<const Stmt *> Stmts(Body->body_begin(), Body->body_end());
  EXPECT_EQ(At, 4u) << "the shuffle loop";
  EXPECT_EQ(scratchBefore(Stmts, At, At + S->Stmts.size(), *S, factsOf(Ctx, "stage")), 0u)
      << "v's declaration is the thread's own value, not the reduction's";
  EXPECT_EQ(scratchBefore(Stmts, At - 1, At + S->Stmts.size(), *S, factsOf(Ctx, "stage")), 2u)
      << "partial and lane belong to the reduction; pre is a load";
}

/// Calls \p F on every variable declared in \p S.
void forEachDescendantVar(const Stmt *S, const std::function<void(const VarDecl *)> &F) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        F(V);
  for (const Stmt *C : S->children())
    forEachDescendantVar(C, F);
}

/// The pair fold of \p Var in the body of \p Fn's first loop.
/// \p Index: the loop's counter.
std::optional<PairFold> pairIn(ASTContext &Ctx, llvm::StringRef Fn, llvm::StringRef Var, std::string &Why,
                               llvm::StringRef Index = "c") {
  const FunctionDecl *FD = test::functionNamed(Ctx, Fn);
  const Stmt *Loop = nullptr;
  for (const Stmt *S : cast<CompoundStmt>(FD->getBody())->body())
    if (!Loop && (isa<ForStmt>(S) || isa<WhileStmt>(S)))
      Loop = S;
  if (!Loop) {
    ADD_FAILURE() << "no loop in " << Fn.str();
    return std::nullopt;
  }
  const Stmt *LB = isa<ForStmt>(Loop) ? cast<ForStmt>(Loop)->getBody() : cast<WhileStmt>(Loop)->getBody();
  std::vector<const Stmt *> Body;
  if (const auto *CS = dyn_cast<CompoundStmt>(LB))
    Body.assign(CS->body_begin(), CS->body_end());
  else
    Body.push_back(LB);
  const VarDecl *V = nullptr, *I = nullptr;
  forEachDescendantVar(FD->getBody(), [&](const VarDecl *VD) {
    if (VD->getName() == Index)
      I = VD;
  });
  for (const Stmt *S : cast<CompoundStmt>(FD->getBody())->body())
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getName() == Var)
          V = VD;
  if (!V) {
    ADD_FAILURE() << "no local " << Var.str() << " in " << Fn.str();
    return std::nullopt;
  }
  return pairFoldOf(Ctx, Body, V, I, factsOf(Ctx, Fn), Why);
}

TEST(Reductions, PairFoldsArgExtrema) {
  auto AST = test::parseCuda(R"cu(
    __global__ void if_gt(const float *x, int *o, int n) {
      float best = x[0]; int arg = 0;
      for (int c = 1; c < n; ++c) { float v = x[c]; if (v > best) { best = v; arg = c; } }
      o[0] = arg;
    }
    __global__ void direct_ge(const int *x, int *o, int n) {
      int best = x[0]; long arg = 0;
      for (int c = 0; c < n; ++c) { if (x[c] >= best) { arg = c; best = x[c]; } }
      o[0] = arg + best;
    }
    __global__ void min_lt_comma(const float *x, int *o, int n) {
      float lo = 1e30f; unsigned at = 0;
      for (unsigned c = 0; c < n; ++c) if (lo > x[c]) lo = x[c], at = c;
      o[0] = at;
    }
    __global__ void ternaries(const float *x, int *o, int n) {
      float best = -1e30f; int arg = -1;
      for (int c = 0; c < n; ++c) {
        float v = x[c];
        arg = v > best ? c : arg;
        best = v > best ? v : best;
      }
      o[0] = arg;
    }
    __global__ void flag_and_fmax(const float *x, int *o, int n) {
      float best = -1e30f; int arg = -1;
      for (int c = 0; c < n; ++c) {
        float v = x[c];
        bool better = v > best;
        if (better) arg = c;
        best = fmaxf(best, v);
      }
      o[0] = arg;
    }
    __global__ void negated_int(const int *x, int *o, int n) {
      int best = x[0]; int arg = 0;
      for (int c = 1; c < n; ++c) { int v = x[c]; arg = v <= best ? arg : c; best = v <= best ? best : v; }
      o[0] = arg;
    }
    __global__ void index_alone(const float *x, int *o, int n) {
      float best = x[0]; int arg = 0;
      for (int c = 1; c < n; ++c) { float v = x[c]; if (v > best) arg = c; }
      o[0] = arg + best;
    }
    __global__ void wrong_order(const float *x, int *o, int n) {
      float best = x[0]; int arg = 0;
      for (int c = 1; c < n; ++c) {
        float v = x[c];
        best = v > best ? v : best;
        arg = v > best ? c : arg;
      }
      o[0] = arg;
    }
    __global__ void eq_after(const float *x, int *o, int n) {
      float best = x[0]; int arg = 0;
      for (int c = 1; c < n; ++c) { float v = x[c]; best = fmaxf(best, v); if (v == best) arg = c; }
      o[0] = arg;
    }
    __global__ void negated_float(const float *x, int *o, int n) {
      float best = x[0]; int arg = 0;
      for (int c = 1; c < n; ++c) { float v = x[c]; if (!(v <= best)) { best = v; arg = c; } }
      o[0] = arg;
    }
    __global__ void local_and_memory(const float *x, int *o, int n) {
      float best = x[0]; int arg = 0;
      for (int c = 1; c < n; ++c) { float v = x[c]; if (v > best) { best = x[c]; arg = c; } }
      o[0] = arg;
    }
    __global__ void store_between(float *x, int *o, int n) {
      float best = x[0]; int arg = 0;
      for (int c = 1; c < n; ++c) { float v = x[c]; x[c] = 0.f; if (v > best) { best = x[c]; arg = c; } }
      o[0] = arg;
    }
    __global__ void three(const float *x, int *o, int n) {
      float best = x[0]; int arg = 0, cnt = 0;
      for (int c = 1; c < n; ++c) { float v = x[c]; if (v > best) { best = v; arg = c; cnt += 1; } }
      o[0] = arg + cnt;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  std::string Why;
  auto P = pairIn(Ctx, "if_gt", "best", Why);
  ASSERT_TRUE(P) << Why;
  EXPECT_EQ(P->K, PairFold::ArgMax);
  EXPECT_EQ(P->Value->getName(), "best");
  EXPECT_EQ(P->Other->getName(), "arg");
  EXPECT_FALSE(P->LastOnTies) << "'>' keeps the first maximum";
  EXPECT_EQ(refVar(P->Position)->getName(), "c");
  EXPECT_TRUE(isa<ArraySubscriptExpr>(P->Candidate)) << "v stands for x[c]";
  EXPECT_EQ(P->Stmts.size(), 1u) << "the declaration of v reads neither local";
  // From the index's side: the same pair.
  P = pairIn(Ctx, "if_gt", "arg", Why);
  ASSERT_TRUE(P) << Why;
  EXPECT_EQ(P->Value->getName(), "best");

  P = pairIn(Ctx, "direct_ge", "best", Why);
  ASSERT_TRUE(P) << Why;
  EXPECT_EQ(P->K, PairFold::ArgMax);
  EXPECT_TRUE(P->LastOnTies) << "'>=' keeps the last";
  EXPECT_TRUE(isa<ArraySubscriptExpr>(P->Candidate)) << "x[c] itself";

  P = pairIn(Ctx, "min_lt_comma", "lo", Why);
  ASSERT_TRUE(P) << Why;
  EXPECT_EQ(P->K, PairFold::ArgMin);
  EXPECT_FALSE(P->LastOnTies);
  EXPECT_EQ(P->Other->getName(), "at");

  P = pairIn(Ctx, "ternaries", "best", Why);
  ASSERT_TRUE(P) << Why;
  EXPECT_EQ(P->K, PairFold::ArgMax);
  EXPECT_EQ(P->Stmts.size(), 2u);

  P = pairIn(Ctx, "flag_and_fmax", "arg", Why);
  ASSERT_TRUE(P) << Why << ": the flag's comparison decides both, fmaxf agrees with it";
  EXPECT_EQ(P->K, PairFold::ArgMax);
  EXPECT_EQ(P->Stmts.size(), 3u);

  P = pairIn(Ctx, "negated_int", "best", Why);
  ASSERT_TRUE(P) << Why;
  EXPECT_EQ(P->K, PairFold::ArgMax) << "integers: !(v <= best) is v > best";
  EXPECT_FALSE(P->LastOnTies);

  P = pairIn(Ctx, "index_alone", "arg", Why);
  EXPECT_FALSE(P);
  EXPECT_NE(Why.find("'best' does not change with it"), std::string::npos) << Why;

  P = pairIn(Ctx, "wrong_order", "best", Why);
  EXPECT_FALSE(P) << "the index compares with the updated value: never moves";
  EXPECT_NE(Why.find("neither as an argmax"), std::string::npos) << Why;

  P = pairIn(Ctx, "eq_after", "best", Why);
  EXPECT_FALSE(P) << "the index moves on equality with the new maximum";
  EXPECT_FALSE(Why.empty());

  P = pairIn(Ctx, "negated_float", "best", Why);
  EXPECT_FALSE(P) << "!(v <= best) takes NaN elements";
  EXPECT_NE(Why.find("NaN"), std::string::npos) << Why;

  P = pairIn(Ctx, "local_and_memory", "best", Why);
  ASSERT_TRUE(P) << Why << ": v is x[c], which nothing writes after it";
  EXPECT_EQ(P->K, PairFold::ArgMax);
  P = pairIn(Ctx, "store_between", "best", Why);
  EXPECT_FALSE(P) << "x[c] changes after v reads it: v and x[c] differ";

  P = pairIn(Ctx, "three", "best", Why);
  EXPECT_FALSE(P);
  EXPECT_NE(Why.find("change together: a pair reduction combines two"), std::string::npos) << Why;
}

TEST(Reductions, PairFoldsOnlineSoftmax) {
  auto AST = test::parseCuda(R"cu(
    __global__ void temp_max(const float *x, float *o, int n) {
      float m = -1e30f, s = 0.f;
      for (int c = 0; c < n; ++c) {
        float v = x[c];
        float mn = fmaxf(m, v);
        s = s * __expf(m - mn) + __expf(v - mn);
        m = mn;
      }
      o[0] = m + logf(s);
    }
    __global__ void if_else(const double *x, double *o, int n) {
      double m = x[0], s = 0.0;
      int c = 0;
      while (c < n) {
        if (m < x[c]) { s *= exp(m - x[c]); s += 1.0; m = x[c]; }
        else s = s + exp(x[c] - m);
        ++c;
      }
      o[0] = m + log(s);
    }
    __global__ void rescale_then_add(const float *x, float *o, int n) {
      float m = -1e30f, s = 0.f;
      for (int c = 0; c < n; ++c) {
        float v = x[c];
        if (v > m) { s *= expf(m - v); m = v; }
        s += expf(v - m);
      }
      o[0] = s;
    }
    __global__ void inline_max(const float *x, float *o, int n) {
      float m = -1e30f, s = 0.f;
      for (int c = 0; c < n; ++c) {
        s = expf(x[c] - fmaxf(x[c], m)) + s * expf(-(fmaxf(m, x[c]) - m));
        m = fmaxf(m, x[c]);
      }
      o[0] = s;
    }
    __global__ void not_rescaled(const float *x, float *o, int n) {
      float m = -1e30f, s = 0.f;
      for (int c = 0; c < n; ++c) {
        float v = x[c];
        float mn = fmaxf(m, v);
        s = s + __expf(v - mn);
        m = mn;
      }
      o[0] = s;
    }
    __global__ void wrong_branch(const float *x, float *o, int n) {
      float m = -1e30f, s = 0.f;
      for (int c = 0; c < n; ++c) {
        float v = x[c];
        if (v > m) { s = s * expf(v - m) + 1.f; m = v; } else { s += expf(v - m); }
      }
      o[0] = s;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  std::string Why;
  for (const char *Fn : {"temp_max", "if_else", "rescale_then_add", "inline_max"}) {
    for (const char *Var : {"m", "s"}) {
      auto P = pairIn(Ctx, Fn, Var, Why);
      ASSERT_TRUE(P) << Fn << " " << Var << ": " << Why;
      EXPECT_EQ(P->K, PairFold::OnlineSoftmax) << Fn;
      EXPECT_EQ(P->Value->getName(), "m") << Fn;
      EXPECT_EQ(P->Other->getName(), "s") << Fn;
      ASSERT_TRUE(P->Exp) << Fn;
    }
  }
  std::string Unused;
  EXPECT_EQ(pairIn(Ctx, "temp_max", "m", Unused)->Exp->getDirectCallee()->getName(), "__expf");
  EXPECT_EQ(pairIn(Ctx, "if_else", "m", Unused)->Exp->getDirectCallee()->getName(), "exp");
  EXPECT_EQ(pairIn(Ctx, "temp_max", "m", Unused)->Stmts.size(), 3u) << "mn's declaration, s and m";

  EXPECT_FALSE(pairIn(Ctx, "not_rescaled", "s", Why)) << "the sum is not rescaled when the maximum grows";
  EXPECT_NE(Why.find("online softmax"), std::string::npos) << Why;
  EXPECT_FALSE(pairIn(Ctx, "wrong_branch", "s", Why)) << "exp(v - m) where exp(m - v) belongs";
}

} // namespace

namespace {

TEST(Reductions, EveryWarpSecondStageAndFloatWarpCount) {
  // FasterTransformer's blockReduceSum: no `if (warp == 0)` around the second
  // stage (warps past the first load the identity), the warp count written
  // `blockDim.x / 32.f`. A half warp count (`/ 64.f`) is not the warps.
  auto AST = test::parseCuda(R"cu(
    __device__ float ft(float val) {
      static __shared__ float shared[32];
      int lane = threadIdx.x & 0x1f;
      int wid = threadIdx.x >> 5;
      for (int mask = 16; mask > 0; mask >>= 1) val += __shfl_xor_sync(0xffffffff, val, mask, 32);
      if (lane == 0) shared[wid] = val;
      __syncthreads();
      val = (threadIdx.x < (blockDim.x / 32.f)) ? shared[lane] : 0.0f;
      for (int mask = 16; mask > 0; mask >>= 1) val += __shfl_xor_sync(0xffffffff, val, mask, 32);
      return val;
    }
    __device__ float half_count(float val) {
      static __shared__ float shared[32];
      int lane = threadIdx.x & 0x1f;
      int wid = threadIdx.x >> 5;
      for (int mask = 16; mask > 0; mask >>= 1) val += __shfl_xor_sync(0xffffffff, val, mask, 32);
      if (lane == 0) shared[wid] = val;
      __syncthreads();
      val = (threadIdx.x < (blockDim.x / 64.f)) ? shared[lane] : 0.0f;
      for (int mask = 16; mask > 0; mask >>= 1) val += __shfl_xor_sync(0xffffffff, val, mask, 32);
      return val;
    }
  )cu");
  ASTContext &Ctx = AST->ast();
  std::string Why;
  auto M = firstAt(Ctx, "ft", Why);
  ASSERT_TRUE(M) << Why;
  EXPECT_EQ(M->Kind, ReductionMatch::ShuffleAndShared);
  EXPECT_EQ(M->Over, ReductionMatch::Block);
  EXPECT_EQ(M->ResultVar->getName(), "val");
  EXPECT_FALSE(M->Needs.WarpCount) << "blockDim.x / 32.f is the warp count";
  EXPECT_FALSE(M->EveryThreadHolds) << "only warp 0 ends with the sum";
  auto H = firstAt(Ctx, "half_count", Why);
  ASSERT_TRUE(H) << Why;
  EXPECT_TRUE(H->Needs.WarpCount) << "blockDim.x / 64.f is not the warp count: a launch fact must settle it";
}

TEST(Reductions, FoldsThroughUserCombines) {
  // The operator of a fold or a shuffle step may be the kernel's own code:
  // a function or functor whose body returns `a op b`, max/min of its two
  // parameters, or a ternary; anything else (a difference, a body of more
  // than one statement, a constant) is not a fold.
  auto AST = test::parseCuda(R"cu(
    template <typename T> struct SumOp { __device__ T operator()(const T &a, const T &b) const { return a + b; } };
    __device__ float mx(float a, float b) { return b > a ? b : a; }
    __device__ int band(int a, int b) { return a & b; }
    __device__ float sub(float a, float b) { return a - b; }
    __device__ float twice(float a, float b) { float t = a + b; return t; }
    __device__ float first(float a, float b) { return a; }
    __global__ void k(float *out, int *iout) {
      float s = 0.f, m = 0.f, d = 0.f, t = 0.f, f = 0.f, q = 0.f;
      int b = -1;
      SumOp<float> op;
      s = SumOp<float>()(s, out[0]);
      s = op(out[1], s);
      m = mx(m, out[2]);
      m = out[3] < m ? m : out[3];
      b = band(b, iout[0]);
      d = sub(d, out[4]);
      t = twice(t, out[5]);
      f = first(f, out[6]);
      q = q > out[7] ? out[7] : q;
      out[8] = s + m + d + t + f + q + b;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const auto *Body = cast<CompoundStmt>(test::functionNamed(Ctx, "k")->getBody());
  std::vector<std::optional<Fold>> F;
  for (const Stmt *S : Body->body())
    F.push_back(foldOf(S));
  // Statements 0-2 declare; the folds follow in order.
  auto Op = [&](size_t I) { return F[I] ? std::optional<cuda::ReduceOp>(F[I]->Op) : std::nullopt; };
  EXPECT_EQ(Op(3), cuda::ReduceOp::Add) << "a functor temporary";
  EXPECT_EQ(Op(4), cuda::ReduceOp::Add) << "a functor object, the variable second";
  EXPECT_EQ(Op(5), cuda::ReduceOp::Max) << "a function returning a ternary";
  EXPECT_EQ(Op(6), cuda::ReduceOp::Max) << "`x < m ? m : x` is a max";
  EXPECT_EQ(Op(7), cuda::ReduceOp::And);
  EXPECT_FALSE(F[8]) << "a - b is no reduction";
  EXPECT_FALSE(F[9]) << "two statements";
  EXPECT_FALSE(F[10]) << "returns one parameter";
  EXPECT_EQ(Op(11), cuda::ReduceOp::Min) << "`q > x ? x : q` is a min";
  ASSERT_TRUE(F[4]);
  EXPECT_EQ(F[4]->Var->getName(), "s");
}

std::optional<ReductionMatch> firstPairAt(ASTContext &Ctx, llvm::StringRef Fn, std::string &Why) {
  const FunctionDecl *FD = test::functionNamed(Ctx, Fn);
  const auto *Body = cast<CompoundStmt>(FD->getBody());
  std::vector<const Stmt *> Stmts(Body->body_begin(), Body->body_end());
  for (size_t I = 0; I < Stmts.size(); ++I) {
    std::string W;
    if (auto M = pairReductionAt(Ctx, Stmts, I, factsOf(Ctx, Fn), W))
      return M;
    if (Why.empty())
      Why = W;
  }
  return std::nullopt;
}

TEST(Reductions, PairReductionsOfOnlineSoftmax) {
  // The combine is read for what it computes: a helper taking the pair by
  // reference (with an early return on an empty side), a value-returning
  // helper, inline statements with the ternary guard; the wrong merge
  // (sums not rescaled) and a max-only merge are not online softmax.
  auto AST = test::parseCuda(R"cu(
    __device__ void merge(float &m, float &s, float m2, float s2) {
      if (m2 == -INFINITY) return;
      float mx = fmaxf(m, m2);
      s = s * __expf(m - mx) + s2 * __expf(m2 - mx);
      m = mx;
    }
    __device__ float rescale(float s, float m, float mx) { return s * expf(m - mx); }
    __device__ void wrong(float &m, float &s, float m2, float s2) { m = fmaxf(m, m2); s += s2; }
    __global__ void butterfly(float *out) {
      float m = out[0], s = out[1];
      for (int o = 16; o > 0; o >>= 1)
        merge(m, s, __shfl_xor_sync(0xffffffffu, m, o), __shfl_xor_sync(0xffffffffu, s, o));
      out[2] = m + s;
    }
    __global__ void returned(float *out) {
      float s = out[1], m = out[0];
      for (int o = 1; o < 32; o *= 2) {
        float m2 = __shfl_down_sync(0xffffffffu, m, o);
        float s2 = __shfl_down_sync(0xffffffffu, s, o);
        float mx = m > m2 ? m : m2;
        s = rescale(s, m, mx) + rescale(s2, m2, mx);
        m = mx;
      }
      out[2] = m + s;
    }
    __global__ void block(float *out) {
      __shared__ float wm[8], ws[8];
      float m = out[0], s = out[1];
      for (int o = 16; o > 0; o /= 2) {
        float m2 = __shfl_xor_sync(0xffffffffu, m, o), s2 = __shfl_xor_sync(0xffffffffu, s, o);
        float mx = fmaxf(m, m2);
        s = s * (m == mx ? 1.f : __expf(m - mx)) + s2 * (m2 == mx ? 1.f : __expf(m2 - mx));
        m = mx;
      }
      if (threadIdx.x % 32 == 0) { wm[threadIdx.x / 32] = m; ws[threadIdx.x / 32] = s; }
      __syncthreads();
      m = wm[0];
      s = ws[0];
      for (int w = 1; w < 8; ++w) merge(m, s, wm[w], ws[w]);
      out[2] = m + s;
    }
    __global__ void not_rescaled(float *out) {
      float m = out[0], s = out[1];
      for (int o = 16; o > 0; o >>= 1)
        wrong(m, s, __shfl_xor_sync(0xffffffffu, m, o), __shfl_xor_sync(0xffffffffu, s, o));
      out[2] = m + s;
    }
    __global__ void late_shuffle(float *out) {
      float m = out[0], s = out[1];
      for (int o = 16; o > 0; o >>= 1) {
        float m2 = __shfl_xor_sync(0xffffffffu, m, o);
        float mx = fmaxf(m, m2);
        m = mx;
        float s2 = __shfl_xor_sync(0xffffffffu, s, o);
        s = s + s2;
      }
      out[2] = m + s;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  std::string Why;
  auto B = firstPairAt(Ctx, "butterfly", Why);
  ASSERT_TRUE(B) << Why;
  ASSERT_TRUE(B->Pair);
  EXPECT_EQ(B->Pair->Value->getName(), "m");
  EXPECT_EQ(B->Pair->Other->getName(), "s");
  EXPECT_EQ(B->Over, ReductionMatch::Warp);
  EXPECT_TRUE(B->EveryThreadHolds) << "xor shuffles leave the pair in every lane";
  Why.clear();
  auto R = firstPairAt(Ctx, "returned", Why);
  ASSERT_TRUE(R) << Why;
  EXPECT_EQ(R->Pair->Value->getName(), "m") << "the max is found whatever the declaration order";
  EXPECT_FALSE(R->EveryThreadHolds) << "down shuffles leave the pair in lane 0";
  Why.clear();
  auto K = firstPairAt(Ctx, "block", Why);
  ASSERT_TRUE(K) << Why;
  EXPECT_EQ(K->Over, ReductionMatch::Block);
  EXPECT_TRUE(K->EveryThreadHolds) << "every thread merges the warps' pairs";
  ASSERT_TRUE(K->Needs.WarpCount) << "a constant 8 warps must be checked against the launch";
  EXPECT_EQ(K->Scratch.size(), 2u);
  Why.clear();
  EXPECT_FALSE(firstPairAt(Ctx, "not_rescaled", Why));
  EXPECT_NE(Why.find("neither as an online softmax"), std::string::npos) << Why;
  Why.clear();
  EXPECT_FALSE(firstPairAt(Ctx, "late_shuffle", Why));
  EXPECT_NE(Why.find("after the step has changed it"), std::string::npos) << Why;
}

TEST(Reductions, ResultBroadcasts) {
  auto AST = test::parseCuda(R"cu(
    __global__ void slot(const float *x, float *y) {
      __shared__ float part[32];
      __shared__ float total;
      int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
      float v = x[threadIdx.x];
      for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
      if (lane == 0) part[warp] = v;
      __syncthreads();
      if (warp == 0) {
        v = lane < blockDim.x / 32 ? part[lane] : 0.0f;
        for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
      }
      if (threadIdx.x == 0) total = v;
      __syncthreads();
      v = total;
      y[threadIdx.x] = x[threadIdx.x] / v;
    }
    __global__ void lane0(const float *x, float *y) {
      float v = x[threadIdx.x];
      for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
      v = __shfl_sync(0xffffffffu, v, 0);
      y[threadIdx.x] = v;
    }
    __global__ void butterfly(const float *x, float *y) {
      float v = x[threadIdx.x];
      for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffffu, v, o);
      y[threadIdx.x] = v;
    }
    __global__ void root(const float *x, float *y) {
      __shared__ float s[256];
      s[threadIdx.x] = x[threadIdx.x];
      __syncthreads();
      for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
        if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
      }
      y[threadIdx.x] = x[threadIdx.x] / s[0];
    }
    __global__ void leader_only(const float *x, float *y) {
      float v = x[threadIdx.x];
      for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
      y[threadIdx.x] = v;
    }
    __global__ void no_barrier(const float *x, float *y) {
      __shared__ float total;
      float v = x[threadIdx.x];
      for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
      if (threadIdx.x == 0) total = v;
      y[threadIdx.x] = total;
    }
  )cu");
  ASTContext &Ctx = AST->ast();
  auto BroadcastOf = [&](llvm::StringRef Fn) -> std::optional<ResultBroadcast> {
    std::string Why;
    size_t At = 0;
    auto M = firstAt(Ctx, Fn, Why, &At);
    EXPECT_TRUE(M) << Fn.str() << ": " << Why;
    if (!M)
      return std::nullopt;
    const auto *Body = cast<CompoundStmt>(test::functionNamed(Ctx, Fn)->getBody());
    std::vector<const Stmt *> Stmts(Body->body_begin(), Body->body_end());
    size_t End = At;
    while (End < Stmts.size() && llvm::is_contained(M->Stmts, Stmts[End]))
      ++End;
    return broadcastAfter(Ctx, Stmts, End, *M, factsOf(Ctx, Fn));
  };
  auto S = BroadcastOf("slot");
  ASSERT_TRUE(S);
  EXPECT_EQ(S->K, ResultBroadcast::SharedSlot);
  EXPECT_FALSE(S->Slot) << "with the copy, later statements read v, not the slot";
  ASSERT_TRUE(S->Var) << "`v = total;` copies the slot back";
  EXPECT_EQ(S->Var->getName(), "v");
  EXPECT_EQ(S->Stmts.size(), 3u) << "the leader's store, the barrier, the copy";
  auto L = BroadcastOf("lane0");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->K, ResultBroadcast::ShuffleLane0);
  auto B = BroadcastOf("butterfly");
  ASSERT_TRUE(B);
  EXPECT_EQ(B->K, ResultBroadcast::Butterfly);
  EXPECT_TRUE(B->Stmts.empty());
  auto R = BroadcastOf("root");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->K, ResultBroadcast::TreeRoot);
  ASSERT_TRUE(R->Slot);
  EXPECT_EQ(R->Slot->getName(), "s");
  EXPECT_EQ(R->SlotIndex.value_or(-1), 0);
  EXPECT_FALSE(BroadcastOf("leader_only")) << "shuffles down leave the sum in lane 0 only";
  EXPECT_FALSE(BroadcastOf("no_barrier")) << "a slot read without a barrier after the leader's store";
}

} // namespace

namespace {

TEST(Reductions, CubValidCountAndAssignedResult) {
  // vLLM: `v = BlockReduce(storage).Reduce(v, plus, blockDim.x)`: a count of
  // valid threads that is the whole block, the result assigned back (the
  // statement is an ExprWithCleanups around the assignment). Half the
  // block counting is not a reduction of every thread's value.
  auto AST = test::parseCuda(R"cu(
    #include <cub/block/block_reduce.cuh>
    #include <cuda/std/functional>
    __global__ void whole(const float *x, float *out) {
      float v = x[threadIdx.x];
      using BlockReduce = cub::BlockReduce<float, 256>;
      __shared__ typename BlockReduce::TempStorage storage;
      v = BlockReduce(storage).Reduce(v, cuda::std::plus<float>{}, blockDim.x);
      if (threadIdx.x == 0) out[blockIdx.x] = v;
    }
    __global__ void half_block(const float *x, float *out) {
      float v = x[threadIdx.x];
      using BlockReduce = cub::BlockReduce<float, 256>;
      __shared__ typename BlockReduce::TempStorage storage;
      v = BlockReduce(storage).Sum(v, 128);
      if (threadIdx.x == 0) out[blockIdx.x] = v;
    }
  )cu");
  ASTContext &Ctx = AST->ast();
  std::string Why;
  auto M = firstAt(Ctx, "whole", Why);
  ASSERT_TRUE(M) << Why;
  EXPECT_EQ(M->Kind, ReductionMatch::CubBlockReduce);
  EXPECT_EQ(M->Op, cuda::ReduceOp::Add);
  EXPECT_EQ(M->ResultVar->getName(), "v");
  ASSERT_EQ(M->Scratch.size(), 1u);
  EXPECT_EQ(M->Scratch[0]->getName(), "storage");
  auto H = firstAt(Ctx, "half_block", Why);
  EXPECT_FALSE(H && H->Kind == ReductionMatch::CubBlockReduce) << "128 valid threads of 256";
}

} // namespace

TEST(Reductions, DoublingTrees) {
  auto AST = test::parseCuda(R"cu(
    __global__ void interleaved(const int *x, int *out) {
      extern __shared__ int sdata[];
      unsigned int tid = threadIdx.x;
      sdata[tid] = x[blockIdx.x * blockDim.x + tid];
      __syncthreads();
      for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if ((tid % (2 * s)) == 0)
          sdata[tid] += sdata[tid + s];
        __syncthreads();
      }
      if (tid == 0) out[blockIdx.x] = sdata[0];
    }
    __global__ void strided(const float *x, float *out) {
      __shared__ float sm[128];
      sm[threadIdx.x] = x[threadIdx.x];
      __syncthreads();
      for (int s = 1; s < 128; s <<= 1) {
        int index = 2 * s * threadIdx.x;
        if (index < 128)
          sm[index] = fmaxf(sm[index], sm[index + s]);
        __syncthreads();
      }
      if (threadIdx.x == 0) out[blockIdx.x] = sm[0];
    }
    __global__ void odd_bound(const int *x, int *out) {
      __shared__ int sm[96];
      sm[threadIdx.x] = x[threadIdx.x];
      __syncthreads();
      for (int s = 1; s < 96; s *= 2) {
        if (threadIdx.x % (2 * s) == 0) sm[threadIdx.x] += sm[threadIdx.x + s];
        __syncthreads();
      }
      if (threadIdx.x == 0) out[0] = sm[0];
    }
    __global__ void wrong_pairs(const int *x, int *out) {
      __shared__ int sm[256];
      sm[threadIdx.x] = x[threadIdx.x];
      __syncthreads();
      for (int s = 1; s < blockDim.x; s *= 2) {
        if (threadIdx.x % s == 0) sm[threadIdx.x] += sm[threadIdx.x + s];
        __syncthreads();
      }
      if (threadIdx.x == 0) out[0] = sm[0];
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  std::string Why;

  auto I = firstAt(Ctx, "interleaved", Why);
  ASSERT_TRUE(I) << Why;
  EXPECT_EQ(I->Kind, ReductionMatch::SharedTree);
  EXPECT_EQ(I->Op, cuda::ReduceOp::Add);
  EXPECT_TRUE(I->Needs.PowerOfTwoBlockX) << "only a power-of-two block pairs every element";
  EXPECT_EQ(I->Stmts.size(), 3u) << "store, barrier, the loop";
  EXPECT_TRUE(I->Doubling);
  EXPECT_NE(I->Description.find("doubling tree"), std::string::npos);

  Why.clear();
  auto S = firstAt(Ctx, "strided", Why);
  ASSERT_TRUE(S) << Why;
  EXPECT_EQ(S->Op, cuda::ReduceOp::Max);
  ASSERT_TRUE(S->Needs.TreeBlockX);
  EXPECT_EQ(*S->Needs.TreeBlockX, 128u) << "a constant bound: the tree covers 128 threads";

  Why.clear();
  EXPECT_FALSE(firstAt(Ctx, "odd_bound", Why)) << "96 is no power of two: sm[64] would read sm[128]";

  Why.clear();
  EXPECT_FALSE(firstAt(Ctx, "wrong_pairs", Why)) << "t % s pairs an element twice";
}
