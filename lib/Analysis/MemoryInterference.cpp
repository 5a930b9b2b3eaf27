//===- MemoryInterference.cpp - Accesses between two points that may alias ===//
#include "klineage/Analysis/MemoryInterference.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace klineage {
namespace analysis {

bool readsMemory(const Expr *E) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *) {
      Found = true;
      return false;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      if (U->getOpcode() == UO_Deref)
        Found = true;
      return !Found;
    }
  } F;
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.Found;
}

std::vector<Interference> interferences(const FunctionFacts &Facts, PointerProvenance &Prov,
                                        const Root &Target, unsigned Begin, unsigned End,
                                        bool Reads, const AssertedNoAlias &NoAlias) {
  std::vector<Interference> Out;
  for (const MemEvent &Ev : Facts.events()) {
    if (Ev.Begin < Begin || Ev.Begin >= End)
      continue;
    Interference I;
    I.Event = &Ev;
    if (Ev.K == MemEvent::Call) {
      Out.push_back(std::move(I));
      continue;
    }
    if (Ev.K == MemEvent::Read && !Reads)
      continue;
    const Expr *Ptr = accessBasePointer(Ev.E);
    I.EventRoot = Ptr ? Prov.rootOf(Ptr) : Root();
    I.Overlap = mayAlias(Target, I.EventRoot, I.Why);
    if (I.Overlap == Alias::No ||
        (I.Overlap == Alias::May && NoAlias && NoAlias(Target, I.EventRoot)))
      continue;
    Out.push_back(std::move(I));
  }
  return Out;
}

} // namespace analysis
} // namespace klineage
