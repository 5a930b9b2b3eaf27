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

TEST(DeviceCode, KernelDefinitionsOncePerInstantiation) {
  auto AST = test::parseCuda(R"cu(
    __global__ void decl_only(float *);
    template <int T> __global__ void tiled(float *p) { p[threadIdx.x] = T; }
    __global__ void plain(float *p) { p[0] = 1; }
    __device__ void helper() {}
    template __global__ void tiled<8>(float *);
    void launch(float *p) { tiled<16><<<1, 1>>>(p); tiled<8><<<1, 1>>>(p); plain<<<1, 1>>>(p); }
  )cu");
  ASSERT_TRUE(AST);
  std::vector<std::string> Names;
  for (const FunctionDecl *F : kernelDefinitions(AST->ast())) {
    std::string N;
    llvm::raw_string_ostream OS(N);
    F->getNameForDiagnostic(OS, AST->ast().getPrintingPolicy(), false);
    Names.push_back(N);
  }
  std::sort(Names.begin(), Names.end());
  EXPECT_EQ(Names, (std::vector<std::string>{"plain", "tiled<16>", "tiled<8>"}));
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

TEST(Intrinsics, AtomicNamesAndReductionOperators) {
  auto F = atomicFunction("atomicMax_block");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->Op, AtomicOp::Max);
  EXPECT_EQ(F->Scope, AtomicScope::Block);
  EXPECT_EQ(atomicFunctionName(*F), "atomicMax_block");
  EXPECT_EQ(atomicFunctionName({AtomicOp::CAS, AtomicScope::System}), "atomicCAS_system");
  EXPECT_FALSE(atomicFunction("atomicAdd_explicit"));
  EXPECT_FALSE(atomicFunction("atomicity"));

  EXPECT_EQ(aggregateOf(AtomicOp::Sub), ReduceOp::Add) << "atomicSub(p, a + b) == two atomicSubs";
  EXPECT_FALSE(aggregateOf(AtomicOp::Inc)) << "wraps at its bound";
  EXPECT_FALSE(aggregateOf(AtomicOp::Exch));
  EXPECT_TRUE(isOrderIndependent(ReduceOp::Add, ScalarType::ULongLong));
  EXPECT_FALSE(isOrderIndependent(ReduceOp::Add, ScalarType::Float)) << "reassociation rounds";
  EXPECT_TRUE(isOrderIndependent(ReduceOp::Max, ScalarType::Double));
  EXPECT_FALSE(reduceSupports(ReduceOp::Xor, ScalarType::Float));

  EXPECT_EQ(identityLiteral(ReduceOp::Add, ScalarType::Float), "-0.0f") << "-0 + x == x, also for -0";
  EXPECT_EQ(identityLiteral(ReduceOp::And, ScalarType::ULongLong), "~0ull");
  EXPECT_EQ(identityLiteral(ReduceOp::Max, ScalarType::Int), "(-2147483647 - 1)");
  EXPECT_EQ(identityLiteral(ReduceOp::Min, ScalarType::UInt), "0xffffffffu");
  EXPECT_EQ(foldText(ReduceOp::Max, "m", "v[i]"), "m = max(m, v[i])");
  EXPECT_EQ(foldText(ReduceOp::Xor, "h", "k"), "h ^= k");

  using llvm::APSInt;
  EXPECT_TRUE(isIdentityValue(ReduceOp::Max, ScalarType::Int, APValue(APSInt::getMinValue(32, false))));
  EXPECT_FALSE(isIdentityValue(ReduceOp::Max, ScalarType::Int, APValue(APSInt::get(0))));
  EXPECT_TRUE(isIdentityValue(ReduceOp::Max, ScalarType::UInt, APValue(APSInt::get(0))));
  EXPECT_TRUE(isIdentityValue(ReduceOp::And, ScalarType::ULongLong, APValue(APSInt::get(-1))))
      << "-1 converts to all ones";
  EXPECT_TRUE(isIdentityValue(ReduceOp::Add, ScalarType::Float, APValue(llvm::APFloat(0.0f))));
  EXPECT_FALSE(isIdentityValue(ReduceOp::Add, ScalarType::Float, APValue(llvm::APFloat(1.0f))));
}

/// hasAtomic agrees with the declarations of CUDA's headers, for every
/// operator, element type and scope.
TEST(Intrinsics, AtomicTableMatchesTheHeaders) {
  auto AST = test::parseCuda("__global__ void k() {}\n");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const ScalarType Types[] = {ScalarType::Int,       ScalarType::UInt,  ScalarType::LongLong,
                              ScalarType::ULongLong, ScalarType::Float, ScalarType::Double};
  const AtomicOp Ops[] = {AtomicOp::Add, AtomicOp::Sub, AtomicOp::Max, AtomicOp::Min,
                          AtomicOp::And, AtomicOp::Or,  AtomicOp::Xor, AtomicOp::Inc,
                          AtomicOp::Dec, AtomicOp::Exch, AtomicOp::CAS};
  for (AtomicScope Scope : {AtomicScope::Device, AtomicScope::Block, AtomicScope::System})
    for (AtomicOp Op : Ops) {
      std::string Name = atomicFunctionName({Op, Scope});
      auto Declared = [&](ScalarType T) {
        for (NamedDecl *ND : Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Name))) {
          const auto *FD = dyn_cast<FunctionDecl>(ND);
          if (!FD || FD->getNumParams() < 2)
            continue; // the templated atomicCAS/atomicExch overloads are FunctionTemplateDecls
          if (auto PT = FD->getParamDecl(0)->getType()->getAs<PointerType>())
            if (scalarTypeOf(PT->getPointeeType()) == T)
              return true;
        }
        return false;
      };
      for (ScalarType T : Types)
        EXPECT_EQ(hasAtomic(Op, T), Declared(T)) << Name << "(" << scalarTypeSpelling(T) << " *)";
    }
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

TEST(Intrinsics, CacheHintLoadOfAnElement) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(const float *__restrict__ a, float *o, int i) {
      o[0] = __ldg(&a[i]) + __ldcs(&(a[i + 1])) + __ldg((&a[i + 2])) + a[i + 3];
      const float *p = &a[i + 4];
      o[1] = *p;
    }
  )cu");
  ASTContext &Ctx = AST->ast();
  using namespace clang::ast_matchers;
  auto Subs = match(functionDecl(hasName("k"), isDefinition(),
                                 forEachDescendant(arraySubscriptExpr(hasBase(ignoringParenImpCasts(
                                                                          declRefExpr(to(varDecl(hasName("a")))))))
                                                       .bind("s"))),
                    Ctx);
  std::vector<std::string> Hints;
  for (const auto &B : Subs) {
    const auto *S = B.getNodeAs<ArraySubscriptExpr>("s");
    const CallExpr *C = cacheHintLoadOf(S, Ctx);
    Hints.push_back(C ? C->getDirectCallee()->getName().str() : "-");
  }
  // Through parens on either side of '&'; a plain read and an address kept
  // in a pointer are no cache-hinted loads.
  EXPECT_EQ(Hints, (std::vector<std::string>{"__ldg", "__ldcs", "__ldg", "-", "-"}));
}

} // namespace
