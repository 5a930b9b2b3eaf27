//===- CudaTest.cpp - lib/Cuda: device code, builtins, tables -------------===//
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Cuda/Intrinsics.h"
#include "CudaTestSupport.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace klineage;
using namespace klineage::cuda;

namespace {

const FunctionDecl *function(ASTContext &Ctx, llvm::StringRef Name) {
  auto M = match(functionDecl(hasName(Name), isDefinition()).bind("f"), Ctx);
  return M.empty() ? nullptr : M[0].getNodeAs<FunctionDecl>("f");
}

TEST(DeviceCode, FollowsNvccNotClangImplicitAttributes) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k() {}
    __device__ int d() { return 1; }
    __host__ __device__ int hd() { return 2; }
    constexpr int c() { return 3; }          // clang: implicit host+device; nvcc: host
    void host() { auto l = [] { return 4; }; (void)l; }
    __global__ void k2() { auto l = [] { return 5; }; (void)l(); }
  )cu");
  ASTContext &Ctx = AST->ast();
  EXPECT_TRUE(isKernel(function(Ctx, "k")));
  EXPECT_TRUE(isDeviceCode(function(Ctx, "d")));
  EXPECT_TRUE(isDeviceCode(function(Ctx, "hd")));
  EXPECT_EQ(executionSpace(function(Ctx, "hd")), "__host__ __device__");
  EXPECT_FALSE(isDeviceCode(function(Ctx, "c")));
  EXPECT_TRUE(isImplicitlyDeviceForClang(function(Ctx, "c")));
  EXPECT_FALSE(isImplicitlyDeviceForClang(function(Ctx, "d")));
  EXPECT_FALSE(isImplicitlyDeviceForClang(function(Ctx, "host")));
  EXPECT_FALSE(isDeviceCode(function(Ctx, "host")));
  // Lambdas: the execution space of the function around them.
  auto Ls = match(lambdaExpr().bind("l"), Ctx);
  ASSERT_EQ(Ls.size(), 2u);
  int Device = 0;
  for (auto &B : Ls) {
    const CXXMethodDecl *Op = B.getNodeAs<LambdaExpr>("l")->getCallOperator();
    if (isDeviceCode(Op)) {
      ++Device;
      EXPECT_EQ(deviceContextOf(Op), function(Ctx, "k2"));
    } else {
      EXPECT_EQ(hostContextOf(Op), function(Ctx, "host"));
    }
  }
  EXPECT_EQ(Device, 1);
}

TEST(Builtins, IndicesAndWarpSize) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(int *o) {
      const int lanes = warpSize;
      o[0] = threadIdx.x; o[1] = blockIdx.y; o[2] = blockDim.z; o[3] = gridDim.x;
      o[4] = lanes;
    }
  )cu");
  ASTContext &Ctx = AST->ast();
  auto Rhs = match(binaryOperator(isAssignmentOperator(), hasRHS(expr().bind("r"))), Ctx);
  ASSERT_EQ(Rhs.size(), 5u);
  std::vector<std::string> Names;
  for (auto &B : Rhs)
    if (auto I = builtinIndex(B.getNodeAs<Expr>("r")))
      Names.push_back(I->name());
  EXPECT_EQ(Names, (std::vector<std::string>{"threadIdx.x", "blockIdx.y", "blockDim.z", "gridDim.x"}));
  EXPECT_FALSE(builtinIndex(Rhs[0].getNodeAs<Expr>("r"))->isBlockUniform());
  EXPECT_TRUE(builtinIndex(Rhs[1].getNodeAs<Expr>("r"))->isBlockUniform());
  EXPECT_FALSE(builtinIndex(Rhs[1].getNodeAs<Expr>("r"))->isGridUniform());
  EXPECT_TRUE(builtinIndex(Rhs[2].getNodeAs<Expr>("r"))->isGridUniform());
  // `lanes` is a const int initialised from warpSize: a run-time value for nvcc.
  EXPECT_TRUE(readsWarpSize(Rhs[4].getNodeAs<Expr>("r")));
  EXPECT_FALSE(readsWarpSize(Rhs[0].getNodeAs<Expr>("r")));
}

TEST(Intrinsics, Tables) {
  EXPECT_TRUE(isPureCallee("__expf"));
  EXPECT_FALSE(isPureCallee("atomicAdd"));
  EXPECT_TRUE(isAtomicCallee("atomicAdd"));
  EXPECT_TRUE(isAtomicOrStoreCallee("__stcs"));
  EXPECT_FALSE(isAtomicCallee("__stcs"));
  EXPECT_TRUE(isCacheHintLoad("__ldcs"));
  EXPECT_TRUE(isWarpShuffle("__shfl_xor_sync"));
  EXPECT_TRUE(isBlockBarrier("__syncthreads_or"));
  EXPECT_FALSE(isBlockBarrier("__syncwarp"));
}

TEST(Intrinsics, VectorTypesAndLdg) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float4 *a, int2 *b, float3 *c, volatile float *d, float *e, double *f) {}
  )cu");
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *K = function(Ctx, "k");
  auto Pointee = [&](unsigned I) { return K->getParamDecl(I)->getType()->getPointeeType(); };
  EXPECT_EQ(vectorKind(Pointee(0)), std::make_pair(std::string("float"), 4u));
  EXPECT_EQ(vectorKind(Pointee(1)), std::make_pair(std::string("int"), 2u));
  EXPECT_FALSE(vectorKind(Pointee(2)));
  EXPECT_FALSE(scalarKind(Pointee(3))) << "volatile is never vectorised";
  EXPECT_EQ(scalarKind(Pointee(4)), std::string("float"));
  EXPECT_TRUE(ldgSupports(Ctx, Pointee(4)));
  EXPECT_TRUE(ldgSupports(Ctx, Pointee(0)));
  EXPECT_TRUE(ldgSupports(Ctx, Pointee(5)));
}

} // namespace
