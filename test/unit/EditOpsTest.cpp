//===- EditOpsTest.cpp - Edit/ selectors, builders and edit operations ----===//
#include "klineage/Analysis/LinearForm.h"
#include "klineage/Edit/EditBuilder.h"
#include "klineage/Edit/ParameterEdits.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Edit/SourceCode.h"
#include "CudaTestSupport.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace klineage;
using namespace clang;
using namespace clang::ast_matchers;

namespace {

/// The builder's edits applied to the main file ("<failed: why>" if it failed).
std::string applyEdits(ASTContext &Ctx, EditBuilder &B) {
  if (!B.ok())
    return "<failed: " + B.failure().str() + ">";
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Text = SM.getBufferData(SM.getMainFileID()).str();
  std::vector<TextEdit> Edits = B.takeEdits();
  // The engine's order (applySites): by offset; at one offset insertions
  // first, each group in the order made.
  std::stable_sort(Edits.begin(), Edits.end(), [](const TextEdit &A, const TextEdit &B) {
    if (A.Offset != B.Offset)
      return A.Offset < B.Offset;
    return A.Length == 0 && B.Length != 0;
  });
  std::string Out;
  unsigned Pos = 0;
  for (const TextEdit &E : Edits) {
    Out += Text.substr(Pos, E.Offset - Pos) + E.Text;
    Pos = E.Offset + E.Length;
  }
  return Out + Text.substr(Pos);
}

struct Parsed {
  std::unique_ptr<ASTUnit> AST;
  explicit Parsed(llvm::StringRef Code, std::vector<std::string> Args = {"-std=c++17"},
                  llvm::StringRef Name = "input.cc")
      : AST(tooling::buildASTFromCodeWithArgs(Code, Args, Name)) {}
  ASTContext &ctx() { return AST->getASTContext(); }
  template <typename T, typename M> const T *first(const M &Matcher) {
    auto Nodes = match(Matcher.bind("n"), ctx());
    return Nodes.empty() ? nullptr : Nodes.front().template getNodeAs<T>("n");
  }
  std::string apply(EditBuilder &B) { return applyEdits(ctx(), B); }
};

// A CUDA host-side parse without a CUDA installation: the launch syntax needs
// only dim3 and the configuration function.
const char *CudaPrelude = R"(#define __global__ __attribute__((global))
typedef unsigned long size_t;
struct dim3 { unsigned x, y, z; dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {} };
typedef struct CUstream_st *cudaStream_t;
extern "C" int cudaConfigureCall(dim3 g, dim3 b, size_t s = 0, cudaStream_t t = 0);
extern "C" int __cudaPushCallConfiguration(dim3 g, dim3 b, size_t s = 0, cudaStream_t t = 0);
)";
std::vector<std::string> CudaArgs = {"-xcuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
                                     "--no-cuda-version-check", "-std=c++17"};

TEST(SourceCode, TextOffsetsAndLines) {
  Parsed P("#define TWICE(e) ((e) + (e))\nint f(int *x) {\n  return TWICE(x[3]);\n}\n");
  const auto *Sub = P.first<ArraySubscriptExpr>(arraySubscriptExpr());
  ASSERT_NE(Sub, nullptr);
  EXPECT_EQ(sourceText(P.ctx(), Sub).value_or(""), "x[3]");
  EXPECT_EQ(fileLine(P.ctx(), Sub->getBeginLoc()), 3u);
  EXPECT_EQ(where(P.ctx(), Sub), "line 3 ('x[3]')");
  const auto *Sum = P.first<ParenExpr>(parenExpr(has(binaryOperator())));
  ASSERT_NE(Sum, nullptr);
  // The sum is the whole macro body: not rewritable, but readable as the
  // macro's use.
  EXPECT_FALSE(sourceText(P.ctx(), Sum).has_value());
  EXPECT_EQ(writtenText(P.ctx(), Sum).value_or(""), "TWICE(x[3])");
  EXPECT_EQ(nodeText(P.ctx(), Sum, "?"), "((x[3]) + (x[3]))");
  EXPECT_EQ(expansionLine(P.ctx(), Sum), 3u);
  const SourceManager &SM = P.ctx().getSourceManager();
  StringRef Buf = SM.getBufferData(SM.getMainFileID());
  EXPECT_EQ(Buf.slice(beginOffset(P.ctx(), Sum), endOffset(P.ctx(), Sum)), "TWICE(x[3])");
  unsigned Start = 0, End = 0;
  EXPECT_EQ(lineContaining(SM, SM.getExpansionLoc(Sum->getBeginLoc()), Start, End),
            "  return TWICE(x[3]);");
  EXPECT_EQ(Buf.slice(Start, End), "  return TWICE(x[3]);\n");
  EXPECT_EQ(lineIndent(P.ctx(), Sub->getBeginLoc()), "  ");
}

TEST(SourceCode, UnexpandedTextAndMacroUses) {
  Parsed P("#define AT(p, i) ((p)[i])\n#define PAREN(e) (e)\n"
           "int f(int *x, int i) {\n  int a = x[i];\n  int b = AT(x, i);\n  return PAREN(a + b);\n}\n");
  auto Subs = match(arraySubscriptExpr().bind("s"), P.ctx());
  ASSERT_EQ(Subs.size(), 2u);
  const auto *Plain = Subs[0].getNodeAs<ArraySubscriptExpr>("s");
  const auto *ByMacro = Subs[1].getNodeAs<ArraySubscriptExpr>("s");
  EXPECT_TRUE(isUnexpandedText(P.ctx(), Plain));
  EXPECT_FALSE(isUnexpandedText(P.ctx(), ByMacro));
  // The macro's whole expansion is the parenthesised subscript: its range is
  // the macro use; the subscript alone is no written range.
  const auto *Paren = P.first<ParenExpr>(parenExpr(has(arraySubscriptExpr())));
  ASSERT_NE(Paren, nullptr);
  const SourceManager &SM = P.ctx().getSourceManager();
  CharSourceRange R = writtenRange(P.ctx(), Paren);
  ASSERT_TRUE(R.isValid());
  EXPECT_EQ(Lexer::getSourceText(R, SM, P.ctx().getLangOpts()), "AT(x, i)");
  EXPECT_TRUE(writtenRange(P.ctx(), ByMacro).isInvalid());
  // Text in a macro argument is main-file text, but not unexpanded text.
  const auto *Sum = P.first<BinaryOperator>(binaryOperator(hasOperatorName("+")));
  EXPECT_FALSE(isUnexpandedText(P.ctx(), Sum));
  EXPECT_EQ(sourceText(P.ctx(), Sum).value_or(""), "a + b");
}

TEST(SourceCode, SemicolonsLocationsAndEditedText) {
  Parsed P("int f(int *x) {\n  x[0] = 1  ;\n  return x[1];\n}\n");
  const auto *Assign = P.first<BinaryOperator>(binaryOperator(hasOperatorName("=")));
  ASSERT_NE(Assign, nullptr);
  const ASTContext &Ctx = P.ctx();
  unsigned End = endOffset(Ctx, Assign);
  const SourceManager &SM = Ctx.getSourceManager();
  FileID File = fileOf(Ctx, Assign);
  EXPECT_EQ(File, SM.getMainFileID());
  StringRef Buf = SM.getBufferData(File);
  auto Past = offsetPastSemicolon(Ctx, File, End);
  ASSERT_TRUE(Past);
  EXPECT_EQ(Buf.slice(beginOffset(Ctx, Assign), *Past), "x[0] = 1  ;");
  EXPECT_FALSE(offsetPastSemicolon(Ctx, File, beginOffset(Ctx, Assign)));
  EXPECT_EQ(SM.getFileOffset(fileLoc(Ctx, File, End)), End);
  // The statement's text once `x[0]` becomes `y` and `1` becomes `2`.
  unsigned B = beginOffset(Ctx, Assign);
  auto Text = textWithEdits(Ctx, File, B, End, {{B + 7, 1, "2"}, {B, 4, "y"}, {0, 3, "ignored"}});
  EXPECT_EQ(Text.value_or(""), "y = 2");
  EXPECT_FALSE(textWithEdits(Ctx, File, B, End, {{B, 4, "y"}, {B + 2, 1, "k"}}).has_value());
}

TEST(SourceBuilders, ParensByPrecedence) {
  Parsed P("int f(int a, int b, int c) { return (a << b) + (a * b) + (c ? a : b) + -a; }\n");
  const auto *Shift = P.first<BinaryOperator>(binaryOperator(hasOperatorName("<<")));
  const auto *Mul = P.first<BinaryOperator>(binaryOperator(hasOperatorName("*")));
  const auto *Cond = P.first<ConditionalOperator>(conditionalOperator());
  const auto *Neg = P.first<UnaryOperator>(unaryOperator());
  EXPECT_TRUE(needsParens(Shift, prec::Additive));
  EXPECT_FALSE(needsParens(Shift, prec::Relational));
  EXPECT_FALSE(needsParens(Mul, prec::Additive));
  EXPECT_TRUE(needsParens(Mul, prec::PointerToMember));
  EXPECT_TRUE(needsParens(Cond, prec::LogicalOr));
  EXPECT_FALSE(needsParens(Neg, prec::PointerToMember));
  EXPECT_FALSE(isPostfixSafe(Mul));
  EXPECT_TRUE(isPostfixSafe(P.first<DeclRefExpr>(declRefExpr())));
  EXPECT_EQ(parenIf(true, "a + b"), "(a + b)");
  EXPECT_EQ(parenIf(false, "a"), "a");
}

TEST(SourceBuilders, SumsAndNameStems) {
  EXPECT_EQ(sumText({"4 * i", "1"}, 4), "4 * i + 5");
  EXPECT_EQ(sumText({"4 * i", "j"}, -2), "4 * i + j - 2");
  EXPECT_EQ(sumText({"i"}, 0), "i");
  EXPECT_EQ(sumText({"3"}, 1), "4");
  EXPECT_EQ(sumText({}, 0), "0");
  Parsed P("struct S { float *data; };\nfloat f(float (*M)[4], S s, float *p) {\n"
           "  return M[1][2] + s.data[0] + (p + 1)[0];\n}\n");
  auto Subs = match(arraySubscriptExpr(unless(hasParent(implicitCastExpr(
                                           hasParent(arraySubscriptExpr())))))
                        .bind("s"),
                    P.ctx());
  std::vector<std::string> Stems;
  for (const auto &N : Subs)
    Stems.push_back(nameStem(N.getNodeAs<ArraySubscriptExpr>("s")->getBase(), "vec"));
  EXPECT_EQ(Stems, (std::vector<std::string>{"M", "data", "vec"}));
}

TEST(SourceBuilders, FormTextWritesALinearForm) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *o, int width, int n) {
      int a = 32 * blockIdx.y * width + blockIdx.x * 32 - 1;
      int b = width - 2 * n + 3;
      int c = (n >> 2) * 4;
      int z = n - n;
      o[a + b + c + z] = 0;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  analysis::Linearizer L(Ctx);
  auto Text = [&](const char *Name) -> std::string {
    auto F = L.linearize(test::initOf(Ctx, Name));
    if (!F)
      return "no form";
    auto T = formText(Ctx, L, *F);
    return T ? *T : "no text";
  };
  // Terms in the form's order (atoms sorted by key), constants last.
  std::string A = Text("a");
  EXPECT_NE(A.find("32 * blockIdx.x"), std::string::npos) << A;
  EXPECT_NE(A.find("32 * blockIdx.y * width"), std::string::npos) << A;
  EXPECT_EQ(A.substr(A.size() - 4), " - 1") << A;
  std::string B = Text("b");
  EXPECT_TRUE(B == "width - 2 * n + 3" || B == "-2 * n + width + 3") << B;
  // An opaque atom is written as its expression, parenthesised.
  EXPECT_EQ(Text("c"), "4 * (n >> 2)");
  EXPECT_EQ(Text("z"), "0");
}

TEST(SourceBuilders, SubstitutedTextReplacesOutermostNodes) {
  Parsed P("#define IDX(r, c, ld) ((r) * (ld) + (c))\n#define TILE 16\n"
           "float f(const float *A, int row, int K, int k) {\n"
           "  return A[row * K + k] + A[IDX(row, k, K)] + (k < TILE) + A[k * k];\n}\n");
  auto Subs = match(arraySubscriptExpr().bind("s"), P.ctx());
  auto Replace = [](const Expr *E) -> std::optional<std::string> {
    // Not through parentheses: IDX's `(c)` is written in the macro's body.
    if (const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreImpCasts()); D && D->getDecl()->getName() == "k")
      return std::string("(k0 + tx)");
    return std::nullopt;
  };
  std::vector<std::string> Texts;
  for (const auto &N : Subs)
    if (auto T = substitutedText(P.ctx(), N.getNodeAs<ArraySubscriptExpr>("s")->getIdx(), Replace))
      Texts.push_back(*T);
    else
      Texts.push_back("<none>");
  // Plain text; a macro's argument; every reference of a product.
  EXPECT_EQ(Texts, (std::vector<std::string>{"row * K + (k0 + tx)", "IDX(row, (k0 + tx), K)",
                                             "(k0 + tx) * (k0 + tx)"}));
  // A comparison whose bound is a macro's whole use keeps the macro.
  const auto *Cmp = P.first<BinaryOperator>(binaryOperator(hasOperatorName("<")));
  ASSERT_TRUE(Cmp);
  EXPECT_EQ(substitutedText(P.ctx(), Cmp, Replace), std::optional<std::string>("(k0 + tx) < TILE"));
  // The outermost node wins: nothing under a replaced node is asked.
  auto Whole = [](const Expr *E) -> std::optional<std::string> {
    if (isa<BinaryOperator>(E->IgnoreParenImpCasts()))
      return std::string("W");
    return std::nullopt;
  };
  EXPECT_EQ(substitutedText(P.ctx(), Cmp, Whole), std::optional<std::string>("W"));
}

TEST(SourceBuilders, FreshNamesAvoidEverySpelledName) {
  Parsed P("#define tmp_1 0\nint tmp;\nint f(int acc) { int acc_1 = acc; return acc_1 + tmp; }\n");
  FreshNames N(P.ctx());
  EXPECT_FALSE(N.isFree("acc"));
  EXPECT_EQ(N.get("acc"), "acc_2");   // acc and acc_1 are taken
  EXPECT_EQ(N.get("acc"), "acc_3");   // acc_2 was handed out
  EXPECT_EQ(N.get("tmp"), "tmp_2");   // tmp_1 is a macro
  EXPECT_EQ(N.get("lane"), "lane");
  EXPECT_EQ(N.numbered("x_v"), "x_v0");
  EXPECT_EQ(N.numbered("x_v"), "x_v1");
}

TEST(EditOps, InsertAtBodyTop) {
  Parsed P("void f(int *x) {\n    x[0] = 1;\n}\nvoid g() {}\n");
  const auto *F = P.first<FunctionDecl>(functionDecl(hasName("f")));
  const auto *G = P.first<FunctionDecl>(functionDecl(hasName("g")));
  EditBuilder B(P.ctx());
  B.insertAtBodyTop(F, "int t = 0;").insertAtBodyTop(G, "return;");
  EXPECT_EQ(P.apply(B),
            "void f(int *x) {\n    int t = 0;\n    x[0] = 1;\n}\nvoid g() {\n  return;\n}\n");
}

TEST(EditOps, InsertLineAbovePragmas) {
  Parsed P("void f(int *x) {\n  int a = 0;\n  #pragma unroll\n  for (int k = 0; k < 4; ++k)\n"
           "    x[k] = a;\n  for (int k = 0; k < 2; ++k) x[k] = 0;\n}\n");
  auto Loops = match(forStmt().bind("l"), P.ctx());
  ASSERT_EQ(Loops.size(), 2u);
  const auto *L0 = Loops[0].getNodeAs<ForStmt>("l"), *L1 = Loops[1].getNodeAs<ForStmt>("l");
  if (beginOffset(P.ctx(), L1) < beginOffset(P.ctx(), L0))
    std::swap(L0, L1);
  EditBuilder B(P.ctx());
  B.insertLineAbovePragmas(L0, "int t0;");
  B.insertLineAbovePragmas(L1, "int t1;");
  EXPECT_EQ(P.apply(B), "void f(int *x) {\n  int a = 0;\n  int t0;\n  #pragma unroll\n"
                        "  for (int k = 0; k < 4; ++k)\n    x[k] = a;\n  int t1;\n"
                        "  for (int k = 0; k < 2; ++k) x[k] = 0;\n}\n");
}

TEST(EditOps, BarriersBeforeAndAfterStatements) {
  Parsed P("void f(int *x) {\n  x[0] = 1;\n  x[1] = x[0];\n}\n");
  const auto *Store = P.first<BinaryOperator>(binaryOperator(hasRHS(integerLiteral())));
  EditBuilder B(P.ctx());
  B.insertBarrierBefore(Store).insertBarrierAfter(Store);
  EXPECT_EQ(P.apply(B), "void f(int *x) {\n  __syncthreads();\n  x[0] = 1;\n  __syncthreads();\n"
                        "  x[1] = x[0];\n}\n");
}

TEST(EditOps, WrapReindentsTheStatement) {
  Parsed P("void f(int *x, int n) {\n  for (int i = 0; i < n; ++i) {\n    x[i] = 0;\n  }\n  x[0] = 1;\n}\n");
  const auto *Loop = P.first<ForStmt>(forStmt());
  const auto *Store = P.first<BinaryOperator>(binaryOperator(hasRHS(integerLiteral(equals(1)))));
  EditBuilder B(P.ctx());
  B.wrap(Loop, "if (n > 0)").wrap(Store, "");
  EXPECT_EQ(P.apply(B), "void f(int *x, int n) {\n  if (n > 0) {\n    for (int i = 0; i < n; ++i) {\n"
                        "      x[i] = 0;\n    }\n  }\n  {\n    x[0] = 1;\n  }\n}\n");
}

TEST(EditOps, WrapLinesKeepsInnerEditsValid) {
  Parsed P("void f(int *x, int n) {\n  int i = n;\n  if (i >= n) return;\n  x[i] = 1;\n\n"
           "  if (i > 4) {\n    x[0] = i;\n  }\n}\n");
  const auto *Guard = P.first<IfStmt>(ifStmt(hasThen(returnStmt())));
  const auto *Store = P.first<BinaryOperator>(binaryOperator(hasRHS(integerLiteral(equals(1)))));
  const auto *Last = P.first<IfStmt>(ifStmt(hasCondition(binaryOperator(hasOperatorName(">")))));
  const auto *Inner = P.first<BinaryOperator>(binaryOperator(hasLHS(arraySubscriptExpr(
      hasIndex(integerLiteral(equals(0)))))));
  EditBuilder B(P.ctx());
  B.removeLines(Guard)
      .wrapLines(Store, Last, "if (i < n)")
      .replace(Inner->getRHS(), "i + 1")
      .appendAfter(Last, "\n  x[1] = 2;");
  EXPECT_EQ(P.apply(B), "void f(int *x, int n) {\n  int i = n;\n  if (i < n) {\n    x[i] = 1;\n\n"
                        "    if (i > 4) {\n      x[0] = i + 1;\n    }\n  }\n  x[1] = 2;\n}\n");
}

TEST(EditOps, GuardInPlace) {
  Parsed P("void f(int *x, int n) {\n  if (n < 0) return;\n  x[0] = 1;\n  if (n > 8)\n    return;\n"
           "  x[1] = 2;\n}\n");
  const auto *First = P.first<IfStmt>(ifStmt(hasCondition(binaryOperator(hasOperatorName("<")))));
  const auto *Second = P.first<IfStmt>(ifStmt(hasCondition(binaryOperator(hasOperatorName(">")))));
  const auto *S0 = P.first<BinaryOperator>(binaryOperator(hasRHS(integerLiteral(equals(1)))));
  const auto *S1 = P.first<BinaryOperator>(binaryOperator(hasRHS(integerLiteral(equals(2)))));
  EditBuilder B(P.ctx());
  // Innermost first, so its brace comes first.
  B.replaceStatement(Second, "if (n <= 8) {").indentLines(S1, S1).appendAfter(S1, "\n    }");
  B.replaceStatement(First, "if (n >= 0) {").indentLines(S0, S1).appendAfter(S1, "\n  }");
  EXPECT_EQ(P.apply(B), "void f(int *x, int n) {\n  if (n >= 0) {\n    x[0] = 1;\n    if (n <= 8) {\n"
                        "      x[1] = 2;\n    }\n  }\n}\n");
}

TEST(EditOps, SplitLine) {
  Parsed P("void f(int *x) {\n  x[0] = 1;   x[1] = 2;\n}\n");
  const auto *Second = P.first<BinaryOperator>(binaryOperator(hasRHS(integerLiteral(equals(2)))));
  EditBuilder B(P.ctx());
  B.splitLine(Second->getBeginLoc());
  EXPECT_EQ(P.apply(B), "void f(int *x) {\n  x[0] = 1;\n  x[1] = 2;\n}\n");
}

TEST(EditOps, EveryDeclarationOfAFunction) {
  Parsed P("void h(int *p);\nvoid h(int *p);\nvoid h(int *p) { *p = 0; }\n");
  const auto *H = P.first<FunctionDecl>(functionDecl(hasName("h"), isDefinition()));
  EditBuilder B(P.ctx());
  B.forEachDeclaration(H, [](EditBuilder &E, const FunctionDecl &D) {
    E.insertBefore(D.getBeginLoc(), "static ");
  });
  EXPECT_EQ(P.apply(B), "static void h(int *p);\nstatic void h(int *p);\nstatic void h(int *p) { *p = 0; }\n");
}

TEST(EditOps, EveryDeclarationFailsOnAMacroDeclaration) {
  Parsed P("#define DECL void h(int *p);\nDECL\nvoid h(int *p) { *p = 0; }\n");
  const auto *H = P.first<FunctionDecl>(functionDecl(hasName("h"), isDefinition()));
  EditBuilder B(P.ctx());
  unsigned Calls = 0;
  B.forEachDeclaration(H, [&](EditBuilder &, const FunctionDecl &) { ++Calls; });
  EXPECT_FALSE(B.ok());
  EXPECT_EQ(Calls, 0u) << "no declaration is edited when one cannot be";
  EXPECT_TRUE(B.failureLoc().isValid());
}

TEST(EditOps, LaunchConfiguration) {
  std::string Code = std::string(CudaPrelude) +
                     "__global__ void k(int *x);\nvoid host(int *x, cudaStream_t s) {\n"
                     "  k<<<4, 128>>>(x);\n  k<<<4, 128, 256>>>(x);\n}\n";
  Parsed P(Code, CudaArgs, "input.cu");
  ASSERT_FALSE(P.ctx().getDiagnostics().hasErrorOccurred());
  auto Calls = match(cudaKernelCallExpr().bind("k"), P.ctx());
  ASSERT_EQ(Calls.size(), 2u);
  const auto *First = Calls[0].getNodeAs<CUDAKernelCallExpr>("k");
  const auto *Second = Calls[1].getNodeAs<CUDAKernelCallExpr>("k");
  EditBuilder B(P.ctx());
  B.setLaunchArg(First, LaunchArg::Block, "256").setLaunchArg(First, LaunchArg::Stream, "s");
  B.setLaunchArg(Second, LaunchArg::SharedMem, "512");
  std::string Out = P.apply(B);
  EXPECT_NE(Out.find("k<<<4, 256, 0, s>>>(x);"), std::string::npos) << Out;
  EXPECT_NE(Out.find("k<<<4, 128, 512>>>(x);"), std::string::npos) << Out;
}

/// The definition of function \p Name.
const FunctionDecl *definitionOf(Parsed &P, llvm::StringRef Name) {
  return P.first<FunctionDecl>(functionDecl(hasName(Name), isDefinition()));
}

TEST(ParameterEdits, PointerTypeLocThroughQualifiers) {
  Parsed P("typedef float *fptr;\n"
           "void f(const float *const __restrict__ a, float (*b), fptr c, int d) {}\n");
  const FunctionDecl *F = definitionOf(P, "f");
  ASSERT_TRUE(F);
  auto Loc = [&](unsigned I) { return spelledPointerLoc(F->getParamDecl(I)->getTypeSourceInfo()->getTypeLoc()); };
  ASSERT_TRUE(Loc(0));
  EXPECT_TRUE(Loc(0)->getPointeeLoc().getType().isConstQualified());
  EXPECT_TRUE(Loc(1));
  EXPECT_FALSE(Loc(2)); // a typedef: not spelled `T *`
  EXPECT_FALSE(Loc(3));
}

TEST(ParameterEdits, EveryDeclarationAndExplicitInstantiation) {
  Parsed P("void g(float *p, int n);\n"
           "void g(float* p, int n) { p[0] = n; }\n"
           "template <class T> void h(T *x, T *y) { y[0] = x[0]; }\n"
           "template void h<float>(float *, float *);\n"
           "template void h<int>(int *x, int *y);\n");
  const FunctionDecl *G = definitionOf(P, "g");
  ASSERT_TRUE(G);
  ParamSpellings S = parameterSpellings(P.ctx(), *G, 0);
  EXPECT_TRUE(S.ok());
  ASSERT_EQ(S.Spellings.size(), 2u);
  EditBuilder B(P.ctx());
  addPointerQualifiers(B, S, /*AddConst=*/true, /*AddRestrict=*/true);
  EXPECT_EQ(P.apply(B), "void g(const float *__restrict__ p, int n);\n"
                        "void g(const float* __restrict__ p, int n) { p[0] = n; }\n"
                        "template <class T> void h(T *x, T *y) { y[0] = x[0]; }\n"
                        "template void h<float>(float *, float *);\n"
                        "template void h<int>(int *x, int *y);\n");

  // A template: its pattern, and the parameter text of each explicit
  // instantiation (whatever instantiation the site was found in).
  auto Insts = match(functionDecl(hasName("h"), isTemplateInstantiation()).bind("f"), P.ctx());
  ASSERT_FALSE(Insts.empty());
  const auto *H = Insts.front().getNodeAs<FunctionDecl>("f");
  ParamSpellings T = parameterSpellings(P.ctx(), *H, 0);
  EXPECT_TRUE(T.ok());
  ASSERT_EQ(T.Spellings.size(), 3u);
  EXPECT_EQ(llvm::count_if(T.Spellings, [](const ParamSpelling &X) { return X.Textual; }), 2);
  SourceLocation Where;
  EXPECT_EQ(pointerSpellingProblem(P.ctx(), T, Where), "");
  EditBuilder C(P.ctx());
  addPointerQualifiers(C, T, /*AddConst=*/true, /*AddRestrict=*/true);
  EXPECT_EQ(P.apply(C), "void g(float *p, int n);\n"
                        "void g(float* p, int n) { p[0] = n; }\n"
                        "template <class T> void h(const T *__restrict__ x, T *y) { y[0] = x[0]; }\n"
                        "template void h<float>(const float *__restrict__, float *);\n"
                        "template void h<int>(const int *__restrict__ x, int *y);\n");
}

TEST(ParameterEdits, ProblemsNameTheDeclaration) {
  Parsed P("typedef float *fptr;\n"
           "void t(fptr p);\n"
           "void t(float *p) {}\n"
           "template <class T> void s(T *x) {}\n"
           "template <> void s<int>(int *x) {}\n");
  SourceLocation Where;
  ParamSpellings T = parameterSpellings(P.ctx(), *definitionOf(P, "t"), 0);
  EXPECT_TRUE(T.ok());
  EXPECT_EQ(pointerSpellingProblem(P.ctx(), T, Where),
            "the type of 'p' (line 2) is not spelled as 'T *' (a typedef or template parameter)");
  EXPECT_EQ(P.ctx().getSourceManager().getPresumedLineNumber(Where), 2u);
  // A changed type must not reach an explicit specialization; restrict alone
  // may (it is not part of the function's type).
  auto Spec = match(functionDecl(hasName("s"), isExplicitTemplateSpecialization()).bind("f"), P.ctx());
  ASSERT_EQ(Spec.size(), 1u);
  const auto *SI = Spec.front().getNodeAs<FunctionDecl>("f");
  EXPECT_NE(parameterSpellings(P.ctx(), *SI, 0).Problem.find("is an explicit specialization"),
            std::string::npos);
  auto Pattern = match(functionDecl(hasName("s"), isDefinition(), unless(isExplicitTemplateSpecialization())).bind("f"),
                       P.ctx());
  ASSERT_FALSE(Pattern.empty());
  const auto *SP = Pattern.front().getNodeAs<FunctionDecl>("f");
  EXPECT_NE(parameterSpellings(P.ctx(), *SP, 0).Problem.find("would no longer match"), std::string::npos);
  EXPECT_TRUE(parameterSpellings(P.ctx(), *SP, 0, /*TypeChanges=*/false).ok());
}

TEST(ParameterEdits, RemoveRestrictEverywhere) {
  Parsed P("void r(const float *__restrict__, int);\n"
           "void r(const float *const __restrict__ a, int n) {}\n");
  const FunctionDecl *R = definitionOf(P, "r");
  ASSERT_TRUE(R);
  ParamSpellings S = parameterSpellings(P.ctx(), *R, 0, /*TypeChanges=*/false);
  // The unnamed parameter's range ends at the `*`; its restrict still counts.
  ASSERT_EQ(S.Spellings.size(), 2u);
  auto Unnamed = llvm::find_if(S.Spellings, [](const ParamSpelling &X) { return X.Param->getName().empty(); });
  ASSERT_NE(Unnamed, S.Spellings.end());
  auto Range = declarationRange(P.ctx(), Unnamed->Param);
  ASSERT_TRUE(Range);
  EXPECT_EQ(Range->second, 32u);
  RestrictTokens T = restrictTokens(P.ctx(), S, "a");
  EXPECT_EQ(T.Problem, "");
  ASSERT_EQ(T.Tokens.size(), 2u);
  EditBuilder B(P.ctx());
  for (const RestrictTokens::Token &Tok : T.Tokens)
    removeWord(B, Tok.File, Tok.Begin, Tok.End);
  EXPECT_EQ(P.apply(B), "void r(const float *, int);\n"
                        "void r(const float *const a, int n) {}\n");
}

TEST(ParameterEdits, RestrictFromATypedefIsAProblem) {
  Parsed P("typedef float *__restrict__ rptr;\n"
           "void q(rptr a) {}\n");
  ParamSpellings S = parameterSpellings(P.ctx(), *definitionOf(P, "q"), 0, /*TypeChanges=*/false);
  RestrictTokens T = restrictTokens(P.ctx(), S, "a");
  EXPECT_TRUE(T.Tokens.empty());
  EXPECT_EQ(T.Problem, "'__restrict__' of 'a' is not spelled in the parameter text at line 2 (a macro or "
                       "typedef); edit it by hand");
}

TEST(ParameterEdits, PrependConstReplacesTheToken) {
  // A replacement, so that two sites const-qualifying one declaration
  // conflict instead of writing `const const`.
  Parsed P("void c(float *p) { float *q = p; }\n");
  auto M = match(varDecl(hasName("q")).bind("v"), P.ctx());
  ASSERT_EQ(M.size(), 1u);
  const auto *Q = M.front().getNodeAs<VarDecl>("v");
  auto PTL = spelledPointerLoc(Q->getTypeSourceInfo()->getTypeLoc());
  ASSERT_TRUE(PTL);
  EditBuilder B(P.ctx());
  prependConst(B, PTL->getPointeeLoc().getBeginLoc());
  std::vector<TextEdit> Edits = B.takeEdits();
  ASSERT_EQ(Edits.size(), 1u);
  EXPECT_EQ(Edits[0].Length, 5u);
  EXPECT_EQ(Edits[0].Text, "const float");
}


TEST(EditOps, EditedTextOfStatements) {
  Parsed P("void f(int *p, int i) {\n  p[i] = i;\n  p[i + 1] = 2 * i;\n}\n");
  const auto *Body = P.first<CompoundStmt>(compoundStmt());
  ASSERT_TRUE(Body);
  CharSourceRange R = statementsRange(P.ctx(), Body->body_front(), Body->body_back());
  ASSERT_TRUE(R.isValid());
  EditBuilder Sub(P.ctx());
  for (const BoundNodes &B : match(declRefExpr(to(varDecl(hasName("i")))).bind("r"), P.ctx()))
    Sub.replace(B.getNodeAs<DeclRefExpr>("r"), "j");
  const SourceManager &SM = P.ctx().getSourceManager();
  auto T = textWithEdits(P.ctx(), SM.getFileID(R.getBegin()), SM.getFileOffset(R.getBegin()),
                         SM.getFileOffset(R.getEnd()), Sub.takeEdits());
  ASSERT_TRUE(T);
  EXPECT_EQ(*T, "p[j] = j;\n  p[j + 1] = 2 * j;") << "the ';' of the last statement included";
  EXPECT_EQ(indentLines(*T, "  "), "p[j] = j;\n    p[j + 1] = 2 * j;");
  EXPECT_EQ(dedentLines("{\n    a;\n\n  }", "  "), "{\n  a;\n\n}");
}

TEST(EditOps, FreshNameForAScope) {
  Parsed P("#define k 3\nint g(int k_1, int c) { int lane = c; return k_1 + lane; }\n");
  const auto *Body = P.first<CompoundStmt>(compoundStmt());
  ASSERT_TRUE(Body);
  FreshNames Names(P.ctx());
  std::vector<const Stmt *> Scope(Body->body_begin(), Body->body_end());
  EXPECT_EQ(Names.getIn("k", Scope), "k_2") << "k is a macro, k_1 is named in the scope";
  EXPECT_EQ(Names.getIn("lane", Scope), "lane_1");
  EXPECT_EQ(Names.getIn("c", {}), "c") << "outside the scope c may be reused";
  EXPECT_EQ(Names.getIn("c", {}), "c_1") << "but never handed out twice";
}

TEST(EditOps, LaunchArgumentOfEveryForm) {
  auto AST = test::parseCuda(R"cu(
    #define GRID(n) (((n) + 127) / 128)
    __global__ void k(int *x, int n) {}
    void host(int *x, int n, cudaStream_t s) {
      k<<<GRID(n), 128>>>(x, n);
      void *args[] = {&x, &n};
      cudaLaunchKernel((const void *)k, dim3(4), dim3(128), args, 0, s);
      cudaLaunchKernel((const void *)k, dim3(4), dim3(128), args);
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  std::vector<cuda::LaunchSite> Sites = cuda::findLaunchSites(Ctx);
  ASSERT_EQ(Sites.size(), 3u);
  EditBuilder B(Ctx);
  B.setLaunchArg(Sites[0], LaunchArg::Grid, "(GRID(n) + 1) / 2");
  B.setLaunchArg(Sites[1], LaunchArg::Grid, "dim3(2)");
  std::string Out = applyEdits(Ctx, B);
  EXPECT_NE(Out.find("k<<<(GRID(n) + 1) / 2, 128>>>(x, n);"), std::string::npos)
      << "a whole macro use is replaced: " << Out;
  EXPECT_NE(Out.find("cudaLaunchKernel((const void *)k, dim3(2), dim3(128), args, 0, s);"),
            std::string::npos)
      << Out;
  EditBuilder Appended(Ctx);
  Appended.setLaunchArg(Sites[0], LaunchArg::SharedMem, "64");
  EXPECT_NE(applyEdits(Ctx, Appended).find("k<<<GRID(n), 128, 64>>>"), std::string::npos)
      << "a missing <<<>>> argument is appended";
  EditBuilder Unwritten(Ctx);
  Unwritten.setLaunchArg(Sites[2], LaunchArg::Stream, "s");
  EXPECT_FALSE(Unwritten.ok()) << "cudaLaunchKernel's defaulted stream is not written";
}

} // namespace
