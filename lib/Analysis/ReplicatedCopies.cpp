//===- ReplicatedCopies.cpp - A shared array as C copies of B bins ---------===//
#include "klineage/Analysis/ReplicatedCopies.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/LoopInfo.h"
#include "klineage/Analysis/Mutation.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/APSInt.h"
#include <algorithm>
#include <map>
#include <memory>
#include <set>

using namespace clang;

namespace klineage {
namespace analysis {

namespace {

/// The text of \p E as written, or empty.
std::string textOf(const ASTContext &Ctx, const Expr *E) {
  if (!E)
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(E->getSourceRange()),
                                               SM, Ctx.getLangOpts());
  if (R.isInvalid())
    return "";
  return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
}

/// The parent of \p E above parentheses and implicit casts.
const Stmt *parentAbove(const ParentMap &PM, const Expr *E) {
  const Stmt *P = PM.getParent(E);
  while (P && (isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P)))
    P = PM.getParent(P);
  return P;
}

bool samePointee(const ASTContext &Ctx, QualType Ptr, QualType Elem) {
  return Ptr->isPointerType() && Ctx.hasSameUnqualifiedType(Ptr->getPointeeType(), Elem);
}

struct Follower {
  ASTContext &Ctx;
  const FunctionDecl *Kernel;
  QualType Elem;
  CopyAccesses Out;
  std::vector<const FunctionDecl *> Stack;

  /// From `copy + e1` (a pointer sum PointerUses does not follow) up
  /// through the sums around it, `copy + e1 + e2`: the offsets, and the
  /// outermost sum; null when \p U is no such sum.
  const Expr *climb(const ParentMap &PM, const PointerUse &U, std::vector<const Expr *> &Offsets) {
    const auto *B = dyn_cast_or_null<BinaryOperator>(U.At);
    if (!B || B->getOpcode() != BO_Add || !B->getType()->isPointerType())
      return nullptr;
    const Expr *Cur = B;
    Offsets.push_back(B->getLHS()->getType()->isPointerType() ? B->getRHS() : B->getLHS());
    while (const auto *P = dyn_cast_or_null<BinaryOperator>(parentAbove(PM, Cur))) {
      if (P->getOpcode() != BO_Add || !P->getType()->isPointerType())
        break;
      const Expr *Ptr = P->getLHS()->getType()->isPointerType() ? P->getLHS() : P->getRHS();
      if (Ptr->IgnoreParenImpCasts() != Cur->IgnoreParenImpCasts())
        break;
      Offsets.push_back(Ptr == P->getLHS() ? P->getRHS() : P->getLHS());
      Cur = P;
    }
    return Cur;
  }

  /// `T *p = copy + e;` / `T *p = &copy[e];` (\p Top the initialiser):
  /// the alias.
  std::optional<OffsetAlias> offsetAlias(const ParentMap &PM, const FunctionDecl *F,
                                         const Expr *Top) {
    const auto *DS = dyn_cast_or_null<DeclStmt>(parentAbove(PM, Top));
    if (!DS || !DS->isSingleDecl())
      return std::nullopt;
    const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
    if (!V || !V->getInit() || V->getInit()->IgnoreParenImpCasts() != Top->IgnoreParenImpCasts() ||
        !samePointee(Ctx, V->getType(), Elem) ||
        !AnalysisCache::of(Ctx).facts(F).mods(V).empty())
      return std::nullopt;
    return OffsetAlias{V, DS, F};
  }

  void follow(const FunctionDecl *F, const VarDecl *Ptr, const ParmVarDecl *Param,
              std::vector<OffsetPart> Offs, const Expr *KernelAt, const CallExpr *Via = nullptr,
              const FunctionDecl *ViaIn = nullptr) {
    ParentMap PM(const_cast<Stmt *>(F->getBody()));
    for (const PointerUse &U : pointerUses(Ctx, F, Ptr)) {
      CopyAccess A{U, F, Param, Via, ViaIn, Offs, KernelAt ? KernelAt : U.At};
      if (U.K != PointerUse::Escape || !U.At) {
        Out.Uses.push_back(A);
        continue;
      }
      std::vector<const Expr *> Sum;
      const Expr *Top = climb(PM, U, Sum);
      if (!Top) {
        if (const auto *UO = dyn_cast<UnaryOperator>(U.At); UO && UO->getOpcode() == UO_AddrOf && U.Index) {
          Top = UO;
          Sum.push_back(U.Index);
        }
      }
      std::optional<OffsetAlias> Alias = Top ? offsetAlias(PM, F, Top) : std::nullopt;
      if (Alias) {
        Out.Aliases.push_back(*Alias);
        std::vector<OffsetPart> More = Offs;
        for (const Expr *O : Sum)
          More.push_back({O, F});
        follow(F, Alias->Var, Param, More, KernelAt, Via, ViaIn);
        continue;
      }
      const auto *Outer = Top && Sum.size() > 1 ? dyn_cast_or_null<CallExpr>(parentAbove(PM, Top)) : nullptr;
      if (Outer && Outer->getNumArgs() >= 1 && Outer->getArg(0)->IgnoreParenImpCasts() == Top &&
          Outer->getDirectCallee() && Outer->getDirectCallee()->getIdentifier()) {
        // `atomicOp(copy + e1 + e2, v)`: an update at the offsets' sum.
        if (auto Fn = cuda::atomicFunction(Outer->getDirectCallee()->getName())) {
          A.Use.K = PointerUse::AtomicUpdate;
          A.Use.Atomic = Fn;
          A.Use.At = Outer;
          A.Use.Index = Sum.back();
          A.Use.ResultUsed = valueIsUsed(Ctx, F, Outer);
          A.KernelAt = KernelAt ? KernelAt : Outer;
          for (size_t I = 0; I + 1 < Sum.size(); ++I)
            A.Offsets.push_back({Sum[I], F});
          Out.Uses.push_back(A);
          continue;
        }
      }
      const auto *C = dyn_cast<CallExpr>(U.At);
      if (!C || !U.Ref) {
        Out.Uses.push_back(A);
        continue;
      }
      unsigned Arg = C->getNumArgs();
      for (unsigned I = 0; I < C->getNumArgs(); ++I)
        if (containsStmt(C->getArg(I), U.Ref))
          Arg = I;
      const FunctionDecl *Callee = C->getDirectCallee();
      const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
      auto Unfollowed = [&](std::string Why) {
        A.Use.Why = std::move(Why);
        Out.Unfollowed.push_back(A);
        Out.Uses.push_back(A);
      };
      if (Arg == C->getNumArgs() || !Def || !Def->hasBody()) {
        Unfollowed(U.Why + " (no definition to follow)");
        continue;
      }
      // A function template's specialization is followed in its own body
      // (its pattern's text; the caller checks the template's other uses).
      if (Def->getTemplatedKind() != FunctionDecl::TK_NonTemplate &&
          Def->getTemplatedKind() != FunctionDecl::TK_FunctionTemplateSpecialization) {
        Unfollowed(U.Why + ", a member of a template");
        continue;
      }
      if (Arg >= Def->getNumParams() || !samePointee(Ctx, Def->getParamDecl(Arg)->getType(), Elem)) {
        Unfollowed(U.Why + " as another type");
        continue;
      }
      if (std::find(Stack.begin(), Stack.end(), Def) != Stack.end() || Stack.size() > 4) {
        Unfollowed(U.Why + ", recursively");
        continue;
      }
      const ParmVarDecl *P = Def->getParamDecl(Arg);
      if (!AnalysisCache::of(Ctx).facts(Def).mods(P).empty()) {
        Unfollowed(U.Why + ", which modifies its parameter '" + P->getNameAsString() + "'");
        continue;
      }
      Out.Calls.push_back({C, F, Arg, Def, P, Param});
      std::vector<OffsetPart> More = Offs;
      if (U.Index)
        More.push_back({U.Index, F});
      Stack.push_back(Def);
      follow(Def, P, P, More, KernelAt ? KernelAt : C, C, F);
      Stack.pop_back();
    }
  }
};

//===----------------------------------------------------------------------===//
// Interval arithmetic over forms
//===----------------------------------------------------------------------===//

constexpr int64_t Big = int64_t(1) << 40;

bool bounded(const IntRange &R) { return R.Lo > -Big && R.Hi < Big; }

IntRange mul(const IntRange &A, const IntRange &B) {
  if (!bounded(A) || !bounded(B))
    return IntRange{};
  int64_t P[] = {A.Lo * B.Lo, A.Lo * B.Hi, A.Hi * B.Lo, A.Hi * B.Hi};
  return {*std::min_element(P, P + 4), *std::max_element(P, P + 4)};
}

IntRange scale(const IntRange &A, int64_t K) { return mul(A, IntRange::exactly(K)); }

IntRange add(const IntRange &A, const IntRange &B) {
  if (!bounded(A) || !bounded(B))
    return IntRange{};
  return {A.Lo + B.Lo, A.Hi + B.Hi};
}

int64_t floorMod(int64_t A, int64_t M) { return ((A % M) + M) % M; }

/// Text for an atom as a factor of a product.
std::string factorText(const ASTContext &Ctx, const Expr *E) {
  std::string T = textOf(Ctx, E);
  const Expr *S = E->IgnoreImpCasts();
  if (isa<DeclRefExpr, ArraySubscriptExpr, CallExpr, ParenExpr, MemberExpr, IntegerLiteral>(S))
    return T;
  return "(" + T + ")";
}

/// Within the sum \p Index, the operand X of `X * S` / `S * X` /
/// `X << log2(S)` (with S = \p Stride > 1), or the term X itself (S = 1),
/// whose form is \p Bin.
const Expr *binOperand(const ASTContext &Ctx, const Expr *Index, uint64_t Stride,
                       const LinearForm &Bin) {
  const Expr *E = Index->IgnoreParenImpCasts();
  auto IsConst = [&](const Expr *X, uint64_t V) {
    Expr::EvalResult R;
    return !X->isValueDependent() && X->EvaluateAsInt(R, Ctx) && R.Val.getInt() == V;
  };
  auto Matches = [&](const Expr *X) {
    Linearizer L(Ctx);
    auto F = L.linearize(X);
    if (!F)
      return false;
    F->normalize();
    LinearForm W = Bin;
    W.normalize();
    return F->Terms == W.Terms;
  };
  if (Stride == 1 && Matches(E))
    return Index;
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return nullptr;
  if (B->getOpcode() == BO_Mul && Stride > 1) {
    if (IsConst(B->getRHS(), Stride) && Matches(B->getLHS()))
      return B->getLHS();
    if (IsConst(B->getLHS(), Stride) && Matches(B->getRHS()))
      return B->getRHS();
  }
  if (B->getOpcode() == BO_Shl && Stride > 1 && (Stride & (Stride - 1)) == 0) {
    uint64_t Log = 0;
    while ((uint64_t(1) << Log) < Stride)
      ++Log;
    if (IsConst(B->getRHS(), Log) && Matches(B->getLHS()))
      return B->getLHS();
  }
  if (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub) {
    if (const Expr *X = binOperand(Ctx, B->getLHS(), Stride, Bin))
      return X;
    if (B->getOpcode() == BO_Add)
      return binOperand(Ctx, B->getRHS(), Stride, Bin);
  }
  return nullptr;
}

} // namespace

CopyAccesses copyAccesses(ASTContext &Ctx, const FunctionDecl *Kernel, const VarDecl *Array) {
  Follower F{Ctx, Kernel, {}, {}, {}};
  if (!Kernel || !Kernel->getBody() || !Array)
    return F.Out;
  QualType T = Array->getType();
  if (const ArrayType *AT = Ctx.getAsArrayType(T))
    F.Elem = AT->getElementType();
  else if (T->isPointerType())
    F.Elem = T->getPointeeType();
  else
    return F.Out;
  F.Stack.push_back(Kernel);
  F.follow(Kernel, Array, nullptr, {}, nullptr);
  return F.Out;
}

const char *layoutName(CopyLayout L) {
  return L == CopyLayout::Interleaved ? "bin * C + k" : "k * B + bin";
}

CopySlot copySlot(ASTContext &Ctx, const CopyAccess &A, uint64_t Copies, uint64_t Bins,
                  CopyLayout Layout, std::optional<Dim3> Block) {
  CopySlot S;
  if (!A.isUpdate() || Copies == 0 || Bins == 0) {
    S.Why = "not an atomic update";
    return S;
  }
  std::vector<OffsetPart> Parts = A.Offsets;
  Parts.push_back({A.Use.Index, A.In});
  // The helper's parameters that its call passes a constant (`countWord(mine,
  // COPIES, w)`): their values, in the forms and in the ranges.
  std::map<const ParmVarDecl *, int64_t> Known;
  std::vector<std::optional<IntRange>> HelperParams;
  std::map<const FunctionDecl *, std::unique_ptr<ValueRanges>> VRs;
  auto RangeOf = [&](const FunctionDecl *F, const Expr *E) -> IntRange {
    auto &VR = VRs[F];
    if (!VR)
      VR = std::make_unique<ValueRanges>(
          Ctx, F, F == A.In && A.Call ? HelperParams : std::vector<std::optional<IntRange>>{}, Block);
    return VR->rangeOf(E).value_or(IntRange{});
  };
  if (A.Call && A.In && A.CallIn != A.In)
    for (unsigned I = 0; I < A.Call->getNumArgs() && I < A.In->getNumParams(); ++I) {
      Expr::EvalResult R;
      const Expr *Arg = A.Call->getArg(I);
      std::optional<IntRange> P;
      if (!Arg->isValueDependent() && Arg->getType()->isIntegralOrEnumerationType() &&
          Arg->EvaluateAsInt(R, Ctx) && R.Val.getInt().getSignificantBits() <= 63) {
        Known[A.In->getParamDecl(I)] = R.Val.getInt().getExtValue();
        P = IntRange::exactly(R.Val.getInt().getExtValue());
      } else if (A.CallIn && Arg->getType()->isIntegralOrEnumerationType()) {
        // The argument where the call is made, when the parameter holds all
        // of it (no conversion wraps it).
        IntRange AR = RangeOf(A.CallIn, Arg);
        QualType PT = A.In->getParamDecl(I)->getType();
        IntRange Fits = IntRange::ofType(Ctx, PT);
        if (PT->isIntegralOrEnumerationType() && AR.within(Fits.Lo, Fits.Hi))
          P = AR;
      }
      HelperParams.push_back(P);
    }
  // Element = Major * M + Minor with Minor in [0, M): interleaved, the bin
  // is Major and the copy Minor (M = C); blocked, the copy is Major and the
  // bin Minor (M = B).
  const bool Inter = Layout == CopyLayout::Interleaved;
  const int64_t M = int64_t(Inter ? Copies : Bins);
  const std::string MS = std::to_string(M);
  int64_t OwnConstant = 0;
  LinearForm Major, Minor;           // of the update's own expression
  IntRange MajorR = IntRange::exactly(0), MinorR = IntRange::exactly(0);
  std::map<std::string, const Expr *> Atoms; // of the parts in the update's own expression
  for (const OffsetPart &P : Parts) {
    if (!P.E)
      continue;
    Linearizer L(Ctx);
    std::optional<LinearForm> F = L.linearize(P.E);
    if (F && P.In == A.In && !Known.empty())
      F = substitute(*F, [&](const std::string &Key) -> std::optional<LinearForm> {
        const Atom *At = L.atom(Key);
        const auto *PV = At ? dyn_cast_or_null<ParmVarDecl>(At->Var) : nullptr;
        auto It = PV ? Known.find(PV) : Known.end();
        if (It == Known.end())
          return std::nullopt;
        LinearForm C;
        C.Terms[Monomial{}] = It->second;
        return C;
      });
    if (!F) {
      S.Why = "the offset '" + textOf(Ctx, P.E) + "' is not a sum of terms without side effects";
      S.WhyAt = P.E;
      return S;
    }
    F->normalize();
    // Own: written in the update itself, where the bin can be rewritten.
    bool Own = P.In == A.In && containsStmt(A.Use.At, P.E);
    for (const auto &[Mono, Coeff] : F->Terms) {
      if (Mono.empty()) {
        if (Own) {
          OwnConstant += Coeff;
        } else if (Inter) {
          MinorR = add(MinorR, IntRange::exactly(Coeff)); // the copy, as it is
        } else if (Coeff % M == 0) {
          MajorR = add(MajorR, IntRange::exactly(Coeff / M));
        } else {
          S.Why = "the offset '" + textOf(Ctx, P.E) + "' moves the pointer within a copy: the bin "
                  "is not computed where the update is";
          S.WhyAt = P.E;
          return S;
        }
        continue;
      }
      IntRange R = IntRange::exactly(1);
      for (const std::string &Key : Mono) {
        const Atom *At = L.atom(Key);
        R = mul(R, At && At->E ? RangeOf(P.In, At->E) : IntRange{});
        if (Own && At && At->E)
          Atoms.emplace(Key, At->E);
      }
      bool Multiple = Coeff % M == 0;
      if (!Own && Multiple == Inter) {
        S.Why = "the offset '" + textOf(Ctx, P.E) + "' moves the pointer " +
                (Inter ? "by whole bins" : "within a copy") + ": the bin is not computed where the "
                "update is";
        S.WhyAt = P.E;
        return S;
      }
      if (Multiple) {
        MajorR = add(MajorR, scale(R, Coeff / M));
        if (Own)
          Major.Terms[Mono] += Coeff / M;
      } else {
        MinorR = add(MinorR, scale(R, Coeff));
        if (Own)
          Minor.Terms[Mono] += Coeff;
      }
    }
  }
  int64_t K0 = floorMod(OwnConstant, M);
  MinorR = add(MinorR, IntRange::exactly(K0));
  MajorR = add(MajorR, IntRange::exactly((OwnConstant - K0) / M));
  if (K0)
    Minor.Terms[Monomial{}] += K0;
  if (OwnConstant - K0)
    Major.Terms[Monomial{}] += (OwnConstant - K0) / M;
  S.CopyRange = Inter ? MinorR : MajorR;
  S.BinRange = Inter ? MajorR : MinorR;
  S.Bin = Inter ? Major : Minor;
  const Expr *Where = A.Use.Index ? A.Use.Index : A.Use.At;
  std::string Parts_ = Inter ? "the terms of the offset that are not multiples of " + MS
                             : "the offset's multiples of " + MS + ", divided by it";
  if (!S.CopyRange.within(0, int64_t(Copies) - 1)) {
    S.Why = "the copy index (" + Parts_ + ") lies in " + S.CopyRange.str() + ", not within [0, " +
            std::to_string(int64_t(Copies) - 1) + "]";
    S.WhyAt = Where;
    return S;
  }
  std::string BinParts = Inter ? "the offset's multiples of " + MS + ", divided by it"
                               : "the terms of the offset that are not multiples of " + MS;
  if (!S.BinRange.within(0, int64_t(Bins) - 1)) {
    S.Why = "the bin (" + BinParts + ") lies in " + S.BinRange.str() + ", not within [0, " +
            std::to_string(int64_t(Bins) - 1) + "]";
    S.WhyAt = Where;
    return S;
  }
  // The bin as text of the update's function.
  S.Bin.normalize();
  for (const OffsetPart &P : Parts)
    if (P.E && P.In == A.In && containsStmt(A.Use.At, P.E) && S.BinText.empty())
      if (const Expr *X = binOperand(Ctx, P.E, Inter ? Copies : 1, S.Bin))
        S.BinText = textOf(Ctx, X);
  if (S.BinText.empty()) {
    std::string Out;
    int64_t K = 0;
    for (const auto &[Mono, Coeff] : S.Bin.Terms) {
      if (Mono.empty()) {
        K = Coeff;
        continue;
      }
      std::string Term;
      for (const std::string &Key : Mono) {
        auto At = Atoms.find(Key);
        if (At == Atoms.end()) {
          S.Why = "the bin cannot be written out";
          S.WhyAt = Where;
          return S;
        }
        Term += (Term.empty() ? "" : " * ") + factorText(Ctx, At->second);
      }
      if (Coeff != 1)
        Term = (Coeff == -1 ? "-" : std::to_string(Coeff) + " * ") + Term;
      Out += Out.empty() ? Term : (Term[0] == '-' ? " - " + Term.substr(1) : " + " + Term);
    }
    if (Out.empty())
      Out = std::to_string(K);
    else if (K)
      Out += (K > 0 ? " + " : " - ") + std::to_string(K > 0 ? K : -K);
    S.BinText = Out;
  }
  S.Strided = true;
  return S;
}

//===----------------------------------------------------------------------===//
// The merge of one bin
//===----------------------------------------------------------------------===//

namespace {

/// Evaluates integer arithmetic of two variables in the source's types.
struct Evaluator {
  const ASTContext &Ctx;
  const VarDecl *B, *C;
  const VarDecl *Array = nullptr; ///< a pointer into it evaluates to its element offset
  llvm::APSInt BV, CV;
  std::string Why;

  llvm::APSInt convert(const llvm::APSInt &V, QualType T) const {
    unsigned W = Ctx.getIntWidth(T);
    bool Signed = T->isSignedIntegerOrEnumerationType();
    llvm::APInt R = V.isSigned() ? V.sextOrTrunc(W) : V.zextOrTrunc(W);
    return llvm::APSInt(R, !Signed);
  }

  bool mentions(const Stmt *S) const {
    if (const auto *D = dyn_cast<DeclRefExpr>(S))
      if (D->getDecl() == B || D->getDecl() == C)
        return true;
    for (const Stmt *Ch : S->children())
      if (Ch && mentions(Ch))
        return true;
    return false;
  }

  std::optional<llvm::APSInt> pointer(const Expr *E);

  std::optional<llvm::APSInt> fail(const Expr *E) {
    if (Why.empty())
      Why = "'" + textOf(Ctx, E) + "' is not integer arithmetic of the bin, the copy and constants";
    return std::nullopt;
  }

  std::optional<llvm::APSInt> eval(const Expr *E) {
    E = E->IgnoreParens();
    QualType T = E->getType();
    if (Array && (T->isPointerType() || T->isArrayType()))
      return pointer(E);
    if (!T->isIntegralOrEnumerationType() || E->isValueDependent())
      return fail(E);
    if (!mentions(E)) {
      Expr::EvalResult R;
      if (E->EvaluateAsInt(R, Ctx))
        return convert(R.Val.getInt(), T);
      return fail(E);
    }
    if (const auto *D = dyn_cast<DeclRefExpr>(E))
      return convert(D->getDecl() == B ? BV : CV, T);
    if (const auto *Cast = dyn_cast<CastExpr>(E)) {
      auto V = eval(Cast->getSubExpr());
      if (!V)
        return V;
      switch (Cast->getCastKind()) {
      case CK_LValueToRValue:
      case CK_NoOp:
      case CK_IntegralCast:
        return convert(*V, T);
      default:
        return fail(E);
      }
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      auto V = eval(U->getSubExpr());
      if (!V)
        return V;
      switch (U->getOpcode()) {
      case UO_Plus: return convert(*V, T);
      case UO_Minus: return convert(-*V, T);
      case UO_Not: return convert(~*V, T);
      default: return fail(E);
      }
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      auto Cond = eval(CO->getCond());
      if (!Cond)
        return Cond;
      auto V = eval(Cond->isZero() ? CO->getFalseExpr() : CO->getTrueExpr());
      return V ? std::optional(convert(*V, T)) : V;
    }
    const auto *Bin = dyn_cast<BinaryOperator>(E);
    if (!Bin)
      return fail(E);
    auto L = eval(Bin->getLHS()), R = eval(Bin->getRHS());
    if (!L || !R)
      return std::nullopt;
    BinaryOperatorKind Op = Bin->getOpcode();
    if (Op == BO_Shl || Op == BO_Shr) {
      if (R->isNegative() || R->getZExtValue() >= L->getBitWidth())
        return fail(E);
      unsigned N = unsigned(R->getZExtValue());
      return convert(Op == BO_Shl ? (*L << N) : (*L >> N), T);
    }
    if (L->getBitWidth() != R->getBitWidth() || L->isSigned() != R->isSigned())
      return fail(E);
    bool Bool = false;
    llvm::APSInt V;
    switch (Op) {
    case BO_Add: V = *L + *R; break;
    case BO_Sub: V = *L - *R; break;
    case BO_Mul: V = *L * *R; break;
    case BO_Div:
    case BO_Rem:
      if (R->isZero())
        return fail(E);
      V = Op == BO_Div ? *L / *R : *L % *R;
      break;
    case BO_And: V = *L & *R; break;
    case BO_Or: V = *L | *R; break;
    case BO_Xor: V = *L ^ *R; break;
    case BO_LT: Bool = *L < *R; V = llvm::APSInt::get(Bool); break;
    case BO_GT: Bool = *L > *R; V = llvm::APSInt::get(Bool); break;
    case BO_LE: Bool = *L <= *R; V = llvm::APSInt::get(Bool); break;
    case BO_GE: Bool = *L >= *R; V = llvm::APSInt::get(Bool); break;
    case BO_EQ: Bool = *L == *R; V = llvm::APSInt::get(Bool); break;
    case BO_NE: Bool = *L != *R; V = llvm::APSInt::get(Bool); break;
    default: return fail(E);
    }
    return convert(V, T);
  }
};

/// A pointer into Array as its element offset, in 64 bits.
std::optional<llvm::APSInt> Evaluator::pointer(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (refVar(E) == Array)
    return llvm::APSInt::get(0);
  const auto *Bin = dyn_cast<BinaryOperator>(E);
  if (!Bin || (Bin->getOpcode() != BO_Add && Bin->getOpcode() != BO_Sub))
    return fail(E);
  bool LeftPtr = Bin->getLHS()->getType()->isPointerType() || Bin->getLHS()->getType()->isArrayType();
  if (!LeftPtr && Bin->getOpcode() == BO_Sub)
    return fail(E);
  auto P = pointer(LeftPtr ? Bin->getLHS() : Bin->getRHS());
  auto I = eval(LeftPtr ? Bin->getRHS() : Bin->getLHS());
  if (!P || !I)
    return std::nullopt;
  llvm::APSInt Off(I->isSigned() ? I->sextOrTrunc(64) : I->zextOrTrunc(64), false);
  return Bin->getOpcode() == BO_Add ? *P + Off : *P - Off;
}

const Stmt *stripAttributes(const Stmt *S) {
  while (const auto *A = dyn_cast_or_null<AttributedStmt>(S))
    S = A->getSubStmt();
  return S;
}

const Stmt *single(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S); CS && CS->size() == 1)
    return CS->body_front();
  return S;
}

/// How `acc op= x`, `acc = acc op x`, `acc = max(acc, x)` combine: the
/// operator and x.
std::optional<cuda::ReduceOp> accumulation(const Stmt *S, const VarDecl *Acc, const Expr *&X) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  if (!E)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(E)) {
    if (refVar(CA->getLHS()) != Acc)
      return std::nullopt;
    X = CA->getRHS();
    switch (CA->getOpcode()) {
    case BO_AddAssign: return cuda::ReduceOp::Add;
    case BO_OrAssign: return cuda::ReduceOp::Or;
    case BO_XorAssign: return cuda::ReduceOp::Xor;
    case BO_AndAssign: return cuda::ReduceOp::And;
    default: return std::nullopt;
    }
  }
  const auto *As = dyn_cast<BinaryOperator>(E);
  if (!As || As->getOpcode() != BO_Assign || refVar(As->getLHS()) != Acc)
    return std::nullopt;
  const Expr *R = As->getRHS()->IgnoreParenImpCasts();
  auto Other = [&](const Expr *L, const Expr *Rr) -> const Expr * {
    if (refVar(L) == Acc)
      return Rr;
    if (refVar(Rr) == Acc)
      return L;
    return nullptr;
  };
  if (const auto *B = dyn_cast<BinaryOperator>(R)) {
    X = Other(B->getLHS(), B->getRHS());
    if (!X)
      return std::nullopt;
    switch (B->getOpcode()) {
    case BO_Add: return cuda::ReduceOp::Add;
    case BO_Or: return cuda::ReduceOp::Or;
    case BO_Xor: return cuda::ReduceOp::Xor;
    case BO_And: return cuda::ReduceOp::And;
    default: return std::nullopt;
    }
  }
  if (const auto *C = dyn_cast<CallExpr>(R); C && C->getNumArgs() == 2) {
    const FunctionDecl *F = C->getDirectCallee();
    StringRef N = F && F->getIdentifier() ? F->getName() : "";
    X = Other(C->getArg(0), C->getArg(1));
    if (!X)
      return std::nullopt;
    if (N == "max" || N == "umax" || N == "llmax" || N == "ullmax")
      return cuda::ReduceOp::Max;
    if (N == "min" || N == "umin" || N == "llmin" || N == "ullmin")
      return cuda::ReduceOp::Min;
  }
  return std::nullopt;
}

} // namespace

std::optional<std::string> readsEveryCopyOnce(const ASTContext &Ctx, const Expr *Index,
                                              const VarDecl *B, const VarDecl *C,
                                              const std::vector<int64_t> &CopyValues,
                                              uint64_t Copies, uint64_t Bins, const VarDecl *Array,
                                              CopyLayout Layout, const Expr *First) {
  if (Bins * std::max<uint64_t>(CopyValues.size(), 1) > (uint64_t(1) << 22))
    return std::string("too many bins and copies to check");
  if (CopyValues.size() + (First ? 1 : 0) != Copies)
    return "the loop over the copies runs " + std::to_string(CopyValues.size()) + " times, not " +
           std::to_string(First ? Copies - 1 : Copies) +
           (First ? " (the accumulator starts from one copy)" : "");
  Evaluator Ev{Ctx, B, C, Array, llvm::APSInt(), llvm::APSInt(), {}};
  std::vector<int64_t> Got;
  for (uint64_t b = 0; b < Bins; ++b) {
    Got.clear();
    for (int64_t c : CopyValues) {
      Ev.BV = llvm::APSInt::get(int64_t(b));
      Ev.CV = llvm::APSInt::get(c);
      std::optional<llvm::APSInt> V = Ev.eval(Index);
      if (!V)
        return Ev.Why;
      if (V->getSignificantBits() > 63)
        return "'" + textOf(Ctx, Index) + "' overflows";
      Got.push_back(V->getExtValue());
    }
    if (First) {
      {
        // Only the bin may appear: the copy variable is not set before the loop.
        struct Finder {
          const VarDecl *C;
          bool in(const Stmt *S) const {
            if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == C)
              return true;
            for (const Stmt *Ch : S->children())
              if (Ch && in(Ch))
                return true;
            return false;
          }
        } F{C};
        if (F.in(First))
          return "'" + textOf(Ctx, First) + "' reads the copy variable before its loop";
      }
      Ev.BV = llvm::APSInt::get(int64_t(b));
      Ev.CV = llvm::APSInt::get(0);
      std::optional<llvm::APSInt> V = Ev.eval(First);
      if (!V)
        return Ev.Why;
      if (V->getSignificantBits() > 63)
        return "'" + textOf(Ctx, First) + "' overflows";
      Got.push_back(V->getExtValue());
    }
    std::sort(Got.begin(), Got.end());
    std::vector<int64_t> Want;
    for (uint64_t K = 0; K < Copies; ++K)
      Want.push_back(int64_t(Layout == CopyLayout::Interleaved ? b * Copies + K : K * Bins + b));
    for (uint64_t K = 0; K < Copies; ++K)
      if (Got[K] != Want[K]) {
        uint64_t Missing = 0;
        while (Missing + 1 < Copies && std::find(Got.begin(), Got.end(), Want[Missing]) != Got.end())
          ++Missing;
        K = Missing;
        std::string What = "never reads element " + std::to_string(Want[K]);
        return "for bin " + std::to_string(b) + ", '" + textOf(Ctx, Index) + "' " + What +
               " (copy " + std::to_string(K) + " of the bin)";
      }
  }
  return std::nullopt;
}

BinMerge binMerge(ASTContext &Ctx, const FunctionDecl *Kernel, const Stmt *Body, const VarDecl *Bin,
                  const VarDecl *Array, uint64_t Copies, uint64_t Bins) {
  BinMerge M;
  auto Fail = [&](std::string Why, const Stmt *At) {
    M.ShapeWhy = std::move(Why);
    M.ShapeAt = At;
    return M;
  };
  std::vector<const Stmt *> Stmts;
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body)) {
    for (const Stmt *S : CS->body())
      if (!isa<NullStmt>(S))
        Stmts.push_back(S);
  }
  if (Stmts.size() != 3)
    return Fail("the merge of a bin is not an accumulator, a loop over the copies and one atomic",
                Body);
  // `T acc = init;`
  const auto *DS = dyn_cast<DeclStmt>(Stmts[0]);
  const auto *Acc = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  if (!Acc || !Acc->getInit() || !Acc->getType()->isIntegralOrEnumerationType())
    return Fail("the merge of a bin does not start by declaring an integer accumulator", Stmts[0]);
  M.Acc = Acc;
  M.Init = Acc->getInit();
  {
    const Expr *I = M.Init->IgnoreParenImpCasts();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(I); AS && refVar(AS->getBase()) == Array)
      M.InitRead = AS->getIdx();
    if (const auto *U = dyn_cast<UnaryOperator>(I); U && U->getOpcode() == UO_Deref)
      M.InitRead = U->getSubExpr();
  }
  // The loop over the copies.
  const Stmt *Loop = stripAttributes(Stmts[1]);
  const auto *For = dyn_cast<ForStmt>(Loop);
  if (!For)
    return Fail("no loop over the copies follows the accumulator", Stmts[1]);
  M.CopyLoop = For;
  const Expr *X = nullptr;
  M.Op = accumulation(single(For->getBody()), Acc, X);
  if (!M.Op)
    return Fail("the loop over the copies does not only combine elements into '" +
                    Acc->getNameAsString() + "' (+=, |=, ^=, &=, max, min)",
                For->getBody());
  const Expr *Read = X->IgnoreParenImpCasts();
  const Expr *Index = nullptr;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Read); AS && refVar(AS->getBase()) == Array)
    Index = AS->getIdx();
  // `*(copy + e1 + e2)`: the pointer itself, evaluated as an offset.
  if (const auto *U = dyn_cast<UnaryOperator>(Read); U && U->getOpcode() == UO_Deref) {
    Index = U->getSubExpr();
    const Expr *Base = Index->IgnoreParenImpCasts();
    while (const auto *Sum = dyn_cast<BinaryOperator>(Base)) {
      if (Sum->getOpcode() != BO_Add && Sum->getOpcode() != BO_Sub)
        break;
      Base = (Sum->getLHS()->getType()->isPointerType() ? Sum->getLHS() : Sum->getRHS())
                 ->IgnoreParenImpCasts();
    }
    if (refVar(Base) != Array)
      Index = nullptr;
  }
  if (!Index)
    return Fail("the loop over the copies combines '" + textOf(Ctx, X) + "', not an element of '" +
                    Array->getNameAsString() + "'",
                X);
  M.Read = Read;
  const std::vector<VarMod> &Mods = AnalysisCache::of(Ctx).facts(Kernel).mods(Acc);
  if (Mods.size() != 1 || !containsStmt(For->getBody(), Mods[0].At))
    return Fail("'" + Acc->getNameAsString() + "' is also written outside the loop over the copies",
                Mods.empty() ? Stmts[0] : Mods[0].At);
  // `[if (test)] atomicOp(&g[b], acc);`
  const Stmt *Last = single(Stmts[2]);
  if (const auto *If = dyn_cast<IfStmt>(Last); If && !If->getElse() && !If->getInit() &&
                                               !If->getConditionVariable()) {
    M.Test = If->getCond();
    Last = single(If->getThen());
  }
  const auto *Call = dyn_cast<CallExpr>(Last);
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!F || !F->getIdentifier() || !cuda::atomicFunction(F->getName()) || Call->getNumArgs() != 2 ||
      refVar(Call->getArg(1)) != Acc)
    return Fail("the merge of a bin does not end with one atomic of '" + Acc->getNameAsString() +
                    "' into the global array",
                Stmts[2]);
  const Expr *Addr = Call->getArg(0)->IgnoreParenImpCasts();
  const Expr *Base = nullptr, *TIndex = nullptr;
  if (const auto *U = dyn_cast<UnaryOperator>(Addr); U && U->getOpcode() == UO_AddrOf)
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParens())) {
      Base = AS->getBase();
      TIndex = AS->getIdx();
    }
  if (const auto *Sum = dyn_cast<BinaryOperator>(Addr); Sum && Sum->getOpcode() == BO_Add) {
    Base = Sum->getLHS()->getType()->isPointerType() ? Sum->getLHS() : Sum->getRHS();
    TIndex = Base == Sum->getLHS() ? Sum->getRHS() : Sum->getLHS();
  }
  M.Target = Base ? dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts()) : nullptr;
  if (!M.Target || refVar(TIndex) != Bin)
    return Fail("the merge's atomic " + textOf(Ctx, Call) + " does not update element '" +
                    Bin->getNameAsString() + "' of an array",
                Call);
  M.Atomic = Call;
  M.Shaped = true;

  // Every copy of the bin, once.
  TripCount T = analyseTripCount(Ctx, *For, Kernel->getBody());
  if (!T.counted() || !T.Count || !T.StartValue || !T.StepValue || !T.Index) {
    M.SummedWhy = "the loop over the copies has no constant trip count";
    return M;
  }
  std::vector<int64_t> Values;
  llvm::APSInt V = *T.StartValue;
  for (uint64_t I = 0; I < *T.Count && I <= Copies; ++I) {
    Values.push_back(V.getExtValue());
    V = V + llvm::APSInt(T.StepValue->extOrTrunc(V.getBitWidth()), V.isUnsigned());
  }
  if (T.Step) {
    const Expr *St = T.Step->IgnoreParenImpCasts();
    bool Adds = false;
    if (const auto *U = dyn_cast<UnaryOperator>(St))
      Adds = U->getOpcode() == UO_PreInc || U->getOpcode() == UO_PostInc;
    if (const auto *CA = dyn_cast<CompoundAssignOperator>(St))
      Adds = CA->getOpcode() == BO_AddAssign;
    if (!Adds) {
      M.SummedWhy = "the loop over the copies does not count up";
      return M;
    }
  }
  // (A pointer into the copy evaluates to its element offset; indices as they are.)
  if (std::optional<std::string> Why = readsEveryCopyOnce(Ctx, Index, Bin, T.Index, Values, Copies,
                                                          Bins, Array,
                                                          CopyLayout::Interleaved, M.InitRead)) {
    // Each copy a whole B-bin array?
    if (!readsEveryCopyOnce(Ctx, Index, Bin, T.Index, Values, Copies, Bins, Array,
                            CopyLayout::Blocked, M.InitRead)) {
      M.Layout = CopyLayout::Blocked;
      M.Summed = true;
      return M;
    }
    M.SummedWhy = *Why;
    return M;
  }
  M.Summed = true;
  return M;
}

} // namespace analysis
} // namespace klineage
