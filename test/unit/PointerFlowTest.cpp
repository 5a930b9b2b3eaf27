//===- PointerFlowTest.cpp - lib/Analysis: where a pointer parameter goes -===//
#include "klineage/Analysis/PointerFlow.h"
#include "CudaTestSupport.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "clang/AST/ExprCXX.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace klineage;
using namespace klineage::analysis;

namespace {

/// The flow of parameter \p Param of function \p Fn.
const PointerFlow &flowOf(ASTContext &Ctx, llvm::StringRef Fn, unsigned Param) {
  const FunctionDecl *FD = test::functionNamed(Ctx, Fn);
  EXPECT_TRUE(FD);
  return AnalysisCache::of(Ctx).pointerFlow(FD->getParamDecl(Param));
}

unsigned lineOf(ASTContext &Ctx, SourceLocation L) {
  return Ctx.getSourceManager().getPresumedLineNumber(Ctx.getSourceManager().getFileLoc(L));
}

TEST(PointerFlow, WriteThroughADeviceHelper) {
  auto AST = test::parseCuda(R"cu(
    __device__ void put(float *q, int i, float v) { q[i] = v; }
    __device__ float get(const float *q, int i) { return q[i]; }
    __global__ void k(float *out, const float *in) {
      put(out, threadIdx.x, get(in, threadIdx.x));
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const PointerFlow &Out = flowOf(Ctx, "k", 0);
  ASSERT_EQ(Out.Writes.size(), 1u);
  const FlowFact &W = Out.Writes[0];
  EXPECT_EQ(W.K, FlowFact::Store);
  // Found in put's body, through the call in k: the evidence is the call.
  ASSERT_EQ(W.Via.size(), 1u);
  EXPECT_EQ(W.Via[0].Callee->getName(), "put");
  EXPECT_EQ(W.Via[0].Param->getName(), "q");
  EXPECT_EQ(lineOf(Ctx, W.location()), 5u);
  EXPECT_EQ(lineOf(Ctx, W.innerLocation()), 2u);
  // `in` goes to a const parameter: read, never written.
  const PointerFlow &In = flowOf(Ctx, "k", 1);
  EXPECT_FALSE(In.written());
  EXPECT_TRUE(In.followed());
  EXPECT_EQ(In.Reads, 1u);
}

TEST(PointerFlow, HelperWithoutABodyWrites) {
  // A callee that takes `T *` and whose body is not visible writes as far
  // as the code can tell: a write, not an unknown.
  auto AST = test::parseCuda(R"cu(
    __device__ void store128(float *dst, float v);
    __global__ void k(float *out) { store128(out + 4 * threadIdx.x, 1.0f); }
  )cu");
  ASSERT_TRUE(AST);
  const PointerFlow &F = flowOf(AST->ast(), "k", 0);
  ASSERT_EQ(F.Writes.size(), 1u);
  EXPECT_EQ(F.Writes[0].K, FlowFact::OpaqueCallee);
  EXPECT_EQ(F.Writes[0].Param->getName(), "dst");
}

TEST(PointerFlow, LocalCursor) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *p, int i, int n) {
      float *q = p + i;
      for (int t = 0; t < n; ++t)
        *q++ = 0.0f;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const PointerFlow &F = flowOf(Ctx, "k", 0);
  const VarDecl *Q = test::varNamed(Ctx, "q");
  EXPECT_TRUE(F.derives(Q));
  EXPECT_EQ(F.Derived, (std::vector<const VarDecl *>{Q}));
  EXPECT_TRUE(F.Mixed.empty());
  ASSERT_EQ(F.Writes.size(), 1u);
  EXPECT_EQ(F.Writes[0].K, FlowFact::Store);
  EXPECT_TRUE(F.Writes[0].Via.empty());
  // q would need const with p: its declaration is a const dependent.
  ASSERT_EQ(F.ConstDependents.size(), 1u);
  EXPECT_EQ(F.ConstDependents[0].K, FlowFact::LocalPointer);
  EXPECT_EQ(F.ConstDependents[0].D, Q);
}

TEST(PointerFlow, ThroughACast) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *p, const float *in) {
      reinterpret_cast<int *>(p)[threadIdx.x] = reinterpret_cast<const int *>(in)[threadIdx.x];
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const PointerFlow &P = flowOf(Ctx, "k", 0);
  ASSERT_EQ(P.Writes.size(), 1u);
  EXPECT_EQ(P.Writes[0].K, FlowFact::Store);
  ASSERT_EQ(P.ConstDependents.size(), 1u);
  EXPECT_EQ(P.ConstDependents[0].K, FlowFact::PointerCast); // would cast the const away
  // The read through a cast is a load __ldg can serve.
  const PointerFlow &In = flowOf(Ctx, "k", 1);
  EXPECT_FALSE(In.written());
  ASSERT_EQ(In.Loads.size(), 1u);
  EXPECT_TRUE(isa<ArraySubscriptExpr>(In.Loads[0]));
}

TEST(PointerFlow, ThroughAnAtomic) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(int *hist, const int *keys) {
      atomicAdd(hist + keys[threadIdx.x], 1);
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const PointerFlow &F = flowOf(Ctx, "k", 0);
  ASSERT_EQ(F.Writes.size(), 1u);
  EXPECT_EQ(F.Writes[0].K, FlowFact::AtomicOrStoreCall);
  EXPECT_EQ(F.Writes[0].Callee->getName(), "atomicAdd");
  EXPECT_EQ(flowOf(Ctx, "k", 1).Loads.size(), 1u);
}

TEST(PointerFlow, UninstantiatedTemplateBody) {
  // Never instantiated: the pattern is analysed as written, and `p + i` of
  // dependent type is still a pointer into p's memory.
  auto AST = test::parseCuda(R"cu(
    template <typename T, int N>
    __global__ void fill(T *p, int i) {
      T *q = p + i * N;
      q[threadIdx.x] = T();
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const PointerFlow &F = flowOf(Ctx, "fill", 0);
  EXPECT_TRUE(F.derives(test::varNamed(Ctx, "q")));
  EXPECT_EQ(F.Writes.size(), 1u);
}

TEST(PointerFlow, StructHoldingThePointerIsNotFollowed) {
  // Storing the pointer into a struct loses it: the flow says so (unknown),
  // and a struct parameter carrying pointers is recognised as such.
  auto AST = test::parseCuda(R"cu(
    struct View { float *data; int n; };
    struct Pair { View a; int tag; };
    __global__ void k(float *p, float *r, Pair s) {
      View v;
      v.data = p;
      v.data[threadIdx.x] = 1.0f;
      View w{r, 4};
      w.data[0] = s.a.data[0];
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const PointerFlow &P = flowOf(Ctx, "k", 0);
  EXPECT_FALSE(P.written());        // not seen ...
  ASSERT_EQ(P.Unknowns.size(), 1u); // ... because it is not followed
  EXPECT_EQ(P.Unknowns[0].K, FlowFact::StoredIntoLValue);
  const PointerFlow &R = flowOf(Ctx, "k", 1);
  ASSERT_FALSE(R.followed());
  EXPECT_EQ(R.Unknowns[0].K, FlowFact::Escapes); // into an initializer list
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  EXPECT_TRUE(holdsPointers(K->getParamDecl(2)->getType()));
  EXPECT_FALSE(holdsPointers(Ctx.IntTy));
}

TEST(PointerFlow, MixedCopiesAndVolatile) {
  auto AST = test::parseCuda(R"cu(
    __device__ float table[64];
    __global__ void k(const float *p, volatile int *flag, bool c, float *out) {
      const float *q = c ? p : table;
      out[0] = q[threadIdx.x] + p[threadIdx.x];
      while (*flag == 0) {}
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const PointerFlow &P = flowOf(Ctx, "k", 0);
  const VarDecl *Q = test::varNamed(Ctx, "q");
  EXPECT_TRUE(P.derives(Q));
  EXPECT_TRUE(P.Mixed.count(Q)); // may also point into `table`
  ASSERT_EQ(P.Loads.size(), 1u); // p[i] only: q[i] may read other memory
  const PointerFlow &Flag = flowOf(Ctx, "k", 1);
  ASSERT_TRUE(Flag.Volatile);
  EXPECT_EQ(Flag.Volatile->K, FlowFact::VolatilePointer);
}

TEST(PointerFlow, CalleeParametersAndDeduction) {
  auto AST = test::parseCuda(R"cu(
    __device__ float first(float *a) { return a[0]; }
    template <class T> __device__ T dot2(T *a, T *b) { return a[0] * b[0] + a[1] * b[1]; }
    __global__ void k(float *x, float *y, float *out) {
      out[0] = first(x) + dot2(x, y);
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const PointerFlow &X = flowOf(Ctx, "k", 0);
  EXPECT_FALSE(X.written());
  ASSERT_EQ(X.ConstDependents.size(), 2u);
  // first's parameter must take const too; dot2's T is deduced from b too.
  EXPECT_EQ(X.ConstDependents[0].K, FlowFact::CalleeParameter);
  EXPECT_EQ(cast<ParmVarDecl>(X.ConstDependents[0].D)->getName(), "a");
  EXPECT_EQ(X.ConstDependents[1].K, FlowFact::DeducedTwice);
  EXPECT_EQ(X.ConstDependents[1].Param->getName(), "b");
}

TEST(PointerFlow, SharedDerivationRuleWithRootOf) {
  // One derivation step for both directions: what the flow finds derived
  // from `a`, rootOf traces back to `a`; __builtin_assume_aligned and
  // casts are steps of it, so the write through `w` is found.
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *a, int r, int ld) {
      const float *row = a + r * ld;
      float *w = (float *)__builtin_assume_aligned(a + 4 * r, 16);
      w[1] = row[threadIdx.x];
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *K = test::functionNamed(Ctx, "k");
  const PointerFlow &F = AnalysisCache::of(Ctx).pointerFlow(K->getParamDecl(0));
  const VarDecl *Row = test::varNamed(Ctx, "row"), *W = test::varNamed(Ctx, "w");
  EXPECT_TRUE(F.derives(Row));
  EXPECT_TRUE(F.derives(W));
  ASSERT_EQ(F.Writes.size(), 1u);
  Linearizer L(Ctx);
  PointerProvenance Prov(Ctx, AnalysisCache::of(Ctx).facts(K), L);
  for (const VarDecl *V : {Row, W}) {
    Root R = Prov.rootOf(V->getInit());
    EXPECT_EQ(R.K, Root::KernelParam);
    EXPECT_EQ(R.D, K->getParamDecl(0));
  }
  EXPECT_EQ(Prov.rootOf(W->getInit()).AlignBytes, 16u);
  // carriesPointer is the step itself.
  const auto *Cast = cast<ExplicitCastExpr>(W->getInit()->IgnoreParenImpCasts());
  EXPECT_TRUE(carriesPointer(Cast, Cast->getSubExpr()));
  EXPECT_EQ(carriedPointer(Cast), Cast->getSubExpr());
}

TEST(PointerFlow, CachedPerParameter) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(const float *in, float *out) { out[threadIdx.x] = in[threadIdx.x]; }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const PointerFlow &A = flowOf(Ctx, "k", 0);
  const PointerFlow &B = flowOf(Ctx, "k", 0);
  EXPECT_EQ(&A, &B);
  EXPECT_EQ(A.Loads.size(), 1u);
  EXPECT_TRUE(flowOf(Ctx, "k", 1).written());
}

} // namespace
