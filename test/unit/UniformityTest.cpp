//===- UniformityTest.cpp - lib/Analysis: warp/block/grid uniformity ------===//
#include "klineage/Analysis/Uniformity.h"
#include "CudaTestSupport.h"
#include "gtest/gtest.h"
#include <algorithm>

using namespace clang;
using namespace clang::ast_matchers;
using namespace klineage;
using namespace klineage::analysis;

namespace {

/// The level of the initialiser of local \p Name.
Level levelOf(Uniformity &U, ASTContext &Ctx, llvm::StringRef Name) {
  const Expr *E = test::initOf(Ctx, Name);
  EXPECT_TRUE(E) << Name.str();
  return E ? U.of(E).L : Level::Varying;
}

TEST(Uniformity, SourcesLocalsAndDivergentDefinitions) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(const float *__restrict__ in, float *__restrict__ out, int n, int K) {
      int p_param = n * 2 + K;
      int p_block = blockIdx.x * blockDim.x;
      int p_grid = gridDim.x * blockDim.y + warpSize;
      int p_thread = p_block + threadIdx.x;
      int tiles = K / 16;
      int t_sum = 0;
      for (int t = 0; t < tiles; ++t)
        t_sum += t;
      int p_tsum = t_sum;
      int d = 0;
      if (threadIdx.x < 16)
        d = 1;
      int p_div = d;
      int e = 0;
      if (blockIdx.x == 0)
        e = 1;
      int p_blockdef = e;
      int acc = 0;
      for (int i = 0; i < n; ++i) {
        if (in[threadIdx.x + i] > 0.0f)
          break;
        acc += 1;
      }
      int p_exit = acc;
      float p_load = in[n + K];
      float p_vload = in[p_thread];
      out[p_thread] = p_load + p_vload + p_param + p_grid + p_tsum + p_div + p_blockdef + p_exit;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  Uniformity U(Ctx, test::functionNamed(Ctx, "k"));
  EXPECT_EQ(levelOf(U, Ctx, "p_param"), Level::Grid);
  EXPECT_EQ(levelOf(U, Ctx, "p_block"), Level::Block);
  EXPECT_EQ(levelOf(U, Ctx, "p_grid"), Level::Grid);
  EXPECT_EQ(levelOf(U, Ctx, "p_thread"), Level::Varying);
  EXPECT_EQ(levelOf(U, Ctx, "p_tsum"), Level::Grid) << "a loop over a uniform trip count";
  EXPECT_EQ(levelOf(U, Ctx, "p_blockdef"), Level::Block);
  EXPECT_EQ(levelOf(U, Ctx, "p_load"), Level::Grid) << "restrict input, uniform address, never written";
  EXPECT_EQ(levelOf(U, Ctx, "p_vload"), Level::Varying);

  UniformityAnswer Div = U.of(test::initOf(Ctx, "p_div"));
  EXPECT_EQ(Div.L, Level::Varying);
  EXPECT_NE(Div.Why.find("threadIdx.x < 16"), std::string::npos) << Div.Why;
  ASSERT_TRUE(Div.Breaker);
  EXPECT_TRUE(isa<BinaryOperator>(Div.Breaker)) << "the divergent condition";

  UniformityAnswer Exit = U.of(test::initOf(Ctx, "p_exit"));
  EXPECT_EQ(Exit.L, Level::Varying);
  EXPECT_NE(Exit.Why.find("break"), std::string::npos) << Exit.Why;
  EXPECT_TRUE(Exit.atLeast(Level::Varying));
  EXPECT_FALSE(Exit.atLeast(Level::Warp));
  EXPECT_STREQ(levelName(Level::Warp), "warp-uniform");
  EXPECT_EQ(U.function(), test::functionNamed(Ctx, "k"));
}

TEST(Uniformity, MemoryWrittenInTheFunctionIsVarying) {
  auto AST = test::parseCuda(R"cu(
    __constant__ float coef[4];
    __global__ void k(float *buf, float *out, int n) {
      __shared__ float s[64];
      s[threadIdx.x] = buf[threadIdx.x];
      __syncthreads();
      float p_buf = buf[n];
      float p_shared = s[0];
      float p_const = coef[n];
      out[threadIdx.x] = p_buf + p_shared + p_const;
    }
    __device__ float helper(float *q, int m) {
      float p_helper = q[m];
      return p_helper;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  Uniformity U(Ctx, test::functionNamed(Ctx, "k"));
  UniformityAnswer Buf = U.of(test::initOf(Ctx, "p_buf"));
  EXPECT_EQ(Buf.L, Level::Varying) << "buf and out may alias";
  EXPECT_NE(Buf.Why.find("written"), std::string::npos) << Buf.Why;
  EXPECT_EQ(levelOf(U, Ctx, "p_shared"), Level::Varying) << "conservative: s is written";
  EXPECT_EQ(levelOf(U, Ctx, "p_const"), Level::Grid);
  Uniformity H(Ctx, test::functionNamed(Ctx, "helper"));
  UniformityAnswer P = H.of(test::initOf(Ctx, "p_helper"));
  EXPECT_EQ(P.L, Level::Varying);
  EXPECT_NE(P.Why.find("caller"), std::string::npos) << P.Why;
}

TEST(Uniformity, AddressesOfVariablesAreNotLoads) {
  auto AST = test::parseCuda(R"cu(
    __device__ unsigned long long g_total;
    __global__ void k(const int *in) {
      __shared__ int s_count;
      int mine = in[threadIdx.x];
      atomicAdd(&s_count, mine);
      atomicAdd(&g_total, 1ull);
      int *p_shared = &s_count;
      unsigned long long *p_global = &g_total;
      int *p_local = &mine;
      (void)p_shared; (void)p_global; (void)p_local;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  Uniformity U(Ctx, test::functionNamed(Ctx, "k"));
  EXPECT_EQ(levelOf(U, Ctx, "p_shared"), Level::Block) << "written by atomics, but its address is fixed";
  EXPECT_EQ(levelOf(U, Ctx, "p_global"), Level::Grid);
  EXPECT_EQ(levelOf(U, Ctx, "p_local"), Level::Varying);
}

TEST(Uniformity, WarpLevelFactsNeedTheBlockShape) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *out, int n) {
      int tid = threadIdx.x;
      int p_warp = tid / 32;
      int p_shift = threadIdx.x >> 5;
      int p_ws = threadIdx.x / warpSize;
      int p_y = threadIdx.y;
      int p_lane = threadIdx.x % 32;
      float v = out[threadIdx.x];
      float p_shfl = __shfl_sync(0xffffffff, v, 0);
      float p_shfl_var = __shfl_sync(0xffffffff, v, tid);
      float p_down = __shfl_down_sync(0xffffffff, v, 1);
      unsigned p_ballot = __ballot_sync(0xffffffff, v > 0.0f);
      int p_count = __syncthreads_count(v > 0.0f);
      float p_call = sqrtf((float)n);
      out[tid] = p_warp + p_shift + p_ws + p_y + p_lane + p_shfl + p_shfl_var + p_down + p_ballot + p_count + p_call;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  Uniformity Unknown(Ctx, K);
  EXPECT_EQ(levelOf(Unknown, Ctx, "p_warp"), Level::Varying) << "blockDim.x may not be a multiple of 32";
  EXPECT_EQ(levelOf(Unknown, Ctx, "p_y"), Level::Varying);
  Uniformity U(Ctx, K, Dim3{64, 4, 1});
  EXPECT_EQ(levelOf(U, Ctx, "p_warp"), Level::Warp);
  EXPECT_EQ(levelOf(U, Ctx, "p_shift"), Level::Warp);
  EXPECT_EQ(levelOf(U, Ctx, "p_ws"), Level::Warp);
  EXPECT_EQ(levelOf(U, Ctx, "p_y"), Level::Warp);
  EXPECT_EQ(levelOf(U, Ctx, "p_lane"), Level::Varying);
  EXPECT_EQ(levelOf(U, Ctx, "p_shfl"), Level::Warp);
  EXPECT_EQ(levelOf(U, Ctx, "p_shfl_var"), Level::Varying);
  EXPECT_EQ(levelOf(U, Ctx, "p_down"), Level::Varying);
  EXPECT_EQ(levelOf(U, Ctx, "p_ballot"), Level::Warp);
  EXPECT_EQ(levelOf(U, Ctx, "p_count"), Level::Block);
  EXPECT_EQ(levelOf(U, Ctx, "p_call"), Level::Grid) << "a pure function of a parameter";
  Uniformity Odd(Ctx, K, Dim3{48, 1, 1});
  EXPECT_EQ(levelOf(Odd, Ctx, "p_warp"), Level::Varying) << "warps straddle rows of 48";
}

TEST(Uniformity, ControlOfAStatement) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *out, int N, int K) {
      int row = blockIdx.y * 16 + threadIdx.y, col = blockIdx.x * 16 + threadIdx.x;
      if (row < N && col < N) {
        out[0] = 1.0f;
      }
      for (int t = 0; t < K / 16; ++t) {
        out[1] = 2.0f;
      }
      if (threadIdx.x >= N)
        return;
      out[2] = 3.0f;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  Uniformity U(Ctx, test::functionNamed(Ctx, "k"));
  auto Stores = match(binaryOperator(isAssignmentOperator(), hasLHS(arraySubscriptExpr())).bind("s"), Ctx);
  ASSERT_EQ(Stores.size(), 3u);
  std::vector<const Stmt *> S;
  for (auto &B : Stores)
    S.push_back(B.getNodeAs<Stmt>("s"));
  std::sort(S.begin(), S.end(), [&](const Stmt *A, const Stmt *B) {
    return Ctx.getSourceManager().isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
  std::vector<UniformityAnswer> C;
  for (const Stmt *St : S)
    C.push_back(U.controlOf(St));
  EXPECT_EQ(C[0].L, Level::Varying);
  EXPECT_NE(C[0].Why.find("row < N && col < N"), std::string::npos) << C[0].Why;
  EXPECT_EQ(C[1].L, Level::Grid);
  EXPECT_EQ(C[2].L, Level::Varying);
  EXPECT_NE(C[2].Why.find("return"), std::string::npos) << C[2].Why;
  EXPECT_TRUE(U.parent(S[0]));
}

} // namespace
