//===- EditOpsTest.cpp - Edit/ selectors, builders and edit operations ----===//
#include "klineage/Edit/EditBuilder.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Edit/SourceCode.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace klineage;
using namespace clang;
using namespace clang::ast_matchers;

namespace {

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
  /// The builder's edits applied to the main file ("<failed: why>" if it failed).
  std::string apply(EditBuilder &B) {
    if (!B.ok())
      return "<failed: " + B.failure().str() + ">";
    const SourceManager &SM = AST->getSourceManager();
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

} // namespace
