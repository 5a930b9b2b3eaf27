//===- SkillCardTest.cpp - Skill cards written and read back --------------===//
#include "klineage/Skills/SkillCard.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace klineage::skills;

namespace {

SkillCard roundTrip(const SkillCard &C) {
  llvm::SmallString<128> Path;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("card", "yaml", Path));
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    OS << emitSkillCard(C);
  }
  auto Back = loadSkillCard(std::string(Path));
  llvm::sys::fs::remove(Path);
  if (!Back) {
    ADD_FAILURE() << llvm::toString(Back.takeError());
    return {};
  }
  return *Back;
}

SkillCard sample() {
  SkillCard C;
  C.Id = "smem-pad/t-step1";
  C.Intent = "pad: it pays";
  C.Rewrite = "smem-pad";
  C.SiteKind = "shared-array";
  C.Preconditions.push_back({"indices-within-rows", "holds", "every subscript: fine", ""});
  C.Context["bound"] = "memory";
  C.Risks.push_back({"layout-unobserved", "no reinterpretation", "probed", "k.cu:3", "forced -> gate: ok"});
  C.Lineage = "bench/lineage/t/lineage.json";
  C.Step = 1;
  return C;
}

} // namespace

TEST(SkillCard, CodeWhoseFirstLineIsIndentedDeeperSurvives) {
  // A literal block takes its indentation from its first line: these
  // excerpts must come back all the same (less their common indentation).
  SkillCard C = sample();
  C.Before = "        atomicAdd(&bins[v], 1u);\n    __shared__ unsigned hist[256];\n#pragma unroll\n";
  C.After = "  int i = 0;\n  i += 1;\n";
  SkillCard B = roundTrip(C);
  EXPECT_EQ(B.Before, C.Before);
  EXPECT_EQ(B.After, "int i = 0;\ni += 1;\n");
  C.Before = "      if (x)\n    y();\n";
  EXPECT_EQ(roundTrip(C).Before, "  if (x)\ny();\n");
}

TEST(SkillCard, FieldsRoundTrip) {
  SkillCard C = sample();
  C.Measured = true;
  C.Speedup = 1.25;
  C.SpeedupLow = 1.2;
  C.SpeedupHigh = 1.3;
  C.Gpu = "NVIDIA H200";
  SkillCard B = roundTrip(C);
  EXPECT_EQ(B.Id, C.Id);
  EXPECT_EQ(B.Intent, C.Intent);
  ASSERT_EQ(B.Preconditions.size(), 1u);
  EXPECT_EQ(B.Preconditions[0].Reason, "every subscript: fine");
  EXPECT_EQ(B.Context.at("bound"), "memory");
  ASSERT_EQ(B.Risks.size(), 1u);
  EXPECT_EQ(B.Risks[0].Outcome, "forced -> gate: ok");
  EXPECT_TRUE(B.Measured);
  EXPECT_DOUBLE_EQ(B.Speedup, 1.25);
  EXPECT_DOUBLE_EQ(B.SpeedupHigh, 1.3);
  EXPECT_EQ(B.Gpu, "NVIDIA H200");
}
