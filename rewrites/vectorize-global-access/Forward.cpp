//===- Forward.cpp - Scalar lanes to one vector access --------------------===//
//
// Part of KLineage. The forward direction of vectorize-global-access: find
// V contiguous scalar loads or stores of one pointer (written out, as the
// arguments of one make_float4, or as a loop over the lanes), group them,
// ask the pair's precondition functions about each group, and build the
// vector access. See docs/rewrites/vectorize-global-access.md.
//
//===----------------------------------------------------------------------===//
#include "VectorizeGlobalAccess.h"
#include "klineage/Analysis/BlockPosition.h"
#include "klineage/Cuda/Intrinsics.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <functional>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;
using namespace llvm;

namespace klineage {
namespace vga {

namespace {

constexpr char AccessId[] = "access";

// Emission order: the first failing one is what a refusal cites, so the
// more fundamental facts come first (a __shared__ array fails global-pointer
// before its alignment is discussed).
const char *const ForwardOrder[] = {ContiguousLanes,        IndexAligned, GlobalPointer,
                                    BaseAligned,            TailCovered,  LoopLanesUnconditional,
                                    NoAliasingWriteBetween, SameBlock};

auto scalar4Type() {
  return qualType(hasCanonicalType(
      anyOf(asString("float"), asString("const float"), asString("int"), asString("const int"),
            asString("unsigned int"), asString("const unsigned int"))));
}
/// Scalar element accesses p[i] / *(p + i) / __ldg(&p[i]).
auto scalarAccessMatcher() {
  return expr(anyOf(arraySubscriptExpr(hasType(scalar4Type())),
                    unaryOperator(hasOperatorName("*"), hasType(scalar4Type())),
                    callExpr(callee(functionDecl(hasName("__ldg"))), hasType(scalar4Type()))))
      .bind(AccessId);
}

/// The variable \p E names, through integer casts.
const VarDecl *refVarOf(const Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(analysis::stripIntCasts(E)))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

} // namespace

std::string accessText(const ASTContext &Ctx, const Lane *L) {
  return writtenText(Ctx, L->Access).value_or("the access");
}

/// The index as written: the subscript, or the folded parts `a + b`.
std::string indexText(const ASTContext &Ctx, const Lane *L) {
  if (L->Parts.empty())
    return "0";
  if (L->Parts.size() == 1) {
    // `4*i + 0` as lane 0: the base is `4*i`.
    const Expr *P = L->Parts.front()->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<BinaryOperator>(P); B && B->getOpcode() == BO_Add)
      if (const auto *IL = dyn_cast<IntegerLiteral>(B->getRHS()->IgnoreParenImpCasts());
          IL && IL->getValue() == 0)
        return writtenText(Ctx, B->getLHS()).value_or("");
    return writtenText(Ctx, L->Parts.front()).value_or("");
  }
  std::string S;
  for (const Expr *Part : L->Parts) {
    auto Txt = writtenText(Ctx, Part);
    if (!Txt)
      return "";
    S += (S.empty() ? "" : " + ") + parenIf(needsParens(Part, prec::Additive), *Txt);
  }
  return S;
}

/// Text of the vector's base index: lane index with `k` replaced by the
/// loop's start (`4*t + k` -> `4*t`, `4*t + k + 2` -> `4*t + 0 + 2`).
std::string loopBaseText(const ASTContext &Ctx, const LoopGroup &G) {
  const Lane *L = G.Accesses.front();
  // `E + k`, `k + E`, `E + k + c`, `E + k - c`: the text without `+ k`.
  std::function<std::optional<std::string>(const Expr *)> DropK =
      [&](const Expr *E) -> std::optional<std::string> {
    const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    if (!B || (B->getOpcode() != BO_Add && B->getOpcode() != BO_Sub) ||
        !B->getType()->isIntegerType())
      return std::nullopt;
    auto Text = [&](const Expr *X) -> std::optional<std::string> {
      auto Txt = writtenText(Ctx, X);
      if (!Txt || !isUnexpandedText(Ctx, X))
        return std::nullopt;
      return *Txt;
    };
    if (B->getOpcode() == BO_Add && refVarOf(B->getRHS()) == G.K)
      return Text(B->getLHS());
    if (B->getOpcode() == BO_Add && refVarOf(B->getLHS()) == G.K) {
      auto R = Text(B->getRHS());
      if (R && needsParens(B->getRHS(), prec::Additive) && B->getRHS()->IgnoreParenImpCasts() == B->getRHS())
        return "(" + *R + ")";
      return R;
    }
    auto Inner = DropK(B->getLHS());
    auto R = Text(B->getRHS());
    if (!Inner || !R)
      return std::nullopt;
    return *Inner + (B->getOpcode() == BO_Add ? " + " : " - ") + *R;
  };
  std::vector<std::string> Parts;
  for (const Expr *Part : L->Parts) {
    const Expr *PE = Part->IgnoreParenImpCasts();
    if (refVarOf(PE) == G.K) {
      if (G.Start != 0)
        Parts.push_back(std::to_string(G.Start));
      continue;
    }
    if (auto D = DropK(PE)) {
      Parts.push_back(parenIf(needsParens(Part, prec::Additive), *D));
      if (G.Start != 0)
        Parts.push_back(std::to_string(G.Start));
      continue;
    }
    // Substitute every `k` in the part.
    struct Refs : RecursiveASTVisitor<Refs> {
      const VarDecl *K;
      std::vector<const DeclRefExpr *> Out;
      bool VisitDeclRefExpr(DeclRefExpr *D) {
        if (D->getDecl() == K)
          Out.push_back(D);
        return true;
      }
    } R;
    R.K = G.K;
    R.TraverseStmt(const_cast<Expr *>(Part));
    if (!isUnexpandedText(Ctx, Part))
      return "";
    std::vector<TextEdit> Subs;
    for (const DeclRefExpr *D : R.Out) {
      if (!isUnexpandedText(Ctx, D))
        return "";
      Subs.push_back({beginOffset(Ctx, D), endOffset(Ctx, D) - beginOffset(Ctx, D),
                      "(" + std::to_string(G.Start) + ")"});
    }
    auto Txt = textWithEdits(Ctx, fileOf(Ctx, Part), beginOffset(Ctx, Part), endOffset(Ctx, Part), Subs);
    if (!Txt)
      return "";
    Parts.push_back(parenIf(needsParens(Part, prec::Additive), *Txt));
  }
  if (Parts.empty())
    return "0";
  return join(Parts, " + ");
}

/// The variables the lanes' indices and bases read, and whether an index
/// reads memory.
void indexFacts(const std::vector<Lane *> &Accesses, std::vector<const VarDecl *> &Vars,
                bool &ReadsMemory) {
  for (Lane *L : Accesses) {
    for (const Expr *Part : L->Parts) {
      Linearizer::collectVars(Part, Vars);
      ReadsMemory = ReadsMemory || analysis::readsMemory(Part);
    }
    Linearizer::collectVars(L->Base, Vars);
  }
}
std::vector<const IfStmt *> laneGuards(const ASTContext &Ctx, const Group &G, std::string &Why) {
  std::vector<const IfStmt *> Guards;
  for (const Lane *L : G.Accesses) {
    if (!L->Guard) {
      Why = "lane '" + accessText(Ctx, L) + "' is not guarded like the others";
      return {};
    }
    Guards.push_back(L->Guard);
  }
  std::sort(Guards.begin(), Guards.end(), [&](const IfStmt *X, const IfStmt *Y) {
    return beginOffset(Ctx, X) < beginOffset(Ctx, Y);
  });
  const CompoundStmt *Blk = G.Accesses.front()->GuardBlock;
  if (!Blk) {
    Why = "the guards are not statements of a block";
    return {};
  }
  // Consecutive statements of one block.
  std::vector<const Stmt *> Body(Blk->body_begin(), Blk->body_end());
  auto Pos = [&](const Stmt *S) { return std::find(Body.begin(), Body.end(), S) - Body.begin(); };
  for (size_t I = 0; I < Guards.size(); ++I)
    if (Pos(Guards[I]) != Pos(Guards[0]) + long(I)) {
      Why = "the guarded lanes are not consecutive statements";
      return {};
    }
  return Guards;
}

namespace {

class ForwardAnalysis : FunctionAnalysis {
public:
  ForwardAnalysis(AnalysisContext &AC, const FunctionDecl *FD) : FunctionAnalysis(AC, FD) {}

  void run() {
    collect();
    if (Lanes.empty() && LoopOnly.empty())
      return;
    formLoopGroups();
    formCallGroups();
    formGroups();
    for (auto &G : Groups)
      evaluate(*G);
    nameTemps();
    mergeLoadsIntoStores();
    for (auto &G : Groups)
      if (!G->MergedInto)
        emit(*G);
    for (auto &LG : LoopGroups)
      emitLoop(*LG);
  }

private:
  std::optional<unsigned> forcedWidth() {
    if (auto W = AC.option("vector-width")) {
      if (*W == "4")
        return 4u;
      if (*W == "2")
        return 2u;
    }
    return std::nullopt;
  }

  void collect() {
    auto Matches = match(findAll(scalarAccessMatcher()), *FD->getBody(), AC.ast());
    for (const BoundNodes &BN : Matches) {
      const auto *E = BN.getNodeAs<Expr>(AccessId);
      if (!E || E->isTypeDependent() || E->isValueDependent())
        continue;
      auto L = std::make_unique<Lane>();
      L->Access = E;
      bool IsLdg = false;
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
        L->Base = AS->getBase();
        L->Index = AS->getIdx();
        if (!L->Base->getType()->isPointerType())
          continue; // int[] idx as base (i[x]) is not supported
      } else if (const auto *C = dyn_cast<CallExpr>(E)) {
        // __ldg(&p[e]) / __ldg(p + e): a read-only load of p[e].
        if (C->getNumArgs() != 1)
          continue;
        IsLdg = true;
        const Expr *Arg = C->getArg(0)->IgnoreParenImpCasts();
        if (const auto *U = dyn_cast<UnaryOperator>(Arg); U && U->getOpcode() == UO_AddrOf) {
          const auto *AS = dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParens());
          if (!AS || !AS->getBase()->getType()->isPointerType())
            continue;
          L->Base = AS->getBase();
          L->Index = AS->getIdx();
        } else if (const auto *B = dyn_cast<BinaryOperator>(Arg);
                   B && B->getOpcode() == BO_Add && B->getType()->isPointerType()) {
          L->Base = B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS();
          L->Index = L->Base == B->getLHS() ? B->getRHS() : B->getLHS();
        } else {
          L->Base = Arg;
        }
      } else {
        const auto *U = cast<UnaryOperator>(E);
        const Expr *S = U->getSubExpr()->IgnoreParens();
        if (const auto *B = dyn_cast<BinaryOperator>(S);
            B && B->getOpcode() == BO_Add && B->getType()->isPointerType()) {
          L->Base = B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS();
          L->Index = L->Base == B->getLHS() ? B->getRHS() : B->getLHS();
        } else {
          L->Base = S;
        }
      }
      // Fold pointer arithmetic into the index: *(x + 4*i + 2), (p + o)[k].
      if (L->Index)
        L->Parts.push_back(L->Index);
      while (true) {
        const auto *B = dyn_cast<BinaryOperator>(L->Base->IgnoreParens());
        if (!B || B->getOpcode() != BO_Add || !B->getType()->isPointerType())
          break;
        const Expr *Ptr = B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS();
        L->Parts.insert(L->Parts.begin(), Ptr == B->getLHS() ? B->getRHS() : B->getLHS());
        L->Base = Ptr;
      }
      if (L->Parts.size() == 1)
        L->Index = L->Parts.front();
      else if (!L->Parts.empty())
        L->Index = L->Parts.back();
      auto K = cuda::scalarKind(E->getType());
      if (!K)
        continue;
      L->Elem = *K;
      // Local (register) arrays are not memory accesses worth vectorizing.
      Root R = A.rootOf(L->Base);
      if (R.K == Root::LocalArray || R.K == Root::LocalScalar)
        continue;
      bool Ok = true;
      for (const Expr *Part : L->Parts) {
        auto F = A.lin().linearize(Part);
        if (!F) {
          Ok = false;
          break;
        }
        L->Idx.add(*F);
      }
      if (!Ok)
        continue;
      L->C = L->Idx.constant();
      L->SymKey = L->Idx.symbolic().symbolicKey();
      {
        llvm::FoldingSetNodeID ID;
        L->Base->IgnoreParenImpCasts()->Profile(ID, Ctx, true);
        L->PtrKey = std::to_string(ID.ComputeHash());
      }
      L->Use = IsLdg ? Lane::UseRead : useOf(E);
      L->Begin = beginOffset(Ctx, E);
      L->End = endOffset(Ctx, E);
      if (!IsLdg && !classify(*L)) {
        // `&x[i]` as the argument of __ldg is part of the __ldg lane.
        if (const auto *U = dyn_cast_or_null<UnaryOperator>(PM.getParentIgnoreParens(E));
            U && U->getOpcode() == UO_AddrOf) {
          const Stmt *Up = PM.getParentIgnoreParenImpCasts(const_cast<UnaryOperator *>(U));
          if (const auto *C = dyn_cast_or_null<CallExpr>(Up))
            if (const FunctionDecl *F = C->getDirectCallee();
                F && F->getIdentifier() && F->getName() == "__ldg")
              continue;
        }
        // Not a lane of straight-line code; maybe a lane of a loop.
        AllByAccess[E] = L.get();
        LoopOnly.push_back(std::move(L));
        continue;
      }
      AllByAccess[E] = L.get();
      locate(*L);
      L->Begin = beginOffset(Ctx, E);
      L->End = endOffset(Ctx, E);
      L->Time = L->IsStore ? endOffset(Ctx, L->Assign) : L->Begin;
      if (L->IsStore && L->Assign->isCompoundAssignmentOp()) {
        // `p[i] op= e` reads the lane too: a load lane at the same access,
        // used only through the store's site (merged load group).
        auto LL = std::make_unique<Lane>(*L);
        LL->IsStore = false;
        LL->Assign = nullptr;
        LL->FromCompound = true;
        LL->Guard = nullptr;
        LL->GuardBlock = nullptr;
        LL->CondWhy.clear();
        LL->Anchor = nullptr;
        LL->Block = nullptr;
        locate(*LL);
        LL->Time = LL->Begin;
        Lanes.push_back(std::move(LL));
      }
      ByAccess[E] = L.get();
      Lanes.push_back(std::move(L));
    }
    std::sort(Lanes.begin(), Lanes.end(), [](const auto &X, const auto &Y) {
      return X->Begin != Y->Begin ? X->Begin < Y->Begin : X->End < Y->End;
    });
  }

  /// Load (read as an rvalue) or store (`p[i] = e;` as a whole statement).
  bool classify(Lane &L) {
    const Stmt *P = PM.getParentIgnoreParens(L.Access);
    if (const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(P))
      return ICE->getCastKind() == CK_LValueToRValue;
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(P)) {
      bool Compound = B->isCompoundAssignmentOp() && B->getOpcode() != BO_ShlAssign &&
                      B->getOpcode() != BO_ShrAssign;
      if ((B->getOpcode() != BO_Assign && !Compound) || B->getLHS()->IgnoreParens() != L.Access)
        return false;
      const Stmt *Up = PM.getParent(B);
      if (isa_and_nonnull<CompoundStmt>(Up) ||
          (isa_and_nonnull<IfStmt>(Up) && cast<IfStmt>(Up)->getThen() == B)) {
        L.IsStore = true;
        L.Assign = B;
        return true;
      }
    }
    return false;
  }

  /// The lane's statement, block and guard (analysis::blockPosition), and
  /// why it runs conditionally within its statement.
  void locate(Lane &L) {
    analysis::BlockPosition Pos =
        analysis::blockPosition(PM, L.IsStore ? static_cast<const Stmt *>(L.Assign) : L.Access);
    L.Anchor = Pos.Statement;
    L.Block = Pos.Block;
    L.Guard = Pos.Guard;
    L.GuardBlock = Pos.GuardBlock;
    L.CondWhy = conditionalWords(Pos.Why);
  }

  /// Why a lane runs conditionally in its statement, in words ("" if not).
  static std::string conditionalWords(const analysis::Conditional &C) {
    using analysis::Conditional;
    switch (C.K) {
    case Conditional::None: return "";
    case Conditional::ConditionalOperator: return "it is under the conditional operator ?:";
    case Conditional::LogicalRHS:
      return ("it is on the right of " + cast<BinaryOperator>(C.At)->getOpcodeStr()).str();
    case Conditional::Branch: return "it is in a branch of an if statement without braces";
    case Conditional::Loop:
      return isa<ForStmt>(C.At) ? "it is in a loop without braces or in a loop header"
                                : "it is in a loop without braces or in a loop condition";
    case Conditional::Switch: return "it is inside a switch";
    case Conditional::Lambda: return "it is inside a lambda";
    case Conditional::Outside: return "it is not inside a block";
    }
    return "";
  }

  /// `make_float4(p[B], p[B+1], p[B+2], p[B+3])` (make_int4, make_float2,
  /// ...): all lanes in one call are one group, whatever else reads them.
  void formCallGroups() {
    std::optional<unsigned> Forced = forcedWidth();
    auto Calls = match(findAll(callExpr(callee(functionDecl(hasAnyName(
                                            "make_float4", "make_float2", "make_int4",
                                            "make_int2", "make_uint4", "make_uint2"))))
                                   .bind(AccessId)),
                       *FD->getBody(), AC.ast());
    for (const BoundNodes &BN : Calls) {
      const auto *Call = BN.getNodeAs<CallExpr>(AccessId);
      auto VK = Call ? cuda::vectorKind(Call->getType()) : std::nullopt;
      if (!VK || Call->getNumArgs() != VK->second || (Forced && *Forced != VK->second))
        continue;
      std::vector<Lane *> Ls;
      for (const Expr *Arg : Call->arguments()) {
        const Expr *A0 = Arg->IgnoreParens();
        if (const auto *ICE = dyn_cast<ImplicitCastExpr>(A0);
            ICE && ICE->getCastKind() == CK_LValueToRValue)
          A0 = ICE->getSubExpr()->IgnoreParens();
        auto It = ByAccess.find(A0);
        if (It == ByAccess.end() || It->second->IsStore || InCallGroup.count(It->second) ||
            InLoopGroup.count(It->second))
          break;
        Lane *L = It->second;
        if (!Ls.empty() && (L->PtrKey != Ls[0]->PtrKey || L->SymKey != Ls[0]->SymKey ||
                            L->C != Ls[0]->C + int64_t(Ls.size())))
          break;
        if (L->Elem != VK->first)
          break;
        Ls.push_back(L);
      }
      if (Ls.size() != VK->second)
        continue;
      auto G = std::make_unique<Group>();
      G->Sh = Group::InBlock;
      G->V = VK->second;
      G->C0 = Ls[0]->C;
      G->Accesses = Ls;
      G->ByLane = Ls;
      G->VecType = cuda::vectorTypeName(VK->first, VK->second);
      G->InCall = Call;
      for (Lane *L : Ls)
        InCallGroup.insert(L);
      Groups.push_back(std::move(G));
    }
  }

  void formGroups() {
    std::optional<unsigned> Forced = forcedWidth();
    // Keys in order of first appearance.
    std::vector<std::string> Order;
    std::map<std::string, std::vector<Lane *>> ByKey;
    for (auto &L : Lanes) {
      if (InCallGroup.count(L.get()) || InLoopGroup.count(L.get()))
        continue;
      std::string K = L->PtrKey + "|" + L->SymKey + "|" + L->Elem + (L->IsStore ? "|S" : "|L");
      if (!ByKey.count(K))
        Order.push_back(K);
      ByKey[K].push_back(L.get());
    }
    for (const std::string &K : Order) {
      const auto &Ls = ByKey[K];
      std::set<int64_t> Cs;
      for (Lane *L : Ls)
        Cs.insert(L->C);
      std::vector<std::pair<int64_t, unsigned>> Windows; // start, width
      std::vector<bool> Incomplete;
      if (Forced) {
        std::set<int64_t> Left = Cs;
        while (!Left.empty()) {
          int64_t S = *Left.begin();
          unsigned Count = 0;
          for (unsigned k = 0; k < *Forced; ++k)
            Count += Left.erase(S + k);
          if (Count >= 2) {
            Windows.push_back({S, *Forced});
            Incomplete.push_back(Count < *Forced);
          }
        }
      } else {
        // When the symbolic part is a known multiple of 4 (or 2), windows
        // start at aligned constants: x[4i-1..4i+4] gives x[4i..4i+3].
        const Lane *L0 = Ls.front();
        LinearForm Sym = L0->Idx.symbolic();
        bool SymM4 = A.formMultiple(Sym, 4), SymM2 = A.formMultiple(Sym, 2);
        auto Mod = [](int64_t X, int64_t M) { return ((X % M) + M) % M; };
        std::vector<int64_t> V(Cs.begin(), Cs.end());
        size_t I = 0;
        while (I < V.size()) {
          size_t J = I;
          while (J + 1 < V.size() && V[J + 1] == V[J] + 1)
            ++J;
          int64_t S = V[I];
          size_t Len = J - I + 1;
          while (Len >= 2) {
            if (Len >= 4 && (!SymM4 || Mod(S, 4) == 0)) {
              Windows.push_back({S, 4});
              Incomplete.push_back(false);
              S += 4;
              Len -= 4;
            } else if (!SymM2 || Mod(S, 2) == 0) {
              // A pair, unless an aligned float4 starts right after it.
              if (SymM4 && Len >= 5 && Mod(S + 1, 4) == 0) {
                S += 1;
                Len -= 1;
                continue;
              }
              Windows.push_back({S, 2});
              Incomplete.push_back(false);
              S += 2;
              Len -= 2;
            } else {
              S += 1;
              Len -= 1;
            }
          }
          I = J + 1;
        }
      }
      for (size_t W = 0; W < Windows.size(); ++W)
        formWindow(Ls, Windows[W].first, Windows[W].second, Incomplete[W], !Forced);
    }
  }

  void formWindow(const std::vector<Lane *> &Ls, int64_t C0, unsigned V, bool IsIncomplete,
                  bool MayHalve) {
    std::vector<Lane *> In;
    for (Lane *L : Ls)
      if (L->C >= C0 && L->C < C0 + int64_t(V))
        In.push_back(L);
    auto Make = [&](Group::Shape Sh, std::vector<Lane *> Acc) {
      auto G = std::make_unique<Group>();
      G->Sh = Sh;
      G->IsStore = Acc.front()->IsStore;
      G->V = V;
      G->C0 = C0;
      G->Accesses = std::move(Acc);
      G->ByLane.assign(V, nullptr);
      for (Lane *L : G->Accesses)
        if (!G->ByLane[L->C - C0])
          G->ByLane[L->C - C0] = L;
      G->VecType = cuda::vectorTypeName(G->Accesses.front()->Elem, V);
      Groups.push_back(std::move(G));
    };
    if (IsIncomplete) {
      Make(Group::Incomplete, In);
      return;
    }
    // Blocks that hold every lane.
    std::vector<const CompoundStmt *> Blocks;
    for (Lane *L : In)
      if (L->Block && std::find(Blocks.begin(), Blocks.end(), L->Block) == Blocks.end())
        Blocks.push_back(L->Block);
    bool Any = false;
    for (const CompoundStmt *B : Blocks) {
      std::vector<Lane *> Acc;
      std::set<int64_t> Seen;
      for (Lane *L : In)
        if (L->Block == B) {
          Acc.push_back(L);
          Seen.insert(L->C);
        }
      if (Seen.size() == V) {
        Make(Group::InBlock, Acc);
        Any = true;
      }
    }
    if (Any)
      return;
    std::set<int64_t> Seen;
    for (Lane *L : In)
      Seen.insert(L->C);
    if (Seen.size() < V)
      return;
    // No block holds all four lanes: maybe each half is a float2 in one block.
    if (MayHalve && V == 4) {
      size_t Before = Groups.size();
      formWindow(Ls, C0, 2, false, false);
      size_t Mid = Groups.size();
      formWindow(Ls, C0 + 2, 2, false, false);
      bool AnyInBlock = false;
      for (size_t I = Before; I < Groups.size(); ++I)
        AnyInBlock = AnyInBlock || Groups[I]->Sh == Group::InBlock;
      (void)Mid;
      if (AnyInBlock) {
        // Keep only the in-block halves.
        Groups.erase(std::remove_if(Groups.begin() + Before, Groups.end(),
                                    [](const auto &G) { return G->Sh != Group::InBlock; }),
                     Groups.end());
        return;
      }
      Groups.resize(Before);
    }
    bool Guarded = true;
    std::set<const IfStmt *> Guards;
    for (Lane *L : In)
      Guarded = Guarded && L->Guard && L->GuardBlock && L->GuardBlock == In.front()->GuardBlock &&
                Guards.insert(L->Guard).second;
    Make(Guarded ? Group::Guarded : Group::Scattered, In);
  }

  //===--------------------------------------------------------------------===//
  // Preconditions (forward)
  //===--------------------------------------------------------------------===//
  /// Evaluates the preconditions of straight-line group \p G, after fixing
  /// the span its accesses move across (and, for per-lane guards that can
  /// merge, the guards' span).
  void evaluate(Group &G) {
    const Lane *First = G.Accesses.front();
    const Lane *Last = G.Accesses.back();
    for (Lane *L : G.Accesses)
      if (L->End > Last->End)
        Last = L;
    if (G.IsStore) {
      G.Start = beginOffset(Ctx, First->Anchor ? First->Anchor : First->Assign);
      G.Stop = 0;
      for (Lane *L : G.Accesses)
        G.Stop = std::max(G.Stop, endOffset(Ctx, L->Assign));
    } else if (G.InCall) {
      // The call is replaced where it stands: nothing moves.
      G.Start = beginOffset(Ctx, G.InCall);
      G.Stop = endOffset(Ctx, G.InCall);
    } else {
      G.Start = First->Anchor ? beginOffset(Ctx, First->Anchor) : First->Begin;
      G.Stop = Last->End;
      G.TempAt = G.Start;
      G.TempAnchor = First->Anchor;
    }
    if (!G.InCall && G.Sh == Group::InBlock && allDistinctGuards(G))
      G.Sh = Group::Guarded;
    ForwardSubject S(A, PM, ByAccess, AllByAccess);
    S.G = &G;
    PreconditionQuery Q{AC, FD, DynTypedNode::create(*G.lane0()->Access), &S};
    for (const char *Name : {ContiguousLanes, IndexAligned, BaseAligned, GlobalPointer})
      G.P.check(spec(Name, Direction::Forward), Q);
    // Per-lane guards that are equivalent (or may be, once asserted) merge
    // into one: the accesses then move across the guards' span.
    if (G.P.check(spec(TailCovered, Direction::Forward), Q) != Status::Fails &&
        G.Sh == Group::Guarded) {
      std::string Why;
      G.GuardMerge = true;
      G.Guards = laneGuards(Ctx, G, Why);
      G.Start = beginOffset(Ctx, G.Guards.front());
      G.Stop = guardEnd(G.Guards.back());
      G.TempAt = G.Start;
      G.TempAnchor = nullptr;
    }
    G.P.check(spec(NoAliasingWriteBetween, Direction::Forward), Q);
    G.P.check(spec(SameBlock, Direction::Forward), Q);
  }

  /// End (past ';' or '}') of an if statement.
  unsigned guardEnd(const IfStmt *IS) {
    unsigned E = endOffset(Ctx, IS);
    if (!isa<CompoundStmt>(IS->getThen()))
      if (auto S = offsetPastSemicolon(Ctx, File, E))
        return *S;
    return E;
  }

  bool allDistinctGuards(const Group &G) {
    std::set<const IfStmt *> Gs;
    for (Lane *L : G.Accesses)
      if (!L->Guard || !Gs.insert(L->Guard).second)
        return false;
    return G.Accesses.size() > 1;
  }

  //===--------------------------------------------------------------------===//
  // Edits (forward)
  //===--------------------------------------------------------------------===//

  std::string ptrText(const Lane *L) {
    const Expr *B = L->Base->IgnoreImpCasts();
    std::string S = writtenText(Ctx, B).value_or("");
    if (S.empty())
      return S;
    return parenIf(!isPostfixSafe(B), S);
  }
  std::string baseIndexText(const Group &G) {
    const Lane *L0 = G.ByLane[0];
    if (!L0)
      return "0";
    return indexText(Ctx, L0);
  }
  std::string vectorAddr(const Group &G, bool Const) {
    std::string P = ptrText(G.ByLane[0]), B = baseIndexText(G);
    if (P.empty() || B.empty())
      return "";
    return "*reinterpret_cast<" + std::string(Const ? "const " : "") + G.VecType + "*>(&" + P +
           "[" + B + "])";
  }

  void nameTemps() {
    for (auto &G : Groups) {
      if (G->IsStore || G->InCall)
        continue;
      G->Name = freshName(G->Accesses.front()->Base);
    }
  }

  void mergeLoadsIntoStores() {
    for (auto &LG : Groups) {
      if (LG->IsStore || LG->InCall || LG->P.anyFails() ||
          (LG->Sh != Group::InBlock && !LG->GuardMerge))
        continue;
      Group *Target = nullptr;
      unsigned Count = 0;
      for (auto &SG : Groups) {
        if (!SG->IsStore || SG->P.anyFails() || SG->GuardMerge != LG->GuardMerge ||
            (SG->Sh != Group::InBlock && !SG->GuardMerge) ||
            (SG->GuardMerge && SG->Guards != LG->Guards))
          continue;
        bool Hit = false;
        for (Lane *L : LG->Accesses)
          for (Lane *S : SG->Accesses)
            if (L->Begin >= beginOffset(Ctx, S->Assign) && L->End <= endOffset(Ctx, S->Assign))
              Hit = true;
        if (Hit) {
          Target = SG.get();
          ++Count;
        }
      }
      if (Count != 1 ||
          (!LG->GuardMerge && Target->Accesses.front()->Block != LG->Accesses.front()->Block))
        continue;
      // The temporary goes before the first store if the loads start inside it.
      Group Trial = *LG;
      if (Trial.TempAt >= Target->Start) {
        Trial.TempAt = Target->Start;
        Trial.TempAnchor = nullptr;
        Trial.Start = Target->Start;
        ForwardSubject S(A, PM, ByAccess, AllByAccess);
        S.G = &Trial;
        Trial.P.recheck(spec(NoAliasingWriteBetween, Direction::Forward),
                        {AC, FD, DynTypedNode::create(*Trial.lane0()->Access), &S});
        if (Trial.P.anyFails())
          continue;
      }
      LG->P = Trial.P;
      LG->TempAt = Trial.TempAt;
      LG->TempAnchor = Trial.TempAnchor;
      LG->MergedInto = Target;
      Target->Merged.push_back(LG.get());
    }
  }

  std::string tempDecl(const Group &G) {
    return "const " + G.VecType + " " + G.Name + " = " + vectorAddr(G, true) + ";";
  }

  void emit(Group &G) {
    Lane *First = G.Accesses.front();
    for (Lane *L : G.Accesses)
      if (L->FromCompound)
        return; // the read half of `p[i] op= e`: only through the store's site
    Site &S = AC.addSite(RewriteName, Direction::Forward, First->Access->getBeginLoc(), FD,
                         G.IsStore ? "store-group" : "load-group");
    std::string P = ptrText(G.ByLane[0] ? G.ByLane[0] : First);
    S.Summary = std::string(G.IsStore ? "store" : "load") + " " + P + "[" +
                (G.ByLane[0] ? baseIndexText(G) : "?") + " + 0.." + std::to_string(G.V - 1) +
                "] as one " + G.VecType;
    S.Facts["width"] = std::to_string(G.V);
    S.Facts["kind"] = G.IsStore ? "store" : "load";
    S.Facts["element"] = First->Elem;
    if (G.InCall) {
      S.Facts["form"] = "in-place";
      S.Summary = "load make_" + G.VecType + "(" + P + "[" + baseIndexText(G) + " + 0.." +
                  std::to_string(G.V - 1) + "]) as one " + G.VecType;
    }
    Verdicts All = G.P;
    for (Group *M : G.Merged)
      All.merge(M->P);
    All.emit(S, ForwardOrder);
    if (All.anyFails() || (G.Sh != Group::InBlock && !G.GuardMerge))
      return; // nothing to build
    EditBuilder B(Ctx);
    std::string Why;
    bool Built = G.GuardMerge ? buildGuarded(G, B, Why)
                 : G.IsStore  ? buildStore(G, B, Why)
                              : buildLoad(G, B, Why);
    if (!Built) {
      S.addPrecondition(SourceRewritable, Status::Fails, Why);
      return;
    }
    commit(B, S);
  }

  bool plainLanes(const Group &G, std::string &Why) {
    for (Lane *L : G.Accesses)
      if (!isUnexpandedText(Ctx, L->Access) || (L->IsStore && !isUnexpandedText(Ctx, L->Assign))) {
        Why = "the access '" + accessText(Ctx, L) + "' is produced by a macro expansion";
        return false;
      }
    if (vectorAddr(G, true).empty()) {
      Why = "the pointer or base index of lane 0 is not plain source text";
      return false;
    }
    return true;
  }

  /// Every local variable of lane 0's address is declared before \p At.
  bool declaredBefore(const Group &G, unsigned At, std::string &Why) {
    std::vector<const VarDecl *> Vars;
    for (const Expr *Part : G.ByLane[0]->Parts)
      Linearizer::collectVars(Part, Vars);
    Linearizer::collectVars(G.ByLane[0]->Base, Vars);
    for (const VarDecl *VD : Vars) {
      if (!VD->isLocalVarDecl())
        continue;
      const SourceManager &SM = Ctx.getSourceManager();
      unsigned DeclAt = SM.getFileOffset(SM.getExpansionLoc(VD->getLocation()));
      if (DeclAt >= At) {
        Why = "'" + VD->getName().str() +
              "' (part of the address) is declared in the statement that would follow the "
              "vector load";
        return false;
      }
    }
    return true;
  }

  /// Replaces the V guarded statements by one guard holding the vector code.
  bool buildGuarded(Group &G, EditBuilder &B, std::string &Why) {
    if (!plainLanes(G, Why))
      return false;
    for (const IfStmt *IS : G.Guards)
      if (!isUnexpandedText(Ctx, IS)) {
        Why = "a guard is produced by a macro expansion";
        return false;
      }
    unsigned RB = beginOffset(Ctx, G.Guards.front()), RE = guardEnd(G.Guards.back());
    std::string Indent = lineIndent(Ctx, fileLoc(Ctx, File, RB)), Inner = Indent + "  ";
    std::vector<Group *> Loads;
    if (!G.IsStore)
      Loads.push_back(&G);
    for (Group *M : G.Merged)
      Loads.push_back(M);
    std::vector<TextEdit> Subs;
    for (Group *M : Loads)
      for (Lane *L : M->Accesses)
        Subs.push_back({L->Begin, L->End - L->Begin, M->Name + "." + LaneNames[L->C - M->C0]});
    std::vector<std::string> Lines;
    Group *CopyFrom = G.IsStore ? copySource(G) : nullptr;
    for (Group *M : Loads)
      if (M != CopyFrom)
        Lines.push_back(tempDecl(*M));
    if (G.IsStore) {
      Lines.push_back(storeText(G, CopyFrom, Subs, Why));
      if (Lines.back().empty())
        return false;
    } else {
      for (const IfStmt *IS : G.Guards) {
        const Stmt *Then = IS->getThen();
        unsigned TB, TE;
        if (const auto *CS = dyn_cast<CompoundStmt>(Then)) {
          TB = beginOffset(Ctx, CS) + 1;
          TE = endOffset(Ctx, CS) - 1;
        } else {
          TB = beginOffset(Ctx, Then);
          TE = guardEnd(IS);
        }
        auto Txt = textWithEdits(Ctx, File, TB, TE, Subs);
        if (!Txt) {
          Why = "overlapping substitutions in a guarded statement";
          return false;
        }
        StringRef Trimmed = StringRef(*Txt).trim();
        if (!Trimmed.empty())
          Lines.push_back(Trimmed.str());
      }
    }
    std::string Cond = writtenText(Ctx, G.Guards.front()->getCond()).value_or("");
    B.replaceChars(fileLoc(Ctx, File, RB), fileLoc(Ctx, File, RE),
                   "if (" + Cond + ") {\n" + Inner + join(Lines, "\n" + Inner) + "\n" + Indent + "}");
    return true;
  }

  /// A merged load group whose lanes are exactly the stored values, in order.
  Group *copySource(const Group &G) {
    if (G.Merged.size() != 1 || G.Merged.front()->Accesses.size() != G.V ||
        G.Merged.front()->V != G.V)
      return nullptr;
    Group *M = G.Merged.front();
    for (unsigned k = 0; k < G.V; ++k) {
      if (G.ByLane[k]->Assign->isCompoundAssignmentOp())
        return nullptr;
      const Expr *Val = G.ByLane[k]->Assign->getRHS()->IgnoreParenImpCasts();
      if (!M->ByLane[k] || M->ByLane[k]->Access != Val)
        return nullptr;
    }
    return M;
  }

  /// The stored values are `v.x, v.y, v.z, v.w` of one vector variable `v`
  /// of the store's type: `make_float4(v.x, ...)` is `v`. Returns "v" or "".
  std::string wholeVector(const Group &G) {
    const VarDecl *Var = nullptr;
    for (unsigned k = 0; k < G.V; ++k) {
      if (G.ByLane[k]->Assign->isCompoundAssignmentOp())
        return "";
      const auto *M = dyn_cast<MemberExpr>(G.ByLane[k]->Assign->getRHS()->IgnoreParenImpCasts());
      if (!M || M->isArrow() || M->getMemberDecl()->getName() != LaneNames[k])
        return "";
      const auto *DRE = dyn_cast<DeclRefExpr>(M->getBase()->IgnoreParenImpCasts());
      const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (!VD || (Var && VD != Var))
        return "";
      Var = VD;
    }
    auto VK = Var ? cuda::vectorKind(Var->getType()) : std::nullopt;
    if (!VK || cuda::vectorTypeName(VK->first, VK->second) != G.VecType)
      return "";
    return Var->getName().str();
  }

  /// `*reinterpret_cast<float4*>(&y[B]) = make_float4(...)` (or a copy).
  std::string storeText(const Group &G, Group *CopyFrom, const std::vector<TextEdit> &Subs,
                        std::string &Why) {
    std::vector<std::string> Values;
    for (unsigned k = 0; k < G.V; ++k) {
      const BinaryOperator *As = G.ByLane[k]->Assign;
      const Expr *RHS = As->getRHS();
      auto V = textWithEdits(Ctx, File, beginOffset(Ctx, RHS), endOffset(Ctx, RHS), Subs);
      if (!V) {
        Why = "overlapping substitutions in the value of lane " + std::to_string(k);
        return "";
      }
      if (As->isCompoundAssignmentOp()) {
        // `p[i] op= e` stores `p[i] op (e)`.
        const Expr *LHS = As->getLHS();
        auto Old = textWithEdits(Ctx, File, beginOffset(Ctx, LHS), endOffset(Ctx, LHS), Subs);
        if (!Old) {
          Why = "overlapping substitutions in the value of lane " + std::to_string(k);
          return "";
        }
        const Expr *R = RHS->IgnoreParenImpCasts();
        bool Simple = isa<DeclRefExpr, IntegerLiteral, FloatingLiteral, MemberExpr, CallExpr,
                          ArraySubscriptExpr, ParenExpr>(RHS->IgnoreImpCasts()) ||
                      isa<DeclRefExpr, IntegerLiteral, FloatingLiteral>(R);
        // `y += a * x` -> `y + a * x`: a strictly tighter operator needs no
        // parentheses (same precedence keeps them: `y * (a * b)`).
        if (const auto *RB = dyn_cast<BinaryOperator>(RHS->IgnoreImpCasts());
            RB && BinaryOperator::isAdditiveOp(
                      BinaryOperator::getOpForCompoundAssignment(As->getOpcode())) &&
            BinaryOperator::isMultiplicativeOp(RB->getOpcode()))
          Simple = true;
        *V = *Old + " " +
             BinaryOperator::getOpcodeStr(
                 BinaryOperator::getOpForCompoundAssignment(As->getOpcode()))
                 .str() +
             " " + parenIf(!Simple, *V);
      }
      Values.push_back(*V);
    }
    std::string Store = vectorAddr(G, false) + " = ";
    if (CopyFrom)
      Store += vectorAddr(*CopyFrom, true);
    else if (std::string W = wholeVector(G); !W.empty())
      Store += W;
    else
      Store += "make_" + G.VecType + "(" + join(Values, ", ") + ")";
    return Store + ";";
  }

  bool buildLoad(Group &G, EditBuilder &B, std::string &Why) {
    if (!plainLanes(G, Why))
      return false;
    if (G.InCall) {
      if (!isUnexpandedText(Ctx, G.InCall)) {
        Why = "the make_" + G.VecType + " call is produced by a macro expansion";
        return false;
      }
      B.replace(G.InCall->getSourceRange(), vectorAddr(G, true));
      return true;
    }
    if (!G.TempAnchor || !isUnexpandedText(Ctx, G.TempAnchor)) {
      Why = "the statement that would hold the vector load is produced by a macro expansion";
      return false;
    }
    if (!declaredBefore(G, G.TempAt, Why))
      return false;
    B.insertLineBefore(G.TempAnchor->getBeginLoc(), tempDecl(G));
    for (Lane *L : G.Accesses)
      B.replace(L->Access->getSourceRange(), G.Name + "." + LaneNames[L->C - G.C0]);
    return true;
  }

  bool buildStore(Group &G, EditBuilder &B, std::string &Why) {
    if (!plainLanes(G, Why))
      return false;
    for (Group *M : G.Merged)
      if (!plainLanes(*M, Why))
        return false;
    // Statements of the lanes, textual order.
    struct StoreStmt {
      Lane *L;
      unsigned Begin, End; // End: past ';'
    };
    std::vector<StoreStmt> Stmts;
    for (Lane *L : G.Accesses) {
      unsigned Bg = beginOffset(Ctx, L->Assign);
      auto En = offsetPastSemicolon(Ctx, File, endOffset(Ctx, L->Assign));
      if (!En) {
        Why = "cannot find the ';' after '" + accessText(Ctx, L) + " = ...'";
        return false;
      }
      Stmts.push_back({L, Bg, *En});
    }
    if (G.Accesses.size() != G.V) {
      Why = "a lane is stored more than once";
      return false;
    }
    unsigned RBegin = Stmts.front().Begin;
    // Substitutions for merged load lanes.
    std::vector<TextEdit> Subs;
    for (Group *M : G.Merged)
      for (Lane *L : M->Accesses)
        Subs.push_back({L->Begin, L->End - L->Begin, M->Name + "." + LaneNames[L->C - M->C0]});
    // A pure copy: value k is exactly lane k of one merged load group.
    Group *CopyFrom = nullptr;
    if (G.Merged.size() == 1 && G.Merged.front()->Accesses.size() == G.V &&
        G.Merged.front()->V == G.V) {
      Group *M = G.Merged.front();
      bool Copy = true;
      for (unsigned k = 0; k < G.V; ++k) {
        const Expr *Val = G.ByLane[k]->Assign->getRHS()->IgnoreParenImpCasts();
        Copy = Copy && !G.ByLane[k]->Assign->isCompoundAssignmentOp() && M->ByLane[k] &&
               M->ByLane[k]->Access == Val;
      }
      if (Copy)
        CopyFrom = M;
    }
    std::string Store = storeText(G, CopyFrom, Subs, Why);
    if (Store.empty())
      return false;
    // Separate edits per store statement, so code between the stores stays
    // untouched (other sites may edit it): remove lanes 0..V-2 (with the
    // whitespace up to the next code), replace the last one.
    const SourceManager &SM = Ctx.getSourceManager();
    StringRef Buf = SM.getBufferData(File);
    for (size_t I = 0; I + 1 < Stmts.size(); ++I) {
      // Up to where the next code starts.
      unsigned E = Stmts[I].End, Next = Stmts[I + 1].Begin;
      StringRef Gap = Buf.slice(E, Next);
      E += Gap.size() - Gap.ltrim().size();
      B.replaceChars(fileLoc(Ctx, File, Stmts[I].Begin), fileLoc(Ctx, File, std::min(E, Stmts.back().Begin)), "");
    }
    B.replaceChars(fileLoc(Ctx, File, Stmts.back().Begin), fileLoc(Ctx, File, Stmts.back().End), Store);
    std::string Prefix, Indent = lineIndent(Ctx, fileLoc(Ctx, File, RBegin));
    for (Group *M : G.Merged) {
      if (M == CopyFrom)
        continue;
      if (M->TempAt == G.Start)
        Prefix += tempDecl(*M) + "\n" + Indent;
      else if (M->TempAnchor && isUnexpandedText(Ctx, M->TempAnchor))
        B.insertLineBefore(M->TempAnchor->getBeginLoc(), tempDecl(*M));
      else {
        Why = "no statement to hold the vector load of '" + M->Name + "'";
        return false;
      }
      // Lanes outside the store statements (those inside are in the values).
      for (Lane *L : M->Accesses) {
        bool InStmt = false;
        for (const StoreStmt &St : Stmts)
          InStmt = InStmt || (L->Begin >= St.Begin && L->End <= St.End);
        if (!InStmt)
          B.replace(L->Access->getSourceRange(), M->Name + "." + LaneNames[L->C - M->C0]);
      }
    }
    if (!Prefix.empty())
      B.insertBefore(fileLoc(Ctx, File, RBegin), Prefix);
    return true;
  }

  //===--------------------------------------------------------------------===//
  // Lanes written as a loop
  //===--------------------------------------------------------------------===//

  /// How an access expression is used: read, `=` target, `op=`/`++` target.
  Lane::UseKind useOf(const Expr *E) {
    const Stmt *P = PM.getParentIgnoreParens(E);
    if (const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(P))
      return ICE->getCastKind() == CK_LValueToRValue ? Lane::UseRead : Lane::UseOther;
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(P)) {
      if (B->getLHS()->IgnoreParens() != E)
        return Lane::UseOther;
      if (B->getOpcode() == BO_Assign)
        return Lane::UseWrite;
      if (B->isCompoundAssignmentOp())
        return Lane::UseRMW;
      return Lane::UseOther;
    }
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(P))
      if (U->isIncrementDecrementOp())
        return Lane::UseRMW;
    return Lane::UseOther;
  }

  /// `<pointer>_v<N>`: a vector temporary for accesses through \p Base.
  std::string freshName(const Expr *Base) { return Names.numbered(nameStem(Base, "vec") + "_v"); }

  std::optional<int64_t> constValue(const Expr *E) {
    Expr::EvalResult R;
    if (E && !E->isValueDependent() && E->EvaluateAsInt(R, Ctx) && R.Val.isInt())
      return R.Val.getInt().getExtValue();
    return std::nullopt;
  }

  /// `for (k = S; k < S + N; ++k)` with constant bounds: the loop variable,
  /// S and N.
  bool loopShape(const ForStmt *FS, const VarDecl *&K, int64_t &S, int64_t &N) {
    K = nullptr;
    const Stmt *Init = FS->getInit();
    std::optional<int64_t> Start;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init)) {
      if (!DS->isSingleDecl())
        return false;
      const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl());
      if (!VD || !VD->getType()->isIntegerType() || !VD->getInit())
        return false;
      K = VD;
      Start = constValue(VD->getInit());
    } else if (const auto *B = dyn_cast_or_null<BinaryOperator>(Init);
               B && B->getOpcode() == BO_Assign) {
      K = refVarOf(B->getLHS());
      Start = constValue(B->getRHS());
    }
    if (!K || !Start || !K->hasLocalStorage() || !K->getType()->isIntegerType())
      return false;
    S = *Start;
    // Condition.
    const auto *C = dyn_cast_or_null<BinaryOperator>(
        FS->getCond() ? FS->getCond()->IgnoreParenImpCasts() : nullptr);
    if (!C)
      return false;
    BinaryOperatorKind Op = C->getOpcode();
    const Expr *L = C->getLHS(), *R = C->getRHS();
    if (refVarOf(R) == K && refVarOf(L) != K) {
      std::swap(L, R);
      Op = Op == BO_GT ? BO_LT : Op == BO_GE ? BO_LE : Op == BO_LT ? BO_GT : Op == BO_LE ? BO_GE : Op;
    }
    auto Bound = constValue(R);
    if (refVarOf(L) != K || !Bound)
      return false;
    if (Op == BO_LT || Op == BO_NE)
      N = *Bound - S;
    else if (Op == BO_LE)
      N = *Bound - S + 1;
    else
      return false;
    if (N <= 0)
      return false;
    // Increment by one.
    const Expr *Inc = FS->getInc() ? FS->getInc()->IgnoreParenImpCasts() : nullptr;
    if (!Inc)
      return false;
    if (const auto *U = dyn_cast<UnaryOperator>(Inc)) {
      if (U->getOpcode() != UO_PreInc && U->getOpcode() != UO_PostInc)
        return false;
      return refVarOf(U->getSubExpr()) == K;
    }
    if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc))
      return CA->getOpcode() == BO_AddAssign && refVarOf(CA->getLHS()) == K &&
             constValue(CA->getRHS()) == 1;
    if (const auto *B = dyn_cast<BinaryOperator>(Inc); B && B->getOpcode() == BO_Assign) {
      const auto *Add = dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
      return refVarOf(B->getLHS()) == K && Add && Add->getOpcode() == BO_Add &&
             ((refVarOf(Add->getLHS()) == K && constValue(Add->getRHS()) == 1) ||
              (refVarOf(Add->getRHS()) == K && constValue(Add->getLHS()) == 1));
    }
    return false;
  }

  /// The atom key of variable \p K in the linearizer (it is linearized by
  /// the lanes that mention it).
  static std::string kKeyOf(const Lane &L, const VarDecl *K, Linearizer &Lin) {
    for (const auto &[M, C] : L.Idx.Terms)
      for (const std::string &Key : M)
        if (const Atom *At = Lin.atom(Key); At && At->Var == K)
          return Key;
    return "";
  }

  /// Every lane loop in the function; groups of its accesses p[B + k + c].
  void formLoopGroups() {
    std::optional<unsigned> Forced = forcedWidth();
    auto Loops = match(findAll(forStmt().bind(AccessId)), *FD->getBody(), AC.ast());
    std::vector<Lane *> All;
    for (auto &L : Lanes)
      All.push_back(L.get());
    for (auto &L : LoopOnly)
      All.push_back(L.get());
    std::sort(All.begin(), All.end(), [](const Lane *X, const Lane *Y) {
      return X->Begin != Y->Begin ? X->Begin < Y->Begin : X->End < Y->End;
    });
    for (const BoundNodes &BN : Loops) {
      const auto *FS = BN.getNodeAs<ForStmt>(AccessId);
      const VarDecl *K;
      int64_t S, N;
      if (!FS || !FS->getBody() || !loopShape(FS, K, S, N))
        continue;
      if ((N != 4 && N != 2) || (Forced && *Forced != unsigned(N)))
        continue;
      unsigned BB = beginOffset(Ctx, FS->getBody()), BE = endOffset(Ctx, FS->getBody());
      std::vector<std::string> Order;
      std::map<std::string, LoopGroup *> ByKey;
      for (Lane *L : All) {
        if (L->Begin < BB || L->End > BE || InLoopGroup.count(L) || L->FromCompound)
          continue;
        std::string KK = kKeyOf(*L, K, A.lin());
        if (KK.empty())
          continue;
        // k must appear exactly as `+ k` (coefficient 1, in no product).
        bool Ok = false, Other = false;
        for (const auto &[M, C] : L->Idx.Terms) {
          bool Has = std::find(M.begin(), M.end(), KK) != M.end();
          if (Has && M.size() == 1 && C == 1)
            Ok = true;
          else if (Has)
            Other = true;
        }
        std::vector<const VarDecl *> BaseVars;
        Linearizer::collectVars(L->Base, BaseVars);
        if (!Ok || Other || std::find(BaseVars.begin(), BaseVars.end(), K) != BaseVars.end())
          continue;
        LinearForm BaseForm = L->Idx;
        BaseForm.Terms.erase(Monomial{KK});
        // The rest of the index must not depend on k (`4*t + k + (k & 1)`).
        bool DependsOnK = false;
        for (const auto &[M, C] : BaseForm.Terms)
          for (const std::string &Key : M)
            if (const Atom *At = A.lin().atom(Key)) {
              std::vector<const VarDecl *> AV;
              if (At->Var)
                AV.push_back(At->Var);
              else
                Linearizer::collectVars(At->E, AV);
              DependsOnK = DependsOnK || std::find(AV.begin(), AV.end(), K) != AV.end();
            }
        if (DependsOnK)
          continue;
        std::string Key = L->PtrKey + "|" + BaseForm.symbolic().symbolicKey() + "|" + L->Elem +
                          "|" + std::to_string(L->C);
        auto It = ByKey.find(Key);
        if (It == ByKey.end()) {
          auto G = std::make_unique<LoopGroup>();
          G->For = FS;
          G->Outer = FS;
          while (const auto *AS = dyn_cast_or_null<AttributedStmt>(PM.getParent(G->Outer)))
            G->Outer = AS;
          G->K = K;
          G->KKey = KK;
          G->Start = S;
          G->V = unsigned(N);
          G->VecType = cuda::vectorTypeName(L->Elem, G->V);
          It = ByKey.emplace(Key, G.get()).first;
          LoopGroups.push_back(std::move(G));
        }
        It->second->Accesses.push_back(L);
        InLoopGroup.insert(L);
        for (Lane *D : All)
          if (D->FromCompound && D->Access == L->Access)
            InLoopGroup.insert(D);
      }
    }
    for (auto &G : LoopGroups) {
      for (Lane *L : G->Accesses) {
        G->HasRead = G->HasRead || L->Use == Lane::UseRead || L->Use == Lane::UseRMW;
        G->HasWrite = G->HasWrite || L->Use == Lane::UseWrite || L->Use == Lane::UseRMW;
      }
      evaluateLoop(*G);
    }
  }

  /// Evaluates the preconditions of lanes written as a loop.
  void evaluateLoop(LoopGroup &G) {
    ForwardSubject S(A, PM, ByAccess, AllByAccess);
    S.Loop = &G;
    PreconditionQuery Q{AC, FD, DynTypedNode::create(*G.Accesses.front()->Access), &S};
    for (const char *Name : {ContiguousLanes, IndexAligned, BaseAligned, GlobalPointer, TailCovered,
                             LoopLanesUnconditional, NoAliasingWriteBetween, SameBlock})
      G.P.check(spec(Name, Direction::Forward), Q);
  }

  static std::string elemSpelling(const std::string &Elem) {
    return Elem == "uint" ? "unsigned int" : Elem;
  }

  void emitLoop(LoopGroup &G) {
    Lane *First = G.Accesses.front();
    Site &S = AC.addSite(RewriteName, Direction::Forward, First->Access->getBeginLoc(), FD, "loop-group");
    std::string P = ptrText(First), BText = loopBaseText(Ctx, G), KName = G.K->getName().str();
    const char *Kind = G.HasWrite ? (G.HasRead ? "load-store" : "store") : "load";
    S.Summary = std::string(Kind) + " " + P + "[" + (BText.empty() ? "?" : BText) + " + 0.." +
                std::to_string(G.V - 1) + "] in the loop over '" + KName + "' as one " +
                G.VecType;
    S.Facts["width"] = std::to_string(G.V);
    S.Facts["kind"] = Kind;
    S.Facts["element"] = First->Elem;
    S.Facts["form"] = "loop";
    G.P.emit(S, ForwardOrder);
    if (G.P.anyFails())
      return;
    std::string Why;
    for (Lane *L : G.Accesses)
      if (!isUnexpandedText(Ctx, L->Access) && Why.empty())
        Why = "the access '" + accessText(Ctx, L) + "' is produced by a macro expansion";
    if (Why.empty() && !isUnexpandedText(Ctx, G.Outer))
      Why = "the loop is produced by a macro expansion";
    if (Why.empty() && (BText.empty() || P.empty()))
      Why = "the pointer or base index is not plain source text";
    if (!Why.empty()) {
      S.addPrecondition(SourceRewritable, Status::Fails, Why);
      return;
    }
    G.Name = freshName(First->Base);
    std::string Addr = "&" + P + "[" + BText + "]";
    std::string Decl;
    if (!G.HasWrite)
      Decl = "const " + G.VecType + " " + G.Name + " = *reinterpret_cast<const " + G.VecType +
             "*>(" + Addr + ");";
    else if (G.HasRead)
      Decl = G.VecType + " " + G.Name + " = *reinterpret_cast<const " + G.VecType + "*>(" +
             Addr + ");";
    else
      Decl = G.VecType + " " + G.Name + ";";
    EditBuilder B(Ctx);
    // Above the loop and the `#pragma unroll` lines right before it.
    B.insertLineAbovePragmas(G.For, Decl);
    std::string LaneTxt = "reinterpret_cast<" + std::string(G.HasWrite ? "" : "const ") +
                       elemSpelling(First->Elem) + "*>(&" + G.Name + ")[" + KName +
                       (G.Start > 0   ? " - " + std::to_string(G.Start)
                        : G.Start < 0 ? " + " + std::to_string(-G.Start)
                                      : "") +
                       "]";
    for (Lane *L : G.Accesses)
      B.replace(L->Access->getSourceRange(), LaneTxt);
    if (G.HasWrite) {
      unsigned End = endOffset(Ctx, G.For);
      if (!isa<CompoundStmt>(G.For->getBody())) {
        auto E = offsetPastSemicolon(Ctx, File, End);
        if (!E) {
          S.addPrecondition(SourceRewritable, Status::Fails,
                            "cannot find the ';' that ends the loop body");
          return;
        }
        End = *E;
      }
      B.insertBefore(fileLoc(Ctx, File, End), "\n" + lineIndent(Ctx, fileLoc(Ctx, File, beginOffset(Ctx, G.For))) +
                                     "*reinterpret_cast<" + G.VecType + "*>(" + Addr +
                                     ") = " + G.Name + ";");
    }
    commit(B, S);
  }

  std::vector<std::unique_ptr<Lane>> Lanes;
  std::map<const Expr *, Lane *> ByAccess;
  std::set<const Lane *> InCallGroup;
  std::vector<std::unique_ptr<Group>> Groups;
  /// Accesses that are no straight-line lane (compound assignments, ...),
  /// kept for lanes written as a loop.
  std::vector<std::unique_ptr<Lane>> LoopOnly;
  std::map<const Expr *, Lane *> AllByAccess;
  std::set<const Lane *> InLoopGroup;
  std::vector<std::unique_ptr<LoopGroup>> LoopGroups;
};
} // namespace

void findForwardSites(AnalysisContext &AC, const FunctionDecl *FD) { ForwardAnalysis(AC, FD).run(); }

} // namespace vga
} // namespace klineage
