//===- SoftwarePipeline.cpp - Double-buffer a tiled loop's shared stage ---===//
//
// Part of KLineage. Forward: a loop whose body stages global elements in
// __shared__ tiles, waits, computes from the tiles and waits again
//
//     for (k0 = 0; k0 < K; k0 += 16) {
//       As[ty][tx] = A[row * K + k0 + tx];   // staging
//       __syncthreads();
//       ... As[ty][k] ...                     // compute
//       __syncthreads();
//     }
//
// gets two shared stages filled through registers: a prologue stages the
// first step into stage 0; each step loads the next step's elements into
// registers (`As_next = A[row * K + k0 + 16 + tx]`) before computing from
// the current stage, so the loads' latency hides behind the compute, then
// stores them into the other stage and waits once. The staging code is
// copied as written (its conditions, local declarations and counted copy
// loops), with the counter at the next step; one register (or a register
// array, under copy loops) per staging store. One barrier per step instead
// of two: the stage a step writes was last read a step earlier, before that
// step's barrier. Reverse (Reverse.cpp): two stages -> one.
//
// Docs: docs/rewrites/software-pipeline.md.
//
//===----------------------------------------------------------------------===//
#include "SoftwarePipeline.h"
#include "RewriteRegistry.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/LinearForm.h"
#include "klineage/Analysis/LoopInfo.h"
#include "klineage/Analysis/PointerProvenance.h"
#include "klineage/Analysis/SharedMemory.h"
#include "klineage/Analysis/ThreadAxes.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Cuda/MemorySpace.h"
#include "klineage/Edit/EditBuilder.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Rewrite/LaunchShape.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/TargetInfo.h"
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
namespace software_pipeline {

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

std::string describe(const ASTContext &Ctx, const Stmt *S) {
  if (!S)
    return "a statement";
  std::string Text = nodeText(Ctx, S, "the statement");
  if (size_t NL = Text.find('\n'); NL != std::string::npos)
    Text = StringRef(Text).take_front(NL).rtrim().str() + " ...";
  return "line " + std::to_string(expansionLine(Ctx, S)) + " ('" + Text + "')";
}

bool writtenWithin(const ASTContext &Ctx, SourceLocation L, const Stmt *S) {
  const SourceManager &SM = Ctx.getSourceManager();
  L = SM.getExpansionLoc(L);
  return !SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(S->getBeginLoc())) &&
         !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(S->getEndLoc()), L);
}

std::optional<int64_t> intValue(const ASTContext &Ctx, const Expr *E) {
  Expr::EvalResult R;
  if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

Status verdictOf(const ASTContext &Ctx, PreconditionResult &R, const std::string &Why, const Stmt *At,
                 StringRef Role, std::string HoldsWhy) {
  if (Why.empty()) {
    R.Reason = std::move(HoldsWhy);
    return Status::Holds;
  }
  R.Reason = Why;
  if (At)
    R.Evidence.push_back(evidenceAt(Ctx, At->getBeginLoc(), Role, ""));
  return Status::Fails;
}

/// \p E's text, in parentheses when it binds looser than + and -.
static std::string operandText(const ASTContext &Ctx, const Expr *E) {
  // As written: a macro's whole use stays the macro (`BKK`, not 16).
  std::string Text = writtenText(Ctx, E).value_or(nodeText(Ctx, E, "?"));
  const Expr *I = E->IgnoreImpCasts();
  bool Loose = isa<ConditionalOperator>(I);
  if (const auto *BO = dyn_cast<BinaryOperator>(I))
    Loose = BO->getOpcode() > BO_Sub;
  return Loose ? "(" + Text + ")" : Text;
}

std::optional<Counter> loopCounter(ASTContext &Ctx, const ForStmt *Loop, std::string &Why) {
  Counter C;
  const Expr *Inc = Loop->getInc() ? Loop->getInc()->IgnoreParenImpCasts() : nullptr;
  if (!Inc || !Loop->getCond()) {
    Why = "the loop has no condition or no step";
    return std::nullopt;
  }
  auto VarOf = [](const Expr *E) { return analysis::refVar(E); };
  if (const auto *U = dyn_cast<UnaryOperator>(Inc); U && U->isIncrementOp()) {
    C.Var = VarOf(U->getSubExpr());
    C.StepText = "1";
    C.StepValue = 1;
  } else if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc); CA && CA->getOpcode() == BO_AddAssign) {
    C.Var = VarOf(CA->getLHS());
    C.Step = CA->getRHS();
  } else if (const auto *A = dyn_cast<BinaryOperator>(Inc); A && A->getOpcode() == BO_Assign) {
    C.Var = VarOf(A->getLHS());
    const auto *Sum = dyn_cast<BinaryOperator>(A->getRHS()->IgnoreParenImpCasts());
    if (C.Var && Sum && Sum->getOpcode() == BO_Add) {
      if (VarOf(Sum->getLHS()) == C.Var)
        C.Step = Sum->getRHS();
      else if (VarOf(Sum->getRHS()) == C.Var)
        C.Step = Sum->getLHS();
    }
    if (!C.Step)
      C.Var = nullptr;
  }
  if (!C.Var || !C.Var->getType()->isIntegerType()) {
    Why = "the loop's step '" + nodeText(Ctx, Inc, "?") + "' does not add to an integer counter (++i, i += S, "
          "i = i + S)";
    return std::nullopt;
  }
  if (C.Step) {
    C.StepText = operandText(Ctx, C.Step);
    C.StepValue = intValue(Ctx, C.Step);
    if (C.Step->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false)) {
      Why = "the loop's step has side effects";
      return std::nullopt;
    }
  }
  if (C.StepValue && *C.StepValue <= 0) {
    Why = "the loop's counter '" + C.Var->getName().str() + "' does not count up";
    return std::nullopt;
  }
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Loop->getInit())) {
    if (DS->isSingleDecl() && DS->getSingleDecl() == C.Var)
      C.Start = C.Var->getInit();
  } else if (const auto *A = dyn_cast_or_null<BinaryOperator>(Loop->getInit());
             A && A->getOpcode() == BO_Assign && VarOf(A->getLHS()) == C.Var) {
    C.Start = A->getRHS();
  } else if (!Loop->getInit()) {
    C.Start = analysis::declaredStartBefore(Ctx, Loop, C.Var, nullptr);
  }
  if (!C.Start) {
    Why = "the loop does not set its counter '" + C.Var->getName().str() + "' to a start value";
    return std::nullopt;
  }
  if (Loop->getCond()->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false)) {
    Why = "the loop's condition has side effects";
    return std::nullopt;
  }
  return C;
}

std::string counterValueAt(const analysis::FunctionFacts &F, const Expr *Ref, StringRef Value, bool Atomic) {
  if (Atomic)
    return Value.str();
  const Stmt *Child = Ref;
  const Stmt *P = F.parentOf(Ref);
  while (P && isa<ImplicitCastExpr>(P)) {
    Child = P;
    P = F.parentOf(P);
  }
  // A sum as the left operand of + or - keeps its value and stays a
  // subtree (`k0 + 16 + tx` is `(k0 + 16) + tx`), so the reverse finds it;
  // as the right operand it is parenthesised (`row * K + (k0 + 16)`).
  bool Bare = false;
  if (!P)
    Bare = false;
  else if (isa<ParenExpr>(P) || isa<DeclStmt>(P) || isa<CallExpr>(P))
    Bare = true;
  else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(P))
    Bare = AS->getIdx() == Child;
  else if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
    BinaryOperatorKind Op = BO->getOpcode();
    Bare = ((Op == BO_Add || Op == BO_Sub) && BO->getLHS() == Child) || BO->isComparisonOp() ||
           (BO->isAssignmentOp() && BO->getRHS() == Child);
  }
  return Bare ? Value.str() : "(" + Value.str() + ")";
}

std::optional<std::pair<const Expr *, const Expr *>> assignmentParts(const Expr *E) {
  E = E->IgnoreImplicit()->IgnoreParens();
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->getOpcode() == BO_Assign)
    return std::pair(BO->getLHS(), BO->getRHS());
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E); OC && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2)
    return std::pair(OC->getArg(0), OC->getArg(1));
  return std::nullopt;
}

bool isAtomicText(const Expr *E) {
  E = E->IgnoreImpCasts();
  return isa<IntegerLiteral>(E) || isa<DeclRefExpr>(E) || isa<ParenExpr>(E);
}

namespace {

//===----------------------------------------------------------------------===//
// The plan of a loop
//===----------------------------------------------------------------------===//

/// One store of the staging code into a tile: `T[a][b] = V;`.
struct StagingStore {
  const Expr *Store = nullptr;             ///< the assignment (built-in or a class's operator=)
  const Expr *LHS = nullptr, *RHS = nullptr;
  const VarDecl *Tile = nullptr;
  std::vector<const Expr *> Subs;          ///< outermost dimension first
  std::vector<const ForStmt *> CopyLoops;  ///< staging loops around it, outermost first
  uint64_t Count = 1;                      ///< registers elements it needs
  std::string IndexText;                   ///< its element of the buffer ("" for a scalar)
  std::string Buffer;                      ///< the register buffer's name
  /// cp.async: how the store copies. Copy: `T[s] = G[i]`; Select:
  /// `T[s] = c ? G[i] : z`; Value: no memory read (`T[s] = 0.0f`).
  enum CopyKind { NotCopy, Copy, Select, Value } Kind = NotCopy;
  const Expr *Source = nullptr;            ///< G[i]
  const Expr *Cond = nullptr, *Zero = nullptr;
  uint64_t Bytes = 0;                      ///< the element's size
};

struct TileInfo {
  const VarDecl *Var = nullptr;
  analysis::SharedDecl Decl;
  std::string ElemType;
  std::vector<const DeclRefExpr *> ComputeRefs;
};

struct LoopPlan : SiteSubject {
  /// The options: shared stages, and cp.async instead of registers.
  unsigned Stages = 2;
  bool CpAsync = false;
  std::string Arch; ///< the architecture the file is parsed for ("sm_90")
  /// The block's extents when launches or assumptions fix them: a staging
  /// loop strided by the block (`k = threadIdx.x; k < 32; k += 16`) has a
  /// count only they settle.
  std::optional<std::array<uint64_t, 3>> Block;
  std::string CopiesWhy;
  const Stmt *CopiesAt = nullptr;
  const ForStmt *Loop = nullptr;
  const CompoundStmt *Body = nullptr;
  std::optional<Counter> C;
  std::vector<const Stmt *> Staging, Compute;
  const Stmt *B1 = nullptr, *B2 = nullptr;
  std::vector<StagingStore> Stores;
  /// Registers the staging itself loads (`aStage[i] = A[...]`) before the
  /// stores read them: the staging's first statements load, the rest
  /// store; the loads run ahead, the stores stay after the compute.
  std::vector<const Expr *> RegisterLoads;
  std::set<const VarDecl *> Registers;
  size_t FirstStore = 0; ///< the staging statement the stores start at
  std::vector<TileInfo> Tiles;
  std::string ShapeWhy, TilesWhy, IndependentWhy, CountedWhy;
  const Stmt *ShapeAt = nullptr, *TilesAt = nullptr, *IndependentAt = nullptr, *CountedAt = nullptr;
  /// Compute writes that may alias a staging read (settled by noalias).
  struct AliasQuestion {
    const Expr *Write = nullptr, *Read = nullptr;
    std::string WriteName, ReadName, Why;
  };
  std::vector<AliasQuestion> MayAlias;
  uint64_t BufferRegisters = 0; ///< 32-bit registers the new buffers take
  uint64_t ExtraShared = 0;
};

const LoopPlan &planOf(const PreconditionQuery &Q) { return *static_cast<const LoopPlan *>(Q.Subject); }

/// The shared array and subscripts (outermost dimension first) of element
/// \p E, or null.
const VarDecl *sharedElement(const Expr *E, std::vector<const Expr *> &Subs, const DeclRefExpr **Base = nullptr) {
  Subs.clear();
  E = E->IgnoreParenImpCasts();
  // A vector store through an element's address:
  // `*reinterpret_cast<float4 *>(&Bs[r][c])`.
  if (const auto *Deref = dyn_cast<UnaryOperator>(E); Deref && Deref->getOpcode() == UO_Deref) {
    const Expr *P = Deref->getSubExpr()->IgnoreParenImpCasts();
    while (const auto *Cast = dyn_cast<ExplicitCastExpr>(P))
      P = Cast->getSubExpr()->IgnoreParenImpCasts();
    const auto *Addr = dyn_cast<UnaryOperator>(P);
    if (!Addr || Addr->getOpcode() != UO_AddrOf)
      return nullptr;
    E = Addr->getSubExpr()->IgnoreParenImpCasts();
  }
  while (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    Subs.insert(Subs.begin(), AS->getIdx());
    E = AS->getBase()->IgnoreParenImpCasts();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !cuda::isShared(V) || Subs.empty())
    return nullptr;
  if (Base)
    *Base = DRE;
  return V;
}

/// A jump out of the compute (break/continue of the tiled loop, return,
/// goto) under \p S.
const Stmt *escapingJump(const Stmt *S) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const Stmt *Found = nullptr;
    unsigned Loops = 0, Switches = 0;
    bool TraverseStmt(Stmt *S) {
      if (!S || Found)
        return true;
      bool Loop = isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S);
      bool Switch = isa<SwitchStmt>(S);
      Loops += Loop;
      Switches += Switch;
      if ((isa<ContinueStmt>(S) && !Loops) || (isa<BreakStmt>(S) && !Loops && !Switches) || isa<ReturnStmt>(S) ||
          isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S))
        Found = S;
      RecursiveASTVisitor::TraverseStmt(S);
      Loops -= Loop;
      Switches -= Switch;
      return true;
    }
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

/// The element type of \p V as written (`float`, `T`, `float4`).
std::string elementTypeText(const ASTContext &Ctx, const VarDecl *V) {
  if (TypeSourceInfo *TSI = V->getTypeSourceInfo()) {
    TypeLoc TL = TSI->getTypeLoc();
    while (auto ATL = TL.getAs<ArrayTypeLoc>())
      TL = ATL.getElementLoc();
    if (auto Text = sourceText(Ctx, TL.getSourceRange()))
      return *Text;
  }
  QualType T = V->getType();
  while (const clang::ArrayType *AT = Ctx.getAsArrayType(T))
    T = AT->getElementType();
  return T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
}

class Planner {
public:
  Planner(ASTContext &Ctx, const FunctionDecl *FD, const analysis::FunctionFacts &F, LoopPlan &P)
      : Ctx(Ctx), FD(FD), F(F), P(P) {}

  void plan() {
    std::string Why;
    P.C = loopCounter(Ctx, P.Loop, Why);
    if (!P.C)
      return shape(Why, P.Loop);
    if (const analysis::VarMod *M = F.modifiedWithin(P.C->Var, P.Body))
      return shape("the body changes the counter '" + P.C->Var->getName().str() + "' at " + describe(Ctx, M->At),
                   M->At);
    splitBody();
    if (!P.ShapeWhy.empty())
      return;
    for (const Stmt *S : P.Staging) {
      std::vector<const ForStmt *> Loops;
      stagingStmt(S, Loops);
      if (!P.ShapeWhy.empty())
        return;
    }
    if (P.Stores.empty())
      return shape("the statements before the first barrier store into no __shared__ array", P.B1);
    // The staging writes only the tiles' elements, its registers and its
    // own locals.
    std::vector<const Expr *> Allowed;
    for (const StagingStore &St : P.Stores) {
      Allowed.push_back(St.LHS);
      // A struct's defaulted operator= is the store itself, no other write
      // (its value is checked on its own).
      const auto *OC = dyn_cast<CXXOperatorCallExpr>(St.Store->IgnoreImplicit()->IgnoreParens());
      const auto *MD = OC ? dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee()) : nullptr;
      if (MD && (MD->isTrivial() || MD->isDefaulted())) {
        Allowed.push_back(OC);
        if (const Expr *W = analysis::firstMemoryAccess(St.RHS, {}, /*Writes=*/true))
          return shape(describe(Ctx, W) + " writes memory (or calls code that may) in the staging: only stores "
                       "into the tiles move to the other stage",
                       W);
      }
    }
    for (const Expr *L : P.RegisterLoads)
      Allowed.push_back(assignmentParts(L)->first);
    if (!P.RegisterLoads.empty())
      splitStaging();
    for (const Stmt *S : P.Staging)
      if (const Expr *W = analysis::firstMemoryAccess(S, Allowed, /*Writes=*/true))
        return shape(describe(Ctx, W) + " writes memory (or calls code that may) in the staging: only stores "
                     "into the tiles move to the other stage",
                     W);
    for (const Stmt *S : P.Compute) {
      if (const CallExpr *B = analysis::firstBarrier(S))
        return shape("the compute has another barrier at " + describe(Ctx, B), B);
      if (const Stmt *J = escapingJump(S))
        return shape(describe(Ctx, J) + " leaves the step before its last barrier", J);
    }
    planTiles();
    planIndependence();
    planBuffers();
    if (P.CpAsync)
      planCopies();
  }

private:
  /// With registers of its own, the staging is loads then stores: each
  /// statement does one or the other, the loads first, and the stores
  /// read no memory (only the registers), so they can wait for the compute.
  void splitStaging() {
    P.FirstStore = P.Staging.size();
    for (size_t I = 0; I < P.Staging.size(); ++I) {
      const Stmt *S = P.Staging[I];
      bool Loads = llvm::any_of(P.RegisterLoads, [&](const Expr *L) { return analysis::containsStmt(S, L); });
      bool Stores = llvm::any_of(P.Stores, [&](const StagingStore &St) { return analysis::containsStmt(S, St.Store); });
      if (Loads && Stores)
        return shape(describe(Ctx, S) + " both loads the staging's registers and stores a tile", S);
      if (Stores && P.FirstStore == P.Staging.size())
        P.FirstStore = I;
      if (Loads && P.FirstStore < I)
        return shape(describe(Ctx, S) + " loads the staging's registers after a store into a tile", S);
    }
    for (const StagingStore &St : P.Stores)
      if (const Expr *R = analysis::firstMemoryAccess(St.RHS, {}, /*Writes=*/false))
        return shape(describe(Ctx, R) + " reads memory in a store whose staging loads registers first: only "
                     "the registers may feed the tiles",
                     R);
  }

  void shape(std::string Why, const Stmt *At) {
    if (P.ShapeWhy.empty()) {
      P.ShapeWhy = std::move(Why);
      P.ShapeAt = At;
    }
  }

  void splitBody() {
    std::vector<const Stmt *> Kids(P.Body->body_begin(), P.Body->body_end());
    size_t First = Kids.size();
    for (size_t I = 0; I < Kids.size(); ++I)
      if (analysis::isBarrierStmt(Kids[I])) {
        First = I;
        break;
      }
    if (First == Kids.size())
      return shape("the loop's body has no __syncthreads() of its own", P.Loop);
    if (First == 0)
      return shape("the loop's body starts with a barrier: no staging comes before it", Kids[0]);
    if (Kids.size() < First + 2 || !analysis::isBarrierStmt(Kids.back()))
      return shape("the loop's body does not end with a __syncthreads() after the compute", Kids.back());
    P.B1 = Kids[First];
    P.B2 = Kids.back();
    P.Staging.assign(Kids.begin(), Kids.begin() + First);
    P.Compute.assign(Kids.begin() + First + 1, Kids.end() - 1);
    for (const Stmt *S : P.Staging)
      if (const CallExpr *B = analysis::firstBarrier(S))
        return shape("the staging has a barrier at " + describe(Ctx, B), B);
  }

  void stagingStmt(const Stmt *S, std::vector<const ForStmt *> &Loops) {
    if (!P.ShapeWhy.empty() || !S)
      return;
    if (const auto *A = dyn_cast<AttributedStmt>(S))
      return stagingStmt(A->getSubStmt(), Loops);
    if (isa<NullStmt>(S))
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls()) {
        const auto *V = dyn_cast<VarDecl>(D);
        if (!V || !V->isLocalVarDecl() || V->isStaticLocal() || cuda::isShared(V))
          return shape(describe(Ctx, S) + " declares something other than a local variable in the staging", S);
        Declared.insert(V);
      }
      return;
    }
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *K : CS->body())
        stagingStmt(K, Loops);
      return;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (If->getInit() || If->getConditionVariable() || If->isConsteval() || If->getCond()->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
        return shape(describe(Ctx, S) + ": a staging condition with a declaration or side effects", S);
      stagingStmt(If->getThen(), Loops);
      stagingStmt(If->getElse(), Loops);
      return;
    }
    if (const auto *For = dyn_cast<ForStmt>(S)) {
      Loops.push_back(For);
      if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit()))
        for (const Decl *D : DS->decls())
          if (const auto *V = dyn_cast<VarDecl>(D))
            Declared.insert(V);
      stagingStmt(For->getBody(), Loops);
      Loops.pop_back();
      return;
    }
    const auto *E = dyn_cast<Expr>(S);
    auto Parts = E ? assignmentParts(E) : std::nullopt;
    std::vector<const Expr *> Subs;
    const VarDecl *Tile = Parts ? sharedElement(Parts->first, Subs) : nullptr;
    if (!Tile && Parts) {
      // A load into registers the kernel declares for the staging
      // (`aStage[i] = A[...]`, `a = A[...]`).
      const Expr *L = Parts->first->IgnoreParenImpCasts();
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(L))
        L = AS->getBase()->IgnoreParenImpCasts();
      const VarDecl *V = analysis::refVar(L);
      if (V && V->isLocalVarDecl() && !cuda::isShared(V) && !Declared.count(V) && !inLoop(V->getLocation())) {
        P.RegisterLoads.push_back(E);
        P.Registers.insert(V);
        return;
      }
    }
    if (!Tile)
      return shape(describe(Ctx, S) + " is neither a store into a __shared__ tile, a local declaration, nor an "
                   "if or loop around them",
                   S);
    for (const Expr *Sub : Subs)
      if (Sub->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
        return shape(describe(Ctx, Sub) + ": a tile subscript with side effects", Sub);
    StagingStore St;
    St.Store = E;
    St.LHS = Parts->first;
    St.RHS = Parts->second;
    St.Tile = Tile;
    St.Subs = Subs;
    St.CopyLoops = Loops;
    P.Stores.push_back(St);
  }

  bool inLoop(SourceLocation L) const { return writtenWithin(Ctx, L, P.Loop); }

  void tilesWhy(std::string Why, const Stmt *At) {
    if (P.TilesWhy.empty()) {
      P.TilesWhy = std::move(Why);
      P.TilesAt = At;
    }
  }

  void planTiles() {
    for (const StagingStore &St : P.Stores) {
      if (llvm::any_of(P.Tiles, [&](const TileInfo &T) { return T.Var == St.Tile; }))
        continue;
      TileInfo T;
      T.Var = St.Tile;
      T.Decl = analysis::sharedDecl(Ctx, St.Tile, FD);
      T.ElemType = elementTypeText(Ctx, St.Tile);
      P.Tiles.push_back(T);
      const std::string N = "'" + St.Tile->getName().str() + "'";
      if (T.Decl.Dynamic || !T.Decl.Bytes || analysis::declaringFunction(St.Tile) != FD)
        tilesWhy(N + " is not a static __shared__ array declared in '" + FD->getNameAsString() +
                     "' (a second stage needs a leading extent in its declaration)",
                 St.Store);
      else if (St.Subs.size() != T.Decl.Dims.size())
        tilesWhy(describe(Ctx, St.LHS) + " does not subscript every dimension of " + N, St.Store);
      else if (inLoop(St.Tile->getLocation()))
        tilesWhy(N + " is declared inside the loop", St.Store);
    }
    // Every use of a tile: the staging's stores, or full-subscript reads in
    // the compute.
    std::set<const Expr *> StoreBases;
    for (const StagingStore &St : P.Stores) {
      const DeclRefExpr *Base = nullptr;
      std::vector<const Expr *> Subs;
      sharedElement(St.LHS, Subs, &Base);
      StoreBases.insert(Base);
    }
    auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr().bind("r"))), *FD->getBody(), Ctx);
    for (const auto &Bn : Refs) {
      const auto *R = Bn.getNodeAs<DeclRefExpr>("r");
      auto It = llvm::find_if(P.Tiles, [&](const TileInfo &T) { return T.Var == R->getDecl(); });
      if (It == P.Tiles.end() || StoreBases.count(R))
        continue;
      bool InCompute = llvm::any_of(P.Compute, [&](const Stmt *S) { return analysis::containsStmt(S, R); });
      if (!InCompute) {
        tilesWhy(describe(Ctx, R) + " uses '" + It->Var->getName().str() +
                     "' outside the loop's compute (a second stage changes what it holds)",
                 R);
        continue;
      }
      // A read subscripts every dimension.
      const Stmt *Top = R;
      size_t Depth = 0;
      for (const Stmt *Par = F.parentOf(R); Par; Par = F.parentOf(Par)) {
        if (isa<ImplicitCastExpr>(Par) || isa<ParenExpr>(Par)) {
          Top = Par;
          continue;
        }
        const auto *AS = dyn_cast<ArraySubscriptExpr>(Par);
        if (!AS || AS->getBase()->IgnoreParenImpCasts() != cast<Expr>(Top)->IgnoreParenImpCasts() ||
            Depth == It->Decl.Dims.size())
          break;
        ++Depth;
        Top = Par;
      }
      if (Depth != It->Decl.Dims.size()) {
        tilesWhy(describe(Ctx, R) + " uses '" + It->Var->getName().str() +
                     "' without subscripting every dimension (a pointer to it, a row): a stage's layout "
                     "would leak",
                 R);
        continue;
      }
      It->ComputeRefs.push_back(R);
    }
  }

  void independentWhy(std::string Why, const Stmt *At) {
    if (P.IndependentWhy.empty()) {
      P.IndependentWhy = std::move(Why);
      P.IndependentAt = At;
    }
  }

  void planIndependence() {
    // Variables the staging reads that the loop changes (other than the
    // counter and the staging's own locals).
    for (const Stmt *S : P.Staging) {
      auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr(to(varDecl().bind("v"))).bind("r"))), *S, Ctx);
      for (const auto &Bn : Refs) {
        const auto *V = Bn.getNodeAs<VarDecl>("v");
        if (V == P.C->Var || Declared.count(V) || P.Registers.count(V) || cuda::isShared(V) ||
            !V->hasLocalStorage())
          continue;
        if (const analysis::VarMod *M = F.modifiedWithin(V, P.Loop->getBody()))
          independentWhy("the staging reads '" + V->getName().str() + "', which the step changes at " +
                             describe(Ctx, M->At) + ": the next step's load would need its next value",
                         Bn.getNodeAs<DeclRefExpr>("r"));
        else if (const analysis::VarMod *M2 = F.modifiedWithin(V, P.Loop->getInc()))
          independentWhy("the staging reads '" + V->getName().str() + "', which the loop's step changes",
                         M2->At);
      }
    }
    // The staging's registers hold the next step's elements during the
    // compute: it must not read them.
    for (const Stmt *S : P.Compute) {
      auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr(to(varDecl().bind("v"))).bind("r"))), *S, Ctx);
      for (const auto &Bn : Refs)
        if (P.Registers.count(Bn.getNodeAs<VarDecl>("v")))
          independentWhy("the compute reads the staging's register '" + Bn.getNodeAs<VarDecl>("v")->getName().str() +
                             "', which would hold the next step's element",
                         Bn.getNodeAs<DeclRefExpr>("r"));
    }
    // The compute writes no memory the next step's staging could read:
    // each write against each global read of the staging.
    analysis::Linearizer Lin(Ctx);
    analysis::PointerProvenance PP(Ctx, F, Lin);
    std::vector<std::pair<analysis::Root, const Expr *>> Reads;
    for (const Stmt *S : P.Staging) {
      std::vector<const Expr *> Seen;
      while (const Expr *R = analysis::firstMemoryAccess(S, Seen, /*Writes=*/false)) {
        Seen.push_back(R);
        if (const Expr *Base = analysis::accessBasePointer(R); Base && !isa<CallExpr>(R)) {
          analysis::Root Root = PP.rootOf(Base);
          if (Root.K != analysis::Root::Shared)
            Reads.push_back({Root, R});
        }
      }
    }
    for (const Stmt *S : P.Compute) {
      std::vector<const Expr *> Seen;
      while (const Expr *W = analysis::firstMemoryAccess(S, Seen, /*Writes=*/true)) {
        Seen.push_back(W);
        const Expr *Base = isa<CallExpr>(W) ? nullptr : analysis::accessBasePointer(W);
        if (!Base)
          return independentWhy(describe(Ctx, W) + " calls code that may write memory in the compute: the next "
                                "step's load, now issued before it, could read what it writes",
                                W);
        analysis::Root RW = PP.rootOf(Base);
        if (RW.K == analysis::Root::Shared)
          continue; // shared scratch of the compute; the tiles are tiles-private-to-loop's
        for (const auto &[RR, R] : Reads) {
          std::string Why;
          analysis::Alias A = analysis::mayAlias(RW, RR, Why);
          if (A == analysis::Alias::No)
            continue;
          if (A == analysis::Alias::Same)
            return independentWhy(describe(Ctx, W) + " writes memory in the compute that the staging reads at " +
                                      describe(Ctx, R) + ": the next step's load, now issued before it, would "
                                      "read it too early",
                                  W);
          P.MayAlias.push_back({W, R, RW.Name, RR.Name, Why});
        }
      }
    }
  }

  void countedWhy(std::string Why, const Stmt *At) {
    if (P.CountedWhy.empty()) {
      P.CountedWhy = std::move(Why);
      P.CountedAt = At;
    }
  }

  void planBuffers() {
    for (const TileInfo &T : P.Tiles)
      P.ExtraShared += (P.Stages - 1) * T.Decl.Bytes.value_or(0);
    if (!P.RegisterLoads.empty() || P.CpAsync)
      return; // the staging's own registers (or cp.async) carry the next step
    for (StagingStore &St : P.Stores) {
      std::vector<std::string> Terms;
      std::vector<uint64_t> Counts;
      for (const ForStmt *L : St.CopyLoops) {
        analysis::TripCount TC = analysis::analyseTripCount(Ctx, *L, FD->getBody());
        if (!TC.counted())
          if (std::optional<analysis::BlockStridedCount> BS =
                  analysis::blockStridedTripCount(Ctx, *L, FD->getBody(), P.Block)) {
            // Each thread's j-th iteration: k = threadIdx.a + c + j * S.
            std::string Term = "(" + BS->Index->getName().str() + " - threadIdx." + std::string(1, "xyz"[BS->Axis]) +
                   (BS->Offset > 0 ? " - " + std::to_string(BS->Offset)
                    : BS->Offset < 0 ? " + " + std::to_string(-BS->Offset) : std::string()) + ")";
            if (BS->Step != 1)
              Term += " / " + std::to_string(BS->Step);
            Terms.push_back(Term);
            Counts.push_back(BS->Count);
            continue;
          }
        if (!TC.counted() || !TC.Count || !TC.StartValue || !TC.StepValue || TC.StepValue->isNegative() ||
            !TC.Index || TC.Step == nullptr) {
          countedWhy("the staging loop at " + describe(Ctx, L) +
                         " has no trip count known here: each thread's registers for a step need a fixed count" +
                         (P.Block ? std::string()
                                  : std::string(" (a loop strided by the block has one when the launches fix the block "
                                                "shape, or --assume=block:X[,Y,Z])")),
                     L);
          return;
        }
        const auto *DS = dyn_cast_or_null<DeclStmt>(L->getInit());
        if (!DS || !DS->isSingleDecl() || DS->getSingleDecl() != TC.Index ||
            analysis::findModification(Ctx, L->getBody(), TC.Index)) {
          countedWhy("the staging loop at " + describe(Ctx, L) + " does not declare its own counter", L);
          return;
        }
        int64_t Start = TC.StartValue->getExtValue(), Step = TC.StepValue->getExtValue();
        std::string Name = TC.Index->getName().str();
        std::string Term = Start == 0 ? Name : "(" + Name + " - " + std::to_string(Start) + ")";
        if (Step != 1)
          Term += " / " + std::to_string(Step);
        Terms.push_back(Term);
        Counts.push_back(*TC.Count);
      }
      St.Count = 1;
      for (uint64_t N : Counts)
        St.Count *= N;
      if (St.Count == 0) {
        countedWhy("the staging loop around " + describe(Ctx, St.Store) + " never runs", St.Store);
        return;
      }
      std::string Index;
      for (size_t I = 0; I < Terms.size(); ++I) {
        uint64_t Below = 1;
        for (size_t J = I + 1; J < Counts.size(); ++J)
          Below *= Counts[J];
        std::string T = Terms[I] + (Below > 1 ? " * " + std::to_string(Below) : "");
        Index = Index.empty() ? T : Index + " + " + T;
      }
      St.IndexText = St.Count > 1 ? Index : "";
      QualType Stored = St.LHS->getType();
      uint64_t Bytes = Stored->isDependentType() || Stored->isIncompleteType()
                           ? 4
                           : Ctx.getTypeSizeInChars(Stored).getQuantity();
      P.BufferRegisters += St.Count * ((Bytes + 3) / 4);
    }
  }

  /// A global element `G[i]` of the tile's element type, read as is.
  const ArraySubscriptExpr *globalElement(const Expr *E, QualType Elem) const {
    const Expr *X = E;
    while (true) {
      X = X->IgnoreParens();
      const auto *IC = dyn_cast<ImplicitCastExpr>(X);
      if (!IC || (IC->getCastKind() != CK_LValueToRValue && IC->getCastKind() != CK_NoOp))
        break;
      X = IC->getSubExpr();
    }
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(X))
      X = MT->getSubExpr()->IgnoreImplicit();
    const auto *AS = dyn_cast<ArraySubscriptExpr>(X);
    if (!AS || !AS->getBase()->getType()->isPointerType())
      return nullptr;
    if (const VarDecl *V = analysis::refVar(AS->getBase()->IgnoreParenImpCasts()); V && cuda::isShared(V))
      return nullptr;
    if (!Ctx.hasSameUnqualifiedType(AS->getType(), Elem))
      return nullptr;
    return AS;
  }

  void copiesWhy(std::string Why, const Stmt *At) {
    if (P.CopiesWhy.empty()) {
      P.CopiesWhy = std::move(Why);
      P.CopiesAt = At;
    }
  }

  /// cp.async copies elements unchanged: each staging store is a plain
  /// copy of a global element, a selection between one and a value that
  /// reads no memory, or such a value.
  void planCopies() {
    if (!P.RegisterLoads.empty())
      return copiesWhy("the staging loads registers of its own and stores them into the tiles: cp.async copies "
                       "global memory into a tile directly",
                       P.RegisterLoads.front());
    for (StagingStore &St : P.Stores) {
      QualType Elem = St.LHS->getType();
      St.Bytes = Elem->isDependentType() || Elem->isIncompleteType() ? 0 : Ctx.getTypeSizeInChars(Elem).getQuantity();
      const Expr *R = St.RHS->IgnoreParens();
      if ((St.Source = globalElement(R, Elem))) {
        St.Kind = StagingStore::Copy;
      } else if (const auto *CO = dyn_cast<ConditionalOperator>(R->IgnoreImpCasts());
                 CO && (St.Source = globalElement(CO->getTrueExpr(), Elem)) &&
                 !analysis::firstMemoryAccess(CO->getFalseExpr(), {}, /*Writes=*/false) &&
                 !analysis::firstMemoryAccess(CO->getCond(), {}, /*Writes=*/false)) {
        St.Kind = StagingStore::Select;
        St.Cond = CO->getCond();
        St.Zero = CO->getFalseExpr();
      } else if (!analysis::firstMemoryAccess(St.RHS, {}, /*Writes=*/false)) {
        St.Kind = StagingStore::Value;
      } else {
        return copiesWhy(describe(Ctx, St.Store) + " stores a computed or converted value: cp.async copies a "
                         "global element of the tile's type unchanged (`T[s] = G[i]`, `T[s] = c ? G[i] : 0`)",
                         St.Store);
      }
    }
  }

  ASTContext &Ctx;
  const FunctionDecl *FD;
  const analysis::FunctionFacts &F;
  LoopPlan &P;
  std::set<const VarDecl *> Declared;
};

//===----------------------------------------------------------------------===//
// Preconditions
//===----------------------------------------------------------------------===//

Status checkSingleStageLoop(const PreconditionQuery &Q, PreconditionResult &R) {
  const LoopPlan &P = planOf(Q);
  if (!P.ShapeWhy.empty())
    return verdictOf(Q.AC.ast(), R, P.ShapeWhy, P.ShapeAt, "shape", "");
  return verdictOf(Q.AC.ast(), R, P.ShapeWhy, P.ShapeAt, "shape",
                   "the body stages " + std::to_string(P.Stores.size()) +
                       " store(s) into shared tiles, waits, computes and waits; the counter '" +
                       P.C->Var->getName().str() + "' steps by " + P.C->StepText);
}

Status checkTilesPrivateToLoop(const PreconditionQuery &Q, PreconditionResult &R) {
  const LoopPlan &P = planOf(Q);
  if (!P.ShapeWhy.empty()) {
    R.Reason = "no staging to read (single-stage-loop)";
    return Status::Unknown;
  }
  std::vector<std::string> Names;
  for (const TileInfo &T : P.Tiles)
    Names.push_back("'" + T.Var->getName().str() + "'");
  return verdictOf(Q.AC.ast(), R, P.TilesWhy, P.TilesAt, "use",
                   join(Names, ", ") + ": static __shared__ arrays of the kernel, stored only by the staging and "
                                       "read element by element only by the compute");
}

Status checkPrefetchIndependent(const PreconditionQuery &Q, PreconditionResult &R) {
  const LoopPlan &P = planOf(Q);
  if (!P.ShapeWhy.empty()) {
    R.Reason = "no staging to read (single-stage-loop)";
    return Status::Unknown;
  }
  if (!P.IndependentWhy.empty())
    return verdictOf(Q.AC.ast(), R, P.IndependentWhy, P.IndependentAt, "dependence", "");
  const Assumptions &A = Q.AC.assumptions();
  std::string Fn = Q.Function->getNameAsString(), QFn = Q.Function->getQualifiedNameAsString();
  auto NoAlias = [&](const std::string &N) { return A.noAlias(Fn, N) || A.noAlias(QFn, N); };
  for (const auto &X : P.MayAlias)
    if (!NoAlias(X.WriteName) && !NoAlias(X.ReadName)) {
      R.Reason = describe(Q.AC.ast(), X.Write) + " writes memory in the compute that may alias the staging's read " +
                 describe(Q.AC.ast(), X.Read) + " (" + X.Why + "): the next step's load, now issued before it, "
                 "could read it too early";
      R.Assumable = "noalias:" + X.WriteName;
      R.Evidence.push_back(evidenceAt(Q.AC.ast(), X.Write->getBeginLoc(), "write", ""));
      return Status::Unknown;
    }
  R.Reason = P.MayAlias.empty() ? "the staging reads nothing the step changes but the counter, and the compute "
                                  "writes no memory it reads: the next step's loads can be issued before the compute"
                                : "the staging reads nothing the step changes but the counter; the compute's "
                                  "writes alias none of its reads (--assume=noalias)";
  return Status::Holds;
}

Status checkStagingCounted(const PreconditionQuery &Q, PreconditionResult &R) {
  const LoopPlan &P = planOf(Q);
  if (!P.ShapeWhy.empty()) {
    R.Reason = "no staging to read (single-stage-loop)";
    return Status::Unknown;
  }
  return verdictOf(Q.AC.ast(), R, P.CountedWhy, P.CountedAt, "loop",
                   P.RegisterLoads.empty()
                       ? "each thread stages a fixed number of elements per step (" +
                             std::to_string(P.BufferRegisters) + " registers)"
                       : std::string("the staging's own registers carry the next step: no new buffer"));
}

Status checkStagingRegistersFit(const PreconditionQuery &Q, PreconditionResult &R) {
  const LoopPlan &P = planOf(Q);
  if (!P.ShapeWhy.empty() || !P.CountedWhy.empty()) {
    R.Reason = "no register count (single-stage-loop, staging-counted)";
    return Status::Unknown;
  }
  if (!P.RegisterLoads.empty() || P.CpAsync) {
    R.Reason = P.CpAsync ? "cp.async copies into the stage: no register is added"
                         : "the staging's own registers carry the next step: no register is added";
    return Status::Holds;
  }
  if (P.BufferRegisters > MaxStagingRegisters) {
    R.Reason = "the next step's elements take " + std::to_string(P.BufferRegisters) + " registers per thread, more than " +
               std::to_string(MaxStagingRegisters) + ": the kernel would spill or lose occupancy";
    return Status::Fails;
  }
  R.Reason = "the next step's elements take " + std::to_string(P.BufferRegisters) + " registers per thread (at most " +
             std::to_string(MaxStagingRegisters) + ")";
  return Status::Holds;
}

Status checkStagesSupported(const PreconditionQuery &Q, PreconditionResult &R) {
  const LoopPlan &P = planOf(Q);
  if (!P.CpAsync && P.Stages != 2) {
    R.Reason = "the registers mechanism keeps two stages (its registers hold one step ahead), not " +
               std::to_string(P.Stages) + ": --option=mechanism=cp-async for more";
    return Status::Fails;
  }
  R.Reason = std::to_string(P.Stages) + " stages through " + (P.CpAsync ? "cp.async" : "registers");
  return Status::Holds;
}

Status checkArchitectureHasCpAsync(const PreconditionQuery &Q, PreconditionResult &R) {
  const LoopPlan &P = planOf(Q);
  if (!P.CpAsync) {
    R.Reason = "the registers mechanism runs on any architecture";
    return Status::Holds;
  }
  StringRef Arch = P.Arch;
  unsigned SM = 0;
  if (!Arch.consume_front("sm_") || Arch.take_while([](char C) { return isDigit(C); }).getAsInteger(10, SM)) {
    R.Reason = "the file is parsed for '" + P.Arch + "', not an sm_NN architecture";
    return Status::Unknown;
  }
  if (SM < 80) {
    R.Reason = "the file is parsed for " + P.Arch + ", which has no cp.async (sm_80 and later): "
               "--cuda-gpu-arch=sm_80 or later, or --option=mechanism=registers";
    return Status::Fails;
  }
  R.Reason = P.Arch + " has cp.async";
  return Status::Holds;
}

Status checkCopiesPlain(const PreconditionQuery &Q, PreconditionResult &R) {
  const LoopPlan &P = planOf(Q);
  if (!P.CpAsync) {
    R.Reason = "registers carry any staged value";
    return Status::Holds;
  }
  if (!P.ShapeWhy.empty()) {
    R.Reason = "no staging to read (single-stage-loop)";
    return Status::Unknown;
  }
  return verdictOf(Q.AC.ast(), R, P.CopiesWhy, P.CopiesAt, "store",
                   "every staging store copies a global element of the tile's type unchanged (or stores a value "
                   "that reads no memory)");
}

Status checkCpAsyncAligned(const PreconditionQuery &Q, PreconditionResult &R) {
  const LoopPlan &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (!P.CpAsync) {
    R.Reason = "no cp.async";
    return Status::Holds;
  }
  if (!P.ShapeWhy.empty() || !P.CopiesWhy.empty()) {
    R.Reason = "no copy to size (single-stage-loop, copies-plain)";
    return Status::Unknown;
  }
  std::set<uint64_t> Sizes;
  for (const StagingStore &St : P.Stores) {
    if (St.Kind != StagingStore::Copy && St.Kind != StagingStore::Select)
      continue;
    if (St.Bytes != 4 && St.Bytes != 8 && St.Bytes != 16) {
      R.Reason = describe(Ctx, St.Store) + " copies " + std::to_string(St.Bytes) +
                 " bytes: cp.async copies 4, 8 or 16";
      R.Evidence.push_back(evidenceAt(Ctx, St.Store->getBeginLoc(), "copy", ""));
      return Status::Fails;
    }
    // Both addresses must be aligned to the copy's size: elements of a
    // type aligned to its size are (the tile's and the source's).
    uint64_t Align = Ctx.getTypeAlignInChars(St.Source->getType()).getQuantity();
    if (Align < St.Bytes) {
      const VarDecl *Base = analysis::refVar(cast<ArraySubscriptExpr>(St.Source)->getBase()->IgnoreParenImpCasts());
      std::string Name = Base ? Base->getName().str() : "the source";
      const Assumptions &A = Q.AC.assumptions();
      if (Base && (A.alignment(Q.Function->getNameAsString(), Name).value_or(0) >= St.Bytes ||
                   A.alignment(Q.Function->getQualifiedNameAsString(), Name).value_or(0) >= St.Bytes))
        continue;
      R.Reason = describe(Ctx, St.Source) + " is a " + std::to_string(St.Bytes) + "-byte element aligned to " +
                 std::to_string(Align) + " bytes only: a " + std::to_string(St.Bytes) +
                 "-byte cp.async needs both addresses aligned to its size";
      R.Assumable = "aligned:" + Name + ":" + std::to_string(St.Bytes);
      return Status::Unknown;
    }
    Sizes.insert(St.Bytes);
  }
  std::vector<std::string> Text;
  for (uint64_t B : Sizes)
    Text.push_back(std::to_string(B));
  R.Reason = "copies of " + (Text.empty() ? std::string("no") : join(Text, ", ")) +
             " bytes, each element aligned to its size";
  return Status::Holds;
}

Status checkSharedMemoryFits(const PreconditionQuery &Q, PreconditionResult &R) {
  const LoopPlan &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (!P.ShapeWhy.empty() || !P.TilesWhy.empty()) {
    R.Reason = "no tile to size (single-stage-loop, tiles-private-to-loop)";
    return Status::Unknown;
  }
  analysis::SharedUsage U = analysis::sharedUsage(Ctx, Q.Function);
  U.StaticBytes += P.ExtraShared;
  analysis::LimitCheck L = analysis::checkLimits(U);
  if (L.V == analysis::LimitCheck::Exceeds || L.V == analysis::LimitCheck::NeedsOptIn) {
    R.Reason = "with the added stages of every tile (" + std::to_string(P.ExtraShared) + " bytes) '" +
               Q.Function->getNameAsString() + "' " +
               (L.V == analysis::LimitCheck::Exceeds ? "does not fit: " : "needs the opt-in: ") + L.Why;
    return Status::Fails;
  }
  if (L.V == analysis::LimitCheck::Unknown) {
    R.Reason = L.Why;
    return Status::Unknown;
  }
  R.Reason = "the added stages take " + std::to_string(P.ExtraShared) + " bytes; '" +
             Q.Function->getNameAsString() + "' holds " + std::to_string(L.Bytes) + " bytes per block";
  return Status::Holds;
}

} // namespace

// Order matters for the reported blocker: the first that fails, else the
// first unknown.
const PreconditionSpec Specs[] = {
    {SingleStageLoop, Direction::Forward, 2701,
     "the loop counts up by a step (++i, i += S) and its body is the staging (stores into __shared__ tiles, "
     "local declarations, ifs and loops around them), one __syncthreads(), the compute (no other barrier, no "
     "jump out of the step) and a last __syncthreads()",
     &checkSingleStageLoop},
    {TilesPrivateToLoop, Direction::Forward, 2702,
     "every tile is a static __shared__ array of the kernel, declared before the loop, stored only by the "
     "staging and otherwise read only by the compute, every use subscripting every dimension",
     &checkTilesPrivateToLoop},
    {PrefetchIndependent, Direction::Forward, 2703,
     "the load of step k+1 is independent of the compute of step k: the staging reads no variable the step "
     "changes but the counter, and the compute writes no memory (nor calls code that may)",
     &checkPrefetchIndependent},
    {StagingCounted, Direction::Forward, 2704,
     "each loop around a staging store has a trip count known here and its own counter: the next step's "
     "elements fit a fixed register buffer",
     &checkStagingCounted},
    {StagingRegistersFit, Direction::Forward, 2705,
     "the register buffers for the next step's elements take at most 64 32-bit registers per thread",
     &checkStagingRegistersFit},
    {StagesSupported, Direction::Forward, 2709,
     "the mechanism supports the stages asked for: registers keep two (their registers hold one step ahead), "
     "cp.async two to four",
     &checkStagesSupported},
    {CopiesPlain, Direction::Forward, 2706,
     "cp.async only: every staging store copies a global element of the tile's type unchanged (`T[s] = G[i]`, "
     "`T[s] = c ? G[i] : z` with z reading no memory) or stores a value that reads no memory; no registers of "
     "the staging's own",
     &checkCopiesPlain},
    {CpAsyncAligned, Direction::Forward, 2707,
     "cp.async only: every copy is 4, 8 or 16 bytes and both addresses are aligned to its size (elements of a "
     "type aligned to its size, or --assume=aligned:NAME:BYTES)",
     &checkCpAsyncAligned},
    {ArchitectureHasCpAsync, Direction::Forward, 2708,
     "cp.async only: the architecture the file is parsed for (--cuda-gpu-arch) is sm_80 or later",
     &checkArchitectureHasCpAsync},
    {SharedMemoryFits, Direction::Forward, 1507,
     "the kernel's shared memory with the added stages of every tile fits the 48 KiB static limit (with the "
     "dynamic part when every launch states it)",
     &checkSharedMemoryFits},
    {DoubleBufferedLoop, Direction::Reverse, 2711,
     "the loop reads __shared__ tiles of two stages (a leading extent of 2) at one stage index and stores the "
     "other stage under a guard after the compute, from registers loaded under the same guard before it",
     &checkDoubleBufferedLoop},
    {PrefetchGuardsNextStep, Direction::Reverse, 2712,
     "the guard of the prefetch is the loop's condition at the next step (`k0 + 16 < K`, `s + 1 < n`), so "
     "with one stage the current step's staging runs unguarded",
     &checkPrefetchGuardsNextStep},
    {PrefetchAddressedByCounter, Direction::Reverse, 2713,
     "the prefetch reaches the next step through the counter only (no variable of the step that depends on "
     "it), so moving the counter one step back addresses the current step",
     &checkPrefetchAddressedByCounter},
    {PrologueStagesFirstStep, Direction::Reverse, 2714,
     "the statements before the loop that fill stage 0 (and the barrier after them) write only stage 0 of "
     "the tiles and the registers the prefetch fills, so the loop's own staging can replace them",
     &checkPrologueStagesFirstStep},
};

namespace {

//===----------------------------------------------------------------------===//
// The edits
//===----------------------------------------------------------------------===//

/// The text of \p S with the counter at \p Value and each staging store
/// replaced by \p Store's text (given the store and the function turning
/// an expression into its text).
using ExprText = std::function<std::optional<std::string>(const Expr *)>;

std::optional<std::string> stagingText(const ASTContext &Ctx, const analysis::FunctionFacts &F,
                                       const LoopPlan &P, const Stmt *S, StringRef Value, bool Atomic,
                                       const std::function<std::optional<std::string>(const StagingStore &,
                                                                                      const ExprText &)> &Store,
                                       StringRef Lead = "") {
  ExprText Replace = [&](const Expr *E) -> std::optional<std::string> {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E); DRE && DRE->getDecl() == P.C->Var)
      return counterValueAt(F, DRE, Value, Atomic);
    // A tile's name in a store picks the stage written.
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E);
        DRE && !Lead.empty() && llvm::any_of(P.Tiles, [&](const TileInfo &T) { return T.Var == DRE->getDecl(); }))
      return DRE->getDecl()->getName().str() + Lead.str();
    for (const StagingStore &St : P.Stores)
      if (St.Store == E)
        return Store(St, [&](const Expr *X) { return substitutedText(Ctx, X, Replace); });
    return std::nullopt;
  };
  return substitutedStmtText(Ctx, S, Replace);
}

/// Replaces \p Range by \p Text; from the start of its line (with \p Indent
/// before the text) when only blanks precede it there: a `#pragma unroll`
/// in column 0 that starts the range gives way to the body's indentation.
void replaceFromLineStart(EditBuilder &B, const ASTContext &Ctx, CharSourceRange Range, StringRef Indent,
                          StringRef Text) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = SM.getFileLoc(Range.getBegin());
  unsigned Off = SM.getFileOffset(Begin);
  StringRef Buf = SM.getBufferData(SM.getFileID(Begin));
  size_t LS = lineStartOffset(Buf, Off);
  if (Off && Buf.slice(LS, Off).trim().empty())
    B.replaceChars(Begin.getLocWithOffset(-int(Off - LS)), Range.getEnd(), Indent.str() + Text.str());
  else
    B.replaceChars(Begin, Range.getEnd(), Text);
}

void forwardAt(const RewritePair &Pair, AnalysisContext &AC, const FunctionDecl *FD, const ForStmt *Loop) {
  ASTContext &Ctx = AC.ast();
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Loop->getBody());
  if (!Body || !analysis::firstBarrier(Body))
    return; // no barrier: not a tiled loop
  // Only loops that store into a __shared__ array.
  bool StoresShared = false;
  for (const Stmt *K : Body->body()) {
    auto Stores = match(traverse(TK_AsIs, findAll(expr(anyOf(binaryOperator(hasOperatorName("=")),
                                                             cxxOperatorCallExpr(hasOverloadedOperatorName("="))))
                                                      .bind("s"))),
                        *K, Ctx);
    for (const auto &Bn : Stores) {
      std::vector<const Expr *> Subs;
      auto Parts = assignmentParts(Bn.getNodeAs<Expr>("s"));
      if (Parts && sharedElement(Parts->first, Subs))
        StoresShared = true;
    }
  }
  if (!StoresShared)
    return;
  const analysis::FunctionFacts &F = analysis::AnalysisCache::of(Ctx).facts(FD);
  LoopPlan P;
  P.Loop = Loop;
  P.Body = Body;
  P.CpAsync = AC.option("mechanism").value_or("registers") == "cp-async";
  if (auto N = AC.option("stages"))
    P.Stages = unsigned(std::max(2, std::atoi(N->c_str())));
  P.Arch = Ctx.getTargetInfo().getTargetOpts().CPU;
  if (std::optional<analysis::Dim3> B = knownBlockShape(AC, FD))
    P.Block = std::array<uint64_t, 3>{B->X, B->Y, B->Z};
  Planner(Ctx, FD, F, P).plan();
  Site &S = AC.addSite(Name, Direction::Forward, Loop->getBeginLoc(), FD, "tiled-loop");
  std::vector<std::string> Names;
  for (const TileInfo &T : P.Tiles)
    Names.push_back(T.Var->getName().str());
  S.Summary = Names.empty() ? "pipeline the loop's staging"
              : P.CpAsync ? "give the tiles " + join(Names, ", ") + " " + std::to_string(P.Stages) +
                                " stages, filled by cp.async " + std::to_string(P.Stages - 1) + " step(s) ahead"
                          : "give the tiles " + join(Names, ", ") +
                                " a second stage, filled from registers one step ahead";
  S.Facts["tiles"] = join(Names, ", ");
  S.Facts["stages"] = std::to_string(P.Stages);
  S.Facts["mechanism"] = P.CpAsync ? "cp-async" : "registers";
  if (P.ShapeWhy.empty() && P.CountedWhy.empty())
    S.Facts["registers"] = P.RegisterLoads.empty() ? std::to_string(P.BufferRegisters) : "the staging's own";
  PreconditionQuery Q{AC, FD, DynTypedNode::create(*Loop), &P};
  for (const PreconditionSpec &Spec : Pair.preconditions())
    if (Spec.Dir == Direction::Forward)
      S.check(Spec, Q);
  if (S.verdict() == Status::Fails || !P.ShapeWhy.empty() || !P.CountedWhy.empty() || !P.TilesWhy.empty())
    return;

  FreshNames Fresh(Ctx);
  std::string Stage = Fresh.get("stage"), More = Fresh.get("has_next");
  for (StagingStore &St : P.Stores)
    St.Buffer = Fresh.get(St.Tile->getName().str() + "_next");
  const std::string Var = P.C->Var->getName().str();
  std::string Next = Var + " + " + P.C->StepText;
  std::string Start = operandText(Ctx, P.C->Start);
  std::string LI = lineIndent(Ctx, Loop->getBeginLoc());
  std::string BI = lineIndent(Ctx, P.B2->getBeginLoc());
  std::string Unit = indentUnitOf(Ctx, Body);
  EditBuilder B(Ctx);
  auto Need = [&](std::optional<std::string> T, const Stmt *At) {
    if (!T)
      B.failWith("the text of " + describe(Ctx, At) + " is not plain source (a macro's body or argument)",
                 At->getBeginLoc());
    return T.value_or("");
  };
  const bool StartAtomic = isAtomicText(P.C->Start);
  auto CondAt = [&](StringRef Value, bool Atomic) {
    ExprText Replace = [&](const Expr *E) -> std::optional<std::string> {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E); DRE && DRE->getDecl() == P.C->Var)
        return counterValueAt(F, DRE, Value, Atomic);
      return std::nullopt;
    };
    return Need(substitutedText(Ctx, Loop->getCond(), Replace), Loop->getCond());
  };

  if (P.CpAsync) {
    // Each store as a copy into stage Lead: cp.async for a global element
    // (a selection copies or stores its other value), a plain store for a
    // value that reads no memory.
    auto CopyText = [&](const StagingStore &X, const ExprText &T) -> std::optional<std::string> {
      auto Slot = T(X.LHS);
      if (!Slot)
        return std::nullopt;
      if (X.Kind == StagingStore::Value) {
        auto Val = T(X.RHS);
        return Val ? std::optional<std::string>(*Slot + " = " + *Val) : std::nullopt;
      }
      auto Src = T(X.Source);
      if (!Src)
        return std::nullopt;
      bool Element = isa<ArraySubscriptExpr>(X.LHS->IgnoreParenImpCasts());
      const TileInfo &TI = *llvm::find_if(P.Tiles, [&](const TileInfo &Y) { return Y.Var == X.Tile; });
      std::string Type = Element ? TI.ElemType
                                 : X.LHS->getType().getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
      std::string Copy = "__pipeline_memcpy_async(&" + (Element ? *Slot : "(" + *Slot + ")") + ", &" + *Src +
                         ", sizeof(" + Type + "))";
      if (X.Kind == StagingStore::Copy)
        return Copy;
      auto Cond = T(X.Cond), Zero = T(X.Zero);
      if (!Cond || !Zero)
        return std::nullopt;
      return *Cond + " ? " + Copy + " : (void)(" + *Slot + " = " + *Zero + ")";
    };
    const unsigned St = P.Stages;
    // M steps as text: `2 * BK`, `32`, or `2` for a step of one.
    auto Steps = [&](const std::string &M) { return P.C->StepText == "1" ? M : M + " * " + P.C->StepText; };
    const std::string Ahead = St == 2 ? Next : Var + " + " + Steps(std::to_string(St - 1));
    std::string Pro;
    if (St == 2) {
      Pro = "if (" + CondAt(Start, StartAtomic) + ") {";
      for (const Stmt *X : P.Staging)
        Pro += "\n" + LI + Unit + Need(stagingText(Ctx, F, P, X, Start, StartAtomic, CopyText, "[0]"), X);
      Pro += "\n" + LI + "}\n" + LI + "__pipeline_commit();";
    } else {
      // Steps 0 .. S-2 into stages 0 .. S-2.
      std::string Pre = Fresh.get("prologue_step");
      std::string At = Start + " + " + Steps(Pre);
      Pro = "for (int " + Pre + " = 0; " + Pre + " < " + std::to_string(St - 1) + "; ++" + Pre + ") {\n" + LI +
            Unit + "if (" + CondAt(At, false) + ") {";
      for (const Stmt *X : P.Staging)
        Pro += "\n" + LI + Unit + Unit +
               indentLines(Need(stagingText(Ctx, F, P, X, At, false, CopyText, "[" + Pre + "]"), X), Unit);
      Pro += "\n" + LI + Unit + "}\n" + LI + Unit + "__pipeline_commit();\n" + LI + "}";
    }
    Pro += "\n" + LI + "int " + Stage + " = 0;";
    B.insertLineAbovePragmas(Loop, Pro);
    // Each step: the copies of step +S-1 into the stage S-1 ahead, then
    // wait for this step's and every thread's.
    std::string Lead = St == 2 ? "[" + Stage + " ^ 1]" : "[(" + Stage + " + " + std::to_string(St - 1) + ") % " +
                                                             std::to_string(St) + "]";
    std::string Issue = "if (" + CondAt(Ahead, false) + ") {";
    for (const Stmt *X : P.Staging)
      Issue += "\n" + BI + Unit + indentLines(Need(stagingText(Ctx, F, P, X, Ahead, false, CopyText, Lead), X), Unit);
    Issue += "\n" + BI + "}\n" + BI + "__pipeline_commit();\n" + BI + "__pipeline_wait_prior(" +
             std::to_string(St - 1) + ");\n" + BI + "__syncthreads();";
    CharSourceRange StagingRange = statementsRange(Ctx, P.Staging.front(), P.B1);
    if (StagingRange.isInvalid())
      B.failWith("the staging is not plain source", P.Staging.front()->getBeginLoc());
    else
      replaceFromLineStart(B, Ctx, StagingRange, BI, Issue);
    for (const TileInfo &T : P.Tiles) {
      B.insertAfterToken(T.Var->getLocation(), "[" + std::to_string(St) + "]");
      for (const DeclRefExpr *R : T.ComputeRefs)
        B.insertAfterToken(R->getLocation(), "[" + Stage + "]");
    }
    B.replaceStatement(P.B2, "__syncthreads();\n" + BI +
                                 (St == 2 ? Stage + " ^= 1;"
                                          : Stage + " = (" + Stage + " + 1) % " + std::to_string(St) + ";"));
    B.insertInclude(FD, "cuda_pipeline.h");
    commit(B, S);
    return;
  }

  // Prologue: the first step into stage 0, when the loop runs at all.
  std::string Pro = "if (" + CondAt(Start, StartAtomic) + ") {";
  for (const Stmt *St : P.Staging)
    Pro += "\n" + LI + Unit +
           Need(stagingText(Ctx, F, P, St, Start, StartAtomic,
                            [&](const StagingStore &X, const ExprText &T) -> std::optional<std::string> {
                              auto Slot = T(X.LHS);
                              auto Val = T(X.RHS);
                              if (!Slot || !Val)
                                return std::nullopt;
                              return *Slot + " = " + *Val;
                            },
                            "[0]"),
                St);
  Pro += "\n" + LI + "}\n" + LI + "__syncthreads();\n" + LI + "int " + Stage + " = 0;";
  B.insertLineAbovePragmas(Loop, Pro);

  // The staging: the next step's elements into registers.
  const bool OwnRegisters = !P.RegisterLoads.empty();
  std::string Load = "const bool " + More + " = " + CondAt(Next, false) + ";";
  for (const StagingStore &St : OwnRegisters ? ArrayRef<StagingStore>() : ArrayRef(P.Stores)) {
    const TileInfo &T = *llvm::find_if(P.Tiles, [&](const TileInfo &X) { return X.Var == St.Tile; });
    // An element's type as the tile declares it; a vector store's as stored.
    std::string Type = isa<ArraySubscriptExpr>(St.LHS->IgnoreParenImpCasts())
                           ? T.ElemType
                           : St.LHS->getType().getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
    Load += "\n" + BI + Type + " " + St.Buffer + (St.Count > 1 ? "[" + std::to_string(St.Count) + "]" : "") + ";";
  }
  Load += "\n" + BI + "if (" + More + ") {";
  for (const Stmt *St : ArrayRef(P.Staging).take_front(OwnRegisters ? P.FirstStore : P.Staging.size()))
    Load += "\n" + BI + Unit +
            indentLines(Need(stagingText(Ctx, F, P, St, Next, false,
                                         [&](const StagingStore &X, const ExprText &T) -> std::optional<std::string> {
                                           auto Val = T(X.RHS);
                                           if (!Val)
                                             return std::nullopt;
                                           return X.Buffer + (X.IndexText.empty() ? "" : "[" + X.IndexText + "]") +
                                                  " = " + *Val;
                                         }),
                             St),
                        Unit);
  Load += "\n" + BI + "}";
  CharSourceRange StagingRange = statementsRange(Ctx, P.Staging.front(), P.B1);
  if (StagingRange.isInvalid())
    B.failWith("the staging is not plain source", P.Staging.front()->getBeginLoc());
  else
    replaceFromLineStart(B, Ctx, StagingRange, BI, Load);

  // The compute reads the current stage.
  for (const TileInfo &T : P.Tiles) {
    B.insertAfterToken(T.Var->getLocation(), "[2]");
    for (const DeclRefExpr *R : T.ComputeRefs)
      B.insertAfterToken(R->getLocation(), "[" + Stage + "]");
  }

  // After the compute: the registers into the other stage, one barrier.
  std::string Store = "if (" + More + ") {";
  for (const Stmt *St : ArrayRef(P.Staging).drop_front(OwnRegisters ? P.FirstStore : 0))
    Store += "\n" + BI + Unit +
             indentLines(Need(stagingText(Ctx, F, P, St, Next, false,
                                          [&](const StagingStore &X, const ExprText &T) -> std::optional<std::string> {
                                            auto Slot = T(X.LHS);
                                            if (!Slot)
                                              return std::nullopt;
                                            if (OwnRegisters) {
                                              auto Val = T(X.RHS);
                                              if (!Val)
                                                return std::nullopt;
                                              return *Slot + " = " + *Val;
                                            }
                                            return *Slot + " = " + X.Buffer +
                                                   (X.IndexText.empty() ? "" : "[" + X.IndexText + "]");
                                          },
                                          "[" + Stage + " ^ 1]"),
                              St),
                         Unit);
  Store += "\n" + BI + "}\n" + BI + "__syncthreads();\n" + BI + Stage + " ^= 1;";
  B.replaceStatement(P.B2, Store);
  commit(B, S);
}

class SoftwarePipeline final : public RewritePair {
public:
  StringRef name() const override { return Name; }
  StringRef intent() const override {
    return "give a tiled loop's shared tiles a second stage filled from registers one step ahead, so the next "
           "step's global loads are in flight while the current step computes, with one barrier per step";
  }
  ArrayRef<PreconditionSpec> preconditions() const override { return Specs; }
  ArrayRef<OptionSpec> options() const override {
    static const OptionSpec Options[] = {
        {"stages", OptionSpec::Int, "2",
         "shared stages per tile (forward): 2 (the current step's and the next one's) to 4 (cp.async only)", 2, 4,
         {}, StagesSupported},
        {"mechanism", OptionSpec::Enum, "registers",
         "how later steps reach their stages (forward): 'registers' (the next step loaded before the compute, "
         "stored after it; any architecture) or 'cp-async' (__pipeline_memcpy_async S-1 steps ahead, "
         "commit/wait_prior; sm_80 and later)",
         0, 0, {"registers", "cp-async"}},
    };
    return Options;
  }

  void findSites(Direction D, AnalysisContext &AC) const override {
    for (const FunctionDecl *F : cuda::kernelDefinitions(AC.ast())) {
      if (D == Direction::Reverse) {
        findReverseSites(*this, AC, F);
        continue;
      }
      auto Loops = match(traverse(TK_AsIs, findAll(forStmt().bind("loop"))), *F->getBody(), AC.ast());
      for (const auto &L : Loops)
        if (const auto *Loop = L.getNodeAs<ForStmt>("loop"))
          forwardAt(*this, AC, F, Loop);
    }
  }
};

} // namespace
} // namespace software_pipeline

std::unique_ptr<RewritePair> createSoftwarePipeline() {
  return std::make_unique<software_pipeline::SoftwarePipeline>();
}

} // namespace klineage
