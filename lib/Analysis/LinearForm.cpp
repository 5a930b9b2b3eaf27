//===- LinearForm.cpp - Index expressions as sums of constant * monomial -===//
#include "klineage/Analysis/LinearForm.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/Intrinsics.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprObjC.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

using namespace clang;

namespace klineage {
namespace analysis {

static constexpr unsigned MaxTerms = 24, MaxDegree = 4, MaxDepth = 32;

int64_t LinearForm::constant() const {
  auto It = Terms.find(Monomial());
  return It == Terms.end() ? 0 : It->second;
}

LinearForm LinearForm::symbolic() const {
  LinearForm F = *this;
  F.Terms.erase(Monomial());
  return F;
}

std::string LinearForm::symbolicKey() const {
  std::string S;
  for (const auto &[M, C] : Terms) {
    if (M.empty())
      continue;
    S += std::to_string(C) + "*";
    for (const std::string &A : M)
      S += A + ".";
    S += "+";
  }
  return S;
}

void LinearForm::add(const LinearForm &O, int64_t Scale) {
  for (const auto &[M, C] : O.Terms)
    Terms[M] += C * Scale;
  normalize();
}

void LinearForm::normalize() {
  for (auto It = Terms.begin(); It != Terms.end();)
    It = It->second == 0 ? Terms.erase(It) : std::next(It);
}

static LinearForm constantForm(int64_t C) {
  LinearForm F;
  F.Terms[Monomial()] = C;
  F.normalize();
  return F;
}

std::optional<LinearForm> product(const LinearForm &A, const LinearForm &B) {
  LinearForm R;
  for (const auto &[MA, CA] : A.Terms)
    for (const auto &[MB, CB] : B.Terms) {
      Monomial M = MA;
      M.insert(M.end(), MB.begin(), MB.end());
      if (M.size() > MaxDegree)
        return std::nullopt;
      std::sort(M.begin(), M.end());
      R.Terms[M] += CA * CB;
    }
  R.normalize();
  if (R.Terms.size() > MaxTerms)
    return std::nullopt;
  return R;
}

std::optional<LinearForm>
substitute(const LinearForm &F,
           llvm::function_ref<std::optional<LinearForm>(const std::string &Key)> Replace) {
  LinearForm Out;
  for (const auto &[M, C] : F.Terms) {
    LinearForm Term = constantForm(C);
    for (const std::string &Key : M) {
      LinearForm AtomF;
      if (auto R = Replace(Key))
        AtomF = *R;
      else
        AtomF.Terms[Monomial{Key}] = 1;
      auto P = product(Term, AtomF);
      if (!P)
        return std::nullopt;
      Term = *P;
    }
    Out.add(Term);
    if (Out.Terms.size() > MaxTerms)
      return std::nullopt;
  }
  return Out;
}

const Expr *stripIntCasts(const Expr *E) {
  while (E) {
    E = E->IgnoreParens();
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
      if (ICE->getCastKind() == CK_IntegralCast || ICE->getCastKind() == CK_NoOp ||
          ICE->getCastKind() == CK_LValueToRValue) {
        // Keep the lvalue-to-rvalue cast's operand: a DeclRefExpr or an atom.
        E = ICE->getSubExpr();
        continue;
      }
      return E;
    }
    if (const auto *CE = dyn_cast<ExplicitCastExpr>(E)) {
      if (CE->getType()->isIntegerType() && CE->getSubExpr()->getType()->isIntegerType()) {
        E = CE->getSubExpr();
        continue;
      }
      return E;
    }
    if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E)) {
      E = S->getReplacement();
      continue;
    }
    return E;
  }
  return E;
}

namespace {
/// Finds side effects other than CUDA builtin index reads.
class PurityVisitor : public RecursiveASTVisitor<PurityVisitor> {
public:
  bool Pure = true;
  bool TraverseStmt(Stmt *S) {
    if (!S || !Pure)
      return true;
    if (const auto *E = dyn_cast<Expr>(S))
      if (cuda::builtinIndex(E))
        return true;
    return RecursiveASTVisitor::TraverseStmt(S);
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    bool Known = cuda::isPureFunction(F);
    if (isa<CXXOperatorCallExpr>(C) || !Known)
      Pure = false;
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      Pure = false;
    return true;
  }
  bool VisitCompoundAssignOperator(CompoundAssignOperator *) {
    Pure = false;
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      Pure = false;
    return true;
  }
};
} // namespace

bool isPureExpr(const Expr *E, const ASTContext &) {
  PurityVisitor V;
  V.TraverseStmt(const_cast<Expr *>(E));
  return V.Pure;
}

std::optional<LinearForm> Linearizer::linearize(const Expr *E) {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  return lin(E, 0);
}

std::optional<LinearForm> Linearizer::linearizeValue(const Expr *E) {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  AllowImpure = true;
  auto F = lin(E, 0);
  AllowImpure = false;
  return F;
}

std::optional<LinearForm> Linearizer::atomForm(const Expr *E) {
  Atom A;
  A.E = E;
  const Expr *S = stripIntCasts(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      A.Var = VD;
      A.Key = "v:" + VD->getName().str() + "@" +
              std::to_string(reinterpret_cast<uintptr_t>(VD->getCanonicalDecl()));
    }
  } else if (auto B = cuda::builtinIndex(S)) {
    A.Key = "b:" + B->name();
  }
  if (A.Key.empty()) {
    if (!isPureExpr(S, Ctx)) {
      if (!AllowImpure)
        return std::nullopt;
      // Evaluated once; equal to nothing else.
      A.Key = "u:" + std::to_string(reinterpret_cast<uintptr_t>(S));
      Atoms.emplace(A.Key, A);
      LinearForm F;
      F.Terms[Monomial{A.Key}] = 1;
      return F;
    }
    llvm::FoldingSetNodeID ID;
    S->Profile(ID, Ctx, /*Canonical=*/true);
    A.Key = "e:" + std::to_string(ID.ComputeHash());
  }
  Atoms.emplace(A.Key, A);
  LinearForm F;
  F.Terms[Monomial{A.Key}] = 1;
  return F;
}

std::optional<LinearForm> Linearizer::lin(const Expr *E, unsigned Depth) {
  if (Depth > MaxDepth)
    return std::nullopt;
  E = stripIntCasts(E);
  if (!E->getType()->isIntegerType() && !E->getType()->isDependentType())
    return std::nullopt;
  if (!E->isValueDependent()) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx) && R.Val.isInt())
      return constantForm(R.Val.getInt().getExtValue());
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    switch (B->getOpcode()) {
    case BO_Add:
    case BO_Sub: {
      auto L = lin(B->getLHS(), Depth + 1), R = lin(B->getRHS(), Depth + 1);
      if (!L || !R)
        return std::nullopt;
      L->add(*R, B->getOpcode() == BO_Add ? 1 : -1);
      if (L->Terms.size() > MaxTerms)
        return std::nullopt;
      return L;
    }
    case BO_Mul: {
      auto L = lin(B->getLHS(), Depth + 1), R = lin(B->getRHS(), Depth + 1);
      if (!L || !R)
        return std::nullopt;
      return product(*L, *R);
    }
    case BO_Shl: {
      Expr::EvalResult R;
      if (B->getRHS()->EvaluateAsInt(R, Ctx) && R.Val.isInt()) {
        int64_t Sh = R.Val.getInt().getExtValue();
        if (Sh >= 0 && Sh < 31) {
          auto L = lin(B->getLHS(), Depth + 1);
          if (!L)
            return std::nullopt;
          return product(*L, constantForm(int64_t(1) << Sh));
        }
      }
      return atomForm(E);
    }
    case BO_Comma:
    case BO_Assign:
      return std::nullopt;
    default:
      if (B->isAssignmentOp())
        return std::nullopt;
      return atomForm(E);
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Minus) {
      auto S = lin(U->getSubExpr(), Depth + 1);
      if (!S)
        return std::nullopt;
      return product(*S, constantForm(-1));
    }
    if (U->getOpcode() == UO_Plus)
      return lin(U->getSubExpr(), Depth + 1);
    if (U->isIncrementDecrementOp())
      return std::nullopt;
  }
  return atomForm(E);
}

namespace {
class VarCollector : public RecursiveASTVisitor<VarCollector> {
public:
  std::vector<const VarDecl *> &Out;
  explicit VarCollector(std::vector<const VarDecl *> &Out) : Out(Out) {}
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (const auto *VD = dyn_cast<VarDecl>(D->getDecl()))
      if (std::find(Out.begin(), Out.end(), VD) == Out.end())
        Out.push_back(VD);
    return true;
  }
};
} // namespace

void Linearizer::collectVars(const Expr *E, std::vector<const VarDecl *> &Out) {
  if (!E)
    return;
  VarCollector C(Out);
  C.TraverseStmt(const_cast<Expr *>(E));
}

} // namespace analysis
} // namespace klineage
