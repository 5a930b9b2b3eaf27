//===- LinearFormTest.cpp - lib/Analysis: affine index forms --------------===//
#include "klineage/Analysis/LinearForm.h"
#include "CudaTestSupport.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace klineage;
using namespace klineage::analysis;

namespace {

TEST(LinearForm, SpellingsOfOneIndexAgree) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *o, int i, int row, int ld, int c) {
      int a = 4 * i + 1, b = (i << 2) + 1, d = 1 + i * 4;
      int e = row * ld + 4 * c, f = ld * row + c * 4;
      o[a + b + d + e + f] = 0;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  Linearizer L(Ctx);
  auto A = L.linearize(test::initOf(Ctx, "a")), B = L.linearize(test::initOf(Ctx, "b")),
       D = L.linearize(test::initOf(Ctx, "d"));
  ASSERT_TRUE(A && B && D);
  EXPECT_EQ(A->Terms, B->Terms);
  EXPECT_EQ(A->Terms, D->Terms);
  EXPECT_EQ(A->constant(), 1);
  EXPECT_EQ(A->symbolicKey(), B->symbolicKey());
  auto E = L.linearize(test::initOf(Ctx, "e")), F = L.linearize(test::initOf(Ctx, "f"));
  ASSERT_TRUE(E && F);
  EXPECT_EQ(E->Terms, F->Terms);
  EXPECT_FALSE(E->isConstant());
  LinearForm Diff = *A;
  Diff.add(*D, -1);
  EXPECT_TRUE(Diff.Terms.empty());
}

TEST(LinearForm, BuiltinAtoms) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *o) {
      int g = blockIdx.x * blockDim.x + threadIdx.x;
      o[g] = 0;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  Linearizer L(Ctx);
  auto G = L.linearize(test::initOf(Ctx, "g"));
  ASSERT_TRUE(G);
  EXPECT_EQ(G->Terms.size(), 2u);
  EXPECT_EQ(G->Terms.count(Monomial{"b:threadIdx.x"}), 1u);
  EXPECT_EQ(G->Terms.count(Monomial{"b:blockDim.x", "b:blockIdx.x"}), 1u);
  EXPECT_TRUE(isPureExpr(test::initOf(Ctx, "g"), Ctx));
}

TEST(LinearForm, SideEffectsRefused) {
  auto AST = test::parseCuda(R"cu(
    __device__ int next(int *c) { return (*c)++; }
    __global__ void k(float *o, int i, int *c) {
      int a = i++ + 1;
      int b = next(c) * 4;
      int d = (int)(long)i * 2;
      o[a + b + d] = 0;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  Linearizer L(Ctx);
  EXPECT_FALSE(L.linearize(test::initOf(Ctx, "a")));
  EXPECT_FALSE(L.linearize(test::initOf(Ctx, "b")));
  EXPECT_FALSE(isPureExpr(test::initOf(Ctx, "b"), Ctx));
  // Computed once (an initialiser): the call is an opaque atom of its own.
  auto V = L.linearizeValue(test::initOf(Ctx, "b"));
  ASSERT_TRUE(V);
  EXPECT_EQ(V->Terms.size(), 1u);
  EXPECT_EQ(V->Terms.begin()->second, 4);
  // Integral casts are looked through.
  auto D = L.linearize(test::initOf(Ctx, "d"));
  ASSERT_TRUE(D);
  ASSERT_EQ(D->Terms.size(), 1u);
  EXPECT_EQ(D->Terms.begin()->second, 2);
}

} // namespace
