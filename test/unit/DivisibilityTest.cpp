//===- DivisibilityTest.cpp - lib/Analysis: provable multiples ------------===//
#include "klineage/Analysis/Divisibility.h"
#include "CudaTestSupport.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace klineage;
using namespace klineage::analysis;

namespace {

TEST(Divisibility, GridIndexTimesFour) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *o) {
      int i = blockIdx.x * blockDim.x * 4 + threadIdx.x * 4;
      int j = i + 1, h = i + 2 * threadIdx.x;
      o[i + j + h] = 0;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  FunctionFacts F(Ctx, test::functionNamed(Ctx, "k"));
  Linearizer L(Ctx);
  Divisibility D(F, L);
  auto I = L.linearize(test::initOf(Ctx, "i"));
  ASSERT_TRUE(I);
  EXPECT_TRUE(D.formMultiple(*I, 4));
  EXPECT_EQ(D.multipleOf(*I, 4).T, Truth::Holds);
  auto J = L.linearize(test::initOf(Ctx, "j")); // i + 1
  ASSERT_TRUE(J);
  Divisibility::Answer A = D.multipleOf(*J, 4);
  EXPECT_EQ(A.T, Truth::Fails);
  EXPECT_EQ(A.Remainder, 1);
  auto H = L.linearize(test::initOf(Ctx, "h")); // i + 2 * threadIdx.x
  ASSERT_TRUE(H);
  EXPECT_TRUE(D.formMultiple(*H, 2));
  A = D.multipleOf(*H, 4);
  EXPECT_EQ(A.T, Truth::Unknown);
  EXPECT_EQ(A.Unproven, Monomial{"b:threadIdx.x"});
  EXPECT_EQ(A.Need, 2);
}

TEST(Divisibility, BuiltinAssumeAndAssertedFacts) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *o, int n, int m, int u) {
      __builtin_assume(n % 4 == 0);
      int a = n, b = m, c = u;
      o[a + b + c] = 0;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  FunctionFacts F(Ctx, test::functionNamed(Ctx, "k"));
  Linearizer L(Ctx);
  Divisibility D(F, L, [](const VarDecl *V, int64_t N) { return V->getName() == "m" && 8 % N == 0; });
  auto A = L.linearize(test::initOf(Ctx, "a")), B = L.linearize(test::initOf(Ctx, "b")),
       C = L.linearize(test::initOf(Ctx, "c"));
  ASSERT_TRUE(A && B && C);
  EXPECT_TRUE(D.formMultiple(*A, 4));  // __builtin_assume(n % 4 == 0)
  EXPECT_FALSE(D.formMultiple(*A, 8));
  EXPECT_TRUE(D.formMultiple(*B, 8));  // asserted by the caller
  EXPECT_FALSE(D.formMultiple(*C, 2)); // a parameter: unknown
  EXPECT_EQ(D.multipleOf(*C, 2).T, Truth::Unknown);
}

} // namespace
