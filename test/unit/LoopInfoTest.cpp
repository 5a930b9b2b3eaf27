//===- LoopInfoTest.cpp - lib/Analysis: counted loops, trip counts --------===//
#include "klineage/Analysis/LoopInfo.h"
#include "klineage/Analysis/Mutation.h"
#include "CudaTestSupport.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace klineage;
using namespace klineage::analysis;

namespace {

/// The loops of \p FD in source order.
std::vector<const Stmt *> loopsOf(ASTContext &Ctx, const FunctionDecl *FD) {
  std::vector<const Stmt *> Out;
  for (auto &B : match(findAll(stmt(anyOf(forStmt(), whileStmt(), doStmt(), cxxForRangeStmt()))
                                   .bind("l")),
                       *FD->getBody(), Ctx))
    Out.push_back(B.getNodeAs<Stmt>("l"));
  return Out;
}

/// Trip counts of every loop of function \p Name (nullopt: not counted).
std::vector<std::optional<uint64_t>> countsOf(ASTContext &Ctx, StringRef Name) {
  const FunctionDecl *FD = test::functionNamed(Ctx, Name);
  EXPECT_TRUE(FD) << Name.str();
  std::vector<std::optional<uint64_t>> Out;
  if (FD)
    for (const Stmt *L : loopsOf(Ctx, FD)) {
      TripCount T = analyseTripCount(Ctx, *L, FD->getBody());
      Out.push_back(T.counted() ? T.Count : std::nullopt);
    }
  return Out;
}

TEST(LoopInfo, ConstantTripCountsForEveryComparisonAndStep) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *a) {
      for (int i = 0; i < 8; ++i) a[i] = 0;
      for (int i = 0; i <= 8; i++) a[i] = 0;
      for (int i = 8; i > 0; --i) a[i] = 0;
      for (int i = 8; i >= 0; i--) a[i] = 0;
      for (int i = 0; i != 12; i += 4) a[i] = 0;
      for (int i = 16; i > 0; i -= 3) a[i] = 0;
      for (int i = 0; 10 > i; i += 2) a[i] = 0;
      for (unsigned s = 128; s > 0; s >>= 1) a[s] = 0;
    }
  )cu");
  ASSERT_TRUE(AST);
  auto C = countsOf(AST->ast(), "k");
  std::vector<std::optional<uint64_t>> Want{8, 9, 8, 9, 3, 6, 5, 8};
  EXPECT_EQ(C, Want);
}

TEST(LoopInfo, ConstexprAndMacroBounds) {
  auto AST = test::parseCuda(R"cu(
    #define TILE 16
    constexpr int kSteps = 4;
    __global__ void k(float *a) {
      for (int i = 0; i < TILE; ++i) a[i] = 0;
      for (int i = 0; i < kSteps * 2; ++i) a[i] = 0;
      const int n = TILE / 2;
      for (int i = 0; i < n; ++i) a[i] = 0;
    }
  )cu");
  ASSERT_TRUE(AST);
  auto C = countsOf(AST->ast(), "k");
  std::vector<std::optional<uint64_t>> Want{16, 8, 8};
  EXPECT_EQ(C, Want);
}

TEST(LoopInfo, TemplateBoundsPerInstantiation) {
  auto AST = test::parseCuda(R"cu(
    template <int N> __global__ void t(float *a) {
      for (int i = 0; i < N; ++i) a[i] = 0;
    }
    template __global__ void t<8>(float *);
    template __global__ void t<32>(float *);
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  // The template's own text: decided per instantiation.
  auto Pattern = match(functionDecl(hasName("t"), isDefinition(),
                                    unless(isTemplateInstantiation())).bind("f"), Ctx);
  ASSERT_EQ(Pattern.size(), 1u);
  const auto *P = Pattern[0].getNodeAs<FunctionDecl>("f");
  TripCount TP = analyseTripCount(Ctx, *loopsOf(Ctx, P)[0], P->getBody());
  EXPECT_FALSE(TP.counted());
  EXPECT_TRUE(TP.Dependent);
  EXPECT_EQ(TP.Operand.K, NonConstant::Dependent);
  // Each instantiation: its own constant.
  std::map<int64_t, uint64_t> Counts;
  for (auto &B : match(functionDecl(hasName("t"), isTemplateInstantiation()).bind("f"), Ctx)) {
    const auto *FD = B.getNodeAs<FunctionDecl>("f");
    TripCount T = analyseTripCount(Ctx, *loopsOf(Ctx, FD)[0], FD->getBody());
    ASSERT_TRUE(T.counted());
    Counts[FD->getTemplateSpecializationArgs()->get(0).getAsIntegral().getExtValue()] = *T.Count;
  }
  EXPECT_EQ(Counts, (std::map<int64_t, uint64_t>{{8, 8}, {32, 32}}));
}

TEST(LoopInfo, WarpSizeIsNotAConstant) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *a) {
      float v = a[threadIdx.x];
      for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
      const int lanes = warpSize;
      for (int i = 0; i < lanes; ++i) a[i] = v;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  auto Loops = loopsOf(Ctx, K);
  ASSERT_EQ(Loops.size(), 2u);
  TripCount Start = analyseTripCount(Ctx, *Loops[0], K->getBody());
  EXPECT_EQ(Start.Why, TripCount::StartNotConstant);
  EXPECT_EQ(Start.Operand.K, NonConstant::WarpSize);
  EXPECT_FALSE(Start.Dependent);
  TripCount Bound = analyseTripCount(Ctx, *Loops[1], K->getBody());
  EXPECT_EQ(Bound.Why, TripCount::BoundNotConstant);
  EXPECT_EQ(Bound.Operand.K, NonConstant::WarpSize); // through the const local
}

TEST(LoopInfo, RunTimeBoundNamesItsCulprit) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *a, int n) {
      for (int i = 0; i < n + 1; ++i) a[i] = 0;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  TripCount T = analyseTripCount(Ctx, *loopsOf(Ctx, K)[0], K->getBody());
  EXPECT_EQ(T.Why, TripCount::BoundNotConstant);
  EXPECT_EQ(T.Operand.K, NonConstant::RunTime);
  ASSERT_TRUE(T.Operand.Culprit);
  EXPECT_EQ(refVar(T.Operand.Culprit), test::varNamed(Ctx, "n"));
}

TEST(LoopInfo, StartDeclaredBeforeTheLoop) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *a) {
      int j = 2;
      float acc = 0.f;
      for (; j < 8; ++j) acc += a[j];
      int i = 0;
      while (i < 4) { acc += a[i]; ++i; }
      int m = 0;
      m = 1;
      for (; m < 8; ++m) acc += a[m];
      a[0] = acc;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  auto C = countsOf(Ctx, "k");
  std::vector<std::optional<uint64_t>> Want{6, 4, std::nullopt};
  EXPECT_EQ(C, Want);
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  EXPECT_EQ(analyseTripCount(Ctx, *loopsOf(Ctx, K)[2], K->getBody()).Why, TripCount::NoStart)
      << "a write between the declaration and the loop";
}

TEST(LoopInfo, PointerWalkingLoop) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(const float *row, float *o) {
      float acc = 0.f;
      for (const float *p = row; p != row + 8; ++p) acc += *p;
      const float *end = row + 12;
      for (const float *p = row; p < end; p += 4) acc += *p;
      for (const float *p = row; p != row + 7; p += 2) acc += *p;
      o[0] = acc;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  auto Loops = loopsOf(Ctx, K);
  ASSERT_EQ(Loops.size(), 3u);
  EXPECT_EQ(analyseTripCount(Ctx, *Loops[0], K->getBody()).Count, 8u);
  EXPECT_EQ(analyseTripCount(Ctx, *Loops[1], K->getBody()).Count, 3u);
  EXPECT_EQ(analyseTripCount(Ctx, *Loops[2], K->getBody()).Why, TripCount::NeverReaches)
      << "the step jumps over the != bound";
  NotPointerPos Why;
  auto Pos = pointerPos(Ctx, test::initOf(Ctx, "end"), nullptr, K->getBody(), Why);
  ASSERT_TRUE(Pos);
  EXPECT_EQ(Pos->Base, test::varNamed(Ctx, "row"));
  EXPECT_EQ(Pos->Off, 12);
}

TEST(LoopInfo, RangeForOverAFixedArray) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *o) {
      float regs[6] = {};
      for (float &r : regs) r = o[0];
      o[1] = regs[5];
    }
  )cu");
  ASSERT_TRUE(AST);
  auto C = countsOf(AST->ast(), "k");
  std::vector<std::optional<uint64_t>> Want{6};
  EXPECT_EQ(C, Want);
}

TEST(LoopInfo, IndexModifiedInTheBodyIsNotCounted) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *a) {
      for (int i = 0; i < 8; ++i) { a[i] = 0; i += a[i] > 0; }
      for (int j = 0; j < 8; ++j) { int *q = &j; *q = 0; }
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  for (const Stmt *L : loopsOf(Ctx, K)) {
    TripCount T = analyseTripCount(Ctx, *L, K->getBody());
    EXPECT_EQ(T.Why, TripCount::ModifiedInBody);
    EXPECT_TRUE(T.At);
    EXPECT_FALSE(T.Dependent);
  }
}

TEST(LoopInfo, StepOfACommaUpdate) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *a) {
      for (int k = 0, back = 7; k < 4; ++k, --back) a[k] = a[back];
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  const auto *For = cast<ForStmt>(loopsOf(Ctx, K)[0]);
  const Expr *Step = stepOf(Ctx, For->getInc(), test::varNamed(Ctx, "k"));
  ASSERT_TRUE(Step);
  EXPECT_TRUE(isa<UnaryOperator>(Step));
  EXPECT_EQ(analyseTripCount(Ctx, *For, K->getBody()).Count, 4u);
}

} // namespace

namespace {
std::vector<std::optional<uint64_t>> blockStridedOf(ASTContext &Ctx, StringRef Name,
                                                    std::optional<std::array<uint64_t, 3>> Block) {
  const FunctionDecl *FD = test::functionNamed(Ctx, Name);
  std::vector<std::optional<uint64_t>> Out;
  if (FD)
    for (const Stmt *L : loopsOf(Ctx, FD)) {
      auto R = blockStridedTripCount(Ctx, *cast<ForStmt>(L), FD->getBody(), Block);
      Out.push_back(R ? std::optional<uint64_t>(R->Count) : std::nullopt);
    }
  return Out;
}
} // namespace

// A cooperative copy's loop has a count every thread shares only under a
// block shape that makes it so.
TEST(LoopInfo, BlockStridedCountsUnderTheBlockShape) {
  auto AST = test::parseCuda(R"cu(
    #define TILE 32
    __global__ void k(float *a) {
      const int tid = threadIdx.x;
      for (int i = threadIdx.x; i < 32; i += 16) a[i] = 0;          // 2
      for (int i = tid; i < TILE; i += blockDim.x) a[i] = 0;         // 2
      for (int i = threadIdx.y + 4; i <= 35; i = i + 8) a[i] = 0;    // y extent 8: (35-4+1)/8 = 4
      for (int i = 1 + threadIdx.x; i < 33; i += 16) a[i] = 0;       // 2
      for (int i = threadIdx.x; i < 40; i += 16) a[i] = 0;           // 3 for t < 8, 2 after: none
      for (int i = threadIdx.x; i < 32; i += 8) a[i] = 0;            // x extent 16 > 8: none
      for (int i = threadIdx.x; i < 32; i += 16) a[i + 1] = i++;     // changed in the body: none
    }
  )cu");
  ASSERT_TRUE(AST);
  std::vector<std::optional<uint64_t>> Want{2, 2, 4, 2, std::nullopt, std::nullopt, std::nullopt};
  EXPECT_EQ(blockStridedOf(AST->ast(), "k", std::array<uint64_t, 3>{16, 8, 1}), Want);
  // No known block: nothing.
  std::vector<std::optional<uint64_t>> None(7, std::nullopt);
  EXPECT_EQ(blockStridedOf(AST->ast(), "k", std::nullopt), None);
}
