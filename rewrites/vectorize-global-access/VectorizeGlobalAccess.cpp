//===- VectorizeGlobalAccess.cpp - Scalar <-> float4/float2 global access -===//
//
// Part of KLineage. Forward: V (4 or 2) per-thread scalar loads or stores of
// float/int/unsigned at p[B+0] .. p[B+V-1] become one float4/float2
// (int4/uint4, ...) access. Reverse: such vector accesses become V scalar
// accesses. Canonical shapes (round trips hold modulo whitespace):
//
//   scalar loads   float a = x[B]; ... x[B + 1] ... x[B + 3]
//   vector load    const float4 x_v0 = *reinterpret_cast<const float4*>(&x[B]);
//                  float a = x_v0.x; ... x_v0.y ... x_v0.w
//   scalar stores  y[B] = e0; y[B + 1] = e1; y[B + 2] = e2; y[B + 3] = e3;
//   vector store   *reinterpret_cast<float4*>(&y[B]) = make_float4(e0, e1, e2, e3);
//   copy           *reinterpret_cast<float4*>(&y[B]) = *reinterpret_cast<const float4*>(&x[C]);
//
// A vector temporary that is modified or used whole keeps its declaration and
// is loaded in place: `float4 v = make_float4(x[B], x[B + 1], x[B + 2], x[B + 3]);`
// (forward reads that call back as one lane group).
// Reverse also reads the shapes experts write: `reinterpret_cast<float4*>(y)[i]`,
// `*(const float4*)(x + 4*i)`, `__ldg(reinterpret_cast<const float4*>(x) + i)`,
// `reinterpret_cast<const float4*>(&x[i4])[0]`, float4 pointer variables.
// Forward.cpp and Reverse.cpp find the sites and build the edits;
// Preconditions.cpp holds one function per precondition, which the table
// below points to. See docs/rewrites/vectorize-global-access.md.
//
//===----------------------------------------------------------------------===//
#include "VectorizeGlobalAccess.h"
#include "RewriteRegistry.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Edit/SourceCode.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include <algorithm>

using namespace clang;
using namespace clang::ast_matchers;
using namespace llvm;

namespace klineage {
namespace vga {

namespace {

const PreconditionSpec Specs[] = {
    {ContiguousLanes, Direction::Forward, 1101,
     "V accesses at offsets 0..V-1 from one base index, through one pointer, of one 4-byte "
     "element type (float, int, unsigned), with the index unchanged between them",
     &checkContiguousLanes},
    {IndexAligned, Direction::Forward, 1102,
     "the base index B is a multiple of V (V*e, e<<log2 V, an asserted multiple)",
     &checkIndexAligned},
    {BaseAligned, Direction::Forward, 1103,
     "the pointer is aligned to V*4 bytes (__builtin_assume_aligned, a declared alignment, a "
     "vector pointee type, or --assume=aligned)",
     &checkBaseAligned},
    {GlobalPointer, Direction::Forward, 1104,
     "the pointer points to global memory (a kernel pointer parameter or derived from one)",
     &checkGlobalPointer},
    {TailCovered, Direction::Forward, 1105,
     "all lanes execute under the same condition; per-lane guards 'B+k < n' only when B and n "
     "are multiples of V (then they are merged into one)",
     &checkTailCovered},
    {NoAliasingWriteBetween, Direction::Forward, 1106,
     "no possibly-aliasing store (loads) or read/store (stores) between the first and last lane",
     &checkNoAliasingWriteBetween},
    {SameBlock, Direction::Forward, 1107,
     "the lanes are in statements directly in one block, not in different branches or loops "
     "and not under && / || / ?:",
     &checkSameBlock},
    {LoopLanesUnconditional, Direction::Forward, 1108,
     "lanes written as a loop `for (k = S; k < S+V; ++k) ... p[B + k] ...`: the loop runs all "
     "V iterations (constant bounds, no break/continue/return, k not changed in the body) and "
     "each lane access is an unconditional read or write of the body",
     &checkLoopLanesUnconditional},
    {VectorTempOnlyLanes, Direction::Reverse, 1111,
     "the vector load is read as a value: a temporary only read through .x/.y/.z/.w becomes "
     "loads at the uses, any other value make_float4(<scalar loads>) in place; vector memory "
     "bound to a reference or written through a lane is refused",
     &checkVectorTempOnlyLanes},
    {NoAliasingWriteBetween, Direction::Reverse, 1106,
     "delaying the loads to the uses (or splitting a store) crosses no possibly-aliasing write",
     &checkNoAliasingWriteBetweenReverse},
};

} // namespace

FunctionAnalysis::FunctionAnalysis(AnalysisContext &AC, const FunctionDecl *FD)
    : AC(AC), Ctx(AC.ast()), FD(FD), Facts(analysis::AnalysisCache::of(AC.ast()).facts(FD)),
      A(AC.ast(), AC.assumptions(), Facts), PM(FD->getBody()), Names(AC.ast()),
      File(fileOf(AC.ast(), FD->getBody())) {}

const PreconditionSpec &spec(const char *Name, Direction D) {
  for (const PreconditionSpec &P : Specs)
    if (P.Dir == D && StringRef(P.Name) == Name)
      return P;
  llvm_unreachable("no such precondition of vectorize-global-access");
}

namespace {

constexpr char FnId[] = "fn";

/// Functions with a body that are not dependent templates (instantiations are
/// analysed instead).
auto functionMatcher() {
  return functionDecl(isDefinition(), hasBody(compoundStmt()), unless(isImplicit())).bind(FnId);
}

class FunctionCollector : public MatchFinder::MatchCallback {
public:
  std::vector<const FunctionDecl *> Fns;
  void run(const MatchFinder::MatchResult &R) override {
    const auto *FD = R.Nodes.getNodeAs<FunctionDecl>(FnId);
    if (!FD || FD->isDependentContext() || !FD->getBody())
      return;
    // Device code only: host reference loops and launchers are not global
    // memory accesses of a thread.
    if (!cuda::isDeviceCode(FD))
      return;
    if (std::find(Fns.begin(), Fns.end(), FD) == Fns.end())
      Fns.push_back(FD);
  }
};

class VectorizeGlobalAccess : public RewritePair {
public:
  StringRef name() const override { return RewriteName; }
  StringRef intent() const override {
    return "turn V contiguous per-thread scalar float/int global loads or stores into one "
           "float4/float2 (int4/uint4...) access: fewer, wider memory transactions";
  }
  ArrayRef<PreconditionSpec> preconditions() const override { return Specs; }
  ArrayRef<OptionSpec> options() const override {
    static const OptionSpec Options[] = {
        {"vector-width", OptionSpec::Enum, "auto",
         "lanes per vector access: 'auto' (by group size), or force 4 or 2", 0, 0,
         {"auto", "4", "2"}},
    };
    return Options;
  }
  void findSites(Direction D, AnalysisContext &AC) const override {
    MatchFinder Finder;
    FunctionCollector C;
    Finder.addMatcher(functionMatcher(), &C);
    Finder.matchAST(AC.ast());
    for (const FunctionDecl *FD : C.Fns) {
      if (D == Direction::Forward)
        findForwardSites(AC, FD);
      else
        findReverseSites(AC, FD);
    }
  }
};

} // namespace
} // namespace vga

std::unique_ptr<RewritePair> createVectorizeGlobalAccess() {
  return std::make_unique<vga::VectorizeGlobalAccess>();
}

} // namespace klineage
