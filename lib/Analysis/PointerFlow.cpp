//===- PointerFlow.cpp - What a function does through a pointer parameter -===//
#include "klineage/Analysis/PointerFlow.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Cuda/Intrinsics.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include <map>

using namespace clang;
using namespace clang::ast_matchers;

namespace klineage {
namespace analysis {

SourceLocation FlowFact::location() const {
  if (!Via.empty())
    return Via.front().Call->getBeginLoc();
  return innerLocation();
}

SourceLocation FlowFact::innerLocation() const {
  if (At)
    return At->getBeginLoc();
  return D ? D->getLocation() : SourceLocation();
}

bool PointerFlow::derives(const VarDecl *V) const { return V == Param || llvm::is_contained(Derived, V); }

static bool holdsPointers(QualType T, int Depth) {
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || Depth > 2)
    return false;
  for (const FieldDecl *FD : RD->fields()) {
    QualType FT = FD->getType();
    if (FT->isPointerType() || FT->isReferenceType())
      return true;
    if (const auto *AT = dyn_cast<ConstantArrayType>(FT.getCanonicalType()))
      FT = AT->getElementType();
    if (FT->isPointerType() || holdsPointers(FT, Depth + 1))
      return true;
  }
  for (const CXXBaseSpecifier &B : RD->bases())
    if (holdsPointers(B.getType(), Depth + 1))
      return true;
  return false;
}

bool holdsPointers(QualType T) { return holdsPointers(T, 0); }

namespace {

/// The declaration that \p S is the initializer of, if any. Checked before
/// the statement parents: the parent map may list a for-statement as well as
/// the VarDecl for the initializer of a for-init declaration
/// (`for (const T *q = p; ...)`).
const Decl *parentDecl(ASTContext &Ctx, const Stmt &S) {
  for (const DynTypedNode &N : Ctx.getParents(S))
    if (const auto *D = N.get<Decl>())
      return D;
  return nullptr;
}

const Stmt *parentStmt(ASTContext &Ctx, const Stmt &S) {
  DynTypedNodeList P = Ctx.getParents(S);
  if (P.empty() || parentDecl(Ctx, S))
    return nullptr;
  return P[0].get<Stmt>();
}

bool pointeeIsConst(QualType T) {
  if (const auto *PT = T->getAs<PointerType>())
    return PT->getPointeeType().isConstQualified();
  return false;
}

/// The template type parameter T of a parameter type `T *` / `const T *`.
const TemplateTypeParmType *templateParmOf(QualType T) {
  if (const auto *PT = T->getAs<PointerType>())
    return PT->getPointeeType()->getAs<TemplateTypeParmType>();
  return nullptr;
}

/// Whether \p T mentions template type parameter \p P (through pointers,
/// references, arrays, qualifiers).
bool mentionsParm(QualType T, const TemplateTypeParmType *P) {
  for (int Guard = 0; Guard < 16 && !T.isNull(); ++Guard) {
    if (const auto *TP = T->getAs<TemplateTypeParmType>())
      return TP->getDepth() == P->getDepth() && TP->getIndex() == P->getIndex();
    if (const auto *PT = T->getAs<PointerType>())
      T = PT->getPointeeType();
    else if (const auto *RT = T->getAs<ReferenceType>())
      T = RT->getPointeeType();
    else if (const auto *AT = dyn_cast<ArrayType>(T.getCanonicalType()))
      T = AT->getElementType();
    else
      return T->isDependentType(); // some other dependent spelling: be careful
  }
  return false;
}

FlowFact fact(FlowFact::Kind K, const Stmt *At, const Decl *D = nullptr) {
  FlowFact F;
  F.K = K;
  F.At = At;
  F.D = D;
  return F;
}

FlowFact callFact(FlowFact::Kind K, const CallExpr *At, const FunctionDecl *Callee,
                  const ParmVarDecl *Param = nullptr, QualType Type = QualType()) {
  FlowFact F = fact(K, At);
  F.Callee = Callee;
  F.Param = Param;
  F.Type = Type;
  return F;
}

/// Follows one pointer parameter through its function's body: the derived
/// local pointers form a fixed point over which of them are "mixed" (may
/// also hold a pointer not derived from P; loads through those are not
/// __ldg candidates).
class FlowWalker {
public:
  FlowWalker(AnalysisCache &Cache, ASTContext &Ctx, const FunctionDecl &Fn, unsigned Depth)
      : Cache(Cache), Ctx(Ctx), Fn(Fn), Depth(Depth) {}

  PointerFlow run(const ParmVarDecl &P) {
    PointerFlow F;
    Root = &P;
    std::set<const VarDecl *> Mixed;
    for (int Iter = 0; Iter < 6; ++Iter) {
      F = PointerFlow();
      F.Param = &P;
      Derived.clear();
      Assigned.clear();
      NextMixed = Mixed;
      std::vector<const VarDecl *> Work{&P};
      Derived.insert(&P);
      while (!Work.empty()) {
        const VarDecl *V = Work.back();
        Work.pop_back();
        for (const DeclRefExpr *DRE : Cache.references(&Fn, V)) {
          PathMixed = Mixed.count(V) > 0;
          walkPointer(F, DRE, Work);
        }
      }
      // The parameter re-pointed at something we did not trace: its loads
      // may read memory that is written.
      for (const Expr *RHS : assignmentsTo(&P))
        if (!Assigned[&P].count(RHS->IgnoreParenImpCasts()))
          F.Unknowns.push_back(fact(FlowFact::RePointed, RHS));
      // A copy also assigned from something we did not trace is mixed.
      for (const VarDecl *V : Derived) {
        if (V == &P)
          continue;
        std::vector<const Expr *> RHSs = assignmentsTo(V);
        if (V->getInit())
          RHSs.insert(RHSs.begin(), V->getInit());
        for (const Expr *RHS : RHSs)
          if (!Assigned[V].count(RHS->IgnoreParenImpCasts()))
            NextMixed.insert(V);
      }
      if (NextMixed == Mixed)
        break;
      Mixed = NextMixed;
    }
    F.Mixed = Mixed;
    return F;
  }

private:
  /// Right-hand sides of every `V = X` in the function.
  std::vector<const Expr *> assignmentsTo(const VarDecl *V) {
    std::vector<const Expr *> Out;
    for (const VarMod &M : Cache.facts(&Fn).mods(V))
      if (M.Op == BO_Assign && !M.Other && M.Value && isa<BinaryOperator>(M.At))
        Out.push_back(M.Value);
    return Out;
  }

  void addDerived(PointerFlow &F, const VarDecl *V, const Expr *From, std::vector<const VarDecl *> &Work) {
    Assigned[V].insert(From->IgnoreParenImpCasts());
    if (PathMixed)
      NextMixed.insert(V);
    if (!Derived.insert(V).second)
      return;
    if (V != Root)
      F.Derived.push_back(V);
    Work.push_back(V);
    QualType T = V->getType();
    if (pointeeIsConst(T))
      return;
    if (const auto *PT = T->getAs<PointerType>())
      if (PT->getPointeeType()->getContainedAutoType())
        return; // `auto *q = p` deduces the const itself
    if (T->getContainedAutoType())
      return; // `auto q = p + k`
    FlowFact C = fact(FlowFact::LocalPointer, nullptr, V);
    C.Type = T;
    F.ConstDependents.push_back(C);
  }

  /// \p E evaluates to a pointer derived from the parameter.
  void walkPointer(PointerFlow &F, const Expr *E, std::vector<const VarDecl *> &Work) {
    // (An implicit conversion to volatile is reported where it lands: the
    // copy's own uses, or the callee parameter.)
    if (!F.Volatile && !isa<ImplicitCastExpr>(E) && E->getType()->isPointerType() &&
        E->getType()->getPointeeType().isVolatileQualified()) {
      F.Volatile = fact(FlowFact::VolatilePointer, E);
      F.Volatile->Type = E->getType()->getPointeeType();
    }
    const Stmt *P = parentStmt(Ctx, *E);
    if (!P) {
      if (const Decl *D = parentDecl(Ctx, *E)) {
        const auto *V = dyn_cast<VarDecl>(D);
        if (V && V->isLocalVarDecl() && !V->isStaticLocal() && V->getType()->isPointerType() &&
            V->getInit() && V->getInit()->IgnoreParenImpCasts() == E->IgnoreParenImpCasts()) {
          addDerived(F, V, E, Work);
          return;
        }
        if (V && V->getType()->isReferenceType()) {
          F.Unknowns.push_back(fact(FlowFact::BoundToReference, nullptr, V));
          return;
        }
        if (V && !V->getType()->isPointerType())
          return; // converted to an integer etc.
        F.Unknowns.push_back(fact(FlowFact::StoredInDeclaration, nullptr, D));
      }
      return;
    }
    const auto *PE = dyn_cast<Expr>(P);
    if (const auto *BO = dyn_cast<BinaryOperator>(P); BO && BO->getOpcode() == BO_Assign) {
      if (BO->getRHS() != E)
        return; // `p = X`: X is checked as an assignment of a derived variable
      const auto *L = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
      const auto *V = L ? dyn_cast<VarDecl>(L->getDecl()) : nullptr;
      if (!V || !(V == Root || (V->isLocalVarDecl() && !V->isStaticLocal())) ||
          !V->getType()->isPointerType()) {
        F.Unknowns.push_back(fact(FlowFact::StoredIntoLValue, BO));
        return;
      }
      addDerived(F, V, E, Work);
    }
    if (const auto *ECE = dyn_cast<ExplicitCastExpr>(P)) {
      // static_cast / reinterpret_cast<T *>(p) would cast away the new const.
      QualType To = ECE->getType();
      if (To->isPointerType() && !pointeeIsConst(To) && !isa<CStyleCastExpr>(ECE) &&
          !isa<CXXConstCastExpr>(ECE))
        F.ConstDependents.push_back(fact(FlowFact::PointerCast, ECE));
    }
    // The value carries on: `(T *)p`, `p + i`, `q = p`, `p++`, ...
    if (PE && carriesPointer(PE, E))
      return walkPointer(F, PE, Work);
    if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
      if (UO->getOpcode() == UO_Deref)
        return walkPointee(F, UO, UO, Work);
      if (UO->getOpcode() == UO_AddrOf)
        F.Unknowns.push_back(fact(FlowFact::AddressTaken, UO));
      return; // !p
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(P)) {
      if (ASE->getBase() == E)
        return walkPointee(F, ASE, ASE, Work);
      return;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(P)) {
      if (ME->isArrow() && ME->getBase() == E)
        return walkPointee(F, ME, memberTarget(ME, E->getType()->getPointeeType()), Work);
      return;
    }
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(P)) {
      if (CO->getCond() == E)
        return;
      bool Saved = PathMixed;
      PathMixed = true; // the result may be another pointer
      walkPointer(F, CO, Work);
      PathMixed = Saved;
      return;
    }
    if (const auto *CE = dyn_cast<CallExpr>(P))
      return walkCallArg(F, CE, E);
    // Casts to bool or an integer, comparisons, `p += k` on the pointer
    // itself, the left of a comma, sizeof: the memory is not reached.
    if (isa<CastExpr>(P) || isa<BinaryOperator>(P) || isa<UnaryExprOrTypeTraitExpr>(P) ||
        isa<CXXNoexceptExpr>(P))
      return;
    // A lambda capture: the uses inside the lambda's body name the same
    // parameter and are followed like any other use.
    if (isa<LambdaExpr>(P))
      return;
    if (isa<DeclStmt>(P))
      return;
    if (isa<ReturnStmt>(P)) {
      F.Unknowns.push_back(fact(FlowFact::Returned, P));
      return;
    }
    // A statement that is not an expression: the pointer value is discarded
    // (`++q` as a for-increment, `p++;`).
    if (!PE && !isa<CoreturnStmt>(P))
      return;
    F.Unknowns.push_back(fact(FlowFact::Escapes, P));
  }

  /// \p E is the pointer passed as an argument of \p CE.
  void walkCallArg(PointerFlow &F, const CallExpr *CE, const Expr *E) {
    if (CE->getCallee() && CE->getCallee()->IgnoreParenImpCasts() == E->IgnoreParenImpCasts())
      return;
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee) {
      F.Unknowns.push_back(fact(FlowFact::IndirectCall, CE));
      return;
    }
    // getNameAsString: operator() of a lambda has no identifier name.
    const std::string CName = Callee->getNameAsString();
    if (cuda::isAtomicOrStoreCallee(CName)) {
      F.Writes.push_back(callFact(FlowFact::AtomicOrStoreCall, CE, Callee));
      return;
    }
    unsigned ArgNo = 0;
    for (; ArgNo < CE->getNumArgs(); ++ArgNo)
      if (CE->getArg(ArgNo) == E)
        break;
    if (ArgNo == CE->getNumArgs())
      return;
    if (CName == "__ldg" && CE->getNumArgs() == 1) {
      F.LdgCalls.push_back(CE);
      return;
    }
    // A member operator call (a lambda's operator(), a functor) passes the
    // object as argument 0: parameters start at argument 1.
    if (isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(Callee)) {
      if (ArgNo == 0) {
        ++F.Reads;
        return;
      }
      --ArgNo;
    }
    if (ArgNo >= Callee->getNumParams()) {
      ++F.Reads; // variadic (printf): read only
      return;
    }
    const ParmVarDecl *CP = Callee->getParamDecl(ArgNo);
    QualType PT = CP->getType();
    if (!F.Volatile && PT->isPointerType() && PT->getPointeeType().isVolatileQualified())
      F.Volatile = callFact(FlowFact::VolatileParameter, CE, Callee, CP, PT);
    if (PT->isReferenceType()) {
      F.Unknowns.push_back(callFact(FlowFact::PassedByReference, CE, Callee));
      return;
    }
    if (pointeeIsConst(PT)) {
      ++F.Reads;
      return;
    }
    // A non-const pointer parameter: look into the callee.
    const FunctionDecl *Def = nullptr;
    if (!Callee->hasBody(Def) || !Def) {
      // A callee that takes `T *` exists to write through it as far as the
      // code says; with no body to show otherwise, that is the fact.
      F.Writes.push_back(callFact(FlowFact::OpaqueCallee, CE, Callee, CP, PT));
      return;
    }
    if (Depth >= PointerFlowCallDepth) {
      F.Unknowns.push_back(callFact(FlowFact::TooDeep, CE, Callee, CP, PT));
      return;
    }
    const ParmVarDecl *DefParam = Def->getParamDecl(ArgNo);
    const PointerFlow &IF = Cache.pointerFlow(DefParam, Depth + 1);
    FlowCall Step{CE, Callee, DefParam};
    auto Through = [&](const FlowFact &Inner) {
      FlowFact Out = Inner;
      Out.Via.insert(Out.Via.begin(), Step);
      return Out;
    };
    for (const FlowFact &W : IF.Writes)
      F.Writes.push_back(Through(W));
    for (const FlowFact &U : IF.Unknowns)
      F.Unknowns.push_back(Through(U));
    if (!F.Volatile && IF.Volatile)
      F.Volatile = Through(*IF.Volatile);
    if (IF.written() || !IF.followed())
      return;
    ++F.Reads;
    // The callee reads only. Unless its parameter type is deduced (a
    // template), it must become `const T *` too.
    const FunctionDecl *Pattern = Def->getTemplateInstantiationPattern();
    const ParmVarDecl *Spelled = Pattern ? Pattern->getParamDecl(ArgNo) : DefParam;
    if (Pattern && Spelled->getType()->isDependentType()) {
      // Deduced: `ld(p, i)` re-deduces T = const float. With explicit
      // template arguments (`ld<float>(p, i)`) the parameter stays `float *`.
      const auto *Ref = dyn_cast<DeclRefExpr>(CE->getCallee()->IgnoreParenImpCasts());
      if (Ref && Ref->hasExplicitTemplateArgs()) {
        F.ConstDependents.push_back(
            callFact(FlowFact::ExplicitTemplateArguments, CE, Callee, Spelled, DefParam->getType()));
        return;
      }
      // `template <class T> T dot(T *a, T *b)`: T deduced from another
      // argument too would then be deduced twice, differently.
      if (const TemplateTypeParmType *TP = templateParmOf(Spelled->getType()))
        for (unsigned J = 0; J < Pattern->getNumParams(); ++J)
          if (J != ArgNo && mentionsParm(Pattern->getParamDecl(J)->getType(), TP)) {
            FlowFact C = callFact(FlowFact::DeducedTwice, CE, Callee, Pattern->getParamDecl(J));
            C.TemplateParm = TP;
            F.ConstDependents.push_back(C);
            return;
          }
      return;
    }
    F.ConstDependents.push_back(fact(FlowFact::CalleeParameter, nullptr, Spelled));
    for (const FlowFact &C : IF.ConstDependents)
      F.ConstDependents.push_back(Through(C));
  }

  /// \p L is an lvalue of the pointed-to memory; \p Target is the `p[i]` /
  /// `*p` expression it came from when a load of it may be wrapped (not for
  /// members: `p[i].x` reads part of the element).
  void walkPointee(PointerFlow &F, const Expr *L, const Expr *Target, std::vector<const VarDecl *> &Work) {
    const Stmt *P = parentStmt(Ctx, *L);
    if (!P) {
      if (const auto *V = dyn_cast_or_null<VarDecl>(parentDecl(Ctx, *L))) {
        if (V->getType()->isReferenceType()) {
          if (V->getType()->getPointeeType().isConstQualified())
            ++F.Reads;
          else
            F.Writes.push_back(fact(FlowFact::NonConstReference, nullptr, V));
          return;
        }
        ++F.Reads;
      }
      return;
    }
    if (isa<ParenExpr>(P))
      return walkPointee(F, cast<Expr>(P), Target, Work);
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(P)) {
      switch (ICE->getCastKind()) {
      case CK_LValueToRValue:
        return load(F, Target);
      case CK_NoOp:
        return walkPointee(F, ICE, Target, Work);
      case CK_ArrayToPointerDecay:
        return walkPointer(F, ICE, Work); // an array member: a pointer into the memory
      default:
        ++F.Reads;
        return;
      }
    }
    if (const auto *ME = dyn_cast<MemberExpr>(P)) {
      if (ME->getBase() != L)
        return;
      // `static_cast<float>(h[i])` on __half: a const conversion or method of
      // a CUDA header type reads the value; calling it on an __ldg copy is
      // the same.
      if (const auto *MD = dyn_cast<CXXMethodDecl>(ME->getMemberDecl()))
        if (const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(parentStmt(Ctx, *ME)))
          if (MC->getCallee() == ME && MD->isConst() && MD->getRefQualifier() != RQ_LValue &&
              cudaHeaderValue(MD, L->getType()))
            return load(F, Target);
      return walkPointee(F, ME, Target ? memberTarget(ME, L->getType()) : nullptr, Work);
    }
    if (isa<ArraySubscriptExpr>(P)) { // the element is itself indexed
      ++F.Reads;
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
      if (UO->isIncrementDecrementOp()) {
        F.Writes.push_back(fact(FlowFact::IncDec, UO));
        return;
      }
      if (UO->getOpcode() == UO_AddrOf)
        return walkPointer(F, UO, Work);
      ++F.Reads;
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      if (BO->isAssignmentOp() && BO->getLHS() == L) {
        F.Writes.push_back(fact(FlowFact::Store, BO));
        return;
      }
      ++F.Reads;
      return;
    }
    if (const auto *CCE = dyn_cast<CXXConstructExpr>(P)) {
      const CXXConstructorDecl *Ctor = CCE->getConstructor();
      if (Ctor && (Ctor->isCopyConstructor() || Ctor->isMoveConstructor()) && CCE->getNumArgs() >= 1)
        return load(F, Target); // a struct/vector copy: `float4 v = p[i]`
      ++F.Reads;
      return;
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P)) {
      // A member operator's object. (A free operator, such as cuda_fp16's
      // `operator*(const __half &, const __half &)`, is checked below like
      // any call: by its parameter types.)
      if (OC->getNumArgs() >= 1 && OC->getArg(0) == L &&
          isa_and_nonnull<CXXMethodDecl>(OC->getDirectCallee())) {
        const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee());
        if (!MD || !MD->isConst())
          F.Writes.push_back(fact(FlowFact::NonConstOperator, OC));
        else
          ++F.Reads;
        return;
      }
      if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 && OC->getArg(1) == L)
        return load(F, Target); // `w = p[i]` for a struct/vector
      // Otherwise an argument of an operator call (`f(p[i])` on a lambda):
      // checked below like any call argument.
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(P)) {
      // (Reached through the MemberExpr case below for the object itself.)
      const CXXMethodDecl *MD = MC->getMethodDecl();
      if (!MD || !MD->isConst())
        F.Writes.push_back(fact(FlowFact::NonConstMethod, MC));
      else
        ++F.Reads;
      return;
    }
    if (const auto *CE = dyn_cast<CallExpr>(P)) {
      const FunctionDecl *Callee = CE->getDirectCallee();
      // Member operator calls pass the object as argument 0.
      unsigned Skip = isa<CXXOperatorCallExpr>(CE) && isa_and_nonnull<CXXMethodDecl>(Callee) ? 1 : 0;
      for (unsigned I = Skip; Callee && I < CE->getNumArgs() && I - Skip < Callee->getNumParams(); ++I)
        if (CE->getArg(I) == L) {
          QualType PT = Callee->getParamDecl(I - Skip)->getType();
          if (PT->isReferenceType() && !PT->getPointeeType().isConstQualified()) {
            F.Writes.push_back(callFact(FlowFact::NonConstRefArgument, CE, Callee));
            return;
          }
          // `a[i] * b[i]` on __half: cuda_fp16's operators take const
          // references and only read the value; binding them to an __ldg
          // temporary instead is the same.
          if (PT->isReferenceType() && cudaHeaderValue(Callee, L->getType()))
            return load(F, Target);
        }
      ++F.Reads;
      return;
    }
    if (isa<GCCAsmStmt>(P) || isa<MSAsmStmt>(P)) {
      F.Unknowns.push_back(fact(FlowFact::InlineAsm, P));
      return;
    }
    ++F.Reads;
  }

  /// The member access \p ME of an element of type \p Elem, when a load of
  /// it may be wrapped on its own (`__ldg(&p[i].x)`, `__ldg(&p->m)`): the
  /// element type itself has no __ldg overload (a struct, `float3`) and the
  /// member is a plain field (no bit-field: its address cannot be taken).
  /// Members of types that have an overload (`float4`'s `.x`) are left as
  /// is: they are usually read together, and one vector load beats several
  /// scalar ones.
  const Expr *memberTarget(const MemberExpr *ME, QualType Elem) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD || FD->isBitField() || FD->getType()->isReferenceType() || ME->getType()->isDependentType() ||
        Elem->isDependentType() || cuda::ldgSupports(Ctx, Elem))
      return nullptr;
    return ME;
  }

  /// \p Callee is declared in a system header (the CUDA headers) and \p Elem
  /// is a record type with an __ldg overload (__half, __nv_bfloat16, ...):
  /// such a callee only ever sees the element's value.
  bool cudaHeaderValue(const FunctionDecl *Callee, QualType Elem) {
    const SourceManager &SM = Ctx.getSourceManager();
    return Callee && Elem->isRecordType() && !Elem->isDependentType() &&
           SM.isInSystemHeader(SM.getFileLoc(Callee->getLocation())) && cuda::ldgSupports(Ctx, Elem);
  }

  void load(PointerFlow &F, const Expr *Target) {
    // Only element types with an __ldg overload can be wrapped (a cast may
    // have changed the type: reinterpret_cast<const Pair *>(p)[i]).
    if (Target && !PathMixed &&
        (Target->getType()->isDependentType() || cuda::ldgSupports(Ctx, Target->getType())))
      F.Loads.push_back(Target);
    else
      ++F.Reads;
  }

  AnalysisCache &Cache;
  ASTContext &Ctx;
  const FunctionDecl &Fn;
  unsigned Depth;
  std::set<const VarDecl *> Derived;
  std::map<const VarDecl *, std::set<const Expr *>> Assigned;
  std::set<const VarDecl *> NextMixed;
  bool PathMixed = false;
  const VarDecl *Root = nullptr;
};

} // namespace

const std::vector<const DeclRefExpr *> &AnalysisCache::references(const FunctionDecl *FD, const VarDecl *V) {
  static const std::vector<const DeclRefExpr *> None;
  auto It = References.find(FD);
  if (It == References.end()) {
    It = References.emplace(FD, std::map<const VarDecl *, std::vector<const DeclRefExpr *>>()).first;
    if (FD->getBody())
      for (const BoundNodes &N : match(findAll(declRefExpr(to(varDecl())).bind("r")), *FD->getBody(), Ctx)) {
        const auto *R = N.getNodeAs<DeclRefExpr>("r");
        It->second[cast<VarDecl>(R->getDecl())].push_back(R);
      }
  }
  auto VIt = It->second.find(V);
  return VIt == It->second.end() ? None : VIt->second;
}

const PointerFlow &AnalysisCache::pointerFlow(const ParmVarDecl *P, unsigned CallDepth) {
  auto &Slot = Flows[{P, CallDepth}];
  if (!Slot) {
    const auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext());
    if (!FD || !FD->getBody()) {
      Slot = std::make_unique<PointerFlow>();
      Slot->Param = P;
    } else {
      Slot = std::make_unique<PointerFlow>(FlowWalker(*this, Ctx, *FD, CallDepth).run(*P));
    }
  }
  return *Slot;
}

} // namespace analysis
} // namespace klineage
