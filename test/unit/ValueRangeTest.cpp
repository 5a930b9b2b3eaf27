//===- ValueRangeTest.cpp - lib/Analysis: ranges of integer expressions ---===//
#include "klineage/Analysis/ValueRange.h"
#include "klineage/Edit/SourceCode.h"
#include "CudaTestSupport.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace klineage;
using namespace klineage::analysis;

namespace {

/// The index of every `hist[...]` subscript in function \p Fn, in source
/// order (template instantiations included).
std::vector<const Expr *> histIndices(ASTContext &Ctx, const FunctionDecl *Fn) {
  auto M = match(traverse(TK_AsIs, functionDecl(equalsNode(Fn),
                                                forEachDescendant(arraySubscriptExpr(hasBase(
                                                                      ignoringParenImpCasts(declRefExpr(to(
                                                                          varDecl(hasName("hist")))))))
                                                                      .bind("a")))),
                 Ctx);
  std::vector<const Expr *> Out;
  for (const auto &N : M)
    Out.push_back(N.getNodeAs<ArraySubscriptExpr>("a")->getIdx());
  std::sort(Out.begin(), Out.end(), [&](const Expr *A, const Expr *B) {
    return Ctx.getSourceManager().isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
  return Out;
}

struct Ranged {
  std::unique_ptr<ParsedFile> AST;
  std::vector<std::optional<IntRange>> Ranges;
};

/// Ranges of the `hist[...]` indices of \p Fn (of its instantiation when
/// \p Instantiation).
Ranged rangesIn(StringRef Code, StringRef Fn, bool Instantiation = false,
                std::optional<Dim3> Block = std::nullopt) {
  Ranged R;
  R.AST = test::parseCuda(Code);
  if (!R.AST)
    return R;
  ASTContext &Ctx = R.AST->ast();
  const FunctionDecl *FD = test::functionNamed(Ctx, Fn);
  if (Instantiation) {
    auto M = match(traverse(TK_AsIs, functionDecl(hasName(Fn), isTemplateInstantiation()).bind("f")),
                   Ctx);
    FD = M.empty() ? nullptr : M[0].getNodeAs<FunctionDecl>("f");
  }
  EXPECT_TRUE(FD) << Fn.str();
  if (!FD)
    return R;
  ValueRanges VR(Ctx, FD, {}, Block);
  for (const Expr *E : histIndices(Ctx, FD))
    R.Ranges.push_back(VR.rangeOf(E));
  return R;
}

TEST(ValueRange, NarrowTypesMasksShiftsAndModulo) {
  Ranged R = rangesIn(R"cu(
    #define NUM_BINS 64
    __global__ void k(const unsigned char *px, const unsigned short *w, const unsigned *u,
                      const int *d, unsigned *hist, int n) {
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      atomicAdd(&hist[px[i]], 1u);
      atomicAdd(&hist[w[i] >> 6], 1u);
      atomicAdd(&hist[u[i] & 0x3F], 1u);
      atomicAdd(&hist[u[i] % NUM_BINS], 1u);
      atomicAdd(&hist[d[i] % NUM_BINS], 1u);
      atomicAdd(&hist[(w[i] >> 4) & (NUM_BINS - 1)], 1u);
    }
  )cu",
                      "k");
  ASSERT_EQ(R.Ranges.size(), 6u);
  for (const auto &Rg : R.Ranges)
    ASSERT_TRUE(Rg);
  EXPECT_EQ(R.Ranges[0]->str(), "[0, 255]");
  EXPECT_EQ(R.Ranges[1]->str(), "[0, 1023]");
  EXPECT_EQ(R.Ranges[2]->str(), "[0, 63]");
  EXPECT_EQ(R.Ranges[3]->str(), "[0, 63]");
  ASTContext &Ctx = R.AST->ast();
  ASSERT_TRUE(R.Ranges[3]->HiExpr);
  EXPECT_EQ(writtenText(Ctx, R.Ranges[3]->HiExpr), "NUM_BINS");
  EXPECT_EQ(R.Ranges[3]->HiAdjust, -1);
  EXPECT_EQ(R.Ranges[4]->str(), "[-63, 63]") << "a negative int keeps its sign through %";
  EXPECT_EQ(R.Ranges[5]->str(), "[0, 63]");
  ASSERT_TRUE(R.Ranges[5]->HiExpr);
  EXPECT_EQ(writtenText(Ctx, R.Ranges[5]->HiExpr), "(NUM_BINS - 1)");
  EXPECT_EQ(R.Ranges[5]->HiAdjust, 0);
}

TEST(ValueRange, GuardsClampsAndEarlyReturns) {
  Ranged R = rangesIn(R"cu(
    constexpr int NB = 64;
    __global__ void k(const float *x, int *hist, int n) {
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      if (i >= n) return;
      int b = (int)(x[i] * NB);
      if (b >= 0 && b < NB) atomicAdd(&hist[b], 1);
      int c = b;
      if (c < 0) c = 0;
      if (c > NB - 1) c = NB - 1;
      atomicAdd(&hist[c], 1);
      atomicAdd(&hist[b], 1);
      if (b < 0 || b >= NB) return;
      atomicAdd(&hist[b], 1);
      atomicAdd(&hist[b >= 32 ? b - 32 : b], 1);
    }
  )cu",
                      "k");
  ASSERT_EQ(R.Ranges.size(), 5u);
  for (const auto &Rg : R.Ranges)
    ASSERT_TRUE(Rg);
  ASTContext &Ctx = R.AST->ast();
  EXPECT_EQ(R.Ranges[0]->str(), "[0, 63]");
  ASSERT_TRUE(R.Ranges[0]->HiExpr);
  EXPECT_EQ(nodeText(Ctx, R.Ranges[0]->HiExpr, ""), "NB");
  EXPECT_EQ(R.Ranges[1]->str(), "[0, 63]") << "clamped by two ifs";
  EXPECT_EQ(R.Ranges[2]->str(), "[-2147483648, 2147483647]") << "unguarded";
  EXPECT_EQ(R.Ranges[3]->str(), "[0, 63]") << "after the early return";
  EXPECT_EQ(R.Ranges[4]->str(), "[0, 31]") << "each side of ?: under its condition";
}

TEST(ValueRange, DeviceHelpersAndMinMax) {
  Ranged R = rangesIn(R"cu(
    __device__ int binOf(float v, int bins) {
      int b = (int)(v * bins);
      return min(max(b, 0), bins - 1);
    }
    __device__ unsigned lowBits(unsigned v) { return v & 15u; }
    __global__ void k(const float *x, const unsigned *u, unsigned *hist) {
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      atomicAdd(&hist[binOf(x[i], 64)], 1u);
      atomicAdd(&hist[lowBits(u[i])], 1u);
      atomicAdd(&hist[binOf(x[i], u[i])], 1u);
    }
  )cu",
                      "k");
  ASSERT_EQ(R.Ranges.size(), 3u);
  for (const auto &Rg : R.Ranges)
    ASSERT_TRUE(Rg);
  EXPECT_EQ(R.Ranges[0]->str(), "[0, 63]") << "the helper's returns for bins = 64";
  EXPECT_EQ(R.Ranges[1]->str(), "[0, 15]");
  EXPECT_FALSE(R.Ranges[2]->within(0, 1 << 20)) << "bins unknown: unbounded";
}

TEST(ValueRange, LoopsWidenWhatTheyModify) {
  Ranged R = rangesIn(R"cu(
    __global__ void k(const int *d, unsigned *hist, int n) {
      for (int i = threadIdx.x; i < n; i += blockDim.x)
        atomicAdd(&hist[i % 128], 1u);
      // blockIdx.x * blockDim.x + threadIdx.x is unsigned and may wrap: as
      // an int it may be negative.
      for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&hist[i % 128], 1u);
      int j = 100;
      while (j > 0) {
        atomicAdd(&hist[j], 1u);
        j -= 3;
      }
      atomicAdd(&hist[j], 1u);
      int k = 5;
      for (int t = 0; t < n; ++t) k = d[t];
      atomicAdd(&hist[k], 1u);
    }
  )cu",
                      "k");
  ASSERT_EQ(R.Ranges.size(), 5u);
  for (const auto &Rg : R.Ranges)
    ASSERT_TRUE(Rg);
  EXPECT_EQ(R.Ranges[0]->str(), "[0, 127]") << "a block-stride index only grows from >= 0";
  EXPECT_EQ(R.Ranges[1]->str(), "[-127, 127]");
  EXPECT_EQ(R.Ranges[2]->str(), "[1, 100]");
  EXPECT_EQ(R.Ranges[3]->Hi, 0) << "after the loop, j <= 0";
  EXPECT_FALSE(R.Ranges[4]->within(INT32_MIN + 1, INT32_MAX)) << "k is loaded from memory in the loop";
}

TEST(ValueRange, CountersWithAConstantStep) {
  // A counter changed only by its increment, from an exact start by a
  // constant step, takes start + k * step: NVIDIA's transpose reads
  // tile[threadIdx.x][threadIdx.y + j] with j in {0, 8, 16, 24}.
  Ranged R = rangesIn(R"cu(
    __global__ void k(unsigned *hist, int n) {
      for (int j = 0; j < 32; j += 8)
        atomicAdd(&hist[threadIdx.y + j], 1u);
      for (int j = 3; j < 40; j += 8)
        atomicAdd(&hist[j], 1u);
      for (int j = 30; j >= 0; j -= 4)
        atomicAdd(&hist[j], 1u);
      for (int j = 0; j < 32; j += 8) {
        atomicAdd(&hist[j], 1u);
        if (n) j -= 1;
      }
    }
  )cu",
                      "k", false, Dim3{32, 8, 1});
  ASSERT_EQ(R.Ranges.size(), 4u);
  for (const auto &Rg : R.Ranges)
    ASSERT_TRUE(Rg);
  EXPECT_EQ(R.Ranges[0]->str(), "[0, 31]") << "threadIdx.y <= 7, j <= 24";
  EXPECT_EQ(R.Ranges[1]->str(), "[3, 35]");
  EXPECT_EQ(R.Ranges[2]->str(), "[2, 30]");
  EXPECT_NE(R.Ranges[3]->str(), "[0, 24]") << "the body changes j: no step to round to";
}

TEST(ValueRange, EscapesWrapAroundAndTemplates) {
  Ranged R = rangesIn(R"cu(
    __device__ void setTo(int &v, int x) { v = x; }
    template <int BINS>
    __global__ void k(const unsigned char *px, const int *d, unsigned *hist) {
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      int b = px[i] & 7;
      setTo(b, d[i]);
      atomicAdd(&hist[b], 1u);
      unsigned w = px[i] - 1;
      atomicAdd(&hist[w], 1u);
      unsigned v = px[i];
      atomicAdd(&hist[v % BINS], 1u);
    }
    template __global__ void k<32>(const unsigned char *, const int *, unsigned *);
  )cu",
                      "k", /*Instantiation=*/true);
  ASSERT_EQ(R.Ranges.size(), 3u);
  const auto &Last3 = R.Ranges;
  ASSERT_TRUE(Last3[0] && Last3[1] && Last3[2]);
  EXPECT_FALSE(Last3[0]->within(0, 7)) << "b is changed through a reference";
  EXPECT_FALSE(Last3[1]->within(0, 255)) << "0 - 1 wraps to 0xffffffff";
  EXPECT_EQ(Last3[2]->str(), "[0, 31]");
  ASSERT_TRUE(Last3[2]->HiExpr);
  EXPECT_EQ(nodeText(R.AST->ast(), Last3[2]->HiExpr, ""), "BINS");
}

} // namespace

TEST(ValueRange, TheLaunchesBlockShapeBoundsThreadIndices) {
  constexpr char Code[] = R"cu(
    __device__ int lane() { return threadIdx.x & 31; }
    __global__ void k(unsigned *hist) {
      atomicAdd(&hist[threadIdx.x / 32], 1u);
      atomicAdd(&hist[threadIdx.y], 1u);
      atomicAdd(&hist[blockDim.x - 1], 1u);
      atomicAdd(&hist[lane() + threadIdx.x], 1u);
    }
  )cu";
  Ranged Any = rangesIn(Code, "k");
  ASSERT_EQ(Any.Ranges.size(), 4u);
  EXPECT_EQ(Any.Ranges[0]->str(), "[0, 31]");
  EXPECT_EQ(Any.Ranges[1]->str(), "[0, 1023]");
  Ranged Known = rangesIn(Code, "k", false, Dim3{128, 2, 1});
  ASSERT_EQ(Known.Ranges.size(), 4u);
  EXPECT_EQ(Known.Ranges[0]->str(), "[0, 3]");
  EXPECT_EQ(Known.Ranges[1]->str(), "[0, 1]");
  EXPECT_EQ(Known.Ranges[2]->str(), "[127, 127]");
  EXPECT_EQ(Known.Ranges[3]->str(), "[0, 158]"); // the helper runs with the same block
}
