//===- ThreadShift.cpp - How an index moves with the thread indices -------===//
#include "klineage/Analysis/ThreadShift.h"
#include "llvm/ADT/STLExtras.h"

namespace klineage {
namespace analysis {

std::string threadIdxKey(unsigned Dim) {
  return Dim == 0 ? "b:threadIdx.x" : Dim == 1 ? "b:threadIdx.y" : "b:threadIdx.z";
}

bool mentionsAtom(const LinearForm &F, const std::string &Key) {
  for (const auto &[Mono, C] : F.Terms)
    if (llvm::is_contained(Mono, Key))
      return true;
  return false;
}

bool dependsOnlyOnSum(const LinearForm &F, const std::string &T, const std::string &V) {
  auto G = substitute(F, [&](const std::string &Key) -> std::optional<LinearForm> {
    LinearForm R;
    if (Key == V)
      return R;
    if (Key == T) {
      R.Terms[Monomial{T}] = 1;
      R.Terms[Monomial{V}] = 1;
      return R;
    }
    return std::nullopt;
  });
  if (!G)
    return false;
  G->add(F, -1);
  G->normalize();
  return G->Terms.empty();
}

std::optional<AtomStep> atomStep(const LinearForm &F, const std::string &T) {
  std::optional<AtomStep> Out;
  for (const auto &[Mono, Coeff] : F.Terms) {
    auto N = llvm::count(Mono, T);
    if (N == 0 || Coeff == 0)
      continue;
    if (N > 1 || Out)
      return std::nullopt;
    AtomStep S;
    for (const std::string &K : Mono)
      if (K != T)
        S.Mono.push_back(K);
    S.Coeff = Coeff;
    Out = S;
  }
  return Out;
}

std::optional<std::vector<int64_t>> shiftBetween(const LinearForm &A, const LinearForm &B,
                                                 const std::vector<AtomStep> &Steps) {
  LinearForm D = A;
  D.add(B, -1);
  D.normalize();
  std::vector<int64_t> Out;
  for (const AtomStep &S : Steps) {
    if (!S.Coeff)
      return std::nullopt;
    auto It = D.Terms.find(S.Mono);
    int64_t N = It == D.Terms.end() ? 0 : It->second;
    if (N % S.Coeff)
      return std::nullopt;
    Out.push_back(N / S.Coeff);
    if (It != D.Terms.end())
      D.Terms.erase(It);
  }
  D.normalize();
  if (!D.Terms.empty())
    return std::nullopt;
  return Out;
}

} // namespace analysis
} // namespace klineage
