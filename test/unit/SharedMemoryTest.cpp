//===- SharedMemoryTest.cpp - lib/Analysis: shared sizes, limits, banks ---===//
#include "klineage/Analysis/SharedMemory.h"
#include "CudaTestSupport.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace klineage;
using namespace klineage::analysis;

namespace {

TEST(SharedMemory, BankConflictDegrees) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *out, int n) {
      __shared__ float tile[32][32];
      __shared__ float pad[32][33];
      __shared__ double d[64];
      __shared__ float4 v[64];
      __shared__ char c[128];
      int tx = threadIdx.x, ty = threadIdx.y;
      tile[ty][tx] = out[tx];
      pad[ty][tx] = out[tx];
      __syncthreads();
      int i = (int)out[tx];
      float p_row = tile[threadIdx.y][threadIdx.x];
      float p_col = tile[tx][ty];
      float p_pad = pad[threadIdx.x][threadIdx.y];
      float p_bcast = tile[ty][n];
      double p_d1 = d[threadIdx.x];
      double p_d2 = d[2 * threadIdx.x];
      float4 p_v1 = v[threadIdx.x];
      float4 p_v2 = v[threadIdx.x * 2];
      char p_c = c[threadIdx.x];
      float p_var = tile[i][threadIdx.x];
      float p_quad = tile[0][threadIdx.x * threadIdx.x];
      out[tx] = p_row + p_col + p_pad + p_bcast + p_d1 + p_d2 + p_v1.x + p_v2.x + p_c + p_var + p_quad;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  Uniformity U(Ctx, test::functionNamed(Ctx, "k"));
  SharedBanks Banks(Ctx, U);
  auto Degree = [&](llvm::StringRef Name) -> std::optional<unsigned> {
    auto A = Banks.access(test::initOf(Ctx, Name));
    EXPECT_TRUE(A) << Name.str();
    return A ? Banks.conflict(*A).Degree : std::nullopt;
  };
  EXPECT_EQ(Degree("p_row"), 1u);
  EXPECT_EQ(Degree("p_col"), 32u) << "column of float[32][32], through locals";
  EXPECT_EQ(Degree("p_pad"), 1u) << "float[32][33]: padding";
  EXPECT_EQ(Degree("p_bcast"), 1u) << "same word for every lane";
  EXPECT_EQ(Degree("p_d1"), 1u);
  EXPECT_EQ(Degree("p_d2"), 2u);
  EXPECT_EQ(Degree("p_v1"), 1u);
  EXPECT_EQ(Degree("p_v2"), 2u);

  auto Row = Banks.access(test::initOf(Ctx, "p_row"));
  ASSERT_TRUE(Row && Row->Words);
  EXPECT_EQ(Row->Array->getName(), "tile");
  EXPECT_EQ(Row->ElemBytes, 4u);
  EXPECT_EQ(Row->Words->Terms.size(), 2u); // 32*threadIdx.y + threadIdx.x
  EXPECT_EQ(Row->Words->Terms.at(Monomial{"b:threadIdx.y"}), 32);
  EXPECT_EQ(Banks.conflict(*Row).LaneStride, 1);
  auto Pad = Banks.access(test::initOf(Ctx, "p_pad"));
  EXPECT_EQ(Banks.conflict(*Pad).LaneStride, 33);

  auto C = Banks.access(test::initOf(Ctx, "p_c"));
  ASSERT_TRUE(C);
  EXPECT_FALSE(C->Words);
  EXPECT_NE(Banks.conflict(*C).Why.find("share 4-byte words"), std::string::npos);
  BankConflict Var = Banks.conflict(*Banks.access(test::initOf(Ctx, "p_var")));
  EXPECT_FALSE(Var.Degree);
  EXPECT_NE(Var.Why.find("differs between lanes"), std::string::npos) << Var.Why;
  EXPECT_FALSE(Banks.conflict(*Banks.access(test::initOf(Ctx, "p_quad"))).Degree);
  EXPECT_FALSE(Banks.access(test::initOf(Ctx, "i"))) << "not shared memory";
}

TEST(SharedMemory, UsageAndLimits) {
  auto AST = test::parseCuda(R"cu(
    __device__ float helper(int i) {
      __shared__ int scratch[64];
      scratch[i] = i;
      return scratch[63 - i];
    }
    template <int T> __global__ void tk(float *out) {
      __shared__ float t[T][T];
      t[threadIdx.y][threadIdx.x] = out[0];
      out[1] = t[0][0];
    }
    __global__ void k(float *out) {
      __shared__ float a[16][16];
      extern __shared__ float dyn[];
      a[threadIdx.y][threadIdx.x] = dyn[threadIdx.x] + helper(threadIdx.x);
      out[0] = a[0][0];
    }
    void run(float *out, int bytes) {
      k<<<1, 256, 4096>>>(out);
      k<<<1, 256, bytes>>>(out);
      tk<64><<<1, 256>>>(out);
      tk<128><<<1, 256>>>(out);
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  std::vector<cuda::LaunchSite> Sites = cuda::findLaunchSites(Ctx);
  ASSERT_EQ(Sites.size(), 4u);
  EXPECT_EQ(launchSharedBytes(Ctx, Sites[0]), 4096u);
  EXPECT_FALSE(launchSharedBytes(Ctx, Sites[1]));
  EXPECT_EQ(launchSharedBytes(Ctx, Sites[2]), 0u) << "not written";

  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  SharedUsage U = sharedUsage(Ctx, K, launchSharedBytes(Ctx, Sites[0]));
  ASSERT_EQ(U.Decls.size(), 3u);
  EXPECT_EQ(U.Decls[0].Dims, (std::vector<uint64_t>{16, 16}));
  EXPECT_TRUE(U.Decls[1].Dynamic);
  EXPECT_EQ(U.Decls[2].Var->getName(), "scratch");
  EXPECT_EQ(U.Decls[2].Function->getName(), "helper");
  EXPECT_EQ(U.StaticBytes, 1024u + 256u);
  EXPECT_TRUE(U.UsesDynamic);
  LimitCheck Fits = checkLimits(U);
  EXPECT_EQ(Fits.V, LimitCheck::Fits);
  EXPECT_EQ(Fits.Bytes, 1280u + 4096u);
  EXPECT_EQ(checkLimits(sharedUsage(Ctx, K)).V, LimitCheck::Unknown) << "dynamic size unknown";
  EXPECT_EQ(checkLimits(sharedUsage(Ctx, K, 100000)).V, LimitCheck::NeedsOptIn);
  EXPECT_EQ(checkLimits(sharedUsage(Ctx, K, 300000)).V, LimitCheck::Exceeds);
  SharedLimits Small;
  Small.StaticMax = 1024;
  EXPECT_EQ(checkLimits(sharedUsage(Ctx, K, 0), Small).V, LimitCheck::Exceeds);

  SharedUsage T64 = sharedUsage(Ctx, Sites[2].KernelInstance);
  EXPECT_EQ(T64.StaticBytes, 64u * 64u * 4u);
  EXPECT_EQ(checkLimits(T64).V, LimitCheck::Fits);
  LimitCheck T128 = checkLimits(sharedUsage(Ctx, Sites[3].KernelInstance));
  EXPECT_EQ(T128.V, LimitCheck::Exceeds) << "static 64 KiB";
  EXPECT_NE(T128.Why.find("static"), std::string::npos);
  const FunctionDecl *Pattern = Sites[2].Kernel->getDefinition();
  ASSERT_TRUE(Pattern && Pattern->isTemplated());
  EXPECT_EQ(checkLimits(sharedUsage(Ctx, Pattern)).V, LimitCheck::Unknown)
      << "the pattern's size is dependent";
}

TEST(SharedMemory, ScalarSharedVariables) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(const int *flags, int *per_block) {
      __shared__ int count;
      __shared__ double total;
      if (threadIdx.x == 0) { count = 0; total = 0; }
      __syncthreads();
      if (flags[threadIdx.x]) atomicAdd(&count, 1);
      __syncthreads();
      if (threadIdx.x == 0) per_block[blockIdx.x] = count + (int)total;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  SharedUsage U = sharedUsage(Ctx, test::functionNamed(Ctx, "k"));
  ASSERT_EQ(U.Decls.size(), 2u);
  EXPECT_FALSE(U.Decls[0].Dynamic) << "a scalar is no incomplete array";
  EXPECT_TRUE(U.Decls[0].Dims.empty());
  EXPECT_EQ(U.Decls[0].ElemBytes, 4u);
  EXPECT_EQ(U.StaticBytes, 12u);
  EXPECT_EQ(checkLimits(U).V, LimitCheck::Fits);
}

} // namespace
