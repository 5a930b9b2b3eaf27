//===- BarrierRegions.cpp - Barriers, the regions between them, divergence ===//
#include "klineage/Analysis/BarrierRegions.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace klineage {
namespace analysis {

static void findBarriers(const Stmt *S, std::vector<Barrier> &Out) {
  if (!S || isa<LambdaExpr>(S))
    return; // a lambda's barriers belong to its own call operator
  if (const auto *C = dyn_cast<CallExpr>(S))
    if (auto Scope = cuda::barrierScope(C))
      Out.push_back(Barrier{C, *Scope, std::nullopt});
  for (const Stmt *Child : S->children())
    findBarriers(Child, Out);
}

/// The level a condition must have for every thread of \p S to agree.
static Level needed(cuda::SyncScope S) {
  switch (S) {
  case cuda::SyncScope::Warp: return Level::Warp;
  case cuda::SyncScope::Block: return Level::Block;
  case cuda::SyncScope::Grid: return Level::Grid;
  }
  return Level::Block;
}

BarrierRegions::BarrierRegions(Uniformity &U) : U(U) {
  const Stmt *Body = U.function()->getBody();
  findBarriers(Body, Barriers);
  for (Barrier &B : Barriers) {
    for (const Stmt *S = B.Call; S; S = U.parent(S))
      Holders.insert(S);
    UniformityAnswer C = U.controlOf(B.Call);
    if (C.L < needed(B.Scope))
      B.Divergence = C;
  }
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
    split(CS, false);
}

bool BarrierRegions::holdsBarrier(const Stmt *S) const { return Holders.count(S); }

std::vector<const Barrier *> BarrierRegions::divergent() const {
  std::vector<const Barrier *> Out;
  for (const Barrier &B : Barriers)
    if (B.Divergence)
      Out.push_back(&B);
  return Out;
}

void BarrierRegions::split(const CompoundStmt *CS, bool InLoop) {
  BarrierRegion R;
  R.Parent = CS;
  R.InLoop = InLoop;
  for (const Stmt *S : CS->body()) {
    if (!holdsBarrier(S)) {
      R.Stmts.push_back(S);
      continue;
    }
    R.After = S;
    if (!R.Stmts.empty())
      Regions.push_back(R);
    R.Stmts.clear();
    R.Before = S;
    R.After = nullptr;
    descend(S);
  }
  if (!R.Stmts.empty())
    Regions.push_back(R);
}

static bool isLoop(const Stmt *S) {
  return isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S);
}

void BarrierRegions::descend(const Stmt *S) {
  for (const Stmt *C : S->children()) {
    if (!C || !holdsBarrier(C))
      continue;
    if (const auto *CS = dyn_cast<CompoundStmt>(C))
      split(CS, isLoop(S));
    else
      descend(C);
  }
}

} // namespace analysis
} // namespace klineage
