//===- LineageDiffTest.cpp - The unified diff a lineage step records ------===//
#include "klineage/Lineage/Lineage.h"
#include "gtest/gtest.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using klineage::lineage::unifiedDiff;

TEST(LineageDiff, EqualTextsGiveNothing) {
  EXPECT_EQ(unifiedDiff("a\nb\n", "a\nb\n", "x", "y"), "");
}

TEST(LineageDiff, OneChangedLineWithContext) {
  std::string Old = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
  std::string New = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n";
  EXPECT_EQ(unifiedDiff(Old, New, "a.cu", "b.cu"),
            "--- a.cu\n+++ b.cu\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n");
}

TEST(LineageDiff, InsertionAndRemovalCounts) {
  // An added line at the top, a removed line at the bottom: two hunks.
  std::string Old = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n";
  std::string New = "#pragma unroll\na\nb\nc\nd\ne\nf\ng\nh\ni\nk\n";
  EXPECT_EQ(unifiedDiff(Old, New, "o", "n"),
            "--- o\n+++ n\n@@ -1,3 +1,4 @@\n+#pragma unroll\n a\n b\n c\n"
            "@@ -7,5 +8,4 @@\n g\n h\n i\n-j\n k\n");
}

TEST(LineageDiff, NearbyChangesShareAHunk) {
  std::string Old = "a\nb\nc\nd\ne\nf\n";
  std::string New = "A\nb\nc\nd\ne\nF\n";
  EXPECT_EQ(unifiedDiff(Old, New, "o", "n"),
            "--- o\n+++ n\n@@ -1,6 +1,6 @@\n-a\n+A\n b\n c\n d\n e\n-f\n+F\n");
}

// The forward search's speed bar (docs/optimize.md): the candidate's median
// below the input's p10 of the same run.
TEST(NotFasterReason, FasterThanTheInputsFastestTenthPays) {
  llvm::json::Object P{{"p10_ms", 4.6515}, {"median_ms", 4.6522}};
  EXPECT_FALSE(klineage::lineage::notFasterReason(4.6522, P, 4.5633));
}

TEST(NotFasterReason, AWinInsideTheNoiseDoesNotPay) {
  llvm::json::Object P{{"p10_ms", 0.6830}};
  auto Why = klineage::lineage::notFasterReason(0.6851, P, 0.6850);
  ASSERT_TRUE(Why);
  EXPECT_NE(Why->find("beyond the noise"), std::string::npos) << *Why;
  EXPECT_NE(Why->find("0.6830"), std::string::npos) << *Why;
}

TEST(NotFasterReason, SlowerOrEqualNeverPays) {
  llvm::json::Object NoSpread;
  auto Why = klineage::lineage::notFasterReason(1.0, NoSpread, 1.0);
  ASSERT_TRUE(Why);
  EXPECT_EQ(Why->rfind("not faster: ", 0), 0u) << *Why;
  EXPECT_FALSE(klineage::lineage::notFasterReason(1.0, NoSpread, 0.99)); // no profile: the median is the bar
  EXPECT_TRUE(klineage::lineage::notFasterReason(1.0, NoSpread, -1));   // no time: nothing to keep
}

// The pair cache's key: the content of both kernels and the manifest and the
// gate flags, not the paths (two methods' folders hold copies of one kernel).
TEST(PairCacheKey, ContentAndFlagsNotPaths) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("pair-cache-key", Dir));
  auto Write = [&](const char *Name, llvm::StringRef Text) {
    std::string P = (Dir + "/" + Name).str();
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    OS << Text;
    return P;
  };
  std::string A = Write("a.cu", "A"), A2 = Write("a2.cu", "A"), B = Write("b.cu", "B"), M = Write("m.yaml", "M");
  using klineage::lineage::pairCacheKey;
  auto K = pairCacheKey({A, B}, M, {"--repeat", "1"});
  ASSERT_TRUE(K);
  EXPECT_EQ(K, pairCacheKey({A2, B}, M, {"--repeat", "1"}));  // another path, the same kernel
  EXPECT_NE(K, pairCacheKey({B, A}, M, {"--repeat", "1"}));   // the order is the pair's
  EXPECT_NE(K, pairCacheKey({A, B}, M, {"--repeat", "2"}));   // other flags
  Write("b.cu", "B'");
  EXPECT_NE(K, pairCacheKey({A, B}, M, {"--repeat", "1"}));   // an edited kernel
  EXPECT_FALSE(pairCacheKey({A, Dir.str().str() + "/missing.cu"}, M, {}));
  llvm::sys::fs::remove_directories(Dir);
}
