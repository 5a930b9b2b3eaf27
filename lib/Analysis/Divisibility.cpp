//===- Divisibility.cpp - Is an integer a provable multiple of N? ---------===//
#include "klineage/Analysis/Divisibility.h"
#include "klineage/Cuda/MemorySpace.h"
#include <numeric>

using namespace clang;

namespace klineage {
namespace analysis {

bool Divisibility::atomMultiple(const std::string &Key, int64_t N, unsigned Depth) {
  if (N <= 1)
    return true;
  const Atom *A = Lin.atom(Key);
  if (!A || !A->Var || Depth > 6)
    return false;
  const VarDecl *VD = A->Var;
  if (Asserted && Asserted(VD, N))
    return true;
  if (Facts.assumedMultiple(VD, N))
    return true;
  if (isa<ParmVarDecl>(VD) || !VD->hasLocalStorage() || cuda::isShared(VD))
    return false;
  // Every definition (initialiser, =, +=, -=) is a multiple of N. The values
  // are computed once, so calls in them are fine (`int i = gtid() * 4;`). A
  // local without initialiser is indeterminate until its first assignment.
  if (!VD->getInit() && Facts.mods(VD).empty())
    return false;
  if (VD->getInit()) {
    auto Init = Lin.linearizeValue(VD->getInit());
    if (!Init || !formMultiple(*Init, N, Depth + 1))
      return false;
  }
  for (const VarMod &M : Facts.mods(VD)) {
    if (M.Other || !M.Value)
      return false;
    auto F = Lin.linearizeValue(M.Value);
    if (!F || !formMultiple(*F, N, Depth + 1))
      return false;
  }
  return true;
}

static int64_t gcd64(int64_t A, int64_t B) { return std::gcd(A < 0 ? -A : A, B < 0 ? -B : B); }

bool Divisibility::formMultiple(const LinearForm &F, int64_t N, unsigned Depth) {
  for (const auto &[M, C] : F.Terms) {
    int64_t Need = N / gcd64(C, N);
    if (Need == 1)
      continue;
    bool Ok = false;
    for (const std::string &A : M)
      if (atomMultiple(A, Need, Depth))
        Ok = true;
    if (!Ok)
      return false;
  }
  return true;
}

Divisibility::Answer Divisibility::multipleOf(const LinearForm &F, int64_t N) {
  Answer A;
  LinearForm Sym = F.symbolic();
  int64_t C = F.constant();
  if (formMultiple(Sym, N)) {
    A.T = C % N == 0 ? Truth::Holds : Truth::Fails;
    A.Remainder = C % N;
    return A;
  }
  for (const auto &[M, Coef] : Sym.Terms) {
    int64_t Need = N / gcd64(Coef, N);
    bool Ok = Need == 1;
    for (const std::string &At : M)
      Ok = Ok || atomMultiple(At, Need);
    if (Ok)
      continue;
    A.Unproven = M;
    A.Need = Need;
    return A;
  }
  return A;
}

} // namespace analysis
} // namespace klineage
