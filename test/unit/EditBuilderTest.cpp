//===- EditBuilderTest.cpp - All-or-nothing edits on parsed code ----------===//
#include "klineage/Edit/EditBuilder.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "klineage/Rewrite/Engine.h"
#include "clang/AST/Stmt.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

using namespace klineage;
using namespace clang;
using namespace clang::ast_matchers;

namespace {

struct Parsed {
  std::unique_ptr<ASTUnit> AST;
  explicit Parsed(llvm::StringRef Code)
      : AST(tooling::buildASTFromCodeWithArgs(Code, {"-std=c++17"}, "input.cc")) {}
  ASTContext &ctx() { return AST->getASTContext(); }
  template <typename T> const T *first(const internal::BindableMatcher<Stmt> &M) {
    auto Nodes = match(M.bind("n"), ctx());
    return Nodes.empty() ? nullptr : Nodes.front().getNodeAs<T>("n");
  }
  std::string apply(EditBuilder &B) {
    Site S;
    S.Id = 1;
    commit(B, S);
    std::vector<Site> Sites{S};
    llvm::StringRef Main =
        AST->getSourceManager().getBufferData(AST->getSourceManager().getMainFileID());
    ApplyResult R = applySites([&](llvm::StringRef) -> std::optional<llvm::StringRef> { return Main; },
                               Sites, {}, false);
    if (R.Outcome != ApplyResult::Applied || R.Texts.size() != 1)
      return "<" + std::string(outcomeName(R.Outcome)) + ">";
    return R.Texts.begin()->second;
  }
};

TEST(EditBuilder, InsertLineBeforeKeepsIndentation) {
  Parsed P("void f(int *x) {\n  for (int i = 0; i < 4; ++i)\n    x[i] = 0;\n}\n");
  const auto *Loop = P.first<ForStmt>(forStmt());
  ASSERT_NE(Loop, nullptr);
  EditBuilder B(P.ctx());
  B.insertLineBefore(Loop->getBeginLoc(), "#pragma unroll");
  EXPECT_EQ(P.apply(B), "void f(int *x) {\n  #pragma unroll\n  for (int i = 0; i < 4; ++i)\n    x[i] = 0;\n}\n");
}

TEST(EditBuilder, InsertLineBeforeCodeOnTheSameLine) {
  Parsed P("void f(int *x) { for (int i = 0; i < 4; ++i) x[i] = 0; }\n");
  const auto *Loop = P.first<ForStmt>(forStmt());
  EditBuilder B(P.ctx());
  B.insertLineBefore(Loop->getBeginLoc(), "#pragma unroll");
  // The split line keeps no trailing blank.
  EXPECT_EQ(P.apply(B), "void f(int *x) {\n#pragma unroll\nfor (int i = 0; i < 4; ++i) x[i] = 0; }\n");
}

TEST(EditBuilder, RemoveLinesTakesTheWholeLine) {
  Parsed P("void f(int *x) {\n  int a = 1;\n  x[0] = a;\n}\n");
  const auto *Decl = P.first<DeclStmt>(declStmt());
  EditBuilder B(P.ctx());
  B.removeLines(Decl->getSourceRange());
  EXPECT_EQ(P.apply(B), "void f(int *x) {\n  x[0] = a;\n}\n");
}

TEST(EditBuilder, RemoveLinesRefusesSharedLines) {
  Parsed P("void f(int *x) {\n  int a = 1; x[0] = a;\n}\n");
  const auto *Decl = P.first<DeclStmt>(declStmt());
  EditBuilder B(P.ctx());
  B.removeLines(Decl->getSourceRange());
  EXPECT_FALSE(B.ok());
  EXPECT_NE(B.failure().find("shares the line"), llvm::StringRef::npos);
}

TEST(EditBuilder, RemoveLinesTakesAnEndOfLineComment) {
  // A comment that ends the line speaks of the statement: it goes too.
  Parsed P("void f(int *x) {\n  int a = 1; // the first\n  int b = 2; /* x */ /* y */\n  x[0] = a + b;\n}\n");
  auto Decls = match(declStmt().bind("d"), P.ctx());
  ASSERT_EQ(Decls.size(), 2u);
  EditBuilder B(P.ctx());
  for (const auto &D : Decls)
    B.removeStatement(D.getNodeAs<DeclStmt>("d"));
  EXPECT_EQ(P.apply(B), "void f(int *x) {\n  x[0] = a + b;\n}\n");
  // Code after a comment is code: the line stays shared.
  Parsed Q("void f(int *x) {\n  int a = 1; /* a */ x[0] = a;\n}\n");
  EditBuilder C(Q.ctx());
  C.removeLines(Q.first<DeclStmt>(declStmt())->getSourceRange());
  EXPECT_FALSE(C.ok());
}

TEST(EditBuilder, MacroBodyTextIsNotRewritable) {
  Parsed P("#define ZERO(p) (p)[0] = 0\nvoid f(int *x) { ZERO(x); }\n");
  const auto *Assign = P.first<BinaryOperator>(binaryOperator());
  ASSERT_NE(Assign, nullptr);
  EditBuilder B(P.ctx());
  B.replace(Assign, "x[1] = 1");
  EXPECT_FALSE(B.ok());
  Site S;
  commit(B, S);
  EXPECT_TRUE(S.Edits.empty()) << "no partial edits survive";
  ASSERT_EQ(S.Preconditions.size(), 1u);
  EXPECT_EQ(S.Preconditions[0].Name, SourceRewritable);
  EXPECT_EQ(S.Preconditions[0].St, Status::Fails);
}

TEST(EditBuilder, MacroArgumentTextIsRewritable) {
  Parsed P("#define TWICE(e) ((e) + (e))\nint f(int *x) { return TWICE(x[3]); }\n");
  // The argument x[3] is spelled once in the file; both expansions map to it.
  const auto *Sub = P.first<ArraySubscriptExpr>(arraySubscriptExpr());
  ASSERT_NE(Sub, nullptr);
  auto Text = sourceText(P.ctx(), Sub);
  ASSERT_TRUE(Text.has_value());
  EXPECT_EQ(*Text, "x[3]");
}

TEST(EditBuilder, RangeEndingInAWholeObjectMacroUseIsRewritable) {
  // `j += STEP` spans file text and the whole use of STEP: replacing it
  // rewrites the use, not the macro. A range that starts inside a
  // function-like macro's body stays refused (MacroBodyTextIsNotRewritable).
  Parsed P("#define STEP 32\nint f(int j) { j += STEP; return j; }\n");
  const auto *Inc = P.first<CompoundAssignOperator>(binaryOperator(hasOperatorName("+=")));
  ASSERT_NE(Inc, nullptr);
  EditBuilder B(P.ctx());
  B.replace(Inc, "++j");
  EXPECT_TRUE(B.ok());
  EXPECT_EQ(P.apply(B), "#define STEP 32\nint f(int j) { ++j; return j; }\n");
}

TEST(EditBuilder, RangeEndingInNestedObjectMacrosIsRewritable) {
  // `-LIMIT` where LIMIT expands to another object-like macro (float.h's
  // FLT_MAX is __FLT_MAX__): still one whole use at the range's end. An end
  // inside a function-like macro's argument chain stays refused.
  Parsed P("#define INNER 3.0f\n#define LIMIT INNER\n#define ID(e) e\n"
           "float f(int i) { float a = i > 0 ? 1.0f : -LIMIT; float b = i > 0 ? 1.0f : ID(-LIMIT); "
           "return a + b; }\n");
  auto Conds = match(conditionalOperator().bind("c"), P.ctx());
  ASSERT_EQ(Conds.size(), 2u);
  const auto *A = Conds[0].getNodeAs<ConditionalOperator>("c");
  const auto *B = Conds[1].getNodeAs<ConditionalOperator>("c");
  ASSERT_TRUE(sourceText(P.ctx(), A).has_value());
  EXPECT_EQ(*sourceText(P.ctx(), A), "i > 0 ? 1.0f : -LIMIT");
  EXPECT_TRUE(editableRange(P.ctx(), B->getSourceRange()).isInvalid());
}

TEST(EditBuilder, UnwrapIsTheInverseOfWrap) {
  // Braced and unbraced bodies lose their test and one indentation level;
  // an edit inside the body (made by removals around it) stays valid.
  Parsed P("void g(int);\n"
           "void f(int t, int *x) {\n"
           "  if (t == 0) {\n"
           "    x[0] = 1;\n"
           "    g(2);\n"
           "  }\n"
           "  if (t == 0)\n"
           "    g(3);\n"
           "}\n");
  auto Ifs = match(ifStmt().bind("n"), P.ctx());
  ASSERT_EQ(Ifs.size(), 2u);
  const auto *CallG2 = P.first<CallExpr>(callExpr(hasArgument(0, integerLiteral(equals(2)))));
  ASSERT_NE(CallG2, nullptr);
  EditBuilder B(P.ctx());
  for (const auto &N : Ifs) {
    const auto *If = N.getNodeAs<IfStmt>("n");
    B.unwrap(If, If->getThen());
  }
  B.replace(CallG2->getArg(0), "4");
  EXPECT_TRUE(B.ok());
  EXPECT_EQ(P.apply(B), "void g(int);\n"
                        "void f(int t, int *x) {\n"
                        "  x[0] = 1;\n"
                        "  g(4);\n"
                        "  g(3);\n"
                        "}\n");
}

TEST(EditBuilder, OneFailureDropsEveryEditOfTheSite) {
  Parsed P("#define Z 0\nint f(int *x) { x[1] = 2; return Z; }\n");
  const auto *Assign = P.first<BinaryOperator>(binaryOperator());
  const auto *Lit = P.first<IntegerLiteral>(integerLiteral(equals(0)));
  ASSERT_NE(Lit, nullptr);
  EditBuilder B(P.ctx());
  B.replace(Assign, "x[1] = 3");
  B.replace(Lit, "1");
  EXPECT_EQ(P.apply(B), "<not-applicable>");
}

TEST(EditBuilder, EditsAUserHeaderAndRefusesASystemHeader) {
  // The same loop in a user header and in a header found through -isystem.
  const char *Loop = "void LOOP(int *x) {\n  for (int i = 0; i < 4; ++i) x[i] = 0;\n}\n";
  std::string User = std::string(Loop).replace(5, 4, "u"), Sys = std::string(Loop).replace(5, 4, "s");
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      "#include \"user.h\"\n#include <sys.h>\n", {"-std=c++17", "-isystem", "/sysinc"}, "input.cc",
      "clang-tool", std::make_shared<PCHContainerOperations>(),
      tooling::getClangStripDependencyFileAdjuster(),
      {{"user.h", User}, {"/sysinc/sys.h", Sys}});
  ASSERT_NE(AST, nullptr);
  ASTContext &Ctx = AST->getASTContext();
  auto LoopIn = [&](const char *Fn) {
    auto M = match(forStmt(hasAncestor(functionDecl(hasName(Fn)))).bind("l"), Ctx);
    return M.empty() ? nullptr : M[0].getNodeAs<ForStmt>("l");
  };
  ASSERT_NE(LoopIn("u"), nullptr);
  ASSERT_NE(LoopIn("s"), nullptr);

  EditBuilder B(Ctx);
  B.insertLineBefore(LoopIn("u")->getBeginLoc(), "#pragma unroll");
  ASSERT_TRUE(B.ok()) << B.failure().str();
  std::vector<TextEdit> Edits = B.takeEdits();
  ASSERT_EQ(Edits.size(), 1u);
  EXPECT_TRUE(llvm::StringRef(Edits[0].File).ends_with("user.h")) << Edits[0].File;
  EXPECT_TRUE(llvm::sys::path::is_absolute(Edits[0].File)) << Edits[0].File;
  Site S;
  S.Id = 1;
  S.Edits = Edits;
  S.addPrecondition("p", Status::Holds, "");
  std::vector<Site> Sites{S};
  ApplyResult R = applySites(
      [&](llvm::StringRef F) -> std::optional<llvm::StringRef> {
        return F == Edits[0].File ? std::optional(llvm::StringRef(User)) : std::nullopt;
      },
      Sites, {}, false);
  ASSERT_EQ(R.Outcome, ApplyResult::Applied);
  EXPECT_EQ(R.Texts.at(Edits[0].File),
            "void u(int *x) {\n  #pragma unroll\n  for (int i = 0; i < 4; ++i) x[i] = 0;\n}\n");

  EditBuilder Sys2(Ctx);
  Sys2.insertLineBefore(LoopIn("s")->getBeginLoc(), "#pragma unroll");
  EXPECT_FALSE(Sys2.ok());
  EXPECT_NE(Sys2.failure().find("system header"), llvm::StringRef::npos) << Sys2.failure().str();
  EXPECT_TRUE(Sys2.takeEdits().empty());
}

TEST(SourceCode, RelativePath) {
  EXPECT_EQ(relativePath("/p/src/k.cuh", "/p/src"), "k.cuh");
  EXPECT_EQ(relativePath("/p/src/sub/k.cuh", "/p/src"), "sub/k.cuh");
  EXPECT_EQ(relativePath("/p/include/k.cuh", "/p/src"), "../include/k.cuh");
}

} // namespace
