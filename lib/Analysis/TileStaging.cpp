//===- TileStaging.cpp - Which global element each slot of a tile holds ---===//
//
// Part of KLineage. See TileStaging.h. A small interpreter over the
// staging region, run once per thread: integer values are LinearForms
// whose atoms are block-uniform (numbers for what differs per thread),
// registers hold the global element they were loaded from.
//
//===----------------------------------------------------------------------===//
#include "klineage/Analysis/TileStaging.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/Mutation.h"
#include "klineage/Analysis/Uniformity.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/MemorySpace.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SetVector.h"
#include <map>
#include <optional>

using namespace clang;

namespace klineage {
namespace analysis {

namespace {

/// A global element: Source[Index].
struct Element {
  const VarDecl *Source = nullptr;
  LinearForm Index;
  QualType IndexType;
  bool operator==(const Element &O) const { return Source == O.Source && Index.Terms == O.Index.Terms; }
};

constexpr uint64_t MaxSteps = 1u << 22; ///< statements run, over all threads
constexpr int64_t MaxTrips = 1 << 16;   ///< iterations of one loop

std::string textOf(const ASTContext &Ctx, const Stmt *S) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  S->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
  return Out;
}

class Runner {
public:
  Runner(ASTContext &Ctx, const FunctionDecl *FD, llvm::ArrayRef<const Stmt *> Region, Dim3 Block, Linearizer &Lin)
      : Ctx(Ctx), Region(Region), Block(Block), Lin(Lin),
        Facts(AnalysisCache::of(Ctx).facts(FD)), U(Ctx, FD, Block) {}

  StagingAnswer run() {
    StagingAnswer A;
    for (uint64_t Z = 0; Z < Block.Z && Why.empty(); ++Z)
      for (uint64_t Y = 0; Y < Block.Y && Why.empty(); ++Y)
        for (uint64_t X = 0; X < Block.X && Why.empty(); ++X) {
          Tid[0] = X, Tid[1] = Y, Tid[2] = Z;
          Ints.clear();
          Regs.clear();
          for (const Stmt *S : Region)
            if (!exec(S))
              break;
        }
    A.Ran = Why.empty();
    if (A.Ran)
      fit(A);
    A.Why = Why;
    A.At = At;
    for (const VarDecl *V : Written)
      A.Written.push_back(V);
    return A;
  }

private:
  bool fail(std::string W, const Stmt *S) {
    if (Why.empty()) {
      Why = std::move(W);
      At = S;
    }
    return false;
  }

  // ---- integers ----------------------------------------------------------

  static LinearForm constant(int64_t V) {
    LinearForm F;
    if (V)
      F.Terms[Monomial{}] = V;
    return F;
  }

  llvm::APSInt inType(int64_t V, QualType T) const {
    unsigned W = Ctx.getIntWidth(T);
    bool Unsigned = !T->isSignedIntegerOrEnumerationType();
    llvm::APSInt R(llvm::APInt(64, uint64_t(V), true), false);
    return llvm::APSInt(Unsigned ? R.zextOrTrunc(W) : R.sextOrTrunc(W), Unsigned);
  }
  static int64_t value(const llvm::APSInt &V) { return V.isSigned() ? V.getSExtValue() : int64_t(V.getZExtValue()); }

  /// A region-local or per-thread variable's value, else nullopt.
  std::optional<LinearForm> varValue(const VarDecl *V, const Expr *Ref) {
    if (auto It = Ints.find(V); It != Ints.end())
      return It->second;
    if (U.of(Ref).atLeast(Level::Block))
      return Lin.linearize(Ref);
    // A per-thread value set once outside the region (`const int tid =
    // threadIdx.x;`): its initialiser, run for this thread.
    if (V->hasLocalStorage() && V->getInit() && Facts.mods(V).empty() && V->getType()->isIntegerType())
      return integer(V->getInit());
    fail("'" + V->getName().str() + "' differs across the block and changes", Ref);
    return std::nullopt;
  }

  std::optional<LinearForm> integer(const Expr *E) {
    E = E->IgnoreParens();
    if (!E->getType()->isIntegralOrEnumerationType() || E->isValueDependent()) {
      fail("'" + textOf(Ctx, E) + "' is not an integer the staging can evaluate", E);
      return std::nullopt;
    }
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx))
      return constant(value(R.Val.getInt()));
    if (auto B = cuda::builtinIndex(E->IgnoreParenImpCasts()); B && B->Var == cuda::BuiltinVar::ThreadIdx)
      return constant(int64_t(Tid[B->Dim]));
    if (auto B = cuda::builtinIndex(E->IgnoreParenImpCasts()); B && B->Var == cuda::BuiltinVar::BlockDim)
      return constant(int64_t(B->Dim == 0 ? Block.X : B->Dim == 1 ? Block.Y : Block.Z));
    if (const auto *D = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
        return varValue(V, D);
    // Whatever else is the same for the whole block stays symbolic (a
    // blockIdx, a call of one); arithmetic is followed below, since its
    // operands may be the region's own counters.
    if (!isa<CastExpr, UnaryOperator, BinaryOperator, ConditionalOperator>(E) && !mentionsBound(E) &&
        U.of(E).atLeast(Level::Block)) {
      auto F = Lin.linearize(E);
      if (!F)
        fail("'" + textOf(Ctx, E) + "' is not an integer the staging can evaluate", E);
      return F;
    }
    QualType T = E->getType();
    if (const auto *C = dyn_cast<CastExpr>(E)) {
      if (!C->getSubExpr()->getType()->isIntegralOrEnumerationType()) {
        fail("'" + textOf(Ctx, E) + "' is not integer arithmetic", E);
        return std::nullopt;
      }
      auto V = integer(C->getSubExpr());
      if (V && V->isConstant())
        return constant(value(inType(V->constant(), T)));
      return V;
    }
    if (const auto *Un = dyn_cast<UnaryOperator>(E)) {
      auto V = integer(Un->getSubExpr());
      if (!V)
        return V;
      if (Un->getOpcode() == UO_Plus)
        return V;
      if (Un->getOpcode() == UO_Minus) {
        LinearForm N;
        N.add(*V, -1);
        return N;
      }
      if (Un->getOpcode() == UO_Not && V->isConstant())
        return constant(value(~inType(V->constant(), T)));
      fail("'" + textOf(Ctx, E) + "' is not integer arithmetic", E);
      return std::nullopt;
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      auto C = integer(CO->getCond());
      if (!C)
        return C;
      if (!C->isConstant()) {
        fail("'" + textOf(Ctx, CO->getCond()) + "' is not one number for each thread", CO);
        return std::nullopt;
      }
      return integer(C->constant() ? CO->getTrueExpr() : CO->getFalseExpr());
    }
    const auto *Bin = dyn_cast<BinaryOperator>(E);
    if (!Bin) {
      fail("'" + textOf(Ctx, E) + "' is not integer arithmetic", E);
      return std::nullopt;
    }
    auto L = integer(Bin->getLHS());
    if (!L)
      return L;
    auto Rt = integer(Bin->getRHS());
    if (!Rt)
      return Rt;
    BinaryOperatorKind Op = Bin->getOpcode();
    if ((Op == BO_LAnd || Op == BO_LOr) && L->isConstant() && Rt->isConstant())
      return constant(Op == BO_LAnd ? (L->constant() && Rt->constant()) : (L->constant() || Rt->constant()));
    if (L->isConstant() && Rt->isConstant()) {
      // In the source's types: unsigned wraps, division truncates.
      llvm::APSInt A = inType(L->constant(), Bin->getLHS()->getType()),
                   B = inType(Rt->constant(), Bin->getRHS()->getType());
      // A comparison in the wider operand's type; arithmetic in the result's;
      // a shift keeps its left operand's.
      QualType CT = T;
      if (Bin->isComparisonOp())
        CT = Ctx.getIntWidth(Bin->getRHS()->getType()) > Ctx.getIntWidth(Bin->getLHS()->getType())
                 ? Bin->getRHS()->getType()
                 : Bin->getLHS()->getType();
      if (!Bin->isShiftOp()) {
        A = inType(value(A), CT);
        B = inType(value(B), CT);
      }
      llvm::APSInt V;
      switch (Op) {
      case BO_Add: V = A + B; break;
      case BO_Sub: V = A - B; break;
      case BO_Mul: V = A * B; break;
      case BO_Div:
      case BO_Rem:
        if (B.isZero()) {
          fail("'" + textOf(Ctx, E) + "' divides by zero", E);
          return std::nullopt;
        }
        V = Op == BO_Div ? A / B : A % B;
        break;
      case BO_Shl:
      case BO_Shr: {
        int64_t N = value(B);
        if (N < 0 || N >= int64_t(A.getBitWidth())) {
          fail("'" + textOf(Ctx, E) + "' shifts out of range", E);
          return std::nullopt;
        }
        V = Op == BO_Shl ? A << unsigned(N) : A >> unsigned(N);
        break;
      }
      case BO_And: V = A & B; break;
      case BO_Or: V = A | B; break;
      case BO_Xor: V = A ^ B; break;
      case BO_LT: return constant(A < B);
      case BO_GT: return constant(A > B);
      case BO_LE: return constant(A <= B);
      case BO_GE: return constant(A >= B);
      case BO_EQ: return constant(A == B);
      case BO_NE: return constant(A != B);
      default:
        fail("'" + textOf(Ctx, E) + "' is not integer arithmetic", E);
        return std::nullopt;
      }
      return constant(value(inType(value(V), T)));
    }
    switch (Op) {
    case BO_Add:
    case BO_Sub:
      L->add(*Rt, Op == BO_Add ? 1 : -1);
      L->normalize();
      return L;
    case BO_Mul:
      if (auto P = product(*L, *Rt)) {
        P->normalize();
        return P;
      }
      break;
    default:
      break;
    }
    if (Bin->isComparisonOp() || Bin->isLogicalOp())
      fail("'" + textOf(Ctx, E) + "' is not one number for each thread (a bound the staging checks against a "
           "value of the whole block)",
           E);
    else
      fail("'" + textOf(Ctx, E) + "' combines a value that is the same for the whole block other than by +, - "
           "and *",
           E);
    return std::nullopt;
  }

  /// \p E names a variable the region has bound (a counter of its loops).
  bool mentionsBound(const Stmt *E) const {
    if (const auto *D = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && Ints.count(V))
        return true;
    for (const Stmt *C : E->children())
      if (C && mentionsBound(C))
        return true;
    return false;
  }

  /// \p E as a number (a condition, a trip, a slot).
  std::optional<int64_t> number(const Expr *E, const char *What) {
    auto F = integer(E);
    if (!F)
      return std::nullopt;
    if (!F->isConstant()) {
      fail(std::string(What) + " '" + textOf(Ctx, E) + "' is not one number for each thread", E);
      return std::nullopt;
    }
    return F->constant();
  }

  // ---- registers and elements ---------------------------------------------

  /// `r`, `r[i]`, `r[i].x`, `r.x` of a local that is not an integer or a
  /// tile: its key (the variable and the numbers), and the variable.
  std::optional<std::string> registerKey(const Expr *E, const VarDecl **Root) {
    E = E->IgnoreParenImpCasts();
    if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(D->getDecl());
      if (!V || !V->hasLocalStorage() || cuda::isShared(V) || V->getType()->isIntegralOrEnumerationType() ||
          V->getType()->isPointerType() || V->getType()->isReferenceType())
        return std::nullopt;
      *Root = V;
      return std::to_string(reinterpret_cast<uintptr_t>(V));
    }
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      if (!A->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
        return std::nullopt;
      auto B = registerKey(A->getBase(), Root);
      if (!B)
        return B;
      auto I = number(A->getIdx(), "the register's subscript");
      if (!I)
        return std::nullopt;
      return *B + "[" + std::to_string(*I) + "]";
    }
    if (const auto *M = dyn_cast<MemberExpr>(E); M && !M->isArrow()) {
      auto B = registerKey(M->getBase(), Root);
      if (!B)
        return B;
      return *B + "." + M->getMemberDecl()->getNameAsString();
    }
    return std::nullopt;
  }

  /// `G[g]` or `__ldg(&G[g])` with G a pointer the same for the block.
  std::optional<Element> globalElement(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *C = dyn_cast<CallExpr>(E); C && C->getNumArgs() == 1)
      if (const FunctionDecl *Callee = C->getDirectCallee(); Callee && Callee->getName().starts_with("__ld"))
        if (const auto *Un = dyn_cast<UnaryOperator>(C->getArg(0)->IgnoreParenImpCasts());
            Un && Un->getOpcode() == UO_AddrOf)
          E = Un->getSubExpr()->IgnoreParenImpCasts();
    const auto *A = dyn_cast<ArraySubscriptExpr>(E);
    if (!A || !A->getBase()->IgnoreParenImpCasts()->getType()->isPointerType())
      return std::nullopt;
    const auto *D = dyn_cast<DeclRefExpr>(A->getBase()->IgnoreParenImpCasts());
    const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    if (!V || cuda::isShared(V))
      return std::nullopt;
    if (!U.of(D).atLeast(Level::Block)) {
      fail("the pointer '" + V->getName().str() + "' differs across the block", D);
      return std::nullopt;
    }
    auto I = integer(A->getIdx());
    if (!I)
      return std::nullopt;
    return Element{V, *I, A->getIdx()->getType()};
  }

  /// The element a value is: a global element, or a register holding one.
  std::optional<Element> elementValue(const Expr *E) {
    if (auto G = globalElement(E))
      return G;
    if (!Why.empty())
      return std::nullopt;
    const VarDecl *Root = nullptr;
    if (auto K = registerKey(E, &Root)) {
      if (auto It = Regs.find(*K); It != Regs.end())
        return It->second;
      fail("'" + textOf(Ctx, E) + "' holds no element the staging loaded", E);
      return std::nullopt;
    }
    if (Why.empty())
      fail("'" + textOf(Ctx, E) + "' is not one global element or a register holding one", E);
    return std::nullopt;
  }

  /// A tile element `T[s0][s1]..`: the tile and its slot.
  const VarDecl *tileSlot(const Expr *E, std::vector<int64_t> &Slot) {
    E = E->IgnoreParenImpCasts();
    std::vector<const Expr *> Rev;
    while (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      Rev.push_back(A->getIdx());
      E = A->getBase()->IgnoreParenImpCasts();
    }
    const auto *D = dyn_cast<DeclRefExpr>(E);
    const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    if (!V || !cuda::isShared(V) || Rev.empty())
      return nullptr;
    Slot.clear();
    for (auto It = Rev.rbegin(); It != Rev.rend(); ++It) {
      auto N = number(*It, "the tile's subscript");
      if (!N)
        return nullptr;
      Slot.push_back(*N);
    }
    return V;
  }

  // ---- statements -----------------------------------------------------------

  bool exec(const Stmt *S) {
    if (++Steps > MaxSteps)
      return fail("the staging runs more than " + std::to_string(MaxSteps) + " statements for the block", S);
    if (!S || isa<NullStmt>(S))
      return true;
    if (const auto *A = dyn_cast<AttributedStmt>(S))
      return exec(A->getSubStmt());
    if (const auto *C = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *K : C->body())
        if (!exec(K))
          return false;
      return true;
    }
    if (const auto *D = dyn_cast<DeclStmt>(S)) {
      for (const Decl *X : D->decls())
        if (const auto *V = dyn_cast<VarDecl>(X); V && !declare(V, S))
          return false;
      return true;
    }
    if (const auto *I = dyn_cast<IfStmt>(S)) {
      if (I->getInit() && !exec(I->getInit()))
        return false;
      if (I->getConditionVariable())
        return fail("the staging's condition declares a variable", I);
      auto C = number(I->getCond(), "the condition");
      if (!C)
        return false;
      return *C ? exec(I->getThen()) : exec(I->getElse());
    }
    if (const auto *F = dyn_cast<ForStmt>(S))
      return loop(F);
    if (const auto *E = dyn_cast<Expr>(S))
      return effect(E->IgnoreParens());
    return fail("the staging does more than load elements into tiles and registers", S);
  }

  bool declare(const VarDecl *V, const Stmt *S) {
    Written.insert(V);
    if (V->getType()->isIntegralOrEnumerationType()) {
      if (!V->getInit())
        return fail("'" + V->getName().str() + "' is declared without a value", S);
      // Declared in the region's own list and the same for the block: a
      // name the reads may keep (`const int k0 = s * BK;`).
      if (llvm::is_contained(Region, S) && Facts.mods(V).empty() && U.of(V->getInit()).atLeast(Level::Block))
        return true;
      auto F = integer(V->getInit());
      if (!F)
        return false;
      Ints[V] = *F;
      return true;
    }
    if (V->getType()->isPointerType() || V->getType()->isReferenceType() || cuda::isShared(V))
      return fail("the staging declares '" + V->getName().str() + "', which is not a register", S);
    const Expr *Init = V->getInit();
    if (!Init || isa<CXXConstructExpr, InitListExpr>(Init->IgnoreImplicit()))
      return true;
    std::string Key = std::to_string(reinterpret_cast<uintptr_t>(V));
    if (const CallExpr *Make = makeVector(Init))
      return components(Key, Make);
    auto E = elementValue(Init);
    if (!E)
      return false;
    Regs[Key] = *E;
    return true;
  }

  /// `make_float4(a, b, c, d)` (any make_<type>N).
  static const CallExpr *makeVector(const Expr *E) {
    const auto *C = dyn_cast<CallExpr>(E->IgnoreImplicit());
    const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
    return F && F->getName().starts_with("make_") && C->getNumArgs() >= 1 && C->getNumArgs() <= 4 ? C : nullptr;
  }

  /// The register \p Key takes one element per component of \p Make.
  bool components(const std::string &Key, const CallExpr *Make) {
    static const char *Names[] = {"x", "y", "z", "w"};
    for (unsigned I = 0; I < Make->getNumArgs(); ++I) {
      auto E = elementValue(Make->getArg(I));
      if (!E)
        return false;
      Regs[Key + "." + Names[I]] = *E;
    }
    return true;
  }

  bool loop(const ForStmt *F) {
    if (F->getConditionVariable() || !F->getCond() || !F->getInc())
      return fail("the staging loop is not counted", F);
    if (F->getInit() && !exec(F->getInit()))
      return false;
    for (int64_t Trip = 0;; ++Trip) {
      if (Trip > MaxTrips)
        return fail("the staging loop runs more than " + std::to_string(MaxTrips) + " times", F);
      auto C = number(F->getCond(), "the loop's condition");
      if (!C)
        return false;
      if (!*C)
        return true;
      if (!exec(F->getBody()) || !effect(F->getInc()->IgnoreParens()))
        return false;
    }
  }

  /// An integer local of the region (or a per-thread one) the statement
  /// changes.
  const VarDecl *intLocal(const Expr *E) {
    const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    return V && Ints.count(V) ? V : nullptr;
  }

  bool effect(const Expr *E) {
    E = E->IgnoreImplicit();
    if (const auto *Un = dyn_cast<UnaryOperator>(E); Un && Un->isIncrementDecrementOp()) {
      const VarDecl *V = intLocal(Un->getSubExpr());
      if (!V)
        return fail("'" + textOf(Ctx, E) + "' changes something the staging does not own", E);
      Ints[V].add(constant(1), Un->isIncrementOp() ? 1 : -1);
      Ints[V].normalize();
      return true;
    }
    if (const auto *CA = dyn_cast<CompoundAssignOperator>(E)) {
      const VarDecl *V = intLocal(CA->getLHS());
      auto R = V ? integer(CA->getRHS()) : std::nullopt;
      if (!V || !R || (CA->getOpcode() != BO_AddAssign && CA->getOpcode() != BO_SubAssign))
        return Why.empty() ? fail("'" + textOf(Ctx, E) + "' changes something the staging does not own", E) : false;
      Ints[V].add(*R, CA->getOpcode() == BO_AddAssign ? 1 : -1);
      Ints[V].normalize();
      return true;
    }
    const auto *B = dyn_cast<BinaryOperator>(E);
    if (!B || B->getOpcode() != BO_Assign) {
      if (const auto *Comma = dyn_cast<BinaryOperator>(E); Comma && Comma->getOpcode() == BO_Comma)
        return effect(Comma->getLHS()->IgnoreParens()) && effect(Comma->getRHS()->IgnoreParens());
      return fail("'" + textOf(Ctx, E) + "' does more than load elements into tiles and registers", E);
    }
    if (const VarDecl *V = intLocal(B->getLHS())) {
      auto R = integer(B->getRHS());
      if (!R)
        return false;
      Ints[V] = *R;
      return true;
    }
    std::vector<int64_t> Slot;
    if (const VarDecl *T = tileSlot(B->getLHS(), Slot)) {
      auto El = elementValue(B->getRHS());
      if (!El)
        return false;
      return store(T, Slot, *El, B);
    }
    if (!Why.empty())
      return false;
    const VarDecl *Root = nullptr;
    if (auto K = registerKey(B->getLHS(), &Root)) {
      Written.insert(Root);
      if (const CallExpr *Make = makeVector(B->getRHS()))
        return components(*K, Make);
      auto El = elementValue(B->getRHS());
      if (!El)
        return false;
      Written.insert(Root);
      Regs[*K] = *El;
      return true;
    }
    return Why.empty() ? fail("'" + textOf(Ctx, E) + "' writes something other than a tile or a register", E) : false;
  }

  bool store(const VarDecl *T, const std::vector<int64_t> &Slot, const Element &El, const BinaryOperator *At) {
    TileRecord &R = Tiles[T];
    if (!R.Tile) {
      R.Tile = T;
      Order.push_back(T);
    }
    if (!llvm::is_contained(R.Stores, At->getLHS()))
      R.Stores.push_back(At->getLHS());
    auto [It, New] = R.Slots.emplace(Slot, El);
    if (!New && !(It->second == El))
      return fail("two stores put different elements into one slot of '" + T->getName().str() + "'", At);
    return true;
  }

  // ---- the map of each tile -------------------------------------------------

  struct TileRecord {
    const VarDecl *Tile = nullptr;
    std::map<std::vector<int64_t>, Element> Slots;
    std::vector<const Expr *> Stores;
  };

  /// Fits Origin and Step of \p Out on the slots of \p R, seen through
  /// \p View (the slot's coordinates in the tile as fitted); empty when
  /// they fit, else why not.
  std::string fitView(const TileRecord &R, StagedTile &Out,
                      llvm::function_ref<std::vector<int64_t>(const std::vector<int64_t> &)> View, size_t Rank) {
    std::map<std::vector<int64_t>, const Element *> ByView;
    for (const auto &[Slot, El] : R.Slots)
      ByView[View(Slot)] = &El;
    const Element &Zero = *ByView.at(std::vector<int64_t>(Rank, 0));
    Out.Origin = Zero.Index;
    Out.IndexType = Zero.IndexType;
    Out.Step.clear();
    for (size_t D = 0; D < Rank; ++D) {
      std::vector<int64_t> Unit(Rank, 0);
      Unit[D] = 1;
      LinearForm Step;
      if (auto It = ByView.find(Unit); It != ByView.end()) {
        Step = It->second->Index;
        Step.add(Out.Origin, -1);
        Step.normalize();
      }
      Out.Step.push_back(Step);
    }
    for (const auto &[V, El] : ByView) {
      LinearForm Want = Out.Origin;
      for (size_t D = 0; D < Rank; ++D)
        Want.add(Out.Step[D], V[D]);
      Want.normalize();
      LinearForm Got = El->Index;
      Got.normalize();
      if (Want.Terms != Got.Terms) {
        std::string S;
        for (int64_t X : V)
          S += "[" + std::to_string(X) + "]";
        return "the element staged at " + Out.Tile->getName().str() + S +
               " is not the tile's first element plus a fixed step per subscript";
      }
      if (Ctx.getIntWidth(El->IndexType) > Ctx.getIntWidth(Out.IndexType))
        Out.IndexType = El->IndexType;
    }
    return "";
  }

  void fit(StagingAnswer &A) {
    for (const VarDecl *T : Order) {
      TileRecord &R = Tiles[T];
      StagedTile Out;
      Out.Tile = T;
      Out.Stores = R.Stores;
      int64_t Count = 1;
      for (QualType Ty = T->getType(); const auto *AT = Ctx.getAsConstantArrayType(Ty); Ty = AT->getElementType()) {
        Out.Extents.push_back(int64_t(AT->getZExtSize()));
        Count *= Out.Extents.back();
      }
      const Stmt *First = R.Stores.front();
      if (Out.Extents.empty() || Out.Extents.size() != R.Slots.begin()->first.size()) {
        fail("'" + T->getName().str() + "' is not a static array subscripted in every dimension", First);
        return;
      }
      for (const auto &[Slot, El] : R.Slots)
        for (size_t D = 0; D < Slot.size(); ++D)
          if (Slot[D] < 0 || Slot[D] >= Out.Extents[D]) {
            fail("a store writes '" + T->getName().str() + "' outside its bounds", First);
            return;
          }
      if (int64_t(R.Slots.size()) != Count) {
        fail("the block stages " + std::to_string(R.Slots.size()) + " of the " + std::to_string(Count) +
                 " elements of '" + T->getName().str() + "'",
             First);
        return;
      }
      Out.Source = R.Slots.begin()->second.Source;
      for (const auto &[Slot, El] : R.Slots)
        if (El.Source != Out.Source) {
          fail("'" + T->getName().str() + "' stages elements of both '" + Out.Source->getName().str() + "' and '" +
                   El.Source->getName().str() + "'",
               First);
          return;
        }
      std::string Why1 = fitView(R, Out, [](const std::vector<int64_t> &S) { return S; }, Out.Extents.size());
      // A flattened tile (`As[row * BK + col]`): rows of some length C.
      if (!Why1.empty() && Out.Extents.size() == 1)
        for (int64_t C = 2; C < Out.Extents[0]; ++C) {
          if (Out.Extents[0] % C)
            continue;
          auto Rows = [C](const std::vector<int64_t> &S) { return std::vector<int64_t>{S[0] / C, S[0] % C}; };
          if (fitView(R, Out, Rows, 2).empty()) {
            Out.RowLength = C;
            Why1.clear();
            break;
          }
        }
      if (!Why1.empty()) {
        fail(Why1, First);
        return;
      }
      A.Tiles.push_back(std::move(Out));
    }
    if (A.Tiles.empty() && Why.empty())
      fail("the staging stores no tile", Region.empty() ? nullptr : Region.front());
  }

  ASTContext &Ctx;
  llvm::ArrayRef<const Stmt *> Region;
  Dim3 Block;
  Linearizer &Lin;
  const FunctionFacts &Facts;
  Uniformity U;
  uint64_t Tid[3] = {0, 0, 0};
  std::map<const VarDecl *, LinearForm> Ints;
  std::map<std::string, Element> Regs;
  std::map<const VarDecl *, TileRecord> Tiles;
  std::vector<const VarDecl *> Order;
  llvm::SetVector<const VarDecl *> Written;
  uint64_t Steps = 0;
  std::string Why;
  const Stmt *At = nullptr;
};

} // namespace

StagingAnswer stagedTiles(ASTContext &Ctx, const FunctionDecl *FD, llvm::ArrayRef<const Stmt *> Region, Dim3 Block,
                          Linearizer &Lin) {
  return Runner(Ctx, FD, Region, Block, Lin).run();
}

} // namespace analysis
} // namespace klineage
