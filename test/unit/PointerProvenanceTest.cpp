//===- PointerProvenanceTest.cpp - lib/Analysis: roots of pointers --------===//
#include "klineage/Analysis/PointerProvenance.h"
#include "CudaTestSupport.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace klineage;
using namespace klineage::analysis;

namespace {

/// The root of the base pointer of the access assigned to in `Dst = ...`
/// or read into variable \p Var's initialiser.
Root rootOfInit(ASTContext &Ctx, const FunctionFacts &F, Linearizer &L, llvm::StringRef Var) {
  PointerProvenance P(Ctx, F, L);
  return P.rootOf(accessBasePointer(test::initOf(Ctx, Var)));
}

TEST(PointerProvenance, ThroughALocalChain) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *a, float *out, int r, int ld) {
      const float *row = a + r * ld;
      const float *cell = row + 2;
      float v = cell[threadIdx.x];
      out[0] = v;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  FunctionFacts F(Ctx, test::functionNamed(Ctx, "k"));
  Linearizer L(Ctx);
  Root R = rootOfInit(Ctx, F, L, "v");
  EXPECT_EQ(R.K, Root::KernelParam);
  EXPECT_EQ(R.Name, "a");
  EXPECT_EQ(R.Chain, (std::vector<std::string>{"cell", "row"}));
  ASSERT_TRUE(R.OffsetKnown);
  EXPECT_EQ(R.OffsetBytes.constant(), 8);      // + 2 floats
  EXPECT_EQ(R.OffsetBytes.Terms.size(), 2u);   // 4 * r * ld, and 8
}

TEST(PointerProvenance, DeviceHelperParameterAndItsWrites) {
  auto AST = test::parseCuda(R"cu(
    __device__ void put(float *q, int i) { float old = q[i]; q[i] = old + 1.0f; }
    __global__ void k(float *a) { put(a, threadIdx.x); }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  const FunctionDecl *Put = test::functionNamed(Ctx, "put");
  FunctionFacts F(Ctx, Put);
  Linearizer L(Ctx);
  Root R = rootOfInit(Ctx, F, L, "old");
  EXPECT_EQ(R.K, Root::DeviceParam); // may be shared or local memory for a caller
  EXPECT_EQ(R.Name, "q");
  // The helper writes memory through its argument.
  bool WritesQ = false;
  PointerProvenance P(Ctx, F, L);
  for (const MemEvent &E : F.events())
    if (E.K == MemEvent::Write)
      WritesQ |= P.rootOf(accessBasePointer(E.E)).D == R.D;
  EXPECT_TRUE(WritesQ);
}

TEST(PointerProvenance, CursorAdvancedInPlace) {
  auto AST = test::parseCuda(R"cu(
    __global__ void k(float *p, int n) {
      for (int t = 0; t < n; ++t) {
        float v = p[threadIdx.x];
        p[threadIdx.x + 32] = v;
        p += 4;
      }
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  FunctionFacts F(Ctx, test::functionNamed(Ctx, "k"));
  Linearizer L(Ctx);
  Root R = rootOfInit(Ctx, F, L, "v");
  EXPECT_EQ(R.K, Root::KernelParam);
  ASSERT_EQ(R.Advances.size(), 1u);
  EXPECT_EQ(R.AdvanceElemBytes, 4);
}

TEST(PointerProvenance, MemorySpacesAndAliasing) {
  auto AST = test::parseCuda(R"cu(
    __device__ float g[64];
    __global__ void k(float *a, float *b, float *__restrict__ c, float *__restrict__ d) {
      __shared__ float t[64];
      float l[4] = {0, 0, 0, 0};
      float vt = t[threadIdx.x], vg = g[threadIdx.x], vl = l[1];
      float va = a[0], vb = b[0], va2 = a[1], vc = c[0], vd = d[0];
      a[2] = vt + vg + vl + va + vb + va2 + vc + vd;
    }
  )cu");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  FunctionFacts F(Ctx, test::functionNamed(Ctx, "k"));
  Linearizer L(Ctx);
  auto R = [&](llvm::StringRef V) { return rootOfInit(Ctx, F, L, V); };
  EXPECT_EQ(R("vt").K, Root::Shared);
  EXPECT_EQ(R("vg").K, Root::GlobalVar);
  EXPECT_EQ(R("vl").K, Root::LocalArray);
  std::string Why;
  EXPECT_EQ(mayAlias(R("vt"), R("va"), Why), Alias::No);  // shared vs a kernel's pointer
  EXPECT_EQ(mayAlias(R("vt"), R("vg"), Why), Alias::No);  // shared vs global array
  EXPECT_EQ(mayAlias(R("vl"), R("vb"), Why), Alias::No);  // local vs anything
  EXPECT_EQ(mayAlias(R("va"), R("va2"), Why), Alias::Same);
  EXPECT_EQ(mayAlias(R("va"), R("vb"), Why), Alias::May);
  EXPECT_NE(Why.find("may alias"), std::string::npos);
  EXPECT_EQ(mayAlias(R("vc"), R("vd"), Why), Alias::No);  // both __restrict__
}

} // namespace
