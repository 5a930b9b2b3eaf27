//===- Reverse.cpp - Two shared stages back to one -------------------------===//
//
// Part of KLineage. Reverse of software-pipeline: a loop that computes from
// one stage of two-stage __shared__ tiles (`As[cur][k][m]`, a leading
// extent of 2), with the next step's elements loaded into registers under
// a guard before the compute (`if (more) { aStage[i] = ...; }`) and stored
// into the other stage under the same guard after it, a prologue before
// the loop filling stage 0, becomes the single-stage loop: the prefetch,
// with the counter moved one step back (`(s + 1) * BK` -> `s * BK`,
// `k0 + 16` -> `k0`) and its guard dropped, then the stores into the one
// stage, a barrier, the compute, a barrier. Where the registers only carry
// one value from its load to its store (the forward's own output), the
// store takes the loaded value directly and the registers go. The stage
// index variables, their toggles and the prologue go; the tiles lose
// their leading extent.
//
//===----------------------------------------------------------------------===//
#include "SoftwarePipeline.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/SharedMemory.h"
#include "klineage/Analysis/ThreadAxes.h"
#include "klineage/Cuda/MemorySpace.h"
#include "klineage/Edit/EditBuilder.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/TypeLoc.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include <functional>
#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;
using namespace llvm;

namespace klineage {
namespace software_pipeline {

namespace {

/// A use of a two-stage tile: its name and the subscript choosing the stage.
struct StageRef {
  const DeclRefExpr *Base = nullptr;
  const ArraySubscriptExpr *Lead = nullptr; ///< `As[cur]`, the innermost subscript
};

struct BufferedLoop : SiteSubject {
  const ForStmt *Loop = nullptr;
  const CompoundStmt *Body = nullptr;
  std::optional<Counter> C;
  std::vector<const VarDecl *> Tiles;
  const IfStmt *LoadIf = nullptr, *StoreIf = nullptr;
  std::vector<const Stmt *> Compute;
  const Stmt *EndBarrier = nullptr, *InnerBarrier = nullptr;
  std::vector<const Stmt *> Toggles;
  std::vector<const Stmt *> Prologue;
  const Stmt *PrologueBarrier = nullptr;
  std::vector<StageRef> ComputeRefs, StoreRefs, PrologueRefs;
  std::set<const VarDecl *> Buffers;   ///< what the prefetch writes
  std::set<const VarDecl *> Removable; ///< stage variables (and folded buffers) whose declarations go
  bool Fold = false;                   ///< stores take the loaded values directly
  /// cp.async: the copies of step +S-1 are issued (IssueIf, here LoadIf and
  /// StoreIf both), committed and waited for before the barrier.
  bool CpAsync = false;
  unsigned Stages = 2;
  const Stmt *Commit = nullptr, *Wait = nullptr;
  std::map<std::string, const Expr *> LoadedValue; ///< buffer element text -> the value the prefetch loads
  std::string ShapeWhy, GuardWhy, AddressWhy, PrologueWhy;
  const Stmt *ShapeAt = nullptr, *GuardAt = nullptr, *AddressAt = nullptr, *PrologueAt = nullptr;
};

const BufferedLoop &planOf(const PreconditionQuery &Q) { return *static_cast<const BufferedLoop *>(Q.Subject); }

std::string squeeze(StringRef S) {
  std::string Out;
  for (char C : S)
    if (!isSpace(C))
      Out += C;
  return Out;
}

/// The name of the function \p S calls when it is a call statement.
StringRef calleeName(const Stmt *S) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  const auto *C = E ? dyn_cast<CallExpr>(E->IgnoreImplicit()) : nullptr;
  const auto *FD = C ? C->getDirectCallee() : nullptr;
  return FD && FD->getIdentifier() ? FD->getName() : StringRef();
}

/// A static __shared__ array of stages (leading extent 2 to 4, two or more
/// dimensions).
bool isTwoStageTile(ASTContext &Ctx, const VarDecl *V) {
  if (!V || !cuda::isShared(V))
    return false;
  analysis::SharedDecl D = analysis::sharedDecl(Ctx, V);
  return !D.Dynamic && D.Dims.size() >= 2 && D.Dims[0] >= 2 && D.Dims[0] <= 4;
}

class ReversePlanner {
public:
  ReversePlanner(ASTContext &Ctx, const FunctionDecl *FD, const analysis::FunctionFacts &F, BufferedLoop &P)
      : Ctx(Ctx), FD(FD), F(F), P(P) {}

  /// False when the loop uses no two-stage tile (not a site).
  bool plan() {
    // The tiles: two-stage arrays the loop's body names.
    auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr(to(varDecl().bind("v"))).bind("r"))), *P.Body, Ctx);
    for (const auto &Bn : Refs) {
      const auto *V = Bn.getNodeAs<VarDecl>("v");
      if (isTwoStageTile(Ctx, V) && !llvm::is_contained(P.Tiles, V))
        P.Tiles.push_back(V);
    }
    if (P.Tiles.empty())
      return false;
    splitBody();
    if (!P.StoreIf)
      return false; // no store into a stage after a compute: not a pipelined loop
    std::string Why;
    P.C = loopCounter(Ctx, P.Loop, Why);
    if (!P.C)
      P.ShapeWhy.clear(), shape(Why, P.Loop);
    if (!P.ShapeWhy.empty())
      return true;
    classifyRefs();
    if (!P.ShapeWhy.empty())
      return true;
    if (!P.CpAsync)
      findBuffers();
    findPrologue();
    checkGuard();
    findRemovable();
    checkAddresses();
    if (!P.CpAsync)
      planFold();
    return true;
  }

private:
  void shape(std::string Why, const Stmt *At) {
    if (P.ShapeWhy.empty()) {
      P.ShapeWhy = std::move(Why);
      P.ShapeAt = At;
    }
  }

  bool usesTile(const Stmt *S) const {
    if (!S)
      return false;
    auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr(to(varDecl().bind("v"))))), *S, Ctx);
    for (const auto &Bn : Refs)
      if (llvm::is_contained(P.Tiles, Bn.getNodeAs<VarDecl>("v")))
        return true;
    return false;
  }

  static const Stmt *lastOf(const Stmt *S) {
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
      return CS->body_empty() ? nullptr : CS->body_back();
    return S;
  }

  /// cp.async: `if (g) { copies }`, `__pipeline_commit();`,
  /// `__pipeline_wait_prior(S - 1);`, a barrier, the compute, a barrier,
  /// the stage's update.
  void splitCpAsync(const std::vector<const Stmt *> &Kids, size_t W) {
    P.CpAsync = true;
    P.Stages = unsigned(analysis::sharedDecl(Ctx, P.Tiles.front()).Dims[0]);
    const auto *If = W >= 2 ? dyn_cast<IfStmt>(Kids[W - 2]) : nullptr;
    if (!If || If->getElse() || !usesTile(If->getThen()) || calleeName(Kids[W - 1]) != "__pipeline_commit")
      return shape("the wait at " + describe(Ctx, Kids[W]) + " does not follow a guarded issue of copies and "
                   "__pipeline_commit()",
                   Kids[W]);
    P.LoadIf = P.StoreIf = If;
    P.Commit = Kids[W - 1];
    P.Wait = Kids[W];
    const auto *WC = cast<CallExpr>(cast<Expr>(Kids[W])->IgnoreImplicit());
    if (WC->getNumArgs() != 1 || intValue(Ctx, WC->getArg(0)) != int64_t(P.Stages) - 1)
      return shape("the wait at " + describe(Ctx, Kids[W]) + " does not keep " + std::to_string(P.Stages - 1) +
                   " group(s) in flight for " + std::to_string(P.Stages) + " stages",
                   Kids[W]);
    if (W + 1 >= Kids.size() || !analysis::isBarrierStmt(Kids[W + 1]))
      return shape("no barrier after the wait at " + describe(Ctx, Kids[W]), Kids[W]);
    for (size_t I = 0; I + 2 < W; ++I)
      if (usesTile(Kids[I]) || analysis::firstBarrier(Kids[I]))
        return shape(describe(Ctx, Kids[I]) + " uses a tile or waits before the copies are issued", Kids[I]);
    size_t End = Kids.size();
    while (End > W + 2 && isToggle(Kids[End - 1]))
      P.Toggles.insert(P.Toggles.begin(), Kids[--End]);
    if (End <= W + 2 || !analysis::isBarrierStmt(Kids[End - 1]))
      return shape("the step does not end with a barrier after the compute", P.Loop);
    P.EndBarrier = Kids[End - 1];
    P.InnerBarrier = Kids[W + 1]; // the barrier after the wait: it goes with the copies
    P.Compute.assign(Kids.begin() + W + 2, Kids.begin() + End - 1);
    for (const Stmt *S : P.Compute)
      if (const CallExpr *B = analysis::firstBarrier(S))
        return shape("the compute waits at " + describe(Ctx, B), B);
  }

  void splitBody() {
    std::vector<const Stmt *> Kids(P.Body->body_begin(), P.Body->body_end());
    for (size_t W = 0; W < Kids.size(); ++W)
      if (calleeName(Kids[W]) == "__pipeline_wait_prior")
        return splitCpAsync(Kids, W);
    // The store of the next stage: the last if that writes a tile.
    size_t StoreAt = Kids.size();
    for (size_t I = Kids.size(); I-- > 0;)
      if (const auto *If = dyn_cast<IfStmt>(Kids[I]); If && !If->getElse() && usesTile(If->getThen())) {
        StoreAt = I;
        break;
      }
    if (StoreAt == Kids.size())
      return shape("no guarded store into the other stage after the compute", P.Loop);
    P.StoreIf = cast<IfStmt>(Kids[StoreAt]);
    // A staging copy loop stores a stage but reads none: not the
    // pipelined loop itself.
    if (!llvm::any_of(Kids, [&](const Stmt *K) { return K != P.StoreIf && usesTile(K); })) {
      P.StoreIf = nullptr;
      return;
    }
    for (const VarDecl *T : P.Tiles)
      if (analysis::sharedDecl(Ctx, T).Dims[0] != 2)
        return shape("'" + T->getName().str() + "' has " + std::to_string(analysis::sharedDecl(Ctx, T).Dims[0]) +
                     " stages; registers carry one step ahead into two",
                     P.StoreIf);
    std::string Guard = squeeze(nodeText(Ctx, P.StoreIf->getCond(), ""));
    size_t LoadAt = Kids.size();
    for (size_t I = 0; I < StoreAt; ++I)
      if (const auto *If = dyn_cast<IfStmt>(Kids[I]);
          If && !If->getElse() && squeeze(nodeText(Ctx, If->getCond(), "")) == Guard) {
        LoadAt = I;
        break;
      }
    if (LoadAt == Kids.size())
      return shape("no prefetch before the compute under the guard of the store, '" +
                       nodeText(Ctx, P.StoreIf->getCond(), "") + "'",
                   P.StoreIf);
    P.LoadIf = cast<IfStmt>(Kids[LoadAt]);
    if (usesTile(P.LoadIf))
      return shape("the prefetch at " + describe(Ctx, P.LoadIf) + " uses a tile", P.LoadIf);
    for (size_t I = 0; I < LoadAt; ++I)
      if (usesTile(Kids[I]) || analysis::firstBarrier(Kids[I]))
        return shape(describe(Ctx, Kids[I]) + " uses a tile or waits before the prefetch", Kids[I]);
    P.Compute.assign(Kids.begin() + LoadAt + 1, Kids.begin() + StoreAt);
    for (const Stmt *S : P.Compute)
      if (const CallExpr *B = analysis::firstBarrier(S))
        return shape("the compute waits at " + describe(Ctx, B) + ": with two stages it needs no barrier", B);
    if (analysis::isBarrierStmt(lastOf(P.StoreIf->getThen())))
      P.InnerBarrier = lastOf(P.StoreIf->getThen());
    size_t I = StoreAt + 1;
    if (I < Kids.size() && analysis::isBarrierStmt(Kids[I]))
      P.EndBarrier = Kids[I++];
    if (!P.InnerBarrier == !P.EndBarrier)
      return shape(P.InnerBarrier ? "two barriers after the compute" : "no barrier after the store of the next stage",
                   P.StoreIf);
    for (; I < Kids.size(); ++I) {
      if (!isToggle(Kids[I]))
        return shape(describe(Ctx, Kids[I]) + " follows the store of the next stage (only a barrier and the stage "
                     "index's toggle may)",
                     Kids[I]);
      P.Toggles.push_back(Kids[I]);
    }
  }

  /// `stage ^= 1`, `stage = 1 - stage`, `cur = (cur + 1) % 2`: an update
  /// of a local integer from itself and constants.
  bool isToggle(const Stmt *S) const {
    const auto *BO = dyn_cast<BinaryOperator>(S);
    const VarDecl *V = BO && BO->isAssignmentOp() ? analysis::refVar(BO->getLHS()) : nullptr;
    if (!V || !V->getType()->isIntegerType() || !V->hasLocalStorage())
      return false;
    auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr().bind("r"))), *BO->getRHS(), Ctx);
    for (const auto &Bn : Refs)
      if (Bn.getNodeAs<DeclRefExpr>("r")->getDecl() != V)
        return false;
    return !BO->getRHS()->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false);
  }

  /// The stage reference of tile reference \p R (full subscripts), or why not.
  std::optional<StageRef> stageRef(const DeclRefExpr *R, const VarDecl *V) {
    analysis::SharedDecl D = analysis::sharedDecl(Ctx, V);
    const Stmt *Top = R;
    const ArraySubscriptExpr *Lead = nullptr;
    size_t Depth = 0;
    for (const Stmt *Par = F.parentOf(R); Par; Par = F.parentOf(Par)) {
      if (isa<ImplicitCastExpr>(Par) || isa<ParenExpr>(Par)) {
        Top = Par;
        continue;
      }
      const auto *AS = dyn_cast<ArraySubscriptExpr>(Par);
      if (!AS || AS->getBase()->IgnoreParenImpCasts() != cast<Expr>(Top)->IgnoreParenImpCasts() ||
          Depth == D.Dims.size())
        break;
      if (!Lead)
        Lead = AS;
      ++Depth;
      Top = Par;
    }
    if (Depth != D.Dims.size() || !Lead)
      return std::nullopt;
    return StageRef{R, Lead};
  }

  void classifyRefs() {
    auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr(to(varDecl().bind("v"))).bind("r"))), *FD->getBody(), Ctx);
    std::string Cur, Nxt;
    for (const auto &Bn : Refs) {
      const auto *V = Bn.getNodeAs<VarDecl>("v");
      const auto *R = Bn.getNodeAs<DeclRefExpr>("r");
      if (!llvm::is_contained(P.Tiles, V))
        continue;
      auto SR = stageRef(R, V);
      if (!SR)
        return shape(describe(Ctx, R) + " uses '" + V->getName().str() +
                         "' without subscripting every dimension: its layout is observed",
                     R);
      std::string Lead = squeeze(nodeText(Ctx, SR->Lead->getIdx(), ""));
      if (llvm::any_of(P.Compute, [&](const Stmt *S) { return analysis::containsStmt(S, R); })) {
        if (!Cur.empty() && Cur != Lead)
          return shape(describe(Ctx, R) + " reads another stage than the rest of the compute", R);
        Cur = Lead;
        P.ComputeRefs.push_back(*SR);
      } else if (analysis::containsStmt(P.StoreIf->getThen(), R)) {
        if (!Nxt.empty() && Nxt != Lead)
          return shape(describe(Ctx, R) + " stores another stage than the rest of the store", R);
        Nxt = Lead;
        P.StoreRefs.push_back(*SR);
      } else if (!analysis::containsStmt(P.Loop, R)) {
        P.PrologueRefs.push_back(*SR); // checked with the prologue
      } else {
        return shape(describe(Ctx, R) + " uses '" + V->getName().str() + "' outside the compute and the store",
                     R);
      }
    }
    if (P.ComputeRefs.empty() || P.StoreRefs.empty())
      return shape("the loop does not both read one stage and store the other", P.Loop);
    if (Cur == Nxt)
      return shape("the compute reads the stage '" + Cur + "' that the store writes", P.StoreIf);
    // The store writes only tile elements; the compute writes no memory.
    std::vector<const Expr *> Allowed;
    for (const StageRef &R : P.StoreRefs)
      Allowed.push_back(R.Base);
    for (const Stmt *S : P.Compute)
      if (const Expr *W = analysis::firstMemoryAccess(S, {}, /*Writes=*/true))
        if (usesTile(W))
          return shape(describe(Ctx, W) + " writes a tile in the compute", W);
  }

  void findBuffers() {
    auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr(to(varDecl().bind("v"))))), *P.LoadIf->getThen(), Ctx);
    for (const auto &Bn : Refs) {
      const auto *V = Bn.getNodeAs<VarDecl>("v");
      if (V->hasLocalStorage() && !declaredIn(V, P.LoadIf) && F.modifiedWithin(V, P.LoadIf))
        P.Buffers.insert(V);
    }
    // Arrays: their elements are memory to Mutation, not modifications.
    auto Stores = match(traverse(TK_AsIs, findAll(expr(anyOf(binaryOperator(hasOperatorName("=")),
                                                             cxxOperatorCallExpr(hasOverloadedOperatorName("="))))
                                                      .bind("s"))),
                        *P.LoadIf->getThen(), Ctx);
    for (const auto &Bn : Stores) {
      const Expr *S = Bn.getNodeAs<Expr>("s");
      const Expr *L = isa<BinaryOperator>(S) ? cast<BinaryOperator>(S)->getLHS() : cast<CXXOperatorCallExpr>(S)->getArg(0);
      L = L->IgnoreParenImpCasts();
      while (const auto *AS = dyn_cast<ArraySubscriptExpr>(L))
        L = AS->getBase()->IgnoreParenImpCasts();
      const VarDecl *V = analysis::refVar(L);
      if (V && V->hasLocalStorage() && !cuda::isShared(V) && !declaredIn(V, P.LoadIf))
        P.Buffers.insert(V);
    }
  }

  bool declaredIn(const VarDecl *V, const Stmt *S) const { return writtenWithin(Ctx, V->getLocation(), S); }

  void prologueWhy(std::string Why, const Stmt *At) {
    if (P.PrologueWhy.empty()) {
      P.PrologueWhy = std::move(Why);
      P.PrologueAt = At;
    }
  }

  void findPrologue() {
    const Stmt *Anchor = P.Loop;
    const Stmt *Par = F.parentOf(Anchor);
    while (Par && isa<AttributedStmt>(Par)) {
      Anchor = Par;
      Par = F.parentOf(Par);
    }
    const auto *CS = dyn_cast_or_null<CompoundStmt>(Par);
    if (!CS)
      return prologueWhy("the loop is not a statement of a block: no prologue before it", P.Loop);
    std::vector<const Stmt *> Kids(CS->body_begin(), CS->body_end());
    size_t At = llvm::find(Kids, Anchor) - Kids.begin();
    size_t I = At;
    if (P.CpAsync) {
      // The copies of steps 0 .. S-2 and their commits end the prologue:
      // no barrier of their own (the loop's wait and barrier serve them).
      while (I > 0 && !usesTile(Kids[I - 1]) && calleeName(Kids[I - 1]) != "__pipeline_commit" &&
             !analysis::firstBarrier(Kids[I - 1]))
        --I;
    } else {
      while (I-- > 0) {
        if (analysis::isBarrierStmt(Kids[I])) {
          P.PrologueBarrier = Kids[I];
          break;
        }
        if (usesTile(Kids[I]) || analysis::firstBarrier(Kids[I]))
          return prologueWhy(describe(Ctx, Kids[I]) + " uses a tile or waits between the prologue and the loop",
                             Kids[I]);
      }
      if (!P.PrologueBarrier)
        return prologueWhy("no barrier before the loop ends a prologue that fills stage 0", P.Loop);
    }
    while (I-- > 0) {
      const Stmt *S = Kids[I];
      bool WritesBuffer = llvm::any_of(P.Buffers, [&](const VarDecl *V) { return F.modifiedWithin(V, S); });
      if (!usesTile(S) && !WritesBuffer && !(P.CpAsync && calleeName(S) == "__pipeline_commit"))
        break;
      P.Prologue.insert(P.Prologue.begin(), S);
    }
    bool Fills = false;
    for (const StageRef &R : P.PrologueRefs) {
      if (!llvm::any_of(P.Prologue, [&](const Stmt *S) { return analysis::containsStmt(S, R.Base); }))
        return prologueWhy(describe(Ctx, R.Base) + " uses a tile outside the loop and its prologue", R.Base);
      if (!P.CpAsync && intValue(Ctx, R.Lead->getIdx()) != 0)
        return prologueWhy(describe(Ctx, R.Lead) + " is not stage 0", R.Lead);
      Fills = true;
    }
    if (!Fills)
      return P.CpAsync ? prologueWhy("nothing before the loop issues the first steps' copies", P.Loop)
                       : prologueWhy("the statements before the barrier at " + describe(Ctx, P.PrologueBarrier) +
                                         " fill no tile",
                                     P.PrologueBarrier);
    std::vector<const Expr *> Allowed;
    for (const StageRef &R : P.PrologueRefs)
      Allowed.push_back(R.Base);
    for (const Stmt *S : P.Prologue) {
      // Every write: tile writes are skipped one by one.
      std::vector<const Expr *> Seen = Allowed;
      while (const Expr *W = analysis::firstMemoryAccess(S, Seen, /*Writes=*/true)) {
        if (!usesTile(W) && !(P.CpAsync && calleeName(W) == "__pipeline_commit"))
          return prologueWhy(describe(Ctx, W) + " writes memory in the prologue besides stage 0", W);
        Seen.push_back(W);
      }
      auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr(to(varDecl().bind("v"))))), *S, Ctx);
      for (const auto &Bn : Refs) {
        const auto *V = Bn.getNodeAs<VarDecl>("v");
        if (!declaredIn(V, S) && !P.Buffers.count(V) && !llvm::is_contained(P.Tiles, V))
          if (const analysis::VarMod *M = F.modifiedWithin(V, S))
            return prologueWhy("the prologue changes '" + V->getName().str() + "' at " + describe(Ctx, M->At) +
                                   ", which the prefetch does not fill",
                               M->At);
      }
    }
  }

  void guardWhy(std::string Why, const Stmt *At) {
    if (P.GuardWhy.empty()) {
      P.GuardWhy = std::move(Why);
      P.GuardAt = At;
    }
  }

public:
  /// How many steps ahead the prefetch runs: 1, or S-1 with cp.async.
  int64_t ahead() const { return P.CpAsync ? int64_t(P.Stages) - 1 : 1; }
  /// The step's text times ahead() (`16`, `2 * 16`).
  std::string aheadText() const {
    return ahead() == 1 ? P.C->StepText : std::to_string(ahead()) + " * " + P.C->StepText;
  }

  /// \p E is `counter + step` (or `step + counter`), ahead() steps on.
  bool isNextStep(const Expr *E) const {
    const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    if (!BO || BO->getOpcode() != BO_Add)
      return false;
    for (auto [X, Y] : {std::pair(BO->getLHS(), BO->getRHS()), std::pair(BO->getRHS(), BO->getLHS())}) {
      if (analysis::refVar(X) != P.C->Var)
        continue;
      auto V = intValue(Ctx, Y);
      if (P.C->StepValue && V && *V == ahead() * *P.C->StepValue)
        return true;
      std::string T = squeeze(nodeText(Ctx, Y, ""));
      std::string S = squeeze(aheadText());
      auto Strip = [](std::string X) {
        while (X.size() > 2 && X.front() == '(' && X.back() == ')')
          X = X.substr(1, X.size() - 2);
        return X;
      };
      if (Strip(T) == Strip(S))
        return true;
    }
    return false;
  }

private:
  /// \p G is \p L with the counter ahead() steps on: the same operators, the
  /// counter's references `counter + step` in \p G, everything else alike
  /// (`(t + 1) * TS < K` for `t * TS < K`).
  bool atNextStep(const Expr *G, const Expr *L) const {
    G = G->IgnoreParenImpCasts();
    L = L->IgnoreParenImpCasts();
    if (analysis::refVar(L) == P.C->Var)
      return isNextStep(G);
    const auto *GB = dyn_cast<BinaryOperator>(G);
    const auto *LB = dyn_cast<BinaryOperator>(L);
    if (GB && LB)
      return GB->getOpcode() == LB->getOpcode() && atNextStep(GB->getLHS(), LB->getLHS()) &&
             atNextStep(GB->getRHS(), LB->getRHS());
    const auto *GU = dyn_cast<UnaryOperator>(G);
    const auto *LU = dyn_cast<UnaryOperator>(L);
    if (GU && LU)
      return GU->getOpcode() == LU->getOpcode() && atNextStep(GU->getSubExpr(), LU->getSubExpr());
    // Anything else: alike, and free of the counter.
    auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr(to(varDecl(equalsNode(P.C->Var)))))), *L, Ctx);
    if (!Refs.empty())
      return false;
    auto GV = intValue(Ctx, G), LV = intValue(Ctx, L);
    return (GV && LV && *GV == *LV) || squeeze(nodeText(Ctx, G, "a")) == squeeze(nodeText(Ctx, L, "b"));
  }

  void checkGuard() {
    const Expr *G = P.LoadIf->getCond()->IgnoreParenImpCasts();
    if (const VarDecl *V = analysis::refVar(G); V && V->getInit() && F.mods(V).empty())
      G = V->getInit()->IgnoreParenImpCasts();
    const auto *GB = dyn_cast<BinaryOperator>(G);
    const auto *LB = dyn_cast<BinaryOperator>(P.Loop->getCond()->IgnoreParenImpCasts());
    if (!GB || !LB || !GB->isComparisonOp() || GB->getOpcode() != LB->getOpcode())
      return guardWhy("the prefetch's guard '" + nodeText(Ctx, G, "") + "' is not the loop's condition '" +
                          nodeText(Ctx, P.Loop->getCond(), "") + "' at the next step",
                      P.LoadIf);
    if (atNextStep(G, P.Loop->getCond()))
      return;
    guardWhy("the prefetch's guard '" + nodeText(Ctx, G, "") + "' is not the loop's condition '" +
                 nodeText(Ctx, P.Loop->getCond(), "") + "' at the next step",
             P.LoadIf);
  }

  void addressWhy(std::string Why, const Stmt *At) {
    if (P.AddressWhy.empty()) {
      P.AddressWhy = std::move(Why);
      P.AddressAt = At;
    }
  }

  /// \p V's initialiser (or one it reads, transitively) names the counter.
  bool dependsOnCounter(const VarDecl *V, unsigned Depth = 0) const {
    if (!V || !V->getInit() || Depth > 8)
      return false;
    auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr(to(varDecl().bind("v"))))), *V->getInit(), Ctx);
    for (const auto &Bn : Refs) {
      const auto *W = Bn.getNodeAs<VarDecl>("v");
      if (W == P.C->Var || (W != V && declaredIn(W, P.Body) && dependsOnCounter(W, Depth + 1)))
        return true;
    }
    return false;
  }

  void checkAddresses() {
    for (const Stmt *Part : {P.LoadIf->getThen(), P.StoreIf->getThen()}) {
      auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr(to(varDecl().bind("v"))).bind("r"))), *Part, Ctx);
      for (const auto &Bn : Refs) {
        const auto *V = Bn.getNodeAs<VarDecl>("v");
        const auto *R = Bn.getNodeAs<DeclRefExpr>("r");
        if (V == P.C->Var || P.Buffers.count(V) || llvm::is_contained(P.Tiles, V) || declaredIn(V, Part) ||
            P.Removable.count(V))
          continue;
        // Stage indices are dropped with the subscripts they pick.
        if (llvm::any_of(P.StoreRefs, [&](const StageRef &S) { return analysis::containsStmt(S.Lead->getIdx(), R); }))
          continue;
        if (declaredIn(V, P.Body) && dependsOnCounter(V))
          return addressWhy("the prefetch reads '" + V->getName().str() + "', which the step computes from the "
                            "counter: moving the counter back would not move it",
                            R);
        for (const Stmt *S : P.Compute)
          if (const analysis::VarMod *M = F.modifiedWithin(V, S))
            return addressWhy("the prefetch reads '" + V->getName().str() + "', which the compute changes at " +
                                  describe(Ctx, M->At),
                              R);
      }
    }
  }

  void findRemovable() {
    // Candidates: what picks a stage, what toggles it, what guards the prefetch.
    std::set<const VarDecl *> Cand;
    auto AddRefs = [&](const Stmt *S) {
      auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr(to(varDecl().bind("v"))))), *S, Ctx);
      for (const auto &Bn : Refs)
        if (const auto *V = Bn.getNodeAs<VarDecl>("v"); V->isLocalVarDecl() && V != P.C->Var)
          Cand.insert(V);
    };
    for (const auto *Refs : {&P.ComputeRefs, &P.StoreRefs, &P.PrologueRefs})
      for (const StageRef &R : *Refs)
        AddRefs(R.Lead->getIdx());
    for (const Stmt *T : P.Toggles)
      AddRefs(T);
    AddRefs(P.LoadIf->getCond());
    AddRefs(P.StoreIf->getCond());
    // Removed text: the stage subscripts, toggles, guards, the prologue.
    std::vector<const Stmt *> Gone;
    for (const auto *Refs : {&P.ComputeRefs, &P.StoreRefs, &P.PrologueRefs})
      for (const StageRef &R : *Refs)
        Gone.push_back(R.Lead->getIdx());
    for (const Stmt *T : P.Toggles)
      Gone.push_back(T);
    Gone.push_back(P.LoadIf->getCond());
    Gone.push_back(P.StoreIf->getCond());
    for (const Stmt *S : P.Prologue)
      Gone.push_back(S);
    auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr(to(varDecl().bind("v"))).bind("r"))), *FD->getBody(), Ctx);
    bool Changed = true;
    std::set<const VarDecl *> Keep;
    while (Changed) {
      Changed = false;
      for (const auto &Bn : Refs) {
        const auto *V = Bn.getNodeAs<VarDecl>("v");
        const auto *R = Bn.getNodeAs<DeclRefExpr>("r");
        if (!Cand.count(V) || Keep.count(V))
          continue;
        bool Removed = llvm::any_of(Gone, [&](const Stmt *S) { return analysis::containsStmt(S, R); });
        for (const VarDecl *W : Cand)
          if (W != V && !Keep.count(W) && W->getInit() && analysis::containsStmt(W->getInit(), R))
            Removed = true;
        if (!Removed) {
          Keep.insert(V);
          Changed = true;
        }
      }
    }
    for (const VarDecl *V : Cand)
      if (!Keep.count(V) && declStmtOf(V))
        P.Removable.insert(V);
  }

  /// The declaration statement of \p V when it declares only \p V.
  const DeclStmt *declStmtOf(const VarDecl *V) const {
    auto Decls = match(traverse(TK_AsIs, findAll(declStmt().bind("d"))), *FD->getBody(), Ctx);
    for (const auto &Bn : Decls) {
      const auto *DS = Bn.getNodeAs<DeclStmt>("d");
      if (DS->isSingleDecl() && DS->getSingleDecl() == V)
        return DS;
    }
    return nullptr;
  }

  /// Registers carrying one value from its load to its store fold away:
  /// the prefetch and the store are the same statements but for
  /// `buf = value` / `tile = buf`, every buffer element loaded once.
  void planFold() {
    std::vector<const Stmt *> Loads = children(P.LoadIf->getThen()), Stores = children(P.StoreIf->getThen());
    if (Loads.size() != Stores.size() || Loads.empty())
      return;
    std::map<std::string, const Expr *> Loaded;
    bool Ok = true;
    for (size_t I = 0; I < Loads.size() && Ok; ++I) {
      auto L = substitutedStmtText(Ctx, Loads[I], [&](const Expr *E) -> std::optional<std::string> {
        auto Parts = assignmentParts(E);
        if (!Parts || !bufferAccess(Parts->first))
          return std::nullopt;
        std::string Key = squeeze(nodeText(Ctx, Parts->first, ""));
        if (!Loaded.emplace(Key, Parts->second).second)
          Ok = false;
        return "@" + Key;
      });
      auto S = substitutedStmtText(Ctx, Stores[I], [&](const Expr *E) -> std::optional<std::string> {
        auto Parts = assignmentParts(E);
        if (!Parts || !bufferAccess(Parts->second))
          return std::nullopt;
        return "@" + squeeze(nodeText(Ctx, Parts->second, ""));
      });
      Ok = Ok && L && S && squeeze(*L) == squeeze(*S);
    }
    if (!Ok)
      return;
    // Every reference to a buffer is one of these loads or stores.
    auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr(to(varDecl().bind("v"))).bind("r"))), *FD->getBody(), Ctx);
    for (const auto &Bn : Refs) {
      const auto *V = Bn.getNodeAs<VarDecl>("v");
      if (!P.Buffers.count(V))
        continue;
      if (!analysis::containsStmt(P.LoadIf, Bn.getNodeAs<DeclRefExpr>("r")) &&
          !analysis::containsStmt(P.StoreIf, Bn.getNodeAs<DeclRefExpr>("r")))
        return;
    }
    P.Fold = true;
    P.LoadedValue = Loaded;
    for (const VarDecl *V : P.Buffers)
      if (declStmtOf(V) && declaredIn(V, P.Body))
        P.Removable.insert(V);
  }

  /// `buf` or `buf[i]` of a buffer the prefetch writes.
  bool bufferAccess(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      E = AS->getBase()->IgnoreParenImpCasts();
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    return DRE && P.Buffers.count(dyn_cast<VarDecl>(DRE->getDecl()));
  }

public:
  /// The statements of a branch, without declarations of removable
  /// variables and the store's barrier.
  std::vector<const Stmt *> children(const Stmt *S) const {
    std::vector<const Stmt *> Out;
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      Out.assign(CS->body_begin(), CS->body_end());
    else
      Out.push_back(S);
    llvm::erase_if(Out, [&](const Stmt *K) {
      if (K == P.InnerBarrier)
        return true;
      const auto *DS = dyn_cast<DeclStmt>(K);
      return DS && DS->isSingleDecl() && P.Removable.count(dyn_cast<VarDecl>(DS->getSingleDecl()));
    });
    return Out;
  }

private:
  ASTContext &Ctx;
  const FunctionDecl *FD;
  const analysis::FunctionFacts &F;
  BufferedLoop &P;
};

bool shapeKnown(const BufferedLoop &P, PreconditionResult &R) {
  if (P.ShapeWhy.empty())
    return true;
  R.Reason = "no double-buffered loop to read (double-buffered-loop)";
  return false;
}

/// `#pragma` lines right above \p S, each ending with a newline and \p Indent.
std::string pragmasAbove(const ASTContext &Ctx, const Stmt *S, StringRef Indent) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = SM.getExpansionLoc(S->getBeginLoc());
  StringRef Buf = SM.getBufferData(SM.getFileID(L));
  unsigned Off = SM.getFileOffset(L);
  size_t LS = Buf.rfind('\n', Off); // the last newline before Off
  if (LS == StringRef::npos || !Buf.slice(LS + 1, Off).trim().empty())
    return "";
  std::vector<std::string> Lines;
  while (LS > 0) {
    size_t Above = Buf.rfind('\n', LS);
    size_t Start = Above == StringRef::npos ? 0 : Above + 1;
    StringRef Line = Buf.slice(Start, LS).trim();
    if (!Line.starts_with("#pragma"))
      break;
    Lines.insert(Lines.begin(), Line.str());
    if (Above == StringRef::npos)
      break;
    LS = Above;
  }
  std::string Out;
  for (const std::string &Line : Lines)
    Out += Line + "\n" + Indent.str();
  return Out;
}

} // namespace

Status checkDoubleBufferedLoop(const PreconditionQuery &Q, PreconditionResult &R) {
  const BufferedLoop &P = planOf(Q);
  std::vector<std::string> Names;
  for (const VarDecl *T : P.Tiles)
    Names.push_back("'" + T->getName().str() + "'");
  return verdictOf(Q.AC.ast(), R, P.ShapeWhy, P.ShapeAt, "shape",
                   "the compute reads one stage of " + join(Names, ", ") +
                       ", the guarded store after it writes the other from the registers the prefetch fills");
}

Status checkPrefetchGuardsNextStep(const PreconditionQuery &Q, PreconditionResult &R) {
  const BufferedLoop &P = planOf(Q);
  if (!shapeKnown(P, R))
    return Status::Unknown;
  return verdictOf(Q.AC.ast(), R, P.GuardWhy, P.GuardAt, "guard",
                   "the prefetch runs under the loop's condition at the next step");
}

Status checkPrefetchAddressedByCounter(const PreconditionQuery &Q, PreconditionResult &R) {
  const BufferedLoop &P = planOf(Q);
  if (!shapeKnown(P, R))
    return Status::Unknown;
  return verdictOf(Q.AC.ast(), R, P.AddressWhy, P.AddressAt, "address",
                   "the prefetch reaches the next step through the counter '" + P.C->Var->getName().str() +
                       "' only");
}

Status checkPrologueStagesFirstStep(const PreconditionQuery &Q, PreconditionResult &R) {
  const BufferedLoop &P = planOf(Q);
  if (!shapeKnown(P, R))
    return Status::Unknown;
  return verdictOf(Q.AC.ast(), R, P.PrologueWhy, P.PrologueAt, "prologue",
                   std::to_string(P.Prologue.size()) +
                       " statement(s) before the loop fill stage 0 and the prefetch's registers only");
}

/// `#include <cuda_pipeline.h>` goes with the file's last pipeline call:
/// when every `__pipeline_*` call of the file is in this loop or its
/// prologue.
static void removePipelineInclude(EditBuilder &B, ASTContext &Ctx, const FunctionDecl *FD, const BufferedLoop &P) {
  const SourceManager &SM = Ctx.getSourceManager();
  FileID File = SM.getFileID(SM.getExpansionLoc(FD->getBeginLoc()));
  auto Calls = match(traverse(TK_AsIs, findAll(callExpr(callee(functionDecl(matchesName("^::__pipeline_")))).bind("c"))),
                     Ctx);
  for (const auto &Bn : Calls) {
    const auto *C = Bn.getNodeAs<CallExpr>("c");
    if (SM.getFileID(SM.getExpansionLoc(C->getBeginLoc())) != File)
      continue;
    if (!analysis::containsStmt(P.Loop, C) &&
        !llvm::any_of(P.Prologue, [&](const Stmt *Pr) { return analysis::containsStmt(Pr, C); }))
      return;
  }
  StringRef Buf = SM.getBufferData(File);
  for (size_t Pos = 0; Pos < Buf.size();) {
    size_t EOL = Buf.find('\n', Pos);
    size_t End = EOL == StringRef::npos ? Buf.size() : EOL + 1;
    StringRef Line = Buf.slice(Pos, End).trim();
    if (Line.starts_with("#include") && Line.contains("cuda_pipeline.h")) {
      SourceLocation Start = SM.getLocForStartOfFile(File);
      B.replaceChars(Start.getLocWithOffset(Pos), Start.getLocWithOffset(End), "");
      return;
    }
    Pos = End;
  }
}

static void reverseAt(const RewritePair &Pair, AnalysisContext &AC, const FunctionDecl *FD, const ForStmt *Loop) {
  ASTContext &Ctx = AC.ast();
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Loop->getBody());
  if (!Body)
    return;
  const analysis::FunctionFacts &F = analysis::AnalysisCache::of(Ctx).facts(FD);
  BufferedLoop P;
  P.Loop = Loop;
  P.Body = Body;
  ReversePlanner Planner(Ctx, FD, F, P);
  if (!Planner.plan())
    return;
  Site &S = AC.addSite(Name, Direction::Reverse, Loop->getBeginLoc(), FD, "double-buffered-loop");
  std::vector<std::string> Names;
  for (const VarDecl *T : P.Tiles)
    Names.push_back(T->getName().str());
  S.Summary = "give the tiles " + join(Names, ", ") + " one stage, staged and consumed between two barriers";
  S.Facts["tiles"] = join(Names, ", ");
  S.Facts["stages"] = std::to_string(P.Stages) + " -> 1";
  S.Facts["mechanism"] = P.CpAsync ? "cp-async" : "registers";
  PreconditionQuery Q{AC, FD, DynTypedNode::create(*Loop), &P};
  for (const PreconditionSpec &Spec : Pair.preconditions())
    if (Spec.Dir == Direction::Reverse)
      S.check(Spec, Q);
  if (S.verdict() == Status::Fails || !P.ShapeWhy.empty())
    return;
  if (!P.CpAsync)
    S.Facts["registers"] = P.Fold ? "folded" : "kept";

  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  EditBuilder B(Ctx);
  const std::string Var = P.C->Var->getName().str();
  const std::string Back = Var + " - " + Planner.aheadText();
  std::string BI = lineIndent(Ctx, P.LoadIf->getBeginLoc());
  std::string Unit = indentUnitOf(Ctx, Body);
  auto Need = [&](std::optional<std::string> T, const Stmt *At) {
    if (!T)
      B.failWith("the text of " + describe(Ctx, At) + " is not plain source (a macro's body or argument)",
                 At->getBeginLoc());
    return T.value_or("");
  };
  // One step back: `k0 + 16` -> `k0`, `(s + 1)` -> `s`, another `k0` -> `k0 - 16`.
  auto IsNext = [&](const Expr *E) { return isa<BinaryOperator>(E->IgnoreParens()) && Planner.isNextStep(E); };
  std::function<std::optional<std::string>(const Expr *)> Replace = [&](const Expr *E) -> std::optional<std::string> {
    if (IsNext(E))
      return Var;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E); DRE && DRE->getDecl() == P.C->Var)
      return counterValueAt(F, DRE, Back);
    // A stage subscript goes: `As[nxt][r][c]` -> `As[r][c]`.
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      if (llvm::any_of(P.StoreRefs, [&](const StageRef &R) { return R.Lead == AS; }))
        return nodeText(Ctx, AS->getBase(), "?");
    // cp.async: a copy is the store it makes (`__pipeline_memcpy_async(&D,
    // &S, n)` -> `D = S`), a zero-filling selection the selected store.
    if (P.CpAsync) {
      auto Operand = [&](const Expr *X) -> const Expr * {
        const auto *U = dyn_cast<UnaryOperator>(X->IgnoreParenImpCasts());
        return U && U->getOpcode() == UO_AddrOf ? U->getSubExpr() : nullptr;
      };
      auto CopyParts = [&](const Expr *X) -> std::optional<std::pair<const Expr *, const Expr *>> {
        const auto *C = dyn_cast<CallExpr>(X->IgnoreParenImpCasts());
        const auto *Fn = C ? C->getDirectCallee() : nullptr;
        if (!Fn || !Fn->getIdentifier() || Fn->getName() != "__pipeline_memcpy_async" || C->getNumArgs() < 3)
          return std::nullopt;
        const Expr *D = Operand(C->getArg(0)), *Src = Operand(C->getArg(1));
        if (!D || !Src)
          return std::nullopt;
        return std::pair(D, Src);
      };
      auto Text = [&](const Expr *X) { return substitutedText(Ctx, X, Replace); };
      if (auto CP = CopyParts(E)) {
        auto D = Text(CP->first), Src = Text(CP->second);
        if (!D || !Src)
          return std::nullopt;
        return StringRef(*D).trim("()").str() == *D ? *D + " = " + *Src : *D + " = " + *Src;
      }
      if (const auto *CO = dyn_cast<ConditionalOperator>(E->IgnoreParenImpCasts())) {
        auto CP = CopyParts(CO->getTrueExpr());
        const Expr *Else = CO->getFalseExpr()->IgnoreParenImpCasts();
        if (const auto *Cast = dyn_cast<CStyleCastExpr>(Else))
          Else = Cast->getSubExpr()->IgnoreParens();
        auto Parts = assignmentParts(Else);
        if (CP && Parts) {
          auto D = Text(CP->first), Src = Text(CP->second), Cond = Text(CO->getCond()), Zero = Text(Parts->second);
          if (!D || !Src || !Cond || !Zero)
            return std::nullopt;
          return *D + " = " + *Cond + " ? " + *Src + " : " + *Zero;
        }
      }
    }
    if (P.Fold)
      if (auto Parts = assignmentParts(E)) {
        auto It = P.LoadedValue.find(squeeze(nodeText(Ctx, Parts->second, "")));
        if (It != P.LoadedValue.end()) {
          auto L = substitutedText(Ctx, Parts->first, Replace);
          auto V = substitutedText(Ctx, It->second, Replace);
          if (!L || !V)
            return std::nullopt;
          return *L + " = " + *V;
        }
      }
    return std::nullopt;
  };
  // The branch's statements at the loop body's level: braced when they
  // declare something (the prefetch's and the store's names may meet).
  // The names a branch declares at its top; the loop body's own.
  auto NamesOf = [&](ArrayRef<const Stmt *> Kids) {
    std::set<std::string> Names;
    for (const Stmt *K : Kids)
      if (const auto *DS = dyn_cast<DeclStmt>(K))
        for (const Decl *D : DS->decls())
          if (const auto *ND = dyn_cast<NamedDecl>(D))
            Names.insert(ND->getNameAsString());
    return Names;
  };
  std::vector<const Stmt *> BodyKids;
  for (const Stmt *K : Body->body())
    if (K != P.LoadIf && K != P.StoreIf)
      BodyKids.push_back(K);
  std::set<std::string> BodyNames = NamesOf(BodyKids);
  std::set<std::string> LoadNames = NamesOf(Planner.children(P.LoadIf->getThen()));
  std::set<std::string> StoreNames = NamesOf(Planner.children(P.StoreIf->getThen()));
  // A branch keeps braces when a name it declares would meet another at
  // the loop body's level (the other branch's, the body's own).
  auto BranchText = [&](const Stmt *Branch) {
    std::vector<const Stmt *> Kids = Planner.children(Branch);
    const std::set<std::string> &Mine = Branch == P.LoadIf->getThen() ? LoadNames : StoreNames;
    static const std::set<std::string> None;
    const std::set<std::string> &Other =
        P.CpAsync ? None : Branch == P.LoadIf->getThen() ? StoreNames : LoadNames;
    bool Declares = llvm::any_of(Mine, [&](const std::string &N) {
      return BodyNames.count(N) || (!P.Fold && Other.count(N));
    });
    std::string Out;
    std::string In = Declares ? BI + Unit : BI;
    for (const Stmt *K : Kids) {
      std::string T = Need(substitutedStmtText(Ctx, K, Replace), K);
      T = Declares ? T : dedentLines(T, Unit);
      Out += (Out.empty() && !Declares ? "" : "\n" + In) + pragmasAbove(Ctx, K, In) + T;
    }
    if (Declares)
      Out = "{" + Out + "\n" + BI + "}";
    return Out;
  };
  if (P.CpAsync) {
    // The copies become the step's own stores; the commit and the wait go,
    // the barrier after them now follows the stores.
    B.replaceStatement(P.LoadIf, BranchText(P.LoadIf->getThen()));
    B.removeStatement(P.Commit);
    B.removeStatement(P.Wait);
    removePipelineInclude(B, Ctx, FD, P);
  } else {
    std::string Staging;
    if (!P.Fold)
      Staging = BranchText(P.LoadIf->getThen()) + "\n" + BI;
    Staging += BranchText(P.StoreIf->getThen()) + "\n" + BI + "__syncthreads();";
    B.replaceStatement(P.LoadIf, Staging);
    if (P.InnerBarrier)
      B.replaceStatement(P.StoreIf, "__syncthreads();");
    else
      B.removeStatement(P.StoreIf);
  }
  for (const Stmt *T : P.Toggles)
    B.removeStatement(T);
  for (const Stmt *Pr : P.Prologue)
    B.removeStatement(Pr);
  if (P.PrologueBarrier)
    B.removeStatement(P.PrologueBarrier);
  // The compute reads the one stage.
  for (const StageRef &R : P.ComputeRefs) {
    SourceLocation End = Lexer::getLocForEndOfToken(SM.getSpellingLoc(R.Base->getEndLoc()), 0, SM, LO);
    if (R.Base->getEndLoc().isMacroID() || R.Lead->getRBracketLoc().isMacroID())
      B.failWith("the stage subscript of " + describe(Ctx, R.Lead) + " is written in a macro", R.Lead->getBeginLoc());
    else
      B.replaceChars(End, R.Lead->getRBracketLoc().getLocWithOffset(1), "");
  }
  // Declarations of what goes; the tiles lose their leading extent.
  for (const VarDecl *V : P.Removable) {
    auto Decls = match(traverse(TK_AsIs, findAll(declStmt(hasSingleDecl(equalsNode(V))).bind("d"))), *FD->getBody(),
                       Ctx);
    for (const auto &Bn : Decls) {
      const auto *DS = Bn.getNodeAs<DeclStmt>("d");
      // Inside the prefetch or the store: already left out of their text.
      if (analysis::containsStmt(P.LoadIf, DS) || analysis::containsStmt(P.StoreIf, DS) ||
          llvm::any_of(P.Prologue, [&](const Stmt *Pr) { return analysis::containsStmt(Pr, DS); }))
        continue;
      B.removeStatement(DS);
    }
  }
  for (const VarDecl *T : P.Tiles) {
    TypeSourceInfo *TSI = T->getTypeSourceInfo();
    auto ATL = TSI ? TSI->getTypeLoc().getAs<ArrayTypeLoc>() : ArrayTypeLoc();
    if (!ATL || ATL.getLBracketLoc().isMacroID() || ATL.getRBracketLoc().isMacroID())
      B.failWith("the stage extent of '" + T->getName().str() + "' is not written in its declaration",
                 T->getLocation());
    else
      B.replaceChars(ATL.getLBracketLoc(), ATL.getRBracketLoc().getLocWithOffset(1), "");
  }
  commit(B, S);
}

void findReverseSites(const RewritePair &Pair, AnalysisContext &AC, const FunctionDecl *FD) {
  auto Loops = match(traverse(TK_AsIs, findAll(forStmt().bind("loop"))), *FD->getBody(), AC.ast());
  for (const auto &L : Loops)
    if (const auto *Loop = L.getNodeAs<ForStmt>("loop"))
      reverseAt(Pair, AC, FD, Loop);
}

} // namespace software_pipeline
} // namespace klineage
