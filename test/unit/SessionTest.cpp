//===- SessionTest.cpp - Site descriptors and typed options ---------------===//
#include "klineage/Rewrite/Session.h"
#include "gtest/gtest.h"

using namespace klineage;

namespace {

TEST(SiteDescriptor, RoundTripsThroughItsString) {
  SiteDescriptor D{"loop-unroll", Direction::Forward, "ns::k", "insert",
                   "for (int i = 0; a[i] || b\\c; ++i)", 2};
  std::string S = D.str();
  EXPECT_EQ(S, "loop-unroll|forward|ns::k|insert|2|for (int i = 0; a[i] \\|\\| b\\\\c; ++i)");
  auto P = SiteDescriptor::parse(S);
  ASSERT_TRUE(P.has_value());
  EXPECT_TRUE(*P == D);
  EXPECT_FALSE(SiteDescriptor::parse("loop-unroll|sideways|k|insert|1|x").has_value());
  EXPECT_FALSE(SiteDescriptor::parse("loop-unroll|forward|k|insert|0|x").has_value());
  EXPECT_FALSE(SiteDescriptor::parse("loop-unroll|forward|k").has_value());
}

TEST(SiteDescriptor, MatchesTheSiteItDescribes) {
  Site S;
  S.Rewrite = "r";
  S.Function = "k";
  S.Kind = "insert";
  S.AnchorText = "for (;;)";
  S.Ordinal = 1;
  SiteDescriptor D = SiteDescriptor::of(S);
  EXPECT_TRUE(D.matches(S));
  S.Offset = 99; // an unrelated edit moved it: still the same site
  S.Id = 7;
  EXPECT_TRUE(D.matches(S));
  S.Ordinal = 2;
  EXPECT_FALSE(D.matches(S));
}

TEST(OptionSpec, ValidatesTypesAndRanges) {
  OptionSpec Factor{"unroll-factor", OptionSpec::Int, "full", "", 2, 1024, {"full"}};
  EXPECT_FALSE(bool(validateOptionValue(Factor, "full")));
  EXPECT_FALSE(bool(validateOptionValue(Factor, "8")));
  llvm::Error E = validateOptionValue(Factor, "1");
  EXPECT_EQ(llvm::toString(std::move(E)),
            "option 'unroll-factor' must be 'full' or an integer from 2 to 1024, not '1'");
  OptionSpec Width{"vector-width", OptionSpec::Enum, "auto", "", 0, 0, {"auto", "4", "2"}};
  EXPECT_FALSE(bool(validateOptionValue(Width, "2")));
  EXPECT_EQ(llvm::toString(validateOptionValue(Width, "8")),
            "option 'vector-width' must be one of 'auto', '4', '2', not '8'");
  OptionSpec Flag{"flag", OptionSpec::Bool, "false", ""};
  EXPECT_FALSE(bool(validateOptionValue(Flag, "true")));
  llvm::Error Bad = validateOptionValue(Flag, "yes");
  EXPECT_TRUE(bool(Bad));
  llvm::consumeError(std::move(Bad));
}

} // namespace
