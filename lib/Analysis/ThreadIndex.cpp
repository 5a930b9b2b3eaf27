//===- ThreadIndex.cpp - Global thread ids, grid-stride loops, ceil-div ---===//
#include "klineage/Analysis/ThreadIndex.h"
#include "klineage/Analysis/LoopInfo.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace klineage {
namespace analysis {

static constexpr unsigned MaxExpansionDepth = 8;

const char *gridShapeText(GridShape S) {
  return S == GridShape::Linear
             ? "blockIdx.x * blockDim.x + threadIdx.x"
             : "(blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x";
}

const char *totalThreadsText(GridShape S) {
  return S == GridShape::Linear ? "blockDim.x * gridDim.x" : "blockDim.x * gridDim.x * gridDim.y";
}

static void addTerm(LinearForm &F, std::vector<std::string> Atoms, int64_t C) {
  Monomial M;
  for (std::string &A : Atoms)
    M.push_back("b:" + A);
  std::sort(M.begin(), M.end());
  F.Terms[M] += C;
}

LinearForm globalIdForm(GridShape S) {
  LinearForm F;
  addTerm(F, {"blockIdx.x", "blockDim.x"}, 1);
  addTerm(F, {"threadIdx.x"}, 1);
  if (S == GridShape::Flat2D)
    addTerm(F, {"blockIdx.y", "gridDim.x", "blockDim.x"}, 1);
  return F;
}

LinearForm totalThreadsForm(GridShape S) {
  LinearForm F;
  if (S == GridShape::Linear)
    addTerm(F, {"blockDim.x", "gridDim.x"}, 1);
  else
    addTerm(F, {"blockDim.x", "gridDim.x", "gridDim.y"}, 1);
  return F;
}

namespace {

/// Expands locals and helper calls, depth-limited.
class Expander {
public:
  Expander(Linearizer &Lin, const FunctionFacts &Facts, llvm::ArrayRef<const VarDecl *> Keep = {})
      : Lin(Lin), Facts(Facts), Keep(Keep) {}

  std::optional<LinearForm> form(const Expr *E, unsigned Depth) {
    if (!E || Depth > MaxExpansionDepth)
      return std::nullopt;
    if (const Expr *Ret = helperResult(stripIntCasts(E)))
      return form(Ret, Depth + 1);
    auto F = Lin.linearize(E);
    if (!F)
      return std::nullopt;
    return expand(*F, Depth);
  }

  std::optional<LinearForm> expand(const LinearForm &F, unsigned Depth) {
    // A local whose initialiser has no form stays an atom.
    return substitute(F, [&](const std::string &Key) -> std::optional<LinearForm> {
      const VarDecl *V = setOnce(Key);
      return V ? form(V->getInit(), Depth + 1) : std::nullopt;
    });
  }

private:
  /// The local behind atom \p Key when its initialiser is its only value.
  const VarDecl *setOnce(const std::string &Key) {
    const Atom *A = Lin.atom(Key);
    const VarDecl *V = A ? A->Var : nullptr;
    if (!V || llvm::is_contained(Keep, V) || isa<ParmVarDecl>(V) || !V->hasLocalStorage() ||
        !V->getInit() || V->getType()->isReferenceType() || V->getType().isVolatileQualified() ||
        V->getDeclContext() != Facts.function() || !Facts.mods(V).empty())
      return nullptr;
    return V;
  }

  /// `gtid()`: a call without arguments of a function whose body only
  /// returns an expression; that expression.
  static const Expr *helperResult(const Expr *E) {
    const auto *C = dyn_cast_or_null<CallExpr>(E);
    const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
    if (!F || C->getNumArgs() != 0 || !F->hasBody())
      return nullptr;
    const Stmt *Body = F->getBody();
    if (const auto *CS = dyn_cast<CompoundStmt>(Body)) {
      if (CS->size() != 1)
        return nullptr;
      Body = CS->body_front();
    }
    const auto *R = dyn_cast<ReturnStmt>(Body);
    return R ? R->getRetValue() : nullptr;
  }

  Linearizer &Lin;
  const FunctionFacts &Facts;
  llvm::ArrayRef<const VarDecl *> Keep;
};

bool sameForm(const LinearForm &A, const LinearForm &B) {
  LinearForm D = A;
  D.add(B, -1);
  return D.Terms.empty();
}

} // namespace

std::optional<LinearForm> expandLocals(Linearizer &Lin, const FunctionFacts &Facts,
                                       const LinearForm &F, llvm::ArrayRef<const VarDecl *> Keep) {
  return Expander(Lin, Facts, Keep).expand(F, 0);
}

std::optional<LinearForm> expandedForm(Linearizer &Lin, const FunctionFacts &Facts, const Expr *E) {
  return Expander(Lin, Facts).form(E, 0);
}

bool sameIndexForm(const LinearForm &F, const LinearForm &Want, std::optional<uint64_t> BlockX) {
  if (sameForm(F, Want))
    return true;
  if (!BlockX)
    return false;
  auto Known = substitute(Want, [&](const std::string &Key) -> std::optional<LinearForm> {
    if (Key != "b:blockDim.x")
      return std::nullopt;
    LinearForm C;
    C.Terms[Monomial()] = int64_t(*BlockX);
    return C;
  });
  return Known && sameForm(F, *Known);
}

std::optional<GridShape> globalIdOf(Linearizer &Lin, const FunctionFacts &Facts, const Expr *E,
                                    std::optional<uint64_t> BlockX) {
  auto F = expandedForm(Lin, Facts, E);
  if (!F)
    return std::nullopt;
  for (GridShape S : {GridShape::Linear, GridShape::Flat2D})
    if (sameIndexForm(*F, globalIdForm(S), BlockX))
      return S;
  return std::nullopt;
}

bool isTotalThreads(Linearizer &Lin, const FunctionFacts &Facts, const Expr *E, GridShape S,
                    std::optional<uint64_t> BlockX) {
  auto F = expandedForm(Lin, Facts, E);
  return F && sameIndexForm(*F, totalThreadsForm(S), BlockX);
}

std::optional<BoundTest> boundTestOf(const Expr *Cond, const VarDecl *Index) {
  if (!Cond || !Index)
    return std::nullopt;
  const auto *B = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!B)
    return std::nullopt;
  bool LeftIsIndex = refVar(stripIntCasts(B->getLHS())) == Index;
  bool RightIsIndex = refVar(stripIntCasts(B->getRHS())) == Index;
  if (LeftIsIndex == RightIsIndex)
    return std::nullopt;
  BinaryOperatorKind Op = B->getOpcode();
  if (RightIsIndex) // N > i is i < N
    Op = Op == BO_GT ? BO_LT : Op == BO_LE ? BO_GE : Op == BO_LT ? BO_GT : Op == BO_GE ? BO_LE : Op;
  BoundTest T;
  T.Test = B;
  T.Bound = LeftIsIndex ? B->getRHS() : B->getLHS();
  if (Op == BO_LT)
    return T;
  if (Op == BO_GE) {
    T.Negated = true;
    return T;
  }
  return std::nullopt;
}

/// `i += E`, `i = i + E`, `i = E + i`: E.
static const Expr *addendOf(const Expr *Inc, const VarDecl *Index) {
  Inc = Inc ? Inc->IgnoreParenImpCasts() : nullptr;
  if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc);
      CA && CA->getOpcode() == BO_AddAssign && refVar(CA->getLHS()) == Index)
    return CA->getRHS();
  if (const auto *A = dyn_cast_or_null<BinaryOperator>(Inc); A && A->getOpcode() == BO_Assign && refVar(A->getLHS()) == Index)
    if (const auto *Sum = dyn_cast<BinaryOperator>(A->getRHS()->IgnoreParenImpCasts()); Sum && Sum->getOpcode() == BO_Add) {
      if (refVar(stripIntCasts(Sum->getLHS())) == Index)
        return Sum->getRHS();
      if (refVar(stripIntCasts(Sum->getRHS())) == Index)
        return Sum->getLHS();
    }
  return nullptr;
}

std::optional<GridStrideLoop> gridStrideLoop(ASTContext &Ctx, Linearizer &Lin,
                                             const FunctionFacts &Facts, const ForStmt *Loop,
                                             std::optional<uint64_t> BlockX) {
  if (!Loop || !Loop->getBody())
    return std::nullopt;
  GridStrideLoop G;
  G.Loop = Loop;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Loop->getInit())) {
    const auto *VD = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (!VD || !VD->getInit())
      return std::nullopt;
    G.Index = VD;
    G.Start = VD->getInit();
    G.DeclaredInHeader = true;
  } else if (const auto *A = dyn_cast_or_null<BinaryOperator>(Loop->getInit());
             A && A->getOpcode() == BO_Assign) {
    G.Index = refVar(A->getLHS());
    G.Start = A->getRHS();
  }
  if (!G.Index || !G.Index->getType()->isIntegerType() || !G.Index->hasLocalStorage())
    return std::nullopt;
  auto Shape = globalIdOf(Lin, Facts, G.Start, BlockX);
  if (!Shape)
    return std::nullopt;
  G.Shape = *Shape;
  auto Bound = boundTestOf(Loop->getCond(), G.Index);
  if (!Bound || Bound->Negated)
    return std::nullopt;
  G.Bound = *Bound;
  G.Step = addendOf(Loop->getInc(), G.Index);
  if (!G.Step || !isTotalThreads(Lin, Facts, G.Step, G.Shape, BlockX))
    return std::nullopt;
  if (findModification(Ctx, Loop->getBody(), G.Index))
    return std::nullopt;
  return G;
}

std::optional<GridStrideWhile> gridStrideWhile(ASTContext &Ctx, Linearizer &Lin, const FunctionFacts &Facts,
                                               const WhileStmt *Loop, std::optional<uint64_t> BlockX) {
  const auto *Body = Loop ? dyn_cast_or_null<CompoundStmt>(Loop->getBody()) : nullptr;
  if (!Body || Body->body_empty() || Loop->getConditionVariable())
    return std::nullopt;
  GridStrideWhile G;
  G.Loop = Loop;
  G.Increment = Body->body_back();
  const auto *Inc = dyn_cast<Expr>(G.Increment);
  const auto *Cond = Loop->getCond() ? dyn_cast<BinaryOperator>(Loop->getCond()->IgnoreParenImpCasts()) : nullptr;
  if (!Inc || !Cond)
    return std::nullopt;
  // The index: the variable the condition bounds.
  for (const Expr *Side : {Cond->getLHS(), Cond->getRHS()})
    if (const VarDecl *V = refVar(stripIntCasts(Side)); V && !G.Index)
      if (auto B = boundTestOf(Cond, V); B && !B->Negated) {
        G.Index = V;
        G.Bound = *B;
      }
  if (!G.Index || !G.Index->getType()->isIntegerType() || !G.Index->hasLocalStorage() ||
      isa<ParmVarDecl>(G.Index) || !G.Index->getInit())
    return std::nullopt;
  G.Start = G.Index->getInit();
  auto Shape = globalIdOf(Lin, Facts, G.Start, BlockX);
  if (!Shape)
    return std::nullopt;
  G.Shape = *Shape;
  G.Step = addendOf(Inc, G.Index);
  if (!G.Step || !isTotalThreads(Lin, Facts, G.Step, G.Shape, BlockX))
    return std::nullopt;
  // The step is the index's only change: the loop starts at the id.
  for (const VarMod &M : Facts.mods(G.Index))
    if (M.At != Inc && M.At != Inc->IgnoreParenImpCasts())
      return std::nullopt;
  // A `continue` of this loop would skip the step.
  if (findContinue(Body))
    return std::nullopt;
  return G;
}

/// An addend that is at least 1 whenever Y % D != 0 and never negative:
/// `Y % D != 0`, `Y % D > 0`, `Y % D ? 1 : 0`, `(bool)(Y % D)`, `Y % D`; the
/// `Y % D` in it.
static const BinaryOperator *remainderTest(const ASTContext &Ctx, const Expr *E) {
  auto IsInt = [&](const Expr *X, int64_t &V) {
    Expr::EvalResult R;
    if (X->isValueDependent() || !X->EvaluateAsInt(R, Ctx))
      return false;
    V = R.Val.getInt().getExtValue();
    return true;
  };
  E = E->IgnoreParenImpCasts();
  if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
    E = C->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    int64_t T = 0, F = 0;
    if (!IsInt(CO->getTrueExpr(), T) || !IsInt(CO->getFalseExpr(), F) || T < 1 || F != 0)
      return nullptr;
    E = CO->getCond()->IgnoreParenImpCasts();
  }
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return nullptr;
  if (B->getOpcode() == BO_Rem)
    return B;
  int64_t Zero = 1;
  const auto *Rem = dyn_cast<BinaryOperator>(B->getLHS()->IgnoreParenImpCasts());
  if ((B->getOpcode() == BO_NE || B->getOpcode() == BO_GT) && Rem && Rem->getOpcode() == BO_Rem &&
      IsInt(B->getRHS(), Zero) && Zero == 0)
    return Rem;
  return nullptr;
}

std::optional<CeilDiv> ceilDivOf(Linearizer &Lin, const Expr *E) {
  if (!E)
    return std::nullopt;
  E = stripIntCasts(E);
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return std::nullopt;
  auto Div = [&](const Expr *X, CeilDiv &Out) -> bool {
    const auto *D = dyn_cast_or_null<BinaryOperator>(stripIntCasts(X));
    if (!D || D->getOpcode() != BO_Div)
      return false;
    auto Y = Lin.linearize(D->getLHS()), Den = Lin.linearize(D->getRHS());
    if (!Y || !Den)
      return false;
    Out.Num = *Y;
    Out.Den = *Den;
    Out.DenE = D->getRHS();
    return true;
  };
  CeilDiv C;
  switch (B->getOpcode()) {
  case BO_Div: {
    if (!Div(B, C))
      return std::nullopt;
    // (a + d - 1) / d: the numerator less (d - 1).
    C.Num.add(C.Den, -1);
    C.Num.Terms[Monomial()] += 1;
    C.Num.normalize();
    return C;
  }
  case BO_Shr: {
    Expr::EvalResult R;
    if (B->getRHS()->isValueDependent() || !B->getRHS()->EvaluateAsInt(R, Lin.context()))
      return std::nullopt;
    int64_t S = R.Val.getInt().getExtValue();
    auto X = Lin.linearize(B->getLHS());
    if (S < 0 || S > 30 || !X)
      return std::nullopt;
    C.Den.Terms[Monomial()] = int64_t(1) << S;
    C.Num = *X;
    C.Num.Terms[Monomial()] += 1 - (int64_t(1) << S);
    C.Num.normalize();
    C.DenE = B->getRHS();
    return C;
  }
  case BO_Add: {
    for (const Expr *Side : {B->getLHS(), B->getRHS()}) {
      const Expr *Other = Side == B->getLHS() ? B->getRHS() : B->getLHS();
      if (!Div(Side, C))
        continue;
      // Y / D + c, c >= 1: at least ceil((Y + 1) / D).
      Expr::EvalResult R;
      if (!Other->isValueDependent() && Other->EvaluateAsInt(R, Lin.context()) &&
          R.Val.getInt().getExtValue() >= 1) {
        C.Num.Terms[Monomial()] += 1;
        C.Num.normalize();
        return C;
      }
      // Y / D + (Y % D != 0): exactly ceil(Y / D).
      if (const BinaryOperator *Rem = remainderTest(Lin.context(), Other)) {
        auto Y = Lin.linearize(Rem->getLHS()), D = Lin.linearize(Rem->getRHS());
        LinearForm DY = C.Num, DD = C.Den;
        if (Y && D) {
          DY.add(*Y, -1);
          DD.add(*D, -1);
          if (DY.Terms.empty() && DD.Terms.empty())
            return C;
        }
      }
    }
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

} // namespace analysis
} // namespace klineage
