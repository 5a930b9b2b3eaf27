//===- MutationTest.cpp - lib/Analysis: which variables are modified ------===//
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/Mutation.h"
#include "CudaTestSupport.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace klineage;
using namespace klineage::analysis;

namespace {

TEST(Mutation, FunctionFactsRecordWritesAndEvents) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *a, int y, int z) {
      int x = 0;
      x += 2;
      y++;
      int *p = &z;
      a[0] = 1.0f;
      float v = a[1];
      __builtin_assume(y % 8 == 0);
      a[2] = v + x + *p;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  ASSERT_TRUE(K);
  FunctionFacts F(Ctx, K);
  EXPECT_TRUE(F.isKernel());
  const VarDecl *X = test::varNamed(Ctx, "x"), *Y = test::varNamed(Ctx, "y"),
                *Z = test::varNamed(Ctx, "z"), *V = test::varNamed(Ctx, "v");
  ASSERT_EQ(F.mods(X).size(), 1u);
  EXPECT_EQ(F.mods(X)[0].Op, BO_AddAssign);
  EXPECT_FALSE(F.mods(X)[0].Other);
  ASSERT_EQ(F.mods(Y).size(), 1u);
  EXPECT_TRUE(F.mods(Y)[0].Other); // ++
  ASSERT_EQ(F.mods(Z).size(), 1u);
  EXPECT_TRUE(F.mods(Z)[0].Other); // its address escapes
  EXPECT_TRUE(F.mods(V).empty());  // the initialiser is no modification
  EXPECT_TRUE(F.assumedMultiple(Y, 4));
  EXPECT_FALSE(F.assumedMultiple(Y, 16));
  unsigned Writes = 0, Reads = 0;
  for (const MemEvent &E : F.events())
    (E.K == MemEvent::Write ? Writes : Reads) += E.K != MemEvent::Call;
  EXPECT_EQ(Writes, 2u);
  EXPECT_EQ(Reads, 2u); // a[1], *p
  std::vector<const VarDecl *> Vars{X};
  EXPECT_TRUE(F.modifiedIn(Vars, 0, ~0u));
  EXPECT_FALSE(F.nameIsFree("x"));
  EXPECT_TRUE(F.nameIsFree("kl_fresh_name"));
}

TEST(Mutation, FindModificationInsideAStatement) {
  auto AST = test::parseCuda(R"cu(
    __device__ int use(const int &r) { return r; }
    __global__ void k(int *o, int n) {
      for (int i = 0; i < n; ++i) { o[i] = use(i) + sizeof(i); }
      for (int j = 0; j < n; ++j) { o[j] = 0; j += 2; }
      for (int q = 0; q < n; ++q) { int *w = &q; *w = 0; }
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  auto Loops = match(forStmt(hasLoopInit(declStmt(hasSingleDecl(varDecl().bind("v"))))).bind("l"), Ctx);
  ASSERT_EQ(Loops.size(), 3u);
  for (auto &B : Loops) {
    const auto *L = B.getNodeAs<ForStmt>("l");
    const auto *V = B.getNodeAs<VarDecl>("v");
    const Stmt *M = findModification(Ctx, L->getBody(), V);
    if (V->getName() == "i")
      EXPECT_FALSE(M) << "reads and a const reference do not modify i";
    else
      EXPECT_TRUE(M) << V->getName().str();
    EXPECT_TRUE(findModification(Ctx, L->getInc(), V));
  }
}

TEST(Mutation, FieldsAndConstMethods) {
  auto AST = test::parseCuda(R"cu(
    struct P { float *dst; unsigned n; };
    struct Op { __device__ float operator()(float v) const { return v * 2.f; } int k = 0; __device__ void bump() { ++k; } };
    __global__ void reads(P p, Op op, float *y) { p.dst[0] = op(y[p.n]); }
    __global__ void writes_field(P p) { p.n = 3; }
    __global__ void calls_mutator(Op op) { op.bump(); }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  auto Mod = [&](const char *Fn, const char *Var) {
    const FunctionDecl *F = test::functionNamed(Ctx, Fn);
    for (const ParmVarDecl *V : F->parameters())
      if (V->getName() == Var)
        return findModification(Ctx, F->getBody(), V) != nullptr;
    ADD_FAILURE() << Var;
    return false;
  };
  EXPECT_FALSE(Mod("reads", "p")) << "storing through p.dst and reading p.n leave p alone";
  EXPECT_FALSE(Mod("reads", "op")) << "a const operator() reads op";
  EXPECT_TRUE(Mod("writes_field", "p"));
  EXPECT_TRUE(Mod("calls_mutator", "op"));
}

TEST(Mutation, CachedPerFunction) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *a) { a[0] = 1.0f; }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  AnalysisCache &C = AnalysisCache::of(Ctx);
  const FunctionFacts &F1 = C.facts(K);
  const FunctionFacts &F2 = AnalysisCache::of(Ctx).facts(K);
  EXPECT_EQ(&F1, &F2);
  EXPECT_EQ(C.computed(), 1u);
}

} // namespace
