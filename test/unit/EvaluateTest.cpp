//===- EvaluateTest.cpp - The evaluation table from optimize records ------===//
#include "klineage/Optimizer/Evaluate.h"
#include "klineage/Optimizer/Optimizer.h"
#include "gtest/gtest.h"
#include <cmath>

using namespace klineage;
using namespace klineage::optimizer;
using llvm::json::Array;
using llvm::json::Object;

namespace {

/// A record of a search that took steps with these (after_ms, evaluations
/// spent) from an input of \p InMs.
Object record(double InMs, std::vector<std::pair<double, int>> Steps, int Wrong = 0) {
  Array S;
  double Before = InMs;
  for (auto [After, Evals] : Steps) {
    S.push_back(Object{{"rewrite", "r"},
                       {"before_ms", Before},
                       {"after_ms", After},
                       {"slowdown", After / Before},
                       {"gate_evaluations", Evals},
                       {"after_profile", Object{{"pct_copy_bw", 50.0}}}});
    Before = After;
  }
  return Object{{"input_ms", InMs},
                {"steps", std::move(S)},
                {"status", "root"},
                {"measured", true},
                {"gate_evaluations", Steps.empty() ? 3 : Steps.back().second + 2},
                {"wrong_kernels", Wrong},
                {"compile_rejected", 1}};
}

const Object *row(const Object &T, size_t I) { return (*T.getArray("rows"))[I].getAsObject(); }
const Object *method(const Object &T, size_t I) { return (*T.getArray("methods"))[I].getAsObject(); }

TEST(EvaluateTest, SpeedupEvaluationsTo95AndGeomean) {
  std::vector<EvalRun> Runs(3);
  Runs[0] = {"k1", "skills", "d", record(10, {{5, 2}, {4.9, 6}}), ""};
  Runs[1] = {"k2", "skills", "d", record(8, {{2, 4}}, /*Wrong=*/1), ""};
  Runs[2] = {"k1", "unconditioned", "d", record(10, {}), ""};
  Object T = evaluationTable(Runs);
  // k1/skills: 10 -> 4.9 ms; 5 ms is within 5% of 4.9 (5 <= 4.9 / 0.95), reached after 2 evaluations.
  EXPECT_NEAR(*row(T, 0)->getNumber("speedup"), 10 / 4.9, 1e-9);
  EXPECT_EQ(*row(T, 0)->getInteger("evaluations_to_95pct"), 2);
  EXPECT_EQ(row(T, 0)->getString("ceiling").value_or(""), "memory");
  EXPECT_EQ(*row(T, 1)->getInteger("wrong_kernels"), 1);
  // No step: the input is the result, 1x, no evaluation needed.
  EXPECT_NEAR(*row(T, 2)->getNumber("speedup"), 1.0, 1e-12);
  EXPECT_EQ(*row(T, 2)->getInteger("evaluations_to_95pct"), 0);
  // Per method: the geometric mean of the timed runs.
  EXPECT_EQ(method(T, 0)->getString("method").value_or(""), "skills");
  EXPECT_NEAR(*method(T, 0)->getNumber("geomean_speedup"), std::sqrt((10 / 4.9) * 4.0), 1e-9);
  EXPECT_NEAR(*method(T, 0)->getNumber("mean_evaluations_to_95pct"), 3.0, 1e-12);
  EXPECT_EQ(*method(T, 0)->getInteger("wrong_kernels"), 1);
  EXPECT_NEAR(*T.getNumber("skills_over_unconditioned"), std::sqrt((10 / 4.9) * 4.0), 1e-9);
  std::string Md = evaluationMarkdown(T);
  EXPECT_NE(Md.find("| k1 | skills | 2 | r, r | 10.0000 ms | 4.9000 ms | 2.041x | 50.0% memory | 8 | 2 | 0 | 1 |"),
            std::string::npos)
      << Md;
}

TEST(EvaluateTest, UnmeasuredAndFailedRuns) {
  Object Unmeasured{{"steps", Array{Object{{"rewrite", "loop-unroll"}}}}, {"status", "root"}, {"measured", false}};
  std::vector<EvalRun> Runs(2);
  Runs[0] = {"k", "catalogue", "d", std::move(Unmeasured), ""};
  Runs[1] = {"k", "replay", "d", std::nullopt, "exit status 1: no lineage"};
  Object T = evaluationTable(Runs);
  EXPECT_FALSE(row(T, 0)->getNumber("speedup"));
  EXPECT_EQ(row(T, 1)->getString("error").value_or(""), "exit status 1: no lineage");
  EXPECT_EQ(*method(T, 1)->getInteger("failed"), 1);
  EXPECT_FALSE(method(T, 0)->getNumber("geomean_speedup"));
  EXPECT_FALSE(T.getNumber("skills_over_unconditioned"));
  std::string Md = evaluationMarkdown(T);
  EXPECT_NE(Md.find("| k | catalogue | 1 | loop-unroll | - | unmeasured |"), std::string::npos) << Md;
}

TEST(EvaluateTest, MethodNames) {
  for (Method M : {Method::Skills, Method::Catalogue, Method::Unconditioned, Method::Replay})
    EXPECT_EQ(parseMethod(methodName(M)), M);
  EXPECT_FALSE(parseMethod("fastest"));
}

} // namespace

namespace {

skills::SkillCard card(double Speedup, const char *Bound) {
  skills::SkillCard C;
  C.Id = "smem-tile/w-step1";
  C.Measured = Speedup > 0;
  C.Speedup = Speedup;
  if (*Bound)
    C.Context["bound"] = Bound;
  return C;
}

lineage::KernelContext context(const char *Kind, double Pct) {
  lineage::KernelContext K;
  if (*Kind)
    K.B = lineage::Bound{Kind, Pct};
  return K;
}

} // namespace

TEST(ExpectedGainTest, MeasuredEffectReadInTheKernelsContext) {
  // Nothing known of the kernel: the card's measured effect.
  EXPECT_DOUBLE_EQ(expectedGain(card(1.5, "memory"), context("", 0)).Gain, 1.5);
  // Unmeasured cards promise the prior: above a card measured at 1x.
  Expectation U = expectedGain(card(0, ""), context("memory", 20));
  EXPECT_DOUBLE_EQ(U.Gain, UnmeasuredPrior);
  EXPECT_GT(U.Gain, expectedGain(card(1.0, "memory"), context("memory", 20)).Gain);
  EXPECT_NE(U.Why.find("unmeasured"), std::string::npos);
  // Same bound, room enough: unchanged.
  EXPECT_DOUBLE_EQ(expectedGain(card(1.5, "memory"), context("memory", 20)).Gain, 1.5);
  // The other bound: the part above 1x halved.
  Expectation H = expectedGain(card(1.5, "compute"), context("memory", 20));
  EXPECT_DOUBLE_EQ(H.Gain, 1.25);
  EXPECT_NE(H.Why.find("compute-bound kernel, this one is memory-bound"), std::string::npos);
  // At 80% of its ceiling a kernel gains at most 1.25x.
  Expectation C = expectedGain(card(3.0, "memory"), context("memory", 80));
  EXPECT_DOUBLE_EQ(C.Gain, 1.25);
  EXPECT_NE(C.Why.find("80% of the copy bandwidth"), std::string::npos);
  // Past the ceiling (a cached size): nothing above 1x.
  EXPECT_DOUBLE_EQ(expectedGain(card(1.3, "memory"), context("memory", 104)).Gain, 1.0);
  // A card that slowed its kernel stays below 1x (never raised).
  EXPECT_DOUBLE_EQ(expectedGain(card(0.9, "compute"), context("memory", 50)).Gain, 0.9);
}

TEST(ExpectedGainTest, MeasuredCardsOutweighAnUnmeasuredOne) {
  lineage::KernelContext K = context("memory", 20);
  skills::SkillCard Flat1 = card(1.0, "memory"), Flat2 = card(0.999, "memory"), Unmeasured = card(0, "");
  // Measured at about 1x twice, and one expert step of unknown effect: the
  // measurements decide (below a rewrite known only from an unmeasured card).
  Expectation R = rewriteExpectation({&Unmeasured, &Flat1, &Flat2}, K);
  EXPECT_DOUBLE_EQ(R.Gain, 1.0);
  EXPECT_LT(R.Gain, rewriteExpectation({&Unmeasured}, K).Gain);
  EXPECT_DOUBLE_EQ(rewriteExpectation({&Unmeasured}, K).Gain, UnmeasuredPrior);
  // Among measured cards, the best expectation.
  skills::SkillCard Paid = card(1.5, "memory");
  EXPECT_DOUBLE_EQ(rewriteExpectation({&Flat1, &Paid, &Unmeasured}, K).Gain, 1.5);
  // A measured slowdown still outranks nothing but itself: no prior raises it.
  skills::SkillCard Slow = card(0.9, "memory");
  EXPECT_DOUBLE_EQ(rewriteExpectation({&Unmeasured, &Slow}, K).Gain, 0.9);
}

namespace {
/// A pair with the options of register-tile and software-pipeline's kinds.
class OptionedPair : public RewritePair {
public:
  llvm::StringRef name() const override { return "optioned"; }
  llvm::StringRef intent() const override { return "test"; }
  llvm::ArrayRef<PreconditionSpec> preconditions() const override { return {}; }
  llvm::ArrayRef<OptionSpec> options() const override {
    static const OptionSpec Opts[] = {
        {"tm", OptionSpec::Int, "4", "rows", 1, 16},
        {"mechanism", OptionSpec::Enum, "registers", "how", 0, 0, {"registers", "cp-async"}},
    };
    return Opts;
  }
  void findSites(Direction, AnalysisContext &) const override {}
};
} // namespace

TEST(OptionChoicesTest, CardsFirstThenDefaultsThenNeighbours) {
  OptionedPair R;
  skills::SkillCard A, B, C;
  A.Options = {{"tm", "8"}, {"unknown-key", "1"}}; // the unknown key is dropped
  A.Measured = true;
  A.Speedup = 1.2;
  B.Options = {{"tm", "2"}};
  B.Measured = true;
  B.Speedup = 1.5; // measured better: first
  C.Options = {{"tm", "99"}}; // out of range: dropped, leaving the defaults
  auto Ch = optionChoices(R, {&A, &B, &C}, 10);
  std::vector<RewriteOptions> Want = {
      {{"tm", "2"}}, {{"tm", "8"}}, {}, {{"mechanism", "cp-async"}}};
  EXPECT_EQ(Ch, Want);
  // At most Max sets.
  EXPECT_EQ(optionChoices(R, {&A, &B, &C}, 2).size(), 2u);
  // No cards: the defaults, then the neighbours (tm 8 and 2, the other mechanism).
  std::vector<RewriteOptions> Alone = {{}, {{"tm", "8"}}, {{"tm", "2"}}, {{"mechanism", "cp-async"}}};
  EXPECT_EQ(optionChoices(R, {}, 10), Alone);
}
