//===- PackedVectorsTest.cpp - lib/Cuda: user structs as vector accesses --===//
#include "klineage/Cuda/PackedVectors.h"
#include "CudaTestSupport.h"
#include "clang/AST/ExprCXX.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace klineage;
using namespace klineage::cuda;

namespace {

/// llm.c's pack (a constructor and a getter that memcpy the payload) and
/// helpers, plus the plain form that reinterprets the pack itself.
const char *Packs = R"cu(
#include <cuda_fp16.h>
template <class T> struct alignas(16) Packed128 {
  Packed128() = default;
  __device__ explicit Packed128(int4 bits) {
    static_assert(sizeof(bits) == sizeof(payload), "size");
    memcpy(&payload, &bits, sizeof(bits));
  }
  __device__ T &operator[](int i) { return payload[i]; }
  __device__ const T &operator[](int i) const { return payload[i]; }
  __device__ int4 get_bits() const {
    int4 bits;
    memcpy(&bits, &payload, sizeof(bits));
    return bits;
  }
  static constexpr const int size = sizeof(int4) / sizeof(T);
  T payload[size];
};
template <class T> __device__ Packed128<T> load128(const T *p) {
  return Packed128<T>{*reinterpret_cast<const int4 *>(p)};
}
template <class T> __device__ Packed128<T> load128cs(const T *p) {
  return Packed128<T>{__ldcs(reinterpret_cast<const int4 *>(p))};
}
template <class T> __device__ void store128(T *p, Packed128<T> v) {
  *reinterpret_cast<int4 *>(p) = v.get_bits();
}
template <class T> __device__ void store128cg(T *p, Packed128<T> v) {
  __stcg(reinterpret_cast<int4 *>(p), v.get_bits());
}
struct alignas(8) Half4 { __half h[4]; };
__device__ Half4 loadHalf4(const __half *p) { return *reinterpret_cast<const Half4 *>(p); }
__device__ void storeHalf4(__half *p, const Half4 &v) { *reinterpret_cast<Half4 *>(p) = v; }
)cu";

const char *NotPacks = R"cu(
struct Pair { float a, b; };                        // two members
struct Loose { float v[4]; };                       // 4-byte aligned
struct alignas(16) WithTag { float v[3]; int tag; };
struct alignas(16) Odd { float v[4]; __device__ float &operator[](int i) { return v[i ^ 1]; } };
__device__ Loose loadLoose(const float *p) { return *reinterpret_cast<const Loose *>(p); }
__device__ Odd loadOddOffset(const float *p) { return *reinterpret_cast<const Odd *>(p + 1); }
__device__ Odd loadOddTwice(const float *p) {
  Odd o = *reinterpret_cast<const Odd *>(p);
  return o;
}
)cu";

const FunctionDecl *instantiationOf(ASTContext &Ctx, llvm::StringRef Name) {
  auto M = match(functionDecl(hasName(Name), isDefinition(), isTemplateInstantiation()).bind("f"), Ctx);
  return M.empty() ? nullptr : M[0].getNodeAs<FunctionDecl>("f");
}

TEST(PackedVectors, LlmcPackAndItsHelpers) {
  std::string Code = std::string(Packs) + R"cu(
    __global__ void k(const float *x, float *y, const __half *h, __half *g) {
      int i = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
      Packed128<float> a = load128(x + i), b = load128cs(x + i);
      float s = 0.f;
      for (int k = 0; k < a.size; ++k) s += a[k] + b[k];
      a[0] = s;
      store128(y + i, a);
      store128cg(y + i, b);
      storeHalf4(g + i, loadHalf4(h + i));
    }
  )cu";
  auto AST = test::parseCuda(Code);
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  auto P = packedVectorType(Ctx, test::varNamed(Ctx, "a")->getType());
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Lanes, 4u);
  EXPECT_EQ(P->Bytes, 16u);
  EXPECT_EQ(P->Payload->getName(), "payload");
  auto Load = packedAccessHelper(Ctx, instantiationOf(Ctx, "load128"));
  ASSERT_TRUE(Load);
  EXPECT_EQ(Load->K, PackedAccessHelper::Load);
  EXPECT_EQ(Load->PointerParam, 0u);
  EXPECT_EQ(Load->Hint, "");
  auto LoadCs = packedAccessHelper(Ctx, instantiationOf(Ctx, "load128cs"));
  ASSERT_TRUE(LoadCs);
  EXPECT_EQ(LoadCs->Hint, "__ldcs");
  auto Store = packedAccessHelper(Ctx, instantiationOf(Ctx, "store128"));
  ASSERT_TRUE(Store);
  EXPECT_EQ(Store->K, PackedAccessHelper::Store);
  EXPECT_EQ(Store->ValueParam, 1u);
  auto StoreCg = packedAccessHelper(Ctx, instantiationOf(Ctx, "store128cg"));
  ASSERT_TRUE(StoreCg);
  EXPECT_EQ(StoreCg->Hint, "__stcg");
  // An 8-byte pack of halves, the pack itself reinterpreted.
  auto H = packedAccessHelper(Ctx, test::functionNamed(Ctx, "loadHalf4"));
  ASSERT_TRUE(H);
  EXPECT_EQ(H->Type.Lanes, 4u);
  EXPECT_EQ(H->Type.Bytes, 8u);
  auto HS = packedAccessHelper(Ctx, test::functionNamed(Ctx, "storeHalf4"));
  ASSERT_TRUE(HS);
  EXPECT_EQ(HS->K, PackedAccessHelper::Store);
  // a[k] is payload element k; the kernel itself is no helper.
  auto Subs = match(findAll(cxxOperatorCallExpr(hasOverloadedOperatorName("[]")).bind("s")),
                    *test::functionNamed(Ctx, "k")->getBody(), Ctx);
  ASSERT_FALSE(Subs.empty());
  for (const BoundNodes &N : Subs) {
    auto E = packedElement(Ctx, N.getNodeAs<Expr>("s"));
    ASSERT_TRUE(E);
    EXPECT_EQ(E->Type.Lanes, 4u);
  }
  EXPECT_FALSE(packedAccessHelper(Ctx, test::functionNamed(Ctx, "k")));
}

TEST(PackedVectors, LookAlikesAreNotPacks) {
  std::string Code = std::string(NotPacks) + R"cu(
    __global__ void k(const float *x, float *y) {
      Pair p{1.f, 2.f};
      WithTag w{};
      Odd o = loadOddOffset(x), q = loadOddTwice(x);
      Loose l = loadLoose(x);
      y[0] = p.a + w.v[0] + o[0] + q[1] + l.v[2];
    }
  )cu";
  auto AST = test::parseCuda(Code);
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->ast();
  EXPECT_FALSE(packedVectorType(Ctx, test::varNamed(Ctx, "p")->getType()));
  EXPECT_FALSE(packedVectorType(Ctx, test::varNamed(Ctx, "w")->getType()));
  EXPECT_FALSE(packedVectorType(Ctx, test::varNamed(Ctx, "l")->getType()));
  auto Odd = packedVectorType(Ctx, test::varNamed(Ctx, "o")->getType());
  ASSERT_TRUE(Odd); // the type is a pack ...
  // ... but its operator[] permutes the lanes, so o[0] is no payload element.
  auto Subs = match(findAll(cxxOperatorCallExpr(hasOverloadedOperatorName("[]")).bind("s")),
                    *test::functionNamed(Ctx, "k")->getBody(), Ctx);
  ASSERT_FALSE(Subs.empty());
  EXPECT_FALSE(packedElement(Ctx, Subs[0].getNodeAs<Expr>("s")));
  EXPECT_FALSE(packedAccessHelper(Ctx, test::functionNamed(Ctx, "loadLoose")));
  // A cast of p + 1 is no cast of the pointer parameter; a body of two
  // statements is no single access.
  EXPECT_FALSE(packedAccessHelper(Ctx, test::functionNamed(Ctx, "loadOddOffset")));
  EXPECT_FALSE(packedAccessHelper(Ctx, test::functionNamed(Ctx, "loadOddTwice")));
}

} // namespace
