//===- ThreadAxesTest.cpp - lib/Analysis ThreadAxes -----------------------===//
#include "klineage/Analysis/ThreadAxes.h"
#include "CudaTestSupport.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace klineage;
using namespace klineage::analysis;

namespace {

TEST(ThreadAxes, AxesThroughLocalsSetOnce) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(const float *A, float *C, int n) {
      int tx = threadIdx.x;
      int row = blockIdx.y * blockDim.y + threadIdx.y;
      int col = blockIdx.x * blockDim.x + tx;
      int both = row * n + col;
      int uni = blockIdx.x * 4 + n;
      float loaded = A[col];
      int changed = threadIdx.x;
      changed = 0;
      int z = threadIdx.z;
      int r_use = row, c_use = col, b_use = both, u_use = uni, l_use = loaded, ch_use = changed, z_use = z;
      C[both] = r_use + c_use + b_use + u_use + l_use + ch_use + z_use;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  ThreadAxes TA(Ctx, test::functionNamed(Ctx, "k"), std::nullopt);
  EXPECT_EQ(TA.of(test::initOf(Ctx, "r_use")), unsigned(AxisY));
  EXPECT_EQ(TA.of(test::initOf(Ctx, "c_use")), unsigned(AxisX)) << "through tx to threadIdx.x";
  EXPECT_EQ(TA.of(test::initOf(Ctx, "b_use")), unsigned(AxisX | AxisY));
  EXPECT_EQ(TA.of(test::initOf(Ctx, "u_use")), 0u) << "block-uniform";
  EXPECT_EQ(TA.of(test::initOf(Ctx, "z_use")), unsigned(AxisZ));
  // A load has the axes of its address: threads of one column read the
  // same element.
  const Expr *Breaker = nullptr;
  EXPECT_EQ(TA.of(test::initOf(Ctx, "l_use"), &Breaker), unsigned(AxisX));
  EXPECT_EQ(Breaker, nullptr);
  // A local assigned after its initialiser is not looked through: what it
  // holds differs between threads as far as uniformity can tell.
  EXPECT_TRUE(TA.of(test::initOf(Ctx, "ch_use")) & AxisOther);
  EXPECT_EQ(TA.singleValue(test::varNamed(Ctx, "changed")), nullptr);
  EXPECT_NE(TA.singleValue(test::varNamed(Ctx, "row")), nullptr);
  std::vector<const VarDecl *> Vars;
  TA.varsOf(test::initOf(Ctx, "b_use"), Vars);
  std::set<std::string> Names;
  for (const VarDecl *V : Vars)
    Names.insert(V->getNameAsString());
  // The builtin index variables are variables too.
  EXPECT_EQ(Names, (std::set<std::string>{"both", "row", "col", "tx", "n", "blockIdx", "blockDim", "threadIdx"}));
  EXPECT_EQ(axesText(AxisX | AxisY), "threadIdx.x and threadIdx.y");
  EXPECT_EQ(axesText(0), "nothing thread-dependent");
}

TEST(ThreadAxes, MemoryAccessesAndBarriers) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(const float *A, float *C, int n) {
      __shared__ float s[32];
      float r[4];
      for (int i = 0; i < 4; ++i) r[i] = 2.0f * i;
      { float t = r[1] + sqrtf(r[2]); r[0] = t; }
      { s[threadIdx.x] = A[threadIdx.x]; }
      { C[threadIdx.x] = r[0]; }
      { __syncthreads(); }
      if (n > 0 && threadIdx.x < 4 && n < 9) r[3] = 1.0f;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const auto *Body = cast<CompoundStmt>(test::functionNamed(Ctx, "k")->getBody());
  std::vector<const Stmt *> S(Body->body_begin(), Body->body_end());
  ASSERT_EQ(S.size(), 8u);
  EXPECT_EQ(firstMemoryAccess(S[2], {}, false), nullptr) << "a local array is registers";
  EXPECT_EQ(firstMemoryAccess(S[3], {}, false), nullptr) << "sqrtf is pure";
  const Expr *Staging = firstMemoryAccess(S[4], {}, false);
  ASSERT_TRUE(Staging);
  EXPECT_EQ(firstMemoryAccess(S[4], {Staging}, true), nullptr) << "only the allowed store writes";
  EXPECT_TRUE(firstMemoryAccess(S[5], {}, true)) << "a global store";
  EXPECT_EQ(firstBarrier(S[5]), nullptr);
  EXPECT_TRUE(firstBarrier(S[6]));
  EXPECT_FALSE(isBarrierStmt(S[6])) << "a compound holding one is not the barrier";
  EXPECT_TRUE(isBarrierStmt(cast<CompoundStmt>(S[6])->body_front()));
  std::vector<const Expr *> Terms;
  conjunctsOf(cast<IfStmt>(S[7])->getCond(), Terms);
  EXPECT_EQ(Terms.size(), 3u);
  const auto *Elt = cast<ArraySubscriptExpr>(cast<BinaryOperator>(cast<IfStmt>(S[7])->getThen())->getLHS());
  EXPECT_TRUE(isLocalArrayElement(Elt));
}

} // namespace
