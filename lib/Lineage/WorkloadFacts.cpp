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
  cuda::KernelLauncherGraph G(Ctx);
  for (const FunctionDecl *K : G.kernels()) {
    if (G.launchesOf(K).empty())
      continue;
    std::vector<std::string> Why;
    std::vector<const ParmVarDecl *> From = analysis::launcherParamsOf(Ctx, G, K, Launcher, &Why);
    std::string KName = K->getNameAsString();
    auto IndexOf = [&](const ParmVarDecl *P) { return P ? P->getFunctionScopeIndex() : ~0u; };
    // Pointer parameters that all receive distinct buffers: none aliases another.
    bool Distinct = true;
    std::set<unsigned> Seen;
    for (unsigned J = 0; J < K->getNumParams(); ++J)
      if (K->getParamDecl(J)->getType()->isPointerType()) {
        unsigned L = IndexOf(From[J]);
        Distinct = Distinct && Buffers.count(L) && Seen.insert(L).second;
      }
    for (unsigned J = 0; J < K->getNumParams(); ++J) {
      std::string Q = KName + "." + K->getParamDecl(J)->getName().str();
      unsigned L = IndexOf(From[J]);
      if (!From[J]) {
        if (!Why[J].empty() && Why[J] != "the kernel is launched outside the launcher")
          Notes.push_back(Q + ": no workload fact: " + Why[J]);
        continue;
      }
      bool Pointer = K->getParamDecl(J)->getType()->isPointerType();
      for (const auto &[Kind, V] : Promised[L]) {
        if ((Kind == "aligned") != Pointer)
          continue;
        Out.push_back(Kind + ":" + Q + ":" + V);
      }
      if (Pointer && Buffers.count(L) && Distinct)
        Out.push_back("noalias:" + Q);
    }
  }
  return Out;
}

} // namespace lineage
} // namespace klineage
