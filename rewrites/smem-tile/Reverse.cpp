//===- Reverse.cpp - Shared tiles back to the global reads they stage -----===//
//
// Part of KLineage. Reverse of smem-tile: a loop whose body stages global
// elements in __shared__ tiles (`As[ty][tx] = A[row * K + t * TILE + tx];`,
// perhaps under a bound with 0 otherwise), waits at a barrier, reads the
// tiles (`As[ty][k]`) and waits again, loses the staging: each read of a
// tile becomes the global read the element came from, computed by the
// reading thread -- the staged index with the store's thread indices
// replaced by the read's subscripts (`A[row * K + t * TILE + k]`), under
// the staging condition where there is one -- and the stores, barriers and
// tile declarations go. Every tile of the loop goes at once, since the
// barriers serve them all.
//
//===----------------------------------------------------------------------===//
#include "SmemTile.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/Divisibility.h"
#include "klineage/Analysis/LinearForm.h"
#include "klineage/Edit/GridEdits.h"
#include "klineage/Analysis/ValueRange.h"
#include "klineage/Analysis/ThreadIndex.h"
#include "klineage/Analysis/ThreadShift.h"
#include "klineage/Analysis/TileStaging.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/MemorySpace.h"
#include "klineage/Edit/EditBuilder.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Frontend/SourcePositions.h"
#include "klineage/Rewrite/LaunchShape.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/StringExtras.h"
#include <functional>
#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;
using namespace llvm;

namespace klineage {
namespace smem_tile {

namespace {

/// One staged tile of the loop.
struct Tile {
  const VarDecl *Array = nullptr;
  const DeclStmt *Decl = nullptr;
  const Stmt *Store = nullptr;               ///< the statement that stages it
  const ArraySubscriptExpr *Slot = nullptr;  ///< the stored element `S[ty][tx]`
  const ArraySubscriptExpr *Source = nullptr;///< the global element `G[g]`
  const Expr *Cond = nullptr;                ///< staged only when this holds
  const Expr *Otherwise = nullptr;           ///< the value stored otherwise
  std::vector<unsigned> SubAxis;             ///< per subscript: 0 = x, 1 = y, 2 = the staging loop's counter
  /// Per axis: C when the slot is the flattened `(t / C) * C + t % C`.
  int64_t FlatDivisor[2] = {0, 0};
  /// A staging loop `for (j = threadIdx.y; j < 32; j += blockDim.y)`
  /// (several loads per thread): its counter subscripts the tile.
  const VarDecl *LoopVar = nullptr;
  unsigned LoopAxis = 0;
  /// A copy loop `for (int c = 0; c < F; ++c)` around the store (smem-tile's
  /// staging of register-tile's copies): the slot's subscript CopyPos is
  /// `threadIdx.a + c * E`, E the block's extent (0: written blockDim.a).
  const VarDecl *CopyVar = nullptr;
  size_t CopyPos = ~size_t(0);
  int64_t CopyExtent = 0;
  /// A selection inside a guarded store (`if (g) S = c ? G : 0;`): c.
  const Expr *Cond2 = nullptr;
  std::vector<const ArraySubscriptExpr *> Reads;
  /// A loader's tile (TileStaging): what the slots hold, in words.
  std::string Loaded;
};

struct TiledLoop : SiteSubject {
  const Stmt *Loop = nullptr;
  const CompoundStmt *Body = nullptr;
  std::vector<Tile> Tiles;
  std::vector<const Stmt *> Barriers;
  const Stmt *ComputeBegin = nullptr, *ComputeEnd = nullptr; ///< barriers around the reads (End may be null)
  std::string StagedWhy, BetweenWhy, StableWhy;
  const Stmt *StagedAt = nullptr, *BetweenAt = nullptr, *StableAt = nullptr;
  const Expr *WriteAt = nullptr;
};

const TiledLoop &planOf(const PreconditionQuery &Q) { return *static_cast<const TiledLoop *>(Q.Subject); }

const ArraySubscriptExpr *outermost(const ArraySubscriptExpr *A, const analysis::FunctionFacts &F) {
  while (true) {
    const Stmt *Up = F.parentOf(A);
    while (Up && isa<ImplicitCastExpr, ParenExpr>(Up))
      Up = F.parentOf(Up);
    const auto *P = dyn_cast_or_null<ArraySubscriptExpr>(Up);
    if (!P || P->getBase()->IgnoreParenImpCasts() != A)
      return A;
    A = P;
  }
}

/// The shared variable an element access `S[i][j]` subscripts, and its
/// subscripts outermost first.
const VarDecl *sharedArrayOf(const ArraySubscriptExpr *A, std::vector<const Expr *> &Subs) {
  const Expr *E = A;
  std::vector<const Expr *> Rev;
  while (const auto *AS = dyn_cast<ArraySubscriptExpr>(E->IgnoreParenImpCasts())) {
    Rev.push_back(AS->getIdx());
    E = AS->getBase()->IgnoreParenImpCasts();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !cuda::isShared(V))
    return nullptr;
  Subs.assign(Rev.rbegin(), Rev.rend());
  return V;
}

/// `G[g]`, `__ldg(&G[g])`: the global element a value reads.
const ArraySubscriptExpr *globalElement(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *C = dyn_cast<CallExpr>(E); C && C->getNumArgs() == 1)
    if (const FunctionDecl *F = C->getDirectCallee(); F && F->getName().starts_with("__ld"))
      if (const auto *U = dyn_cast<UnaryOperator>(C->getArg(0)->IgnoreParenImpCasts());
          U && U->getOpcode() == UO_AddrOf)
        E = U->getSubExpr()->IgnoreParenImpCasts();
  const auto *A = dyn_cast<ArraySubscriptExpr>(E);
  if (!A || !A->getBase()->IgnoreParenImpCasts()->getType()->isPointerType() ||
      A->getBase()->getType()->isArrayType())
    return nullptr;
  return A;
}

/// `S[..] = v;` as a statement (through a one-statement compound).
const BinaryOperator *storeOf(const Stmt *S) {
  if (const auto *C = dyn_cast_or_null<CompoundStmt>(S); C && C->size() == 1)
    S = C->body_front();
  const auto *B = dyn_cast_or_null<BinaryOperator>(dyn_cast_or_null<Expr>(S) ? cast<Expr>(S)->IgnoreImplicit() : nullptr);
  if (!B || B->getOpcode() != BO_Assign || !isa<ArraySubscriptExpr>(B->getLHS()->IgnoreParenImpCasts()))
    return nullptr;
  return B;
}

/// `(t / C) * C + t % C` with t a thread index (the row and column of a
/// flattened 1-D block, `threadRow * BS + threadCol`): equal to t itself.
std::optional<unsigned> recomposedAxis(analysis::Linearizer &Lin, const analysis::FunctionFacts &F,
                                       const analysis::LinearForm &Form, int64_t *Divisor) {
  const ASTContext &Ctx = F.function()->getASTContext();
  const Expr *Div = nullptr, *Mod = nullptr;
  int64_t DivCoeff = 0;
  for (const auto &[Mono, Coeff] : Form.Terms) {
    const analysis::Atom *A = Mono.size() == 1 ? Lin.atom(Mono[0]) : nullptr;
    const auto *B = A && A->E ? dyn_cast<BinaryOperator>(A->E->IgnoreParenImpCasts()) : nullptr;
    if (B && B->getOpcode() == BO_Div)
      Div = B, DivCoeff = Coeff;
    else if (B && B->getOpcode() == BO_Rem && Coeff == 1)
      Mod = B;
  }
  if (!Div || !Mod)
    return std::nullopt;
  const auto *D = cast<BinaryOperator>(Div), *M = cast<BinaryOperator>(Mod);
  Expr::EvalResult DC, MC;
  if (D->getRHS()->isValueDependent() || M->getRHS()->isValueDependent() ||
      !D->getRHS()->EvaluateAsInt(DC, Ctx) || !M->getRHS()->EvaluateAsInt(MC, Ctx) ||
      DC.Val.getInt() != MC.Val.getInt() || DC.Val.getInt().getExtValue() != DivCoeff || DivCoeff <= 0)
    return std::nullopt;
  auto Base = [&](const Expr *X) -> std::optional<unsigned> {
    auto Fm = analysis::expandedForm(Lin, F, X);
    if (!Fm || Fm->Terms.size() != 1 || Fm->Terms.begin()->second != 1 || Fm->Terms.begin()->first.size() != 1)
      return std::nullopt;
    const std::string &K = Fm->Terms.begin()->first[0];
    if (K == "b:threadIdx.x")
      return 0u;
    if (K == "b:threadIdx.y")
      return 1u;
    return std::nullopt;
  };
  std::optional<unsigned> A = Base(D->getLHS()), B = Base(M->getLHS());
  if (!A || A != B)
    return std::nullopt;
  if (Divisor)
    *Divisor = DivCoeff;
  return A;
}

/// The thread axis (0 = x, 1 = y) a subscript equals, or nullopt.
std::optional<unsigned> threadAxisOf(analysis::Linearizer &Lin, const analysis::FunctionFacts &F, const Expr *E,
                                     int64_t *Divisor = nullptr) {
  auto Form = analysis::expandedForm(Lin, F, E);
  if (Form && Form->Terms.size() == 2)
    return recomposedAxis(Lin, F, *Form, Divisor);
  if (!Form || Form->Terms.size() != 1)
    return std::nullopt;
  const auto &[Mono, Coeff] = *Form->Terms.begin();
  if (Coeff != 1 || Mono.size() != 1)
    return std::nullopt;
  if (Mono[0] == "b:threadIdx.x")
    return 0u;
  if (Mono[0] == "b:threadIdx.y")
    return 1u;
  return std::nullopt;
}

/// A read \p E of tile \p Name must lie in the loop body's step between the
/// barrier after the stores and the next: else P.BetweenWhy.
void checkReadBetween(ASTContext &Ctx, TiledLoop &P, const std::vector<const Stmt *> &Kids,
                      const ArraySubscriptExpr *E, StringRef Name) {
  bool Inside = false, After = false;
  for (const Stmt *K : Kids) {
    if (K == P.ComputeBegin) {
      After = true;
      continue;
    }
    if (K == P.ComputeEnd)
      break;
    if (After && analysis::containsStmt(K, E))
      Inside = true;
  }
  if (!Inside && P.BetweenWhy.empty()) {
    P.BetweenWhy = describe(Ctx, E) + " reads '" + Name.str() +
                   "' outside the loop's step between the barrier after the stores and the next";
    P.BetweenAt = E;
  }
}

/// The first shared array the loop uses that \p IsTile does not claim
/// (its barriers could not go), and the reference.
const DeclRefExpr *otherSharedUse(ASTContext &Ctx, const Stmt *Loop,
                                  llvm::function_ref<bool(const VarDecl *)> IsTile) {
  auto Shared = match(traverse(TK_AsIs, findAll(declRefExpr(to(varDecl().bind("v"))).bind("r"))), *Loop, Ctx);
  for (const auto &Bn : Shared)
    if (const auto *V = Bn.getNodeAs<VarDecl>("v"); V && cuda::isShared(V) && !IsTile(V))
      return Bn.getNodeAs<DeclRefExpr>("r");
  return nullptr;
}

std::string otherSharedWhy(const DeclRefExpr *R) {
  return "the loop also uses the shared array '" + R->getDecl()->getName().str() +
         "', which is not staged like a tile: its barriers cannot go";
}

/// Reads the tiles of loop \p L (body \p Body).
void planTiles(ASTContext &Ctx, const FunctionDecl *FD, std::optional<analysis::Dim3> Block, TiledLoop &P) {
  const analysis::FunctionFacts &F = analysis::AnalysisCache::of(Ctx).facts(FD);
  analysis::Linearizer Lin(Ctx);
  auto Staged = [&](std::string Why, const Stmt *At) {
    if (P.StagedWhy.empty()) {
      P.StagedWhy = std::move(Why);
      P.StagedAt = At;
    }
  };
  // The statements: stores (and declarations) before the barrier after
  // them, the reads, a barrier.
  size_t LastStore = 0;
  bool AnyStore = false;
  std::vector<const Stmt *> Kids(P.Body->body_begin(), P.Body->body_end());
  for (size_t I = 0; I < Kids.size(); ++I) {
    const Stmt *S = Kids[I];
    if (isBarrierStmt(S)) {
      P.Barriers.push_back(S);
      continue;
    }
    // Stores after the barrier that follows the staging are no staging.
    if (AnyStore && !P.Barriers.empty() &&
        std::find(Kids.begin(), Kids.end(), P.Barriers.back()) - Kids.begin() > std::ptrdiff_t(LastStore))
      continue;
    // A copy loop around the staging: for (int c = 0; c < F; ++c) STAGING.
    const Stmt *Cur = S;
    if (const auto *A = dyn_cast<AttributedStmt>(Cur))
      Cur = A->getSubStmt();
    const VarDecl *CopyVar = nullptr;
    if (const auto *For = dyn_cast<ForStmt>(Cur)) {
      const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit());
      const VarDecl *C = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
      const auto *Cond = dyn_cast_or_null<BinaryOperator>(For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
      const auto *Inc = dyn_cast_or_null<UnaryOperator>(For->getInc() ? For->getInc()->IgnoreParenImpCasts() : nullptr);
      Expr::EvalResult Z, N;
      if (C && C->getInit() && C->getInit()->EvaluateAsInt(Z, Ctx) && Z.Val.getInt() == 0 && Cond &&
          Cond->getOpcode() == BO_LT && analysis::refVar(Cond->getLHS()) == C &&
          Cond->getRHS()->EvaluateAsInt(N, Ctx) && Inc && Inc->isIncrementOp() &&
          analysis::refVar(Inc->getSubExpr()) == C && !F.modifiedWithin(C, For->getBody())) {
        CopyVar = C;
        Cur = For->getBody();
        if (const auto *CS = dyn_cast<CompoundStmt>(Cur); CS && CS->size() == 1)
          Cur = CS->body_front();
      }
    }
    // A staging loop over the tile: for (j = threadIdx.a; j < E; j += blockDim.a) STORE.
    const Stmt *Inner = Cur;
    const VarDecl *LoopVar = nullptr;
    unsigned LoopAxis = 0;
    if (const auto *For = dyn_cast<ForStmt>(Cur)) {
      const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit());
      const VarDecl *J = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
      auto A = J && J->getInit() ? threadAxisOf(Lin, F, J->getInit()) : std::nullopt;
      const auto *Inc = dyn_cast_or_null<BinaryOperator>(For->getInc() ? For->getInc()->IgnoreParenImpCasts() : nullptr);
      bool StepsByBlock = false;
      if (A && Inc && Inc->getOpcode() == BO_AddAssign && analysis::refVar(Inc->getLHS()) == J) {
        const Expr *Step = Inc->getRHS()->IgnoreParenImpCasts();
        if (auto B = cuda::builtinIndex(Step))
          StepsByBlock = B->Var == cuda::BuiltinVar::BlockDim && B->Dim == *A;
        else if (auto V = Step->getIntegerConstantExpr(Ctx); V && Block)
          StepsByBlock = V->getExtValue() == int64_t(*A == 0 ? Block->X : Block->Y);
      }
      const Stmt *Body = For->getBody();
      if (const auto *C = dyn_cast_or_null<CompoundStmt>(Body); C && C->size() == 1)
        Body = C->body_front();
      if (StepsByBlock && !F.modifiedWithin(J, For->getBody())) {
        Inner = Body;
        LoopVar = J;
        LoopAxis = *A;
      }
    }
    const IfStmt *If = dyn_cast<IfStmt>(Inner);
    const BinaryOperator *St = If ? storeOf(If->getThen()) : storeOf(Inner);
    std::vector<const Expr *> Subs;
    const VarDecl *V = St ? sharedArrayOf(cast<ArraySubscriptExpr>(St->getLHS()->IgnoreParenImpCasts()), Subs)
                          : nullptr;
    if (!V)
      continue;
    AnyStore = true;
    LastStore = I;
    Tile T;
    T.Array = V;
    T.Store = S;
    T.LoopVar = LoopVar;
    T.LoopAxis = LoopAxis;
    T.CopyVar = CopyVar;
    T.Slot = cast<ArraySubscriptExpr>(St->getLHS()->IgnoreParenImpCasts());
    const Expr *RHS = St->getRHS()->IgnoreParenImpCasts();
    if (const auto *C = dyn_cast<ConditionalOperator>(RHS); C && !If) {
      T.Cond = C->getCond();
      T.Source = globalElement(C->getTrueExpr());
      T.Otherwise = C->getFalseExpr();
    } else {
      T.Source = globalElement(RHS);
    }
    if (If) {
      if (If->getInit() || If->getConditionVariable())
        T.Source = nullptr;
      T.Cond = If->getCond();
      // `if (g) S[..] = c ? G[g] : v;` (no else): staged under g && c.
      if (const auto *C = dyn_cast<ConditionalOperator>(RHS); C && !If->getElse()) {
        T.Cond2 = C->getCond();
        T.Source = globalElement(C->getTrueExpr());
        T.Otherwise = C->getFalseExpr();
      }
      if (If->getElse()) {
        const BinaryOperator *E = storeOf(If->getElse());
        std::vector<const Expr *> ESubs;
        const VarDecl *EV =
            E ? sharedArrayOf(cast<ArraySubscriptExpr>(E->getLHS()->IgnoreParenImpCasts()), ESubs) : nullptr;
        if (EV != V || ESubs.size() != Subs.size())
          T.Source = nullptr;
        else
          T.Otherwise = E->getRHS();
      }
    }
    if (!T.Source) {
      Staged(describe(Ctx, S) + " stores into '" + V->getName().str() +
                 "' something other than one global element (or a constant otherwise)",
             S);
      continue;
    }
    if (T.Otherwise && (firstMemoryAccess(T.Otherwise, {}, false) || !analysis::isPureExpr(T.Otherwise, Ctx)))
      Staged("the value stored otherwise, " + describe(Ctx, T.Otherwise) + ", is not a constant", T.Otherwise);
    std::set<unsigned> Seen;
    for (const Expr *Sub : Subs) {
      int64_t Divisor = 0;
      auto A = threadAxisOf(Lin, F, Sub, &Divisor);
      if (A && Divisor > 0 && *A < 2)
        T.FlatDivisor[*A] = Divisor;
      // The copies' subscript: threadIdx.a + c * E.
      if (!A && CopyVar && T.CopyPos == ~size_t(0))
        if (auto Form = analysis::expandedForm(Lin, F, Sub); Form && Form->Terms.size() == 2) {
          std::optional<unsigned> Axis;
          int64_t Extent = -1;
          std::string DimKey;
          for (const auto &[Mono, Coeff] : Form->Terms)
            for (const std::string &K2 : Mono)
              if (StringRef(K2).starts_with("b:blockDim."))
                DimKey = K2;
          for (const auto &[Mono, Coeff] : Form->Terms) {
            if (Mono.size() == 1 && Coeff == 1 && (Mono[0] == "b:threadIdx.x" || Mono[0] == "b:threadIdx.y"))
              Axis = Mono[0] == "b:threadIdx.y" ? 1u : 0u;
            const analysis::Atom *At0 = Mono.size() >= 1 ? Lin.atom(Mono[0]) : nullptr;
            const analysis::Atom *At1 = Mono.size() == 2 ? Lin.atom(Mono[1]) : nullptr;
            if (Mono.size() == 1 && At0 && At0->Var == CopyVar)
              Extent = Coeff;
            if (Mono.size() == 2 && Coeff == 1 && ((At0 && At0->Var == CopyVar) || (At1 && At1->Var == CopyVar)))
              Extent = 0; // c * blockDim.a, checked against the axis below
          }
          // The copies step by the block's extent along the axis: thread t
          // of copy c owns slot t + c * extent, one slot each.
          if (Axis && Extent > 0 && !(Block && Extent == int64_t(*Axis == 1 ? Block->Y : Block->X)))
            Extent = -1;
          if (Axis && Extent == 0 && DimKey != (*Axis == 1 ? "b:blockDim.y" : "b:blockDim.x"))
            Extent = -1;
          if (Axis && Extent >= 0) {
            A = Axis;
            T.CopyPos = T.SubAxis.size();
            T.CopyExtent = Extent;
          }
        }
      // The staging loop's counter stands for its thread axis.
      if (LoopVar && analysis::refVar(Sub) == LoopVar) {
        A = 2u;
        Seen.insert(LoopAxis);
      }
      if (!A || !Seen.insert(*A).second) {
        Staged("the stored element " + describe(Ctx, T.Slot) + " is not subscripted by distinct thread indices "
               "(threadIdx.y, threadIdx.x)",
               Sub);
        break;
      }
      T.SubAxis.push_back(*A);
    }
    if (T.SubAxis.size() != Subs.size())
      continue;
    if (CopyVar && T.CopyPos == ~size_t(0)) {
      Staged("the copy loop's counter '" + CopyVar->getName().str() + "' does not subscript " + describe(Ctx, T.Slot) +
                 " as threadIdx + " + CopyVar->getName().str() + " * the block's extent",
             T.Slot);
      continue;
    }
    if (auto Dims = Ctx.getAsConstantArrayType(V->getType()); !Dims)
      Staged("'" + V->getName().str() + "' is not a static array", S);
    unsigned Rank = 0;
    for (QualType Ty = V->getType(); const auto *AT = Ctx.getAsArrayType(Ty); Ty = AT->getElementType())
      ++Rank;
    if (Rank != Subs.size()) {
      Staged("the store " + describe(Ctx, T.Slot) + " does not subscript every dimension", T.Slot);
      continue;
    }
    for (const Tile &O : P.Tiles)
      if (O.Array == V)
        Staged("'" + V->getName().str() + "' is stored twice in a step (" + describe(Ctx, O.Store) + ")", S);
    P.Tiles.push_back(std::move(T));
  }
  if (!AnyStore)
    return;
  for (const Stmt *B : P.Barriers) {
    size_t Pos = std::find(Kids.begin(), Kids.end(), B) - Kids.begin();
    if (Pos > LastStore && !P.ComputeBegin)
      P.ComputeBegin = B;
    else if (Pos > LastStore && !P.ComputeEnd)
      P.ComputeEnd = B;
  }
  if (!P.ComputeBegin)
    Staged("no barrier follows the stores in the loop's body", P.Loop);
  // Every other use of a tile: a read between the barriers.
  for (Tile &T : P.Tiles) {
    const DeclStmt *DS = nullptr;
    auto Decls = match(traverse(TK_AsIs, findAll(declStmt(containsDeclaration(0, varDecl(equalsNode(T.Array))))
                                                     .bind("d"))),
                       *FD->getBody(), Ctx);
    for (const auto &Bn : Decls)
      DS = Bn.getNodeAs<DeclStmt>("d");
    if (!DS) {
      Staged("'" + T.Array->getName().str() + "' is not declared in the kernel's body", T.Store);
      continue;
    }
    for (const Decl *D : DS->decls())
      if (D != T.Array && !llvm::any_of(P.Tiles, [&](const Tile &O) { return O.Array == D; }))
        Staged("the declaration of '" + T.Array->getName().str() + "' also declares something that is not a tile",
               DS);
    T.Decl = DS;
    auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr(to(varDecl(equalsNode(T.Array)))).bind("r"))),
                      *FD->getBody(), Ctx);
    for (const auto &Bn : Refs) {
      const auto *R = Bn.getNodeAs<DeclRefExpr>("r");
      const auto *A0 = dyn_cast_or_null<ArraySubscriptExpr>(F.parentOf(R) ? F.parentOf(R) : nullptr);
      // Through the implicit decay.
      const Stmt *Up = F.parentOf(R);
      while (Up && isa<ImplicitCastExpr, ParenExpr>(Up))
        Up = F.parentOf(Up);
      A0 = dyn_cast_or_null<ArraySubscriptExpr>(Up);
      if (!A0) {
        Staged(describe(Ctx, R) + " uses '" + T.Array->getName().str() + "' other than as an element", R);
        continue;
      }
      const ArraySubscriptExpr *A = outermost(A0, F);
      if (A == T.Slot)
        continue;
      if (T.Store && analysis::containsStmt(T.Store, A) && T.Otherwise)
        continue; // the otherwise-store of the same element
      std::vector<const Expr *> Subs;
      sharedArrayOf(A, Subs);
      const Stmt *Par = F.parentOf(A);
      bool IsRead = Subs.size() == T.SubAxis.size() && isa_and_nonnull<ImplicitCastExpr>(Par) &&
                    cast<ImplicitCastExpr>(Par)->getCastKind() == CK_LValueToRValue;
      if (!IsRead) {
        Staged(describe(Ctx, A) + " writes '" + T.Array->getName().str() + "' or takes an element's address",
               A);
        continue;
      }
      T.Reads.push_back(A);
      checkReadBetween(Ctx, P, Kids, A, T.Array->getName());
    }
  }
  // No other shared memory in the loop: its barriers go with the tiles.
  if (const DeclRefExpr *R = otherSharedUse(
          Ctx, P.Loop, [&](const VarDecl *V) { return llvm::any_of(P.Tiles, [&](const Tile &T) { return T.Array == V; }); }))
    Staged(otherSharedWhy(R), R);
  std::vector<const Expr *> Allowed;
  for (const Tile &T : P.Tiles) {
    Allowed.push_back(T.Slot);
    if (T.Otherwise)
      if (const auto *If = dyn_cast<IfStmt>(T.Store))
        if (const BinaryOperator *E = storeOf(If->getElse()))
          Allowed.push_back(E->getLHS());
  }
  P.WriteAt = firstMemoryAccess(P.Loop, Allowed, true);
}

/// The substitutions of one read: thread axis -> the read's subscript.
struct ReadSubst {
  const Expr *ByAxis[2] = {nullptr, nullptr};
  bool Changed[2] = {false, false};
  /// The staging loop's counter and the read's subscript it stands for.
  const VarDecl *LoopVar = nullptr;
  const Expr *ByLoop = nullptr;
  /// The copy loop's counter and the read's copy it stands for.
  const VarDecl *CopyVar = nullptr;
  const Expr *ByCopy = nullptr;
  /// Pointers or offsets bumped between the staging and the read (`A +=
  /// BS;`): the staging's value as the read writes it (`(A - (BS))`).
  std::map<const VarDecl *, std::string> Rebased;
  /// A read of a flattened 1-D slot written `Q * C + Y` with Y in [0, C) and
  /// Q >= 0: the slot's `threadIdx.a / C` is Q and `threadIdx.a % C` is Y
  /// (C, Q's text, Y's text per axis).
  struct Split {
    int64_t C = 0;
    std::string Quotient, Remainder;
  };
  std::optional<Split> Splits[2];
};

/// \p Text in parentheses unless it is a name, a number or already
/// parenthesised as a whole.
std::string parenUnlessName(StringRef Text) {
  Text = Text.trim();
  if (all_of(Text, [](char C) { return isAlnum(C) || C == '_' || C == '.'; }))
    return Text.str();
  if (Text.starts_with("(") && Text.ends_with(")")) {
    int Depth = 0;
    bool Whole = true;
    for (size_t I = 0; I < Text.size(); ++I) {
      Depth += Text[I] == '(' ? 1 : Text[I] == ')' ? -1 : 0;
      if (Depth == 0 && I + 1 < Text.size())
        Whole = false;
    }
    if (Whole)
      return Text.str();
  }
  return "(" + Text.str() + ")";
}

/// The text of linear form \p F: its terms in the order their atoms are
/// written in the file (the staged expression's, then the read's), each
/// atom as written; nullopt for an atom with no text.
std::optional<std::string> formText(ASTContext &Ctx, analysis::Linearizer &Lin, const analysis::LinearForm &F) {
  struct Term {
    unsigned At = ~0u;
    int64_t Coeff;
    std::string Text;
  };
  std::vector<Term> Terms;
  int64_t Constant = 0;
  for (const auto &[Mono, Coeff] : F.Terms) {
    if (!Coeff)
      continue;
    if (Mono.empty()) {
      Constant = Coeff;
      continue;
    }
    Term T;
    T.Coeff = Coeff;
    std::vector<std::pair<unsigned, std::string>> Factors;
    for (const std::string &Key : Mono) {
      const analysis::Atom *A = Lin.atom(Key);
      if (!A || !A->E)
        return std::nullopt;
      unsigned Off = beginOffset(Ctx, A->E);
      T.At = std::min(T.At, Off);
      std::string X = A->Var ? A->Var->getName().str() : nodeText(Ctx, A->E, "");
      if (X.empty())
        return std::nullopt;
      Factors.push_back({Off, A->Var || !needsParens(A->E, prec::Multiplicative) ? X : "(" + X + ")"});
    }
    llvm::sort(Factors);
    std::vector<std::string> Names;
    for (auto &F2 : Factors)
      Names.push_back(F2.second);
    T.Text = join(Names, " * ");
    Terms.push_back(std::move(T));
  }
  std::stable_sort(Terms.begin(), Terms.end(), [](const Term &A, const Term &B) { return A.At < B.At; });
  std::string Out;
  for (const Term &T : Terms) {
    int64_t C = T.Coeff;
    if (!Out.empty())
      Out += C < 0 ? " - " : " + ";
    else if (C < 0)
      Out += "-";
    int64_t Mag = C < 0 ? -C : C;
    Out += (Mag == 1 ? std::string() : std::to_string(Mag) + " * ") + T.Text;
  }
  if (Constant || Out.empty())
    Out += Out.empty() ? std::to_string(Constant)
                       : (Constant < 0 ? " - " + std::to_string(-Constant) : " + " + std::to_string(Constant));
  return Out;
}

/// The text of additive expression \p Y (through parentheses) after the
/// replacement \p RS when it cancels terms and no smaller sum inside it
/// does; nullopt otherwise.
std::optional<std::string> foldedSum(ASTContext &Ctx, ThreadAxes &TA, analysis::Linearizer &Lin, const Expr *Y,
                                     const ReadSubst &RS, bool Smallest = true) {
  const auto *Bin = dyn_cast<BinaryOperator>(Y->IgnoreParenImpCasts());
  if (!Bin || !Bin->isAdditiveOp())
    return std::nullopt;
  unsigned ChangedAxes = (RS.Changed[0] ? AxisX : 0) | (RS.Changed[1] ? AxisY : 0);
  auto F = Lin.linearize(Bin);
  if (!F)
    return std::nullopt;
  auto AxisOf = [&](const std::string &Key) -> std::optional<unsigned> {
    if (Key == "b:threadIdx.x" || Key == "b:threadIdx.y")
      return Key == "b:threadIdx.y" ? 1u : 0u;
    const analysis::Atom *At = Lin.atom(Key);
    if (At && RS.LoopVar && At->Var == RS.LoopVar)
      return 2u;
    if (At && RS.CopyVar && At->Var == RS.CopyVar)
      return 3u;
    if (At && At->Var)
      if (const Expr *Init = TA.singleValue(At->Var))
        return threadAxisOf(Lin, TA.facts(), Init);
    return std::nullopt;
  };
  size_t Expected = 0;
  bool Any = false;
  for (const auto &[Mono, Coeff] : F->Terms) {
    size_t N = 1;
    for (const std::string &Key : Mono) {
      if (auto A = AxisOf(Key); A && (*A >= 2 || RS.Changed[*A])) {
        auto SF = Lin.linearize(*A == 3 ? RS.ByCopy : *A == 2 ? RS.ByLoop : RS.ByAxis[*A]);
        N = SF ? SF->Terms.size() : 1;
        Any = true;
      } else if (const analysis::Atom *At = Lin.atom(Key); At && At->E && (TA.of(At->E) & ChangedAxes)) {
        return std::nullopt; // a local that computes with the index: inlined instead
      }
    }
    Expected += N;
  }
  if (!Any)
    return std::nullopt;
  auto G = analysis::substitute(*F, [&](const std::string &Key) -> std::optional<analysis::LinearForm> {
    if (auto A = AxisOf(Key); A && (*A >= 2 || RS.Changed[*A]))
      return Lin.linearize(*A == 3 ? RS.ByCopy : *A == 2 ? RS.ByLoop : RS.ByAxis[*A]);
    return std::nullopt;
  });
  if (!G)
    return std::nullopt;
  G->normalize();
  if (G->Terms.size() >= Expected)
    return std::nullopt;
  if (Smallest)
    for (const Stmt *C : Bin->children()) {
      std::vector<const Stmt *> Work{C};
      while (!Work.empty()) {
        const Stmt *W = Work.back();
        Work.pop_back();
        if (!W)
          continue;
        if (const auto *E = dyn_cast<Expr>(W); E && foldedSum(Ctx, TA, Lin, E, RS, false))
          return std::nullopt;
        for (const Stmt *CC : W->children())
          Work.push_back(CC);
      }
    }
  return formText(Ctx, Lin, *G);
}

std::optional<std::string> readText(ASTContext &Ctx, ThreadAxes &TA, analysis::Linearizer &Lin, const Expr *E,
                                    const ReadSubst &RS, std::vector<const VarDecl *> &Kept, unsigned Depth);

/// A sum of three or more operands (`(row + i_copy * 16) * K + k0 +
/// threadIdx.x`) where a run of consecutive operands cancels once replaced
/// (`k0 + (k - k0)`): the other operands as the reader computes them, the
/// run folded from its form (`(row + i * 16) * K + k`). nullopt when no run
/// shorter than the whole sum cancels.
std::optional<std::string> foldedRun(ASTContext &Ctx, ThreadAxes &TA, analysis::Linearizer &Lin, const Expr *Y,
                                     const ReadSubst &RS, std::vector<const VarDecl *> &Kept, unsigned Depth) {
  struct Op {
    const Expr *E;
    int Sign;
  };
  std::vector<Op> Ops;
  std::function<void(const Expr *, int)> Flatten = [&](const Expr *E, int Sign) {
    const auto *B = dyn_cast<BinaryOperator>(E->IgnoreImpCasts());
    if (B && (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub)) {
      Flatten(B->getLHS(), Sign);
      if (B->getOpcode() == BO_Add)
        Flatten(B->getRHS(), Sign);
      else
        Ops.push_back({B->getRHS(), -Sign});
      return;
    }
    Ops.push_back({E, Sign});
  };
  Flatten(Y, 1);
  if (Ops.size() < 3)
    return std::nullopt;
  auto Replaced = [&](const Expr *E) -> std::optional<analysis::LinearForm> {
    auto F = Lin.linearize(E);
    if (!F)
      return std::nullopt;
    auto G = analysis::substitute(*F, [&](const std::string &Key) -> std::optional<analysis::LinearForm> {
      if (Key == "b:threadIdx.x" && RS.Changed[0])
        return Lin.linearize(RS.ByAxis[0]);
      if (Key == "b:threadIdx.y" && RS.Changed[1])
        return Lin.linearize(RS.ByAxis[1]);
      const analysis::Atom *At = Lin.atom(Key);
      if (At && RS.LoopVar && At->Var == RS.LoopVar)
        return Lin.linearize(RS.ByLoop);
      if (At && RS.CopyVar && At->Var == RS.CopyVar)
        return Lin.linearize(RS.ByCopy);
      return std::nullopt;
    });
    if (G)
      G->normalize();
    return G;
  };
  for (size_t Len = 2; Len < Ops.size(); ++Len)
    for (size_t Start = 0; Start + Len <= Ops.size(); ++Start) {
      analysis::LinearForm Sum;
      size_t Expected = 0;
      bool Ok = true;
      for (size_t I = Start; I < Start + Len && Ok; ++I) {
        auto G = Replaced(Ops[I].E);
        Ok = G.has_value();
        if (Ok) {
          Expected += G->Terms.size();
          Sum.add(*G, Ops[I].Sign);
        }
      }
      if (!Ok)
        continue;
      Sum.normalize();
      if (Sum.Terms.size() >= Expected)
        continue;
      auto Folded = formText(Ctx, Lin, Sum);
      if (!Folded)
        continue;
      std::string Out;
      auto Append = [&](int Sign, const std::string &Text) {
        if (Out.empty())
          Out = Sign < 0 ? "-" + Text : Text;
        else
          Out += (Sign < 0 ? " - " : " + ") + Text;
      };
      for (size_t I = 0; I < Ops.size() && Ok; ++I) {
        if (I == Start) {
          Append(1, *Folded);
          I += Len - 1;
          continue;
        }
        auto T = readText(Ctx, TA, Lin, Ops[I].E, RS, Kept, Depth + 1);
        if (!T)
          return std::nullopt;
        Append(Ops[I].Sign, Ops[I].Sign < 0 || needsParens(Ops[I].E, prec::Additive) ? parenUnlessName(*T) : *T);
      }
      return Out;
    }
  return std::nullopt;
}

/// The text of \p E (a part of the staging) as the reading thread computes
/// it: the store's thread indices replaced by the read's subscripts, locals
/// that depend on a replaced index inlined, `k0 + (k - k0)` folded to `k`.
std::optional<std::string> readText(ASTContext &Ctx, ThreadAxes &TA, analysis::Linearizer &Lin, const Expr *E,
                                    const ReadSubst &RS, std::vector<const VarDecl *> &Kept, unsigned Depth) {
  if (Depth > 8)
    return std::nullopt;
  unsigned ChangedAxes = (RS.Changed[0] ? AxisX : 0) | (RS.Changed[1] ? AxisY : 0);
  bool Ok = true;
  auto T = substitutedText(Ctx, E, [&](const Expr *X) -> std::optional<std::string> {
    if (!Ok)
      return std::nullopt;
    const Expr *Y = X->IgnoreParenImpCasts();
    if (auto B = cuda::builtinIndex(Y); B && B->Var == cuda::BuiltinVar::ThreadIdx && B->Dim < 2 &&
                                        RS.Changed[B->Dim])
      return parenUnlessName(nodeText(Ctx, RS.ByAxis[B->Dim], ""));
    if (RS.LoopVar && analysis::refVar(Y) == RS.LoopVar)
      return parenUnlessName(nodeText(Ctx, RS.ByLoop, ""));
    if (RS.CopyVar && analysis::refVar(Y) == RS.CopyVar)
      return parenUnlessName(nodeText(Ctx, RS.ByCopy, ""));
    if (const VarDecl *V = analysis::refVar(Y); V && RS.Rebased.count(V))
      return RS.Rebased.at(V);
    if (const auto *Q = dyn_cast<BinaryOperator>(Y); Q && (Q->getOpcode() == BO_Div || Q->getOpcode() == BO_Rem))
      if (auto B = cuda::builtinIndex(Q->getLHS()->IgnoreParenImpCasts());
          B && B->Var == cuda::BuiltinVar::ThreadIdx && B->Dim < 2 && RS.Changed[B->Dim] && RS.Splits[B->Dim]) {
        Expr::EvalResult CR;
        if (!Q->getRHS()->isValueDependent() && Q->getRHS()->EvaluateAsInt(CR, Ctx) &&
            CR.Val.getInt() == RS.Splits[B->Dim]->C)
          return parenUnlessName(Q->getOpcode() == BO_Div ? RS.Splits[B->Dim]->Quotient
                                                          : RS.Splits[B->Dim]->Remainder);
      }
    bool MentionsLoop = false;
    if (RS.LoopVar || RS.CopyVar) {
      std::vector<const VarDecl *> Vs;
      TA.varsOf(X, Vs);
      MentionsLoop = (RS.LoopVar && is_contained(Vs, RS.LoopVar)) || (RS.CopyVar && is_contained(Vs, RS.CopyVar));
    }
    if (!(TA.of(X) & ChangedAxes) && !MentionsLoop) {
      // Kept as written: evaluated at the read, so it must hold there.
      std::vector<const VarDecl *> Vs;
      analysis::Linearizer::collectVars(X, Vs);
      Kept.insert(Kept.end(), Vs.begin(), Vs.end());
      return std::nullopt;
    }
    // A sum where the replacement cancels terms (`k0 + threadIdx.x` read
    // at `k - k0` is `k`), the smallest that does: written from its form.
    if (auto T = foldedRun(Ctx, TA, Lin, Y, RS, Kept, Depth)) {
      std::vector<const VarDecl *> Vs;
      analysis::Linearizer::collectVars(X, Vs);
      Kept.insert(Kept.end(), Vs.begin(), Vs.end());
      return bareIn(TA.facts(), X, *T) ? *T : "(" + *T + ")";
    }
    if (auto T = foldedSum(Ctx, TA, Lin, Y, RS)) {
      std::vector<const VarDecl *> Vs;
      analysis::Linearizer::collectVars(X, Vs);
      Kept.insert(Kept.end(), Vs.begin(), Vs.end());
      return bareIn(TA.facts(), X, *T) ? *T : "(" + *T + ")";
    }
    if (const auto *D = dyn_cast<DeclRefExpr>(Y))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl())) {
        const Expr *Init = TA.singleValue(V);
        if (!Init && !MentionsLoop && !(TA.of(X) & ChangedAxes & ~unsigned(AxisOther)))
          return std::nullopt; // varies otherwise: kept, checked for stability
        auto IT = Init ? readText(Ctx, TA, Lin, Init, RS, Kept, Depth + 1) : std::nullopt;
        if (!IT) {
          Ok = false;
          return std::string();
        }
        return parenUnlessName(*IT);
      }
    return std::nullopt;
  });
  if (!Ok || !T)
    return std::nullopt;
  return T;
}

/// Does a variable \p Cond reads change inside \p Body (where the
/// condition is taken to hold)?
bool changesWithin(const analysis::FunctionFacts &F, const Expr *Cond, const Stmt *Body) {
  std::vector<const VarDecl *> Vs;
  analysis::Linearizer::collectVars(Cond, Vs);
  for (const VarDecl *V : Vs)
    if (F.modifiedWithin(V, Body))
      return true;
  return false;
}

std::string squeeze(StringRef S) {
  std::string O;
  for (char C : S)
    if (!isSpace(C))
      O += C;
  return O;
}

/// The conjuncts of the conditions that hold where \p Read runs inside
/// \p Loop: of the loops and ifs around it, as long as nothing they read
/// changes inside them.
std::vector<const Expr *> heldAt(const analysis::FunctionFacts &F, const Expr *Read, const Stmt *Loop) {
  std::vector<const Expr *> Out;
  const Stmt *Child = Read;
  for (const Stmt *P = F.parentOf(Read); P && P != Loop; Child = P, P = F.parentOf(P)) {
    const Expr *C = nullptr;
    if (const auto *For = dyn_cast<ForStmt>(P); For && Child == For->getBody())
      C = For->getCond();
    else if (const auto *W = dyn_cast<WhileStmt>(P); W && Child == W->getBody())
      C = W->getCond();
    else if (const auto *I = dyn_cast<IfStmt>(P); I && Child == I->getThen())
      C = I->getCond();
    if (C && !changesWithin(F, C, Child))
      conjunctsOf(C, Out);
  }
  return Out;
}

/// The squeezed text of each condition held at the read (heldAt).
std::set<std::string> knownAt(ASTContext &Ctx, const std::vector<const Expr *> &Held) {
  std::set<std::string> Out;
  for (const Expr *X : Held)
    if (auto T = sourceText(Ctx, X))
      Out.insert(squeeze(*T));
  return Out;
}

/// The form of \p E where the read computes it: the store's thread indices
/// (and a staging loop's counter) replaced by the read's subscripts.
std::optional<analysis::LinearForm> readForm(ThreadAxes &TA, analysis::Linearizer &Lin, const Expr *E,
                                             const ReadSubst &RS) {
  auto F = Lin.linearize(E);
  if (!F)
    return std::nullopt;
  auto G = analysis::substitute(*F, [&](const std::string &Key) -> std::optional<analysis::LinearForm> {
    if (Key == "b:threadIdx.x" && RS.Changed[0])
      return Lin.linearize(RS.ByAxis[0]);
    if (Key == "b:threadIdx.y" && RS.Changed[1])
      return Lin.linearize(RS.ByAxis[1]);
    const analysis::Atom *At = Lin.atom(Key);
    if (At && RS.LoopVar && At->Var == RS.LoopVar)
      return Lin.linearize(RS.ByLoop);
    if (At && At->Var)
      if (const Expr *Init = TA.singleValue(At->Var))
        if (auto A = threadAxisOf(Lin, TA.facts(), Init); A && RS.Changed[*A])
          return Lin.linearize(RS.ByAxis[*A]);
    return std::nullopt;
  });
  if (G)
    G->normalize();
  return G;
}

/// `X <= Bound` facts of the loops and ifs around a read (`k < k0 + 16`
/// gives k <= k0 + 15), to drop a staging term they imply: with
/// `k0 + 15 < K` around the read, `k < K` holds there.
struct UpperBound {
  analysis::LinearForm X, Bound;
};
std::vector<UpperBound> boundsAt(analysis::Linearizer &Lin, const std::vector<const Expr *> &Held) {
  std::vector<UpperBound> Out;
  for (const Expr *X : Held) {
    const auto *B = dyn_cast<BinaryOperator>(X->IgnoreParenImpCasts());
    if (!B || (B->getOpcode() != BO_LT && B->getOpcode() != BO_LE))
      continue;
    auto L = Lin.linearize(B->getLHS()), R = Lin.linearize(B->getRHS());
    if (!L || !R)
      continue;
    if (B->getOpcode() == BO_LT)
      R->add(analysis::LinearForm{{{analysis::Monomial{}, 1}}}, -1);
    R->normalize();
    L->normalize();
    Out.push_back({*L, *R});
  }
  return Out;
}

/// Do \p Bounds imply `L < R` (or `L <= R`): L <= P and Q <= R' facts with
/// P - Q a constant <= 0, R' <= R?
bool implied(const std::vector<UpperBound> &Bounds, analysis::LinearForm L, analysis::LinearForm R, bool Strict) {
  if (Strict)
    R.add(analysis::LinearForm{{{analysis::Monomial{}, 1}}}, -1);
  R.normalize();
  L.normalize();
  auto Diff = [](const analysis::LinearForm &A, const analysis::LinearForm &B) -> std::optional<int64_t> {
    analysis::LinearForm D = A;
    D.add(B, -1);
    D.normalize();
    if (!D.isConstant())
      return std::nullopt;
    return D.constant();
  };
  for (const UpperBound &F1 : Bounds) {
    auto D1 = Diff(F1.X, L);
    if (!D1 || *D1 != 0)
      continue;
    if (auto D = Diff(F1.Bound, R); D && *D <= 0)
      return true;
    for (const UpperBound &F2 : Bounds)
      if (auto D2 = Diff(F1.Bound, F2.X); D2 && *D2 <= 0)
        if (auto D3 = Diff(F2.Bound, R); D3 && *D3 <= 0)
          return true;
  }
  return false;
}

/// A read subscript that is a sum of terms `Q * C` (either order) and other
/// terms Y (`dotIdx * BN + threadCol * TN + i`), every Q >= 0 and the Ys
/// together in [0, C) wherever it is evaluated: its quotient and remainder
/// by C as written (the Qs' sum, the Ys' sum).
std::optional<ReadSubst::Split> splitRead(ASTContext &Ctx, analysis::ValueRanges &VR, const Expr *Sub, int64_t C) {
  std::vector<const Expr *> Terms;
  std::function<void(const Expr *)> Flatten = [&](const Expr *E) {
    const auto *Add = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    if (Add && Add->getOpcode() == BO_Add) {
      Flatten(Add->getLHS());
      Flatten(Add->getRHS());
    } else {
      Terms.push_back(E);
    }
  };
  Flatten(Sub);
  if (Terms.size() < 2)
    return std::nullopt;
  auto Text = [&](const Expr *E) {
    auto T = sourceText(Ctx, E);
    return T ? T : writtenText(Ctx, E);
  };
  std::vector<std::string> Qs, Ys;
  int64_t YLo = 0, YHi = 0;
  for (const Expr *T : Terms) {
    const Expr *Q = nullptr;
    if (const auto *Mul = dyn_cast<BinaryOperator>(T->IgnoreParenImpCasts()); Mul && Mul->getOpcode() == BO_Mul)
      for (auto [X, K] : {std::pair(Mul->getLHS(), Mul->getRHS()), std::pair(Mul->getRHS(), Mul->getLHS())}) {
        Expr::EvalResult KR;
        if (!Q && !K->isValueDependent() && K->EvaluateAsInt(KR, Ctx) && KR.Val.getInt() == C)
          Q = X;
      }
    if (Q) {
      std::optional<analysis::IntRange> QR = VR.rangeOf(Q);
      auto QT = Text(Q);
      if (!QR || QR->Lo < 0 || !QT)
        return std::nullopt;
      Qs.push_back(needsParens(Q, prec::Additive) ? "(" + *QT + ")" : *QT);
      continue;
    }
    std::optional<analysis::IntRange> YR = VR.rangeOf(T);
    auto YT = Text(T);
    if (!YR || !YR->boundedAbove() || YR->Lo < 0 || !YT)
      return std::nullopt;
    YLo += YR->Lo;
    YHi += YR->Hi;
    Ys.push_back(*YT);
  }
  if (Qs.empty() || Ys.empty() || YLo < 0 || YHi > C - 1)
    return std::nullopt;
  return ReadSubst::Split{C, join(Qs, " + "), join(Ys, " + ")};
}

/// `V += E;`, `V -= E;`, `++V;`, `V++;` (and decrements) as a statement of
/// the loop body \p Body, the only change of V in [Begin, End), E unchanged
/// from the bump to End: the text the read writes for V's value before the
/// bump (`(V - (E))`); nullopt otherwise.
std::optional<std::string> undoneBump(ASTContext &Ctx, const analysis::FunctionFacts &F, const CompoundStmt *Body,
                                      const analysis::VarMod &M, const VarDecl *V, unsigned Begin, unsigned End) {
  if (!Body || M.InLambda || M.Field || !llvm::is_contained(Body->body(), static_cast<const Stmt *>(M.At)))
    return std::nullopt;
  for (const analysis::VarMod &Other : F.mods(V))
    if (&Other != &M && Other.Begin >= Begin && Other.Begin < End)
      return std::nullopt;
  std::string Name = V->getName().str();
  if (const auto *U = dyn_cast<UnaryOperator>(M.At->IgnoreParenImpCasts());
      U && U->isIncrementDecrementOp() && analysis::refVar(U->getSubExpr()) == V)
    return "(" + Name + (U->isIncrementOp() ? " - 1)" : " + 1)");
  const auto *CA = dyn_cast<CompoundAssignOperator>(M.At->IgnoreParenImpCasts());
  if (!CA || analysis::refVar(CA->getLHS()) != V ||
      (CA->getOpcode() != BO_AddAssign && CA->getOpcode() != BO_SubAssign))
    return std::nullopt;
  const Expr *Step = CA->getRHS();
  if (!analysis::isPureExpr(Step, Ctx))
    return std::nullopt;
  std::vector<const VarDecl *> StepVars;
  analysis::Linearizer::collectVars(Step, StepVars);
  if (llvm::is_contained(StepVars, V) || F.modifiedIn(StepVars, M.End, End))
    return std::nullopt;
  std::optional<std::string> Text = sourceText(Ctx, Step);
  if (!Text)
    Text = writtenText(Ctx, Step); // a whole macro use (`T`, `TILE * n`) as written
  if (!Text)
    return std::nullopt;
  return "(" + Name + (CA->getOpcode() == BO_AddAssign ? " - " : " + ") + parenUnlessName(*Text) + ")";
}

//===----------------------------------------------------------------------===//
// Loaders: the tiles a step's staging fills however it computes the slots
// (counted loops over a flat index, values carried through registers), read
// off by running the staging for every thread (analysis::TileStaging).
//===----------------------------------------------------------------------===//

/// Stores into a __shared__ array under \p S.
bool storesShared(ASTContext &Ctx, const Stmt *S) {
  auto M = match(traverse(TK_AsIs, findAll(binaryOperator(isAssignmentOperator(),
                                                          hasLHS(ignoringParenImpCasts(arraySubscriptExpr())))
                                               .bind("b"))),
                 *S, Ctx);
  for (const auto &Bn : M) {
    std::vector<const Expr *> Subs;
    const auto *A = cast<ArraySubscriptExpr>(Bn.getNodeAs<BinaryOperator>("b")->getLHS()->IgnoreParenImpCasts());
    if (sharedArrayOf(A, Subs))
      return true;
  }
  return false;
}

/// One subscript of a read as the fitted tile sees it: its text and
/// whether its type is narrower than the staged index's.
struct ViewSub {
  std::string Text;
  bool Narrow = false;
};

/// The subscripts of read \p Subs in \p T's fitted view: as written, or
/// a flattened slot split into its row and column (`Q * C + Y` with Y in
/// [0, C) read as Q and Y; otherwise `/ C` and `% C`).
std::optional<std::vector<ViewSub>> viewSubs(ASTContext &Ctx, analysis::ValueRanges &VR,
                                             const analysis::StagedTile &T, const std::vector<const Expr *> &Subs) {
  std::vector<ViewSub> Out;
  for (const Expr *Sub : Subs) {
    auto Text = sourceText(Ctx, Sub);
    if (!Text)
      return std::nullopt;
    bool Narrow = Ctx.getIntWidth(Sub->getType()) < Ctx.getIntWidth(T.IndexType);
    if (!T.RowLength) {
      Out.push_back({*Text, Narrow});
      continue;
    }
    std::string C = std::to_string(T.RowLength);
    if (auto Split = splitRead(Ctx, VR, Sub, T.RowLength)) {
      Out.push_back({Split->Quotient, Narrow});
      Out.push_back({Split->Remainder, Narrow});
    } else {
      Out.push_back({parenUnlessName(*Text) + " / " + C, Narrow});
      Out.push_back({parenUnlessName(*Text) + " % " + C, Narrow});
    }
  }
  return Out;
}

/// The text of global element `Source[Origin + sum_d Sub_d * Step_d]` for a
/// read whose subscripts (in the tile's fitted view) are \p Subs.
std::optional<std::string> loadedText(ASTContext &Ctx, analysis::Linearizer &Lin, const analysis::StagedTile &T,
                                      const std::vector<ViewSub> &Subs, StringRef SourceText) {
  std::vector<std::string> Scaled, Plain;
  bool Wide = Ctx.getIntWidth(T.IndexType) > 32;
  for (size_t D = 0; D < Subs.size() && D < T.Step.size(); ++D) {
    const analysis::LinearForm &Step = T.Step[D];
    if (Step.Terms.empty())
      continue;
    const std::string &Sub = Subs[D].Text;
    if (Step.isConstant()) {
      int64_t C = Step.constant();
      Plain.push_back(C == 1 ? Sub : parenUnlessName(Sub) + " * " + std::to_string(C));
      continue;
    }
    auto ST = formText(Ctx, Lin, Step);
    if (!ST)
      return std::nullopt;
    std::string Factor = parenUnlessName(Sub);
    // The staging computed the element's offset in a wide type: so does the read.
    if (Wide && Subs[D].Narrow)
      Factor = "(" + T.IndexType.getAsString(Ctx.getPrintingPolicy()) + ")" + Factor;
    Scaled.push_back(Factor + " * " + parenUnlessName(*ST));
  }
  std::vector<std::string> Terms = Scaled;
  if (!T.Origin.Terms.empty()) {
    auto OT = formText(Ctx, Lin, T.Origin);
    if (!OT)
      return std::nullopt;
    Terms.push_back(*OT);
  }
  Terms.insert(Terms.end(), Plain.begin(), Plain.end());
  if (Terms.empty())
    Terms.push_back("0");
  return SourceText.str() + "[" + join(Terms, " + ") + "]";
}

/// The loop's tiles when a loader stages them; false when the step has no
/// such staging (the caller keeps its own plan).
/// \p Quiet: the caller has its own reasons; a staging the loader cannot
/// run either is not reported.
bool loaderReverseAt(const RewritePair &Pair, AnalysisContext &AC, const FunctionDecl *FD, const Stmt *Loop,
                     const CompoundStmt *Body, std::optional<analysis::Dim3> Block, bool Quiet) {
  ASTContext &Ctx = AC.ast();
  const analysis::FunctionFacts &F = analysis::AnalysisCache::of(Ctx).facts(FD);
  std::vector<const Stmt *> Kids(Body->body_begin(), Body->body_end());
  size_t First = Kids.size();
  for (size_t I = 0; I < Kids.size() && First == Kids.size(); ++I)
    if (isBarrierStmt(Kids[I]))
      First = I;
  if (First == Kids.size() || First == 0)
    return false;
  std::vector<const Stmt *> Region(Kids.begin(), Kids.begin() + First);
  if (!llvm::any_of(Region, [&](const Stmt *S) { return storesShared(Ctx, S); }))
    return false;
  if (!Block)
    return false; // the plain plan says why (block-shape-known)

  TiledLoop P;
  P.Loop = Loop;
  P.Body = Body;
  for (size_t I = 0; I < Kids.size(); ++I)
    if (isBarrierStmt(Kids[I])) {
      P.Barriers.push_back(Kids[I]);
      if (I == First)
        P.ComputeBegin = Kids[I];
      else if (!P.ComputeEnd)
        P.ComputeEnd = Kids[I];
    }
  analysis::Linearizer Lin(Ctx);
  analysis::ValueRanges VR(Ctx, FD, {}, Block);
  analysis::StagingAnswer A = analysis::stagedTiles(Ctx, FD, Region, *Block, Lin);
  // A staging the loader could not run says less than the caller's reasons.
  if (Quiet && !A.Ran)
    return false;
  if (!A.ok()) {
    P.StagedWhy = "the staging before the first barrier: " + A.Why;
    P.StagedAt = A.At ? A.At : Region.front();
  }
  // What the edit removes: the region but the declarations of integers and
  // pointers (names the reads may use).
  std::vector<const Stmt *> Removed;
  for (const Stmt *S : Region) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    bool KeepDecl = DS && llvm::all_of(DS->decls(), [](const Decl *D) {
                      const auto *V = dyn_cast<VarDecl>(D);
                      return V && (V->getType()->isIntegralOrEnumerationType() || V->getType()->isPointerType());
                    });
    if (!KeepDecl)
      Removed.push_back(S);
  }
  auto InRemoved = [&](const Stmt *X) {
    return llvm::any_of(Removed, [&](const Stmt *S) { return analysis::containsStmt(S, X); });
  };
  auto DeclOf = [&](const VarDecl *V) -> const DeclStmt * {
    auto D = match(traverse(TK_AsIs, findAll(declStmt(containsDeclaration(0, varDecl(equalsNode(V)))).bind("d"))),
                   *FD->getBody(), Ctx);
    return D.size() == 1 ? D.front().getNodeAs<DeclStmt>("d") : nullptr;
  };
  auto DeclaredInRemoved = [&](const VarDecl *V) {
    const DeclStmt *D = DeclOf(V);
    return D && InRemoved(D);
  };
  std::map<const VarDecl *, const analysis::StagedTile *> Staged;
  for (const analysis::StagedTile &ST : A.Tiles) {
    Tile T;
    T.Array = ST.Tile;
    T.Store = Region.front();
    for (const Stmt *R : Region)
      if (analysis::containsStmt(R, ST.Stores.front()))
        T.Store = R;
    // The map in words: slot [a][b] holds Source[...a...b...].
    std::vector<std::string> Names;
    std::vector<ViewSub> View;
    for (size_t D = 0; D < ST.Extents.size(); ++D)
      Names.push_back(std::string(1, char('a' + D)));
    if (ST.RowLength)
      View = {{"a / " + std::to_string(ST.RowLength), false}, {"a % " + std::to_string(ST.RowLength), false}};
    else
      for (const std::string &N : Names)
        View.push_back({N, false});
    auto Map = loadedText(Ctx, Lin, ST, View, ST.Source->getName().str());
    T.Loaded = (Map ? *Map : "'" + ST.Source->getName().str() + "'") + " at " + ST.Tile->getName().str() + "[" +
               join(Names, "][") + "] (its staging run per thread)";
    P.Tiles.push_back(std::move(T));
    Staged[ST.Tile] = &ST;
  }
  // Every other use of a tile: a read between the barriers.
  for (Tile &T : P.Tiles) {
    T.Decl = DeclOf(T.Array);
    if (!T.Decl || !T.Decl->isSingleDecl()) {
      if (P.StagedWhy.empty()) {
        P.StagedWhy = "'" + T.Array->getName().str() + "' is not declared alone in the kernel's body";
        P.StagedAt = T.Store;
      }
      continue;
    }
    const analysis::StagedTile &ST = *Staged[T.Array];
    auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr(to(varDecl(equalsNode(T.Array)))).bind("r"))),
                      *FD->getBody(), Ctx);
    for (const auto &Bn : Refs) {
      const auto *R = Bn.getNodeAs<DeclRefExpr>("r");
      const Stmt *Up = F.parentOf(R);
      while (Up && isa<ImplicitCastExpr, ParenExpr>(Up))
        Up = F.parentOf(Up);
      const auto *A0 = dyn_cast_or_null<ArraySubscriptExpr>(Up);
      const ArraySubscriptExpr *E = A0 ? outermost(A0, F) : nullptr;
      if (E && llvm::is_contained(ST.Stores, E))
        continue;
      std::vector<const Expr *> Subs;
      if (E)
        sharedArrayOf(E, Subs);
      const Stmt *Par = E ? F.parentOf(E) : nullptr;
      bool IsRead = E && Subs.size() == ST.Extents.size() && isa_and_nonnull<ImplicitCastExpr>(Par) &&
                    cast<ImplicitCastExpr>(Par)->getCastKind() == CK_LValueToRValue;
      if (!IsRead) {
        if (P.StagedWhy.empty()) {
          P.StagedWhy = describe(Ctx, E ? static_cast<const Expr *>(E) : R) + " uses '" + T.Array->getName().str() +
                        "' other than as a staged store or an element read";
          P.StagedAt = R;
        }
        continue;
      }
      T.Reads.push_back(E);
      checkReadBetween(Ctx, P, Kids, E, T.Array->getName());
    }
  }
  // No other shared memory in the loop: its barriers go with the tiles.
  if (const DeclRefExpr *R = otherSharedUse(Ctx, Loop, [&](const VarDecl *V) { return Staged.count(V) > 0; });
      R && P.StagedWhy.empty()) {
    P.StagedWhy = otherSharedWhy(R);
    P.StagedAt = R;
  }
  std::vector<const Expr *> Allowed;
  for (const analysis::StagedTile &ST : A.Tiles)
    Allowed.insert(Allowed.end(), ST.Stores.begin(), ST.Stores.end());
  P.WriteAt = firstMemoryAccess(P.Loop, Allowed, true);

  // The read texts (staged-index-stable): what they name holds at the read.
  std::vector<std::pair<const ArraySubscriptExpr *, std::string>> Texts;
  unsigned RegionEnd = endOffset(Ctx, Region.back());
  if (P.StagedWhy.empty())
    for (const Tile &T : P.Tiles) {
      const analysis::StagedTile &ST = *Staged[T.Array];
      // The source first: a bump of it is undone below.
      std::vector<const VarDecl *> Named{ST.Source};
      auto NameAtoms = [&](const analysis::LinearForm &Fm) {
        for (const auto &[Mono, C] : Fm.Terms)
          for (const std::string &K : Mono)
            if (const analysis::Atom *At = Lin.atom(K)) {
              if (At->Var)
                Named.push_back(At->Var);
              else if (At->E)
                analysis::Linearizer::collectVars(At->E, Named);
            }
      };
      NameAtoms(ST.Origin);
      for (const analysis::LinearForm &Step : ST.Step)
        NameAtoms(Step);
      for (const VarDecl *V : Named)
        if (V->hasLocalStorage() && DeclaredInRemoved(V) && P.StableWhy.empty()) {
          P.StableWhy = "the staged elements of '" + T.Array->getName().str() + "' are computed from '" +
                        V->getName().str() + "', declared in the staging that goes";
          P.StableAt = T.Store;
        }
      for (const ArraySubscriptExpr *R : T.Reads) {
        const VarDecl *Which = nullptr;
        // The source pointer bumped once between the staging and the read
        // (`A += BK;` after the barrier): the read names its value before.
        std::string SourceText = ST.Source->getName().str();
        const analysis::VarMod *M = F.modifiedIn(Named, RegionEnd, beginOffset(Ctx, R), &Which);
        if (M && Which == ST.Source)
          if (auto Undo = undoneBump(Ctx, F, Body, *M, Which, RegionEnd, beginOffset(Ctx, R))) {
            SourceText = *Undo;
            std::vector<const VarDecl *> Rest(Named.begin() + 1, Named.end());
            M = F.modifiedIn(Rest, RegionEnd, beginOffset(Ctx, R), &Which);
          }
        if (M) {
          if (P.StableWhy.empty()) {
            P.StableWhy = "'" + Which->getName().str() + "', which the staged elements of '" +
                          T.Array->getName().str() + "' are computed from, changes before the read at " +
                          describe(Ctx, R);
            P.StableAt = M->At;
          }
          continue;
        }
        std::vector<const Expr *> Subs;
        sharedArrayOf(R, Subs);
        auto View = viewSubs(Ctx, VR, ST, Subs);
        auto Text = View ? loadedText(Ctx, Lin, ST, *View, SourceText) : std::nullopt;
        if (!Text) {
          if (P.StableWhy.empty()) {
            P.StableWhy = "the element the read at " + describe(Ctx, R) + " names has no text (a macro)";
            P.StableAt = R;
          }
          continue;
        }
        Texts.push_back({R, *Text});
      }
    }

  Site &S = AC.addSite(Name, Direction::Reverse, Loop->getBeginLoc(), FD, "loop");
  std::vector<std::string> Names;
  for (const Tile &T : P.Tiles)
    Names.push_back(T.Array->getName().str());
  S.Summary = Names.empty() ? "read the global elements the loop's staging loads into shared tiles"
                            : "read the global elements that the tiles " + join(Names, ", ") + " stage, without the tiles";
  if (!Names.empty())
    S.Facts["tiles"] = join(Names, ", ");
  S.Facts["staging"] = "loader (run per thread)";
  PreconditionQuery Q{AC, FD, DynTypedNode::create(*Loop), &P};
  for (const PreconditionSpec &Spec : Pair.preconditions())
    if (Spec.Dir == Direction::Reverse)
      S.check(Spec, Q);
  if (S.verdict() == Status::Fails)
    return true;
  EditBuilder B(Ctx);
  for (const auto &[R, Text] : Texts)
    B.replace(R, Text);
  for (const Stmt *X : Removed)
    B.removeStatement(X);
  // Registers that only carried the staging's values.
  for (const VarDecl *V : A.Written) {
    if (V->getType()->isIntegralOrEnumerationType() || DeclaredInRemoved(V))
      continue;
    auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr(to(varDecl(equalsNode(V)))).bind("r"))), *FD->getBody(),
                      Ctx);
    bool Only = llvm::all_of(Refs, [&](const BoundNodes &Bn) { return InRemoved(Bn.getNodeAs<DeclRefExpr>("r")); });
    if (const DeclStmt *D = DeclOf(V); Only && D && D->isSingleDecl())
      B.removeStatement(D);
  }
  for (const Tile &T : P.Tiles)
    B.removeStatement(T.Decl);
  for (const Stmt *Bar : P.Barriers)
    B.removeStatement(Bar);
  if (std::string Kept = keepBlockLaunchable(B, FD, Block->count()); !Kept.empty())
    S.Facts["launch-bounds"] = Kept;
  commit(B, S);
  return true;
}

/// True when the loop is a site (its body's tiles are its own).
bool reverseAt(const RewritePair &Pair, AnalysisContext &AC, const FunctionDecl *FD, const Stmt *Loop,
               const CompoundStmt *Body) {
  ASTContext &Ctx = AC.ast();
  // A loop without a barrier is not a tiled step (a staging loop inside one is not).
  if (!analysis::firstBarrier(Body))
    return false;
  TiledLoop P;
  P.Loop = Loop;
  P.Body = Body;
  std::optional<analysis::Dim3> Block = knownBlockShape(AC, FD);
  planTiles(Ctx, FD, Block, P);
  // A staging the plain plan cannot read (no tile, or a store it does not
  // know): run it per thread.
  if ((P.Tiles.empty() || !P.StagedWhy.empty()) &&
      loaderReverseAt(Pair, AC, FD, Loop, Body, Block, /*Quiet=*/!P.StagedWhy.empty()))
    return true;
  if (P.Tiles.empty() && P.StagedWhy.empty())
    return false;
  analysis::ValueRanges VR(Ctx, FD, {}, Block);
  Site &S = AC.addSite(Name, Direction::Reverse, Loop->getBeginLoc(), FD, "loop");
  std::vector<std::string> Names;
  for (const Tile &T : P.Tiles)
    Names.push_back(T.Array->getName().str());
  S.Summary = "read the global elements that the tiles " + join(Names, ", ") + " stage, without the tiles";
  S.Facts["tiles"] = join(Names, ", ");
  // The read texts (staged-index-stable).
  ThreadAxes TA(Ctx, FD, Block);
  analysis::Linearizer Lin(Ctx);
  std::vector<std::pair<const ArraySubscriptExpr *, std::string>> Texts;
  if (P.StagedWhy.empty())
    for (const Tile &T : P.Tiles)
      for (const ArraySubscriptExpr *R : T.Reads) {
        std::vector<const Expr *> Subs;
        sharedArrayOf(R, Subs);
        ReadSubst RS;
        bool CopyRead = true;
        for (size_t I = 0; I < Subs.size(); ++I) {
          unsigned A = T.SubAxis[I];
          if (A == 2) {
            RS.LoopVar = T.LoopVar;
            RS.ByLoop = Subs[I];
            continue;
          }
          const Expr *Sub = Subs[I];
          if (I == T.CopyPos) {
            // The read's copy subscript `P + Q * E`: thread index P, copy Q.
            const auto *Add = dyn_cast<BinaryOperator>(Sub->IgnoreParenImpCasts());
            const Expr *ThreadPart = nullptr, *CopyPart = nullptr;
            if (Add && Add->getOpcode() == BO_Add)
              for (auto [X, Y] : {std::pair(Add->getLHS(), Add->getRHS()), std::pair(Add->getRHS(), Add->getLHS())}) {
                const auto *Mul = dyn_cast<BinaryOperator>(Y->IgnoreParenImpCasts());
                if (!Mul || Mul->getOpcode() != BO_Mul || CopyPart)
                  continue;
                for (auto [Q, E] : {std::pair(Mul->getLHS(), Mul->getRHS()), std::pair(Mul->getRHS(), Mul->getLHS())}) {
                  Expr::EvalResult ER;
                  bool Match = T.CopyExtent > 0
                                   ? (E->EvaluateAsInt(ER, Ctx) && ER.Val.getInt() == T.CopyExtent)
                                   : [&] {
                                       auto B = cuda::builtinIndex(E->IgnoreParenImpCasts());
                                       return B && B->Var == cuda::BuiltinVar::BlockDim && B->Dim == A;
                                     }();
                  if (Match && !CopyPart) {
                    ThreadPart = X;
                    CopyPart = Q;
                  }
                }
              }
            if (!ThreadPart) {
              CopyRead = false;
              break;
            }
            RS.CopyVar = T.CopyVar;
            RS.ByCopy = CopyPart;
            Sub = ThreadPart;
          }
          RS.ByAxis[A] = Sub;
          auto Same = threadAxisOf(Lin, TA.facts(), Sub);
          RS.Changed[A] = !(Same && *Same == A);
          if (RS.Changed[A] && T.FlatDivisor[A] > 0)
            RS.Splits[A] = splitRead(Ctx, VR, Sub, T.FlatDivisor[A]);
        }
        if (!CopyRead) {
          if (P.StableWhy.empty()) {
            P.StableWhy = describe(Ctx, R) + " does not read the copies' slot as a thread index plus a copy times "
                          "the block's extent: which copy it reads is unknown";
            P.StableAt = R;
          }
          continue;
        }
        std::vector<const VarDecl *> Kept;
        auto Src = readText(Ctx, TA, Lin, T.Source, RS, Kept, 0);
        std::optional<std::string> Cond, Else;
        std::vector<std::string> CondParts;
        bool Ok = Src.has_value();
        if (Ok && T.Cond) {
          std::vector<const Expr *> Held = heldAt(TA.facts(), R, Loop);
          std::set<std::string> Known = knownAt(Ctx, Held);
          std::vector<UpperBound> Bounds = boundsAt(Lin, Held);
          std::vector<const Expr *> Cs;
          conjunctsOf(T.Cond, Cs);
          if (T.Cond2)
            conjunctsOf(T.Cond2, Cs);
          for (const Expr *C : Cs) {
            auto CT = readText(Ctx, TA, Lin, C, RS, Kept, 0);
            if (!CT) {
              Ok = false;
              break;
            }
            bool Implied = false;
            if (const auto *B = dyn_cast<BinaryOperator>(C->IgnoreParenImpCasts());
                B && (B->getOpcode() == BO_LT || B->getOpcode() == BO_LE)) {
              auto L = readForm(TA, Lin, B->getLHS(), RS), Rt = readForm(TA, Lin, B->getRHS(), RS);
              Implied = L && Rt && implied(Bounds, *L, *Rt, B->getOpcode() == BO_LT);
            }
            if (!Implied && !Known.count(squeeze(*CT)))
              CondParts.push_back(needsParens(C, prec::LogicalAnd) ? "(" + *CT + ")" : *CT);
          }
          if (T.Otherwise)
            Else = sourceText(Ctx, T.Otherwise);
          else
            Else = "0";
          Ok = Ok && Else;
        }
        if (!Ok) {
          if (P.StableWhy.empty()) {
            P.StableWhy = "the staged element of " + describe(Ctx, T.Store) + " reads a local set more than once "
                          "(or written in a macro) that depends on the thread index; the read at " +
                          describe(Ctx, R) + " cannot recompute it";
            P.StableAt = R;
          }
          continue;
        }
        // Nothing the element reads may change between the store and the
        // read, except by one bump of the loop body's own (`A += BS;`),
        // which the read undoes: it names the staging's value.
        const analysis::VarMod *M = nullptr;
        const VarDecl *Which = nullptr;
        M = TA.facts().modifiedIn(Kept, endOffset(Ctx, T.Store), beginOffset(Ctx, R), &Which);
        for (unsigned Round = 0; M && Round < 4 && !RS.Rebased.count(Which); ++Round) {
          std::optional<std::string> Undo = undoneBump(Ctx, TA.facts(), Body, *M, Which, endOffset(Ctx, T.Store),
                                                       beginOffset(Ctx, R));
          if (!Undo)
            break;
          RS.Rebased[Which] = *Undo;
          Kept.clear();
          Src = readText(Ctx, TA, Lin, T.Source, RS, Kept, 0);
          if (!Src || T.Cond) { // a condition's text would need the same care: not rebased
            M = nullptr;
            Src.reset();
            break;
          }
          M = TA.facts().modifiedIn(Kept, endOffset(Ctx, T.Store), beginOffset(Ctx, R), &Which);
        }
        if (!Src && P.StableWhy.empty()) {
          P.StableWhy = "the staged element of " + describe(Ctx, T.Store) + " reads a pointer the loop moves before the "
                        "read at " + describe(Ctx, R) + ", under a condition: not rebased";
          P.StableAt = R;
          continue;
        }
        if (M && P.StableWhy.empty()) {
          P.StableWhy = "'" + Which->getName().str() + "', which the staged element of " + describe(Ctx, T.Store) +
                        " reads, changes before the read at " + describe(Ctx, R);
          P.StableAt = M->At;
          continue;
        }
        std::string Text = *Src;
        if (!CondParts.empty())
          Text = "(" + join(CondParts, " && ") + " ? " + *Src + " : " + *Else + ")";
        Texts.push_back({R, Text});
      }
  PreconditionQuery Q{AC, FD, DynTypedNode::create(*Loop), &P};
  for (const PreconditionSpec &Spec : Pair.preconditions())
    if (Spec.Dir == Direction::Reverse)
      S.check(Spec, Q);
  if (S.verdict() == Status::Fails)
    return true;
  EditBuilder B(Ctx);
  for (const auto &[R, Text] : Texts)
    B.replace(R, Text);
  std::set<const DeclStmt *> Removed;
  for (const Tile &T : P.Tiles) {
    B.removeStatement(T.Store);
    if (T.Decl && Removed.insert(T.Decl).second)
      B.removeStatement(T.Decl);
  }
  for (const Stmt *Bar : P.Barriers)
    B.removeStatement(Bar);
  if (Block)
    if (std::string Kept = keepBlockLaunchable(B, FD, Block->count()); !Kept.empty())
      S.Facts["launch-bounds"] = Kept;
  commit(B, S);
  return true;
}


//===----------------------------------------------------------------------===//
// Halo tiles: staged once before their reads, not per step of a loop
//===----------------------------------------------------------------------===//

/// The statement holding \p S that is a direct child of a block.
const Stmt *topIn(const analysis::FunctionFacts &F, const Stmt *S, const CompoundStmt *&CS) {
  for (const Stmt *Up = F.parentOf(S); S; S = Up, Up = Up ? F.parentOf(Up) : nullptr)
    if ((CS = dyn_cast_or_null<CompoundStmt>(Up)))
      return S;
  return nullptr;
}

/// `for (int s = <start>; s < E; s += K)` declaring \p V, between \p S and
/// \p Top: a staging loop that strides \p V over a tile's slots.
const ForStmt *stagingLoopOf(const analysis::FunctionFacts &F, const VarDecl *V, const Stmt *S, const Stmt *Top) {
  for (const Stmt *Up = F.parentOf(S); Up; Up = F.parentOf(Up)) {
    if (const auto *L = dyn_cast<ForStmt>(Up)) {
      const auto *DS = dyn_cast_or_null<DeclStmt>(L->getInit());
      const auto *C = dyn_cast_or_null<BinaryOperator>(L->getCond() ? L->getCond()->IgnoreParenImpCasts() : nullptr);
      const auto *I = dyn_cast_or_null<BinaryOperator>(L->getInc() ? L->getInc()->IgnoreParenImpCasts() : nullptr);
      if (DS && DS->isSingleDecl() && DS->getSingleDecl() == V && C && C->getOpcode() == BO_LT &&
          analysis::refVar(C->getLHS()) == V && I && I->getOpcode() == BO_AddAssign &&
          analysis::refVar(I->getLHS()) == V && !F.modifiedWithin(V, L->getBody()))
        return L;
    }
    if (Up == Top)
      break;
  }
  return nullptr;
}

/// The text of \p A's subscripted variable's rank.
unsigned rankOf(const VarDecl *V) {
  unsigned N = 0;
  for (QualType T = V->getType(); const auto *AT = T->getAsArrayTypeUnsafe(); T = AT->getElementType())
    ++N;
  return N;
}

struct HaloStore {
  const BinaryOperator *Assign = nullptr;
  const Stmt *Top = nullptr;
  std::vector<const Expr *> Slots;
  std::vector<const VarDecl *> Counters; ///< per slot, the staging loop's counter (kind A), else null
  const Expr *Value = nullptr;
  const ArraySubscriptExpr *Source = nullptr;
  std::vector<const Expr *> Conds;
  bool InLoop = false; ///< a loop other than a staging loop repeats it (passes)
  /// Thread slots: the store's conditions about its element, each as text
  /// with the read's subscripts still to place: Uniform + a * (y) + b * (x) op Other.
  struct ElementCond {
    std::string Uniform, Op, Other;
    int64_t A = 0, B = 0;
    const Expr *OtherE = nullptr; ///< the uniform side
    analysis::LinearForm UniformForm, ElementForm; ///< Uniform; the store's element side
    bool operator==(const ElementCond &O) const {
      return Uniform == O.Uniform && Op == O.Op && Other == O.Other && A == O.A && B == O.B;
    }
  };
  std::vector<ElementCond> ElementConds;
};

/// Atoms of a form that are the same for every thread of the grid (block
/// indices, dimensions, parameters, globals): what a read can name.
bool uniformAtoms(const analysis::Linearizer &Lin, const analysis::LinearForm &F) {
  for (const auto &[Mono, Coeff] : F.Terms)
    for (const std::string &K : Mono) {
      StringRef Key(K);
      if (Key.starts_with("b:blockIdx.") || Key.starts_with("b:blockDim.") || Key.starts_with("b:gridDim."))
        continue;
      const analysis::Atom *A = Lin.atom(K);
      if (A && A->Var && (isa<ParmVarDecl>(A->Var) || !A->Var->hasLocalStorage()))
        continue;
      return false;
    }
  return true;
}

/// A monomial of \p S (not the constant) that \p Other lacks, with its
/// coefficient in S.
std::optional<std::pair<analysis::Monomial, int64_t>> ownTerm(const analysis::LinearForm &S,
                                                              const analysis::LinearForm *Other) {
  for (const auto &[Mono, Coeff] : S.Terms)
    if (!Mono.empty() && Coeff && (!Other || !Other->Terms.count(Mono)))
      return std::make_pair(Mono, Coeff);
  return std::nullopt;
}

/// \p F as U + a * Sy + b * Sx with U uniform (Sy absent for a 1-D tile).
std::optional<std::tuple<analysis::LinearForm, int64_t, int64_t>>
splitBySlots(const analysis::Linearizer &Lin, const analysis::LinearForm &F, const analysis::LinearForm *Sy,
             const analysis::LinearForm &Sx) {
  int64_t A = 0, B = 0;
  analysis::LinearForm U = F;
  for (auto [S, Other, Out] : {std::make_tuple(Sy, static_cast<const analysis::LinearForm *>(&Sx), &A),
                               std::make_tuple(static_cast<const analysis::LinearForm *>(&Sx), Sy, &B)}) {
    if (!S)
      continue;
    auto Own = ownTerm(*S, Other);
    if (!Own)
      return std::nullopt;
    auto It = F.Terms.find(Own->first);
    int64_t N = It == F.Terms.end() ? 0 : It->second;
    if (N % Own->second)
      return std::nullopt;
    *Out = N / Own->second;
    U.add(*S, -*Out);
  }
  U.normalize();
  if (!uniformAtoms(Lin, U))
    return std::nullopt;
  return std::make_tuple(U, A, B);
}

/// The form of \p E where statement \p At runs: locals set once expanded,
/// and locals whose every later assignment comes after \p At (outside any
/// loop around it) taken at their initialiser (`x` of a transpose that
/// reuses `x` for the output after the barrier).
std::optional<analysis::LinearForm> formAt(analysis::Linearizer &Lin, const analysis::FunctionFacts &F,
                                           const Expr *E, const Stmt *At, unsigned Depth = 0) {
  auto F0 = Lin.linearize(E);
  auto X = F0 ? analysis::expandLocals(Lin, F, *F0) : std::nullopt;
  if (!X || Depth > 4)
    return X;
  const SourceManager &SM = F.function()->getASTContext().getSourceManager();
  return analysis::substitute(*X, [&](const std::string &Key) -> std::optional<analysis::LinearForm> {
    const analysis::Atom *A = Lin.atom(Key);
    const VarDecl *V = A ? A->Var : nullptr;
    if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) || !V->getInit())
      return std::nullopt;
    for (const analysis::VarMod &M : F.mods(V)) {
      if (!M.At || SM.isBeforeInTranslationUnit(M.At->getBeginLoc(), At->getEndLoc()))
        return std::nullopt;
      for (const Stmt *Up = F.parentOf(At); Up; Up = F.parentOf(Up))
        if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Up) && analysis::containsStmt(Up, M.At))
          return std::nullopt;
    }
    return formAt(Lin, F, V->getInit(), At, Depth + 1);
  });
}

/// An effect of statement \p Top other than the tile's stores: an
/// assignment or increment (built-in or overloaded) of something not
/// declared inside it, or a call of anything but a CUDA builtin or math
/// function taking no pointer to writable memory. Null when there is none.
const Stmt *effectBesides(ASTContext &Ctx, const Stmt *Top, const std::vector<HaloStore> &Stores) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Inside = [&](const Decl *D) {
    return D && SM.isBeforeInTranslationUnit(Top->getBeginLoc(), D->getLocation()) &&
           SM.isBeforeInTranslationUnit(D->getLocation(), Top->getEndLoc());
  };
  auto Ms = match(traverse(TK_AsIs, findAll(stmt(anyOf(binaryOperator(isAssignmentOperator()),
                                                       unaryOperator(anyOf(hasOperatorName("++"), hasOperatorName("--"))), callExpr()))
                                                .bind("e"))),
                  *Top, Ctx);
  for (const auto &M : Ms) {
    const Stmt *E = M.getNodeAs<Stmt>("e");
    if (llvm::any_of(Stores, [&](const HaloStore &S) { return S.Assign == E; }))
      continue;
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (Inside(analysis::refVar(BO->getLHS())))
        continue;
      return E;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (Inside(analysis::refVar(UO->getSubExpr())))
        continue;
      return E;
    }
    const auto *Call = cast<CallExpr>(E);
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call)) {
      // An overloaded operator writes what an assignment or increment would.
      bool Writes = Op->isAssignmentOp() || Op->getOperator() == OO_PlusPlus || Op->getOperator() == OO_MinusMinus;
      if (!Writes || (Op->getNumArgs() > 0 && Inside(analysis::refVar(Op->getArg(0)))))
        continue;
      return E;
    }
    const FunctionDecl *Callee = Call->getDirectCallee();
    StringRef Name = Callee && Callee->getIdentifier() ? Callee->getName() : "";
    bool Pure = Callee && SM.isInSystemHeader(Callee->getLocation()) && !Name.starts_with("atomic") &&
                !Name.starts_with("__syncthreads") && !Name.starts_with("__sync") && !Name.contains("barrier") &&
                llvm::none_of(Callee->parameters(), [](const ParmVarDecl *P) {
                  QualType T = P->getType();
                  return T->isPointerType() && !T->getPointeeType().isConstQualified();
                });
    if (!Pure)
      return E;
  }
  return nullptr;
}

/// The stores of one unrolled vector access (slot x = m * q + k, lane k)
/// bound their element by the group's first one -- `c0 + 4 * cg < C` at
/// every lane -- not by their own. That is the element's own bound when the
/// bounded side and the bound are multiples of m and the lanes lie below m:
/// for a and C multiples of m and 0 <= k < m, a < C <=> a + k < C (and
/// likewise >=), with a + k the first lane's uniform part. The conditions a
/// read of any slot takes (the first lane's: the largest uniform constant),
/// or nullopt with \p Why when the stores disagree otherwise or the proof
/// needs a fact (\p Why then names the --assume that gives it).
std::optional<std::vector<HaloStore::ElementCond>>
roundedConds(const std::vector<HaloStore> &Stores, analysis::Linearizer &Lin, analysis::Divisibility &Div,
             std::string &Why) {
  const std::vector<HaloStore::ElementCond> &Front = Stores.front().ElementConds;
  std::vector<HaloStore::ElementCond> Out = Front;
  for (size_t J = 0; J < Front.size(); ++J) {
    const HaloStore::ElementCond &E0 = Front[J];
    if (E0.Op != "<" && E0.Op != ">=")
      return std::nullopt;
    // Each store's uniform part: the first's plus a constant.
    std::vector<int64_t> Shift;
    for (const HaloStore &S : Stores) {
      if (S.ElementConds.size() != Front.size())
        return std::nullopt;
      const HaloStore::ElementCond &E = S.ElementConds[J];
      analysis::LinearForm D = E.UniformForm;
      D.add(E0.UniformForm, -1);
      D.normalize();
      if (E.Op != E0.Op || E.Other != E0.Other || E.A != E0.A || E.B != E0.B || !D.isConstant())
        return std::nullopt;
      Shift.push_back(D.constant());
    }
    size_t Ref = std::max_element(Shift.begin(), Shift.end()) - Shift.begin();
    int64_t Spread = Shift[Ref] - *std::min_element(Shift.begin(), Shift.end());
    if (Spread == 0)
      continue;
    auto Bound = Lin.linearize(E0.OtherE);
    if (!Bound)
      return std::nullopt;
    std::optional<int64_t> Modulus;
    for (int64_t M = 2; M <= 1024 && !Modulus; M *= 2)
      if (M > Spread && llvm::all_of(Stores, [&](const HaloStore &S) {
            return Div.multipleOf(S.ElementConds[J].ElementForm, M).T == analysis::Truth::Holds;
          }))
        Modulus = M;
    if (!Modulus)
      return std::nullopt;
    if (Div.multipleOf(*Bound, *Modulus).T != analysis::Truth::Holds) {
      Why = "the lanes' bound '" + E0.Other + "' is not a known multiple of " + std::to_string(*Modulus) +
            " (--assume=multiple:" + E0.Other + ":" + std::to_string(*Modulus) + " if the workload says so)";
      return std::nullopt;
    }
    Out[J] = Stores[Ref].ElementConds[J];
  }
  return Out;
}

void haloReverseAt(const RewritePair &Pair, AnalysisContext &AC, const FunctionDecl *FD, const VarDecl *T,
                   const std::vector<const CompoundStmt *> &Claimed) {
  ASTContext &Ctx = AC.ast();
  const analysis::FunctionFacts &F = analysis::AnalysisCache::of(Ctx).facts(FD);
  std::optional<analysis::Dim3> Block = knownBlockShape(AC, FD);
  ThreadAxes TA(Ctx, FD, Block);
  TiledLoop P;
  auto Staged = [&](std::string Why, const Stmt *At) {
    if (P.StagedWhy.empty()) {
      P.StagedWhy = std::move(Why);
      P.StagedAt = At;
    }
  };
  unsigned Rank = rankOf(T);
  std::vector<HaloStore> Stores;
  std::vector<const ArraySubscriptExpr *> Reads;
  auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr(to(varDecl(equalsNode(T)))).bind("r"))), *FD->getBody(),
                    Ctx);
  for (const auto &Bn : Refs) {
    const auto *DRE = Bn.getNodeAs<DeclRefExpr>("r");
    const Stmt *Up = F.parentOf(DRE);
    while (Up && isa<ImplicitCastExpr, ParenExpr>(Up))
      Up = F.parentOf(Up);
    const auto *A0 = dyn_cast_or_null<ArraySubscriptExpr>(Up);
    const ArraySubscriptExpr *A = A0 ? outermost(A0, F) : nullptr;
    std::vector<const Expr *> Subs;
    if (!A || sharedArrayOf(A, Subs) != T || Subs.size() != Rank) {
      Staged("'" + T->getName().str() + "' is used other than by element reads and stores (" +
                 describe(Ctx, Up ? Up : DRE) + ")",
             Up ? Up : DRE);
      continue;
    }
    const Stmt *P0 = F.parentOf(A);
    while (P0 && isa<ParenExpr>(P0))
      P0 = F.parentOf(P0);
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(P0); B && B->getOpcode() == BO_Assign &&
                                                             B->getLHS()->IgnoreParens() == A) {
      HaloStore S;
      S.Assign = B;
      S.Slots = Subs;
      Stores.push_back(S);
    } else if (const auto *C = dyn_cast_or_null<ImplicitCastExpr>(P0); C && C->getCastKind() == CK_LValueToRValue) {
      Reads.push_back(A);
    } else {
      Staged("'" + T->getName().str() + "' is used other than by element reads and stores (" +
                 describe(Ctx, P0 ? P0 : A) + ")",
             P0 ? P0 : A);
    }
  }
  if (Stores.empty() || Reads.empty())
    return;
  // The staging statements, the barrier after them, the reads after it: one
  // block.
  // The innermost block whose statements hold every store.
  const CompoundStmt *CS = nullptr, *StoresCS = nullptr;
  for (const Stmt *At = Stores.front().Assign; At && !CS;) {
    const CompoundStmt *In = nullptr;
    const Stmt *Top = topIn(F, At, In);
    if (!Top)
      break;
    // ... and every read: stores under a guard (`if (in range) { four
    // unrolled lanes }`) are staged in a block of their own.
    bool HasStores =
        llvm::all_of(Stores, [&](const HaloStore &S) { return analysis::containsStmt(In, S.Assign); });
    if (HasStores && !StoresCS)
      StoresCS = In;
    if (HasStores && llvm::all_of(Reads, [&](const ArraySubscriptExpr *R) { return analysis::containsStmt(In, R); }))
      CS = In;
    At = In;
  }
  for (HaloStore &S : Stores) {
    S.Top = nullptr;
    for (const Stmt *X = S.Assign; CS && X && !S.Top; X = F.parentOf(X))
      if (F.parentOf(X) == CS)
        S.Top = X;
  }
  if (!CS) {
    Staged("the stores into '" + T->getName().str() + "' are not statements of one block", Stores.front().Assign);
    return;
  }
  if (!CS || llvm::is_contained(Claimed, CS) || llvm::is_contained(Claimed, StoresCS))
    return; // a loop site's tile
  // The reverse removes each store's statement in the block whole: it must
  // do nothing else.
  for (const HaloStore &S : Stores)
    if (const Stmt *E = effectBesides(Ctx, S.Top, Stores)) {
      Staged("the staging statement at line " + std::to_string(expansionLine(Ctx, S.Top)) +
                 " does more than stage the tile (" +
                 describe(Ctx, E) + ")",
             E);
      break;
    }
  auto Index = [&](const Stmt *S) {
    size_t I = 0;
    for (const Stmt *B : CS->body()) {
      if (B == S)
        return I;
      ++I;
    }
    return ~size_t(0);
  };
  size_t LastStore = 0;
  for (const HaloStore &S : Stores)
    LastStore = std::max(LastStore, Index(S.Top));
  const Stmt *Barrier = nullptr;
  size_t BarrierAt = 0, I = 0;
  for (const Stmt *B : CS->body()) {
    if (I > LastStore && !Barrier && isBarrierStmt(B)) {
      Barrier = B;
      BarrierAt = I;
    }
    ++I;
  }
  size_t LastRead = 0;
  const ArraySubscriptExpr *LastReadE = nullptr;
  for (const ArraySubscriptExpr *R : Reads) {
    const CompoundStmt *In = nullptr;
    const Stmt *Top = topIn(F, R, In);
    while (Top && In != CS)
      Top = topIn(F, In, In);
    size_t At = Top ? Index(Top) : ~size_t(0);
    if (!Barrier || At == ~size_t(0) || At <= BarrierAt) {
      if (P.BetweenWhy.empty()) {
        P.BetweenWhy = describe(Ctx, R) + " reads '" + T->getName().str() + "' " +
                       (!Barrier ? std::string("with no barrier after the stores")
                                 : "before the barrier after its stores, or outside their block");
        P.BetweenAt = R;
      }
      continue;
    }
    if (At > LastRead || !LastReadE || (At == LastRead && Ctx.getSourceManager().isBeforeInTranslationUnit(
                                                              LastReadE->getBeginLoc(), R->getBeginLoc()))) {
      LastRead = At;
      LastReadE = R;
    }
  }
  P.ComputeBegin = Barrier;
  // Each store: a global element, at slots that are a staging loop's
  // counters (kind A) or a thread's own expressions (kind B).
  analysis::Linearizer Lin(Ctx);
  bool KindA = false, KindB = false;
  for (HaloStore &S : Stores) {
    S.Value = S.Assign->getRHS();
    S.Source = globalElement(S.Value);
    if (!S.Source) {
      Staged("the store " + describe(Ctx, S.Assign) + " stages a computed value, not a global element",
             S.Assign);
      continue;
    }
    bool A = false, B = false;
    for (const Expr *Slot : S.Slots) {
      const VarDecl *V = analysis::refVar(Slot);
      if (V && stagingLoopOf(F, V, S.Assign, S.Top)) {
        S.Counters.push_back(V);
        A = true;
        continue;
      }
      S.Counters.push_back(nullptr);
      B = true;
      std::vector<const VarDecl *> Vs;
      TA.varsOf(Slot, Vs);
      for (const VarDecl *W : Vs)
        if (F.modifiedWithin(W, S.Top) && ![&] {
              // The counter of a loop around the store (passes over rows).
              for (const Stmt *Up = F.parentOf(S.Assign); Up; Up = F.parentOf(Up)) {
                if (const auto *L = dyn_cast<ForStmt>(Up))
                  if (const auto *DS = dyn_cast_or_null<DeclStmt>(L->getInit());
                      DS && DS->isSingleDecl() && DS->getSingleDecl() == W && !F.modifiedWithin(W, L->getBody()))
                    return true;
                if (Up == S.Top)
                  break;
              }
              return false;
            }())
          Staged("the slot " + describe(Ctx, Slot) + " of the store " + describe(Ctx, S.Assign) + " reads '" +
                     W->getName().str() + "', which the staging changes, and is not a staging loop's counter",
                 Slot);
    }
    if (A && B)
      Staged("the store " + describe(Ctx, S.Assign) + " mixes staging-loop slots with thread slots", S.Assign);
    KindA = KindA || A;
    KindB = KindB || B;
    // What the store runs under, up to its statement of the block.
    for (const Stmt *Up = F.parentOf(S.Assign), *Child = S.Assign; Up; Child = Up, Up = F.parentOf(Up)) {
      if (const auto *If = dyn_cast<IfStmt>(Up)) {
        if (Child != If->getThen())
          Staged("the store " + describe(Ctx, S.Assign) + " runs in an else branch", If);
        S.Conds.push_back(If->getCond());
      } else if (const auto *L = dyn_cast<ForStmt>(Up)) {
        const auto *DS = dyn_cast_or_null<DeclStmt>(L->getInit());
        const auto *V = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
        if (!V || !llvm::is_contained(S.Counters, V)) {
          if (A)
            Staged("the store " + describe(Ctx, S.Assign) + " runs in " + describe(Ctx, L) +
                       ", which is not a staging loop over the tile's slots",
                   L);
          S.InLoop = true; // passes of thread slots: the identity must hold in each
        }
      } else if (isa<WhileStmt, DoStmt, SwitchStmt, CXXForRangeStmt>(Up)) {
        Staged("the store " + describe(Ctx, S.Assign) + " runs in " + describe(Ctx, Up), Up);
      }
      if (Up == S.Top)
        break;
    }
    // Thread slots: a condition may only choose which thread stores (it
    // reads thread indices and constants); what the element is does not
    // depend on it.
    if (B)
      for (const Expr *C : S.Conds) {
        std::vector<const Expr *> Cs;
        conjunctsOf(C, Cs);
        for (const Expr *X : Cs) {
          const auto *Cmp = dyn_cast<BinaryOperator>(X->IgnoreParenImpCasts());
          bool Ok = Cmp && Cmp->isComparisonOp();
          for (const Expr *Side : {Cmp ? Cmp->getLHS() : X, Cmp ? Cmp->getRHS() : X}) {
            auto L0 = Ok ? Lin.linearize(Side) : std::nullopt;
            auto L1 = L0 ? analysis::expandLocals(Lin, F, *L0) : std::nullopt;
            Ok = Ok && L1;
            if (L1)
              for (const auto &[Mono, Coeff] : L1->Terms)
                for (const std::string &K : Mono)
                  Ok = Ok && (StringRef(K).starts_with("b:threadIdx.") || StringRef(K).starts_with("b:blockDim."));
          }
          if (Ok)
            continue; // chooses which thread stores
          // About the element: one side uniform, the other a uniform part
          // plus whole slots.
          std::optional<HaloStore::ElementCond> EC;
          if (Cmp && Cmp->isRelationalOp() && Rank <= 2) {
            for (bool Left : {true, false}) {
              const Expr *Var = Left ? Cmp->getLHS() : Cmp->getRHS(), *Uni = Left ? Cmp->getRHS() : Cmp->getLHS();
              std::vector<const VarDecl *> UV;
              TA.varsOf(Uni, UV);
              bool UniOk = !TA.of(Uni) && llvm::none_of(UV, [&](const VarDecl *W) { return F.modifiedWithin(W, S.Top); });
              auto FV = UniOk ? formAt(Lin, F, Var, S.Assign) : std::nullopt;
              std::vector<std::optional<analysis::LinearForm>> SF;
              for (const Expr *Sl : S.Slots)
                SF.push_back(formAt(Lin, F, Sl, S.Assign));
              bool SlotsOk = llvm::all_of(SF, [](const auto &X) { return X.has_value(); });
              auto Split = FV && SlotsOk ? splitBySlots(Lin, *FV, Rank == 2 ? &*SF[0] : nullptr, *SF.back())
                                         : std::nullopt;
              auto UT = Split ? formText(Ctx, Lin, std::get<0>(*Split)) : std::nullopt;
              auto OT = Split ? sourceText(Ctx, Uni) : std::nullopt;
              if (UT && OT) {
                BinaryOperatorKind Op = Cmp->getOpcode();
                if (!Left) // `U op V` becomes `V op' U`
                  Op = Op == BO_LT ? BO_GT : Op == BO_GT ? BO_LT : Op == BO_LE ? BO_GE : BO_LE;
                EC = HaloStore::ElementCond{*UT,       BinaryOperator::getOpcodeStr(Op).str(),
                                            *OT,       std::get<1>(*Split),
                                            std::get<2>(*Split), Uni,
                                            std::get<0>(*Split), *FV};
                break;
              }
            }
          }
          if (EC)
            S.ElementConds.push_back(*EC);
          else
            Staged("the store " + describe(Ctx, S.Assign) + " runs under " + describe(Ctx, X) +
                       ", which neither only chooses the storing thread nor bounds the element by a uniform "
                       "value",
                   X);
        }
      }
  }
  if (KindA && (KindB || Stores.size() > 1))
    Staged("'" + T->getName().str() + "' has " + std::to_string(Stores.size()) +
               " stores, one of them in a staging loop: a staging loop must be the tile's only store",
           Stores.back().Assign);
  // Thread slots: every store stages slot s (row y, column x) from element
  // C + y * P + x, the same C and P; every store's conditions about its
  // element agree.
  std::optional<analysis::LinearForm> C0, Pitch;
  std::vector<HaloStore::ElementCond> ReadConds; ///< what a read's element is bounded by
  if (KindB && P.StagedWhy.empty()) {
    if (Rank > 2)
      Staged("'" + T->getName().str() + "' has " + std::to_string(Rank) +
                 " dimensions written from the threads' own slots: one or two are read back",
             Stores.front().Assign);
    for (const HaloStore &S : Stores) {
      if (!P.StagedWhy.empty())
        break;
      auto Form = [&](const Expr *E) { return formAt(Lin, F, E, S.Assign); };
      auto G = Form(S.Source->getIdx());
      auto Sx = Form(S.Slots.back());
      std::optional<analysis::LinearForm> D;
      if (G && Sx) {
        D = *G;
        D->add(*Sx, -1);
        D->normalize();
      }
      if (D && Rank == 2) {
        // The pitch: the factor by which the row slot's own term enters.
        auto Sy = Form(S.Slots.front());
        auto Own = Sy ? ownTerm(*Sy, nullptr) : std::nullopt;
        std::optional<analysis::LinearForm> PF;
        if (Own)
          for (const auto &[Mono, Coeff] : D->Terms) {
            analysis::Monomial Rest = Mono;
            bool Sub = true;
            for (const std::string &K : Own->first) {
              auto It = llvm::find(Rest, K);
              if (It == Rest.end()) {
                Sub = false;
                break;
              }
              Rest.erase(It);
            }
            if (!Sub || Coeff % Own->second)
              continue;
            PF.emplace();
            PF->Terms[Rest] = Coeff / Own->second;
            break;
          }
        auto YP = PF && Sy ? analysis::product(*PF, *Sy) : std::nullopt;
        if (YP) {
          D->add(*YP, -1);
          D->normalize();
        } else {
          D.reset();
        }
        if (D && Pitch) {
          analysis::LinearForm X = *PF;
          X.add(*Pitch, -1);
          X.normalize();
          if (!X.Terms.empty())
            D.reset();
        }
        if (PF && !Pitch)
          Pitch = PF;
      }
      bool Same = D && uniformAtoms(Lin, *D);
      if (Same && C0) {
        analysis::LinearForm X = *D;
        X.add(*C0, -1);
        X.normalize();
        Same = X.Terms.empty();
      }
      if (!Same) {
        Staged("the store " + describe(Ctx, S.Assign) + " does not stage slot s from element C + s" +
                   (Rank == 2 ? std::string(" (C + row * pitch + column)") : std::string()) +
                   " with the C" + (Rank == 2 ? std::string(" and pitch") : std::string()) +
                   " and the element conditions of the other stores: a read cannot name its element",
               S.Assign);
        break;
      }
      C0 = D;
    }
    // Every store's conditions about its element agree (up to the lanes'
    // rounding of an unrolled vector access).
    if (P.StagedWhy.empty()) {
      ReadConds = Stores.front().ElementConds;
      if (!llvm::all_of(Stores, [&](const HaloStore &S) { return S.ElementConds == Stores.front().ElementConds; })) {
        analysis::Divisibility Div(F, Lin, AC.assumptions().multiplesIn(FD));
        std::string Why;
        if (auto R = roundedConds(Stores, Lin, Div, Why))
          ReadConds = std::move(*R);
        else
          for (const HaloStore &S : Stores)
            if (!(S.ElementConds == Stores.front().ElementConds)) {
              Staged("the store " + describe(Ctx, S.Assign) + " bounds its element other than " +
                         describe(Ctx, Stores.front().Assign) + " does" + (Why.empty() ? "" : ": " + Why) +
                         "; a read cannot name its element's bounds",
                     S.Assign);
              break;
            }
      }
    }
  }
  // What a read's element reads must hold at the read.
  // (Thread slots written from the forms: only the uniform parts' variables.)
  bool Rendered = KindB && (Rank == 2 || llvm::any_of(Stores, [](const HaloStore &S) {
                              return S.InLoop || !S.ElementConds.empty();
                            }));
  std::vector<const VarDecl *> Vars;
  for (const HaloStore &S : Stores) {
    if (Rendered) {
      for (const auto *Form : {C0 ? &*C0 : nullptr, Pitch ? &*Pitch : nullptr})
        if (Form)
          for (const auto &[Mono, Coeff] : Form->Terms)
            for (const std::string &K : Mono)
              if (const analysis::Atom *At = Lin.atom(K); At && At->Var)
                Vars.push_back(At->Var);
      for (const HaloStore::ElementCond &EC : S.ElementConds)
        TA.varsOf(EC.OtherE, Vars);
      continue;
    }
    TA.varsOf(S.Value, Vars);
    for (const Expr *C : S.Conds)
      TA.varsOf(C, Vars);
    for (const Expr *Sl : S.Slots)
      TA.varsOf(Sl, Vars);
  }
  I = 0;
  for (const Stmt *B : CS->body()) {
    if (I > LastStore && I <= LastRead && P.StableWhy.empty())
      for (const VarDecl *V : Vars)
        if (!llvm::any_of(Stores, [&](const HaloStore &S) { return llvm::is_contained(S.Counters, V); }))
          if (const auto *M = F.modifiedWithin(V, B); M && P.StableWhy.empty()) {
            P.StableWhy = "'" + V->getName().str() + "', which the staged element reads, changes before the reads (" +
                          describe(Ctx, M->At) + ")";
            P.StableAt = M->At;
          }
    ++I;
  }
  // Writes between the barrier and the last read: only an assignment whose
  // right side holds the reads left (it stores after reading).
  I = 0;
  for (const Stmt *B : CS->body()) {
    if (I > BarrierAt && I <= LastRead && !P.WriteAt && LastReadE) {
      // In the last read's statement, a store after the last read (or the
      // assignment that holds it) is no write a read could see, unless a
      // loop around both repeats the reads after it.
      std::vector<const Expr *> Allowed;
      if (I == LastRead) {
        const SourceManager &SM = Ctx.getSourceManager();
        auto As = match(traverse(TK_AsIs, findAll(binaryOperator(isAssignmentOperator()).bind("a"))), *B, Ctx);
        for (const auto &M : As) {
          const auto *A = M.getNodeAs<BinaryOperator>("a");
          if (!A || !(analysis::containsStmt(A->getRHS(), LastReadE) ||
                      SM.isBeforeInTranslationUnit(LastReadE->getEndLoc(), A->getBeginLoc())))
            continue;
          bool Repeats = false;
          for (const Stmt *Up = F.parentOf(A); Up && Up != B && !Repeats; Up = F.parentOf(Up))
            if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Up))
              Repeats = llvm::any_of(Reads, [&](const ArraySubscriptExpr *R) { return analysis::containsStmt(Up, R); });
          if (!Repeats)
            Allowed.push_back(A->getLHS());
        }
      }
      P.WriteAt = firstMemoryAccess(B, Allowed, true);
    }
    ++I;
  }
  Tile Tl;
  Tl.Array = T;
  Tl.Source = Stores.front().Source;
  Tl.Reads = Reads;
  P.Tiles.push_back(Tl);
  auto Decls = match(traverse(TK_AsIs, findAll(declStmt(has(varDecl(equalsNode(T)))).bind("d"))), *FD->getBody(), Ctx);
  const DeclStmt *Decl = Decls.empty() ? nullptr : Decls.front().getNodeAs<DeclStmt>("d");
  if (!Decl)
    return;
  Site &S = AC.addSite(Name, Direction::Reverse, Decl->getBeginLoc(), FD, "halo");
  S.Summary = "read the global elements that the halo tile " + T->getName().str() + " stages, without the tile";
  S.Facts["tiles"] = T->getName().str();
  PreconditionQuery Q{AC, FD, DynTypedNode::create(*Stores.front().Assign), &P};
  for (const PreconditionSpec &Spec : Pair.preconditions())
    if (Spec.Dir == Direction::Reverse)
      S.check(Spec, Q);
  if (S.verdict() == Status::Fails)
    return;
  // Edits.
  EditBuilder B(Ctx);
  auto Fail = [&](StringRef Why, const Stmt *At) {
    B.failWith(Why.str(), At->getBeginLoc());
    commit(B, S);
  };
  if (!Decl->isSingleDecl())
    return Fail("the tile's declaration declares other names too", Stores.front().Assign);
  const HaloStore &Main = [&]() -> const HaloStore & {
    for (const HaloStore &St : Stores)
      if (St.Conds.empty())
        return St;
    return Stores.front();
  }();
  for (const ArraySubscriptExpr *R : Reads) {
    std::vector<const Expr *> Subs;
    sharedArrayOf(R, Subs);
    std::optional<std::string> Text;
    if (KindA) {
      auto Subst = [&](const Expr *E) {
        return substitutedText(Ctx, E, [&](const Expr *X) -> std::optional<std::string> {
          const VarDecl *V = analysis::refVar(X);
          const auto *D = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
          if (!V || !D || D != X->IgnoreParenImpCasts())
            return std::nullopt;
          for (size_t K = 0; K < Main.Counters.size(); ++K)
            if (Main.Counters[K] == V) {
              auto ST = sourceText(Ctx, Subs[K]);
              if (!ST)
                return std::nullopt;
              return bareIn(TA.facts(), X, *ST) ? *ST : "(" + *ST + ")";
            }
          return std::nullopt;
        });
      };
      Text = Subst(Main.Value);
      std::vector<std::string> Cs;
      for (const Expr *C : Main.Conds)
        if (auto CT = Subst(C))
          Cs.push_back(needsParens(C, prec::LogicalAnd) ? "(" + *CT + ")" : *CT);
        else
          Text.reset();
      if (Text && !Cs.empty())
        Text = "(" + join(Cs, " && ") + " ? " + *Text + " : 0)";
    } else if (Rank == 1 && !Main.InLoop && Main.ElementConds.empty()) {
      // The read's slot r against the store's s: element C + r = g + (r - s).
      auto RT = sourceText(Ctx, Subs.front()), ST = sourceText(Ctx, Main.Slots.front());
      auto GI = sourceText(Ctx, Main.Source->getIdx());
      auto R0 = Lin.linearize(Subs.front()), S0 = Lin.linearize(Main.Slots.front());
      if (RT && ST && GI) {
        std::optional<analysis::LinearForm> D;
        if (R0 && S0) {
          D = analysis::expandLocals(Lin, F, *R0);
          auto Sx = analysis::expandLocals(Lin, F, *S0);
          if (D && Sx) {
            D->add(*Sx, -1);
            D->normalize();
          } else {
            D.reset();
          }
        }
        std::string G = needsParens(Main.Source->getIdx(), prec::Additive) ? "(" + *GI + ")" : *GI;
        std::string NewIdx;
        if (D && D->isConstant())
          NewIdx = sumText({G}, D->constant());
        else if (StringRef(*RT).starts_with(*ST + " + ") || StringRef(*RT).starts_with(*ST + " - "))
          NewIdx = G + StringRef(*RT).drop_front(ST->size()).str();
        else
          NewIdx = G + " + (" + *RT + ") - (" + *ST + ")";
        Text = substitutedText(Ctx, Main.Value, [&](const Expr *X) -> std::optional<std::string> {
          if (X == Main.Source->getIdx())
            return NewIdx;
          return std::nullopt;
        });
      }
    } else {
      // Element C + y * P + x, written from the forms (the store's own text
      // names its loop's counters).
      auto CT = C0 ? formText(Ctx, Lin, *C0) : std::nullopt;
      auto PT = Pitch ? formText(Ctx, Lin, *Pitch) : std::nullopt;
      auto YT = sourceText(Ctx, Subs.front()), XT = sourceText(Ctx, Subs.back());
      auto Base = sourceText(Ctx, Main.Source->getBase());
      if (CT && YT && XT && Base && (Rank == 1 || PT)) {
        QualType IT = Main.Source->getIdx()->IgnoreParenImpCasts()->getType();
        std::string Wide = Ctx.getTypeSize(IT) > 32 ? "(" + IT.getAsString(Ctx.getPrintingPolicy()) + ")" : "";
        std::vector<std::string> Parts;
        if (*CT != "0")
          Parts.push_back(*CT);
        if (Rank == 2)
          Parts.push_back(Wide + "(" + *YT + ") * " + (Pitch->Terms.size() > 1 ? "(" + *PT + ")" : *PT));
        Parts.push_back((Rank == 1 && !Wide.empty() ? Wide : std::string()) + "(" + *XT + ")");
        std::string Elem = (isPostfixSafe(Main.Source->getBase()->IgnoreImpCasts()) ? *Base : "(" + *Base + ")") +
                           "[" + join(Parts, " + ") + "]";
        std::vector<std::string> Cs;
        for (const HaloStore::ElementCond &EC : ReadConds) {
          std::vector<std::string> Sum;
          if (EC.Uniform != "0")
            Sum.push_back(EC.Uniform);
          if (EC.A)
            Sum.push_back((EC.A == 1 ? "" : std::to_string(EC.A) + " * ") + "(" + *YT + ")");
          if (EC.B)
            Sum.push_back((EC.B == 1 ? "" : std::to_string(EC.B) + " * ") + "(" + *XT + ")");
          if (Sum.empty())
            Sum.push_back("0");
          Cs.push_back(join(Sum, " + ") + " " + EC.Op + " " + EC.Other);
        }
        Text = Cs.empty() ? Elem : "(" + join(Cs, " && ") + " ? " + Elem + " : 0)";
      }
    }
    if (!Text)
      return Fail("the staged element of " + describe(Ctx, R) + " cannot be written at the read (a macro?)", R);
    if (!isUnexpandedText(Ctx, R))
      return Fail("the read " + describe(Ctx, R) + " is written in a macro", R);
    B.replace(R, *Text);
  }
  B.removeStatement(Decl);
  std::set<const Stmt *> Done;
  for (const HaloStore &St : Stores)
    if (Done.insert(St.Top).second)
      B.removeStatement(St.Top);
  B.removeStatement(Barrier);
  // The barrier that let the next step restage the tile, when nothing else
  // shared needs it.
  if (isa_and_nonnull<ForStmt, WhileStmt, DoStmt>(F.parentOf(CS))) {
    bool OtherShared = false;
    auto Sh = match(traverse(TK_AsIs, findAll(declRefExpr().bind("r"))), *CS, Ctx);
    for (const auto &M : Sh)
      if (const auto *V = dyn_cast<VarDecl>(M.getNodeAs<DeclRefExpr>("r")->getDecl());
          V && V != T && cuda::isShared(V))
        OtherShared = true;
    I = 0;
    for (const Stmt *St : CS->body()) {
      if (I == LastRead + 1 && isBarrierStmt(St) && !OtherShared)
        B.removeStatement(St);
      ++I;
    }
  }
  commit(B, S);
}

} // namespace

Status checkTilesStagedOnce(const PreconditionQuery &Q, PreconditionResult &R) {
  const TiledLoop &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (!P.StagedWhy.empty()) {
    R.Reason = P.StagedWhy;
    R.Evidence.push_back(evidenceAt(Ctx, P.StagedAt->getBeginLoc(), "staging", "not a tile's staging"));
    return Status::Fails;
  }
  std::vector<std::string> Parts;
  for (const Tile &T : P.Tiles)
    Parts.push_back("'" + T.Array->getName().str() + "' stages " +
                    (T.Loaded.empty() ? nodeText(Ctx, T.Source, "?") : T.Loaded) +
                    (T.Cond ? " when " + nodeText(Ctx, T.Cond, "?") : std::string()));
  R.Reason = join(Parts, "; ");
  return Status::Holds;
}

Status checkReadsBetweenBarriers(const PreconditionQuery &Q, PreconditionResult &R) {
  const TiledLoop &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (!P.BetweenWhy.empty()) {
    R.Reason = P.BetweenWhy;
    R.Evidence.push_back(evidenceAt(Ctx, P.BetweenAt->getBeginLoc(), "read", "outside the tile's step"));
    return Status::Fails;
  }
  if (!P.ComputeBegin) {
    R.Reason = "no barrier follows the stores (tiles-staged-once)";
    return Status::Unknown;
  }
  size_t N = 0;
  for (const Tile &T : P.Tiles)
    N += T.Reads.size();
  R.Reason = std::to_string(N) + (N == 1 ? " read lies" : " reads lie") +
             (P.Loop ? " between the barrier after the stores and the end of the step"
                     : " after the barrier that follows the stores, in their block");
  return Status::Holds;
}

Status checkStagedIndexStable(const PreconditionQuery &Q, PreconditionResult &R) {
  const TiledLoop &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (!P.StagedWhy.empty()) {
    R.Reason = "no tile to read through (tiles-staged-once)";
    return Status::Unknown;
  }
  if (!P.StableWhy.empty()) {
    R.Reason = P.StableWhy;
    R.Evidence.push_back(evidenceAt(Ctx, P.StableAt->getBeginLoc(), "value", "differs at the read"));
    return Status::Fails;
  }
  R.Reason = "each read recomputes its element from values that hold at the read";
  return Status::Holds;
}

Status checkReverseSourceNotWritten(const PreconditionQuery &Q, PreconditionResult &R) {
  const TiledLoop &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  bool Halo = !P.Loop; // a halo tile: between its staging and its last read
  if (P.WriteAt) {
    R.Reason = describe(Ctx, P.WriteAt) + " writes memory (or calls code that may) " +
               (Halo ? "between the staging and the last read" : "inside the loop") +
               ": a global read at the tile's read could see it where the staged copy did not";
    R.Evidence.push_back(evidenceAt(Ctx, P.WriteAt->getBeginLoc(), "write", Halo ? "before a read" : "inside the loop"));
    return Status::Fails;
  }
  R.Reason = Halo ? "nothing between the staging and the last read writes memory" : "the loop writes no memory but the tiles";
  return Status::Holds;
}

void findReverseSites(const RewritePair &Pair, AnalysisContext &AC, const FunctionDecl *FD) {
  std::vector<const CompoundStmt *> Claimed;
  auto Loops = match(traverse(TK_AsIs, findAll(stmt(anyOf(forStmt(), whileStmt(), doStmt())).bind("loop"))),
                     *FD->getBody(), AC.ast());
  for (const auto &L : Loops) {
    const Stmt *Loop = L.getNodeAs<Stmt>("loop");
    const Stmt *Body = nullptr;
    if (const auto *F = dyn_cast<ForStmt>(Loop))
      Body = F->getBody();
    else if (const auto *W = dyn_cast<WhileStmt>(Loop))
      Body = W->getBody();
    else if (const auto *D = dyn_cast<DoStmt>(Loop))
      Body = D->getBody();
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
      if (reverseAt(Pair, AC, FD, Loop, CS))
        Claimed.push_back(CS);
  }
  // Shared arrays staged once before their reads, outside a loop site.
  auto Shared = match(traverse(TK_AsIs, findAll(declStmt(has(varDecl().bind("v"))))), *FD->getBody(), AC.ast());
  for (const auto &M : Shared)
    if (const auto *V = M.getNodeAs<VarDecl>("v"); V && cuda::isShared(V) && V->getType()->isConstantArrayType())
      haloReverseAt(Pair, AC, FD, V, Claimed);
}

} // namespace smem_tile
} // namespace klineage
