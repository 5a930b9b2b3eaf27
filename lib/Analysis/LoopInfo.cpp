//===- LoopInfo.cpp - Counted loops and their trip counts -----------------===//
#include "klineage/Analysis/LoopInfo.h"
#include "klineage/Analysis/Mutation.h"
#include "klineage/Cuda/Builtins.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;
using namespace llvm;

namespace klineage {
namespace analysis {

std::optional<APSInt> constantValue(ASTContext &Ctx, const Expr *E, NonConstant &Why) {
  Why = NonConstant{NonConstant::RunTime, E, nullptr};
  if (E->isValueDependent() || E->isTypeDependent()) {
    Why.K = NonConstant::Dependent;
    return std::nullopt;
  }
  // clang's headers make warpSize 32; for nvcc it is a register read.
  if (cuda::readsWarpSize(E)) {
    Why.K = NonConstant::WarpSize;
    return std::nullopt;
  }
  Expr::EvalResult R;
  if (E->EvaluateAsInt(R, Ctx))
    return R.Val.getInt();
  // A local integer initialised with a constant and never modified in its
  // function (`int n = 8; ... k < n`) has that value wherever it is read.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && VD->getType()->isIntegerType() &&
        VD->getInit() && !VD->getInit()->isValueDependent())
      if (const std::vector<VarMod> *Mods = modificationsOf(Ctx, VD); Mods && Mods->empty()) {
        Expr::EvalResult IR;
        if (VD->getInit()->EvaluateAsInt(IR, Ctx))
          return IR.Val.getInt();
      }
  // The culprit: the first variable, member, call or builtin that is not a
  // constant.
  auto Visit = [&](auto &&Self, const Stmt *S) -> void {
    if (!S || Why.Culprit)
      return;
    Expr::EvalResult Tmp;
    if (const auto *POE = dyn_cast<PseudoObjectExpr>(S)) {
      // threadIdx.x and friends: their syntactic form.
      if (!POE->EvaluateAsInt(Tmp, Ctx))
        Why.Culprit = POE->getSyntacticForm();
      return;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      if (!DRE->EvaluateAsInt(Tmp, Ctx))
        Why.Culprit = DRE;
      return;
    }
    if ((isa<MemberExpr>(S) || isa<CallExpr>(S)) && !cast<Expr>(S)->EvaluateAsInt(Tmp, Ctx)) {
      Why.Culprit = cast<Expr>(S);
      return;
    }
    for (const Stmt *C : S->children())
      Self(Self, C);
  };
  Visit(Visit, E);
  return std::nullopt;
}

namespace {

/// The block that holds a loop, or null; Child becomes the block's statement
/// for the loop (the AttributedStmt when the loop carries a pragma).
const CompoundStmt *enclosingBlock(ASTContext &Ctx, const Stmt &Loop, const Stmt *&Child) {
  Child = &Loop;
  DynTypedNodeList Parents = Ctx.getParents(Loop);
  if (!Parents.empty())
    if (const auto *AS = Parents[0].get<AttributedStmt>()) {
      Child = AS;
      Parents = Ctx.getParents(*AS);
    }
  return Parents.empty() ? nullptr : Parents[0].get<CompoundStmt>();
}


/// Only casts that keep the element type: qualification, array decay, load.
const Expr *stripSafeCasts(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    const auto *ICE = dyn_cast<ImplicitCastExpr>(E);
    if (!ICE || (ICE->getCastKind() != CK_NoOp && ICE->getCastKind() != CK_ArrayToPointerDecay &&
                 ICE->getCastKind() != CK_LValueToRValue))
      return E;
    E = ICE->getSubExpr();
  }
}

std::optional<PointerPos> pointerPosAt(ASTContext &Ctx, const Expr *E, const VarDecl *IV,
                                       const Stmt *FnBody, NotPointerPos &Why, unsigned Depth) {
  E = stripSafeCasts(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || VD == IV) {
      Why = {NotPointerPos::NotFixedPointer, E};
      return std::nullopt;
    }
    if (VD->getType()->isArrayType())
      return PointerPos{VD, 0};
    if (!VD->getType()->isPointerType()) {
      Why = {NotPointerPos::NotPointer, E};
      return std::nullopt;
    }
    // A local never modified in its function (`const float *end = row + 8;`)
    // stands for its initialiser, provided the pointer it is an offset of
    // cannot have moved since (never modified in the function either, or an
    // array). The loop's own uses of that pointer are checked by the caller.
    if (Depth < 4 && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && VD->getInit() && FnBody &&
        !findModification(Ctx, FnBody, VD)) {
      NotPointerPos Ignored;
      if (auto P = pointerPosAt(Ctx, VD->getInit(), IV, FnBody, Ignored, Depth + 1))
        if (P->Base->getType()->isArrayType() || !findModification(Ctx, FnBody, P->Base))
          return P;
    }
    return PointerPos{VD, 0};
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)) {
    const Expr *P = BO->getLHS(), *N = BO->getRHS();
    if (BO->getOpcode() == BO_Add && !P->getType()->isPointerType())
      std::swap(P, N);
    if (P->getType()->isPointerType() && N->getType()->isIntegerType()) {
      Expr::EvalResult R;
      if (N->isValueDependent() || !N->EvaluateAsInt(R, Ctx) || cuda::readsWarpSize(N)) {
        Why = {NotPointerPos::OffsetNotConstant, N};
        return std::nullopt;
      }
      auto Pos = pointerPosAt(Ctx, P, IV, FnBody, Why, Depth);
      if (!Pos)
        return std::nullopt;
      int64_t C = R.Val.getInt().getExtValue();
      Pos->Off += BO->getOpcode() == BO_Add ? C : -C;
      return Pos;
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens())) {
      Expr::EvalResult R;
      if (AS->getIdx()->isValueDependent() || !AS->getIdx()->EvaluateAsInt(R, Ctx)) {
        Why = {NotPointerPos::IndexNotConstant, AS->getIdx()};
        return std::nullopt;
      }
      auto Pos = pointerPosAt(Ctx, AS->getBase(), IV, FnBody, Why, Depth);
      if (!Pos)
        return std::nullopt;
      Pos->Off += R.Val.getInt().getExtValue();
      return Pos;
    }
  Why = {NotPointerPos::NotBasePlusConstant, E};
  return std::nullopt;
}

/// The expression the loop header's \p Init gives \p IV as start value: the
/// initialiser of its declaration, or the right side of `IV = ...`.
const Expr *headerStart(const Stmt *Init, const VarDecl *IV) {
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init)) {
    for (const Decl *D : DS->decls())
      if (D == IV)
        return IV->getInit();
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(
                 isa_and_nonnull<Expr>(Init) ? cast<Expr>(Init)->IgnoreParens() : nullptr)) {
    if (BO->getOpcode() == BO_Assign && refVar(BO->getLHS()) == IV)
      return BO->getRHS();
  }
  return nullptr;
}

/// For a while/do loop: the statement right before it in its block (where
/// the index gets its start value).
const Stmt *previousStatement(ASTContext &Ctx, const Stmt &Loop) {
  const Stmt *Child = &Loop;
  const CompoundStmt *CS = enclosingBlock(Ctx, Loop, Child);
  if (!CS)
    return nullptr;
  const Stmt *Prev = nullptr;
  for (const Stmt *S : CS->body()) {
    if (S == Child)
      return Prev;
    Prev = S;
  }
  return nullptr;
}

/// For a while/do loop: the body's last statement, when it is an expression
/// (the index update `++i;`, `i += 4;`).
const Expr *lastExpression(const Stmt *Body) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
    return CS->body_empty() ? nullptr : dyn_cast<Expr>(CS->body_back());
  return dyn_cast_or_null<Expr>(Body);
}

enum class StepOp { Add, Sub, Mul, Div, Shl, Shr };

} // namespace

const Stmt *findContinue(const Stmt *S) {
  if (!S)
    return nullptr;
  if (isa<ContinueStmt>(S))
    return S;
  if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S) ||
      isa<LambdaExpr>(S))
    return nullptr;
  for (const Stmt *C : S->children())
    if (const Stmt *R = findContinue(C))
      return R;
  return nullptr;
}

std::optional<PointerPos> pointerPos(ASTContext &Ctx, const Expr *E, const VarDecl *IV,
                                     const Stmt *FnBody, NotPointerPos &Why) {
  return pointerPosAt(Ctx, E, IV, FnBody, Why, 0);
}

const Expr *stepOf(ASTContext &Ctx, const Expr *Inc, const VarDecl *IV) {
  if (!Inc)
    return nullptr;
  const Expr *E = Inc->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->getOpcode() == BO_Comma) {
    const Expr *L = stepOf(Ctx, BO->getLHS(), IV), *R = stepOf(Ctx, BO->getRHS(), IV);
    if (L && R)
      return nullptr; // updated twice: not a simple counted loop
    if (L && findModification(Ctx, BO->getRHS(), IV))
      return nullptr;
    if (R && findModification(Ctx, BO->getLHS(), IV))
      return nullptr;
    return L ? L : R;
  }
  return findModification(Ctx, E, IV) ? E : nullptr;
}

const Expr *declaredStartBefore(ASTContext &Ctx, const Stmt *LoopS, const VarDecl *IV,
                                const Stmt *HeaderInit) {
  if (!LoopS || !IV->hasLocalStorage() || IV->getType()->isReferenceType())
    return nullptr;
  if (HeaderInit && findModification(Ctx, HeaderInit, IV))
    return nullptr;
  const Stmt *Child = LoopS;
  const CompoundStmt *CS = enclosingBlock(Ctx, *LoopS, Child);
  if (!CS)
    return nullptr;
  std::vector<const Stmt *> Before;
  bool Found = false;
  for (const Stmt *S : CS->body()) {
    if (S == Child) {
      Found = true;
      break;
    }
    Before.push_back(S);
  }
  if (!Found)
    return nullptr;
  for (auto It = Before.rbegin(); It != Before.rend(); ++It) {
    const Stmt *S = *It;
    if (isa<LabelStmt>(S) || isa<SwitchCase>(S))
      return nullptr;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (D == IV)
          return IV->getInit();
    if (findModification(Ctx, S, IV))
      return nullptr;
  }
  return nullptr;
}

TripCount analysePointerLoop(ASTContext &Ctx, const CountedLoop &L) {
  TripCount T;
  T.Shape = L.Kind;
  T.LoopInc = L.Inc;
  auto Fail = [&](TripCount::Reason Why) {
    T.Why = Why;
    return T;
  };
  const auto *Cond =
      dyn_cast_or_null<BinaryOperator>(L.Cond ? L.Cond->IgnoreParenImpCasts() : nullptr);
  if (!Cond || !Cond->isComparisonOp())
    return Fail(L.Cond ? TripCount::NotComparison : TripCount::NoCondition);
  T.Cond = Cond;
  BinaryOperatorKind Op = Cond->getOpcode();
  const VarDecl *IV = refVar(Cond->getLHS());
  const Expr *BoundE = Cond->getRHS();
  auto Steps = [&](const VarDecl *V) { return V && stepOf(Ctx, L.Inc, V); };
  if (!Steps(IV)) {
    IV = refVar(Cond->getRHS());
    BoundE = Cond->getLHS();
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  if (!IV || !IV->getType()->isPointerType() || !Steps(IV))
    return Fail(TripCount::PointerNotStepped);
  T.Index = IV;
  T.Bound = BoundE;
  const Expr *InitE = headerStart(L.Init, IV);
  T.Start = InitE;
  if (!InitE)
    return Fail(TripCount::PointerNoStart);
  auto Start = pointerPos(Ctx, InitE, IV, L.FnBody, T.Pointer);
  if (!Start)
    return Fail(TripCount::PointerStartNotPos);
  auto End = pointerPos(Ctx, BoundE, IV, L.FnBody, T.Pointer);
  if (!End)
    return Fail(TripCount::PointerBoundNotPos);
  if (Start->Base != End->Base)
    return Fail(TripCount::DifferentBases);
  auto ElemSize = [&](QualType Ty) -> std::optional<int64_t> {
    QualType E = Ty->isPointerType() ? Ty->getPointeeType()
                 : Ty->isArrayType() ? QualType(Ty->getPointeeOrArrayElementType(), 0)
                                     : QualType();
    if (E.isNull() || E->isIncompleteType() || E->isDependentType())
      return std::nullopt;
    return Ctx.getTypeSizeInChars(E).getQuantity();
  };
  auto SIV = ElemSize(IV->getType()), SBase = ElemSize(Start->Base->getType());
  if (!SIV || !SBase || *SIV != *SBase) {
    T.Var = Start->Base;
    return Fail(TripCount::ElementSizesDiffer);
  }
  // The step: ++p, --p, p += c, p -= c, p = p + c.
  const Expr *Inc = stepOf(Ctx, L.Inc, IV)->IgnoreParenImpCasts();
  T.Step = Inc;
  std::optional<int64_t> Step;
  if (const auto *UO = dyn_cast<UnaryOperator>(Inc); UO && UO->isIncrementDecrementOp())
    Step = UO->isIncrementOp() ? 1 : -1;
  else if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc);
           CA && (CA->getOpcode() == BO_AddAssign || CA->getOpcode() == BO_SubAssign)) {
    Expr::EvalResult R;
    if (!CA->getRHS()->isValueDependent() && CA->getRHS()->EvaluateAsInt(R, Ctx) &&
        !cuda::readsWarpSize(CA->getRHS()))
      Step = CA->getOpcode() == BO_AddAssign ? R.Val.getInt().getExtValue()
                                             : -R.Val.getInt().getExtValue();
  } else if (const auto *BO = dyn_cast<BinaryOperator>(Inc); BO && BO->getOpcode() == BO_Assign) {
    NotPointerPos Ignored;
    auto P = pointerPos(Ctx, BO->getRHS(), nullptr, nullptr, Ignored);
    if (P && P->Base == IV)
      Step = P->Off;
  }
  if (!Step || *Step == 0)
    return Fail(TripCount::PointerStepNotConstant);
  if (L.SkipInBody && findContinue(L.Body))
    return Fail(TripCount::PointerContinue);
  for (const VarDecl *V : {IV, Start->Base}) {
    if (V->getType()->isArrayType())
      continue;
    const Stmt *M = findModification(Ctx, L.Body, V, L.SkipInBody);
    if (!M && V != IV)
      M = findModification(Ctx, L.Inc, V);
    if (!M)
      M = findModification(Ctx, Cond, V);
    if (M) {
      T.Var = V;
      T.At = M;
      return Fail(TripCount::PointerModified);
    }
  }
  auto Holds = [&](int64_t V) {
    switch (Op) {
    case BO_LT: return V < End->Off;
    case BO_LE: return V <= End->Off;
    case BO_GT: return V > End->Off;
    case BO_GE: return V >= End->Off;
    case BO_NE: return V != End->Off;
    default: return false;
    }
  };
  if (Op == BO_EQ)
    return Fail(TripCount::EqualityTest);
  uint64_t N = 0;
  bool First = L.Kind == CountedLoop::Do;
  for (int64_t V = Start->Off; First || Holds(V); V += *Step) {
    First = false;
    // Past the bound by more than one step: the pointer leaves the object.
    if (++N > TripCountSimulationCap || V > std::max(Start->Off, End->Off) + std::abs(*Step) ||
        V < std::min(Start->Off, End->Off) - std::abs(*Step))
      return Fail(TripCount::NeverReaches);
  }
  T.Count = N;
  return T;
}

TripCount analyseCounted(ASTContext &Ctx, const CountedLoop &L) {
  TripCount T;
  T.Shape = L.Kind;
  T.Cond = L.Cond;
  T.LoopInc = L.Inc;
  auto Fail = [&](TripCount::Reason Why) {
    T.Why = Why;
    return T;
  };
  // The index: the variable the condition compares.
  const Expr *CondX = L.Cond ? L.Cond->IgnoreParenImpCasts() : nullptr;
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(CondX);
  // `while (mask)` / `for (...; k; ...)`: an integer index tested against 0.
  const VarDecl *BareIV = !Cond && CondX ? refVar(CondX) : nullptr;
  if (BareIV && (!BareIV->getType()->isIntegerType() || BareIV->getType()->isBooleanType()))
    BareIV = nullptr;
  if (!BareIV && (!Cond || !Cond->isComparisonOp()))
    return Fail(L.Cond ? TripCount::NotComparison : TripCount::NoCondition);
  const VarDecl *IV = BareIV;
  const Expr *BoundE = nullptr;
  BinaryOperatorKind Op = BO_NE;
  if (!BareIV) {
    IV = refVar(Cond->getLHS());
    BoundE = Cond->getRHS();
    Op = Cond->getOpcode();
    if (!IV || !IV->getType()->isIntegerType()) {
      IV = refVar(Cond->getRHS());
      BoundE = Cond->getLHS();
      Op = BinaryOperator::reverseComparisonOp(Op);
    }
  }
  if ((!IV || !IV->getType()->isIntegerType()) && Cond && !Cond->isTypeDependent() &&
      !Cond->isValueDependent() &&
      (Cond->getLHS()->getType()->isPointerType() || Cond->getRHS()->getType()->isPointerType()))
    return analysePointerLoop(Ctx, L);
  if (!IV || !IV->getType()->isIntegerType()) {
    T.Cond = Cond;
    T.Dependent = Cond->isTypeDependent() || Cond->isValueDependent();
    // `k-- > 0`: the update hides in the condition.
    for (const Expr *Side : {Cond->getLHS(), Cond->getRHS()})
      if (const auto *UO = dyn_cast<UnaryOperator>(Side->IgnoreParenImpCasts());
          UO && UO->isIncrementDecrementOp() && refVar(UO->getSubExpr()))
        T.Var = refVar(UO->getSubExpr());
    return Fail(T.Var ? TripCount::ConditionUpdatesIndex : TripCount::NoIntegerIndex);
  }
  T.Index = IV;
  T.Bound = BoundE;
  if (Op == BO_EQ) {
    T.Cond = Cond;
    return Fail(TripCount::EqualityTest);
  }
  if (L.Cond->isTypeDependent() || IV->getType()->isDependentType() ||
      (Cond && (Cond->getLHS()->isTypeDependent() || Cond->getRHS()->isTypeDependent()))) {
    T.Dependent = true;
    return Fail(TripCount::DependentCondition);
  }
  const QualType CmpTy = Cond ? Cond->getLHS()->getType() : IV->getType();
  const unsigned CmpWidth = Ctx.getIntWidth(CmpTy);
  const bool CmpUnsigned = CmpTy->isUnsignedIntegerOrEnumerationType();
  const unsigned IVWidth = Ctx.getIntWidth(IV->getType());
  const bool IVUnsigned = IV->getType()->isUnsignedIntegerOrEnumerationType();

  // Start value.
  const Expr *InitE = headerStart(L.Init, IV);
  if (!InitE)
    InitE = declaredStartBefore(Ctx, L.LoopS, IV, L.Init);
  T.Start = InitE;
  if (!InitE)
    return Fail(TripCount::NoStart);
  std::optional<APSInt> Init = constantValue(Ctx, InitE, T.Operand);
  if (!Init) {
    T.Dependent = InitE->isValueDependent();
    return Fail(TripCount::StartNotConstant);
  }
  T.StartValue = Init;
  std::optional<APSInt> Bound =
      BoundE ? constantValue(Ctx, BoundE, T.Operand)
             : std::optional<APSInt>(APSInt(APInt(CmpWidth, 0), CmpUnsigned));
  if (!Bound) {
    T.Dependent = BoundE->isValueDependent();
    return Fail(TripCount::BoundNotConstant);
  }
  T.BoundValue = Bound;

  // Step.
  const Expr *Inc = stepOf(Ctx, L.Inc, IV);
  T.Step = Inc;
  StepOp SOp = StepOp::Add;
  const Expr *StepE = nullptr;
  std::optional<APSInt> Step;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (UO->isIncrementDecrementOp() && refVar(UO->getSubExpr()) == IV) {
      SOp = UO->isIncrementOp() ? StepOp::Add : StepOp::Sub;
      Step = APSInt(APInt(IVWidth, 1), IVUnsigned);
    }
  } else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    if (refVar(CA->getLHS()) == IV) {
      StepE = CA->getRHS();
      switch (CA->getOpcode()) {
      case BO_AddAssign: SOp = StepOp::Add; break;
      case BO_SubAssign: SOp = StepOp::Sub; break;
      case BO_MulAssign: SOp = StepOp::Mul; break;
      case BO_DivAssign: SOp = StepOp::Div; break;
      case BO_ShlAssign: SOp = StepOp::Shl; break;
      case BO_ShrAssign: SOp = StepOp::Shr; break;
      default: StepE = nullptr;
      }
    }
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Inc)) {
    // i = i + c, i = c + i, i = i * c, i = i >> c, ...
    if (BO->getOpcode() == BO_Assign && refVar(BO->getLHS()) == IV)
      if (const auto *R = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts())) {
        bool IVLeft = refVar(R->getLHS()) == IV;
        bool IVRight = refVar(R->getRHS()) == IV;
        switch (R->getOpcode()) {
        case BO_Add: SOp = StepOp::Add; StepE = IVLeft ? R->getRHS() : IVRight ? R->getLHS() : nullptr; break;
        case BO_Mul: SOp = StepOp::Mul; StepE = IVLeft ? R->getRHS() : IVRight ? R->getLHS() : nullptr; break;
        case BO_Sub: SOp = StepOp::Sub; StepE = IVLeft ? R->getRHS() : nullptr; break;
        case BO_Div: SOp = StepOp::Div; StepE = IVLeft ? R->getRHS() : nullptr; break;
        case BO_Shl: SOp = StepOp::Shl; StepE = IVLeft ? R->getRHS() : nullptr; break;
        case BO_Shr: SOp = StepOp::Shr; StepE = IVLeft ? R->getRHS() : nullptr; break;
        default: break;
        }
      }
  }
  if (StepE) {
    Step = constantValue(Ctx, StepE, T.Operand);
    if (!Step) {
      T.Dependent = StepE->isValueDependent();
      return Fail(TripCount::StepNotConstant);
    }
  }
  if (!Step)
    return Fail(L.Inc && (Inc || L.Kind == CountedLoop::For) ? TripCount::StepNotUpdate
                : L.Kind == CountedLoop::For                 ? TripCount::NoStep
                                                             : TripCount::BodyDoesNotUpdate);

  // In a while/do loop, `continue` skips the update at the end of the body.
  if (L.SkipInBody)
    if (const Stmt *C = findContinue(L.Body)) {
      T.At = C;
      return Fail(TripCount::ContinueSkipsUpdate);
    }

  // The index must not change anywhere else.
  if (const Stmt *M = findModification(Ctx, L.Body, IV, L.SkipInBody)) {
    T.Var = IV;
    T.At = M;
    return Fail(TripCount::ModifiedInBody);
  }
  if (findModification(Ctx, L.Cond, IV))
    return Fail(TripCount::ConditionModifies);

  // Simulate in the index's own type; compare in the comparison's type.
  auto toType = [](const APSInt &V, unsigned W, bool U) {
    APSInt R = V.extOrTrunc(W);
    R.setIsUnsigned(U);
    return R;
  };
  APSInt I = toType(*Init, IVWidth, IVUnsigned);
  APSInt B = toType(*Bound, CmpWidth, CmpUnsigned);
  APSInt S = toType(*Step, IVWidth, IVUnsigned);
  T.StepValue = S;
  if ((SOp == StepOp::Add || SOp == StepOp::Sub) && S == 0)
    return Fail(TripCount::ZeroStep);
  if ((SOp == StepOp::Mul || SOp == StepOp::Div) && (S == 1 || S == 0))
    return Fail(TripCount::StepDoesNotMove);
  if ((SOp == StepOp::Shl || SOp == StepOp::Shr) && (S == 0 || S.isNegative()))
    return Fail(TripCount::ShiftDoesNotMove);
  if (CmpUnsigned && ((Op == BO_GE && B == 0) || (Op == BO_LE && B.isMaxValue())))
    return Fail(TripCount::UnsignedAlwaysTrue);
  auto holds = [&](const APSInt &V) {
    APSInt C = toType(V, CmpWidth, CmpUnsigned);
    switch (Op) {
    case BO_LT: return C < B;
    case BO_LE: return C <= B;
    case BO_GT: return C > B;
    case BO_GE: return C >= B;
    case BO_NE: return C != B;
    default: return false;
    }
  };
  uint64_t N = 0;
  bool First = L.Kind == CountedLoop::Do; // a do loop runs its body once before the test
  while (First || holds(I)) {
    First = false;
    if (++N > TripCountSimulationCap) {
      T.OverCap = true;
      return T;
    }
    APSInt Prev = I;
    switch (SOp) {
    case StepOp::Add: I = APSInt(I + S, IVUnsigned); break;
    case StepOp::Sub: I = APSInt(I - S, IVUnsigned); break;
    case StepOp::Mul: I = APSInt(I * S, IVUnsigned); break;
    case StepOp::Div: I = APSInt(I / S, IVUnsigned); break;
    case StepOp::Shl: I = APSInt(I << (unsigned)S.getLimitedValue(IVWidth), IVUnsigned); break;
    case StepOp::Shr: I = APSInt(I >> (unsigned)S.getLimitedValue(IVWidth), IVUnsigned); break;
    }
    if (I == Prev) {
      T.StuckAt = I;
      return Fail(TripCount::StopsChanging);
    }
  }
  T.Count = N;
  return T;
}

TripCount analyseRangeFor(ASTContext &Ctx, const CXXForRangeStmt &For) {
  TripCount T;
  T.Range = For.getRangeInit();
  QualType RT = T.Range->getType();
  if (RT->isDependentType()) {
    T.Why = TripCount::DependentRange;
    T.Dependent = true;
    return T;
  }
  if (const auto *CAT = Ctx.getAsConstantArrayType(RT.getNonReferenceType())) {
    T.Count = CAT->getSize().getZExtValue();
    return T;
  }
  T.Why = TripCount::RangeNotFixedArray;
  return T;
}

TripCount analyseTripCount(ASTContext &Ctx, const Stmt &Loop, const Stmt *FnBody) {
  CountedLoop L;
  L.FnBody = FnBody;
  L.LoopS = &Loop;
  if (const auto *For = dyn_cast<ForStmt>(&Loop)) {
    L.Cond = For->getCond();
    L.Init = For->getInit();
    L.Inc = For->getInc();
    L.Body = For->getBody();
  } else if (const auto *RF = dyn_cast<CXXForRangeStmt>(&Loop)) {
    return analyseRangeFor(Ctx, *RF);
  } else if (const auto *W = dyn_cast<WhileStmt>(&Loop)) {
    // int i = 0; while (i < N) { ...; ++i; }
    L.Kind = CountedLoop::While;
    L.Cond = W->getCond();
    L.Init = previousStatement(Ctx, Loop);
    L.Body = W->getBody();
    L.Inc = lastExpression(L.Body);
    L.SkipInBody = L.Inc;
  } else if (const auto *D = dyn_cast<DoStmt>(&Loop)) {
    // int i = 0; do { ...; ++i; } while (i < N);
    L.Kind = CountedLoop::Do;
    L.Cond = D->getCond();
    L.Init = previousStatement(Ctx, Loop);
    L.Body = D->getBody();
    L.Inc = lastExpression(L.Body);
    L.SkipInBody = L.Inc;
  }
  return analyseCounted(Ctx, L);
}

/// threadIdx.a, read directly or through a local that holds it and never changes.
static std::optional<unsigned> threadAxisOf(ASTContext &Ctx, const Expr *E, const Stmt *FnBody) {
  if (std::optional<cuda::BuiltinIndex> B = cuda::builtinIndex(E))
    return B->Var == cuda::BuiltinVar::ThreadIdx ? std::optional<unsigned>(B->Dim) : std::nullopt;
  const VarDecl *V = refVar(E->IgnoreParenImpCasts());
  if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) || !V->getInit() || V->getType()->isReferenceType())
    return std::nullopt;
  if (!V->getType().isConstQualified() && (!FnBody || findModification(Ctx, FnBody, V)))
    return std::nullopt;
  if (std::optional<cuda::BuiltinIndex> B = cuda::builtinIndex(V->getInit()))
    return B->Var == cuda::BuiltinVar::ThreadIdx ? std::optional<unsigned>(B->Dim) : std::nullopt;
  return std::nullopt;
}

/// constantValue (a constant here; warpSize is not one), as an int64_t.
static std::optional<int64_t> intConstant(ASTContext &Ctx, const Expr *E) {
  NonConstant Why;
  std::optional<APSInt> V = E ? constantValue(Ctx, E, Why) : std::nullopt;
  if (!V || V->getSignificantBits() > 63)
    return std::nullopt;
  return V->getExtValue();
}

std::optional<BlockStridedCount> blockStridedTripCount(ASTContext &Ctx, const ForStmt &Loop, const Stmt *FnBody,
                                                       std::optional<std::array<uint64_t, 3>> Block) {
  if (!Block)
    return std::nullopt;
  const auto *DS = dyn_cast_or_null<DeclStmt>(Loop.getInit());
  const auto *IV = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  if (!IV || !IV->getType()->isIntegerType() || !IV->getInit())
    return std::nullopt;
  BlockStridedCount R;
  R.Index = IV;
  // The start: threadIdx.a, plus or minus a constant.
  const Expr *Start = IV->getInit()->IgnoreParenImpCasts();
  std::optional<unsigned> Axis = threadAxisOf(Ctx, Start, FnBody);
  if (!Axis)
    if (const auto *BO = dyn_cast<BinaryOperator>(Start); BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)) {
      if ((Axis = threadAxisOf(Ctx, BO->getLHS(), FnBody))) {
        std::optional<int64_t> C = intConstant(Ctx, BO->getRHS());
        if (!C)
          return std::nullopt;
        R.Offset = BO->getOpcode() == BO_Add ? *C : -*C;
      } else if (BO->getOpcode() == BO_Add && (Axis = threadAxisOf(Ctx, BO->getRHS(), FnBody))) {
        std::optional<int64_t> C = intConstant(Ctx, BO->getLHS());
        if (!C)
          return std::nullopt;
        R.Offset = *C;
      }
    }
  if (!Axis)
    return std::nullopt;
  R.Axis = *Axis;
  const uint64_t Extent = (*Block)[*Axis];
  // The condition: k < B or k <= B.
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(Loop.getCond() ? Loop.getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond || refVar(Cond->getLHS()) != IV || (Cond->getOpcode() != BO_LT && Cond->getOpcode() != BO_LE))
    return std::nullopt;
  std::optional<int64_t> Bound = intConstant(Ctx, Cond->getRHS());
  if (!Bound)
    return std::nullopt;
  // The step: k += S, k = k + S; S a constant or blockDim.a.
  const Expr *StepE = nullptr;
  const Expr *Inc = Loop.getInc() ? Loop.getInc()->IgnoreParenImpCasts() : nullptr;
  if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc); CA && CA->getOpcode() == BO_AddAssign &&
                                                                      refVar(CA->getLHS()) == IV)
    StepE = CA->getRHS();
  else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Inc); BO && BO->getOpcode() == BO_Assign &&
                                                                    refVar(BO->getLHS()) == IV)
    if (const auto *Sum = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts()); Sum && Sum->getOpcode() == BO_Add)
      StepE = refVar(Sum->getLHS()) == IV ? Sum->getRHS() : refVar(Sum->getRHS()) == IV ? Sum->getLHS() : nullptr;
  if (!StepE)
    return std::nullopt;
  int64_t Step = 0;
  if (std::optional<cuda::BuiltinIndex> B = cuda::builtinIndex(StepE); B && B->Var == cuda::BuiltinVar::BlockDim)
    Step = int64_t((*Block)[B->Dim]);
  else if (std::optional<int64_t> C = intConstant(Ctx, StepE))
    Step = *C;
  if (Step <= 0 || findModification(Ctx, Loop.getBody(), IV) || findModification(Ctx, Loop.getCond(), IV))
    return std::nullopt;
  R.Step = uint64_t(Step);
  // Every thread's count: ceil((B - c - t) / S) for <, floor(...) + 1 for <=.
  std::optional<uint64_t> Same;
  for (uint64_t T = 0; T < Extent; ++T) {
    int64_t Span = *Bound - R.Offset - int64_t(T) + (Cond->getOpcode() == BO_LE ? 1 : 0);
    uint64_t N = Span <= 0 ? 0 : uint64_t((Span + Step - 1) / Step);
    if (Same && *Same != N)
      return std::nullopt;
    Same = N;
  }
  if (!Same)
    return std::nullopt;
  R.Count = *Same;
  return R;
}

} // namespace analysis
} // namespace klineage
