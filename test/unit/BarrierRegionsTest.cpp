//===- BarrierRegionsTest.cpp - lib/Analysis: barriers and their regions --===//
#include "klineage/Analysis/BarrierRegions.h"
#include "CudaTestSupport.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace klineage;
using namespace klineage::analysis;

namespace {

TEST(BarrierRegions, TiledLoopIsUniformAndSplitIntoRegions) {
  auto AST = test::parseCuda(R"cu(
    #define TILE 16
    __global__ void mm(const float *A, const float *B, float *C, int N, int K) {
      __shared__ float As[TILE][TILE], Bs[TILE][TILE];
      int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
      float acc = 0.0f;
      for (int t = 0; t < K / TILE; ++t) {
        As[threadIdx.y][threadIdx.x] = A[row * K + t * TILE + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * N + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
          acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
      }
      if (blockIdx.x < N)
        __syncthreads_or(acc > 0.0f);
      C[row * N + col] = acc;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  Uniformity U(Ctx, test::functionNamed(Ctx, "mm"));
  BarrierRegions R(U);
  ASSERT_EQ(R.barriers().size(), 3u);
  EXPECT_TRUE(R.divergent().empty()) << "K is a kernel parameter; blockIdx is block-uniform";
  EXPECT_EQ(R.barriers()[0].Scope, cuda::SyncScope::Block);
  // mm's body: [decls] loop [if] [store]? The if holds a barrier too:
  // top level gives [__shared__, row/col, acc] and [C store]; the loop body
  // gives [two tile stores] and [the k loop], in a loop.
  ASSERT_EQ(R.regions().size(), 4u);
  EXPECT_EQ(R.regions()[0].Stmts.size(), 3u);
  EXPECT_FALSE(R.regions()[0].Before);
  EXPECT_TRUE(R.holdsBarrier(R.regions()[0].After)) << "the tile loop";
  const BarrierRegion &Load = R.regions()[1];
  EXPECT_TRUE(Load.InLoop);
  EXPECT_EQ(Load.Stmts.size(), 2u);
  EXPECT_EQ(Load.After, R.barriers()[0].Call);
  const BarrierRegion &Compute = R.regions()[2];
  EXPECT_EQ(Compute.Before, R.barriers()[0].Call);
  EXPECT_EQ(Compute.After, R.barriers()[1].Call);
  EXPECT_EQ(Compute.Parent, Load.Parent);
  EXPECT_FALSE(R.regions()[3].InLoop);
  EXPECT_FALSE(R.regions()[3].After);
}

TEST(BarrierRegions, DivergentBarriers) {
  auto AST = test::parseCuda(R"cu(
    __global__ void guarded(float *out, int N) {
      __shared__ float s[256];
      int row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
      if (row < N && col < N) {
        s[threadIdx.x] = out[row * N + col];
        __syncthreads();
        out[row * N + col] = s[255 - threadIdx.x];
      }
    }
    __global__ void early(float *out, int n) {
      if (threadIdx.x >= n)
        return;
      __syncthreads();
      out[threadIdx.x] = 0.0f;
    }
    __global__ void looped(float *out, int n) {
      for (int i = threadIdx.x; i < n; i += blockDim.x) {
        out[i] = 0.0f;
        __syncthreads();
      }
      float v = out[threadIdx.x];
      v > 0.0f ? __syncwarp() : (void)0;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  Uniformity G(Ctx, test::functionNamed(Ctx, "guarded"));
  BarrierRegions RG(G);
  ASSERT_EQ(RG.divergent().size(), 1u);
  const UniformityAnswer &D = *RG.divergent()[0]->Divergence;
  EXPECT_NE(D.Why.find("row < N && col < N"), std::string::npos) << D.Why;
  EXPECT_NE(D.Why.find("threadIdx"), std::string::npos) << D.Why;

  Uniformity E(Ctx, test::functionNamed(Ctx, "early"));
  BarrierRegions RE(E);
  ASSERT_EQ(RE.divergent().size(), 1u);
  EXPECT_NE(RE.divergent()[0]->Divergence->Why.find("return"), std::string::npos);

  Uniformity L(Ctx, test::functionNamed(Ctx, "looped"));
  BarrierRegions RL(L);
  ASSERT_EQ(RL.barriers().size(), 2u);
  EXPECT_EQ(RL.barriers()[1].Scope, cuda::SyncScope::Warp);
  EXPECT_EQ(RL.divergent().size(), 2u) << "a thread-strided loop; a ?: on a loaded value";
  EXPECT_NE(RL.barriers()[0].Divergence->Why.find("loop condition"), std::string::npos);
}

TEST(BarrierRegions, CooperativeGroups) {
  auto AST = test::parseCuda(R"cu(
    #include <cooperative_groups.h>
    namespace cg = cooperative_groups;
    __global__ void k(float *out) {
      cg::thread_block block = cg::this_thread_block();
      out[threadIdx.x] = 1.0f;
      block.sync();
      cg::sync(block);
      cg::this_thread_block().sync();
      cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
      tile.sync();
      __syncwarp();
      __syncthreads();
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  Uniformity U(Ctx, test::functionNamed(Ctx, "k"));
  BarrierRegions R(U);
  std::vector<cuda::SyncScope> Scopes;
  for (const Barrier &B : R.barriers())
    Scopes.push_back(B.Scope);
  using S = cuda::SyncScope;
  EXPECT_EQ(Scopes, (std::vector<S>{S::Block, S::Block, S::Block, S::Warp, S::Warp, S::Block}));
  EXPECT_STREQ(cuda::syncScopeName(S::Warp), "warp");
  EXPECT_TRUE(R.divergent().empty());
}

} // namespace
