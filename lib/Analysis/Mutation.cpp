//===- Mutation.cpp - Which variables and memory a function modifies ------===//
#include "klineage/Analysis/Mutation.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Cuda/Intrinsics.h"
#include "klineage/Frontend/SourcePositions.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;
using namespace llvm;
using klineage::positions::beginOffset;
using klineage::positions::endOffset;

namespace klineage {
namespace analysis {

const VarDecl *refVar(const Expr *E) {
  if (!E)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

bool containsStmt(const Stmt *Outer, const Stmt *Inner) {
  if (!Outer || !Inner)
    return false;
  if (Outer == Inner)
    return true;
  for (const Stmt *C : Outer->children())
    if (containsStmt(C, Inner))
      return true;
  return false;
}

/// An lvalue that names memory (not a local variable itself).
bool isMemoryLValue(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<ArraySubscriptExpr>(E))
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->getOpcode() == UO_Deref;
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return M->isArrow() || isMemoryLValue(M->getBase());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      // A const (constexpr) scalar cannot be changed by any store: writing
      // a const object is undefined, so its reads never conflict.
      QualType T = VD->getType();
      if (!T->isReferenceType() && T.isConstQualified() && !T.isVolatileQualified() &&
          !T->isArrayType())
        return false;
      return VD->hasGlobalStorage() || T->isReferenceType();
    }
  return false;
}

const char *mutationKindPhrase(MutationKind K) {
  switch (K) {
  case MutationKind::Assignment: return "is assigned";
  case MutationKind::CompoundAssignment: return "is updated by a compound assignment";
  case MutationKind::IncrementDecrement: return "is incremented or decremented";
  case MutationKind::AddressTaken: return "has its address taken";
  case MutationKind::NonConstReference: return "is bound to a non-const reference";
  case MutationKind::NonConstReferenceArgument: return "is passed to a non-const reference parameter";
  case MutationKind::NonConstMethodCall: return "has a non-const member function called on it";
  case MutationKind::AsmOperand: return "is an inline-asm operand";
  case MutationKind::OtherUse: return "is used in a way that may modify it";
  }
  return "";
}

namespace {

/// Every use of every variable under one root statement, classified once:
/// parents are recorded walking down (children(), lambda bodies included;
/// unevaluated operands and builtin indices skipped), then each reference is
/// judged walking up from it.
class UseClassifier {
public:
  UseClassifier(const ASTContext &Ctx, const Stmt *Root,
                llvm::DenseMap<const Stmt *, const Stmt *> &Parents,
                std::map<const VarDecl *, std::vector<VarMod>> &Mods)
      : Ctx(Ctx), Parents(Parents), Mods(Mods) {
    if (!Root)
      return;
    std::vector<const Stmt *> Work{Root};
    std::vector<const DeclRefExpr *> Refs;
    while (!Work.empty()) {
      const Stmt *S = Work.back();
      Work.pop_back();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
        if (isa<VarDecl>(DRE->getDecl()))
          Refs.push_back(DRE);
        continue;
      }
      if (isUnevaluated(S))
        continue;
      if (const auto *E = dyn_cast<Expr>(S); E && cuda::builtinIndex(E))
        continue;
      std::vector<const Stmt *> Kids;
      for (const Stmt *C : S->children())
        if (C && Parents.try_emplace(C, S).second)
          Kids.push_back(C);
      Work.insert(Work.end(), Kids.rbegin(), Kids.rend()); // popped in source order
    }
    for (const DeclRefExpr *DRE : Refs)
      classify(DRE);
  }

private:
  struct Outcome {
    MutationKind K;
    const Expr *At;
  };

  static bool isUnevaluated(const Stmt *S) {
    if (isa<UnaryExprOrTypeTraitExpr>(S) || isa<CXXNoexceptExpr>(S))
      return true;
    if (const auto *T = dyn_cast<CXXTypeidExpr>(S))
      return !T->isPotentiallyEvaluated();
    return false;
  }

  const Stmt *parent(const Stmt *S) const {
    auto It = Parents.find(S);
    return It == Parents.end() ? nullptr : It->second;
  }

  /// The declared type of the parameter that argument \p I of \p C binds.
  static QualType paramType(const CallExpr *C, unsigned I) {
    const FunctionDecl *Callee = C->getDirectCallee();
    if (isa<CXXOperatorCallExpr>(C) && isa_and_nonnull<CXXMethodDecl>(Callee)) {
      if (I == 0)
        return QualType();
      --I;
    }
    if (Callee)
      return I < Callee->getNumParams() ? Callee->getParamDecl(I)->getType() : QualType();
    QualType T = C->getCallee()->getType();
    if (const auto *P = T->getAs<PointerType>())
      T = P->getPointeeType();
    if (const auto *FT = T->getAs<FunctionProtoType>())
      return I < FT->getNumParams() ? FT->getParamType(I) : QualType();
    return QualType();
  }

  static bool hasMutableFields(QualType T) {
    const auto *RD = T->getAsCXXRecordDecl();
    return RD && RD->hasDefinition() && RD->hasMutableFields();
  }
  /// A const glvalue of type \p T is only read (unless a field is mutable).
  static bool readOnly(QualType T) { return T.isConstQualified() && !hasMutableFields(T); }

  /// The variable (or part) \p At is bound to a reference of type \p T.
  static std::optional<Outcome> binding(QualType T, MutationKind K, const Expr *At) {
    if (T.isNull() || T->isDependentType() || !T->isReferenceType())
      return Outcome{MutationKind::OtherUse, At};
    if (readOnly(T->getPointeeType()))
      return std::nullopt;
    return Outcome{K, At};
  }

  static MutationKind operatorKind(OverloadedOperatorKind Op) {
    switch (Op) {
    case OO_Equal:
      return MutationKind::Assignment;
    case OO_PlusEqual: case OO_MinusEqual: case OO_StarEqual: case OO_SlashEqual:
    case OO_PercentEqual: case OO_CaretEqual: case OO_AmpEqual: case OO_PipeEqual:
    case OO_LessLessEqual: case OO_GreaterGreaterEqual:
      return MutationKind::CompoundAssignment;
    case OO_PlusPlus: case OO_MinusMinus:
      return MutationKind::IncrementDecrement;
    default:
      return MutationKind::NonConstMethodCall;
    }
  }

  void classify(const DeclRefExpr *DRE) {
    // An array variable stands for its address, which nothing changes; its
    // elements are memory (MemEvents), like those behind a pointer.
    if (DRE->getDecl()->getType()->isArrayType())
      return;
    const FieldDecl *Field = nullptr;
    bool Whole = true;
    std::optional<Outcome> O = walk(DRE, Field, Whole);
    if (!O)
      return;
    VarMod M;
    M.Kind = O->K;
    M.At = O->At;
    M.Use = DRE;
    M.Field = Field;
    M.InLambda = DRE->refersToEnclosingVariableOrCapture();
    M.Begin = beginOffset(Ctx, M.At);
    M.End = endOffset(Ctx, M.At);
    M.Other = true;
    if (Whole) {
      if (const auto *B = dyn_cast<BinaryOperator>(M.At); B && B->isAssignmentOp()) {
        M.Op = B->getOpcode();
        if (M.Op == BO_Assign || M.Op == BO_AddAssign || M.Op == BO_SubAssign) {
          M.Value = B->getRHS();
          M.Other = false;
        }
      } else if (const auto *C = dyn_cast<CXXOperatorCallExpr>(M.At);
                 C && C->getOperator() == OO_Equal && C->getNumArgs() == 2) {
        M.Value = C->getArg(1);
        M.Other = false;
      }
    }
    Mods[cast<VarDecl>(DRE->getDecl())].push_back(M);
  }

  /// Walks up from \p DRE while the expression still denotes the variable
  /// (or a part of it: \p Whole turns false, \p Field names the outermost
  /// field taken) and says what finally happens to it; nullopt for a read.
  std::optional<Outcome> walk(const DeclRefExpr *DRE, const FieldDecl *&Field, bool &Whole) {
    auto Part = [&](const FieldDecl *F) {
      if (Whole)
        Field = F;
      Whole = false;
    };
    const Expr *Cur = DRE;
    while (true) {
      const Stmt *P = parent(Cur);
      if (!P) // the context lies outside the root: not known to be a read
        return Outcome{MutationKind::OtherUse, Cur};
      if (isUnevaluated(P))
        return std::nullopt;
      const auto *PE = dyn_cast<Expr>(P);
      if (!PE)
        return statementUse(Cur, P);
      if (isa<ParenExpr>(PE) || isa<ConstantExpr>(PE) || isa<ExprWithCleanups>(PE) ||
          isa<SubstNonTypeTemplateParmExpr>(PE)) {
        Cur = PE;
        continue;
      }
      if (const auto *C = dyn_cast<CastExpr>(PE)) {
        switch (C->getCastKind()) {
        case CK_LValueToRValue:
        case CK_LValueToRValueBitCast:
        case CK_ToVoid:
          return std::nullopt;
        case CK_NoOp:
        case CK_LValueBitCast:
        case CK_DerivedToBase:
        case CK_UncheckedDerivedToBase:
        case CK_BaseToDerived:
        case CK_Dynamic:
          if (readOnly(C->getType()))
            return std::nullopt; // bound to a const reference, a const member call
          if (C->getCastKind() != CK_NoOp)
            Part(nullptr);
          Cur = PE;
          continue;
        case CK_ArrayToPointerDecay: {
          // Indexed or dereferenced at once: an element of the array.
          const Stmt *Use = parent(C);
          const auto *A = dyn_cast_or_null<ArraySubscriptExpr>(Use);
          const auto *U = dyn_cast_or_null<UnaryOperator>(Use);
          if ((A && A->getBase() == C) || (U && U->getOpcode() == UO_Deref)) {
            Part(nullptr);
            Cur = cast<Expr>(Use);
            continue;
          }
          if (readOnly(Cur->getType()->castAsArrayTypeUnsafe()->getElementType()))
            return std::nullopt;
          return Outcome{MutationKind::AddressTaken, C};
        }
        default:
          return Outcome{MutationKind::OtherUse, PE};
        }
      }
      if (const auto *M = dyn_cast<MemberExpr>(PE)) {
        if (M->getBase() != Cur || M->isArrow())
          return std::nullopt; // a dependent pointer's pointee is memory
        const ValueDecl *Member = M->getMemberDecl();
        if (const auto *MD = dyn_cast<CXXMethodDecl>(Member)) {
          if (MD->isStatic() || (MD->isConst() && !hasMutableFields(Cur->getType())))
            return std::nullopt;
          const auto *Call = dyn_cast_or_null<Expr>(parent(M));
          return Outcome{MutationKind::NonConstMethodCall, Call ? Call : M};
        }
        if (!isa<FieldDecl>(Member) && !isa<IndirectFieldDecl>(Member))
          return std::nullopt; // a static member named through the variable
        Part(dyn_cast<FieldDecl>(Member));
        Cur = PE;
        continue;
      }
      if (const auto *M = dyn_cast<CXXDependentScopeMemberExpr>(PE)) {
        if (M->isImplicitAccess() || M->getBase() != Cur || M->isArrow())
          return std::nullopt;
        Part(nullptr);
        Cur = PE;
        continue;
      }
      if (const auto *A = dyn_cast<ArraySubscriptExpr>(PE)) {
        if (A->getBase() != Cur)
          return std::nullopt; // the index is read
        QualType T = Cur->getType();
        if (T->isPointerType())
          return std::nullopt; // the pointer is read; its pointee is memory
        if (!T->isArrayType() && !T->isVectorType())
          return Outcome{MutationKind::OtherUse, PE};
        Part(nullptr);
        Cur = PE;
        continue;
      }
      if (const auto *U = dyn_cast<UnaryOperator>(PE)) {
        switch (U->getOpcode()) {
        case UO_AddrOf:
          return Outcome{MutationKind::AddressTaken, U};
        case UO_PreInc: case UO_PreDec: case UO_PostInc: case UO_PostDec:
          return Outcome{MutationKind::IncrementDecrement, U};
        case UO_Real: case UO_Imag: case UO_Extension:
          Part(nullptr);
          Cur = PE;
          continue;
        default:
          return std::nullopt; // + - ~ ! read it; * reads a pointer
        }
      }
      if (const auto *B = dyn_cast<BinaryOperator>(PE)) {
        if (B->isAssignmentOp()) {
          if (B->getLHS() != Cur)
            return std::nullopt; // a dependent assignment's right side is read
          return Outcome{B->isCompoundAssignmentOp() ? MutationKind::CompoundAssignment
                                                     : MutationKind::Assignment,
                         B};
        }
        if (B->getOpcode() == BO_Comma && B->getLHS() == Cur)
          return std::nullopt; // discarded
        if (B->getOpcode() == BO_Comma || (B->isPtrMemOp() && B->getLHS() == Cur)) {
          if (B->isPtrMemOp())
            Part(nullptr);
          Cur = PE;
          continue;
        }
        return std::nullopt; // arithmetic, comparison, logic read it
      }
      if (const auto *C = dyn_cast<ConditionalOperator>(PE)) {
        if (C->getCond() == Cur)
          return std::nullopt;
        Cur = PE;
        continue;
      }
      if (const auto *C = dyn_cast<CXXOperatorCallExpr>(PE);
          C && C->getNumArgs() && C->getArg(0) == Cur) {
        MutationKind K = operatorKind(C->getOperator());
        const FunctionDecl *Callee = C->getDirectCallee();
        if (Callee && !isa<CXXMethodDecl>(Callee)) // a free operator: its first parameter decides
          return binding(paramType(C, 0), K == MutationKind::NonConstMethodCall
                                              ? MutationKind::NonConstReferenceArgument
                                              : K,
                         C);
        // A const method's object arrives through a const cast (read above).
        return Outcome{Callee || K != MutationKind::NonConstMethodCall ? K : MutationKind::OtherUse, C};
      }
      if (const auto *C = dyn_cast<CallExpr>(PE)) {
        if (C->getCallee() == Cur) // a method of a dependent object, a functor
          return Outcome{MutationKind::OtherUse, C};
        for (unsigned I = 0; I < C->getNumArgs(); ++I)
          if (C->getArg(I) == Cur)
            return binding(paramType(C, I), MutationKind::NonConstReferenceArgument, C);
        return Outcome{MutationKind::OtherUse, C};
      }
      if (const auto *C = dyn_cast<CXXConstructExpr>(PE)) {
        const CXXConstructorDecl *Ctor = C->getConstructor();
        for (unsigned I = 0; I < C->getNumArgs(); ++I)
          if (C->getArg(I) == Cur)
            return binding(I < Ctor->getNumParams() ? Ctor->getParamDecl(I)->getType() : QualType(),
                           MutationKind::NonConstReferenceArgument, C);
        return Outcome{MutationKind::OtherUse, C};
      }
      if (isa<InitListExpr>(PE)) // a reference member bound to it
        return Outcome{MutationKind::NonConstReference, Cur};
      if (const auto *L = dyn_cast<LambdaExpr>(PE))
        return lambdaCapture(L, Cur);
      return Outcome{MutationKind::OtherUse, PE};
    }
  }

  /// \p Cur (the variable or a part) used directly by statement \p P.
  std::optional<Outcome> statementUse(const Expr *Cur, const Stmt *P) {
    if (const auto *DS = dyn_cast<DeclStmt>(P)) {
      for (const Decl *D : DS->decls()) {
        const auto *VD = dyn_cast<VarDecl>(D);
        if (!VD || VD->getInit() != Cur)
          continue;
        // `for (x : v)` binds v to an implicit `auto &&__range`: the loop
        // variable's type says whether elements can be written.
        if (VD->isImplicit())
          if (const auto *For = dyn_cast_or_null<CXXForRangeStmt>(parent(DS));
              For && For->getRangeStmt() == DS) {
            QualType LoopT = For->getLoopVariable()->getType();
            if (!LoopT->isReferenceType() && !LoopT->isDependentType())
              return std::nullopt;
            return binding(LoopT, MutationKind::NonConstReference, Cur);
          }
        return binding(VD->getType(), MutationKind::NonConstReference, Cur);
      }
      return Outcome{MutationKind::OtherUse, Cur};
    }
    if (isa<ReturnStmt>(P)) // returned by reference (a value would be converted first)
      return Outcome{MutationKind::NonConstReference, Cur};
    if (isa<AsmStmt>(P))
      return Outcome{MutationKind::AsmOperand, Cur};
    if (isa<CXXForRangeStmt>(P))
      return Outcome{MutationKind::NonConstReference, Cur};
    return std::nullopt; // an expression statement's discarded value, a condition
  }

  /// \p Cur is a capture of lambda \p L: a simple capture is no modification
  /// (the body's uses refer to the variable and are classified); an init
  /// capture `[&r = v]` is a binding.
  std::optional<Outcome> lambdaCapture(const LambdaExpr *L, const Expr *Cur) {
    auto Init = L->capture_init_begin();
    for (const LambdaCapture &C : L->captures()) {
      const Expr *E = *Init++;
      if (E != Cur || !C.capturesVariable())
        continue;
      if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar()); VD && VD->isInitCapture())
        return VD->getType()->isReferenceType()
                   ? binding(VD->getType(), MutationKind::NonConstReference, Cur)
                   : std::nullopt;
      return std::nullopt;
    }
    return std::nullopt;
  }

  const ASTContext &Ctx;
  llvm::DenseMap<const Stmt *, const Stmt *> &Parents;
  std::map<const VarDecl *, std::vector<VarMod>> &Mods;
};

} // namespace

class FactsVisitor : public RecursiveASTVisitor<FactsVisitor> {
public:
  FactsVisitor(FunctionFacts &F, const ASTContext &Ctx) : F(F), Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  void addEvent(MemEvent::Kind K, const Expr *E, const Expr *TimeNode, StringRef What = "") {
    MemEvent Ev;
    Ev.K = K;
    Ev.E = E;
    Ev.Begin = beginOffset(Ctx, E);
    Ev.End = endOffset(Ctx, E);
    Ev.Time = K == MemEvent::Write ? endOffset(Ctx, TimeNode) : beginOffset(Ctx, TimeNode);
    Ev.What = What.str();
    F.Events.push_back(Ev);
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (!B->isAssignmentOp())
      return true;
    const Expr *L = B->getLHS()->IgnoreParens();
    if (isMemoryLValue(L)) {
      addEvent(MemEvent::Write, L, B);
      if (B->isCompoundAssignmentOp())
        addEvent(MemEvent::Read, L, B);
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    const Expr *S = U->getSubExpr()->IgnoreParens();
    if (U->isIncrementDecrementOp() && isMemoryLValue(S)) {
      addEvent(MemEvent::Read, S, U);
      addEvent(MemEvent::Write, S, U);
    }
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_LValueToRValue && isMemoryLValue(C->getSubExpr()))
      addEvent(MemEvent::Read, C->getSubExpr()->IgnoreParens(), C);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    if (C->getNumArgs() == 1 && isMemoryLValue(C->getArg(0)))
      addEvent(MemEvent::Read, C->getArg(0)->IgnoreParenImpCasts(), C);
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C)) {
      if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2) {
        const Expr *L = Op->getArg(0)->IgnoreParenImpCasts();
        if (isMemoryLValue(L))
          addEvent(MemEvent::Write, L, Op);
        const Expr *R = Op->getArg(1)->IgnoreParenImpCasts();
        if (R->isGLValue() && isMemoryLValue(R))
          addEvent(MemEvent::Read, R, Op);
        return true;
      }
      addEvent(MemEvent::Call, C, C, "operator");
      return true;
    }
    const FunctionDecl *Callee = C->getDirectCallee();
    StringRef Name = Callee && Callee->getIdentifier() ? Callee->getName() : "";
    if (Name == "__builtin_assume" && C->getNumArgs() == 1) {
      recordAssume(C->getArg(0));
      return true;
    }
    if (Name == "__builtin_assume_aligned" || Name == "__builtin_expect")
      return true;
    if (Name == "__ldg") {
      addEvent(MemEvent::Read, C, C);
      return true;
    }
    if (cuda::isPureCallee(Name))
      return true;
    if (Callee && (Callee->hasAttr<ConstAttr>() || Callee->hasAttr<PureAttr>()))
      return true;
    if (Callee && Callee->getBuiltinID() && Name.starts_with("__nv_"))
      return true;
    if (cuda::isBuiltinIndexGetterCall(C))
      return true;
    addEvent(MemEvent::Call, C, C, Name.empty() ? "an indirect function" : Name);
    return true;
  }
  bool TraverseStmt(Stmt *S) {
    // threadIdx.x and friends are calls in the AST; they read no memory.
    if (const auto *E = dyn_cast_or_null<Expr>(S))
      if (cuda::builtinIndex(E))
        return true;
    return RecursiveASTVisitor::TraverseStmt(S);
  }

private:
  void recordAssume(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (B->getOpcode() == BO_LAnd) {
        recordAssume(B->getLHS());
        recordAssume(B->getRHS());
        return;
      }
      if (B->getOpcode() != BO_EQ)
        return;
      const Expr *L = B->getLHS()->IgnoreParenImpCasts(), *R = B->getRHS()->IgnoreParenImpCasts();
      Expr::EvalResult Zero;
      if (!(R->EvaluateAsInt(Zero, Ctx) && Zero.Val.getInt() == 0))
        std::swap(L, R);
      if (!(R->EvaluateAsInt(Zero, Ctx) && Zero.Val.getInt() == 0))
        return;
      const auto *Mod = dyn_cast<BinaryOperator>(L);
      if (!Mod)
        return;
      Expr::EvalResult N;
      const VarDecl *VD = refVar(Mod->getLHS());
      if (!VD || !Mod->getRHS()->EvaluateAsInt(N, Ctx))
        return;
      int64_t NV = N.Val.getInt().getExtValue();
      if (Mod->getOpcode() == BO_Rem && NV > 0)
        F.Multiples.push_back({VD, NV});
      else if (Mod->getOpcode() == BO_And && NV >= 0 && ((NV + 1) & NV) == 0)
        F.Multiples.push_back({VD, NV + 1}); // (v & 3) == 0
    }
  }
  FunctionFacts &F;
  const ASTContext &Ctx;
};

FunctionFacts::FunctionFacts(const ASTContext &Ctx, const FunctionDecl *FD) : Ctx(Ctx), FD(FD) {
  UseClassifier(Ctx, FD->getBody(), Parents, Mods);
  FactsVisitor V(*this, Ctx);
  V.TraverseStmt(FD->getBody());
}

bool FunctionFacts::isKernel() const { return cuda::isKernel(FD); }

const std::vector<VarMod> &FunctionFacts::mods(const VarDecl *VD) const {
  static const std::vector<VarMod> None;
  auto It = Mods.find(VD);
  return It == Mods.end() ? None : It->second;
}

const VarMod *FunctionFacts::modifiedIn(const std::vector<const VarDecl *> &Vars, unsigned Begin,
                                        unsigned End, const VarDecl **Which) const {
  for (const VarDecl *VD : Vars)
    for (const VarMod &M : mods(VD))
      if (M.InLambda || (M.Begin >= Begin && M.Begin < End)) {
        if (Which)
          *Which = VD;
        return &M;
      }
  return nullptr;
}

bool FunctionFacts::assumedMultiple(const VarDecl *VD, int64_t N) const {
  for (const auto &[V, M] : Multiples)
    if (V == VD && M % N == 0)
      return true;
  return false;
}

const Stmt *FunctionFacts::parentOf(const Stmt *S) const {
  auto It = Parents.find(S);
  return It == Parents.end() ? nullptr : It->second;
}

bool FunctionFacts::encloses(const Stmt *Outer, const Stmt *Inner) const {
  for (const Stmt *S = Inner; S; S = parentOf(S))
    if (S == Outer)
      return true;
  return false;
}

const VarMod *FunctionFacts::modifiedWithin(const VarDecl *VD, const Stmt *S, const Stmt *Skip) const {
  for (const VarMod &M : mods(VD))
    if (encloses(S, M.Use) && !(Skip && encloses(Skip, M.Use)))
      return &M;
  return nullptr;
}

const FunctionDecl *declaringFunction(const VarDecl *V) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  return FD && FD->getBody() ? FD : nullptr;
}

const std::vector<VarMod> *modificationsOf(ASTContext &Ctx, const VarDecl *V) {
  const FunctionDecl *FD = declaringFunction(V);
  if (!FD)
    return nullptr;
  return &AnalysisCache::of(Ctx).facts(FD).mods(V);
}

const Stmt *findModification(ASTContext &Ctx, const Stmt *S, const VarDecl *V, const Stmt *Skip) {
  if (!S || S == Skip)
    return nullptr;
  if (const FunctionDecl *FD = declaringFunction(V)) {
    const FunctionFacts &F = AnalysisCache::of(Ctx).facts(FD);
    if (F.encloses(FD->getBody(), S)) {
      const VarMod *M = F.modifiedWithin(V, S, Skip);
      return M ? M->Use : nullptr;
    }
  }
  // A global, or a statement outside V's function: classify S alone (a use
  // whose context lies outside S counts as a modification).
  llvm::DenseMap<const Stmt *, const Stmt *> Parents;
  std::map<const VarDecl *, std::vector<VarMod>> Mods;
  UseClassifier(Ctx, S, Parents, Mods);
  for (const VarMod &M : Mods[V]) {
    bool Skipped = false;
    for (const Stmt *P = M.Use; P && Skip && !Skipped; ) {
      Skipped = P == Skip;
      auto It = Parents.find(P);
      P = It == Parents.end() ? nullptr : It->second;
    }
    if (!Skipped)
      return M.Use;
  }
  return nullptr;
}

} // namespace analysis
} // namespace klineage
