//===- Reverse.cpp - Vector accesses to scalar accesses -------------------===//
//
// Part of KLineage. The reverse direction of vectorize-global-access: find
// vector loads and stores through a cast of a scalar pointer (the shapes
// expert kernels write), decide the form of their scalar replacement (loads
// at the uses of a temporary read through lanes, scalar loads in place, lane
// by lane stores), ask the pair's precondition functions, and build the
// scalar accesses. See docs/rewrites/vectorize-global-access.md.
//
//===----------------------------------------------------------------------===//
#include "VectorizeGlobalAccess.h"
#include "klineage/Cuda/Intrinsics.h"
#include "klineage/Cuda/PackedVectors.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;
using namespace llvm;

namespace klineage {
namespace vga {

namespace {

constexpr char AccessId[] = "access";
const char *const ReverseOrder[] = {VectorTempOnlyLanes, NoAliasingWriteBetween};

auto vectorType() {
  return qualType(hasCanonicalType(recordType(hasDeclaration(
      recordDecl(hasAnyName("float4", "float2", "int4", "int2", "uint4", "uint2"))))));
}
/// Vector accesses *(float4*)..., ((float4*)p)[i], __ldg((const float4*)...).
auto vectorAccessMatcher() {
  return expr(anyOf(arraySubscriptExpr(hasType(vectorType())),
                    unaryOperator(hasOperatorName("*"), hasType(vectorType())),
                    callExpr(callee(functionDecl(hasName("__ldg"))), hasType(vectorType()))))
      .bind(AccessId);
}

} // namespace

//===----------------------------------------------------------------------===//
// VectorAddresses
//===----------------------------------------------------------------------===//

const Expr *VectorAddresses::skipWrappers(const Expr *E) {
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
const Stmt *VectorAddresses::parentSkipping(const Stmt *E) const {
  const Stmt *P = PM.getParent(E);
  while (P && (isa<ParenExpr, ExprWithCleanups, MaterializeTemporaryExpr, CXXBindTemporaryExpr>(P) ||
               (isa<ImplicitCastExpr>(P) &&
                (cast<ImplicitCastExpr>(P)->getCastKind() == CK_NoOp)) ||
               (isa<CXXConstructExpr>(P) && cast<CXXConstructExpr>(P)->getNumArgs() == 1)))
    P = PM.getParent(P);
  return P;
}

bool VectorAddresses::decompose(const Expr *Addr, VecAddr &Out, unsigned Depth) const {
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
    QualType ST = S->getType()->getPointeeType();
    auto SK = cuda::scalarKind(ST);
    Out.Elem = VK->first;
    Out.V = VK->second;
    if (!SK || *SK != VK->first) {
      // Bytes or halves packed into integer lanes (a uint4 load of 16
      // pixels): each lane reassembles from its scalars.
      QualType Canon = ST.getCanonicalType();
      uint64_t LaneBytes = 4, Bytes = Canon->isIntegerType() ? Ctx.getTypeSize(Canon) / 8 : 0;
      if (VK->first == "float" || !Canon->isIntegerType() || Canon->isBooleanType() || Canon.isVolatileQualified() ||
          Bytes == 0 || Bytes >= LaneBytes) {
        Out.Why = "the cast is not from a pointer to " + VK->first;
        return false;
      }
      Out.Pack = unsigned(LaneBytes / Bytes);
      Out.Narrow = Ctx.getCorrespondingUnsignedType(Canon.getUnqualifiedType()).getAsString(Ctx.getPrintingPolicy());
    }
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
    return addTerm(Out, Idx, Out.stride());
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf && VK) {
    // &q4[j] with q4 a float4 pointer: q4 + j.
    const auto *AS = dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParens());
    if (!AS || !AS->getBase()->getType()->isPointerType() || !decompose(AS->getBase(), Out, Depth + 1))
      return false;
    return addTerm(Out, AS->getIdx(), Out.stride());
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
bool VectorAddresses::castFromScalar(const Expr *E) const {
  VecAddr VA;
  if (access(E, VA))
    return true;
  const Expr *Ptr = analysis::accessBasePointer(E);
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

bool VectorAddresses::addTerm(VecAddr &Out, const Expr *Idx, unsigned Scale) const {
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
bool VectorAddresses::access(const Expr *E, VecAddr &Out) const {
  E = E->IgnoreParens();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return decompose(U->getSubExpr(), Out);
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    if (!decompose(AS->getBase(), Out))
      return false;
    return addTerm(Out, AS->getIdx(), Out.stride());
  }
  if (const auto *C = dyn_cast<CallExpr>(E); C && C->getNumArgs() == 1)
    return decompose(C->getArg(0), Out);
  return false;
}

std::string VectorAddresses::laneText(const VecAddr &VA, unsigned K) const {
  const Expr *P = VA.P->IgnoreImpCasts();
  std::string PT = parenIf(!isPostfixSafe(P), writtenText(Ctx, P).value_or(""));
  if (VA.Pack == 1)
    return PT + "[" + sumText(VA.Terms, K) + "]";
  // Lane K of packed scalars: its Pack elements, little-endian (the GPU's
  // byte order), zero-extended.
  std::vector<std::string> Parts;
  unsigned Bits = 32 / VA.Pack;
  for (unsigned B = 0; B < VA.Pack; ++B)
    Parts.push_back("(unsigned int)(" + VA.Narrow + ")" + PT + "[" + sumText(VA.Terms, K * VA.Pack + B) + "]" +
                    (B ? " << " + std::to_string(B * Bits) : ""));
  std::string Word = "(" + join(Parts, " | ") + ")";
  return VA.Elem == "uint" ? Word : "(" + VA.Elem + ")" + Word;
}

bool VectorAddresses::isVectorAccess(const Expr *E) const {
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

int VectorAddresses::laneIndex(const MemberExpr *M) {
  StringRef N = M->getMemberDecl()->getName();
  for (int k = 0; k < 4; ++k)
    if (N == LaneNames[k])
      return k;
  return -1;
}

/// A vector store \p Ev to exactly the elements of \p VA: fine if every
/// use comes before it and, should the store be split, value j only reads
/// lanes k >= j (lanes < j are already stored by then).
bool sameElementsReadFirst(const ReverseSubject &S, const MemEvent &Ev, const VecAddr &VA,
                           const std::vector<std::pair<unsigned, int>> &UseAt) {
  const ASTContext &Ctx = S.View.ast();
  const VectorAddresses &A = S.Addr;
  VecAddr Dst;
  if (!A.access(Ev.E, Dst) || !Dst.P || Dst.V != VA.V || A.laneText(Dst, 0) != A.laneText(VA, 0))
    return false;
  for (const auto &[At, K] : UseAt)
    if (At >= Ev.Time)
      return false;
  const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(S.PM.getParentIgnoreParens(Ev.E));
  if (!Op || Op->getNumArgs() != 2)
    return false;
  const Expr *RHS = VectorAddresses::skipWrappers(Op->getArg(1));
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


//===----------------------------------------------------------------------===//
// The analysis
//===----------------------------------------------------------------------===//

namespace {

class ReverseAnalysis : FunctionAnalysis {
public:
  ReverseAnalysis(AnalysisContext &AC, const FunctionDecl *FD)
      : FunctionAnalysis(AC, FD), Addr(Ctx, Facts, PM) {}

  void run() {
    // The one access of a packed load or store helper is its callers' site
    // (packedAccesses), not one of its own.
    if (helperOf(FD))
      return;
    auto Matches = match(findAll(vectorAccessMatcher()), *FD->getBody(), AC.ast());
    std::vector<const Expr *> Accesses;
    for (const BoundNodes &BN : Matches)
      if (const auto *E = BN.getNodeAs<Expr>(AccessId))
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
      if (const VarDecl *VD = tempOf(E); VD && Addr.castFromScalar(E)) {
        const auto *DS = cast<DeclStmt>(Addr.parentSkipping(E));
        if (!ByDecl.count(DS))
          Decls.push_back(DS);
        ByDecl[DS].push_back({E, VD});
      }
    for (const DeclStmt *DS : Decls)
      temp(DS, ByDecl[DS]);
    for (const Expr *E : Accesses) {
      if (tempOf(E) || !Addr.castFromScalar(E))
        continue; // a native float4 array: nothing to split
      if (const CXXOperatorCallExpr *St = storeOf(E)) {
        if (!Owned.count(St))
          store(E, St);
        continue;
      }
      if (isStoreRHS(E))
        continue;
      if (const CXXOperatorCallExpr *Op = assignOf(E)) {
        loadInto(E, Op);
        continue;
      }
      if (const MemberExpr *M = laneMemberOf(E)) {
        direct(E, M);
        continue;
      }
      Site &S = AC.addSite(RewriteName, Direction::Reverse, E->getBeginLoc(), FD, "vector-access");
      if (isValueUse(E)) {
        // A vector value used whole (an argument, an operand, a copy):
        // load it with scalar loads where it stands.
        S.Summary = "load a vector value with scalar loads in place";
        inPlace(S, {{E, nullptr}}, "the vector value is used whole");
        continue;
      }
      S.Summary = "split a vector access";
      ReverseSubject Sub = subject(ReverseSubject::LValue, E);
      S.check(spec(VectorTempOnlyLanes, Direction::Reverse), query(Sub));
    }
    packedAccesses();
  }

private:
  ReverseSubject subject(ReverseSubject::Form F, const Expr *E) {
    ReverseSubject Sub(A, Addr, PM);
    Sub.F = F;
    Sub.Access = E;
    return Sub;
  }
  PreconditionQuery query(const ReverseSubject &Sub) {
    return {AC, FD, DynTypedNode::create(*Sub.Access), &Sub};
  }
  /// Records that the vector access \p E is no cast of a scalar pointer
  /// (vector-temp-only-lanes fails with \p Why).
  void notScalar(Site &S, const Expr *E, const std::string &Why) {
    ReverseSubject Sub = subject(ReverseSubject::NotScalar, E);
    Sub.Why = Why;
    S.check(spec(VectorTempOnlyLanes, Direction::Reverse), query(Sub));
  }
  /// Resolves the vector access \p E to the scalar pointer it casts and
  /// records its width; otherwise records why not.
  bool vectorOfScalars(Site &S, const Expr *E, VecAddr &VA) {
    if (!Addr.access(E, VA) || !VA.P) {
      notScalar(S, E,
                "the vector address '" + writtenText(Ctx, E).value_or("?") +
                    "' is not a cast of a scalar pointer" + (VA.Why.empty() ? "" : ": " + VA.Why));
      return false;
    }
    S.Facts["width"] = std::to_string(VA.V);
    return true;
  }

  const VarDecl *tempOf(const Expr *E) {
    const Stmt *P = Addr.parentSkipping(E);
    const auto *DS = dyn_cast_or_null<DeclStmt>(P);
    if (!DS)
      return nullptr;
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (VD && VD->getInit() && VectorAddresses::skipWrappers(VD->getInit()) == E->IgnoreParens() &&
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
    return Addr.isVectorAccess(L) && Addr.access(L, Dst) && Dst.P;
  }
  const CXXOperatorCallExpr *assignOf(const Expr *E) {
    const Stmt *P = Addr.parentSkipping(E);
    const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(P);
    if (!Op || Op->getOperator() != OO_Equal || Op->getNumArgs() != 2 ||
        Op->getArg(0)->IgnoreParens() == E->IgnoreParens() ||
        VectorAddresses::skipWrappers(Op->getArg(1)) != E->IgnoreParens())
      return nullptr;
    return Op;
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
    return VectorAddresses::laneIndex(M) < 0 ? nullptr : M;
  }

  /// The statement that is exactly expression \p E: directly in a block,
  /// or the whole body of an unbraced if/loop (\p NeedBraces), with text
  /// that \p Plain accepts; its extent past ';'.
  bool expressionStatement(const Expr *E, unsigned &Begin, unsigned &End, bool *NeedBraces,
                           function_ref<bool(const Stmt *)> Plain) {
    const Stmt *S = E;
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
    if ((!isa_and_nonnull<CompoundStmt>(P) && !Body) || !Plain(S))
      return false;
    Begin = beginOffset(Ctx, S);
    auto After = offsetPastSemicolon(Ctx, File, endOffset(Ctx, S));
    if (!After)
      return false;
    End = *After;
    return true;
  }

  /// The statement of a vector store `dst = value;` (expressionStatement).
  bool storeStatement(const CXXOperatorCallExpr *Op, unsigned &Begin, unsigned &End,
                      bool *NeedBraces = nullptr) {
    return expressionStatement(Op, Begin, End, NeedBraces, [&](const Stmt *S) {
      if (isUnexpandedText(Ctx, S))
        return true;
      // `FETCH_FLOAT4(y[i]) = v;`: the destination is exactly one macro
      // expansion, the rest is plain text.
      CharSourceRange R = Op->getNumArgs() == 2 ? accessRange(Op->getArg(0)) : CharSourceRange();
      return R.isValid() &&
             Ctx.getSourceManager().getFileOffset(R.getBegin()) == beginOffset(Ctx, S) &&
             isUnexpandedText(Ctx, Op->getArg(1));
    });
  }

  /// `make_float4(x[B], x[B + 1], x[B + 2], x[B + 3])`: the vector value
  /// read by V scalar loads at the same program point.
  std::string makeText(const VecAddr &VA) {
    std::vector<std::string> Lanes;
    for (unsigned k = 0; k < VA.V; ++k)
      Lanes.push_back(Addr.laneText(VA, k));
    return "make_" + cuda::vectorTypeName(VA.Elem, VA.V) + "(" + join(Lanes, ", ") + ")";
  }

  /// The text of a vector access: its own, or the whole macro expansion
  /// that is exactly it (`FETCH_FLOAT4(C[i])` expanding to
  /// `(reinterpret_cast<float4*>(&(C[i]))[0])`, parentheses included).
  CharSourceRange accessRange(const Expr *E) {
    const Stmt *X = E;
    for (unsigned D = 0; X && D < 4; ++D) {
      if (CharSourceRange CR = writtenRange(Ctx, X); CR.isValid())
        return CR;
      const Stmt *P = PM.getParent(X);
      if (!isa_and_nonnull<ParenExpr>(P))
        break;
      X = P;
    }
    return CharSourceRange();
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

  /// `v = <vector load>;` / `regs[i] = <vector load>;` into a register
  /// vector: assign the lanes one by one from scalar loads.
  void loadInto(const Expr *E, const CXXOperatorCallExpr *Op) {
    Site &S = AC.addSite(RewriteName, Direction::Reverse, E->getBeginLoc(), FD, "vector-load");
    VecAddr VA;
    const Expr *L = Op->getArg(0)->IgnoreParenImpCasts();
    std::string LT = writtenText(Ctx, L).value_or("");
    S.Summary = "load a vector into '" + LT + "' lane by lane";
    if (!Addr.access(E, VA) || !VA.P) {
      notScalar(S, E, "the vector address is not a cast of a scalar pointer");
      return;
    }
    S.Facts["width"] = std::to_string(VA.V);
    S.Facts["kind"] = "load";
    if (!analysis::isPureExpr(L, Ctx) || LT.empty() || isMemoryAccessOfGlobal(L)) {
      // Not register storage: assign the value, loaded by scalar loads in place.
      S.Summary = "load a vector value with scalar loads in place";
      inPlace(S, {{E, nullptr}}, "the vector value is assigned whole to '" + LT + "'");
      return;
    }
    ReverseSubject Sub = subject(ReverseSubject::LoadInto, E);
    Sub.Target = LT;
    S.check(spec(VectorTempOnlyLanes, Direction::Reverse), query(Sub));
    S.check(spec(NoAliasingWriteBetween, Direction::Reverse), query(Sub));
    unsigned B0 = 0, E0 = 0;
    bool Braces = false;
    EditBuilder B(Ctx);
    if (!storeStatement(Op, B0, E0, &Braces)) {
      S.addPrecondition(SourceRewritable, Status::Fails,
                        "the assignment is not a plain statement of a block");
      return;
    }
    std::string Indent = lineIndent(Ctx, fileLoc(Ctx, File, B0));
    std::string Open = Braces ? "{\n" + Indent + "  " : "", Close = Braces ? "\n" + Indent + "}" : "";
    std::string Sep = Braces ? "\n" + Indent + "  " : "\n" + Indent;
    std::vector<std::string> Lines;
    for (unsigned k = 0; k < VA.V; ++k)
      Lines.push_back(parenIf(!isPostfixSafe(L), LT) + "." + LaneNames[k] + " = " +
                      Addr.laneText(VA, k) + ";");
    B.replaceChars(fileLoc(Ctx, File, B0), fileLoc(Ctx, File, E0), Open + join(Lines, Sep) + Close);
    commit(B, S);
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
    std::string VT = cuda::vectorTypeName(Plans[0].second.Elem, Plans[0].second.V);
    if (!Names.empty())
      S.Summary = "load vector temporar" + std::string(Loads.size() > 1 ? "ies " : "y ") + Names +
                  " with make_" + VT + " of scalar loads in place";
    ReverseSubject Sub = subject(ReverseSubject::InPlace, Loads.front().first);
    Sub.Loads = Loads;
    Sub.Why = Why;
    Sub.Width = Plans[0].second.V;
    Sub.Elem = Plans[0].second.Elem;
    S.check(spec(VectorTempOnlyLanes, Direction::Reverse), query(Sub));
    S.check(spec(NoAliasingWriteBetween, Direction::Reverse), query(Sub));
    EditBuilder B(Ctx);
    for (const auto &[E, VA] : Plans) {
      CharSourceRange R = accessRange(E);
      if (R.isInvalid() || writtenText(Ctx, VA.P->IgnoreImpCasts()).value_or("").empty()) {
        S.addPrecondition(SourceRewritable, Status::Fails,
                          "the vector load is part of a macro expansion that is more than the "
                          "load");
        return;
      }
      B.replaceChars(R.getBegin(), R.getEnd(), makeText(VA));
    }
    commit(B, S);
  }

  /// Where the use \p Ref of a temporary declared at \p DeclBegin ends as
  /// far as loads delayed to it are concerned: a use inside a loop that
  /// does not hold the declaration is repeated, so the whole loop lies
  /// between the load and the use.
  unsigned useExtent(const DeclRefExpr *Ref, unsigned DeclBegin) {
    unsigned Last = endOffset(Ctx, Ref);
    for (const Stmt *Up = PM.getParent(Ref); Up; Up = PM.getParent(Up))
      if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Up) && beginOffset(Ctx, Up) > DeclBegin)
        Last = std::max(Last, endOffset(Ctx, Up));
    return Last;
  }

  /// The uses of temporary \p T.Var: lane reads and whole vector stores, or
  /// why it is used otherwise (\p T.Bad); the span its loads would be
  /// delayed across when they move to the uses.
  void planUses(TempPlan &T, const DeclStmt *DS) {
    auto Refs = match(findAll(declRefExpr(to(varDecl(equalsNode(T.Var)))).bind(AccessId)),
                      *FD->getBody(), AC.ast());
    unsigned Last = endOffset(Ctx, T.Load);
    for (const BoundNodes &BN : Refs) {
      const auto *Ref = BN.getNodeAs<DeclRefExpr>(AccessId);
      Last = std::max(Last, useExtent(Ref, beginOffset(Ctx, T.Load)));
      const Stmt *P = PM.getParentIgnoreParens(Ref);
      const auto *M = dyn_cast_or_null<MemberExpr>(P);
      T.UseAt.push_back({beginOffset(Ctx, Ref), M ? VectorAddresses::laneIndex(M) : -1});
      if (M) {
        int K = VectorAddresses::laneIndex(M);
        const auto *RV = dyn_cast_or_null<ImplicitCastExpr>(PM.getParentIgnoreParens(M));
        if (K >= 0 && K < int(T.VA.V) && RV && RV->getCastKind() == CK_LValueToRValue) {
          T.Uses.push_back({M, K, nullptr});
          continue;
        }
        if (T.Bad.empty()) {
          T.Bad = "'" + writtenText(Ctx, M).value_or("?") + "' (line " +
                  std::to_string(expansionLine(Ctx, M)) +
                  ") is not only read: it is modified or its address is taken";
          T.BadAt = M;
        }
        continue;
      }
      // Stored whole by a vector store: the store is split too.
      const Stmt *Up = Addr.parentSkipping(Ref);
      if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(Up);
          Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
          VectorAddresses::skipWrappers(Op->getArg(1)) == Ref &&
          Addr.isVectorAccess(Op->getArg(0)->IgnoreParens())) {
        VecAddr Dst;
        unsigned SB, SE;
        if (Addr.access(Op->getArg(0), Dst) && Dst.V == T.VA.V && Dst.Elem == T.VA.Elem && Dst.Pack == 1 &&
            storeStatement(Op, SB, SE)) {
          T.Uses.push_back({nullptr, -1, Op});
          continue;
        }
      }
      if (T.Bad.empty()) {
        T.Bad = "'" + T.Var->getName().str() + "' is used whole at line " +
                std::to_string(expansionLine(Ctx, Ref));
        T.BadAt = Ref;
      }
    }
    T.DelayBegin = endOffset(Ctx, DS);
    T.DelayEnd = Last;
  }

  /// One declaration statement of vector temporaries (usually one; all of
  /// `float4 a = ..., b = ...;` are split together).
  void temp(const DeclStmt *DS, const std::vector<std::pair<const Expr *, const VarDecl *>> &Temps) {
    const Expr *E0 = Temps.front().first;
    Site &S = AC.addSite(RewriteName, Direction::Reverse, E0->getBeginLoc(), FD, "vector-temporary");
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
    ReverseSubject Sub = subject(ReverseSubject::Lanes, E0);
    for (const auto &[E, VD] : Temps) {
      TempPlan T;
      T.Load = E;
      T.Var = VD;
      if (!vectorOfScalars(S, E, T.VA))
        return;
      planUses(T, DS);
      if (!T.Bad.empty()) {
        if (KeepWhy.empty())
          KeepWhy = T.Bad;
        continue;
      }
      Sub.Temps.push_back(std::move(T));
    }
    // Delaying the loads to the uses must not cross a possibly-aliasing
    // store; where that is not proven, the loads stay where the vector load
    // was (the in-place form needs no aliasing fact).
    Verdicts V;
    if (KeepWhy.empty()) {
      V.check(spec(VectorTempOnlyLanes, Direction::Reverse), query(Sub));
      if (V.check(spec(NoAliasingWriteBetween, Direction::Reverse), query(Sub)) != Status::Holds)
        KeepWhy = "moving the loads to the uses is not safe (" +
                  V.R[NoAliasingWriteBetween].Reason + ")";
    }
    if (!KeepWhy.empty()) {
      inPlace(S, Temps, KeepWhy);
      return;
    }
    S.Facts["form"] = "lanes";
    V.emit(S, ReverseOrder);
    EditBuilder B(Ctx);
    for (const TempPlan &T : Sub.Temps)
      if (writtenText(Ctx, T.VA.P->IgnoreImpCasts()).value_or("").empty()) {
        S.addPrecondition(SourceRewritable, Status::Fails, "the pointer is not plain source text");
        return;
      }
    B.removeLines(DS->getSourceRange());
    for (const TempPlan &T : Sub.Temps)
      for (const TempUse &U : T.Uses) {
        if (U.M) {
          B.replace(U.M->getSourceRange(), Addr.laneText(T.VA, U.K));
          continue;
        }
        VecAddr Dst;
        unsigned SB = 0, SE = 0;
        bool Braces = false;
        Addr.access(U.Store->getArg(0), Dst);
        storeStatement(U.Store, SB, SE, &Braces);
        std::string Indent = lineIndent(Ctx, fileLoc(Ctx, File, SB));
        std::vector<std::string> Lines;
        for (unsigned k = 0; k < T.VA.V; ++k)
          Lines.push_back(Addr.laneText(Dst, k) + " = " + Addr.laneText(T.VA, k) + ";");
        B.replaceChars(fileLoc(Ctx, File, SB), fileLoc(Ctx, File, SE),
                       Braces ? "{\n" + Indent + "  " + join(Lines, "\n" + Indent + "  ") + "\n" +
                                    Indent + "}"
                              : join(Lines, "\n" + Indent));
      }
    for (const TempPlan &T : Sub.Temps)
      for (const TempUse &U : T.Uses)
        if (U.Store)
          Owned.insert(U.Store);
    commit(B, S);
  }

  void store(const Expr *E, const CXXOperatorCallExpr *Op) {
    Site &S = AC.addSite(RewriteName, Direction::Reverse, E->getBeginLoc(), FD, "vector-store");
    VecAddr Dst;
    unsigned B0 = 0, E0 = 0;
    if (!Addr.access(E, Dst) || !Dst.P) {
      S.Summary = "split a vector store";
      notScalar(S, E,
                "the vector address '" + writtenText(Ctx, E).value_or("?") +
                    "' is not a cast of a scalar pointer");
      return;
    }
    std::string VT = cuda::vectorTypeName(Dst.Elem, Dst.V);
    if (Dst.Pack > 1) {
      S.Summary = "split a vector store";
      notScalar(S, E, "the " + VT + " store writes " + Dst.Narrow + " elements packed into its lanes, which are not split into scalar stores");
      return;
    }
    S.Summary = "store " + VT + " as " + std::to_string(Dst.V) + " scalar stores";
    S.Facts["width"] = std::to_string(Dst.V);
    S.Facts["kind"] = "store";
    // The scalar values, lane by lane.
    std::vector<std::string> Values;
    std::string Prefix;
    const Expr *RHS = VectorAddresses::skipWrappers(Op->getArg(1));
    const auto *Call = dyn_cast<CallExpr>(RHS);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    const CallExpr *MakeCall = nullptr;
    if (Callee && Callee->getIdentifier() && Callee->getName().starts_with("make_") &&
        Call->getNumArgs() == Dst.V) {
      MakeCall = Call;
      for (const Expr *Arg : Call->arguments())
        Values.push_back(writtenText(Ctx, Arg).value_or(""));
    } else if (Addr.isVectorAccess(RHS)) {
      VecAddr Src;
      if (!Addr.access(RHS, Src) || !Src.P || Src.V != Dst.V || Src.Elem != Dst.Elem) {
        // A register array element or a native float4 array: read its lanes.
        std::string Txt = writtenText(Ctx, RHS).value_or("");
        for (unsigned k = 0; k < Dst.V; ++k)
          Values.push_back(parenIf(!isPostfixSafe(RHS), Txt) + "." + LaneNames[k]);
      } else {
        for (unsigned k = 0; k < Dst.V; ++k)
          Values.push_back(Addr.laneText(Src, k));
      }
    } else if (const auto *DRE = dyn_cast<DeclRefExpr>(RHS)) {
      std::string N = DRE->getDecl()->getName().str();
      for (unsigned k = 0; k < Dst.V; ++k)
        Values.push_back(N + "." + LaneNames[k]);
    } else {
      // Any other vector value: keep it in a temporary.
      std::string Name = Names.numbered("st_v");
      Prefix = "const " + VT + " " + Name + " = " + writtenText(Ctx, Op->getArg(1)).value_or("") + ";";
      for (unsigned k = 0; k < Dst.V; ++k)
        Values.push_back(Name + "." + LaneNames[k]);
    }
    ReverseSubject Sub = subject(ReverseSubject::Store, E);
    Sub.StoreOp = Op;
    Verdicts V;
    V.check(spec(VectorTempOnlyLanes, Direction::Reverse), query(Sub));
    V.check(spec(NoAliasingWriteBetween, Direction::Reverse), query(Sub));
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
    std::string Indent = lineIndent(Ctx, fileLoc(Ctx, File, B0));
    // An unbraced if/loop body gets braces around the scalar stores.
    std::string Open = Braces ? "{\n" + Indent + "  " : "", Close = Braces ? "\n" + Indent + "}" : "";
    std::string Sep = Braces ? "\n" + Indent + "  " : "\n" + Indent;
    if (MakeCall) {
      // Keep the arguments in place (other sites may edit inside them):
      // rewrite only the text around them.
      std::vector<std::pair<unsigned, unsigned>> Args;
      for (const Expr *Arg : MakeCall->arguments()) {
        if (!isUnexpandedText(Ctx, Arg)) {
          S.addPrecondition(SourceRewritable, Status::Fails,
                            "a stored value is produced by a macro expansion");
          return;
        }
        Args.push_back({beginOffset(Ctx, Arg), endOffset(Ctx, Arg)});
      }
      B.replaceChars(fileLoc(Ctx, File, B0), fileLoc(Ctx, File, Args[0].first),
                     Open + Addr.laneText(Dst, 0) + " = ");
      for (unsigned k = 1; k < Dst.V; ++k)
        B.replaceChars(fileLoc(Ctx, File, Args[k - 1].second), fileLoc(Ctx, File, Args[k].first),
                       ";" + Sep + Addr.laneText(Dst, k) + " = ");
      B.replaceChars(fileLoc(Ctx, File, Args.back().second), fileLoc(Ctx, File, E0), ";" + Close);
      commit(B, S);
      return;
    }
    std::vector<std::string> Lines;
    if (!Prefix.empty())
      Lines.push_back(Prefix);
    for (unsigned k = 0; k < Dst.V; ++k)
      Lines.push_back(Addr.laneText(Dst, k) + " = " + Values[k] + ";");
    B.replaceChars(fileLoc(Ctx, File, B0), fileLoc(Ctx, File, E0), Open + join(Lines, Sep) + Close);
    commit(B, S);
  }

  void direct(const Expr *E, const MemberExpr *M) {
    Site &S = AC.addSite(RewriteName, Direction::Reverse, E->getBeginLoc(), FD, "vector-lane");
    VecAddr VA;
    if (!Addr.access(E, VA) || !VA.P) {
      S.Summary = "split a vector load";
      notScalar(S, E, "the vector address is not a cast of a scalar pointer");
      return;
    }
    int K = VectorAddresses::laneIndex(M);
    S.Summary = "load one lane of a " + cuda::vectorTypeName(VA.Elem, VA.V) + " as a scalar";
    S.Facts["width"] = std::to_string(VA.V);
    S.Facts["kind"] = "load";
    ReverseSubject Sub = subject(ReverseSubject::OneLane, E);
    Sub.Lane = K;
    S.check(spec(VectorTempOnlyLanes, Direction::Reverse), query(Sub));
    S.check(spec(NoAliasingWriteBetween, Direction::Reverse), query(Sub));
    EditBuilder B(Ctx);
    B.replace(M->getSourceRange(), Addr.laneText(VA, K));
    commit(B, S);
  }

  //===--------------------------------------------------------------------===//
  // Packed vectors (llm.c's Packed128 and its load/store helpers)
  //===--------------------------------------------------------------------===//

  /// The helper \p F is, if it is a packed load or store (remembered).
  const std::optional<cuda::PackedAccessHelper> &helperOf(const FunctionDecl *F) {
    auto It = Helpers.find(F);
    if (It == Helpers.end())
      It = Helpers.emplace(F, cuda::packedAccessHelper(Ctx, F)).first;
    return It->second;
  }

  /// Every call of a packed load or store helper: a vector access of the
  /// pointer it is given.
  void packedAccesses() {
    auto Calls = match(findAll(callExpr().bind(AccessId)), *FD->getBody(), AC.ast());
    std::vector<std::pair<const CallExpr *, cuda::PackedAccessHelper>> Found;
    for (const BoundNodes &BN : Calls) {
      const auto *C = BN.getNodeAs<CallExpr>(AccessId);
      if (!C || C->isTypeDependent() || C->isValueDependent() || isa<CXXMemberCallExpr>(C) ||
          isa<CXXOperatorCallExpr>(C))
        continue;
      if (const FunctionDecl *F = C->getDirectCallee())
        if (const auto &H = helperOf(F))
          Found.push_back({C, *H});
    }
    std::sort(Found.begin(), Found.end(), [&](const auto &X, const auto &Y) {
      return beginOffset(Ctx, X.first) < beginOffset(Ctx, Y.first);
    });
    // A packed load that is the value of a packed store is that store's
    // (a copy, split lane by lane).
    std::set<const Expr *> Copied;
    for (const auto &[C, H] : Found)
      if (H.K == cuda::PackedAccessHelper::Store)
        Copied.insert(VectorAddresses::skipWrappers(C->getArg(H.ValueParam)));
    for (const auto &[C, H] : Found) {
      if (Copied.count(C))
        continue;
      PackedPlan P;
      P.Call = C;
      P.Helper = H;
      scalarAddress(C->getArg(H.PointerParam), P.VA);
      if (H.K == cuda::PackedAccessHelper::Load)
        packedLoad(P);
      else
        packedStore(P);
    }
  }

  /// The scalar pointer \p Ptr a packed helper is given as pointer + index
  /// terms: `p + e`, `&p[e]`, `p`.
  void scalarAddress(const Expr *Ptr, VecAddr &Out) {
    const Expr *E = Ptr->IgnoreParenImpCasts();
    while (true) {
      if (const auto *B = dyn_cast<BinaryOperator>(E);
          B && B->getOpcode() == BO_Add && B->getType()->isPointerType()) {
        const Expr *P = B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS();
        const Expr *I = P == B->getLHS() ? B->getRHS() : B->getLHS();
        addIndexTerm(Out, I);
        E = P->IgnoreParenImpCasts();
        continue;
      }
      if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
        if (const auto *AS = dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParens());
            AS && AS->getBase()->getType()->isPointerType()) {
          addIndexTerm(Out, AS->getIdx());
          E = AS->getBase()->IgnoreParenImpCasts();
          continue;
        }
      break;
    }
    // Terms were collected outermost first: `p + a + b` is (p + a) + b.
    std::reverse(Out.Terms.begin(), Out.Terms.end());
    Out.P = E;
  }
  void addIndexTerm(VecAddr &Out, const Expr *I) {
    Expr::EvalResult R;
    if (!I->isValueDependent() && I->EvaluateAsInt(R, Ctx)) {
      if (int64_t C = R.Val.getInt().getExtValue())
        Out.Terms.push_back(std::to_string(C));
      return;
    }
    Out.Terms.push_back(parenIf(needsParens(I->IgnoreImpCasts(), prec::Additive),
                                writtenText(Ctx, I).value_or("")));
    Out.TermExprs.push_back(I);
  }

  /// `p[B + k]`, the scalar element \p Index (text) of \p VA.
  std::string elementText(const VecAddr &VA, const Expr *Index) {
    Expr::EvalResult R;
    if (!Index->isValueDependent() && Index->EvaluateAsInt(R, Ctx))
      return Addr.laneText(VA, unsigned(R.Val.getInt().getExtValue()));
    VecAddr At = VA;
    At.Terms.push_back(parenIf(needsParens(Index->IgnoreImpCasts(), prec::Additive),
                               writtenText(Ctx, Index).value_or("")));
    return Addr.laneText(At, 0);
  }

  std::string packedWhat(const PackedPlan &P) {
    return std::to_string(P.Helper.Type.Lanes) + " x " +
           P.Helper.Type.Element.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy()) + ", " +
           P.Helper.Fn->getNameAsString();
  }

  /// A packed load `P v = load128(p + B);`: v's elements become scalar loads
  /// `p[B + k]` at the uses and the declaration goes.
  void packedLoad(PackedPlan &P) {
    Site &S = AC.addSite(RewriteName, Direction::Reverse, P.Call->getBeginLoc(), FD, "packed-load");
    S.Facts["width"] = std::to_string(P.Helper.Type.Lanes);
    S.Facts["kind"] = "load";
    S.Facts["form"] = "packed";
    const Stmt *Up = Addr.parentSkipping(P.Call);
    const auto *DS = dyn_cast_or_null<DeclStmt>(Up);
    const VarDecl *VD = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (!VD || !VD->getInit() || VectorAddresses::skipWrappers(VD->getInit()) != P.Call ||
        !VD->hasLocalStorage() || VD->getType()->isReferenceType()) {
      S.Summary = "load a packed vector (" + packedWhat(P) + ") as scalar loads";
      P.NoForm = "the packed load '" + writtenText(Ctx, P.Call).value_or("?") +
                 "' is not the initialiser of a temporary of its own; a packed value has no "
                 "scalar form in place";
    } else {
      P.Var = VD;
      P.Decl = DS;
      S.Summary = "load packed '" + VD->getName().str() + "' (" + packedWhat(P) +
                  ") as scalar loads at the uses";
      if (!VD->getType()->getContainedAutoType())
        P.TypeText = sourceText(Ctx, VD->getTypeSourceInfo()->getTypeLoc().getUnqualifiedLoc()
                                         .getSourceRange())
                         .value_or("");
      packedUses(P);
    }
    ReverseSubject Sub = subject(ReverseSubject::PackedLoad, P.Call);
    Sub.Packed = &P;
    Verdicts V;
    if (V.check(spec(VectorTempOnlyLanes, Direction::Reverse), query(Sub)) != Status::Fails)
      V.check(spec(NoAliasingWriteBetween, Direction::Reverse), query(Sub));
    V.emit(S, ReverseOrder);
    if (V.anyFails())
      return;
    EditBuilder B(Ctx);
    if (writtenText(Ctx, P.VA.P->IgnoreImpCasts()).value_or("").empty()) {
      S.addPrecondition(SourceRewritable, Status::Fails, "the pointer is not plain source text");
      return;
    }
    B.removeLines(P.Decl->getSourceRange());
    for (const PackedPlan::Use &U : P.Uses) {
      if (U.K == PackedPlan::Use::Element)
        B.replace(U.At->getSourceRange(), elementText(P.VA, U.Index));
      else if (const auto *M = dyn_cast<MemberExpr>(U.At))
        B.replace(M->getSourceRange(), P.TypeText + "::" + M->getMemberDecl()->getNameAsString());
    }
    commit(B, S);
  }

  /// The uses of packed temporary \p P.Var and the span its loads would be
  /// delayed across.
  void packedUses(PackedPlan &P) {
    auto Refs = match(findAll(declRefExpr(to(varDecl(equalsNode(P.Var)))).bind(AccessId)),
                      *FD->getBody(), AC.ast());
    unsigned Last = endOffset(Ctx, P.Decl);
    for (const BoundNodes &BN : Refs) {
      const auto *Ref = BN.getNodeAs<DeclRefExpr>(AccessId);
      Last = std::max(Last, useExtent(Ref, beginOffset(Ctx, P.Decl)));
      PackedPlan::Use U;
      U.At = Ref;
      const Stmt *Up = PM.getParentIgnoreParenImpCasts(const_cast<DeclRefExpr *>(Ref));
      if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(Up)) {
        if (auto El = cuda::packedElement(Ctx, Op);
            El && El->Object->IgnoreParenImpCasts() == Ref) {
          U.K = PackedPlan::Use::Element;
          U.At = Op;
          U.Index = El->Index;
          U.Read = elementRead(Op);
        }
      } else if (const auto *M = dyn_cast_or_null<MemberExpr>(Up);
                 M && isa<VarDecl>(M->getMemberDecl())) {
        U.K = PackedPlan::Use::Static;
        U.At = M;
      }
      P.Uses.push_back(U);
    }
    P.DelayBegin = endOffset(Ctx, P.Decl);
    P.DelayEnd = Last;
  }

  /// The element \p Op is read as a value: converted to an rvalue, or the
  /// object of a const member call (a conversion operator of __half).
  bool elementRead(const CXXOperatorCallExpr *Op) {
    const Stmt *P = PM.getParentIgnoreParens(Op);
    if (const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(P))
      return ICE->getCastKind() == CK_LValueToRValue;
    if (const auto *M = dyn_cast_or_null<MemberExpr>(P))
      if (const auto *MD = dyn_cast<CXXMethodDecl>(M->getMemberDecl()))
        return MD->isConst() && isa_and_nonnull<CXXMemberCallExpr>(PM.getParent(M));
    return false;
  }

  /// True if \p T has a payload `operator[]` usable on a const object
  /// (\p Const) or any object.
  static bool hasPayloadSubscript(const cuda::PackedVectorType &T, bool Const) {
    for (const CXXMethodDecl *M : T.Record->methods())
      if (cuda::isPayloadSubscript(M, T) && (M->isConst() || !Const))
        return true;
    return false;
  }

  /// A packed store `store128(p + B, v);`: V scalar stores `p[B + k] = v[k];`
  /// where it stands.
  void packedStore(PackedPlan &P) {
    Site &S = AC.addSite(RewriteName, Direction::Reverse, P.Call->getBeginLoc(), FD, "packed-store");
    S.Facts["width"] = std::to_string(P.Helper.Type.Lanes);
    S.Facts["kind"] = "store";
    S.Facts["form"] = "packed";
    const Expr *Val = VectorAddresses::skipWrappers(P.Call->getArg(P.Helper.ValueParam));
    std::string ValText, Prefix;
    bool Const = true;
    if (const auto *Load = dyn_cast<CallExpr>(Val); Load && Load->getDirectCallee()) {
      const auto &H = helperOf(Load->getDirectCallee());
      if (H && H->K == cuda::PackedAccessHelper::Load &&
          H->Type.Record->getCanonicalDecl() == P.Helper.Type.Record->getCanonicalDecl()) {
        P.CopyFrom = Load;
        scalarAddress(Load->getArg(H->PointerParam), P.SrcVA);
      }
    }
    if (P.CopyFrom) {
      // Lane by lane: dst[B + k] = src[C + k].
    } else if (const auto *DRE = dyn_cast<DeclRefExpr>(Val); DRE && isa<VarDecl>(DRE->getDecl())) {
      ValText = DRE->getDecl()->getName().str();
      Const = DRE->getType().isConstQualified();
      laneDefinitions(P, cast<VarDecl>(DRE->getDecl()));
    } else {
      ValText = Names.numbered("st_v");
      Prefix = "const auto " + ValText + " = " + writtenText(Ctx, Val).value_or("") + ";";
    }
    S.Summary = "store packed '" + (ValText.empty() || !Prefix.empty() ? writtenText(Ctx, Val).value_or("?") : ValText) +
                "' (" + packedWhat(P) + ") as " + std::to_string(P.Helper.Type.Lanes) +
                " scalar stores";
    unsigned B0 = 0, E0 = 0;
    bool Braces = false;
    if (!P.CopyFrom && !hasPayloadSubscript(P.Helper.Type, Const))
      P.NoForm = "the packed type has no operator[] returning a payload element of a " +
                 std::string(Const ? "const " : "") + "value";
    else if (!expressionStatement(P.Call, B0, E0, &Braces, [&](const Stmt *St) {
               return isUnexpandedText(Ctx, St);
             }))
      P.NoForm = "the packed store is not a statement of its own";
    ReverseSubject Sub = subject(ReverseSubject::PackedStore, P.Call);
    Sub.Packed = &P;
    S.check(spec(VectorTempOnlyLanes, Direction::Reverse), query(Sub));
    if (!P.NoForm.empty())
      return;
    S.check(spec(NoAliasingWriteBetween, Direction::Reverse), query(Sub));
    if (S.verdict() == Status::Fails)
      return;
    if (writtenText(Ctx, P.VA.P->IgnoreImpCasts()).value_or("").empty() ||
        (!Prefix.empty() && !writtenText(Ctx, Val)) ||
        (P.CopyFrom && writtenText(Ctx, P.SrcVA.P->IgnoreImpCasts()).value_or("").empty())) {
      S.addPrecondition(SourceRewritable, Status::Fails,
                        "the pointer or the stored value is not plain source text");
      return;
    }
    if (P.TempDecl) {
      // Each lane stored where it is assigned; the temporary goes.
      S.Facts["stores"] = "at the lane assignments";
      S.Summary = "store packed '" + ValText + "' (" + packedWhat(P) + ") lane by lane where its lanes are assigned";
      EditBuilder B(Ctx);
      for (const PackedPlan::LaneDef &D : P.Defs)
        B.replace(D.Element->getSourceRange(), elementText(P.VA, D.Index));
      B.removeStatement(P.Call);
      B.removeStatement(P.TempDecl);
      commit(B, S);
      return;
    }
    if (!P.DefsWhy.empty())
      S.Facts["stores"] = "at the packed store: " + P.DefsWhy;
    std::vector<std::string> Lines;
    if (!Prefix.empty())
      Lines.push_back(Prefix);
    for (unsigned k = 0; k < P.Helper.Type.Lanes; ++k)
      Lines.push_back(Addr.laneText(P.VA, k) + " = " +
                      (P.CopyFrom ? Addr.laneText(P.SrcVA, k)
                                  : ValText + "[" + std::to_string(k) + "]") +
                      ";");
    std::string Indent = lineIndent(Ctx, fileLoc(Ctx, File, B0));
    EditBuilder B(Ctx);
    B.replaceChars(fileLoc(Ctx, File, B0), fileLoc(Ctx, File, E0),
                   Braces ? "{\n" + Indent + "  " + join(Lines, "\n" + Indent + "  ") + "\n" +
                                Indent + "}"
                          : join(Lines, "\n" + Indent));
    commit(B, S);
  }

  /// Fills P.Defs when the stored temporary \p T is assigned lane by lane
  /// before the store and used nowhere else, the assignments run exactly
  /// once each whenever the store does, and nothing between the first
  /// assignment and the store may touch the destination; else P.DefsWhy.
  void laneDefinitions(PackedPlan &P, const VarDecl *T) {
    auto No = [&](std::string Why) {
      P.Defs.clear();
      P.TempDecl = nullptr;
      P.DefsWhy = std::move(Why);
    };
    const unsigned Lanes = P.Helper.Type.Lanes;
    const auto *Block = dyn_cast_or_null<CompoundStmt>(PM.getParent(P.Call));
    const DeclStmt *Decl = nullptr;
    if (Block)
      for (const Stmt *St : Block->body())
        if (const auto *DS = dyn_cast<DeclStmt>(St); DS && DS->isSingleDecl() && DS->getSingleDecl() == T)
          Decl = DS;
    if (!Block || !Decl || !T->hasLocalStorage() || T->getType()->isReferenceType())
      return No("the temporary is not declared in the block of the packed store");
    if (const Expr *I = T->getInit()) {
      const auto *CE = dyn_cast<CXXConstructExpr>(I->IgnoreImplicit());
      if (!CE || CE->getNumArgs() != 0)
        return No("the temporary has an initial value");
    }
    // Every other use assigns one lane: `t[e] = v;`, a statement of its own.
    auto Refs = match(traverse(TK_AsIs, findAll(declRefExpr(to(varDecl(equalsNode(T)))).bind("r"))),
                      *FD->getBody(), const_cast<ASTContext &>(Ctx));
    const Expr *Stored = VectorAddresses::skipWrappers(P.Call->getArg(P.Helper.ValueParam));
    for (const auto &M : Refs) {
      const auto *Ref = M.getNodeAs<DeclRefExpr>("r");
      if (Ref == Stored->IgnoreParenImpCasts() || analysis::containsStmt(Stored, Ref))
        continue;
      const Stmt *Up = PM.getParentIgnoreParenImpCasts(const_cast<DeclRefExpr *>(Ref));
      const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(Up);
      auto El = Op ? cuda::packedElement(Ctx, Op) : std::nullopt;
      const auto *As = Op ? dyn_cast_or_null<BinaryOperator>(PM.getParentIgnoreParens(Op)) : nullptr;
      if (!El || !As || As->getOpcode() != BO_Assign || As->getLHS()->IgnoreParens() != Op ||
          !isa_and_nonnull<CompoundStmt, ForStmt>(PM.getParent(As)))
        return No("'" + T->getName().str() + "' is used other than by assignments to its lanes (line " +
                  std::to_string(expansionLine(Ctx, Ref)) + ")");
      P.Defs.push_back({As, Op, El->Index});
    }
    if (P.Defs.empty())
      return No("no lane of '" + T->getName().str() + "' is assigned");
    // The statements of the block holding the assignments, between the
    // declaration and the store.
    auto Position = [&](const Stmt *X) -> std::optional<size_t> {
      size_t I = 0;
      for (const Stmt *St : Block->body()) {
        if (St == X || analysis::containsStmt(St, X))
          return I;
        ++I;
      }
      return std::nullopt;
    };
    auto DeclAt = Position(Decl), StoreAt = Position(P.Call);
    const Stmt *First = nullptr;
    std::set<int64_t> Seen;
    bool Looped = false;
    for (const PackedPlan::LaneDef &D : P.Defs) {
      auto At = Position(D.Assign);
      if (!At || !DeclAt || !StoreAt || *At <= *DeclAt || *At >= *StoreAt)
        return No("a lane is assigned outside the statements between the declaration and the store");
      const Stmt *Top = Block->body_begin()[*At];
      if (!First || Position(First) > At)
        First = Top;
      Expr::EvalResult R;
      if (!D.Index->isValueDependent() && D.Index->EvaluateAsInt(R, Ctx)) {
        if (Top != D.Assign || !Seen.insert(R.Val.getInt().getExtValue()).second)
          return No("a constant lane is assigned twice or under a condition");
        continue;
      }
      // The one assignment of a lane loop `for (k = 0; k < size; ++k)`
      // (under its `#pragma unroll`, if any).
      const Stmt *Loop = Top;
      while (const auto *AS = dyn_cast<AttributedStmt>(Loop))
        Loop = AS->getSubStmt();
      const auto *L = dyn_cast<ForStmt>(Loop);
      auto Range = L ? upCountedRange(const_cast<ASTContext &>(Ctx), *L, analysis::refVar(D.Index), FD->getBody())
                     : std::nullopt;
      const Stmt *Parent = PM.getParent(D.Assign);
      if (!Range || *Range != std::make_pair(int64_t(0), uint64_t(Lanes)) || P.Defs.size() != 1 ||
          (Parent != L && !(Parent == L->getBody() && isa<CompoundStmt>(Parent))))
        return No("the lane index is neither a constant nor the counter of a loop over the " +
                  std::to_string(Lanes) + " lanes around the assignment");
      Looped = true;
    }
    if (!Looped && Seen.size() != Lanes)
      return No("not every lane is assigned");
    // Nothing may leave the block between the first assignment and the store.
    for (auto It = Block->body_begin() + *Position(First); It != Block->body_begin() + *StoreAt; ++It)
      if (!match(traverse(TK_AsIs, findAll(stmt(anyOf(returnStmt(), breakStmt(), continueStmt(), gotoStmt())).bind("j"))),
                 **It, const_cast<ASTContext &>(Ctx))
               .empty())
        return No("a jump between the lane assignments and the store could skip the store");
    // The destination's address must mean at the assignments what it means
    // at the store: its variables declared before them and not changed
    // in between.
    std::vector<const VarDecl *> Vars;
    Linearizer::collectVars(P.VA.P, Vars);
    for (const Expr *TE : P.VA.TermExprs)
      Linearizer::collectVars(TE, Vars);
    unsigned Begin = beginOffset(Ctx, First), End = beginOffset(Ctx, P.Call);
    for (const VarDecl *V : Vars)
      if (V->hasLocalStorage() && !isa<ParmVarDecl>(V) &&
          Ctx.getSourceManager().getFileOffset(Ctx.getSourceManager().getExpansionLoc(V->getLocation())) >= Begin)
        return No("'" + V->getName().str() + "' (part of the destination's address) is declared after the "
                  "first lane assignment");
    const VarDecl *Which = nullptr;
    if (Facts.modifiedIn(Vars, Begin, End, &Which))
      return No("'" + Which->getName().str() + "' (part of the destination's address) changes between the lane "
                "assignments and the store");
    // Nor touch the destination (the lanes are stored earlier now).
    Root Target = A.rootOf(P.VA.P);
    for (const analysis::Interference &I :
         A.interferences(Target, Begin, End, /*Reads=*/true)) {
      const analysis::MemEvent &Ev = *I.Event;
      if (Ev.K == analysis::MemEvent::Call) {
        if (auto El = cuda::packedElement(Ctx, Ev.E)) {
          const VarDecl *Obj = analysis::refVar(El->Object);
          if (Obj && Obj->hasLocalStorage() && !Obj->getType()->isReferenceType()) {
            // A lane of a register pack; of a packed load, it becomes a load
            // of that memory where it is read (this rewrite's load form),
            // which must not see the lanes stored early.
            const auto *Init = Obj->getInit() ? dyn_cast<CallExpr>(VectorAddresses::skipWrappers(Obj->getInit()))
                                              : nullptr;
            const FunctionDecl *LF = Init ? Init->getDirectCallee() : nullptr;
            const auto &H = LF ? helperOf(LF) : std::nullopt;
            std::string Why;
            if (H && H->K == cuda::PackedAccessHelper::Load &&
                A.mayAlias(Target, A.rootOf(Init->getArg(H->PointerParam)), Why) != 0)
              return No("the lanes of '" + Obj->getName().str() + "' (line " +
                        std::to_string(expansionLine(Ctx, Ev.E)) +
                        ") are loaded where they are read, from memory that may alias the destination: " + Why);
            continue;
          }
        }
        const auto *C = dyn_cast<CallExpr>(Ev.E);
        if (C && cuda::isPureFunction(C->getDirectCallee()))
          continue;
      }
      return No("'" + writtenText(Ctx, Ev.E).value_or(Ev.What) + "' (line " + std::to_string(expansionLine(Ctx, Ev.E)) +
                ") between the lane assignments and the store may touch the destination: " +
                (I.Why.empty() ? std::string("a call") : I.Why));
    }
    P.TempDecl = Decl;
  }

  VectorAddresses Addr;
  std::set<const CXXOperatorCallExpr *> Owned;
  std::map<const FunctionDecl *, std::optional<cuda::PackedAccessHelper>> Helpers;
};

} // namespace

void findReverseSites(AnalysisContext &AC, const FunctionDecl *FD) { ReverseAnalysis(AC, FD).run(); }

} // namespace vga
} // namespace klineage
