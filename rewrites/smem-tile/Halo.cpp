//===- Halo.cpp - smem-tile's stencil sites: halo tiles before a tap nest -===//
//
// Part of KLineage. A stencil reads `in[(y + i) * W + x + j]` in a nest of
// tap loops with constant bounds: thread (ty, tx) reads the element at
// (ty + i, tx + j), so neighbouring threads share elements through the
// halo, though no two of them read the same element on the same tap (the
// loop sites of SmemTile.cpp find nothing to stage). Forward stages, once
// before the nest, a tile of (blockDim.y + span_i) x (blockDim.x + span_j)
// elements -- each thread loading the slots it strides over -- under the
// conditions the reads ran under, restated for the element; a barrier; the
// nest reads the tile at [threadIdx.y + i - lo_i][threadIdx.x + j - lo_j].
// A guard that keeps threads out is split as for a loop site (SmemTile.cpp):
// the staging keeps each of its terms as the nearest thread that reads the
// element would evaluate it.
//
// Docs: docs/rewrites/smem-tile.md (Halo tiles).
//
//===----------------------------------------------------------------------===//
#include "SmemTile.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/LinearForm.h"
#include "klineage/Analysis/LoopInfo.h"
#include "klineage/Analysis/ThreadIndex.h"
#include "klineage/Analysis/ThreadShift.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Edit/EditBuilder.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Frontend/SourcePositions.h"
#include "klineage/Rewrite/LaunchShape.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "llvm/ADT/StringExtras.h"
#include <map>

using namespace clang;
using namespace llvm;

namespace klineage {
namespace smem_tile {

namespace {

std::string tidKey(unsigned Axis) { return analysis::threadIdxKey(Axis == AxisX ? 0 : 1); }
bool onlyThroughSum(const analysis::LinearForm &F, unsigned Axis, const std::string &VKey) {
  return analysis::dependsOnlyOnSum(F, tidKey(Axis), VKey);
}
bool mentions(const analysis::LinearForm &F, const std::string &Key) { return analysis::mentionsAtom(F, Key); }
/// The constant by which threadIdx.\p Axis enters \p F (one term, no
/// other atom in it), or none.
std::optional<int64_t> tidCoefficient(const analysis::LinearForm &F, unsigned Axis) {
  auto S = analysis::atomStep(F, tidKey(Axis));
  if (!S || !S->Mono.empty())
    return std::nullopt;
  return S->Coeff;
}
const char *tidText(unsigned Axis) { return Axis == AxisX ? "threadIdx.x" : "threadIdx.y"; }
uint64_t blockExtent(const analysis::Dim3 &B, unsigned Axis) { return Axis == AxisX ? B.X : B.Y; }

/// The tap loop \p F: one counter stepping by one between constant bounds.
/// Sets \p Why when \p F is a counted loop whose bounds are not constants.
std::optional<HaloDim> tapLoop(ASTContext &Ctx, ThreadAxes &TA, const ForStmt *F, std::string &Why) {
  LoopPlan T;
  T.Loop = F;
  T.Outer = F;
  readLoop(Ctx, TA, T);
  if (!T.Counter || !T.Cond)
    return std::nullopt;
  if (!T.LoopWhy.empty()) {
    Why = T.LoopWhy;
    return std::nullopt;
  }
  bool CounterLeft = analysis::refVar(T.Cond->getLHS()) == T.Counter;
  const Expr *Bound = CounterLeft ? T.Cond->getRHS() : T.Cond->getLHS();
  analysis::NonConstant NC;
  auto Lo = analysis::constantValue(Ctx, T.Start, NC);
  auto Hi = analysis::constantValue(Ctx, Bound, NC);
  if (!Lo || !Hi) {
    Why = "the bounds of the tap loop '" + T.Counter->getName().str() + "' are not constants ('" +
          nodeText(Ctx, Lo ? Bound : T.Start, "?") + "'): the halo tile's extent must be";
    return std::nullopt;
  }
  BinaryOperatorKind Op = T.Cond->getOpcode();
  bool Strict = Op == BO_LT || Op == BO_GT;
  HaloDim D;
  D.Tap = T.Counter;
  D.TapLoop = F;
  D.Lo = Lo->getExtValue();
  D.Hi = Hi->getExtValue() - (Strict ? 1 : 0);
  if (D.Hi < D.Lo || D.Hi - D.Lo > 64) {
    Why = "the tap loop '" + T.Counter->getName().str() + "' runs " +
          (D.Hi < D.Lo ? std::string("no iteration") : std::to_string(D.Hi - D.Lo + 1) + " taps (at most 65)");
    return std::nullopt;
  }
  return D;
}

/// The key of \p V's atom in \p F, if any.
std::optional<std::string> keyOf(const analysis::Linearizer &Lin, const analysis::LinearForm &F, const VarDecl *V) {
  for (const auto &[Mono, C] : F.Terms)
    for (const std::string &K : Mono)
      if (const analysis::Atom *A = Lin.atom(K); A && A->Var == V)
        return K;
  return std::nullopt;
}

/// The loops from \p S's parent up to and including \p Root.
std::vector<const ForStmt *> loopsAround(const analysis::FunctionFacts &F, const Stmt *S, const Stmt *Root) {
  std::vector<const ForStmt *> Out;
  for (const Stmt *P = F.parentOf(S); P; P = F.parentOf(P)) {
    if (const auto *L = dyn_cast<ForStmt>(P))
      Out.push_back(L);
    if (P == Root)
      break;
  }
  return Out;
}

/// Does some read inside \p Inside pair \p L's counter (a constant tap loop)
/// with a thread index?
bool pairsTap(ASTContext &Ctx, ThreadAxes &TA, const ForStmt *L, const Stmt *Inside) {
  // Any counted loop: one whose bounds are not constants is a tap loop the
  // site refuses (loop-counted), not a reason to look elsewhere.
  LoopPlan T;
  T.Loop = L;
  T.Outer = L;
  readLoop(Ctx, TA, T);
  if (!T.Counter || !T.LoopWhy.empty())
    return false;
  HaloDim Tap;
  Tap.Tap = T.Counter;
  const HaloDim *D = &Tap;
  analysis::Linearizer Lin(Ctx);
  for (const ArraySubscriptExpr *R : globalReadsIn(Ctx, Inside)) {
    auto F0 = Lin.linearize(R->getIdx());
    auto F = F0 ? analysis::expandLocals(Lin, TA.facts(), *F0) : std::nullopt;
    if (!F)
      continue;
    auto VK = keyOf(Lin, *F, D->Tap);
    if (!VK)
      continue;
    for (unsigned A : {AxisX, AxisY})
      if (mentions(*F, tidKey(A)) && onlyThroughSum(*F, A, *VK))
        return true;
  }
  return false;
}

/// A comparison's sides as one form, `L - R`, and its operator.
std::optional<analysis::LinearForm> differenceOf(analysis::Linearizer &Lin, const analysis::FunctionFacts &Facts,
                                                 const BinaryOperator *C) {
  auto L0 = Lin.linearize(C->getLHS());
  auto R0 = Lin.linearize(C->getRHS());
  auto L = L0 ? analysis::expandLocals(Lin, Facts, *L0) : std::nullopt;
  auto R = R0 ? analysis::expandLocals(Lin, Facts, *R0) : std::nullopt;
  if (!L || !R)
    return std::nullopt;
  L->add(*R, -1);
  L->normalize();
  return L;
}

BinaryOperatorKind flipped(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT:
    return BO_GE;
  case BO_LE:
    return BO_GT;
  case BO_GT:
    return BO_LE;
  case BO_GE:
    return BO_LT;
  case BO_EQ:
    return BO_NE;
  default:
    return BO_EQ;
  }
}

/// Each guard term of \p P, kept for \p O's staging as the nearest thread
/// that reads the element would evaluate it: a bound that holds for low
/// thread indices at the lowest such thread, one that holds for high ones at
/// the highest; a term about an axis without a span as written. False (and
/// P.FootprintWhy) when a term cannot be restated.
bool keepGuardTerms(ASTContext &Ctx, analysis::Linearizer &Lin, const analysis::FunctionFacts &Facts, LoopPlan &P,
                    Operand &O) {
  for (size_t I = 0; I < P.Conjuncts.size(); ++I) {
    const Expr *C = P.Conjuncts[I];
    unsigned A = P.ConjunctAxes[I];
    auto Dim = llvm::find_if(O.Dims, [&](const HaloDim &D) { return D.Axis == A; });
    if (A == 0 || (Dim != O.Dims.end() && !Dim->Tap && Dim->Hi == Dim->Lo)) {
      O.Kept.push_back(C); // uniform, or the thread's own coordinate
      O.HaloAt.push_back(0);
      continue;
    }
    auto No = [&](std::string Why) {
      P.FootprintWhy = "the guard's term " + describe(Ctx, C) + Why;
      P.FootprintAt = C;
      return false;
    };
    if ((A & (A - 1)) || A & AxisOther)
      return No(" depends on " + axesText(A) + ": the staging of " + describe(Ctx, O.Reads.front()) +
                " cannot restate it for an element");
    if (Dim == O.Dims.end())
      continue; // an axis the element does not depend on: some thread that shares it passes
    const auto *Cmp = dyn_cast<BinaryOperator>(C->IgnoreParenImpCasts());
    auto D = Cmp && Cmp->isRelationalOp() ? differenceOf(Lin, Facts, Cmp) : std::nullopt;
    auto Coeff = D ? tidCoefficient(*D, A) : std::nullopt;
    if (!Coeff || !*Coeff)
      return No(std::string(" is not a bound (<, <=, >, >=) on a linear form of ") + tidText(A) +
                ": the staging cannot tell which thread reads an element");
    BinaryOperatorKind Op = P.G == GuardShape::EarlyReturn ? flipped(Cmp->getOpcode()) : Cmp->getOpcode();
    O.Kept.push_back(C);
    O.HaloAt.push_back((Op == BO_LT || Op == BO_LE) == (*Coeff > 0) ? 1 : 2);
  }
  return true;
}

struct Candidate {
  Operand O;
  std::string Key;
  std::string CondKey;
};

} // namespace

HaloRole planHalo(const AnalysisContext &AC, const FunctionDecl *FD, const ForStmt *Root, LoopPlan &P) {
  ASTContext &Ctx = AC.ast();
  const analysis::FunctionFacts &Facts = analysis::AnalysisCache::of(Ctx).facts(FD);
  std::optional<analysis::Dim3> Block = knownBlockShape(AC, FD);
  ThreadAxes TA(Ctx, FD, Block);
  // Inside the nest of an outer tap loop: that loop is the site.
  for (const Stmt *Up = Facts.parentOf(Root); Up; Up = Facts.parentOf(Up))
    if (const auto *L = dyn_cast<ForStmt>(Up); L && pairsTap(Ctx, TA, L, Root))
      return HaloRole::Inner;
  if (!pairsTap(Ctx, TA, Root, Root->getBody()))
    return HaloRole::None;

  P.Halo = true;
  P.Loop = Root;
  P.Outer = Root;
  if (const auto *A = dyn_cast_or_null<AttributedStmt>(Facts.parentOf(Root)))
    P.Outer = A;
  P.Block = Block;
  readLoop(Ctx, TA, P);
  std::string TapWhy;
  auto RootTap = tapLoop(Ctx, TA, Root, TapWhy);
  if (!RootTap) {
    if (P.LoopWhy.empty())
      P.LoopWhy = TapWhy;
    P.LoopAt = Root;
    return HaloRole::Root;
  }
  P.Taps.push_back(*RootTap);
  std::map<const VarDecl *, HaloDim> Taps{{RootTap->Tap, *RootTap}};

  analysis::Linearizer Lin(Ctx);
  std::vector<Candidate> Cands;
  for (const ArraySubscriptExpr *R : globalReadsIn(Ctx, Root->getBody())) {
    auto Reject = [&](std::string Why, bool Unshared = false) {
      P.Rejects.push_back({R, std::move(Why), Unshared});
    };
    const Expr *Base = R->getBase()->IgnoreParenImpCasts();
    std::vector<const VarDecl *> Vars, BaseVars;
    TA.varsOf(R->getIdx(), Vars);
    TA.varsOf(R->getBase(), BaseVars);
    // Every variable the nest changes must be a tap counter.
    std::vector<const VarDecl *> TapVars;
    const VarDecl *Moved = nullptr;
    for (const VarDecl *V : BaseVars)
      if (!Moved && Facts.modifiedWithin(V, Root))
        Moved = V;
    if (Moved) {
      Reject("its pointer reads '" + Moved->getName().str() + "', which changes inside the nest");
      continue;
    }
    for (const VarDecl *V : Vars) {
      if (!Facts.modifiedWithin(V, Root) || Moved)
        continue;
      auto It = Taps.find(V);
      if (It == Taps.end())
        for (const ForStmt *L : loopsAround(Facts, R, Root)) {
          std::string Why;
          const auto *DS = dyn_cast_or_null<DeclStmt>(L->getInit());
          if (!DS || !DS->isSingleDecl() || DS->getSingleDecl() != V)
            continue;
          if (auto D = tapLoop(Ctx, TA, L, Why)) {
            It = Taps.emplace(V, *D).first;
            P.Taps.push_back(*D);
          } else if (!Why.empty() && P.LoopWhy.empty()) {
            P.LoopWhy = Why;
            P.LoopAt = L;
          }
          break;
        }
      if (It == Taps.end())
        Moved = V;
      else
        TapVars.push_back(V);
    }
    if (Moved) {
      Reject("it reads '" + Moved->getName().str() + "', which changes inside the nest and is not the counter of "
             "a tap loop with constant bounds around it");
      continue;
    }
    if (TapVars.empty())
      continue; // the same element on every tap: not the nest's to stage
    auto F0 = Lin.linearize(R->getIdx());
    std::optional<analysis::LinearForm> F = F0 ? analysis::expandLocals(Lin, Facts, *F0) : std::nullopt;
    if (!F) {
      Reject("its index is not a sum of products of the thread indices, the taps and uniform values");
      continue;
    }
    const Expr *Br = nullptr;
    unsigned Axes = TA.of(R->getIdx(), &Br) | TA.of(R->getBase());
    if (Block && Block->Z == 1)
      Axes &= ~unsigned(AxisZ);
    if (Axes & (AxisOther | AxisZ)) {
      Reject("its address depends on " + axesText(Axes & (AxisOther | AxisZ)) +
             (Br ? " ('" + nodeText(Ctx, Br, "") + "')" : std::string()));
      continue;
    }
    if (!Axes) {
      // A filter's weights: the address reaches no thread and no block
      // index, so every thread reads the same elements.
      const auto *BD = dyn_cast<DeclRefExpr>(Base);
      const auto *BV = BD ? dyn_cast<VarDecl>(BD->getDecl()) : nullptr;
      bool BlockFree = !mentions(*F, "b:blockIdx.x") && !mentions(*F, "b:blockIdx.y") &&
                       !mentions(*F, "b:blockIdx.z") && BV && (isa<ParmVarDecl>(BV) || !BV->hasLocalStorage());
      if (BlockFree)
        P.GridUniform.push_back(R);
      continue;
    }
    // Pair each tap with the thread axis it is added to.
    Operand O;
    O.K = OperandKind::Halo;
    O.Reads.push_back(R);
    O.Values.push_back(readValue(Ctx, R));
    O.Axes = Axes;
    O.ElemType = elementTypeText(Ctx, Base, R);
    O.ElemBytes = Ctx.getTypeSizeInChars(R->getType()).getQuantity();
    std::string Why;
    bool Shared = false;
    for (unsigned A : {AxisY, AxisX}) {
      if (!(Axes & A))
        continue;
      if (!mentions(*F, tidKey(A))) {
        Why = "its index reads " + std::string(tidText(A)) + " other than as a term of a sum";
        break;
      }
      HaloDim D;
      D.Axis = A;
      D.Extent = Block ? blockExtent(*Block, A) : 0;
      for (const VarDecl *V : TapVars) {
        auto VK = keyOf(Lin, *F, V);
        if (!VK || !onlyThroughSum(*F, A, *VK))
          continue;
        const HaloDim &T = Taps[V];
        D.Tap = V;
        D.TapLoop = T.TapLoop;
        D.Lo = T.Lo;
        D.Hi = T.Hi;
        D.Extent += uint64_t(T.Hi - T.Lo);
        Shared = Shared || (Block && blockExtent(*Block, A) > 1 && T.Hi > T.Lo);
        break;
      }
      O.Dims.push_back(D);
    }
    for (const VarDecl *V : TapVars)
      if (Why.empty() && llvm::none_of(O.Dims, [&](const HaloDim &D) { return D.Tap == V; }))
        Why = "its index reads the tap '" + V->getName().str() + "' other than added to one thread index";
    if (!Why.empty()) {
      Reject(Why);
      continue;
    }
    if (Block && !Shared) {
      Reject("no two threads of a " + Block->str() + " block read its elements", true);
      continue;
    }
    // The conditions the read runs under, each about the element: what
    // restates them for a tile slot must restate the read too.
    const Stmt *Child = R;
    for (const Stmt *Up = Facts.parentOf(R); Up && Why.empty(); Child = Up, Up = Facts.parentOf(Up)) {
      const Expr *Cond = nullptr;
      if (const auto *I = dyn_cast<IfStmt>(Up); I && Child != I->getCond()) {
        if (Child != I->getThen())
          Why = "it runs in the else branch of " + describe(Ctx, I->getCond());
        Cond = I->getCond();
      } else if (const auto *C = dyn_cast<AbstractConditionalOperator>(Up); C && Child != C->getCond()) {
        if (Child != C->getTrueExpr())
          Why = "it is the value of " + describe(Ctx, C->getCond()) + " when false";
        Cond = C->getCond();
      } else if (const auto *B = dyn_cast<BinaryOperator>(Up); B && B->isLogicalOp() && Child == B->getRHS()) {
        if (B->getOpcode() != BO_LAnd)
          Why = "it runs only when " + describe(Ctx, B->getLHS()) + " is false";
        Cond = B->getLHS();
      } else if (isa<WhileStmt, DoStmt, SwitchStmt, CXXForRangeStmt>(Up)) {
        Why = "it runs in " + describe(Ctx, Up) + ", which is not a counted tap loop";
      }
      if (Cond && Why.empty()) {
        std::vector<const Expr *> Cs;
        conjunctsOf(Cond, Cs);
        // A flag set once (`const bool inside = r >= 0 && ...; if (inside)`)
        // stands for its terms.
        for (size_t I = 0; I < Cs.size(); ++I)
          if (const VarDecl *V = analysis::refVar(Cs[I]); V && V->hasLocalStorage() && !isa<ParmVarDecl>(V))
            if (const Expr *Init = TA.singleValue(V); Init && Cs.size() < 32) {
              Cs.erase(Cs.begin() + I--);
              conjunctsOf(Init, Cs);
            }
        for (const Expr *C : Cs) {
          if (firstMemoryAccess(C, {}, false)) {
            Why = "it runs under " + describe(Ctx, C) + ", which reads memory";
            break;
          }
          std::vector<const VarDecl *> CV;
          TA.varsOf(C, CV);
          bool Ok = true;
          for (const VarDecl *V : CV)
            if (Facts.modifiedWithin(V, Root) && llvm::none_of(O.Dims, [&](const HaloDim &D) { return D.Tap == V; }))
              Ok = false;
          const auto *Cmp = dyn_cast<BinaryOperator>(C->IgnoreParenImpCasts());
          unsigned CA = TA.of(C) & ~unsigned(AxisZ);
          if (Ok && (CA || !CV.empty())) {
            auto D = Cmp && Cmp->isComparisonOp() ? differenceOf(Lin, Facts, Cmp) : std::nullopt;
            Ok = CA == 0 ? llvm::none_of(CV, [&](const VarDecl *V) { return Facts.modifiedWithin(V, Root); })
                         : D.has_value();
            for (const HaloDim &Dm : O.Dims) {
              if (!Ok || !Dm.Tap)
                continue;
              auto VK = keyOf(Lin, *D, Dm.Tap);
              Ok = (!VK && !mentions(*D, tidKey(Dm.Axis))) || (VK && onlyThroughSum(*D, Dm.Axis, *VK)) ||
                   (!VK && !(CA & Dm.Axis));
              if (!VK && mentions(*D, tidKey(Dm.Axis)))
                Ok = false;
            }
          }
          if (!Ok) {
            Why = "it runs under " + describe(Ctx, C) + ", which is not a condition on the element's own "
                  "coordinates (thread index plus tap)";
            break;
          }
          O.Conds.push_back(C);
        }
      }
      if (Up == Root)
        break;
    }
    if (!Why.empty() && P.FootprintWhy.empty()) {
      P.FootprintWhy = describe(Ctx, R) + ": " + Why + ": the staging cannot tell which elements are read";
      P.FootprintAt = R;
    }
    std::string Key = nodeText(Ctx, Base, "?") + "|" + F->symbolicKey() + "|" + std::to_string(F->constant());
    std::vector<std::string> CondTexts;
    for (const Expr *C : O.Conds)
      CondTexts.push_back(nodeText(Ctx, C, "?"));
    std::string CondKey = join(CondTexts, " && ");
    auto Same = llvm::find_if(Cands, [&](const Candidate &C) { return C.Key == Key; });
    if (Same != Cands.end()) {
      if (Same->CondKey != CondKey && P.FootprintWhy.empty()) {
        P.FootprintWhy = describe(Ctx, R) + " and " + describe(Ctx, Same->O.Reads.front()) +
                         " read one element under different conditions: one staging cannot serve both";
        P.FootprintAt = R;
      }
      Same->O.Reads.push_back(R);
      Same->O.Values.push_back(readValue(Ctx, R));
      continue;
    }
    Cands.push_back({std::move(O), Key, CondKey});
  }
  for (Candidate &C : Cands)
    P.Ops.push_back(std::move(C.O));
  P.WriteAt = firstMemoryAccess(Root, {}, true);
  readGuard(Ctx, TA, P);
  if (P.G == GuardShape::Unreachable || !P.FootprintWhy.empty())
    return HaloRole::Root;
  for (Operand &O : P.Ops)
    if (!keepGuardTerms(Ctx, Lin, Facts, P, O))
      break;
  return HaloRole::Root;
}

//===----------------------------------------------------------------------===//
// Halo regions: reads at constant offsets, no tap loop
//===----------------------------------------------------------------------===//

namespace {

/// A read's index as a form, with the monomial and coefficient by which each
/// thread index enters it (`(y + dy) * W + x + dx`: threadIdx.y by W,
/// threadIdx.x by 1).
struct ShiftedRead {
  const ArraySubscriptExpr *R = nullptr;
  analysis::LinearForm F;
  unsigned Axes = 0;
  std::map<unsigned, analysis::AtomStep> Step;
};

/// \p A's index minus \p B's as whole steps along each thread axis (y, x),
/// when it is nothing else.
std::optional<std::vector<int64_t>> offsetsBetween(const ShiftedRead &A, const ShiftedRead &B) {
  if (A.Axes != B.Axes || A.Step != B.Step)
    return std::nullopt;
  std::vector<analysis::AtomStep> Steps;
  for (unsigned Ax : {AxisY, AxisX})
    if (A.Axes & Ax)
      Steps.push_back(A.Step.at(Ax));
  return analysis::shiftBetween(A.F, B.F, Steps);
}


/// The statement holding \p S that sits directly in a block, or is an
/// `if`'s then-branch: where the staging can go before.
const Stmt *placeable(const analysis::FunctionFacts &F, const Stmt *S) {
  for (; S; S = F.parentOf(S)) {
    const Stmt *Up = F.parentOf(S);
    if (isa_and_nonnull<CompoundStmt>(Up))
      return S;
    if (const auto *I = dyn_cast_or_null<IfStmt>(Up); I && I->getThen() == S)
      return S;
  }
  return nullptr;
}

} // namespace

void findOffsetHaloSites(const RewritePair &Pair, AnalysisContext &AC, const FunctionDecl *FD) {
  ASTContext &Ctx = AC.ast();
  const analysis::FunctionFacts &Facts = analysis::AnalysisCache::of(Ctx).facts(FD);
  std::optional<analysis::Dim3> Block = knownBlockShape(AC, FD);
  ThreadAxes TA(Ctx, FD, Block);
  analysis::Linearizer Lin(Ctx);
  // Group the reads of each array by shifts of the thread indices.
  struct Group {
    std::string Base;
    std::vector<ShiftedRead> Reads;
    std::vector<std::vector<int64_t>> Offsets;
  };
  std::vector<Group> Groups;
  // In source order: the first read written is the one the staging restates.
  std::vector<const ArraySubscriptExpr *> Reads = globalReadsIn(Ctx, FD->getBody());
  llvm::stable_sort(Reads, [&](const ArraySubscriptExpr *A, const ArraySubscriptExpr *B) {
    return Ctx.getSourceManager().isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
  for (const ArraySubscriptExpr *R : Reads) {
    // Reads in a tap nest (a loop whose counter is added to a thread
    // index) are that nest's site.
    bool InNest = false;
    for (const Stmt *Up = Facts.parentOf(R); Up && !InNest; Up = Facts.parentOf(Up))
      if (const auto *L = dyn_cast<ForStmt>(Up))
        InNest = pairsTap(Ctx, TA, L, R);
    if (InNest)
      continue;
    ShiftedRead SR;
    SR.R = R;
    auto F0 = Lin.linearize(R->getIdx());
    auto F = F0 ? analysis::expandLocals(Lin, Facts, *F0) : std::nullopt;
    if (!F)
      continue;
    SR.F = *F;
    SR.Axes = TA.of(R->getIdx()) | TA.of(R->getBase());
    if (Block && Block->Z == 1)
      SR.Axes &= ~unsigned(AxisZ);
    if (!SR.Axes || SR.Axes & (AxisOther | AxisZ) || TA.of(R->getBase()))
      continue;
    bool Ok = true;
    for (unsigned Ax : {AxisY, AxisX})
      if (SR.Axes & Ax) {
        auto St = analysis::atomStep(*F, tidKey(Ax));
        Ok = Ok && St;
        if (St)
          SR.Step[Ax] = *St;
      }
    if (!Ok)
      continue;
    std::string Base = nodeText(Ctx, R->getBase()->IgnoreParenImpCasts(), "?");
    bool Placed = false;
    for (Group &G : Groups) {
      if (G.Base != Base)
        continue;
      if (auto Off = offsetsBetween(SR, G.Reads.front())) {
        G.Reads.push_back(SR);
        G.Offsets.push_back(*Off);
        Placed = true;
        break;
      }
    }
    if (!Placed) {
      size_t N = 0;
      for (unsigned Ax : {AxisY, AxisX})
        N += (SR.Axes & Ax) ? 1 : 0;
      Groups.push_back({Base, {SR}, {std::vector<int64_t>(N, 0)}});
    }
  }
  for (Group &G : Groups) {
    // Shared: two offsets along an axis of the block with more than one
    // thread.
    std::vector<HaloDim> Dims;
    bool Shared = false;
    size_t DI = 0;
    for (unsigned Ax : {AxisY, AxisX}) {
      if (!(G.Reads.front().Axes & Ax))
        continue;
      HaloDim D;
      D.Axis = Ax;
      D.Lo = D.Hi = G.Offsets.front()[DI];
      for (const auto &O : G.Offsets) {
        D.Lo = std::min(D.Lo, O[DI]);
        D.Hi = std::max(D.Hi, O[DI]);
      }
      D.Extent = (Block ? blockExtent(*Block, Ax) : 0) + uint64_t(D.Hi - D.Lo);
      Shared = Shared || (Block && blockExtent(*Block, Ax) > 1 && D.Hi > D.Lo);
      Dims.push_back(D);
      ++DI;
    }
    if (!Shared || Dims.size() > 2)
      continue;
    // The region: the statements of one block from the first read's to the
    // last read's (or the smallest placeable statement holding them all).
    const Stmt *Region = placeable(Facts, G.Reads.front().R), *RegionEnd = nullptr;
    const CompoundStmt *Block0 = Region ? dyn_cast_or_null<CompoundStmt>(Facts.parentOf(Region)) : nullptr;
    for (const Stmt *St = Region; Block0 && St; St = Facts.parentOf(St)) {
      // The statement of Block0 that holds every read after the first.
      const Stmt *Last = nullptr;
      bool All = true;
      for (const ShiftedRead &SR : G.Reads) {
        const Stmt *In = nullptr;
        for (const Stmt *B : Block0->body())
          if (analysis::containsStmt(B, SR.R))
            In = B;
        if (!In) {
          All = false;
          break;
        }
        if (!Last || Ctx.getSourceManager().isBeforeInTranslationUnit(Last->getBeginLoc(), In->getBeginLoc()))
          Last = In;
      }
      if (All)
        RegionEnd = Last;
      break;
    }
    if (!RegionEnd) {
      for (const ShiftedRead &SR : G.Reads)
        while (Region && !analysis::containsStmt(Region, SR.R))
          Region = placeable(Facts, Facts.parentOf(Region));
      RegionEnd = Region;
    }
    if (!Region)
      continue;
    // Nothing a read's address uses may change between the statements.
    std::vector<const VarDecl *> Vars;
    for (const ShiftedRead &SR : G.Reads) {
      TA.varsOf(SR.R->getIdx(), Vars);
      TA.varsOf(SR.R->getBase(), Vars);
    }
    std::vector<const Stmt *> Range;
    bool In = false;
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Facts.parentOf(Region)))
      for (const Stmt *B : CS->body()) {
        In = In || B == Region;
        if (In)
          Range.push_back(B);
        if (B == RegionEnd)
          break;
      }
    if (Range.empty())
      Range.push_back(Region);
    bool Changes = false;
    for (const VarDecl *V : Vars)
      for (const Stmt *B : Range)
        if (Facts.modifiedWithin(V, B))
          Changes = true;
    if (Changes)
      continue;
    LoopPlan P;
    P.Halo = true;
    P.Region = Region;
    P.RegionEnd = RegionEnd;
    P.Outer = Region;
    P.Block = Block;
    Operand O;
    O.K = OperandKind::Halo;
    const ArraySubscriptExpr *R0 = G.Reads.front().R;
    O.Axes = G.Reads.front().Axes;
    O.ElemType = elementTypeText(Ctx, R0->getBase()->IgnoreParenImpCasts(), R0);
    O.ElemBytes = Ctx.getTypeSizeInChars(R0->getType()).getQuantity();
    O.Dims = Dims;
    for (size_t I = 0; I < G.Reads.size(); ++I) {
      const ArraySubscriptExpr *R = G.Reads[I].R;
      O.Reads.push_back(R);
      O.Values.push_back(readValue(Ctx, R));
      O.Offsets.push_back(G.Offsets[I]);
      // Every read runs whenever the region does: the staging restates no
      // condition of its own.
      for (const Stmt *Up = Facts.parentOf(R), *Child = R; Up && Up != Region && P.FootprintWhy.empty();
           Child = Up, Up = Facts.parentOf(Up)) {
        const Expr *Cond = nullptr;
        if (const auto *If = dyn_cast<IfStmt>(Up); If && Child != If->getCond())
          Cond = If->getCond();
        else if (const auto *C = dyn_cast<AbstractConditionalOperator>(Up); C && Child != C->getCond())
          Cond = C->getCond();
        else if (const auto *B = dyn_cast<BinaryOperator>(Up); B && B->isLogicalOp() && Child == B->getRHS())
          Cond = B->getLHS();
        if (Cond || isa<ForStmt, WhileStmt, DoStmt, SwitchStmt, CXXForRangeStmt>(Up)) {
          P.FootprintWhy = describe(Ctx, R) + " runs only under " + describe(Ctx, Cond ? Cond : Up) +
                           ", inside the statement that holds the reads: the staging cannot tell which "
                           "elements are read";
          P.FootprintAt = R;
        }
      }
    }
    P.Ops.push_back(std::move(O));
    // The region's own store comes after its reads (the right operand of an
    // assignment is evaluated first); any other write could be missed by the
    // tile.
    for (const Stmt *B : Range) {
      std::vector<const Expr *> Allowed;
      if (const auto *A = dyn_cast<BinaryOperator>(B); A && A->isAssignmentOp() && B == RegionEnd)
        Allowed.push_back(A->getLHS());
      if ((P.WriteAt = firstMemoryAccess(B, Allowed, true)))
        break;
    }
    readGuard(Ctx, TA, P);
    if (P.G != GuardShape::Unreachable && P.FootprintWhy.empty())
      keepGuardTerms(Ctx, Lin, Facts, P, P.Ops.front());
    Site &S = AC.addSite(Name, Direction::Forward, Region->getBeginLoc(), FD, "halo");
    S.Summary = "stage the reads of '" + G.Base + "' that neighbouring threads share at constant offsets, halo "
                "included, in a __shared__ tile before " + describe(Ctx, Region);
    checkAndEdit(Pair, AC, FD, P, S);
  }
}

//===----------------------------------------------------------------------===//
// Forward edits
//===----------------------------------------------------------------------===//

namespace {

/// Restates expressions for a tile slot: thread indices replaced by the
/// slot's text, taps by their first value, the locals that read either
/// (or are declared inside the nest) inlined.
struct Restater {
  ASTContext &Ctx;
  ThreadAxes &TA;
  const Stmt *Root; ///< locals declared inside are not visible to the staging
  std::map<unsigned, std::string> Tid;            ///< axis -> text
  std::map<const VarDecl *, std::string> TapText; ///< tap -> value

  bool readsReplaced(const VarDecl *V) {
    if (const Expr *Init = TA.singleValue(V)) {
      unsigned A = TA.of(Init);
      for (const auto &[Ax, T] : Tid)
        if (A & Ax)
          return true;
      std::vector<const VarDecl *> Vs;
      TA.varsOf(Init, Vs);
      for (const VarDecl *W : Vs)
        if (TapText.count(W))
          return true;
    }
    return false;
  }

  std::optional<std::string> text(const Expr *E, unsigned Depth = 0) {
    if (Depth > 8)
      return std::nullopt;
    bool Ok = true;
    auto T = substitutedText(Ctx, E, [&](const Expr *X) -> std::optional<std::string> {
      if (auto B = cuda::builtinIndex(X); B && B->Var == cuda::BuiltinVar::ThreadIdx) {
        unsigned A = B->Dim == 0 ? AxisX : B->Dim == 1 ? AxisY : AxisZ;
        auto It = Tid.find(A);
        if (It == Tid.end())
          return std::nullopt;
        return bareIn(TA.facts(), X, It->second) ? It->second : "(" + It->second + ")";
      }
      const auto *D = dyn_cast<DeclRefExpr>(X);
      const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
      if (!V)
        return std::nullopt;
      if (auto It = TapText.find(V); It != TapText.end())
        return bareIn(TA.facts(), X, It->second) ? It->second : "(" + It->second + ")";
      if (!V->hasLocalStorage() || isa<ParmVarDecl>(V))
        return std::nullopt;
      const SourceManager &SM = Ctx.getSourceManager();
      bool Inside = SM.isBeforeInTranslationUnit(Root->getBeginLoc(), V->getLocation()) &&
                    SM.isBeforeInTranslationUnit(V->getLocation(), Root->getEndLoc());
      if (!Inside && !readsReplaced(V))
        return std::nullopt;
      const Expr *Init = TA.singleValue(V);
      auto IT = Init ? text(Init, Depth + 1) : std::nullopt;
      if (!IT) {
        Ok = false;
        return std::string();
      }
      return "(" + *IT + ")";
    });
    if (!Ok)
      return std::nullopt;
    return T;
  }
};

std::string intText(int64_t V) { return V < 0 ? "(" + std::to_string(V) + ")" : std::to_string(V); }

} // namespace

void haloEdits(AnalysisContext &AC, const FunctionDecl *FD, LoopPlan &P, Site &S) {
  ASTContext &Ctx = AC.ast();
  EditBuilder B(Ctx);
  ThreadAxes TA(Ctx, FD, P.Block);
  const Stmt *L = P.anchor();
  // Where the staging goes: before the nest or the region, or before the
  // `if` that guards a region.
  const Stmt *Before = P.Region && P.G == GuardShape::If ? static_cast<const Stmt *>(P.GuardIf) : P.Outer;
  FreshNames Names(Ctx);
  const analysis::FunctionFacts &Facts = TA.facts();
  const CompoundStmt *Enclosing = dyn_cast_or_null<CompoundStmt>(Facts.parentOf(Before));
  std::string U = Enclosing ? indentUnitOf(Ctx, Enclosing) : std::string("  ");
  if (U.empty())
    U = "  ";
  std::string Ind = lineIndent(Ctx, Before->getBeginLoc());
  auto Fail = [&](StringRef Why, const Stmt *At) {
    B.failWith(Why.str(), At->getBeginLoc());
    commit(B, S);
  };
  const analysis::Dim3 &Blk = *P.Block;
  std::vector<std::string> Lines;
  std::vector<TextEdit> Uses;
  std::vector<std::string> Shapes;
  for (Operand &O : P.Ops) {
    const ArraySubscriptExpr *R0 = O.Reads.front();
    O.Tile = Names.getIn(nameStem(R0->getBase(), "operand") + "_tile", {FD->getBody()});
    std::string Dims, Slot;
    std::vector<std::string> Use(O.Reads.size());
    std::map<unsigned, std::string> SlotOf; // axis -> the slot's counter
    Restater Rs{Ctx, TA, Before, {}, {}};
    std::vector<std::string> Loops;
    uint64_t Threads = Blk.X * Blk.Y;
    std::string Linear = Blk.Y > 1 && Blk.X > 1 ? "threadIdx.y * " + std::to_string(Blk.X) + " + threadIdx.x"
                         : Blk.Y > 1            ? "threadIdx.y"
                                                : "threadIdx.x";
    std::vector<std::string> Shape;
    for (const HaloDim &D : O.Dims) {
      std::string E = std::to_string(D.Extent);
      Dims += "[" + E + "]";
      Shape.push_back(E);
      std::string SlotVar;
      if (!D.Tap && D.Hi == D.Lo) {
        SlotVar = tidText(D.Axis); // one element per thread along this axis
      } else {
        SlotVar = Names.getIn(std::string("halo_") + (D.Axis == AxisX ? "x" : "y"), {FD->getBody()});
        bool Alone = O.Dims.size() == 1;
        std::string From = Alone ? Linear : tidText(D.Axis);
        uint64_t Step = Alone ? Threads : blockExtent(Blk, D.Axis);
        Loops.push_back("for (int " + SlotVar + " = " + From + "; " + SlotVar + " < " + E + "; " + SlotVar +
                        " += " + std::to_string(Step) + ")");
        if (D.Tap)
          Rs.TapText[D.Tap] = intText(D.Lo);
      }
      // The slot holds the element the first read makes at thread slot + Lo
      // (a tap at its first value).
      Rs.Tid[D.Axis] = D.Tap || D.Lo == 0 ? SlotVar : sumText({SlotVar}, D.Lo);
      SlotOf[D.Axis] = SlotVar;
      Slot += "[" + SlotVar + "]";
      size_t DI = &D - O.Dims.data();
      for (size_t K = 0; K < O.Reads.size(); ++K)
        Use[K] += "[" +
                  (D.Tap      ? sumText({tidText(D.Axis), D.Tap->getName().str()}, -D.Lo)
                   : D.Hi > D.Lo ? sumText({tidText(D.Axis)}, O.Offsets[K][DI] - D.Lo)
                                 : std::string(tidText(D.Axis))) +
                  "]";
    }
    Shapes.push_back(join(Shape, " x "));
    auto Idx = Rs.text(R0->getIdx());
    auto Base = Rs.text(R0->getBase());
    if (!Idx || !Base)
      return Fail("the read " + describe(Ctx, R0) + " cannot be restated for a tile slot (written in a macro, or "
                  "a local it reads is set more than once)",
                  R0);
    std::vector<std::string> Conds;
    for (const Expr *C : O.Conds) {
      auto CT = Rs.text(C);
      if (!CT)
        return Fail("the condition " + describe(Ctx, C) + " cannot be restated for a tile slot", C);
      Conds.push_back(needsParens(C, prec::LogicalAnd) ? "(" + *CT + ")" : *CT);
    }
    for (size_t I = 0; I < O.Kept.size(); ++I) {
      const Expr *C = O.Kept[I];
      bool Negate = P.G == GuardShape::EarlyReturn;
      std::optional<std::string> CT;
      if (O.HaloAt[I] == 0) {
        CT = Negate ? negatedText(Ctx, C) : sourceText(Ctx, C);
      } else {
        // The term at the nearest reading thread: the slot less the taps'
        // span for a bound that holds low, the slot (at most the last
        // thread) for one that holds high.
        unsigned A = P.ConjunctAxes[I];
        const HaloDim &D = *llvm::find_if(O.Dims, [&](const HaloDim &X) { return X.Axis == A; });
        // Threads slot - span .. slot read the slot.
        std::string SlotVar = SlotOf[A];
        Restater At = Rs;
        At.TapText.clear();
        At.Tid = {{A, O.HaloAt[I] == 1 ? "max(" + SlotVar + " - " + std::to_string(D.Hi - D.Lo) + ", 0)"
                                       : "min(" + SlotVar + ", " + std::to_string(blockExtent(Blk, A) - 1) + ")"}};
        const auto *Cmp = cast<BinaryOperator>(C->IgnoreParenImpCasts());
        auto LT = At.text(Cmp->getLHS()), RT = At.text(Cmp->getRHS());
        if (LT && RT)
          CT = *LT + " " +
               BinaryOperator::getOpcodeStr(Negate ? flipped(Cmp->getOpcode()) : Cmp->getOpcode()).str() + " " + *RT;
      }
      if (!CT)
        return Fail("the guard's term " + describe(Ctx, C) + " is written in a macro", C);
      Conds.push_back(needsParens(C, prec::LogicalAnd) && !Negate ? "(" + *CT + ")" : *CT);
    }
    std::string BaseT = isPostfixSafe(R0->getBase()->IgnoreImpCasts()) ? *Base : "(" + *Base + ")";
    std::string Store = O.Tile + Slot + " = " + BaseT + "[" + *Idx + "];";
    std::string Stage;
    std::string At = Ind;
    for (const std::string &Lp : Loops) {
      Stage += (Stage.empty() ? "" : "\n" + At) + Lp;
      At += U;
    }
    if (!Conds.empty()) {
      Stage += (Stage.empty() ? "" : "\n" + At) + "if (" + join(Conds, " && ") + ")";
      At += U;
    }
    Stage += (Stage.empty() ? "" : "\n" + At) + Store;
    Lines.push_back("__shared__ " + O.ElemType + " " + O.Tile + Dims + ";");
    Lines.push_back(Stage);
    for (size_t K = 0; K < O.Reads.size(); ++K) {
      const Expr *R = O.Values[K];
      if (!isUnexpandedText(Ctx, R))
        return Fail("the staged read " + describe(Ctx, R) + " is written in a macro", R);
      Uses.push_back({beginOffset(Ctx, R), endOffset(Ctx, R) - beginOffset(Ctx, R), O.Tile + Use[K]});
    }
  }
  bool InLoop = false;
  for (const Stmt *Up = Facts.parentOf(Before); Up; Up = Facts.parentOf(Up))
    InLoop = InLoop || isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Up);
  std::string Staging = join(Lines, "\n" + Ind) + "\n" + Ind + "__syncthreads();";
  if (P.Region) {
    // The region stays under its guard, reading the tile; the staging goes
    // before the guard's `if`, or (an early return) the return goes and
    // the region with what follows runs under its negation.
    const SourceManager &SM = Ctx.getSourceManager();
    const Stmt *First = P.Region, *Last = P.G == GuardShape::EarlyReturn && !P.Post.empty() ? P.Post.back() : P.RegionEnd;
    if (P.G == GuardShape::If)
      First = Last = P.GuardIf;
    CharSourceRange RR = statementsRange(Ctx, First, Last);
    if (RR.isInvalid())
      return Fail("the statements holding the reads are not plain text", L);
    auto Body = textWithEdits(Ctx, SM.getFileID(RR.getBegin()), SM.getFileOffset(RR.getBegin()),
                              SM.getFileOffset(RR.getEnd()), Uses);
    if (!Body)
      return Fail("the staged reads overlap", L);
    std::string Text = Staging + "\n" + Ind;
    if (P.G == GuardShape::EarlyReturn) {
      auto Neg = negatedText(Ctx, P.GuardIf->getCond());
      if (!Neg)
        return Fail("the early return's condition is written in a macro", P.GuardIf);
      B.removeStatement(P.GuardIf);
      Text += "if (" + *Neg + ") {\n" + Ind + U + indentLines(*Body, U) + "\n" + Ind + "}";
    } else {
      Text += *Body;
    }
    if (InLoop)
      Text += "\n" + Ind + "__syncthreads();";
    B.replaceChars(RR.getBegin(), RR.getEnd(), Text);
    S.Facts["tiles"] = join(Shapes, ", ");
    commit(B, S);
    return;
  }
  std::vector<std::string> Pragmas;
  if (!pragmaLines(Ctx, P, Pragmas))
    return Fail("the loop carries an attribute that is not a '#pragma' line", L);
  CharSourceRange LoopR = statementRange(Ctx, L);
  if (LoopR.isInvalid())
    return Fail("the loop nest is not plain text", L);
  const SourceManager &SM = Ctx.getSourceManager();
  auto Nest = textWithEdits(Ctx, SM.getFileID(LoopR.getBegin()), SM.getFileOffset(LoopR.getBegin()),
                            SM.getFileOffset(LoopR.getEnd()), Uses);
  if (!Nest)
    return Fail("the staged reads overlap", L);
  // Inside an outer loop, the next round's staging must wait for this
  // round's reads.
  std::string Text = Staging;
  for (const std::string &Pr : Pragmas)
    Text += "\n" + Ind + Pr;
  Text += "\n" + Ind + *Nest;
  if (InLoop)
    Text += "\n" + Ind + "__syncthreads();";
  std::string Why;
  const Stmt *At = nullptr;
  if (!placeLoopText(Ctx, TA, P, B, Text, U, Why, At))
    return Fail(Why, At);
  S.Facts["tiles"] = join(Shapes, ", ");
  commit(B, S);
}

} // namespace smem_tile
} // namespace klineage
