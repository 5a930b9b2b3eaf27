//===- LauncherArgs.cpp - Kernel parameters a launcher passes through -----===//
#include "klineage/Analysis/LauncherArgs.h"
#include "klineage/Analysis/PointerProvenance.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Cuda/LaunchSites.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace klineage {
namespace analysis {

namespace {

/// \p E is an element of the initialiser of a local `void *args[]` array.
bool inLaunchArgsArray(ASTContext &Ctx, const Expr *E) {
  DynTypedNodeList Ps = Ctx.getParents(*E);
  while (!Ps.empty()) {
    if (const auto *VD = Ps[0].get<VarDecl>()) {
      const auto *AT = Ctx.getAsArrayType(VD->getType());
      return AT && AT->getElementType()->isVoidPointerType();
    }
    if (!Ps[0].get<InitListExpr>() && !Ps[0].get<ImplicitCastExpr>() && !Ps[0].get<CStyleCastExpr>() &&
        !Ps[0].get<ParenExpr>() && !Ps[0].get<UnaryOperator>())
      return false;
    Ps = Ctx.getParents(Ps[0]);
  }
  return false;
}


/// The parameter of \p Launcher that \p A (an expression in \p In) is,
/// unchanged: a parameter of In that In never writes, In being the launcher
/// or a function (a launch helper, a template's instance) that only the
/// launcher calls, each call passing the launcher's parameter itself.
const ParmVarDecl *paramSource(ASTContext &Ctx, const ParmVarDecl *P, const FunctionDecl *In,
                               const FunctionDecl *Launcher, std::string &Why, unsigned Depth);

const ParmVarDecl *passedParam(ASTContext &Ctx, const Expr *A, const FunctionDecl *In, const FunctionDecl *Launcher,
                               std::string &Why, unsigned Depth) {
  // Through pointer casts (`const_cast<unsigned char *>(pixels)`): the same
  // address, the same buffer.
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(throughPointerCasts(A));
  const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  if (!P || P->getDeclContext() != In) {
    Why = "a launch passes something other than a parameter of the launcher";
    return nullptr;
  }
  return paramSource(Ctx, P, In, Launcher, Why, Depth);
}

/// passedParam from the parameter \p P of \p In itself.
const ParmVarDecl *paramSource(ASTContext &Ctx, const ParmVarDecl *P, const FunctionDecl *In,
                               const FunctionDecl *Launcher, std::string &Why, unsigned Depth) {
  const FunctionFacts &F = AnalysisCache::of(Ctx).facts(In);
  for (const VarMod &M : F.mods(P)) {
    // `void *args[] = {&n, ...}` handed to cudaLaunchKernel: the launch
    // reads it (launchArgument found the argument through it).
    if (M.Kind == MutationKind::AddressTaken && inLaunchArgsArray(Ctx, M.At))
      continue;
    Why = "'" + In->getNameAsString() + "' may change '" + P->getName().str() + "' (it " +
          mutationKindPhrase(M.Kind) + ")";
    return nullptr;
  }
  if (In->getCanonicalDecl() == Launcher->getCanonicalDecl())
    return P;
  if (Depth >= 2) {
    Why = "the kernel is launched too far from the launcher";
    return nullptr;
  }
  // A helper: every use of it is a call from the launcher (matches may
  // repeat a node: deduplicated).
  std::vector<const CallExpr *> CallSet; // in match order
  std::set<const DeclRefExpr *> Callees;
  for (const auto &B : match(traverse(TK_AsIs, findAll(callExpr(callee(functionDecl(equalsNode(In)))).bind("c"))), Ctx)) {
    const auto *C = B.getNodeAs<CallExpr>("c");
    if (llvm::is_contained(CallSet, C))
      continue;
    CallSet.push_back(C);
    if (const auto *D = dyn_cast<DeclRefExpr>(C->getCallee()->IgnoreParenImpCasts()))
      Callees.insert(D);
  }
  bool Escapes = false;
  for (const auto &B : match(traverse(TK_AsIs, findAll(declRefExpr(to(functionDecl(equalsNode(In)))).bind("r"))), Ctx))
    Escapes = Escapes || !Callees.count(B.getNodeAs<DeclRefExpr>("r"));
  if (CallSet.empty() || Escapes) {
    Why = "the kernel is launched outside the launcher";
    return nullptr;
  }
  const ParmVarDecl *Common = nullptr;
  for (const CallExpr *C : CallSet) {
    const FunctionDecl *Caller = cuda::enclosingFunction(Ctx, *C);
    unsigned Index = P->getFunctionScopeIndex();
    const ParmVarDecl *Q = Caller && Index < C->getNumArgs()
                               ? passedParam(Ctx, C->getArg(Index), Caller, Launcher, Why, Depth + 1)
                               : nullptr;
    if (!Q || (Common && Q != Common)) {
      if (Q)
        Why = "calls of '" + In->getNameAsString() + "' pass different parameters";
      else if (Why.empty() || !Caller)
        Why = "the kernel is launched outside the launcher";
      return nullptr;
    }
    Common = Q;
  }
  return Common;
}
} // namespace

const ParmVarDecl *rootParamOf(ASTContext &Ctx, const ParmVarDecl *P, const FunctionDecl *Root, std::string *Why) {
  std::string W;
  const auto *In = dyn_cast<FunctionDecl>(P->getDeclContext());
  const ParmVarDecl *R = In ? paramSource(Ctx, P, In, Root, W, 0) : nullptr;
  if (Why)
    *Why = R ? "" : (W.empty() ? "not a function's parameter" : W);
  return R;
}

std::vector<const ParmVarDecl *> launcherParamsOf(ASTContext &Ctx, const cuda::KernelLauncherGraph &G,
                                                  const FunctionDecl *Kernel, const FunctionDecl *Launcher,
                                                  std::vector<std::string> *Why) {
  unsigned N = Kernel->getNumParams();
  std::vector<const ParmVarDecl *> Out(N, nullptr);
  std::vector<std::string> Reasons(N);
  auto Finish = [&](const std::string &All) {
    if (Why) {
      *Why = Reasons;
      for (unsigned I = 0; I < N; ++I)
        if (!Out[I] && (*Why)[I].empty())
          (*Why)[I] = All;
    }
    return Out;
  };
  if (!G.allLaunchesKnown(Kernel))
    return Finish("not every launch of the kernel is known");
  std::vector<const cuda::LaunchSite *> Sites = G.launchesOf(Kernel);
  if (!Launcher->getDefinition())
    return Finish("the launcher has no body here");
  for (unsigned I = 0; I < N; ++I) {
    const ParmVarDecl *Common = nullptr;
    for (const cuda::LaunchSite *S : Sites) {
      std::string Why1;
      const ParmVarDecl *P =
          S->Launcher ? passedParam(Ctx, cuda::launchArgument(Ctx, *S, I), S->Launcher, Launcher, Why1, 0) : nullptr;
      if (!P) {
        Reasons[I] = Why1.empty() ? "the launch is in no function" : Why1;
        Common = nullptr;
        break;
      }
      if (Common && Common != P) {
        Reasons[I] = "launches pass different parameters";
        Common = nullptr;
        break;
      }
      Common = P;
    }
    Out[I] = Common;
  }
  return Finish("");
}

} // namespace analysis
} // namespace klineage
