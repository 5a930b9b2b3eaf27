//===- BlockPositionTest.cpp - lib/Analysis: block statements and conditions ===//
#include "klineage/Analysis/BlockPosition.h"
#include "CudaTestSupport.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace klineage;
using namespace klineage::analysis;

namespace {

/// The subscripts of \p Array in \p Fn, in source order.
std::vector<const ArraySubscriptExpr *> accessesOf(ASTContext &Ctx, const FunctionDecl *Fn,
                                                   llvm::StringRef Array) {
  std::vector<const ArraySubscriptExpr *> Out;
  for (const BoundNodes &N :
       match(findAll(arraySubscriptExpr(hasBase(ignoringImpCasts(declRefExpr(to(varDecl(hasName(Array)))))))
                         .bind("a")),
             *Fn->getBody(), Ctx))
    Out.push_back(N.getNodeAs<ArraySubscriptExpr>("a"));
  return Out;
}

TEST(BlockPosition, StatementsBlocksAndGuards) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(const float *a, const float *b, const float *c, const float *d, float *o, int n) {
      int i = threadIdx.x;
      float s = a[i];
      if (i < n) o[i] = s;
      if (i + 1 < n) {
        o[i + 1] = b[i] > 0.f ? c[i] : 0.f;
      }
      float t = (i > 2 && d[i] > 0.f) ? 1.f : 0.f;
      o[0] = t;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  ParentMap PM(K->getBody());
  // a[i]: in the declaration statement, unconditional, unguarded.
  BlockPosition P = blockPosition(PM, accessesOf(Ctx, K, "a")[0]);
  ASSERT_TRUE(P.Statement && P.Block);
  EXPECT_TRUE(isa<DeclStmt>(P.Statement));
  EXPECT_EQ(P.Block, K->getBody());
  EXPECT_EQ(P.Why.K, Conditional::None);
  EXPECT_EQ(P.Guard, nullptr);
  // o[i] in `if (i < n) o[i] = s;`: an unbraced branch; the if guards it.
  auto O = accessesOf(Ctx, K, "o");
  ASSERT_EQ(O.size(), 3u);
  P = blockPosition(PM, O[0]);
  EXPECT_EQ(P.Why.K, Conditional::Branch);
  ASSERT_TRUE(P.Guard);
  EXPECT_EQ(P.Statement, P.Guard);
  EXPECT_EQ(P.GuardBlock, K->getBody());
  // o[i + 1] in a braced then-block: unconditional within its statement,
  // guarded by the if around the block.
  P = blockPosition(PM, O[1]);
  EXPECT_EQ(P.Why.K, Conditional::None);
  ASSERT_TRUE(P.Guard);
  EXPECT_EQ(P.GuardBlock, K->getBody());
  EXPECT_NE(P.Block, K->getBody());
  // c[i]: an arm of ?:; d[i]: the right of &&.
  P = blockPosition(PM, accessesOf(Ctx, K, "c")[0]);
  EXPECT_EQ(P.Why.K, Conditional::ConditionalOperator);
  EXPECT_EQ(blockPosition(PM, accessesOf(Ctx, K, "b")[0]).Why.K, Conditional::None);
  P = blockPosition(PM, accessesOf(Ctx, K, "d")[0]);
  EXPECT_EQ(P.Why.K, Conditional::LogicalRHS);
  EXPECT_TRUE(isa<BinaryOperator>(P.Why.At));
}

TEST(BlockPosition, LoopsLambdasAndJumps) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(const float *a, const float *b, const float *c, float *o) {
      int t = threadIdx.x;
      for (int j = (int)a[t]; j < 4; ++j)
        o[j] = b[j];
      for (int k = 0; k < 4; ++k) {
        float v = c[k];
        if (v > 0.f)
          o[k] += v;
        while (v > 1.f)
          v *= 0.5f;
        if (v < 0.f)
          break;
      }
      auto f = [&](int q) { return c[q]; };
      o[t] = f(t);
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  ParentMap PM(K->getBody());
  // a[t] in a for's init runs once; b[j] in an unbraced loop body does not.
  EXPECT_EQ(blockPosition(PM, accessesOf(Ctx, K, "a")[0]).Why.K, Conditional::None);
  BlockPosition P = blockPosition(PM, accessesOf(Ctx, K, "b")[0]);
  EXPECT_EQ(P.Why.K, Conditional::Loop);
  EXPECT_TRUE(isa<ForStmt>(P.Why.At));
  auto Loops = match(findAll(forStmt().bind("l")), *K->getBody(), Ctx);
  ASSERT_EQ(Loops.size(), 2u);
  const auto *JLoop = Loops[0].getNodeAs<ForStmt>("l");
  const auto *KLoop = Loops[1].getNodeAs<ForStmt>("l");
  auto C = accessesOf(Ctx, K, "c");
  ASSERT_EQ(C.size(), 2u);
  // Per iteration of the k loop: c[k] runs once, o[k] only under `if`.
  EXPECT_EQ(conditionalWithin(PM, C[0], KLoop->getBody()).K, Conditional::None);
  auto O = accessesOf(Ctx, K, "o");
  ASSERT_EQ(O.size(), 3u);
  EXPECT_EQ(conditionalWithin(PM, O[1], KLoop->getBody()).K, Conditional::Branch);
  // o[j] repeats in the j loop; o[t] is not in the k loop at all.
  EXPECT_EQ(conditionalWithin(PM, O[0], KLoop->getBody()).K, Conditional::Loop);
  EXPECT_EQ(conditionalWithin(PM, O[2], KLoop->getBody()).K, Conditional::Outside);
  // The lambda's c[q] is a statement of the lambda's own body.
  BlockPosition InLambda = blockPosition(PM, C[1]);
  EXPECT_TRUE(isa_and_nonnull<ReturnStmt>(InLambda.Statement));
  EXPECT_NE(InLambda.Block, K->getBody());
  // The k loop's body can break out; the j loop's cannot.
  const Stmt *J = firstJump(KLoop->getBody());
  ASSERT_TRUE(J);
  EXPECT_TRUE(isa<BreakStmt>(J));
  EXPECT_EQ(firstJump(JLoop->getBody()), nullptr);
}

} // namespace
