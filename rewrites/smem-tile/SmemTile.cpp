//===- SmemTile.cpp - Stage a loop's reused global reads in shared tiles ---===//
//
// Part of KLineage. Forward: a counted loop (`for (int k = 0; k < K; ++k)`,
// the k loop of a matrix product) whose body reads global elements that the
// threads of a block share -- `A[row * K + k]` is the same for every thread
// of a block row (it reads threadIdx.y, not .x), `B[k * N + col]` for every
// thread of a column, `x[k]` for all -- becomes a loop over tiles of the
// counter: per tile the block stages each such operand in a `__shared__`
// tile with one coalesced load per thread, `__syncthreads()`, the original
// body runs over the tile's steps reading the tiles, `__syncthreads()`. A
// row operand's tile spans blockDim.x steps, a column operand's
// blockDim.y (both kinds: a square block). A guard that keeps some threads
// out of the loop (`if (row < M && col < N) {...}`, `if (...) return;`) is
// split so that every thread reaches the barriers: the loop runs for all,
// staging loads keep the guard's terms about the operand's own index, and
// what follows the loop stays under the guard. Reverse (Reverse.cpp): the
// tiles' reads become the global reads they stand for; the staging and its
// barriers go.
//
// Docs: docs/rewrites/smem-tile.md.
//
//===----------------------------------------------------------------------===//
#include "SmemTile.h"
#include "RewriteRegistry.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/Divisibility.h"
#include "klineage/Analysis/LinearForm.h"
#include "klineage/Analysis/SharedMemory.h"
#include "klineage/Analysis/ThreadIndex.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Cuda/Intrinsics.h"
#include "klineage/Cuda/MemorySpace.h"
#include "klineage/Edit/EditBuilder.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Frontend/SourcePositions.h"
#include "klineage/Rewrite/LaunchShape.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/StringExtras.h"
#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;
using namespace llvm;

namespace klineage {
namespace smem_tile {

using analysis::Dim3;

//===----------------------------------------------------------------------===//
// Helpers both directions use
//===----------------------------------------------------------------------===//

std::string describe(const ASTContext &Ctx, const Stmt *S) {
  if (!S)
    return "a statement";
  return "line " + std::to_string(expansionLine(Ctx, S)) + " ('" + nodeText(Ctx, S, "...") + "')";
}

//===----------------------------------------------------------------------===//
// The forward plan of a loop
//===----------------------------------------------------------------------===//

const LoopPlan &loopPlanOf(const PreconditionQuery &Q) { return *static_cast<const LoopPlan *>(Q.Subject); }


const LoopPlan &planOf(const PreconditionQuery &Q) { return loopPlanOf(Q); }

/// The tile length along the counter: the longest operand's, when it is a
/// multiple of every other's (those take several loads per thread).
std::optional<uint64_t> tileSteps(const LoopPlan &P, const Operand **Odd = nullptr) {
  uint64_t T = P.TileAsked;
  if (!T)
    for (const Operand &O : P.Ops)
      T = std::max(T, O.Steps);
  for (const Operand &O : P.Ops)
    if (!O.Steps || T % O.Steps) {
      if (Odd)
        *Odd = &O;
      return std::nullopt;
    }
  if (!T)
    return std::nullopt;
  return T;
}

std::string blockAssumable(const FunctionDecl *FD) { return "block:" + FD->getNameAsString() + ":X,Y"; }

/// The loop's counter, condition and step, or why it is not a counted loop
/// the rewrite can split into tiles.
void readLoop(ASTContext &Ctx, ThreadAxes &TA, LoopPlan &P) {
  const ForStmt *L = P.Loop;
  auto No = [&](std::string Why, const Stmt *At) {
    P.LoopWhy = std::move(Why);
    P.LoopAt = At ? At : L;
  };
  const auto *DS = dyn_cast_or_null<DeclStmt>(L->getInit());
  const VarDecl *K = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  P.Start = K ? K->getInit() : nullptr;
  // `int k; for (k = 0; ...)`: the same, when nothing reads k after the loop
  // (the tiled loop leaves it at another value on an empty range).
  if (!K)
    if (const auto *A = dyn_cast_or_null<BinaryOperator>(L->getInit()); A && A->getOpcode() == BO_Assign)
      if (const VarDecl *V = analysis::refVar(A->getLHS()); V && V->hasLocalStorage() && !isa<ParmVarDecl>(V)) {
        bool ReadAfter = false;
        auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr(to(varDecl(equalsNode(V)))).bind("r"))),
                          *TA.facts().function()->getBody(), Ctx);
        for (const auto &Bn : Refs)
          if (const auto *R = Bn.getNodeAs<DeclRefExpr>("r"))
            ReadAfter = ReadAfter || (!analysis::containsStmt(L, R) &&
                                      Ctx.getSourceManager().isBeforeInTranslationUnit(L->getEndLoc(),
                                                                                       R->getBeginLoc()));
        if (!ReadAfter) {
          K = V;
          P.Start = A->getRHS();
          P.Declares = false;
        }
      }
  if (!K || !P.Start || !K->getType()->isIntegerType())
    return No("the loop does not declare one integer counter in its header (or sets one that is read after it)",
              L);
  P.Counter = K;
  const auto *C = dyn_cast_or_null<BinaryOperator>(L->getCond() ? L->getCond()->IgnoreParenImpCasts() : nullptr);
  const Expr *Bound = nullptr;
  if (C && (C->getOpcode() == BO_LT || C->getOpcode() == BO_LE) && analysis::refVar(C->getLHS()) == K)
    Bound = C->getRHS();
  else if (C && (C->getOpcode() == BO_GT || C->getOpcode() == BO_GE) && analysis::refVar(C->getRHS()) == K)
    Bound = C->getLHS();
  if (!Bound)
    return No("the condition is not '" + K->getName().str() + " < bound' (or <=)", L->getCond());
  P.Cond = C;
  // The step: ++k, k++, k += 1, k = k + 1.
  bool Step = false;
  if (const Expr *Inc = L->getInc() ? L->getInc()->IgnoreParenImpCasts() : nullptr) {
    if (const auto *U = dyn_cast<UnaryOperator>(Inc))
      Step = U->isIncrementOp() && analysis::refVar(U->getSubExpr()) == K;
    else if (const auto *B = dyn_cast<BinaryOperator>(Inc)) {
      std::optional<int64_t> One;
      if (B->getOpcode() == BO_AddAssign && analysis::refVar(B->getLHS()) == K)
        if (auto V = B->getRHS()->getIntegerConstantExpr(Ctx))
          One = V->getExtValue();
      if (B->getOpcode() == BO_Assign && analysis::refVar(B->getLHS()) == K)
        if (const auto *Add = dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
            Add && Add->getOpcode() == BO_Add && analysis::refVar(Add->getLHS()) == K)
          if (auto V = Add->getRHS()->getIntegerConstantExpr(Ctx))
            One = V->getExtValue();
      Step = One && *One == 1;
    }
  }
  TA.assumeUniform(K);
  if (!Step)
    return No("the counter '" + K->getName().str() + "' does not step by one",
              L->getInc() ? static_cast<const Stmt *>(L->getInc()) : L);
  if (TA.facts().modifiedWithin(K, L->getBody()))
    return No("the body modifies the counter '" + K->getName().str() + "'",
              TA.facts().modifiedWithin(K, L->getBody())->At);
  for (const Expr *E : {P.Start, Bound}) {
    const Expr *Br = nullptr;
    if (TA.of(E, &Br)) {
      return No("'" + nodeText(Ctx, E, "the bound") + "' differs between the threads of a block (" +
                    axesText(TA.of(E)) + "): they would not agree on the tiles",
                E);
    }
    if (firstMemoryAccess(E, {}, false))
      return No("'" + nodeText(Ctx, E, "the bound") + "' reads memory", E);
    std::vector<const VarDecl *> Vs;
    TA.varsOf(E, Vs);
    for (const VarDecl *V : Vs)
      if (const auto *M = TA.facts().modifiedWithin(V, L->getBody()))
        return No("the loop modifies '" + V->getName().str() + "', which its bound reads", M->At);
  }
  // Leaving the loop early would leave the other threads at a barrier.
  struct Exits : RecursiveASTVisitor<Exits> {
    const Stmt *Found = nullptr;
    unsigned Nest = 0;
    bool TraverseForStmt(ForStmt *S) { return nest(S); }
    bool TraverseWhileStmt(WhileStmt *S) { return nest(S); }
    bool TraverseDoStmt(DoStmt *S) { return nest(S); }
    bool TraverseSwitchStmt(SwitchStmt *S) { return nest(S); }
    bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) { return nest(S); }
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    bool nest(Stmt *S) {
      ++Nest;
      for (Stmt *C : S->children())
        TraverseStmt(C);
      --Nest;
      return true;
    }
    bool VisitBreakStmt(BreakStmt *S) {
      if (!Nest && !Found)
        Found = S;
      return true;
    }
    bool VisitReturnStmt(ReturnStmt *S) {
      if (!Found)
        Found = S;
      return true;
    }
    bool VisitGotoStmt(GotoStmt *S) {
      if (!Found)
        Found = S;
      return true;
    }
  } X;
  X.TraverseStmt(const_cast<Stmt *>(L->getBody()));
  if (X.Found)
    return No("the body leaves the loop early (" + describe(Ctx, X.Found) + ")", X.Found);
  if (const CallExpr *B = firstBarrier(L->getBody()))
    return No("the body already holds a barrier (" + describe(Ctx, B) + ")", B);
}

/// Is \p S executed on every iteration of \p Loop's body (no condition,
/// short circuit or inner loop between)? Else the statement that makes it
/// conditional.
const Stmt *conditionalUnder(const analysis::FunctionFacts &F, const Stmt *S, const ForStmt *Loop,
                             const ForStmt *Copy = nullptr) {
  const Stmt *Child = S;
  for (const Stmt *P = F.parentOf(S); P && P != Loop; Child = P, P = F.parentOf(P)) {
    if (P == Copy && Child == Copy->getBody())
      continue; // runs for every copy, on every step
    if (const auto *I = dyn_cast<IfStmt>(P); I && Child != I->getCond())
      return I->getCond();
    if (const auto *C = dyn_cast<AbstractConditionalOperator>(P); C && Child != C->getCond())
      return C->getCond();
    if (const auto *B = dyn_cast<BinaryOperator>(P); B && B->isLogicalOp() && Child == B->getRHS())
      return B->getLHS();
    if (isa<ForStmt, WhileStmt, DoStmt, SwitchStmt, CXXForRangeStmt>(P))
      return P;
  }
  return nullptr;
}

/// The element type of \p Base's pointee as written (`const T *A` gives
/// `T`), else the read's type.
std::string elementTypeText(ASTContext &Ctx, const Expr *Base, const ArraySubscriptExpr *Read) {
  const auto *DRE = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (V && V->getTypeSourceInfo()) {
    TypeLoc TL = V->getTypeSourceInfo()->getTypeLoc();
    while (true) {
      if (auto Q = TL.getAs<QualifiedTypeLoc>())
        TL = Q.getUnqualifiedLoc();
      else if (auto A = TL.getAs<AttributedTypeLoc>())
        TL = A.getModifiedLoc();
      else
        break;
    }
    if (auto PT = TL.getAs<PointerTypeLoc>())
      if (auto T = sourceText(Ctx, PT.getPointeeLoc().getSourceRange())) {
        SmallVector<StringRef> Words;
        StringRef(*T).split(Words, ' ', -1, false);
        std::vector<std::string> Keep;
        for (StringRef W : Words)
          if (W != "const" && W != "volatile" && W != "__restrict__" && W != "__restrict")
            Keep.push_back(W.str());
        if (!Keep.empty())
          return join(Keep, " ");
      }
  }
  return Read->getType().getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
}

/// \p V is the counter of a copy loop inside \p L's body around \p R:
/// `for (int c = 0; c < F; ++c)` with a constant F, the body leaving c alone.
const ForStmt *copyLoopOf(ASTContext &Ctx, const analysis::FunctionFacts &Facts, const VarDecl *V,
                          const Stmt *R, const ForStmt *L, uint64_t &Count) {
  const auto *DS = dyn_cast_or_null<DeclStmt>(Facts.parentOf(V->getInit() ? (const Stmt *)V->getInit() : L));
  (void)DS;
  for (const Stmt *P = Facts.parentOf(R); P && P != L; P = Facts.parentOf(P)) {
    const auto *F = dyn_cast<ForStmt>(P);
    if (!F)
      continue;
    const auto *Init = dyn_cast_or_null<DeclStmt>(F->getInit());
    if (!Init || !Init->isSingleDecl() || Init->getSingleDecl() != V)
      continue;
    Expr::EvalResult Z, N;
    const auto *Cond = dyn_cast_or_null<BinaryOperator>(F->getCond() ? F->getCond()->IgnoreParenImpCasts() : nullptr);
    const auto *Inc = dyn_cast_or_null<UnaryOperator>(F->getInc() ? F->getInc()->IgnoreParenImpCasts() : nullptr);
    if (!V->getInit() || !V->getInit()->EvaluateAsInt(Z, Ctx) || Z.Val.getInt() != 0 || !Cond ||
        Cond->getOpcode() != BO_LT || analysis::refVar(Cond->getLHS()) != V ||
        !Cond->getRHS()->EvaluateAsInt(N, Ctx) || !Inc || !Inc->isIncrementOp() ||
        analysis::refVar(Inc->getSubExpr()) != V || Facts.modifiedWithin(V, F->getBody()))
      return nullptr;
    int64_t C = N.Val.getInt().getExtValue();
    if (C < 1 || C > 64)
      return nullptr;
    Count = uint64_t(C);
    return F;
  }
  return nullptr;
}

std::vector<const ArraySubscriptExpr *> globalReadsIn(ASTContext &Ctx, const Stmt *Body) {
  std::vector<const ArraySubscriptExpr *> Out;
  // Loaded as a value, or through a cache-hinted load (`__ldg(&G[g])`).
  auto Reads = match(traverse(TK_AsIs, findAll(expr(anyOf(implicitCastExpr(hasCastKind(CK_LValueToRValue),
                                                                           has(arraySubscriptExpr().bind("read"))),
                                                          unaryOperator(hasOperatorName("&"),
                                                                        has(ignoringParens(
                                                                            arraySubscriptExpr().bind("addr")))))))),
                     *Body, Ctx);
  for (const auto &M : Reads) {
    const auto *R = M.getNodeAs<ArraySubscriptExpr>("read");
    if (const auto *A = M.getNodeAs<ArraySubscriptExpr>("addr"); A && cuda::cacheHintLoadOf(A, Ctx))
      R = A;
    if (!R || isLocalArrayElement(R))
      continue;
    const Expr *Base = R->getBase()->IgnoreParenImpCasts();
    if (!Base->getType()->isPointerType() || R->getBase()->getType()->isArrayType())
      continue;
    if (const auto *BD = dyn_cast<DeclRefExpr>(Base))
      if (const auto *BV = dyn_cast<VarDecl>(BD->getDecl()); BV && cuda::isShared(BV))
        continue;
    Out.push_back(R);
  }
  return Out;
}

const Expr *readValue(ASTContext &Ctx, const ArraySubscriptExpr *R) {
  if (const CallExpr *Hinted = cuda::cacheHintLoadOf(R, Ctx))
    return Hinted;
  return R;
}

/// The reads of the body, each a candidate operand or rejected with why.
void readOperands(ASTContext &Ctx, ThreadAxes &TA, LoopPlan &P) {
  const ForStmt *L = P.Loop;
  const VarDecl *K = P.Counter;
  analysis::Linearizer Lin(Ctx);
  std::map<std::string, size_t> ByKey;
  for (const ArraySubscriptExpr *R : globalReadsIn(Ctx, L->getBody())) {
    const Expr *Base = R->getBase()->IgnoreParenImpCasts();
    // Does it move with the counter at all?
    std::vector<const VarDecl *> Vars;
    TA.varsOf(R->getIdx(), Vars);
    if (!is_contained(Vars, K))
      continue;
    auto Reject = [&](std::string Why) { P.Rejects.push_back({R, std::move(Why)}); };
    std::vector<const VarDecl *> BaseVars;
    TA.varsOf(R->getBase(), BaseVars);
    if (is_contained(BaseVars, K)) {
      Reject("its pointer moves with the counter");
      continue;
    }
    const VarDecl *Moved = nullptr;
    const ForStmt *Copy = nullptr;
    const VarDecl *CopyVar = nullptr;
    uint64_t Copies = 1;
    for (const VarDecl *V : Vars) {
      if (V == K || Moved || !TA.facts().modifiedWithin(V, L))
        continue;
      uint64_t Count = 0;
      if (const ForStmt *F = copyLoopOf(Ctx, TA.facts(), V, R, L, Count); F && !Copy) {
        Copy = F;
        CopyVar = V;
        Copies = Count;
        TA.assumeUniform(V); // constant start and count: the same in every thread
        continue;
      }
      Moved = V;
    }
    for (const VarDecl *V : BaseVars)
      if (!Moved && TA.facts().modifiedWithin(V, L))
        Moved = V;
    if (Moved) {
      Reject("it reads '" + Moved->getName().str() + "', which changes inside the loop");
      continue;
    }
    // A zero-padded read, `c ? G[g] : 0`, is staged with its condition.
    // A read through the read-only cache, `__ldg(&G[g])`, is replaced whole.
    const Expr *Value = readValue(Ctx, R);
    const Stmt *Up = TA.facts().parentOf(Value);
    while (Up && isa<ImplicitCastExpr, ParenExpr>(Up))
      Up = TA.facts().parentOf(Up);
    const auto *Sel = dyn_cast_or_null<ConditionalOperator>(Up);
    if (Sel && Sel->getTrueExpr()->IgnoreParenImpCasts() == Value->IgnoreParenImpCasts() &&
        !firstMemoryAccess(Sel->getFalseExpr(), {}, false) && !TA.of(Sel->getFalseExpr()) &&
        !firstMemoryAccess(Sel->getCond(), {}, false)) {
      Value = Sel;
      std::vector<const VarDecl *> CondVars;
      TA.varsOf(Sel->getCond(), CondVars);
      for (const VarDecl *V : CondVars)
        if (V != K && V != CopyVar && !Moved && TA.facts().modifiedWithin(V, L))
          Moved = V;
      if (Moved) {
        Reject("its condition reads '" + Moved->getName().str() + "', which changes inside the loop");
        continue;
      }
    } else {
      Sel = nullptr;
    }
    // Affine in the counter: every term holds it at most once.
    auto F0 = Lin.linearize(R->getIdx());
    std::optional<analysis::LinearForm> F = F0 ? analysis::expandLocals(Lin, TA.facts(), *F0) : std::nullopt;
    std::string KKey;
    bool Affine = F.has_value(), HasK = false;
    if (F)
      for (const auto &[Mono, Coeff] : F->Terms) {
        unsigned N = 0;
        for (const std::string &A : Mono)
          if (const analysis::Atom *At = Lin.atom(A); At && At->Var == K)
            ++N;
        HasK = HasK || N;
        Affine = Affine && N <= 1;
      }
    if (!Affine || !HasK) {
      Reject("its index is not an affine form of the counter");
      continue;
    }
    const Expr *Br = nullptr;
    unsigned Axes = TA.of(R->getIdx(), &Br) | TA.of(R->getBase()) | (Sel ? TA.of(Sel->getCond()) : 0u);
    if (P.Block && P.Block->Z == 1)
      Axes &= ~unsigned(AxisZ);
    if (Axes & (AxisOther | AxisZ)) {
      Reject("its address depends on " + axesText(Axes & (AxisOther | AxisZ)) +
             (Br ? " ('" + nodeText(Ctx, Br, "") + "')" : std::string()));
      continue;
    }
    if (Axes == (AxisX | AxisY)) {
      Reject("its address depends on threadIdx.x and threadIdx.y: no two threads of the block read it");
      P.Rejects.back().Unshared = true;
      continue;
    }
    OperandKind Kind = Axes == AxisY ? OperandKind::Row : Axes == AxisX ? OperandKind::Col : OperandKind::Uniform;
    if (Copy) {
      // The copy steps by the block's extent along the operand's own axis:
      // the copy counter's terms are the thread index's times blockDim (or
      // the block's size), so thread t of copy c reads row t + c * blockDim.
      std::string Tid = Kind == OperandKind::Row ? "b:threadIdx.y" : "b:threadIdx.x";
      std::string Bdim = Kind == OperandKind::Row ? "b:blockDim.y" : "b:blockDim.x";
      uint64_t Extent = P.Block ? (Kind == OperandKind::Row ? P.Block->Y : P.Block->X) : 0;
      std::map<analysis::Monomial, int64_t> TTerms, CTerms;
      for (const auto &[Mono, Coeff] : F->Terms) {
        analysis::Monomial Rest;
        bool HasT = false, HasC = false;
        for (const std::string &A : Mono) {
          const analysis::Atom *At = Lin.atom(A);
          if (A == Tid)
            HasT = true;
          else if (At && At->Var == CopyVar)
            HasC = true;
          else
            Rest.push_back(A);
        }
        if (HasT && !HasC)
          TTerms[Rest] += Coeff;
        if (HasC && !HasT)
          CTerms[Rest] += Coeff;
      }
      bool Ok = Kind != OperandKind::Uniform && !TTerms.empty() && TTerms.size() == CTerms.size();
      for (const auto &[Mono, Coeff] : TTerms) {
        if (!Ok)
          break;
        analysis::Monomial WithDim = Mono;
        WithDim.push_back(Bdim);
        llvm::sort(WithDim);
        auto A = CTerms.find(WithDim), B = CTerms.find(Mono);
        Ok = (A != CTerms.end() && A->second == Coeff) ||
             (Extent && B != CTerms.end() && B->second == Coeff * int64_t(Extent));
      }
      if (!Ok) {
        Reject("it reads the copy counter '" + CopyVar->getName().str() + "' other than as the thread's " +
               (Kind == OperandKind::Col ? "column" : "row") + " plus the copy times the block's extent");
        continue;
      }
    }
    uint64_t Steps = 0, Reuse = 0;
    if (P.Block) {
      Steps = Kind == OperandKind::Col ? P.Block->Y : P.Block->X;
      Reuse = Kind == OperandKind::Row ? P.Block->X
              : Kind == OperandKind::Col ? P.Block->Y
                                         : P.Block->X * P.Block->Y;
      if (Reuse <= 1) {
        Reject("only one thread of a " + P.Block->str() + " block reads each of its elements");
        P.Rejects.back().Unshared = true;
        continue;
      }
    }
    std::string Key = nodeText(Ctx, Base, "?") + "|" + F->symbolicKey() + "|" + std::to_string(F->constant());
    if (Sel)
      Key += "|" + nodeText(Ctx, Sel->getCond(), "?") + "|" + nodeText(Ctx, Sel->getFalseExpr(), "?");
    auto [It, New] = ByKey.emplace(Key, P.Ops.size());
    if (!New) {
      P.Ops[It->second].Reads.push_back(R);
      P.Ops[It->second].Values.push_back(Value);
      continue;
    }
    Operand O;
    O.K = Kind;
    O.Reads.push_back(R);
    O.Values.push_back(Value);
    O.Axes = Axes;
    O.ElemType = elementTypeText(Ctx, Base, R);
    O.ElemBytes = Ctx.getTypeSizeInChars(R->getType()).getQuantity();
    O.Steps = Steps;
    O.Copy = Copy;
    O.CopyVar = CopyVar;
    O.Copies = Copies;
    P.Ops.push_back(std::move(O));
  }
}

/// In \p S: a write to anything but a local declared in \p Scope (an
/// element of a local array counts as the array), or \p S itself when it
/// touches memory, syncs or jumps; null when it only sets \p Scope's locals.
const Stmt *writesOutside(const Stmt *S, const CompoundStmt *Scope) {
  if (!Scope || firstMemoryAccess(S, {}, false) || firstBarrier(S))
    return S;
  const Stmt *Bad = nullptr;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *X) {
    if (!X || Bad)
      return;
    if (isa<ReturnStmt, GotoStmt, BreakStmt, ContinueStmt>(X)) {
      Bad = S;
      return;
    }
    const Expr *Target = nullptr;
    if (const auto *B = dyn_cast<BinaryOperator>(X); B && B->isAssignmentOp())
      Target = B->getLHS();
    if (const auto *U = dyn_cast<UnaryOperator>(X); U && U->isIncrementDecrementOp())
      Target = U->getSubExpr();
    if (Target) {
      const Expr *T = Target->IgnoreParenImpCasts();
      while (const auto *AS = dyn_cast<ArraySubscriptExpr>(T))
        T = AS->getBase()->IgnoreParenImpCasts();
      const auto *D = dyn_cast<DeclRefExpr>(T);
      const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
      bool Inside = V && V->hasLocalStorage() && !V->getType()->isReferenceType() &&
                    Scope->getBeginLoc() < V->getLocation() && V->getLocation() < Scope->getEndLoc();
      // A counter declared by a loop inside S is S's own.
      if (!Inside && V && S->getBeginLoc() <= V->getLocation() && V->getLocation() <= S->getEndLoc())
        Inside = true;
      if (!Inside) {
        Bad = X;
        return;
      }
    }
    for (const Stmt *C : X->children())
      Walk(C);
  };
  Walk(S);
  return Bad;
}

/// Who runs the loop: every thread of the block, or a guard to split.
void readGuard(ASTContext &Ctx, ThreadAxes &TA, LoopPlan &P) {
  const analysis::FunctionFacts &F = TA.facts();
  analysis::Uniformity &U = TA.uniformity();
  auto No = [&](std::string Why, const Stmt *At) {
    P.G = GuardShape::Unreachable;
    P.GuardWhy = std::move(Why);
    P.GuardAt = At;
  };
  if (U.controlOf(P.anchor()).atLeast(analysis::Level::Block))
    return;
  const Stmt *Parent = F.parentOf(P.Outer);
  const auto *CS = dyn_cast_or_null<CompoundStmt>(Parent);
  const IfStmt *I = dyn_cast_or_null<IfStmt>(CS ? F.parentOf(CS) : Parent);
  if (I && (I->getThen() == P.Outer || I->getThen() == CS) && !I->getElse() && !I->getInit() &&
      !I->getConditionVariable()) {
    if (!U.controlOf(I).atLeast(analysis::Level::Block)) {
      auto A = U.controlOf(I);
      return No("the guard " + describe(Ctx, I->getCond()) + " itself runs under control that differs between "
                "threads (" + describe(Ctx, A.Breaker) + ")", A.Breaker ? A.Breaker : I);
    }
    P.G = GuardShape::If;
    P.GuardIf = I;
    P.Scope = CS;
    conjunctsOf(I->getCond(), P.Conjuncts);
    if (CS) {
      bool After = false;
      for (const Stmt *S : CS->body()) {
        if (S == P.Outer)
          After = true;
        else
          (After ? P.Post : P.Pre).push_back(S);
      }
    }
  } else if (CS && F.function()->getBody() == CS) {
    // `if (c) return;` before the loop, in the function's body.
    const IfStmt *R = nullptr;
    bool After = false;
    for (const Stmt *S : CS->body()) {
      if (S == P.Outer) {
        After = true;
        continue;
      }
      if (After) {
        P.Post.push_back(S);
        continue;
      }
      const auto *SI = dyn_cast<IfStmt>(S);
      const Stmt *Then = SI ? SI->getThen() : nullptr;
      if (const auto *TC = dyn_cast_or_null<CompoundStmt>(Then); TC && TC->size() == 1)
        Then = TC->body_front();
      if (SI && isa_and_nonnull<ReturnStmt>(Then) && !SI->getElse() &&
          !U.of(SI->getCond()).atLeast(analysis::Level::Block)) {
        if (R)
          return No("two guards return early before the loop (" + describe(Ctx, R->getCond()) + ", " +
                        describe(Ctx, SI->getCond()) + ")",
                    SI);
        R = SI;
        P.Pre.clear();
        continue;
      }
      if (R)
        P.Pre.push_back(S);
    }
    if (!R) {
      auto A = U.controlOf(P.anchor());
      return No("the loop runs under control that differs between threads (" + describe(Ctx, A.Breaker) +
                    ") that is neither an 'if' around it nor an early return before it",
                A.Breaker ? A.Breaker : P.anchor());
    }
    if (!U.controlOf(R).atLeast(analysis::Level::Block)) {
      auto A = U.controlOf(R);
      return No("the early return " + describe(Ctx, R->getCond()) + " itself runs under control that differs "
                "between threads",
                A.Breaker ? A.Breaker : R);
    }
    P.G = GuardShape::EarlyReturn;
    P.GuardIf = R;
    P.Scope = CS;
    // The condition under which a thread stays: the negated disjuncts.
    std::vector<const Expr *> Disj;
    std::function<void(const Expr *)> Split = [&](const Expr *E) {
      const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
      if (B && B->getOpcode() == BO_LOr) {
        Split(B->getLHS());
        Split(B->getRHS());
      } else {
        Disj.push_back(E);
      }
    };
    Split(R->getCond());
    P.Conjuncts = Disj;
  } else {
    auto A = U.controlOf(P.anchor());
    return No("the loop runs under control that differs between threads (" + describe(Ctx, A.Breaker) +
                  ") that is neither an 'if' around it nor an early return before it",
              A.Breaker ? A.Breaker : P.anchor());
  }
  for (const Expr *C : P.Conjuncts)
    P.ConjunctAxes.push_back(TA.of(C) & ~((P.Block && P.Block->Z == 1) ? unsigned(AxisZ) : 0u));
  // A halo region (no tap loop) stays under its guard: only the staging
  // moves before an `if`; after an early return, what precedes the region
  // runs for every thread.
  if (P.Region && P.G == GuardShape::If)
    return;
  // Threads the guard kept out now run what precedes the loop and the loop:
  // that code may touch no memory but the tiles.
  for (const Stmt *S : P.Pre) {
    if (!isa<DeclStmt>(S)) {
      // A statement that only sets the guarded block's own locals
      // (register-tile's `sum[i][j] = 0.0f` loops): harmless in threads the
      // guard keeps out, nothing after the guard sees it.
      if (const Stmt *W = writesOutside(S, P.Scope)) {
        std::string What = W != S                             ? "writes " + describe(Ctx, W)
                           : firstMemoryAccess(S, {}, false) ? std::string("touches memory")
                           : firstBarrier(S)                 ? std::string("holds a barrier")
                                                             : std::string("may leave the guarded block");
        return No(describe(Ctx, S) + " runs before the loop under the guard and " + What +
                      ": threads the guard keeps out would run it",
                  S);
      }
      continue;
    }
    bool PureDecl = isa<DeclStmt>(S) || isa<NullStmt>(S);
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); !V || V->getType()->isReferenceType() || cuda::isShared(V))
          PureDecl = false;
    if (!PureDecl)
      return No(describe(Ctx, S) + " runs before the loop under the guard and is not a declaration: threads "
                "the guard keeps out would run it",
                S);
    if (const Expr *M = firstMemoryAccess(S, {}, false))
      return No(describe(Ctx, M) + " runs before the loop under the guard and touches memory: threads the guard "
                "keeps out would run it",
                M);
  }
  if (P.Region)
    return;
  std::vector<const Expr *> Tiled = P.GridUniform;
  for (const Operand &O : P.Ops)
    for (const Expr *V : O.Values)
      Tiled.push_back(V);
  if (const Expr *M = firstMemoryAccess(P.anchor(), Tiled, false))
    return No(describe(Ctx, M) + " in the loop is not staged and touches memory: threads the guard keeps out "
              "would run it",
              M);
}

void readWrites(LoopPlan &P) { P.WriteAt = firstMemoryAccess(P.Loop, {}, true); }

/// Which guard terms each operand's staging keeps, and whether every
/// staged element is one the loop reads.
void readFootprint(ASTContext &Ctx, ThreadAxes &TA, LoopPlan &P) {
  for (Operand &O : P.Ops) {
    for (const Expr *R : O.Values)
      if (const Stmt *C = conditionalUnder(TA.facts(), R, P.Loop, O.Copy)) {
        P.FootprintWhy = describe(Ctx, R) + " runs only under " + describe(Ctx, C) +
                         ": staging it on every step would read elements the loop does not";
        P.FootprintAt = R;
        return;
      }
    unsigned Own = O.K == OperandKind::Row ? AxisY : O.K == OperandKind::Col ? AxisX : 0;
    unsigned Other = O.K == OperandKind::Row ? AxisX : O.K == OperandKind::Col ? AxisY : (AxisX | AxisY);
    for (size_t I = 0; I < P.Conjuncts.size(); ++I) {
      unsigned A = P.ConjunctAxes[I];
      if ((A & ~Own) == 0) {
        O.Kept.push_back(P.Conjuncts[I]);
        continue;
      }
      if (A & AxisOther || (A & Own && A & Other) || (A & ~(Own | Other))) {
        P.FootprintWhy = "the guard's term " + describe(Ctx, P.Conjuncts[I]) + " depends on " + axesText(A) +
                         ": the staging of " + describe(Ctx, O.Reads.front()) +
                         " can neither keep it (it varies across the threads that share an element) nor drop "
                         "it (it bounds the element's own index)";
        P.FootprintAt = P.Conjuncts[I];
        return;
      }
      // Only the other axis: some thread that shares the element passes it.
    }
  }
}

LoopPlan planLoop(const AnalysisContext &AC, const FunctionDecl *FD, const ForStmt *Loop) {
  ASTContext &Ctx = AC.ast();
  LoopPlan P;
  P.Loop = Loop;
  P.Outer = Loop;
  if (auto V = AC.option("tile"); V && *V != "block")
    if (uint64_t N = 0; !StringRef(*V).getAsInteger(10, N))
      P.TileAsked = N;
  if (const auto *A = dyn_cast_or_null<AttributedStmt>(analysis::AnalysisCache::of(Ctx).facts(FD).parentOf(Loop)))
    P.Outer = A;
  P.Block = knownBlockShape(AC, FD);
  ThreadAxes TA(Ctx, FD, P.Block);
  readLoop(Ctx, TA, P);
  if (!P.Counter)
    return P;
  readOperands(Ctx, TA, P);
  readWrites(P);
  readGuard(Ctx, TA, P);
  if (P.G != GuardShape::Unreachable)
    readFootprint(Ctx, TA, P);
  return P;
}

//===----------------------------------------------------------------------===//
// Preconditions
//===----------------------------------------------------------------------===//

Status checkLoopCounted(const PreconditionQuery &Q, PreconditionResult &R) {
  const LoopPlan &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (!P.LoopWhy.empty()) {
    R.Reason = P.LoopWhy;
    R.Evidence.push_back(evidenceAt(Ctx, P.LoopAt->getBeginLoc(), "loop", "not split into tiles"));
    return Status::Fails;
  }
  if (P.Region) {
    R.Reason = "no tap loop: the reads are at constant offsets of the thread indices";
    return Status::Holds;
  }
  if (P.Halo) {
    std::vector<std::string> Taps;
    for (const HaloDim &D : P.Taps)
      Taps.push_back("'" + D.Tap->getName().str() + "' from " + std::to_string(D.Lo) + " to " + std::to_string(D.Hi));
    R.Reason = "the tap loops count by one between constant bounds (" + join(Taps, ", ") +
               "), and their bodies neither change the counters nor leave the loops";
    return Status::Holds;
  }
  R.Reason = "'" + P.Counter->getName().str() + "' steps by one from a block-uniform start to a block-uniform "
             "bound, and the body neither changes it nor leaves the loop";
  return Status::Holds;
}

Status checkBlockShapeKnown(const PreconditionQuery &Q, PreconditionResult &R) {
  if (Status T; transposeChecks(Q, BlockShapeKnown, R, T))
    return T;
  const LoopPlan &P = planOf(Q);
  if (!P.Block) {
    R.Reason = "the tiles' shape is the block's, and the launches of '" + Q.Function->getNameAsString() +
               "' do not say it";
    R.Assumable = blockAssumable(Q.Function);
    return Status::Unknown;
  }
  if (P.Block->Z != 1) {
    R.Reason = "the block " + P.Block->str() + " is three-dimensional; tiles are staged by threadIdx.x and .y";
    return Status::Fails;
  }
  R.Reason = "'" + Q.Function->getNameAsString() + "' runs blockDim " + P.Block->str();
  return Status::Holds;
}

const char *kindText(OperandKind K) {
  switch (K) {
  case OperandKind::Row:
    return "shared by a block row";
  case OperandKind::Col:
    return "shared by a block column";
  case OperandKind::Uniform:
    return "shared by the whole block";
  case OperandKind::Halo:
    return "shared by neighbouring threads through its halo";
  }
  return "";
}

Status checkReusedReadsAffine(const PreconditionQuery &Q, PreconditionResult &R) {
  const LoopPlan &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (!P.Counter && !P.Region) {
    R.Reason = "no counted loop (loop-counted)";
    return Status::Unknown;
  }
  if (!P.Ops.empty()) {
    std::vector<std::string> Parts;
    for (const Operand &O : P.Ops)
      Parts.push_back(describe(Ctx, O.Reads.front()) + " " + kindText(O.K));
    R.Reason = join(Parts, "; ");
    return Status::Holds;
  }
  if (!P.Rejects.empty()) {
    R.Reason = "no read the threads of a block share: " + describe(Ctx, P.Rejects.front().Read) + ": " +
               P.Rejects.front().Why;
    R.Evidence.push_back(evidenceAt(Ctx, P.Rejects.front().Read->getBeginLoc(), "read", "not staged"));
    return Status::Fails;
  }
  R.Reason = P.Counter ? "no global read of the body moves with '" + P.Counter->getName().str() + "'"
                       : std::string("no global read at offsets that neighbouring threads share");
  return Status::Fails;
}

Status checkTilesAgree(const PreconditionQuery &Q, PreconditionResult &R) {
  const LoopPlan &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (P.Ops.empty() || !P.Block) {
    R.Reason = "no operand to stage (reused-reads-affine, block-shape-known)";
    return Status::Unknown;
  }
  if (P.Halo) {
    R.Reason = std::string("each halo tile is staged once, before ") +
               (P.Region ? "the statements that read it" : "the loop nest") + ": no tile length to agree on";
    return Status::Holds;
  }
  const Operand *Odd = nullptr;
  std::optional<uint64_t> T = tileSteps(P, &Odd);
  if (!T) {
    if (P.TileAsked) {
      R.Reason = "--option=tile=" + std::to_string(P.TileAsked) + " is not a multiple of the " +
                 std::to_string(Odd->Steps) + " steps " + describe(Ctx, Odd->Reads.front()) + " (" + kindText(Odd->K) +
                 ") fills with one load per thread of a " + P.Block->str() + " block";
      R.Evidence.push_back(evidenceAt(Ctx, Odd->Reads.front()->getBeginLoc(), "read", "another tile length"));
      return Status::Fails;
    }
    const Operand *Long = &P.Ops.front();
    for (const Operand &O : P.Ops)
      if (O.Steps > Long->Steps)
        Long = &O;
    R.Reason = describe(Ctx, Long->Reads.front()) + " fills tiles of " + std::to_string(Long->Steps) +
               " steps with one load per thread (" + kindText(Long->K) + "), " + describe(Ctx, Odd->Reads.front()) +
               " of " + std::to_string(Odd->Steps) + " (" + kindText(Odd->K) + "), which does not divide it: with a " +
               P.Block->str() + " block one loop over tiles cannot serve both";
    R.Evidence.push_back(evidenceAt(Ctx, Odd->Reads.front()->getBeginLoc(), "read", "another tile length"));
    return Status::Fails;
  }
  std::vector<std::string> More;
  for (const Operand &O : P.Ops)
    if (O.Steps < *T)
      More.push_back(describe(Ctx, O.Reads.front()) + " takes " + std::to_string(*T / O.Steps) +
                     " loads per thread");
  R.Reason = "every tile spans " + std::to_string(*T) + " steps of '" + P.Counter->getName().str() + "'" +
             (More.empty() ? std::string() : " (" + join(More, "; ") + ")");
  return Status::Holds;
}

Status checkSourceNotWritten(const PreconditionQuery &Q, PreconditionResult &R) {
  if (Status T; transposeChecks(Q, SourceNotWritten, R, T))
    return T;
  const LoopPlan &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (!P.Counter && !P.Region) {
    R.Reason = "no counted loop (loop-counted)";
    return Status::Unknown;
  }
  if (P.WriteAt && P.Region) {
    R.Reason = describe(Ctx, P.WriteAt) + " writes memory (or calls code that may) before the last read the "
               "tile replaces: a tile staged before the statements could miss it";
    R.Evidence.push_back(evidenceAt(Ctx, P.WriteAt->getBeginLoc(), "write", "before the reads"));
    return Status::Fails;
  }
  if (P.WriteAt) {
    R.Reason = describe(Ctx, P.WriteAt) + " writes memory (or calls code that may) inside the loop: a tile "
               "staged at the start of its steps could miss it";
    R.Evidence.push_back(evidenceAt(Ctx, P.WriteAt->getBeginLoc(), "write", "inside the loop"));
    return Status::Fails;
  }
  R.Reason = P.Region ? "the statements write no memory before their last read the tile replaces"
                      : "the loop writes no memory and calls nothing that may";
  return Status::Holds;
}

Status checkBarriersReachable(const PreconditionQuery &Q, PreconditionResult &R) {
  if (Status T; transposeChecks(Q, BarriersReachable, R, T))
    return T;
  const LoopPlan &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (!P.Counter && !P.Region) {
    R.Reason = "no counted loop (loop-counted)";
    return Status::Unknown;
  }
  switch (P.G) {
  case GuardShape::Unreachable:
    R.Reason = P.GuardWhy;
    R.Evidence.push_back(evidenceAt(Ctx, P.GuardAt->getBeginLoc(), "control", "keeps threads from the barriers"));
    return Status::Fails;
  case GuardShape::None:
    R.Reason = "every thread of the block runs the loop";
    return Status::Holds;
  case GuardShape::If:
    if (P.Region) {
      R.Reason = "the staging and its barrier go before the guard " + describe(Ctx, P.GuardIf->getCond()) +
                 ", which every thread of the block reaches";
      return Status::Holds;
    }
    R.Reason = "the guard " + describe(Ctx, P.GuardIf->getCond()) + " is split: every thread runs the loop, " +
               (P.Post.empty() ? std::string("nothing follows it under the guard")
                               : "what follows it stays under the guard");
    return Status::Holds;
  case GuardShape::EarlyReturn:
    R.Reason = "the early return " + describe(Ctx, P.GuardIf->getCond()) +
               " becomes a guard around what follows the loop; every thread runs the loop";
    return Status::Holds;
  }
  return Status::Unknown;
}

Status checkLoadsInFootprint(const PreconditionQuery &Q, PreconditionResult &R) {
  const LoopPlan &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (P.Ops.empty() || P.G == GuardShape::Unreachable) {
    R.Reason = "no operand to stage (reused-reads-affine, barriers-reachable)";
    return Status::Unknown;
  }
  if (!P.FootprintWhy.empty()) {
    R.Reason = P.FootprintWhy;
    R.Evidence.push_back(evidenceAt(Ctx, P.FootprintAt->getBeginLoc(), "term", "decides which elements are read"));
    return Status::Fails;
  }
  if (P.Halo) {
    R.Reason = "each halo element is staged under the conditions its reads run under (about the element's own "
               "coordinates)" + std::string(P.Conjuncts.empty() ? "" : " and the guard's terms at the nearest "
               "thread that reads it");
    return Status::Holds;
  }
  R.Reason = "every staged read runs on each step of the loop, and each staging load keeps the loop's bound"
             + std::string(P.Conjuncts.empty() ? "" : " and the guard's terms about the element's own index");
  return Status::Holds;
}

uint64_t tileBytes(const LoopPlan &P, const Operand &O) {
  if (!P.Block)
    return 0;
  if (O.K == OperandKind::Halo) {
    uint64_t Elems = 1;
    for (const HaloDim &D : O.Dims)
      Elems *= D.Extent;
    return Elems * O.ElemBytes;
  }
  uint64_t T = tileSteps(P).value_or(O.Steps);
  uint64_t Elems = O.K == OperandKind::Uniform ? T
                   : O.K == OperandKind::Row ? T * P.Block->Y
                                             : T * P.Block->X;
  return Elems * O.Copies * O.ElemBytes;
}

Status tilesFit(ASTContext &Ctx, const FunctionDecl *FD, uint64_t Extra, StringRef What, PreconditionResult &R) {
  analysis::SharedUsage U = analysis::sharedUsage(Ctx, FD);
  U.StaticBytes += Extra;
  analysis::LimitCheck L = analysis::checkLimits(U);
  if (L.V == analysis::LimitCheck::Exceeds || L.V == analysis::LimitCheck::NeedsOptIn) {
    R.Reason = "with " + What.str() + " (" + std::to_string(Extra) + " bytes) '" + FD->getNameAsString() + "' " +
               (L.V == analysis::LimitCheck::Exceeds ? "does not fit: " : "needs the opt-in: ") + L.Why;
    return Status::Fails;
  }
  if (L.V == analysis::LimitCheck::Unknown) {
    R.Reason = L.Why;
    return Status::Unknown;
  }
  R.Reason = What.str() + " take" + (What.starts_with("the tiles") ? "" : "s") + " " + std::to_string(Extra) +
             " bytes; '" + FD->getNameAsString() + "' holds " + std::to_string(L.Bytes) + " bytes per block";
  return Status::Holds;
}

Status checkSharedMemoryFits(const PreconditionQuery &Q, PreconditionResult &R) {
  if (Status T; transposeChecks(Q, SharedMemoryFits, R, T))
    return T;
  const LoopPlan &P = planOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (P.Ops.empty() || !P.Block) {
    R.Reason = "no tile to size (reused-reads-affine, block-shape-known)";
    return Status::Unknown;
  }
  uint64_t Extra = 0;
  for (const Operand &O : P.Ops)
    Extra += tileBytes(P, O);
  return tilesFit(Ctx, Q.Function, Extra, "the tiles", R);
}


// Order matters for the reported blocker: the first that fails, else the
// first unknown.
const PreconditionSpec Specs[] = {
    {LoopCounted, Direction::Forward, 2501,
     "a for loop with one integer counter stepping by one from a block-uniform start to a block-uniform bound "
     "(`k < K`) that the body does not change; the body neither leaves the loop (break, return, goto) nor "
     "holds a barrier",
     &checkLoopCounted},
    {BlockShapeKnown, Direction::Forward, 2403,
     "the block shape is known (every launch agrees, LaunchFacts, or --assume=block:KERNEL:X,Y) and has no "
     "z extent: the tiles are blockDim.y x blockDim.x",
     &checkBlockShapeKnown},
    {ReusedReadsAffine, Direction::Forward, 2502,
     "some global read of the body is affine in the counter and otherwise depends on threadIdx.y only (shared "
     "by a block row), threadIdx.x only (a block column) or neither (the block), through block-uniform values "
     "the loop does not change",
     &checkReusedReadsAffine},
    {TilesAgree, Direction::Forward, 2504,
     "the staged operands agree on the tile's length along the counter: blockDim.x for row and block "
     "operands, blockDim.y for column operands (both kinds: a square block)",
     &checkTilesAgree},
    {SourceNotWritten, Direction::Forward, 2503,
     "nothing in the loop writes memory (stores, atomics, calls that may write): a tile staged at the start "
     "of its steps sees what each step would have read",
     &checkSourceNotWritten},
    {BarriersReachable, Direction::Forward, 2505,
     "every thread of the block reaches the barriers: the loop runs under block-uniform control, or under an "
     "'if' around it or an early return before it that the rewrite splits (what precedes the loop there is "
     "declarations that touch no memory, the loop touches no memory but the staged reads, what follows stays "
     "guarded)",
     &checkBarriersReachable},
    {LoadsInFootprint, Direction::Forward, 2506,
     "every element a thread stages is one the loop reads: each staged read runs on every step (not under a "
     "condition of the body), and each term of a split guard either depends only on the element's own thread "
     "axis (kept in the staging load) or only on the other one (dropped)",
     &checkLoadsInFootprint},
    {WriteTransposed, Direction::Forward, 2507,
     "(transpose sites) the kernel's one store steps by one element along threadIdx.y and not along "
     "threadIdx.x, and every global read of the stored value steps by one along threadIdx.x (or, read side, "
     "the store steps by one along threadIdx.x and every read by one along threadIdx.y, not threadIdx.x): "
     "with the threads' roles swapped at the write (read), reads and writes are both contiguous",
     &checkWriteTransposed},
    {SharedMemoryFits, Direction::Forward, 1507,
     "the kernel's static shared memory with the tiles fits the 48 KiB static limit",
     &checkSharedMemoryFits},
    {TilesStagedOnce, Direction::Reverse, 2511,
     "each __shared__ array of the tiled loop is a tile: one store per step, `S[threadIdx.y][threadIdx.x] = "
     "G[g]` (its subscripts distinct thread indices, or a staging loop's counter stepping by the block; "
     "optionally under a condition or with a constant otherwise), from a global pointer, and only element reads "
     "besides",
     &checkTilesStagedOnce},
    {ReadsBetweenBarriers, Direction::Reverse, 2512,
     "every read of a tile lies in the loop's body after the barrier that follows the stores and before the "
     "next step's stores",
     &checkReadsBetweenBarriers},
    {StagedIndexStable, Direction::Reverse, 2513,
     "the staged index and condition read nothing that changes between the store and the reads (locals that "
     "depend on the thread index are inlined), so the read can compute the element itself",
     &checkStagedIndexStable},
    {SourceNotWritten, Direction::Reverse, 2503,
     "nothing in the loop writes global memory: reading an element where the tile was read sees what the "
     "staging saw",
     &checkReverseSourceNotWritten},
};


//===----------------------------------------------------------------------===//
// Forward edits
//===----------------------------------------------------------------------===//

namespace {

/// The text of \p E with references to \p K replaced by \p KText and
/// locals declared inside \p Loop inlined (their initialisers' text,
/// substituted the same way).
std::optional<std::string> stagedText(ASTContext &Ctx, ThreadAxes &TA, const Expr *E, const VarDecl *K,
                                      StringRef KText, const ForStmt *Loop, unsigned Depth = 0,
                                      const VarDecl *C = nullptr, StringRef CText = "") {
  if (Depth > 8)
    return std::nullopt;
  bool Ok = true;
  auto T = substitutedText(Ctx, E, [&](const Expr *X) -> std::optional<std::string> {
    const auto *D = dyn_cast<DeclRefExpr>(X);
    if (!D)
      return std::nullopt;
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    if (V == K)
      return bareIn(TA.facts(), X, KText) ? KText.str() : "(" + KText.str() + ")";
    if (C && V == C)
      return CText.str();
    if (V && V->hasLocalStorage()) {
      // A local declared inside the loop's body: not visible where the
      // staging runs.
      const SourceManager &SM = Ctx.getSourceManager();
      if (SM.isBeforeInTranslationUnit(Loop->getBody()->getBeginLoc(), V->getLocation()) &&
          SM.isBeforeInTranslationUnit(V->getLocation(), Loop->getBody()->getEndLoc())) {
        const Expr *Init = TA.singleValue(V);
        auto IT = Init ? stagedText(Ctx, TA, Init, K, KText, Loop, Depth + 1, C, CText) : std::nullopt;
        if (!IT) {
          Ok = false;
          return std::string();
        }
        return "(" + *IT + ")";
      }
    }
    return std::nullopt;
  });
  if (!Ok)
    return std::nullopt;
  return T;
}

/// Does the loop run whole tiles: `k < bound` with bound - start a provable
/// multiple of \p T (Divisibility, --assume=multiple:NAME:N)? Then neither
/// the staging nor the steps need the loop's bound.
bool wholeTiles(const AnalysisContext &AC, const FunctionDecl *FD, const LoopPlan &P, uint64_t T) {
  if (!P.Cond || P.Cond->getOpcode() != BO_LT || analysis::refVar(P.Cond->getLHS()) != P.Counter)
    return false;
  ASTContext &Ctx = AC.ast();
  analysis::Linearizer Lin(Ctx);
  auto Count = Lin.linearize(P.Cond->getRHS());
  auto Start = Lin.linearize(P.Start);
  if (!Count || !Start)
    return false;
  Count->add(*Start, -1);
  Count->normalize();
  analysis::Divisibility Div(analysis::AnalysisCache::of(Ctx).facts(FD), Lin, AC.assumptions().multiplesIn(FD));
  return Div.multipleOf(*Count, int64_t(T)).T == analysis::Truth::Holds;
}

} // namespace

bool pragmaLines(ASTContext &Ctx, const LoopPlan &P, std::vector<std::string> &Lines) {
  const auto *AS = dyn_cast<AttributedStmt>(P.Outer);
  if (!AS)
    return true;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Attr *A : AS->getAttrs()) {
    SourceLocation Loc = SM.getExpansionLoc(A->getLocation());
    unsigned Start = 0, End = 0;
    StringRef Line = Loc.isValid() ? lineContaining(SM, Loc, Start, End) : StringRef();
    if (!Line.trim().starts_with("#pragma"))
      return false;
    Lines.push_back(Line.trim().str());
  }
  return true;
}

bool placeLoopText(ASTContext &Ctx, ThreadAxes &TA, const LoopPlan &P, EditBuilder &B, const std::string &Text,
                   StringRef Unit, std::string &Why, const Stmt *&At) {
  std::string U = Unit.str();
  auto No = [&](std::string W, const Stmt *S) {
    Why = std::move(W);
    At = S;
    return false;
  };
  // The loop's `#pragma` lines go with it (the caller wrote them into Text).
  std::vector<std::pair<SourceLocation, SourceLocation>> PragmaRanges;
  if (const auto *AS = dyn_cast<AttributedStmt>(P.Outer))
    for (const Attr *A : AS->getAttrs()) {
      const SourceManager &SM = Ctx.getSourceManager();
      SourceLocation Loc = SM.getExpansionLoc(A->getLocation());
      unsigned Start = 0, End = 0;
      StringRef Line = Loc.isValid() ? lineContaining(SM, Loc, Start, End) : StringRef();
      if (!Line.trim().starts_with("#pragma"))
        return No("the loop carries an attribute that is not a '#pragma' line", P.anchor());
      FileID File = SM.getFileID(Loc);
      PragmaRanges.push_back({fileLoc(Ctx, File, Start), fileLoc(Ctx, File, End)});
    }
  switch (P.G) {
  case GuardShape::None:
  case GuardShape::Unreachable:
    for (auto [From, To] : PragmaRanges)
      B.replaceChars(From, To, "");
    B.replaceStatement(P.anchor(), Text);
    break;
  case GuardShape::EarlyReturn: {
    auto Neg = negatedText(Ctx, P.GuardIf->getCond());
    if (!Neg)
      return No("the early return's condition is written in a macro", P.GuardIf);
    B.removeStatement(P.GuardIf);
    for (auto [From, To] : PragmaRanges)
      B.replaceChars(From, To, "");
    B.replaceStatement(P.anchor(), Text);
    if (!P.Post.empty())
      B.wrapLines(P.Post.front(), P.Post.back(), "if (" + *Neg + ")", U);
    break;
  }
  case GuardShape::If: {
    const IfStmt *I = P.GuardIf;
    std::string GI = lineIndent(Ctx, I->getBeginLoc());
    auto CondT = sourceText(Ctx, I->getCond());
    if (!CondT)
      return No("the guard is written in a macro", I);
    // The loop sat one level under the guard; it moves up to the guard's.
    std::string Out;
    if (!P.Pre.empty()) {
      auto PreT = rangeText(Ctx, statementsRange(Ctx, P.Pre.front(), P.Pre.back()));
      if (!PreT)
        return No("the statements before the loop are not plain text", P.Pre.front());
      Out = dedentLines(*PreT, U) + "\n" + GI;
    }
    Out += dedentLines(Text, U);
    if (!P.Post.empty()) {
      auto PostT = rangeText(Ctx, statementsRange(Ctx, P.Post.front(), P.Post.back()));
      if (!PostT)
        return No("the statements after the loop are not plain text", P.Post.front());
      Out += "\n" + GI + "if (" + *CondT + ") {\n" + GI + U + *PostT + "\n" + GI + "}";
    }
    // Hoisted declarations must not collide with what follows the guard.
    bool Clash = false;
    if (const auto *Parent = dyn_cast_or_null<CompoundStmt>(TA.facts().parentOf(I))) {
      std::set<std::string> Declared;
      for (const Stmt *St : P.Pre)
        if (const auto *DS = dyn_cast<DeclStmt>(St))
          for (const Decl *D : DS->decls())
            if (const auto *ND = dyn_cast<NamedDecl>(D))
              Declared.insert(ND->getNameAsString());
      for (const Operand &O : P.Ops)
        Declared.insert(O.Tile);
      for (const Stmt *St : Parent->body()) {
        if (St == I)
          continue;
        auto M = match(traverse(TK_AsIs, findAll(stmt(anyOf(declRefExpr().bind("r"), declStmt().bind("d"))))), *St,
                       Ctx);
        for (const auto &Bn : M) {
          if (const auto *R = Bn.getNodeAs<DeclRefExpr>("r"))
            Clash = Clash || Declared.count(R->getDecl()->getNameAsString());
          if (const auto *D = Bn.getNodeAs<DeclStmt>("d"))
            for (const Decl *X : D->decls())
              if (const auto *ND = dyn_cast<NamedDecl>(X))
                Clash = Clash || Declared.count(ND->getNameAsString());
        }
      }
    }
    if (Clash)
      Out = "{\n" + GI + U + indentLines(Out, U) + "\n" + GI + "}";
    B.replaceStatement(I, Out);
    break;
  }
  }
  return true;
}

namespace {

void forwardEdits(AnalysisContext &AC, const FunctionDecl *FD, LoopPlan &P, Site &S) {
  ASTContext &Ctx = AC.ast();
  EditBuilder B(Ctx);
  ThreadAxes TA(Ctx, FD, P.Block);
  const ForStmt *L = P.Loop;
  const VarDecl *K = P.Counter;
  FreshNames Names(Ctx);
  std::string KName = K->getName().str();
  std::string K0 = Names.getIn(KName + "0", {FD->getBody()});
  std::string KType = K->getType().getAsString(Ctx.getPrintingPolicy());
  uint64_t T = *tileSteps(P);
  std::string TS = std::to_string(T);
  const CompoundStmt *Enclosing = dyn_cast_or_null<CompoundStmt>(TA.facts().parentOf(L));
  std::string U = Enclosing ? indentUnitOf(Ctx, Enclosing) : std::string("  ");
  if (U.empty())
    U = "  ";
  std::string Ind = lineIndent(Ctx, L->getBeginLoc());
  auto Fail = [&](StringRef Why, const Stmt *At) {
    B.failWith(Why.str(), At->getBeginLoc());
    commit(B, S);
  };
  auto StartText = sourceText(Ctx, P.Start);
  auto CondK0 = stagedText(Ctx, TA, L->getCond(), K, K0, L);
  auto CondText = sourceText(Ctx, L->getCond());
  if (!StartText || !CondK0 || !CondText)
    return Fail("the loop's header is written in a macro", L);
  std::vector<std::string> Decls, Stage;
  std::vector<TextEdit> Uses;
  uint64_t BX = P.Block->X, BY = P.Block->Y;
  bool Whole = wholeTiles(AC, FD, P, T);
  S.Facts["tail"] = Whole ? "none: the trip count is a multiple of " + TS : "checked on every step";
  for (Operand &O : P.Ops) {
    const ArraySubscriptExpr *R0 = O.Reads.front();
    O.Tile = Names.getIn(nameStem(R0->getBase(), "operand") + "_tile", {FD->getBody()});
    // The step each thread stages: its lane, or (several loads per thread,
    // or a block operand of a 2-D block) a loop over the tile from it.
    bool Loop = O.Steps < T || (O.K == OperandKind::Uniform && BY > 1);
    std::string Lane = O.K == OperandKind::Col ? "threadIdx.y"
                       : O.K == OperandKind::Row || BY == 1
                           ? "threadIdx.x"
                           : "threadIdx.y * " + std::to_string(BX) + " + threadIdx.x";
    uint64_t Stride = O.K == OperandKind::Col ? BY : O.K == OperandKind::Row ? BX : BX * BY;
    std::string J = Loop ? Names.getIn(KName + "_stage", {FD->getBody()}) : Lane;
    std::string Step = K0 + " + " + J;
    // A copy loop's operand: one staging load per copy, `cs` for its counter.
    std::string CS = O.Copy ? Names.getIn(O.CopyVar->getName().str() + "_copy", {FD->getBody()}) : "";
    auto Idx = stagedText(Ctx, TA, R0->getIdx(), K, Step, L, 0, O.CopyVar, CS);
    auto Base = stagedText(Ctx, TA, R0->getBase(), K, Step, L, 0, O.CopyVar, CS);
    auto Bound = stagedText(Ctx, TA, L->getCond(), K, Step, L);
    if (!Idx || !Base || !Bound)
      return Fail("the staged read " + describe(Ctx, R0) + " is written in a macro", R0);
    // Whole tiles need no bound on the staging.
    std::vector<std::string> Conds;
    if (!Whole)
      Conds.push_back(*Bound);
    for (const Expr *C : O.Kept) {
      std::optional<std::string> CT =
          P.G == GuardShape::EarlyReturn ? negatedText(Ctx, C) : sourceText(Ctx, C);
      if (!CT)
        return Fail("the guard's term " + describe(Ctx, C) + " is written in a macro", C);
      Conds.push_back(needsParens(C, prec::LogicalAnd) && P.G != GuardShape::EarlyReturn ? "(" + *CT + ")" : *CT);
    }
    std::string Dims, Slot, Use;
    std::string KMinus = KName + " - " + K0;
    // Rows (columns) of the tile: the thread's, plus the copy's block
    // extents for a copy loop's operand.
    std::string CopyOf = O.Copy ? " + " + O.CopyVar->getName().str() + " * " : "";
    std::string StageOf = O.Copy ? " + " + CS + " * " : "";
    switch (O.K) {
    case OperandKind::Row:
      Dims = "[" + std::to_string(BY * O.Copies) + "][" + TS + "]";
      Slot = "[threadIdx.y" + (O.Copy ? StageOf + std::to_string(BY) : "") + "][" + J + "]";
      Use = O.Tile + "[threadIdx.y" + (O.Copy ? CopyOf + std::to_string(BY) : "") + "][" + KMinus + "]";
      break;
    case OperandKind::Col:
      Dims = "[" + TS + "][" + std::to_string(BX * O.Copies) + "]";
      Slot = "[" + J + "][threadIdx.x" + (O.Copy ? StageOf + std::to_string(BX) : "") + "]";
      Use = O.Tile + "[" + KMinus + "][threadIdx.x" + (O.Copy ? CopyOf + std::to_string(BX) : "") + "]";
      break;
    case OperandKind::Halo: // planned by planHalo, edited by haloEdits
      return Fail("a halo operand in a loop site", R0);
    case OperandKind::Uniform:
      Dims = "[" + TS + "]";
      Slot = "[" + J + "]";
      Use = O.Tile + "[" + KMinus + "]";
      break;
    }
    Decls.push_back("__shared__ " + O.ElemType + " " + O.Tile + Dims + ";");
    std::string BaseT = isPostfixSafe(R0->getBase()->IgnoreImpCasts()) ? *Base : "(" + *Base + ")";
    std::string Staged = BaseT + "[" + *Idx + "]";
    if (O.Values.front() != R0) {
      auto Whole = stagedText(Ctx, TA, O.Values.front(), K, Step, L, 0, O.CopyVar, CS);
      if (!Whole)
        return Fail("the staged read " + describe(Ctx, O.Values.front()) + " is written in a macro", R0);
      Staged = *Whole;
    }
    std::string Store = O.Tile + Slot + " = " + Staged + ";";
    if (!Conds.empty())
      Store = "if (" + join(Conds, " && ") + ")\n" + Ind + U + U + (Loop ? U : "") + Store;
    if (Loop)
      Store = "for (" + KType + " " + J + " = " + Lane + "; " + J + " < " + TS + "; " + J + " += " +
              std::to_string(Stride) + ")\n" + Ind + U + U + Store;
    if (O.Copy)
      Store = "#pragma unroll\n" + Ind + U + "for (int " + CS + " = 0; " + CS + " < " + std::to_string(O.Copies) +
              "; ++" + CS + ")\n" + Ind + U + U + indentLines(Store, U);
    Stage.push_back(Store);
    for (const Expr *R : O.Values) {
      if (!isUnexpandedText(Ctx, R))
        return Fail("the staged read " + describe(Ctx, R) + " is written in a macro", R);
      Uses.push_back({beginOffset(Ctx, R), endOffset(Ctx, R) - beginOffset(Ctx, R), Use});
    }
  }
  // A `#pragma unroll` stays on the loop it was written for, now the inner
  // loop over a tile's steps.
  std::vector<std::string> Pragmas;
  if (!pragmaLines(Ctx, P, Pragmas))
    return Fail("the loop carries an attribute that is not a '#pragma' line", L);
  CharSourceRange BodyR = statementRange(Ctx, L->getBody());
  if (BodyR.isInvalid())
    return Fail("the loop's body is not plain text", L);
  const SourceManager &SM = Ctx.getSourceManager();
  auto Body = textWithEdits(Ctx, SM.getFileID(BodyR.getBegin()), SM.getFileOffset(BodyR.getBegin()),
                            SM.getFileOffset(BodyR.getEnd()), Uses);
  if (!Body)
    return Fail("the staged reads overlap", L);
  bool Compound = isa<CompoundStmt>(L->getBody());
  std::string In = Ind + U;
  std::string Text = Decls.front();
  for (size_t I = 1; I < Decls.size(); ++I)
    Text += "\n" + Ind + Decls[I];
  Text += "\n" + Ind + "for (" + KType + " " + K0 + " = " + *StartText + "; " + *CondK0 + "; " + K0 + " += " +
          TS + ") {";
  for (const std::string &St : Stage)
    Text += "\n" + In + St;
  Text += "\n" + In + "__syncthreads();";
  // The steps of a tile. Without whole tiles the loop is versioned: a tile
  // whose last step passes the loop's condition runs a fixed count (nvcc
  // unrolls it), the last partial tile checks every step.
  auto Steps = [&](StringRef At, bool Tail) {
    std::string Out;
    for (const std::string &Pr : Pragmas)
      Out += Pr + "\n" + At.str();
    Out += "for (" + (P.Declares ? KType + " " : std::string()) + KName + " = " + K0 + "; " + KName + " < " + K0 +
           " + " + TS + (Tail ? " && " + *CondText : std::string()) + "; ++" + KName + ")" +
           (Compound ? " " : "\n" + At.str() + U) + indentLines(*Body, At.substr(Ind.size()).str());
    return Out;
  };
  if (Whole) {
    Text += "\n" + In + Steps(In, false);
  } else {
    auto Last = stagedText(Ctx, TA, L->getCond(), K, K0 + " + " + std::to_string(T - 1), L);
    if (!Last)
      return Fail("the loop's condition is written in a macro", L);
    Text += "\n" + In + "if (" + *Last + ") {";
    Text += "\n" + In + U + Steps(In + U, false);
    Text += "\n" + In + "} else {";
    Text += "\n" + In + U + Steps(In + U, true);
    Text += "\n" + In + "}";
  }
  Text += "\n" + In + "__syncthreads();";
  Text += "\n" + Ind + "}";

  std::string Why;
  const Stmt *At = nullptr;
  if (!placeLoopText(Ctx, TA, P, B, Text, U, Why, At))
    return Fail(Why, At);
  S.Facts["tile-steps"] = TS;
  commit(B, S);
}

void forwardAt(const RewritePair &Pair, AnalysisContext &AC, const FunctionDecl *FD, const ForStmt *Loop) {
  ASTContext &Ctx = AC.ast();
  LoopPlan P = planLoop(AC, FD, Loop);
  // A loop whose reads no two threads share at one step may be a stencil's
  // tap loop, whose reads neighbouring threads share through the halo.
  if (P.Counter) {
    LoopPlan H;
    HaloRole Role = planHalo(AC, FD, Loop, H);
    if (Role == HaloRole::Inner)
      return; // the site is the nest's outermost tap loop
    if (Role == HaloRole::Root && (!H.Ops.empty() || P.Ops.empty()))
      P = std::move(H);
  }
  // A site is a loop whose body reads global memory through its counter
  // that threads of the block may share.
  bool HaloRefused = P.Halo && (!P.LoopWhy.empty() || !P.FootprintWhy.empty());
  if (P.Counter && P.Ops.empty() && !HaloRefused &&
      llvm::all_of(P.Rejects, [](const Rejected &R) { return R.Unshared; }))
    return;
  if (!P.Counter) {
    // Only loops that read memory through something they step.
    auto M = match(traverse(TK_AsIs, findAll(arraySubscriptExpr().bind("a"))), *Loop->getBody(), Ctx);
    if (M.empty())
      return;
  }
  Site &S = AC.addSite(Name, Direction::Forward, Loop->getBeginLoc(), FD, P.Halo ? "halo" : "loop");
  std::string KName = P.Counter ? P.Counter->getName().str() : std::string("?");
  S.Summary = P.Halo ? "stage the reads of the '" + KName + "' stencil nest that neighbouring threads share, "
                       "halo included, in __shared__ tiles before it"
                     : "stage the reads of the '" + KName + "' loop that threads of a block share in __shared__ tiles";
  if (P.Counter)
    S.Facts["counter"] = KName;
  checkAndEdit(Pair, AC, FD, P, S);
}

} // namespace

void checkAndEdit(const RewritePair &Pair, AnalysisContext &AC, const FunctionDecl *FD, LoopPlan &P, Site &S) {
  ASTContext &Ctx = AC.ast();
  S.Facts["block-shape"] = P.Block ? P.Block->str() : "unknown";
  std::vector<std::string> Ops;
  for (const Operand &O : P.Ops)
    Ops.push_back(nodeText(Ctx, O.Reads.front(), "?") + ":" +
                  (O.K == OperandKind::Row   ? "row"
                   : O.K == OperandKind::Col ? "column"
                   : O.K == OperandKind::Uniform
                       ? "block"
                       : "halo " + join(llvm::map_range(O.Dims, [](const HaloDim &D) { return std::to_string(D.Extent); }),
                                        " x ")));
  if (!Ops.empty())
    S.Facts["operands"] = join(Ops, ", ");
  S.Facts["guard"] = P.G == GuardShape::If ? "if-split" : P.G == GuardShape::EarlyReturn ? "early-return-split"
                     : P.G == GuardShape::None ? "none" : "unreachable";
  PreconditionQuery Q{AC, FD, DynTypedNode::create(*P.anchor()), &P};
  for (const PreconditionSpec &Spec : Pair.preconditions())
    if (Spec.Dir == Direction::Forward && StringRef(Spec.Name) != WriteTransposed) // transpose sites only
      S.check(Spec, Q);
  if (S.verdict() == Status::Fails || P.Ops.empty() || !P.Block)
    return;
  if (P.Halo)
    return haloEdits(AC, FD, P, S);
  forwardEdits(AC, FD, P, S);
}

namespace {

class SmemTile final : public RewritePair {
public:
  StringRef name() const override { return Name; }
  StringRef intent() const override {
    return "stage global reads that the threads of a block share inside a loop (the k loop of a matrix "
           "product) in __shared__ tiles, one coalesced load per thread per tile, instead of every thread "
           "reading every element from global memory";
  }
  ArrayRef<PreconditionSpec> preconditions() const override { return Specs; }
  ArrayRef<OptionSpec> options() const override {
    static const OptionSpec Options[] = {
        {"tile", OptionSpec::Int, "block",
         "the tile's length along the loop's counter (forward): 'block' (blockDim.x for row and block operands, "
         "blockDim.y for column operands, the longest of them) or N, a multiple of each operand's (every thread "
         "then stages N / that elements of it per tile)",
         1, 1024, {"block"}, TilesAgree},
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
      findOffsetHaloSites(*this, AC, F);
      findTransposeSites(*this, AC, F);
    }
  }
};

} // namespace
} // namespace smem_tile

std::unique_ptr<RewritePair> createSmemTile() { return std::make_unique<smem_tile::SmemTile>(); }

} // namespace klineage
