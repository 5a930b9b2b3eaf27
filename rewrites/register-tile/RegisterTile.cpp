//===- RegisterTile.cpp - Each thread computes a TM x TN block of outputs --===//
//
// Part of KLineage. Forward: a kernel whose thread computes the output at
// (row, col) of a 2-D result -- `row` and `col` locals that are the block's
// offset plus threadIdx.y / .x -- computes TM x TN outputs instead, at rows
// `row + i * S` and columns `col + j * S'` (S, S': the rows and columns a
// block spans, strided so that a warp's accesses stay coalesced). The
// block offsets are scaled (`blockIdx.y * blockDim.y` becomes `blockIdx.y *
// TM * blockDim.y`) and every launch's grid is divided. Per-output locals
// (the accumulator) become arrays, statements that compute one output are
// replicated over i and j, loops whose header is the same for every output
// (the k loop) stay single: in their body each global read that depends on
// the row only (`A[row * K + k]`) is loaded once per step into a register
// array and reused for every column, and likewise for the columns -- the
// reuse that makes register blocking pay. Guards about rows and columns
// (`if (row < M && col < N)`, `if (row >= M || col >= N) return;`) stay at
// the base output and are repeated per output where memory is touched.
// Reverse (Reverse.cpp): a TM x TN block back to one output per thread.
//
// Docs: docs/rewrites/register-tile.md.
//
//===----------------------------------------------------------------------===//
#include "RegisterTile.h"
#include "RewriteRegistry.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/LinearForm.h"
#include "klineage/Analysis/ThreadAxes.h"
#include "klineage/Analysis/ThreadIndex.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Cuda/Intrinsics.h"
#include "klineage/Cuda/KernelLauncherGraph.h"
#include "klineage/Frontend/SourcePositions.h"
#include "klineage/Cuda/LaunchBounds.h"
#include "klineage/Cuda/MemorySpace.h"
#include "klineage/Edit/EditBuilder.h"
#include "klineage/Edit/GridEdits.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;
using namespace llvm;
using klineage::analysis::AxisX;
using klineage::analysis::AxisY;

namespace klineage {
namespace register_tile {
namespace {

//===----------------------------------------------------------------------===//
// The plan: indices, dependence, the rewritten body
//===----------------------------------------------------------------------===//

/// One tiled axis: x (columns, factor TN) or y (rows, factor TM).
struct AxisPlan {
  unsigned Bit = 0;    ///< AxisX or AxisY
  unsigned Factor = 1; ///< outputs per thread along the axis
  const VarDecl *Index = nullptr;
  /// The rows a block spans: the factor of blockIdx in the index (blockDim.y,
  /// a constant), as written; and the product node to scale.
  std::string Stride;
  const Expr *BlockTerm = nullptr;
  /// Locals the index's initialiser reads that read thread or block position
  /// (`int ty = threadIdx.y;`): they may serve the index only.
  std::vector<const VarDecl *> Closure;
  std::string Counter; ///< i / j
  /// Upper bounds seen in the guards (`row < M`: M), for grid-covers-bound.
  std::vector<const Expr *> Bounds;
  const char *name() const { return Bit == AxisY ? "row" : "column"; }
  const char *builtinField() const { return Bit == AxisY ? "y" : "x"; }
};

/// One guard term about a tiled axis: what a per-output copy tests.
struct GuardTerm {
  unsigned Bit = 0;
  const Expr *Term = nullptr;
  bool Negate = false; ///< an early return's disjunct: the copy tests its negation
};

struct Verdict {
  std::string Why;
  const Stmt *At = nullptr;
  bool failed() const { return !Why.empty(); }
};

struct Plan : SiteSubject {
  const FunctionDecl *FD = nullptr;
  AxisPlan Ax[2]; ///< [0] x (tn), [1] y (tm)
  Verdict Indices, Guard, Independent, Replicable;
  std::string GuardHow; ///< which guards bound the axes, for the holds reason
  /// Per-output locals and the axes they depend on.
  std::map<const VarDecl *, unsigned, positions::SourceOrder> Dep;
  unsigned Registers = 0, Budget = 255;
  std::string BudgetFrom = "the 255 registers a thread may have";
  std::vector<std::string> Hoisted; ///< "A[row * K + k]" per register array
  /// The rewritten body (from its first statement to its last).
  std::string BodyText;
  bool Built = false;
  /// Some tiled axis has no index: not a 2-D output kernel, no site.
  bool NoSite = false;
  unsigned tiled() const { return (Ax[0].Factor > 1 ? AxisX : 0) | (Ax[1].Factor > 1 ? AxisY : 0); }
  AxisPlan &axis(unsigned Bit) { return Bit == AxisX ? Ax[0] : Ax[1]; }
  const AxisPlan &axis(unsigned Bit) const { return Bit == AxisX ? Ax[0] : Ax[1]; }
};

const Plan &planOf(const PreconditionQuery &Q) { return *static_cast<const Plan *>(Q.Subject); }


bool isBuiltinOf(const Expr *E, cuda::BuiltinVar V, unsigned Dim) {
  auto B = cuda::builtinIndex(E->IgnoreParenImpCasts());
  return B && B->Var == V && B->Dim == Dim;
}

/// \p E reads threadIdx or blockIdx of dimension \p Dim, directly or
/// through locals set once.
bool mentionsPosition(analysis::ThreadAxes &TA, const Stmt *E, unsigned Dim, unsigned Depth = 0) {
  if (!E || Depth > 24)
    return false;
  if (const auto *X = dyn_cast<Expr>(E))
    if (auto B = cuda::builtinIndex(X->IgnoreParenImpCasts()))
      return B->Dim == Dim && B->Var != cuda::BuiltinVar::BlockDim;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      return mentionsPosition(TA, TA.singleValue(V), Dim, Depth + 1);
  for (const Stmt *C : E->children())
    if (mentionsPosition(TA, C, Dim, Depth + 1))
      return true;
  return false;
}

/// Reads the index of axis \p A: the one local set once whose value is the
/// block's offset plus the thread's (`blockIdx.y * blockDim.y +
/// threadIdx.y`, any order, casts, constants for blockDim, locals).
void readIndex(ASTContext &Ctx, analysis::ThreadAxes &TA, Plan &P, AxisPlan &A) {
  const analysis::FunctionFacts &F = TA.facts();
  const CompoundStmt *Body = cast<CompoundStmt>(P.FD->getBody());
  unsigned Dim = A.Bit == AxisX ? 0 : 1;
  std::string Tid = std::string("b:threadIdx.") + A.builtinField(),
              Bid = std::string("b:blockIdx.") + A.builtinField();
  std::vector<const VarDecl *> Found;
  for (const Stmt *S : Body->body()) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    if (!DS)
      continue;
    for (const Decl *D : DS->decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V || !TA.singleValue(V) || !V->getType()->isIntegerType())
        continue;
      if (TA.of(V->getInit()) != A.Bit)
        continue;
      analysis::Linearizer Lin(Ctx);
      auto Form = analysis::expandedForm(Lin, F, V->getInit());
      if (!Form)
        continue;
      bool HasBlock = false, HasThread = false, Other = false;
      for (const auto &[M, C] : Form->Terms) {
        bool B = is_contained(M, Bid), T = is_contained(M, Tid);
        if (T)
          HasThread = M.size() == 1 && C == 1;
        if (B)
          HasBlock = !T;
        for (const std::string &K : M)
          if (StringRef(K).starts_with("b:threadIdx") || StringRef(K).starts_with("b:blockIdx"))
            Other |= K != Tid && K != Bid && !StringRef(K).ends_with(".z");
      }
      if (HasBlock && HasThread && !Other)
        Found.push_back(V);
    }
  }
  if (Found.empty())
    return; // not a 2-D output kernel along this axis: no site
  // The outermost one (row = by * S + ty; later locals built from it are
  // outputs' positions, not the index).
  A.Index = Found.front();
  // The product with blockIdx, where it is written.
  const Expr *Init = A.Index->getInit();
  std::function<const Expr *(const Expr *, unsigned)> FindBlock = [&](const Expr *E, unsigned Depth) -> const Expr * {
    if (!E || Depth > 8)
      return nullptr;
    E = E->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (B->getOpcode() == BO_Mul) {
        const Expr *L = B->getLHS(), *R = B->getRHS();
        if (isBuiltinOf(L, cuda::BuiltinVar::BlockIdx, Dim) || isBuiltinOf(R, cuda::BuiltinVar::BlockIdx, Dim))
          return B;
      }
      if (B->isAdditiveOp() || B->getOpcode() == BO_Mul)
        if (const Expr *X = FindBlock(B->getLHS(), Depth + 1))
          return X;
      if (B->isAdditiveOp())
        return FindBlock(B->getRHS(), Depth + 1);
      return nullptr;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        if (const Expr *VI = TA.singleValue(V))
          return FindBlock(VI, Depth + 1);
    return nullptr;
  };
  const auto *Prod = dyn_cast_or_null<BinaryOperator>(FindBlock(Init, 0));
  if (!Prod) {
    P.Indices = {"the " + std::string(A.name()) + " index '" + A.Index->getName().str() + "' (" +
                     where(Ctx, Init) + ") does not write its block offset as a product blockIdx." +
                     A.builtinField() + " * S that the rewrite can scale",
                 Init};
    return;
  }
  const Expr *Other =
      isBuiltinOf(Prod->getLHS(), cuda::BuiltinVar::BlockIdx, Dim) ? Prod->getRHS() : Prod->getLHS();
  auto StrideText = writtenText(Ctx, Other);
  if (!StrideText || writtenRange(Ctx, Prod).isInvalid() || TA.of(Other) != 0) {
    P.Indices = {"the block offset " + where(Ctx, Prod) + " of the " + A.name() +
                     " index is not plain text of this file with a block-uniform factor",
                 Prod};
    return;
  }
  A.Stride = *StrideText;
  A.BlockTerm = Prod;
  // Locals the index reads (through initialisers) that read the position.
  std::vector<const VarDecl *> Vars;
  TA.varsOf(Init, Vars);
  for (const VarDecl *V : Vars)
    if (V != A.Index && V->hasLocalStorage() && !isa<ParmVarDecl>(V) && TA.singleValue(V) &&
        mentionsPosition(TA, TA.singleValue(V), Dim))
      A.Closure.push_back(V);
}

/// Every read of the position along a tiled axis goes through its index:
/// no other use of threadIdx/blockIdx/gridDim of that axis, nor of the
/// locals the index is built from.
void readPositionUses(ASTContext &Ctx, Plan &P) {
  if (P.Indices.failed())
    return;
  std::set<const Stmt *> Allowed; // initialisers of the indices and their closures
  std::set<const VarDecl *> Closure;
  for (const AxisPlan &A : P.Ax) {
    if (A.Factor <= 1)
      continue;
    Allowed.insert(A.Index->getInit());
    for (const VarDecl *V : A.Closure) {
      Allowed.insert(V->getInit());
      Closure.insert(V);
    }
  }
  const analysis::FunctionFacts &F = analysis::AnalysisCache::of(Ctx).facts(P.FD);
  std::function<bool(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return true;
    if (Allowed.count(S))
      return true;
    if (const auto *E = dyn_cast<Expr>(S)) {
      bool Position = false;
      if (auto B = cuda::builtinIndex(E))
        for (const AxisPlan &A : P.Ax)
          if (A.Factor > 1 && B->Dim == (A.Bit == AxisX ? 0u : 1u) && B->Var != cuda::BuiltinVar::BlockDim)
            Position = true;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
        if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && Closure.count(V))
          Position = true;
      if (Position) {
        P.Indices = {where(Ctx, E) + " reads the thread's position other than through the indices; with " +
                         "several outputs per thread it would name the wrong one",
                     E};
        return false;
      }
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit() && !Allowed.count(V->getInit()))
          if (!Walk(V->getInit()))
            return false;
    for (const Stmt *C : S->children())
      if (!Walk(C))
        return false;
    return true;
  };
  (void)F;
  Walk(P.FD->getBody());
}

/// The axes an expression depends on through the tiled indices and the
/// per-output locals.
unsigned depOf(const Plan &P, const Stmt *S) {
  if (!S)
    return 0;
  unsigned D = 0;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
      for (const AxisPlan &A : P.Ax)
        if (A.Factor > 1 && A.Index == V)
          D |= A.Bit;
      if (auto It = P.Dep.find(V); It != P.Dep.end())
        D |= It->second;
    }
  for (const Stmt *C : S->children())
    D |= depOf(P, C);
  return D;
}

/// A guard term about one tiled axis: `idx < X`, `idx <= X`, `X > idx`,
/// `X >= idx` with X no output depends on (\p Negated: an early return's
/// `idx >= X`, ...); the axis and X.
std::optional<std::pair<unsigned, const Expr *>> axisBound(const Plan &P, const Expr *Term, bool Negated) {
  const auto *B = dyn_cast<BinaryOperator>(Term->IgnoreParenImpCasts());
  if (!B || !B->isComparisonOp())
    return std::nullopt;
  BinaryOperatorKind Op = B->getOpcode();
  for (const AxisPlan &A : P.Ax) {
    if (A.Factor <= 1)
      continue;
    auto Is = [&](const Expr *E) {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return DRE && DRE->getDecl() == A.Index;
    };
    const Expr *Bound = nullptr;
    if (Is(B->getLHS()) && (Negated ? (Op == BO_GE || Op == BO_GT) : (Op == BO_LT || Op == BO_LE)))
      Bound = B->getRHS();
    else if (Is(B->getRHS()) && (Negated ? (Op == BO_LE || Op == BO_LT) : (Op == BO_GT || Op == BO_GE)))
      Bound = B->getLHS();
    if (Bound && depOf(P, Bound) == 0)
      return std::make_pair(A.Bit, Bound);
  }
  return std::nullopt;
}

/// `if (c) ...` whose condition's terms (split at && -- at || for an early
/// return, \p Return) that depend on an index are all upper bounds on the
/// tiled indices: a guard the rewrite keeps at the base output.
bool guardTerms(const Plan &P, const IfStmt *I, bool Return, std::vector<GuardTerm> &Out,
                std::vector<std::pair<unsigned, const Expr *>> *Bounds = nullptr) {
  if (I->getElse() || I->getInit() || I->getConditionVariable())
    return false;
  std::vector<const Expr *> Terms;
  std::function<void(const Expr *)> Split = [&](const Expr *E) {
    const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    if (B && B->getOpcode() == (Return ? BO_LOr : BO_LAnd)) {
      Split(B->getLHS());
      Split(B->getRHS());
    } else {
      Terms.push_back(E);
    }
  };
  Split(I->getCond());
  std::vector<GuardTerm> Found;
  for (const Expr *T : Terms) {
    if (depOf(P, T) == 0)
      continue;
    auto B = axisBound(P, T, Return);
    if (!B)
      return false;
    if (Bounds)
      Bounds->push_back(*B);
    Found.push_back({B->first, T, Return});
  }
  Out.insert(Out.end(), Found.begin(), Found.end());
  return !Found.empty();
}

bool isReturnOnly(const Stmt *S) {
  if (const auto *C = dyn_cast_or_null<CompoundStmt>(S); C && C->size() == 1)
    S = C->body_front();
  const auto *R = dyn_cast_or_null<ReturnStmt>(S);
  return R && !R->getRetValue();
}

/// Per-output locals: those whose value depends on an index, through their
/// assignments and the conditions they are assigned under (a fixpoint).
void readDependence(ASTContext &Ctx, Plan &P) {
  struct Walker : RecursiveASTVisitor<Walker> {
    Plan &P;
    std::vector<unsigned> Control{0};
    bool Changed = false;
    explicit Walker(Plan &P) : P(P) {}
    void assign(const Expr *LHS, unsigned D) {
      const auto *DRE = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts());
      const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      // An element of a local array: the array.
      if (!V)
        if (const auto *AS = dyn_cast<ArraySubscriptExpr>(LHS->IgnoreParenImpCasts()))
          if (const auto *B = dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts()))
            V = dyn_cast<VarDecl>(B->getDecl());
      if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V))
        return;
      D |= Control.back();
      if (!D)
        return;
      unsigned &Cur = P.Dep[V];
      if ((Cur | D) != Cur) {
        Cur |= D;
        Changed = true;
      }
    }
    bool VisitVarDecl(VarDecl *V) {
      if (V->hasLocalStorage() && !isa<ParmVarDecl>(V) && V->getInit()) {
        bool Index = false;
        for (const AxisPlan &A : P.Ax)
          Index |= A.Index == V;
        if (!Index) {
          unsigned D = depOf(P, V->getInit()) | Control.back();
          if (D) {
            unsigned &Cur = P.Dep[V];
            if ((Cur | D) != Cur) {
              Cur |= D;
              Changed = true;
            }
          }
        }
      }
      return true;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (B->isAssignmentOp())
        assign(B->getLHS(), depOf(P, B->getRHS()) | depOf(P, B->getLHS()));
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      if (U->isIncrementDecrementOp())
        assign(U->getSubExpr(), depOf(P, U->getSubExpr()));
      return true;
    }
    bool TraverseIfStmt(IfStmt *I) {
      TraverseStmt(I->getCond());
      // A guard the rewrite keeps: a copy it keeps out is never stored, so
      // what it computes does not matter.
      std::vector<GuardTerm> Ignored;
      bool Guard = guardTerms(P, I, false, Ignored);
      Control.push_back(Control.back() | (Guard ? 0u : depOf(P, I->getCond())));
      TraverseStmt(I->getThen());
      TraverseStmt(I->getElse());
      Control.pop_back();
      return true;
    }
    bool TraverseForStmt(ForStmt *F) {
      TraverseStmt(F->getInit());
      Control.push_back(Control.back() | depOf(P, F->getCond()) | depOf(P, F->getInc()));
      TraverseStmt(F->getCond());
      TraverseStmt(F->getInc());
      TraverseStmt(F->getBody());
      Control.pop_back();
      return true;
    }
    bool TraverseWhileStmt(WhileStmt *W) {
      Control.push_back(Control.back() | depOf(P, W->getCond()));
      TraverseStmt(W->getCond());
      TraverseStmt(W->getBody());
      Control.pop_back();
      return true;
    }
    bool TraverseConditionalOperator(ConditionalOperator *C) {
      TraverseStmt(C->getCond());
      Control.push_back(Control.back() | depOf(P, C->getCond()));
      TraverseStmt(C->getTrueExpr());
      TraverseStmt(C->getFalseExpr());
      Control.pop_back();
      return true;
    }
  };
  (void)Ctx;
  for (unsigned Round = 0; Round < 16; ++Round) {
    Walker W(P);
    W.TraverseStmt(const_cast<Stmt *>(P.FD->getBody()));
    if (!W.Changed)
      break;
  }
}

bool containsKind(const Stmt *S, llvm::function_ref<bool(const Stmt *)> Pred, bool IntoLoops = true) {
  if (!S)
    return false;
  if (Pred(S))
    return true;
  for (const Stmt *C : S->children()) {
    if (!C)
      continue;
    if (!IntoLoops && isa<ForStmt, WhileStmt, DoStmt, SwitchStmt, CXXForRangeStmt>(C))
      continue;
    if (containsKind(C, Pred, IntoLoops))
      return true;
  }
  return false;
}

/// Cooperation between threads (barriers, shared memory, warp intrinsics)
/// ties a thread's work to its position in the block.
const Stmt *firstCooperation(const Stmt *Body) {
  if (const CallExpr *B = analysis::firstBarrier(Body))
    return B;
  const Stmt *Found = nullptr;
  containsKind(Body, [&](const Stmt *S) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && cuda::isShared(V)) {
        Found = S;
        return true;
      }
    if (const auto *C = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *F = C->getDirectCallee(); F && F->getIdentifier()) {
        StringRef N = F->getName();
        if (N.contains("shfl") || N.contains("ballot") || N.starts_with("__any") || N.starts_with("__all") ||
            N.contains("match_") || N.contains("reduce_") || N == "__syncwarp" || N.contains("activemask")) {
          Found = S;
          return true;
        }
      }
    return false;
  });
  return Found;
}

std::string zeroOf(ASTContext &Ctx, QualType T) {
  // A template parameter's type: its own zero, whatever the instance.
  if (T.getNonReferenceType()->getAs<SubstTemplateTypeParmType>())
    return typeText(Ctx, T) + "()";
  T = T.getCanonicalType().getUnqualifiedType();
  if (T->isSpecificBuiltinType(BuiltinType::Float))
    return "0.0f";
  if (T->isRealFloatingType())
    return "0.0";
  if (T->isIntegerType())
    return "0";
  return typeText(Ctx, T) + "()";
}

/// Text of the lines of \p Text with \p From's indentation replaced by \p To.
std::string reindent(StringRef Text, StringRef From, StringRef To) {
  SmallVector<StringRef, 16> Lines;
  Text.split(Lines, '\n');
  std::string Out;
  for (size_t I = 0; I < Lines.size(); ++I) {
    StringRef L = Lines[I];
    if (I > 0) {
      Out += "\n";
      if (L.trim().empty())
        continue;
      if (L.starts_with(From))
        L = L.drop_front(From.size());
      else
        L = L.ltrim();
      Out += To.str();
    }
    Out += L.str();
  }
  return Out;
}

//===----------------------------------------------------------------------===//
// The rewritten body
//===----------------------------------------------------------------------===//

class BodyWriter {
public:
  BodyWriter(ASTContext &Ctx, Plan &P, FreshNames &Names)
      : Ctx(Ctx), P(P), F(analysis::AnalysisCache::of(Ctx).facts(P.FD)), Names(Names) {}

  std::optional<std::string> write() {
    const auto *Body = cast<CompoundStmt>(P.FD->getBody());
    Unit = indentUnitOf(Ctx, Body);
    std::string Ind = lineIndent(Ctx, Body->body_front()->getBeginLoc());
    std::vector<const Stmt *> Ss(Body->body_begin(), Body->body_end());
    std::string Text = list(Ss, Ind, /*TopLevel=*/true);
    if (Failed)
      return std::nullopt;
    // The range starts at the first statement: drop its indentation.
    return StringRef(Text).drop_front(Ind.size()).rtrim('\n').str();
  }

private:
  ASTContext &Ctx;
  Plan &P;
  const analysis::FunctionFacts &F;
  FreshNames &Names;
  std::string Unit;
  std::vector<GuardTerm> Guards;
  bool Failed = false;

  void fail(Verdict &V, std::string Why, const Stmt *At) {
    if (!V.failed())
      V = {std::move(Why), At};
    Failed = true;
  }

  std::string text(const Stmt *S) { return nodeText(Ctx, S, "?"); }

  /// Comments and blank lines between two statements of a list.
  std::string gap(const Stmt *Prev, const Stmt *Cur, const std::string &Ind) {
    CharSourceRange A = statementRange(Ctx, Prev), B = statementRange(Ctx, Cur);
    if (A.isInvalid() || B.isInvalid())
      return "";
    auto T = rangeText(Ctx, CharSourceRange::getCharRange(A.getEnd(), B.getBegin()));
    if (!T)
      return "";
    SmallVector<StringRef, 8> Lines;
    StringRef(*T).split(Lines, '\n');
    std::string Out;
    for (size_t I = 0; I < Lines.size(); ++I) {
      StringRef L = Lines[I].trim();
      if (I == 0) {
        if (!L.empty()) // a trailing comment on the previous statement's line
          Out += " " + L.str();
        continue;
      }
      if (I + 1 == Lines.size())
        break; // the current statement's own line
      Out += "\n" + (L.empty() ? std::string() : Ind + L.str());
    }
    return Out;
  }

  std::string list(ArrayRef<const Stmt *> Ss, const std::string &Ind, bool TopLevel) {
    std::string Out;
    size_t GuardsAtStart = Guards.size();
    for (size_t I = 0; I < Ss.size() && !Failed; ++I) {
      if (I > 0) {
        // The previous statement's text ends with "\n"; a gap goes before it.
        std::string G = gap(Ss[I - 1], Ss[I], Ind);
        if (!G.empty()) {
          if (!Out.empty() && Out.back() == '\n')
            Out.pop_back();
          Out += G + "\n";
        }
      }
      Out += stmt(Ss[I], Ind, TopLevel);
    }
    if (!TopLevel)
      Guards.resize(GuardsAtStart);
    return Out;
  }

  bool readGuard(const IfStmt *I, bool Return, std::vector<GuardTerm> &Out) {
    std::vector<std::pair<unsigned, const Expr *>> Bounds;
    if (!guardTerms(P, I, Return, Out, &Bounds))
      return false;
    for (const auto &[Bit, Bound] : Bounds)
      P.axis(Bit).Bounds.push_back(Bound);
    return true;
  }

  std::string counterLoop(const AxisPlan &A, const std::string &Ind) {
    return Ind + "#pragma unroll\n" + Ind + "for (int " + A.Counter + " = 0; " + A.Counter + " < " +
           std::to_string(A.Factor) + "; ++" + A.Counter + ")";
  }

  /// `idx + c * S`, the copy's index.
  std::string copyIndex(const AxisPlan &A) {
    return A.Index->getName().str() + " + " + A.Counter + " * " +
           parenIf(!all_of(A.Stride, [](char C) { return isAlnum(C) || C == '_' || C == '.'; }), A.Stride);
  }

  /// \p S's text with the indices of the axes \p D and the per-output locals
  /// replaced by the copy's, and \p Hoisted expressions by their registers.
  std::optional<std::string> copyText(const Stmt *S, unsigned D,
                                      const std::vector<std::pair<const Expr *, std::string>> &Hoisted,
                                      bool AsStatement) {
    auto Replace = [&](const Expr *E) -> std::optional<std::string> {
      for (const auto &[H, Name] : Hoisted)
        if (H == E)
          return Name;
      const auto *DRE = dyn_cast<DeclRefExpr>(E);
      const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (!V)
        return std::nullopt;
      for (const AxisPlan &A : P.Ax)
        if (A.Factor > 1 && A.Index == V && (D & A.Bit)) {
          std::string T = copyIndex(A);
          return bareIn(F, E, T) ? T : "(" + T + ")";
        }
      if (auto It = P.Dep.find(V); It != P.Dep.end())
        return V->getName().str() + subscripts(It->second);
      return std::nullopt;
    };
    if (AsStatement)
      return substitutedStmtText(Ctx, S, Replace);
    return substitutedText(Ctx, cast<Expr>(S), Replace);
  }

  std::string subscripts(unsigned D) {
    std::string S;
    if (D & AxisY)
      S += "[" + P.axis(AxisY).Counter + "]";
    if (D & AxisX)
      S += "[" + P.axis(AxisX).Counter + "]";
    return S;
  }
  std::string dims(unsigned D) {
    std::string S;
    if (D & AxisY)
      S += "[" + std::to_string(P.axis(AxisY).Factor) + "]";
    if (D & AxisX)
      S += "[" + std::to_string(P.axis(AxisX).Factor) + "]";
    return S;
  }

  /// The guard of a copy over axes \p D: the active guards' terms about
  /// them, for the copy's indices. nullopt when an axis has none.
  std::optional<std::string> guardText(unsigned D, const Stmt *At) {
    std::vector<std::string> Parts;
    for (unsigned Bit : {unsigned(AxisY), unsigned(AxisX)}) {
      if (!(D & Bit))
        continue;
      bool Any = false;
      for (const GuardTerm &G : Guards) {
        if (G.Bit != Bit)
          continue;
        Any = true;
        const auto *B = cast<BinaryOperator>(G.Term->IgnoreParenImpCasts());
        auto L = copyText(B->getLHS(), Bit, {}, false), R = copyText(B->getRHS(), Bit, {}, false);
        if (!L || !R) {
          fail(P.Replicable, "the guard term " + where(Ctx, G.Term) + " is not plain text of this file", G.Term);
          return std::nullopt;
        }
        StringRef Op = B->getOpcodeStr();
        if (G.Negate)
          Op = BinaryOperator::getOpcodeStr(BinaryOperator::negateComparisonOp(B->getOpcode()));
        Parts.push_back(*L + " " + Op.str() + " " + *R);
      }
      if (!Any) {
        fail(P.Guard, where(Ctx, At) + " touches memory for each " + P.axis(Bit).name() +
                          " while no guard bounds '" + P.axis(Bit).Index->getName().str() +
                          "' there: the tiled grid runs " + P.axis(Bit).name() +
                          "s the original grid did not",
             At);
        return std::nullopt;
      }
    }
    return join(Parts, " && ");
  }

  /// A statement computed per output: replicated over the axes it depends on.
  std::string leaf(const Stmt *S, const std::string &Ind) {
    unsigned D = depOf(P, S);
    std::string Own = lineIndent(Ctx, S->getBeginLoc());
    if (D == 0) {
      if (const Expr *W = analysis::firstMemoryAccess(S, {}, true)) {
        fail(P.Independent, where(Ctx, W) + " writes memory once per thread, not per output: the tiled " +
                                "kernel runs fewer threads",
             W);
        return "";
      }
      // The indices' declarations: their block offsets scaled.
      auto T = substitutedStmtText(Ctx, S, [&](const Expr *E) -> std::optional<std::string> {
        for (const AxisPlan &A : P.Ax)
          if (A.Factor > 1 && A.BlockTerm == E) {
            auto X = writtenText(Ctx, E);
            if (!X)
              return std::nullopt;
            return *X + " * " + std::to_string(A.Factor);
          }
        return std::nullopt;
      });
      if (!T) {
        // A statement that starts or ends in a macro (`__shared__ float
        // t[16];`): copied whole when nothing in it changes.
        bool Scaled = false;
        for (const AxisPlan &A : P.Ax)
          Scaled |= A.BlockTerm && F.encloses(S, A.BlockTerm);
        const SourceManager &SM = Ctx.getSourceManager();
        CharSourceRange R = SM.getExpansionRange(S->getSourceRange());
        auto Whole = Scaled ? std::nullopt : rangeText(Ctx, R);
        if (Whole && !isa<Expr>(S) && !isa<DeclStmt>(S))
          T = Whole;
        else if (Whole)
          if (auto End = offsetPastSemicolon(Ctx, SM.getFileID(R.getEnd()), SM.getFileOffset(R.getEnd())))
            T = *rangeText(Ctx, CharSourceRange::getCharRange(R.getBegin(), fileLoc(Ctx, SM.getFileID(R.getEnd()), *End)));
      }
      if (!T) {
        fail(P.Replicable, where(Ctx, S) + " is not plain text of this file", S);
        return "";
      }
      return Ind + reindent(*T, Own, Ind) + "\n";
    }
    // Replicable: nothing leaves the copy.
    const Stmt *Jump = nullptr;
    containsKind(S, [&](const Stmt *X) {
      if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt>(X) && !Jump)
        Jump = X;
      return Jump != nullptr;
    });
    if (!Jump)
      containsKind(
          S,
          [&](const Stmt *X) {
            if (isa<BreakStmt, ContinueStmt>(X) && !Jump)
              Jump = X;
            return Jump != nullptr;
          },
          /*IntoLoops=*/false);
    if (Jump && !isa<ForStmt, WhileStmt, DoStmt>(S)) {
      fail(P.Replicable, where(Ctx, Jump) + " leaves the code of one output: with several outputs per " +
                             "thread it would leave them all",
           Jump);
      return "";
    }
    if (Jump && containsKind(S, [](const Stmt *X) { return isa<ReturnStmt, GotoStmt>(X); })) {
      fail(P.Replicable, where(Ctx, Jump) + " leaves the code of one output: with several outputs per " +
                             "thread it would leave them all",
           Jump);
      return "";
    }
    // Writes: each to an address of its own output.
    if (const Expr *W = analysis::firstMemoryAccess(S, {}, true)) {
      const Expr *Addr = W;
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(W->IgnoreParenImpCasts()))
        Addr = AS->getIdx();
      if ((depOf(P, Addr) & P.tiled()) != (D & P.tiled()) || isa<CallExpr>(W)) {
        fail(P.Independent, where(Ctx, W) + " writes at an address that does not depend on every index " +
                                "the value does: outputs would share it",
             W);
        return "";
      }
    }
    // Hoist: reads that depend on one axis, in a copy over both that
    // writes no memory -- loaded once per row (column) and reused.
    std::vector<std::pair<const Expr *, std::string>> Hoisted;
    std::string Pre;
    if (D == (AxisX | AxisY) && !analysis::firstMemoryAccess(S, {}, true)) {
      std::vector<const Expr *> Cands;
      std::set<const VarDecl *> Inner;
      containsKind(S, [&](const Stmt *X) {
        if (const auto *DS = dyn_cast<DeclStmt>(X))
          for (const Decl *Dc : DS->decls())
            if (const auto *V = dyn_cast<VarDecl>(Dc))
              Inner.insert(V);
        return false;
      });
      std::function<void(const Stmt *)> Find = [&](const Stmt *X) {
        if (!X)
          return;
        if (const auto *E = dyn_cast<Expr>(X)) {
          unsigned ED = depOf(P, E);
          if ((ED == AxisX || ED == AxisY) && E->isPRValue() && analysis::firstMemoryAccess(E, {}, false) &&
              !analysis::firstMemoryAccess(E, {}, true) &&
              !containsKind(E, [&](const Stmt *Y) {
                const auto *DRE = dyn_cast<DeclRefExpr>(Y);
                return DRE && Inner.count(dyn_cast<VarDecl>(DRE->getDecl()));
              })) {
            Cands.push_back(E);
            return;
          }
        }
        // Only what runs whenever the statement does: a read under a
        // condition or in an inner loop stays where it is.
        if (const auto *I = dyn_cast<IfStmt>(X))
          return Find(I->getCond());
        if (const auto *C = dyn_cast<AbstractConditionalOperator>(X))
          return Find(C->getCond());
        if (const auto *B = dyn_cast<BinaryOperator>(X); B && B->isLogicalOp())
          return Find(B->getLHS());
        if (isa<ForStmt, WhileStmt, DoStmt, SwitchStmt, CXXForRangeStmt>(X))
          return;
        for (const Stmt *C : X->children())
          Find(C);
      };
      Find(S);
      std::map<std::string, std::string> ByText;
      for (const Expr *E : Cands) {
        unsigned ED = depOf(P, E);
        const AxisPlan &A = P.axis(ED);
        auto Body = copyText(E, ED, {}, false);
        auto G = guardText(ED, E);
        if (!Body || !G)
          return "";
        std::string Key = *Body;
        if (auto It = ByText.find(Key); It != ByText.end()) {
          Hoisted.push_back({E, It->second});
          continue;
        }
        std::string Reg = Names.get(nameStem(E->IgnoreParenImpCasts(), "v") + "_reg");
        ByText[Key] = Reg + "[" + A.Counter + "]";
        Hoisted.push_back({E, Reg + "[" + A.Counter + "]"});
        P.Hoisted.push_back(nodeText(Ctx, E, "?"));
        P.Registers += A.Factor * std::max<unsigned>(1, Ctx.getTypeSize(E->getType()) / 32);
        Pre += Ind + typeText(Ctx, E->getType()) + " " + Reg + "[" + std::to_string(A.Factor) + "];\n";
        Pre += counterLoop(A, Ind) + "\n" + Ind + Unit + Reg + "[" + A.Counter + "] = " +
               (G->empty() ? *Body : *G + " ? " + *Body + " : " + zeroOf(Ctx, E->getType())) + ";\n";
      }
    }
    std::vector<const Expr *> HoistedExprs;
    for (const auto &H : Hoisted)
      HoistedExprs.push_back(H.first);
    std::string Guard;
    if (analysis::firstMemoryAccess(S, HoistedExprs, false)) {
      auto G = guardText(D, S);
      if (!G)
        return "";
      Guard = *G;
    }
    auto Copy = copyText(S, D, Hoisted, true);
    if (!Copy) {
      fail(P.Replicable, where(Ctx, S) + " is not plain text of this file (a macro spans it)", S);
      return "";
    }
    return Pre + replicated(D, Guard, reindent(*Copy, Own, ""), Ind);
  }

  /// The copies over the axes \p D of statement text \p Body (its lines
  /// after the first without indentation).
  std::string replicated(unsigned D, const std::string &Guard, const std::string &Body, const std::string &Ind) {
    std::string Out, In = Ind;
    for (unsigned Bit : {unsigned(AxisY), unsigned(AxisX)})
      if (D & Bit) {
        Out += counterLoop(P.axis(Bit), In) + "\n";
        In += Unit;
      }
    if (!Guard.empty()) {
      Out += In + "if (" + Guard + ")\n";
      In += Unit;
    }
    return Out + In + reindent(Body, "", In) + "\n";
  }

  std::string declaration(const DeclStmt *DS, const std::string &Ind) {
    std::string Out;
    unsigned PerOutput = 0, Count = 0;
    for (const Decl *D : DS->decls()) {
      ++Count;
      if (const auto *V = dyn_cast<VarDecl>(D); V && P.Dep.count(V))
        ++PerOutput;
    }
    if (PerOutput == 0)
      return leaf(DS, Ind);
    if (PerOutput != Count) {
      fail(P.Replicable, where(Ctx, DS) + " declares an output's local with others in one statement", DS);
      return "";
    }
    for (const Decl *D : DS->decls()) {
      const auto *V = cast<VarDecl>(D);
      auto It = P.Dep.find(V);
      if (V->getType()->isReferenceType() || V->getType()->isArrayType() || V->isStaticLocal() ||
          cuda::isShared(V)) {
        fail(P.Replicable, "'" + V->getName().str() + "' differs per output and is not a scalar local: it " +
                               "cannot become one register per output",
             DS);
        return "";
      }
      std::string T = typeText(Ctx, V->getType());
      P.Registers += [&] {
        unsigned N = std::max<unsigned>(1, Ctx.getTypeSize(V->getType()) / 32);
        if (It->second & AxisY)
          N *= P.axis(AxisY).Factor;
        if (It->second & AxisX)
          N *= P.axis(AxisX).Factor;
        return N;
      }();
      // A copy past the bounds skips a guarded initialiser: zero it so
      // what that copy computes reads no indeterminate value.
      bool GuardedInit = V->getInit() && analysis::firstMemoryAccess(V->getInit(), {}, false);
      Out += Ind + T + " " + V->getName().str() + dims(It->second) + (GuardedInit ? " = {}" : "") + ";\n";
      if (const Expr *Init = V->getInit()) {
        if (isa<ParenListExpr, CXXConstructExpr>(Init->IgnoreImplicit())) {
          fail(P.Replicable, "'" + V->getName().str() + "' is initialised by a constructor", DS);
          return "";
        }
        std::string Guard;
        if (analysis::firstMemoryAccess(Init, {}, false)) {
          auto G = guardText(It->second, Init);
          if (!G)
            return "";
          Guard = *G;
        }
        auto X = copyText(Init, It->second, {}, false);
        if (!X) {
          fail(P.Replicable, where(Ctx, Init) + " is not plain text of this file", Init);
          return "";
        }
        Out += replicated(It->second, Guard, V->getName().str() + subscripts(It->second) + " = " + *X + ";",
                          Ind);
      }
    }
    return Out;
  }

  std::string loopHead(const Stmt *S) {
    SourceLocation End;
    if (const auto *For = dyn_cast<ForStmt>(S))
      End = For->getRParenLoc();
    else if (const auto *W = dyn_cast<WhileStmt>(S))
      End = W->getRParenLoc();
    CharSourceRange R = editableRange(Ctx, SourceRange(S->getBeginLoc(), End));
    auto T = R.isValid() ? rangeText(Ctx, R) : std::nullopt;
    return T ? *T : std::string();
  }

  std::string stmt(const Stmt *S, const std::string &Ind, bool TopLevel) {
    if (isa<NullStmt>(S))
      return "";
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      std::vector<const Stmt *> Ss(CS->body_begin(), CS->body_end());
      return Ind + "{\n" + list(Ss, Ind + Unit, false) + Ind + "}\n";
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      return declaration(DS, Ind);
    if (depOf(P, S) == 0)
      return leaf(S, Ind);
    if (const auto *A = dyn_cast<AttributedStmt>(S)) {
      std::string Pragmas;
      for (const Attr *At : A->getAttrs()) {
        unsigned B = 0, E = 0;
        StringRef Line = lineContaining(Ctx.getSourceManager(),
                                        Ctx.getSourceManager().getExpansionLoc(At->getLocation()), B, E);
        if (Line.trim().starts_with("#pragma"))
          Pragmas += Ind + Line.trim().str() + "\n";
      }
      const Stmt *Sub = A->getSubStmt();
      if (isa<ForStmt, WhileStmt>(Sub) && descends(Sub))
        return Pragmas + stmt(Sub, Ind, TopLevel);
      return leaf(S, Ind);
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      return declaration(DS, Ind);
    if (const auto *I = dyn_cast<IfStmt>(S)) {
      std::vector<GuardTerm> Terms;
      if (isReturnOnly(I->getThen())) {
        if (TopLevel && readGuard(I, true, Terms)) {
          // `if (row >= M || ...) return;` at the base output: every copy
          // is past it too (its index only grows); what follows is guarded.
          auto T = rangeText(Ctx, statementRange(Ctx, I));
          Guards.insert(Guards.end(), Terms.begin(), Terms.end());
          return Ind + reindent(T ? *T : text(I), lineIndent(Ctx, I->getBeginLoc()), Ind) + "\n";
        }
        return leaf(S, Ind);
      }
      if (readGuard(I, false, Terms)) {
        auto C = sourceText(Ctx, I->getCond());
        if (!C) {
          fail(P.Replicable, "the guard " + where(Ctx, I->getCond()) + " is not plain text of this file", I);
          return "";
        }
        size_t Mark = Guards.size();
        Guards.insert(Guards.end(), Terms.begin(), Terms.end());
        std::string Out = Ind + "if (" + *C + ") " + block(I->getThen(), Ind);
        Guards.resize(Mark);
        return Out;
      }
      if (depOf(P, I->getCond()) == 0 && !I->getInit() && !I->getConditionVariable()) {
        auto C = sourceText(Ctx, I->getCond());
        if (C) {
          std::string Out = Ind + "if (" + *C + ") " + block(I->getThen(), Ind);
          if (const Stmt *E = I->getElse()) {
            Out.pop_back();
            Out += " else " + block(E, Ind);
          }
          return Out;
        }
      }
      return leaf(S, Ind);
    }
    if (isa<ForStmt, WhileStmt>(S) && descends(S)) {
      std::string Head = loopHead(S);
      const Stmt *Body = isa<ForStmt>(S) ? cast<ForStmt>(S)->getBody() : cast<WhileStmt>(S)->getBody();
      return Ind + Head + " " + block(Body, Ind);
    }
    return leaf(S, Ind);
  }

  /// `{` + the statements + `}` at \p Ind (a lone statement gets braces).
  std::string block(const Stmt *S, const std::string &Ind) {
    std::vector<const Stmt *> Ss;
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      Ss.assign(CS->body_begin(), CS->body_end());
    else
      Ss.push_back(S);
    return "{\n" + list(Ss, Ind + Unit, false) + Ind + "}\n";
  }

  /// A loop whose header no output depends on, which no jump leaves: it
  /// stays one loop, its body rewritten (the k loop).
  bool descends(const Stmt *S) {
    if (const auto *For = dyn_cast<ForStmt>(S)) {
      if (depOf(P, For->getInit()) || depOf(P, For->getCond()) || depOf(P, For->getInc()) ||
          For->getConditionVariable())
        return false;
      if (loopHead(S).empty())
        return false;
    } else if (const auto *W = dyn_cast<WhileStmt>(S)) {
      if (depOf(P, W->getCond()) || W->getConditionVariable() || loopHead(S).empty())
        return false;
    } else {
      return false;
    }
    const Stmt *Body = isa<ForStmt>(S) ? cast<ForStmt>(S)->getBody() : cast<WhileStmt>(S)->getBody();
    return !containsKind(Body, [](const Stmt *X) { return isa<ReturnStmt, GotoStmt>(X); }) &&
           !containsKind(
               Body, [](const Stmt *X) { return isa<BreakStmt, ContinueStmt>(X); }, /*IntoLoops=*/false);
  }
};

Plan planKernel(const AnalysisContext &AC, const FunctionDecl *FD) {
  ASTContext &Ctx = AC.ast();
  Plan P;
  P.FD = FD;
  P.Ax[0].Bit = AxisX;
  P.Ax[1].Bit = AxisY;
  auto Int = [&](const char *Key, unsigned Def) {
    unsigned N = Def;
    if (auto V = AC.option(Key))
      if (StringRef(*V).getAsInteger(10, N))
        N = Def;
    return N;
  };
  P.Ax[1].Factor = Int("tm", 4);
  P.Ax[0].Factor = Int("tn", 4);
  analysis::ThreadAxes TA(Ctx, FD, std::nullopt);
  for (AxisPlan &A : P.Ax)
    if (A.Factor > 1)
      readIndex(Ctx, TA, P, A);
  for (AxisPlan &A : P.Ax)
    if (A.Factor > 1 && !A.Index) {
      P.NoSite = true;
      return P;
    }
  readPositionUses(Ctx, P);
  if (P.Indices.failed())
    return P;
  if (const Stmt *C = firstCooperation(FD->getBody()))
    P.Independent = {where(Ctx, C) + " cooperates with other threads of the block (a barrier, shared memory, " +
                         "a warp intrinsic): a thread's work is tied to its position",
                     C};
  readDependence(Ctx, P);
  // Budget: __launch_bounds__ (65536 registers over its threads), else 255.
  if (auto LB = cuda::launchBounds(FD); LB && LB->MaxThreads && *LB->MaxThreads > 0) {
    P.Budget = std::min<unsigned>(255, unsigned(65536 / *LB->MaxThreads));
    P.BudgetFrom = "__launch_bounds__(" + std::to_string(*LB->MaxThreads) + ") leaves " +
                   std::to_string(P.Budget) + " registers a thread";
  }
  P.Registers = 24; // addresses, indices, loop counters
  FreshNames Names(Ctx);
  const auto *Body = dyn_cast<CompoundStmt>(FD->getBody());
  std::vector<const Stmt *> Scope{FD->getBody()};
  P.Ax[1].Counter = Names.getIn("i", Scope);
  P.Ax[0].Counter = Names.getIn("j", Scope);
  if (!Body || Body->body_empty())
    return P;
  BodyWriter W(Ctx, P, Names);
  if (auto T = W.write()) {
    P.BodyText = *T;
    P.Built = true;

  }
  for (const AxisPlan &A : P.Ax)
    if (A.Factor > 1 && A.Bounds.empty() && !P.Guard.failed())
      P.Guard = {std::string("no guard bounds the ") + A.name() + " index '" + A.Index->getName().str() +
                     "' (`if (" + A.Index->getName().str() + " < N)`, `if (" + A.Index->getName().str() +
                     " >= N) return;`): the tiled grid runs " + A.name() + "s the original grid did not",
                 A.Index->getInit()};
  return P;
}

//===----------------------------------------------------------------------===//
// Preconditions
//===----------------------------------------------------------------------===//

Status verdict(const Verdict &V, const ASTContext &Ctx, PreconditionResult &R, std::string Holds) {
  if (V.failed()) {
    R.Reason = V.Why;
    if (V.At)
      R.Evidence.push_back(evidenceAt(Ctx, V.At->getBeginLoc(), "here", "blocks the rewrite"));
    return Status::Fails;
  }
  R.Reason = std::move(Holds);
  return Status::Holds;
}

Status checkIndicesAffine(const PreconditionQuery &Q, PreconditionResult &R) {
  const Plan &P = planOf(Q);
  std::vector<std::string> Parts;
  for (const AxisPlan &A : P.Ax)
    if (A.Factor > 1 && A.Index)
      Parts.push_back("'" + A.Index->getName().str() + "' is blockIdx." + A.builtinField() + " * " + A.Stride +
                      " + threadIdx." + A.builtinField());
  return verdict(P.Indices, Q.AC.ast(), R,
                 join(Parts, "; ") + "; the thread's position is read through them only");
}

Status checkTailGuarded(const PreconditionQuery &Q, PreconditionResult &R) {
  const Plan &P = planOf(Q);
  if (P.Indices.failed()) {
    R.Reason = "the indices are not known";
    return Status::Fails;
  }
  std::vector<std::string> Parts;
  for (const AxisPlan &A : P.Ax)
    if (A.Factor > 1)
      for (const Expr *B : A.Bounds)
        Parts.push_back("'" + A.Index->getName().str() + "' < " + nodeText(Q.AC.ast(), B, "?"));
  return verdict(P.Guard, Q.AC.ast(), R,
                 "every output's memory accesses are guarded (" + join(Parts, ", ") +
                     "): the copies past the bounds do nothing");
}

Status checkOutputsIndependent(const PreconditionQuery &Q, PreconditionResult &R) {
  const Plan &P = planOf(Q);
  if (P.Indices.failed()) {
    R.Reason = "the indices are not known";
    return Status::Fails;
  }
  return verdict(P.Independent, Q.AC.ast(), R,
                 "threads do not cooperate (no barrier, shared memory or warp intrinsic) and every store is "
                 "at an address of its own output");
}

Status checkOutputCodeReplicable(const PreconditionQuery &Q, PreconditionResult &R) {
  const Plan &P = planOf(Q);
  if (P.Indices.failed()) {
    R.Reason = "the indices are not known";
    return Status::Fails;
  }
  std::vector<std::string> Locals;
  for (const auto &[V, D] : P.Dep)
    Locals.push_back("'" + V->getName().str() + "'");
  std::string Hoist = P.Hoisted.empty() ? std::string("no read is shared")
                                        : "reads kept in registers and reused: " + join(P.Hoisted, ", ");
  return verdict(P.Replicable, Q.AC.ast(), R,
                 "per-output locals (" + (Locals.empty() ? std::string("none") : join(Locals, ", ")) +
                     ") become register arrays, no jump leaves an output's code; " + Hoist);
}

Status checkRegistersFit(const PreconditionQuery &Q, PreconditionResult &R) {
  const Plan &P = planOf(Q);
  if (!P.Built) {
    R.Reason = "the rewritten body was not built";
    return Status::Fails;
  }
  std::string Est = "about " + std::to_string(P.Registers) + " registers a thread (the per-output arrays, the " +
                    "reused reads and 24 for addresses and counters)";
  if (P.Registers > P.Budget) {
    R.Reason = Est + ", more than " + P.BudgetFrom + ": it would spill to local memory";
    return Status::Fails;
  }
  R.Reason = Est + ", within " + P.BudgetFrom + " (ptxas decides: the gate reports spills)";
  return Status::Holds;
}

Status checkLaunchEditable(const PreconditionQuery &Q, PreconditionResult &R) {
  const Plan &P = planOf(Q);
  return checkLaunches(Q, R, true, {P.Ax[0].Factor, P.Ax[1].Factor, 1});
}

/// The expression written for component \p Dim of a launch argument,
/// through a dim3 variable's constructor.
const Expr *componentOf(const Expr *Arg, unsigned Dim, unsigned Depth = 0) {
  cuda::Dim3Component C = cuda::dim3Component(Arg, Dim);
  if (C.Value)
    return C.Value;
  if (C.Object && Depth < 4)
    if (const auto *DRE = dyn_cast<DeclRefExpr>(C.Object->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && V->getInit() && V->hasLocalStorage())
        return componentOf(V->getInit(), Dim, Depth + 1);
  return nullptr;
}

Status checkGridCoversBound(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  const Plan &P = planOf(Q);
  std::string Kernel = Q.Function->getNameAsString();
  if (P.Indices.failed() || P.Guard.failed()) {
    R.Reason = "the indices or their guards are not known";
    return Status::Fails;
  }
  // The extra blocks of a ceil-divided grid run indices past the original
  // grid: they must be past the guard's bound too, i.e. the original grid
  // is no larger than the bound needs.
  R.Reason = "the tiled grid's last blocks run " + std::string("indices past the original grid; they do nothing ") +
             "only if the original grid is the ceil-division of the guard's bound by the block";
  if (Q.AC.assumptions().gridEditExternal(Kernel) || Q.AC.assumptions().all()) {
    R.Reason += " (not checked: the launches are not read)";
    return Status::Unknown;
  }
  cuda::KernelLauncherGraph G(Ctx);
  auto Ls = G.distinctLaunchesOf(Q.Function);
  if (Ls.empty()) {
    R.Reason += "; no launch is in this file";
    return Status::Unknown;
  }
  std::vector<std::string> Seen;
  for (const cuda::LaunchSite *L : Ls) {
    for (const AxisPlan &A : P.Ax) {
      if (A.Factor <= 1)
        continue;
      unsigned Dim = A.Bit == AxisX ? 0 : 1;
      const Expr *GC = L->Grid.E ? componentOf(L->Grid.E, Dim) : nullptr;
      analysis::Linearizer Lin(Ctx);
      auto CD = GC ? analysis::ceilDivOf(Lin, GC) : std::nullopt;
      bool Ok = false;
      if (CD) {
        // The denominator: the launch's block along the axis.
        const Expr *BC = L->Block.E ? componentOf(L->Block.E, Dim) : nullptr;
        auto DenForm = CD->DenE ? Lin.linearize(CD->DenE) : std::nullopt;
        auto BlockForm = BC ? Lin.linearize(BC) : std::nullopt;
        Expr::EvalResult ER;
        bool DenIsBlock =
            (DenForm && BlockForm && DenForm->symbolicKey() == BlockForm->symbolicKey() &&
             DenForm->constant() == BlockForm->constant());
        if (!DenIsBlock && CD->DenE)
          if (const auto *M = dyn_cast<MemberExpr>(CD->DenE->IgnoreParenImpCasts()))
            if (M->getMemberDecl()->getName() == A.builtinField() && L->Block.E) {
              const auto *BD = dyn_cast<DeclRefExpr>(M->getBase()->IgnoreParenImpCasts());
              const Expr *BObj = cuda::dim3Component(L->Block.E, Dim).Object;
              const auto *LB = BObj ? dyn_cast<DeclRefExpr>(BObj->IgnoreParenImpCasts()) : nullptr;
              DenIsBlock = BD && LB && BD->getDecl() == LB->getDecl();
            }
        // The numerator: the guard's bound at the launch.
        for (const Expr *B : A.Bounds) {
          const Expr *AtLaunch = nullptr;
          if (const auto *DRE = dyn_cast<DeclRefExpr>(B->IgnoreParenImpCasts()))
            if (const auto *PV = dyn_cast<ParmVarDecl>(DRE->getDecl()))
              AtLaunch = cuda::launchArgument(Ctx, *L, PV->getFunctionScopeIndex());
          auto BF = AtLaunch ? Lin.linearize(AtLaunch) : std::nullopt;
          if (BF && BF->symbolicKey() == CD->Num.symbolicKey() && BF->constant() == CD->Num.constant() &&
              DenIsBlock)
            Ok = true;
        }
      }
      if (!Ok) {
        R.Reason += "; at " + launchDescription(Ctx, *L) + " the grid's " + A.builtinField() + " (" +
                    (GC ? nodeText(Ctx, GC, "?") : std::string("not written")) +
                    ") is not read as the ceil-division of the " + A.name() + " bound by the block";
        R.Evidence.push_back(evidenceAt(Ctx, L->Loc, "launch", "this launch"));
        return Status::Unknown;
      }
      Seen.push_back(std::string(A.builtinField()) + ": " + nodeText(Ctx, GC, "?"));
    }
  }
  R.Reason = "every launch's grid is the ceil-division of the guard's bound by the block (" + join(Seen, "; ") +
             "): the tiled grid's extra indices fail the guard";
  return Status::Holds;
}

const PreconditionSpec Specs[] = {
    {IndicesAffine, Direction::Forward, 2601,
     "each tiled axis has one index local, set once, blockIdx * S + threadIdx (S block-uniform, written as a "
     "product the rewrite scales); the thread's position along it is read through that local only",
     &checkIndicesAffine},
    {TailGuarded, Direction::Forward, 2602,
     "every memory access of an output's code is under guards that bound its indices from above (`row < M`, "
     "`if (row >= M) return;`): the copies past the matrix do nothing",
     &checkTailGuarded},
    {OutputsIndependent, Direction::Forward, 2603,
     "threads do not cooperate (no barrier, shared memory, warp intrinsic), code run once per thread writes "
     "no memory, and each store's address depends on every index its value does",
     &checkOutputsIndependent},
    {OutputCodeReplicable, Direction::Forward, 2604,
     "an output's code can be copied per output: its locals are scalars (they become register arrays), no "
     "return, goto, break or continue leaves it, its text is plain source",
     &checkOutputCodeReplicable},
    {RegistersFit, Direction::Forward, 2605,
     "the estimated registers (per-output arrays, reused reads, 24 more) fit the budget: 255, or 65536 / the "
     "__launch_bounds__ threads",
     &checkRegistersFit},
    {LaunchEditable, Direction::Forward, 1604,
     "every launch of the kernel is found and its grid editable (or --assume=grid-edit-external:KERNEL)",
     &checkLaunchEditable},
    {GridCoversBound, Direction::Forward, 2607,
     "every launch's grid along a tiled axis is the ceil-division of the guard's bound by the block, so the "
     "extra indices of the divided grid fail the guard",
     &checkGridCoversBound},
    {TileLoopsRecognised, Direction::Reverse, 2611,
     "the kernel's outputs are copies over constant-count loops (`for (int i = 0; i < TM; ++i)`) whose "
     "counters appear only as `idx + i * S` and as the subscripts of per-output register arrays, and the "
     "kernel has a loop besides them (as every kernel the forward tiles)",
     &checkTileLoopsRecognised},
    {IndexScalable, Direction::Reverse, 2612,
     "the tiled index's block offset is written `blockIdx * ... * TM` (a factor the rewrite can drop) and its "
     "copies step by the block's span S",
     &checkIndexScalable},
    {ReverseLaunchEditable, Direction::Reverse, 2613,
     "every launch of the kernel is found and its grid editable (multiplied back), or "
     "--assume=grid-edit-external:KERNEL",
     &checkReverseLaunchEditable},
};

void forwardAt(const RewritePair &Pair, AnalysisContext &AC, const FunctionDecl *FD) {
  ASTContext &Ctx = AC.ast();
  // A site: a kernel with a 2-D output index (some local is blockIdx.y *
  // S + threadIdx.y or the x form) and a loop.
  auto Loops = match(traverse(TK_AsIs, findAll(stmt(anyOf(forStmt(), whileStmt())).bind("l"))), *FD->getBody(), Ctx);
  if (Loops.empty())
    return;
  Plan P = planKernel(AC, FD);
  if (P.NoSite || (P.Ax[0].Factor <= 1 && P.Ax[1].Factor <= 1))
    return;
  Site &S = AC.addSite(Name, Direction::Forward, FD->getLocation(), FD, "kernel");
  S.Summary = "compute a " + std::to_string(P.Ax[1].Factor) + " x " + std::to_string(P.Ax[0].Factor) +
              " block of outputs per thread of '" + FD->getNameAsString() + "', reads shared along a row or " +
              "column kept in registers";
  S.Facts["tm"] = std::to_string(P.Ax[1].Factor);
  S.Facts["tn"] = std::to_string(P.Ax[0].Factor);
  for (const AxisPlan &A : P.Ax)
    if (A.Index)
      S.Facts[A.Bit == AxisY ? "row-index" : "column-index"] = A.Index->getName().str();
  if (P.Built)
    S.Facts["registers-estimate"] = std::to_string(P.Registers);
  PreconditionQuery Q{AC, FD, DynTypedNode::create(*FD), &P};
  for (const PreconditionSpec &Spec : Pair.preconditions())
    if (Spec.Dir == Direction::Forward)
      S.check(Spec, Q);
  if (S.verdict() == Status::Fails || !P.Built)
    return;
  commitKernel(AC, FD, P.BodyText, true, {P.Ax[0].Factor, P.Ax[1].Factor, 1}, S);
}

class RegisterTile final : public RewritePair {
public:
  StringRef name() const override { return Name; }
  StringRef intent() const override {
    return "give each thread a TM x TN block of a 2-D result instead of one output, so that a read shared by a "
           "row (column) of outputs is loaded once into a register and reused TN (TM) times";
  }
  ArrayRef<PreconditionSpec> preconditions() const override { return Specs; }
  ArrayRef<OptionSpec> options() const override {
    static const OptionSpec Options[] = {
        {"tm", OptionSpec::Int, "4", "outputs per thread along threadIdx.y (rows); 1 leaves rows alone", 1, 16},
        {"tn", OptionSpec::Int, "4", "outputs per thread along threadIdx.x (columns); 1 leaves columns alone", 1,
         16},
    };
    return Options;
  }

  void findSites(Direction D, AnalysisContext &AC) const override {
    for (const FunctionDecl *F : cuda::kernelDefinitions(AC.ast())) {
      if (D == Direction::Reverse)
        findReverseSites(*this, AC, F);
      else
        forwardAt(*this, AC, F);
    }
  }
};

} // namespace

/// The text of a type for a declaration: a template parameter by its name
/// (the instantiation's type is one of many), otherwise as printed.
std::string typeText(ASTContext &Ctx, QualType T) {
  T = T.getNonReferenceType();
  if (const auto *ST = T->getAs<SubstTemplateTypeParmType>())
    if (const auto *Parm = ST->getReplacedParameter(); Parm && Parm->getIdentifier())
      return Parm->getName().str();
  T = T.getUnqualifiedType();
  PrintingPolicy PP(Ctx.getLangOpts());
  PP.SuppressTagKeyword = true;
  return T.getAsString(PP);
}

Status checkLaunches(const PreconditionQuery &Q, PreconditionResult &R, bool Divide,
                     std::array<unsigned, 3> Factors) {
  ASTContext &Ctx = Q.AC.ast();
  std::string Kernel = Q.Function->getNameAsString();
  const char *Verb = Divide ? "divided" : "multiplied back";
  if (Q.AC.assumptions().gridEditExternal(Kernel)) {
    R.Reason = "asserted (grid-edit-external): the launches of '" + Kernel + "' are " + Verb + " outside this file";
    return Status::Holds;
  }
  cuda::KernelLauncherGraph G(Ctx);
  auto Ls = G.distinctLaunchesOf(Q.Function);
  R.Assumable = "grid-edit-external:" + Kernel;
  if (Ls.empty()) {
    R.Reason = "no launch of '" + Kernel + "' is in this file; its grid must " + (Divide ? "shrink" : "grow") +
               " with the rewrite";
    return Status::Unknown;
  }
  if (auto Esc = G.escapesOf(Q.Function); !Esc.empty()) {
    R.Reason = "'" + Kernel + "' is used at " + where(Ctx, Esc.front()) +
               " other than in a launch; it may be launched where no launch is seen";
    return Status::Unknown;
  }
  for (const cuda::LaunchSite *L : Ls) {
    if (!L->Editable) {
      R.Reason = launchDescription(Ctx, *L) + " is spelled by a macro or outside this file";
      return Status::Unknown;
    }
    EditBuilder Scratch(Ctx);
    if (auto Why = Divide ? divideGrid(Scratch, Ctx, *L, Factors) : multiplyGrid(Scratch, Ctx, *L, Factors)) {
      R.Reason = *Why;
      return Status::Unknown;
    }
  }
  R.Assumable.clear();
  R.Reason = std::to_string(Ls.size()) + " launch" + (Ls.size() == 1 ? "" : "es") + " of '" + Kernel +
             "' found; each grid is " + Verb + " (ceil) along the tiled axes";
  return Status::Holds;
}

void commitKernel(AnalysisContext &AC, const FunctionDecl *FD, const std::string &Text, bool Divide,
                  std::array<unsigned, 3> Factors, Site &S) {
  ASTContext &Ctx = AC.ast();
  EditBuilder B(Ctx);
  const auto *Body = cast<CompoundStmt>(FD->getBody());
  CharSourceRange R = statementsRange(Ctx, Body->body_front(), Body->body_back());
  if (R.isInvalid()) {
    B.failWith("the kernel's body is not plain text of this file", FD->getLocation());
  } else {
    B.replaceChars(R.getBegin(), R.getEnd(), Text);
    if (!AC.assumptions().gridEditExternal(FD->getNameAsString())) {
      cuda::KernelLauncherGraph G(Ctx);
      for (const cuda::LaunchSite *L : G.distinctLaunchesOf(FD))
        if (auto Why = Divide ? divideGrid(B, Ctx, *L, Factors) : multiplyGrid(B, Ctx, *L, Factors)) {
          B.failWith(*Why, L->Loc);
          break;
        }
    }
  }
  commit(B, S);
}

} // namespace register_tile

std::unique_ptr<RewritePair> createRegisterTile() { return std::make_unique<register_tile::RegisterTile>(); }

} // namespace klineage
