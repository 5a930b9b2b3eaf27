//===- AssumptionsTest.cpp - --assume parsing and queries -----------------===//
#include "klineage/Rewrite/Assumptions.h"
#include "CudaTestSupport.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "gtest/gtest.h"

using namespace klineage;

TEST(Assumptions, ParsesEveryKind) {
  auto A = Assumptions::parse({"aligned:x:16,noalias:saxpy.y", "multiple:n:8"});
  ASSERT_TRUE(static_cast<bool>(A)) << llvm::toString(A.takeError());
  EXPECT_EQ(A->alignment("saxpy", "x"), 16u);
  EXPECT_EQ(A->alignment("saxpy", "y"), std::nullopt);
  EXPECT_TRUE(A->noAlias("saxpy", "y"));
  EXPECT_FALSE(A->noAlias("other", "y")) << "qualified facts bind to their function only";
  EXPECT_TRUE(A->multipleOf("k", "n", 4)) << "a multiple of 8 is a multiple of 4";
  EXPECT_FALSE(A->multipleOf("k", "n", 16));
  EXPECT_FALSE(A->all());
}

TEST(Assumptions, BareNoAliasCoversEveryPointer) {
  auto A = Assumptions::parse({"noalias"});
  ASSERT_TRUE(static_cast<bool>(A));
  EXPECT_TRUE(A->noAlias("any", "p"));
}

TEST(Assumptions, AllAssertsUnknowns) {
  auto A = Assumptions::parse({"all"});
  ASSERT_TRUE(static_cast<bool>(A));
  EXPECT_TRUE(A->all());
}

TEST(Assumptions, ReassociateIsItsOwnFactAndPartOfAll) {
  auto A = Assumptions::parse({"aligned:x:16,reassociate"});
  ASSERT_TRUE(static_cast<bool>(A)) << llvm::toString(A.takeError());
  EXPECT_TRUE(A->reassociate());
  EXPECT_FALSE(A->all());
  EXPECT_EQ(A->describe().back(), "reassociate");
  auto None = Assumptions::parse({"noalias"});
  ASSERT_TRUE(static_cast<bool>(None));
  EXPECT_FALSE(None->reassociate());
  auto All = Assumptions::parse({"all"});
  ASSERT_TRUE(static_cast<bool>(All));
  EXPECT_TRUE(All->reassociate());
}

TEST(Assumptions, RejectsMalformedFacts) {
  for (const char *Bad : {"aligned:x", "aligned:x:12", "aligned:x:zero", "multiple:n:0",
                          "noalias:a:b", "sorted:x", "aligned::16", "reassociate:x"}) {
    auto A = Assumptions::parse({Bad});
    EXPECT_FALSE(static_cast<bool>(A)) << Bad;
    if (!A)
      EXPECT_NE(llvm::toString(A.takeError()).find("invalid --assume fact"), std::string::npos);
  }
}

TEST(Assumptions, DescribeRoundTrips) {
  auto A = Assumptions::parse({"aligned:k.x:16,noalias,multiple:n:4,all"});
  ASSERT_TRUE(static_cast<bool>(A));
  std::vector<std::string> Expected = {"aligned:k.x:16", "noalias", "multiple:n:4", "all"};
  EXPECT_EQ(A->describe(), Expected);
}

TEST(Assumptions, LaunchShapes) {
  auto A = Assumptions::parse({"block:16,16,aligned:x:16", "grid:k:8", "block:k:256"});
  ASSERT_TRUE(static_cast<bool>(A)) << llvm::toString(A.takeError());
  EXPECT_EQ(A->block("other"), (std::array<uint64_t, 3>{16, 16, 1})) << "',' continues the dimensions";
  EXPECT_EQ(A->block("k"), (std::array<uint64_t, 3>{256, 1, 1})) << "the kernel's own fact wins";
  EXPECT_EQ(A->grid("k"), (std::array<uint64_t, 3>{8, 1, 1}));
  EXPECT_EQ(A->grid("other"), std::nullopt);
  EXPECT_EQ(A->alignment("f", "x"), 16u) << "the next fact after the dimensions";
  std::vector<std::string> Expected = {"block:16,16", "aligned:x:16", "grid:k:8", "block:k:256"};
  EXPECT_EQ(A->describe(), Expected);
}

TEST(Assumptions, RejectsMalformedShapes) {
  for (const char *Bad : {"block", "block:0", "block:x", "block:1,2,3,4", "16", "aligned:x:16,4",
                          "block:2048", "block:32,32,2", "block:1,1,65", "grid::4", "block:k:4:4"}) {
    auto A = Assumptions::parse({Bad});
    EXPECT_FALSE(static_cast<bool>(A)) << Bad;
    if (!A)
      EXPECT_NE(llvm::toString(A.takeError()).find("invalid --assume fact"), std::string::npos);
  }
}

TEST(Assumptions, MaxAndGridEditExternal) {
  auto A = Assumptions::parse({"max:k.n:1000,max:n:5000", "grid-edit-external:k,grid-edit-external:q"});
  ASSERT_TRUE(static_cast<bool>(A)) << llvm::toString(A.takeError());
  EXPECT_EQ(A->maxValue("k", "n"), 1000u) << "the smallest bound that applies";
  EXPECT_EQ(A->maxValue("other", "n"), 5000u);
  EXPECT_EQ(A->maxValue("k", "m"), std::nullopt);
  EXPECT_TRUE(A->gridEditExternal("k"));
  EXPECT_FALSE(A->gridEditExternal("other"));
  std::vector<std::string> Expected = {"max:k.n:1000", "max:n:5000", "grid-edit-external:k",
                                       "grid-edit-external:q"};
  EXPECT_EQ(A->describe(), Expected);
  auto Every = Assumptions::parse({"grid-edit-external"});
  ASSERT_TRUE(static_cast<bool>(Every));
  EXPECT_TRUE(Every->gridEditExternal("any"));
  for (const char *Bad : {"max:n", "max:n:-3", "max::4", "grid-edit-external:", "grid-edit-external:a:b"}) {
    auto B = Assumptions::parse({Bad});
    EXPECT_FALSE(static_cast<bool>(B)) << Bad;
    if (!B)
      llvm::consumeError(B.takeError());
  }
}

TEST(Assumptions, BinsAndReassociate) {
  auto A = Assumptions::parse({"bins:hist:256,bins:k2.h:64", "reassociate"});
  ASSERT_TRUE(static_cast<bool>(A)) << llvm::toString(A.takeError());
  EXPECT_EQ(A->bins("k", "hist"), 256u);
  EXPECT_EQ(A->bins("k2", "h"), 64u);
  EXPECT_EQ(A->bins("k", "h"), std::nullopt) << "qualified facts bind to their function only";
  EXPECT_TRUE(A->reassociate());
  EXPECT_FALSE(A->all());
  std::vector<std::string> Expected = {"bins:hist:256", "bins:k2.h:64", "reassociate"};
  EXPECT_EQ(A->describe(), Expected);
  for (const char *Bad : {"bins:hist", "bins:hist:0", "bins::8", "reassociate:x"}) {
    auto B = Assumptions::parse({Bad});
    EXPECT_FALSE(static_cast<bool>(B)) << Bad;
    if (!B)
      llvm::consumeError(B.takeError());
  }
}

TEST(Assumptions, ParameterRangesBoundTheParametersOfMaxFacts) {
  auto AST = test::parseCuda(R"cu(
    __global__ void count(const int *in, unsigned *hist, unsigned long n, int bins, short lanes) {
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      int b = in[i];
      if (i < n && 0 <= b && b < bins)
        atomicAdd(&hist[b], 1u);
    }
  )cu");
  ASSERT_TRUE(AST);
  const clang::FunctionDecl *FD = test::functionNamed(AST->ast(), "count");
  ASSERT_TRUE(FD);
  auto A = Assumptions::parse({"max:count.bins:256", "max:lanes:100000", "max:other.n:7"});
  ASSERT_TRUE(static_cast<bool>(A)) << llvm::toString(A.takeError());
  std::vector<std::optional<analysis::IntRange>> R = A->parameterRanges(FD);
  ASSERT_EQ(R.size(), 5u);
  EXPECT_FALSE(R[0]) << "a pointer takes no bound";
  EXPECT_FALSE(R[2]) << "the fact names another kernel's n";
  ASSERT_TRUE(R[3]);
  EXPECT_EQ(R[3]->Lo, INT32_MIN) << "the type's lower end stays";
  EXPECT_EQ(R[3]->Hi, 256);
  ASSERT_TRUE(R[4]);
  EXPECT_EQ(R[4]->Hi, INT16_MAX) << "a bound above the type's range leaves the type's";
  // What the bound buys: `b < bins` bounds the bin.
  analysis::ValueRanges VR(AST->ast(), FD, R);
  const clang::Expr *Index = nullptr;
  for (const auto &M : clang::ast_matchers::match(
           clang::ast_matchers::findAll(clang::ast_matchers::arraySubscriptExpr().bind("a")),
           *FD->getBody(), AST->ast()))
    if (const auto *ASE = M.getNodeAs<clang::ArraySubscriptExpr>("a");
        ASE && llvm::isa<clang::DeclRefExpr>(ASE->getIdx()->IgnoreParenImpCasts()) &&
        llvm::cast<clang::DeclRefExpr>(ASE->getIdx()->IgnoreParenImpCasts())->getDecl()->getName() == "b")
      Index = ASE->getIdx();
  ASSERT_TRUE(Index);
  std::optional<analysis::IntRange> B = VR.rangeOf(Index);
  ASSERT_TRUE(B);
  EXPECT_EQ(B->Lo, 0);
  EXPECT_EQ(B->Hi, 255);
}
