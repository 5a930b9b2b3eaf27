//===- WorkloadFacts.cpp - A workload's promises as kernel facts ----------===//
#include "klineage/Lineage/WorkloadFacts.h"
#include "klineage/Analysis/LauncherArgs.h"
#include "klineage/Cuda/KernelLauncherGraph.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/STLExtras.h"
#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace klineage {
namespace lineage {

std::vector<std::string> workloadFacts(ASTContext &Ctx, const gate::Manifest &M, std::vector<std::string> &Notes) {
  std::vector<std::string> Out;
  // The launcher: a definition in the main file with the manifest's name and
  // one parameter per manifest parameter.
  const FunctionDecl *Launcher = nullptr;
  for (const auto &B : match(functionDecl(isDefinition(), isExpansionInMainFile()).bind("f"), Ctx)) {
    const auto *F = B.getNodeAs<FunctionDecl>("f");
    if ((F->getQualifiedNameAsString() == M.Launcher || F->getNameAsString() == M.Launcher) &&
        F->getNumParams() == M.Params.size() && !F->hasAttr<CUDAGlobalAttr>())
      Launcher = F;
  }
  if (!Launcher) {
    Notes.push_back("no launcher '" + M.Launcher + "' with " + std::to_string(M.Params.size()) +
                    " parameters in the file: no workload facts");
    return Out;
  }
  // What the workload promises, by launcher parameter index.
  std::map<unsigned, std::vector<std::pair<std::string, std::string>>> Promised; // kind, value
  std::set<unsigned> Buffers;
  for (unsigned I = 0; I < M.Params.size(); ++I) {
    const gate::Param &P = M.Params[I];
    if (P.Kind == gate::ParamKind::Input || P.Kind == gate::ParamKind::Output || P.Kind == gate::ParamKind::InOut) {
      Buffers.insert(I);
      Promised[I].push_back({"aligned", "256"});
    }
    for (const gate::DomainFact &D : M.Domain)
      for (const std::string &A : D.Assume) { // multiple:NAME:K
        llvm::StringRef Rest(A);
        if (!Rest.consume_front("multiple:"))
          continue;
        auto [Name, K] = Rest.split(':');
        if (Name == P.Name)
          Promised[I].push_back({"multiple", K.str()});
      }
  }
  // The facts of function F whose parameter J holds launcher parameter
  // From[J] (~0u: none).
  auto Emit = [&](const FunctionDecl *F, const std::vector<unsigned> &From) {
    std::string FName = F->getNameAsString();
    // Pointer parameters that all receive distinct buffers: none aliases another.
    bool Distinct = true;
    std::set<unsigned> Seen;
    for (unsigned J = 0; J < F->getNumParams(); ++J)
      if (F->getParamDecl(J)->getType()->isPointerType())
        Distinct = Distinct && Buffers.count(From[J]) && Seen.insert(From[J]).second;
    for (unsigned J = 0; J < F->getNumParams(); ++J) {
      if (From[J] == ~0u)
        continue;
      std::string Q = FName + "." + F->getParamDecl(J)->getName().str();
      bool Pointer = F->getParamDecl(J)->getType()->isPointerType();
      for (const auto &[Kind, V] : Promised[From[J]])
        if ((Kind == "aligned") == Pointer)
          Out.push_back(Kind + ":" + Q + ":" + V);
      if (Pointer && Buffers.count(From[J]) && Distinct)
        Out.push_back("noalias:" + Q);
    }
  };
  cuda::KernelLauncherGraph G(Ctx);
  std::vector<std::pair<const FunctionDecl *, std::vector<unsigned>>> Kernels;
  for (const FunctionDecl *K : G.kernels()) {
    if (G.launchesOf(K).empty())
      continue;
    std::vector<std::string> Why;
    std::vector<const ParmVarDecl *> From = analysis::launcherParamsOf(Ctx, G, K, Launcher, &Why);
    std::vector<unsigned> Index(K->getNumParams(), ~0u);
    for (unsigned J = 0; J < K->getNumParams(); ++J) {
      if (From[J])
        Index[J] = From[J]->getFunctionScopeIndex();
      else if (!Why[J].empty() && Why[J] != "the kernel is launched outside the launcher")
        Notes.push_back(K->getNameAsString() + "." + K->getParamDecl(J)->getName().str() +
                        ": no workload fact: " + Why[J]);
    }
    Emit(K, Index);
    Kernels.push_back({K->getDefinition() ? K->getDefinition() : K, Index});
  }
  // The kernels' __device__ helpers: a parameter that always holds one of a
  // kernel's parameters (every call from the kernel passes it) inherits its
  // facts -- the loads a helper makes are the kernel's.
  for (const auto &B : match(functionDecl(isDefinition(), isExpansionInMainFile(), hasAttr(attr::CUDADevice),
                                          unless(hasAttr(attr::CUDAGlobal)))
                                 .bind("f"),
                             Ctx)) {
    const auto *D = B.getNodeAs<FunctionDecl>("f");
    std::vector<unsigned> Index(D->getNumParams(), ~0u);
    bool Any = false;
    for (unsigned J = 0; J < D->getNumParams(); ++J)
      for (const auto &[K, KIndex] : Kernels)
        if (const ParmVarDecl *KP = analysis::rootParamOf(Ctx, D->getParamDecl(J), K)) {
          Index[J] = KIndex[KP->getFunctionScopeIndex()];
          Any |= Index[J] != ~0u;
          break;
        }
    if (Any)
      Emit(D, Index);
  }
  return Out;
}

} // namespace lineage
} // namespace klineage
