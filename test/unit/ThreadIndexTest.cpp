//===- ThreadIndexTest.cpp - lib/Analysis ThreadIndex ---------------------===//
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/ThreadIndex.h"
#include "CudaTestSupport.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace klineage;
using namespace klineage::analysis;

namespace {

/// The shape of the initialiser of variable \p Var in function \p Fn.
std::optional<GridShape> idShape(ASTContext &Ctx, StringRef Fn, StringRef Var,
                                 std::optional<uint64_t> BlockX = std::nullopt) {
  const FunctionDecl *F = test::functionNamed(Ctx, Fn);
  auto M = match(functionDecl(hasName(Fn), isDefinition(),
                              hasDescendant(varDecl(hasName(Var)).bind("v"))),
                 Ctx);
  if (!F || M.empty())
    return std::nullopt;
  Linearizer Lin(Ctx);
  const auto *V = M[0].getNodeAs<VarDecl>("v");
  return globalIdOf(Lin, AnalysisCache::of(Ctx).facts(F), V->getInit(), BlockX);
}

TEST(ThreadIndex, GlobalIdInEverySpelling) {
  auto AST = test::parseCuda(R"cu(
    #define GTID (blockIdx.x * blockDim.x + threadIdx.x)
    __device__ __forceinline__ int gtid() { return blockIdx.x * blockDim.x + threadIdx.x; }
    __global__ void k(int n) {
      int a = blockIdx.x * blockDim.x + threadIdx.x;
      int b = threadIdx.x + blockDim.x * blockIdx.x;
      size_t c = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
      const unsigned d = GTID;
      int tid = threadIdx.x;
      int e = blockIdx.x * blockDim.x + tid;
      int f = gtid();
      int g = (blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x;
      int h = blockIdx.x * 128 + threadIdx.x;
      int no1 = threadIdx.x;
      int no2 = blockIdx.x * blockDim.x + threadIdx.x + 1;
      int no3 = blockIdx.x * blockDim.y + threadIdx.x;
      int mod = blockIdx.x * blockDim.x + threadIdx.x;
      mod += n;
      int no4 = mod;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  for (const char *V : {"a", "b", "c", "d", "e", "f"})
    EXPECT_EQ(idShape(Ctx, "k", V), GridShape::Linear) << V;
  EXPECT_EQ(idShape(Ctx, "k", "g"), GridShape::Flat2D);
  EXPECT_EQ(idShape(Ctx, "k", "h"), std::nullopt) << "a constant is blockDim.x only when known";
  EXPECT_EQ(idShape(Ctx, "k", "h", 128), GridShape::Linear) << "every launch has 128 threads";
  EXPECT_EQ(idShape(Ctx, "k", "h", 256), std::nullopt);
  for (const char *V : {"no1", "no2", "no3", "no4"})
    EXPECT_EQ(idShape(Ctx, "k", V), std::nullopt) << V << " (no4: 'mod' is modified)";
}

TEST(ThreadIndex, BoundTests) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *y, int n, size_t m) {
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      bool a = i < n, b = n > i, c = i >= n, d = m <= (size_t)i, e = i <= n, f = i == n;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const VarDecl *I = test::varNamed(Ctx, "i");
  auto Test = [&](const char *V) { return boundTestOf(test::initOf(Ctx, V), I); };
  ASSERT_TRUE(Test("a"));
  EXPECT_FALSE(Test("a")->Negated);
  ASSERT_TRUE(Test("b"));
  EXPECT_EQ(refVar(Test("b")->Bound), test::varNamed(Ctx, "n"));
  ASSERT_TRUE(Test("c"));
  EXPECT_TRUE(Test("c")->Negated);
  ASSERT_TRUE(Test("d")) << "the index under a cast";
  EXPECT_TRUE(Test("d")->Negated);
  EXPECT_FALSE(Test("e")) << "i <= n is not a bound of n elements";
  EXPECT_FALSE(Test("f"));
}

TEST(ThreadIndex, GridStrideLoops) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *y, int n, long long m) {
      int stride = blockDim.x * gridDim.x;
      for (int a = blockIdx.x * blockDim.x + threadIdx.x; a < n; a += stride) y[a] = 0.f;
      for (long long b = blockIdx.x * (long long)blockDim.x + threadIdx.x; b < m;
           b += (long long)gridDim.x * blockDim.x) y[b] = 0.f;
      int c;
      for (c = threadIdx.x + blockIdx.x * blockDim.x; n > c; c = c + blockDim.x * gridDim.x) y[c] = 0.f;
      for (int d = (blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x; d < n;
           d += blockDim.x * gridDim.x * gridDim.y) y[d] = 0.f;
      for (int no1 = blockIdx.x * blockDim.x + threadIdx.x; no1 < n; no1 += blockDim.x) y[no1] = 0.f;
      for (int no2 = blockIdx.x * blockDim.x + threadIdx.x; no2 < n; no2 += stride) { y[no2] = 0.f; no2++; }
      for (int no3 = threadIdx.x; no3 < n; no3 += stride) y[no3] = 0.f;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  const FunctionFacts &Facts = AnalysisCache::of(Ctx).facts(K);
  Linearizer Lin(Ctx);
  unsigned Found = 0;
  for (const BoundNodes &B : match(forStmt().bind("f"), Ctx)) {
    const auto *F = B.getNodeAs<ForStmt>("f");
    auto G = gridStrideLoop(Ctx, Lin, Facts, F);
    std::string Name;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit()))
      Name = cast<VarDecl>(DS->getSingleDecl())->getName().str();
    else
      Name = "c";
    if (StringRef(Name).starts_with("no")) {
      EXPECT_FALSE(G) << Name;
      continue;
    }
    ASSERT_TRUE(G) << Name;
    ++Found;
    EXPECT_EQ(G->Shape, Name == "d" ? GridShape::Flat2D : GridShape::Linear) << Name;
    EXPECT_EQ(G->DeclaredInHeader, Name != "c");
  }
  EXPECT_EQ(Found, 4u);
}

TEST(ThreadIndex, GridStrideWhileLoops) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *y, int n) {
      int a = threadIdx.x + blockIdx.x * blockDim.x;
      while (a < n) { y[a] = 0.f; a += blockDim.x * gridDim.x; }
      int b = blockIdx.x * blockDim.x + threadIdx.x, stride = gridDim.x * blockDim.x;
      while (n > b) { y[b] = 1.f; b = b + stride; }
      int no1 = blockIdx.x * blockDim.x + threadIdx.x;
      while (no1 < n) { if (y[no1] == 0.f) continue; y[no1] = 2.f; no1 += blockDim.x * gridDim.x; }
      int no2 = blockIdx.x * blockDim.x + threadIdx.x;
      no2 += 1;
      while (no2 < n) { y[no2] = 3.f; no2 += blockDim.x * gridDim.x; }
      int no3 = blockIdx.x * blockDim.x + threadIdx.x;
      while (no3 < n) { no3 += blockDim.x * gridDim.x; y[no3] = 4.f; }
      int no4 = blockIdx.x * blockDim.x + threadIdx.x;
      while (no4 < n) { y[no4] = 5.f; no4 += blockDim.x; }
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  const FunctionFacts &Facts = AnalysisCache::of(Ctx).facts(K);
  Linearizer Lin(Ctx);
  unsigned Found = 0, Refused = 0;
  for (const BoundNodes &B : match(whileStmt().bind("w"), Ctx)) {
    const auto *W = B.getNodeAs<WhileStmt>("w");
    auto G = gridStrideWhile(Ctx, Lin, Facts, W);
    const auto *Cond = cast<BinaryOperator>(W->getCond()->IgnoreParenImpCasts());
    // The index: the side of the test that is not the bound n.
    const auto *Ref = cast<DeclRefExpr>(Cond->getLHS()->IgnoreParenImpCasts());
    if (Ref->getDecl()->getName() == "n")
      Ref = cast<DeclRefExpr>(Cond->getRHS()->IgnoreParenImpCasts());
    std::string Name = Ref->getDecl()->getName().str();
    if (StringRef(Name).starts_with("no")) {
      EXPECT_FALSE(G) << Name;
      ++Refused;
      continue;
    }
    ASSERT_TRUE(G) << Name;
    ++Found;
    EXPECT_EQ(G->Index->getName(), Name);
    EXPECT_EQ(G->Increment, cast<CompoundStmt>(W->getBody())->body_back());
    EXPECT_FALSE(G->Bound.Negated);
  }
  EXPECT_EQ(Found, 2u);
  EXPECT_EQ(Refused, 4u) << "a continue, an index moved first, a step not last, a block-wide step";
}

TEST(ThreadIndex, CeilDivisions) {
  auto AST = test::parseCuda(R"cu(
    void host(int n, int t) {
      int a = (n + 255) / 256, b = (n + t - 1) / t, c = n / 256 + (n % 256 != 0), d = (n - 1) / 256 + 1,
          e = (n + 255) >> 8, f = n / 256, g = n / t + (n % t ? 1 : 0), h = n * 2;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  Linearizer Lin(Ctx);
  auto N = Lin.linearize(test::initOf(Ctx, "h"));
  ASSERT_TRUE(N);
  LinearForm Twice = *N; // 2n: n's form is half of it
  LinearForm NForm;
  for (const auto &[M, C] : Twice.Terms)
    NForm.Terms[M] = C / 2;
  auto Exact = [&](const char *V) {
    auto CD = ceilDivOf(Lin, test::initOf(Ctx, V));
    if (!CD)
      return false;
    LinearForm D = CD->Num;
    D.add(NForm, -1);
    return D.Terms.empty();
  };
  for (const char *V : {"a", "b", "c", "d", "e", "g"})
    EXPECT_TRUE(Exact(V)) << V << " is ceil(n / den)";
  auto F = ceilDivOf(Lin, test::initOf(Ctx, "f"));
  ASSERT_TRUE(F) << "a floor division is read too";
  EXPECT_EQ(F->Num.constant(), -255) << "its numerator falls short of n by 255";
  EXPECT_FALSE(ceilDivOf(Lin, test::initOf(Ctx, "h")));
  auto E = ceilDivOf(Lin, test::initOf(Ctx, "e"));
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Den.constant(), 256);
}

} // namespace
