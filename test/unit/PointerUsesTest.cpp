//===- PointerUsesTest.cpp - lib/Analysis: how a function uses a pointer --===//
#include "klineage/Analysis/PointerUses.h"
#include "klineage/Edit/SourceCode.h"
#include "CudaTestSupport.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace klineage;
using namespace klineage::analysis;

namespace {

const char *kindName(PointerUse::Kind K) {
  switch (K) {
  case PointerUse::AtomicUpdate: return "atomic";
  case PointerUse::Load: return "load";
  case PointerUse::Store: return "store";
  case PointerUse::ReadModifyWrite: return "rmw";
  case PointerUse::Alias: return "alias";
  case PointerUse::Escape: return "escape";
  }
  return "?";
}

/// "kind index" per use, e.g. "atomic px[i]", "load 3", "escape(passed to 'f')".
std::vector<std::string> describe(ASTContext &Ctx, const std::vector<PointerUse> &Uses) {
  std::vector<std::string> Out;
  for (const PointerUse &U : Uses) {
    std::string S = kindName(U.K);
    if (U.K == PointerUse::Escape)
      S += "(" + U.Why + ")";
    if (U.K == PointerUse::AtomicUpdate) {
      S += U.ResultUsed ? " used" : "";
      S += " " + cuda::atomicFunctionName(*U.Atomic);
    }
    if (U.Index)
      S += " " + nodeText(Ctx, U.Index, "?");
    if (U.Via)
      S += " via " + U.Via->getName().str();
    Out.push_back(S);
  }
  return Out;
}

TEST(PointerUses, ClassifiesEveryUse) {
  auto AST = test::parseCuda(R"cu(
    __device__ void helper(unsigned *p) {}
    __global__ void k(const unsigned char *px, unsigned *hist, int n) {
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      atomicAdd(&hist[px[i]], 1u);
      atomicMax(hist + (px[i] >> 2), 7u);
      atomicOr(hist, 1u);
      unsigned old = atomicAdd(&(hist[3]), 2u);
      (void)atomicSub(&hist[4], 1u);
      unsigned *h = hist;
      atomicAdd_block(&h[i], old);
      unsigned v = hist[5];
      hist[6] = v;
      hist[7] += 1;
      (*hist)++;
      helper(hist);
      unsigned *off = hist + 8;
      if (hist == nullptr) return;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  auto Uses = pointerUses(Ctx, K, test::varNamed(Ctx, "hist"));
  std::vector<std::string> Expected = {
      "atomic atomicAdd px[i]",
      "atomic atomicMax (px[i] >> 2)",
      "atomic atomicOr",
      "atomic used atomicAdd 3",
      "atomic atomicSub 4",
      "alias",
      "atomic atomicAdd_block i via h",
      "load 5",
      "store 6",
      "rmw 7",
      "rmw",
      "escape(passed to 'helper')",
      "escape(the address of an element is used otherwise)",
      "escape(compared)",
  };
  EXPECT_EQ(describe(Ctx, Uses), Expected);
}

TEST(PointerUses, AliasesThatChangeOrRetypeAreEscapes) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(unsigned *hist, int n) {
      unsigned *h = hist;
      h += n;
      atomicAdd(h, 1u);
      int *signedView = (int *)hist;
      atomicAdd(signedView, 1);
      auto f = [=] __device__ () { atomicAdd(hist, 1u); };
      f();
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  auto Uses = pointerUses(Ctx, test::functionNamed(Ctx, "k"), test::varNamed(Ctx, "hist"));
  std::vector<std::string> Expected = {"escape(copied into another variable)",
                                       "escape(used as a pointer value)",
                                       "escape(captured by a lambda)"};
  EXPECT_EQ(describe(Ctx, Uses), Expected);
}

} // namespace
