//===- KernelLauncherGraph.cpp - Which host function launches which kernel ===//
#include "klineage/Cuda/KernelLauncherGraph.h"
#include "klineage/Cuda/DeviceCode.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>

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

} // namespace cuda
} // namespace klineage
