//===- SharedMemory.cpp - __shared__ arrays: sizes, limits, banks ---------===//
#include "klineage/Analysis/SharedMemory.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Cuda/MemorySpace.h"
#include "clang/AST/ExprCXX.h"
#include <algorithm>
#include <numeric>
#include <set>

using namespace clang;

namespace klineage {
namespace analysis {

static SharedDecl describe(ASTContext &Ctx, const VarDecl *V, const FunctionDecl *F) {
  SharedDecl D;
  D.Var = V;
  D.Function = F;
  QualType T = V->getType();
  if (T->isDependentType())
    return D;
  D.Dynamic = isa_and_nonnull<IncompleteArrayType>(Ctx.getAsArrayType(T)); // null: a scalar
  while (const ArrayType *AT = Ctx.getAsArrayType(T)) {
    if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
      D.Dims.push_back(CAT->getZExtSize());
    T = AT->getElementType();
  }
  D.ElemBytes = Ctx.getTypeSizeInChars(T).getQuantity();
  if (!D.Dynamic)
    D.Bytes = Ctx.getTypeSizeInChars(V->getType()).getQuantity();
  return D;
}

namespace {
struct Collector {
  ASTContext &Ctx;
  SharedUsage &Out;
  std::set<const VarDecl *> Seen;
  std::set<const FunctionDecl *> Visited;

  void add(const VarDecl *V, const FunctionDecl *F) {
    if (Seen.insert(V).second)
      Out.Decls.push_back(describe(Ctx, V, F));
  }
  void function(const FunctionDecl *F) {
    const FunctionDecl *Def = nullptr;
    if (!F || !F->hasBody(Def) || !Visited.insert(Def).second)
      return;
    walk(Def->getBody(), Def);
  }
  void walk(const Stmt *S, const FunctionDecl *F) {
    if (!S)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && cuda::isShared(V))
          add(V, F);
    if (const auto *R = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(R->getDecl()); V && cuda::isShared(V))
        add(V, V->isFileVarDecl() ? nullptr : F);
    if (const auto *C = dyn_cast<CallExpr>(S))
      function(C->getDirectCallee()); // helpers, with their own __shared__
    for (const Stmt *Child : S->children())
      walk(Child, F);
  }
};
} // namespace

SharedUsage sharedUsage(ASTContext &Ctx, const FunctionDecl *Kernel, std::optional<uint64_t> DynamicBytes) {
  SharedUsage U;
  U.DynamicBytes = DynamicBytes;
  Collector C{Ctx, U, {}, {}};
  C.function(Kernel);
  for (const SharedDecl &D : U.Decls) {
    if (D.Dynamic)
      U.UsesDynamic = true;
    else if (D.Bytes)
      U.StaticBytes += *D.Bytes;
    else
      U.StaticKnown = false;
  }
  return U;
}

std::optional<uint64_t> launchSharedBytes(const ASTContext &Ctx, const cuda::LaunchSite &Site) {
  if (Site.SharedMem.Defaulted)
    return 0;
  Expr::EvalResult R;
  if (!Site.SharedMem.E || Site.SharedMem.E->isValueDependent() || !Site.SharedMem.E->EvaluateAsInt(R, Ctx) ||
      R.Val.getInt().isNegative())
    return std::nullopt;
  return R.Val.getInt().getZExtValue();
}

LimitCheck checkLimits(const SharedUsage &U, const SharedLimits &L) {
  LimitCheck C;
  C.Bytes = U.StaticBytes + U.DynamicBytes.value_or(0);
  if (U.StaticBytes > L.StaticMax) {
    C.V = LimitCheck::Exceeds;
    C.Why = "static __shared__ takes " + std::to_string(U.StaticBytes) + " bytes, over the " +
            std::to_string(L.StaticMax) + " a static allocation may have";
    return C;
  }
  if (!U.StaticKnown) {
    C.Why = "a __shared__ size depends on a template parameter";
    return C;
  }
  if (U.UsesDynamic && !U.DynamicBytes) {
    C.Why = "the dynamic shared memory of the launch is not known";
    return C;
  }
  if (C.Bytes <= L.StaticMax) {
    C.V = LimitCheck::Fits;
    return C;
  }
  C.V = C.Bytes <= L.OptInMax ? LimitCheck::NeedsOptIn : LimitCheck::Exceeds;
  C.Why = std::to_string(C.Bytes) + " bytes per block " +
          (C.V == LimitCheck::NeedsOptIn ? "needs cudaFuncAttributeMaxDynamicSharedMemorySize (up to "
                                         : "exceed the opt-in limit (") +
          std::to_string(L.OptInMax) + ")";
  return C;
}

std::optional<SharedAccess> SharedBanks::access(const Expr *Access) {
  // A copy of a whole element (`float4 v = s[i];`) reads that element.
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Access->IgnoreParenImpCasts());
      CE && CE->getNumArgs() == 1)
    Access = CE->getArg(0);
  const Expr *E = Access->IgnoreParenImpCasts();
  std::vector<const Expr *> Idx; // innermost first
  while (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    Idx.push_back(AS->getIdx());
    E = AS->getBase()->IgnoreParenImpCasts();
  }
  const VarDecl *V = refVar(E);
  if (Idx.empty() || !V || !cuda::isShared(V) || V->getType()->isDependentType())
    return std::nullopt;
  std::reverse(Idx.begin(), Idx.end());
  // Extents below each index: s[i][j] of T s[R][C] is element i*C + j.
  std::vector<uint64_t> Inner;
  QualType T = V->getType();
  for (size_t K = 0; K < Idx.size(); ++K) {
    const ArrayType *AT = Ctx.getAsArrayType(T);
    if (!AT)
      return std::nullopt; // indexing through a pointer element
    T = AT->getElementType();
    if (K > 0) {
      const auto *CAT = dyn_cast<ConstantArrayType>(AT);
      if (!CAT)
        return std::nullopt;
      Inner.push_back(CAT->getZExtSize());
    }
  }
  if (Ctx.getAsArrayType(T))
    return std::nullopt; // a row, not an element
  SharedAccess A;
  A.E = Access->IgnoreParenImpCasts();
  A.Array = V;
  A.ElemBytes = Ctx.getTypeSizeInChars(T).getQuantity();
  LinearForm Elem;
  for (size_t K = 0; K < Idx.size(); ++K) {
    auto F = Lin.linearize(Idx[K]);
    if (!F) {
      A.Why = "an index has no linear form";
      return A;
    }
    if (K > 0) {
      LinearForm Scaled;
      Scaled.add(Elem, int64_t(Inner[K - 1]));
      Elem = Scaled;
    }
    Elem.add(*F);
  }
  if (A.ElemBytes % 4 != 0) {
    A.Why = "elements of " + std::to_string(A.ElemBytes) + " bytes share 4-byte words";
    return A;
  }
  LinearForm W;
  W.add(Elem, int64_t(A.ElemBytes / 4));
  A.Words = W;
  return A;
}

/// \p F with each local that is never written again replaced by its
/// initialiser (`int tx = threadIdx.x;`), so lane terms show.
static LinearForm expandLocals(const LinearForm &F, Linearizer &Lin, const FunctionFacts &Facts,
                               unsigned Depth = 0) {
  LinearForm Out;
  for (const auto &[M, C] : F.Terms) {
    LinearForm Term;
    Term.Terms[Monomial()] = C;
    for (const std::string &Key : M) {
      const Atom *A = Lin.atom(Key);
      std::optional<LinearForm> Sub;
      if (Depth < 4 && A && A->Var && A->Var->hasLocalStorage() && A->Var->getInit() &&
          Facts.mods(A->Var).empty() && !A->Var->getType().isVolatileQualified())
        Sub = Lin.linearize(A->Var->getInit());
      if (!Sub) {
        Sub = LinearForm();
        Sub->Terms[Monomial{Key}] = 1;
      } else {
        Sub = expandLocals(*Sub, Lin, Facts, Depth + 1);
      }
      // Term *= Sub, with monomials kept sorted.
      LinearForm P;
      for (const auto &[MA, CA] : Term.Terms)
        for (const auto &[MB, CB] : Sub->Terms) {
          Monomial Mono = MA;
          Mono.insert(Mono.end(), MB.begin(), MB.end());
          std::sort(Mono.begin(), Mono.end());
          P.Terms[Mono] += CA * CB;
        }
      Term = P;
    }
    Out.add(Term);
  }
  return Out;
}

BankConflict SharedBanks::conflict(const SharedAccess &A) {
  BankConflict B;
  if (!A.Words) {
    B.Why = A.Why;
    return B;
  }
  static const std::string Lane = "b:threadIdx.x";
  LinearForm W = expandLocals(*A.Words, Lin, AnalysisCache::of(Ctx).facts(U.function()));
  int64_t Stride = 0;
  for (const auto &[M, C] : W.Terms) {
    if (M == Monomial{Lane}) {
      Stride = C;
      continue;
    }
    for (const std::string &Key : M) {
      if (Key == Lane) {
        B.Why = "the lane stride is not a constant";
        return B;
      }
      // Every other term must be the same for all lanes of the warp.
      if (Key.rfind("b:", 0) == 0)
        continue; // threadIdx.y/.z (by the assumption), blockIdx, blockDim, gridDim
      const Atom *At = Lin.atom(Key);
      UniformityAnswer L = At && At->E ? U.of(At->E) : UniformityAnswer{Level::Varying, nullptr, "unknown term"};
      if (L.L < Level::Warp) {
        B.Why = "a term differs between lanes: " + L.Why;
        return B;
      }
    }
  }
  B.LaneStride = Stride;
  // Rule: an element of W = ElemBytes/4 words is served in W phases of 32/W
  // lanes (8-byte: two half-warps, 16-byte: four quarter-warps), each phase
  // reading 32 banks. Lanes at an element stride s hit gcd(s, 32/W) distinct
  // words per bank; stride 0 is a broadcast.
  uint64_t Words = A.ElemBytes / 4;
  if (Words != 1 && Words != 2 && Words != 4) {
    B.LaneStride.reset();
    B.Why = "elements of " + std::to_string(A.ElemBytes) + " bytes";
    return B;
  }
  int64_t ElemStride = std::abs(Stride) / int64_t(Words);
  B.Degree = ElemStride == 0 ? 1u : unsigned(std::gcd(ElemStride, int64_t(32 / Words)));
  return B;
}

} // namespace analysis
} // namespace klineage
