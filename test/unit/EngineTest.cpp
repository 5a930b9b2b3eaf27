//===- EngineTest.cpp - Engine internals: merge, select, apply ------------===//
#include "klineage/Rewrite/SiteEdits.h"
#include "klineage/Rewrite/Engine.h"
#include "klineage/Rewrite/Session.h"
#include "clang/AST/Decl.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace klineage;
using namespace clang;
using namespace clang::ast_matchers;

namespace {

Site makeSite(unsigned Id, std::vector<TextEdit> Edits, Status St = Status::Holds) {
  Site S;
  S.Rewrite = "test";
  S.Id = Id;
  S.File = "f.cu";
  S.Edits = std::move(Edits);
  S.addPrecondition("p", St, "because");
  return S;
}

/// Applies to one file holding \p Text (the edits name it "").
ApplyResult applyTo(llvm::StringRef Text, std::vector<Site> &Sites, llvm::ArrayRef<unsigned> Only,
                    bool AllowUnknown) {
  return applySites([&](llvm::StringRef) -> std::optional<llvm::StringRef> { return Text; }, Sites,
                    Only, AllowUnknown);
}
std::string textOf(const ApplyResult &R) { return R.Texts.count("") ? R.Texts.at("") : ""; }

TEST(ApplySites, AppliesNonOverlappingEditsInOrder) {
  std::vector<Site> Sites = {makeSite(1, {{0, 3, "XYZ"}}), makeSite(2, {{4, 0, "+"}})};
  ApplyResult R = applyTo("abc def", Sites, {}, false);
  EXPECT_EQ(R.Outcome, ApplyResult::Applied);
  EXPECT_EQ(textOf(R), "XYZ +def");
  EXPECT_EQ(R.AppliedSites.size(), 2u);
}

TEST(ApplySites, RefusesAConflictingSiteAndNamesTheFirst) {
  std::vector<Site> Sites = {makeSite(1, {{0, 5, "Q"}}), makeSite(2, {{3, 2, "R"}})};
  ApplyResult R = applyTo("abcdefg", Sites, {}, false);
  EXPECT_EQ(R.Outcome, ApplyResult::Applied);
  EXPECT_EQ(textOf(R), "Qfg");
  ASSERT_EQ(R.RefusedSites.size(), 1u);
  const PreconditionResult *B = R.RefusedSites[0]->blocker(false);
  ASSERT_NE(B, nullptr);
  EXPECT_EQ(B->Name, NoConflict);
  EXPECT_NE(B->Reason.find("site 1"), std::string::npos);
}

TEST(ApplySites, UnknownBlocksUnlessAsserted) {
  std::vector<Site> Sites = {makeSite(1, {{0, 1, "z"}}, Status::Unknown)};
  EXPECT_EQ(applyTo("abc", Sites, {}, false).Outcome, ApplyResult::NotApplicable);
  EXPECT_EQ(textOf(applyTo("abc", Sites, {}, true)), "zbc");
}

TEST(ApplySites, FailsIsNeverOverridden) {
  std::vector<Site> Sites = {makeSite(1, {{0, 1, "z"}}, Status::Fails)};
  ApplyResult R = applyTo("abc", Sites, {}, /*AllowUnknown=*/true);
  EXPECT_EQ(R.Outcome, ApplyResult::NotApplicable);
  EXPECT_TRUE(R.Texts.empty()) << "nothing is produced when nothing applies";
}

TEST(ApplySites, SelectsOneSite) {
  std::vector<Site> Sites = {makeSite(1, {{0, 1, "X"}}), makeSite(2, {{2, 1, "Z"}})};
  EXPECT_EQ(textOf(applyTo("abc", Sites, {2u}, false)), "abZ");
  EXPECT_EQ(applyTo("abc", Sites, {7u}, false).Outcome, ApplyResult::NoMatch);
}

TEST(ApplySites, EditsSeveralFilesAndOnlyOverlapsWithinOne) {
  // A kernel in a header and its launch in the main file: one site, two
  // files; equal offsets in different files do not conflict.
  std::vector<Site> Sites = {makeSite(1, {{0, 1, "H", "k.cuh"}, {0, 1, "M", "m.cu"}}),
                             makeSite(2, {{2, 1, "h", "k.cuh"}})};
  auto Files = [](llvm::StringRef F) -> std::optional<llvm::StringRef> {
    if (F == "k.cuh")
      return llvm::StringRef("abc");
    if (F == "m.cu")
      return llvm::StringRef("xyz");
    return std::nullopt;
  };
  ApplyResult R = applySites(Files, Sites, {}, false);
  ASSERT_EQ(R.Outcome, ApplyResult::Applied);
  EXPECT_EQ(R.Texts.at("k.cuh"), "Hbh");
  EXPECT_EQ(R.Texts.at("m.cu"), "Myz");
  EXPECT_EQ(R.AppliedSites.size(), 2u);
  // Only the changed files are produced.
  std::vector<Site> One = {makeSite(1, {{1, 1, "Y", "m.cu"}})};
  R = applySites(Files, One, {}, false);
  EXPECT_EQ(R.Texts.size(), 1u);
  EXPECT_EQ(R.Texts.at("m.cu"), "xYz");
  // An edit of a file the caller does not know is a failure, not a guess.
  std::vector<Site> Unknown = {makeSite(1, {{0, 1, "Q", "other.cuh"}})};
  R = applySites(Files, Unknown, {}, false);
  EXPECT_EQ(R.Outcome, ApplyResult::FailedAfterChange);
  EXPECT_TRUE(R.Texts.empty());
}

TEST(ApplySites, OverlapInsideOneSiteIsFailedAfterChange) {
  std::vector<Site> Sites = {makeSite(1, {{0, 3, "X"}, {1, 1, "Y"}})};
  ApplyResult R = applyTo("abcd", Sites, {}, false);
  EXPECT_EQ(R.Outcome, ApplyResult::FailedAfterChange);
  EXPECT_FALSE(R.Failure.empty());
}

/// A toy rewrite over real ASTs: renames `return <int literal>` to 0, so we
/// can test instantiation merging and macro refusal on parsed code.
class ZeroReturns : public RewritePair {
public:
  llvm::StringRef name() const override { return "zero-returns"; }
  llvm::StringRef intent() const override { return "test"; }
  llvm::ArrayRef<PreconditionSpec> preconditions() const override {
    static const PreconditionSpec Specs[] = {
        {"positive", Direction::Forward, 9001, "the literal is positive"}};
    return Specs;
  }
  void findSites(Direction D, AnalysisContext &Ctx) const override {
    struct CB : MatchFinder::MatchCallback {
      AnalysisContext &Ctx;
      Direction D;
      CB(AnalysisContext &C, Direction D) : Ctx(C), D(D) {}
      void run(const MatchFinder::MatchResult &R) override {
        const auto *E = R.Nodes.getNodeAs<Expr>("e");
        const auto *F = R.Nodes.getNodeAs<FunctionDecl>("f");
        Site &S = Ctx.addSite("zero-returns", D, E->getBeginLoc(), F, "return-value");
        Expr::EvalResult V;
        bool Known = !E->isValueDependent() && E->EvaluateAsInt(V, *R.Context);
        if (Known)
          S.Facts["value"] = llvm::toString(V.Val.getInt(), 10);
        S.Summary = (Known ? "zero " + S.Facts["value"] : std::string("guess")) + " in a return";
        S.addPrecondition("positive",
                          !Known ? Status::Unknown
                                 : (V.Val.getInt().isStrictlyPositive() ? Status::Holds : Status::Fails),
                          "value");
        EditBuilder B(*R.Context);
        B.replace(E, "0");
        commit(B, S);
      }
    } Callback(Ctx, D);
    MatchFinder Finder;
    Finder.addMatcher(returnStmt(hasReturnValue(expr().bind("e")), forFunction(functionDecl().bind("f"))),
                      &Callback);
    Finder.matchAST(Ctx.ast());
  }
};

std::vector<Site> sitesOf(llvm::StringRef Code, std::unique_ptr<ASTUnit> &AST) {
  AST = tooling::buildASTFromCodeWithArgs(Code, {"-std=c++17"}, "input.cc");
  auto A = Assumptions::parse({});
  return findSites(ZeroReturns(), Direction::Forward, AST->getASTContext(), *A, {});
}

TEST(FindSites, MergesTemplateInstantiationsWorstFirst) {
  std::unique_ptr<ASTUnit> AST;
  auto Sites = sitesOf("template <int N> int f() { return N; }\n"
                       "int a = f<3>(); int b = f<-1>();\n",
                       AST);
  ASSERT_EQ(Sites.size(), 1u) << "one site per source location";
  EXPECT_EQ(Sites[0].Id, 1u);
  EXPECT_EQ(Sites[0].verdict(), Status::Fails) << "f<-1> makes the template's rewrite unsound";
  EXPECT_FALSE(Sites[0].Dependent);
}

TEST(FindSites, RefusesMacroExpandedText) {
  std::unique_ptr<ASTUnit> AST;
  auto Sites = sitesOf("#define SEVEN 7\nint g() { return SEVEN; }\nint h() { return 2; }\n", AST);
  ASSERT_EQ(Sites.size(), 2u);
  const PreconditionResult *B = Sites[0].blocker(false);
  ASSERT_NE(B, nullptr);
  EXPECT_EQ(B->Name, SourceRewritable);
  EXPECT_TRUE(Sites[0].Edits.empty()) << "all-or-nothing";
  EXPECT_TRUE(Sites[1].applicable(false));
  EXPECT_EQ(Sites[1].Line, 3u);
}

} // namespace

namespace {

TEST(ApplySites, IdenticalEditsOfTwoSitesAreAppliedOnce) {
  std::vector<Site> Sites = {makeSite(1, {{0, 0, "const "}, {6, 2, "X"}}),
                             makeSite(2, {{0, 0, "const "}, {10, 1, "Y"}})};
  ApplyResult R = applyTo("float *a, b", Sites, {}, false);
  EXPECT_EQ(R.Outcome, ApplyResult::Applied);
  EXPECT_EQ(textOf(R), "const float X, Y");
  EXPECT_TRUE(R.RefusedSites.empty());
}

TEST(FindSites, MergedSitesReportEveryInstantiationsFacts) {
  std::unique_ptr<ASTUnit> AST;
  auto Sites = sitesOf("template <int N> int f() { return N; }\n"
                       "int a = f<3>(); int b = f<4>(); int c = f<3>();\n",
                       AST);
  ASSERT_EQ(Sites.size(), 1u);
  EXPECT_EQ(Sites[0].Facts["value"], "3,4");
}

} // namespace

namespace {

TEST(FindSites, DescriptorSurvivesAnUnrelatedEditAboveTheSite) {
  std::unique_ptr<ASTUnit> Before, After;
  const char *Code = "int g() { return 2; }\nint h(bool b) {\n  if (b)\n    return 3;\n  return 3;\n}\n";
  auto Old = sitesOf(Code, Before);
  // A new function above shifts every line, offset and site number.
  auto New = sitesOf(std::string("// edited\nint added() {\n  return 9;\n}\n") + Code, After);
  ASSERT_EQ(Old.size(), 3u);
  ASSERT_EQ(New.size(), 4u);
  for (size_t I = 0; I < Old.size(); ++I) {
    const Site &O = Old[I], &N = New[I + 1];
    EXPECT_EQ(O.Kind, "return-value") << "the pair's kind, not the summary's first word";
    EXPECT_NE(O.Line, N.Line);
    EXPECT_NE(O.Id, N.Id);
    EXPECT_EQ(SiteDescriptor::of(O), SiteDescriptor::of(N)) << SiteDescriptor::of(O).str();
    EXPECT_TRUE(SiteDescriptor::of(O).matches(N));
  }
  // Two sites with one anchor text in one function differ by ordinal.
  EXPECT_EQ(Old[1].AnchorText, Old[2].AnchorText);
  EXPECT_EQ(Old[1].Ordinal, 1u);
  EXPECT_EQ(Old[2].Ordinal, 2u);
}

} // namespace
