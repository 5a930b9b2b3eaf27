//===- SharedMemory.cpp - __shared__ arrays: sizes, limits, banks ---------===//
#include "klineage/Analysis/SharedMemory.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/CallArguments.h"
#include "klineage/Analysis/PointerProvenance.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/Intrinsics.h"
#include "klineage/Cuda/MemorySpace.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <functional>
#include <numeric>
#include <set>

using namespace clang;

namespace klineage {
namespace analysis {

SharedDecl sharedDecl(ASTContext &Ctx, const VarDecl *V, const FunctionDecl *F) {
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
      Out.Decls.push_back(sharedDecl(Ctx, V, F));
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

/// The element `s[i]..[j]` whose address \p E reinterprets as a pointer to
/// a wider type (`reinterpret_cast<float4 *>(&s[i][j])`, `(float4 *)&...`,
/// through `static_cast<void *>` as well), with that type; else null.
static const ArraySubscriptExpr *elementBehindCast(const Expr *E, QualType &Pointee) {
  E = E->IgnoreParenImpCasts();
  const auto *Cast = dyn_cast<ExplicitCastExpr>(E);
  if (!Cast || !Cast->getType()->isPointerType())
    return nullptr;
  Pointee = Cast->getType()->getPointeeType();
  const auto *Addr = dyn_cast<UnaryOperator>(throughPointerCasts(Cast->getSubExpr()));
  if (!Addr || Addr->getOpcode() != UO_AddrOf)
    return nullptr;
  return dyn_cast<ArraySubscriptExpr>(Addr->getSubExpr()->IgnoreParens());
}

/// \p E as `*P` or `P[0]` of a cast element address P: the element.
static const ArraySubscriptExpr *vectorAccessOf(const ASTContext &Ctx, const Expr *E, QualType &Vec) {
  E = E->IgnoreParens();
  const Expr *Ptr = nullptr;
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref)
    Ptr = UO->getSubExpr();
  else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    Expr::EvalResult R;
    if (!AS->getIdx()->isValueDependent() && AS->getIdx()->EvaluateAsInt(R, Ctx) && R.Val.getInt() == 0)
      Ptr = AS->getBase();
  }
  if (!Ptr)
    return nullptr;
  return elementBehindCast(Ptr, Vec);
}

std::optional<SharedAccess> SharedBanks::access(const Expr *Access) {
  // A copy of a whole element (`float4 v = s[i];`) reads that element.
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Access->IgnoreParenImpCasts());
      CE && CE->getNumArgs() == 1)
    Access = CE->getArg(0);
  const Expr *Whole = Access->IgnoreParenImpCasts();
  QualType Vec;
  const Expr *E = Whole;
  bool IsVector = false;
  if (const ArraySubscriptExpr *Elem = vectorAccessOf(Ctx, Whole, Vec); Elem && !Vec->isIncompleteType() &&
                                                                        !Vec->isDependentType()) {
    E = Elem;
    IsVector = true;
  }
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
  std::vector<uint64_t> Inner, Extents;
  QualType T = V->getType();
  for (size_t K = 0; K < Idx.size(); ++K) {
    const ArrayType *AT = Ctx.getAsArrayType(T);
    if (!AT)
      return std::nullopt; // indexing through a pointer element
    T = AT->getElementType();
    const auto *CAT = dyn_cast<ConstantArrayType>(AT);
    Extents.push_back(CAT ? CAT->getZExtSize() : 0);
    if (K > 0) {
      if (!CAT)
        return std::nullopt;
      Inner.push_back(CAT->getZExtSize());
    }
  }
  if (Ctx.getAsArrayType(T))
    return std::nullopt; // a row, not an element
  SharedAccess A;
  A.E = Whole;
  A.Array = V;
  A.ElemBytes = Ctx.getTypeSizeInChars(T).getQuantity();
  A.AccessBytes = A.ElemBytes;
  if (IsVector) {
    uint64_t VB = Ctx.getTypeSizeInChars(Vec).getQuantity();
    if (VB > A.ElemBytes) {
      A.Vector = true;
      A.AccessBytes = VB;
    }
  }
  A.Indices = Idx;
  A.Extents = Extents;
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

static const Stmt *parentOf(ASTContext &Ctx, const Stmt *S) {
  auto P = Ctx.getParents(*S);
  return P.size() >= 1 ? P[0].get<Stmt>() : nullptr;
}

/// The parent of \p E above parentheses and implicit casts, and the child
/// it was reached from.
static const Stmt *parentSkipping(ASTContext &Ctx, const Expr *&E) {
  const Stmt *P = parentOf(Ctx, E);
  while (P && (isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P))) {
    E = cast<Expr>(P);
    P = parentOf(Ctx, P);
  }
  return P;
}

static std::string calleeName(const CallExpr *C) {
  if (const FunctionDecl *F = C->getDirectCallee())
    return F->getNameAsString();
  return "a call";
}

static SharedUse classifyUse(ASTContext &Ctx, const DeclRefExpr *Ref, const VarDecl *Array) {
  SharedUse U;
  U.Ref = Ref;
  unsigned Dims = 0;
  for (QualType T = Array->getType(); const ArrayType *AT = Ctx.getAsArrayType(T); T = AT->getElementType())
    ++Dims;
  const Expr *Cur = Ref;
  unsigned Subscripts = 0;
  while (Subscripts < Dims) {
    const Expr *Child = Cur;
    const Stmt *P = parentSkipping(Ctx, Child);
    const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(P);
    if (!AS || AS->getBase()->IgnoreParenImpCasts() != Cur->IgnoreParenImpCasts())
      break;
    Cur = AS;
    ++Subscripts;
  }
  std::string Name = Array->getName().str();
  const Expr *Child = Cur;
  const Stmt *P = parentSkipping(Ctx, Child);
  if (Subscripts == Dims && Dims > 0) {
    U.K = SharedUse::Element;
    U.At = Cur;
    const auto *Addr = dyn_cast_or_null<UnaryOperator>(P);
    if (!Addr || Addr->getOpcode() != UO_AddrOf)
      return U;
    // The element's address: an atomic's operand, a vector access, or kept.
    const Expr *AE = Addr;
    const Stmt *PP = parentSkipping(Ctx, AE);
    if (const auto *Call = dyn_cast_or_null<CallExpr>(PP);
        Call && Call->getNumArgs() > 0 && Call->getArg(0)->IgnoreParenImpCasts() == Addr &&
        cuda::atomicFunction(calleeName(Call)))
      return U;
    // Climb the pointer casts to the dereference.
    const Expr *Ptr = Addr;
    const Stmt *Up = PP;
    while (const auto *C = dyn_cast_or_null<ExplicitCastExpr>(Up)) {
      if (!C->getType()->isPointerType())
        break;
      Ptr = C;
      Up = parentSkipping(Ctx, Ptr);
    }
    const Expr *Deref = nullptr;
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Up); UO && UO->getOpcode() == UO_Deref)
      Deref = UO;
    else if (const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(Up);
             AS && AS->getBase()->IgnoreParenImpCasts() == Ptr) {
      Expr::EvalResult R;
      if (!AS->getIdx()->isValueDependent() && AS->getIdx()->EvaluateAsInt(R, Ctx) && R.Val.getInt() == 0)
        Deref = AS;
    }
    if (Deref && Ptr != Addr) {
      QualType Pointee = Ptr->getType()->getPointeeType();
      uint64_t Elem = 0, Vec = 0;
      if (!Pointee->isIncompleteType() && !Pointee->isDependentType() && !Cur->getType()->isDependentType()) {
        Vec = Ctx.getTypeSizeInChars(Pointee).getQuantity();
        Elem = Ctx.getTypeSizeInChars(Cur->getType()).getQuantity();
      }
      if (Elem && Vec == Elem)
        return U;
      if (Elem && Vec > Elem && Vec % Elem == 0) {
        U.K = SharedUse::VectorElement;
        U.At = Deref;
        return U;
      }
    }
    U.K = SharedUse::LayoutDependent;
    U.At = Addr;
    U.Why = "the address of an element of '" + Name + "' is " +
            (isa_and_nonnull<CallExpr>(PP) ? "passed to '" + calleeName(cast<CallExpr>(PP)) + "'"
                                           : std::string("kept as a pointer")) +
            ": pointer arithmetic from it may cross rows";
    return U;
  }
  U.K = SharedUse::LayoutDependent;
  U.At = Cur;
  std::string What = Subscripts == 0 ? "the array '" + Name + "'" : "a row of '" + Name + "'";
  if (const auto *UE = dyn_cast_or_null<UnaryExprOrTypeTraitExpr>(P)) {
    if (UE->getKind() != UETT_SizeOf) {
      U.K = SharedUse::Element; // alignof: the padding keeps it
      return U;
    }
    U.At = UE;
    U.Why = "sizeof reads the size of " + What;
  } else if (const auto *Call = dyn_cast_or_null<CallExpr>(P)) {
    U.Why = What + " is passed to '" + calleeName(Call) + "', which may index it flat";
  } else if (isa_and_nonnull<ExplicitCastExpr>(P)) {
    U.Why = What + " is reinterpreted by a cast";
  } else if (isa_and_nonnull<UnaryOperator>(P) && cast<UnaryOperator>(P)->getOpcode() == UO_AddrOf) {
    U.Why = "the address of " + What + " is taken";
  } else if (isa_and_nonnull<BinaryOperator>(P) || isa_and_nonnull<UnaryOperator>(P)) {
    U.Why = "pointer arithmetic on " + What;
  } else {
    U.Why = What + " is used as a pointer";
  }
  return U;
}

std::vector<SharedUse> sharedUses(ASTContext &Ctx, const FunctionDecl *FD, const VarDecl *Array) {
  std::vector<SharedUse> Out;
  const FunctionDecl *Def = nullptr;
  if (!FD || !Array || !FD->hasBody(Def))
    return Out;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == Array)
      Out.push_back(classifyUse(Ctx, DRE, Array));
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Def->getBody());
  return Out;
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

/// Words between neighbouring lanes when the word form is linear in
/// threadIdx.x and every other term is the same across a warp.
static std::optional<int64_t> linearLaneStride(const SharedAccess &A, Linearizer &Lin, Uniformity &U,
                                               const FunctionFacts &Facts) {
  if (!A.Words || A.Vector)
    return std::nullopt;
  static const std::string Lane = "b:threadIdx.x";
  LinearForm W = expandLocals(*A.Words, Lin, Facts);
  int64_t Stride = 0;
  for (const auto &[M, C] : W.Terms) {
    if (M == Monomial{Lane}) {
      Stride = C;
      continue;
    }
    for (const std::string &Key : M) {
      if (Key == Lane)
        return std::nullopt;
      if (Key.rfind("b:", 0) == 0)
        continue;
      const Atom *At = Lin.atom(Key);
      if (!At || !At->E || !U.of(At->E).atLeast(Level::Warp))
        return std::nullopt;
    }
  }
  return Stride;
}

namespace {

/// The value of an integer expression for one thread: threadIdx from the
/// lane, blockDim from the shape, locals set once through their
/// initialisers, a for loop's counter as its start plus K steps, and terms
/// the same across the warp as sample values (numbered, so two of them
/// differ).
class LaneEvaluator {
public:
  LaneEvaluator(ASTContext &Ctx, Uniformity &U, const FunctionFacts &Facts, const std::optional<Dim3> &Block)
      : Ctx(Ctx), U(U), Facts(Facts), Block(Block) {}

  int64_t Tid[3] = {0, 0, 0};
  unsigned Round = 0;
  bool ShapeDependent = false;
  std::string Why;
  const Expr *Breaker = nullptr;

  std::optional<int64_t> eval(const Expr *E, unsigned Depth = 0) {
    if (!E || Depth > 64)
      return fail("the index is too deep to evaluate", E);
    E = E->IgnoreParens();
    if (auto C = constant(E))
      return *C;
    if (auto B = cuda::builtinIndex(E))
      return builtin(*B, E);
    if (cuda::isWarpSize(E))
      return 32;
    QualType T = E->getType();
    if (const auto *Cast = dyn_cast<CastExpr>(E)) {
      switch (Cast->getCastKind()) {
      case CK_IntegralCast:
      case CK_NoOp:
      case CK_LValueToRValue:
      case CK_IntegralToBoolean:
      case CK_BooleanToSignedIntegral:
        if (auto V = eval(Cast->getSubExpr(), Depth + 1))
          return convert(*V, T);
        return std::nullopt;
      default:
        break;
      }
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      return binary(BO, Depth);
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      switch (UO->getOpcode()) {
      case UO_Minus:
      case UO_Plus:
      case UO_Not:
      case UO_LNot: {
        auto V = eval(UO->getSubExpr(), Depth + 1);
        if (!V)
          return std::nullopt;
        int64_t R = UO->getOpcode() == UO_Minus ? -*V
                    : UO->getOpcode() == UO_Plus ? *V
                    : UO->getOpcode() == UO_Not  ? ~*V
                                                 : int64_t(*V == 0);
        return convert(R, T);
      }
      default:
        break;
      }
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      auto C = eval(CO->getCond(), Depth + 1);
      if (!C)
        return std::nullopt;
      return eval(*C ? CO->getTrueExpr() : CO->getFalseExpr(), Depth + 1);
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        if (auto R = variable(V, DRE, Depth))
          return R;
    if (!Why.empty())
      return std::nullopt;
    return sample(E);
  }

  /// The value every unknown term that is the same across the warp takes
  /// in this round: 0, then small distinct numbers.
  int64_t sampleValue(unsigned Id) const { return Round == 0 ? 0 : Round == 1 ? 1 + Id : 5 + 3 * Id; }

private:
  std::optional<int64_t> fail(const std::string &W, const Expr *E) {
    if (Why.empty()) {
      Why = W;
      Breaker = E;
    }
    return std::nullopt;
  }

  std::optional<int64_t> constant(const Expr *E) {
    auto It = Constants.find(E);
    if (It != Constants.end())
      return It->second;
    std::optional<int64_t> V;
    Expr::EvalResult R;
    if (!E->isValueDependent() && E->getType()->isIntegralOrEnumerationType() && E->EvaluateAsInt(R, Ctx) &&
        R.Val.getInt().getSignificantBits() <= 64)
      V = R.Val.getInt().getExtValue();
    Constants[E] = V;
    return V;
  }

  int64_t convert(int64_t V, QualType T) const {
    if (T.isNull() || !T->isIntegralOrEnumerationType())
      return V;
    if (T->isBooleanType())
      return V != 0;
    unsigned W = Ctx.getIntWidth(T);
    if (W >= 64)
      return V;
    uint64_t Mask = (uint64_t(1) << W) - 1;
    uint64_t U64 = uint64_t(V) & Mask;
    if (T->isSignedIntegerOrEnumerationType() && (U64 >> (W - 1)) & 1)
      return int64_t(U64 | ~Mask);
    return int64_t(U64);
  }

  std::optional<int64_t> builtin(const cuda::BuiltinIndex &B, const Expr *E) {
    switch (B.Var) {
    case cuda::BuiltinVar::ThreadIdx:
      if (!Block && B.Dim > 0) {
        ShapeDependent = true; // the same across the assumed warp
        return sampleValue(100 + B.Dim);
      }
      return Tid[B.Dim];
    case cuda::BuiltinVar::BlockDim:
      if (!Block) {
        ShapeDependent = true;
        return fail("the index reads " + B.name() + ", and the block shape is not given", E);
      }
      return int64_t(B.Dim == 0 ? Block->X : B.Dim == 1 ? Block->Y : Block->Z);
    default:
      return sampleValue(103 + unsigned(B.Var) * 3 + B.Dim);
    }
  }

  std::optional<int64_t> binary(const BinaryOperator *BO, unsigned Depth) {
    BinaryOperatorKind Op = BO->getOpcode();
    if (Op == BO_LAnd || Op == BO_LOr) {
      auto L = eval(BO->getLHS(), Depth + 1);
      if (!L)
        return std::nullopt;
      if ((Op == BO_LAnd && !*L) || (Op == BO_LOr && *L))
        return int64_t(Op == BO_LOr);
      auto R = eval(BO->getRHS(), Depth + 1);
      if (!R)
        return std::nullopt;
      return int64_t(*R != 0);
    }
    if (Op == BO_Comma)
      return eval(BO->getRHS(), Depth + 1);
    if (BO->isAssignmentOp())
      return fail("an assignment inside the index", BO);
    auto L = eval(BO->getLHS(), Depth + 1);
    if (!L)
      return std::nullopt;
    auto R = eval(BO->getRHS(), Depth + 1);
    if (!R)
      return std::nullopt;
    QualType OpT = BO->getLHS()->getType();
    bool Unsigned = OpT->isUnsignedIntegerOrEnumerationType() && Ctx.getIntWidth(OpT) < 64;
    int64_t A = *L, B = *R, V = 0;
    switch (Op) {
    case BO_Add: V = A + B; break;
    case BO_Sub: V = A - B; break;
    case BO_Mul: V = A * B; break;
    case BO_Div:
    case BO_Rem:
      if (B == 0)
        return fail("a division by zero in the index", BO);
      if (Unsigned)
        V = Op == BO_Div ? int64_t(uint64_t(A) / uint64_t(B)) : int64_t(uint64_t(A) % uint64_t(B));
      else
        V = Op == BO_Div ? A / B : A % B;
      break;
    case BO_Shl:
      if (B < 0 || B > 62)
        return fail("a shift out of range in the index", BO);
      V = A << B;
      break;
    case BO_Shr:
      if (B < 0 || B > 62)
        return fail("a shift out of range in the index", BO);
      V = Unsigned ? int64_t(uint64_t(A) >> B) : A >> B;
      break;
    case BO_And: V = A & B; break;
    case BO_Or: V = A | B; break;
    case BO_Xor: V = A ^ B; break;
    case BO_LT: return int64_t(Unsigned ? uint64_t(A) < uint64_t(B) : A < B);
    case BO_GT: return int64_t(Unsigned ? uint64_t(A) > uint64_t(B) : A > B);
    case BO_LE: return int64_t(Unsigned ? uint64_t(A) <= uint64_t(B) : A <= B);
    case BO_GE: return int64_t(Unsigned ? uint64_t(A) >= uint64_t(B) : A >= B);
    case BO_EQ: return int64_t(A == B);
    case BO_NE: return int64_t(A != B);
    default:
      return fail("an operator the bank analysis does not evaluate", BO);
    }
    return convert(V, BO->getType());
  }

  /// A for loop's counter `for (T i = start; ...; i += step)` modified only
  /// by the loop's increment: its step (null with Unit for ++ and --).
  struct Counter {
    const Expr *Step = nullptr;
    int64_t Unit = 1; ///< -1 for `-=` and `--`
  };
  std::optional<Counter> counterOf(const VarDecl *V) {
    auto P = Ctx.getParents(*V);
    const auto *DS = P.size() == 1 ? P[0].get<DeclStmt>() : nullptr;
    if (!DS)
      return std::nullopt;
    auto PP = Ctx.getParents(*DS);
    const auto *For = PP.size() == 1 ? PP[0].get<ForStmt>() : nullptr;
    if (!For || For->getInit() != DS || !For->getInc() || !V->getInit())
      return std::nullopt;
    const std::vector<VarMod> &Mods = Facts.mods(V);
    if (Mods.size() != 1 || !containsStmt(For->getInc(), Mods[0].At) || Mods[0].InLambda)
      return std::nullopt;
    const Expr *Inc = For->getInc()->IgnoreParenImpCasts();
    Counter C;
    if (const auto *UO = dyn_cast<UnaryOperator>(Inc); UO && UO->isIncrementDecrementOp()) {
      C.Unit = UO->isIncrementOp() ? 1 : -1;
      return C;
    }
    if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc);
        CA && (CA->getOpcode() == BO_AddAssign || CA->getOpcode() == BO_SubAssign)) {
      C.Step = CA->getRHS();
      C.Unit = CA->getOpcode() == BO_SubAssign ? -1 : 1;
      return C;
    }
    if (const auto *A = dyn_cast<BinaryOperator>(Inc); A && A->getOpcode() == BO_Assign)
      if (const auto *Sum = dyn_cast<BinaryOperator>(A->getRHS()->IgnoreParenImpCasts());
          Sum && Sum->getOpcode() == BO_Add) {
        if (refVar(Sum->getLHS()) == V)
          C.Step = Sum->getRHS();
        else if (refVar(Sum->getRHS()) == V)
          C.Step = Sum->getLHS();
        if (C.Step)
          return C;
      }
    return std::nullopt;
  }

  /// The counter's value: start + K * step, K sampled per round.
  std::optional<int64_t> counter(const VarDecl *V, unsigned Depth) {
    auto C = counterOf(V);
    if (!C)
      return std::nullopt;
    std::optional<int64_t> Step = C->Step ? eval(C->Step, Depth + 1) : std::optional<int64_t>(1);
    if (!Step)
      return std::nullopt;
    auto Start = eval(V->getInit(), Depth + 1);
    if (!Start)
      return std::nullopt;
    int64_t K = Round == 0 ? 0 : Round == 1 ? 1 : 3;
    return convert(*Start + K * C->Unit * *Step, V->getType());
  }

public:
  /// What a value depends on, the same for every lane: the lane (threadIdx,
  /// blockDim-free), and sampled terms (the same across the warp, values
  /// chosen by the evaluator). Bad: a lane term scaled, divided or masked by
  /// a sampled one (`threadIdx.x * n`): the degree depends on the sample,
  /// so it has none (Why, Breaker).
  enum : unsigned { Lane = 1, Sampled = 2, Bad = 4 };
  unsigned taint(const Expr *E, unsigned Depth = 0) {
    if (!E || Depth > 64)
      return Bad;
    E = E->IgnoreParens();
    auto It = Taints.find(E);
    if (It != Taints.end())
      return It->second;
    unsigned T = taintOf(E, Depth);
    if ((T & Bad) && Why.empty()) {
      std::string Text;
      llvm::raw_string_ostream OS(Text);
      E->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
      Why = "'" + Text + "' scales or reshapes the lanes by a value the same across the warp but not known here";
      Breaker = E;
    }
    return Taints[E] = T;
  }

private:
  unsigned taintOf(const Expr *E, unsigned Depth) {
    if (constant(E))
      return 0;
    if (auto B = cuda::builtinIndex(E)) {
      if (B->Var == cuda::BuiltinVar::ThreadIdx)
        return Block || B->Dim == 0 ? Lane : Sampled;
      // blockDim: a constant of the shape, or (no shape) no value at all.
      return B->Var == cuda::BuiltinVar::BlockDim ? 0 : Sampled;
    }
    if (cuda::isWarpSize(E))
      return 0;
    if (const auto *Cast = dyn_cast<CastExpr>(E))
      return taint(Cast->getSubExpr(), Depth + 1);
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      return taint(UO->getSubExpr(), Depth + 1);
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      unsigned C = taint(CO->getCond(), Depth + 1);
      unsigned T = C | taint(CO->getTrueExpr(), Depth + 1) | taint(CO->getFalseExpr(), Depth + 1);
      return (C & Lane) && (T & Sampled) ? T | Bad : T;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      unsigned L = taint(BO->getLHS(), Depth + 1), R = taint(BO->getRHS(), Depth + 1);
      unsigned T = L | R;
      switch (BO->getOpcode()) {
      case BO_Add:
      case BO_Sub:
      case BO_Comma:
        return T;
      case BO_Mul:
      case BO_Shl:
        // Either side may scale the other.
        return ((L & Lane) && (R & Sampled)) || ((R & Lane) && (L & Sampled)) ? T | Bad : T;
      default:
        // Divisions, remainders, shifts, masks, comparisons: a sampled
        // right side reshapes the lane's values.
        return (L & Lane) && (R & Sampled) ? T | Bad : T;
      }
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) && !V->getType().isVolatileQualified() &&
          V->getType()->isIntegralOrEnumerationType()) {
        if (V->getInit() && Facts.mods(V).empty())
          return taint(V->getInit(), Depth + 1);
        if (auto C = counterOf(V)) {
          unsigned Step = C->Step ? taint(C->Step, Depth + 1) : 0;
          // start + K * step: K is sampled.
          return taint(V->getInit(), Depth + 1) | Sampled | (Step & Lane ? Bad : 0) | (Step & Bad);
        }
      }
    return Sampled; // the evaluator samples it (or fails: it differs between lanes)
  }

  std::optional<int64_t> variable(const VarDecl *V, const Expr *Ref, unsigned Depth) {
    if (V->getType().isVolatileQualified() || !V->getType()->isIntegralOrEnumerationType())
      return std::nullopt;
    if (V->hasLocalStorage() && !isa<ParmVarDecl>(V)) {
      if (V->getInit() && Facts.mods(V).empty()) {
        auto R = eval(V->getInit(), Depth + 1);
        return R ? std::optional<int64_t>(convert(*R, V->getType())) : std::nullopt;
      }
      if (auto R = counter(V, Depth))
        return R;
      if (!Why.empty())
        return std::nullopt;
    }
    return sample(Ref);
  }

  /// A term the evaluator does not model: a sample value when it is the
  /// same across the warp.
  std::optional<int64_t> sample(const Expr *E) {
    const void *Key = E;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      Key = DRE->getDecl();
    auto It = Unknowns.find(Key);
    if (It == Unknowns.end()) {
      UniformityAnswer A = U.of(E);
      if (!A.atLeast(Level::Warp))
        return fail("a term differs between lanes: " + A.Why, E);
      It = Unknowns.emplace(Key, unsigned(Unknowns.size())).first;
    }
    return sampleValue(It->second);
  }

  ASTContext &Ctx;
  Uniformity &U;
  const FunctionFacts &Facts;
  std::optional<Dim3> Block;
  std::map<const Expr *, std::optional<int64_t>> Constants;
  std::map<const void *, unsigned> Unknowns;
  std::map<const Expr *, unsigned> Taints;
};

} // namespace

struct SharedBanks::LaneIndices {
  /// One warp of one round: the subscripts of each lane present.
  std::vector<std::vector<std::vector<int64_t>>> Warps;
  bool ShapeDependent = false;
  bool SameRow = false;
  std::string Why;
  const Expr *Breaker = nullptr;
};

const SharedBanks::LaneIndices &SharedBanks::lanes(const SharedAccess &A, const std::optional<Dim3> &Block) {
  auto Key = std::make_pair(A.E, Block ? Block->str() : std::string());
  auto It = Cache.find(Key);
  if (It != Cache.end())
    return *It->second;
  auto Out = std::make_shared<LaneIndices>();
  const FunctionFacts &Facts = AnalysisCache::of(Ctx).facts(U.function());
  uint64_t Threads = Block ? Block->count() : 1024;
  unsigned NumWarps = unsigned((Threads + 31) / 32);
  // Evaluates the first Count subscripts for every lane of every warp, three
  // rounds; false (with the evaluator's reason) when one has no value.
  auto Evaluate = [&](size_t Count, LaneIndices &Into) {
    LaneEvaluator Ev(Ctx, U, Facts, Block);
    for (size_t K = 0; K < Count; ++K)
      if (Ev.taint(A.Indices[K]) & LaneEvaluator::Bad) {
        Into.Why = Ev.Why;
        Into.Breaker = Ev.Breaker;
        return false;
      }
    for (unsigned Round = 0; Round < 3; ++Round) {
      Ev.Round = Round;
      for (unsigned W = 0; W < NumWarps; ++W) {
        std::vector<std::vector<int64_t>> Lanes;
        for (unsigned L = 0; L < 32; ++L) {
          uint64_t T = uint64_t(W) * 32 + L;
          if (T >= Threads)
            break;
          if (Block) {
            Ev.Tid[0] = int64_t(T % Block->X);
            Ev.Tid[1] = int64_t((T / Block->X) % Block->Y);
            Ev.Tid[2] = int64_t(T / (Block->X * Block->Y));
          } else {
            Ev.Tid[0] = int64_t(T);
          }
          std::vector<int64_t> Values;
          for (size_t K = 0; K < Count; ++K) {
            auto V = Ev.eval(A.Indices[K]);
            if (!V) {
              Into.Why = Ev.Why.empty() ? "an index cannot be evaluated per lane" : Ev.Why;
              Into.Breaker = Ev.Breaker;
              Into.ShapeDependent = Ev.ShapeDependent;
              Into.Warps.clear();
              return false;
            }
            Values.push_back(*V);
          }
          Lanes.push_back(std::move(Values));
        }
        Into.Warps.push_back(std::move(Lanes));
      }
    }
    Into.ShapeDependent = Ev.ShapeDependent;
    return true;
  };
  // Every lane of each warp on one row: the subscripts above the innermost
  // agree.
  auto SameRow = [](const LaneIndices &LI) {
    for (const auto &Warp : LI.Warps)
      for (const auto &Lane : Warp)
        if (!std::equal(Lane.begin(), Lane.end() - (Lane.empty() ? 0 : 1), Warp[0].begin()))
          return false;
    return true;
  };
  if (Evaluate(A.Indices.size(), *Out)) {
    Out->SameRow = A.Indices.size() > 1 && SameRow(*Out);
  } else if (A.Indices.size() > 1) {
    LaneIndices Outer;
    if (Evaluate(A.Indices.size() - 1, Outer)) {
      for (auto &Warp : Outer.Warps)
        for (auto &Lane : Warp)
          Lane.push_back(0); // the innermost, unknown
      Out->SameRow = SameRow(Outer);
    }
  }
  return *Cache.emplace(Key, Out).first->second;
}

BankConflict SharedBanks::conflict(const SharedAccess &A, const WarpModel &M) {
  BankConflict B;
  const FunctionFacts &Facts = AnalysisCache::of(Ctx).facts(U.function());
  B.LaneStride = linearLaneStride(A, Lin, U, Facts);
  uint64_t Bytes = A.AccessBytes ? A.AccessBytes : A.ElemBytes;
  if (A.Indices.empty() || !Bytes) {
    B.Why = A.Why.empty() ? "not an element of a __shared__ array" : A.Why;
    return B;
  }
  // Rule: an access of W = Bytes/4 words (8-byte: two half-warps, 16-byte:
  // four quarter-warps) is served in W phases of 32/W lanes, each phase
  // reading 32 banks; lanes reading one word share it (a broadcast).
  unsigned Phases = Bytes <= 4 ? 1 : Bytes == 8 ? 2 : Bytes == 16 ? 4 : 0;
  if (!Phases || (Bytes > 4 && Bytes % 4)) {
    B.LaneStride.reset();
    B.Why = "accesses of " + std::to_string(Bytes) + " bytes";
    return B;
  }
  const LaneIndices &LI = lanes(A, M.Block);
  B.ShapeDependent = !M.Block && LI.ShapeDependent;
  B.SameRow = LI.SameRow;
  if (!LI.Why.empty()) {
    B.Why = LI.Why;
    B.Breaker = LI.Breaker;
    return B;
  }
  // Strides of each subscript in elements, the innermost extent perhaps
  // replaced.
  std::vector<int64_t> Strides(A.Indices.size(), 1);
  for (size_t K = A.Indices.size(); K-- > 1;) {
    uint64_t Ext = A.Extents[K];
    if (K == A.Indices.size() - 1 && M.RowLength)
      Ext = *M.RowLength;
    Strides[K - 1] = Strides[K] * int64_t(Ext);
  }
  unsigned Worst = 1;
  unsigned PerPhase = 32 / Phases;
  for (const auto &Warp : LI.Warps) {
    std::vector<std::map<int64_t, std::set<int64_t>>> Banks(Phases);
    for (size_t L = 0; L < Warp.size(); ++L) {
      int64_t Elem = 0;
      for (size_t K = 0; K < Warp[L].size(); ++K)
        Elem += Warp[L][K] * Strides[K];
      int64_t Byte = Elem * int64_t(A.ElemBytes);
      int64_t First = Byte >= 0 ? Byte / 4 : -((-Byte + 3) / 4);
      int64_t Last = First + (int64_t(Bytes) + ((Byte % 4) + 4) % 4 - 1) / 4;
      auto &Phase = Banks[L / PerPhase];
      for (int64_t W = First; W <= Last; ++W) {
        auto &Words = Phase[((W % 32) + 32) % 32];
        Words.insert(W);
        Worst = std::max(Worst, unsigned(Words.size()));
      }
    }
  }
  B.Degree = Worst;
  return B;
}

namespace {

const VarDecl *sharedArrayOf(ASTContext &Ctx, const VarDecl *V, unsigned Depth);

/// The shared array a pointer expression carries: through parentheses and
/// casts (`reinterpret_cast<T *>(smem)`, `(T *)smem`) to a variable, or
/// through a call (or a conversion operator, the CUDA samples'
/// `SharedMemory<T>()`) whose one return statement carries one.
const VarDecl *sharedArrayCarried(ASTContext &Ctx, const Expr *E, unsigned Depth) {
  if (!E || Depth >= 3)
    return nullptr;
  E = throughPointerCasts(E);
  if (const auto *R = dyn_cast<DeclRefExpr>(E))
    return sharedArrayOf(Ctx, dyn_cast<VarDecl>(R->getDecl()), Depth + 1);
  const FunctionDecl *Callee = nullptr;
  if (const auto *Call = dyn_cast<CallExpr>(E); Call && Call->getNumArgs() == 0)
    Callee = Call->getDirectCallee();
  else if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(E))
    return sharedArrayCarried(Ctx, Bind->getSubExpr(), Depth);
  Callee = Callee ? Callee->getDefinition() : nullptr;
  const auto *Body = Callee ? dyn_cast_or_null<CompoundStmt>(Callee->getBody()) : nullptr;
  if (!Body || !Callee->getReturnType()->isPointerType())
    return nullptr;
  const ReturnStmt *Ret = nullptr;
  unsigned Returns = 0;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *R = dyn_cast<ReturnStmt>(S)) {
      Ret = R;
      ++Returns;
    }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Body);
  return Returns == 1 ? sharedArrayCarried(Ctx, Ret->getRetValue(), Depth + 1) : nullptr;
}

const VarDecl *sharedArrayOf(ASTContext &Ctx, const VarDecl *V, unsigned Depth) {
  if (!V)
    return nullptr;
  if (cuda::isShared(V))
    return V;
  // A local pointer set once to a shared array (`T *sdata =
  // reinterpret_cast<T *>(smem);`, `T *sdata = SharedMemory<T>();`).
  if (!isa<ParmVarDecl>(V) && V->hasLocalStorage() && V->getType()->isPointerType() && V->getInit() &&
      Depth < 3)
    if (const auto *F = dyn_cast_or_null<FunctionDecl>(V->getDeclContext());
        F && AnalysisCache::of(Ctx).facts(F).mods(V).empty())
      return sharedArrayCarried(Ctx, V->getInit(), Depth);
  const auto *P = dyn_cast<ParmVarDecl>(V);
  const auto *F = P ? dyn_cast_or_null<FunctionDecl>(P->getDeclContext()) : nullptr;
  if (!F || Depth >= 3 || !P->getType()->isPointerType() || F->hasAttr<CUDAGlobalAttr>())
    return nullptr;
  unsigned Index = P->getFunctionScopeIndex();
  const VarDecl *First = nullptr;
  for (const CallExpr *C : callsOf(Ctx, F)) {
    if (Index >= C->getNumArgs())
      return nullptr;
    const auto *Ref = dyn_cast<DeclRefExpr>(C->getArg(Index)->IgnoreParenImpCasts());
    const VarDecl *A = Ref ? sharedArrayOf(Ctx, dyn_cast<VarDecl>(Ref->getDecl()), Depth + 1) : nullptr;
    if (!A)
      return nullptr;
    if (!First)
      First = A;
  }
  return First;
}

} // namespace

const VarDecl *sharedArrayOf(ASTContext &Ctx, const VarDecl *V) { return sharedArrayOf(Ctx, V, 0); }

} // namespace analysis
} // namespace klineage
