//===- AlignmentTest.cpp - lib/Analysis: is a pointer N-byte aligned? -----===//
#include "klineage/Analysis/Alignment.h"
#include "CudaTestSupport.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace klineage;
using namespace klineage::analysis;

namespace {

/// Parses \p Code and answers, for the base pointer of the access that
/// initialises variable \p Var in function "k", whether it is aligned to
/// \p Need bytes.
struct AlignmentFixture {
  std::unique_ptr<ParsedFile> AST;
  std::unique_ptr<FunctionFacts> Facts;
  std::unique_ptr<Linearizer> Lin;
  std::unique_ptr<Divisibility> Div;
  std::unique_ptr<Alignment> Align;

  explicit AlignmentFixture(llvm::StringRef Code, Alignment::AssertedAlignment Asserted = {}) {
    AST = test::parseCuda(Code);
    if (!AST)
      return;
    ASTContext &Ctx = AST->ast();
    Facts = std::make_unique<FunctionFacts>(Ctx, test::functionNamed(Ctx, "k"));
    Lin = std::make_unique<Linearizer>(Ctx);
    Div = std::make_unique<Divisibility>(*Facts, *Lin);
    Align = std::make_unique<Alignment>(Ctx, *Lin, *Div, std::move(Asserted));
  }
  Root rootOf(llvm::StringRef Var) {
    PointerProvenance P(AST->ast(), *Facts, *Lin);
    return P.rootOf(accessBasePointer(test::initOf(AST->ast(), Var)));
  }
  AlignmentAnswer of(llvm::StringRef Var, unsigned Need) { return Align->alignedTo(rootOf(Var), Need); }
};

TEST(Alignment, AssumeAlignedAndOffsets) {
  AlignmentFixture F(R"cu(
    __global__ void k(const float *x, float *o, int i) {
      const float *a = (const float *)__builtin_assume_aligned(x, 16);
      float v0 = a[4 * i];
      const float *b = a + 4 * i;
      float v1 = b[0];
      const float *c = a + 1;
      float v2 = c[0];
      const float *d = a + 4 * i + 2;
      float v3 = d[0];
      const float *e = a + i;
      float v4 = e[0];
      o[0] = v0 + v1 + v2 + v3 + v4;
    }
  )cu");
  ASSERT_TRUE(F.AST);
  AlignmentAnswer A = F.of("v0", 16); // the base pointer a itself
  EXPECT_EQ(A.T, Truth::Holds);
  EXPECT_EQ(A.Root.From, RootAlignment::AssumeAligned);
  EXPECT_EQ(A.Root.Bytes, 16u);
  EXPECT_EQ(F.of("v1", 16).T, Truth::Holds); // a + 4*i floats = 16*i bytes
  A = F.of("v2", 16);                        // a + 4 bytes
  EXPECT_EQ(A.T, Truth::Fails);
  EXPECT_EQ(A.Why, AlignmentAnswer::ConstantOffset);
  EXPECT_EQ(A.Offset, 4);
  A = F.of("v3", 16); // a + 16*i + 8 bytes: misaligned whatever i is
  EXPECT_EQ(A.T, Truth::Fails);
  EXPECT_EQ(A.Why, AlignmentAnswer::ConstantOffset);
  EXPECT_TRUE(A.SymbolicOffset);
  A = F.of("v4", 16); // a + 4*i bytes: only when i is a multiple of 4
  EXPECT_EQ(A.T, Truth::Unknown);
  EXPECT_EQ(A.Why, AlignmentAnswer::OffsetNotMultiple);
  EXPECT_EQ(F.of("v4", 4).T, Truth::Holds);
}

TEST(Alignment, DeclaredArraysAreDecidedNeverUnknown) {
  AlignmentFixture F(R"cu(
    __device__ float g[64];
    __global__ void k(float *o) {
      __shared__ float s[64];
      __shared__ __align__(16) float s16[64];
      __shared__ float4 s4[16];
      float r[8];
      for (int j = 0; j < 8; ++j) r[j] = o[j];
      float a = s[0], b = s16[4], c = ((const float *)s4)[0], d = r[0], e = g[0];
      const float *q = s16 + threadIdx.x;
      float f = q[0];
      o[0] = a + b + c + d + e + f;
    }
  )cu");
  ASSERT_TRUE(F.AST);
  AlignmentAnswer A = F.of("a", 16);
  EXPECT_EQ(A.T, Truth::Fails); // __shared__ float: 4 bytes, decided
  EXPECT_EQ(A.Why, AlignmentAnswer::RootTooSmall);
  EXPECT_EQ(A.Root.From, RootAlignment::Declared);
  EXPECT_EQ(A.Root.Bytes, 4u);
  A = F.of("b", 16); // __align__(16), offset 16 bytes
  EXPECT_EQ(A.T, Truth::Holds);
  EXPECT_EQ(A.Root.Bytes, 16u);
  EXPECT_EQ(F.of("c", 16).T, Truth::Holds); // an array of float4
  A = F.of("d", 16);                        // a register array of float
  EXPECT_EQ(A.T, Truth::Fails);
  EXPECT_EQ(A.Root.From, RootAlignment::Declared);
  EXPECT_EQ(F.of("e", 16).T, Truth::Fails); // __device__ float g[64]
  EXPECT_EQ(F.of("e", 4).T, Truth::Holds);
  A = F.of("f", 16); // offset 4*threadIdx.x: a question of the index, not of s16
  EXPECT_EQ(A.T, Truth::Unknown);
  EXPECT_EQ(A.Why, AlignmentAnswer::OffsetNotMultiple);
}

TEST(Alignment, ParametersByPointeeTypeAndAssertion) {
  AlignmentFixture F(
      R"cu(
    __global__ void k(const float *x, const float4 *x4, const float2 *x2, const float *y, float *o) {
      const float *p = y + 2;
      float a = x[0], b = ((const float *)x4)[0], c = ((const float *)x2)[0], d = p[0];
      o[0] = a + b + c + d;
    }
  )cu",
      [](llvm::StringRef Name) -> std::optional<unsigned> {
        if (Name == "y")
          return 16u;
        if (Name == "p")
          return 8u;
        return std::nullopt;
      });
  ASSERT_TRUE(F.AST);
  AlignmentAnswer A = F.of("a", 16); // a float *: the launcher decides
  EXPECT_EQ(A.T, Truth::Unknown);
  EXPECT_EQ(A.Why, AlignmentAnswer::RootTooSmall);
  EXPECT_EQ(A.Root.From, RootAlignment::PointeeType);
  EXPECT_EQ(A.Root.Bytes, 4u);
  A = F.of("b", 16); // a float4 * is 16-byte aligned by its type
  EXPECT_EQ(A.T, Truth::Holds);
  EXPECT_EQ(A.Root.From, RootAlignment::PointeeType);
  EXPECT_EQ(F.of("c", 8).T, Truth::Holds);
  EXPECT_EQ(F.of("c", 16).T, Truth::Unknown); // only 8 promised: not decided
  // y is asserted 16-byte aligned, but p = y + 2 floats is 8 bytes past it;
  // p's own assertion (8) is too small to settle 16.
  A = F.of("d", 16);
  EXPECT_EQ(A.T, Truth::Fails);
  EXPECT_EQ(A.Root.From, RootAlignment::Asserted);
  EXPECT_EQ(A.Offset, 8);
  A = F.of("d", 8); // p asserted 8-byte aligned on the way
  EXPECT_EQ(A.T, Truth::Holds);
  EXPECT_EQ(A.Why, AlignmentAnswer::AssertedOnTheWay);
  EXPECT_EQ(A.Name, "p");
}

TEST(Alignment, AdvancedParameter) {
  AlignmentFixture F(R"cu(
    __global__ void k(const float4 *x4, const float *y, float *o, int n, int m) {
      const float *x = (const float *)x4;
      x4 += 2 * n;
      y += m;
      float a = ((const float *)x4)[0], b = y[0];
      o[0] = a + b + x[0];
    }
  )cu");
  ASSERT_TRUE(F.AST);
  EXPECT_EQ(F.of("a", 16).T, Truth::Holds); // whole float4 elements
  AlignmentAnswer A = F.of("b", 16);
  EXPECT_EQ(A.T, Truth::Unknown);
  EXPECT_EQ(A.Why, AlignmentAnswer::AdvanceNotMultiple);
  ASSERT_TRUE(A.Advance);
}

TEST(Alignment, ArrayMembersOfStructs) {
  AlignmentFixture F(R"cu(
    struct Rec { int tag; float v[8]; };
    struct alignas(16) Tile { float head[4]; float v[8]; };
    struct Plain { float v[8]; };
    __global__ void k(const Rec *r, const Tile *t, const Plain *p, float *o) {
      const float *q = t->v + 1;
      float a = r->v[0], b = t->v[4], c = q[0], d = p->v[0];
      o[0] = a + b + c + d;
    }
  )cu");
  ASSERT_TRUE(F.AST);
  AlignmentAnswer A = F.of("a", 16); // field at byte 4
  EXPECT_EQ(A.T, Truth::Fails);
  EXPECT_EQ(A.Why, AlignmentAnswer::FieldOffset);
  EXPECT_EQ(A.Offset, 4);
  A = F.of("b", 16); // alignas(16) struct, v at byte 16
  EXPECT_EQ(A.T, Truth::Holds);
  EXPECT_EQ(A.Root.From, RootAlignment::RecordType);
  EXPECT_EQ(F.of("c", 16).T, Truth::Fails); // t->v + 1 is byte 20
  A = F.of("d", 16);                        // a 4-byte aligned struct: unknown
  EXPECT_EQ(A.T, Truth::Unknown);
  EXPECT_EQ(A.Why, AlignmentAnswer::FieldInStruct);
}

} // namespace
