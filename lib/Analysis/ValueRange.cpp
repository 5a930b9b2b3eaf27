//===- ValueRange.cpp - Which values an integer expression may take -------===//
#include "klineage/Analysis/ValueRange.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/DeviceCode.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/StringSwitch.h"
#include <set>

using namespace clang;

namespace klineage {
namespace analysis {

namespace {
/// Arithmetic on bounds happens in 128 bits; "infinity" is far beyond every
/// 64-bit value, and a result beyond 64 bits saturates to it.
using Wide = __int128;
constexpr Wide Inf = Wide(1) << 100;

Wide widen(int64_t V, bool Upper) {
  if (Upper && V == INT64_MAX)
    return Inf;
  if (!Upper && V == INT64_MIN)
    return -Inf;
  return V;
}

int64_t narrow(Wide V) {
  if (V >= Wide(INT64_MAX))
    return INT64_MAX;
  if (V <= Wide(INT64_MIN))
    return INT64_MIN;
  return static_cast<int64_t>(V);
}

Wide clampInf(Wide V) { return V > Inf ? Inf : V < -Inf ? -Inf : V; }
Wide absW(Wide V) { return V < 0 ? -V : V; }

Wide mulSat(Wide A, Wide B) {
  Wide R;
  if (__builtin_mul_overflow(A, B, &R))
    return (A < 0) != (B < 0) ? -Inf : Inf;
  return clampInf(R);
}

/// A range during evaluation: wide bounds plus the written upper bound.
struct Val {
  Wide Lo = -Inf, Hi = Inf;
  const Expr *HiExpr = nullptr;
  int64_t HiAdjust = 0;
};

Val toVal(const IntRange &R) { return {widen(R.Lo, false), widen(R.Hi, true), R.HiExpr, R.HiAdjust}; }
IntRange toRange(const Val &V) {
  IntRange R{narrow(V.Lo), narrow(V.Hi), V.HiExpr, V.HiAdjust};
  if (!R.boundedAbove())
    R.HiExpr = nullptr;
  return R;
}

bool isIntegerLike(QualType T) {
  T = T.getCanonicalType();
  return T->isIntegralOrEnumerationType() && !T->isDependentType();
}

/// The bounds of integer type \p T.
Val typeVal(const ASTContext &Ctx, QualType T) {
  T = T.getCanonicalType();
  if (T->isBooleanType())
    return {0, 1};
  if (const auto *ET = T->getAs<EnumType>())
    if (const EnumDecl *ED = ET->getDecl()->getDefinitionOrSelf(); ED && ED->isComplete())
      T = ED->getIntegerType();
  if (!isIntegerLike(T))
    return {};
  unsigned W = Ctx.getIntWidth(T);
  if (W == 0 || W > 64)
    return {};
  if (T->isSignedIntegerOrEnumerationType())
    return {-(Wide(1) << (W - 1)), (Wide(1) << (W - 1)) - 1};
  return {0, (Wide(1) << W) - 1};
}

/// \p V converted to \p T: unchanged when it fits, else every value of T
/// (a narrowing or signed/unsigned conversion wraps).
Val fit(const ASTContext &Ctx, Val V, QualType T) {
  Val TV = typeVal(Ctx, T);
  if (V.Lo >= TV.Lo && V.Hi <= TV.Hi)
    return V;
  return TV;
}

Val exact(Wide V) { return {V, V}; }

Val hullVal(const Val &A, const Val &B) {
  Val R;
  R.Lo = std::min(A.Lo, B.Lo);
  R.Hi = std::max(A.Hi, B.Hi);
  const Val &Top = A.Hi > B.Hi ? A : B.Hi > A.Hi ? B : (A.HiExpr ? A : B);
  R.HiExpr = Top.HiExpr;
  R.HiAdjust = Top.HiAdjust;
  return R;
}

/// Hi := min(Hi, H), taking the written bound of whichever is smaller.
void lowerHi(Val &V, Wide H, const Expr *HExpr, int64_t HAdjust) {
  if (H < V.Hi) {
    V.Hi = H;
    V.HiExpr = HExpr;
    V.HiAdjust = HAdjust;
  } else if (H == V.Hi && !V.HiExpr) {
    V.HiExpr = HExpr;
    V.HiAdjust = HAdjust;
  }
}

unsigned bitLength(Wide V) {
  unsigned N = 0;
  while (V > 0 && N < 127) {
    V >>= 1;
    ++N;
  }
  return N;
}

Val corners(Wide A1, Wide A2, Wide B1, Wide B2, Wide (*F)(Wide, Wide)) {
  Wide C[4] = {F(A1, B1), F(A1, B2), F(A2, B1), F(A2, B2)};
  return {clampInf(*std::min_element(C, C + 4)), clampInf(*std::max_element(C, C + 4))};
}

/// The upper bound of \p V as written: its own written bound, or \p E itself
/// when it is a constant.
void boundFrom(const Val &V, const Expr *E, const Expr *&HExpr, int64_t &HAdjust) {
  if (V.HiExpr) {
    HExpr = V.HiExpr;
    HAdjust = V.HiAdjust;
  } else {
    HExpr = V.Lo == V.Hi ? E : nullptr;
    HAdjust = 0;
  }
}

const VarDecl *varOf(const Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

/// Strips parens and implicit integral conversions (not lvalue reads).
const Expr *stripConversions(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(E))
      if (IC->getCastKind() == CK_IntegralCast || IC->getCastKind() == CK_LValueToRValue ||
          IC->getCastKind() == CK_NoOp) {
        E = IC->getSubExpr();
        continue;
      }
    return E;
  }
}

BinaryOperatorKind negate(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT: return BO_GE;
  case BO_GE: return BO_LT;
  case BO_GT: return BO_LE;
  case BO_LE: return BO_GT;
  case BO_EQ: return BO_NE;
  case BO_NE: return BO_EQ;
  default: return Op;
  }
}

BinaryOperatorKind swapSides(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT: return BO_GT;
  case BO_GT: return BO_LT;
  case BO_LE: return BO_GE;
  case BO_GE: return BO_LE;
  default: return Op;
  }
}

/// Variables whose value can change behind the walk's back (address taken,
/// bound to a non-const reference, captured by reference, an asm output),
/// and whether the function jumps (goto): then no variable is tracked.
struct Escapes : RecursiveASTVisitor<Escapes> {
  std::set<const VarDecl *> Vars;
  bool Jumps = false;
  void refArg(const Expr *E) {
    if (const VarDecl *V = varOf(E))
      Vars.insert(V);
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      refArg(U->getSubExpr());
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *F = C->getDirectCallee())
      for (unsigned I = 0; I < C->getNumArgs() && I < F->getNumParams(); ++I) {
        QualType PT = F->getParamDecl(I)->getType();
        if (PT->isReferenceType() && !PT->getPointeeType().isConstQualified())
          refArg(C->getArg(I));
      }
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (VD->getType()->isReferenceType() && !VD->getType()->getPointeeType().isConstQualified() &&
        VD->getInit())
      refArg(VD->getInit());
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *L) {
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()))
          Vars.insert(V);
    return true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *A) {
    for (unsigned I = 0; I < A->getNumOutputs(); ++I)
      refArg(A->getOutputExpr(I));
    return true;
  }
  bool VisitGotoStmt(GotoStmt *) { Jumps = true; return true; }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) { Jumps = true; return true; }
};

/// The variables a statement assigns (=, op=, ++, --), lambdas excluded.
void assignedIn(const Stmt *S, std::set<const VarDecl *> &Out) {
  if (!S || isa<LambdaExpr>(S))
    return;
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
    if (const VarDecl *V = varOf(B->getLHS()))
      Out.insert(V);
  if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementDecrementOp())
    if (const VarDecl *V = varOf(U->getSubExpr()))
      Out.insert(V);
  for (const Stmt *C : S->children())
    assignedIn(C, Out);
}

/// Every assignment of \p V inside \p S.
void assignmentsOf(const Stmt *S, const VarDecl *V, std::vector<const Expr *> &Out) {
  if (!S || isa<LambdaExpr>(S))
    return;
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp() && varOf(B->getLHS()) == V)
    Out.push_back(B);
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && U->isIncrementDecrementOp() && varOf(U->getSubExpr()) == V)
    Out.push_back(U);
  for (const Stmt *C : S->children())
    assignmentsOf(C, V, Out);
}
} // namespace

IntRange IntRange::ofType(const ASTContext &Ctx, QualType T) { return toRange(typeVal(Ctx, T)); }

std::string IntRange::str() const {
  auto B = [](int64_t V, bool Upper) {
    if (Upper && V == INT64_MAX)
      return std::string("+inf");
    if (!Upper && V == INT64_MIN)
      return std::string("-inf");
    return std::to_string(V);
  };
  return "[" + B(Lo, false) + ", " + B(Hi, true) + "]";
}

IntRange hull(const IntRange &A, const IntRange &B) { return toRange(hullVal(toVal(A), toVal(B))); }

/// The walk: one pass over the function body in execution order, keeping a
/// range per tracked variable.
struct ValueRanges::Walk {
  struct State {
    std::map<const VarDecl *, Val> Vars;
    bool Dead = false;
  };
  /// A loop or switch: the states that leave it by break / go on by continue.
  struct Jump {
    State Breaks, Continues;
    bool Loop = true;
    const State *SwitchEntry = nullptr;
  };

  ValueRanges &VR;
  ASTContext &Ctx;
  Escapes Esc;
  std::vector<Jump> Jumps;

  explicit Walk(ValueRanges &VR) : VR(VR), Ctx(VR.Ctx) {
    Esc.TraverseStmt(const_cast<Stmt *>(VR.FD->getBody()));
  }

  static State dead() {
    State S;
    S.Dead = true;
    return S;
  }

  static State join(const State &A, const State &B) {
    if (A.Dead)
      return B;
    if (B.Dead)
      return A;
    State R;
    for (const auto &[V, RA] : A.Vars)
      if (auto It = B.Vars.find(V); It != B.Vars.end())
        R.Vars[V] = hullVal(RA, It->second);
    return R;
  }

  bool tracked(const VarDecl *V) const {
    return V && !Esc.Jumps && V->hasLocalStorage() && !V->getType()->isReferenceType() &&
           !V->getType().isVolatileQualified() && isIntegerLike(V->getType()) && !Esc.Vars.count(V);
  }

  Val varVal(const VarDecl *V, const State &S) const {
    if (tracked(V))
      if (auto It = S.Vars.find(V); It != S.Vars.end())
        return It->second;
    return typeVal(Ctx, V->getType());
  }

  void setVar(const VarDecl *V, Val R, State &S) {
    if (tracked(V) && !S.Dead)
      S.Vars[V] = fit(Ctx, R, V->getType());
  }

  void record(const Expr *E, const Val &R, const State &S) {
    if (S.Dead)
      return;
    IntRange IR = toRange(R);
    auto [It, New] = VR.Seen.try_emplace(E, IR);
    if (!New)
      It->second = hull(It->second, IR);
  }

  //===--------------------------------------------------------------------===//
  // Statements
  //===--------------------------------------------------------------------===//

  void stmt(const Stmt *S, State &St) {
    if (!S)
      return;
    if (const auto *E = dyn_cast<Expr>(S)) {
      expr(E, St);
      return;
    }
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *C : CS->body())
        stmt(C, St);
      return;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D)) {
          std::optional<Val> Init;
          if (const Expr *I = VD->getInit())
            Init = expr(I, St);
          if (tracked(VD) && !St.Dead)
            St.Vars[VD] = Init ? fit(Ctx, *Init, VD->getType()) : typeVal(Ctx, VD->getType());
        }
      return;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      stmt(If->getInit(), St);
      if (const DeclStmt *CV = If->getConditionVariableDeclStmt())
        stmt(CV, St);
      State T = St, F = St;
      if (If->isConsteval()) {
        F.Dead = true;
      } else {
        condition(If->getCond(), St, T, F);
      }
      stmt(If->getThen(), T);
      stmt(If->getElse(), F);
      St = join(T, F);
      return;
    }
    if (const auto *For = dyn_cast<ForStmt>(S)) {
      stmt(For->getInit(), St);
      loop(S, For->getCond(), For->getInc(), For->getBody(), For->getConditionVariableDeclStmt(),
           false, St);
      return;
    }
    if (const auto *W = dyn_cast<WhileStmt>(S)) {
      loop(S, W->getCond(), nullptr, W->getBody(), W->getConditionVariableDeclStmt(), false, St);
      return;
    }
    if (const auto *Do = dyn_cast<DoStmt>(S)) {
      loop(S, Do->getCond(), nullptr, Do->getBody(), nullptr, true, St);
      return;
    }
    if (const auto *RF = dyn_cast<CXXForRangeStmt>(S)) {
      stmt(RF->getInit(), St);
      stmt(RF->getRangeStmt(), St);
      stmt(RF->getBeginStmt(), St);
      stmt(RF->getEndStmt(), St);
      std::set<const VarDecl *> Mod;
      assignedIn(RF->getBody(), Mod);
      assignedIn(RF->getInc(), Mod);
      Mod.insert(RF->getLoopVariable());
      widenAll(S, Mod, St);
      Jumps.push_back({dead(), dead(), true, nullptr});
      State Body = St;
      stmt(RF->getLoopVarStmt(), Body);
      stmt(RF->getBody(), Body);
      Jump J = std::move(Jumps.back());
      Jumps.pop_back();
      St = join(join(St, Body), join(J.Breaks, J.Continues));
      return;
    }
    if (const auto *Sw = dyn_cast<SwitchStmt>(S)) {
      stmt(Sw->getInit(), St);
      if (const DeclStmt *CV = Sw->getConditionVariableDeclStmt())
        stmt(CV, St);
      expr(Sw->getCond(), St);
      std::set<const VarDecl *> Mod;
      assignedIn(Sw->getBody(), Mod);
      for (const VarDecl *V : Mod)
        St.Vars.erase(V);
      State Entry = St;
      Jumps.push_back({dead(), dead(), false, &Entry});
      State Body = dead(); // reached only through a case label
      stmt(Sw->getBody(), Body);
      Jump J = std::move(Jumps.back());
      Jumps.pop_back();
      // Without a default label, the switch may run no case at all.
      St = join(join(Body, J.Breaks), Entry);
      return;
    }
    if (const auto *C = dyn_cast<SwitchCase>(S)) {
      for (auto It = Jumps.rbegin(); It != Jumps.rend(); ++It)
        if (!It->Loop) {
          St = join(St, *It->SwitchEntry);
          break;
        }
      stmt(C->getSubStmt(), St);
      return;
    }
    if (const auto *R = dyn_cast<ReturnStmt>(S)) {
      if (const Expr *V = R->getRetValue()) {
        std::optional<Val> RV = expr(V, St);
        if (!St.Dead && RV && isIntegerLike(VR.FD->getReturnType()))
          VR.Returns = VR.Returns ? hull(*VR.Returns, toRange(fit(Ctx, *RV, VR.FD->getReturnType())))
                                  : toRange(fit(Ctx, *RV, VR.FD->getReturnType()));
      }
      St.Dead = true;
      return;
    }
    if (isa<BreakStmt>(S)) {
      if (!Jumps.empty())
        Jumps.back().Breaks = join(Jumps.back().Breaks, St);
      St.Dead = true;
      return;
    }
    if (isa<ContinueStmt>(S)) {
      for (auto It = Jumps.rbegin(); It != Jumps.rend(); ++It)
        if (It->Loop) {
          It->Continues = join(It->Continues, St);
          break;
        }
      St.Dead = true;
      return;
    }
    if (const auto *A = dyn_cast<AttributedStmt>(S)) {
      stmt(A->getSubStmt(), St);
      return;
    }
    if (const auto *L = dyn_cast<LabelStmt>(S)) {
      stmt(L->getSubStmt(), St);
      return;
    }
    // asm, goto, ...: their expressions in order; variables they may
    // change are escaped (asm outputs) or untracked (goto).
    for (const Stmt *C : S->children())
      stmt(C, St);
  }

  /// The range a variable modified in loop \p Loop holds at the loop head:
  /// a signed variable only ever increased by non-negative amounts keeps
  /// its entry value as lower bound (and symmetrically); anything else may
  /// hold every value of its type.
  Val widened(const Stmt *Loop, const VarDecl *V, const State &Entry) {
    Val TV = typeVal(Ctx, V->getType());
    auto In = Entry.Vars.find(V);
    if (In == Entry.Vars.end() || !V->getType()->isSignedIntegerType())
      return TV;
    std::vector<const Expr *> Mods;
    assignmentsOf(Loop, V, Mods);
    std::set<const VarDecl *> Changing;
    assignedIn(Loop, Changing);
    bool Up = true, Down = true;
    for (const Expr *M : Mods) {
      if (const auto *U = dyn_cast<UnaryOperator>(M)) {
        (U->isIncrementOp() ? Down : Up) = false;
        continue;
      }
      const auto *B = cast<BinaryOperator>(M);
      if (B->getOpcode() != BO_AddAssign && B->getOpcode() != BO_SubAssign) {
        Up = Down = false;
        break;
      }
      // The step must not change inside the loop: read it at the entry.
      std::set<const VarDecl *> StepVars;
      collectVars(B->getRHS(), StepVars);
      bool Stable = llvm::none_of(StepVars, [&](const VarDecl *SV) { return Changing.count(SV); });
      State Probe = Entry;
      std::optional<Val> Step = Stable ? pureExpr(B->getRHS(), Probe) : std::nullopt;
      bool NonNeg = Step && Step->Lo >= 0, NonPos = Step && Step->Hi <= 0;
      bool Adds = B->getOpcode() == BO_AddAssign;
      if (!(Adds ? NonNeg : NonPos))
        Up = false;
      if (!(Adds ? NonPos : NonNeg))
        Down = false;
    }
    if (Up)
      return {In->second.Lo, TV.Hi};
    if (Down)
      return {TV.Lo, In->second.Hi, In->second.HiExpr, In->second.HiAdjust};
    return TV;
  }

  static void collectVars(const Stmt *S, std::set<const VarDecl *> &Out) {
    if (!S)
      return;
    if (const VarDecl *V = isa<Expr>(S) ? varOf(cast<Expr>(S)) : nullptr)
      Out.insert(V);
    for (const Stmt *C : S->children())
      collectVars(C, Out);
  }

  void widenAll(const Stmt *Loop, const std::set<const VarDecl *> &Mod, State &St) {
    State Entry = St;
    for (const VarDecl *V : Mod)
      if (tracked(V) && !St.Dead)
        St.Vars[V] = widened(Loop, V, Entry);
  }

  /// A counter that only the increment changes, by a constant step from an
  /// exact start (`for (int j = 0; j < 32; j += 8)`), takes the values
  /// start + k * step: its bounds in the body are rounded to such a value
  /// (j <= 24, not 31).
  void alignCounter(const Expr *Inc, const Stmt *Body, const State &Entry, State &T) {
    if (!Inc || T.Dead)
      return;
    const auto *CA = dyn_cast<CompoundAssignOperator>(Inc->IgnoreParens());
    if (!CA || (CA->getOpcode() != BO_AddAssign && CA->getOpcode() != BO_SubAssign))
      return;
    const VarDecl *V = varOf(CA->getLHS());
    Expr::EvalResult ER;
    if (!V || !tracked(V) || CA->getRHS()->isValueDependent() || !CA->getRHS()->EvaluateAsInt(ER, Ctx))
      return;
    Wide Step = Wide(ER.Val.getInt().getExtValue()) * (CA->getOpcode() == BO_AddAssign ? 1 : -1);
    std::set<const VarDecl *> InBody;
    assignedIn(Body, InBody);
    auto In = Entry.Vars.find(V);
    auto Now = T.Vars.find(V);
    if (Step == 0 || InBody.count(V) || In == Entry.Vars.end() || In->second.Lo != In->second.Hi ||
        Now == T.Vars.end())
      return;
    Wide Start = In->second.Lo;
    Val &R = Now->second;
    if (Step > 0 && R.Hi < Inf && R.Hi >= Start) {
      Wide Aligned = Start + (R.Hi - Start) / Step * Step;
      if (Aligned != R.Hi) {
        R.Hi = Aligned;
        R.HiExpr = nullptr;
      }
    } else if (Step < 0 && R.Lo > -Inf && R.Lo <= Start) {
      R.Lo = Start - (Start - R.Lo) / -Step * -Step;
    }
  }

  void loop(const Stmt *Loop, const Expr *Cond, const Expr *Inc, const Stmt *Body,
            const DeclStmt *CondVar, bool BodyFirst, State &St) {
    std::set<const VarDecl *> Mod;
    assignedIn(Cond, Mod);
    assignedIn(Inc, Mod);
    assignedIn(Body, Mod);
    if (CondVar)
      for (const Decl *D : CondVar->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          Mod.insert(VD);
    State Entry = St;
    widenAll(Loop, Mod, St);
    Jumps.push_back({dead(), dead(), true, nullptr});
    State After = dead();
    if (!BodyFirst) {
      State Head = St;
      if (CondVar)
        stmt(CondVar, Head);
      State T = Head, F = Head;
      if (Cond)
        condition(Cond, Head, T, F);
      else
        F.Dead = true;
      alignCounter(Inc, Body, Entry, T);
      stmt(Body, T);
      T = join(T, Jumps.back().Continues);
      if (Inc)
        expr(Inc, T);
      After = F;
    } else {
      State B = St;
      stmt(Body, B);
      B = join(B, Jumps.back().Continues);
      State T = B, F = B;
      condition(Cond, B, T, F);
      After = F;
    }
    Jump J = std::move(Jumps.back());
    Jumps.pop_back();
    St = join(After, J.Breaks);
  }

  //===--------------------------------------------------------------------===//
  // Conditions
  //===--------------------------------------------------------------------===//

  /// Evaluates \p C in \p St (recording, side effects), then gives the
  /// states where it is true and false.
  void condition(const Expr *C, State &St, State &T, State &F) {
    expr(C, St);
    T = St;
    F = St;
    refine(C, true, T);
    refine(C, false, F);
  }

  void refine(const Expr *C, bool Truth, State &S) {
    if (S.Dead || !C)
      return;
    C = C->IgnoreParens();
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(C)) {
      if (IC->getCastKind() == CK_IntegralToBoolean) {
        nonZero(IC->getSubExpr(), Truth, S);
        return;
      }
      if (IC->getCastKind() == CK_LValueToRValue || IC->getCastKind() == CK_NoOp) {
        refine(IC->getSubExpr(), Truth, S);
        return;
      }
    }
    if (const auto *U = dyn_cast<UnaryOperator>(C); U && U->getOpcode() == UO_LNot) {
      refine(U->getSubExpr(), !Truth, S);
      return;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(C)) {
      switch (B->getOpcode()) {
      case BO_LAnd:
      case BO_LOr: {
        bool And = B->getOpcode() == BO_LAnd;
        if (Truth == And) { // both sides hold (&&), or both fail (||)
          refine(B->getLHS(), Truth, S);
          refine(B->getRHS(), Truth, S);
          return;
        }
        State First = S, Second = S;
        refine(B->getLHS(), Truth, First);
        refine(B->getLHS(), !Truth, Second);
        refine(B->getRHS(), Truth, Second);
        S = join(First, Second);
        return;
      }
      case BO_Comma: refine(B->getRHS(), Truth, S); return;
      case BO_LT:
      case BO_LE:
      case BO_GT:
      case BO_GE:
      case BO_EQ:
      case BO_NE: {
        BinaryOperatorKind Op = Truth ? B->getOpcode() : negate(B->getOpcode());
        QualType CmpType = B->getLHS()->getType();
        if (!isIntegerLike(CmpType))
          return;
        compare(B->getLHS(), Op, B->getRHS(), CmpType, S);
        if (!S.Dead)
          compare(B->getRHS(), swapSides(Op), B->getLHS(), CmpType, S);
        return;
      }
      default: break;
      }
    }
    if (varOf(C) && isIntegerLike(C->getType()))
      nonZero(C, Truth, S);
  }

  void nonZero(const Expr *E, bool Truth, State &S) {
    const VarDecl *V = varOf(stripConversions(E));
    if (!tracked(V))
      return;
    Val R = varVal(V, S);
    if (!Truth) {
      R.Lo = std::max<Wide>(R.Lo, 0);
      if (R.Hi > 0) {
        R.Hi = 0;
        R.HiExpr = nullptr;
      }
    } else {
      if (R.Lo == 0)
        R.Lo = 1;
      if (R.Hi == 0) {
        R.Hi = -1;
        R.HiExpr = nullptr;
      }
    }
    assignRefined(V, R, S);
  }

  void assignRefined(const VarDecl *V, const Val &R, State &S) {
    if (R.Lo > R.Hi) {
      S.Dead = true; // the branch cannot be taken
      return;
    }
    S.Vars[V] = R;
  }

  /// Narrows the variable behind \p X by `X Op Y`, compared in \p CmpType.
  void compare(const Expr *X, BinaryOperatorKind Op, const Expr *Y, QualType CmpType, State &S) {
    const VarDecl *V = varOf(stripConversions(X));
    if (!tracked(V))
      return;
    State Probe = S;
    std::optional<Val> YR = pureExpr(Y, Probe);
    if (!YR)
      return;
    Val R = varVal(V, S);
    Val CT = typeVal(Ctx, CmpType);
    const Expr *YB = nullptr;
    int64_t YAdj = 0;
    boundFrom(*YR, Y, YB, YAdj);
    if (R.Lo >= CT.Lo && R.Hi <= CT.Hi) {
      // The comparison sees the variable's own value.
      switch (Op) {
      case BO_LT: lowerHi(R, YR->Hi - 1, YB, YAdj - 1); break;
      case BO_LE: lowerHi(R, YR->Hi, YB, YAdj); break;
      case BO_GT: R.Lo = std::max(R.Lo, YR->Lo + 1); break;
      case BO_GE: R.Lo = std::max(R.Lo, YR->Lo); break;
      case BO_EQ:
        R.Lo = std::max(R.Lo, YR->Lo);
        lowerHi(R, YR->Hi, YB, YAdj);
        break;
      case BO_NE:
        if (YR->Lo == YR->Hi) {
          if (R.Lo == YR->Lo)
            ++R.Lo;
          else if (R.Hi == YR->Lo) {
            --R.Hi;
            R.HiExpr = nullptr;
          }
        }
        break;
      default: return;
      }
      assignRefined(V, R, S);
      return;
    }
    // A signed variable compared as unsigned: a negative value converts to
    // at least 2^(w-1), so `(unsigned)x < N` with a small N excludes it.
    if (CT.Lo == 0 && R.Lo < 0 && (Op == BO_LT || Op == BO_LE) && YR->Hi < CT.Hi / 2) {
      R.Lo = 0;
      lowerHi(R, Op == BO_LT ? YR->Hi - 1 : YR->Hi, YB, Op == BO_LT ? YAdj - 1 : YAdj);
      assignRefined(V, R, S);
    }
  }

  //===--------------------------------------------------------------------===//
  // Expressions
  //===--------------------------------------------------------------------===//

  /// Evaluates without recording or side effects (for conditions' bounds).
  std::optional<Val> pureExpr(const Expr *E, State &Probe) {
    auto Saved = VR.Seen;
    auto SavedReturns = VR.Returns;
    std::optional<Val> R = expr(E, Probe);
    VR.Seen = std::move(Saved);
    VR.Returns = SavedReturns;
    return R;
  }

  std::optional<Val> typeOf(const Expr *E) {
    if (!isIntegerLike(E->getType()))
      return std::nullopt;
    return typeVal(Ctx, E->getType());
  }

  void children(const Expr *E, State &St) {
    for (const Stmt *C : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(C))
        expr(CE, St);
  }

  std::optional<Val> expr(const Expr *E, State &St) {
    std::optional<Val> R = eval(E, St);
    if (R)
      record(E, *R, St);
    return R;
  }

  std::optional<Val> constant(const Expr *E) {
    if (E->isValueDependent() || E->isTypeDependent() || !isIntegerLike(E->getType()))
      return std::nullopt;
    Expr::EvalResult ER;
    if (!E->EvaluateAsInt(ER, Ctx))
      return std::nullopt;
    const llvm::APSInt &I = ER.Val.getInt();
    if (I.getSignificantBits() > 64 && !(I.isUnsigned() && I.getActiveBits() <= 64))
      return std::nullopt;
    Wide V = I.isUnsigned() ? Wide(I.getZExtValue()) : Wide(I.getSExtValue());
    Val R = exact(V);
    R.HiExpr = E;
    return R;
  }

  std::optional<Val> eval(const Expr *E, State &St) {
    if (isa<LambdaExpr>(E))
      return std::nullopt; // another function
    if (auto C = constant(E))
      return C;
    if (const auto *P = dyn_cast<ParenExpr>(E))
      return expr(P->getSubExpr(), St);
    if (auto BI = cuda::builtinIndex(E))
      return builtin(*BI);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && isIntegerLike(V->getType()))
        return varVal(V, St);
      return typeOf(E);
    }
    if (const auto *CE = dyn_cast<CastExpr>(E))
      return conversion(CE, St);
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      return unary(U, St);
    if (const auto *B = dyn_cast<BinaryOperator>(E))
      return binary(B, St);
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
      State T = St, F = St;
      condition(CO->getCond(), St, T, F);
      std::optional<Val> A = expr(CO->getTrueExpr(), T), B = expr(CO->getFalseExpr(), F);
      St = join(T, F);
      if (T.Dead)
        return B;
      if (F.Dead)
        return A;
      if (A && B)
        return hullVal(*A, *B);
      return typeOf(E);
    }
    if (const auto *C = dyn_cast<CallExpr>(E))
      return call(C, St);
    if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
      return expr(S->getReplacement(), St);
    if (const auto *FE = dyn_cast<FullExpr>(E))
      return expr(FE->getSubExpr(), St);
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
      return expr(MT->getSubExpr(), St);
    if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
      return expr(DA->getExpr(), St);
    if (const auto *PO = dyn_cast<PseudoObjectExpr>(E)) {
      expr(PO->getSyntacticForm(), St);
      return typeOf(E);
    }
    children(E, St);
    return typeOf(E);
  }

  Val builtin(const cuda::BuiltinIndex &BI) {
    bool X = BI.Dim == 0, Z = BI.Dim == 2;
    if (VR.Block && (BI.Var == cuda::BuiltinVar::ThreadIdx || BI.Var == cuda::BuiltinVar::BlockDim)) {
      int64_t N = int64_t(BI.Dim == 0 ? VR.Block->X : BI.Dim == 1 ? VR.Block->Y : VR.Block->Z);
      if (BI.Var == cuda::BuiltinVar::ThreadIdx)
        return {0, N - 1};
      return {N, N};
    }
    switch (BI.Var) {
    case cuda::BuiltinVar::ThreadIdx: return {0, Z ? 63 : 1023};
    case cuda::BuiltinVar::BlockDim: return {1, Z ? 64 : 1024};
    case cuda::BuiltinVar::BlockIdx: return {0, X ? 2147483646 : 65534};
    case cuda::BuiltinVar::GridDim: return {1, X ? 2147483647 : 65535};
    }
    return {};
  }

  std::optional<Val> conversion(const CastExpr *CE, State &St) {
    const Expr *Sub = CE->getSubExpr();
    QualType To = CE->getType();
    switch (CE->getCastKind()) {
    case CK_LValueToRValue: {
      if (const VarDecl *V = varOf(Sub)) {
        expr(Sub, St);
        if (isIntegerLike(V->getType()))
          return varVal(V, St);
        return typeOf(CE);
      }
      expr(Sub, St);
      if (const auto *ME = dyn_cast<MemberExpr>(Sub->IgnoreParens()))
        if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl()); FD && FD->isBitField() &&
                                                                     !FD->getBitWidth()->isValueDependent()) {
          unsigned W = FD->getBitWidthValue();
          if (W > 0 && W < 64)
            return FD->getType()->isSignedIntegerOrEnumerationType()
                       ? Val{-(Wide(1) << (W - 1)), (Wide(1) << (W - 1)) - 1}
                       : Val{0, (Wide(1) << W) - 1};
        }
      return typeOf(CE);
    }
    case CK_IntegralCast:
    case CK_NoOp:
    case CK_IntegralToBoolean:
    case CK_BooleanToSignedIntegral: {
      std::optional<Val> R = expr(Sub, St);
      if (!isIntegerLike(To))
        return std::nullopt;
      if (!R)
        return typeOf(CE);
      if (CE->getCastKind() == CK_IntegralToBoolean) {
        if (R->Lo > 0 || R->Hi < 0)
          return exact(1);
        if (R->Lo == 0 && R->Hi == 0)
          return exact(0);
        return Val{0, 1};
      }
      if (CE->getCastKind() == CK_BooleanToSignedIntegral)
        return Val{-R->Hi, -R->Lo};
      return fit(Ctx, *R, To);
    }
    default:
      expr(Sub, St);
      return typeOf(CE);
    }
  }

  std::optional<Val> unary(const UnaryOperator *U, State &St) {
    const Expr *Sub = U->getSubExpr();
    switch (U->getOpcode()) {
    case UO_PreInc:
    case UO_PreDec:
    case UO_PostInc:
    case UO_PostDec: {
      const VarDecl *V = varOf(Sub);
      std::optional<Val> Old = expr(Sub, St);
      if (!V || !Old || !isIntegerLike(V->getType()))
        return typeOf(U);
      Wide D = U->isIncrementOp() ? 1 : -1;
      Val New = fit(Ctx, {clampInf(Old->Lo + D), clampInf(Old->Hi + D)}, V->getType());
      if (Old->HiExpr && New.Hi == Old->Hi + D) {
        New.HiExpr = Old->HiExpr;
        New.HiAdjust = Old->HiAdjust + int64_t(D);
      }
      setVar(V, New, St);
      return U->isPrefix() ? New : *Old;
    }
    case UO_Plus: return expr(Sub, St);
    case UO_Minus: {
      std::optional<Val> R = expr(Sub, St);
      if (!R || !isIntegerLike(U->getType()))
        return typeOf(U);
      return fit(Ctx, {-R->Hi, -R->Lo}, U->getType());
    }
    case UO_Not: {
      std::optional<Val> R = expr(Sub, St);
      if (!R || !isIntegerLike(U->getType()))
        return typeOf(U);
      return fit(Ctx, {-R->Hi - 1, -R->Lo - 1}, U->getType());
    }
    case UO_LNot: expr(Sub, St); return Val{0, 1};
    default:
      expr(Sub, St);
      return typeOf(U);
    }
  }

  std::optional<Val> binary(const BinaryOperator *B, State &St) {
    BinaryOperatorKind Op = B->getOpcode();
    if (Op == BO_LAnd || Op == BO_LOr) {
      expr(B->getLHS(), St);
      State T = St, F = St;
      refine(B->getLHS(), true, T);
      refine(B->getLHS(), false, F);
      // The right side runs only where the left did not decide.
      State &Runs = Op == BO_LAnd ? T : F;
      expr(B->getRHS(), Runs);
      St = join(T, F);
      return Val{0, 1};
    }
    if (Op == BO_Comma) {
      expr(B->getLHS(), St);
      return expr(B->getRHS(), St);
    }
    if (B->isAssignmentOp()) {
      const VarDecl *V = varOf(B->getLHS());
      std::optional<Val> Old;
      if (B->isCompoundAssignmentOp())
        Old = expr(B->getLHS(), St);
      else if (!V)
        expr(B->getLHS(), St);
      std::optional<Val> RHS = expr(B->getRHS(), St);
      if (!V || !isIntegerLike(V->getType()) || !tracked(V)) {
        if (V && isIntegerLike(V->getType()))
          return typeVal(Ctx, V->getType());
        return typeOf(B);
      }
      Val New = typeVal(Ctx, V->getType());
      if (Op == BO_Assign && RHS)
        New = *RHS;
      else if (Old && RHS) {
        const auto *CA = dyn_cast<CompoundAssignOperator>(B);
        QualType CT = CA ? CA->getComputationResultType() : V->getType();
        if (auto R = arith(BinaryOperator::getOpForCompoundAssignment(Op), *Old, *RHS, CT,
                           B->getRHS()))
          New = *R;
      }
      setVar(V, New, St);
      return varVal(V, St);
    }
    std::optional<Val> L = expr(B->getLHS(), St), R = expr(B->getRHS(), St);
    if (B->isComparisonOp())
      return Val{0, 1};
    if (!L || !R || !isIntegerLike(B->getType()))
      return typeOf(B);
    if (auto Res = arith(Op, *L, *R, B->getType(), B->getRHS()))
      return *Res;
    return typeOf(B);
  }

  /// `A Op B` computed in type \p T (the operands already converted to it).
  std::optional<Val> arith(BinaryOperatorKind Op, const Val &A, const Val &B, QualType T,
                           const Expr *BExpr) {
    Val TV = typeVal(Ctx, T);
    unsigned Width = Ctx.getIntWidth(T.getCanonicalType());
    Val R;
    switch (Op) {
    case BO_Add:
      R = {clampInf(A.Lo + B.Lo), clampInf(A.Hi + B.Hi)};
      if (A.HiExpr && B.Lo == B.Hi && absW(B.Lo) < Inf) {
        R.HiExpr = A.HiExpr;
        R.HiAdjust = A.HiAdjust + int64_t(B.Lo);
      } else if (B.HiExpr && A.Lo == A.Hi && absW(A.Lo) < Inf) {
        R.HiExpr = B.HiExpr;
        R.HiAdjust = B.HiAdjust + int64_t(A.Lo);
      }
      break;
    case BO_Sub:
      R = {clampInf(A.Lo - B.Hi), clampInf(A.Hi - B.Lo)};
      if (A.HiExpr && B.Lo == B.Hi && absW(B.Lo) < Inf) {
        R.HiExpr = A.HiExpr;
        R.HiAdjust = A.HiAdjust - int64_t(B.Lo);
      }
      break;
    case BO_Mul:
      R = corners(A.Lo, A.Hi, B.Lo, B.Hi, [](Wide X, Wide Y) { return mulSat(X, Y); });
      break;
    case BO_Div:
      if (B.Lo > 0 || B.Hi < 0)
        R = corners(A.Lo, A.Hi, B.Lo, B.Hi, [](Wide X, Wide Y) { return X / Y; });
      else { // |x / y| <= |x| for every y != 0 (division by zero is undefined)
        Wide M = std::max(-A.Lo, A.Hi);
        R = {-M, M};
      }
      break;
    case BO_Rem: {
      // |x % y| < |y| and |x % y| <= |x|; the sign is x's.
      Wide M = clampInf(std::max(-B.Lo, B.Hi) - 1);
      R = {A.Lo >= 0 ? 0 : std::max(A.Lo, -M), A.Hi <= 0 ? 0 : A.Hi};
      if (A.Hi > 0) {
        R.Hi = A.Hi;
        R.HiExpr = A.HiExpr;
        R.HiAdjust = A.HiAdjust;
        if (B.Lo > 0) {
          const Expr *BB = nullptr;
          int64_t BAdj = 0;
          boundFrom(B, BExpr, BB, BAdj);
          lowerHi(R, M, BB, BAdj - 1);
        } else {
          lowerHi(R, M, nullptr, 0);
        }
      }
      break;
    }
    case BO_Shl:
      if (A.Lo < 0 || B.Lo < 0 || B.Hi >= Width)
        return TV;
      R = {A.Lo << int(B.Lo), B.Hi > 100 ? Inf : mulSat(A.Hi, Wide(1) << int(B.Hi))};
      break;
    case BO_Shr: {
      if (B.Lo < 0 || B.Hi >= Width)
        return TV;
      auto Shr = [](Wide X, Wide S) { return X >> int(S); };
      R = corners(A.Lo, A.Hi, B.Lo, B.Hi, Shr);
      break;
    }
    case BO_And:
      if (A.Lo >= 0 || B.Lo >= 0) {
        R = {0, Inf};
        if (A.Lo >= 0)
          lowerHi(R, A.Hi, A.HiExpr, A.HiAdjust);
        if (B.Lo >= 0) {
          const Expr *BB = nullptr;
          int64_t BAdj = 0;
          boundFrom(B, BExpr, BB, BAdj);
          lowerHi(R, B.Hi, BB, BAdj);
        }
      } else {
        return TV;
      }
      break;
    case BO_Or:
    case BO_Xor:
      if (A.Lo < 0 || B.Lo < 0 || A.Hi >= Inf || B.Hi >= Inf)
        return TV;
      R = {Op == BO_Or ? std::max(A.Lo, B.Lo) : 0,
           (Wide(1) << bitLength(std::max(A.Hi, B.Hi))) - 1};
      break;
    default:
      return std::nullopt;
    }
    return fit(Ctx, R, T);
  }

  std::optional<Val> call(const CallExpr *C, State &St) {
    std::vector<std::optional<Val>> Args;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C))
      expr(MC->getImplicitObjectArgument(), St);
    for (const Expr *A : C->arguments())
      Args.push_back(expr(A, St));
    const FunctionDecl *F = C->getDirectCallee();
    if (!F || !isIntegerLike(C->getType()))
      return typeOf(C);
    StringRef Name = F->getIdentifier() ? F->getName() : "";
    if (Args.size() == 2 && Args[0] && Args[1]) {
      int MinMax = llvm::StringSwitch<int>(Name)
                       .Cases({"min", "umin", "llmin", "ullmin"}, -1)
                       .Cases({"max", "umax", "llmax", "ullmax"}, 1)
                       .Default(0);
      if (MinMax != 0) {
        const Val &A = *Args[0], &B = *Args[1];
        Val R;
        if (MinMax < 0) {
          R = {std::min(A.Lo, B.Lo), Inf};
          const Expr *BB = nullptr, *AB = nullptr;
          int64_t BAdj = 0, AAdj = 0;
          boundFrom(A, C->getArg(0), AB, AAdj);
          boundFrom(B, C->getArg(1), BB, BAdj);
          lowerHi(R, A.Hi, AB, AAdj);
          lowerHi(R, B.Hi, BB, BAdj);
        } else {
          R = hullVal(A, B);
          R.Lo = std::max(A.Lo, B.Lo);
        }
        return fit(Ctx, R, C->getType());
      }
    }
    if (Name == "__popc" || Name == "__clz" || Name == "__ffs")
      return Val{0, 32};
    if (Name == "__popcll" || Name == "__clzll" || Name == "__ffsll")
      return Val{0, 64};
    // A device function of the file: what it returns for these arguments.
    const FunctionDecl *Def = F->getDefinition();
    if (Def && Def->hasBody() && cuda::isDeviceCode(Def) && !cuda::isKernel(Def) &&
        VR.Depth < 3 && Def != VR.FD && !Def->isVariadic()) {
      std::vector<std::optional<IntRange>> Params;
      for (unsigned I = 0; I < Def->getNumParams(); ++I) {
        std::optional<IntRange> P;
        if (I < Args.size() && Args[I] && isIntegerLike(Def->getParamDecl(I)->getType()))
          P = toRange(fit(Ctx, *Args[I], Def->getParamDecl(I)->getType()));
        Params.push_back(P);
      }
      ValueRanges Callee(Ctx, Def, std::move(Params), VR.Block);
      Callee.Depth = VR.Depth + 1;
      if (std::optional<IntRange> R = Callee.returnRange())
        return fit(Ctx, toVal(*R), C->getType());
    }
    return typeOf(C);
  }
};

ValueRanges::ValueRanges(ASTContext &Ctx, const FunctionDecl *FD,
                         std::vector<std::optional<IntRange>> ParamRanges,
                         std::optional<Dim3> Block)
    : Ctx(Ctx), FD(FD), Params(std::move(ParamRanges)), Block(Block) {}

ValueRanges::~ValueRanges() = default;

void ValueRanges::run() {
  if (Ran)
    return;
  Ran = true;
  if (!FD || !FD->getBody())
    return;
  Walk W(*this);
  Walk::State St;
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    if (!W.tracked(P))
      continue;
    Val R = typeVal(Ctx, P->getType());
    if (I < Params.size() && Params[I])
      R = fit(Ctx, toVal(*Params[I]), P->getType());
    St.Vars[P] = R;
  }
  W.stmt(FD->getBody(), St);
}

std::optional<IntRange> ValueRanges::rangeOf(const Expr *E) {
  run();
  auto It = Seen.find(E);
  if (It == Seen.end())
    return std::nullopt;
  return It->second;
}

std::optional<IntRange> ValueRanges::returnRange() {
  run();
  return Returns;
}

} // namespace analysis
} // namespace klineage
