//===- VectorizeGlobalAccess.cpp - Scalar <-> float4/float2 global access -===//
//
// Part of KLineage. Forward: V (4 or 2) per-thread scalar loads or stores of
// float/int/unsigned at p[B+0] .. p[B+V-1] become one float4/float2
// (int4/uint4, ...) access. Reverse: such vector accesses become V scalar
// accesses. Canonical shapes (round trips hold modulo whitespace):
//
//   scalar loads   float a = x[B]; ... x[B + 1] ... x[B + 3]
//   vector load    const float4 x_v0 = *reinterpret_cast<const float4*>(&x[B]);
//                  float a = x_v0.x; ... x_v0.y ... x_v0.w
//   scalar stores  y[B] = e0; y[B + 1] = e1; y[B + 2] = e2; y[B + 3] = e3;
//   vector store   *reinterpret_cast<float4*>(&y[B]) = make_float4(e0, e1, e2, e3);
//   copy           *reinterpret_cast<float4*>(&y[B]) = *reinterpret_cast<const float4*>(&x[C]);
//
// A vector temporary that is modified or used whole keeps its declaration and
// is loaded in place: `float4 v = make_float4(x[B], x[B + 1], x[B + 2], x[B + 3]);`
// (forward reads that call back as one lane group).
// Reverse also reads the shapes experts write: `reinterpret_cast<float4*>(y)[i]`,
// `*(const float4*)(x + 4*i)`, `__ldg(reinterpret_cast<const float4*>(x) + i)`,
// `reinterpret_cast<const float4*>(&x[i4])[0]`, float4 pointer variables.
// See docs/rewrites/vectorize-global-access.md.
//
//===----------------------------------------------------------------------===//
#include "Analysis.h"
#include "RewriteRegistry.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <functional>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;
using namespace llvm;

namespace klineage {
namespace {
using namespace vga;

constexpr const char *RewriteName = "vectorize-global-access";

// Precondition names (stable: tests and skills cite them).
constexpr const char *ContiguousLanes = "contiguous-lanes";
constexpr const char *IndexAligned = "index-aligned";
constexpr const char *BaseAligned = "base-aligned";
constexpr const char *GlobalPointer = "global-pointer";
constexpr const char *TailCovered = "tail-covered";
constexpr const char *NoAliasingWriteBetween = "no-aliasing-write-between";
constexpr const char *SameBlock = "same-block";
constexpr const char *VectorTempOnlyLanes = "vector-temp-only-lanes";
constexpr const char *LoopLanesUnconditional = "loop-lanes-unconditional";

const PreconditionSpec Specs[] = {
    {ContiguousLanes, Direction::Forward, 1101,
     "V accesses at offsets 0..V-1 from one base index, through one pointer, of one 4-byte "
     "element type (float, int, unsigned), with the index unchanged between them"},
    {IndexAligned, Direction::Forward, 1102,
     "the base index B is a multiple of V (V*e, e<<log2 V, an asserted multiple)"},
    {BaseAligned, Direction::Forward, 1103,
     "the pointer is aligned to V*4 bytes (__builtin_assume_aligned or --assume=aligned)"},
    {GlobalPointer, Direction::Forward, 1104,
     "the pointer points to global memory (a kernel pointer parameter or derived from one)"},
    {TailCovered, Direction::Forward, 1105,
     "all lanes execute under the same condition; per-lane guards 'B+k < n' only when B and n "
     "are multiples of V (then they are merged into one)"},
    {NoAliasingWriteBetween, Direction::Forward, 1106,
     "no possibly-aliasing store (loads) or read/store (stores) between the first and last lane"},
    {SameBlock, Direction::Forward, 1107,
     "the lanes are in statements directly in one block, not in different branches or loops "
     "and not under && / || / ?:"},
    {LoopLanesUnconditional, Direction::Forward, 1108,
     "lanes written as a loop `for (k = S; k < S+V; ++k) ... p[B + k] ...`: the loop runs all "
     "V iterations (constant bounds, no break/continue/return, k not changed in the body) and "
     "each lane access is an unconditional read or write of the body"},
    {VectorTempOnlyLanes, Direction::Reverse, 1111,
     "the vector load is read as a value: a temporary only read through .x/.y/.z/.w becomes "
     "loads at the uses, any other value make_float4(<scalar loads>) in place; vector memory "
     "bound to a reference or written through a lane is refused"},
    {NoAliasingWriteBetween, Direction::Reverse, 1106,
     "delaying the loads to the uses (or splitting a store) crosses no possibly-aliasing write"},
};

// Emission order: the first failing one is what a refusal cites, so the
// more fundamental facts come first (a __shared__ array fails global-pointer
// before its alignment is discussed).
const char *const ForwardOrder[] = {ContiguousLanes,        IndexAligned, GlobalPointer,
                                    BaseAligned,            TailCovered,  LoopLanesUnconditional,
                                    NoAliasingWriteBetween, SameBlock};
const char *const ReverseOrder[] = {VectorTempOnlyLanes, NoAliasingWriteBetween};

/// Bound-node ids shared by the forward and reverse matchers.
namespace ids {
constexpr char Fn[] = "fn";
constexpr char Access[] = "access";
} // namespace ids

/// Functions with a body that are not dependent templates (instantiations are
/// analysed instead).
auto functionMatcher() {
  return functionDecl(isDefinition(), hasBody(compoundStmt()), unless(isImplicit())).bind(ids::Fn);
}
auto scalar4Type() {
  return qualType(hasCanonicalType(
      anyOf(asString("float"), asString("const float"), asString("int"), asString("const int"),
            asString("unsigned int"), asString("const unsigned int"))));
}
auto vectorType() {
  return qualType(hasCanonicalType(recordType(hasDeclaration(
      recordDecl(hasAnyName("float4", "float2", "int4", "int2", "uint4", "uint2"))))));
}
/// Forward: scalar element accesses p[i] / *(p + i).
auto scalarAccessMatcher() {
  return expr(anyOf(arraySubscriptExpr(hasType(scalar4Type())),
                    unaryOperator(hasOperatorName("*"), hasType(scalar4Type())),
                    callExpr(callee(functionDecl(hasName("__ldg"))), hasType(scalar4Type()))))
      .bind(ids::Access);
}
/// Reverse: vector accesses *(float4*)..., ((float4*)p)[i], __ldg((const float4*)...).
auto vectorAccessMatcher() {
  return expr(anyOf(arraySubscriptExpr(hasType(vectorType())),
                    unaryOperator(hasOperatorName("*"), hasType(vectorType())),
                    callExpr(callee(functionDecl(hasName("__ldg"))), hasType(vectorType()))))
      .bind(ids::Access);
}

/// Worst-wins precondition results of one site, emitted in a fixed order.
struct Verdicts {
  std::map<std::string, PreconditionResult> R;
  static int rank(Status S) { return S == Status::Holds ? 0 : S == Status::Unknown ? 1 : 2; }
  /// Records \p St unless an equal or worse verdict is already there (the
  /// first reason of the worst severity is kept).
  void set(const std::string &Name, Status St, const std::string &Reason,
           const std::string &Assumable = "") {
    auto It = R.find(Name);
    if (It != R.end() && rank(It->second.St) >= rank(St))
      return;
    R[Name] = {Name, St, Reason, Assumable};
  }
  void merge(const Verdicts &O) {
    for (const auto &[N, P] : O.R)
      set(N, P.St, P.Reason, P.Assumable);
  }
  bool anyFails() const {
    for (const auto &[N, P] : R)
      if (P.St == Status::Fails)
        return true;
    return false;
  }
  template <size_t N> void emit(Site &S, const char *const (&Order)[N]) const {
    for (const char *Name : Order)
      if (auto It = R.find(Name); It != R.end())
        S.addPrecondition(Name, It->second.St, It->second.Reason, It->second.Assumable);
  }
};

//===----------------------------------------------------------------------===//
// Text helpers
//===----------------------------------------------------------------------===//

struct TextCtx {
  const ASTContext &Ctx;
  const SourceManager &SM;
  FileID File; ///< the file the function's body is written in
  StringRef Buf;
  TextCtx(const ASTContext &C, const FunctionDecl *FD)
      : Ctx(C), SM(C.getSourceManager()),
        File(SM.getFileID(SM.getExpansionLoc(FD->getBody()->getBeginLoc()))),
        Buf(SM.getBufferData(File)) {}
  SourceLocation loc(unsigned Off) const {
    return SM.getLocForStartOfFile(File).getLocWithOffset(Off);
  }
  /// Plain text (no macro) of the function's file for a node.
  bool plain(const Stmt *S) const {
    SourceLocation B = S->getBeginLoc(), E = S->getEndLoc();
    return B.isFileID() && E.isFileID() && SM.getFileID(B) == File && SM.getFileID(E) == File &&
           isEditable(SM, B);
  }
  /// Offset just past the ';' that ends the statement ending at \p Off.
  std::optional<unsigned> afterSemi(unsigned Off) const {
    size_t P = Off;
    while (P < Buf.size() && isspace(static_cast<unsigned char>(Buf[P])))
      ++P;
    if (P < Buf.size() && Buf[P] == ';')
      return unsigned(P + 1);
    return std::nullopt;
  }
  std::string indentAt(unsigned Off) const { return lineIndent(Ctx, loc(Off)); }
  unsigned lineAt(unsigned Off) const { return SM.getLineNumber(File, Off); }
  bool aloneOnLine(unsigned B, unsigned E) const {
    size_t LS = Buf.rfind('\n', B ? B - 1 : 0);
    LS = (LS == StringRef::npos || B == 0) ? 0 : LS + 1;
    size_t LE = Buf.find('\n', E);
    LE = LE == StringRef::npos ? Buf.size() : LE;
    return Buf.slice(LS, B).trim().empty() && Buf.slice(E, LE).trim().empty();
  }
};

struct SubEdit {
  unsigned Begin, End;
  std::string Text;
  bool operator<(const SubEdit &O) const { return Begin < O.Begin; }
};

/// The text of [B, E) with \p Edits (inside it, non-overlapping) applied.
std::optional<std::string> rewriteRange(const TextCtx &T, unsigned B, unsigned E,
                                        std::vector<SubEdit> Edits) {
  std::sort(Edits.begin(), Edits.end());
  std::string Out;
  unsigned Pos = B;
  for (const SubEdit &S : Edits) {
    if (S.Begin < B || S.End > E)
      continue;
    if (S.Begin < Pos)
      return std::nullopt;
    Out += T.Buf.slice(Pos, S.Begin).str();
    Out += S.Text;
    Pos = S.End;
  }
  Out += T.Buf.slice(Pos, E).str();
  return Out;
}

/// `t1 + t2 + K`, with the constant terms folded into K (`4 * i + 5`, not
/// `4 * i + 4 + 1`).
std::string joinIndex(const std::vector<std::string> &Terms, int64_t K) {
  std::string S;
  for (const std::string &T : Terms) {
    int64_t C;
    if (!StringRef(T).getAsInteger(10, C)) {
      K += C;
      continue;
    }
    S += (S.empty() ? "" : " + ") + T;
  }
  if (S.empty())
    return std::to_string(K);
  if (K > 0)
    S += " + " + std::to_string(K);
  else if (K < 0)
    S += " - " + std::to_string(-K);
  return S;
}


//===----------------------------------------------------------------------===//
// Forward: scalar lanes and groups
//===----------------------------------------------------------------------===//

struct Lane {
  const Expr *Access = nullptr; ///< x[i] or *(x + i)
  const Expr *Base = nullptr;   ///< x
  const Expr *Index = nullptr;  ///< i (null for *x)
  std::vector<const Expr *> Parts; ///< the index as a sum: *(x + a + b) -> {a, b}
  LinearForm Idx;
  int64_t C = 0;
  std::string PtrKey, SymKey, Elem;
  bool IsStore = false;
  const BinaryOperator *Assign = nullptr; ///< store: the `x[i] = e` statement
  const Stmt *Anchor = nullptr;           ///< the statement directly in Block
  const CompoundStmt *Block = nullptr;
  std::string CondWhy;
  const IfStmt *Guard = nullptr;
  const CompoundStmt *GuardBlock = nullptr;
  unsigned Begin = 0, End = 0, Time = 0;
  /// How the access is used (for lanes written as a loop).
  enum UseKind { UseRead, UseWrite, UseRMW, UseOther } Use = UseOther;
  /// The read half of a compound assignment `p[i] op= e` (its store lane is
  /// the one in ByAccess); only usable merged into that store's site.
  bool FromCompound = false;
};

/// Lanes written as a loop: `for (k = S; k < S + V; ++k) ... p[B + k] ...`.
struct LoopGroup {
  const ForStmt *For = nullptr;
  const Stmt *Outer = nullptr; ///< the for, or the `#pragma unroll` statement around it
  const VarDecl *K = nullptr;
  std::string KKey;
  int64_t Start = 0;
  unsigned V = 4;
  std::vector<Lane *> Accesses;
  bool HasRead = false, HasWrite = false;
  Verdicts P;
  std::string Name, VecType;
};

struct Group {
  enum Shape { InBlock, Guarded, Scattered, Incomplete } Sh = InBlock;
  bool IsStore = false;
  unsigned V = 4;
  int64_t C0 = 0;
  std::vector<Lane *> Accesses;          ///< every access of every lane, textual order
  std::vector<Lane *> ByLane;            ///< first access of lane k (null: missing)
  unsigned Start = 0, Stop = 0;          ///< the range the rewrite moves accesses across
  Verdicts P;
  std::string Name;                      ///< load groups: the vector temporary
  std::string VecType;
  Group *MergedInto = nullptr;           ///< load group folded into a store group's site
  bool GuardMerge = false;               ///< per-lane guards proven equivalent: merge them
  std::vector<const IfStmt *> Guards;    ///< the per-lane guards, textual order
  std::vector<Group *> Merged;           ///< store group: load groups it absorbs
  unsigned TempAt = 0;                   ///< load groups: where the temporary is declared
  const Stmt *TempAnchor = nullptr;
  /// Load groups: `make_float4(p[B], p[B + 1], p[B + 2], p[B + 3])`, the
  /// lanes are exactly the call's arguments; the call becomes the vector load.
  const CallExpr *InCall = nullptr;
};

class ForwardAnalysis {
public:
  ForwardAnalysis(AnalysisContext &AC, const FunctionDecl *FD)
      : AC(AC), Ctx(AC.ast()), T(AC.ast(), FD), FD(FD),
        Facts(analysis::AnalysisCache::of(AC.ast()).facts(FD)),
        A(AC.ast(), AC.assumptions(), Facts), PM(FD->getBody()) {}

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
      const auto *E = BN.getNodeAs<Expr>(ids::Access);
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

  void locate(Lane &L) {
    const Stmt *Cur = L.IsStore ? static_cast<const Stmt *>(L.Assign) : L.Access;
    auto Note = [&](const std::string &W) {
      if (L.CondWhy.empty())
        L.CondWhy = W;
    };
    while (true) {
      const Stmt *P = PM.getParent(Cur);
      if (!P) {
        Note("it is not inside a block");
        return;
      }
      if (const auto *CS = dyn_cast<CompoundStmt>(P)) {
        L.Anchor = Cur;
        L.Block = CS;
        break;
      }
      if (const auto *CO = dyn_cast<AbstractConditionalOperator>(P)) {
        if (Cur != CO->getCond())
          Note("it is under the conditional operator ?:");
      } else if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
        if (BO->isLogicalOp() && Cur == BO->getRHS())
          Note(("it is on the right of " + BO->getOpcodeStr()).str());
      } else if (const auto *IS = dyn_cast<IfStmt>(P)) {
        if (Cur == IS->getThen() || Cur == IS->getElse()) {
          Note("it is in a branch of an if statement without braces");
          if (Cur == IS->getThen() && !IS->getElse() && !L.Guard)
            L.Guard = IS;
        }
      } else if (const auto *FS = dyn_cast<ForStmt>(P)) {
        if (Cur != FS->getInit())
          Note("it is in a loop without braces or in a loop header");
      } else if (isa<WhileStmt, DoStmt, CXXForRangeStmt>(P)) {
        Note("it is in a loop without braces or in a loop condition");
      } else if (isa<SwitchStmt, SwitchCase>(P)) {
        Note("it is inside a switch");
      } else if (isa<LambdaExpr>(P)) {
        Note("it is inside a lambda");
        return;
      }
      Cur = P;
    }
    if (L.Guard) {
      L.GuardBlock = L.Block;
      return;
    }
    if (const auto *IS = dyn_cast_or_null<IfStmt>(PM.getParent(L.Block)))
      if (IS->getThen() == L.Block && !IS->getElse()) {
        L.Guard = IS;
        L.GuardBlock = dyn_cast_or_null<CompoundStmt>(PM.getParent(IS));
      }
  }

  /// `make_float4(p[B], p[B+1], p[B+2], p[B+3])` (make_int4, make_float2,
  /// ...): all lanes in one call are one group, whatever else reads them.
  void formCallGroups() {
    std::optional<unsigned> Forced = forcedWidth();
    auto Calls = match(findAll(callExpr(callee(functionDecl(hasAnyName(
                                            "make_float4", "make_float2", "make_int4",
                                            "make_int2", "make_uint4", "make_uint2"))))
                                   .bind(ids::Access)),
                       *FD->getBody(), AC.ast());
    for (const BoundNodes &BN : Calls) {
      const auto *Call = BN.getNodeAs<CallExpr>(ids::Access);
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

  std::string accessText(const Lane *L) {
    return writtenText(Ctx, L->Access).value_or("the access");
  }

  void evaluate(Group &G) {
    bool GuardShapeOk = false;
    Lane *L0 = G.ByLane[0] ? G.ByLane[0] : G.Accesses.front();
    std::string V = std::to_string(G.V);
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

    // contiguous-lanes
    if (G.Sh == Group::Incomplete) {
      std::string Missing;
      for (unsigned k = 0; k < G.V; ++k)
        if (!G.ByLane[k])
          Missing += (Missing.empty() ? "" : ", ") + std::to_string(k);
      G.P.set(ContiguousLanes, Status::Fails,
              "vector-width=" + V + " needs lanes 0.." + std::to_string(G.V - 1) +
                  " but lane(s) " + Missing + " are missing");
    } else {
      std::vector<const VarDecl *> Vars;
      // An index that reads memory (a gather, x[4*idx[j] + k]) must not see
      // that memory change between the lanes.
      bool IndexReadsMemory = false;
      indexFacts(G.Accesses, Vars, IndexReadsMemory);
      const VarDecl *Which = nullptr;
      const MemEvent *Clobber = nullptr;
      if (IndexReadsMemory)
        for (const MemEvent &Ev : Facts.events())
          if (Ev.K != MemEvent::Read && Ev.Begin >= G.Start && Ev.Begin < G.Stop && !Clobber &&
              !(G.IsStore && isOwnAccess(G, Ev.E)))
            Clobber = &Ev;
      if (Clobber)
        G.P.set(ContiguousLanes, Status::Fails,
                "the index reads memory, and '" + writtenText(Ctx, Clobber->E).value_or("a call") +
                    "' (line " + std::to_string(expansionLine(Ctx, Clobber->E)) +
                    ") may change it between the lanes");
      else if (const VarMod *M = Facts.modifiedIn(Vars, G.Start, G.Stop, &Which))
        G.P.set(ContiguousLanes, Status::Fails,
                "'" + Which->getName().str() + "' is modified between the lanes (line " +
                    std::to_string(T.lineAt(M->Begin)) + "), so they are not " + V +
                    " contiguous elements");
      else
        G.P.set(ContiguousLanes, Status::Holds,
                V + " " + L0->Elem + " lanes at offsets 0.." + std::to_string(G.V - 1) +
                    " from one base through one pointer");
    }

    // index-aligned
    {
      LinearForm B = L0->Idx;
      B.Terms[Monomial()] = G.C0;
      B.normalize();
      std::string Reason, Ask;
      Status S = A.multipleOf(B, G.V, Reason, Ask);
      std::string BText = indexText(L0);
      if (BText.empty())
        BText = "?";
      G.P.set(IndexAligned, S, "base index '" + BText + "': " + Reason, Ask);
    }

    // base-aligned and global-pointer
    {
      Root R = A.rootOf(L0->Base);
      std::string Use;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(L0->Base->IgnoreParenImpCasts()))
        Use = DRE->getDecl()->getName().str();
      std::string Reason, Ask;
      Status S = A.baseAligned(R, G.V * 4, Use, Reason, Ask);
      G.P.set(BaseAligned, S, Reason, Ask);
      std::string GReason;
      Status GS = A.globalPointer(R, GReason);
      G.P.set(GlobalPointer, GS, GReason);
    }

    // tail-covered
    if (G.InCall) {
      G.P.set(TailCovered, Status::Holds, "all lanes are evaluated by one call");
    } else if (G.Sh == Group::Guarded || (G.Sh == Group::InBlock && allDistinctGuards(G))) {
      G.Sh = Group::Guarded;
      std::string Why, Ask;
      Status S = guardsEquivalent(G, Why, Ask);
      G.P.set(TailCovered, S, Why, Ask);
      GuardShapeOk = S != Status::Fails;
      if (S != Status::Fails) {
        G.GuardMerge = true;
        G.Start = beginOffset(Ctx, G.Guards.front());
        G.Stop = guardEnd(G.Guards.back());
        G.TempAt = G.Start;
        G.TempAnchor = nullptr;
      }
    } else {
      G.P.set(TailCovered, Status::Holds, "all lanes execute under the same condition");
    }

    // no-aliasing-write-between
    checkAliasing(G, G.Start, G.Stop);

    // same-block
    if (G.InCall) {
      G.P.set(SameBlock, Status::Holds,
              "all lanes are the arguments of one make_" + G.VecType + " call");
    } else if (G.Sh == Group::Scattered) {
      std::string Lines;
      std::set<unsigned> Seen;
      for (Lane *L : G.Accesses)
        if (Seen.insert(expansionLine(Ctx, L->Access)).second)
          Lines += (Lines.empty() ? "" : ", ") + std::to_string(expansionLine(Ctx, L->Access));
      G.P.set(SameBlock, Status::Fails,
              "the lanes are in different blocks or branches (lines " + Lines + ")");
    } else if (G.Sh == Group::Guarded && (G.GuardMerge || GuardShapeOk)) {
      G.P.set(SameBlock, Status::Holds,
              "the lanes' guards are consecutive statements of one block, merged into one");
    } else if (G.Sh == Group::Guarded) {
      G.P.set(SameBlock, Status::Fails, "each lane is in its own if statement");
    } else {
      const Lane *Bad = nullptr;
      for (Lane *L : G.Accesses)
        if (!L->CondWhy.empty() && !Bad)
          Bad = L;
      if (Bad)
        G.P.set(SameBlock, Status::Fails,
                "lane '" + accessText(Bad) + "' is executed conditionally: " + Bad->CondWhy);
      else if (G.Sh == Group::Incomplete)
        G.P.set(SameBlock, Status::Holds, "the lanes present are in one block");
      else
        G.P.set(SameBlock, Status::Holds, "all lanes are in statements of one block");
    }
  }

  /// End (past ';' or '}') of an if statement.
  unsigned guardEnd(const IfStmt *IS) {
    unsigned E = endOffset(Ctx, IS);
    if (!isa<CompoundStmt>(IS->getThen()))
      if (auto S = T.afterSemi(E))
        return *S;
    return E;
  }

  /// tail-covered for individually guarded lanes `if (B + k < n) ...`: with
  /// B and n multiples of V, every guard equals lane 0's guard (B < n).
  Status guardsEquivalent(Group &G, std::string &Why, std::string &Ask) {
    const std::string V = std::to_string(G.V);
    auto Refuse = [&](const std::string &R) {
      Why = "each lane is guarded by its own condition: " + R +
            "; this rewrite does not generate a scalar tail: guard all lanes with one "
            "condition first";
      return Status::Fails;
    };
    if (G.Accesses.size() != G.V)
      return Refuse("a lane is accessed more than once");
    std::vector<std::pair<const IfStmt *, Lane *>> Gs;
    for (Lane *L : G.Accesses) {
      if (!L->Guard)
        return Refuse("lane '" + accessText(L) + "' is not guarded like the others");
      Gs.push_back({L->Guard, L});
    }
    std::sort(Gs.begin(), Gs.end(), [&](const auto &X, const auto &Y) {
      return beginOffset(Ctx, X.first) < beginOffset(Ctx, Y.first);
    });
    const CompoundStmt *Blk = G.Accesses.front()->GuardBlock;
    if (!Blk)
      return Refuse("the guards are not statements of a block");
    // Consecutive statements of one block.
    std::vector<const Stmt *> Body(Blk->body_begin(), Blk->body_end());
    auto Pos = [&](const Stmt *S) {
      return std::find(Body.begin(), Body.end(), S) - Body.begin();
    };
    for (size_t I = 0; I < Gs.size(); ++I)
      if (Pos(Gs[I].first) != Pos(Gs[0].first) + long(I))
        return Refuse("the guarded lanes are not consecutive statements");
    std::optional<LinearForm> NForm;
    const Expr *NExpr = nullptr;
    for (auto &[IS, L] : Gs) {
      std::string Cond = writtenText(Ctx, IS->getCond()).value_or("...");
      if (IS->getElse() || IS->getInit() || IS->getConditionVariable())
        return Refuse("'if (" + Cond + ")' has an else branch or an init statement");
      const auto *BO = dyn_cast<BinaryOperator>(IS->getCond()->IgnoreParenImpCasts());
      if (!BO || (BO->getOpcode() != BO_LT && BO->getOpcode() != BO_GT))
        return Refuse("'if (" + Cond + ")' is not of the form 'index < n'");
      const Expr *E = BO->getOpcode() == BO_LT ? BO->getLHS() : BO->getRHS();
      const Expr *N = BO->getOpcode() == BO_LT ? BO->getRHS() : BO->getLHS();
      auto EF = A.lin().linearize(E);
      auto NF = A.lin().linearize(N);
      if (!EF || !NF || EF->Terms != L->Idx.Terms)
        return Refuse("'if (" + Cond + ")' does not compare the lane's own index");
      if (NForm && NForm->Terms != NF->Terms)
        return Refuse("the guards compare against different bounds");
      NForm = NF;
      NExpr = N;
      if (G.IsStore) {
        const Stmt *Then = IS->getThen();
        if (const auto *CS = dyn_cast<CompoundStmt>(Then))
          Then = CS->size() == 1 ? CS->body_front() : nullptr;
        if (Then != L->Assign)
          return Refuse("'if (" + Cond + ")' guards more than the lane's store");
      }
      G.Guards.push_back(IS);
    }
    LinearForm B = G.ByLane[0]->Idx;
    std::string R1, A1;
    if (A.multipleOf(B, G.V, R1, A1) != Status::Holds) {
      G.Guards.clear();
      return Refuse("the guards are equivalent only when the base index is a multiple of " + V);
    }
    std::string NText = writtenText(Ctx, NExpr).value_or("n");
    if (!A.formMultiple(*NForm, G.V)) {
      // Unknown: the guards stay, so that the merge is built if the fact is
      // asserted (--assume=all); the engine refuses the site otherwise.
      Why = "each lane is guarded by 'index + k < " + NText + "'; the guards are equivalent to "
            "one only if '" + NText + "' is a multiple of " + V +
            " (otherwise the last vector is partial and this rewrite does not generate a "
            "scalar tail)";
      if (const auto *DRE = dyn_cast<DeclRefExpr>(NExpr->IgnoreParenImpCasts()))
        Ask = "multiple:" + DRE->getDecl()->getName().str() + ":" + V;
      return Status::Unknown;
    }
    Why = "each lane is guarded by 'index + k < " + NText + "'; with the base index and '" +
          NText + "' multiples of " + V +
          " every guard equals lane 0's, so the lanes run under one merged guard";
    return Status::Holds;
  }

  /// The variables the lanes' indices and bases read, and whether an index
  /// reads memory.
  static void indexFacts(const std::vector<Lane *> &Accesses, std::vector<const VarDecl *> &Vars,
                         bool &ReadsMemory) {
    for (Lane *L : Accesses) {
      for (const Expr *Part : L->Parts) {
        Linearizer::collectVars(Part, Vars);
        ReadsMemory = ReadsMemory || readsMemory(Part);
      }
      Linearizer::collectVars(L->Base, Vars);
    }
  }
  static bool readsMemory(const Expr *E) {
    struct V : RecursiveASTVisitor<V> {
      bool Found = false;
      bool VisitArraySubscriptExpr(ArraySubscriptExpr *) {
        Found = true;
        return false;
      }
      bool VisitUnaryOperator(UnaryOperator *U) {
        if (U->getOpcode() == UO_Deref)
          Found = true;
        return !Found;
      }
    } Vis;
    Vis.TraverseStmt(const_cast<Expr *>(E));
    return Vis.Found;
  }

  bool allDistinctGuards(const Group &G) {
    std::set<const IfStmt *> Gs;
    for (Lane *L : G.Accesses)
      if (!L->Guard || !Gs.insert(L->Guard).second)
        return false;
    return G.Accesses.size() > 1;
  }

  const Lane *laneOf(const Expr *E) {
    auto It = ByAccess.find(E->IgnoreParenImpCasts());
    return It == ByAccess.end() ? nullptr : It->second;
  }

  bool isOwnAccess(const Group &G, const Expr *E) {
    const Lane *L = laneOf(E);
    return L && std::find(G.Accesses.begin(), G.Accesses.end(), L) != G.Accesses.end();
  }

  /// Time of the lane-k access of \p G (loads: first read; stores: the store).
  void checkAliasing(Group &G, unsigned Start, unsigned Stop) {
    Lane *L0 = G.ByLane[0] ? G.ByLane[0] : G.Accesses.front();
    Root P = A.rootOf(L0->Base);
    std::string PName = P.Chain.empty() ? P.Name : P.Chain.front();
    Status Worst = Status::Holds;
    std::string Reason, Ask;
    auto Report = [&](Status S, const std::string &Why, const std::string &Assumable = "") {
      if (worse(Worst, S) != Worst || (Reason.empty() && S != Status::Holds)) {
        Worst = S;
        Reason = Why;
        Ask = Assumable;
      }
    };
    // Lane times.
    std::map<int64_t, unsigned> FirstLoad, StoreAt;
    for (Lane *L : G.Accesses) {
      if (G.IsStore)
        StoreAt[L->C] = L->Time;
      else if (!FirstLoad.count(L->C) || L->Time < FirstLoad[L->C])
        FirstLoad[L->C] = L->Time;
    }
    unsigned LastStore = 0, LastLoad = 0;
    for (auto &[C, Tm] : StoreAt)
      LastStore = std::max(LastStore, Tm);
    for (Lane *L : G.Accesses)
      if (!G.IsStore)
        LastLoad = std::max(LastLoad, L->Time);

    for (const MemEvent &Ev : Facts.events()) {
      if (Ev.Begin < Start || Ev.Begin >= Stop)
        continue;
      if (Ev.K == MemEvent::Call) {
        Report(Status::Fails, "the call to '" + Ev.What + "' (line " +
                                  std::to_string(expansionLine(Ctx, Ev.E)) +
                                  ") between the lanes may write or synchronize memory");
        continue;
      }
      if (isOwnAccess(G, Ev.E) && ((G.IsStore && Ev.K == MemEvent::Write) ||
                                   (!G.IsStore && Ev.K == MemEvent::Read)))
        continue;
      // Loads only conflict with writes; stores with reads and writes.
      if (!G.IsStore && Ev.K != MemEvent::Write)
        continue;
      // A write that happens after every lane is read (`out[i] = x[4*i] + ...`
      // stores after its right-hand side) cannot change what the lanes read.
      if (!G.IsStore && Ev.Time > LastLoad)
        continue;
      std::string What = writtenText(Ctx, Ev.E).value_or("memory");
      const Lane *EL = laneOf(Ev.E);
      const Expr *EB = EL ? EL->Base : accessBasePointer(Ev.E);
      Root R = EB ? A.rootOf(EB) : Root();
      if (EL && EL->PtrKey == L0->PtrKey && EL->SymKey == L0->SymKey) {
        int64_t C = EL->C;
        bool InWindow = C >= G.C0 && C < G.C0 + int64_t(G.V);
        if (!InWindow)
          continue; // provably another element
        if (!G.IsStore) {
          if (FirstLoad.count(C) && FirstLoad[C] > Ev.Time)
            Report(Status::Fails, "'" + What + "' is written before lane " +
                                      std::to_string(C - G.C0) +
                                      " is read; loading it early would read the old value");
        } else if (Ev.K == MemEvent::Read) {
          if (StoreAt.count(C) && StoreAt[C] < Ev.Time)
            Report(Status::Fails, "'" + What + "' reads lane " + std::to_string(C - G.C0) +
                                      " after it is stored; delaying the store changes the value read");
        } else {
          if (StoreAt.count(C) && StoreAt[C] < Ev.Time && Ev.Time <= LastStore)
            Report(Status::Fails, "'" + What + "' overwrites lane " + std::to_string(C - G.C0) +
                                      " before the vector store would");
        }
        continue;
      }
      std::string Why;
      int Al = A.mayAlias(P, R, Why);
      if (Al == 0)
        continue;
      std::string Kind = Ev.K == MemEvent::Write ? "store to" : "read of";
      if (Al == 2)
        Report(Status::Fails, "the " + Kind + " '" + What + "' (line " +
                                  std::to_string(expansionLine(Ctx, Ev.E)) +
                                  ") between the lanes may touch the same elements: " + Why);
      else
        Report(Status::Unknown,
               "the " + Kind + " '" + What + "' (line " + std::to_string(expansionLine(Ctx, Ev.E)) +
                   ") between the lanes: " + Why,
               PName.empty() ? "noalias" : "noalias:" + PName);
    }
    // Stores: each lane's value must still be the same at the last lane.
    if (G.IsStore) {
      for (Lane *L : G.Accesses) {
        std::vector<const VarDecl *> Vars;
        Linearizer::collectVars(L->Assign->getRHS(), Vars);
        const VarDecl *Which = nullptr;
        if (Facts.modifiedIn(Vars, L->Time, LastStore, &Which))
          Report(Status::Fails, "the value stored by '" + accessText(L) + "' reads '" +
                                    Which->getName().str() +
                                    "', which is modified before the last lane's store");
        if (!isPureExpr(L->Assign->getRHS(), Ctx))
          Report(Status::Fails, "the value stored by '" + accessText(L) +
                                    "' has side effects; the vector store evaluates all values together");
      }
    }
    if (Worst == Status::Holds)
      Reason = G.IsStore ? "no possibly-aliasing read or write between the first and last store"
                         : "no possibly-aliasing store between the first and last load";
    G.P.R.erase(NoAliasingWriteBetween);
    G.P.set(NoAliasingWriteBetween, Worst, Reason, Ask);
  }

  //===--------------------------------------------------------------------===//
  // Edits (forward)
  //===--------------------------------------------------------------------===//

  /// The index as written: the subscript, or the folded parts `a + b`.
  std::string indexText(const Lane *L) {
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
    return indexText(L0);
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
        checkAliasing(Trial, Target->Start, Trial.Stop);
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
    Site &S = AC.addSite(RewriteName, Direction::Forward, First->Access->getBeginLoc(), FD);
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
      if (!T.plain(L->Access) || (L->IsStore && !T.plain(L->Assign))) {
        Why = "the access '" + accessText(L) + "' is produced by a macro expansion";
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
      if (!T.plain(IS)) {
        Why = "a guard is produced by a macro expansion";
        return false;
      }
    unsigned RB = beginOffset(Ctx, G.Guards.front()), RE = guardEnd(G.Guards.back());
    std::string Indent = T.indentAt(RB), Inner = Indent + "  ";
    std::vector<Group *> Loads;
    if (!G.IsStore)
      Loads.push_back(&G);
    for (Group *M : G.Merged)
      Loads.push_back(M);
    std::vector<SubEdit> Subs;
    for (Group *M : Loads)
      for (Lane *L : M->Accesses)
        Subs.push_back({L->Begin, L->End, M->Name + "." + LaneNames[L->C - M->C0]});
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
        auto Txt = rewriteRange(T, TB, TE, Subs);
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
    B.replaceChars(T.loc(RB), T.loc(RE),
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
  std::string storeText(const Group &G, Group *CopyFrom, const std::vector<SubEdit> &Subs,
                        std::string &Why) {
    std::vector<std::string> Values;
    for (unsigned k = 0; k < G.V; ++k) {
      const BinaryOperator *As = G.ByLane[k]->Assign;
      const Expr *RHS = As->getRHS();
      auto V = rewriteRange(T, beginOffset(Ctx, RHS), endOffset(Ctx, RHS), Subs);
      if (!V) {
        Why = "overlapping substitutions in the value of lane " + std::to_string(k);
        return "";
      }
      if (As->isCompoundAssignmentOp()) {
        // `p[i] op= e` stores `p[i] op (e)`.
        const Expr *LHS = As->getLHS();
        auto Old = rewriteRange(T, beginOffset(Ctx, LHS), endOffset(Ctx, LHS), Subs);
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
      if (!T.plain(G.InCall)) {
        Why = "the make_" + G.VecType + " call is produced by a macro expansion";
        return false;
      }
      B.replace(G.InCall->getSourceRange(), vectorAddr(G, true));
      return true;
    }
    if (!G.TempAnchor || !T.plain(G.TempAnchor)) {
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
      auto En = T.afterSemi(endOffset(Ctx, L->Assign));
      if (!En) {
        Why = "cannot find the ';' after '" + accessText(L) + " = ...'";
        return false;
      }
      Stmts.push_back({L, Bg, *En});
    }
    if (G.Accesses.size() != G.V) {
      Why = "a lane is stored more than once";
      return false;
    }
    unsigned RBegin = Stmts.front().Begin, REnd = Stmts.back().End;
    // Substitutions for merged load lanes.
    std::vector<SubEdit> Subs;
    for (Group *M : G.Merged)
      for (Lane *L : M->Accesses)
        Subs.push_back({L->Begin, L->End, M->Name + "." + LaneNames[L->C - M->C0]});
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
    for (size_t I = 0; I + 1 < Stmts.size(); ++I) {
      unsigned E = Stmts[I].End;
      while (E < T.Buf.size() && isspace(static_cast<unsigned char>(T.Buf[E])))
        ++E;
      B.replaceChars(T.loc(Stmts[I].Begin), T.loc(std::min(E, Stmts.back().Begin)), "");
    }
    B.replaceChars(T.loc(Stmts.back().Begin), T.loc(Stmts.back().End), Store);
    std::string Prefix, Indent = T.indentAt(RBegin);
    for (Group *M : G.Merged) {
      if (M == CopyFrom)
        continue;
      if (M->TempAt == G.Start)
        Prefix += tempDecl(*M) + "\n" + Indent;
      else if (M->TempAnchor && T.plain(M->TempAnchor))
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
      B.insertBefore(T.loc(RBegin), Prefix);
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

  std::string freshName(const Expr *Base) {
    std::string Stem = "vec";
    Base = Base->IgnoreParenImpCasts();
    while (const auto *AS = dyn_cast<ArraySubscriptExpr>(Base)) // M[r] -> M
      Base = AS->getBase()->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Base))
      Stem = DRE->getDecl()->getName().str();
    else if (const auto *ME = dyn_cast<MemberExpr>(Base))
      Stem = ME->getMemberDecl()->getName().str();
    if (Stem.empty())
      Stem = "vec";
    for (unsigned N = 0;; ++N) {
      std::string Cand = Stem + "_v" + std::to_string(N);
      if (!Taken.count(Cand) && Facts.nameIsFree(Cand)) {
        Taken.insert(Cand);
        return Cand;
      }
    }
  }

  static const VarDecl *refVarOf(const Expr *E) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(stripIntCasts(E)))
      return dyn_cast<VarDecl>(DRE->getDecl());
    return nullptr;
  }
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
    auto Loops = match(findAll(forStmt().bind(ids::Access)), *FD->getBody(), AC.ast());
    std::vector<Lane *> All;
    for (auto &L : Lanes)
      All.push_back(L.get());
    for (auto &L : LoopOnly)
      All.push_back(L.get());
    std::sort(All.begin(), All.end(), [](const Lane *X, const Lane *Y) {
      return X->Begin != Y->Begin ? X->Begin < Y->Begin : X->End < Y->End;
    });
    for (const BoundNodes &BN : Loops) {
      const auto *FS = BN.getNodeAs<ForStmt>(ids::Access);
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

  /// Why \p E does not run exactly once per iteration of \p FS's body ("" if
  /// it does).
  std::string conditionalIn(const Expr *E, const ForStmt *FS) {
    const Stmt *Cur = E;
    while (Cur && Cur != FS->getBody()) {
      const Stmt *P = PM.getParent(Cur);
      if (!P)
        return "it is not inside the loop body";
      if (const auto *CO = dyn_cast<AbstractConditionalOperator>(P)) {
        if (Cur != CO->getCond())
          return "it is under the conditional operator ?:";
      } else if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
        if (BO->isLogicalOp() && Cur == BO->getRHS())
          return ("it is on the right of " + BO->getOpcodeStr()).str();
      } else if (isa<IfStmt, ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt,
                     SwitchCase, LambdaExpr>(P)) {
        if (const auto *IS = dyn_cast<IfStmt>(P); IS && Cur == IS->getCond())
          ;
        else
          return "it is inside a nested if, loop, switch or lambda of the loop body";
      }
      Cur = P;
    }
    return "";
  }

  /// A statement of the body that leaves an iteration early, or null.
  static const Stmt *earlyExit(const Stmt *S) {
    if (!S)
      return nullptr;
    if (isa<BreakStmt, ContinueStmt, ReturnStmt, GotoStmt, IndirectGotoStmt, LabelStmt,
            CXXThrowExpr, GCCAsmStmt>(S))
      return S;
    if (isa<LambdaExpr>(S))
      return nullptr;
    for (const Stmt *C : S->children())
      if (const Stmt *X = earlyExit(C))
        return X;
    return nullptr;
  }

  void evaluateLoop(LoopGroup &G) {
    Lane *L0 = G.Accesses.front();
    std::string V = std::to_string(G.V), KName = G.K->getName().str();
    unsigned LB = beginOffset(Ctx, G.Outer), LE = endOffset(Ctx, G.For);
    // contiguous-lanes: the base does not change inside the loop.
    {
      std::vector<const VarDecl *> Vars;
      bool IndexReadsMemory = false;
      indexFacts(G.Accesses, Vars, IndexReadsMemory);
      Vars.erase(std::remove(Vars.begin(), Vars.end(), G.K), Vars.end());
      const VarDecl *Which = nullptr;
      const VarDecl *Late = nullptr;
      const SourceManager &SM = Ctx.getSourceManager();
      for (const VarDecl *VD : Vars)
        if (VD->isLocalVarDecl() &&
            SM.getFileOffset(SM.getExpansionLoc(VD->getLocation())) >= LB && !Late)
          Late = VD;
      if (Late)
        G.P.set(ContiguousLanes, Status::Fails,
                "'" + Late->getName().str() +
                    "' (part of the base index) is declared inside the loop; the vector "
                    "access goes before the loop");
      else if (const VarMod *M = Facts.modifiedIn(Vars, LB, LE, &Which))
        G.P.set(ContiguousLanes, Status::Fails,
                "'" + Which->getName().str() + "' is modified inside the loop (line " +
                    std::to_string(T.lineAt(M->Begin)) + "), so the lanes do not share one base");
      else if (IndexReadsMemory)
        G.P.set(ContiguousLanes, Status::Fails,
                "the index reads memory; a lane loop over a gathered index is not grouped");
      else
        G.P.set(ContiguousLanes, Status::Holds,
                V + " " + L0->Elem + " lanes " + accessText(L0) + ", one per iteration of the "
                    "loop over '" + KName + "'");
    }
    // index-aligned
    {
      LinearForm B = L0->Idx;
      B.Terms.erase(Monomial{G.KKey});
      B.Terms[Monomial()] += G.Start;
      B.normalize();
      std::string Reason, Ask;
      Status St = A.multipleOf(B, G.V, Reason, Ask);
      G.P.set(IndexAligned, St, "base index '" + loopBaseText(G) + "': " + Reason, Ask);
    }
    // base-aligned and global-pointer
    {
      Root R = A.rootOf(L0->Base);
      std::string Use;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(L0->Base->IgnoreParenImpCasts()))
        Use = DRE->getDecl()->getName().str();
      std::string Reason, Ask;
      G.P.set(BaseAligned, A.baseAligned(R, G.V * 4, Use, Reason, Ask), Reason, Ask);
      std::string GReason;
      Status GS = A.globalPointer(R, GReason);
      G.P.set(GlobalPointer, GS, GReason);
    }
    G.P.set(TailCovered, Status::Holds,
            "iteration " + KName + " accesses lane " + KName + "; the loop has no guard of its own");
    // loop-lanes-unconditional
    {
      std::string Why;
      for (const VarMod &M : Facts.mods(G.K))
        if (M.Begin >= beginOffset(Ctx, G.For->getBody()) && M.Begin < LE && Why.empty())
          Why = "'" + KName + "' is modified in the loop body (line " +
                std::to_string(T.lineAt(M.Begin)) + ")";
      if (Why.empty())
        if (const Stmt *X = earlyExit(G.For->getBody()))
          Why = "the loop body can leave an iteration early (line " +
                std::to_string(expansionLine(Ctx, X)) + ")";
      for (Lane *L : G.Accesses) {
        if (!Why.empty())
          break;
        if (L->Use == Lane::UseOther)
          Why = "'" + accessText(L) + "' is not a plain read or write (its address is taken "
                                      "or it is bound to a reference)";
        else if (std::string C = conditionalIn(L->Access, G.For); !C.empty())
          Why = "'" + accessText(L) + "' does not run in every iteration: " + C;
      }
      if (Why.empty())
        G.P.set(LoopLanesUnconditional, Status::Holds,
                "the loop over '" + KName + "' runs " + V +
                    " iterations and accesses its lane unconditionally in each");
      else
        G.P.set(LoopLanesUnconditional, Status::Fails, Why);
    }
    checkLoopAliasing(G, LB, LE);
    // same-block: the vector access goes before the loop (and its store after).
    if (isa_and_nonnull<CompoundStmt>(PM.getParent(G.Outer)))
      G.P.set(SameBlock, Status::Holds,
              "the loop is a statement of a block; the vector access goes right before it" +
                  std::string(G.HasWrite ? " and the vector store right after it" : ""));
    else
      G.P.set(SameBlock, Status::Fails,
              "the loop over '" + KName +
                  "' is not a statement of a block (an unbraced if or loop body); add braces");
  }

  void checkLoopAliasing(LoopGroup &G, unsigned LB, unsigned LE) {
    Lane *L0 = G.Accesses.front();
    Root P = A.rootOf(L0->Base);
    std::string PName = P.Chain.empty() ? P.Name : P.Chain.front();
    LinearForm Base = L0->Idx;
    Base.Terms.erase(Monomial{G.KKey});
    std::string BaseKey = Base.symbolic().symbolicKey();
    int64_t W0 = Base.constant() + G.Start;
    Status Worst = Status::Holds;
    std::string Reason, Ask;
    auto Report = [&](Status S, const std::string &Why, const std::string &Assumable = "") {
      if (Verdicts::rank(S) > Verdicts::rank(Worst)) {
        Worst = S;
        Reason = Why;
        Ask = Assumable;
      }
    };
    std::string Moves = G.HasWrite ? "the vector load goes before the loop and the store after it"
                                   : "the vector load goes before the loop";
    for (const MemEvent &Ev : Facts.events()) {
      if (Ev.Begin < LB || Ev.Begin >= LE)
        continue;
      std::string Line = " (line " + std::to_string(expansionLine(Ctx, Ev.E)) + ")";
      if (Ev.K == MemEvent::Call) {
        Report(Status::Fails, "the call to '" + Ev.What + "'" + Line +
                                  " in the loop may write or synchronize memory; " + Moves);
        continue;
      }
      const Expr *EE = Ev.E->IgnoreParenImpCasts();
      bool Own = false;
      for (Lane *L : G.Accesses)
        Own = Own || L->Access->IgnoreParenImpCasts() == EE;
      if (Own)
        continue;
      if (!G.HasWrite && Ev.K != MemEvent::Write)
        continue;
      std::string What = writtenText(Ctx, Ev.E).value_or("memory");
      auto It = AllByAccess.find(EE);
      const Lane *EL = It == AllByAccess.end() ? nullptr : It->second;
      if (EL && EL->PtrKey == L0->PtrKey && EL->Idx.symbolic().symbolicKey() == BaseKey &&
          (EL->C < W0 || EL->C >= W0 + int64_t(G.V)))
        continue; // provably outside the vector
      const Expr *EB = EL ? EL->Base : accessBasePointer(Ev.E);
      Root R = EB ? A.rootOf(EB) : Root();
      std::string Why;
      int Al = A.mayAlias(P, R, Why);
      if (EL && EL->PtrKey == L0->PtrKey)
        Al = 2;
      if (Al == 0)
        continue;
      std::string Kind = Ev.K == MemEvent::Write ? "store to" : "read of";
      if (Al == 2)
        Report(Status::Fails, "the " + Kind + " '" + What + "'" + Line +
                                  " in the loop may touch the vector's elements; " + Moves);
      else
        Report(Status::Unknown, "the " + Kind + " '" + What + "'" + Line + " in the loop: " + Why,
               PName.empty() ? "noalias" : "noalias:" + PName);
    }
    if (Worst == Status::Holds)
      Reason = G.HasWrite ? "no other possibly-aliasing read or write in the loop"
                          : "no possibly-aliasing store in the loop";
    G.P.set(NoAliasingWriteBetween, Worst, Reason, Ask);
  }

  /// Text of the vector's base index: lane index with `k` replaced by the
  /// loop's start (`4*t + k` -> `4*t`, `4*t + k + 2` -> `4*t + 0 + 2`).
  std::string loopBaseText(const LoopGroup &G) {
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
        if (!Txt || !T.plain(X))
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
      if (!T.plain(Part))
        return "";
      std::vector<SubEdit> Subs;
      for (const DeclRefExpr *D : R.Out) {
        if (!T.plain(D))
          return "";
        Subs.push_back({beginOffset(Ctx, D), endOffset(Ctx, D), "(" + std::to_string(G.Start) + ")"});
      }
      auto Txt = rewriteRange(T, beginOffset(Ctx, Part), endOffset(Ctx, Part), Subs);
      if (!Txt)
        return "";
      Parts.push_back(parenIf(needsParens(Part, prec::Additive), *Txt));
    }
    if (Parts.empty())
      return "0";
    return join(Parts, " + ");
  }

  static std::string elemSpelling(const std::string &Elem) {
    return Elem == "uint" ? "unsigned int" : Elem;
  }

  void emitLoop(LoopGroup &G) {
    Lane *First = G.Accesses.front();
    Site &S = AC.addSite(RewriteName, Direction::Forward, First->Access->getBeginLoc(), FD);
    std::string P = ptrText(First), BText = loopBaseText(G), KName = G.K->getName().str();
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
      if (!T.plain(L->Access) && Why.empty())
        Why = "the access '" + accessText(L) + "' is produced by a macro expansion";
    if (Why.empty() && !T.plain(G.Outer))
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
    {
      // Above the loop and the `#pragma unroll` lines right before it.
      unsigned Off = beginOffset(Ctx, G.For);
      auto LineStart = [&](unsigned O) -> unsigned {
        size_t LS = O == 0 ? StringRef::npos : T.Buf.rfind('\n', O - 1);
        return LS == StringRef::npos ? 0 : unsigned(LS + 1);
      };
      unsigned LS = LineStart(Off);
      if (T.Buf.slice(LS, Off).trim().empty()) {
        while (LS > 0) {
          unsigned PLS = LineStart(LS - 1);
          if (!T.Buf.slice(PLS, LS).trim().starts_with("#pragma"))
            break;
          LS = PLS;
        }
        B.insertBefore(T.loc(LS), T.indentAt(Off) + Decl + "\n");
      } else {
        B.insertLineBefore(G.For->getBeginLoc(), Decl);
      }
    }
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
        auto E = T.afterSemi(End);
        if (!E) {
          S.addPrecondition(SourceRewritable, Status::Fails,
                            "cannot find the ';' that ends the loop body");
          return;
        }
        End = *E;
      }
      B.insertBefore(T.loc(End), "\n" + T.indentAt(beginOffset(Ctx, G.For)) +
                                     "*reinterpret_cast<" + G.VecType + "*>(" + Addr +
                                     ") = " + G.Name + ";");
    }
    commit(B, S);
  }

  AnalysisContext &AC;
  const ASTContext &Ctx;
  TextCtx T;
  const FunctionDecl *FD;
  const FunctionFacts &Facts;
  Analyzer A;
  ParentMap PM;
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
  std::set<std::string> Taken; ///< temporary names handed out
};

//===----------------------------------------------------------------------===//
// Reverse: vector accesses
//===----------------------------------------------------------------------===//

/// A vector address decomposed into scalar pointer + scalar index terms.
struct VecAddr {
  const Expr *P = nullptr;                 ///< the scalar pointer
  std::vector<std::string> Terms;          ///< scalar index = sum of these
  std::vector<const Expr *> TermExprs;     ///< for "modified between" checks
  std::string Elem;
  unsigned V = 0;
  std::string Why;
};

class ReverseAnalysis {
public:
  ReverseAnalysis(AnalysisContext &AC, const FunctionDecl *FD)
      : AC(AC), Ctx(AC.ast()), T(AC.ast(), FD), FD(FD),
        Facts(analysis::AnalysisCache::of(AC.ast()).facts(FD)),
        A(AC.ast(), AC.assumptions(), Facts), PM(FD->getBody()) {}

  void run() {
    auto Matches = match(findAll(vectorAccessMatcher()), *FD->getBody(), AC.ast());
    std::vector<const Expr *> Accesses;
    for (const BoundNodes &BN : Matches)
      if (const auto *E = BN.getNodeAs<Expr>(ids::Access))
        if (!E->isTypeDependent() && !E->isValueDependent()) {
          // `&q4[j]` computes an address; the access is whatever uses it.
          if (const auto *U = dyn_cast_or_null<UnaryOperator>(PM.getParentIgnoreParens(E));
              U && U->getOpcode() == UO_AddrOf)
            continue;
          // sizeof(x4[i]) reads no memory.
          bool Unevaluated = false;
          for (const Stmt *P = PM.getParent(E); P && !Unevaluated; P = PM.getParent(P))
            Unevaluated = isa<UnaryExprOrTypeTraitExpr>(P);
          if (!Unevaluated)
            Accesses.push_back(E);
        }
    std::sort(Accesses.begin(), Accesses.end(), [&](const Expr *X, const Expr *Y) {
      return beginOffset(Ctx, X) < beginOffset(Ctx, Y);
    });
    // Pass 1: vector temporaries (they may own the stores of their value).
    std::vector<const DeclStmt *> Decls;
    std::map<const DeclStmt *, std::vector<std::pair<const Expr *, const VarDecl *>>> ByDecl;
    for (const Expr *E : Accesses)
      if (const VarDecl *VD = tempOf(E); VD && castFromScalar(E)) {
        const auto *DS = cast<DeclStmt>(parentSkipping(E));
        if (!ByDecl.count(DS))
          Decls.push_back(DS);
        ByDecl[DS].push_back({E, VD});
      }
    for (const DeclStmt *DS : Decls)
      temp(DS, ByDecl[DS]);
    for (const Expr *E : Accesses) {
      if (tempOf(E) || !castFromScalar(E))
        continue;
      if (const CXXOperatorCallExpr *St = storeOf(E)) {
        if (!Owned.count(St))
          store(E, St);
        continue;
      }
      if (isStoreRHS(E))
        continue;
      if (const CXXOperatorCallExpr *Op = assignOf(E); Op && castFromScalar(E)) {
        loadInto(E, Op);
        continue;
      }
      if (const MemberExpr *M = laneMemberOf(E)) {
        direct(E, M);
        continue;
      }
      if (!castFromScalar(E))
        continue; // a native float4 array: nothing to split
      Site &S = AC.addSite(RewriteName, Direction::Reverse, E->getBeginLoc(), FD);
      if (isValueUse(E)) {
        // A vector value used whole (an argument, an operand, a copy):
        // load it with scalar loads where it stands.
        S.Summary = "load a vector value with scalar loads in place";
        inPlace(S, {{E, nullptr}}, "the vector value is used whole");
        continue;
      }
      S.Summary = "split a vector access";
      S.addPrecondition(VectorTempOnlyLanes, Status::Fails,
                        "the vector memory '" + writtenText(Ctx, E).value_or("?") + "' " +
                            lvalueUseWhy(E) +
                            ", so it is not a value that scalar loads could produce");
    }
  }

private:
  static const Expr *skipWrappers(const Expr *E) {
    while (true) {
      E = E->IgnoreParens();
      if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
        E = EWC->getSubExpr();
      else if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
        E = MT->getSubExpr();
      else if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E);
               ICE && (ICE->getCastKind() == CK_NoOp || ICE->getCastKind() == CK_LValueToRValue))
        E = ICE->getSubExpr();
      else if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
               CE && CE->getNumArgs() == 1 && CE->getConstructor()->isCopyOrMoveConstructor())
        E = CE->getArg(0);
      else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
        E = BT->getSubExpr();
      else
        return E;
    }
  }

  /// Walks up from \p E through implicit wrappers.
  const Stmt *parentSkipping(const Stmt *E) {
    const Stmt *P = PM.getParent(E);
    while (P && (isa<ParenExpr, ExprWithCleanups, MaterializeTemporaryExpr, CXXBindTemporaryExpr>(P) ||
                 (isa<ImplicitCastExpr>(P) &&
                  (cast<ImplicitCastExpr>(P)->getCastKind() == CK_NoOp)) ||
                 (isa<CXXConstructExpr>(P) && cast<CXXConstructExpr>(P)->getNumArgs() == 1)))
      P = PM.getParent(P);
    return P;
  }

  bool decompose(const Expr *Addr, VecAddr &Out, unsigned Depth = 0) {
    if (Depth > 8)
      return false;
    const Expr *E = Addr->IgnoreParens();
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E))
      return decompose(ICE->getSubExpr(), Out, Depth + 1);
    QualType PT = E->getType();
    if (!PT->isPointerType())
      return false;
    auto VK = cuda::vectorKind(PT->getPointeeType());
    if (const auto *CE = dyn_cast<ExplicitCastExpr>(E)) {
      if (!VK)
        return false;
      const Expr *S = CE->getSubExpr()->IgnoreParenImpCasts();
      if (!S->getType()->isPointerType())
        return false;
      auto SK = cuda::scalarKind(S->getType()->getPointeeType());
      if (!SK || *SK != VK->first) {
        Out.Why = "the cast is not from a pointer to " + VK->first;
        return false;
      }
      Out.Elem = VK->first;
      Out.V = VK->second;
      if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_AddrOf) {
        const auto *AS = dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParens());
        if (!AS || !AS->getBase()->getType()->isPointerType())
          return false;
        Out.P = AS->getBase();
        return addTerm(Out, AS->getIdx(), 1);
      }
      if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->getOpcode() == BO_Add) {
        const Expr *Ptr = B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS();
        const Expr *Idx = Ptr == B->getLHS() ? B->getRHS() : B->getLHS();
        Out.P = Ptr;
        return addTerm(Out, Idx, 1);
      }
      Out.P = S;
      return true;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->getOpcode() == BO_Add && VK) {
      const Expr *Ptr = B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS();
      const Expr *Idx = Ptr == B->getLHS() ? B->getRHS() : B->getLHS();
      if (!decompose(Ptr, Out, Depth + 1))
        return false;
      return addTerm(Out, Idx, Out.V);
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf && VK) {
      // &q4[j] with q4 a float4 pointer: q4 + j.
      const auto *AS = dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParens());
      if (!AS || !AS->getBase()->getType()->isPointerType() || !decompose(AS->getBase(), Out, Depth + 1))
        return false;
      return addTerm(Out, AS->getIdx(), Out.V);
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E); DRE && VK) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (VD && VD->isLocalVarDecl() && VD->getInit() && Facts.mods(VD).empty()) {
        // The initialiser's text is reused at the access: its variables must
        // keep their values after it.
        std::vector<const VarDecl *> Vars;
        Linearizer::collectVars(VD->getInit(), Vars);
        const VarDecl *Which = nullptr;
        if (Facts.modifiedIn(Vars, endOffset(Ctx, VD->getInit()), ~0u, &Which)) {
          Out.Why = "'" + Which->getName().str() + "', used to compute '" + VD->getName().str() +
                    "', changes after it";
          return false;
        }
        return decompose(VD->getInit(), Out, Depth + 1);
      }
      Out.Why = "the vector pointer is not a cast of a scalar pointer";
      return false;
    }
    return false;
  }

  /// True if the vector address derives from a scalar pointer (a cast
  /// somewhere); native float4 arrays are not this rewrite's business.
  bool castFromScalar(const Expr *E) {
    VecAddr VA;
    if (access(E, VA))
      return true;
    const Expr *Ptr = accessBasePointer(E);
    for (unsigned D = 0; Ptr && D < 8; ++D) {
      Ptr = Ptr->IgnoreParenImpCasts();
      if (isa<ExplicitCastExpr>(Ptr))
        return true;
      if (const auto *B = dyn_cast<BinaryOperator>(Ptr))
        Ptr = B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS();
      else if (const auto *DRE = dyn_cast<DeclRefExpr>(Ptr)) {
        const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        Ptr = VD && VD->isLocalVarDecl() ? VD->getInit() : nullptr;
      } else
        return false;
    }
    return false;
  }

  bool addTerm(VecAddr &Out, const Expr *Idx, unsigned Scale) {
    Expr::EvalResult R;
    if (!Idx->isValueDependent() && Idx->EvaluateAsInt(R, Ctx)) {
      int64_t C = R.Val.getInt().getExtValue() * Scale;
      if (C != 0)
        Out.Terms.push_back(std::to_string(C));
      return true;
    }
    auto Txt = writtenText(Ctx, Idx);
    if (!Txt) {
      // `(i)` in a macro body around the argument `i`: the argument's text.
      Idx = Idx->IgnoreParens();
      Txt = writtenText(Ctx, Idx);
    }
    if (!Txt)
      return false;
    const Expr *I = Idx->IgnoreImpCasts();
    if (Scale == 1)
      Out.Terms.push_back(parenIf(needsParens(I, prec::Additive), *Txt));
    else
      Out.Terms.push_back(std::to_string(Scale) + " * " + parenIf(!isPostfixSafe(I), *Txt));
    Out.TermExprs.push_back(Idx);
    return true;
  }

  /// The address of a vector access and its decomposition.
  bool access(const Expr *E, VecAddr &Out) {
    E = E->IgnoreParens();
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      return decompose(U->getSubExpr(), Out);
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      if (!decompose(AS->getBase(), Out))
        return false;
      return addTerm(Out, AS->getIdx(), Out.V);
    }
    if (const auto *C = dyn_cast<CallExpr>(E); C && C->getNumArgs() == 1)
      return decompose(C->getArg(0), Out);
    return false;
  }

  std::string laneText(const VecAddr &VA, unsigned K) {
    const Expr *P = VA.P->IgnoreImpCasts();
    std::string PT = writtenText(Ctx, P).value_or("");
    return parenIf(!isPostfixSafe(P), PT) + "[" + joinIndex(VA.Terms, K) + "]";
  }

  const VarDecl *tempOf(const Expr *E) {
    const Stmt *P = parentSkipping(E);
    const auto *DS = dyn_cast_or_null<DeclStmt>(P);
    if (!DS)
      return nullptr;
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (VD && VD->getInit() && skipWrappers(VD->getInit()) == E->IgnoreParens() &&
          !VD->getType()->isReferenceType() && cuda::vectorKind(VD->getType()))
        return VD;
    }
    return nullptr;
  }

  const CXXOperatorCallExpr *storeOf(const Expr *E) {
    const Stmt *P = PM.getParentIgnoreParens(E);
    const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(P);
    if (!Op || Op->getOperator() != OO_Equal || Op->getArg(0)->IgnoreParens() != E->IgnoreParens())
      return nullptr;
    return Op;
  }

  /// The value of `LHS = E` where LHS is a splittable vector access (the
  /// store site handles it).
  bool isStoreRHS(const Expr *E) {
    const auto *Op = assignOf(E);
    if (!Op)
      return false;
    VecAddr Dst;
    const Expr *L = Op->getArg(0)->IgnoreParens();
    return isVectorAccess(L) && access(L, Dst) && Dst.P;
  }
  const CXXOperatorCallExpr *assignOf(const Expr *E) {
    const Stmt *P = parentSkipping(E);
    const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(P);
    if (!Op || Op->getOperator() != OO_Equal || Op->getNumArgs() != 2 ||
        Op->getArg(0)->IgnoreParens() == E->IgnoreParens() ||
        skipWrappers(Op->getArg(1)) != E->IgnoreParens())
      return nullptr;
    return Op;
  }

  /// `v = <vector load>;` / `regs[i] = <vector load>;` into a register
  /// vector: assign the lanes one by one from scalar loads.
  void loadInto(const Expr *E, const CXXOperatorCallExpr *Op) {
    Site &S = AC.addSite(RewriteName, Direction::Reverse, E->getBeginLoc(), FD);
    VecAddr VA;
    const Expr *L = Op->getArg(0)->IgnoreParenImpCasts();
    std::string LT = writtenText(Ctx, L).value_or("");
    S.Summary = "load a vector into '" + LT + "' lane by lane";
    if (!access(E, VA) || !VA.P) {
      S.addPrecondition(VectorTempOnlyLanes, Status::Fails,
                        "the vector address is not a cast of a scalar pointer");
      return;
    }
    S.Facts["width"] = std::to_string(VA.V);
    S.Facts["kind"] = "load";
    Root LR = A.rootOf(L->IgnoreParenImpCasts());
    if (!isPureExpr(L, Ctx) || LT.empty() || isMemoryAccessOfGlobal(L)) {
      // Not register storage: assign the value, loaded by scalar loads in place.
      S.Summary = "load a vector value with scalar loads in place";
      inPlace(S, {{E, nullptr}}, "the vector value is assigned whole to '" + LT + "'");
      return;
    }
    S.addPrecondition(VectorTempOnlyLanes, Status::Holds,
                      "the vector is assigned to register storage '" + LT + "' lane by lane");
    S.addPrecondition(NoAliasingWriteBetween, Status::Holds,
                      "the lanes are written to registers, which no load can alias");
    unsigned B0 = 0, E0 = 0;
    bool Braces = false;
    EditBuilder B(Ctx);
    if (!storeStatement(Op, B0, E0, &Braces)) {
      S.addPrecondition(SourceRewritable, Status::Fails,
                        "the assignment is not a plain statement of a block");
      return;
    }
    std::string Indent = T.indentAt(B0);
    std::string Open = Braces ? "{\n" + Indent + "  " : "", Close = Braces ? "\n" + Indent + "}" : "";
    std::string Sep = Braces ? "\n" + Indent + "  " : "\n" + Indent;
    std::vector<std::string> Lines;
    for (unsigned k = 0; k < VA.V; ++k)
      Lines.push_back(parenIf(!isPostfixSafe(L), LT) + "." + LaneNames[k] + " = " + laneText(VA, k) + ";");
    B.replaceChars(T.loc(B0), T.loc(E0), Open + join(Lines, Sep) + Close);
    commit(B, S);
    (void)LR;
  }

  /// True if \p L is memory other than a local variable or a local array.
  bool isMemoryAccessOfGlobal(const Expr *L) {
    L = L->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(L)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      return !VD || !VD->isLocalVarDecl() || VD->getType()->isReferenceType();
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(L)) {
      Root R = A.rootOf(AS->getBase());
      return R.K != Root::LocalArray;
    }
    return true;
  }

  bool isVectorAccess(const Expr *E) {
    E = E->IgnoreParens();
    if (!cuda::vectorKind(E->getType()))
      return false;
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      return U->getOpcode() == UO_Deref;
    if (isa<ArraySubscriptExpr>(E))
      return true;
    if (const auto *C = dyn_cast<CallExpr>(E))
      if (const FunctionDecl *F = C->getDirectCallee())
        return F->getIdentifier() && F->getName() == "__ldg";
    return false;
  }

  const MemberExpr *laneMemberOf(const Expr *E) {
    const Stmt *P = PM.getParentIgnoreParens(E);
    while (const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(P))
      P = PM.getParentIgnoreParens(ICE);
    const auto *M = dyn_cast_or_null<MemberExpr>(P);
    if (!M || M->isArrow())
      return nullptr;
    const auto *RV = dyn_cast_or_null<ImplicitCastExpr>(PM.getParentIgnoreParens(M));
    if (!RV || RV->getCastKind() != CK_LValueToRValue)
      return nullptr;
    return laneIndex(M) < 0 ? nullptr : M;
  }

  static int laneIndex(const MemberExpr *M) {
    StringRef N = M->getMemberDecl()->getName();
    for (int k = 0; k < 4; ++k)
      if (N == LaneNames[k])
        return k;
    return -1;
  }

  /// The statement (directly in a block) that holds a vector store, and its end past ';'.
  bool storeStatement(const CXXOperatorCallExpr *Op, unsigned &Begin, unsigned &End,
                      bool *NeedBraces = nullptr) {
    const Stmt *S = Op;
    const Stmt *P = PM.getParent(S);
    while (P && isa<ExprWithCleanups>(P)) {
      S = P;
      P = PM.getParent(P);
    }
    bool Body = false; // the whole body of an unbraced if/else/loop
    if (const auto *IS = dyn_cast_or_null<IfStmt>(P))
      Body = IS->getThen() == S || IS->getElse() == S;
    else if (const auto *FS = dyn_cast_or_null<ForStmt>(P))
      Body = FS->getBody() == S;
    else if (const auto *WS = dyn_cast_or_null<WhileStmt>(P))
      Body = WS->getBody() == S;
    else if (const auto *DS = dyn_cast_or_null<DoStmt>(P))
      Body = DS->getBody() == S;
    else if (const auto *RS = dyn_cast_or_null<CXXForRangeStmt>(P))
      Body = RS->getBody() == S;
    if (NeedBraces)
      *NeedBraces = Body;
    bool Plain = T.plain(S);
    if (!Plain && Op->getNumArgs() == 2) {
      // `FETCH_FLOAT4(y[i]) = v;`: the destination is exactly one macro
      // expansion, the rest is plain text.
      auto R = accessRange(Op->getArg(0));
      Plain = R && R->first == beginOffset(Ctx, S) && T.plain(Op->getArg(1));
    }
    if ((!isa_and_nonnull<CompoundStmt>(P) && !Body) || !Plain)
      return false;
    Begin = beginOffset(Ctx, S);
    auto E = T.afterSemi(endOffset(Ctx, S));
    if (!E)
      return false;
    End = *E;
    return true;
  }

  /// A vector store \p Ev to exactly the elements of \p VA: fine if every
  /// use comes before it and, should the store be split, value j only reads
  /// lanes k >= j (lanes < j are already stored by then).
  bool sameElementsReadFirst(const MemEvent &Ev, const VecAddr &VA,
                             const std::vector<std::pair<unsigned, int>> &UseAt) {
    VecAddr Dst;
    if (!access(Ev.E, Dst) || !Dst.P || Dst.V != VA.V || laneText(Dst, 0) != laneText(VA, 0))
      return false;
    for (const auto &[At, K] : UseAt)
      if (At >= Ev.Time)
        return false;
    const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(PM.getParentIgnoreParens(Ev.E));
    if (!Op || Op->getNumArgs() != 2)
      return false;
    const Expr *RHS = skipWrappers(Op->getArg(1));
    if (isa<DeclRefExpr>(RHS))
      return true; // stored whole: lane k goes to lane k
    const auto *Call = dyn_cast<CallExpr>(RHS);
    if (!Call || Call->getNumArgs() != Dst.V)
      return false;
    for (unsigned J = 0; J < Call->getNumArgs(); ++J) {
      unsigned B = beginOffset(Ctx, Call->getArg(J)), E = endOffset(Ctx, Call->getArg(J));
      for (const auto &[At, K] : UseAt)
        if (At >= B && At < E && (K < 0 || unsigned(K) < J))
          return false;
    }
    return true;
  }

  /// no-aliasing-write-between over [Begin, End) for loads from VA.
  void checkDelay(Verdicts &V, const VecAddr &VA, unsigned Begin, unsigned End,
                  const std::set<const Expr *> &Ignore,
                  const std::vector<std::pair<unsigned, int>> &UseAt) {
    Root P = A.rootOf(VA.P);
    std::string PName = P.Chain.empty() ? P.Name : P.Chain.front();
    std::vector<const VarDecl *> Vars;
    Linearizer::collectVars(VA.P, Vars);
    for (const Expr *TE : VA.TermExprs)
      Linearizer::collectVars(TE, Vars);
    const VarDecl *Which = nullptr;
    if (Facts.modifiedIn(Vars, Begin, End, &Which)) {
      V.set(NoAliasingWriteBetween, Status::Fails,
            "'" + Which->getName().str() +
                "' (part of the address) is modified between the vector load and a use");
      return;
    }
    for (const MemEvent &Ev : Facts.events()) {
      if (Ev.Begin < Begin || Ev.Begin >= End || Ignore.count(Ev.E))
        continue;
      if (Ev.K == MemEvent::Call) {
        V.set(NoAliasingWriteBetween, Status::Fails,
              "the call to '" + Ev.What + "' (line " + std::to_string(expansionLine(Ctx, Ev.E)) +
                  ") between the vector load and its uses may write or synchronize memory");
        return;
      }
      if (Ev.K != MemEvent::Write)
        continue;
      // A vector store to exactly these elements (`y4[i] = f(v.x, ...)`,
      // split or not) is fine if every use is read before it writes.
      if (isVectorAccess(Ev.E) && sameElementsReadFirst(Ev, VA, UseAt))
        continue;
      const Expr *EB = accessBasePointer(Ev.E);
      Root R = EB ? A.rootOf(EB) : Root();
      std::string Why;
      int Al = A.mayAlias(P, R, Why);
      std::string What = writtenText(Ctx, Ev.E).value_or("memory");
      if (Al == 2)
        V.set(NoAliasingWriteBetween, Status::Fails,
              "the store to '" + What + "' (line " + std::to_string(expansionLine(Ctx, Ev.E)) +
                  ") may overwrite an element before its delayed scalar load: " + Why);
      else if (Al == 1)
        V.set(NoAliasingWriteBetween, Status::Unknown,
              "the store to '" + What + "' (line " + std::to_string(expansionLine(Ctx, Ev.E)) +
                  ") lies between the vector load and a use: " + Why,
              PName.empty() ? "noalias" : "noalias:" + PName);
    }
    V.set(NoAliasingWriteBetween, Status::Holds,
          "no possibly-aliasing store between the vector load and its uses");
  }

  /// `make_float4(x[B], x[B + 1], x[B + 2], x[B + 3])`: the vector value
  /// read by V scalar loads at the same program point.
  std::string makeText(const VecAddr &VA) {
    std::vector<std::string> Lanes;
    for (unsigned k = 0; k < VA.V; ++k)
      Lanes.push_back(laneText(VA, k));
    return "make_" + cuda::vectorTypeName(VA.Elem, VA.V) + "(" + join(Lanes, ", ") + ")";
  }

  /// Resolves the vector access \p E to the scalar pointer it casts and
  /// records its width; otherwise fails vector-temp-only-lanes with the reason.
  bool vectorOfScalars(Site &S, const Expr *E, VecAddr &VA) {
    if (!access(E, VA) || !VA.P) {
      S.addPrecondition(VectorTempOnlyLanes, Status::Fails,
                        "the vector address '" + writtenText(Ctx, E).value_or("?") +
                            "' is not a cast of a scalar pointer" + (VA.Why.empty() ? "" : ": " + VA.Why));
      return false;
    }
    S.Facts["width"] = std::to_string(VA.V);
    return true;
  }

  /// The in-place form: each vector load in \p Loads becomes
  /// make_float4(<V scalar loads>) where it stands. Nothing moves, so no
  /// aliasing question arises; the vector value (a temporary that is
  /// modified or used whole, an argument, ...) is kept.
  void inPlace(Site &S, const std::vector<std::pair<const Expr *, const VarDecl *>> &Loads,
               const std::string &Why) {
    S.Facts["kind"] = "load";
    S.Facts["form"] = "in-place";
    std::vector<std::pair<const Expr *, VecAddr>> Plans;
    for (const auto &[E, VD] : Loads) {
      VecAddr VA;
      if (!vectorOfScalars(S, E, VA))
        return;
      Plans.push_back({E, VA});
    }
    std::string Names;
    for (const auto &[E, VD] : Loads)
      if (VD)
        Names += (Names.empty() ? "'" : ", '") + VD->getName().str() + "'";
    if (!Names.empty())
      S.Summary = "load vector temporar" + std::string(Loads.size() > 1 ? "ies " : "y ") + Names +
                  " with make_" + cuda::vectorTypeName(Plans[0].second.Elem, Plans[0].second.V) +
                  " of scalar loads in place";
    S.addPrecondition(VectorTempOnlyLanes, Status::Holds,
                      Names.empty()
                          ? Why + "; the vector load becomes " + std::to_string(Plans[0].second.V) +
                                " scalar loads in place (make_" +
                                cuda::vectorTypeName(Plans[0].second.Elem, Plans[0].second.V) + ")"
                          : Why + "; " + Names + " stay" + (Loads.size() > 1 ? "" : "s") +
                                ", loaded by " + std::to_string(Plans[0].second.V) +
                                " scalar loads in place (make_" +
                                cuda::vectorTypeName(Plans[0].second.Elem, Plans[0].second.V) + ")");
    S.addPrecondition(NoAliasingWriteBetween, Status::Holds,
                      "the scalar loads stay where the vector load was");
    EditBuilder B(Ctx);
    for (const auto &[E, VA] : Plans) {
      auto R = accessRange(E);
      if (!R || writtenText(Ctx, VA.P->IgnoreImpCasts()).value_or("").empty()) {
        S.addPrecondition(SourceRewritable, Status::Fails,
                          "the vector load is part of a macro expansion that is more than the "
                          "load");
        return;
      }
      B.replaceChars(T.loc(R->first), T.loc(R->second), makeText(VA));
    }
    commit(B, S);
  }

  /// File offsets of a vector access: its own text, or the whole macro
  /// expansion that is exactly it (`FETCH_FLOAT4(C[i])` expanding to
  /// `(reinterpret_cast<float4*>(&(C[i]))[0])`, parentheses included).
  std::optional<std::pair<unsigned, unsigned>> accessRange(const Expr *E) {
    const Stmt *X = E;
    for (unsigned D = 0; X && D < 4; ++D) {
      const auto *XE = cast<Expr>(X);
      CharSourceRange CR = Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(XE->getSourceRange()), T.SM, Ctx.getLangOpts());
      if (CR.isValid() && T.SM.getFileID(CR.getBegin()) == T.File &&
          T.SM.getFileID(CR.getEnd()) == T.File)
        return std::make_pair(T.SM.getFileOffset(CR.getBegin()), T.SM.getFileOffset(CR.getEnd()));
      const Stmt *P = PM.getParent(X);
      if (!isa_and_nonnull<ParenExpr>(P))
        break;
      X = P;
    }
    return std::nullopt;
  }

  /// True if the vector access \p E is read as a value (copied, or a
  /// prvalue), not bound to a reference, written or used as an lvalue.
  bool isValueUse(const Expr *E) {
    if (E->isPRValue())
      return true;
    const Stmt *Cur = E;
    while (true) {
      const Stmt *P = PM.getParent(Cur);
      if (!P)
        return false;
      if (isa<ParenExpr>(P)) {
        Cur = P;
        continue;
      }
      if (const auto *ICE = dyn_cast<ImplicitCastExpr>(P)) {
        if (ICE->getCastKind() == CK_LValueToRValue)
          return true;
        if (ICE->getCastKind() == CK_NoOp) {
          Cur = P;
          continue;
        }
        return false;
      }
      if (const auto *CO = dyn_cast<AbstractConditionalOperator>(P)) {
        if (Cur == CO->getCond())
          return false;
        Cur = P;
        continue;
      }
      if (const auto *CE = dyn_cast<CXXConstructExpr>(P))
        return CE->getNumArgs() == 1 && CE->getConstructor()->isCopyOrMoveConstructor();
      return false;
    }
  }

  /// How a vector access that is not read as a value is used (for refusals).
  std::string lvalueUseWhy(const Expr *E) {
    const Stmt *Cur = E, *P = PM.getParent(E);
    while (P && (isa<ParenExpr>(P) || (isa<ImplicitCastExpr>(P) &&
                                       cast<ImplicitCastExpr>(P)->getCastKind() == CK_NoOp))) {
      Cur = P;
      P = PM.getParent(P);
    }
    if (const auto *M = dyn_cast_or_null<MemberExpr>(P))
      return "has its lane '" + writtenText(Ctx, M).value_or("?") +
             "' assigned or its address taken (line " + std::to_string(expansionLine(Ctx, M)) + ")";
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(P))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit() == Cur)
          return "is bound to the reference '" + VD->getName().str() +
                 "': every use of it reads or writes memory";
    if (const auto *C = dyn_cast_or_null<CallExpr>(P)) {
      const FunctionDecl *F = C->getDirectCallee();
      return "is passed by reference to '" +
             (F && F->getIdentifier() ? F->getName().str() : std::string("a function")) +
             "', which may read or write it later";
    }
    return "is used as an lvalue (bound to a reference or written through)";
  }

  /// One declaration statement of vector temporaries (usually one; all of
  /// `float4 a = ..., b = ...;` are split together).
  void temp(const DeclStmt *DS, const std::vector<std::pair<const Expr *, const VarDecl *>> &Temps) {
    const Expr *E0 = Temps.front().first;
    Site &S = AC.addSite(RewriteName, Direction::Reverse, E0->getBeginLoc(), FD);
    Verdicts V;
    S.Summary = "load vector temporar" + std::string(Temps.size() > 1 ? "ies" : "y") + " '" +
                Temps.front().second->getName().str() + "'" +
                (Temps.size() > 1 ? ", ..." : "") + " as scalar loads at the uses";
    S.Facts["kind"] = "load";
    unsigned NDecls = 0;
    for (const Decl *D : DS->decls())
      (void)D, ++NDecls;
    // Why the lane form (declaration removed, loads at the uses) does not
    // fit; then the temporaries stay and their loads become scalar in place.
    std::string KeepWhy;
    if (NDecls != Temps.size())
      KeepWhy = "the declaration also declares other variables";
    struct Use {
      const MemberExpr *M = nullptr;
      int K = -1;
      const CXXOperatorCallExpr *Store = nullptr;
    };
    struct Plan {
      VecAddr VA;
      std::vector<Use> Uses;
    };
    std::vector<Plan> Plans;
    for (const auto &[E, VD] : Temps) {
    Plans.emplace_back();
    VecAddr &VA = Plans.back().VA;
    std::vector<Use> &Uses = Plans.back().Uses;
    if (!vectorOfScalars(S, E, VA))
      return;
    std::string Bad;
    auto Refs = match(findAll(declRefExpr(to(varDecl(equalsNode(VD)))).bind(ids::Access)),
                      *FD->getBody(), AC.ast());
    unsigned Last = endOffset(Ctx, E);
    unsigned DeclBegin = beginOffset(Ctx, E);
    for (const BoundNodes &BN : Refs) {
      const auto *Ref = BN.getNodeAs<DeclRefExpr>(ids::Access);
      Last = std::max(Last, endOffset(Ctx, Ref));
      // A use inside a loop that does not hold the declaration is repeated:
      // everything up to the end of that loop lies between load and use.
      for (const Stmt *Up = PM.getParent(Ref); Up; Up = PM.getParent(Up))
        if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Up) &&
            beginOffset(Ctx, Up) > DeclBegin)
          Last = std::max(Last, endOffset(Ctx, Up));
      const Stmt *P = PM.getParentIgnoreParens(Ref);
      if (const auto *M = dyn_cast_or_null<MemberExpr>(P)) {
        int K = laneIndex(M);
        const auto *RV = dyn_cast_or_null<ImplicitCastExpr>(PM.getParentIgnoreParens(M));
        if (K >= 0 && K < int(VA.V) && RV && RV->getCastKind() == CK_LValueToRValue) {
          Uses.push_back({M, K, nullptr});
          continue;
        }
        if (Bad.empty())
          Bad = "'" + writtenText(Ctx, M).value_or("?") + "' (line " +
                std::to_string(expansionLine(Ctx, M)) +
                ") is not only read: it is modified or its address is taken";
        continue;
      }
      // Stored whole by a vector store: the store is split too.
      const Stmt *Up = parentSkipping(Ref);
      if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(Up);
          Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
          skipWrappers(Op->getArg(1)) == Ref && isVectorAccess(Op->getArg(0)->IgnoreParens())) {
        VecAddr Dst;
        unsigned SB, SE;
        if (access(Op->getArg(0), Dst) && Dst.V == VA.V && Dst.Elem == VA.Elem &&
            storeStatement(Op, SB, SE)) {
          Uses.push_back({nullptr, -1, Op});
          continue;
        }
      }
      if (Bad.empty())
        Bad = "'" + VD->getName().str() + "' is used whole at line " +
              std::to_string(expansionLine(Ctx, Ref));
    }
    if (!Bad.empty()) {
      if (KeepWhy.empty())
        KeepWhy = Bad;
      continue;
    }
    V.set(VectorTempOnlyLanes, Status::Holds,
          "'" + VD->getName().str() + "' is only read through its lanes");
    std::set<const Expr *> Ignore;
    std::vector<std::pair<unsigned, int>> UseAt;
    for (const BoundNodes &BN : Refs) {
      const auto *Ref = BN.getNodeAs<DeclRefExpr>(ids::Access);
      const auto *M = dyn_cast_or_null<MemberExpr>(PM.getParentIgnoreParens(Ref));
      UseAt.push_back({beginOffset(Ctx, Ref), M ? laneIndex(M) : -1});
    }
    checkDelay(V, VA, endOffset(Ctx, DS), Last, Ignore, UseAt);
    } // each temporary
    // Delaying the loads to the uses must not cross a possibly-aliasing
    // store; where that is not proven, the loads stay where the vector load
    // was (the in-place form needs no aliasing fact).
    if (KeepWhy.empty())
      if (auto It = V.R.find(NoAliasingWriteBetween);
          It != V.R.end() && It->second.St != Status::Holds)
        KeepWhy = "moving the loads to the uses is not safe (" + It->second.Reason + ")";
    if (!KeepWhy.empty()) {
      inPlace(S, Temps, KeepWhy);
      return;
    }
    S.Facts["form"] = "lanes";
    V.emit(S, ReverseOrder);
    if (V.anyFails())
      return;
    EditBuilder B(Ctx);
    for (const Plan &Pl : Plans)
      if (writtenText(Ctx, Pl.VA.P->IgnoreImpCasts()).value_or("").empty()) {
        S.addPrecondition(SourceRewritable, Status::Fails, "the pointer is not plain source text");
        return;
      }
    B.removeLines(DS->getSourceRange());
    for (const Plan &Pl : Plans)
      for (const Use &U : Pl.Uses) {
        if (U.M) {
          B.replace(U.M->getSourceRange(), laneText(Pl.VA, U.K));
          continue;
        }
        VecAddr Dst;
        unsigned SB = 0, SE = 0;
        bool Braces = false;
        access(U.Store->getArg(0), Dst);
        storeStatement(U.Store, SB, SE, &Braces);
        std::string Indent = T.indentAt(SB);
        std::vector<std::string> Lines;
        for (unsigned k = 0; k < Pl.VA.V; ++k)
          Lines.push_back(laneText(Dst, k) + " = " + laneText(Pl.VA, k) + ";");
        B.replaceChars(T.loc(SB), T.loc(SE),
                       Braces ? "{\n" + Indent + "  " + join(Lines, "\n" + Indent + "  ") + "\n" +
                                    Indent + "}"
                              : join(Lines, "\n" + Indent));
      }
    for (const Plan &Pl : Plans)
      for (const Use &U : Pl.Uses)
        if (U.Store)
          Owned.insert(U.Store);
    commit(B, S);
  }

  void store(const Expr *E, const CXXOperatorCallExpr *Op) {
    Site &S = AC.addSite(RewriteName, Direction::Reverse, E->getBeginLoc(), FD);
    VecAddr Dst;
    unsigned B0 = 0, E0 = 0;
    if (!access(E, Dst) || !Dst.P) {
      S.Summary = "split a vector store";
      S.addPrecondition(VectorTempOnlyLanes, Status::Fails,
                        "the vector address '" + writtenText(Ctx, E).value_or("?") +
                            "' is not a cast of a scalar pointer");
      return;
    }
    std::string VT = cuda::vectorTypeName(Dst.Elem, Dst.V);
    S.Summary = "store " + VT + " as " + std::to_string(Dst.V) + " scalar stores";
    S.Facts["width"] = std::to_string(Dst.V);
    S.Facts["kind"] = "store";
    Verdicts V;
    V.set(VectorTempOnlyLanes, Status::Holds, "a vector store needs no vector temporary");
    std::vector<std::string> Values;
    std::string Prefix;
    const Expr *RHS = skipWrappers(Op->getArg(1));
    unsigned RB = beginOffset(Ctx, Op->getArg(1)), RE = endOffset(Ctx, Op->getArg(1));
    Root DR = A.rootOf(Dst.P);
    std::string DName = DR.Chain.empty() ? DR.Name : DR.Chain.front();
    const auto *Call = dyn_cast<CallExpr>(RHS);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    const CallExpr *MakeCall = nullptr;
    if (Callee && Callee->getIdentifier() && Callee->getName().starts_with("make_") &&
        Call->getNumArgs() == Dst.V) {
      MakeCall = Call;
      for (const Expr *Arg : Call->arguments())
        Values.push_back(writtenText(Ctx, Arg).value_or(""));
      // Values 1..V-1 are now evaluated after earlier lanes are stored.
      for (const MemEvent &Ev : Facts.events()) {
        if (Ev.Begin < RB || Ev.Begin >= RE)
          continue;
        if (Ev.K == MemEvent::Call) {
          V.set(NoAliasingWriteBetween, Status::Fails,
                "the call to '" + Ev.What + "' in the stored value would run between scalar stores");
          continue;
        }
        const Expr *EB = accessBasePointer(Ev.E);
        Root R = EB ? A.rootOf(EB) : Root();
        std::string Why;
        int Al = A.mayAlias(DR, R, Why);
        std::string What = writtenText(Ctx, Ev.E).value_or("memory");
        if (Al == 2)
          V.set(NoAliasingWriteBetween, Status::Fails,
                "the value reads '" + What + "', which a scalar store of an earlier lane may change");
        else if (Al == 1)
          V.set(NoAliasingWriteBetween, Status::Unknown,
                "the value reads '" + What + "' while earlier lanes are stored: " + Why,
                DName.empty() ? "noalias" : "noalias:" + DName);
      }
    } else if (isVectorAccess(RHS)) {
      VecAddr Src;
      if (!access(RHS, Src) || !Src.P || Src.V != Dst.V || Src.Elem != Dst.Elem) {
        // A register array element or a native float4 array: read its lanes.
        std::string Txt = writtenText(Ctx, RHS).value_or("");
        if (!RHS->isGLValue() || !isPureExpr(RHS, Ctx) || Txt.empty())
          V.set(VectorTempOnlyLanes, Status::Fails, "the stored vector's address cannot be split");
        for (unsigned k = 0; k < Dst.V; ++k)
          Values.push_back(parenIf(!isPostfixSafe(RHS), Txt) + "." + LaneNames[k]);
      } else {
        for (unsigned k = 0; k < Dst.V; ++k)
          Values.push_back(laneText(Src, k));
        Root SR = A.rootOf(Src.P);
        std::string Why;
        int Al = A.mayAlias(DR, SR, Why);
        if (Al == 2 && laneText(Src, 0) != laneText(Dst, 0))
          V.set(NoAliasingWriteBetween, Status::Fails,
                "copy within one array: scalar stores may overwrite elements not yet loaded");
        else if (Al == 1)
          V.set(NoAliasingWriteBetween, Status::Unknown,
                "interleaving scalar loads and stores of a copy: " + Why,
                DName.empty() ? "noalias" : "noalias:" + DName);
      }
    } else if (const auto *DRE = dyn_cast<DeclRefExpr>(RHS)) {
      std::string N = DRE->getDecl()->getName().str();
      for (unsigned k = 0; k < Dst.V; ++k)
        Values.push_back(N + "." + LaneNames[k]);
    } else {
      // Any other vector value: keep it in a temporary.
      std::string Name;
      for (unsigned N = 0;; ++N) {
        Name = "st_v" + std::to_string(N);
        if (Facts.nameIsFree(Name) && !UsedNames.count(Name))
          break;
      }
      UsedNames.insert(Name);
      Prefix = "const " + VT + " " + Name + " = " + writtenText(Ctx, Op->getArg(1)).value_or("") + ";";
      for (unsigned k = 0; k < Dst.V; ++k)
        Values.push_back(Name + "." + LaneNames[k]);
    }
    V.set(NoAliasingWriteBetween, Status::Holds,
          "splitting the store crosses no possibly-aliasing access");
    V.emit(S, ReverseOrder);
    if (V.anyFails())
      return;
    EditBuilder B(Ctx);
    bool Braces = false;
    if (!storeStatement(Op, B0, E0, &Braces)) {
      S.addPrecondition(SourceRewritable, Status::Fails,
                        "the vector store is not a plain statement of a block");
      return;
    }
    for (const std::string &Val : Values)
      if (Val.empty()) {
        S.addPrecondition(SourceRewritable, Status::Fails, "a stored value is not plain source text");
        return;
      }
    std::string Indent = T.indentAt(B0);
    // An unbraced if/loop body gets braces around the scalar stores.
    std::string Open = Braces ? "{\n" + Indent + "  " : "", Close = Braces ? "\n" + Indent + "}" : "";
    std::string Sep = Braces ? "\n" + Indent + "  " : "\n" + Indent;
    if (MakeCall) {
      // Keep the arguments in place (other sites may edit inside them):
      // rewrite only the text around them.
      std::vector<std::pair<unsigned, unsigned>> Args;
      for (const Expr *Arg : MakeCall->arguments()) {
        if (!T.plain(Arg)) {
          S.addPrecondition(SourceRewritable, Status::Fails,
                            "a stored value is produced by a macro expansion");
          return;
        }
        Args.push_back({beginOffset(Ctx, Arg), endOffset(Ctx, Arg)});
      }
      B.replaceChars(T.loc(B0), T.loc(Args[0].first), Open + laneText(Dst, 0) + " = ");
      for (unsigned k = 1; k < Dst.V; ++k)
        B.replaceChars(T.loc(Args[k - 1].second), T.loc(Args[k].first),
                       ";" + Sep + laneText(Dst, k) + " = ");
      B.replaceChars(T.loc(Args.back().second), T.loc(E0), ";" + Close);
      commit(B, S);
      return;
    }
    std::vector<std::string> Lines;
    if (!Prefix.empty())
      Lines.push_back(Prefix);
    for (unsigned k = 0; k < Dst.V; ++k)
      Lines.push_back(laneText(Dst, k) + " = " + Values[k] + ";");
    B.replaceChars(T.loc(B0), T.loc(E0), Open + join(Lines, Sep) + Close);
    commit(B, S);
  }

  void direct(const Expr *E, const MemberExpr *M) {
    Site &S = AC.addSite(RewriteName, Direction::Reverse, E->getBeginLoc(), FD);
    VecAddr VA;
    if (!access(E, VA) || !VA.P) {
      S.Summary = "split a vector load";
      S.addPrecondition(VectorTempOnlyLanes, Status::Fails,
                        "the vector address is not a cast of a scalar pointer");
      return;
    }
    int K = laneIndex(M);
    S.Summary = "load one lane of a " + cuda::vectorTypeName(VA.Elem, VA.V) + " as a scalar";
    S.Facts["width"] = std::to_string(VA.V);
    S.Facts["kind"] = "load";
    S.addPrecondition(VectorTempOnlyLanes, Status::Holds, "only lane ." + std::string(LaneNames[K]) + " is read");
    S.addPrecondition(NoAliasingWriteBetween, Status::Holds, "the load is not moved");
    EditBuilder B(Ctx);
    B.replace(M->getSourceRange(), laneText(VA, K));
    commit(B, S);
  }

  AnalysisContext &AC;
  const ASTContext &Ctx;
  TextCtx T;
  const FunctionDecl *FD;
  const FunctionFacts &Facts;
  Analyzer A;
  ParentMap PM;
  std::set<const CXXOperatorCallExpr *> Owned;
  std::set<std::string> UsedNames;
};

//===----------------------------------------------------------------------===//
// The pair
//===----------------------------------------------------------------------===//

class FunctionCollector : public MatchFinder::MatchCallback {
public:
  std::vector<const FunctionDecl *> Fns;
  void run(const MatchFinder::MatchResult &R) override {
    const auto *FD = R.Nodes.getNodeAs<FunctionDecl>(ids::Fn);
    if (!FD || FD->isDependentContext() || !FD->getBody())
      return;
    // Device code only: host reference loops and launchers are not global
    // memory accesses of a thread.
    if (!cuda::isDeviceCode(FD))
      return;
    if (std::find(Fns.begin(), Fns.end(), FD) == Fns.end())
      Fns.push_back(FD);
  }
};

class VectorizeGlobalAccess : public RewritePair {
public:
  StringRef name() const override { return RewriteName; }
  StringRef intent() const override {
    return "turn V contiguous per-thread scalar float/int global loads or stores into one "
           "float4/float2 (int4/uint4...) access: fewer, wider memory transactions";
  }
  ArrayRef<PreconditionSpec> preconditions() const override { return Specs; }
  ArrayRef<OptionSpec> options() const override {
    static const OptionSpec Options[] = {
        {"vector-width", OptionSpec::Enum, "auto",
         "lanes per vector access: 'auto' (by group size), or force 4 or 2", 0, 0,
         {"auto", "4", "2"}},
    };
    return Options;
  }
  void findSites(Direction D, AnalysisContext &AC) const override {
    MatchFinder Finder;
    FunctionCollector C;
    Finder.addMatcher(functionMatcher(), &C);
    Finder.matchAST(AC.ast());
    for (const FunctionDecl *FD : C.Fns) {
      if (D == Direction::Forward)
        ForwardAnalysis(AC, FD).run();
      else
        ReverseAnalysis(AC, FD).run();
    }
  }
};

} // namespace

std::unique_ptr<RewritePair> createVectorizeGlobalAccess() {
  return std::make_unique<VectorizeGlobalAccess>();
}

} // namespace klineage
