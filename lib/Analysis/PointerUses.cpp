//===- PointerUses.cpp - How a function uses the memory behind a pointer --===//
#include "klineage/Analysis/PointerUses.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>

using namespace clang;

namespace klineage {
namespace analysis {

namespace {

/// Casts that keep a pointer's value and pointee (reading the variable,
/// array decay, adding const).
bool transparentCast(const Expr *E) {
  const auto *IC = dyn_cast<ImplicitCastExpr>(E);
  if (!IC)
    return false;
  switch (IC->getCastKind()) {
  case CK_LValueToRValue:
  case CK_ArrayToPointerDecay:
  case CK_NoOp:
    return true;
  default:
    return false;
  }
}

/// The parent of \p E above parentheses and transparent casts; \p E is
/// moved up to the child of the returned node.
const Stmt *parentAbove(const ParentMap &PM, const Expr *&E) {
  const Stmt *P = PM.getParent(E);
  while (P && (isa<ParenExpr>(P) || (isa<Expr>(P) && transparentCast(cast<Expr>(P))))) {
    E = cast<Expr>(P);
    P = PM.getParent(P);
  }
  return P;
}

std::string calleeName(const CallExpr *C) {
  if (const FunctionDecl *F = C->getDirectCallee())
    if (F->getIdentifier())
      return F->getName().str();
  return "a function";
}

struct Refs : RecursiveASTVisitor<Refs> {
  const VarDecl *Target;
  std::vector<const DeclRefExpr *> Found;
  std::vector<const LambdaExpr *> Captures;
  explicit Refs(const VarDecl *T) : Target(T) {}
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (D->getDecl() == Target)
      Found.push_back(D);
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *L) {
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCapturedVar() == Target)
        Captures.push_back(L);
    return true; // the body is another function
  }
};

class Classifier {
public:
  Classifier(ASTContext &Ctx, const FunctionDecl *FD)
      : Ctx(Ctx), FD(FD), PM(const_cast<Stmt *>(FD->getBody())) {}

  void usesOf(const VarDecl *Ptr, const VarDecl *Via, unsigned Depth,
              std::vector<PointerUse> &Out) {
    Refs R(Ptr);
    R.TraverseStmt(const_cast<Stmt *>(FD->getBody()));
    for (const LambdaExpr *L : R.Captures) {
      PointerUse U;
      U.At = L;
      U.Via = Via;
      U.Why = "captured by a lambda";
      Out.push_back(U);
    }
    for (const DeclRefExpr *Ref : R.Found)
      classify(Ref, Via, Depth, Out);
  }

  bool used(const Expr *E) const {
    const Stmt *P = PM.getParent(E);
    while (P && (isa<ParenExpr>(P) || isa<FullExpr>(P))) {
      E = cast<Expr>(P);
      P = PM.getParent(P);
    }
    if (!P || isa<CompoundStmt>(P) || isa<LabelStmt>(P) || isa<SwitchCase>(P) ||
        isa<AttributedStmt>(P))
      return false;
    if (const auto *If = dyn_cast<IfStmt>(P))
      return If->getCond() == E;
    if (const auto *For = dyn_cast<ForStmt>(P))
      return For->getCond() == E;
    if (const auto *W = dyn_cast<WhileStmt>(P))
      return W->getCond() == E;
    if (const auto *Do = dyn_cast<DoStmt>(P))
      return Do->getCond() == E;
    if (const auto *RF = dyn_cast<CXXForRangeStmt>(P))
      return RF->getBody() != E;
    if (const auto *B = dyn_cast<BinaryOperator>(P); B && B->getOpcode() == BO_Comma)
      return B->getRHS() == E && used(B);
    if (const auto *C = dyn_cast<CastExpr>(P); C && C->getType()->isVoidType())
      return false;
    return true;
  }

private:
  void classify(const DeclRefExpr *Ref, const VarDecl *Via, unsigned Depth,
                std::vector<PointerUse> &Out) {
    PointerUse U;
    U.Ref = Ref;
    U.Via = Via;
    const Expr *Cur = Ref;
    const Stmt *P = parentAbove(PM, Cur);
    U.At = Cur;
    if (const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(P); AS && AS->getBase() == Cur) {
      element(AS, AS->getIdx(), U);
    } else if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P);
               UO && UO->getOpcode() == UO_Deref) {
      element(UO, nullptr, U);
    } else if (const auto *B = dyn_cast_or_null<BinaryOperator>(P);
               B && B->getType()->isPointerType() &&
               (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub)) {
      offset(B, Cur, U);
    } else if (const auto *C = dyn_cast_or_null<CallExpr>(P)) {
      address(C, Cur, nullptr, U);
    } else if (const auto *DS = dyn_cast_or_null<DeclStmt>(P)) {
      if (const VarDecl *Copy = alias(DS, Cur, Depth)) {
        U.K = PointerUse::Alias;
        U.Copy = Copy;
        Out.push_back(U);
        usesOf(Copy, Copy, Depth + 1, Out);
        return;
      }
      U.Why = "copied into another variable";
    } else if (const auto *A = dyn_cast_or_null<BinaryOperator>(P); A && A->isAssignmentOp()) {
      U.At = A;
      U.Why = A->getLHS()->IgnoreParenImpCasts() == Ref ? "reassigned" : "copied into another variable";
    } else if (isa_and_nonnull<ReturnStmt>(P)) {
      U.Why = "returned";
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P); BO && BO->isComparisonOp()) {
      U.At = BO;
      U.Why = "compared";
    } else {
      U.Why = "used as a pointer value";
    }
    Out.push_back(U);
  }

  /// `p + i` / `i + p` / `p - i`: an element's address.
  void offset(const BinaryOperator *B, const Expr *Ptr, PointerUse &U) {
    U.At = B;
    if (B->getOpcode() == BO_Sub || B->getLHS() != Ptr && B->getRHS() != Ptr) {
      U.Why = "a negative offset from it is taken";
      return;
    }
    const Expr *Index = B->getLHS() == Ptr ? B->getRHS() : B->getLHS();
    const Expr *Sum = B;
    const Stmt *P = parentAbove(PM, Sum);
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P); UO && UO->getOpcode() == UO_Deref) {
      element(UO, Index, U);
      return;
    }
    if (const auto *C = dyn_cast_or_null<CallExpr>(P)) {
      address(C, Sum, Index, U);
      return;
    }
    U.Why = "the address of an element is used otherwise";
  }

  /// The lvalue \p Elem of element \p Index.
  void element(const Expr *Elem, const Expr *Index, PointerUse &U) {
    U.Index = Index;
    U.At = Elem;
    const Expr *Cur = Elem;
    const Stmt *P = PM.getParent(Cur);
    while (isa_and_nonnull<ParenExpr>(P)) {
      Cur = cast<Expr>(P);
      P = PM.getParent(P);
    }
    if (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(P);
        IC && IC->getCastKind() == CK_LValueToRValue) {
      U.K = PointerUse::Load;
      return;
    }
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P)) {
      if (UO->isIncrementDecrementOp()) {
        U.K = PointerUse::ReadModifyWrite;
        U.At = UO;
        return;
      }
      if (UO->getOpcode() == UO_AddrOf) {
        const Expr *Addr = UO;
        const Stmt *PP = parentAbove(PM, Addr);
        if (const auto *C = dyn_cast_or_null<CallExpr>(PP)) {
          address(C, Addr, Index, U);
          return;
        }
        U.At = UO;
        U.Why = "the address of an element is used otherwise";
        return;
      }
    }
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(P); B && B->isAssignmentOp() && B->getLHS() == Cur) {
      U.K = B->getOpcode() == BO_Assign ? PointerUse::Store : PointerUse::ReadModifyWrite;
      U.At = B;
      return;
    }
    U.Why = "an element is used as an lvalue (a reference, a member)";
  }

  /// The address \p Addr of element \p Index passed to call \p C.
  void address(const CallExpr *C, const Expr *Addr, const Expr *Index, PointerUse &U) {
    U.At = C;
    U.Index = Index;
    std::optional<cuda::AtomicFunction> F;
    if (const FunctionDecl *Callee = C->getDirectCallee(); Callee && Callee->getIdentifier())
      F = cuda::atomicFunction(Callee->getName());
    if (F && C->getNumArgs() >= 1 && C->getArg(0)->IgnoreParenImpCasts() == Addr->IgnoreParenImpCasts()) {
      U.K = PointerUse::AtomicUpdate;
      U.Atomic = F;
      U.ResultUsed = used(C);
      return;
    }
    U.Why = "passed to '" + calleeName(C) + "'";
  }

  /// `T *h = p;` with h never changed: the local pointer whose uses are
  /// uses of p, or null.
  const VarDecl *alias(const DeclStmt *DS, const Expr *Init, unsigned Depth) {
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD || !VD->getInit() || VD->getInit()->IgnoreParenImpCasts() != Init->IgnoreParenImpCasts())
        continue;
      if (!VD->getType()->isPointerType() || Depth > 8 ||
          !AnalysisCache::of(Ctx).facts(FD).mods(VD).empty())
        return nullptr;
      // A cast to another element type is not an alias of the same array.
      QualType From = Init->getType();
      QualType FromElem = From->isPointerType() ? From->getPointeeType()
                          : From->isArrayType() ? Ctx.getAsArrayType(From)->getElementType()
                                                : QualType();
      if (FromElem.isNull() || !Ctx.hasSameUnqualifiedType(FromElem, VD->getType()->getPointeeType()))
        return nullptr;
      return VD;
    }
    return nullptr;
  }

  ASTContext &Ctx;
  const FunctionDecl *FD;
  ParentMap PM;
};

} // namespace

std::vector<PointerUse> pointerUses(ASTContext &Ctx, const FunctionDecl *FD, const VarDecl *Ptr) {
  std::vector<PointerUse> Out;
  if (!FD || !FD->getBody() || !Ptr)
    return Out;
  Classifier C(Ctx, FD);
  C.usesOf(Ptr, nullptr, 0, Out);
  const SourceManager &SM = Ctx.getSourceManager();
  std::stable_sort(Out.begin(), Out.end(), [&](const PointerUse &A, const PointerUse &B) {
    return SM.isBeforeInTranslationUnit(A.At->getBeginLoc(), B.At->getBeginLoc());
  });
  return Out;
}

bool valueIsUsed(ASTContext &Ctx, const FunctionDecl *FD, const Expr *E) {
  if (!FD || !FD->getBody())
    return true;
  return Classifier(Ctx, FD).used(E);
}

} // namespace analysis
} // namespace klineage
