//===- ThreadShiftTest.cpp - lib/Analysis: how indices move with threads ---===//
#include "klineage/Analysis/ThreadShift.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/ThreadIndex.h"
#include "CudaTestSupport.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace klineage;
using namespace klineage::analysis;

namespace {

/// The forms of the initialisers of \p Names in the test kernel.
struct Forms {
  decltype(test::parseCuda("")) AST;
  std::optional<Linearizer> L;
  std::optional<LinearForm> of(const char *Name) { return L->linearize(test::initOf(AST->ast(), Name)); }
  std::string keyOf(const char *Var) {
    auto F = of(Var);
    return F && F->Terms.size() == 1 && F->Terms.begin()->first.size() == 1 ? F->Terms.begin()->first.front()
                                                                            : std::string();
  }
};

Forms parse(const char *Src) {
  Forms F;
  F.AST = test::parseCuda(Src);
  if (F.AST)
    F.L.emplace(F.AST->ast());
  return F;
}

TEST(ThreadShift, TapAddedToAThreadIndex) {
  auto F = parse(R"cu(
    __global__ void k(float *o, int W, int i, int j) {
      int tap = i;                                   // the tap's atom
      int row = (threadIdx.y + i) * W + threadIdx.x; // row tap: through the sum
      int col = threadIdx.y * W + threadIdx.x + 2 * i; // 2 * i: not the sum
      int sq = (threadIdx.x + i) * (threadIdx.x + i);  // a function of the sum
      int mix = threadIdx.x * i;                     // a product: not
      o[tap + row + col + sq + mix] = 0;
    }
  )cu");
  ASSERT_TRUE(F.AST);
  std::string I = F.keyOf("tap");
  ASSERT_FALSE(I.empty());
  auto Row = F.of("row"), Col = F.of("col"), Sq = F.of("sq"), Mix = F.of("mix");
  ASSERT_TRUE(Row && Col && Sq && Mix);
  EXPECT_TRUE(dependsOnlyOnSum(*Row, threadIdxKey(1), I));
  EXPECT_FALSE(dependsOnlyOnSum(*Row, threadIdxKey(0), I));
  EXPECT_FALSE(dependsOnlyOnSum(*Col, threadIdxKey(0), I));
  EXPECT_TRUE(dependsOnlyOnSum(*Sq, threadIdxKey(0), I));
  EXPECT_FALSE(dependsOnlyOnSum(*Mix, threadIdxKey(0), I));
  EXPECT_TRUE(mentionsAtom(*Row, threadIdxKey(1)));
  EXPECT_FALSE(mentionsAtom(*Row, threadIdxKey(2)));
}

TEST(ThreadShift, StepOfAThreadIndex) {
  auto F = parse(R"cu(
    __global__ void k(float *o, int W, int n) {
      int w = W;
      int a = (blockIdx.y * 8 + threadIdx.y) * W + blockIdx.x * 32 + threadIdx.x;
      int b = 4 * threadIdx.x + threadIdx.x * threadIdx.x;
      int c = 3 * threadIdx.x - 3 * threadIdx.x + n;
      o[w + a + b + c] = 0;
    }
  )cu");
  ASSERT_TRUE(F.AST);
  auto A = F.of("a"), B = F.of("b"), C = F.of("c");
  ASSERT_TRUE(A && B && C);
  auto Y = atomStep(*A, threadIdxKey(1)), X = atomStep(*A, threadIdxKey(0));
  ASSERT_TRUE(Y && X);
  EXPECT_EQ(Y->Mono, Monomial{F.keyOf("w")});
  EXPECT_EQ(Y->Coeff, 1);
  EXPECT_TRUE(X->Mono.empty());
  EXPECT_EQ(X->Coeff, 1);
  EXPECT_FALSE(atomStep(*B, threadIdxKey(0))) << "threadIdx.x squared has no single step";
  EXPECT_FALSE(atomStep(*C, threadIdxKey(0))) << "the terms cancel: no step";
}

TEST(ThreadShift, NeighbourReadsAreWholeSteps) {
  auto F = parse(R"cu(
    __global__ void k(float *o, int nx) {
      int idx = (blockIdx.y * 8 + threadIdx.y) * nx + blockIdx.x * 32 + threadIdx.x;
      int left = idx - 1, down = idx + nx, diag = idx + 2 * nx - 3, half = idx + nx / 2, other = idx + 7 * nx * nx;
      o[left + down + diag + half + other] = 0;
    }
  )cu");
  ASSERT_TRUE(F.AST);
  auto Idx = F.of("idx");
  ASSERT_TRUE(Idx);
  ASSERT_TRUE(atomStep(*Idx, threadIdxKey(1)) && atomStep(*Idx, threadIdxKey(0)));
  // Forms with locals expanded, as the halo sites see them.
  auto Expand = [&](const char *Name) {
    auto G = F.of(Name);
    const FunctionFacts &Facts = AnalysisCache::of(F.AST->ast()).facts(test::functionNamed(F.AST->ast(), "k"));
    return G ? expandLocals(*F.L, Facts, *G) : std::nullopt;
  };
  std::vector<AtomStep> Steps{*atomStep(*Idx, threadIdxKey(1)), *atomStep(*Idx, threadIdxKey(0))};
  auto Left = Expand("left"), Down = Expand("down"), Diag = Expand("diag"), Half = Expand("half"),
       Other = Expand("other");
  ASSERT_TRUE(Left && Down && Diag && Half && Other);
  EXPECT_EQ(shiftBetween(*Left, *Idx, Steps), (std::vector<int64_t>{0, -1}));
  EXPECT_EQ(shiftBetween(*Down, *Idx, Steps), (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(shiftBetween(*Diag, *Left, Steps), (std::vector<int64_t>{2, -2}));
  EXPECT_FALSE(shiftBetween(*Half, *Idx, Steps)) << "nx / 2 is no whole step";
  EXPECT_FALSE(shiftBetween(*Other, *Idx, Steps)) << "a plane away: no thread-index step";
}

} // namespace
