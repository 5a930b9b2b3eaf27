//===- ThreadAxes.cpp - Thread axes of values, memory and barriers of statements ===//
#include "klineage/Analysis/ThreadAxes.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/LinearForm.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/Intrinsics.h"
#include "klineage/Cuda/MemorySpace.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include <set>

using namespace clang;
using namespace llvm;

namespace klineage {
namespace analysis {

std::string axesText(unsigned Axes) {
  std::vector<std::string> P;
  if (Axes & AxisX)
    P.push_back("threadIdx.x");
  if (Axes & AxisY)
    P.push_back("threadIdx.y");
  if (Axes & AxisZ)
    P.push_back("threadIdx.z");
  if (Axes & AxisOther)
    P.push_back("a value that differs between threads");
  return P.empty() ? "nothing thread-dependent" : join(P, " and ");
}

ThreadAxes::ThreadAxes(ASTContext &Ctx, const FunctionDecl *FD, std::optional<Dim3> Block)
    : Ctx(Ctx), Facts(AnalysisCache::of(Ctx).facts(FD)), Unif(Ctx, FD, Block) {}

const Expr *ThreadAxes::singleValue(const VarDecl *V) const {
  if (!V || isa<ParmVarDecl>(V) || !V->hasLocalStorage() || !V->getInit() || V->getType()->isReferenceType() ||
      !Facts.mods(V).empty())
    return nullptr;
  return V->getInit();
}

unsigned ThreadAxes::of(const Expr *E, const Expr **Breaker) {
  if (Breaker)
    *Breaker = nullptr;
  return walk(E, 0, Breaker);
}

unsigned ThreadAxes::walk(const Expr *E, unsigned Depth, const Expr **Breaker) {
  if (!E)
    return 0;
  auto Other = [&](const Expr *At) {
    if (Breaker && !*Breaker)
      *Breaker = At;
    return unsigned(AxisOther);
  };
  if (Depth > 24)
    return Other(E);
  E = E->IgnoreParenImpCasts();
  if (auto B = cuda::builtinIndex(E)) {
    if (B->Var != cuda::BuiltinVar::ThreadIdx)
      return 0;
    return B->Dim == 0 ? AxisX : B->Dim == 1 ? AxisY : AxisZ;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V)
      return 0;
    if (is_contained(Assumed, V))
      return 0;
    if (const Expr *Init = singleValue(V))
      return walk(Init, Depth + 1, Breaker);
    return Unif.of(DRE).atLeast(Level::Block) ? 0u : Other(DRE);
  }
  if (const auto *C = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = C->getDirectCallee();
    if (!cuda::isPureFunction(Callee))
      return Unif.of(C).atLeast(Level::Block) ? 0u : Other(C);
  }
  unsigned A = 0;
  for (const Stmt *Ch : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Ch))
      A |= walk(CE, Depth + 1, Breaker);
  return A;
}

void ThreadAxes::varsOf(const Expr *E, std::vector<const VarDecl *> &Out) {
  std::vector<const Expr *> Work{E};
  std::set<const VarDecl *> Seen;
  while (!Work.empty()) {
    const Expr *X = Work.back();
    Work.pop_back();
    std::vector<const VarDecl *> Vs;
    Linearizer::collectVars(X, Vs);
    for (const VarDecl *V : Vs) {
      if (!Seen.insert(V).second)
        continue;
      Out.push_back(V);
      if (const Expr *Init = singleValue(V))
        Work.push_back(Init);
    }
  }
}

bool isLocalArrayElement(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    E = AS->getBase()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return V && V->hasLocalStorage() && !cuda::isShared(V) && V->getType()->isConstantArrayType();
}

namespace {
/// A memory lvalue: an element, a dereference, a member through a pointer,
/// or a variable with global storage that can change.
bool isMemory(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<ArraySubscriptExpr>(E))
    return !isLocalArrayElement(E);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->getOpcode() == UO_Deref;
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return M->isArrow() || isMemory(M->getBase());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      return (V->hasGlobalStorage() && !V->isConstexpr() && !V->getType().isConstQualified()) ||
             V->getType()->isReferenceType();
  return false;
}

struct AccessFinder : RecursiveASTVisitor<AccessFinder> {
  const std::vector<const Expr *> &Allowed;
  bool Writes;
  const Expr *Found = nullptr;
  AccessFinder(const std::vector<const Expr *> &A, bool W) : Allowed(A), Writes(W) {}
  bool shouldVisitImplicitCode() const { return true; }
  bool TraverseStmt(Stmt *S) {
    if (!S || Found)
      return true;
    if (const auto *E = dyn_cast<Expr>(S))
      if (llvm::is_contained(Allowed, E))
        return true;
    return RecursiveASTVisitor::TraverseStmt(S);
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp() && isMemory(B->getLHS()) &&
        !llvm::is_contained(Allowed, B->getLHS()->IgnoreParenImpCasts()))
      Found = B->getLHS();
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() && isMemory(U->getSubExpr()))
      Found = U->getSubExpr();
    else if (!Writes && U->getOpcode() == UO_Deref)
      Found = U;
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *A) {
    if (!Writes && !isLocalArrayElement(A))
      Found = A;
    return true;
  }
  bool VisitMemberExpr(MemberExpr *M) {
    if (!Writes && M->isArrow())
      Found = M;
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (!Writes && isMemory(D))
      Found = D;
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (cuda::isBuiltinIndexGetterCall(C) || cuda::barrierScope(C))
      return true;
    const FunctionDecl *F = C->getDirectCallee();
    if (F && cuda::isAtomicOrStoreCallee(F->getName())) {
      Found = C;
      return true;
    }
    if (cuda::isPureFunction(F))
      return true;
    // Operators and math of the CUDA headers (__half's operator*, fmaf).
    if (F && F->getASTContext().getSourceManager().isInSystemHeader(F->getLocation()) &&
        !F->getName().starts_with("mem") && !isa<CXXMemberCallExpr>(C))
      return true;
    Found = C;
    return true;
  }
};
} // namespace

const Expr *firstMemoryAccess(const Stmt *S, const std::vector<const Expr *> &Allowed, bool Writes) {
  if (!S)
    return nullptr;
  AccessFinder F(Allowed, Writes);
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

const CallExpr *firstBarrier(const Stmt *S) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const CallExpr *Found = nullptr;
    bool VisitCallExpr(CallExpr *C) {
      if (!Found && cuda::barrierScope(C) == cuda::SyncScope::Block)
        Found = C;
      return true;
    }
  } F;
  if (S)
    F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

bool isBarrierStmt(const Stmt *S) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  const auto *C = E ? dyn_cast<CallExpr>(E->IgnoreImplicit()) : nullptr;
  return C && cuda::barrierScope(C) == cuda::SyncScope::Block;
}

void conjunctsOf(const Expr *Cond, std::vector<const Expr *> &Out) {
  const Expr *C = Cond->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(C); B && B->getOpcode() == BO_LAnd) {
    conjunctsOf(B->getLHS(), Out);
    conjunctsOf(B->getRHS(), Out);
    return;
  }
  Out.push_back(Cond);
}

} // namespace analysis
} // namespace klineage
