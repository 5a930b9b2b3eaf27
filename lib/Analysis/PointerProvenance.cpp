//===- PointerProvenance.cpp - Where a pointer comes from -----------------===//
#include "klineage/Analysis/PointerProvenance.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Cuda/LaunchSites.h"
#include "klineage/Cuda/MemorySpace.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;

namespace klineage {
namespace analysis {

const Expr *accessBasePointer(const Expr *Access) {
  Access = Access->IgnoreParenImpCasts();
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Access))
    return AS->getBase();
  if (const auto *U = dyn_cast<UnaryOperator>(Access))
    if (U->getOpcode() == UO_Deref)
      return U->getSubExpr();
  if (const auto *M = dyn_cast<MemberExpr>(Access))
    return M->isArrow() ? M->getBase() : accessBasePointer(M->getBase());
  if (const auto *C = dyn_cast<CallExpr>(Access))
    if (C->getNumArgs() == 1)
      return C->getArg(0); // __ldg(p)
  return nullptr;
}

bool carriesPointer(const Expr *E, const Expr *Operand) {
  if (!E || !Operand)
    return false;
  if (const auto *P = dyn_cast<ParenExpr>(E))
    return P->getSubExpr() == Operand;
  if (const auto *C = dyn_cast<CastExpr>(E))
    return C->getSubExpr() == Operand && C->getType()->isPointerType();
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    switch (B->getOpcode()) {
    case BO_Comma:
    case BO_Assign:
      return B->getRHS() == Operand;
    case BO_AddAssign:
    case BO_SubAssign:
      return B->getLHS() == Operand && (B->getType()->isPointerType() || B->isTypeDependent());
    case BO_Add:
    case BO_Sub:
      // In a template `p + i` has a dependent type but is still a pointer
      // (taking a dependent difference for one only finds more).
      return (B->getLHS() == Operand || B->getRHS() == Operand) &&
             (B->getType()->isPointerType() || B->isTypeDependent());
    default:
      return false;
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->isIncrementDecrementOp() && U->getSubExpr() == Operand;
  if (const auto *C = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = C->getDirectCallee();
    return Callee && Callee->getIdentifier() && Callee->getName() == "__builtin_assume_aligned" &&
           C->getNumArgs() >= 1 && C->getArg(0) == Operand;
  }
  return false;
}

const Expr *throughPointerCasts(const Expr *E) {
  E = E ? E->IgnoreParenImpCasts() : nullptr;
  while (const auto *C = dyn_cast_or_null<ExplicitCastExpr>(E)) {
    const Expr *Sub = C->getSubExpr()->IgnoreParenImpCasts();
    if (!C->getType()->isPointerType() || !(Sub->getType()->isPointerType() || Sub->getType()->isArrayType()))
      break;
    E = Sub;
  }
  return E;
}

const Expr *carriedPointer(const Expr *E) {
  const Expr *Found = nullptr;
  for (const Stmt *Child : E->children()) {
    const auto *C = dyn_cast_or_null<Expr>(Child);
    if (!C || !carriesPointer(E, C) || !(C->getType()->isPointerType() || C->getType()->isArrayType()))
      continue;
    if (Found)
      return nullptr;
    Found = C;
  }
  return Found;
}

bool samePointerExpr(const Expr *A, const Expr *B) {
  A = A->IgnoreParenCasts();
  B = B->IgnoreParenCasts();
  if (A->getStmtClass() != B->getStmtClass())
    return false;
  if (const auto *DA = dyn_cast<DeclRefExpr>(A))
    return DA->getDecl() == cast<DeclRefExpr>(B)->getDecl();
  if (const auto *MA = dyn_cast<MemberExpr>(A)) {
    const auto *MB = cast<MemberExpr>(B);
    return MA->getMemberDecl() == MB->getMemberDecl() && MA->isArrow() == MB->isArrow() &&
           samePointerExpr(MA->getBase(), MB->getBase());
  }
  if (const auto *SA = dyn_cast<ArraySubscriptExpr>(A)) {
    const auto *SB = cast<ArraySubscriptExpr>(B);
    return samePointerExpr(SA->getBase(), SB->getBase()) && samePointerExpr(SA->getIdx(), SB->getIdx());
  }
  if (const auto *UA = dyn_cast<UnaryOperator>(A)) {
    const auto *UB = cast<UnaryOperator>(B);
    return UA->getOpcode() == UB->getOpcode() &&
           (UA->getOpcode() == UO_Deref || UA->getOpcode() == UO_AddrOf) &&
           samePointerExpr(UA->getSubExpr(), UB->getSubExpr());
  }
  if (const auto *BA = dyn_cast<BinaryOperator>(A)) {
    const auto *BB = cast<BinaryOperator>(B);
    return BA->getOpcode() == BB->getOpcode() && BA->isAdditiveOp() &&
           samePointerExpr(BA->getLHS(), BB->getLHS()) && samePointerExpr(BA->getRHS(), BB->getRHS());
  }
  if (const auto *IA = dyn_cast<IntegerLiteral>(A))
    return llvm::APInt::isSameValue(IA->getValue(), cast<IntegerLiteral>(B)->getValue());
  return isa<CXXThisExpr>(A);
}

/// Adds \p Idx elements of \p ElemBytes bytes each to \p R's offset (or
/// makes the offset unknown).
static void addOffset(Root &R, Linearizer &Lin, const Expr *Idx, int64_t ElemBytes) {
  if (auto F = Lin.linearize(Idx))
    R.OffsetBytes.add(*F, ElemBytes);
  else
    R.OffsetKnown = false;
}

Root PointerProvenance::rootOf(const Expr *Ptr, unsigned Depth) {
  Root R;
  if (!Ptr || Depth > 16) {
    R.Why = "the pointer's origin is too deep to follow";
    return R;
  }
  const Expr *E = Ptr->IgnoreParens();
  if (const Expr *From = carriedPointer(E)) {
    Root Inner = rootOf(From, Depth + 1);
    step(Inner, E, From);
    return Inner;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    R.D = D;
    R.Name = D->getName().str();
    QualType T = D->getType();
    if (const auto *P = dyn_cast<ParmVarDecl>(D)) {
      if (!T->isPointerType() && !T->isArrayType()) {
        R.Why = "'" + R.Name + "' is not a pointer";
        return R;
      }
      const auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext());
      R.K = cuda::isKernel(FD) ? Root::KernelParam : Root::DeviceParam;
      R.Restrict = T.isRestrictQualified();
      // `A += BK` (SGEMM-style pointer bumping) keeps the same array but
      // makes the offset unknown; any other reassignment loses the origin.
      for (const VarMod &M : Facts.mods(P)) {
        if (M.Other || !M.Value || !T->isPointerType()) {
          R.K = Root::Unknown;
          R.Why = "parameter '" + R.Name + "' is reassigned in the function";
          return R;
        }
        if (M.Op == BO_Assign) {
          Root Src = rootOf(M.Value, Depth + 1);
          if (Src.D != P) {
            R.K = Root::Unknown;
            R.Why = "parameter '" + R.Name + "' is reassigned in the function";
            return R;
          }
        }
        if ((M.Op == BO_AddAssign || M.Op == BO_SubAssign) &&
            !T->getPointeeType()->isIncompleteType() && !T->getPointeeType()->isDependentType()) {
          // `x += e`: the offset grows by e elements each time; checked in
          // baseAligned against the alignment asked for.
          R.Advances.push_back(M.Value);
          R.AdvanceElemBytes = Ctx.getTypeSizeInChars(T->getPointeeType()).getQuantity();
          continue;
        }
        R.OffsetKnown = false;
        R.Why = "parameter '" + R.Name + "' is advanced in the function";
      }
      return R;
    }
    if (const auto *VD = dyn_cast<VarDecl>(D)) {
      if (T->isArrayType()) {
        if (cuda::isShared(VD))
          R.K = Root::Shared;
        else if (VD->hasGlobalStorage())
          R.K = cuda::isConstant(VD) ? Root::Unknown : Root::GlobalVar;
        else
          R.K = Root::LocalArray;
        if (R.K == Root::Unknown)
          R.Why = "'" + R.Name + "' is a __constant__ array";
        return R;
      }
      if (!T->isPointerType()) {
        R.K = VD->hasGlobalStorage() ? Root::Unknown : Root::LocalScalar;
        return R;
      }
      if (VD->isLocalVarDecl() && VD->getInit() && Facts.mods(VD).empty()) {
        Root Inner = rootOf(VD->getInit(), Depth + 1);
        Inner.Chain.insert(Inner.Chain.begin(), R.Name);
        return Inner;
      }
      R.K = Root::Unknown;
      R.Chain.push_back(R.Name);
      R.Why = "pointer '" + R.Name + "' is " +
              (VD->getInit() ? "reassigned" : "not initialised at its declaration");
      return R;
    }
    R.Why = "unsupported pointer origin";
    return R;
  }
  if (isa<BinaryOperator>(E)) {
    R.Why = "unsupported pointer arithmetic";
    return R;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_AddrOf) {
      const Expr *S = U->getSubExpr()->IgnoreParens();
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
        Root Inner = rootOf(AS->getBase(), Depth + 1);
        addOffset(Inner, Lin, AS->getIdx(), Ctx.getTypeSizeInChars(AS->getType()).getQuantity());
        return Inner;
      }
      if (isa<MemberExpr>(S))
        return rootOf(S, Depth + 1);
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
        R.D = DRE->getDecl();
        R.Name = R.D->getName().str();
        const auto *VD = dyn_cast<VarDecl>(R.D);
        R.K = VD && cuda::isShared(VD) ? Root::Shared
              : VD && VD->hasGlobalStorage()      ? Root::GlobalVar
                                                  : Root::LocalScalar;
        return R;
      }
    }
    if (U->getOpcode() == UO_Deref) {
      R.Why = "the pointer is loaded from memory";
      return R;
    }
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    if (AS->getType()->isArrayType()) { // a row of a 2-D array
      Root Inner = rootOf(AS->getBase(), Depth + 1);
      addOffset(Inner, Lin, AS->getIdx(), Ctx.getTypeSizeInChars(AS->getType()).getQuantity());
      return Inner;
    }
    R.Why = "the pointer is loaded from memory";
    return R;
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    R.K = Root::Member;
    R.D = M->getMemberDecl();
    R.Name = R.D->getName().str();
    if (const auto *FD = dyn_cast<FieldDecl>(R.D)) {
      if (FD->getType()->isArrayType()) {
        R.OffsetBytes.Terms[Monomial()] = int64_t(Ctx.getFieldOffset(FD) / 8);
        R.Why = "'" + R.Name + "' is an array inside a struct";
      } else {
        R.Why = "pointer '" + R.Name + "' is loaded from a struct field";
        R.OffsetKnown = true;
      }
    }
    return R;
  }
  if (isa<CallExpr>(E)) {
    R.Why = "the pointer is returned by a call";
    return R;
  }
  R.Why = "unsupported pointer expression";
  return R;
}

void PointerProvenance::step(Root &R, const Expr *E, const Expr *From) {
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub) {
      QualType Elem = From->getType()->getPointeeType();
      if (Elem.isNull() || Elem->isIncompleteType() || Elem->isDependentType()) {
        R.OffsetKnown = false;
        return;
      }
      int64_t Size = Ctx.getTypeSizeInChars(Elem).getQuantity();
      addOffset(R, Lin, B->getLHS() == From ? B->getRHS() : B->getLHS(),
                B->getOpcode() == BO_Add ? Size : -Size);
    } else if (B->getOpcode() != BO_Comma && B->getOpcode() != BO_Assign) {
      R.OffsetKnown = false; // the value of `p += i`
    }
    return;
  }
  if (isa<UnaryOperator>(E)) { // p++, --p
    R.OffsetKnown = false;
    return;
  }
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    switch (C->getCastKind()) {
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase:
    case CK_BaseToDerived:
    case CK_Dynamic:
      R.OffsetKnown = false; // the address moves to the base/derived part
      return;
    default:
      return;
    }
  }
  if (const auto *C = dyn_cast<CallExpr>(E)) { // __builtin_assume_aligned(p, N)
    Expr::EvalResult A;
    if (C->getNumArgs() >= 2 && C->getArg(1)->EvaluateAsInt(A, Ctx)) {
      R.AlignBytes = unsigned(A.Val.getInt().getZExtValue());
      R.OffsetBytes = LinearForm();
      R.OffsetKnown = true;
    }
  }
}

const CallExpr *callPassingSamePointer(ASTContext &Ctx, const FunctionDecl &Fn, unsigned Index,
                                       llvm::ArrayRef<unsigned> Others, unsigned &Other) {
  using namespace clang::ast_matchers;
  if (Others.empty())
    return nullptr;
  const FunctionDecl *Key = cuda::functionIdentity(&Fn);
  for (const BoundNodes &N :
       match(decl(forEachDescendant(callExpr().bind("c"))), *Ctx.getTranslationUnitDecl(), Ctx)) {
    const auto *CE = N.getNodeAs<CallExpr>("c");
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee || cuda::functionIdentity(Callee) != Key || Index >= CE->getNumArgs())
      continue;
    for (unsigned J : Others)
      if (J < CE->getNumArgs() && samePointerExpr(CE->getArg(Index), CE->getArg(J))) {
        Other = J;
        return CE;
      }
  }
  return nullptr;
}

Alias mayAlias(const Root &A, const Root &B, std::string &Why) {
  auto Local = [](const Root &R) {
    return R.K == Root::LocalArray || R.K == Root::LocalScalar;
  };
  if (A.D && B.D && A.D == B.D && A.K != Root::Member) {
    Why = "both access '" + A.Name + "'";
    return Alias::Same;
  }
  if (Local(A) || Local(B))
    return Alias::No; // distinct locals, or local vs. global
  if ((A.K == Root::Shared) != (B.K == Root::Shared) &&
      (A.K == Root::KernelParam || B.K == Root::KernelParam))
    return Alias::No; // shared vs. a kernel's global pointer
  if (A.K == Root::Shared && B.K == Root::Shared)
    return Alias::No; // distinct shared arrays
  if ((A.K == Root::GlobalVar && B.K == Root::GlobalVar) ||
      (A.K == Root::GlobalVar && B.K == Root::Shared) || (A.K == Root::Shared && B.K == Root::GlobalVar))
    return Alias::No;
  bool ParamsOnly = (A.K == Root::KernelParam || A.K == Root::DeviceParam) &&
                    (B.K == Root::KernelParam || B.K == Root::DeviceParam);
  if (ParamsOnly && A.Restrict && B.Restrict)
    return Alias::No;
  Why = "'" + (B.Name.empty() ? std::string("the other pointer") : B.Name) + "' may alias '" +
        A.Name + "' (not both __restrict__)";
  return Alias::May;
}

} // namespace analysis
} // namespace klineage
