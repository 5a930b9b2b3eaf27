//===- GateExprTest.cpp - Manifest size expressions -----------------------===//
#include "klineage/Gate/Expr.h"
#include "gtest/gtest.h"

using namespace klineage::gate;

namespace {

int64_t eval(const std::string &Text, const VarMap &Vars = {{"M", 96}, {"N", 4096}, {"K", 7}}) {
  auto V = evalExpr(Text, Vars);
  EXPECT_TRUE(static_cast<bool>(V)) << Text;
  if (!V) {
    llvm::consumeError(V.takeError());
    return INT64_MIN;
  }
  return *V;
}

std::string error(const std::string &Text) {
  auto V = evalExpr(Text, {{"N", 4}});
  if (V)
    return "<no error>";
  return llvm::toString(V.takeError());
}

TEST(GateExpr, PrecedenceAndAssociativity) {
  EXPECT_EQ(eval("8*M*N + 100"), 8 * 96 * 4096 + 100);
  EXPECT_EQ(eval("N - M - K"), 4096 - 96 - 7) << "left-associative";
  EXPECT_EQ(eval("N / 4 / 2"), 512);
  EXPECT_EQ(eval("N % 100 * 2"), (4096 % 100) * 2);
  EXPECT_EQ(eval("-3 - -4*2"), 5);
  EXPECT_EQ(eval("(M + K) * 2"), 206);
  EXPECT_EQ(eval("1'000'000"), 1000000);
}

TEST(GateExpr, ComparisonsAndLogic) {
  EXPECT_EQ(eval("N % 4 == 0 && N >= 4"), 1);
  EXPECT_EQ(eval("M % 128 == 0"), 0);
  EXPECT_EQ(eval("K != 7 || M <= 96"), 1);
  EXPECT_EQ(eval("M < 96"), 0);
  EXPECT_EQ(eval("M > 95"), 1);
  EXPECT_EQ(eval("!(M < 0)"), 1);
  EXPECT_EQ(eval("1 + 2 == 3"), 1) << "arithmetic binds tighter than ==";
  EXPECT_EQ(eval("0 || 1 && 0"), 0) << "&& binds tighter than ||";
}

TEST(GateExpr, Errors) {
  EXPECT_NE(error("N / 0").find("division by zero"), std::string::npos);
  EXPECT_NE(error("9223372036854775807 + 1").find("integer overflow"), std::string::npos);
  EXPECT_NE(error("N +").find("unexpected end"), std::string::npos);
  EXPECT_NE(error("(N").find("expected ')'"), std::string::npos);
  EXPECT_NE(error("N N").find("unexpected 'N'"), std::string::npos);
}

} // namespace
