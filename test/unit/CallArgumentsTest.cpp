//===- CallArgumentsTest.cpp - What every call passes; called functions ---===//
#include "CudaTestSupport.h"
#include "klineage/Analysis/CallArguments.h"
#include "klineage/Cuda/DeviceCode.h"

using namespace klineage;

namespace {

TEST(CallArguments, ConstantEveryCallPasses) {
  auto AST = test::parseCuda(R"cu(
    __device__ float scaled(float v, bool twice = false, float by = 1.0f, int mode = 0) {
      return twice ? 2 * v * by : v * by + mode;
    }
    template <typename T> __device__ T pick(T v, int lane) { return v + lane; }
    __global__ void k(float *x, int m) {
      x[0] = scaled(x[0]);
      x[1] = scaled(x[1], false, 1.0f);
      x[2] = scaled(x[2], false, 1.0f, m);
      x[3] = pick<float>(x[3], 4) + pick<float>(x[4], 4);
    }
  )cu");
  ASSERT_TRUE(AST);
  clang::ASTContext &Ctx = AST->ast();
  const clang::FunctionDecl *Scaled = test::functionNamed(Ctx, "scaled");
  ASSERT_TRUE(Scaled);
  EXPECT_EQ(analysis::callsOf(Ctx, Scaled).size(), 3u);
  // Defaults and explicit constants agree: false, 1.0f.
  auto Twice = analysis::constantArgumentOf(Ctx, Scaled->getParamDecl(1));
  ASSERT_TRUE(Twice && Twice->isInt());
  EXPECT_TRUE(Twice->getInt().isZero());
  auto By = analysis::constantArgumentOf(Ctx, Scaled->getParamDecl(2));
  ASSERT_TRUE(By && By->isFloat());
  EXPECT_EQ(By->getFloat().convertToFloat(), 1.0f);
  // One call passes a variable: no constant.
  EXPECT_FALSE(analysis::constantArgumentOf(Ctx, Scaled->getParamDecl(3)));
  EXPECT_FALSE(analysis::constantArgumentOf(Ctx, Scaled->getParamDecl(0)));
  // A template's instance: its calls count.
  EXPECT_TRUE(analysis::callsOf(Ctx, test::functionNamed(Ctx, "k")).empty()); // launched, not called
  const clang::FunctionDecl *PickF = nullptr;
  using namespace clang::ast_matchers;
  auto M = match(callExpr(callee(functionDecl(hasName("pick")).bind("f"))), Ctx);
  ASSERT_FALSE(M.empty());
  PickF = M[0].getNodeAs<clang::FunctionDecl>("f");
  auto Lane = analysis::constantArgumentOf(Ctx, PickF->getParamDecl(1));
  ASSERT_TRUE(Lane && Lane->isInt());
  EXPECT_EQ(Lane->getInt().getSExtValue(), 4);
}

TEST(CalledFunction, ThroughANonTypeTemplateArgument) {
  auto AST = test::parseCuda(R"cu(
    __device__ float twice(float v) { return 2 * v; }
    using unary = float (*)(float);
    template <unary f> __device__ float apply(float v) { return f(v); }
    __global__ void k(float *x) { x[0] = apply<twice>(x[0]); }
  )cu");
  ASSERT_TRUE(AST);
  clang::ASTContext &Ctx = AST->ast();
  using namespace clang::ast_matchers;
  // The call `f(v)` inside apply<twice>, the instance.
  auto M = match(callExpr(hasAncestor(functionDecl(hasName("apply"), isTemplateInstantiation()))).bind("c"), Ctx);
  ASSERT_EQ(M.size(), 1u);
  const auto *C = M[0].getNodeAs<clang::CallExpr>("c");
  const clang::FunctionDecl *F = cuda::calledFunction(C);
  ASSERT_TRUE(F);
  EXPECT_EQ(F->getName(), "twice");
}

} // namespace
