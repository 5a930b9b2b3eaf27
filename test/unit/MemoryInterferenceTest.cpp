//===- MemoryInterferenceTest.cpp - lib/Analysis: accesses that may alias -===//
#include "klineage/Analysis/MemoryInterference.h"
#include "klineage/Edit/SourceCode.h"
#include "CudaTestSupport.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace klineage;
using namespace klineage::analysis;

namespace {

TEST(MemoryInterference, WritesCallsAndReadsBetweenTwoPoints) {
  auto AST = test::parseCuda(R"cu(
    __device__ void touch(float *p);
    __global__ void k(const float *__restrict__ x, float *__restrict__ y, float *z, float *w) {
      __shared__ float s[64];
      int i = threadIdx.x;
      float a = x[i];
      y[i] = 1.f;
      s[i] = 2.f;
      z[i] = 3.f;
      float b = w[i];
      touch(w);
      float c = x[i + 1];
      y[0] = a + b + c;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  FunctionFacts F(Ctx, K);
  Linearizer L(Ctx);
  PointerProvenance P(Ctx, F, L);
  Root X = P.rootOf(accessBasePointer(test::initOf(Ctx, "a")));
  Root W = P.rootOf(accessBasePointer(test::initOf(Ctx, "b")));
  unsigned Begin = beginOffset(Ctx, test::varNamed(Ctx, "a")->getInit());
  unsigned End = beginOffset(Ctx, test::varNamed(Ctx, "c")->getInit());
  auto Words = [&](const std::vector<Interference> &Is) {
    std::vector<std::string> Out;
    for (const Interference &I : Is)
      Out.push_back(I.Event->K == MemEvent::Call ? "call " + I.Event->What
                                                 : nodeText(Ctx, I.Event->E, "?") +
                                                       (I.Overlap == Alias::Same ? " same" : " may"));
    return Out;
  };
  // x is __restrict__: only the unrestricted store to z and the call may
  // touch it; y (restrict) and s (shared) cannot; reads are not asked for.
  EXPECT_EQ(Words(interferences(F, P, X, Begin, End, /*Reads=*/false)),
            (std::vector<std::string>{"z[i] may", "call touch"}));
  // Reads too, for w: its own read is the same array.
  EXPECT_EQ(Words(interferences(F, P, W, Begin, End, /*Reads=*/true)),
            (std::vector<std::string>{"x[i] may", "y[i] may", "z[i] may", "w[i] same", "call touch"}));
  // Asserted absence of aliasing between parameters drops the may-alias ones.
  EXPECT_EQ(Words(interferences(F, P, W, Begin, End, /*Reads=*/true,
                                [](const Root &A, const Root &B) { return A.isParam() && B.isParam(); })),
            (std::vector<std::string>{"w[i] same", "call touch"}));
}

TEST(MemoryInterference, ReadsMemory) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(const int *idx, float *o, int n) {
      int a = 4 * n + threadIdx.x;
      int b = 4 * idx[n];
      int c = *idx + 1;
      o[a + b + c] = 0.f;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  EXPECT_FALSE(readsMemory(test::initOf(Ctx, "a")));
  EXPECT_TRUE(readsMemory(test::initOf(Ctx, "b")));
  EXPECT_TRUE(readsMemory(test::initOf(Ctx, "c")));
}

} // namespace
