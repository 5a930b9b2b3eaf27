//===- LoopUnroll.cpp - #pragma unroll on device loops, and back ----------===//
//
// Part of KLineage. Forward: put `#pragma unroll` (full) or `#pragma unroll N`
// (--option=unroll-factor=N) on its own line above a `for`, `while`, `do` or
// range-`for` loop in device code. Reverse: remove such a pragma line.
//
// Full unrolling is only asked for when the trip count is a compile-time
// constant in every template instantiation and small enough (option
// max-full-unroll, default 64): a full unroll of an unknown or huge trip count
// is either ignored by nvcc (a warning, no effect) or bloats the code past
// the instruction cache. A factor unroll needs neither.
//
// `#pragma unroll 1` and `#pragma nounroll` are *anti*-unroll hints: the
// reverse direction does not match them (removing one would let the compiler
// unroll), and the forward direction refuses loops that carry them.
//
// Docs: docs/rewrites/loop-unroll.md.
//
//===----------------------------------------------------------------------===//
#include "RewriteRegistry.h"
#include "klineage/Analysis/Mutation.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/StringExtras.h"
#include <functional>

using namespace clang;
using namespace clang::ast_matchers;
using namespace llvm;

namespace klineage {
namespace {

/// clang 22 has no matcher for AttributedStmt; this is the one the forward
/// and reverse matchers share.
const internal::VariadicDynCastAllOfMatcher<Stmt, AttributedStmt> attributedStmt;

/// The loop hint(s) on an AttributedStmt, whatever the pragma spelling.
AST_MATCHER(AttributedStmt, hasLoopHint) {
  return llvm::any_of(Node.getAttrs(), [](const Attr *A) { return isa<LoopHintAttr>(A); });
}

/// Bound-node ids shared by the forward and the reverse matchers.
namespace ids {
constexpr char Loop[] = "loop";       ///< the for/while/do/range-for statement
constexpr char Hinted[] = "hinted";   ///< the AttributedStmt carrying loop hints
} // namespace ids

/// The loops this pair works on; both directions start from it.
StatementMatcher loopStmt() {
  return stmt(anyOf(forStmt(), whileStmt(), doStmt(), cxxForRangeStmt()));
}

constexpr char Name[] = "loop-unroll";
constexpr char DeviceCode[] = "device-code";
constexpr char NoExistingPragma[] = "no-existing-pragma";
constexpr char ConstantTripCount[] = "constant-trip-count";
constexpr char TripCountLimit[] = "trip-count-limit";
constexpr char FactorValid[] = "unroll-factor-valid";
constexpr char PragmaRemovable[] = "pragma-removable";
constexpr char LoopRepeats[] = "loop-repeats";

Status checkDeviceCode(const PreconditionQuery &Q, PreconditionResult &R);

const PreconditionSpec Specs[] = {
    {DeviceCode, Direction::Forward, 1201,
     "the loop is in device code (__global__/__device__ function, or a lambda inside one)",
     &checkDeviceCode},
    {NoExistingPragma, Direction::Forward, 1202,
     "the loop carries no loop hint yet (#pragma unroll/nounroll/clang loop)"},
    {ConstantTripCount, Direction::Forward, 1203,
     "full unroll: the trip count is a compile-time constant in every instantiation"},
    {TripCountLimit, Direction::Forward, 1204,
     "full unroll: the trip count is at most max-full-unroll (default 64)"},
    {FactorValid, Direction::Forward, 1205,
     "option unroll-factor is 'full' or an integer from 2 to 1024"},
    {PragmaRemovable, Direction::Reverse, 1206,
     "the pragma is a plain '#pragma unroll [N]' line of the main file, not from a macro/_Pragma"},
    {LoopRepeats, Direction::Forward, 1207,
     "the loop can repeat: its condition is not constant false (do { ... } while (0) is a "
     "statement wrapper, not a loop)"},
};

constexpr unsigned DefaultMaxFullUnroll = 64;
/// How far the trip-count simulation goes before it gives up counting.
constexpr uint64_t SimulationCap = 1u << 16;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

using analysis::refVar;

/// device-code: the loop's function (Q.Function) runs on the device. When it
/// does not, the evidence is the host function's declaration.
Status checkDeviceCode(const PreconditionQuery &Q, PreconditionResult &R) {
  const FunctionDecl *FD = Q.Function;
  if (const FunctionDecl *Dev = cuda::deviceContextOf(FD)) {
    R.Reason = "in " + cuda::executionSpace(Dev) + " function '" + Dev->getNameAsString() + "'";
    return Status::Holds;
  }
  if (!FD) {
    R.Reason = "the loop is not inside a function";
    return Status::Fails;
  }
  const FunctionDecl *Host = cuda::hostContextOf(FD);
  std::string Who = "'" + Host->getNameAsString() + "'";
  if (Host != FD)
    Who = "a lambda in " + Who + ", which";
  std::string Why = Who + " is host code";
  if (Host->isConstexpr() && cuda::isImplicitlyDeviceForClang(Host))
    Why += " (constexpr without __device__: nvcc compiles it for the host only)";
  else if (Host != FD)
    Why += " (a lambda without __device__ runs where the function around it runs)";
  R.Reason = Why + ": nvcc's host compiler ignores #pragma unroll there";
  R.Evidence.push_back(evidenceAt(Q.AC.ast(), Host->getLocation(), "declaration",
                                  "'" + Host->getNameAsString() + "' is declared here as host code"));
  return Status::Fails;
}


std::string hintSpelling(ASTContext &Ctx, const LoopHintAttr *A) {
  // Prefer the pragma line as written.
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = A->getLocation();
  if (L.isValid() && L.isFileID() && SM.isInMainFile(L)) {
    StringRef Buf = SM.getBufferData(SM.getMainFileID());
    unsigned Off = SM.getFileOffset(L);
    size_t LS = Off == 0 ? StringRef::npos : Buf.rfind('\n', Off - 1);
    size_t LE = Buf.find('\n', Off);
    StringRef Line = Buf.slice(LS == StringRef::npos ? 0 : LS + 1,
                               LE == StringRef::npos ? Buf.size() : LE)
                         .split("//").first.trim();
    if (Line.starts_with("#"))
      return Line.str();
  }
  std::string Out;
  raw_string_ostream OS(Out);
  A->printPretty(OS, Ctx.getPrintingPolicy());
  return StringRef(Out).trim().str();
}

//===----------------------------------------------------------------------===//
// Trip count
//===----------------------------------------------------------------------===//

/// Result of the trip-count analysis of one loop (one instantiation).
struct TripCount {
  Status St = Status::Unknown;
  std::string Reason;
  std::optional<uint64_t> Count; ///< exact, when known and <= SimulationCap
  bool OverCap = false;          ///< known to be constant but > SimulationCap
};

/// Whether \p E is an integer constant here; on failure, names the first
/// non-constant variable it reads.
std::optional<APSInt> constantValue(ASTContext &Ctx, const Expr *E, std::string &Why) {
  if (E->isValueDependent() || E->isTypeDependent()) {
    Why = "'" + nodeText(Ctx, E, "<expr>") + "' depends on a template parameter (decided per instantiation)";
    return std::nullopt;
  }
  if (cuda::readsWarpSize(E)) {
    Why = "'" + nodeText(Ctx, E, "<expr>") +
          "' is not a compile-time constant for nvcc ('warpSize' is read from the %WARP_SZ "
          "register at run time; only clang's headers make it 32); write 32 if that is meant";
    return std::nullopt;
  }
  Expr::EvalResult R;
  if (E->EvaluateAsInt(R, Ctx))
    return R.Val.getInt();
  // A local integer initialised with a constant and never modified in its
  // function (`int n = 8; ... k < n`) has that value wherever it is read.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && VD->getType()->isIntegerType() &&
        VD->getInit() && !VD->getInit()->isValueDependent())
      if (const auto *Fn = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod()))
        if (const Stmt *Body = Fn->getBody()) {
          Expr::EvalResult IR;
          if (VD->getInit()->EvaluateAsInt(IR, Ctx) &&
              !ExprMutationAnalyzer(*Body, Ctx).isMutated(VD))
            return IR.Val.getInt();
        }
  // Name the culprit: the first variable or member that is not a constant.
  std::string Culprit;
  auto Visit = [&](auto &&Self, const Stmt *S) -> void {
    if (!S || !Culprit.empty())
      return;
    if (const auto *POE = dyn_cast<PseudoObjectExpr>(S)) {
      // threadIdx.x and friends: name them as written.
      Expr::EvalResult Tmp;
      if (!POE->EvaluateAsInt(Tmp, Ctx))
        Culprit = nodeText(Ctx, POE->getSyntacticForm(), "<expr>");
      return;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      Expr::EvalResult Tmp;
      if (!DRE->EvaluateAsInt(Tmp, Ctx))
        Culprit = DRE->getNameInfo().getAsString();
      return;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(S)) {
      Expr::EvalResult Tmp;
      if (!ME->EvaluateAsInt(Tmp, Ctx)) {
        Culprit = nodeText(Ctx, ME, "<expr>");
        return;
      }
    }
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      Expr::EvalResult Tmp;
      if (!CE->EvaluateAsInt(Tmp, Ctx)) {
        Culprit = nodeText(Ctx, CE, "<expr>");
        return;
      }
    }
    for (const Stmt *C : S->children())
      Self(Self, C);
  };
  Visit(Visit, E);
  Why = "'" + nodeText(Ctx, E, "<expr>") + "' is not a compile-time constant";
  if (!Culprit.empty())
    Why += " ('" + Culprit + "' is known only at run time)";
  return std::nullopt;
}

/// The block that holds a loop, or null; Child becomes the block's statement
/// for the loop (the AttributedStmt when the loop carries a pragma).
const CompoundStmt *enclosingBlock(ASTContext &Ctx, const Stmt &Loop, const Stmt *&Child) {
  Child = &Loop;
  DynTypedNodeList Parents = Ctx.getParents(Loop);
  if (!Parents.empty())
    if (const auto *AS = Parents[0].get<AttributedStmt>()) {
      Child = AS;
      Parents = Ctx.getParents(*AS);
    }
  return Parents.empty() ? nullptr : Parents[0].get<CompoundStmt>();
}

/// A `continue` of this loop (not of a nested one) in \p S.
const Stmt *findContinue(const Stmt *S) {
  if (!S)
    return nullptr;
  if (isa<ContinueStmt>(S))
    return S;
  if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S) ||
      isa<LambdaExpr>(S))
    return nullptr;
  for (const Stmt *C : S->children())
    if (const Stmt *R = findContinue(C))
      return R;
  return nullptr;
}

/// The parts of a counted loop, whatever its statement kind.
struct CountedLoop {
  const Expr *Cond = nullptr;
  const Stmt *Init = nullptr; ///< DeclStmt or assignment setting the index
  const Expr *Inc = nullptr;  ///< the index update (may be a comma expression)
  const Stmt *Body = nullptr;
  const Stmt *SkipInBody = nullptr; ///< the update, when it is the body's last statement
  bool DoWhile = false;
  const char *Kind = "for";
  const Stmt *FnBody = nullptr; ///< the enclosing function's body
  const Stmt *LoopS = nullptr;  ///< the loop statement itself

};

/// In a comma expression, the operand that updates \p IV (the others must
/// leave it alone).
const Expr *stepOf(ASTContext &Ctx, const Expr *Inc, const VarDecl *IV) {
  if (!Inc)
    return nullptr;
  const Expr *E = Inc->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->getOpcode() == BO_Comma) {
    const Expr *L = stepOf(Ctx, BO->getLHS(), IV), *R = stepOf(Ctx, BO->getRHS(), IV);
    if (L && R)
      return nullptr; // updated twice: not a simple counted loop
    if (L && analysis::findModification(Ctx, BO->getRHS(), IV))
      return nullptr;
    if (R && analysis::findModification(Ctx, BO->getLHS(), IV))
      return nullptr;
    return L ? L : R;
  }
  return analysis::findModification(Ctx, E, IV) ? E : nullptr;
}

enum class StepOp { Add, Sub, Mul, Div, Shl, Shr };

/// The start value of \p IV when the loop header does not set it: the
/// initialiser of its declaration earlier in the loop's block (`int k = 0;
/// float acc = 0.f; for (; k < 8; ++k)`), when no statement in between
/// (nor \p HeaderInit) writes it or lets it escape, and none is a label.
const Expr *declaredStartBefore(ASTContext &Ctx, const Stmt *LoopS, const VarDecl *IV,
                                const Stmt *HeaderInit) {
  if (!LoopS || !IV->hasLocalStorage() || IV->getType()->isReferenceType())
    return nullptr;
  if (HeaderInit && analysis::findModification(Ctx, HeaderInit, IV))
    return nullptr;
  const Stmt *Child = LoopS;
  const CompoundStmt *CS = enclosingBlock(Ctx, *LoopS, Child);
  if (!CS)
    return nullptr;
  std::vector<const Stmt *> Before;
  bool Found = false;
  for (const Stmt *S : CS->body()) {
    if (S == Child) {
      Found = true;
      break;
    }
    Before.push_back(S);
  }
  if (!Found)
    return nullptr;
  for (auto It = Before.rbegin(); It != Before.rend(); ++It) {
    const Stmt *S = *It;
    if (isa<LabelStmt>(S) || isa<SwitchCase>(S))
      return nullptr;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (D == IV)
          return IV->getInit();
    if (analysis::findModification(Ctx, S, IV))
      return nullptr;
  }
  return nullptr;
}

/// A pointer expression as an element offset from a variable: `row`,
/// `row + 8`, `&regs[2]`, `end` (a never-modified local set to one of these).
struct PointerPos {
  const VarDecl *Base = nullptr;
  int64_t Off = 0;
};

/// Only casts that keep the element type: qualification, array decay, load.
const Expr *stripSafeCasts(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    const auto *ICE = dyn_cast<ImplicitCastExpr>(E);
    if (!ICE || (ICE->getCastKind() != CK_NoOp && ICE->getCastKind() != CK_ArrayToPointerDecay &&
                 ICE->getCastKind() != CK_LValueToRValue))
      return E;
    E = ICE->getSubExpr();
  }
}

std::optional<PointerPos> pointerPos(ASTContext &Ctx, const Expr *E, const VarDecl *IV,
                                     const Stmt *FnBody, std::string &Why, unsigned Depth = 0) {
  E = stripSafeCasts(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || VD == IV) {
      Why = "'" + nodeText(Ctx, E, "<expr>") + "' is not a fixed pointer";
      return std::nullopt;
    }
    if (VD->getType()->isArrayType())
      return PointerPos{VD, 0};
    if (!VD->getType()->isPointerType()) {
      Why = "'" + nodeText(Ctx, E, "<expr>") + "' is not a pointer";
      return std::nullopt;
    }
    // A local never modified in its function (`const float *end = row + 8;`)
    // stands for its initialiser, provided the pointer it is an offset of
    // cannot have moved since (never modified in the function either, or an
    // array). The loop's own uses of that pointer are checked by the caller.
    if (Depth < 4 && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && VD->getInit() && FnBody &&
        !ExprMutationAnalyzer(*FnBody, Ctx).isMutated(VD)) {
      std::string Ignored;
      if (auto P = pointerPos(Ctx, VD->getInit(), IV, FnBody, Ignored, Depth + 1))
        if (P->Base->getType()->isArrayType() ||
            !ExprMutationAnalyzer(*FnBody, Ctx).isMutated(P->Base))
          return P;
    }
    return PointerPos{VD, 0};
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)) {
    const Expr *P = BO->getLHS(), *N = BO->getRHS();
    if (BO->getOpcode() == BO_Add && !P->getType()->isPointerType())
      std::swap(P, N);
    if (P->getType()->isPointerType() && N->getType()->isIntegerType()) {
      Expr::EvalResult R;
      if (N->isValueDependent() || !N->EvaluateAsInt(R, Ctx) || cuda::readsWarpSize(N)) {
        Why = "the offset '" + nodeText(Ctx, N, "<expr>") + "' is not a compile-time constant";
        return std::nullopt;
      }
      auto Pos = pointerPos(Ctx, P, IV, FnBody, Why, Depth);
      if (!Pos)
        return std::nullopt;
      int64_t C = R.Val.getInt().getExtValue();
      Pos->Off += BO->getOpcode() == BO_Add ? C : -C;
      return Pos;
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens())) {
      Expr::EvalResult R;
      if (AS->getIdx()->isValueDependent() || !AS->getIdx()->EvaluateAsInt(R, Ctx)) {
        Why = "the index '" + nodeText(Ctx, AS->getIdx(), "<expr>") + "' is not a compile-time constant";
        return std::nullopt;
      }
      auto Pos = pointerPos(Ctx, AS->getBase(), IV, FnBody, Why, Depth);
      if (!Pos)
        return std::nullopt;
      Pos->Off += R.Val.getInt().getExtValue();
      return Pos;
    }
  Why = "'" + nodeText(Ctx, E, "<expr>") + "' is not a pointer variable plus a constant";
  return std::nullopt;
}

/// `for (const float *p = row; p != row + 8; ++p)`: a pointer walking a
/// fixed distance from one base pointer (or array) that the loop never moves.
TripCount analysePointerLoop(ASTContext &Ctx, const Stmt *Init, const Expr *CondE,
                             const Expr *IncE, const Stmt *Body, const Stmt *SkipInBody,
                             bool DoWhile, const Stmt *FnBody) {
  TripCount T;
  T.St = Status::Fails;
  const auto *Cond = cast<BinaryOperator>(CondE);
  BinaryOperatorKind Op = Cond->getOpcode();
  const VarDecl *IV = refVar(Cond->getLHS());
  const Expr *BoundE = Cond->getRHS();
  auto Steps = [&](const VarDecl *V) { return V && stepOf(Ctx, IncE, V); };
  if (!Steps(IV)) {
    IV = refVar(Cond->getRHS());
    BoundE = Cond->getLHS();
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  if (!IV || !IV->getType()->isPointerType() || !Steps(IV)) {
    T.Reason = "the condition '" + nodeText(Ctx, CondE, "<expr>") +
               "' does not compare a pointer that the step moves";
    return T;
  }
  std::string Name = IV->getName().str();
  const Expr *InitE = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init)) {
    for (const Decl *D : DS->decls())
      if (D == IV)
        InitE = IV->getInit();
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(
                 isa_and_nonnull<Expr>(Init) ? cast<Expr>(Init)->IgnoreParens() : nullptr)) {
    if (BO->getOpcode() == BO_Assign && refVar(BO->getLHS()) == IV)
      InitE = BO->getRHS();
  }
  if (!InitE) {
    T.Reason = "the start value of '" + Name + "' is not set in the loop header";
    return T;
  }
  std::string Why;
  auto Start = pointerPos(Ctx, InitE, IV, FnBody, Why);
  if (!Start) {
    T.Reason = "start value: " + Why;
    return T;
  }
  auto End = pointerPos(Ctx, BoundE, IV, FnBody, Why);
  if (!End) {
    T.Reason = "bound: " + Why;
    return T;
  }
  if (Start->Base != End->Base) {
    T.Reason = "the start '" + nodeText(Ctx, InitE, "<expr>") + "' and the bound '" + nodeText(Ctx, BoundE, "<expr>") +
               "' are not offsets of the same pointer";
    return T;
  }
  auto ElemSize = [&](QualType Ty) -> std::optional<int64_t> {
    QualType E = Ty->isPointerType() ? Ty->getPointeeType()
                 : Ty->isArrayType() ? QualType(Ty->getPointeeOrArrayElementType(), 0)
                                     : QualType();
    if (E.isNull() || E->isIncompleteType() || E->isDependentType())
      return std::nullopt;
    return Ctx.getTypeSizeInChars(E).getQuantity();
  };
  auto SIV = ElemSize(IV->getType()), SBase = ElemSize(Start->Base->getType());
  if (!SIV || !SBase || *SIV != *SBase) {
    T.Reason = "'" + Name + "' and '" + Start->Base->getName().str() +
               "' do not step over elements of the same size";
    return T;
  }
  // The step: ++p, --p, p += c, p -= c, p = p + c.
  const Expr *Inc = stepOf(Ctx, IncE, IV)->IgnoreParenImpCasts();
  std::optional<int64_t> Step;
  if (const auto *UO = dyn_cast<UnaryOperator>(Inc); UO && UO->isIncrementDecrementOp())
    Step = UO->isIncrementOp() ? 1 : -1;
  else if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc);
           CA && (CA->getOpcode() == BO_AddAssign || CA->getOpcode() == BO_SubAssign)) {
    Expr::EvalResult R;
    if (!CA->getRHS()->isValueDependent() && CA->getRHS()->EvaluateAsInt(R, Ctx) &&
        !cuda::readsWarpSize(CA->getRHS()))
      Step = CA->getOpcode() == BO_AddAssign ? R.Val.getInt().getExtValue()
                                             : -R.Val.getInt().getExtValue();
  } else if (const auto *BO = dyn_cast<BinaryOperator>(Inc); BO && BO->getOpcode() == BO_Assign) {
    auto P = pointerPos(Ctx, BO->getRHS(), nullptr, nullptr, Why);
    if (P && P->Base == IV)
      Step = P->Off;
  }
  if (!Step || *Step == 0) {
    T.Reason = "the step '" + nodeText(Ctx, IncE, "<expr>") + "' is not a constant, non-zero move of '" + Name + "'";
    return T;
  }
  if (SkipInBody)
    if (const Stmt *C = findContinue(Body)) {
      (void)C;
      T.Reason = "a 'continue' skips the update of '" + Name + "' at the end of the body";
      return T;
    }
  for (const VarDecl *V : {IV, Start->Base}) {
    if (V->getType()->isArrayType())
      continue;
    const Stmt *M = analysis::findModification(Ctx, Body, V, SkipInBody);
    if (!M && V != IV)
      M = analysis::findModification(Ctx, IncE, V);
    if (!M)
      M = analysis::findModification(Ctx, CondE, V);
    if (M) {
      T.Reason = "'" + V->getName().str() + "' is modified or escapes inside the loop (line " +
                 std::to_string(Ctx.getSourceManager().getPresumedLineNumber(
                     Ctx.getSourceManager().getFileLoc(M->getBeginLoc()))) +
                 ")";
      return T;
    }
  }
  auto Holds = [&](int64_t V) {
    switch (Op) {
    case BO_LT: return V < End->Off;
    case BO_LE: return V <= End->Off;
    case BO_GT: return V > End->Off;
    case BO_GE: return V >= End->Off;
    case BO_NE: return V != End->Off;
    default: return false;
    }
  };
  if (Op == BO_EQ) {
    T.Reason = "the condition '" + nodeText(Ctx, CondE, "<expr>") + "' is an equality test";
    return T;
  }
  uint64_t N = 0;
  bool First = DoWhile;
  for (int64_t V = Start->Off; First || Holds(V); V += *Step) {
    First = false;
    // Past the bound by more than one step: the pointer leaves the object.
    if (++N > SimulationCap || V > std::max(Start->Off, End->Off) + std::abs(*Step) ||
        V < std::min(Start->Off, End->Off) - std::abs(*Step)) {
      T.Reason = "'" + Name + "' never reaches the bound '" + nodeText(Ctx, BoundE, "<expr>") + "'";
      return T;
    }
  }
  T.St = Status::Holds;
  T.Count = N;
  T.Reason = "pointer '" + Name + "' from '" + nodeText(Ctx, InitE, "<expr>") + "' while '" + nodeText(Ctx, CondE, "<expr>") +
             "', step '" + nodeText(Ctx, Inc, "<expr>") + "': " + std::to_string(N) + " iteration" +
             (N == 1 ? "" : "s");
  return T;
}

/// Analyses a counted loop: start value, comparison with a constant,
/// constant step; then simulates it to count the iterations exactly.
TripCount analyseCounted(ASTContext &Ctx, const CountedLoop &For) {
  TripCount T;
  // The index: the variable the condition compares.
  const Expr *CondX = For.Cond ? For.Cond->IgnoreParenImpCasts() : nullptr;
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(CondX);
  // `while (mask)` / `for (...; k; ...)`: an integer index tested against 0.
  const VarDecl *BareIV = !Cond && CondX ? refVar(CondX) : nullptr;
  if (BareIV && (!BareIV->getType()->isIntegerType() || BareIV->getType()->isBooleanType()))
    BareIV = nullptr;
  if (!BareIV && (!Cond || !Cond->isComparisonOp())) {
    T.St = Status::Fails;
    T.Reason = For.Cond ? "the condition '" + nodeText(Ctx, For.Cond, "<expr>") +
                                   "' is not a comparison of the index with a bound"
                             : "the loop has no condition";
    return T;
  }
  const VarDecl *IV = BareIV;
  const Expr *BoundE = nullptr;
  BinaryOperatorKind Op = BO_NE;
  if (!BareIV) {
    IV = refVar(Cond->getLHS());
    BoundE = Cond->getRHS();
    Op = Cond->getOpcode();
    if (!IV || !IV->getType()->isIntegerType()) {
      IV = refVar(Cond->getRHS());
      BoundE = Cond->getLHS();
      Op = BinaryOperator::reverseComparisonOp(Op);
    }
  }
  if ((!IV || !IV->getType()->isIntegerType()) && Cond && !Cond->isTypeDependent() &&
      !Cond->isValueDependent() &&
      (Cond->getLHS()->getType()->isPointerType() || Cond->getRHS()->getType()->isPointerType()))
    return analysePointerLoop(Ctx, For.Init, Cond, For.Inc, For.Body, For.SkipInBody, For.DoWhile,
                              For.FnBody);
  if (!IV || !IV->getType()->isIntegerType()) {
    T.St = Cond->isTypeDependent() || Cond->isValueDependent() ? Status::Unknown : Status::Fails;
    T.Reason = "the condition '" + nodeText(Ctx, Cond, "<expr>") + "' does not compare an integer index variable";
    // `k-- > 0`: the update hides in the condition.
    for (const Expr *Side : {Cond->getLHS(), Cond->getRHS()})
      if (const auto *UO = dyn_cast<UnaryOperator>(Side->IgnoreParenImpCasts());
          UO && UO->isIncrementDecrementOp() && refVar(UO->getSubExpr()))
        T.Reason = "the condition '" + nodeText(Ctx, Cond, "<expr>") + "' also updates '" +
                   refVar(UO->getSubExpr())->getName().str() +
                   "'; the trip count is only read when the update is the step";
    return T;
  }
  std::string IVName = IV->getName().str();
  if (Op == BO_EQ) {
    T.St = Status::Fails;
    T.Reason = "the condition '" + nodeText(Ctx, Cond, "<expr>") + "' is an equality test";
    return T;
  }
  if (For.Cond->isTypeDependent() || IV->getType()->isDependentType() ||
      (Cond && (Cond->getLHS()->isTypeDependent() || Cond->getRHS()->isTypeDependent()))) {
    T.St = Status::Unknown;
    T.Reason = "the condition '" + nodeText(Ctx, For.Cond, "<expr>") +
               "' depends on a template parameter (decided per instantiation)";
    return T;
  }
  const QualType CmpTy = Cond ? Cond->getLHS()->getType() : IV->getType();
  const unsigned CmpWidth = Ctx.getIntWidth(CmpTy);
  const bool CmpUnsigned = CmpTy->isUnsignedIntegerOrEnumerationType();
  const unsigned IVWidth = Ctx.getIntWidth(IV->getType());
  const bool IVUnsigned = IV->getType()->isUnsignedIntegerOrEnumerationType();

  // Start value.
  const Expr *InitE = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For.Init)) {
    for (const Decl *D : DS->decls())
      if (D == IV)
        InitE = IV->getInit();
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(
                 isa_and_nonnull<Expr>(For.Init) ? cast<Expr>(For.Init)->IgnoreParens() : nullptr)) {
    if (BO->getOpcode() == BO_Assign && refVar(BO->getLHS()) == IV)
      InitE = BO->getRHS();
  }
  if (!InitE)
    InitE = declaredStartBefore(Ctx, For.LoopS, IV, For.Init);
  if (!InitE) {
    T.St = Status::Fails;
    T.Reason = "the start value of '" + IVName + "' is not set " +
               (For.DoWhile || StringRef(For.Kind) == "while"
                    ? "by the statement right before the loop"
                    : "in the loop header") +
               ", nor by its declaration in the loop's block with no write or escape (&" +
               IVName + ", a label) in between";
    return T;
  }
  std::string Why;
  std::optional<APSInt> Init = constantValue(Ctx, InitE, Why);
  if (!Init) {
    T.St = InitE->isValueDependent() ? Status::Unknown : Status::Fails;
    T.Reason = "start value: " + Why;
    return T;
  }
  std::optional<APSInt> Bound =
      BoundE ? constantValue(Ctx, BoundE, Why)
             : std::optional<APSInt>(APSInt(APInt(CmpWidth, 0), CmpUnsigned));
  if (!Bound) {
    T.St = BoundE->isValueDependent() ? Status::Unknown : Status::Fails;
    T.Reason = "bound: " + Why;
    return T;
  }

  // Step.
  const Expr *Inc = stepOf(Ctx, For.Inc, IV);
  StepOp SOp = StepOp::Add;
  const Expr *StepE = nullptr;
  std::optional<APSInt> Step;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (UO->isIncrementDecrementOp() && refVar(UO->getSubExpr()) == IV) {
      SOp = UO->isIncrementOp() ? StepOp::Add : StepOp::Sub;
      Step = APSInt(APInt(IVWidth, 1), IVUnsigned);
    }
  } else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    if (refVar(CA->getLHS()) == IV) {
      StepE = CA->getRHS();
      switch (CA->getOpcode()) {
      case BO_AddAssign: SOp = StepOp::Add; break;
      case BO_SubAssign: SOp = StepOp::Sub; break;
      case BO_MulAssign: SOp = StepOp::Mul; break;
      case BO_DivAssign: SOp = StepOp::Div; break;
      case BO_ShlAssign: SOp = StepOp::Shl; break;
      case BO_ShrAssign: SOp = StepOp::Shr; break;
      default: StepE = nullptr;
      }
    }
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Inc)) {
    // i = i + c, i = c + i, i = i * c, i = i >> c, ...
    if (BO->getOpcode() == BO_Assign && refVar(BO->getLHS()) == IV)
      if (const auto *R = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts())) {
        bool IVLeft = refVar(R->getLHS()) == IV;
        bool IVRight = refVar(R->getRHS()) == IV;
        switch (R->getOpcode()) {
        case BO_Add: SOp = StepOp::Add; StepE = IVLeft ? R->getRHS() : IVRight ? R->getLHS() : nullptr; break;
        case BO_Mul: SOp = StepOp::Mul; StepE = IVLeft ? R->getRHS() : IVRight ? R->getLHS() : nullptr; break;
        case BO_Sub: SOp = StepOp::Sub; StepE = IVLeft ? R->getRHS() : nullptr; break;
        case BO_Div: SOp = StepOp::Div; StepE = IVLeft ? R->getRHS() : nullptr; break;
        case BO_Shl: SOp = StepOp::Shl; StepE = IVLeft ? R->getRHS() : nullptr; break;
        case BO_Shr: SOp = StepOp::Shr; StepE = IVLeft ? R->getRHS() : nullptr; break;
        default: break;
        }
      }
  }
  if (StepE) {
    Step = constantValue(Ctx, StepE, Why);
    if (!Step) {
      T.St = StepE->isValueDependent() ? Status::Unknown : Status::Fails;
      T.Reason = "step: " + Why;
      return T;
    }
  }
  if (!Step) {
    T.St = Status::Fails;
    T.Reason = For.Inc && (Inc || StringRef(For.Kind) == "for")
                   ? "the step '" + nodeText(Ctx, For.Inc, "<expr>") + "' is not a constant update of '" +
                         IVName + "'"
                   : StringRef(For.Kind) == "for"
                             ? std::string("the loop has no step expression")
                             : "the body does not end with an update of '" + IVName + "'";
    return T;
  }

  // In a while/do loop, `continue` skips the update at the end of the body.
  if (For.SkipInBody)
    if (const Stmt *C = findContinue(For.Body)) {
      T.St = Status::Fails;
      T.Reason = "'continue' at line " +
                 std::to_string(Ctx.getSourceManager().getPresumedLineNumber(
                     Ctx.getSourceManager().getFileLoc(C->getBeginLoc()))) +
                 " skips the update of '" + IVName + "' at the end of the body";
      return T;
    }

  // The index must not change anywhere else.
  if (const Stmt *M = analysis::findModification(Ctx, For.Body, IV, For.SkipInBody)) {
    T.St = Status::Fails;
    T.Reason = "'" + IVName + "' is modified or escapes inside the body (line " +
               std::to_string(Ctx.getSourceManager().getPresumedLineNumber(
                   Ctx.getSourceManager().getFileLoc(M->getBeginLoc()))) +
               ")";
    return T;
  }
  if (const Stmt *M = analysis::findModification(Ctx, For.Cond, IV)) {
    (void)M;
    T.St = Status::Fails;
    T.Reason = "the condition modifies '" + IVName + "'";
    return T;
  }

  // Simulate in the index's own type; compare in the comparison's type.
  auto toType = [](const APSInt &V, unsigned W, bool U) {
    APSInt R = V.extOrTrunc(W);
    R.setIsUnsigned(U);
    return R;
  };
  APSInt I = toType(*Init, IVWidth, IVUnsigned);
  APSInt B = toType(*Bound, CmpWidth, CmpUnsigned);
  APSInt S = toType(*Step, IVWidth, IVUnsigned);
  if ((SOp == StepOp::Add || SOp == StepOp::Sub) && S == 0) {
    T.St = Status::Fails;
    T.Reason = "the step of '" + IVName + "' is zero: the loop never ends";
    return T;
  }
  if ((SOp == StepOp::Mul || SOp == StepOp::Div) && (S == 1 || S == 0)) {
    T.St = Status::Fails;
    T.Reason = "the step of '" + IVName + "' (multiply/divide by " + toString(S, 10) +
               ") does not move the index";
    return T;
  }
  if ((SOp == StepOp::Shl || SOp == StepOp::Shr) && (S == 0 || S.isNegative())) {
    T.St = Status::Fails;
    T.Reason = "the shift of '" + IVName + "' by " + toString(S, 10) + " does not move the index";
    return T;
  }
  if (CmpUnsigned && ((Op == BO_GE && B == 0) || (Op == BO_LE && B.isMaxValue()))) {
    T.St = Status::Fails;
    T.Reason = "the condition '" + nodeText(Ctx, For.Cond, "<expr>") + "' is always true for unsigned '" +
               IVName + "': the loop never ends by its condition (only by break/return)";
    return T;
  }
  auto holds = [&](const APSInt &V) {
    APSInt L = toType(V, CmpWidth, CmpUnsigned);
    switch (Op) {
    case BO_LT: return L < B;
    case BO_LE: return L <= B;
    case BO_GT: return L > B;
    case BO_GE: return L >= B;
    case BO_NE: return L != B;
    default: return false;
    }
  };
  uint64_t N = 0;
  bool First = For.DoWhile; // a do loop runs its body once before the test
  while (First || holds(I)) {
    First = false;
    if (++N > SimulationCap) {
      T.St = Status::Holds;
      T.OverCap = true;
      T.Reason = "'" + IVName + "' runs more than " + std::to_string(SimulationCap) + " iterations";
      return T;
    }
    APSInt Prev = I;
    switch (SOp) {
    case StepOp::Add: I = APSInt(I + S, IVUnsigned); break;
    case StepOp::Sub: I = APSInt(I - S, IVUnsigned); break;
    case StepOp::Mul: I = APSInt(I * S, IVUnsigned); break;
    case StepOp::Div: I = APSInt(I / S, IVUnsigned); break;
    case StepOp::Shl: I = APSInt(I << (unsigned)S.getLimitedValue(IVWidth), IVUnsigned); break;
    case StepOp::Shr: I = APSInt(I >> (unsigned)S.getLimitedValue(IVWidth), IVUnsigned); break;
    }
    if (I == Prev) {
      T.St = Status::Fails;
      T.Reason = "'" + IVName + "' stops changing at " + toString(I, 10) + ": the loop never ends";
      return T;
    }
  }
  T.St = Status::Holds;
  T.Count = N;
  T.Reason = "'" + IVName + "' from " + toString(*Init, 10) + " while '" + nodeText(Ctx, For.Cond, "<expr>") +
             (BoundE ? "' (bound " + toString(*Bound, 10) + ")" : "' (!= 0)") + ", step '" +
             nodeText(Ctx, Inc, "<expr>") + "': " +
             std::to_string(N) + " iteration" + (N == 1 ? "" : "s");
  return T;
}

TripCount analyseRangeFor(ASTContext &Ctx, const CXXForRangeStmt &For) {
  TripCount T;
  QualType RT = For.getRangeInit()->getType();
  if (RT->isDependentType()) {
    T.Reason = "the range depends on a template parameter (decided per instantiation)";
    return T;
  }
  if (const auto *CAT = Ctx.getAsConstantArrayType(RT.getNonReferenceType())) {
    T.St = Status::Holds;
    T.Count = CAT->getSize().getZExtValue();
    T.Reason = "the range is an array of " + std::to_string(*T.Count) + " elements";
    return T;
  }
  T.St = Status::Fails;
  T.Reason = "the range '" + nodeText(Ctx, For.getRangeInit(), "<expr>") +
             "' is not a fixed-size array; its length is not a compile-time constant";
  return T;
}

/// For a while/do loop: the statement right before it in its block (where
/// the index gets its start value).
const Stmt *previousStatement(ASTContext &Ctx, const Stmt &Loop) {
  const Stmt *Child = &Loop;
  const CompoundStmt *CS = enclosingBlock(Ctx, Loop, Child);
  if (!CS)
    return nullptr;
  const Stmt *Prev = nullptr;
  for (const Stmt *S : CS->body()) {
    if (S == Child)
      return Prev;
    Prev = S;
  }
  return nullptr;
}

/// For a while/do loop: the body's last statement, when it is an expression
/// (the index update `++i;`, `i += 4;`).
const Expr *lastExpression(const Stmt *Body) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
    return CS->body_empty() ? nullptr : dyn_cast<Expr>(CS->body_back());
  return dyn_cast_or_null<Expr>(Body);
}

TripCount analyseTripCount(ASTContext &Ctx, const Stmt &Loop, const Stmt *FnBody) {
  CountedLoop L;
  L.FnBody = FnBody;
  L.LoopS = &Loop;
  if (const auto *For = dyn_cast<ForStmt>(&Loop)) {
    L.Cond = For->getCond();
    L.Init = For->getInit();
    L.Inc = For->getInc();
    L.Body = For->getBody();
  } else if (const auto *RF = dyn_cast<CXXForRangeStmt>(&Loop)) {
    return analyseRangeFor(Ctx, *RF);
  } else if (const auto *W = dyn_cast<WhileStmt>(&Loop)) {
    // int i = 0; while (i < N) { ...; ++i; }
    L.Kind = "while";
    L.Cond = W->getCond();
    L.Init = previousStatement(Ctx, Loop);
    L.Body = W->getBody();
    L.Inc = lastExpression(L.Body);
    L.SkipInBody = L.Inc;
  } else if (const auto *D = dyn_cast<DoStmt>(&Loop)) {
    // int i = 0; do { ...; ++i; } while (i < N);
    L.Kind = "do";
    L.DoWhile = true;
    L.Cond = D->getCond();
    L.Init = previousStatement(Ctx, Loop);
    L.Body = D->getBody();
    L.Inc = lastExpression(L.Body);
    L.SkipInBody = L.Inc;
  }
  return analyseCounted(Ctx, L);
}

//===----------------------------------------------------------------------===//
// The pair
//===----------------------------------------------------------------------===//

class LoopUnroll final : public RewritePair {
public:
  StringRef name() const override { return Name; }
  StringRef intent() const override {
    return "unroll a device loop (#pragma unroll [N]): fewer branches and index updates, "
           "independent loads and FMAs the scheduler can overlap, constant-indexed register "
           "arrays";
  }
  ArrayRef<PreconditionSpec> preconditions() const override { return Specs; }
  ArrayRef<OptionSpec> options() const override {
    static const OptionSpec Options[] = {
        {"unroll-factor", OptionSpec::Int, "full",
         "unroll factor of the inserted pragma: 'full' (#pragma unroll) or N (#pragma unroll N)", 2,
         1024, {"full"}, "unroll-factor-valid"},
        {"max-full-unroll", OptionSpec::Int, "64",
         "the largest constant trip count a full unroll accepts (trip-count-limit)", 1, 1 << 20},
    };
    return Options;
  }

  void findSites(Direction D, AnalysisContext &AC) const override {
    ASTContext &Ctx = AC.ast();
    MatchFinder Finder;
    Callback CB(*this, D, AC);
    if (D == Direction::Forward) {
      // Every loop; the one already hinted binds its AttributedStmt so that
      // no-existing-pragma can name the hint.
      Finder.addMatcher(
          traverse(TK_AsIs, stmt(loopStmt(), optionally(hasParent(
                                                 attributedStmt(hasLoopHint()).bind(ids::Hinted))))
                                .bind(ids::Loop)),
          &CB);
    } else {
      // The mirror: a hinted loop statement.
      Finder.addMatcher(
          traverse(TK_AsIs, attributedStmt(hasLoopHint(), has(stmt(loopStmt()).bind(ids::Loop)))
                                .bind(ids::Hinted)),
          &CB);
    }
    Finder.matchAST(Ctx);
  }

private:
  struct Callback : MatchFinder::MatchCallback {
    Callback(const LoopUnroll &P, Direction D, AnalysisContext &AC) : P(P), D(D), AC(AC) {}
    void run(const MatchFinder::MatchResult &R) override {
      const auto *Loop = R.Nodes.getNodeAs<Stmt>(ids::Loop);
      const auto *Hinted = R.Nodes.getNodeAs<AttributedStmt>(ids::Hinted);
      if (!Loop)
        return;
      if (D == Direction::Forward)
        P.forward(AC, *Loop, Hinted);
      else if (Hinted)
        P.reverse(AC, *Loop, *Hinted);
    }
    const LoopUnroll &P;
    Direction D;
    AnalysisContext &AC;
  };

  static const char *loopKind(const Stmt &Loop) {
    if (isa<WhileStmt>(Loop))
      return "while";
    if (isa<DoStmt>(Loop))
      return "do";
    if (isa<CXXForRangeStmt>(Loop))
      return "range-for";
    return "for";
  }

  /// Reads --option=unroll-factor: 0 means full. Sets \p Bad on a bad value.
  static unsigned factorOption(const AnalysisContext &AC, std::string &Bad) {
    auto V = AC.option("unroll-factor");
    if (!V || *V == "full" || V->empty())
      return 0;
    unsigned F = 0;
    if (StringRef(*V).getAsInteger(10, F) || F < 2 || F > 1024)
      Bad = "unroll-factor='" + *V + "' is not 'full' or an integer from 2 to 1024" +
            (F == 1 ? " (a factor of 1 forbids unrolling: that is #pragma unroll 1, not this rewrite)"
                    : "");
    return F;
  }

  static unsigned maxFullOption(const AnalysisContext &AC) {
    unsigned M = DefaultMaxFullUnroll;
    if (auto V = AC.option("max-full-unroll"))
      if (StringRef(*V).getAsInteger(10, M))
        M = DefaultMaxFullUnroll;
    return M;
  }

  void forward(AnalysisContext &AC, const Stmt &Loop, const AttributedStmt *Hinted) const {
    ASTContext &Ctx = AC.ast();
    const FunctionDecl *FD = cuda::enclosingFunction(Ctx, Loop);
    Site &S = AC.addSite(Name, Direction::Forward, Loop.getBeginLoc(), FD);
    std::string BadFactor;
    unsigned Factor = factorOption(AC, BadFactor);
    std::string Pragma = Factor ? "#pragma unroll " + std::to_string(Factor) : "#pragma unroll";
    S.Summary = "insert '" + Pragma + "' above the " + loopKind(Loop) + " loop";
    S.Facts["loop"] = loopKind(Loop);
    S.Facts["unroll-factor"] = Factor ? std::to_string(Factor) : "full";

    S.check(*findPrecondition(DeviceCode), {AC, FD, {}});

    if (Hinted) {
      std::string Hints;
      for (const Attr *A : Hinted->getAttrs())
        if (const auto *LH = dyn_cast<LoopHintAttr>(A))
          Hints += (Hints.empty() ? "'" : ", '") + hintSpelling(Ctx, LH) + "'";
      S.addPrecondition(NoExistingPragma, Status::Fails,
                        "the loop already carries " + Hints + "; remove it first (reverse)");
    } else {
      S.addPrecondition(NoExistingPragma, Status::Holds, "the loop carries no loop hint");
    }

    if (!BadFactor.empty())
      S.addPrecondition(FactorValid, Status::Fails, BadFactor);
    else
      S.addPrecondition(FactorValid, Status::Holds,
                        Factor ? "factor " + std::to_string(Factor) : "full unroll");

    checkLoopRepeats(S, Ctx, Loop);

    if (Factor == 0) {
      TripCount T = analyseTripCount(Ctx, Loop, FD ? FD->getBody() : nullptr);
      S.addPrecondition(ConstantTripCount, T.St == Status::Holds ? Status::Holds : T.St,
                        T.St == Status::Fails
                            ? T.Reason + "; a full unroll needs a constant trip count "
                                         "(use --option=unroll-factor=N instead)"
                            : T.Reason);
      unsigned Max = maxFullOption(AC);
      if (T.St == Status::Holds) {
        bool TooMany = T.OverCap || *T.Count > Max;
        if (T.Count)
          S.Facts["trip-count"] = std::to_string(*T.Count);
        S.addPrecondition(TripCountLimit, TooMany ? Status::Fails : Status::Holds,
                          TooMany ? (T.OverCap ? "more than " + std::to_string(SimulationCap)
                                               : std::to_string(*T.Count)) +
                                        " iterations exceed max-full-unroll=" +
                                        std::to_string(Max) +
                                        ": fully unrolled, the body would bloat the code "
                                        "(instruction cache, registers); use "
                                        "--option=unroll-factor=N"
                                  : std::to_string(*T.Count) + " iterations <= max-full-unroll=" +
                                        std::to_string(Max));
      } else {
        S.addPrecondition(TripCountLimit, T.St == Status::Unknown ? Status::Unknown : Status::Fails,
                          "no constant trip count to compare with max-full-unroll");
      }
    }

    // A loop whose first token is the first token of a macro use
    // (`FOR_EACH(i, 8) body`, `#define LOOP4 for (...)`): the pragma goes on
    // its own line above the macro use, where it attaches to the statement the
    // expansion starts with -- this loop.
    SourceLocation At = Loop.getBeginLoc();
    const SourceManager &SM = Ctx.getSourceManager();
    if (At.isMacroID()) {
      SourceLocation Use;
      if (Lexer::isAtStartOfMacroExpansion(At, SM, Ctx.getLangOpts(), &Use) && Use.isFileID() &&
          SM.isInMainFile(Use)) {
        std::string Macro =
            Lexer::getSourceText(CharSourceRange::getTokenRange(Use), SM, Ctx.getLangOpts()).str();
        S.Summary += " (its header is spelled by macro '" + Macro + "': above the macro's use)";
        S.Facts["macro"] = Macro;
        At = Use;
      }
    }

    EditBuilder B(Ctx);
    B.insertLineBefore(At, Pragma);
    commit(B, S);
  }

  /// loop-repeats: a condition that is constant false makes the "loop" run
  /// its body at most once (`do { ... } while (0)` in statement macros).
  static void checkLoopRepeats(Site &S, ASTContext &Ctx, const Stmt &Loop) {
    const Expr *Cond = nullptr;
    if (const auto *F = dyn_cast<ForStmt>(&Loop))
      Cond = F->getCond();
    else if (const auto *W = dyn_cast<WhileStmt>(&Loop))
      Cond = W->getCond();
    else if (const auto *D = dyn_cast<DoStmt>(&Loop))
      Cond = D->getCond();
    if (!Cond) {
      S.addPrecondition(LoopRepeats, Status::Holds,
                        isa<CXXForRangeStmt>(Loop) ? "a range-for" : "the loop has no condition");
      return;
    }
    if (Cond->isValueDependent() || Cond->isTypeDependent()) {
      // A condition that reads a non-const local (the index) is not a
      // constant, whatever the template arguments.
      std::function<const VarDecl *(const Stmt *)> ReadsLocal =
          [&](const Stmt *St) -> const VarDecl * {
        if (!St)
          return nullptr;
        if (const auto *DRE = dyn_cast<DeclRefExpr>(St))
          if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
              VD && VD->hasLocalStorage() && !VD->isConstexpr() &&
              !VD->getType().isConstQualified())
            return VD;
        for (const Stmt *C : St->children())
          if (const VarDecl *V = ReadsLocal(C))
            return V;
        return nullptr;
      };
      if (const VarDecl *V = ReadsLocal(Cond)) {
        S.addPrecondition(LoopRepeats, Status::Holds,
                          "the condition reads '" + V->getName().str() +
                              "', a variable: it is not constant false");
        return;
      }
      S.addPrecondition(LoopRepeats, Status::Unknown,
                        "the condition '" + nodeText(Ctx, Cond, "<expr>") +
                            "' depends on a template parameter (decided per instantiation)");
      return;
    }
    bool Value = true;
    if (Cond->EvaluateAsBooleanCondition(Value, Ctx) && !Value) {
      S.addPrecondition(LoopRepeats, Status::Fails,
                        "the condition '" + nodeText(Ctx, Cond, "<expr>") + "' is always false: the " +
                            loopKind(Loop) +
                            " runs its body at most once (a statement wrapper, not a loop); "
                            "there is nothing to unroll");
      return;
    }
    S.addPrecondition(LoopRepeats, Status::Holds,
                      "the condition '" + nodeText(Ctx, Cond, "<expr>") + "' is not constant false");
  }

  void reverse(AnalysisContext &AC, const Stmt &Loop, const AttributedStmt &Hinted) const {
    ASTContext &Ctx = AC.ast();
    const SourceManager &SM = Ctx.getSourceManager();
    const FunctionDecl *FD = cuda::enclosingFunction(Ctx, Loop);
    // Only the unroll hints are ours: `#pragma unroll` / `#pragma unroll N`
    // with N != 1. `#pragma unroll 1`, nounroll and `#pragma clang loop` are
    // not unroll requests and are left alone (no site).
    std::vector<const LoopHintAttr *> Ours;
    for (const Attr *A : Hinted.getAttrs()) {
      const auto *LH = dyn_cast<LoopHintAttr>(A);
      if (!LH || LH->getSemanticSpelling() != LoopHintAttr::Pragma_unroll)
        continue;
      if (LH->getOption() == LoopHintAttr::UnrollCount) {
        if (const Expr *V = LH->getValue()) {
          Expr::EvalResult ER;
          if (!V->isValueDependent() && V->EvaluateAsInt(ER, Ctx) && ER.Val.getInt() == 1)
            continue; // `#pragma unroll 1`: a "do not unroll" request.
        }
      } else if (LH->getOption() != LoopHintAttr::Unroll ||
                 LH->getState() == LoopHintAttr::Disable) {
        continue;
      }
      Ours.push_back(LH);
    }
    if (Ours.empty())
      return;
    if (!cuda::deviceContextOf(FD))
      return; // host loops: not this pair's domain (see device-code, forward).

    const LoopHintAttr *LH = Ours.front();
    // Anchor: the pragma's own line; for a _Pragma from a macro, the macro's
    // use in the main file.
    SourceLocation Anchor = LH->getLocation();
    if (Anchor.isInvalid() || !SM.isInMainFile(SM.getFileLoc(Anchor)))
      Anchor = SM.getExpansionLoc(Hinted.getBeginLoc());
    if (Anchor.isInvalid() || !SM.isInMainFile(Anchor))
      Anchor = Loop.getBeginLoc();
    Site &S = AC.addSite(Name, Direction::Reverse, Anchor, FD);
    S.Summary = std::string("remove '") + hintSpelling(Ctx, LH) + "' above the " + loopKind(Loop) +
                " loop";
    S.Facts["loop"] = loopKind(Loop);
    // What forward would need to re-create it (--option=unroll-factor=...).
    S.Facts["unroll-factor"] = "full";
    if (LH->getOption() == LoopHintAttr::UnrollCount)
      if (const Expr *V = LH->getValue()) {
        Expr::EvalResult ER;
        S.Facts["unroll-factor"] = !V->isValueDependent() && V->EvaluateAsInt(ER, Ctx)
                                       ? toString(ER.Val.getInt(), 10)
                                       : nodeText(Ctx, V, "<expr>");
      }

    EditBuilder B(Ctx);
    std::string Why;
    for (const LoopHintAttr *H : Ours) {
      SourceLocation L = H->getLocation();
      if (L.isInvalid() || L.isMacroID() || !SM.isInMainFile(L)) {
        Why = "'" + hintSpelling(Ctx, H) +
              "' comes from _Pragma or a macro expansion; edit the macro instead";
        break;
      }
      unsigned Start = 0, End = 0;
      StringRef Line = lineContaining(SM, L, Start, End);
      StringRef T = Line.trim();
      // Tolerate a trailing // comment; anything else on the line is code.
      StringRef Code = T.split("//").first.rtrim();
      bool Plain = Code.consume_front("#");
      Code = Code.ltrim();
      Plain = Plain && Code.consume_front("pragma");
      Code = Code.ltrim();
      Plain = Plain && Code.starts_with("unroll");
      if (!Plain) {
        Why = "the line holding the hint is not a plain '#pragma unroll' line: '" + T.str() + "'";
        break;
      }
      B.replaceChars(SM.getComposedLoc(SM.getMainFileID(), Start),
                     SM.getComposedLoc(SM.getMainFileID(), End), "");
    }
    if (!Why.empty()) {
      S.addPrecondition(PragmaRemovable, Status::Fails, Why);
      return;
    }
    S.addPrecondition(PragmaRemovable, Status::Holds, "a plain '#pragma unroll' line");
    commit(B, S);
  }
};

} // namespace

std::unique_ptr<RewritePair> createLoopUnroll() { return std::make_unique<LoopUnroll>(); }

} // namespace klineage
