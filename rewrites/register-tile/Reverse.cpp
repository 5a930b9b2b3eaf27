//===- Reverse.cpp - register-tile reverse: one output per thread ---------===//
//
// Part of KLineage. A kernel whose thread computes a block of outputs --
// constant-count loops (`for (int i = 0; i < TM; ++i)`) whose counters
// appear only in the copies' indices (`row + i * S`, strided, or `row + i`
// with `row = (...) * TM`, consecutive) and as the subscripts of per-output
// register arrays (`acc[i][j]`) -- becomes one output per thread: the loops
// go (their bodies stay, once), the arrays become scalars, the copies'
// indices the index itself, the index's `* TM` goes, and every launch's grid
// is multiplied back. Reads kept in registers by the forward stay as locals
// (`float A_reg = row < M ? A[row * K + k] : 0.0f;`).
//
//===----------------------------------------------------------------------===//
#include "RegisterTile.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/LinearForm.h"
#include "klineage/Analysis/ThreadAxes.h"
#include "klineage/Analysis/ThreadIndex.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/KernelLauncherGraph.h"
#include "klineage/Cuda/MemorySpace.h"
#include "klineage/Edit/EditBuilder.h"
#include "klineage/Edit/GridEdits.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Frontend/SourcePositions.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
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

struct RevAxis {
  unsigned Bit = 0;
  unsigned Factor = 0;
  const VarDecl *Index = nullptr;
  bool Consecutive = false;
  /// `X * TM` in the index's initialiser and X.
  const Expr *Scale = nullptr, *Kept = nullptr;
  const char *field() const { return Bit == AxisX ? "x" : "y"; }
};

struct RevPlan : SiteSubject {
  const FunctionDecl *FD = nullptr;
  RevAxis Ax[2];
  std::map<const ForStmt *, unsigned, positions::SourceOrder> Loops; ///< tile loops and their axes
  std::map<const VarDecl *, std::vector<unsigned>, positions::SourceOrder> Arrays;
  /// node -> its text, or the node whose (substituted) text replaces it.
  struct Replacement {
    std::string Text;
    const Expr *By = nullptr;
  };
  std::map<const Expr *, Replacement> Replace;
  std::string LoopsWhy, IndexWhy;
  const Stmt *LoopsAt = nullptr, *IndexAt = nullptr;
  std::string BodyText;
  bool Built = false;
  RevAxis &axis(unsigned Bit) { return Bit == AxisX ? Ax[0] : Ax[1]; }
  const RevAxis &axis(unsigned Bit) const { return Bit == AxisX ? Ax[0] : Ax[1]; }
};

const RevPlan &revOf(const PreconditionQuery &Q) { return *static_cast<const RevPlan *>(Q.Subject); }


std::optional<int64_t> intOf(const ASTContext &Ctx, const Expr *E) {
  Expr::EvalResult R;
  if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

const VarDecl *varOf(const Expr *E) {
  const auto *D = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  return D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
}

/// `for (int c = 0; c < F; ++c)` with a constant F >= 2: the counter and F.
std::optional<std::pair<const VarDecl *, unsigned>> countedLoop(const ASTContext &Ctx, const ForStmt *F,
                                                                const analysis::FunctionFacts &Facts) {
  const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit());
  const auto *C = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  if (!C || !C->getType()->isIntegerType() || !C->getInit() || intOf(Ctx, C->getInit()) != 0)
    return std::nullopt;
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(F->getCond() ? F->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond || Cond->getOpcode() != BO_LT || varOf(Cond->getLHS()) != C)
    return std::nullopt;
  auto N = intOf(Ctx, Cond->getRHS());
  if (!N || *N < 2 || *N > 64)
    return std::nullopt;
  const auto *Inc = F->getInc() ? F->getInc()->IgnoreParenImpCasts() : nullptr;
  bool Step = false;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc))
    Step = U->isIncrementOp() && varOf(U->getSubExpr()) == C;
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(Inc))
    Step = B->getOpcode() == BO_AddAssign && varOf(B->getLHS()) == C && intOf(Ctx, B->getRHS()) == 1;
  if (!Step || Facts.modifiedWithin(C, F->getBody()))
    return std::nullopt;
  return std::make_pair(C, unsigned(*N));
}

/// An integer local set once whose value depends on exactly one of
/// threadIdx.x / .y: that axis.
unsigned indexAxis(analysis::ThreadAxes &TA, const VarDecl *V) {
  if (!V || !V->getType()->isIntegerType() || !TA.singleValue(V))
    return 0;
  unsigned A = TA.of(V->getInit());
  return A == AxisX || A == AxisY ? A : 0;
}

class Reader {
public:
  Reader(ASTContext &Ctx, RevPlan &P)
      : Ctx(Ctx), P(P), Facts(analysis::AnalysisCache::of(Ctx).facts(P.FD)), TA(Ctx, P.FD, std::nullopt) {}

  void read() {
    P.Ax[0].Bit = AxisX;
    P.Ax[1].Bit = AxisY;
    auto Fors = match(traverse(TK_AsIs, findAll(forStmt().bind("f"))), *P.FD->getBody(), Ctx);
    std::map<const VarDecl *, std::pair<const ForStmt *, unsigned>, positions::SourceOrder> Counters;
    for (const auto &M : Fors) {
      const auto *F = M.getNodeAs<ForStmt>("f");
      if (auto C = countedLoop(Ctx, F, Facts))
        Counters[C->first] = {F, C->second};
    }
    if (Counters.empty())
      return;
    // Uses of each counter: an index copy, a register array's subscript.
    std::map<const VarDecl *, unsigned, positions::SourceOrder> CounterAxis;
    std::map<const VarDecl *, const Expr *, positions::SourceOrder> Stray;
    auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr().bind("r"))), *P.FD->getBody(), Ctx);
    // Where the kernel keeps per-output register arrays (`acc[i][j]`), the
    // tile loops' counters subscript them; a constant-count loop whose
    // counter does not (the k loop of a shared tile, `Bs[k * N + col]`) is
    // the kernel's own. (Without such arrays every counted loop may tile.)
    std::set<const VarDecl *> Subscripting;
    for (const auto &M : Refs) {
      const auto *R = M.getNodeAs<DeclRefExpr>("r");
      if (const auto *C = dyn_cast<VarDecl>(R->getDecl()); C && Counters.count(C) && arraySubscript(R))
        Subscripting.insert(C);
    }
    if (!Subscripting.empty())
      for (auto It = Counters.begin(); It != Counters.end();)
        It = Subscripting.count(It->first) ? std::next(It) : Counters.erase(It);
    for (const auto &M : Refs) {
      const auto *R = M.getNodeAs<DeclRefExpr>("r");
      const auto *C = dyn_cast<VarDecl>(R->getDecl());
      auto It = C ? Counters.find(C) : Counters.end();
      if (It == Counters.end())
        continue;
      if (isLoopHeaderUse(It->second.first, R))
        continue;
      if (indexCopy(R, C, It->second.second, CounterAxis))
        continue;
      if (arraySubscript(R))
        continue;
      Stray.emplace(C, R);
    }
    // Arrays: every use a full chain of counter subscripts.
    readArrays(Counters, CounterAxis);
    // The tile loops: counters with an index copy or an array subscript.
    for (const auto &[C, LF] : Counters) {
      auto A = CounterAxis.find(C);
      if (A == CounterAxis.end())
        continue;
      if (auto S = Stray.find(C); S != Stray.end()) {
        fail(P.LoopsWhy, P.LoopsAt, where(Ctx, S->second) + " uses the tile counter '" + C->getName().str() +
                                        "' other than as `index + " + C->getName().str() +
                                        " * S` or a register array's subscript",
             S->second);
        P.Loops[LF.first] = A->second; // a site, refused
        continue;
      }
      RevAxis &Ax = P.axis(A->second);
      if (Ax.Factor && Ax.Factor != LF.second)
        fail(P.LoopsWhy, P.LoopsAt, "the tile loops over " + std::string(Ax.field()) + " count " +
                                        std::to_string(Ax.Factor) + " and " + std::to_string(LF.second),
             LF.first);
      Ax.Factor = LF.second;
      P.Loops[LF.first] = A->second;
    }
    for (const auto &[V, Dims] : P.Arrays)
      for (size_t D = 0; D < Dims.size(); ++D) {
        const auto *AT = Ctx.getAsConstantArrayType(V->getType());
        for (size_t K = 0; K < D && AT; ++K)
          AT = Ctx.getAsConstantArrayType(AT->getElementType());
        if (!AT || !Dims[D] || AT->getSize().getZExtValue() != P.axis(Dims[D]).Factor)
          fail(P.LoopsWhy, P.LoopsAt, "the register array '" + V->getName().str() +
                                          "' is not sized by the tile loops' counts",
               V->getInit() ? V->getInit() : P.FD->getBody());
      }
  }

private:
  ASTContext &Ctx;
  RevPlan &P;
  const analysis::FunctionFacts &Facts;
  analysis::ThreadAxes TA;

  static void fail(std::string &Why, const Stmt *&At, std::string Text, const Stmt *Where) {
    if (Why.empty()) {
      Why = std::move(Text);
      At = Where;
    }
  }

  bool isLoopHeaderUse(const ForStmt *F, const DeclRefExpr *R) {
    return Facts.encloses(F->getCond(), R) || Facts.encloses(F->getInc(), R);
  }

  /// `X + c * S`, `X + S * c`, `c * S + X`, `X + c`: a copy's index.
  bool indexCopy(const DeclRefExpr *R, const VarDecl *C, unsigned F, std::map<const VarDecl *, unsigned, positions::SourceOrder> &Axis) {
    const Stmt *Child = R, *Par = Facts.parentOf(R);
    while (Par && isa<ImplicitCastExpr, ParenExpr>(Par)) {
      Child = Par;
      Par = Facts.parentOf(Par);
    }
    const Expr *Stride = nullptr;
    const Stmt *Term = Child;
    if (const auto *Mul = dyn_cast_or_null<BinaryOperator>(Par); Mul && Mul->getOpcode() == BO_Mul) {
      Stride = Mul->getLHS() == Child ? Mul->getRHS() : Mul->getLHS();
      Term = Mul;
      Par = Facts.parentOf(Mul);
      while (Par && isa<ImplicitCastExpr, ParenExpr>(Par)) {
        Term = Par;
        Par = Facts.parentOf(Par);
      }
    }
    const auto *Add = dyn_cast_or_null<BinaryOperator>(Par);
    if (!Add || Add->getOpcode() != BO_Add)
      return false;
    const Expr *Other = Add->getLHS() == Term ? Add->getRHS() : Add->getLHS();
    // The index is a term of the sum the copy's step is added to:
    // `col + j * S`, `k * N + col + j * S`, `(row + i * S) * K`.
    const Stmt *Top = Add;
    for (const Stmt *Up = Facts.parentOf(Top); Up; Up = Facts.parentOf(Top)) {
      const auto *UB = dyn_cast<BinaryOperator>(Up);
      if (!(UB && UB->getOpcode() == BO_Add) && !isa<ParenExpr, ImplicitCastExpr>(Up))
        break;
      Top = Up;
    }
    std::vector<const Expr *> Terms;
    std::function<void(const Expr *)> Flatten = [&](const Expr *E) {
      E = E->IgnoreParenImpCasts();
      if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->getOpcode() == BO_Add) {
        Flatten(B->getLHS());
        Flatten(B->getRHS());
      } else {
        Terms.push_back(E);
      }
    };
    Flatten(cast<Expr>(Top));
    const VarDecl *X = nullptr;
    for (const Expr *T : Terms)
      if (const VarDecl *V = varOf(T); V && indexAxis(TA, V)) {
        if (X && X != V)
          return false;
        X = V;
      }
    unsigned A = indexAxis(TA, X);
    if (!A)
      return false;
    RevAxis &Ax = P.axis(A);
    if (Ax.Index && Ax.Index != X)
      return false;
    // Strided copies step by the block's span, consecutive ones by one.
    bool Consecutive = !Stride;
    if (Stride && TA.of(Stride) != 0)
      return false;
    if (!Ax.Index) {
      Ax.Index = X;
      Ax.Consecutive = Consecutive;
      (void)F;
    } else if (Ax.Consecutive != Consecutive) {
      return false;
    }
    if (auto It = Axis.find(C); It != Axis.end() && It->second != A)
      return false;
    Axis[C] = A;
    // The step goes: the sum becomes its other operand; `(row + i * S)`
    // becomes `row`, parentheses and all.
    const Stmt *Node = Add, *Up = Facts.parentOf(Add);
    if (varOf(Other))
      while (Up && isa<ParenExpr>(Up)) {
        Node = Up;
        Up = Facts.parentOf(Up);
      }
    P.Replace[cast<Expr>(Node)] = {"", Other};
    return true;
  }

  /// `arr[c]`, `arr[a][b]` on a local array: recorded, checked in readArrays.
  bool arraySubscript(const DeclRefExpr *R) {
    const Stmt *Child = R, *Par = Facts.parentOf(R);
    while (Par && isa<ImplicitCastExpr>(Par)) {
      Child = Par;
      Par = Facts.parentOf(Par);
    }
    const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(Par);
    return AS && AS->getIdx() == Child;
  }

  void readArrays(const std::map<const VarDecl *, std::pair<const ForStmt *, unsigned>, positions::SourceOrder> &Counters,
                  std::map<const VarDecl *, unsigned, positions::SourceOrder> &CounterAxis) {
    auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr().bind("r"))), *P.FD->getBody(), Ctx);
    struct Use {
      const VarDecl *Array;
      const Expr *Chain;
      std::vector<const VarDecl *> Subs;
    };
    std::vector<Use> Uses;
    std::set<const VarDecl *, positions::SourceOrder> Candidates, Bad;
    for (const auto &M : Refs) {
      const auto *R = M.getNodeAs<DeclRefExpr>("r");
      const auto *V = dyn_cast<VarDecl>(R->getDecl());
      if (!V || !V->hasLocalStorage() || cuda::isShared(V) || !V->getType()->isConstantArrayType())
        continue;
      unsigned Rank = 0;
      for (QualType T = V->getType(); const auto *AT = Ctx.getAsConstantArrayType(T); T = AT->getElementType())
        ++Rank;
      // Climb the subscripts.
      const Stmt *Cur = R;
      std::vector<const VarDecl *> Subs;
      const Stmt *Par = Facts.parentOf(Cur);
      while (Par && isa<ImplicitCastExpr>(Par)) {
        Cur = Par;
        Par = Facts.parentOf(Par);
      }
      while (const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(Par)) {
        if (AS->getBase()->IgnoreParenImpCasts() != cast<Expr>(Cur)->IgnoreParenImpCasts() &&
            AS->getBase() != Cur)
          break;
        const VarDecl *C = varOf(AS->getIdx());
        Subs.push_back(C && Counters.count(C) ? C : nullptr);
        Cur = AS;
        Par = Facts.parentOf(Cur);
        while (Par && isa<ImplicitCastExpr>(Par)) {
          Cur = Par;
          Par = Facts.parentOf(Par);
        }
      }
      bool AllCounters = !Subs.empty() && llvm::all_of(Subs, [](const VarDecl *C) { return C; });
      if (AllCounters)
        Candidates.insert(V);
      if (!AllCounters || Subs.size() != Rank) {
        Bad.insert(V);
        continue;
      }
      const Expr *Chain = cast<Expr>(Cur)->IgnoreImpCasts();
      while (!isa<ArraySubscriptExpr>(Chain) && isa<ImplicitCastExpr>(Chain))
        Chain = cast<ImplicitCastExpr>(Chain)->getSubExpr();
      Uses.push_back({V, Chain, Subs});
    }
    for (const VarDecl *V : Candidates)
      if (Bad.count(V))
        fail(P.LoopsWhy, P.LoopsAt, "the register array '" + V->getName().str() +
                                        "' is used other than element by element with tile counters",
             P.FD->getBody());
    // Axes of the dimensions: from counters with index copies; then the
    // counters of loops over arrays only take theirs.
    for (int Round = 0; Round < 2; ++Round)
      for (const Use &U : Uses) {
        if (Bad.count(U.Array))
          continue;
        auto &Dims = P.Arrays[U.Array];
        Dims.resize(U.Subs.size(), 0);
        for (size_t D = 0; D < U.Subs.size(); ++D) {
          auto It = CounterAxis.find(U.Subs[D]);
          if (It != CounterAxis.end()) {
            if (Dims[D] && Dims[D] != It->second)
              fail(P.LoopsWhy, P.LoopsAt, "the register array '" + U.Array->getName().str() +
                                              "' is subscripted along both axes in one dimension",
                   U.Chain);
            Dims[D] = It->second;
          } else if (Dims[D]) {
            CounterAxis[U.Subs[D]] = Dims[D];
          }
        }
      }
    for (const Use &U : Uses)
      if (!Bad.count(U.Array))
        P.Replace[U.Chain] = {U.Array->getName().str()};
    for (const VarDecl *V : Bad)
      P.Arrays.erase(V);
  }
};

/// The `X * F` in the index's initialiser that the reverse drops.
void readScale(ASTContext &Ctx, RevPlan &P, RevAxis &A) {
  if (!A.Factor)
    return;
  if (!A.Index) {
    P.IndexWhy = std::string("the tile loops over ") + A.field() + " use no index copy (`idx + c * S`)";
    return;
  }
  unsigned Dim = A.Bit == AxisX ? 0 : 1;
  auto Mentions = [&](const Stmt *S, cuda::BuiltinVar Var) {
    std::function<bool(const Stmt *)> Walk = [&](const Stmt *X) {
      if (const auto *E = dyn_cast<Expr>(X))
        if (auto B = cuda::builtinIndex(E->IgnoreParenImpCasts()); B && B->Var == Var && B->Dim == Dim)
          return true;
      for (const Stmt *C : X->children())
        if (C && Walk(C))
          return true;
      return false;
    };
    return Walk(S);
  };
  std::function<void(const Expr *)> Find = [&](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    const auto *B = dyn_cast<BinaryOperator>(E);
    if (!B || A.Scale)
      return;
    if (B->getOpcode() == BO_Mul)
      for (auto [K, O] : {std::pair(B->getRHS(), B->getLHS()), std::pair(B->getLHS(), B->getRHS())})
        if (intOf(Ctx, K) == int64_t(A.Factor) && Mentions(O, cuda::BuiltinVar::BlockIdx) &&
            Mentions(O, cuda::BuiltinVar::ThreadIdx) == A.Consecutive) {
          A.Scale = B;
          A.Kept = O;
          return;
        }
    if (B->isAdditiveOp() || B->getOpcode() == BO_Mul) {
      Find(B->getLHS());
      Find(B->getRHS());
    }
  };
  Find(A.Index->getInit());
  if (!A.Scale) {
    P.IndexWhy = "the " + std::string(A.Consecutive ? "consecutive" : "strided") + " index '" +
                 A.Index->getName().str() + "' (" + where(Ctx, A.Index->getInit()) + ") has no factor " +
                 std::to_string(A.Factor) + " of its " +
                 (A.Consecutive ? "whole position (`(blockIdx * S + threadIdx) * TM`)"
                                : "block offset (`blockIdx * TM * S`)") +
                 " to drop";
    P.IndexAt = A.Index->getInit();
    return;
  }
  auto T = sourceText(Ctx, A.Kept);
  if (!T || writtenRange(Ctx, A.Scale).isInvalid()) {
    P.IndexWhy = "the index's factor " + where(Ctx, A.Scale) + " is not plain text of this file";
    P.IndexAt = A.Scale;
    return;
  }
  P.Replace[A.Scale] = {"", A.Kept};
}

/// Rewrites the body: tile loops unwrapped, register-array declarations as
/// scalars (folded with the loop that sets them), the rest substituted.
class RevWriter {
public:
  RevWriter(ASTContext &Ctx, RevPlan &P) : Ctx(Ctx), P(P) {}

  std::optional<std::string> write() {
    const auto *Body = cast<CompoundStmt>(P.FD->getBody());
    Unit = indentUnitOf(Ctx, Body);
    std::string Ind = lineIndent(Ctx, Body->body_front()->getBeginLoc());
    std::vector<const Stmt *> Ss(Body->body_begin(), Body->body_end());
    std::string T = list(Ss, Ind);
    if (Failed)
      return std::nullopt;
    return StringRef(T).drop_front(Ind.size()).rtrim('\n').str();
  }

private:
  ASTContext &Ctx;
  RevPlan &P;
  std::string Unit;
  bool Failed = false;

  const ForStmt *tileLoop(const Stmt *S) {
    if (const auto *A = dyn_cast<AttributedStmt>(S))
      S = A->getSubStmt();
    const auto *F = dyn_cast<ForStmt>(S);
    return F && P.Loops.count(F) ? F : nullptr;
  }

  bool containsTileLoop(const Stmt *S) {
    if (!S)
      return false;
    if (const auto *F = dyn_cast<ForStmt>(S); F && P.Loops.count(F))
      return true;
    for (const Stmt *C : S->children())
      if (containsTileLoop(C))
        return true;
    return false;
  }

  std::optional<std::string> subst(const Stmt *S, bool AsStatement) {
    std::function<std::optional<std::string>(const Expr *)> R = [&](const Expr *E) -> std::optional<std::string> {
      auto It = P.Replace.find(E);
      if (It == P.Replace.end())
        return std::nullopt;
      if (!It->second.By)
        return It->second.Text;
      // The operand that stays, itself substituted.
      auto T = substitutedText(Ctx, It->second.By, [&](const Expr *X) { return X == It->second.By ? std::nullopt : R(X); });
      if (!T)
        return std::nullopt;
      return *T;
    };
    return AsStatement ? substitutedStmtText(Ctx, S, R) : substitutedText(Ctx, cast<Expr>(S), R);
  }

  /// The single statement a nest of tile loops runs.
  const Stmt *innermost(const Stmt *S) {
    while (const ForStmt *F = tileLoop(S)) {
      S = F->getBody();
      if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
        if (CS->size() != 1)
          return nullptr;
        S = CS->body_front();
      }
    }
    return S;
  }

  std::string list(ArrayRef<const Stmt *> Ss, const std::string &Ind) {
    std::string Out;
    for (size_t I = 0; I < Ss.size() && !Failed; ++I) {
      const Stmt *S = Ss[I];
      // `T a[TM][TN];` then the loops that set it: `T a = value;`.
      if (const auto *DS = dyn_cast<DeclStmt>(S); DS && DS->isSingleDecl()) {
        const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
        if (V && P.Arrays.count(V)) {
          std::string Type =
              typeText(Ctx, Ctx.getBaseElementType(V->getType()));
          std::string Decl = Ind + Type + " " + V->getName().str();
          if (!V->getInit() && I + 1 < Ss.size() && tileLoop(Ss[I + 1])) {
            const auto *Set = dyn_cast_or_null<BinaryOperator>(innermost(Ss[I + 1]));
            if (Set && Set->getOpcode() == BO_Assign && P.Replace.count(Set->getLHS()->IgnoreParenImpCasts()) &&
                P.Replace[Set->getLHS()->IgnoreParenImpCasts()].Text == V->getName().str())
              if (auto T = subst(Set->getRHS(), false)) {
                Out += Decl + " = " + *T + ";\n";
                ++I;
                continue;
              }
          }
          if (const Expr *Init = V->getInit()) {
            auto T = sourceText(Ctx, Init);
            if (!T)
              return fail(Init), "";
            Out += Decl + " = " + *T + ";\n";
          } else {
            Out += Decl + ";\n";
          }
          continue;
        }
      }
      Out += stmt(S, Ind);
    }
    return Out;
  }

  void fail(const Stmt *At) {
    Failed = true;
    if (P.LoopsWhy.empty()) {
      P.LoopsWhy = where(Ctx, At) + " is not plain text of this file";
      P.LoopsAt = At;
    }
  }

  std::string block(const Stmt *S, const std::string &Ind) {
    std::vector<const Stmt *> Ss;
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      Ss.assign(CS->body_begin(), CS->body_end());
    else
      Ss.push_back(S);
    return "{\n" + list(Ss, Ind + Unit) + Ind + "}\n";
  }

  std::string header(const Stmt *S, SourceLocation End) {
    CharSourceRange R = editableRange(Ctx, SourceRange(S->getBeginLoc(), End));
    auto T = R.isValid() ? rangeText(Ctx, R) : std::nullopt;
    if (!T)
      fail(S);
    return T ? *T : "";
  }

  std::string stmt(const Stmt *S, const std::string &Ind) {
    if (const ForStmt *F = tileLoop(S)) {
      const Stmt *Body = F->getBody();
      if (const auto *CS = dyn_cast<CompoundStmt>(Body))
        return list(std::vector<const Stmt *>(CS->body_begin(), CS->body_end()), Ind);
      return stmt(Body, Ind);
    }
    if (containsTileLoop(S)) {
      if (const auto *CS = dyn_cast<CompoundStmt>(S))
        return Ind + block(CS, Ind);
      if (const auto *I = dyn_cast<IfStmt>(S); I && !I->getInit() && !I->getConditionVariable()) {
        auto C = subst(I->getCond(), false);
        if (!C)
          return fail(I), "";
        std::string Out = Ind + "if (" + *C + ") " + block(I->getThen(), Ind);
        if (const Stmt *E = I->getElse()) {
          Out.pop_back();
          Out += " else " + block(E, Ind);
        }
        return Out;
      }
      if (const auto *A = dyn_cast<AttributedStmt>(S))
        return Ind + header(A, A->getSubStmt()->getBeginLoc()).substr(0) + stmt(A->getSubStmt(), "");
      if (const auto *F = dyn_cast<ForStmt>(S))
        return Ind + header(F, F->getRParenLoc()) + " " + block(F->getBody(), Ind);
      if (const auto *W = dyn_cast<WhileStmt>(S))
        return Ind + header(W, W->getRParenLoc()) + " " + block(W->getBody(), Ind);
      fail(S);
      return "";
    }
    auto T = subst(S, true);
    if (!T)
      return fail(S), "";
    // Lines after the first keep their place relative to the statement.
    std::string Own = lineIndent(Ctx, S->getBeginLoc());
    SmallVector<StringRef, 8> Lines;
    StringRef(*T).split(Lines, '\n');
    std::string Out = Ind + Lines[0].str();
    for (size_t K = 1; K < Lines.size(); ++K) {
      StringRef L = Lines[K];
      Out += "\n" + (L.trim().empty() ? std::string() : Ind + (L.starts_with(Own) ? L.drop_front(Own.size()) : L.ltrim()).str());
    }
    return Out + "\n";
  }
};

std::array<unsigned, 3> factors(const RevPlan &P) {
  return {P.Ax[0].Factor > 1 ? P.Ax[0].Factor : 1, P.Ax[1].Factor > 1 ? P.Ax[1].Factor : 1, 1};
}

} // namespace

Status checkTileLoopsRecognised(const PreconditionQuery &Q, PreconditionResult &R) {
  const RevPlan &P = revOf(Q);
  if (!P.LoopsWhy.empty()) {
    R.Reason = P.LoopsWhy;
    if (P.LoopsAt)
      R.Evidence.push_back(evidenceAt(Q.AC.ast(), P.LoopsAt->getBeginLoc(), "here", "not a tile copy"));
    return Status::Fails;
  }
  std::vector<std::string> Parts;
  for (const RevAxis &A : P.Ax)
    if (A.Factor)
      Parts.push_back(std::to_string(A.Factor) + " copies of '" + A.Index->getName().str() + "' (" +
                      (A.Consecutive ? "consecutive" : "strided") + ")");
  std::vector<std::string> Arrays;
  for (const auto &[V, D] : P.Arrays)
    Arrays.push_back("'" + V->getName().str() + "'");
  R.Reason = join(Parts, ", ") + " in " + std::to_string(P.Loops.size()) + " tile loops; register arrays " +
             (Arrays.empty() ? std::string("none") : join(Arrays, ", "));
  return Status::Holds;
}

Status checkIndexScalable(const PreconditionQuery &Q, PreconditionResult &R) {
  const RevPlan &P = revOf(Q);
  if (!P.IndexWhy.empty()) {
    R.Reason = P.IndexWhy;
    if (P.IndexAt)
      R.Evidence.push_back(evidenceAt(Q.AC.ast(), P.IndexAt->getBeginLoc(), "index", "its initialiser"));
    return Status::Fails;
  }
  std::vector<std::string> Parts;
  for (const RevAxis &A : P.Ax)
    if (A.Scale)
      Parts.push_back("'" + A.Index->getName().str() + "': " + nodeText(Q.AC.ast(), A.Scale, "?") + " becomes " +
                      nodeText(Q.AC.ast(), A.Kept, "?"));
  R.Reason = join(Parts, "; ") + ": one thread per output covers the same outputs";
  return Status::Holds;
}

Status checkReverseLaunchEditable(const PreconditionQuery &Q, PreconditionResult &R) {
  return checkLaunches(Q, R, false, factors(revOf(Q)));
}

void findReverseSites(const RewritePair &Pair, AnalysisContext &AC, const FunctionDecl *FD) {
  ASTContext &Ctx = AC.ast();
  if (!isa_and_nonnull<CompoundStmt>(FD->getBody()) || cast<CompoundStmt>(FD->getBody())->body_empty())
    return;
  RevPlan P;
  P.FD = FD;
  Reader(Ctx, P).read();
  if (P.Loops.empty())
    return;
  // The forward tiles kernels whose outputs loop over shared reads; a kernel
  // whose only loops are the tile copies computes its outputs independently
  // (elementwise coarsening: thread-coarsen's reverse).
  auto AllLoops = match(traverse(TK_AsIs, findAll(stmt(anyOf(forStmt(), whileStmt(), doStmt())).bind("l"))),
                        *FD->getBody(), Ctx);
  bool OtherLoop = llvm::any_of(AllLoops, [&](const BoundNodes &B) {
    const auto *F = B.getNodeAs<ForStmt>("l");
    return !F || !P.Loops.count(F);
  });
  if (!OtherLoop && P.LoopsWhy.empty()) {
    P.LoopsWhy = "no loop but the tile copies: the outputs share no reads to keep in registers (an "
                 "elementwise kernel's outputs per thread are thread-coarsen's)";
    P.LoopsAt = P.Loops.begin()->first;
  }
  for (RevAxis &A : P.Ax)
    readScale(Ctx, P, A);
  Site &S = AC.addSite(Name, Direction::Reverse, FD->getLocation(), FD, "kernel");
  bool Known = P.Ax[0].Factor || P.Ax[1].Factor;
  S.Summary = "compute one output per thread of '" + FD->getNameAsString() + "' instead of a " +
              (Known ? std::to_string(std::max(1u, P.Ax[1].Factor)) + " x " +
                           std::to_string(std::max(1u, P.Ax[0].Factor)) + " block"
                     : std::string("block of outputs"));
  S.Facts["tm"] = std::to_string(std::max(1u, P.Ax[1].Factor));
  S.Facts["tn"] = std::to_string(std::max(1u, P.Ax[0].Factor));
  if (P.LoopsWhy.empty() && P.IndexWhy.empty()) {
    if (auto T = RevWriter(Ctx, P).write()) {
      P.BodyText = *T;
      P.Built = true;

    }
  }
  PreconditionQuery Q{AC, FD, DynTypedNode::create(*FD), &P};
  for (const PreconditionSpec &Spec : Pair.preconditions())
    if (Spec.Dir == Direction::Reverse)
      S.check(Spec, Q);
  if (S.verdict() == Status::Fails || !P.Built)
    return;
  commitKernel(AC, FD, P.BodyText, false, factors(P), S);
}

} // namespace register_tile
} // namespace klineage
