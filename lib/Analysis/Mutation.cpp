//===- Mutation.cpp - Which variables and memory a function modifies ------===//
#include "klineage/Analysis/Mutation.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Cuda/Intrinsics.h"
#include "klineage/Frontend/SourcePositions.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;
using namespace llvm;
using klineage::positions::beginOffset;
using klineage::positions::endOffset;

namespace klineage {
namespace analysis {

const VarDecl *refVar(const Expr *E) {
  if (!E)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

/// An lvalue that names memory (not a local variable itself).
bool isMemoryLValue(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<ArraySubscriptExpr>(E))
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->getOpcode() == UO_Deref;
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return M->isArrow() || isMemoryLValue(M->getBase());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      // A const (constexpr) scalar cannot be changed by any store: writing
      // a const object is undefined, so its reads never conflict.
      QualType T = VD->getType();
      if (!T->isReferenceType() && T.isConstQualified() && !T.isVolatileQualified() &&
          !T->isArrayType())
        return false;
      return VD->hasGlobalStorage() || T->isReferenceType();
    }
  return false;
}

class FactsVisitor : public RecursiveASTVisitor<FactsVisitor> {
public:
  FactsVisitor(FunctionFacts &F, const ASTContext &Ctx) : F(F), Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  void addMod(const VarDecl *VD, const Expr *At, BinaryOperatorKind Op, const Expr *Value, bool Other) {
    VarMod M;
    M.Begin = beginOffset(Ctx, At);
    M.End = endOffset(Ctx, At);
    M.Op = Op;
    M.Value = Value;
    M.Other = Other;
    M.At = At;
    F.Mods[VD].push_back(M);
  }
  void addEvent(MemEvent::Kind K, const Expr *E, const Expr *TimeNode, StringRef What = "") {
    MemEvent Ev;
    Ev.K = K;
    Ev.E = E;
    Ev.Begin = beginOffset(Ctx, E);
    Ev.End = endOffset(Ctx, E);
    Ev.Time = K == MemEvent::Write ? endOffset(Ctx, TimeNode) : beginOffset(Ctx, TimeNode);
    Ev.What = What.str();
    F.Events.push_back(Ev);
  }

  bool VisitVarDecl(VarDecl *VD) {
    F.Names.insert(VD->getName().str());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (!B->isAssignmentOp())
      return true;
    const Expr *L = B->getLHS()->IgnoreParens();
    if (const VarDecl *VD = refVar(L); VD && !isMemoryLValue(L)) {
      BinaryOperatorKind Op = B->getOpcode();
      bool Simple = Op == BO_Assign || Op == BO_AddAssign || Op == BO_SubAssign;
      addMod(VD, B, Op, Simple ? B->getRHS() : nullptr, !Simple);
    } else if (isMemoryLValue(L)) {
      addEvent(MemEvent::Write, L, B);
      if (B->isCompoundAssignmentOp())
        addEvent(MemEvent::Read, L, B);
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    const Expr *S = U->getSubExpr()->IgnoreParens();
    if (U->isIncrementDecrementOp()) {
      if (const VarDecl *VD = refVar(S); VD && !isMemoryLValue(S))
        addMod(VD, U, BO_Assign, nullptr, true);
      else if (isMemoryLValue(S)) {
        addEvent(MemEvent::Read, S, U);
        addEvent(MemEvent::Write, S, U);
      }
    } else if (U->getOpcode() == UO_AddrOf) {
      if (const VarDecl *VD = refVar(S); VD && !VD->getType()->isArrayType())
        addMod(VD, U, BO_Assign, nullptr, true);
    }
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_LValueToRValue && isMemoryLValue(C->getSubExpr()))
      addEvent(MemEvent::Read, C->getSubExpr()->IgnoreParens(), C);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    if (C->getNumArgs() == 1 && isMemoryLValue(C->getArg(0)))
      addEvent(MemEvent::Read, C->getArg(0)->IgnoreParenImpCasts(), C);
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C)) {
      if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2) {
        const Expr *L = Op->getArg(0)->IgnoreParenImpCasts();
        if (const VarDecl *VD = refVar(L); VD && !isMemoryLValue(L))
          addMod(VD, Op, BO_Assign, Op->getArg(1), false);
        else if (isMemoryLValue(L))
          addEvent(MemEvent::Write, L, Op);
        const Expr *R = Op->getArg(1)->IgnoreParenImpCasts();
        if (R->isGLValue() && isMemoryLValue(R))
          addEvent(MemEvent::Read, R, Op);
        return true;
      }
      addEvent(MemEvent::Call, C, C, "operator");
      return true;
    }
    const FunctionDecl *Callee = C->getDirectCallee();
    StringRef Name = Callee && Callee->getIdentifier() ? Callee->getName() : "";
    if (Name == "__builtin_assume" && C->getNumArgs() == 1) {
      recordAssume(C->getArg(0));
      return true;
    }
    if (Name == "__builtin_assume_aligned" || Name == "__builtin_expect")
      return true;
    if (Name == "__ldg") {
      addEvent(MemEvent::Read, C, C);
      return true;
    }
    if (cuda::isPureCallee(Name))
      return true;
    if (Callee && (Callee->hasAttr<ConstAttr>() || Callee->hasAttr<PureAttr>()))
      return true;
    if (Callee && Callee->getBuiltinID() && Name.starts_with("__nv_"))
      return true;
    if (cuda::isBuiltinIndexGetterCall(C))
      return true;
    addEvent(MemEvent::Call, C, C, Name.empty() ? "an indirect function" : Name);
    return true;
  }
  bool TraverseStmt(Stmt *S) {
    // threadIdx.x and friends are calls in the AST; they read no memory.
    if (const auto *E = dyn_cast_or_null<Expr>(S))
      if (cuda::builtinIndex(E))
        return true;
    return RecursiveASTVisitor::TraverseStmt(S);
  }

private:
  void recordAssume(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (B->getOpcode() == BO_LAnd) {
        recordAssume(B->getLHS());
        recordAssume(B->getRHS());
        return;
      }
      if (B->getOpcode() != BO_EQ)
        return;
      const Expr *L = B->getLHS()->IgnoreParenImpCasts(), *R = B->getRHS()->IgnoreParenImpCasts();
      Expr::EvalResult Zero;
      if (!(R->EvaluateAsInt(Zero, Ctx) && Zero.Val.getInt() == 0))
        std::swap(L, R);
      if (!(R->EvaluateAsInt(Zero, Ctx) && Zero.Val.getInt() == 0))
        return;
      const auto *Mod = dyn_cast<BinaryOperator>(L);
      if (!Mod)
        return;
      Expr::EvalResult N;
      const VarDecl *VD = refVar(Mod->getLHS());
      if (!VD || !Mod->getRHS()->EvaluateAsInt(N, Ctx))
        return;
      int64_t NV = N.Val.getInt().getExtValue();
      if (Mod->getOpcode() == BO_Rem && NV > 0)
        F.Multiples.push_back({VD, NV});
      else if (Mod->getOpcode() == BO_And && NV >= 0 && ((NV + 1) & NV) == 0)
        F.Multiples.push_back({VD, NV + 1}); // (v & 3) == 0
    }
  }
  FunctionFacts &F;
  const ASTContext &Ctx;
};

FunctionFacts::FunctionFacts(const ASTContext &Ctx, const FunctionDecl *FD) : Ctx(Ctx), FD(FD) {
  for (const ParmVarDecl *P : FD->parameters())
    Names.insert(P->getName().str());
  FactsVisitor V(*this, Ctx);
  V.TraverseStmt(FD->getBody());
}

bool FunctionFacts::isKernel() const { return cuda::isKernel(FD); }

const std::vector<VarMod> &FunctionFacts::mods(const VarDecl *VD) const {
  static const std::vector<VarMod> None;
  auto It = Mods.find(VD);
  return It == Mods.end() ? None : It->second;
}

const VarMod *FunctionFacts::modifiedIn(const std::vector<const VarDecl *> &Vars, unsigned Begin,
                                        unsigned End, const VarDecl **Which) const {
  for (const VarDecl *VD : Vars)
    for (const VarMod &M : mods(VD))
      if (M.Begin >= Begin && M.Begin < End) {
        if (Which)
          *Which = VD;
        return &M;
      }
  return nullptr;
}

bool FunctionFacts::assumedMultiple(const VarDecl *VD, int64_t N) const {
  for (const auto &[V, M] : Multiples)
    if (V == VD && M % N == 0)
      return true;
  return false;
}

bool FunctionFacts::nameIsFree(const std::string &Name) const {
  if (Names.count(Name))
    return false;
  // Any identifier the lexer saw (macros, globals, other functions) is taken.
  return Ctx.Idents.find(Name) == Ctx.Idents.end();
}

const Stmt *findModification(ASTContext &Ctx, const Stmt *S, const VarDecl *V, const Stmt *Skip) {
  if (!S || S == Skip)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    if (DRE->getDecl() != V)
      return nullptr;
    DynTypedNodeList Parents = Ctx.getParents(*DRE);
    // Macro arguments are parenthesised: (i) is read like i. A field of a
    // struct V (`p.n`, `p.dst[i]`) is read or written like V itself, and a
    // const member function called on V (`op(x)` with a const operator())
    // reads it.
    while (!Parents.empty()) {
      if (Parents[0].get<ParenExpr>()) {
        Parents = Ctx.getParents(Parents[0]);
        continue;
      }
      if (const auto *ICE = Parents[0].get<ImplicitCastExpr>(); ICE && ICE->getCastKind() == CK_NoOp) {
        const DynTypedNodeList Above = Ctx.getParents(*ICE);
        const auto *Op = Above.empty() ? nullptr : Above[0].get<CXXOperatorCallExpr>();
        const auto *M = Op ? dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee()) : nullptr;
        if (M && M->isConst() && Op->getNumArgs() > 0 && Op->getArg(0) == ICE)
          return nullptr;
        break;
      }
      const auto *ME = Parents[0].get<MemberExpr>();
      if (!ME || ME->isArrow())
        break;
      if (const auto *M = dyn_cast<CXXMethodDecl>(ME->getMemberDecl()))
        return M->isConst() ? nullptr : DRE;
      if (!isa<FieldDecl>(ME->getMemberDecl()))
        break;
      Parents = Ctx.getParents(*ME);
    }
    if (!Parents.empty())
      if (const auto *ICE = Parents[0].get<ImplicitCastExpr>())
        if (ICE->getCastKind() == CK_LValueToRValue)
          return nullptr;
    // Unevaluated uses (sizeof, decltype) cannot change it either.
    for (const DynTypedNode &P : Parents)
      if (P.get<UnaryExprOrTypeTraitExpr>())
        return nullptr;
    // A lambda's capture of it: the lambda body's own uses are checked.
    if (!Parents.empty() && Parents[0].get<LambdaExpr>())
      return nullptr;
    // Bound to a const reference (`std::min(i, 3)`, `const int &r = i`).
    const Expr *Cur = DRE;
    DynTypedNodeList Up = Parents;
    while (!Up.empty()) {
      const auto *ICE = Up[0].get<ImplicitCastExpr>();
      if (!ICE || ICE->getCastKind() != CK_NoOp)
        break;
      Cur = ICE;
      Up = Ctx.getParents(*ICE);
    }
    if (!Up.empty()) {
      if (const auto *CE = Up[0].get<CallExpr>()) {
        const FunctionDecl *Callee = CE->getDirectCallee();
        unsigned Skip =
            isa<CXXOperatorCallExpr>(CE) && isa_and_nonnull<CXXMethodDecl>(Callee) ? 1 : 0;
        for (unsigned I = Skip; Callee && I < CE->getNumArgs(); ++I)
          if (CE->getArg(I) == Cur && I - Skip < Callee->getNumParams()) {
            QualType PT = Callee->getParamDecl(I - Skip)->getType();
            if (PT->isReferenceType() && PT->getPointeeType().isConstQualified())
              return nullptr;
          }
      }
      if (const auto *VD = Up[0].get<VarDecl>())
        if (VD->getType()->isReferenceType() &&
            VD->getType()->getPointeeType().isConstQualified())
          return nullptr;
    }
    return DRE;
  }
  for (const Stmt *C : S->children())
    if (const Stmt *M = findModification(Ctx, C, V, Skip))
      return M;
  return nullptr;
}


} // namespace analysis
} // namespace klineage
