//===- MutationTest.cpp - lib/Analysis: which variables are modified ------===//
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/Mutation.h"
#include "klineage/Analysis/LoopInfo.h"
#include "CudaTestSupport.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace klineage;
using namespace klineage::analysis;

namespace {

TEST(Mutation, FunctionFactsRecordWritesAndEvents) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *a, int y, int z) {
      int x = 0;
      x += 2;
      y++;
      int *p = &z;
      a[0] = 1.0f;
      float v = a[1];
      __builtin_assume(y % 8 == 0);
      a[2] = v + x + *p;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  ASSERT_TRUE(K);
  FunctionFacts F(Ctx, K);
  EXPECT_TRUE(F.isKernel());
  const VarDecl *X = test::varNamed(Ctx, "x"), *Y = test::varNamed(Ctx, "y"),
                *Z = test::varNamed(Ctx, "z"), *V = test::varNamed(Ctx, "v");
  ASSERT_EQ(F.mods(X).size(), 1u);
  EXPECT_EQ(F.mods(X)[0].Op, BO_AddAssign);
  EXPECT_FALSE(F.mods(X)[0].Other);
  ASSERT_EQ(F.mods(Y).size(), 1u);
  EXPECT_TRUE(F.mods(Y)[0].Other); // ++
  ASSERT_EQ(F.mods(Z).size(), 1u);
  EXPECT_TRUE(F.mods(Z)[0].Other); // its address escapes
  EXPECT_TRUE(F.mods(V).empty());  // the initialiser is no modification
  EXPECT_TRUE(F.assumedMultiple(Y, 4));
  EXPECT_FALSE(F.assumedMultiple(Y, 16));
  unsigned Writes = 0, Reads = 0;
  for (const MemEvent &E : F.events())
    (E.K == MemEvent::Write ? Writes : Reads) += E.K != MemEvent::Call;
  EXPECT_EQ(Writes, 2u);
  EXPECT_EQ(Reads, 2u); // a[1], *p
  std::vector<const VarDecl *> Vars{X};
  EXPECT_TRUE(F.modifiedIn(Vars, 0, ~0u));
}

TEST(Mutation, FindModificationInsideAStatement) {
  auto AST = test::parseCuda(R"cu(
    __device__ int use(const int &r) { return r; }
    __global__ void k(int *o, int n) {
      for (int i = 0; i < n; ++i) { o[i] = use(i) + sizeof(i); }
      for (int j = 0; j < n; ++j) { o[j] = 0; j += 2; }
      for (int q = 0; q < n; ++q) { int *w = &q; *w = 0; }
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  auto Loops = match(forStmt(hasLoopInit(declStmt(hasSingleDecl(varDecl().bind("v"))))).bind("l"), Ctx);
  ASSERT_EQ(Loops.size(), 3u);
  for (auto &B : Loops) {
    const auto *L = B.getNodeAs<ForStmt>("l");
    const auto *V = B.getNodeAs<VarDecl>("v");
    const Stmt *M = findModification(Ctx, L->getBody(), V);
    if (V->getName() == "i")
      EXPECT_FALSE(M) << "reads and a const reference do not modify i";
    else
      EXPECT_TRUE(M) << V->getName().str();
    EXPECT_TRUE(findModification(Ctx, L->getInc(), V));
  }
}

TEST(Mutation, FieldsAndConstMethods) {
  auto AST = test::parseCuda(R"cu(
    struct P { float *dst; unsigned n; };
    struct Op { __device__ float operator()(float v) const { return v * 2.f; } int k = 0; __device__ void bump() { ++k; } };
    __global__ void reads(P p, Op op, float *y) { p.dst[0] = op(y[p.n]); }
    __global__ void writes_field(P p) { p.n = 3; }
    __global__ void calls_mutator(Op op) { op.bump(); }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  auto Mod = [&](const char *Fn, const char *Var) {
    const FunctionDecl *F = test::functionNamed(Ctx, Fn);
    for (const ParmVarDecl *V : F->parameters())
      if (V->getName() == Var)
        return findModification(Ctx, F->getBody(), V) != nullptr;
    ADD_FAILURE() << Var;
    return false;
  };
  EXPECT_FALSE(Mod("reads", "p")) << "storing through p.dst and reading p.n leave p alone";
  EXPECT_FALSE(Mod("reads", "op")) << "a const operator() reads op";
  EXPECT_TRUE(Mod("writes_field", "p"));
  EXPECT_TRUE(Mod("calls_mutator", "op"));
}

/// The kinds of \p Name's modifications in its function (Mutation.h's one model).
std::vector<MutationKind> kindsOf(ASTContext &Ctx, llvm::StringRef Name) {
  std::vector<MutationKind> Out;
  const VarDecl *V = test::varNamed(Ctx, Name);
  EXPECT_TRUE(V) << Name.str();
  if (!V)
    return Out;
  const std::vector<VarMod> *Mods = modificationsOf(Ctx, V);
  EXPECT_TRUE(Mods) << Name.str();
  if (Mods)
    for (const VarMod &M : *Mods)
      Out.push_back(M.Kind);
  return Out;
}

using Kinds = std::vector<MutationKind>;

TEST(Mutation, EveryWayAVariableIsModified) {
  auto AST = test::parseCuda(R"cu(
    struct Pair { int a, b; __device__ void bump() { ++a; } __device__ int get() const { return a; } };
    __device__ void byRef(int &r) { r = 1; }
    __device__ void byPtr(const int *p) {}
    __global__ void k(int *o) {
      int assigned = 0; assigned = 1;
      int compound = 0; compound *= 3;
      int incremented = 0; incremented++;
      int addressed = 0; byPtr(&addressed);
      int bound = 0; int &alias = bound; o[0] = alias;
      int passed = 0; byRef(passed);
      Pair method{}; method.bump();
      Pair field{}; field.b = 4;
      int captured = 0; auto f = [&] { captured = 5; }; f();
      int inAsm = 0; asm("mov.u32 %0, 7;" : "=r"(inAsm));
      struct { int a[4]; } arrayField; arrayField.a[1] = 3;
      struct { int a[4]; } escapingField; byPtr(escapingField.a);
      struct { int a[4]; __device__ int *begin() { return a; } __device__ int *end() { return a + 4; } } ranged;
      for (int &e : ranged) e = 0;
      o[1] = assigned + compound + incremented + passed + captured + inAsm + arrayField.a[1];
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  EXPECT_EQ(kindsOf(Ctx, "assigned"), Kinds{MutationKind::Assignment});
  EXPECT_EQ(kindsOf(Ctx, "compound"), Kinds{MutationKind::CompoundAssignment});
  EXPECT_EQ(kindsOf(Ctx, "incremented"), Kinds{MutationKind::IncrementDecrement});
  EXPECT_EQ(kindsOf(Ctx, "addressed"), Kinds{MutationKind::AddressTaken}) << "even as a pointer to const";
  EXPECT_EQ(kindsOf(Ctx, "bound"), Kinds{MutationKind::NonConstReference}) << "even if only read through it";
  EXPECT_EQ(kindsOf(Ctx, "passed"), Kinds{MutationKind::NonConstReferenceArgument});
  EXPECT_EQ(kindsOf(Ctx, "method"), Kinds{MutationKind::NonConstMethodCall});
  EXPECT_EQ(kindsOf(Ctx, "captured"), Kinds{MutationKind::Assignment});
  EXPECT_EQ(kindsOf(Ctx, "inAsm"), Kinds{MutationKind::AsmOperand});
  EXPECT_EQ(kindsOf(Ctx, "arrayField"), Kinds{MutationKind::Assignment}) << "an array field's element";
  EXPECT_EQ(kindsOf(Ctx, "escapingField"), Kinds{MutationKind::AddressTaken}) << "decayed to an escaping pointer";
  EXPECT_EQ(kindsOf(Ctx, "ranged"), Kinds{MutationKind::NonConstReference}) << "for (int &e : ranged)";

  // A field write names the field; only a whole =, += or -= carries a value.
  const std::vector<VarMod> &Field = *modificationsOf(Ctx, test::varNamed(Ctx, "field"));
  ASSERT_EQ(Field.size(), 1u);
  EXPECT_EQ(Field[0].Kind, MutationKind::Assignment);
  ASSERT_TRUE(Field[0].Field);
  EXPECT_EQ(Field[0].Field->getName(), "b");
  EXPECT_TRUE(Field[0].Other);
  EXPECT_FALSE(Field[0].Value);
  const std::vector<VarMod> &Assigned = *modificationsOf(Ctx, test::varNamed(Ctx, "assigned"));
  EXPECT_FALSE(Assigned[0].Other);
  EXPECT_TRUE(Assigned[0].Value);
  EXPECT_FALSE(Assigned[0].Field);
  const std::vector<VarMod> &Captured = *modificationsOf(Ctx, test::varNamed(Ctx, "captured"));
  EXPECT_TRUE(Captured[0].InLambda);
  EXPECT_FALSE(Assigned[0].InLambda);
}

TEST(Mutation, ReadsAreNotModifications) {
  auto AST = test::parseCuda(R"cu(
    struct Pair { int a, b; __device__ int get() const { return a; } };
    __device__ int byConstRef(const int &r) { return r; }
    __global__ void k(int *o) {
      int value = 1; o[0] = value + 1;
      int constRef = 1; o[1] = byConstRef(constRef);
      int sized = 1; o[2] = sizeof(sized = 2);
      Pair constMethod{}; o[3] = constMethod.get();
      int byCopy = 1; auto f = [=] { return byCopy; }; o[4] = f();
      int byRefRead = 1; auto g = [&] { return byRefRead; }; o[5] = g();
      int bound = 1; const int &cref = bound; o[6] = cref;
      int discarded = 1; discarded;
      int table[4] = {1, 2, 3, 4}; o[7] = table[2];
      int *pointer = o; pointer[1] = 2; *pointer = 3;
      int elements[4]; elements[1] = 2; int *into = &elements[2]; *into = 1; o[8] = into[0] + elements[1];
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  // An array's elements are memory, as behind a pointer: its writes are
  // memory events, and the array (its address) is not modified.
  for (llvm::StringRef Name : {"value", "constRef", "sized", "constMethod", "byCopy", "byRefRead", "bound",
                               "discarded", "table", "pointer", "elements"})
    EXPECT_EQ(kindsOf(Ctx, Name), Kinds{}) << Name.str();
}

// The three old models disagreed on these; each now gets the strictest answer.
TEST(Mutation, CasesTheOldCopiesDisagreedOn) {
  auto AST = test::parseCuda(R"cu(
    __device__ void set(int &r) { r = 3; }
    template <typename T> __device__ void helper(T &v) { v = T(); }
    __global__ void k(int *o, int n) {
      // ExprMutationAnalyzer followed the reference and saw no write.
      int viaRef = 8; int &r = viaRef; o[0] = r;
      // ExprMutationAnalyzer: a pointer to const is no write.
      int viaConstPtr = 8; const int *p = &viaConstPtr; o[1] = *p;
      // FunctionFacts missed these three.
      int viaCall = 8; set(viaCall);
      int viaAsm = 8; asm("mov.u32 %0, 1;" : "=r"(viaAsm));
      float2 viaField = make_float2(0, 0); viaField.x = 1;
      for (int i = 0; i < viaRef; ++i) o[i] = 0;
      // FunctionFacts counted a lambda's write only where it is written.
      int inLambda = 0;
      auto bump = [&] { inLambda += 4; };
      bump();
      o[2] = inLambda;
    }
    template <typename T> __global__ void t(T *o) {
      T dependentCall = T(); helper(dependentCall);  // an unresolved call may bind a reference
      o[0] = dependentCall;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  EXPECT_EQ(kindsOf(Ctx, "viaRef"), Kinds{MutationKind::NonConstReference});
  EXPECT_EQ(kindsOf(Ctx, "viaConstPtr"), Kinds{MutationKind::AddressTaken});
  EXPECT_EQ(kindsOf(Ctx, "viaCall"), Kinds{MutationKind::NonConstReferenceArgument});
  EXPECT_EQ(kindsOf(Ctx, "viaAsm"), Kinds{MutationKind::AsmOperand});
  EXPECT_EQ(kindsOf(Ctx, "viaField"), Kinds{MutationKind::Assignment});
  EXPECT_EQ(kindsOf(Ctx, "dependentCall"), Kinds{MutationKind::OtherUse});

  // The loop bound `viaRef` is no constant: its reference may write it.
  const auto *Loop = selectFirst<ForStmt>("l", match(functionDecl(hasName("k"), forEachDescendant(forStmt().bind("l"))), Ctx));
  ASSERT_TRUE(Loop);
  EXPECT_FALSE(analyseTripCount(Ctx, *Loop, test::functionNamed(Ctx, "k")->getBody()).counted());

  // A lambda's write counts for any range, not only where it is written.
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  const FunctionFacts &F = AnalysisCache::of(Ctx).facts(K);
  const VarDecl *InLambda = test::varNamed(Ctx, "inLambda");
  unsigned After = F.mods(InLambda).front().End + 20;
  EXPECT_TRUE(F.modifiedIn({InLambda}, After, ~0u));
  // findModification and FunctionFacts give the same first modification.
  EXPECT_EQ(findModification(Ctx, K->getBody(), test::varNamed(Ctx, "viaCall")),
            F.mods(test::varNamed(Ctx, "viaCall")).front().Use);
}

TEST(Mutation, FindModificationOutsideTheDeclaringFunction) {
  auto AST = test::parseCuda(R"cu(
    __device__ int counter;
    __global__ void k(int *o) {
      o[0] = counter;
      counter += 1;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const VarDecl *Counter = test::varNamed(Ctx, "counter");
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  EXPECT_FALSE(modificationsOf(Ctx, Counter)) << "a global has no declaring function";
  const Stmt *M = findModification(Ctx, K->getBody(), Counter);
  ASSERT_TRUE(M);
  EXPECT_EQ(Ctx.getSourceManager().getExpansionLineNumber(M->getBeginLoc()), 5u);
  const auto *Body = cast<CompoundStmt>(K->getBody());
  EXPECT_FALSE(findModification(Ctx, Body->body_front(), Counter)) << "only read there";
}

TEST(Mutation, CachedPerFunction) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *a) { a[0] = 1.0f; }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  AnalysisCache &C = AnalysisCache::of(Ctx);
  const FunctionFacts &F1 = C.facts(K);
  const FunctionFacts &F2 = AnalysisCache::of(Ctx).facts(K);
  EXPECT_EQ(&F1, &F2);
  EXPECT_EQ(C.computed(), 1u);
}

} // namespace
