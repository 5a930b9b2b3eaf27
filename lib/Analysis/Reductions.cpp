//===- Reductions.cpp - Warp and block reductions written in the source ---===//
#include "klineage/Analysis/Reductions.h"
#include "klineage/Analysis/CallArguments.h"
#include "klineage/Analysis/LinearForm.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Analysis/SharedMemory.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/MemorySpace.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <set>

using namespace clang;
using llvm::ArrayRef;
using llvm::StringRef;

namespace klineage {
namespace analysis {

namespace {

const Expr *strip(const Expr *E) { return E ? E->IgnoreParenCasts() : nullptr; }

/// Calls \p F on \p S and every node under it.
void eachNode(const Stmt *S, const std::function<void(const Stmt *)> &F) {
  if (!S)
    return;
  F(S);
  for (const Stmt *C : S->children())
    eachNode(C, F);
}

/// A local initialised once and never modified, or null.
const VarDecl *setOnce(const Expr *E, const FunctionFacts &Facts) {
  const VarDecl *V = refVar(strip(E));
  if (V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) && V->getInit() && Facts.mods(V).empty() &&
      !V->getType()->isReferenceType())
    return V;
  return nullptr;
}

/// An integer constant, counting warpSize as 32 (the warp size of every
/// NVIDIA GPU; only nvcc's constant folding does not know it).
std::optional<int64_t> constInt(const ASTContext &Ctx, const Expr *E, const FunctionFacts &Facts,
                                unsigned Depth = 0) {
  E = strip(E);
  if (!E || Depth > 8)
    return std::nullopt;
  if (cuda::isWarpSize(E))
    return 32;
  if (!E->isValueDependent() && !E->isTypeDependent()) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().getExtValue();
  }
  if (const VarDecl *V = setOnce(E, Facts))
    return constInt(Ctx, V->getInit(), Facts, Depth + 1);
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return std::nullopt;
  auto L = constInt(Ctx, B->getLHS(), Facts, Depth + 1), R = constInt(Ctx, B->getRHS(), Facts, Depth + 1);
  if (!L || !R)
    return std::nullopt;
  switch (B->getOpcode()) {
  case BO_Add: return *L + *R;
  case BO_Sub: return *L - *R;
  case BO_Mul: return *L * *R;
  case BO_Div: return *R ? std::optional<int64_t>(*L / *R) : std::nullopt;
  case BO_Shr: return *R >= 0 && *R < 63 ? std::optional<int64_t>(*L >> *R) : std::nullopt;
  case BO_Shl: return *R >= 0 && *R < 32 ? std::optional<int64_t>(*L << *R) : std::nullopt;
  case BO_And: return *L & *R;
  default: return std::nullopt;
  }
}

/// A polynomial over threadIdx/blockDim components and opaque atoms
/// (lanes, warps), for comparing rank formulas however they are spelled.
using Poly = std::map<std::vector<std::string>, int64_t>;

void addTo(Poly &P, const Poly &Q, int64_t Scale) {
  for (const auto &[M, C] : Q)
    if ((P[M] += C * Scale) == 0)
      P.erase(M);
}

/// The product of \p L and \p R.
Poly product(const Poly &L, const Poly &R) {
  Poly Out;
  for (const auto &[ML, CL] : L)
    for (const auto &[MR, CR] : R) {
      std::vector<std::string> M = ML;
      M.insert(M.end(), MR.begin(), MR.end());
      llvm::sort(M);
      addTo(Out, Poly{{M, CL * CR}}, 1);
    }
  return Out;
}

std::optional<Poly> polyOf(const ASTContext &Ctx, const Expr *E, const FunctionFacts &Facts,
                           unsigned Depth = 0) {
  E = strip(E);
  if (!E || Depth > 12)
    return std::nullopt;
  if (auto B = cuda::builtinIndex(E)) {
    if (B->Var != cuda::BuiltinVar::ThreadIdx && B->Var != cuda::BuiltinVar::BlockDim)
      return std::nullopt;
    return Poly{{{B->name()}, 1}};
  }
  if (auto C = constInt(Ctx, E, Facts))
    return *C ? Poly{{{}, *C}} : Poly{};
  if (const VarDecl *V = setOnce(E, Facts)) {
    if (auto P = polyOf(Ctx, V->getInit(), Facts, Depth + 1))
      return P;
  }
  // Any other variable (a lane, a loop's stride): an atom of its own.
  if (const VarDecl *V = refVar(E))
    return Poly{{{"var:" + V->getName().str() + "@" + std::to_string(V->getBeginLoc().getRawEncoding())}, 1}};
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return std::nullopt;
  auto L = polyOf(Ctx, B->getLHS(), Facts, Depth + 1), R = polyOf(Ctx, B->getRHS(), Facts, Depth + 1);
  if (!L || !R)
    return std::nullopt;
  Poly Out;
  switch (B->getOpcode()) {
  case BO_Add: addTo(Out, *L, 1); addTo(Out, *R, 1); return Out;
  case BO_Sub: addTo(Out, *L, 1); addTo(Out, *R, -1); return Out;
  case BO_Mul: return product(*L, *R);
  default: return std::nullopt;
  }
}

/// The rank polynomials of 1-, 2- and 3-D blocks.
Poly rankPoly(unsigned Dims) {
  Poly P{{{"threadIdx.x"}, 1}};
  if (Dims >= 2)
    P[{"blockDim.x", "threadIdx.y"}] = 1;
  if (Dims >= 3)
    P[{"blockDim.x", "blockDim.y", "threadIdx.z"}] = 1;
  return P;
}

/// The block's thread count for a rank of \p Dims dimensions.
Poly threadsPoly(unsigned Dims) {
  std::vector<std::string> M{"blockDim.x"};
  if (Dims >= 2)
    M.push_back("blockDim.y");
  if (Dims >= 3)
    M.push_back("blockDim.z");
  return Poly{{M, 1}};
}

std::optional<unsigned> rankDims(const ASTContext &Ctx, const Expr *E, const FunctionFacts &Facts) {
  auto P = polyOf(Ctx, E, Facts);
  if (!P)
    return std::nullopt;
  for (unsigned D = 1; D <= 3; ++D)
    if (*P == rankPoly(D))
      return D;
  return std::nullopt;
}

StringRef calleeName(const CallExpr *C) {
  const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
  return F && F->getIdentifier() ? F->getName() : "";
}

/// Whether \p A and \p B are written alike: the same operators, variables,
/// literals and callees, through parentheses and implicit casts.
bool sameExpression(const Expr *A, const Expr *B) {
  if (!A || !B)
    return A == B;
  A = A->IgnoreParenImpCasts();
  B = B->IgnoreParenImpCasts();
  if (A->getStmtClass() != B->getStmtClass())
    return false;
  if (const auto *DA = dyn_cast<DeclRefExpr>(A))
    return DA->getDecl() == cast<DeclRefExpr>(B)->getDecl();
  if (const auto *IA = dyn_cast<IntegerLiteral>(A))
    return IA->getValue() == cast<IntegerLiteral>(B)->getValue();
  if (const auto *FA = dyn_cast<FloatingLiteral>(A))
    return FA->getValue().bitwiseIsEqual(cast<FloatingLiteral>(B)->getValue());
  if (const auto *BA = dyn_cast<BinaryOperator>(A); BA && BA->getOpcode() != cast<BinaryOperator>(B)->getOpcode())
    return false;
  if (const auto *UA = dyn_cast<UnaryOperator>(A); UA && UA->getOpcode() != cast<UnaryOperator>(B)->getOpcode())
    return false;
  if (const auto *MA = dyn_cast<MemberExpr>(A);
      MA && (MA->getMemberDecl() != cast<MemberExpr>(B)->getMemberDecl() || MA->isArrow() != cast<MemberExpr>(B)->isArrow()))
    return false;
  if (const auto *CA = dyn_cast<CallExpr>(A); CA && CA->getDirectCallee() != cast<CallExpr>(B)->getDirectCallee())
    return false;
  if (!isa<ArraySubscriptExpr, BinaryOperator, UnaryOperator, MemberExpr, CallExpr, ExplicitCastExpr>(A))
    return false;
  auto CA = A->children(), CB = B->children();
  auto IA = CA.begin(), IB = CB.begin();
  for (; IA != CA.end() && IB != CB.end(); ++IA, ++IB) {
    const auto *EA = dyn_cast_or_null<Expr>(*IA), *EB = dyn_cast_or_null<Expr>(*IB);
    if (!EA || !EB || !sameExpression(EA, EB))
      return false;
  }
  return IA == CA.end() && IB == CB.end();
}

/// The operator of `a > b ? a : b` (max), `a < b ? a : b` (min) and the
/// mirrored forms, with \p X and \p Y its operands.
std::optional<cuda::ReduceOp> selectCombine(const Expr *R, const Expr *&X, const Expr *&Y) {
  const auto *CO = dyn_cast<ConditionalOperator>(strip(R));
  const auto *Cmp = CO ? dyn_cast<BinaryOperator>(strip(CO->getCond())) : nullptr;
  if (!Cmp || !Cmp->isRelationalOp())
    return std::nullopt;
  const Expr *L = strip(Cmp->getLHS()), *Rt = strip(Cmp->getRHS());
  const Expr *T = strip(CO->getTrueExpr()), *F = strip(CO->getFalseExpr());
  // The same expression on both sides (a local, or a load the branches repeat).
  const auto &Same = sameExpression;
  bool Greater = Cmp->getOpcode() == BO_GT || Cmp->getOpcode() == BO_GE;
  if (Same(T, L) && Same(F, Rt)) {
    X = CO->getTrueExpr();
    Y = CO->getFalseExpr();
    return Greater ? cuda::ReduceOp::Max : cuda::ReduceOp::Min;
  }
  if (Same(T, Rt) && Same(F, L)) {
    X = CO->getTrueExpr();
    Y = CO->getFalseExpr();
    return Greater ? cuda::ReduceOp::Min : cuda::ReduceOp::Max;
  }
  return std::nullopt;
}

std::optional<cuda::ReduceOp> combineOf(const Expr *R, const Expr *&X, const Expr *&Y, unsigned Depth = 0);

/// A call that combines two values through a function or a functor of the
/// kernel's own code (`add(a, b)`, `SumOp<T>()(a, b)`, `op(a, b)` with op an
/// object whose operator() is): its body is `return p OP q;` (+ & | ^),
/// `return max(p, q);` (min; fmaxf, fminf, ...) or `return p > q ? p : q;`
/// over its two parameters. The operator, and the call's two operands in
/// \p X and \p Y.
std::optional<cuda::ReduceOp> userCombine(const CallExpr *C, const Expr *&X, const Expr *&Y, unsigned Depth = 0) {
  if (!C || Depth > 3)
    return std::nullopt;
  const FunctionDecl *F = C->getDirectCallee();
  unsigned First = 0;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C)) {
    if (Op->getOperator() != OO_Call)
      return std::nullopt;
    First = 1; // the object
  } else if (isa<CXXMemberCallExpr>(C)) {
    return std::nullopt;
  }
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  const auto *Body = Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  if (!Body || Body->size() != 1 || C->getNumArgs() != First + 2 || Def->getNumParams() != 2)
    return std::nullopt;
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_front());
  const Expr *R = Ret && Ret->getRetValue() ? strip(Ret->getRetValue()) : nullptr;
  if (!R)
    return std::nullopt;
  const ParmVarDecl *P0 = Def->getParamDecl(0), *P1 = Def->getParamDecl(1);
  auto IsParams = [&](const Expr *A, const Expr *B) {
    const VarDecl *VA = refVar(strip(A)), *VB = refVar(strip(B));
    return (VA == P0 && VB == P1) || (VA == P1 && VB == P0);
  };
  const Expr *A = nullptr, *B = nullptr;
  std::optional<cuda::ReduceOp> Op = combineOf(R, A, B, Depth + 1);
  if (!Op || !A || !B || !IsParams(A, B))
    return std::nullopt;
  X = C->getArg(First);
  Y = C->getArg(First + 1);
  return Op;
}

/// The operator of a two-operand reduction, and its operands in \p X and
/// \p Y: a binary operator (+ & | ^), a call of max/fmaxf/fmax or
/// min/fminf/fmin, a call of the kernel's own function or functor
/// (userCombine), or a ternary max/min (selectCombine).
std::optional<cuda::ReduceOp> combineOf(const Expr *R, const Expr *&X, const Expr *&Y, unsigned Depth) {
  R = strip(R);
  if (const auto *B = dyn_cast<BinaryOperator>(R)) {
    X = B->getLHS();
    Y = B->getRHS();
    switch (B->getOpcode()) {
    case BO_Add: return cuda::ReduceOp::Add;
    case BO_And: return cuda::ReduceOp::And;
    case BO_Or: return cuda::ReduceOp::Or;
    case BO_Xor: return cuda::ReduceOp::Xor;
    default: return std::nullopt;
    }
  }
  if (const auto *Call = dyn_cast<CallExpr>(R)) {
    if (Call->getNumArgs() == 2 && !isa<CXXOperatorCallExpr>(Call)) {
      X = Call->getArg(0);
      Y = Call->getArg(1);
      if (auto Op = llvm::StringSwitch<std::optional<cuda::ReduceOp>>(calleeName(Call))
                        .Cases({"max", "fmaxf", "fmax"}, cuda::ReduceOp::Max)
                        .Cases({"min", "fminf", "fmin"}, cuda::ReduceOp::Min)
                        .Default(std::nullopt))
        return Op;
    }
    return userCombine(Call, X, Y, Depth);
  }
  return selectCombine(R, X, Y);
}

bool isBlockBarrierStmt(const Stmt *S) {
  const auto *C = dyn_cast_or_null<CallExpr>(S);
  auto Scope = cuda::barrierScope(C);
  return Scope && *Scope == cuda::SyncScope::Block && calleeName(C) == "__syncthreads";
}

/// The statements of \p S: a compound's body, or \p S alone.
std::vector<const Stmt *> statementsOf(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    return std::vector<const Stmt *>(CS->body_begin(), CS->body_end());
  return S ? std::vector<const Stmt *>{S} : std::vector<const Stmt *>{};
}

const Stmt *unattributed(const Stmt *S) {
  while (const auto *A = dyn_cast_or_null<AttributedStmt>(S))
    S = A->getSubStmt();
  return S;
}

bool refersTo(const Expr *E, const VarDecl *V) { return refVar(strip(E)) == V; }

/// \p S names \p V somewhere in it.
bool mentionsVar(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V)
    return true;
  for (const Stmt *C : S->children())
    if (mentionsVar(C, V))
      return true;
  return false;
}

/// `__shfl_down_sync(mask, v, delta[, 32])` and its xor and legacy forms.
struct Shuffle {
  const VarDecl *Source = nullptr;
  const Expr *Delta = nullptr;
  bool Xor = false;
};
std::optional<Shuffle> shuffleOf(const ASTContext &Ctx, const Expr *E, const FunctionFacts &Facts) {
  const auto *C = dyn_cast_or_null<CallExpr>(strip(E));
  StringRef N = calleeName(C);
  bool Sync = N == "__shfl_down_sync" || N == "__shfl_xor_sync";
  bool Legacy = N == "__shfl_down" || N == "__shfl_xor";
  if (!Sync && !Legacy)
    return std::nullopt;
  unsigned V = Sync ? 1 : 0;
  if (C->getNumArgs() < V + 2)
    return std::nullopt;
  if (C->getNumArgs() > V + 2) {
    const Expr *W = C->getArg(V + 2);
    if (!isa<CXXDefaultArgExpr>(W)) {
      auto Width = constInt(Ctx, W, Facts);
      if (!Width || *Width != 32)
        return std::nullopt;
    }
  }
  Shuffle S;
  S.Source = refVar(strip(C->getArg(V)));
  S.Delta = C->getArg(V + 1);
  S.Xor = N.contains("xor");
  if (!S.Source)
    return std::nullopt;
  return S;
}

/// The offsets a loop over \p Var runs through, when its start, condition
/// and step are constants (warpSize counts as 32).
std::optional<std::vector<int64_t>> loopOffsets(const ASTContext &Ctx, const ForStmt *F,
                                                const VarDecl *&Var, const FunctionFacts &Facts) {
  std::optional<int64_t> Start;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit())) {
    if (!DS->isSingleDecl())
      return std::nullopt;
    Var = dyn_cast<VarDecl>(DS->getSingleDecl());
    if (Var && Var->getInit())
      Start = constInt(Ctx, Var->getInit(), Facts);
  } else if (const auto *A = dyn_cast_or_null<BinaryOperator>(F->getInit());
             A && A->getOpcode() == BO_Assign) {
    Var = refVar(strip(A->getLHS()));
    Start = constInt(Ctx, A->getRHS(), Facts);
  }
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(strip(F->getCond()));
  // `for (o = 16; o; o >>= 1)`: the offset tested against 0.
  bool Truthy = F->getCond() && Var && refersTo(F->getCond(), Var);
  if (!Var || !Start || ((!Cond || !Cond->isComparisonOp()) && !Truthy))
    return std::nullopt;
  bool VarLeft = Truthy || refersTo(Cond->getLHS(), Var);
  if (!VarLeft && !refersTo(Cond->getRHS(), Var))
    return std::nullopt;
  auto Bound = Truthy ? std::optional<int64_t>(0) : constInt(Ctx, VarLeft ? Cond->getRHS() : Cond->getLHS(), Facts);
  if (!Bound)
    return std::nullopt;
  BinaryOperatorKind Op = Truthy ? BO_NE
                          : VarLeft ? Cond->getOpcode()
                                    : BinaryOperator::reverseComparisonOp(Cond->getOpcode());
  // The step: o >>= 1, o /= 2, o = o / 2, o <<= 1, o *= 2, o = o * 2, o += o.
  const Expr *Inc = strip(F->getInc());
  int Kind = 0; // 1: halve, 2: double
  if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc); CA && refersTo(CA->getLHS(), Var)) {
    auto K = constInt(Ctx, CA->getRHS(), Facts);
    if ((CA->getOpcode() == BO_ShrAssign && K == 1) || (CA->getOpcode() == BO_DivAssign && K == 2))
      Kind = 1;
    else if ((CA->getOpcode() == BO_ShlAssign && K == 1) || (CA->getOpcode() == BO_MulAssign && K == 2) ||
             (CA->getOpcode() == BO_AddAssign && refersTo(CA->getRHS(), Var)))
      Kind = 2;
  } else if (const auto *A = dyn_cast_or_null<BinaryOperator>(Inc);
             A && A->getOpcode() == BO_Assign && refersTo(A->getLHS(), Var)) {
    if (const auto *R = dyn_cast<BinaryOperator>(strip(A->getRHS())); R && refersTo(R->getLHS(), Var)) {
      auto K = constInt(Ctx, R->getRHS(), Facts);
      if ((R->getOpcode() == BO_Shr && K == 1) || (R->getOpcode() == BO_Div && K == 2))
        Kind = 1;
      else if ((R->getOpcode() == BO_Shl && K == 1) || (R->getOpcode() == BO_Mul && K == 2))
        Kind = 2;
    }
  }
  if (!Kind)
    return std::nullopt;
  auto Holds = [&](int64_t V) {
    switch (Op) {
    case BO_LT: return V < *Bound;
    case BO_LE: return V <= *Bound;
    case BO_GT: return V > *Bound;
    case BO_GE: return V >= *Bound;
    case BO_NE: return V != *Bound;
    default: return false;
    }
  };
  std::vector<int64_t> Out;
  for (int64_t V = *Start; Holds(V); V = Kind == 1 ? V / 2 : V * 2) {
    if (Out.size() > 8 || V == 0)
      return std::nullopt;
    Out.push_back(V);
  }
  return Out;
}

bool isWarpOffsets(const std::vector<int64_t> &O) {
  return O == std::vector<int64_t>{16, 8, 4, 2, 1} || O == std::vector<int64_t>{1, 2, 4, 8, 16};
}

/// \p E computes from thread and block indices, constants and locals set
/// once from such, nothing else (no load, no other call than min/max):
/// the lanes, warps, widths and masks a reduction declares for itself.
bool isIndexArithmetic(const Expr *E, const FunctionFacts &Facts, unsigned Depth = 0) {
  E = strip(E);
  if (!E || Depth > 16)
    return false;
  if (auto B = cuda::builtinIndex(E))
    return B->Var == cuda::BuiltinVar::ThreadIdx || B->Var == cuda::BuiltinVar::BlockDim;
  if (cuda::isWarpSize(E) || isa<IntegerLiteral>(E) || isa<CXXBoolLiteralExpr>(E))
    return true;
  if (const VarDecl *V = setOnce(E, Facts))
    return isIndexArithmetic(V->getInit(), Facts, Depth + 1);
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && isIndexArithmetic(B->getLHS(), Facts, Depth + 1) &&
           isIndexArithmetic(B->getRHS(), Facts, Depth + 1);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return !U->isIncrementDecrementOp() && U->getOpcode() != UO_Deref && U->getOpcode() != UO_AddrOf &&
           isIndexArithmetic(U->getSubExpr(), Facts, Depth + 1);
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return isIndexArithmetic(C->getCond(), Facts, Depth + 1) && isIndexArithmetic(C->getTrueExpr(), Facts, Depth + 1) &&
           isIndexArithmetic(C->getFalseExpr(), Facts, Depth + 1);
  if (const auto *C = dyn_cast<CallExpr>(E)) {
    StringRef N = calleeName(C);
    if (N != "min" && N != "max" && N != "umin" && N != "umax")
      return false;
    for (const Expr *A : C->arguments())
      if (!isIndexArithmetic(A, Facts, Depth + 1))
        return false;
    return true;
  }
  return false;
}

/// \p E is `min(32, threads - (rank - lane))` or `min(32, threads - warp * 32)`
/// (either argument order): the number of lanes of this thread's warp.
bool isWarpWidth(const ASTContext &Ctx, const Expr *E, const FunctionFacts &Facts) {
  if (const VarDecl *V = setOnce(E, Facts))
    return isWarpWidth(Ctx, V->getInit(), Facts);
  const auto *C = dyn_cast_or_null<CallExpr>(strip(E));
  StringRef N = calleeName(C);
  if ((N != "min" && N != "umin") || C->getNumArgs() != 2)
    return false;
  for (unsigned I = 0; I < 2; ++I) {
    auto K = constInt(Ctx, C->getArg(I), Facts);
    if (!K || *K != 32)
      continue;
    const Expr *Rest = strip(C->getArg(1 - I));
    const auto *Sub = dyn_cast<BinaryOperator>(Rest);
    if (!Sub || Sub->getOpcode() != BO_Sub)
      return false;
    auto Threads = polyOf(Ctx, Sub->getLHS(), Facts);
    // The warp's first rank: rank - lane, or warp * 32.
    const Expr *Base = strip(Sub->getRHS());
    std::optional<unsigned> Dims;
    if (const auto *B = dyn_cast<BinaryOperator>(Base); B && B->getOpcode() == BO_Sub) {
      auto Lane = threadPlaceOf(Ctx, B->getRHS(), Facts);
      auto D = rankDims(Ctx, B->getLHS(), Facts);
      if (Lane && Lane->K == ThreadPlace::Lane && D && Lane->Dims == *D)
        Dims = D;
    } else if (const auto *M = dyn_cast<BinaryOperator>(Base); M && M->getOpcode() == BO_Mul) {
      for (unsigned J = 0; J < 2 && !Dims; ++J) {
        auto W = threadPlaceOf(Ctx, J ? M->getRHS() : M->getLHS(), Facts);
        auto K32 = constInt(Ctx, J ? M->getLHS() : M->getRHS(), Facts);
        if (W && W->K == ThreadPlace::Warp && K32 == 32)
          Dims = W->Dims;
      }
    }
    return Dims && Threads && *Threads == threadsPoly(*Dims);
  }
  return false;
}

/// One step `v op= shfl(v, delta)`, or `T t = shfl(v, delta); [if (lane +
/// delta < width)] v op= t;` given as the statements \p S. Returns the fold
/// and the shuffle.
struct Step {
  Fold F;
  Shuffle Sh;
};
std::optional<Step> shuffleStep(const ASTContext &Ctx, ArrayRef<const Stmt *> S, const FunctionFacts &Facts) {
  if (S.size() == 1) {
    auto F = foldOf(S[0]);
    if (!F)
      return std::nullopt;
    auto Sh = shuffleOf(Ctx, F->Operand, Facts);
    if (!Sh || Sh->Source != F->Var)
      return std::nullopt;
    return Step{*F, *Sh};
  }
  if (S.size() != 2)
    return std::nullopt;
  const auto *DS = dyn_cast<DeclStmt>(S[0]);
  const auto *Tmp = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  if (!Tmp || !Tmp->getInit())
    return std::nullopt;
  auto Sh = shuffleOf(Ctx, Tmp->getInit(), Facts);
  if (!Sh)
    return std::nullopt;
  const Stmt *Use = S[1];
  if (const auto *I = dyn_cast<IfStmt>(Use)) {
    // The guard of a partial warp: lanes past its end hold nothing.
    const auto *G = dyn_cast<BinaryOperator>(strip(I->getCond()));
    if (I->getElse() || !G || G->getOpcode() != BO_LT || !isWarpWidth(Ctx, G->getRHS(), Facts))
      return std::nullopt;
    const auto *Sum = dyn_cast<BinaryOperator>(strip(G->getLHS()));
    if (!Sum || Sum->getOpcode() != BO_Add)
      return std::nullopt;
    bool Ok = false;
    for (unsigned J = 0; J < 2; ++J) {
      auto Lane = threadPlaceOf(Ctx, J ? Sum->getRHS() : Sum->getLHS(), Facts);
      const Expr *D = J ? Sum->getLHS() : Sum->getRHS();
      Ok |= Lane && Lane->K == ThreadPlace::Lane && Expr::isSameComparisonOperand(strip(D), strip(Sh->Delta));
    }
    if (!Ok)
      return std::nullopt;
    auto Inner = statementsOf(I->getThen());
    if (Inner.size() != 1)
      return std::nullopt;
    Use = Inner[0];
  }
  auto F = foldOf(Use);
  if (!F || F->Var != Sh->Source || !refersTo(F->Operand, Tmp))
    return std::nullopt;
  return Step{*F, *Sh};
}

/// A warp stage on one variable at Body[I]: a shuffle loop, five unrolled
/// steps, or `v = helper(v)` whose body is one. Advances I.
struct WarpStage {
  const VarDecl *Var = nullptr;
  cuda::ReduceOp Op = cuda::ReduceOp::Add;
  std::string How;
  bool Butterfly = false; ///< xor offsets: every lane ends with the result
  /// `T w = warpReduce(v)`: the result goes to a new variable (Var = w);
  /// Source is the value reduced (v). In place otherwise (Source null).
  const Expr *Source = nullptr;
  bool declares() const { return Source != nullptr; }
  /// The variable the stage reduces: its source's, or Var in place.
  const VarDecl *reduced() const { return Source ? refVar(strip(Source)) : Var; }
};

std::optional<WarpStage> helperWarpStage(ASTContext &Ctx, const Stmt *S, const FunctionFacts &Facts);

std::optional<WarpStage> warpStage(ASTContext &Ctx, ArrayRef<const Stmt *> Body, size_t &I, size_t End,
                                   const FunctionFacts &Facts) {
  if (I >= End)
    return std::nullopt;
  if (const auto *F = dyn_cast<ForStmt>(unattributed(Body[I]))) {
    const VarDecl *Off = nullptr;
    auto Offsets = loopOffsets(Ctx, F, Off, Facts);
    if (!Offsets || !isWarpOffsets(*Offsets))
      return std::nullopt;
    auto St = shuffleStep(Ctx, statementsOf(F->getBody()), Facts);
    if (!St || !refersTo(St->Sh.Delta, Off))
      return std::nullopt;
    ++I;
    return WarpStage{St->F.Var, St->F.Op, St->Sh.Xor ? "__shfl_xor_sync" : "__shfl_down_sync", St->Sh.Xor};
  }
  // Five unrolled steps with constant offsets.
  std::vector<int64_t> Offsets;
  std::optional<WarpStage> W;
  size_t J = I;
  for (; J < End && Offsets.size() < 5; ++J) {
    auto St = shuffleStep(Ctx, {Body[J]}, Facts);
    auto K = St ? constInt(Ctx, St->Sh.Delta, Facts) : std::nullopt;
    if (!St || !K || (W && (W->Var != St->F.Var || W->Op != St->F.Op)))
      break;
    if (!W)
      W = WarpStage{St->F.Var, St->F.Op, St->Sh.Xor ? "__shfl_xor_sync (unrolled)" : "__shfl_down_sync (unrolled)",
                    St->Sh.Xor};
    Offsets.push_back(*K);
  }
  if (W && isWarpOffsets(Offsets)) {
    I = J;
    return W;
  }
  if (auto H = helperWarpStage(Ctx, Body[I], Facts)) {
    ++I;
    return H;
  }
  return std::nullopt;
}

/// `v = f(v)` with f a __device__ function whose body is a reduction of its
/// parameter, returned; further arguments may be __shared__ arrays the
/// helper uses as its scratch (`v = BlockReduceSum(v, shared)`).
struct HelperCall {
  const VarDecl *Assigned = nullptr; ///< v in `v = f(a)` / `T v = f(a)`
  bool Declares = false;
  const Expr *Argument = nullptr;
  const FunctionDecl *Callee = nullptr;
  std::vector<const VarDecl *> SharedArgs; ///< the scratch arrays passed
};
std::optional<HelperCall> helperCallOf(ASTContext &Ctx, const Stmt *S) {
  HelperCall H;
  const Expr *Call = nullptr;
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    const auto *V = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (!V || !V->getInit())
      return std::nullopt;
    H.Assigned = V;
    H.Declares = true;
    Call = V->getInit();
  } else if (const auto *A = dyn_cast<BinaryOperator>(S); A && A->getOpcode() == BO_Assign) {
    H.Assigned = refVar(strip(A->getLHS()));
    Call = A->getRHS();
  }
  const auto *C = dyn_cast_or_null<CallExpr>(Call ? Call->IgnoreParenImpCasts() : nullptr);
  if (!H.Assigned || !C || isa<CXXMemberCallExpr>(C) || C->getNumArgs() < 1)
    return std::nullopt;
  H.Callee = cuda::calledFunction(C);
  if (!H.Callee || !H.Callee->hasBody() || H.Callee->getNumParams() != C->getNumArgs())
    return std::nullopt;
  H.Callee = H.Callee->getDefinition();
  H.Argument = C->getArg(0);
  // Further arguments: the helper's scratch (a __shared__ array) or
  // constants, defaults included (llm.c's `final_sync = false`).
  for (unsigned I = 1; I < C->getNumArgs(); ++I) {
    const Expr *Arg = C->getArg(I);
    const VarDecl *A = refVar(strip(Arg));
    if (A && cuda::isShared(A) && H.Callee->getParamDecl(I)->getType()->isPointerType()) {
      H.SharedArgs.push_back(A);
      continue;
    }
    Expr::EvalResult R;
    if (Arg->isValueDependent() || !Arg->EvaluateAsRValue(R, Ctx) || R.HasSideEffects)
      return std::nullopt;
  }
  return H;
}

/// The reduction a helper's body performs on its parameter.
std::optional<ReductionMatch> helperReduction(ASTContext &Ctx, const FunctionDecl *F, std::string &Why) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(F ? F->getBody() : nullptr);
  if (!Body || Body->body_empty())
    return std::nullopt;
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_back());
  const ParmVarDecl *P = F->getParamDecl(0);
  if (!Ret || !Ret->getRetValue() || !refVar(strip(Ret->getRetValue())))
    return std::nullopt;
  // Statements that every call turns off go: `if (final_sync) ...` with
  // final_sync false at every call (llm.c).
  std::vector<const Stmt *> Stmts;
  for (const Stmt *S : Body->body()) {
    if (const auto *If = dyn_cast<IfStmt>(S); If && !If->getElse() && !If->getInit() && !If->getConditionVariable())
      if (const auto *Flag = dyn_cast_or_null<ParmVarDecl>(refVar(strip(If->getCond()))))
        if (auto V = constantArgumentOf(Ctx, Flag); V && V->isInt() && V->getInt().isZero())
          continue;
    Stmts.push_back(S);
  }
  const FunctionFacts &Facts = AnalysisCache::of(Ctx).facts(F);
  auto M = reductionBefore(Ctx, Stmts, Stmts.size() - 1, Ret->getRetValue(), Facts, Why);
  // The helper's own statements must be the reduction of its parameter and
  // nothing else: reduced in place, or read by the first stage.
  bool OfParam = M && (M->Var == P || (!M->Var && M->Contribution && refersTo(M->Contribution, P) &&
                                       refersTo(Ret->getRetValue(), M->ResultVar)));
  if (!OfParam || M->Stmts.empty() || M->Stmts.front() != Stmts.front())
    return std::nullopt;
  return M;
}

std::optional<WarpStage> helperWarpStage(ASTContext &Ctx, const Stmt *S, const FunctionFacts &Facts) {
  auto H = helperCallOf(Ctx, S);
  // In place (`v = warpReduce(v)`), or into a new local from a variable
  // (`float w = warpReduce(v)`, llm.c's blockReduce).
  if (!H || (H->Declares ? !refVar(strip(H->Argument)) : !refersTo(H->Argument, H->Assigned)))
    return std::nullopt;
  std::string Why;
  auto M = helperReduction(Ctx, H->Callee, Why);
  if (!M || M->Over != ReductionMatch::Warp)
    return std::nullopt;
  return WarpStage{H->Assigned, M->Op, "'" + H->Callee->getNameAsString() + "' (" + M->Description + ")",
                   M->EveryThreadHolds, H->Declares ? H->Argument : nullptr};
}

/// `sh[warp] = v` under `if (lane == 0)`: each warp's partial.
const VarDecl *storePartials(ASTContext &Ctx, const Stmt *S, const VarDecl *V, unsigned &Dims,
                             const FunctionFacts &Facts) {
  const auto *I = dyn_cast<IfStmt>(S);
  if (!I || I->getElse())
    return nullptr;
  auto Leader = leaderOf(Ctx, I->getCond(), Facts);
  auto Then = statementsOf(I->getThen());
  if (!Leader || Leader->K != ThreadPlace::Lane || Then.size() != 1)
    return nullptr;
  const auto *A = dyn_cast<BinaryOperator>(Then[0]);
  if (!A || A->getOpcode() != BO_Assign || !refersTo(A->getRHS(), V))
    return nullptr;
  const auto *Sub = dyn_cast<ArraySubscriptExpr>(strip(A->getLHS()));
  const VarDecl *Arr = Sub ? refVar(strip(Sub->getBase())) : nullptr;
  auto W = Sub ? threadPlaceOf(Ctx, Sub->getIdx(), Facts) : std::nullopt;
  // A helper's pointer parameter that every call binds to a __shared__
  // array stands for it (PyTorch's BlockReduceSum(val, shared)).
  if (!Arr || !sharedArrayOf(Ctx, Arr) || !W || W->K != ThreadPlace::Warp || W->Dims != Leader->Dims)
    return nullptr;
  Dims = Leader->Dims;
  return Arr;
}

/// The load of warp 0: `w = X < N ? sh[X] : identity` (or `T w = ...`, or
/// the if/else form), X the lane or the rank. Returns the variable loaded
/// and N.
struct PartialsLoad {
  const VarDecl *Var = nullptr;
  bool Declares = false;
  const Expr *Count = nullptr;
  /// Tested by the lane (`lane < warps ? sh[lane] : 0`): every warp loads
  /// the partials, not only warp 0.
  bool EveryWarp = false;
};
std::optional<PartialsLoad> loadPartials(ASTContext &Ctx, const Stmt *S, const VarDecl *Arr, cuda::ReduceOp Op,
                                         cuda::ScalarType T, const FunctionFacts &Facts) {
  PartialsLoad L;
  const Expr *Cond = nullptr, *Then = nullptr, *Else = nullptr;
  auto Assigned = [&](const Stmt *St, const Expr *&Value) -> const VarDecl * {
    if (const auto *DS = dyn_cast<DeclStmt>(St)) {
      const auto *V = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
      Value = V ? V->getInit() : nullptr;
      L.Declares = true;
      return V;
    }
    const auto *A = dyn_cast<BinaryOperator>(St);
    if (!A || A->getOpcode() != BO_Assign)
      return nullptr;
    Value = A->getRHS();
    return refVar(strip(A->getLHS()));
  };
  if (const auto *I = dyn_cast<IfStmt>(S)) {
    auto T1 = statementsOf(I->getThen()), E1 = statementsOf(I->getElse());
    const Expr *A = nullptr, *B = nullptr;
    if (T1.size() != 1 || E1.size() != 1)
      return std::nullopt;
    const VarDecl *V1 = Assigned(T1[0], A), *V2 = Assigned(E1[0], B);
    if (!V1 || V1 != V2 || L.Declares)
      return std::nullopt;
    L.Var = V1;
    Cond = I->getCond();
    Then = A;
    Else = B;
  } else {
    const Expr *Value = nullptr;
    L.Var = Assigned(S, Value);
    const auto *CO = dyn_cast_or_null<ConditionalOperator>(Value ? Value->IgnoreParenImpCasts() : nullptr);
    if (!L.Var || !CO)
      return std::nullopt;
    Cond = CO->getCond();
    Then = CO->getTrueExpr();
    Else = CO->getFalseExpr();
  }
  const auto *Lt = dyn_cast<BinaryOperator>(strip(Cond));
  const auto *Sub = dyn_cast<ArraySubscriptExpr>(strip(Then));
  if (!Lt || Lt->getOpcode() != BO_LT || !Sub || refVar(strip(Sub->getBase())) != Arr)
    return std::nullopt;
  auto X = threadPlaceOf(Ctx, Lt->getLHS(), Facts);
  auto Idx = threadPlaceOf(Ctx, Sub->getIdx(), Facts);
  if (!X || !Idx || X->K == ThreadPlace::Warp || Idx->K == ThreadPlace::Warp)
    return std::nullopt;
  Expr::EvalResult R;
  const Expr *Id = Else->IgnoreParens();
  // The identity as the variable's type holds it (with the conversion the
  // conditional applies: `: 0` of a float is 0.0f), or a helper's parameter
  // every call sets to it (llm.c's `out_of_bounds = 0.0f`).
  const auto *IdParam = dyn_cast_or_null<ParmVarDecl>(refVar(strip(Id)));
  std::optional<APValue> Bound = IdParam ? constantArgumentOf(Ctx, IdParam) : std::nullopt;
  if (Bound) {
    if (!cuda::isIdentityValue(Op, T, *Bound))
      return std::nullopt;
  } else if (Id->isValueDependent() || !Id->EvaluateAsRValue(R, Ctx) || !cuda::isIdentityValue(Op, T, R.Val)) {
    return std::nullopt;
  }
  L.Count = Lt->getRHS();
  L.EveryWarp = X->K == ThreadPlace::Lane;
  return L;
}

/// `if (warp == 0) ...` or `if (rank < 32) ...` (either: warp 0 only).
bool isWarpZeroTest(ASTContext &Ctx, const Expr *Cond, const FunctionFacts &Facts) {
  const auto *B = dyn_cast<BinaryOperator>(strip(Cond));
  if (!B)
    return false;
  if (B->getOpcode() == BO_EQ)
    for (unsigned J = 0; J < 2; ++J) {
      auto W = threadPlaceOf(Ctx, J ? B->getRHS() : B->getLHS(), Facts);
      auto Z = constInt(Ctx, J ? B->getLHS() : B->getRHS(), Facts);
      if (W && W->K == ThreadPlace::Warp && Z == 0)
        return true;
    }
  if (B->getOpcode() == BO_LT) {
    auto R = threadPlaceOf(Ctx, B->getLHS(), Facts);
    auto K = constInt(Ctx, B->getRHS(), Facts);
    return R && R->K == ThreadPlace::Rank && K == 32;
  }
  return false;
}

/// N is written as the warp count: (threads + 31) / 32 or
/// (threads + warpSize - 1) / warpSize.
bool isCeilWarpCount(ASTContext &Ctx, const Expr *N, unsigned Dims, const FunctionFacts &Facts) {
  if (const VarDecl *V = setOnce(N, Facts))
    return isCeilWarpCount(Ctx, V->getInit(), Dims, Facts);
  const auto *D = dyn_cast<BinaryOperator>(strip(N));
  // `rank < threads / 32.f` (FasterTransformer): an integer rank below the
  // real quotient is below its ceiling.
  if (D && D->getOpcode() == BO_Div && D->getType()->isRealFloatingType()) {
    const auto *F = dyn_cast<FloatingLiteral>(D->getRHS()->IgnoreParenImpCasts());
    auto P = polyOf(Ctx, D->getLHS()->IgnoreParenImpCasts(), Facts);
    return F && F->getValueAsApproximateDouble() == 32.0 && P && *P == threadsPoly(Dims);
  }
  if (!D || D->getOpcode() != BO_Div || constInt(Ctx, D->getRHS(), Facts) != 32)
    return false;
  auto P = polyOf(Ctx, D->getLHS(), Facts);
  Poly Want = threadsPoly(Dims);
  Want[{}] = 31;
  return P && *P == Want;
}

/// The element type of variable \p V as a reduction type.
std::optional<cuda::ScalarType> typeOf(const VarDecl *V) {
  return V ? cuda::scalarTypeOf(V->getType().getNonReferenceType()) : std::nullopt;
}

/// Shuffles within warps, the partials through shared memory, shuffles in
/// warp 0: Body[I, End) exactly.
std::optional<ReductionMatch> shuffleAndShared(ASTContext &Ctx, ArrayRef<const Stmt *> Body, size_t I,
                                               size_t End, const FunctionFacts &Facts, std::string &Why) {
  auto W1 = warpStage(Ctx, Body, I, End, Facts);
  if (!W1)
    return std::nullopt;
  ReductionMatch M;
  M.Op = W1->Op;
  // A first stage into a new local (`float w = warpReduce(v)`): no variable
  // is reduced in place; v is each thread's value.
  M.Var = W1->declares() ? nullptr : W1->Var;
  M.Contribution = W1->Source;
  unsigned Dims = 0;
  if (I == End && W1->declares())
    return std::nullopt; // a lone helper call: reductionShape's
  if (I == End) {
    M.Kind = ReductionMatch::WarpShuffle;
    M.Over = ReductionMatch::Warp;
    M.ResultVar = W1->Var;
    M.EveryThreadHolds = W1->Butterfly;
    M.Description = "warp shuffles (" + W1->How + ")";
    return M;
  }
  // A barrier before the partials are stored keeps a reduction that runs
  // again (in a loop) from overwriting the previous round's.
  if (I + 1 < End && isBlockBarrierStmt(Body[I]))
    ++I;
  const VarDecl *Arr = storePartials(Ctx, Body[I], W1->Var, Dims, Facts);
  if (!Arr) {
    Why = "after the warp shuffles, expected lane 0 of each warp to store its value in a __shared__ array";
    return std::nullopt;
  }
  if (++I >= End || !isBlockBarrierStmt(Body[I])) {
    Why = "expected __syncthreads() after the warp partials are stored";
    return std::nullopt;
  }
  ++I;
  auto T = typeOf(W1->Var);
  if (!T)
    return std::nullopt;
  // Warp 0 loads the partials (inside its branch or before it) and reduces.
  std::optional<PartialsLoad> Load;
  const VarDecl *Result = nullptr;
  if (I < End && (Load = loadPartials(Ctx, Body[I], Arr, M.Op, *T, Facts)))
    ++I;
  // Every warp reduces what it loaded (FasterTransformer's blockReduceSum):
  // warps past the first load the identity, warp 0 ends with the result.
  if (Load && I < End && !isa<IfStmt>(Body[I])) {
    size_t J = I;
    auto W2 = warpStage(Ctx, Body, J, End, Facts);
    if (W2 && J == End && W2->reduced() == Load->Var && W2->Op == M.Op &&
        Load->Declares == (Load->Var != W1->Var)) {
      M.Kind = ReductionMatch::ShuffleAndShared;
      M.Over = ReductionMatch::Block;
      M.ResultVar = W2->Var;
      // Every warp loaded every partial (llm.c) and a butterfly leaves the
      // total in every lane.
      M.EveryThreadHolds = Load->EveryWarp && W2->Butterfly;
      if (cuda::isShared(Arr)) // not a helper's parameter
        M.Scratch.push_back(Arr);
      M.Needs.RankDims = Dims;
      if (!isCeilWarpCount(Ctx, Load->Count, Dims, Facts))
        M.Needs.WarpCount = Load->Count;
      M.Description = "warp shuffles (" + W1->How + ") and a shared stage across warps, reduced by every warp";
      return M;
    }
  }
  if (I + 1 != End) {
    Why = "expected warp 0 to reduce the partials last";
    return std::nullopt;
  }
  const auto *If = dyn_cast<IfStmt>(Body[I]);
  if (!If || If->getElse() || !isWarpZeroTest(Ctx, If->getCond(), Facts)) {
    Why = "expected 'if (warp == 0)' (or 'if (rank < 32)') around the second warp stage";
    return std::nullopt;
  }
  std::vector<const Stmt *> Inner = statementsOf(If->getThen());
  size_t J = 0;
  if (!Load && !Inner.empty() && (Load = loadPartials(Ctx, Inner[0], Arr, M.Op, *T, Facts)))
    J = 1;
  if (!Load || Load->Declares != (Load->Var != W1->Var)) {
    Why = "expected warp 0 to load the partials: 'v = lane < warps ? partials[lane] : identity'";
    return std::nullopt;
  }
  auto W2 = warpStage(Ctx, Inner, J, Inner.size(), Facts);
  // In place: a local declared inside warp 0's branch would not outlive it.
  if (!W2 || J != Inner.size() || W2->declares() || W2->Var != Load->Var || W2->Op != M.Op) {
    Why = "expected warp 0 to reduce the loaded partials with the same operator";
    return std::nullopt;
  }
  Result = Load->Var;
  M.Kind = ReductionMatch::ShuffleAndShared;
  M.Over = ReductionMatch::Block;
  M.ResultVar = Result;
  if (cuda::isShared(Arr)) // not a helper's parameter
    M.Scratch.push_back(Arr);
  M.Needs.RankDims = Dims;
  if (!isCeilWarpCount(Ctx, Load->Count, Dims, Facts))
    M.Needs.WarpCount = Load->Count;
  M.Description = "warp shuffles (" + W1->How + ") and a shared stage across warps";
  return M;
}

/// A __shared__ array, or a local pointer set once to one (`T *sdata =
/// SharedMemory<T>();`): a helper's parameter is the caller's business.
bool isSharedMemoryVar(const ASTContext &Ctx, const VarDecl *V) {
  return cuda::isShared(V) || (V && !isa<ParmVarDecl>(V) && V->getType()->isPointerType() &&
                               sharedArrayOf(const_cast<ASTContext &>(Ctx), V));
}

/// Where a tree's steps are read: the function (kernel or helper) they are
/// written in, the names that stand for the tree's array there (the array,
/// a local pointer set once from it, a helper's parameter), and the rank as
/// it is written there.
struct TreeFrame {
  const VarDecl *Arr = nullptr;
  const VarDecl *Alias = nullptr;
  Poly Rank;
  const FunctionFacts *Facts = nullptr;
};

bool namesTree(const Expr *Base, const TreeFrame &F) {
  const VarDecl *V = refVar(strip(Base));
  if (!V)
    return false;
  if (V == F.Arr || V == F.Alias)
    return true;
  const VarDecl *Local = setOnce(Base, *F.Facts);
  return Local && refVar(strip(Local->getInit())) == F.Arr;
}


/// One step of a tree at stride \p Stride: `sm[t] op= sm[t + s]`,
/// `sm[t] = sm[t] op sm[t + s]`, `sm[t] = max(sm[t], sm[t + s])`, or the
/// chained `sm[t] = v = v op sm[t + s]` (v then holds what sm[t] holds).
struct TreeStep {
  cuda::ReduceOp Op = cuda::ReduceOp::Add;
  const VarDecl *Chain = nullptr;
  bool Volatile = false;
};
std::optional<TreeStep> treeStep(const ASTContext &Ctx, const Stmt *S, const TreeFrame &F, const Poly &Stride) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  if (!E)
    return std::nullopt;
  E = E->IgnoreParens();
  const Expr *Dst = nullptr, *Other = nullptr;
  TreeStep T;
  std::optional<cuda::ReduceOp> Op;
  auto SameElement = [&](const Expr *A, const Expr *B) {
    const auto *SA = dyn_cast<ArraySubscriptExpr>(strip(A));
    const auto *SB = dyn_cast<ArraySubscriptExpr>(strip(B));
    if (!SA || !SB || !namesTree(SA->getBase(), F) || !namesTree(SB->getBase(), F))
      return false;
    auto IA = polyOf(Ctx, SA->getIdx(), *F.Facts), IB = polyOf(Ctx, SB->getIdx(), *F.Facts);
    return IA && IB && *IA == *IB;
  };
  if (const auto *C = dyn_cast<CompoundAssignOperator>(E)) {
    Dst = C->getLHS();
    Other = C->getRHS();
    Op = C->getOpcode() == BO_AddAssign   ? std::optional(cuda::ReduceOp::Add)
         : C->getOpcode() == BO_AndAssign ? std::optional(cuda::ReduceOp::And)
         : C->getOpcode() == BO_OrAssign  ? std::optional(cuda::ReduceOp::Or)
         : C->getOpcode() == BO_XorAssign ? std::optional(cuda::ReduceOp::Xor)
                                          : std::nullopt;
  } else if (const auto *A = dyn_cast<BinaryOperator>(E); A && A->getOpcode() == BO_Assign) {
    Dst = A->getLHS();
    if (const auto *Inner = dyn_cast<BinaryOperator>(strip(A->getRHS())); Inner && Inner->getOpcode() == BO_Assign) {
      // Chained: the register copy is folded and stored.
      auto Fd = foldOf(Inner);
      if (!Fd)
        return std::nullopt;
      T.Chain = Fd->Var;
      Op = Fd->Op;
      Other = Fd->Operand;
    } else {
      const Expr *X = nullptr, *Y = nullptr;
      Op = combineOf(A->getRHS(), X, Y);
      if (Op && SameElement(X, Dst))
        Other = Y;
      else if (Op && SameElement(Y, Dst))
        Other = X;
    }
  }
  const auto *DstE = Dst ? dyn_cast<ArraySubscriptExpr>(strip(Dst)) : nullptr;
  const auto *OtherE = Other ? dyn_cast<ArraySubscriptExpr>(strip(Other)) : nullptr;
  if (!Op || !DstE || !OtherE || !namesTree(DstE->getBase(), F) || !namesTree(OtherE->getBase(), F))
    return std::nullopt;
  auto PD = polyOf(Ctx, DstE->getIdx(), *F.Facts), PO = polyOf(Ctx, OtherE->getIdx(), *F.Facts);
  Poly Plus = F.Rank;
  addTo(Plus, Stride, 1);
  if (!PD || !PO || *PD != F.Rank || *PO != Plus)
    return std::nullopt;
  T.Op = *Op;
  T.Volatile = DstE->getType().isVolatileQualified() && OtherE->getType().isVolatileQualified();
  return T;
}

/// `t < K` with t the frame's rank: K.
const Expr *rankBelow(const ASTContext &Ctx, const Expr *Cond, const TreeFrame &F) {
  const auto *G = dyn_cast_or_null<BinaryOperator>(strip(Cond));
  if (!G || G->getOpcode() != BO_LT)
    return nullptr;
  auto P = polyOf(Ctx, G->getLHS(), *F.Facts);
  return P && *P == F.Rank ? G->getRHS() : nullptr;
}

/// A condition a template instance fixes (`blockSize >= 512`): its value.
std::optional<bool> constantCondition(const ASTContext &Ctx, const Expr *Cond, const FunctionFacts &Facts) {
  if (Cond->isValueDependent())
    return std::nullopt;
  bool B = false;
  if (Cond->EvaluateAsBooleanCondition(B, Ctx))
    return B;
  if (auto K = constInt(Ctx, Cond, Facts))
    return *K != 0;
  return std::nullopt;
}

/// What the steps of a tree add up to, as they are read in order.
struct TreeWalk {
  const TreeFrame *Frame = nullptr;
  std::optional<cuda::ReduceOp> Op;
  /// Started with a loop from blockDim.x / 2 whose last stride is this.
  std::optional<int64_t> SymbolicLast;
  std::vector<int64_t> Strides; ///< the constant strides, in order
  int Chained = -1;             ///< every step chained (1), none (0)
  const VarDecl *Chain = nullptr;
  bool Tail = false, Unrolled = false;
  bool Doubling = false; ///< doublingTreeLoop's pairs
  std::string Why;

  bool add(const TreeStep &S, std::optional<int64_t> Stride) {
    if (Op && *Op != S.Op) {
      Why = "the tree's steps combine with different operators";
      return false;
    }
    Op = S.Op;
    int C = S.Chain ? 1 : 0;
    if ((Chained != -1 && Chained != C) || (S.Chain && Chain && S.Chain != Chain)) {
      Why = "some of the tree's steps keep a register copy of the element and some do not";
      return false;
    }
    Chained = C;
    Chain = S.Chain;
    if (Stride)
      Strides.push_back(*Stride);
    return true;
  }
};

/// A halving loop over stride \p S from \p StartE while \p CondE, stepping
/// by \p IncE, whose body is \p Steps: `if (t < s) step;` and a barrier.
/// `for (s = START; s > STOP; s >>= 1) {...}` and `s = START; while (s != 0)
/// { ...; s /= 2; }`.
bool treeLoop(const ASTContext &Ctx, const VarDecl *S, const Expr *StartE, const Expr *CondE, const Expr *IncE,
              ArrayRef<const Stmt *> Steps, TreeWalk &W) {
  const TreeFrame &F = *W.Frame;
  if (!S || !StartE) {
    W.Why = "expected the halving loop of a shared-memory tree";
    return false;
  }
  if (Steps.size() != 2 || !(isBlockBarrierStmt(Steps[0]) || isBlockBarrierStmt(Steps[1]))) {
    W.Why = "expected the tree's loop body to be one guarded step and __syncthreads()";
    return false;
  }
  const auto *Guarded = dyn_cast<IfStmt>(isBlockBarrierStmt(Steps[0]) ? Steps[1] : Steps[0]);
  const Expr *Bound = Guarded && !Guarded->getElse() ? rankBelow(Ctx, Guarded->getCond(), F) : nullptr;
  auto Then = Guarded ? statementsOf(Guarded->getThen()) : std::vector<const Stmt *>{};
  if (!Bound || !refersTo(Bound, S) || Then.size() != 1) {
    W.Why = "expected 'if (tid < s)' around the tree's step";
    return false;
  }
  Poly Stride = *polyOf(Ctx, Bound, *F.Facts);
  auto Step = treeStep(Ctx, Then[0], F, Stride);
  if (!Step) {
    W.Why = "expected the tree's step to fold sm[tid + s] into sm[tid], tid the stored rank";
    return false;
  }
  // The condition: s > K, s >= K, s != 0.
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(strip(CondE));
  auto Stop = Cond && refersTo(Cond->getLHS(), S) ? constInt(Ctx, Cond->getRHS(), *F.Facts) : std::nullopt;
  std::function<bool(int64_t)> Holds;
  if (Cond && Stop && *Stop >= 0 && Cond->getOpcode() == BO_GT)
    Holds = [K = *Stop](int64_t V) { return V > K; };
  else if (Cond && Stop && *Stop >= 1 && Cond->getOpcode() == BO_GE)
    Holds = [K = *Stop](int64_t V) { return V >= K; };
  else if (Cond && Stop == 0 && Cond->getOpcode() == BO_NE)
    Holds = [](int64_t V) { return V != 0; };
  // The step: s >>= 1, s /= 2, s = s >> 1, s = s / 2.
  const Expr *Inc = strip(IncE);
  bool Halves = false;
  if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc); CA && refersTo(CA->getLHS(), S))
    Halves = (CA->getOpcode() == BO_ShrAssign && constInt(Ctx, CA->getRHS(), *F.Facts) == 1) ||
             (CA->getOpcode() == BO_DivAssign && constInt(Ctx, CA->getRHS(), *F.Facts) == 2);
  if (const auto *A = dyn_cast_or_null<BinaryOperator>(Inc); A && A->getOpcode() == BO_Assign && refersTo(A->getLHS(), S))
    if (const auto *R = dyn_cast<BinaryOperator>(strip(A->getRHS())); R && refersTo(R->getLHS(), S)) {
      auto K1 = constInt(Ctx, R->getRHS(), *F.Facts);
      Halves = (R->getOpcode() == BO_Shr && K1 == 1) || (R->getOpcode() == BO_Div && K1 == 2);
    }
  if (!Holds || !Halves) {
    W.Why = "expected 'for (s = blockDim.x / 2; s > 0; s >>= 1)'";
    return false;
  }
  if (auto C = constInt(Ctx, StartE, *F.Facts)) {
    std::vector<int64_t> Offsets;
    for (int64_t V = *C; Holds(V); V /= 2) {
      if (V <= 0 || Offsets.size() > 12) {
        W.Why = "the tree's stride does not reach 1";
        return false;
      }
      Offsets.push_back(V);
    }
    if (!W.add(*Step, std::nullopt))
      return false;
    W.Strides.insert(W.Strides.end(), Offsets.begin(), Offsets.end());
    return true;
  }
  // From blockDim.x / 2 (or a local set once to blockDim.x, llm.c's
  // `int block_size = blockDim.x;`): only as the tree's first step.
  const auto *D = dyn_cast<BinaryOperator>(strip(StartE));
  const Expr *Half = D ? strip(D->getLHS()) : nullptr;
  if (const VarDecl *V = Half && !cuda::builtinIndex(Half) ? setOnce(Half, *F.Facts) : nullptr)
    Half = strip(V->getInit());
  auto B = Half ? cuda::builtinIndex(Half) : std::nullopt;
  auto K = D ? constInt(Ctx, D->getRHS(), *F.Facts) : std::nullopt;
  if (!B || B->Var != cuda::BuiltinVar::BlockDim || B->Dim != 0 ||
      !((D->getOpcode() == BO_Div && K == 2) || (D->getOpcode() == BO_Shr && K == 1)) || !W.Strides.empty() ||
      W.SymbolicLast) {
    W.Why = "expected the tree to start at blockDim.x / 2 or a constant";
    return false;
  }
  // The strides are powers of two: the last is the least one the condition keeps.
  int64_t Last = 1;
  while (!Holds(Last))
    Last *= 2;
  if (!W.add(*Step, std::nullopt))
    return false;
  W.SymbolicLast = Last;
  return true;
}

/// `if (t < K) step;` (or `{ if (t < K) step; __syncthreads(); }`): one
/// unrolled step; \p Barrier tells whether a barrier follows it.
bool unrolledStep(const ASTContext &Ctx, const Stmt *S, TreeWalk &W) {
  const auto *I = dyn_cast<IfStmt>(S);
  const Expr *Bound = I && !I->getElse() ? rankBelow(Ctx, I->getCond(), *W.Frame) : nullptr;
  auto K = Bound ? constInt(Ctx, Bound, *W.Frame->Facts) : std::nullopt;
  auto Then = I ? statementsOf(I->getThen()) : std::vector<const Stmt *>{};
  if (!K || Then.size() != 1)
    return false;
  auto Step = treeStep(Ctx, Then[0], *W.Frame, Poly{{{}, *K}});
  if (!Step)
    return false;
  W.Unrolled = true;
  return W.add(*Step, *K);
}

/// The steps of a warp-synchronous tail: `v[t] op= v[t + K]` through a
/// volatile pointer, each perhaps under a condition the template fixes.
bool tailSteps(const ASTContext &Ctx, ArrayRef<const Stmt *> Stmts, TreeWalk &W) {
  size_t I = 0;
  // `volatile T *v = sm;`
  TreeFrame Local = *W.Frame;
  if (I < Stmts.size())
    if (const auto *DS = dyn_cast<DeclStmt>(Stmts[I]); DS && DS->isSingleDecl())
      if (const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
          V && V->getInit() && refVar(strip(V->getInit())) == W.Frame->Arr && W.Frame->Facts->mods(V).empty()) {
        Local.Alias = V;
        ++I;
      }
  TreeWalk Inner = W;
  Inner.Frame = &Local;
  for (; I < Stmts.size(); ++I) {
    const Stmt *S = Stmts[I];
    if (const auto *If = dyn_cast<IfStmt>(S); If && !If->getElse()) {
      auto C = constantCondition(Ctx, If->getCond(), *Local.Facts);
      auto Then = statementsOf(If->getThen());
      if (!C || Then.size() != 1) {
        W.Why = "expected the warp tail's steps to be unconditional or under a condition the template fixes";
        return false;
      }
      if (!*C)
        continue;
      S = Then[0];
    }
    // The stride is the offset of the element read: try the forms with
    // the constant read from the subscript.
    const auto *E = dyn_cast<Expr>(S);
    const ArraySubscriptExpr *Read = nullptr;
    std::function<void(const Stmt *)> FindRead = [&](const Stmt *X) {
      if (!X || Read)
        return;
      if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(X); Sub && !Read) {
        auto P = polyOf(Ctx, Sub->getIdx(), *Local.Facts);
        if (P && *P != Local.Rank) {
          Read = Sub;
          return;
        }
      }
      for (const Stmt *Ch : X->children())
        FindRead(Ch);
    };
    FindRead(E);
    std::optional<int64_t> K;
    if (Read) {
      Poly P = *polyOf(Ctx, Read->getIdx(), *Local.Facts);
      addTo(P, Local.Rank, -1);
      if (P.size() == 1 && P.begin()->first.empty())
        K = P.begin()->second;
    }
    auto Step = K ? treeStep(Ctx, S, Local, Poly{{{}, *K}}) : std::nullopt;
    if (!Step || !Step->Volatile || *K > 32) {
      W.Why = "expected the warp tail's steps to fold v[tid + K] into v[tid] through a volatile pointer, K <= 32";
      return false;
    }
    if (!Inner.add(*Step, *K)) {
      W.Why = Inner.Why;
      return false;
    }
  }
  Inner.Frame = W.Frame;
  W = Inner;
  W.Tail = true;
  return true;
}

/// `if (t < 32) { tail }` or `if (t < 32) f(sm, t);` with f a __device__
/// function whose body is the tail on its parameters.
bool warpTail(ASTContext &Ctx, const Stmt *S, TreeWalk &W) {
  const auto *I = dyn_cast<IfStmt>(S);
  const Expr *Bound = I && !I->getElse() ? rankBelow(Ctx, I->getCond(), *W.Frame) : nullptr;
  if (!Bound || constInt(Ctx, Bound, *W.Frame->Facts) != 32)
    return false;
  auto Then = statementsOf(I->getThen());
  if (Then.size() == 1)
    if (const auto *Call = dyn_cast<CallExpr>(Then[0]); Call && !isa<CXXMemberCallExpr>(Call)) {
      const FunctionDecl *Fn = Call->getDirectCallee();
      Fn = Fn ? Fn->getDefinition() : nullptr;
      const auto *Body = Fn ? dyn_cast_or_null<CompoundStmt>(Fn->getBody()) : nullptr;
      if (!Body || Call->getNumArgs() != 2 || Fn->getNumParams() != 2 ||
          refVar(strip(Call->getArg(0))) != W.Frame->Arr) {
        W.Why = "expected the warp tail helper to be called as f(sm, tid)";
        return false;
      }
      auto Idx = polyOf(Ctx, Call->getArg(1), *W.Frame->Facts);
      if (!Idx || *Idx != W.Frame->Rank) {
        W.Why = "expected the warp tail helper's second argument to be the tree's rank";
        return false;
      }
      TreeFrame Callee;
      Callee.Arr = W.Frame->Arr;
      Callee.Alias = Fn->getParamDecl(0);
      Callee.Facts = &AnalysisCache::of(Ctx).facts(Fn);
      if (!Callee.Facts->mods(Fn->getParamDecl(0)).empty() || !Callee.Facts->mods(Fn->getParamDecl(1)).empty())
        return false;
      Callee.Rank = Poly{{{"var:" + Fn->getParamDecl(1)->getName().str() + "@" +
                               std::to_string(Fn->getParamDecl(1)->getBeginLoc().getRawEncoding())},
                          1}};
      const TreeFrame *Outer = W.Frame;
      W.Frame = &Callee;
      bool Ok = tailSteps(Ctx, std::vector<const Stmt *>(Body->body_begin(), Body->body_end()), W);
      W.Frame = Outer;
      return Ok;
    }
  return tailSteps(Ctx, Then, W);
}

/// A doubling tree, the first textbook reductions: `for (s = 1; s < B; s *=
/// 2) { if (t % (2 * s) == 0) sm[t] op= sm[t + s]; __syncthreads(); }`
/// (interleaved pairs) or with `int i = 2 * s * t; if (i < B) sm[i] op=
/// sm[i + s];` (the same pairs taken by consecutive threads). B is
/// blockDim.x or a constant power of two. When B is a power of two, sm[0]
/// ends as the combination of sm[0..B), as after the halving tree over B
/// (in another order: the callers' reassociation checks apply alike);
/// recorded as the halving tree's strides. The body must be exactly the step
/// and the barrier: nothing else reads s.
bool doublingTreeLoop(const ASTContext &Ctx, const ForStmt *L, TreeWalk &W) {
  const TreeFrame &F = *W.Frame;
  const VarDecl *S = nullptr;
  const Expr *StartE = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(L->getInit()); DS && DS->isSingleDecl()) {
    S = dyn_cast<VarDecl>(DS->getSingleDecl());
    StartE = S ? S->getInit() : nullptr;
  }
  if (!S || !StartE || constInt(Ctx, StartE, *F.Facts) != 1)
    return false;
  // The step: s *= 2, s <<= 1, s = s * 2, s = s << 1, s += s.
  const Expr *Inc = strip(L->getInc());
  bool Doubles = false;
  if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc); CA && refVar(strip(CA->getLHS())) == S)
    Doubles = (CA->getOpcode() == BO_MulAssign && constInt(Ctx, CA->getRHS(), *F.Facts) == 2) ||
              (CA->getOpcode() == BO_ShlAssign && constInt(Ctx, CA->getRHS(), *F.Facts) == 1) ||
              (CA->getOpcode() == BO_AddAssign && refVar(strip(CA->getRHS())) == S);
  if (const auto *A = dyn_cast_or_null<BinaryOperator>(Inc); A && A->getOpcode() == BO_Assign && refVar(strip(A->getLHS())) == S)
    if (const auto *R = dyn_cast<BinaryOperator>(strip(A->getRHS())); R && refVar(strip(R->getLHS())) == S) {
      auto K = constInt(Ctx, R->getRHS(), *F.Facts);
      Doubles = (R->getOpcode() == BO_Mul && K == 2) || (R->getOpcode() == BO_Shl && K == 1);
    }
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(strip(L->getCond()));
  if (!Doubles || !Cond || Cond->getOpcode() != BO_LT || refVar(strip(Cond->getLHS())) != S)
    return false;
  std::optional<Poly> Bound = polyOf(Ctx, Cond->getRHS(), *F.Facts);
  std::optional<int64_t> K = constInt(Ctx, Cond->getRHS(), *F.Facts);
  auto BD = cuda::builtinIndex(strip(Cond->getRHS()));
  bool Symbolic = BD && BD->Var == cuda::BuiltinVar::BlockDim && BD->Dim == 0;
  if (!Bound || !(Symbolic || (K && *K >= 2 && *K <= 1024 && llvm::isPowerOf2_64(uint64_t(*K))))) {
    W.Why = "expected a doubling tree's loop to run while its stride is below blockDim.x or a power of two";
    return false;
  }
  Poly Stride = *polyOf(Ctx, Cond->getLHS(), *F.Facts);
  Poly TwoStride;
  addTo(TwoStride, Stride, 2);
  auto Steps = statementsOf(L->getBody());
  if (Steps.empty() || !isBlockBarrierStmt(Steps.back())) {
    W.Why = "expected the doubling tree's body to end with __syncthreads()";
    return false;
  }
  Steps.pop_back();
  // The pair's lower element: the rank (interleaved) or a local 2 * s * t.
  TreeFrame Pair = F;
  const auto *If = dyn_cast<IfStmt>(Steps.back());
  bool Guarded = false;
  if (Steps.size() == 1 && If && !If->getElse()) {
    // `t % (2 * s) == 0` (either side).
    const auto *Eq = dyn_cast<BinaryOperator>(strip(If->getCond()));
    const Expr *Rem = nullptr;
    if (Eq && Eq->getOpcode() == BO_EQ)
      Rem = constInt(Ctx, Eq->getRHS(), *F.Facts) == 0   ? Eq->getLHS()
            : constInt(Ctx, Eq->getLHS(), *F.Facts) == 0 ? Eq->getRHS()
                                                         : nullptr;
    const auto *M = Rem ? dyn_cast<BinaryOperator>(strip(Rem)) : nullptr;
    auto MT = M && M->getOpcode() == BO_Rem ? polyOf(Ctx, M->getLHS(), *F.Facts) : std::nullopt;
    auto MM = MT ? polyOf(Ctx, M->getRHS(), *F.Facts) : std::nullopt;
    Guarded = MT && MM && *MT == F.Rank && *MM == TwoStride;
  } else if (Steps.size() == 2 && If && !If->getElse()) {
    // `int i = 2 * s * t; if (i < B)`.
    const auto *DS = dyn_cast<DeclStmt>(Steps[0]);
    const auto *I = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    auto IP = I && I->getInit() && F.Facts->mods(I).empty() ? polyOf(Ctx, I->getInit(), *F.Facts) : std::nullopt;
    Poly Expected = product(F.Rank, TwoStride);
    const auto *Lt = dyn_cast<BinaryOperator>(strip(If->getCond()));
    auto LP = Lt && Lt->getOpcode() == BO_LT ? polyOf(Ctx, Lt->getLHS(), *F.Facts) : std::nullopt;
    auto RP = LP ? polyOf(Ctx, Lt->getRHS(), *F.Facts) : std::nullopt;
    Guarded = IP && *IP == Expected && LP && *LP == Expected && RP && *RP == *Bound;
    Pair.Rank = Expected;
  }
  auto Then = If ? statementsOf(If->getThen()) : std::vector<const Stmt *>{};
  auto Step = Guarded && Then.size() == 1 ? treeStep(Ctx, Then[0], Pair, Stride) : std::nullopt;
  if (!Step) {
    W.Why = "expected 'if (tid % (2 * s) == 0) sm[tid] += sm[tid + s];' or 'int i = 2 * s * tid; if (i < "
            "blockDim.x) sm[i] += sm[i + s];' in the doubling tree";
    return false;
  }
  if (!W.add(*Step, std::nullopt))
    return false;
  W.Doubling = true;
  if (Symbolic) {
    W.SymbolicLast = 1;
  } else {
    for (int64_t V = *K / 2; V >= 1; V /= 2)
      W.Strides.push_back(V);
  }
  return true;
}

/// The strides read so far halve one after the other (\p Next: the one
/// expected after them); otherwise \p Why says where they do not.
bool stridesHalve(const TreeWalk &W, int64_t &Next, std::string &Why) {
  Next = W.SymbolicLast ? *W.SymbolicLast / 2 : (W.Strides.empty() ? 0 : W.Strides.front());
  for (int64_t S : W.Strides) {
    if (S != Next || S < 1) {
      Why = "the tree's strides do not halve down to 1 (" + std::to_string(S) + " where " + std::to_string(Next) +
            " was expected)";
      return false;
    }
    Next = S / 2;
  }
  return true;
}

/// `sm[t] = e; __syncthreads();` and then the steps of a halving tree: a
/// loop from blockDim.x / 2 or a constant, unrolled steps (`if (t < 128)
/// sm[t] += sm[t + 128]; __syncthreads();`, perhaps under `if (blockSize >=
/// 256)`), and a warp-synchronous tail under `if (t < 32)`, in any
/// combination whose strides halve down to 1: Body[I, End).
std::optional<ReductionMatch> sharedTree(ASTContext &Ctx, ArrayRef<const Stmt *> Body, size_t I, size_t End,
                                         const FunctionFacts &Facts, std::string &Why) {
  if (End - I < 3)
    return std::nullopt;
  const auto *Store = dyn_cast<BinaryOperator>(Body[I]);
  const auto *Elem = Store && Store->getOpcode() == BO_Assign ? dyn_cast<ArraySubscriptExpr>(strip(Store->getLHS()))
                                                               : nullptr;
  const VarDecl *Arr = Elem ? refVar(strip(Elem->getBase())) : nullptr;
  auto T = Elem ? threadPlaceOf(Ctx, Elem->getIdx(), Facts) : std::nullopt;
  if (!Arr || !isSharedMemoryVar(Ctx, Arr) || !T || T->K != ThreadPlace::Rank)
    return std::nullopt;
  if (!isBlockBarrierStmt(Body[I + 1])) {
    Why = "expected __syncthreads() after each thread's value is stored in the tree";
    return std::nullopt;
  }
  TreeFrame Frame;
  Frame.Arr = Arr;
  Frame.Facts = &Facts;
  Frame.Rank = *polyOf(Ctx, Elem->getIdx(), Facts);
  TreeWalk W;
  W.Frame = &Frame;
  for (size_t J = I + 2; J < End; ++J) {
    const Stmt *S = unattributed(Body[J]);
    if (W.Tail) {
      Why = "expected nothing after the tree's warp tail";
      return std::nullopt;
    }
    // A doubling tree is the whole tree.
    if (const auto *L = dyn_cast<ForStmt>(S); L && J == I + 2 && J + 1 == End && doublingTreeLoop(Ctx, L, W))
      continue;
    if (!W.Why.empty()) {
      Why = W.Why;
      return std::nullopt;
    }
    if (const auto *L = dyn_cast<ForStmt>(S)) {
      const VarDecl *Var = nullptr;
      const Expr *StartE = nullptr;
      if (const auto *DS = dyn_cast_or_null<DeclStmt>(L->getInit()); DS && DS->isSingleDecl()) {
        Var = dyn_cast<VarDecl>(DS->getSingleDecl());
        StartE = Var ? Var->getInit() : nullptr;
      } else if (const auto *A = dyn_cast_or_null<BinaryOperator>(L->getInit()); A && A->getOpcode() == BO_Assign) {
        Var = refVar(strip(A->getLHS()));
        StartE = A->getRHS();
      }
      if (!treeLoop(Ctx, Var, StartE, L->getCond(), L->getInc(), statementsOf(L->getBody()), W)) {
        Why = W.Why;
        return std::nullopt;
      }
      continue;
    }
    // `int s = START; while (s != 0) { if (t < s) step; __syncthreads(); s /= 2; }`:
    // the stride's declaration, used by nothing else, is the tree's.
    if (const auto *DS = dyn_cast<DeclStmt>(S); DS && DS->isSingleDecl() && J + 1 < End)
      if (const auto *Wh = dyn_cast<WhileStmt>(unattributed(Body[J + 1]))) {
        const auto *Var = dyn_cast<VarDecl>(DS->getSingleDecl());
        auto Steps = statementsOf(Wh->getBody());
        bool Private = Var && Var->getInit();
        for (size_t K = 0; K < Body.size() && Private; ++K)
          if (K != J && K != J + 1)
            Private = !mentionsVar(Body[K], Var);
        if (Private && Steps.size() == 3 && isa<Expr>(Steps[2])) {
          if (!treeLoop(Ctx, Var, Var->getInit(), Wh->getCond(), cast<Expr>(Steps[2]),
                        ArrayRef<const Stmt *>(Steps).take_front(2), W)) {
            Why = W.Why;
            return std::nullopt;
          }
          ++J;
          continue;
        }
      }
    // `if (COND) { if (t < K) step; __syncthreads(); }`, COND fixed by the template.
    // (A condition no template fixes is no step: the tree ends before it.)
    const auto *If = dyn_cast<IfStmt>(S);
    if (auto C = If && !If->getElse() && !rankBelow(Ctx, If->getCond(), Frame)
                     ? constantCondition(Ctx, If->getCond(), Facts)
                     : std::nullopt) {
      auto Inner = statementsOf(If->getThen());
      if (!*C)
        continue;
      if (Inner.size() != 2 || !isBlockBarrierStmt(Inner[1]) || !unrolledStep(Ctx, Inner[0], W)) {
        Why = W.Why.empty() ? "expected 'if (tid < K) sm[tid] += sm[tid + K]; __syncthreads();' in the unrolled tree"
                            : W.Why;
        return std::nullopt;
      }
      continue;
    }
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      auto Inner = statementsOf(CS);
      if (Inner.size() != 2 || !isBlockBarrierStmt(Inner[1]) || !unrolledStep(Ctx, Inner[0], W)) {
        Why = "expected '{ if (tid < K) sm[tid] += sm[tid + K]; __syncthreads(); }'";
        return std::nullopt;
      }
      continue;
    }
    if (J + 1 < End && isBlockBarrierStmt(Body[J + 1]) && unrolledStep(Ctx, S, W)) {
      ++J;
      continue;
    }
    if (warpTail(Ctx, S, W))
      continue;
    int64_t Next = 0;
    if (W.Why.empty() && stridesHalve(W, Next, Why))
      Why = "expected a step of a shared-memory halving tree";
    else if (!W.Why.empty())
      Why = W.Why;
    return std::nullopt;
  }
  // The strides must halve down to 1, each thread's value combined once.
  if (!W.Op || (W.Strides.empty() && !W.SymbolicLast)) {
    Why = "expected the halving loop of a shared-memory tree";
    return std::nullopt;
  }
  int64_t Next = 0;
  if (!stridesHalve(W, Next, Why))
    return std::nullopt;
  if (Next != 0 && !(W.SymbolicLast && W.Strides.empty() && *W.SymbolicLast == 1)) {
    Why = "the tree stops before stride 1";
    return std::nullopt;
  }
  ReductionMatch M;
  if (W.SymbolicLast) {
    M.Needs.PowerOfTwoBlockX = true;
    if (!W.Strides.empty())
      M.Needs.MinBlockX = static_cast<uint64_t>(W.Strides.front()) * 2;
  } else {
    M.Needs.TreeBlockX = static_cast<uint64_t>(W.Strides.front()) * 2;
  }
  M.Kind = ReductionMatch::SharedTree;
  M.Over = ReductionMatch::Block;
  M.Op = *W.Op;
  M.Contribution = Store->getRHS();
  M.TreeArray = Arr;
  M.Scratch.push_back(Arr);
  M.Needs.RankDims = T->Dims;
  if (W.Chained == 1) {
    // The register copy: stored first, folded with every step.
    if (refVar(strip(Store->getRHS())) != W.Chain) {
      Why = "the tree's steps keep a register copy that is not the value stored";
      return std::nullopt;
    }
    M.Var = W.Chain;
    M.ResultVar = W.Chain;
  }
  M.Doubling = W.Doubling;
  M.Description = std::string(W.Doubling ? "a shared-memory doubling tree" : "a shared-memory halving tree") +
                  (W.Unrolled ? " (unrolled)" : "") +
                  (W.Tail ? " with a warp-synchronous tail" : "");
  return M;
}

/// cub::BlockReduce<T, X[, algorithm, Y, Z]>(storage).Sum(v) or
/// .Reduce(v, cub::Sum() / cub::Max() / cub::Min() / cuda::std::plus<>()...).
std::optional<ReductionMatch> cubReduce(ASTContext &Ctx, const Stmt *S, const FunctionFacts &Facts) {
  const auto *DS = dyn_cast<DeclStmt>(S);
  const auto *V = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  const Expr *Init = V ? V->getInit() : nullptr;
  // `v = BlockReduce(temp).Sum(v);` as a statement: the temporary puts the
  // assignment under an ExprWithCleanups.
  const Stmt *Plain = S;
  if (const auto *FE = dyn_cast<FullExpr>(S))
    Plain = FE->getSubExpr();
  if (const auto *A = dyn_cast<BinaryOperator>(Plain); A && A->getOpcode() == BO_Assign) {
    V = refVar(strip(A->getLHS()));
    Init = A->getRHS();
  }
  const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(Init ? Init->IgnoreParenImpCasts() : nullptr);
  const CXXMethodDecl *Method = MC ? MC->getMethodDecl() : nullptr;
  const CXXRecordDecl *RD = Method ? Method->getParent() : nullptr;
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  if (!V || !Spec || RD->getName() != "BlockReduce")
    return std::nullopt;
  bool InCub = false;
  for (const DeclContext *DC = RD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      InCub |= NS->getName() == "cub";
  if (!InCub)
    return std::nullopt;
  std::optional<cuda::ReduceOp> Op;
  StringRef M = Method->getName();
  // A count of valid threads (`Reduce(v, op, blockDim.x)`, vLLM) must be
  // the whole block: checked once cub's block width is known.
  const Expr *ValidCount = nullptr;
  if (M == "Sum" && MC->getNumArgs() == 2)
    ValidCount = MC->getArg(1);
  if (M == "Reduce" && MC->getNumArgs() == 3)
    ValidCount = MC->getArg(2);
  if (M == "Sum" && MC->getNumArgs() <= 2)
    Op = cuda::ReduceOp::Add;
  else if (M == "Reduce" && (MC->getNumArgs() == 2 || MC->getNumArgs() == 3)) {
    const CXXRecordDecl *Fn = MC->getArg(1)->getType()->getAsCXXRecordDecl();
    StringRef N = Fn && Fn->getIdentifier() ? Fn->getName() : "";
    Op = llvm::StringSwitch<std::optional<cuda::ReduceOp>>(N)
             .Cases({"Sum", "plus"}, cuda::ReduceOp::Add)
             .Cases({"Max", "maximum"}, cuda::ReduceOp::Max)
             .Cases({"Min", "minimum"}, cuda::ReduceOp::Min)
             .Case("bit_and", cuda::ReduceOp::And)
             .Case("bit_or", cuda::ReduceOp::Or)
             .Case("bit_xor", cuda::ReduceOp::Xor)
             .Default(std::nullopt);
  }
  if (!Op)
    return std::nullopt;
  // The block shape cub was told: X, and Y and Z (arguments 3 and 4).
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  auto Dim = [&](unsigned I) -> std::optional<uint64_t> {
    if (I >= Args.size())
      return 1;
    if (Args[I].getKind() != TemplateArgument::Integral)
      return std::nullopt;
    return Args[I].getAsIntegral().getZExtValue();
  };
  auto X = Dim(1), Y = Dim(3), Z = Dim(4);
  if (!X || !Y || !Z)
    return std::nullopt;
  if (ValidCount) {
    const Expr *C = stripIntCasts(ValidCount);
    auto B = cuda::builtinIndex(C);
    bool WholeBlock = B && B->Var == cuda::BuiltinVar::BlockDim && B->Dim == 0 && *Y == 1 && *Z == 1;
    if (!WholeBlock)
      WholeBlock = constInt(Ctx, C, Facts) == static_cast<int64_t>(*X * *Y * *Z);
    if (!WholeBlock)
      return std::nullopt; // part of the block: not every thread's value counts
  }
  ReductionMatch R;
  R.Kind = ReductionMatch::CubBlockReduce;
  R.Over = ReductionMatch::Block;
  R.Op = *Op;
  R.Contribution = MC->getArg(0);
  R.ResultVar = V;
  R.Stmts = {S};
  R.Needs.RankDims = 3;
  R.Needs.TreeBlockX = *X;
  R.Description = "cub::BlockReduce<..., " + std::to_string(*X) + ">::" + M.str();
  if (*Y != 1 || *Z != 1)
    return std::nullopt; // a 3-D cub block: not matched (its shape check is X alone)
  // `BlockReduce(temp)`: a functional cast around the construction.
  const Expr *Obj = MC->getImplicitObjectArgument()->IgnoreImplicit();
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(Obj))
    Obj = FC->getSubExpr()->IgnoreImplicit();
  if (const auto *Storage = dyn_cast<CXXConstructExpr>(Obj))
    if (Storage->getNumArgs() == 1)
      if (const VarDecl *TS = refVar(strip(Storage->getArg(0))); TS && cuda::isShared(TS))
        R.Scratch.push_back(TS);
  (void)Facts;
  return R;
}

/// `g.thread_rank()` of a cooperative_groups thread_block (the linear rank)
/// or of a 32-thread tile (the lane). thread_block's thread_rank is a static
/// member (CUDA 12+), so the call is matched through its member expression.
/// Whether \p T is cooperative_groups::thread_block_tile<32> (a warp of the block).
bool isWarpTile(QualType T) {
  if (T.isNull())
    return false;
  if (const auto *P = T->getAs<PointerType>())
    T = P->getPointeeType();
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier() || RD->getName() != "thread_block_tile")
    return false;
  bool InCG = false;
  for (const DeclContext *DC = RD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      InCG |= NS->getName() == "cooperative_groups";
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  return InCG && Spec && Spec->getTemplateArgs().size() >= 1 &&
         Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Integral &&
         Spec->getTemplateArgs()[0].getAsIntegral() == 32;
}

std::optional<ThreadPlace> groupRank(const Expr *E) {
  const auto *Call = dyn_cast<CallExpr>(E);
  const auto *ME = Call ? dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParenImpCasts()) : nullptr;
  const auto *M = ME ? dyn_cast<CXXMethodDecl>(ME->getMemberDecl()) : nullptr;
  // The warp of a 32-thread tile of the block: its meta_group_rank().
  if (M && M->getIdentifier() && M->getName() == "meta_group_rank" &&
      isWarpTile(ME->getBase()->IgnoreImpCasts()->getType()))
    return ThreadPlace{ThreadPlace::Warp, 3};
  if (!M || !M->getIdentifier() || M->getName() != "thread_rank")
    return std::nullopt;
  QualType Object = ME->getBase()->getType();
  if (ME->isArrow())
    Object = Object->getPointeeType();
  const CXXRecordDecl *RD = Object.isNull() ? nullptr : Object->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier())
    return std::nullopt;
  bool InCG = false;
  for (const DeclContext *DC = RD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      InCG |= NS->getName() == "cooperative_groups";
  if (!InCG)
    return std::nullopt;
  if (RD->getName() == "thread_block")
    return ThreadPlace{ThreadPlace::Rank, 3};
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
      Spec && RD->getName() == "thread_block_tile" && Spec->getTemplateArgs().size() >= 1 &&
      Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Integral &&
      Spec->getTemplateArgs()[0].getAsIntegral() == 32)
    return ThreadPlace{ThreadPlace::Lane, 3};
  return std::nullopt;
}

} // namespace

bool isWarpTileCall(const Expr *E, StringRef Method) {
  // (Some tile methods are static: a plain call through a member expression.)
  const auto *Call = dyn_cast_or_null<CallExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  const auto *ME = Call ? dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParenImpCasts()) : nullptr;
  const auto *M = ME ? dyn_cast<CXXMethodDecl>(ME->getMemberDecl()) : nullptr;
  // (The method may be a base class's: the object's own type is the tile.)
  return M && M->getIdentifier() && M->getName() == Method && isWarpTile(ME->getBase()->IgnoreImpCasts()->getType());
}

std::optional<ThreadPlace> threadPlaceOf(const ASTContext &Ctx, const Expr *E, const FunctionFacts &Facts) {
  E = strip(E);
  if (!E)
    return std::nullopt;
  if (auto G = groupRank(E))
    return G;
  if (auto D = rankDims(Ctx, E, Facts))
    return ThreadPlace{ThreadPlace::Rank, *D};
  if (const VarDecl *V = setOnce(E, Facts))
    return threadPlaceOf(Ctx, V->getInit(), Facts);
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return std::nullopt;
  auto R = threadPlaceOf(Ctx, B->getLHS(), Facts);
  auto K = constInt(Ctx, B->getRHS(), Facts);
  if (!R || R->K != ThreadPlace::Rank || !K)
    return std::nullopt;
  if ((B->getOpcode() == BO_Rem && *K == 32) || (B->getOpcode() == BO_And && *K == 31))
    return ThreadPlace{ThreadPlace::Lane, R->Dims};
  if ((B->getOpcode() == BO_Div && *K == 32) || (B->getOpcode() == BO_Shr && *K == 5))
    return ThreadPlace{ThreadPlace::Warp, R->Dims};
  return std::nullopt;
}

std::optional<ThreadPlace> leaderOf(const ASTContext &Ctx, const Expr *Cond, const FunctionFacts &Facts) {
  Cond = strip(Cond);
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Cond); U && U->getOpcode() == UO_LNot) {
    auto P = threadPlaceOf(Ctx, U->getSubExpr(), Facts);
    if (P && P->K != ThreadPlace::Warp)
      return P;
    return std::nullopt;
  }
  const auto *B = dyn_cast_or_null<BinaryOperator>(Cond);
  if (!B)
    return std::nullopt;
  if (B->getOpcode() == BO_LAnd) {
    // threadIdx.x == 0 && threadIdx.y == 0 [&& threadIdx.z == 0], any order.
    std::vector<const Expr *> Terms;
    std::function<bool(const Expr *)> Flatten = [&](const Expr *E) {
      E = strip(E);
      if (const auto *A = dyn_cast<BinaryOperator>(E); A && A->getOpcode() == BO_LAnd)
        return Flatten(A->getLHS()) && Flatten(A->getRHS());
      Terms.push_back(E);
      return true;
    };
    Flatten(B);
    unsigned Seen = 0;
    for (const Expr *T : Terms) {
      const auto *Eq = dyn_cast<BinaryOperator>(T);
      if (!Eq || Eq->getOpcode() != BO_EQ)
        return std::nullopt;
      auto Idx = cuda::builtinIndex(strip(Eq->getLHS()));
      if (!Idx)
        Idx = cuda::builtinIndex(strip(Eq->getRHS()));
      const Expr *Other = Idx && cuda::builtinIndex(strip(Eq->getLHS())) ? Eq->getRHS() : Eq->getLHS();
      if (!Idx || Idx->Var != cuda::BuiltinVar::ThreadIdx || constInt(Ctx, Other, Facts) != 0)
        return std::nullopt;
      Seen |= 1u << Idx->Dim;
    }
    if (Seen == 3)
      return ThreadPlace{ThreadPlace::Rank, 2};
    if (Seen == 7)
      return ThreadPlace{ThreadPlace::Rank, 3};
    return std::nullopt;
  }
  if (B->getOpcode() != BO_EQ)
    return std::nullopt;
  for (unsigned J = 0; J < 2; ++J) {
    auto P = threadPlaceOf(Ctx, J ? B->getRHS() : B->getLHS(), Facts);
    if (P && P->K != ThreadPlace::Warp && constInt(Ctx, J ? B->getLHS() : B->getRHS(), Facts) == 0)
      return P;
  }
  return std::nullopt;
}

/// `if (e > v) v = e;` and its min and mirrored spellings (foldOf).
static std::optional<Fold> compareAndTakeFold(const IfStmt *If) {
  if (If->getElse() || If->getInit() || If->getConditionVariable())
    return std::nullopt;
  auto Then = statementsOf(If->getThen());
  const auto *A = Then.size() == 1 ? dyn_cast<BinaryOperator>(Then[0]) : nullptr;
  const auto *Cmp = dyn_cast<BinaryOperator>(strip(If->getCond()));
  if (!A || A->getOpcode() != BO_Assign || !Cmp || !Cmp->isRelationalOp())
    return std::nullopt;
  Fold F;
  F.Var = refVar(A->getLHS()->IgnoreParens());
  if (!F.Var || isMemoryLValue(A->getLHS()->IgnoreParens()))
    return std::nullopt;
  // Which side of the comparison is v; the other must be what v takes.
  bool VarLeft = refVar(strip(Cmp->getLHS())) == F.Var && !isMemoryLValue(strip(Cmp->getLHS()));
  bool VarRight = refVar(strip(Cmp->getRHS())) == F.Var && !isMemoryLValue(strip(Cmp->getRHS()));
  if (VarLeft == VarRight)
    return std::nullopt;
  const Expr *Taken = A->getRHS(), *Compared = VarLeft ? Cmp->getRHS() : Cmp->getLHS();
  const ASTContext &Ctx = F.Var->getASTContext();
  if (Taken->HasSideEffects(Ctx) || mentionsVar(Taken, F.Var))
    return std::nullopt;
  llvm::FoldingSetNodeID TakenID, ComparedID;
  strip(Taken)->Profile(TakenID, Ctx, /*Canonical=*/true);
  strip(Compared)->Profile(ComparedID, Ctx, /*Canonical=*/true);
  if (TakenID != ComparedID)
    return std::nullopt;
  // e > v (v < e): v takes the larger; e < v (v > e): the smaller.
  bool GreaterTaken = (Cmp->getOpcode() == BO_GT || Cmp->getOpcode() == BO_GE) != VarLeft;
  F.Op = GreaterTaken ? cuda::ReduceOp::Max : cuda::ReduceOp::Min;
  F.Operand = Taken;
  F.E = A;
  F.Whole = If;
  return F;
}

std::optional<Fold> foldOf(const Stmt *S) {
  if (const auto *If = dyn_cast_or_null<IfStmt>(S))
    return compareAndTakeFold(If);
  const auto *E = dyn_cast_or_null<Expr>(S);
  if (!E)
    return std::nullopt;
  E = E->IgnoreParens();
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    E = EWC->getSubExpr()->IgnoreParens();
  Fold F;
  F.E = E;
  F.Whole = E;
  if (const auto *C = dyn_cast<CompoundAssignOperator>(E)) {
    F.Var = refVar(C->getLHS()->IgnoreParens());
    F.Operand = C->getRHS();
    switch (C->getOpcode()) {
    case BO_AddAssign: F.Op = cuda::ReduceOp::Add; break;
    case BO_AndAssign: F.Op = cuda::ReduceOp::And; break;
    case BO_OrAssign: F.Op = cuda::ReduceOp::Or; break;
    case BO_XorAssign: F.Op = cuda::ReduceOp::Xor; break;
    default: return std::nullopt;
    }
    if (!F.Var || isMemoryLValue(C->getLHS()->IgnoreParens()))
      return std::nullopt;
    return F;
  }
  const auto *A = dyn_cast<BinaryOperator>(E);
  if (!A || A->getOpcode() != BO_Assign)
    return std::nullopt;
  F.Var = refVar(A->getLHS()->IgnoreParens());
  if (!F.Var || isMemoryLValue(A->getLHS()->IgnoreParens()))
    return std::nullopt;
  const Expr *X = nullptr, *Y = nullptr;
  auto Op = combineOf(A->getRHS(), X, Y);
  if (!Op)
    return std::nullopt;
  F.Op = *Op;
  if (refVar(strip(X)) == F.Var && !isMemoryLValue(strip(X)))
    F.Operand = Y;
  else if (refVar(strip(Y)) == F.Var && !isMemoryLValue(strip(Y)))
    F.Operand = X;
  else
    return std::nullopt;
  return F;
}

/// `v = cooperative_groups::reduce(tile, e, op)` or `T r = ...` over a
/// 32-thread tile (a warp), op `plus`, `greater` (max), `less` (min),
/// `bit_and`, `bit_or`, `bit_xor`: every lane ends with the result.
static std::optional<ReductionMatch> cgReduce(const Stmt *S) {
  const Expr *Value = nullptr;
  const VarDecl *Assigned = nullptr;
  bool Declares = false;
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    Assigned = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    Value = Assigned ? Assigned->getInit() : nullptr;
    Declares = true;
  } else if (const auto *E = dyn_cast<Expr>(S)) {
    if (const auto *A = dyn_cast<BinaryOperator>(E->IgnoreImplicit()); A && A->getOpcode() == BO_Assign) {
      Assigned = refVar(strip(A->getLHS()));
      Value = A->getRHS();
    }
  }
  const auto *C = Value ? dyn_cast<CallExpr>(Value->IgnoreImplicit()->IgnoreParenImpCasts()) : nullptr;
  const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
  if (!Assigned || !F || !F->getIdentifier() || F->getName() != "reduce" || C->getNumArgs() != 3 ||
      !isWarpTile(C->getArg(0)->getType()))
    return std::nullopt;
  bool InCG = false;
  for (const DeclContext *DC = F->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      InCG |= NS->getName() == "cooperative_groups";
  const CXXRecordDecl *OpRD = C->getArg(2)->getType().getNonReferenceType()->getAsCXXRecordDecl();
  if (!InCG || !OpRD || !OpRD->getIdentifier())
    return std::nullopt;
  auto Op = llvm::StringSwitch<std::optional<cuda::ReduceOp>>(OpRD->getName())
                .Case("plus", cuda::ReduceOp::Add)
                .Case("greater", cuda::ReduceOp::Max)
                .Case("less", cuda::ReduceOp::Min)
                .Case("bit_and", cuda::ReduceOp::And)
                .Case("bit_or", cuda::ReduceOp::Or)
                .Case("bit_xor", cuda::ReduceOp::Xor)
                .Default(std::nullopt);
  if (!Op)
    return std::nullopt;
  ReductionMatch M;
  M.Kind = ReductionMatch::Helper;
  M.Over = ReductionMatch::Warp;
  M.EveryThreadHolds = true;
  M.Op = *Op;
  M.Contribution = C->getArg(1);
  M.ResultVar = Assigned;
  M.Var = !Declares && refersTo(C->getArg(1), Assigned) ? Assigned : nullptr;
  M.Description = "cooperative_groups::reduce over a 32-thread tile";
  M.Stmts = {S};
  return M;
}

/// The reduction Body[Begin, End) is, whatever reads its result.
static std::optional<ReductionMatch> reductionShape(ASTContext &Ctx, ArrayRef<const Stmt *> Body, size_t Begin,
                                                    size_t End, const FunctionFacts &Facts, std::string &Why) {
  if (Begin >= End || End > Body.size())
    return std::nullopt;
  std::optional<ReductionMatch> M;
  if (End - Begin == 1) {
    // One statement: a helper call or cub.
    if (auto Cub = cubReduce(Ctx, Body[Begin], Facts)) {
      M = Cub;
    } else if (auto G = cgReduce(Body[Begin])) {
      M = G;
    } else if (auto H = helperCallOf(Ctx, Body[Begin])) {
      std::string Inner;
      if (auto HM = helperReduction(Ctx, H->Callee, Inner)) {
        M = ReductionMatch();
        M->Kind = ReductionMatch::Helper;
        M->HelperShape = HM->Kind;
        M->Over = HM->Over;
        M->EveryThreadHolds = HM->EveryThreadHolds;
        M->Op = HM->Op;
        M->Needs = HM->Needs;
        M->Contribution = H->Argument;
        M->ResultVar = H->Assigned;
        M->Var = !H->Declares && refersTo(H->Argument, H->Assigned) ? H->Assigned : nullptr;
        M->Description = "'" + H->Callee->getNameAsString() + "' (" + HM->Description + ")";
        M->Stmts = {Body[Begin]};
        M->Scratch = H->SharedArgs;
      } else if (!Inner.empty()) {
        Why = "in '" + H->Callee->getNameAsString() + "': " + Inner;
      }
    }
  }
  if (!M) {
    size_t I = Begin;
    M = shuffleAndShared(Ctx, Body, I, End, Facts, Why);
    if (M && M->Stmts.empty()) {
      // shuffleAndShared consumed [Begin, End) when it matched; a warp-only
      // match must end at End too.
      size_t J = Begin;
      if (M->Kind == ReductionMatch::WarpShuffle) {
        auto W = warpStage(Ctx, Body, J, End, Facts);
        if (!W || J != End)
          M.reset();
      }
    }
  }
  if (!M)
    M = sharedTree(Ctx, Body, Begin, End, Facts, Why);
  if (!M)
    return std::nullopt;
  if (M->Stmts.empty())
    M->Stmts.assign(Body.begin() + Begin, Body.begin() + End);
  return M;
}

std::optional<ReductionMatch> matchReduction(ASTContext &Ctx, ArrayRef<const Stmt *> Body, size_t Begin,
                                             size_t End, const Expr *Result, const FunctionFacts &Facts,
                                             std::string &Why) {
  const VarDecl *ResultVar = refVar(strip(Result));
  std::optional<ReductionMatch> M = reductionShape(Ctx, Body, Begin, End, Facts, Why);
  if (!M)
    return std::nullopt;
  // The result must be what the caller reads.
  if (M->Kind == ReductionMatch::SharedTree && M->Var && ResultVar == M->Var) {
    // A chained tree's register copy holds the result too.
  } else if (M->Kind == ReductionMatch::SharedTree) {
    const auto *Sub = dyn_cast_or_null<ArraySubscriptExpr>(strip(Result));
    if (!Sub || refVar(strip(Sub->getBase())) != M->TreeArray || constInt(Ctx, Sub->getIdx(), Facts) != 0) {
      Why = "the tree's result is element 0 of '" + M->TreeArray->getName().str() + "', which is not what is read";
      return std::nullopt;
    }
  } else if (!ResultVar || ResultVar != M->ResultVar) {
    Why = "the reduction's result is not the value read";
    return std::nullopt;
  }
  return M;
}

size_t scratchBefore(ArrayRef<const Stmt *> Body, size_t Begin, size_t ReadFrom, const ReductionMatch &Found,
                     const FunctionFacts &Facts) {
  auto UsedOutside = [&](const VarDecl *V, size_t From) {
    auto Uses = [&](const Stmt *S) { return mentionsVar(S, V); };
    for (size_t I = ReadFrom; I < Body.size(); ++I)
      if (Uses(Body[I]))
        return true;
    for (size_t I = 0; I < From; ++I)
      if (Uses(Body[I]))
        return true;
    return false;
  };
  size_t At = Begin;
  while (At > 0) {
    const auto *DS = dyn_cast<DeclStmt>(Body[At - 1]);
    if (!DS)
      break;
    bool Mine = true;
    for (const Decl *D : DS->decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      const VarDecl *Own = Found.Contribution ? refVar(strip(Found.Contribution)) : nullptr;
      Mine &= V && V != Found.Var && V != Found.ResultVar && V != Own && !UsedOutside(V, At - 1);
      // A shared array, or a local computed from thread indices alone (a
      // lane, a warp, a width, a mask): the thread's own work (a load, a
      // call) is not the reduction's.
      Mine &= V && (cuda::isShared(V) || (V->getInit() && isIndexArithmetic(V->getInit(), Facts)));
    }
    if (!Mine)
      break;
    --At;
  }
  return Begin - At;
}

std::optional<ReductionMatch> reductionBefore(ASTContext &Ctx, ArrayRef<const Stmt *> Body, size_t End,
                                              const Expr *Result, const FunctionFacts &Facts, std::string &Why) {
  std::optional<ReductionMatch> Found;
  size_t Begin = End;
  for (size_t B = End; B-- > 0;) {
    std::string W;
    if (auto M = matchReduction(Ctx, Body, B, End, Result, Facts, W)) {
      Found = M;
      Begin = B;
    } else if (Why.empty() || !W.empty()) {
      if (!W.empty())
        Why = W;
    }
    if (End - B >= 24)
      break;
  }
  if (!Found) {
    if (Why.empty())
      Why = "the statements before it are no warp shuffle reduction, shared stage, halving tree, "
            "reducing helper or cub::BlockReduce of the value it reads";
    return std::nullopt;
  }
  // Declarations just before it that only the reduction uses (lanes,
  // warps, shared arrays) belong to it.
  size_t Claimed = scratchBefore(Body, Begin, End + 1, *Found, Facts);
  for (size_t I = Begin; I-- > Begin - Claimed;) {
    Found->Stmts.insert(Found->Stmts.begin(), Body[I]);
    for (const Decl *D : cast<DeclStmt>(Body[I])->decls())
      Found->Scratch.push_back(cast<VarDecl>(D));
  }
  return Found;
}

std::optional<ReductionMatch> reductionAt(ASTContext &Ctx, ArrayRef<const Stmt *> Body, size_t Begin,
                                          const FunctionFacts &Facts, std::string &Why) {
  for (size_t End = std::min(Body.size(), Begin + 24); End > Begin; --End) {
    std::string W;
    if (auto M = reductionShape(Ctx, Body, Begin, End, Facts, W))
      return M;
    if (Why.empty() && !W.empty())
      Why = W;
  }
  return std::nullopt;
}

namespace {

/// `__syncwarp()` with any mask, as a statement.
bool isWarpBarrierStmt(const Stmt *S) {
  const auto *C = dyn_cast_or_null<CallExpr>(S);
  auto Scope = cuda::barrierScope(C);
  return Scope && *Scope == cuda::SyncScope::Warp;
}

/// `x = E` or `T x = E` as a statement: the variable and E.
const VarDecl *copyInto(const Stmt *S, const Expr *&Value, bool &Declares) {
  Declares = false;
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    const auto *V = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (!V || !V->getInit() || V->getType()->isReferenceType())
      return nullptr;
    Value = V->getInit();
    Declares = true;
    return V;
  }
  const auto *A = dyn_cast<BinaryOperator>(S);
  if (!A || A->getOpcode() != BO_Assign)
    return nullptr;
  Value = A->getRHS();
  const VarDecl *V = refVar(strip(A->getLHS()));
  return V && V->hasLocalStorage() ? V : nullptr;
}

/// `S` (a __shared__ scalar) or `S[k]` (k constant): the variable and k.
const VarDecl *sharedSlotOf(const ASTContext &Ctx, const Expr *E, std::optional<int64_t> &Index,
                            const FunctionFacts &Facts) {
  E = strip(E);
  Index.reset();
  if (const auto *Sub = dyn_cast_or_null<ArraySubscriptExpr>(E)) {
    const VarDecl *Arr = refVar(strip(Sub->getBase()));
    auto K = constInt(Ctx, Sub->getIdx(), Facts);
    if (!Arr || !isSharedMemoryVar(Ctx, Arr) || !K)
      return nullptr;
    Index = K;
    return Arr;
  }
  const VarDecl *V = refVar(E);
  return V && cuda::isShared(V) && !V->getType()->isArrayType() ? V : nullptr;
}

/// The last statement of a loop body (through nested compounds).
const Stmt *lastStatement(const Stmt *S) {
  while (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    S = CS->body_empty() ? nullptr : CS->body_back();
  return S;
}

} // namespace

std::optional<ResultBroadcast> broadcastAfter(ASTContext &Ctx, ArrayRef<const Stmt *> Body, size_t After,
                                              const ReductionMatch &M, const FunctionFacts &Facts) {
  ResultBroadcast B;
  const VarDecl *Result = M.ResultVar;
  if (M.EveryThreadHolds) {
    B.K = ResultBroadcast::Butterfly;
    B.Var = Result;
    return B;
  }
  bool Warp = M.Over == ReductionMatch::Warp;
  if (M.Kind == ReductionMatch::SharedTree && !(M.Var && Result == M.Var)) {
    // Element 0 is final for everyone once a barrier follows the last step.
    const Stmt *Last = M.Stmts.empty() ? nullptr : unattributed(M.Stmts.back());
    bool Synced = false;
    if (const auto *F = dyn_cast_or_null<ForStmt>(Last))
      Synced = isBlockBarrierStmt(lastStatement(F->getBody()));
    else
      Synced = isBlockBarrierStmt(Last);
    if (!Synced && After < Body.size() && isBlockBarrierStmt(Body[After])) {
      B.Stmts.push_back(Body[After]);
      Synced = true;
    }
    if (!Synced)
      return std::nullopt;
    B.K = ResultBroadcast::TreeRoot;
    B.Slot = M.TreeArray;
    B.SlotIndex = 0;
    return B;
  }
  if (!Result || After >= Body.size())
    return std::nullopt;
  const Expr *Value = nullptr;
  bool Declares = false;
  // A warp: lane 0's value to every lane.
  if (const VarDecl *To = copyInto(Body[After], Value, Declares)) {
    const auto *C = dyn_cast_or_null<CallExpr>(strip(Value));
    StringRef N = C ? calleeName(C) : "";
    if ((N == "__shfl_sync" || N == "__shfl") && C->getNumArgs() >= (N == "__shfl" ? 2u : 3u)) {
      unsigned V = N == "__shfl" ? 0 : 1;
      if (refersTo(C->getArg(V), Result) && constInt(Ctx, C->getArg(V + 1), Facts) == 0 && Warp) {
        B.K = ResultBroadcast::ShuffleLane0;
        B.Stmts.push_back(Body[After]);
        B.Var = To;
        return B;
      }
    }
  }
  // `if (leader) S = v;`, a barrier, and perhaps `v = S;`.
  const auto *If = dyn_cast<IfStmt>(Body[After]);
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable())
    return std::nullopt;
  auto Leader = leaderOf(Ctx, If->getCond(), Facts);
  if (!Leader || (Leader->K == ThreadPlace::Lane) != Warp)
    return std::nullopt;
  auto Then = statementsOf(If->getThen());
  const auto *Store = Then.size() == 1 ? dyn_cast<BinaryOperator>(Then[0]) : nullptr;
  if (!Store || Store->getOpcode() != BO_Assign || !refersTo(Store->getRHS(), Result))
    return std::nullopt;
  B.Slot = sharedSlotOf(Ctx, Store->getLHS(), B.SlotIndex, Facts);
  if (!B.Slot || After + 1 >= Body.size() ||
      !(isBlockBarrierStmt(Body[After + 1]) || (Warp && isWarpBarrierStmt(Body[After + 1]))))
    return std::nullopt;
  B.K = ResultBroadcast::SharedSlot;
  B.Stmts = {Body[After], Body[After + 1]};
  if (After + 2 < Body.size())
    if (const VarDecl *To = copyInto(Body[After + 2], Value, Declares)) {
      std::optional<int64_t> K;
      if (sharedSlotOf(Ctx, Value, K, Facts) == B.Slot && K == B.SlotIndex) {
        B.Stmts.push_back(Body[After + 2]);
        B.Var = To;
        B.Slot = nullptr;
        B.SlotIndex.reset();
      }
    }
  return B;
}

bool readsSlot(const ASTContext &Ctx, const Expr *E, const ResultBroadcast &B, const FunctionFacts &Facts) {
  if (!B.Slot || !E)
    return false;
  std::optional<int64_t> K;
  return sharedSlotOf(Ctx, E, K, Facts) == B.Slot && K == B.SlotIndex;
}

std::optional<int64_t> evaluateInBlock(const ASTContext &Ctx, const Expr *E, const FunctionFacts &Facts,
                                       uint64_t X, uint64_t Y, uint64_t Z) {
  E = strip(E);
  if (!E)
    return std::nullopt;
  if (auto B = cuda::builtinIndex(E)) {
    if (B->Var != cuda::BuiltinVar::BlockDim)
      return std::nullopt;
    return static_cast<int64_t>(B->Dim == 0 ? X : B->Dim == 1 ? Y : Z);
  }
  if (auto K = constInt(Ctx, E, Facts))
    return K;
  if (const VarDecl *V = setOnce(E, Facts))
    return evaluateInBlock(Ctx, V->getInit(), Facts, X, Y, Z);
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return std::nullopt;
  auto L = evaluateInBlock(Ctx, B->getLHS(), Facts, X, Y, Z);
  auto R = evaluateInBlock(Ctx, B->getRHS(), Facts, X, Y, Z);
  if (!L || !R)
    return std::nullopt;
  switch (B->getOpcode()) {
  case BO_Add: return *L + *R;
  case BO_Sub: return *L - *R;
  case BO_Mul: return *L * *R;
  case BO_Div: return *R ? std::optional<int64_t>(*L / *R) : std::nullopt;
  case BO_Rem: return *R ? std::optional<int64_t>(*L % *R) : std::nullopt;
  case BO_Shr: return *R >= 0 && *R < 63 ? std::optional<int64_t>(*L >> *R) : std::nullopt;
  case BO_Shl: return *R >= 0 && *R < 32 ? std::optional<int64_t>(*L << *R) : std::nullopt;
  default: return std::nullopt;
  }
}

//===----------------------------------------------------------------------===//
// Pair folds: argmax / argmin and online softmax
//===----------------------------------------------------------------------===//

namespace {

/// A value the pair's statements compute, in terms of the two locals'
/// values before the iteration (Init) and of expressions that read neither
/// (Leaf: the element, the column). Built normalised: sums and products are
/// flattened and sorted, `a - a` is 0, exp(0) is 1, `x * 1` is x, max(a, a)
/// is a, comparisons are turned to `>` / `>=`. Equal keys: equal values.
struct Term;
using TermP = std::shared_ptr<const Term>;
struct Term {
  enum Kind { Init, Leaf, Const, Add, Neg, Mul, Div, Exp, Max, Min, Select, Cmp, Not } K = Leaf;
  std::vector<TermP> Args;
  const VarDecl *Var = nullptr;   ///< Init
  const Expr *E = nullptr;        ///< Leaf: the expression; Exp: the call
  double C = 0;                   ///< Const
  BinaryOperatorKind Op = BO_GT;  ///< Cmp
  std::string Key;
};

TermP makeTerm(Term T) {
  static const char *const Names[] = {"I", "L", "C", "add", "neg", "mul", "div", "exp",
                                      "max", "min", "sel", "cmp", "not"};
  if (T.K == Term::Init)
    T.Key = "I:" + T.Var->getNameAsString() + "@" + std::to_string(reinterpret_cast<uintptr_t>(T.Var));
  else if (T.K == Term::Const) {
    char Buf[64];
    snprintf(Buf, sizeof Buf, "C:%.17g", T.C);
    T.Key = Buf;
  } else if (T.K != Term::Leaf) {
    T.Key = std::string(Names[T.K]) + (T.K == Term::Cmp ? BinaryOperator::getOpcodeStr(T.Op).str() : "") + "(";
    for (size_t I = 0; I < T.Args.size(); ++I)
      T.Key += (I ? "," : "") + T.Args[I]->Key;
    T.Key += ")";
  }
  return std::make_shared<const Term>(std::move(T));
}
TermP constant(double C) {
  Term T;
  T.K = Term::Const;
  T.C = C;
  return makeTerm(T);
}
TermP node(Term::Kind K, std::vector<TermP> Args) {
  Term T;
  T.K = K;
  T.Args = std::move(Args);
  return makeTerm(T);
}
bool isConst(const TermP &T, double C) { return T->K == Term::Const && T->C == C; }

TermP negate(const TermP &A);
TermP sum(std::vector<TermP> Parts) {
  std::vector<TermP> Flat;
  double C = 0;
  std::function<void(const TermP &)> Add = [&](const TermP &P) {
    if (P->K == Term::Add)
      for (const TermP &Q : P->Args)
        Add(Q);
    else if (P->K == Term::Const)
      C += P->C;
    else
      Flat.push_back(P);
  };
  for (const TermP &P : Parts)
    Add(P);
  // a + -a: nothing.
  for (size_t I = 0; I < Flat.size(); ++I)
    for (size_t J = 0; Flat[I] && J < Flat.size(); ++J)
      if (I != J && Flat[J] && Flat[J]->K == Term::Neg && Flat[J]->Args[0]->Key == Flat[I]->Key) {
        Flat[I] = Flat[J] = nullptr;
      }
  llvm::erase(Flat, nullptr);
  if (C != 0)
    Flat.push_back(constant(C));
  if (Flat.empty())
    return constant(0);
  if (Flat.size() == 1)
    return Flat.front();
  llvm::sort(Flat, [](const TermP &A, const TermP &B) { return A->Key < B->Key; });
  return node(Term::Add, Flat);
}
TermP negate(const TermP &A) {
  if (A->K == Term::Neg)
    return A->Args[0];
  if (A->K == Term::Const)
    return constant(-A->C);
  if (A->K == Term::Add) {
    std::vector<TermP> Parts;
    for (const TermP &P : A->Args)
      Parts.push_back(negate(P));
    return sum(Parts);
  }
  return node(Term::Neg, {A});
}
TermP difference(const TermP &A, const TermP &B) { return sum({A, negate(B)}); }
TermP product(std::vector<TermP> Parts) {
  std::vector<TermP> Flat;
  double C = 1;
  std::function<void(const TermP &)> Add = [&](const TermP &P) {
    if (P->K == Term::Mul)
      for (const TermP &Q : P->Args)
        Add(Q);
    else if (P->K == Term::Const)
      C *= P->C;
    else if (P->K == Term::Neg) {
      C = -C;
      Add(P->Args[0]);
    } else
      Flat.push_back(P);
  };
  for (const TermP &P : Parts)
    Add(P);
  if (Flat.empty())
    return constant(C);
  llvm::sort(Flat, [](const TermP &A, const TermP &B) { return A->Key < B->Key; });
  TermP M = Flat.size() == 1 ? Flat.front() : node(Term::Mul, Flat);
  if (C == 1)
    return M;
  if (C == -1)
    return node(Term::Neg, {M});
  return node(Term::Mul, {constant(C), M});
}
TermP exponential(const TermP &A, const Expr *Call) {
  if (isConst(A, 0))
    return constant(1);
  Term T;
  T.K = Term::Exp;
  T.Args = {A};
  T.E = Call;
  return makeTerm(T);
}
TermP extremum(Term::Kind K, TermP A, TermP B) {
  if (A->Key == B->Key)
    return A;
  if (B->Key < A->Key)
    std::swap(A, B);
  return node(K, {A, B});
}
TermP compare(BinaryOperatorKind Op, TermP A, TermP B) {
  if (Op == BO_LT || Op == BO_LE) {
    Op = Op == BO_LT ? BO_GT : BO_GE;
    std::swap(A, B);
  } else if ((Op == BO_EQ || Op == BO_NE) && B->Key < A->Key) {
    std::swap(A, B);
  }
  Term T;
  T.K = Term::Cmp;
  T.Op = Op;
  T.Args = {A, B};
  return makeTerm(T);
}
TermP select(const TermP &Cond, const TermP &A, const TermP &B) {
  if (A->Key == B->Key)
    return A;
  if (Cond->K == Term::Const)
    return Cond->C != 0 ? A : B;
  if (Cond->K == Term::Not)
    return select(Cond->Args[0], B, A);
  // `x == y ? 1 : exp(x - y)` (and the != form) is exp(x - y): the guard
  // only keeps -inf - -inf from giving NaN when both sides are empty.
  if (Cond->K == Term::Cmp && (Cond->Op == BO_EQ || Cond->Op == BO_NE)) {
    const TermP &One = Cond->Op == BO_EQ ? A : B, &E = Cond->Op == BO_EQ ? B : A;
    if (isConst(One, 1) && E->K == Term::Exp &&
        (E->Args[0]->Key == difference(Cond->Args[0], Cond->Args[1])->Key ||
         E->Args[0]->Key == difference(Cond->Args[1], Cond->Args[0])->Key))
      return E;
  }
  return node(Term::Select, {Cond, A, B});
}
TermP logicalNot(const TermP &A) { return A->K == Term::Not ? A->Args[0] : node(Term::Not, {A}); }

/// The comparisons the selects of \p T branch on.
void conditionsOf(const TermP &T, std::vector<TermP> &Out) {
  if (T->K == Term::Select && llvm::none_of(Out, [&](const TermP &C) { return C->Key == T->Args[0]->Key; }))
    Out.push_back(T->Args[0]);
  for (const TermP &A : T->Args)
    conditionsOf(A, Out);
}
/// \p T on the side of comparison \p Cond (`L > R` or `L >= R`) where it is
/// \p Truth: its selects decided, and max/min of L and R the larger or
/// smaller.
TermP decide(const TermP &T, const TermP &Cond, bool Truth) {
  if (T->Key == Cond->Key)
    return constant(Truth ? 1 : 0);
  if (T->K == Term::Select && T->Args[0]->Key == Cond->Key)
    return decide(T->Args[Truth ? 1 : 2], Cond, Truth);
  std::vector<TermP> Args;
  for (const TermP &A : T->Args)
    Args.push_back(decide(A, Cond, Truth));
  switch (T->K) {
  case Term::Max:
  case Term::Min: {
    const TermP &L = Cond->Args[0], &R = Cond->Args[1];
    bool Same = (Args[0]->Key == L->Key && Args[1]->Key == R->Key) ||
                (Args[0]->Key == R->Key && Args[1]->Key == L->Key);
    if (Same && (Cond->Op == BO_GT || Cond->Op == BO_GE))
      return (T->K == Term::Max) == Truth ? L : R;
    return extremum(T->K, Args[0], Args[1]);
  }
  case Term::Add: return sum(Args);
  case Term::Neg: return negate(Args[0]);
  case Term::Mul: return product(Args);
  case Term::Exp: return exponential(Args[0], T->E);
  case Term::Select: return select(Args[0], Args[1], Args[2]);
  case Term::Cmp: return compare(T->Op, Args[0], Args[1]);
  case Term::Not: return logicalNot(Args[0]);
  case Term::Div: return node(Term::Div, Args);
  default: return T;
  }
}
bool hasKind(const TermP &T, Term::Kind K) {
  return T->K == K || llvm::any_of(T->Args, [&](const TermP &A) { return hasKind(A, K); });
}
const Expr *firstExp(const TermP &T) {
  if (T->K == Term::Exp)
    return T->E;
  for (const TermP &A : T->Args)
    if (const Expr *E = firstExp(A))
      return E;
  return nullptr;
}

/// Evaluates the pair's statements into Terms.
class PairEvaluator {
public:
  PairEvaluator(const ASTContext &Ctx, std::set<const VarDecl *> Tracked) : Ctx(Ctx), Tracked(std::move(Tracked)) {}

  bool exec(const Stmt *S);
  TermP value(const VarDecl *V) const {
    V = resolve(V);
    auto It = Env.find(V);
    if (It != Env.end())
      return It->second;
    Term T;
    T.K = Term::Init;
    T.Var = V;
    return makeTerm(T);
  }
  /// The variables the leaves read.
  std::vector<const VarDecl *> LeafVars;
  /// Locals of the body read as their initialiser (`float v = x[i];` then
  /// `x[i]` is the same element): set once, and no memory changes after.
  std::map<const VarDecl *, const Expr *> SeeThrough;
  /// Gives the term of a call before anything else reads it (a shuffle of
  /// the pair: its partner's value), or null.
  std::function<TermP(const CallExpr *)> Intercept;
  /// Gives the term of an element read (`M_[w]`: a partner's value), or null.
  std::function<TermP(const ArraySubscriptExpr *)> InterceptElement;
  /// Calls of __device__ functions are evaluated through their bodies
  /// (parameters by value, non-const references to locals as aliases,
  /// one `return` at the end), to this depth.
  bool InlineCalls = false;
  /// `&&` and `||` are read as selects (a combine's tie rule).
  bool AllowLogical = false;
  /// Conditions known to hold where the statements run (a lane guard).
  std::set<const Expr *> AssumedTrue;
  std::string Why;

private:
  TermP inlineCall(const CallExpr *C);
  /// A function body's statements; the value it returns (0 for none).
  TermP execBody(llvm::ArrayRef<const Stmt *> Stmts);
  const VarDecl *resolve(const VarDecl *V) const {
    for (auto It = Alias.find(V); It != Alias.end(); It = Alias.find(V))
      V = It->second;
    return V;
  }
  std::map<const VarDecl *, const VarDecl *> Alias;
  unsigned Depth = 0;

  TermP eval(const Expr *E);
  TermP leaf(const Expr *E);
  bool readsTracked(const Stmt *S) const {
    bool Found = false;
    std::function<void(const Stmt *)> Walk = [&](const Stmt *N) {
      if (!N || Found)
        return;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
        Found |= Tracked.count(dyn_cast<VarDecl>(DRE->getDecl())) != 0;
      for (const Stmt *C : N->children())
        Walk(C);
    };
    Walk(S);
    return Found;
  }
  TermP fail(const Stmt *S, const char *What) {
    if (Why.empty())
      Why = "'" + text(S) + "' " + What;
    return nullptr;
  }
  std::string text(const Stmt *S) const {
    std::string Out;
    llvm::raw_string_ostream OS(Out);
    S->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
    return Out;
  }

  const ASTContext &Ctx;
  std::set<const VarDecl *> Tracked;
  std::map<const VarDecl *, TermP> Env;
  std::vector<std::pair<llvm::FoldingSetNodeID, const Expr *>> Leaves;
};

TermP PairEvaluator::leaf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const VarDecl *V = refVar(E); V && SeeThrough.count(V)) {
    const Expr *Init = SeeThrough[V];
    SeeThrough.erase(V); // no cycle
    TermP T = eval(Init);
    SeeThrough[V] = Init;
    return T;
  }
  if (!isPureExpr(E, Ctx))
    return fail(E, "has side effects");
  llvm::FoldingSetNodeID ID;
  E->Profile(ID, Ctx, /*Canonical=*/true);
  size_t I = 0;
  for (; I < Leaves.size(); ++I)
    if (Leaves[I].first == ID)
      break;
  if (I == Leaves.size()) {
    Leaves.push_back({ID, E});
    std::function<void(const Stmt *)> Walk = [&](const Stmt *N) {
      if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(N))
        if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && !llvm::is_contained(LeafVars, V))
          LeafVars.push_back(V);
      if (N)
        for (const Stmt *C : N->children())
          Walk(C);
    };
    Walk(E);
  }
  Term T;
  T.K = Term::Leaf;
  T.E = Leaves[I].second;
  T.Key = "L" + std::to_string(I);
  return makeTerm(T);
}

TermP PairEvaluator::eval(const Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreParens();
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E))
    return eval(IC->getSubExpr());
  if (AssumedTrue.count(E))
    return constant(1);
  if (const auto *C = dyn_cast<CallExpr>(E); C && Intercept)
    if (TermP T = Intercept(C))
      return T;
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E); Sub && InterceptElement)
    if (TermP T = InterceptElement(Sub))
      return T;
  const auto *Rel = dyn_cast<BinaryOperator>(E);
  bool Comparison = Rel && Rel->isComparisonOp(); // kept apart: the pair branches on it
  if (!Comparison && !readsTracked(E)) {
    // Constants are values the terms simplify with (`1.f`, `T(0)`).
    Expr::EvalResult R;
    if (!E->isValueDependent() && !E->isTypeDependent() && E->EvaluateAsRValue(R, Ctx)) {
      if (R.Val.isFloat())
        return constant(R.Val.getFloat().convertToDouble());
      if (R.Val.isInt())
        return constant(static_cast<double>(R.Val.getInt().getSExtValue()));
    }
    return leaf(E);
  }
  if (const auto *EC = dyn_cast<ExplicitCastExpr>(E)) {
    // A conversion between arithmetic types keeps the value the pair
    // compares (an integer narrowed from a float would not).
    QualType To = EC->getType(), From = EC->getSubExpr()->getType();
    if (To->isArithmeticType() && From->isArithmeticType() &&
        (To->isRealFloatingType() || !From->isRealFloatingType()))
      return eval(EC->getSubExpr());
    return fail(E, "converts a value of the pair to another type");
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    return V ? value(V) : fail(E, "is not a variable");
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    TermP A = U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus || U->getOpcode() == UO_LNot
                  ? eval(U->getSubExpr())
                  : nullptr;
    if (!A)
      return fail(E, "is not read by the pair analysis (+ - * /, comparisons, ?:, exp, max, min)");
    return U->getOpcode() == UO_Minus ? negate(A) : U->getOpcode() == UO_LNot ? logicalNot(A) : A;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isLogicalOp() && AllowLogical) {
      TermP L = eval(B->getLHS()), R = L ? eval(B->getRHS()) : nullptr;
      if (!R)
        return nullptr;
      return B->getOpcode() == BO_LAnd ? select(L, R, constant(0)) : select(L, constant(1), R);
    }
    if (B->isAssignmentOp() || B->isCommaOp() || B->isLogicalOp())
      return fail(E, "is not read by the pair analysis (a condition is one comparison)");
    TermP L = eval(B->getLHS()), R = L ? eval(B->getRHS()) : nullptr;
    if (!L || !R)
      return nullptr;
    switch (B->getOpcode()) {
    case BO_Add: return sum({L, R});
    case BO_Sub: return difference(L, R);
    case BO_Mul: return product({L, R});
    case BO_Div: return node(Term::Div, {L, R});
    case BO_GT: case BO_GE: case BO_LT: case BO_LE: case BO_EQ: case BO_NE:
      return compare(B->getOpcode(), L, R);
    default: return fail(E, "is not read by the pair analysis (+ - * /, comparisons, ?:, exp, max, min)");
    }
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    TermP C = eval(CO->getCond()), T = C ? eval(CO->getTrueExpr()) : nullptr, F = T ? eval(CO->getFalseExpr()) : nullptr;
    return F ? select(C, T, F) : nullptr;
  }
  if (const auto *C = dyn_cast<CallExpr>(E)) {
    StringRef N = calleeName(C);
    auto K = llvm::StringSwitch<std::optional<Term::Kind>>(N)
                 .Cases({"exp", "expf", "__expf", "expl"}, Term::Exp)
                 .Cases({"max", "fmaxf", "fmax"}, Term::Max)
                 .Cases({"min", "fminf", "fmin"}, Term::Min)
                 .Default(std::nullopt);
    unsigned Arity = K == Term::Exp ? 1 : 2;
    if (!K && InlineCalls)
      return inlineCall(C);
    if (!K || C->getNumArgs() != Arity)
      return fail(E, "calls a function the pair analysis does not read (exp, expf, __expf, max, fmaxf, min, fminf)");
    TermP A = eval(C->getArg(0));
    if (!A)
      return nullptr;
    if (*K == Term::Exp)
      return exponential(A, C);
    TermP B = eval(C->getArg(1));
    return B ? extremum(*K, A, B) : nullptr;
  }
  return fail(E, "is not read by the pair analysis (+ - * /, comparisons, ?:, exp, max, min)");
}

bool PairEvaluator::exec(const Stmt *S) {
  if (!S || isa<NullStmt>(S))
    return true;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return llvm::all_of(CS->body(), [&](const Stmt *C) { return exec(C); });
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V || !V->getInit() || !V->getType()->isArithmeticType()) {
        fail(S, "declares something other than an initialised arithmetic local");
        return false;
      }
      TermP T = eval(V->getInit());
      if (!T)
        return false;
      Env[V] = T;
    }
    return true;
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->getInit() || If->getConditionVariable() || If->isConsteval()) {
      fail(S, "declares in its condition");
      return false;
    }
    TermP C = eval(If->getCond());
    if (!C)
      return false;
    std::map<const VarDecl *, TermP> Before = Env;
    if (!exec(If->getThen()))
      return false;
    std::map<const VarDecl *, TermP> Then = std::move(Env);
    Env = Before;
    if (!exec(If->getElse()))
      return false;
    std::map<const VarDecl *, TermP> Else = std::move(Env);
    Env = Before;
    // Variables both sides know (those declared inside a branch end there).
    std::set<const VarDecl *> Vars(Tracked);
    for (const auto &[V, T] : Before)
      Vars.insert(V);
    for (const VarDecl *V : Vars) {
      auto Pick = [&](const std::map<const VarDecl *, TermP> &M) {
        auto It = M.find(V);
        return It != M.end() ? It->second : value(V);
      };
      if (Before.count(V) || Then.count(V) || Else.count(V))
        Env[V] = select(C, Pick(Then), Pick(Else));
    }
    return true;
  }
  const auto *E = dyn_cast<Expr>(S);
  if (!E) {
    fail(S, "is not an assignment, a declaration or an if");
    return false;
  }
  E = E->IgnoreParens();
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    E = EWC->getSubExpr()->IgnoreParens();
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (B && B->isCommaOp())
    return exec(B->getLHS()) && exec(B->getRHS());
  if (const auto *C = dyn_cast<CallExpr>(E); C && InlineCalls && !isa<CXXOperatorCallExpr>(C))
    return inlineCall(C) != nullptr;
  if (!B || !B->isAssignmentOp()) {
    fail(S, "is not an assignment, a declaration or an if");
    return false;
  }
  const VarDecl *V = refVar(B->getLHS()->IgnoreParens());
  bool Aliased = V && Alias.count(V);
  if (!V || (!Aliased && isMemoryLValue(B->getLHS()->IgnoreParens())) || !V->hasLocalStorage()) {
    fail(S, "stores to memory, not to a local");
    return false;
  }
  V = resolve(V);
  TermP R = eval(B->getRHS());
  if (!R)
    return false;
  TermP Old = value(V);
  switch (B->getOpcode()) {
  case BO_Assign: Env[V] = R; break;
  case BO_AddAssign: Env[V] = sum({Old, R}); break;
  case BO_SubAssign: Env[V] = difference(Old, R); break;
  case BO_MulAssign: Env[V] = product({Old, R}); break;
  case BO_DivAssign: Env[V] = node(Term::Div, {Old, R}); break;
  default: fail(S, "is a compound assignment the pair analysis does not read"); return false;
  }
  return true;
}

TermP PairEvaluator::inlineCall(const CallExpr *C) {
  const FunctionDecl *F = C->getDirectCallee();
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  const auto *Body = Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  if (!Body || Depth >= 4 || Ctx.getSourceManager().isInSystemHeader(Def->getLocation()) ||
      C->getNumArgs() != Def->getNumParams() || isa<CXXMemberCallExpr>(C))
    return fail(C, "calls a function the pair analysis does not read (exp, expf, __expf, max, fmaxf, min, fminf, "
                   "or a __device__ function of this file)");
  // Arguments first, as the call evaluates them; then the parameters.
  std::vector<std::pair<const VarDecl *, TermP>> Values;
  std::vector<std::pair<const VarDecl *, const VarDecl *>> Refs;
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    QualType T = P->getType();
    if (T->isLValueReferenceType() && !T.getNonReferenceType().isConstQualified()) {
      const VarDecl *V = refVar(C->getArg(I)->IgnoreParenImpCasts());
      if (!V || !V->hasLocalStorage() || (!Alias.count(V) && isMemoryLValue(C->getArg(I)->IgnoreParenImpCasts())))
        return fail(C->getArg(I), "is passed by reference but is not a local");
      Refs.push_back({P, resolve(V)});
      continue;
    }
    if (!T.getNonReferenceType()->isArithmeticType())
      return fail(C->getArg(I), "is passed as a value that is not a number");
    TermP A = eval(C->getArg(I));
    if (!A)
      return nullptr;
    Values.push_back({P, A});
  }
  for (const auto &[P, V] : Refs) {
    Alias[P] = V;
    Tracked.insert(P);
  }
  for (const auto &[P, A] : Values) {
    Env[P] = A;
    Tracked.insert(P);
  }
  for (const Stmt *S : Body->body())
    eachNode(S, [&](const Stmt *N) {
      if (const auto *DS = dyn_cast<DeclStmt>(N))
        for (const Decl *D : DS->decls())
          if (const auto *V = dyn_cast<VarDecl>(D))
            Tracked.insert(V);
    });
  ++Depth;
  std::vector<const Stmt *> Stmts(Body->body_begin(), Body->body_end());
  TermP Result = execBody(Stmts);
  --Depth;
  for (const auto &[P, V] : Refs)
    Alias.erase(P);
  return Result;
}

TermP PairEvaluator::execBody(ArrayRef<const Stmt *> Stmts) {
  for (size_t I = 0; I < Stmts.size(); ++I) {
    const Stmt *S = Stmts[I];
    if (const auto *R = dyn_cast<ReturnStmt>(S)) {
      if (I + 1 != Stmts.size())
        return fail(Stmts[I + 1], "follows the function's return");
      return R->getRetValue() ? eval(R->getRetValue()) : constant(0);
    }
    // `if (c) return [e];`: the rest runs where c is false.
    const auto *If = dyn_cast<IfStmt>(S);
    const auto *Ret = If && !If->getElse() && !If->getInit() && !If->getConditionVariable()
                          ? dyn_cast<ReturnStmt>(If->getThen())
                          : nullptr;
    if (const auto *CS = If ? dyn_cast<CompoundStmt>(If->getThen()) : nullptr; CS && CS->size() == 1)
      Ret = dyn_cast<ReturnStmt>(CS->body_front());
    if (Ret) {
      TermP C = eval(If->getCond());
      TermP Early = C ? (Ret->getRetValue() ? eval(Ret->getRetValue()) : constant(0)) : nullptr;
      if (!Early)
        return nullptr;
      std::map<const VarDecl *, TermP> Before = Env;
      TermP Late = execBody(Stmts.drop_front(I + 1));
      if (!Late)
        return nullptr;
      std::set<const VarDecl *> Vars;
      for (const auto &[V, T] : Env)
        Vars.insert(V);
      for (const VarDecl *V : Vars) {
        auto It = Before.find(V);
        Term Init;
        Init.K = Term::Init;
        Init.Var = V;
        Env[V] = select(C, It != Before.end() ? It->second : makeTerm(Init), Env[V]);
      }
      return select(C, Early, Late);
    }
    bool Returns = false;
    eachNode(S, [&](const Stmt *N) { Returns |= isa<ReturnStmt>(N); });
    if (Returns)
      return fail(S, "returns from inside a statement other than `if (c) return [e];`");
    if (!exec(S))
      return nullptr;
  }
  return constant(0);
}

/// The locals \p S names.
std::vector<const VarDecl *> localsIn(const Stmt *S) {
  std::vector<const VarDecl *> Out;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *N) {
    if (!N)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && V->hasLocalStorage() && !llvm::is_contained(Out, V))
        Out.push_back(V);
    if (const auto *DS = dyn_cast<DeclStmt>(N))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && !llvm::is_contained(Out, V))
          Out.push_back(V);
    for (const Stmt *C : N->children())
      Walk(C);
  };
  Walk(S);
  return Out;
}
/// The locals \p S declares.
std::set<const VarDecl *> declaredBy(const Stmt *S) {
  std::set<const VarDecl *> Out;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *N) {
    if (!N)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(N))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          Out.insert(V);
    for (const Stmt *C : N->children())
      Walk(C);
  };
  Walk(S);
  return Out;
}

std::string quoted(const VarDecl *V) { return "'" + V->getNameAsString() + "'"; }
std::string exprText(const ASTContext &Ctx, const Expr *E) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  E->IgnoreParenImpCasts()->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
  return "'" + Out + "'";
}

/// \p Value and \p Index as an argmax or argmin.
std::optional<PairFold> matchArgExtremum(const ASTContext &Ctx, const VarDecl *Value, const VarDecl *Index,
                                         const PairEvaluator &Ev, std::string &Why) {
  TermP TV = Ev.value(Value), TI = Ev.value(Index);
  std::vector<TermP> Conds;
  conditionsOf(TV, Conds);
  conditionsOf(TI, Conds);
  if (Conds.size() != 1 || Conds[0]->K != Term::Cmp || (Conds[0]->Op != BO_GT && Conds[0]->Op != BO_GE))
    return std::nullopt;
  TermP C = Conds[0];
  for (bool Wins : {true, false}) {
    TermP V = decide(TV, C, Wins), I = decide(TI, C, Wins);
    TermP VK = decide(TV, C, !Wins), IK = decide(TI, C, !Wins);
    if (V->K != Term::Leaf || I->K != Term::Leaf)
      continue;
    Term InitV, InitI;
    InitV.K = InitI.K = Term::Init;
    InitV.Var = Value;
    InitI.Var = Index;
    if (VK->Key != makeTerm(InitV)->Key || IK->Key != makeTerm(InitI)->Key)
      continue;
    // The comparison is between the element and the value before.
    const TermP &L = C->Args[0], &R = C->Args[1];
    bool ElemLeft = L->Key == V->Key && R->Key == makeTerm(InitV)->Key;
    bool ElemRight = R->Key == V->Key && L->Key == makeTerm(InitV)->Key;
    if (!ElemLeft && !ElemRight)
      continue;
    BinaryOperatorKind Op = C->Op;
    if (!Wins) {
      // The element wins where the comparison fails: `!(L > R)` is `R >= L`
      // for integers; for floating point a NaN element would win it.
      if (Value->getType()->isRealFloatingType()) {
        Why = "the element wins where " + exprText(Ctx, V->E) +
              "'s comparison with " + quoted(Value) +
              " is false, which a NaN element would make it: the combined reduction compares the other way";
        return std::nullopt;
      }
      Op = Op == BO_GT ? BO_GE : BO_GT;
      std::swap(ElemLeft, ElemRight);
    }
    PairFold P;
    P.K = ElemLeft ? PairFold::ArgMax : PairFold::ArgMin;
    P.Value = Value;
    P.Other = Index;
    P.Candidate = V->E;
    P.Position = I->E;
    P.LastOnTies = Op == BO_GE;
    return P;
  }
  return std::nullopt;
}

/// \p Max and \p Sum as an online softmax.
std::optional<PairFold> matchOnlineSoftmax(const VarDecl *Max, const VarDecl *Sum, const PairEvaluator &Ev) {
  if (!Max->getType()->isRealFloatingType() || !Sum->getType()->isRealFloatingType())
    return std::nullopt;
  TermP TM = Ev.value(Max), TS = Ev.value(Sum);
  Term InitM, InitS;
  InitM.K = InitS.K = Term::Init;
  InitM.Var = Max;
  InitS.Var = Sum;
  TermP IM = makeTerm(InitM), IS = makeTerm(InitS);
  // The update the pair must compute with the new maximum NewMax.
  auto Expected = [&](const TermP &NewMax, const TermP &Elem) {
    return sum({product({IS, exponential(difference(IM, NewMax), nullptr)}),
                exponential(difference(Elem, NewMax), nullptr)});
  };
  std::vector<TermP> Conds;
  conditionsOf(TM, Conds);
  conditionsOf(TS, Conds);
  const Expr *ExpCall = firstExp(TS);
  if (!ExpCall)
    return std::nullopt;
  PairFold P;
  P.K = PairFold::OnlineSoftmax;
  P.Value = Max;
  P.Other = Sum;
  P.Exp = dyn_cast<CallExpr>(ExpCall);
  if (Conds.empty()) {
    if (TM->K != Term::Max)
      return std::nullopt;
    const TermP &A = TM->Args[0], &B = TM->Args[1];
    TermP Elem = A->Key == IM->Key ? B : B->Key == IM->Key ? A : nullptr;
    if (!Elem || Elem->K != Term::Leaf || TS->Key != Expected(TM, Elem)->Key)
      return std::nullopt;
    P.Candidate = Elem->E;
    return P;
  }
  if (Conds.size() != 1 || Conds[0]->K != Term::Cmp || (Conds[0]->Op != BO_GT && Conds[0]->Op != BO_GE))
    return std::nullopt;
  TermP C = Conds[0];
  const TermP &L = C->Args[0], &R = C->Args[1];
  TermP Elem = L->Key == IM->Key ? R : R->Key == IM->Key ? L : nullptr;
  if (!Elem || Elem->K != Term::Leaf)
    return std::nullopt;
  for (bool Truth : {true, false}) {
    // Where `L > R` (or >=) holds, L is the maximum; elsewhere R is.
    TermP NewMax = Truth ? L : R;
    if (decide(TM, C, Truth)->Key != NewMax->Key || decide(TS, C, Truth)->Key != Expected(NewMax, Elem)->Key)
      return std::nullopt;
  }
  P.Candidate = Elem->E;
  return P;
}

} // namespace

std::optional<PairFold> pairFoldOf(const ASTContext &Ctx, ArrayRef<const Stmt *> Body, const VarDecl *Var,
                                   const VarDecl *Index, const FunctionFacts &Facts, std::string &Why) {
  Why.clear();
  if (!Var)
    return std::nullopt;
  std::map<const VarDecl *, size_t> InBody; // where each local of the body is declared
  for (size_t I = 0; I < Body.size(); ++I)
    for (const VarDecl *V : declaredBy(Body[I]))
      InBody[V] = I;
  // Locals from outside the body that it changes (the loop's own counter
  // aside): those a pair statement reads are part of the pair.
  std::set<const VarDecl *> Changed;
  for (const Stmt *S : Body)
    for (const VarDecl *V : localsIn(S))
      if (V != Index && !InBody.count(V) && Facts.modifiedWithin(V, S))
        Changed.insert(V);
  // The statements of the pair: those that name Var, or a local they
  // change, declare or read that depends on the pair, until no more join.
  std::set<const VarDecl *> Tracked{Var};
  std::vector<bool> In(Body.size(), false);
  auto Depends = [&](const Stmt *S, const VarDecl *Self) {
    return llvm::any_of(localsIn(S),
                        [&](const VarDecl *V) { return V != Self && (Tracked.count(V) || Changed.count(V)); });
  };
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (size_t I = 0; I < Body.size(); ++I) {
      if (In[I])
        continue;
      std::vector<const VarDecl *> Named = localsIn(Body[I]);
      if (llvm::none_of(Named, [&](const VarDecl *V) { return Tracked.count(V); }))
        continue;
      In[I] = Grew = true;
      std::set<const VarDecl *> Declared = declaredBy(Body[I]);
      for (const VarDecl *V : Named) {
        auto At = InBody.find(V);
        if (Declared.count(V) || Facts.modifiedWithin(V, Body[I]) || Changed.count(V) ||
            (At != InBody.end() && Depends(Body[At->second], V)))
          Tracked.insert(V);
      }
    }
  }
  std::vector<const Stmt *> Stmts;
  std::vector<const VarDecl *> Outer; // changed, declared outside the body
  size_t First = Body.size(), Last = 0;
  for (size_t I = 0; I < Body.size(); ++I)
    if (In[I]) {
      Stmts.push_back(Body[I]);
      First = std::min(First, I);
      Last = I;
    }
  for (const VarDecl *V : Tracked)
    if (!InBody.count(V) && llvm::any_of(Stmts, [&](const Stmt *S) { return Facts.modifiedWithin(V, S); }))
      Outer.push_back(V);
  llvm::sort(Outer, [&](const VarDecl *A, const VarDecl *B) {
    return A == Var ? B != Var : B == Var ? false : A->getLocation() < B->getLocation();
  });
  if (Outer.empty() || Outer.front() != Var || Stmts.empty())
    return std::nullopt;
  if (Outer.size() > 2) {
    Why = "'" + Outer[0]->getNameAsString() + "', '" + Outer[1]->getNameAsString() + "' and '" +
          Outer[2]->getNameAsString() + "' change together: a pair reduction combines two values";
    return std::nullopt;
  }

  PairEvaluator Ev(Ctx, Tracked);
  // Locals of the body set once, after which the body writes no memory,
  // stand for their initialisers.
  const SourceManager &SM = Ctx.getSourceManager();
  auto Offset = [&](SourceLocation L) { return SM.getFileOffset(SM.getExpansionLoc(L)); };
  for (const auto &[V, At] : InBody) {
    if (Tracked.count(V) || !V->getInit() || !Facts.mods(V).empty() || !V->getType()->isArithmeticType() ||
        V->getType()->isReferenceType() || At + 1 > Body.size())
      continue;
    bool Writes = false;
    for (size_t J = At + 1; J < Body.size() && !Writes; ++J)
      for (const MemEvent &Event : Facts.events())
        if (Event.K != MemEvent::Read && Event.Begin >= Offset(Body[J]->getBeginLoc()) &&
            Event.Begin <= Offset(Body[J]->getEndLoc()))
          Writes = true;
    if (!Writes)
      Ev.SeeThrough[V] = V->getInit();
  }
  for (const Stmt *S : Stmts)
    if (!Ev.exec(S)) {
      if (Outer.size() == 2)
        Why = "'" + Outer[0]->getNameAsString() + "' and '" + Outer[1]->getNameAsString() +
              "' change together, but " + Ev.Why;
      return std::nullopt;
    }

  if (Outer.size() == 1) {
    // Half an argmax: the local moves under a comparison with a local that
    // does not move with it (an index updated without its value).
    std::vector<TermP> Conds;
    conditionsOf(Ev.value(Var), Conds);
    for (const TermP &C : Conds)
      if (C->K == Term::Cmp)
        for (const TermP &Side : C->Args)
          if (Side->K == Term::Leaf)
            if (const VarDecl *W = refVar(Side->E);
                W && W != Var && W->hasLocalStorage() && !isa<ParmVarDecl>(W) && !InBody.count(W)) {
              Why = quoted(Var) + " changes only when the element beats " + quoted(W) + ", but " + quoted(W) +
                    " does not change with it: an argmax or argmin moves the value and its index together";
              return std::nullopt;
            }
    return std::nullopt;
  }
  // The element read by the pair must stay the same through its statements.
  for (const VarDecl *V : Ev.LeafVars)
    for (size_t I = First; I <= Last; ++I)
      if (const VarMod *M = Facts.modifiedWithin(V, Body[I])) {
        Why = quoted(V) + ", which the updates of '" + Outer[0]->getNameAsString() + "' and '" +
              Outer[1]->getNameAsString() + "' read, changes among them";
        (void)M;
        return std::nullopt;
      }

  std::optional<PairFold> P;
  for (int Swap = 0; Swap < 2 && !P && Why.empty(); ++Swap) {
    const VarDecl *A = Outer[Swap], *B = Outer[1 - Swap];
    if (A->getType()->isArithmeticType() && B->getType()->isIntegerType())
      P = matchArgExtremum(Ctx, A, B, Ev, Why);
    if (!P && Why.empty())
      P = matchOnlineSoftmax(A, B, Ev);
  }
  if (!P) {
    if (Why.empty())
      Why = "'" + Outer[0]->getNameAsString() + "' and '" + Outer[1]->getNameAsString() +
            "' change together, but neither as an argmax or argmin (the value takes the element that beats it "
            "and the index its position, both or neither) nor as an online softmax (m = max(m, v), s = s * "
            "exp(m_old - m) + exp(v - m))";
    return std::nullopt;
  }
  P->Stmts = std::move(Stmts);
  return P;
}

} // namespace analysis
} // namespace klineage

//===----------------------------------------------------------------------===//
// Pair reductions: an online softmax's (max, sum) combined across threads
//===----------------------------------------------------------------------===//

namespace klineage {
namespace analysis {
namespace {

TermP initTerm(const VarDecl *V) {
  Term T;
  T.K = Term::Init;
  T.Var = V;
  return makeTerm(T);
}
/// The value of \p Of in the thread (or the partial) a step combines with.
TermP partnerTerm(const VarDecl *Of, const Expr *E) {
  Term T;
  T.K = Term::Leaf;
  T.E = E;
  T.Key = "partner:" + Of->getNameAsString() + "@" + std::to_string(reinterpret_cast<uintptr_t>(Of));
  return makeTerm(T);
}

/// Whether (\p TM, \p TS), a pair's values after a step, are the online
/// softmax combine of (\p IM, \p IS) with (\p PM, \p PS).
bool isSoftmaxCombine(TermP TM, TermP TS, const TermP &IM, const TermP &IS, const TermP &PM, const TermP &PS) {
  // A guard on an infinite maximum (both sides empty: -inf - -inf is NaN)
  // is read on its finite side.
  std::vector<TermP> Conds, Kept;
  conditionsOf(TM, Conds);
  conditionsOf(TS, Conds);
  for (const TermP &C : Conds) {
    bool Inf = C->K == Term::Cmp && (C->Op == BO_EQ || C->Op == BO_NE) &&
               llvm::any_of(C->Args, [](const TermP &A) { return A->K == Term::Const && std::isinf(A->C); });
    if (!Inf) {
      Kept.push_back(C);
      continue;
    }
    TM = decide(TM, C, C->Op == BO_NE);
    TS = decide(TS, C, C->Op == BO_NE);
  }
  auto Expected = [&](const TermP &NewMax) {
    return sum({product({IS, exponential(difference(IM, NewMax), nullptr)}),
                product({PS, exponential(difference(PM, NewMax), nullptr)})});
  };
  if (Kept.empty())
    return TM->Key == extremum(Term::Max, IM, PM)->Key && TS->Key == Expected(TM)->Key;
  if (Kept.size() != 1 || Kept[0]->K != Term::Cmp || (Kept[0]->Op != BO_GT && Kept[0]->Op != BO_GE))
    return false;
  const TermP &C = Kept[0], &L = C->Args[0], &R = C->Args[1];
  if (!((L->Key == IM->Key && R->Key == PM->Key) || (L->Key == PM->Key && R->Key == IM->Key)))
    return false;
  for (bool Truth : {true, false}) {
    TermP NewMax = Truth ? L : R;
    if (decide(TM, C, Truth)->Key != NewMax->Key || decide(TS, C, Truth)->Key != Expected(NewMax)->Key)
      return false;
  }
  return true;
}

/// Whether (\p TV, \p TI), a (value, index) pair after a step, are the
/// argmax (\p Max) or argmin combine of (\p IV, \p II) with (\p PV, \p PI):
/// checked in each of the nine orders of the two values and of the two
/// indices, every comparison the step branches on decided by that order.
/// \p LastOnTies: of equal values, the larger index is kept.
bool isArgCombine(const TermP &TV, const TermP &TI, const TermP &IV, const TermP &II, const TermP &PV,
                  const TermP &PI, bool &Max, bool &LastOnTies) {
  // Every comparison in the terms (conditions, and values of `&&`/`||`).
  std::vector<TermP> Conds;
  std::function<void(const TermP &)> Collect = [&](const TermP &T) {
    if (T->K == Term::Cmp && llvm::none_of(Conds, [&](const TermP &C) { return C->Key == T->Key; }))
      Conds.push_back(T);
    for (const TermP &A : T->Args)
      Collect(A);
  };
  Collect(TV);
  Collect(TI);
  // -1: the partner's is smaller, 0: equal, 1: larger.
  auto Truth = [&](const TermP &C, int ValueOrder, int IndexOrder) -> std::optional<bool> {
    const TermP &L = C->Args[0], &R = C->Args[1];
    int Order;
    if (L->Key == PV->Key && R->Key == IV->Key)
      Order = ValueOrder;
    else if (L->Key == IV->Key && R->Key == PV->Key)
      Order = -ValueOrder;
    else if (L->Key == PI->Key && R->Key == II->Key)
      Order = IndexOrder;
    else if (L->Key == II->Key && R->Key == PI->Key)
      Order = -IndexOrder;
    else
      return std::nullopt;
    switch (C->Op) {
    case BO_GT: return Order > 0;
    case BO_GE: return Order >= 0;
    case BO_EQ: return Order == 0;
    case BO_NE: return Order != 0;
    default: return std::nullopt;
    }
  };
  for (int Kind = 0; Kind < 4; ++Kind) {
    bool WantMax = Kind < 2, WantLast = Kind % 2;
    bool All = true;
    for (int VO = -1; VO <= 1 && All; ++VO)
      for (int IO = -1; IO <= 1 && All; ++IO) {
        TermP V = TV, I = TI;
        for (const TermP &C : Conds) {
          auto T = Truth(C, VO, IO);
          if (!T)
            return false;
          V = decide(V, C, *T);
          I = decide(I, C, *T);
        }
        // Which side the combine must keep in this order.
        bool TakePartner = WantMax ? VO > 0 : VO < 0;
        if (VO == 0)
          TakePartner = WantLast ? IO > 0 : IO < 0;
        const TermP &EV = VO == 0 ? IV : TakePartner ? PV : IV;
        const TermP &EI = TakePartner ? PI : II;
        // Equal values: either value term is right.
        bool ValueOk = V->Key == EV->Key || (VO == 0 && (V->Key == IV->Key || V->Key == PV->Key));
        bool IndexOk = I->Key == EI->Key || (IO == 0 && (I->Key == II->Key || I->Key == PI->Key));
        All = ValueOk && IndexOk;
      }
    if (All) {
      Max = WantMax;
      LastOnTies = WantLast;
      return true;
    }
  }
  return false;
}

/// Whether the statements \p Step combine the pair (\p A, \p B) with the
/// partner values \p Call and \p Element give, as an online softmax or an
/// argmax/argmin; which (and which local is the max or value) in \p Out.
/// \p Assumed: a condition that holds wherever the step runs.
bool combinesPair(const ASTContext &Ctx, ArrayRef<const Stmt *> Step, const VarDecl *A, const VarDecl *B,
                  std::function<TermP(const CallExpr *)> Call,
                  std::function<TermP(const ArraySubscriptExpr *)> Element, PairReduction &Out, std::string &Why,
                  const Expr *Assumed = nullptr) {
  std::set<const VarDecl *> Tracked{A, B};
  for (const Stmt *S : Step)
    for (const VarDecl *V : declaredBy(S))
      Tracked.insert(V);
  PairEvaluator Ev(Ctx, Tracked);
  Ev.Intercept = std::move(Call);
  Ev.InterceptElement = std::move(Element);
  Ev.InlineCalls = true;
  Ev.AllowLogical = true;
  if (Assumed)
    Ev.AssumedTrue.insert(Assumed);
  for (const Stmt *S : Step)
    if (!Ev.exec(S)) {
      Why = "the step that combines '" + A->getNameAsString() + "' and '" + B->getNameAsString() +
            "' with their partners is not read: " + Ev.Why;
      return false;
    }
  for (int Swap = 0; Swap < 2; ++Swap) {
    const VarDecl *X = Swap ? B : A, *Y = Swap ? A : B;
    TermP IX = initTerm(X), IY = initTerm(Y), PX = partnerTerm(X, nullptr), PY = partnerTerm(Y, nullptr);
    if (X->getType()->isRealFloatingType() && Y->getType()->isRealFloatingType() &&
        isSoftmaxCombine(Ev.value(X), Ev.value(Y), IX, IY, PX, PY)) {
      Out = PairReduction{PairFold::OnlineSoftmax, X, Y, false};
      return true;
    }
    bool Max = false, Last = false;
    if (X->getType()->isArithmeticType() && Y->getType()->isIntegerType() &&
        isArgCombine(Ev.value(X), Ev.value(Y), IX, IY, PX, PY, Max, Last)) {
      Out = PairReduction{Max ? PairFold::ArgMax : PairFold::ArgMin, X, Y, Last};
      return true;
    }
  }
  Why = "'" + A->getNameAsString() + "' and '" + B->getNameAsString() +
        "' are combined with their partners, but neither as an online softmax's (max, sum): M = max(m1, m2), s1 * "
        "exp(m1 - M) + s2 * exp(m2 - M), nor as an argmax or argmin's (value, index): the larger (smaller) value "
        "with its index, of equal values one index";
  return false;
}

/// `lane + offset < N` (either order of the sum), alone or as the left of
/// `&&`: the count N; \p Guard: the comparison.
const Expr *laneGuardCount(const ASTContext &Ctx, const Expr *Cond, const VarDecl *Offset,
                           const FunctionFacts &Facts, const Expr **Guard = nullptr) {
  if (const auto *And = dyn_cast<BinaryOperator>(strip(Cond)); And && And->getOpcode() == BO_LAnd)
    Cond = And->getLHS();
  const auto *Lt = dyn_cast<BinaryOperator>(strip(Cond));
  const auto *Add = Lt && Lt->getOpcode() == BO_LT ? dyn_cast<BinaryOperator>(strip(Lt->getLHS())) : nullptr;
  if (!Add || Add->getOpcode() != BO_Add)
    return nullptr;
  for (int J = 0; J < 2; ++J) {
    auto P = threadPlaceOf(Ctx, J ? Add->getRHS() : Add->getLHS(), Facts);
    if (P && P->K == ThreadPlace::Lane && refersTo(J ? Add->getLHS() : Add->getRHS(), Offset)) {
      if (Guard)
        *Guard = Lt;
      return Lt->getRHS();
    }
  }
  return nullptr;
}

/// The top-level statement of \p Stmts that holds \p N.
size_t statementHolding(ArrayRef<const Stmt *> Stmts, const Stmt *N) {
  for (size_t I = 0; I < Stmts.size(); ++I) {
    bool Found = false;
    eachNode(Stmts[I], [&](const Stmt *X) { Found |= X == N; });
    if (Found)
      return I;
  }
  return Stmts.size();
}

/// A warp stage of a pair: a loop over offsets 16..1 that shuffles two
/// locals by the offset and combines them with the partners, perhaps
/// under `if (lane + offset < N)`.
struct PairWarpStage {
  PairReduction Pair;
  bool Xor = false;
  const Expr *Count = nullptr; ///< the guard's N
};
std::optional<PairWarpStage> pairWarpStage(const ASTContext &Ctx, const Stmt *S, const FunctionFacts &Facts,
                                           std::string &Why) {
  const auto *F = S ? dyn_cast<ForStmt>(unattributed(S)) : nullptr;
  const VarDecl *Off = nullptr;
  auto O = F ? loopOffsets(Ctx, F, Off, Facts) : std::nullopt;
  if (!O || !isWarpOffsets(*O))
    return std::nullopt;
  std::vector<const CallExpr *> Shuffles;
  std::vector<const VarDecl *> Sources;
  bool Xor = false, Down = false, BadDelta = false;
  eachNode(F->getBody(), [&](const Stmt *N) {
    const auto *C = dyn_cast<CallExpr>(N);
    auto Sh = C ? shuffleOf(Ctx, C, Facts) : std::nullopt;
    if (!Sh)
      return;
    Shuffles.push_back(C);
    (Sh->Xor ? Xor : Down) = true;
    BadDelta |= !refersTo(Sh->Delta, Off);
    if (!llvm::is_contained(Sources, Sh->Source))
      Sources.push_back(Sh->Source);
  });
  if (Sources.size() != 2)
    return std::nullopt;
  if (Xor == Down || BadDelta) {
    Why = "the loop shuffles two locals, but not all by its offset with one kind of shuffle";
    return std::nullopt;
  }
  std::vector<const Stmt *> Step = statementsOf(F->getBody());
  PairWarpStage W;
  W.Xor = Xor;
  // The combine under `if (lane + offset < N)`: the partner is a lane of the
  // N. Under `if (lane + offset < N && c)`, the guard holds where it runs.
  const Expr *Guard = nullptr;
  if (!Step.empty())
    if (const auto *If = dyn_cast<IfStmt>(Step.back());
        If && !If->getElse() && !If->getInit() && !If->getConditionVariable())
      if (const Expr *N = laneGuardCount(Ctx, If->getCond(), Off, Facts, &Guard)) {
        W.Count = N;
        if (Guard == strip(If->getCond())) {
          Step.pop_back();
          for (const Stmt *T : statementsOf(If->getThen()))
            Step.push_back(T);
          Guard = nullptr;
        }
      }
  // Every shuffle reads the pair as it was before the step changes it.
  size_t FirstChange = Step.size();
  for (size_t I = 0; I < Step.size() && FirstChange == Step.size(); ++I)
    for (const VarDecl *V : Sources)
      if (Facts.modifiedWithin(V, Step[I]))
        FirstChange = I;
  for (const CallExpr *C : Shuffles) {
    size_t At = statementHolding(Step, C);
    const auto *Call = At < Step.size() ? dyn_cast<CallExpr>(Step[At]) : nullptr;
    bool Argument = Call && llvm::any_of(Call->arguments(), [&](const Expr *A) { return strip(A) == C; });
    if (At > FirstChange || (At == FirstChange && !Argument)) {
      Why = "a shuffle reads the pair after the step has changed it";
      return std::nullopt;
    }
  }
  const VarDecl *A = Sources[0], *B = Sources[1];
  auto Partner = [&](const CallExpr *C) -> TermP {
    auto Sh = shuffleOf(Ctx, C, Facts);
    return Sh && (Sh->Source == A || Sh->Source == B) ? partnerTerm(Sh->Source, C) : nullptr;
  };
  if (!combinesPair(Ctx, Step, A, B, Partner, nullptr, W.Pair, Why, Guard))
    return std::nullopt;
  return W;
}

/// `X = Arr[I]` or `T X = Arr[I]` for X one of the pair.
const VarDecl *loadInto(const Stmt *S, const VarDecl *&Arr, const Expr *&Index) {
  const Expr *Value = nullptr;
  const VarDecl *V = nullptr;
  if (const auto *A = dyn_cast<BinaryOperator>(S); A && A->getOpcode() == BO_Assign) {
    V = refVar(strip(A->getLHS()));
    Value = A->getRHS();
  }
  const auto *Sub = Value ? dyn_cast<ArraySubscriptExpr>(strip(Value)) : nullptr;
  Arr = Sub ? refVar(strip(Sub->getBase())) : nullptr;
  Index = Sub ? Sub->getIdx() : nullptr;
  return Arr ? V : nullptr;
}

/// `if (lane == 0) { MA[warp] = max; SA[warp] = sum; }`: each warp's pair.
bool storePairPartials(ASTContext &Ctx, const Stmt *S, const PairWarpStage &W, const VarDecl *&MA,
                       const VarDecl *&SA, unsigned &Dims, const FunctionFacts &Facts) {
  const auto *I = dyn_cast<IfStmt>(S);
  if (!I || I->getElse())
    return false;
  auto Leader = leaderOf(Ctx, I->getCond(), Facts);
  auto Then = statementsOf(I->getThen());
  if (!Leader || Leader->K != ThreadPlace::Lane || Then.size() != 2)
    return false;
  MA = SA = nullptr;
  for (const Stmt *T : Then) {
    const auto *A = dyn_cast<BinaryOperator>(T);
    const auto *Sub = A && A->getOpcode() == BO_Assign ? dyn_cast<ArraySubscriptExpr>(strip(A->getLHS())) : nullptr;
    const VarDecl *Arr = Sub ? refVar(strip(Sub->getBase())) : nullptr;
    auto Wp = Sub ? threadPlaceOf(Ctx, Sub->getIdx(), Facts) : std::nullopt;
    if (!Arr || !sharedArrayOf(Ctx, Arr) || !Wp || Wp->K != ThreadPlace::Warp || Wp->Dims != Leader->Dims)
      return false;
    if (refersTo(A->getRHS(), W.Pair.Value))
      MA = Arr;
    else if (refersTo(A->getRHS(), W.Pair.Other))
      SA = Arr;
  }
  Dims = Leader->Dims;
  return MA && SA && MA != SA;
}

/// Two loads of the pair from (MA, SA) at the same index, in either
/// order: the index.
const Expr *loadsPair(ArrayRef<const Stmt *> S, const PairWarpStage &W, const VarDecl *MA, const VarDecl *SA) {
  if (S.size() != 2)
    return nullptr;
  const Expr *Index[2] = {nullptr, nullptr};
  bool GotMax = false, GotSum = false;
  for (int J = 0; J < 2; ++J) {
    const VarDecl *Arr = nullptr;
    const VarDecl *V = loadInto(S[J], Arr, Index[J]);
    if (V == W.Pair.Value && Arr == MA)
      GotMax = true;
    else if (V == W.Pair.Other && Arr == SA)
      GotSum = true;
  }
  if (!GotMax || !GotSum)
    return nullptr;
  return Index[0];
}

/// The integer value an index expression has, or whether two are the same
/// local / place.
bool sameIndex(const ASTContext &Ctx, const Expr *A, const Expr *B, const FunctionFacts &Facts) {
  if (!A || !B)
    return false;
  if (auto KA = constInt(Ctx, A, Facts), KB = constInt(Ctx, B, Facts); KA && KB)
    return *KA == *KB;
  const VarDecl *VA = refVar(strip(A)), *VB = refVar(strip(B));
  if (VA && VA == VB)
    return true;
  auto PA = polyOf(Ctx, strip(A), Facts), PB = polyOf(Ctx, strip(B), Facts);
  return PA && PB && *PA == *PB;
}

} // namespace

std::optional<ReductionMatch> pairReductionAt(ASTContext &Ctx, ArrayRef<const Stmt *> Body, size_t Begin,
                                              const FunctionFacts &Facts, std::string &Why) {
  if (Begin >= Body.size())
    return std::nullopt;
  auto W1 = pairWarpStage(Ctx, Body[Begin], Facts, Why);
  if (!W1)
    return std::nullopt;
  if (W1->Count) {
    Why = "the first warp stage of the pair is guarded by a lane count: it reduces part of a warp";
    return std::nullopt;
  }
  ReductionMatch M;
  M.Pair = W1->Pair;
  M.Op = W1->Pair.K == PairFold::ArgMin ? cuda::ReduceOp::Min : cuda::ReduceOp::Max;
  M.Var = M.ResultVar = W1->Pair.Value;
  M.Kind = ReductionMatch::WarpShuffle;
  M.Over = ReductionMatch::Warp;
  M.EveryThreadHolds = W1->Xor;
  M.Stmts = {Body[Begin]};
  std::string How = W1->Xor ? "__shfl_xor_sync" : "__shfl_down_sync";
  const char *Kind = W1->Pair.K == PairFold::OnlineSoftmax ? "online-softmax"
                     : W1->Pair.K == PairFold::ArgMax     ? "argmax"
                                                          : "argmin";
  M.Description = std::string(Kind) + " pair of warp shuffles (" + How + ")";

  // Across warps: lane 0 stores each warp's pair, a barrier (the shared
  // arrays and the lane and warp indices may be declared on the way).
  size_t I = Begin + 1;
  auto IsScratchDecl = [&](const Stmt *S) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    return DS && llvm::all_of(DS->decls(), [&](const Decl *D) {
             const auto *V = dyn_cast<VarDecl>(D);
             return V && (cuda::isShared(V) || (V->getInit() && isIndexArithmetic(V->getInit(), Facts)));
           });
  };
  while (I < Body.size() && (isBlockBarrierStmt(Body[I]) || IsScratchDecl(Body[I])))
    ++I;
  const VarDecl *MA = nullptr, *SA = nullptr;
  unsigned Dims = 0;
  if (I >= Body.size() || !storePairPartials(Ctx, Body[I], *W1, MA, SA, Dims, Facts)) {
    // `m = __shfl_sync(mask, m, 0); s = __shfl_sync(mask, s, 0);`: lane 0's
    // pair to the whole warp.
    auto FromLane0 = [&](const Stmt *S) -> const VarDecl * {
      const auto *A = dyn_cast<BinaryOperator>(S);
      const auto *C = A && A->getOpcode() == BO_Assign ? dyn_cast<CallExpr>(strip(A->getRHS())) : nullptr;
      if (!C || calleeName(C) != "__shfl_sync" || C->getNumArgs() < 3 || constInt(Ctx, C->getArg(2), Facts) != 0)
        return nullptr;
      if (C->getNumArgs() > 3 && !isa<CXXDefaultArgExpr>(C->getArg(3)) && constInt(Ctx, C->getArg(3), Facts) != 32)
        return nullptr;
      const VarDecl *V = refVar(strip(A->getLHS()));
      return V && refersTo(C->getArg(1), V) ? V : nullptr;
    };
    size_t B = Begin + 1;
    if (!W1->Xor && B + 2 <= Body.size()) {
      const VarDecl *X = FromLane0(Body[B]), *Y = FromLane0(Body[B + 1]);
      if (X && Y && X != Y && (X == W1->Pair.Value || X == W1->Pair.Other) && (Y == W1->Pair.Value || Y == W1->Pair.Other)) {
        M.Stmts.push_back(Body[B]);
        M.Stmts.push_back(Body[B + 1]);
        M.EveryThreadHolds = true;
        M.Description += ", broadcast from lane 0";
      }
    }
    return M;
  }
  if (I + 1 >= Body.size() || !isBlockBarrierStmt(Body[I + 1])) {
    Why = "expected __syncthreads() after the warps' pairs are stored";
    return std::nullopt;
  }
  I += 2;
  M.Over = ReductionMatch::Block;
  M.Kind = ReductionMatch::ShuffleAndShared;
  M.Needs.RankDims = Dims;
  M.Scratch = {MA, SA};
  auto Partial = [&](const ArraySubscriptExpr *Sub, const VarDecl *Index) -> TermP {
    const VarDecl *Arr = refVar(strip(Sub->getBase()));
    if (!refersTo(Sub->getIdx(), Index) || (Arr != MA && Arr != SA))
      return nullptr;
    return partnerTerm(Arr == MA ? W1->Pair.Value : W1->Pair.Other, Sub);
  };

  // Every thread merges the partials in order: `m = MA[0]; s = SA[0];
  // for (w = 1; w < W; ++w) combine(m, s, MA[w], SA[w]);`.
  if (I + 2 <= Body.size()) {
    const Expr *First = loadsPair(ArrayRef<const Stmt *>(Body).slice(I, 2), *W1, MA, SA);
    const auto *F = I + 2 < Body.size() ? dyn_cast<ForStmt>(unattributed(Body[I + 2])) : nullptr;
    const auto *DS = F ? dyn_cast_or_null<DeclStmt>(F->getInit()) : nullptr;
    const auto *WV = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    const auto *Cond = F ? dyn_cast_or_null<BinaryOperator>(strip(F->getCond())) : nullptr;
    const auto *Inc = F ? dyn_cast_or_null<UnaryOperator>(strip(F->getInc())) : nullptr;
    if (First && constInt(Ctx, First, Facts) == 0 && WV && WV->getInit() && constInt(Ctx, WV->getInit(), Facts) == 1 &&
        Cond && Cond->getOpcode() == BO_LT && refersTo(Cond->getLHS(), WV) && Inc && Inc->isIncrementOp() &&
        refersTo(Inc->getSubExpr(), WV) && !Facts.modifiedWithin(WV, F->getBody())) {
      PairReduction Merged;
      std::string W;
      auto Elem = [&](const ArraySubscriptExpr *Sub) { return Partial(Sub, WV); };
      if (combinesPair(Ctx, statementsOf(F->getBody()), W1->Pair.Value, W1->Pair.Other, nullptr, Elem, Merged, W) &&
          Merged.Value == W1->Pair.Value && Merged.K == W1->Pair.K && Merged.LastOnTies == W1->Pair.LastOnTies) {
        M.Stmts.insert(M.Stmts.end(), Body.begin() + Begin + 1, Body.begin() + I + 3);
        if (!isCeilWarpCount(Ctx, Cond->getRHS(), Dims, Facts))
          M.Needs.WarpCount = Cond->getRHS();
        M.EveryThreadHolds = true;
        M.Description = std::string(Kind) + " pair of warp shuffles (" + How +
                        ") and the warps' pairs merged in order by every thread";
        return M;
      }
      Why = W;
      return std::nullopt;
    }
  }

  // Warp 0 loads and reduces the partials, then perhaps broadcasts them.
  const auto *If = I < Body.size() ? dyn_cast<IfStmt>(Body[I]) : nullptr;
  if (!If || If->getElse() || !isWarpZeroTest(Ctx, If->getCond(), Facts)) {
    Why = "expected 'if (warp == 0)' (or 'if (rank < 32)') around the pair's second warp stage, or every thread "
          "merging the partials in order";
    return std::nullopt;
  }
  std::vector<const Stmt *> Inner = statementsOf(If->getThen());
  size_t J = 0;
  while (J < Inner.size() && isa<DeclStmt>(Inner[J]) &&
         llvm::all_of(cast<DeclStmt>(Inner[J])->decls(), [&](const Decl *D) {
           const auto *V = dyn_cast<VarDecl>(D);
           return V && V->getInit() && isIndexArithmetic(V->getInit(), Facts);
         }))
    ++J;
  const Expr *Count = nullptr;
  bool Guarded = false;
  // `if (rank < N) { m = MA[rank]; s = SA[rank]; }`, then a guarded stage.
  if (J < Inner.size())
    if (const auto *Ld = dyn_cast<IfStmt>(Inner[J]); Ld && !Ld->getElse()) {
      const auto *Lt = dyn_cast<BinaryOperator>(strip(Ld->getCond()));
      auto X = Lt && Lt->getOpcode() == BO_LT ? threadPlaceOf(Ctx, Lt->getLHS(), Facts) : std::nullopt;
      const Expr *Idx = loadsPair(statementsOf(Ld->getThen()), *W1, MA, SA);
      auto IP = Idx ? threadPlaceOf(Ctx, Idx, Facts) : std::nullopt;
      if (X && X->K != ThreadPlace::Warp && IP && IP->K != ThreadPlace::Warp) {
        Count = Lt->getRHS();
        Guarded = true;
        ++J;
      }
    }
  if (!Guarded) {
    Why = "expected warp 0 to load the warps' pairs: 'if (lane < warps) { m = M_[lane]; s = S_[lane]; }'";
    return std::nullopt;
  }
  std::string W;
  auto W2 = J < Inner.size() ? pairWarpStage(Ctx, Inner[J], Facts, W) : std::nullopt;
  if (!W2 || J + 1 != Inner.size() || W2->Pair.Value != W1->Pair.Value || W2->Pair.Other != W1->Pair.Other || W2->Pair.K != W1->Pair.K || W2->Pair.LastOnTies != W1->Pair.LastOnTies || !W2->Count ||
      !sameIndex(Ctx, W2->Count, Count, Facts)) {
    Why = W.empty() ? "expected warp 0 to combine the loaded pairs, each lane with a partner below the count"
                    : W;
    return std::nullopt;
  }
  if (!isCeilWarpCount(Ctx, Count, Dims, Facts))
    M.Needs.WarpCount = Count;
  M.Stmts.insert(M.Stmts.end(), Body.begin() + Begin + 1, Body.begin() + I + 1);
  M.Description = std::string(Kind) + " pair of warp shuffles (" + How + ") and a shared stage across warps";
  M.EveryThreadHolds = false;
  // `if (rank == 0) { MA[0] = m; SA[0] = s; } __syncthreads(); m = MA[0]; s = SA[0];`
  size_t K = I + 1;
  if (K + 4 <= Body.size()) {
    const auto *St = K < Body.size() ? dyn_cast<IfStmt>(Body[K]) : nullptr;
    auto L = St && !St->getElse() ? leaderOf(Ctx, St->getCond(), Facts) : std::nullopt;
    bool Stores = false;
    if (L && L->K == ThreadPlace::Rank) {
      auto Then = statementsOf(St->getThen());
      bool SM = false, SS = false;
      for (const Stmt *T : Then) {
        const auto *A = dyn_cast<BinaryOperator>(T);
        const auto *Sub = A && A->getOpcode() == BO_Assign ? dyn_cast<ArraySubscriptExpr>(strip(A->getLHS())) : nullptr;
        const VarDecl *Arr = Sub ? refVar(strip(Sub->getBase())) : nullptr;
        if (!Sub || constInt(Ctx, Sub->getIdx(), Facts) != 0)
          continue;
        SM |= Arr == MA && refersTo(A->getRHS(), W1->Pair.Value);
        SS |= Arr == SA && refersTo(A->getRHS(), W1->Pair.Other);
      }
      Stores = SM && SS && Then.size() == 2;
    }
    const Expr *Back = Stores && isBlockBarrierStmt(Body[K + 1])
                           ? loadsPair(ArrayRef<const Stmt *>(Body).slice(K + 2, 2), *W1, MA, SA)
                           : nullptr;
    if (Back && constInt(Ctx, Back, Facts) == 0) {
      M.Stmts.insert(M.Stmts.end(), Body.begin() + K, Body.begin() + K + 4);
      M.EveryThreadHolds = true;
      M.Description += ", broadcast through element 0";
    }
  }
  return M;
}

} // namespace analysis
} // namespace klineage
