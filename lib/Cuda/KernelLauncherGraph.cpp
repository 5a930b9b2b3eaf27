//===- KernelLauncherGraph.cpp - Which host function launches which kernel ===//
#include "klineage/Cuda/KernelLauncherGraph.h"
#include "klineage/Cuda/DeviceCode.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <map>
#include <memory>

using namespace clang;
using namespace clang::ast_matchers;

namespace klineage {
namespace cuda {

/// \p Ref is an argument of a runtime call that queries kernels.
static bool isQueryArgument(ASTContext &Ctx, const DeclRefExpr *Ref) {
  DynTypedNodeList Parents = Ctx.getParents(*Ref);
  while (!Parents.empty()) {
    if (const auto *C = Parents[0].get<CallExpr>())
      return isKernelQueryCallee(C->getDirectCallee()) &&
             llvm::any_of(C->arguments(), [&](const Expr *A) { return kernelReference(A) == Ref; });
    if (!Parents[0].get<Expr>())
      return false;
    Parents = Ctx.getParents(Parents[0]);
  }
  return false;
}

KernelLauncherGraph::KernelLauncherGraph(ASTContext &Ctx) : Sites(findLaunchSites(Ctx)) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::DenseSet<const FunctionDecl *> Seen;
  std::vector<std::pair<SourceLocation, const FunctionDecl *>> Found;
  auto Add = [&](const FunctionDecl *K) {
    if (K && Seen.insert(K).second)
      Found.push_back({SM.getExpansionLoc(K->getLocation()), K});
  };
  for (const BoundNodes &B : match(functionDecl(hasAttr(attr::CUDAGlobal)).bind("k"), Ctx))
    Add(kernelOf(B.getNodeAs<FunctionDecl>("k")));
  llvm::DenseSet<const DeclRefExpr *> Launched;
  for (const LaunchSite &S : Sites) {
    Add(S.Kernel);
    Launched.insert(S.KernelRef);
  }
  std::stable_sort(Found.begin(), Found.end(), [&](const auto &A, const auto &B) {
    return SM.isBeforeInTranslationUnit(A.first, B.first);
  });
  for (const auto &F : Found)
    Kernels.push_back(F.second);

  for (const BoundNodes &B : match(declRefExpr(to(functionDecl(hasAttr(attr::CUDAGlobal)))).bind("r"), Ctx)) {
    const auto *Ref = B.getNodeAs<DeclRefExpr>("r");
    const FunctionDecl *Context = enclosingFunction(Ctx, *Ref);
    if (Launched.contains(Ref) || (Context && Context->isDependentContext()) || isQueryArgument(Ctx, Ref))
      continue;
    Escapes[kernelOf(cast<FunctionDecl>(Ref->getDecl()))].push_back(Ref);
  }
}

std::vector<const LaunchSite *> KernelLauncherGraph::launchesOf(const FunctionDecl *Kernel) const {
  std::vector<const LaunchSite *> Out;
  const FunctionDecl *K = kernelOf(Kernel);
  for (const LaunchSite &S : Sites)
    if (S.Kernel && S.Kernel == K)
      Out.push_back(&S);
  return Out;
}

std::vector<const LaunchSite *> KernelLauncherGraph::distinctLaunchesOf(const FunctionDecl *Kernel) const {
  std::vector<const LaunchSite *> Out;
  std::vector<unsigned> Seen;
  for (const LaunchSite *L : launchesOf(Kernel))
    if (!llvm::is_contained(Seen, L->Loc.getRawEncoding())) {
      Seen.push_back(L->Loc.getRawEncoding());
      Out.push_back(L);
    }
  return Out;
}

std::vector<const FunctionDecl *> KernelLauncherGraph::launchersOf(const FunctionDecl *Kernel) const {
  std::vector<const FunctionDecl *> Out;
  for (const LaunchSite *S : launchesOf(Kernel))
    if (S->Launcher && !llvm::is_contained(Out, S->Launcher))
      Out.push_back(S->Launcher);
  return Out;
}

std::vector<const LaunchSite *> KernelLauncherGraph::launchesIn(const FunctionDecl *Function) const {
  std::vector<const LaunchSite *> Out;
  for (const LaunchSite &S : Sites)
    if (S.Launcher && Function && S.Launcher->getCanonicalDecl() == Function->getCanonicalDecl())
      Out.push_back(&S);
  return Out;
}

std::vector<const FunctionDecl *> KernelLauncherGraph::kernelsLaunchedBy(const FunctionDecl *Function) const {
  std::vector<const FunctionDecl *> Out;
  for (const LaunchSite *S : launchesIn(Function))
    if (S->Kernel && !llvm::is_contained(Out, S->Kernel))
      Out.push_back(S->Kernel);
  return Out;
}

llvm::ArrayRef<const DeclRefExpr *> KernelLauncherGraph::escapesOf(const FunctionDecl *Kernel) const {
  auto It = Escapes.find(kernelOf(Kernel));
  if (It == Escapes.end())
    return {};
  return It->second;
}

bool KernelLauncherGraph::allLaunchesKnown(const FunctionDecl *Kernel) const {
  return !launchesOf(Kernel).empty() && escapesOf(Kernel).empty();
}

bool KernelLauncherGraph::launchesEditable(const FunctionDecl *Kernel) const {
  return allLaunchesKnown(Kernel) &&
         llvm::all_of(launchesOf(Kernel), [](const LaunchSite *S) { return S->Editable; });
}

namespace {

/// Follows where a function's address goes. Parents come from the AST's
/// parent map for the file's own code, and from a ParentMap of each function
/// body followed into (a specialization of a header's template lies outside
/// the traversal scope the AST's map covers).
class AddressFlow {
public:
  explicit AddressFlow(ASTContext &Ctx) : Ctx(Ctx) {}

  /// The value \p E (the function, or a pointer to it) is only called,
  /// launched, converted to `void *` or handed on to deduced parameters and
  /// `auto` variables whose uses are again free.
  bool isFree(const Expr *E, const ParentMap *PM, unsigned Depth) {
    if (Depth > MaxDepth)
      return false;
    while (true) {
      const Stmt *P = nullptr;
      const VarDecl *Var = nullptr;
      parentOf(E, PM, P, Var);
      if (Var)
        return deduced(Var->getType()) && isFreeVariable(Var, Depth + 1);
      const auto *PE = dyn_cast_or_null<Expr>(P);
      if (!PE)
        return P && isa<LambdaExpr>(P); // a lambda's capture: its body's uses are followed
      if (isa<ParenExpr>(PE) || (isa<UnaryOperator>(PE) && cast<UnaryOperator>(PE)->getOpcode() == UO_AddrOf)) {
        E = PE;
        continue;
      }
      if (const auto *C = dyn_cast<ImplicitCastExpr>(PE);
          C && (C->getCastKind() == CK_FunctionToPointerDecay || C->getCastKind() == CK_LValueToRValue ||
                C->getCastKind() == CK_NoOp)) {
        E = PE;
        continue;
      }
      if (const auto *C = dyn_cast<CallExpr>(PE)) {
        if (C->getCallee() == E)
          return true; // a call or a launch
        for (unsigned I = 0; I < C->getNumArgs(); ++I)
          if (C->getArg(I) == E)
            return isFreeArgument(C, I, Depth);
        return false;
      }
      if (const auto *C = dyn_cast<CastExpr>(PE))
        return C->getType()->isVoidPointerType();
      if (isa<LambdaExpr>(PE))
        return true;
      return false;
    }
  }

private:
  static constexpr unsigned MaxDepth = 8;

  void parentOf(const Expr *E, const ParentMap *PM, const Stmt *&P, const VarDecl *&Var) {
    if (PM) {
      P = PM->getParent(E);
      if (const auto *DS = dyn_cast_or_null<DeclStmt>(P))
        for (const Decl *D : DS->decls())
          if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit() == E)
            Var = VD;
      return;
    }
    DynTypedNodeList Ps = Ctx.getParents(*E);
    if (Ps.empty())
      return;
    P = Ps[0].get<Stmt>();
    Var = Ps[0].get<VarDecl>();
  }

  /// A type the compiler deduces from what is stored: `auto`, or spelled
  /// through a template parameter that was deduced.
  static bool deduced(QualType T) {
    T = T.getNonReferenceType();
    return T->getContainedAutoType() || T->getAs<SubstTemplateTypeParmType>();
  }

  /// Argument \p I of \p C: free when it binds a deduced parameter of a
  /// function template specialization whose uses of it are free.
  bool isFreeArgument(const CallExpr *C, unsigned I, unsigned Depth) {
    const FunctionDecl *Callee = C->getDirectCallee();
    if (!Callee)
      return false;
    if (isa<CXXOperatorCallExpr>(C) && isa<CXXMethodDecl>(Callee)) {
      if (I == 0)
        return false;
      --I;
    }
    const FunctionTemplateDecl *Template = Callee->getPrimaryTemplate();
    if (!Template || I >= Callee->getNumParams())
      return false;
    // Template arguments written out fix the parameter's type.
    const Expr *CalleeE = C->getCallee()->IgnoreParenImpCasts();
    if (const auto *R = dyn_cast<DeclRefExpr>(CalleeE); R && R->hasExplicitTemplateArgs())
      return false;
    if (const auto *M = dyn_cast<MemberExpr>(CalleeE); M && M->hasExplicitTemplateArgs())
      return false;
    const ParmVarDecl *Pattern = patternParam(Template->getTemplatedDecl(), Callee, I);
    if (!Pattern || !Pattern->getType()->isDependentType())
      return false;
    // The runtime's launch and attribute templates take it as `const void *`
    // (the parse skips their bodies in the system headers).
    if (launchFormOf(C) || isKernelQueryCallee(Callee))
      return true;
    // A specialization the parse did not instantiate (a host template in a
    // device-side parse) is followed in its template's body.
    return isFreeVariable(Callee->hasBody() ? Callee->getParamDecl(I) : Pattern, Depth + 1);
  }

  /// The parameter of template pattern \p Pattern that parameter \p I of its
  /// specialization \p Spec comes from (a pack stands for several).
  static const ParmVarDecl *patternParam(const FunctionDecl *Pattern, const FunctionDecl *Spec, unsigned I) {
    unsigned Index = 0;
    for (const ParmVarDecl *P : Pattern->parameters()) {
      unsigned Count = P->isParameterPack() ? Spec->getNumParams() + 1 - Pattern->getNumParams() : 1;
      if (I < Index + Count)
        return P;
      Index += Count;
    }
    return nullptr;
  }

  /// Every use of \p V in the body of the function that declares it is free.
  bool isFreeVariable(const VarDecl *V, unsigned Depth) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
    const Stmt *Body = FD ? FD->getBody() : nullptr;
    if (!Body || Depth > MaxDepth)
      return false;
    auto &PM = Maps[Body];
    if (!PM)
      PM = std::make_unique<ParentMap>(const_cast<Stmt *>(Body));
    std::vector<const Stmt *> Work{Body};
    while (!Work.empty()) {
      const Stmt *S = Work.back();
      Work.pop_back();
      if (const auto *R = dyn_cast<DeclRefExpr>(S)) {
        if (R->getDecl() == V && !isFree(R, PM.get(), Depth))
          return false;
        continue;
      }
      for (const Stmt *Child : S->children())
        if (Child)
          Work.push_back(Child);
    }
    return true;
  }

  ASTContext &Ctx;
  std::map<const Stmt *, std::unique_ptr<ParentMap>> Maps;
};

} // namespace

const DeclRefExpr *typedAddressUse(ASTContext &Ctx, const FunctionDecl *Kernel) {
  const FunctionDecl *Key = kernelOf(Kernel);
  AddressFlow Flow(Ctx);
  for (const BoundNodes &N : match(decl(forEachDescendant(declRefExpr(to(functionDecl())).bind("r"))),
                                   *Ctx.getTranslationUnitDecl(), Ctx)) {
    const auto *Ref = N.getNodeAs<DeclRefExpr>("r");
    if (kernelOf(cast<FunctionDecl>(Ref->getDecl())) == Key && !Flow.isFree(Ref, nullptr, 0))
      return Ref;
  }
  return nullptr;
}

} // namespace cuda
} // namespace klineage
