//===- ReplicatedCopiesTest.cpp - lib/Analysis: C copies of B bins --------===//
#include "klineage/Analysis/ReplicatedCopies.h"
#include "CudaTestSupport.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace klineage;
using namespace klineage::analysis;

namespace {

struct Parsed {
  std::unique_ptr<ParsedFile> AST;
  const FunctionDecl *Kernel = nullptr;
  const VarDecl *Array = nullptr;
  CopyAccesses Accesses;
  ASTContext &ctx() { return AST->ast(); }
  std::vector<const CopyAccess *> updates() const {
    std::vector<const CopyAccess *> Out;
    for (const CopyAccess &A : Accesses.Uses)
      if (A.isUpdate())
        Out.push_back(&A);
    return Out;
  }
};

Parsed parse(StringRef Code, StringRef Kernel = "k", StringRef Array = "hist") {
  Parsed P;
  P.AST = test::parseCuda(Code);
  if (!P.AST)
    return P;
  P.Kernel = test::functionNamed(P.ctx(), Kernel);
  // The kernel's own variable (a helper's parameter may share its name).
  auto M = match(varDecl(hasName(Array), hasAncestor(functionDecl(hasName(Kernel)))).bind("v"), P.ctx());
  P.Array = M.empty() ? nullptr : M[0].getNodeAs<VarDecl>("v");
  EXPECT_TRUE(P.Kernel && P.Array);
  if (P.Kernel && P.Array)
    P.Accesses = copyAccesses(P.ctx(), P.Kernel, P.Array);
  return P;
}

/// The body of the for loop over bins `b` in the kernel.
const ForStmt *loopOver(ASTContext &Ctx, const FunctionDecl *K, StringRef Var) {
  auto M = match(traverse(TK_AsIs, functionDecl(equalsNode(K), forEachDescendant(
                                                                   forStmt(hasLoopInit(declStmt(has(
                                                                               varDecl(hasName(Var))))))
                                                                       .bind("f")))),
                 Ctx);
  return M.empty() ? nullptr : M[0].getNodeAs<ForStmt>("f");
}

// The bundled expert's layout: an offset pointer per lane, a helper that
// receives it, and a direct update through the pointer.
constexpr char Expert[] = R"cu(
constexpr int BINS = 256;
constexpr int COPIES = 32;
__device__ __forceinline__ void countWord(unsigned int *hist, unsigned int w) {
  for (int b = 0; b < 4; ++b)
    atomicAdd(&hist[((w >> (8 * b)) & 0xffu) * COPIES], 1u);
}
__global__ void k(int n, const unsigned int *words, const unsigned char *px, unsigned int *bins) {
  __shared__ unsigned int hist[BINS * COPIES];
  for (int i = threadIdx.x; i < BINS * COPIES; i += blockDim.x)
    hist[i] = 0;
  __syncthreads();
  unsigned int *mine = hist + threadIdx.x % COPIES;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    countWord(mine, words[i]);
    atomicAdd(&mine[px[i] * COPIES], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
    unsigned int sum = 0;
    for (int c = 0; c < COPIES; ++c)
      sum += hist[b * COPIES + (c + b) % COPIES];
    if (sum)
      atomicAdd(&bins[b], sum);
  }
}
)cu";

TEST(ReplicatedCopies, FollowsOffsetPointersAndHelpers) {
  Parsed P = parse(Expert);
  ASSERT_TRUE(P.Kernel);
  ASSERT_EQ(P.Accesses.Aliases.size(), 1u);
  EXPECT_EQ(P.Accesses.Aliases[0].Var->getName(), "mine");
  ASSERT_EQ(P.Accesses.Calls.size(), 1u);
  EXPECT_EQ(P.Accesses.Calls[0].Callee->getName(), "countWord");
  EXPECT_TRUE(P.Accesses.Unfollowed.empty());
  auto U = P.updates();
  ASSERT_EQ(U.size(), 2u);
  // Source order within each function: the kernel's own update, then the helper's.
  const CopyAccess *InHelper = U[0]->In == P.Kernel ? U[1] : U[0];
  const CopyAccess *InKernel = U[0]->In == P.Kernel ? U[0] : U[1];
  EXPECT_EQ(InHelper->In->getName(), "countWord");
  EXPECT_EQ(InHelper->Param->getName(), "hist");
  EXPECT_EQ(InHelper->Offsets.size(), 1u); // the kernel's `threadIdx.x % COPIES`
  EXPECT_TRUE(isa<CallExpr>(InHelper->KernelAt));
  EXPECT_EQ(InKernel->In, P.Kernel);
}

TEST(ReplicatedCopies, SlotsOfTheExpertsUpdates) {
  Parsed P = parse(Expert);
  ASSERT_TRUE(P.Kernel);
  for (const CopyAccess *A : P.updates()) {
    CopySlot S = copySlot(P.ctx(), *A, 32, 256);
    EXPECT_TRUE(S.Strided) << S.Why;
    EXPECT_EQ(S.CopyRange.str(), "[0, 31]");
    EXPECT_EQ(S.BinRange.str(), "[0, 255]");
    if (A->In == P.Kernel)
      EXPECT_EQ(S.BinText, "px[i]");
    else
      EXPECT_EQ(S.BinText, "((w >> (8 * b)) & 0xffu)");
  }
  // With 16 copies the lane index no longer fits one copy.
  CopySlot S16 = copySlot(P.ctx(), *P.updates()[0], 16, 512);
  EXPECT_FALSE(S16.Strided);
  EXPECT_NE(S16.Why.find("copy index"), std::string::npos) << S16.Why;
}

TEST(ReplicatedCopies, IndexTermLayoutsAndOutOfRangeBins) {
  Parsed P = parse(R"cu(
    #define C 8
    __global__ void k(const unsigned char *px, const unsigned *w, unsigned *bins) {
      __shared__ unsigned hist[64 * C];
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      int lane = threadIdx.x & (C - 1);
      atomicAdd(&hist[(px[i] & 63) * C + lane], 1u);         // bin px & 63, copy lane
      atomicAdd(&hist[lane + C * (w[i] % 64)], 1u);          // operands the other way round
      atomicAdd(hist + ((px[i] >> 2) << 3) + (threadIdx.x % C), 1u); // shift by log2(C)
      atomicAdd(&hist[px[i] * C + lane], 1u);                // bins up to 255: out of range
      atomicAdd(&hist[(px[i] & 63) * C + threadIdx.x % 16], 1u); // copy index up to 15
    }
  )cu");
  ASSERT_TRUE(P.Kernel);
  auto U = P.updates();
  ASSERT_EQ(U.size(), 5u);
  CopySlot S0 = copySlot(P.ctx(), *U[0], 8, 64);
  EXPECT_TRUE(S0.Strided) << S0.Why;
  EXPECT_EQ(S0.BinText, "(px[i] & 63)");
  CopySlot S1 = copySlot(P.ctx(), *U[1], 8, 64);
  EXPECT_TRUE(S1.Strided) << S1.Why;
  EXPECT_EQ(S1.BinText, "(w[i] % 64)");
  CopySlot S2 = copySlot(P.ctx(), *U[2], 8, 64);
  EXPECT_TRUE(S2.Strided) << S2.Why;
  EXPECT_EQ(S2.BinText, "(px[i] >> 2)");
  CopySlot S3 = copySlot(P.ctx(), *U[3], 8, 64);
  EXPECT_FALSE(S3.Strided);
  EXPECT_NE(S3.Why.find("[0, 255]"), std::string::npos) << S3.Why;
  CopySlot S4 = copySlot(P.ctx(), *U[4], 8, 64);
  EXPECT_FALSE(S4.Strided);
  EXPECT_NE(S4.Why.find("[0, 15]"), std::string::npos) << S4.Why;
}

TEST(ReplicatedCopies, ConstantCopyAndWrittenOutBin) {
  Parsed P = parse(R"cu(
    __global__ void k(const unsigned char *px, unsigned *bins) {
      __shared__ unsigned hist[256 * 4];
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      atomicAdd(&hist[(px[i] + 1) * 4 - 1], 1u);   // copy 3 of bin px[i]
    }
  )cu");
  ASSERT_TRUE(P.Kernel);
  ASSERT_EQ(P.updates().size(), 1u);
  CopySlot S = copySlot(P.ctx(), *P.updates()[0], 4, 256);
  EXPECT_TRUE(S.Strided) << S.Why;
  EXPECT_EQ(S.CopyRange.str(), "[3, 3]");
  EXPECT_EQ(S.BinText, "px[i]");
}

TEST(ReplicatedCopies, OffsetPointerThatMovesByBinsIsNotStrided) {
  Parsed P = parse(R"cu(
    __global__ void k(const unsigned char *px, unsigned *bins) {
      __shared__ unsigned hist[256 * 4];
      unsigned *row = hist + (blockIdx.x & 3) * 4 + threadIdx.x % 4;
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      atomicAdd(&row[(px[i] & 63) * 4], 1u);
    }
  )cu");
  ASSERT_TRUE(P.Kernel);
  ASSERT_EQ(P.updates().size(), 1u);
  CopySlot S = copySlot(P.ctx(), *P.updates()[0], 4, 256);
  EXPECT_FALSE(S.Strided);
  EXPECT_NE(S.Why.find("whole bins"), std::string::npos) << S.Why;
}

TEST(ReplicatedCopies, HelpersThatReadOrHaveNoBodyAreReported) {
  Parsed P = parse(R"cu(
    __device__ unsigned peek(unsigned *h, int b) { return h[b * 4]; }
    template <int N> __device__ void bump(unsigned *h, int b) { atomicAdd(&h[b * N], 1u); }
    __device__ void elsewhere(unsigned *h, int b);
    __global__ void k(const unsigned char *px, unsigned *out) {
      __shared__ unsigned hist[256 * 4];
      unsigned *mine = hist + threadIdx.x % 4;
      out[threadIdx.x] = peek(mine, px[threadIdx.x]);
      bump<4>(mine, px[threadIdx.x]);
      elsewhere(mine, px[threadIdx.x]);
    }
  )cu");
  ASSERT_TRUE(P.Kernel);
  ASSERT_EQ(P.Accesses.Calls.size(), 2u);
  EXPECT_EQ(P.Accesses.Calls[0].Callee->getName(), "peek");
  EXPECT_EQ(P.Accesses.Calls[1].Callee->getName(), "bump"); // a template's specialization
  for (const CopyAccess *A : P.updates()) {
    CopySlot S = copySlot(P.ctx(), *A, 4, 256);
    EXPECT_TRUE(S.Strided) << S.Why;
    EXPECT_EQ(S.BinText, "b");
  }
  bool Load = false;
  for (const CopyAccess &A : P.Accesses.Uses)
    Load |= A.In->getName() == "peek" && A.Use.K == PointerUse::Load;
  EXPECT_TRUE(Load);
  ASSERT_EQ(P.Accesses.Unfollowed.size(), 1u);
  EXPECT_NE(P.Accesses.Unfollowed[0].Use.Why.find("no definition"), std::string::npos)
      << P.Accesses.Unfollowed[0].Use.Why;
}

TEST(ReplicatedCopies, MergeOfTheExpert) {
  Parsed P = parse(Expert);
  ASSERT_TRUE(P.Kernel);
  const ForStmt *Loop = loopOver(P.ctx(), P.Kernel, "b");
  ASSERT_TRUE(Loop);
  const auto *B = cast<VarDecl>(cast<DeclStmt>(Loop->getInit())->getSingleDecl());
  BinMerge M = binMerge(P.ctx(), P.Kernel, Loop->getBody(), B, P.Array, 32, 256);
  EXPECT_TRUE(M.Shaped) << M.ShapeWhy;
  EXPECT_TRUE(M.Summed) << M.SummedWhy;
  EXPECT_EQ(M.Acc->getName(), "sum");
  ASSERT_TRUE(M.Op);
  EXPECT_EQ(*M.Op, cuda::ReduceOp::Add);
  EXPECT_TRUE(M.Test);
  EXPECT_EQ(M.Target->getDecl()->getName(), "bins");
}

/// The merge loop over `b` of a kernel whose body is \p Read in a standard
/// frame, with 8 copies of 16 bins.
BinMerge mergeReading(StringRef Read, StringRef Loop = "for (int c = 0; c < 8; ++c)") {
  std::string Code = R"cu(
    __global__ void k(unsigned *bins) {
      __shared__ unsigned hist[16 * 8];
      for (int b = threadIdx.x; b < 16; b += blockDim.x) {
        unsigned s = 0;
        )cu" + Loop.str() + R"cu(
          s += )cu" + Read.str() + R"cu(;
        atomicAdd(&bins[b], s);
      }
    }
  )cu";
  Parsed P = parse(Code);
  if (!P.Kernel)
    return {};
  const ForStmt *L = loopOver(P.ctx(), P.Kernel, "b");
  const auto *B = cast<VarDecl>(cast<DeclStmt>(L->getInit())->getSingleDecl());
  return binMerge(P.ctx(), P.Kernel, L->getBody(), B, P.Array, 8, 16);
}

TEST(ReplicatedCopies, AnyPermutationOfTheCopiesPerBin) {
  for (StringRef Read : {"hist[b * 8 + c]", "hist[b * 8 + (c + b) % 8]", "hist[b * 8 + (c ^ (b & 7))]",
                         "hist[(b << 3) | ((c + 3 * b) & 7)]", "*(hist + 8 * b + 7 - c)"}) {
    BinMerge M = mergeReading(Read);
    EXPECT_TRUE(M.Shaped) << Read.str() << ": " << M.ShapeWhy;
    EXPECT_TRUE(M.Summed) << Read.str() << ": " << M.SummedWhy;
  }
  BinMerge Shifted = mergeReading("hist[b * 8 + c - 1]", "for (int c = 1; c <= 8; c++)");
  EXPECT_TRUE(Shifted.Summed) << Shifted.SummedWhy;
}

TEST(ReplicatedCopies, AccumulatorStartingFromOneCopy) {
  auto Merge = [](StringRef Init, StringRef Loop) {
    std::string Code = R"cu(
      __global__ void k(unsigned *bins) {
        __shared__ unsigned hist[16 * 8];
        for (int b = threadIdx.x; b < 16; b += blockDim.x) {
          unsigned s = )cu" + Init.str() + R"cu(;
          )cu" + Loop.str() + R"cu(
            s += hist[b * 8 + c];
          atomicAdd(&bins[b], s);
        }
      }
    )cu";
    Parsed P = parse(Code);
    const ForStmt *L = loopOver(P.ctx(), P.Kernel, "b");
    const auto *B = cast<VarDecl>(cast<DeclStmt>(L->getInit())->getSingleDecl());
    return binMerge(P.ctx(), P.Kernel, L->getBody(), B, P.Array, 8, 16);
  };
  BinMerge First = Merge("hist[b * 8]", "for (int c = 1; c < 8; ++c)");
  EXPECT_TRUE(First.Summed) << First.SummedWhy;
  EXPECT_TRUE(First.InitRead);
  BinMerge Deref = Merge("*(hist + b * 8)", "for (int c = 1; c < 8; ++c)");
  EXPECT_TRUE(Deref.Summed) << Deref.SummedWhy;
  BinMerge Twice = Merge("hist[b * 8]", "for (int c = 0; c < 8; ++c)");
  EXPECT_FALSE(Twice.Summed);
  EXPECT_NE(Twice.SummedWhy.find("runs 8 times, not 7"), std::string::npos) << Twice.SummedWhy;
  BinMerge Last = Merge("hist[b * 8 + 7]", "for (int c = 1; c < 8; ++c)");
  EXPECT_FALSE(Last.Summed); // copy 7 twice, copy 0 never
  EXPECT_NE(Last.SummedWhy.find("never reads element 0"), std::string::npos) << Last.SummedWhy;
}

TEST(ReplicatedCopies, MergesThatMissACopy) {
  BinMerge Half = mergeReading("hist[b * 8 + c]", "for (int c = 0; c < 4; ++c)");
  EXPECT_TRUE(Half.Shaped);
  EXPECT_FALSE(Half.Summed);
  EXPECT_NE(Half.SummedWhy.find("4 times, not 8"), std::string::npos) << Half.SummedWhy;
  BinMerge Twice = mergeReading("hist[b * 8 + (c * 2) % 8]");
  EXPECT_FALSE(Twice.Summed);
  EXPECT_NE(Twice.SummedWhy.find("never reads element 1"), std::string::npos) << Twice.SummedWhy;
  BinMerge Neighbour = mergeReading("hist[(b + 1) % 16 * 8 + c]");
  EXPECT_FALSE(Neighbour.Summed);
  EXPECT_NE(Neighbour.SummedWhy.find("for bin 0"), std::string::npos) << Neighbour.SummedWhy;
  // A signed difference that goes negative is not a permutation.
  BinMerge Negative = mergeReading("hist[b * 8 + (c - b) % 8]");
  EXPECT_FALSE(Negative.Summed);
  BinMerge Other = mergeReading("bins[b * 8 + c]");
  EXPECT_FALSE(Other.Shaped);
  EXPECT_NE(Other.ShapeWhy.find("not an element of 'hist'"), std::string::npos) << Other.ShapeWhy;
}

} // namespace

namespace {

// One copy per warp, each a whole array of NBINS bins: copy * NBINS + bin,
// the warp's pointer into its copy, the merge summing the warps' copies.
constexpr char PerWarp[] = R"cu(
#define NBINS 64
#define WARPS 8
__global__ void k(const unsigned char *px, int n, unsigned *bins) {
  __shared__ unsigned hist[WARPS * NBINS];
  unsigned *warpHist = hist + (threadIdx.x / 32) * NBINS;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&warpHist[px[i] & (NBINS - 1)], 1u);
  atomicAdd(&hist[(threadIdx.x >> 5) * NBINS + (px[i] >> 2)], 1u);
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x) {
    unsigned s = 0;
    for (int w = 0; w < WARPS; ++w)
      s += hist[w * NBINS + b];
    atomicAdd(&bins[b], s);
  }
}
)cu";

TEST(ReplicatedCopies, BlockedCopiesOnePerWarp) {
  Parsed P = parse(PerWarp);
  ASSERT_TRUE(P.Kernel);
  auto U = P.updates();
  ASSERT_EQ(U.size(), 2u);
  // 256 threads: 8 warps, 8 copies.
  Dim3 Block{256, 1, 1};
  for (const CopyAccess *A : U) {
    CopySlot S = copySlot(P.ctx(), *A, 8, 64, CopyLayout::Blocked, Block);
    EXPECT_TRUE(S.Strided) << S.Why;
    EXPECT_EQ(S.CopyRange.str(), "[0, 7]");
  }
  EXPECT_EQ(copySlot(P.ctx(), *U[0], 8, 64, CopyLayout::Blocked, Block).BinText, "px[i] & (NBINS - 1)");
  EXPECT_EQ(copySlot(P.ctx(), *U[1], 8, 64, CopyLayout::Blocked, Block).BinText, "(px[i] >> 2)");
  // Without the block shape a warp index may reach 31.
  CopySlot Unbounded = copySlot(P.ctx(), *U[0], 8, 64, CopyLayout::Blocked);
  EXPECT_FALSE(Unbounded.Strided);
  EXPECT_NE(Unbounded.Why.find("[0, 31]"), std::string::npos) << Unbounded.Why;
  // Read as interleaved copies, the warp pointer moves by whole bins.
  CopySlot Inter = copySlot(P.ctx(), *U[0], 8, 64, CopyLayout::Interleaved, Block);
  EXPECT_FALSE(Inter.Strided);

  const ForStmt *L = loopOver(P.ctx(), P.Kernel, "b");
  ASSERT_TRUE(L);
  const auto *B = cast<VarDecl>(cast<DeclStmt>(L->getInit())->getSingleDecl());
  BinMerge M = binMerge(P.ctx(), P.Kernel, L->getBody(), B, P.Array, 8, 64);
  EXPECT_TRUE(M.Shaped) << M.ShapeWhy;
  EXPECT_TRUE(M.Summed) << M.SummedWhy;
  EXPECT_EQ(M.Layout, CopyLayout::Blocked);
}

} // namespace

namespace {

TEST(ReplicatedCopies, AHelpersConstantStrideArgumentStandsForItsValue) {
  Parsed P = parse(R"cu(
    __device__ void add(unsigned *h, int stride, unsigned char v) { atomicAdd(h + v * stride, 1u); }
    __global__ void k(const unsigned char *px, unsigned *bins) {
      __shared__ unsigned hist[256 * 16];
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      add(hist + threadIdx.x % 16, 16, px[i]);
      add(hist + threadIdx.x % 16, 8, px[i]);   // half the stride: copies overlap bins
    }
  )cu");
  ASSERT_TRUE(P.Kernel);
  auto U = P.updates();
  ASSERT_EQ(U.size(), 2u);
  CopySlot Right = copySlot(P.ctx(), *U[0], 16, 256);
  EXPECT_TRUE(Right.Strided) << Right.Why;
  EXPECT_EQ(Right.BinText, "v");
  CopySlot Wrong = copySlot(P.ctx(), *U[1], 16, 256);
  EXPECT_FALSE(Wrong.Strided);
}

} // namespace
