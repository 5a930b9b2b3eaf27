//===- SessionTest.cpp - Site descriptors, writes, typed options ----------===//
#include "klineage/Rewrite/Session.h"
#include "llvm/Support/FileSystem.h"
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

TEST(SiteDescriptor, NamesTheHeaderOfAHeaderSite) {
  SiteDescriptor D{"loop-unroll", Direction::Forward, "scale", "insert", "for (;;)", 1, "sub/k.cuh"};
  EXPECT_EQ(D.str(), "loop-unroll|forward|scale|insert|1|for (;;)|sub/k.cuh");
  auto P = SiteDescriptor::parse(D.str());
  ASSERT_TRUE(P.has_value());
  EXPECT_TRUE(*P == D);
  // Six fields: a main-file site, as before headers had sites.
  auto Main = SiteDescriptor::parse("loop-unroll|forward|scale|insert|1|for (;;)");
  ASSERT_TRUE(Main.has_value());
  EXPECT_TRUE(Main->Header.empty());
  EXPECT_FALSE(*Main == D) << "the same text in the main file is another site";
  EXPECT_FALSE(SiteDescriptor::parse("loop-unroll|forward|scale|insert|1|for (;;)|").has_value());
}

TEST(Session, WritesEveryFileOrNone) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("kl-session", Dir));
  std::string First = (Dir + "/a.cu").str(), Second = (Dir + "/missing/b.cuh").str();
  clang::tooling::FixedCompilationDatabase DB(".", {});
  Session S(DB, SessionOptions());
  EXPECT_TRUE(llvm::errorToBool(S.write({{First, "a"}, {Second, "b"}})))
      << "the second target's directory does not exist";
  EXPECT_FALSE(llvm::sys::fs::exists(First)) << "nothing is written when one file fails";
  std::error_code EC;
  unsigned Left = 0;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC; It.increment(EC))
    ++Left;
  EXPECT_EQ(Left, 0u) << "no temporary file is left behind";
  ASSERT_FALSE(llvm::sys::fs::create_directory(Dir + "/missing"));
  EXPECT_FALSE(llvm::errorToBool(S.write({{First, "a"}, {Second, "b"}})));
  EXPECT_TRUE(llvm::sys::fs::exists(First) && llvm::sys::fs::exists(Second));
  llvm::sys::fs::remove_directories(Dir);
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
