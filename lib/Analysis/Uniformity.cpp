//===- Uniformity.cpp - Is a value the same for a warp, a block, the grid? ===//
#include "klineage/Analysis/Uniformity.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/PointerProvenance.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Cuda/Intrinsics.h"
#include "klineage/Cuda/MemorySpace.h"
#include "klineage/Frontend/SourcePositions.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>

using namespace clang;

namespace klineage {
namespace analysis {

const char *levelName(Level L) {
  switch (L) {
  case Level::Varying: return "varying";
  case Level::Warp: return "warp-uniform";
  case Level::Block: return "block-uniform";
  case Level::Grid: return "grid-uniform";
  }
  return "varying";
}

static UniformityAnswer at(Level L, const Stmt *Breaker, std::string Why) {
  return UniformityAnswer{L, Breaker, std::move(Why)};
}

/// The less uniform of the two; the first on a tie (its reason is kept).
static UniformityAnswer meet(UniformityAnswer A, UniformityAnswer B) { return B.L < A.L ? B : A; }

static std::string text(const ASTContext &Ctx, const Stmt *S) {
  return Lexer::getSourceText(CharSourceRange::getTokenRange(S->getSourceRange()), Ctx.getSourceManager(),
                              Ctx.getLangOpts())
      .str();
}

static const char *const MaxDepthWhy = "the expression is too deep to follow";

Uniformity::Uniformity(ASTContext &Ctx, const FunctionDecl *FD, std::optional<Dim3> Block)
    : Ctx(Ctx), FD(FD), Facts(AnalysisCache::of(Ctx).facts(FD)), Block(Block) {
  std::vector<const Stmt *> Work{FD->getBody()};
  while (!Work.empty()) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->hasLocalStorage())
          DeclScope[VD] = S;
    if (isa<LambdaExpr>(S))
      continue; // another function
    for (const Stmt *C : S->children())
      if (C) {
        Parents[C] = S;
        Work.push_back(C);
      }
  }
  // Optimistic start (every variable grid-uniform), lowered to a fixed point:
  // divergence only spreads from its sources.
  for (const ParmVarDecl *P : FD->parameters()) {
    Vars[P] = {};
    SolveOrder.push_back(P);
  }
  std::vector<const VarDecl *> Locals;
  for (const auto &[VD, S] : DeclScope) {
    Vars[VD] = {};
    Locals.push_back(VD);
  }
  const SourceManager &SM = Ctx.getSourceManager();
  std::sort(Locals.begin(), Locals.end(), [&](const VarDecl *A, const VarDecl *B) {
    return SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
  });
  SolveOrder.insert(SolveOrder.end(), Locals.begin(), Locals.end());
  solve();
}

const Stmt *Uniformity::parent(const Stmt *S) const {
  auto It = Parents.find(S);
  return It == Parents.end() ? nullptr : It->second;
}

void Uniformity::solve() {
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const VarDecl *V : SolveOrder) {
      UniformityAnswer &Old = Vars[V];
      UniformityAnswer New;
      if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
        if (!cuda::isKernel(FD))
          New = at(Level::Varying, nullptr,
                   "'" + P->getName().str() + "' is a parameter of a non-kernel function: the caller decides");
      } else if (!V->getType()->isArrayType() && V->getInit()) {
        New = eval(V->getInit(), 0);
      }
      for (const VarMod &M : Facts.mods(V))
        New = meet(New, definition(V, M));
      if (New.L < Old.L) {
        Old = New;
        if (Old.Why.rfind("'" + V->getName().str() + "'", 0) != 0)
          Old.Why = "'" + V->getName().str() + "': " + Old.Why;
        Changed = true;
      }
    }
  }
}

UniformityAnswer Uniformity::definition(const VarDecl *V, const VarMod &M) {
  UniformityAnswer A;
  const auto *U = dyn_cast_or_null<UnaryOperator>(M.At);
  if (U && U->getOpcode() == UO_AddrOf)
    return at(Level::Varying, M.At, "its address is taken");
  if (M.Value)
    A = eval(M.Value, 0);
  else if (const auto *C = dyn_cast_or_null<CompoundAssignOperator>(M.At))
    A = eval(C->getRHS(), 0);
  else if (!U || !U->isIncrementDecrementOp())
    return at(Level::Varying, M.At, "it is modified in a way not followed");
  auto DS = DeclScope.find(V);
  UniformityAnswer Ctl = controlOf(M.At, DS == DeclScope.end() ? nullptr : DS->second);
  if (Ctl.L < A.L)
    Ctl.Why = "written under control flow: " + Ctl.Why;
  return meet(A, Ctl);
}

UniformityAnswer Uniformity::evalVar(const VarDecl *V, const Expr *Ref) {
  auto It = Vars.find(V);
  if (It != Vars.end())
    return V->getType()->isArrayType() ? UniformityAnswer() : It->second; // an array's address
  if (V->getType()->isArrayType() || V->getType().isConstQualified() || cuda::isConstant(V))
    return {};
  // A global or static local read as a value: memory.
  return evalLoad(Ref, 0);
}

/// Warp lanes are consecutive linear thread ids; with blockDim.x a multiple
/// of 32 a warp never straddles two rows, so `x / (k*32)`, y and z are the
/// same for every lane of it.
static bool warpAligned(const std::optional<Dim3> &B) { return B && B->X % 32 == 0; }

/// \p E is threadIdx.x, directly or through a local never written again.
static bool isThreadIdxX(const Expr *E, const FunctionFacts &Facts, unsigned Depth = 0) {
  E = E->IgnoreParenImpCasts();
  if (auto B = cuda::builtinIndex(E))
    return B->Var == cuda::BuiltinVar::ThreadIdx && B->Dim == 0;
  const VarDecl *V = refVar(E);
  return V && Depth < 4 && V->hasLocalStorage() && V->getInit() && Facts.mods(V).empty() &&
         isThreadIdxX(V->getInit(), Facts, Depth + 1);
}

UniformityAnswer Uniformity::eval(const Expr *E, unsigned Depth) {
  if (!E)
    return {};
  if (Depth > 48)
    return at(Level::Varying, E, MaxDepthWhy);
  E = E->IgnoreParens();
  if (const auto *C = dyn_cast<ImplicitCastExpr>(E)) {
    if (C->getCastKind() == CK_LValueToRValue && isMemoryLValue(C->getSubExpr()))
      return evalLoad(C->getSubExpr()->IgnoreParens(), Depth + 1);
    return eval(C->getSubExpr(), Depth + 1);
  }
  if (auto B = cuda::builtinIndex(E)) {
    if (B->isGridUniform())
      return {};
    if (B->isBlockUniform())
      return at(Level::Block, E, B->name() + " differs between blocks");
    if (B->Dim > 0 && warpAligned(Block))
      return at(Level::Warp, E, B->name() + " differs between warps");
    return at(Level::Varying, E, B->name() + " differs between threads");
  }
  if (cuda::isWarpSize(E))
    return {};
  // `&s` of a __shared__ variable is a constant expression, but each block
  // has its own s.
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
    if (const VarDecl *V = refVar(U->getSubExpr()); V && cuda::isShared(V))
      return at(Level::Block, E, "'" + V->getName().str() + "' is __shared__: one per block");
  if (!E->isValueDependent() && !E->isTypeDependent() && E->isEvaluatable(Ctx))
    return {};
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      return evalVar(V, DRE);
    return {}; // enumerators, functions
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_AddrOf)
      if (const VarDecl *V = refVar(U->getSubExpr())) {
        if (V->hasLocalStorage())
          return at(Level::Varying, E, "the address of a thread's own variable");
        // The address of a variable, not a read of it: one for the whole
        // grid (a __shared__ one, one per block, is answered above).
        return {};
      }
    return eval(U->getSubExpr(), Depth + 1);
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    UniformityAnswer L = eval(B->getLHS(), Depth + 1), R = eval(B->getRHS(), Depth + 1);
    if (L.L == Level::Varying && R.L == Level::Grid && warpAligned(Block) &&
        isThreadIdxX(B->getLHS(), Facts)) {
      Expr::EvalResult V;
      bool ByWarps = false;
      if (B->getOpcode() == BO_Div)
        ByWarps = cuda::isWarpSize(B->getRHS()) ||
                  (B->getRHS()->EvaluateAsInt(V, Ctx) && V.Val.getInt().getExtValue() > 0 &&
                   V.Val.getInt().getExtValue() % 32 == 0);
      else if (B->getOpcode() == BO_Shr)
        ByWarps = B->getRHS()->EvaluateAsInt(V, Ctx) && V.Val.getInt().getExtValue() >= 5;
      if (ByWarps)
        return at(Level::Warp, E, "the warp index differs between warps");
    }
    return meet(L, R);
  }
  if (const auto *C = dyn_cast<CallExpr>(E))
    return evalCall(C, Depth);
  // Operators, conditionals, constructors, member reads of values, addresses
  // of elements: as uniform as their least uniform operand.
  UniformityAnswer A;
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      A = meet(A, eval(CE, Depth + 1));
    else if (C)
      return at(Level::Varying, E, "a statement inside an expression");
  return A;
}

UniformityAnswer Uniformity::evalCall(const CallExpr *C, unsigned Depth) {
  const FunctionDecl *F = C->getDirectCallee();
  StringRef N = F && F->getIdentifier() ? F->getName() : "";
  if (N.starts_with("__syncthreads_"))
    return at(Level::Block, C, N.str() + " differs between blocks");
  if (N == "__ballot_sync" || N == "__all_sync" || N == "__any_sync" || N == "__activemask" ||
      N == "__uni_sync" || (N.starts_with("__reduce_") && N.ends_with("_sync")))
    return at(Level::Warp, C, N.str() + " differs between warps");
  if (cuda::isWarpShuffle(N)) {
    bool Sync = N.ends_with("_sync");
    unsigned Val = Sync ? 1 : 0;
    if (C->getNumArgs() <= Val + 1)
      return at(Level::Varying, C, "a shuffle not followed");
    UniformityAnswer V = eval(C->getArg(Val), Depth + 1);
    bool Indexed = N == "__shfl_sync" || N == "__shfl";
    if (!Indexed || V.L >= Level::Warp)
      return V; // a shuffle of a uniform value returns it
    // One source lane for the whole warp: all lanes get its value, when the
    // width (default warpSize) spans the warp.
    bool FullWidth = true;
    if (C->getNumArgs() > Val + 2) {
      const Expr *W = C->getArg(Val + 2);
      Expr::EvalResult R;
      FullWidth = !W->isDefaultArgument() ? (cuda::isWarpSize(W) ||
                                             (W->EvaluateAsInt(R, Ctx) && R.Val.getInt().getExtValue() >= 32))
                                          : true;
    }
    UniformityAnswer Lane = eval(C->getArg(Val + 1), Depth + 1);
    if (Lane.L >= Level::Warp && FullWidth)
      return at(Level::Warp, C, "a shuffle from one lane differs between warps");
    return Lane.L < Level::Warp ? Lane : V;
  }
  if (cuda::isCacheHintLoad(N) && C->getNumArgs() == 1)
    return evalLoad(C, Depth + 1);
  if ((cuda::isPureCallee(N) && N != "__ldg") || (F && (F->hasAttr<ConstAttr>() || F->hasAttr<PureAttr>()))) {
    UniformityAnswer A;
    for (const Expr *Arg : C->arguments())
      A = meet(A, eval(Arg, Depth + 1));
    return A;
  }
  return at(Level::Varying, C, "the result of a call to '" + (N.empty() ? std::string("a function") : N.str()) +
                                   "' is not followed");
}

/// The root of the memory \p LValue names, for a global or shared scalar
/// too (PointerProvenance starts from a pointer).
static Root memoryRoot(PointerProvenance &PP, const Expr *LValue) {
  if (const Expr *Base = accessBasePointer(LValue))
    return PP.rootOf(Base);
  Root R;
  if (const VarDecl *V = refVar(LValue)) {
    R.K = cuda::isShared(V) ? Root::Shared : V->hasGlobalStorage() ? Root::GlobalVar : Root::Unknown;
    R.D = V;
    R.Name = V->getName().str();
  }
  R.Why = "not an access through a pointer";
  return R;
}

UniformityAnswer Uniformity::evalLoad(const Expr *LV, unsigned Depth) {
  LV = LV->IgnoreParens();
  if (const VarDecl *V = refVar(LV); V && Vars.count(V))
    return evalVar(V, LV); // a reference or local read as a value
  // The address: a subscript's base and index, a dereferenced pointer, ...
  UniformityAnswer A;
  if (const auto *CE = dyn_cast<CallExpr>(LV))
    A = eval(CE->getArg(0), Depth + 1);
  else if (!isa<DeclRefExpr>(LV))
    for (const Stmt *C : LV->children())
      if (const auto *E = dyn_cast_or_null<Expr>(C))
        A = meet(A, eval(E, Depth + 1));
  if (A.L == Level::Varying)
    return A;
  Linearizer Lin(Ctx);
  PointerProvenance PP(Ctx, Facts, Lin);
  Root R = memoryRoot(PP, LV);
  if (const auto *V = dyn_cast_or_null<VarDecl>(R.D);
      V && V->hasGlobalStorage() && (cuda::isConstant(V) || V->getType().isConstQualified()))
    return A; // read-only memory
  if (R.K == Root::Unknown)
    return at(Level::Varying, LV, "loaded from memory not traced (" + R.Why + ")");
  if (R.K == Root::LocalArray) {
    const auto *V = dyn_cast_or_null<VarDecl>(R.D);
    if (V && V->getInit())
      A = meet(A, eval(V->getInit(), Depth + 1));
  }
  for (const MemEvent &Ev : Facts.events()) {
    if (Ev.K == MemEvent::Read)
      continue;
    if (Ev.K == MemEvent::Call) {
      if (cuda::barrierScope(dyn_cast<CallExpr>(Ev.E)) || R.isLocal())
        continue;
      return at(Level::Varying, Ev.E, "loaded from memory that the call to '" + Ev.What + "' may write");
    }
    Root W = memoryRoot(PP, Ev.E);
    std::string Why;
    if (mayAlias(R, W, Why) != Alias::No)
      return at(Level::Varying, Ev.E, "loaded from memory written in the function (`" + text(Ctx, Ev.E) + "`)");
  }
  if (R.K == Root::Shared && A.L > Level::Block)
    return at(Level::Block, LV, "shared memory differs between blocks");
  return A;
}

UniformityAnswer Uniformity::of(const Expr *E) { return eval(E, 0); }

namespace {
/// Statements that leave a loop (or the function) early, with \p Loop's
/// own breaks and continues but not those of loops and switches inside it.
void collectExits(const Stmt *S, bool Nested, std::vector<const Stmt *> &Out) {
  for (const Stmt *C : S->children()) {
    if (!C || isa<LambdaExpr>(C))
      continue;
    if (isa<ReturnStmt>(C) || isa<GotoStmt>(C) || (!Nested && (isa<BreakStmt>(C) || isa<ContinueStmt>(C))))
      Out.push_back(C);
    bool Inner = isa<ForStmt>(C) || isa<WhileStmt>(C) || isa<DoStmt>(C) || isa<CXXForRangeStmt>(C);
    // A break in a switch leaves the switch; its continue still leaves the loop.
    if (isa<SwitchStmt>(C)) {
      std::vector<const Stmt *> In;
      collectExits(C, Nested, In);
      for (const Stmt *X : In)
        if (!isa<BreakStmt>(X))
          Out.push_back(X);
      continue;
    }
    collectExits(C, Nested || Inner, Out);
  }
}
} // namespace

UniformityAnswer Uniformity::exitsOf(const Stmt *Loop) {
  std::vector<const Stmt *> Exits;
  collectExits(Loop, false, Exits);
  UniformityAnswer A;
  for (const Stmt *X : Exits) {
    UniformityAnswer C = controlOf(X, Loop);
    if (C.L < A.L)
      A = at(C.L, C.Breaker, "a thread may leave a loop early (`" + text(Ctx, X) + "`): " + C.Why);
  }
  return A;
}

UniformityAnswer Uniformity::controlOf(const Stmt *S, const Stmt *Stop) {
  UniformityAnswer A;
  auto Cond = [&](const Expr *C, const char *What) {
    if (!C)
      return;
    UniformityAnswer U = eval(C, 0);
    if (U.L < A.L)
      A = at(U.L, C, std::string("the ") + What + " `" + text(Ctx, C) + "` is " + levelName(U.L) + ": " + U.Why);
  };
  auto Loop = [&](const Stmt *L) { A = meet(A, exitsOf(L)); };
  for (const Stmt *Child = S, *P = parent(S); P && Child != Stop; Child = P, P = parent(P)) {
    if (P == Stop && !isa<CompoundStmt>(P))
      break;
    if (const auto *I = dyn_cast<IfStmt>(P)) {
      if (Child != I->getCond())
        Cond(I->getCond(), "if condition");
    } else if (const auto *F = dyn_cast<ForStmt>(P)) {
      if (Child != F->getInit()) {
        Cond(F->getCond(), "loop condition");
        Loop(F);
      }
    } else if (const auto *W = dyn_cast<WhileStmt>(P)) {
      Cond(W->getCond(), "loop condition");
      Loop(W);
    } else if (const auto *D = dyn_cast<DoStmt>(P)) {
      Cond(D->getCond(), "loop condition");
      Loop(D);
    } else if (const auto *R = dyn_cast<CXXForRangeStmt>(P)) {
      if (Child == R->getBody() || Child == R->getInc() || Child == R->getCond()) {
        Cond(R->getRangeInit(), "range");
        Loop(R);
      }
    } else if (const auto *C = dyn_cast<AbstractConditionalOperator>(P)) {
      if (Child != C->getCond())
        Cond(C->getCond(), "condition");
    } else if (const auto *B = dyn_cast<BinaryOperator>(P)) {
      if (B->isLogicalOp() && Child == B->getRHS())
        Cond(B->getLHS(), "short-circuit operand");
    } else if (const auto *Sw = dyn_cast<SwitchStmt>(P)) {
      if (Child != Sw->getCond())
        Cond(Sw->getCond(), "switch condition");
    } else if (const auto *CS = dyn_cast<CompoundStmt>(P)) {
      // An earlier statement a thread may return from (or, in a loop, break
      // or continue past) leaves only some threads here.
      for (const Stmt *Prev : CS->body()) {
        if (Prev == Child)
          break;
        std::vector<const Stmt *> Exits;
        collectExits(Prev, false, Exits);
        for (const Stmt *X : Exits) {
          UniformityAnswer C = controlOf(X, CS);
          if (C.L < A.L)
            A = at(C.L, C.Breaker, "an earlier `" + text(Ctx, X) + "` is taken by some threads only: " + C.Why);
        }
      }
      if (P == Stop)
        break;
    }
  }
  return A;
}

} // namespace analysis
} // namespace klineage
