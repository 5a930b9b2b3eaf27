//===- ReadonlyRestrict.cpp - const __restrict__ + __ldg, and back --------===//
//
// Part of KLineage. Forward: a pointer parameter of a __global__ kernel that
// the kernel never writes through becomes `const T *__restrict__` (in every
// declaration of the kernel in the file), and its loads `p[i]` / `*(p + i)`
// become `__ldg(&p[i])` / `__ldg(p + i)`: the read-only data cache path
// (ld.global.nc), which needs both "never written" and "not aliased by a
// written pointer" -- exactly what const + __restrict__ state.
//
// Reverse: remove `__restrict__` from a `const T *__restrict__` kernel
// parameter and unwrap its loads: `__ldg(&E)` -> `E`, `__ldg(P)` -> `*P` /
// `*(P)`. `const` stays: it is a true fact about the kernel (it never
// writes through the pointer), not an optimization.
//
// The analysis follows the pointer through the kernel body: copies into local
// pointers (`const float *row = A + r * K`), pointer arithmetic, casts,
// member access, calls (into the callee's body when it takes a non-const
// pointer) and atomics. Docs: docs/rewrites/readonly-restrict.md.
//
//===----------------------------------------------------------------------===//
#include "RewriteRegistry.h"
#include "klineage/Cuda/Intrinsics.h"
#include "klineage/Cuda/Matchers.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/TypeLoc.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include <set>

using namespace clang;
using namespace clang::ast_matchers;
using namespace llvm;

namespace klineage {
namespace {

/// Bound-node ids shared by the forward and the reverse matchers.
namespace ids {
constexpr char Fn[] = "fn"; ///< a device function definition whose pointer parameters we examine
} // namespace ids

constexpr char Name[] = "readonly-restrict";
constexpr char NeverWritten[] = "never-written";
constexpr char NoAliasWithWritten[] = "no-alias-with-written";
constexpr char LdgTypeSupported[] = "ldg-type-supported";
constexpr char AllDeclsRewritable[] = "all-declarations-rewritable";
constexpr char GlobalKernel[] = "global-kernel";
constexpr char DerivedRewritable[] = "derived-pointers-rewritable";
constexpr char RestrictRemovable[] = "restrict-removable";
constexpr char NotVolatile[] = "not-volatile";
constexpr char SignatureFree[] = "signature-free";

const PreconditionSpec Specs[] = {
    {NeverWritten, Direction::Forward, 1301,
     "nothing is stored through the pointer or any pointer derived from it (copies, arithmetic, "
     "casts, callees, atomics)"},
    {NoAliasWithWritten, Direction::Forward, 1302,
     "no pointer parameter that is written may alias it (__restrict__ or --assume=noalias)"},
    {LdgTypeSupported, Direction::Forward, 1303,
     "the pointee type has an __ldg overload (scalars, CUDA vector types, __half/__nv_bfloat16 "
     "when their headers are included)"},
    {AllDeclsRewritable, Direction::Forward, 1304,
     "every declaration of the kernel (prototypes, explicit instantiations) is in the main file "
     "and gets the same parameter change"},
    {GlobalKernel, Direction::Forward, 1305,
     "the pointer is a __global__ kernel parameter (device functions may get shared/local "
     "pointers; __ldg needs global memory)"},
    {DerivedRewritable, Direction::Forward, 1306,
     "every local pointer, cast or callee parameter that receives the pointer can take 'const' "
     "(spelled 'T *' or 'auto' in the main file)"},
    {RestrictRemovable, Direction::Reverse, 1307,
     "'__restrict__' is spelled in the parameter text of every declaration (not via a macro or "
     "typedef)"},
    {NotVolatile, Direction::Forward, 1308,
     "the memory is never reached through a pointer to volatile (volatile memory may change "
     "behind the kernel's back; __ldg's cache would not see it, and __ldg has no volatile "
     "overload)"},
    {SignatureFree, Direction::Forward, 1309,
     "the kernel's address is not used where its function type is fixed (a typed function "
     "pointer, a non-template parameter, a cast or template argument): a new parameter type "
     "would no longer convert"},
};

//===----------------------------------------------------------------------===//
// Small helpers
//===----------------------------------------------------------------------===//

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

bool isRestrict(QualType T) { return T.isRestrictQualified(); }

bool pointeeIsConst(QualType T) {
  if (const auto *PT = T->getAs<PointerType>())
    return PT->getPointeeType().isConstQualified();
  return false;
}

/// The PointerTypeLoc of a declarator, through qualifiers and attributes.
std::optional<PointerTypeLoc> pointerLoc(TypeLoc TL) {
  for (;;) {
    if (auto Q = TL.getAs<QualifiedTypeLoc>()) {
      TL = Q.getUnqualifiedLoc();
      continue;
    }
    if (auto A = TL.getAs<AttributedTypeLoc>()) {
      TL = A.getModifiedLoc();
      continue;
    }
    if (auto P = TL.getAs<ParenTypeLoc>()) {
      TL = P.getInnerLoc();
      continue;
    }
    break;
  }
  if (auto P = TL.getAs<PointerTypeLoc>())
    return P;
  return std::nullopt;
}

/// Whether a record type has pointer members (directly or one level down).
bool holdsPointers(QualType T, int Depth = 0) {
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

//===----------------------------------------------------------------------===//
// Pointer flow: where does the value of a pointer parameter go?
//===----------------------------------------------------------------------===//

/// What the kernel does with the memory a pointer parameter points to.
struct Flow {
  /// Loads to wrap in __ldg: ArraySubscriptExpr / UnaryOperator(*) lvalues.
  std::vector<const Expr *> Loads;
  /// Existing `__ldg(...)` calls on it (reverse direction unwraps these).
  std::vector<const CallExpr *> LdgCalls;
  unsigned Reads = 0;                ///< other reads (members, const refs, const callees)
  std::vector<std::string> Writes;   ///< why it is written, with the line
  std::vector<std::string> Unknowns; ///< uses we cannot follow
  /// Local pointer variables / casts that receive the pointer and spell a
  /// non-const pointee: they need `const` once the parameter has it.
  std::vector<TypeLoc> NeedConst;
  std::vector<std::string> CannotConst; ///< ...and those whose type cannot be edited
  /// Callee parameters (non-template) that receive it and must become const.
  std::vector<const ParmVarDecl *> CalleeParams;
  /// The first place the memory is reached through a `volatile` pointee
  /// (the parameter, a copy, a cast, a callee parameter), or empty.
  std::string Volatile;
  bool empty() const { return Loads.empty() && LdgCalls.empty() && Reads == 0; }
};

class PointerFlow {
public:
  PointerFlow(ASTContext &Ctx, const FunctionDecl &Fn, unsigned Depth = 0)
      : Ctx(Ctx), Fn(Fn), Depth(Depth) {}

  /// Follows \p P (a parameter of Fn) through Fn's body.
  Flow run(const VarDecl &P) {
    Flow F;
    Root = &P;
    // Fixed point over which local copies are "mixed" (may also hold a
    // pointer not derived from P): loads through those are not wrapped.
    std::set<const VarDecl *> Mixed;
    for (int Iter = 0; Iter < 6; ++Iter) {
      F = Flow();
      Derived.clear();
      Assigned.clear();
      NextMixed = Mixed;
      std::vector<const VarDecl *> Work{&P};
      Derived.insert(&P);
      while (!Work.empty()) {
        const VarDecl *V = Work.back();
        Work.pop_back();
        for (const DeclRefExpr *DRE : refsTo(V)) {
          PathMixed = Mixed.count(V) > 0;
          walkPointer(F, DRE, Work);
        }
      }
      // The parameter re-pointed at something we did not trace: its loads
      // may read memory that is written.
      for (const Expr *RHS : assignmentsTo(&P, /*WithInit=*/false))
        if (!Assigned[&P].count(RHS->IgnoreParenImpCasts()))
          F.Unknowns.push_back("it is re-pointed at " + where(Ctx, RHS));
      // A copy also assigned from something we did not trace is mixed.
      for (const VarDecl *V : Derived) {
        if (V == &P)
          continue;
        for (const Expr *RHS : assignmentsTo(V))
          if (!Assigned[V].count(RHS->IgnoreParenImpCasts()))
            NextMixed.insert(V);
      }
      if (NextMixed == Mixed)
        break;
      Mixed = NextMixed;
    }
    return F;
  }

private:
  std::vector<const DeclRefExpr *> refsTo(const VarDecl *V) {
    std::vector<const DeclRefExpr *> Out;
    if (!Fn.getBody())
      return Out;
    for (const BoundNodes &N :
         match(findAll(declRefExpr(to(varDecl(equalsNode(V)))).bind("r")), *Fn.getBody(), Ctx))
      Out.push_back(N.getNodeAs<DeclRefExpr>("r"));
    return Out;
  }

  /// Right-hand sides stored into local pointer \p V (its initializer and
  /// every `V = X`).
  std::vector<const Expr *> assignmentsTo(const VarDecl *V, bool WithInit = true) {
    std::vector<const Expr *> Out;
    if (WithInit && V->getInit())
      Out.push_back(V->getInit());
    if (!Fn.getBody())
      return Out;
    for (const BoundNodes &N : match(
             findAll(binaryOperator(hasOperatorName("="),
                                    hasLHS(ignoringParenImpCasts(declRefExpr(to(varDecl(equalsNode(V)))))))
                         .bind("a")),
             *Fn.getBody(), Ctx))
      Out.push_back(N.getNodeAs<BinaryOperator>("a")->getRHS());
    return Out;
  }

  void addDerived(Flow &F, const VarDecl *V, const Expr *From, std::vector<const VarDecl *> &Work) {
    Assigned[V].insert(From->IgnoreParenImpCasts());
    if (PathMixed)
      NextMixed.insert(V);
    if (!Derived.insert(V).second)
      return;
    Work.push_back(V);
    QualType T = V->getType();
    if (pointeeIsConst(T))
      return;
    if (const auto *PT = T->getAs<PointerType>())
      if (PT->getPointeeType()->getContainedAutoType())
        return; // `auto *q = p` deduces the const itself
    if (T->getContainedAutoType())
      return; // `auto q = p + k`
    TypeSourceInfo *TSI = V->getTypeSourceInfo();
    if (auto PTL = TSI ? pointerLoc(TSI->getTypeLoc()) : std::nullopt) {
      F.NeedConst.push_back(PTL->getPointeeLoc());
      return;
    }
    F.CannotConst.push_back("'" + V->getNameAsString() + "' (line " +
                            std::to_string(fileLine(Ctx, V->getLocation())) +
                            ") receives it but its type '" + T.getAsString() +
                            "' is not spelled 'T *'");
  }

  /// \p E evaluates to a pointer derived from the parameter.
  void walkPointer(Flow &F, const Expr *E, std::vector<const VarDecl *> &Work) {
    // (An implicit conversion to volatile is reported where it lands: the
    // copy's own uses, or the callee parameter.)
    if (F.Volatile.empty() && !isa<ImplicitCastExpr>(E) && E->getType()->isPointerType() &&
        E->getType()->getPointeeType().isVolatileQualified())
      F.Volatile = "'" + nodeText(Ctx, E, "") + "' (line " + std::to_string(fileLine(Ctx, E->getBeginLoc())) +
                   ") points to '" + E->getType()->getPointeeType().getAsString() + "'";
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
          F.Unknowns.push_back("it is bound to reference '" + V->getNameAsString() + "' (line " +
                               std::to_string(fileLine(Ctx, V->getLocation())) + ")");
          return;
        }
        if (V && !V->getType()->isPointerType())
          return; // converted to an integer etc.
        F.Unknowns.push_back("it is stored in '" + (V ? V->getNameAsString() : std::string("?")) +
                             "' (line " + std::to_string(fileLine(Ctx, D->getLocation())) +
                             "), which is not a local pointer");
      }
      return;
    }
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(P)) {
      if (ICE->getType()->isPointerType())
        return walkPointer(F, ICE, Work);
      return; // to bool / integer: a test of the pointer itself
    }
    if (isa<ParenExpr>(P))
      return walkPointer(F, cast<Expr>(P), Work);
    if (const auto *ECE = dyn_cast<ExplicitCastExpr>(P)) {
      QualType To = ECE->getType();
      if (!To->isPointerType())
        return;
      if (!pointeeIsConst(To) && !isa<CStyleCastExpr>(ECE) && !isa<CXXConstCastExpr>(ECE)) {
        // static_cast / reinterpret_cast<T *>(p) would cast away the new const.
        if (auto PTL = pointerLoc(ECE->getTypeInfoAsWritten()->getTypeLoc()))
          F.NeedConst.push_back(PTL->getPointeeLoc());
        else
          F.CannotConst.push_back("the cast at " + where(Ctx, ECE) + " names a non-const pointer type");
      }
      return walkPointer(F, ECE, Work);
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      switch (BO->getOpcode()) {
      case BO_Add:
      case BO_Sub:
        // In a template `p + i` has a dependent type but is still a pointer
        // (treating a dependent difference as one only finds more writes).
        if (BO->getType()->isPointerType() || BO->isTypeDependent())
          return walkPointer(F, BO, Work);
        return; // pointer difference
      case BO_Comma:
        if (BO->getRHS() == E)
          return walkPointer(F, BO, Work);
        return;
      case BO_Assign:
        if (BO->getRHS() == E) {
          const auto *L = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
          const auto *V = L ? dyn_cast<VarDecl>(L->getDecl()) : nullptr;
          if (V && (V == Root || (V->isLocalVarDecl() && !V->isStaticLocal())) &&
              V->getType()->isPointerType()) {
            addDerived(F, V, E, Work);
            return walkPointer(F, BO, Work); // `a = b = p`
          }
          F.Unknowns.push_back("it is stored into '" + nodeText(Ctx, BO->getLHS(), "") + "' at " +
                               where(Ctx, BO) + ", which is not a local pointer");
          return;
        }
        // `p = X`: the parameter itself is re-pointed; X is checked as an
        // assignment of a derived variable (p is in Derived).
        return;
      default:
        if (BO->isCompoundAssignmentOp() || BO->isComparisonOp() || BO->isLogicalOp())
          return; // p += k, p < end, p && ...
        return;
      }
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
      switch (UO->getOpcode()) {
      case UO_Deref:
        return walkPointee(F, UO, UO, Work);
      case UO_AddrOf:
        F.Unknowns.push_back("its address is taken at " + where(Ctx, UO));
        return;
      case UO_PostInc:
      case UO_PostDec:
      case UO_PreInc:
      case UO_PreDec:
        return walkPointer(F, UO, Work); // `*p++`: still a pointer into the memory
      default:
        return; // !p
      }
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
    if (isa<UnaryExprOrTypeTraitExpr>(P) || isa<CXXNoexceptExpr>(P))
      return;
    // A lambda capture: the uses inside the lambda's body name the same
    // parameter and are followed like any other use.
    if (isa<LambdaExpr>(P))
      return;
    if (isa<DeclStmt>(P))
      return;
    // A statement that is not an expression: the pointer value is discarded
    // (`++q` as a for-increment, `p++;`), except when it is returned.
    if (!isa<Expr>(P) && !isa<ReturnStmt>(P) && !isa<CoreturnStmt>(P))
      return;
    if (isa<ReturnStmt>(P)) {
      F.Unknowns.push_back("it is returned at " + where(Ctx, P) +
                           ", and the uses of the returned pointer are not followed");
      return;
    }
    F.Unknowns.push_back("it escapes at " + where(Ctx, P) + " (" + P->getStmtClassName() + ")");
  }

  /// \p E is the pointer passed as an argument of \p CE.
  void walkCallArg(Flow &F, const CallExpr *CE, const Expr *E) {
    if (CE->getCallee() && CE->getCallee()->IgnoreParenImpCasts() == E->IgnoreParenImpCasts())
      return;
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee) {
      F.Unknowns.push_back("it is passed to an indirect call at " + where(Ctx, CE));
      return;
    }
    // getNameAsString: operator() of a lambda has no identifier name.
    const std::string CNameStr = Callee->getNameAsString();
    StringRef CName = CNameStr;
    if (cuda::isAtomicOrStoreCallee(CName)) {
      F.Writes.push_back("'" + CName.str() + "' writes it at " + where(Ctx, CE));
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
    if (F.Volatile.empty() && PT->isPointerType() && PT->getPointeeType().isVolatileQualified())
      F.Volatile = "'" + CName.str() + "' takes it as '" + PT.getAsString() + "' at " + where(Ctx, CE);
    if (PT->isReferenceType()) {
      F.Unknowns.push_back("it is passed by reference to '" + CName.str() + "' at " + where(Ctx, CE));
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
      F.Writes.push_back("it may be written by '" + CName.str() + "' (parameter '" +
                         CP->getNameAsString() + "' is '" + PT.getAsString() +
                         "'), whose body is not visible, at " + where(Ctx, CE));
      return;
    }
    if (Depth >= 3) {
      F.Unknowns.push_back("it is passed to '" + CName.str() + "' (parameter '" +
                           CP->getNameAsString() + "' is '" + PT.getAsString() +
                           "') and is not followed deeper than 3 calls, at " + where(Ctx, CE));
      return;
    }
    const ParmVarDecl *DefParam = Def->getParamDecl(ArgNo);
    PointerFlow Inner(Ctx, *Def, Depth + 1);
    Flow IF = Inner.run(*DefParam);
    for (const std::string &W : IF.Writes)
      F.Writes.push_back("'" + CName.str() + "' (called at line " +
                         std::to_string(fileLine(Ctx, CE->getBeginLoc())) + ") writes through '" +
                         DefParam->getNameAsString() + "': " + W);
    for (const std::string &U : IF.Unknowns)
      F.Unknowns.push_back("in '" + CName.str() + "': " + U);
    if (F.Volatile.empty() && !IF.Volatile.empty())
      F.Volatile = "in '" + CName.str() + "': " + IF.Volatile;
    if (!IF.Writes.empty() || !IF.Unknowns.empty())
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
        F.CannotConst.push_back("it is passed to '" + nodeText(Ctx, CE->getCallee(), "") +
                                "' with explicit template arguments at " + where(Ctx, CE) +
                                ", whose parameter '" + Spelled->getNameAsString() + "' is '" +
                                DefParam->getType().getAsString() + "'");
        return;
      }
      // `template <class T> T dot(T *a, T *b)`: T deduced from another
      // argument too would then be deduced twice, differently.
      if (const TemplateTypeParmType *TP = templateParmOf(Spelled->getType()))
        for (unsigned J = 0; J < Pattern->getNumParams(); ++J)
          if (J != ArgNo && mentionsParm(Pattern->getParamDecl(J)->getType(), TP)) {
            F.CannotConst.push_back(
                "it is passed to '" + CName.str() + "' at " + where(Ctx, CE) + ", whose '" +
                QualType(TP, 0).getAsString() + "' is also deduced from parameter '" +
                Pattern->getParamDecl(J)->getNameAsString() + "'");
            return;
          }
      return;
    }
    F.CalleeParams.push_back(Spelled);
    for (const TypeLoc &TL : IF.NeedConst)
      F.NeedConst.push_back(TL);
    for (const std::string &C : IF.CannotConst)
      F.CannotConst.push_back("in '" + CName.str() + "': " + C);
    for (const ParmVarDecl *CPP : IF.CalleeParams)
      F.CalleeParams.push_back(CPP);
  }

  /// \p L is an lvalue of the pointed-to memory; \p Target is the `p[i]` /
  /// `*p` expression it came from when a load of it may be wrapped (not for
  /// members: `p[i].x` reads part of the element).
  void walkPointee(Flow &F, const Expr *L, const Expr *Target, std::vector<const VarDecl *> &Work) {
    const Stmt *P = parentStmt(Ctx, *L);
    if (!P) {
      if (const auto *V = dyn_cast_or_null<VarDecl>(parentDecl(Ctx, *L))) {
        if (V->getType()->isReferenceType()) {
          if (V->getType()->getPointeeType().isConstQualified())
            ++F.Reads;
          else
            F.Writes.push_back("non-const reference '" + V->getNameAsString() + "' binds it at line " +
                               std::to_string(fileLine(Ctx, V->getLocation())));
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
        F.Writes.push_back("'" + nodeText(Ctx, UO, "") + "' at " + where(Ctx, UO));
        return;
      }
      if (UO->getOpcode() == UO_AddrOf)
        return walkPointer(F, UO, Work);
      ++F.Reads;
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      if (BO->isAssignmentOp() && BO->getLHS() == L) {
        F.Writes.push_back("store at " + where(Ctx, BO));
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
          F.Writes.push_back("'" + nodeText(Ctx, OC, "") + "' at " + where(Ctx, OC));
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
        F.Writes.push_back("non-const method call at " + where(Ctx, MC));
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
            F.Writes.push_back("passed by non-const reference to '" + Callee->getNameAsString() +
                               "' at " + where(Ctx, CE));
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
      F.Unknowns.push_back("it is an operand of inline asm at " + where(Ctx, P));
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
    if (!FD || FD->isBitField() || FD->getType()->isReferenceType() ||
        ME->getType()->isDependentType() || Elem->isDependentType() || cuda::ldgSupports(Ctx, Elem))
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

  void load(Flow &F, const Expr *Target) {
    // Only element types with an __ldg overload can be wrapped (a cast may
    // have changed the type: reinterpret_cast<const Pair *>(p)[i]).
    if (Target && !PathMixed &&
        (Target->getType()->isDependentType() || cuda::ldgSupports(Ctx, Target->getType())))
      F.Loads.push_back(Target);
    else
      ++F.Reads;
  }

  ASTContext &Ctx;
  const FunctionDecl &Fn;
  unsigned Depth;
  std::set<const VarDecl *> Derived;
  std::map<const VarDecl *, std::set<const Expr *>> Assigned;
  std::set<const VarDecl *> NextMixed;
  bool PathMixed = false;
  const VarDecl *Root = nullptr;
};

//===----------------------------------------------------------------------===//
// Declarations of the kernel: where the parameter's type is spelled
//===----------------------------------------------------------------------===//

/// One place that spells parameter \p Index of the kernel.
struct ParamSpelling {
  const ParmVarDecl *Param = nullptr; ///< a redeclaration's parameter, or
  unsigned Begin = 0, End = 0;        ///< ... the text of an explicit instantiation's parameter
  bool Textual = false;
  FileID File;                        ///< the file the spelling is in
};

/// Splits the parameter list that starts after \p From (an explicit
/// instantiation) into top-level comma-separated [begin, end) offsets.
std::optional<std::vector<std::pair<unsigned, unsigned>>> paramTexts(StringRef Buf, unsigned From) {
  size_t Open = Buf.find('(', From);
  size_t Semi = Buf.find(';', From);
  if (Open == StringRef::npos || (Semi != StringRef::npos && Semi < Open))
    return std::nullopt;
  std::vector<std::pair<unsigned, unsigned>> Out;
  int Depth = 0;
  unsigned Start = Open + 1;
  for (size_t I = Open + 1; I < Buf.size(); ++I) {
    char C = Buf[I];
    if (C == '(' || C == '<' || C == '[' || C == '{')
      ++Depth;
    else if ((C == ')' || C == '>' || C == ']' || C == '}') && Depth > 0)
      --Depth;
    else if (C == ')' && Depth == 0) {
      Out.push_back({Start, (unsigned)I});
      return Out;
    } else if (C == ',' && Depth == 0) {
      Out.push_back({Start, (unsigned)I});
      Start = I + 1;
    }
  }
  return std::nullopt;
}

/// Every spelling of parameter \p Index of \p Fn's kernel in the file; sets
/// \p Problem when one cannot be edited (another file, a macro).
/// \p TypeChanges: the edit changes the function's type (adds `const` to the
/// pointee); a top-level `__restrict__` alone does not, so declarations
/// elsewhere and explicit specializations may then keep their spelling.
std::vector<ParamSpelling> paramSpellings(ASTContext &Ctx, const FunctionDecl &Fn, unsigned Index,
                                          std::string &Problem, bool TypeChanges = true) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<ParamSpelling> Out;
  const FunctionDecl *Pattern = Fn.getTemplateInstantiationPattern();
  const FunctionDecl *Base = Pattern ? Pattern : &Fn;
  FileID DefinitionFile = SM.getFileID(SM.getFileLoc(Fn.getLocation()));
  for (const FunctionDecl *R : Base->redecls()) {
    if (Index >= R->getNumParams())
      continue;
    SourceLocation L = SM.getFileLoc(R->getLocation());
    if (!TypeChanges && SM.getFileID(L) != DefinitionFile)
      continue;
    if (auto Why = whyNotEditable(SM, L)) {
      Problem = "'" + Fn.getNameAsString() + "' is also declared in " +
                SM.getFilename(L).str() + ":" + std::to_string(SM.getPresumedLineNumber(L)) +
                ", which this rewrite does not edit (" + *Why +
                "); change that declaration by hand first";
      continue;
    }
    Out.push_back({R->getParamDecl(Index), 0, 0, false, SM.getFileID(L)});
  }
  // An explicit specialization must keep matching the primary template.
  if (TypeChanges && Fn.getTemplateSpecializationKind() == TSK_ExplicitSpecialization) {
    Problem = "'" + Fn.getNameAsString() +
              "' is an explicit specialization: its parameter types must match the primary "
              "template's, which this site does not change";
    return Out;
  }
  // Explicit instantiations spell the parameter types again.
  if (const FunctionTemplateDecl *FTD = Base->getDescribedFunctionTemplate()) {
    for (const FunctionDecl *Spec : FTD->specializations()) {
      TemplateSpecializationKind K = Spec->getTemplateSpecializationKind();
      if (K == TSK_ExplicitSpecialization) {
        if (!TypeChanges)
          continue;
        SourceLocation SL = SM.getFileLoc(Spec->getLocation());
        Problem = "the explicit specialization of '" + Fn.getNameAsString() + "' at line " +
                  std::to_string(SM.getPresumedLineNumber(SL)) +
                  " would no longer match the changed template";
        continue;
      }
      if (K != TSK_ExplicitInstantiationDeclaration && K != TSK_ExplicitInstantiationDefinition)
        continue;
      SourceLocation POI = SM.getFileLoc(Spec->getPointOfInstantiation());
      if (auto Why = whyNotEditable(SM, POI)) {
        Problem = "an explicit instantiation of '" + Fn.getNameAsString() +
                  "' cannot be edited: " + *Why;
        continue;
      }
      auto Params = paramTexts(SM.getBufferData(SM.getFileID(POI)), SM.getFileOffset(POI));
      if (!Params || Index >= Params->size()) {
        Problem = "cannot read the parameter list of the explicit instantiation at line " +
                  std::to_string(SM.getPresumedLineNumber(POI));
        continue;
      }
      Out.push_back({nullptr, (*Params)[Index].first, (*Params)[Index].second, true, SM.getFileID(POI)});
    }
  }
  return Out;
}

/// Offsets of the `__restrict__` / `__restrict` / `restrict` token in
/// [Begin, End) of \p File, or nullopt.
std::optional<std::pair<unsigned, unsigned>> findRestrict(const ASTContext &Ctx, FileID File,
                                                          unsigned Begin, unsigned End) {
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Buf = SM.getBufferData(File);
  Lexer Lex(SM.getLocForStartOfFile(File), Ctx.getLangOpts(), Buf.begin(),
            Buf.begin() + Begin, Buf.end());
  Token Tok;
  while (!Lex.LexFromRawLexer(Tok)) {
    unsigned Off = SM.getFileOffset(Tok.getLocation());
    if (Off >= End)
      break;
    if (Tok.is(tok::raw_identifier)) {
      StringRef Id = Tok.getRawIdentifier();
      if (Id == "__restrict__" || Id == "__restrict" || Id == "restrict")
        return std::make_pair(Off, Off + Tok.getLength());
    }
  }
  if (Tok.is(tok::raw_identifier) && SM.getFileOffset(Tok.getLocation()) < End) {
    StringRef Id = Tok.getRawIdentifier();
    unsigned Off = SM.getFileOffset(Tok.getLocation());
    if (Id == "__restrict__" || Id == "__restrict" || Id == "restrict")
      return std::make_pair(Off, Off + Tok.getLength());
  }
  return std::nullopt;
}

/// The [begin, end) offsets of a declaration's text in its file.
std::optional<std::pair<unsigned, unsigned>> declRange(const ASTContext &Ctx, const Decl *D) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceRange R = D->getSourceRange();
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID() || !isEditable(SM, R.getBegin()))
    return std::nullopt;
  SourceLocation E = Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, Ctx.getLangOpts());
  unsigned End = SM.getFileOffset(E);
  // An unnamed parameter's range stops at the `*`: the qualifiers after it
  // (`const float *__restrict__,`) have no location of their own.
  StringRef Buf = SM.getBufferData(SM.getFileID(R.getBegin()));
  for (;;) {
    unsigned P = End;
    while (P < Buf.size() && isSpace(Buf[P]))
      ++P;
    size_t Q = P;
    while (Q < Buf.size() && (isAlnum(Buf[Q]) || Buf[Q] == '_'))
      ++Q;
    StringRef Word = Buf.slice(P, Q);
    if (Word != "__restrict__" && Word != "__restrict" && Word != "restrict" && Word != "const" &&
        Word != "volatile")
      break;
    End = Q;
  }
  return std::make_pair(SM.getFileOffset(R.getBegin()), End);
}

/// Edits that remove the restrict token at [B, E) of \p File with one side's
/// blanks.
void removeRestrict(const ASTContext &Ctx, EditBuilder &Edits, FileID File, unsigned B,
                    unsigned E) {
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Buf = SM.getBufferData(File);
  unsigned RB = B, RE = E;
  if (RB > 0 && Buf[RB - 1] == '*') {
    while (RE < Buf.size() && (Buf[RE] == ' ' || Buf[RE] == '\t'))
      ++RE;
  } else {
    while (RB > 0 && (Buf[RB - 1] == ' ' || Buf[RB - 1] == '\t'))
      --RB;
  }
  Edits.replaceChars(SM.getComposedLoc(File, RB), SM.getComposedLoc(File, RE), "");
}

/// Adds `const ` before the type token at \p Loc. Written as a replacement of
/// that token, not an insertion: two sites that both const-qualify a shared
/// declaration (a helper's parameter) then conflict -- the engine applies the
/// first and refuses the second ("apply it in a second run") -- instead of
/// producing `const const`.
void prependConst(const ASTContext &Ctx, EditBuilder &B, SourceLocation Loc) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!isEditable(SM, Loc)) {
    B.insertBefore(Loc, "const "); // records why it cannot be edited
    return;
  }
  unsigned Len = Lexer::MeasureTokenLength(Loc, SM, Ctx.getLangOpts());
  StringRef Tok(SM.getCharacterData(Loc), Len);
  B.replaceChars(Loc, Loc.getLocWithOffset(Len), ("const " + Tok).str());
}

/// The text to add `__restrict__` right after a `*` at offset \p StarEnd.
std::string restrictAfterStar(StringRef Buf, unsigned StarEnd) {
  char Next = StarEnd < Buf.size() ? Buf[StarEnd] : ' ';
  if (isAlnum(Next) || Next == '_')
    return "__restrict__ "; // `float *p`  -> `float *__restrict__ p`
  if (isSpace(Next))
    return " __restrict__"; // `float* p`  -> `float* __restrict__ p`
  return "__restrict__";    // `float *,`  -> `float *__restrict__,`
}

//===----------------------------------------------------------------------===//
// The pair
//===----------------------------------------------------------------------===//

class ReadonlyRestrict final : public RewritePair {
public:
  StringRef name() const override { return Name; }
  StringRef intent() const override {
    return "mark a read-only kernel pointer 'const T *__restrict__' and load it with __ldg: "
           "loads go through the read-only/texture cache path (ld.global.nc) and can be "
           "reordered freely";
  }
  ArrayRef<PreconditionSpec> preconditions() const override { return Specs; }

  void findSites(Direction D, AnalysisContext &AC) const override {
    MatchFinder Finder;
    Callback CB(*this, D, AC);
    // Both directions start from device function definitions; each pointer
    // parameter is a candidate. Forward also visits __device__ functions, to
    // say why they are refused (global-kernel).
    auto Fn = functionDecl(isDefinition(), hasBody(compoundStmt()),
                           // lambdas are followed from the kernel around them
                           unless(cxxMethodDecl(ofClass(cxxRecordDecl(isLambda())))),
                           D == Direction::Forward ? cuda::isDeviceCodeFunction()
                                                   : cuda::isKernelFunction(),
                           hasAnyParameter(hasType(pointerType())))
                  .bind(ids::Fn);
    Finder.addMatcher(traverse(TK_AsIs, Fn), &CB);
    Finder.matchAST(AC.ast());
  }

private:
  struct Callback : MatchFinder::MatchCallback {
    Callback(const ReadonlyRestrict &P, Direction D, AnalysisContext &AC) : P(P), D(D), AC(AC) {}
    void run(const MatchFinder::MatchResult &R) override {
      const auto *Fn = R.Nodes.getNodeAs<FunctionDecl>(ids::Fn);
      if (!Fn || Fn->isImplicit())
        return;
      // Host-only functions are never device code; lambdas have no kernels.
      for (unsigned I = 0; I < Fn->getNumParams(); ++I) {
        const ParmVarDecl *PV = Fn->getParamDecl(I);
        if (!PV->getType()->isPointerType() ||
            PV->getType()->getPointeeType()->isFunctionType())
          continue;
        if (D == Direction::Forward)
          P.forward(AC, *Fn, I);
        else
          P.reverse(AC, *Fn, I);
      }
    }
    const ReadonlyRestrict &P;
    Direction D;
    AnalysisContext &AC;
  };

  /// The type edits (const, __restrict__) on every spelling of the parameter.
  static void editParamSpellings(ASTContext &Ctx, EditBuilder &B,
                                 const std::vector<ParamSpelling> &Spellings, bool AddConst,
                                 bool AddRestrict, std::string &Problem) {
    const SourceManager &SM = Ctx.getSourceManager();
    for (const ParamSpelling &S : Spellings) {
      StringRef Buf = SM.getBufferData(S.File);
      if (S.Textual) {
        // An explicit instantiation: "T *" in plain text.
        StringRef Seg = Buf.slice(S.Begin, S.End);
        size_t Star = Seg.rfind('*');
        if (Star == StringRef::npos) {
          Problem = "an explicit instantiation spells the parameter as '" + Seg.trim().str() + "'";
          continue;
        }
        unsigned Lead = S.Begin + (Seg.size() - Seg.ltrim().size());
        bool HasConst = Seg.take_front(Star).contains("const");
        bool HasRestrict = Seg.contains("restrict");
        if (AddConst && !HasConst)
          B.insertBefore(SM.getComposedLoc(S.File, Lead), "const ");
        if (AddRestrict && !HasRestrict)
          B.insertBefore(SM.getComposedLoc(S.File, S.Begin + Star + 1),
                         restrictAfterStar(Buf, S.Begin + Star + 1));
        continue;
      }
      const ParmVarDecl *PV = S.Param;
      TypeSourceInfo *TSI = PV->getTypeSourceInfo();
      auto PTL = TSI ? pointerLoc(TSI->getTypeLoc()) : std::nullopt;
      if (!PTL) {
        Problem = "the type of '" + PV->getNameAsString() + "' (line " +
                  std::to_string(fileLine(Ctx, PV->getLocation())) +
                  ") is not spelled as 'T *' (a typedef or template parameter)";
        continue;
      }
      if (AddConst && !PV->getType()->getPointeeType().isConstQualified())
        prependConst(Ctx, B, PTL->getPointeeLoc().getBeginLoc());
      if (AddRestrict && !isRestrict(PV->getType())) {
        SourceLocation Star = PTL->getStarLoc();
        if (!isEditable(SM, Star)) {
          B.insertBefore(Star, "__restrict__"); // records the macro failure
          continue;
        }
        unsigned StarEnd = SM.getFileOffset(Star) + 1;
        B.insertBefore(Star.getLocWithOffset(1),
                       restrictAfterStar(SM.getBufferData(SM.getFileID(Star)), StarEnd));
      }
    }
  }

  /// The editable char range of an expression (plain text or one macro
  /// argument), or an invalid range.
  static CharSourceRange exprRange(const ASTContext &Ctx, const Expr *E) {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceRange R = E->getSourceRange();
    if ((R.getBegin().isMacroID() && !SM.isMacroArgExpansion(R.getBegin())) ||
        (R.getEnd().isMacroID() && !SM.isMacroArgExpansion(R.getEnd())))
      return CharSourceRange();
    CharSourceRange CR =
        Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM, Ctx.getLangOpts());
    if (CR.isInvalid() || !isEditable(SM, CR.getBegin()))
      return CharSourceRange();
    return CR;
  }

  static void wrapLoad(const ASTContext &Ctx, EditBuilder &B, const Expr *L) {
    CharSourceRange CR = exprRange(Ctx, L);
    if (CR.isInvalid()) {
      B.insertBefore(L->getBeginLoc(), ""); // records "inside a macro expansion"
      if (B.ok())
        B.replace(L->getSourceRange(), "");
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(L)) {
      // *(p + i) -> __ldg(p + i);  *p -> __ldg(p)
      const Expr *Sub = UO->getSubExpr();
      CharSourceRange SR = exprRange(Ctx, Sub);
      if (SR.isInvalid()) {
        B.insertBefore(Sub->getBeginLoc(), "");
        return;
      }
      if (isa<ParenExpr>(Sub)) {
        B.replaceChars(CR.getBegin(), SR.getBegin(), "__ldg");
      } else {
        B.replaceChars(CR.getBegin(), SR.getBegin(), "__ldg(");
        B.insertBefore(SR.getEnd(), ")");
      }
      return;
    }
    B.insertBefore(CR.getBegin(), "__ldg(&");
    B.insertBefore(CR.getEnd(), ")");
  }

  static void unwrapLdg(ASTContext &Ctx, EditBuilder &B, const CallExpr *CE) {
    CharSourceRange CR = exprRange(Ctx, CE);
    const Expr *Arg = CE->getArg(0)->IgnoreImpCasts();
    if (CR.isInvalid()) {
      B.insertBefore(CE->getBeginLoc(), "");
      if (B.ok())
        B.replace(CE->getSourceRange(), "");
      return;
    }
    // `__ldg(&E)` -> `E`
    if (const auto *UO = dyn_cast<UnaryOperator>(Arg->IgnoreParens()))
      if (UO->getOpcode() == UO_AddrOf) {
        CharSourceRange SR = exprRange(Ctx, UO->getSubExpr());
        if (SR.isInvalid()) {
          B.insertBefore(UO->getBeginLoc(), "");
          return;
        }
        B.replaceChars(CR.getBegin(), SR.getBegin(), "");
        B.replaceChars(SR.getEnd(), CR.getEnd(), "");
        return;
      }
    // `__ldg(P)` -> `*(P)`, or `*p` for a plain name; parenthesized where a
    // postfix operator follows.
    const Stmt *Child = CE;
    const Stmt *Parent = parentStmt(Ctx, *CE);
    while (Parent && (isa<ImplicitCastExpr>(Parent) || isa<MaterializeTemporaryExpr>(Parent) ||
                      isa<CXXBindTemporaryExpr>(Parent))) {
      Child = Parent;
      Parent = parentStmt(Ctx, *Parent);
    }
    bool Postfix = false;
    if (const auto *ME = dyn_cast_or_null<MemberExpr>(Parent))
      Postfix = ME->getBase() == Child;
    else if (const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(Parent))
      Postfix = ASE->getLHS() == Child;
    else if (const auto *PCE = dyn_cast_or_null<CallExpr>(Parent))
      Postfix = PCE->getCallee() == Child;
    CharSourceRange AR = exprRange(Ctx, CE->getArg(0));
    if (AR.isInvalid()) {
      B.insertBefore(CE->getArg(0)->getBeginLoc(), "");
      return;
    }
    if (isa<DeclRefExpr>(Arg)) {
      B.replaceChars(CR.getBegin(), AR.getBegin(), Postfix ? "(*" : "*");
      B.replaceChars(AR.getEnd(), CR.getEnd(), Postfix ? ")" : "");
      return;
    }
    // Keep the call's parentheses: `__ldg(p + i)` -> `*(p + i)`.
    B.replaceChars(CR.getBegin(), AR.getBegin(), Postfix ? "(*(" : "*(");
    if (Postfix)
      B.replaceChars(AR.getEnd(), CR.getEnd(), "))");
  }

  void forward(AnalysisContext &AC, const FunctionDecl &Fn, unsigned Index) const {
    ASTContext &Ctx = AC.ast();
    const ParmVarDecl *P = Fn.getParamDecl(Index);
    QualType PT = P->getType();
    QualType Pointee = PT->getPointeeType();
    PointerFlow PF(Ctx, Fn);
    Flow F = PF.run(*P);
    // Candidates: the kernel reads through the pointer, or may (a use that
    // cannot be followed, and no write). Pure outputs and unused parameters
    // have nothing to gain.
    if (F.Loads.empty() && F.Reads == 0 && F.LdgCalls.empty() &&
        (F.Unknowns.empty() || !F.Writes.empty() || !cuda::isKernel(&Fn)))
      return;
    // A load written inside a macro body (`#define A(i, j) A[(i) * lda + (j)]`)
    // is not wrapped: that would mean editing the macro, which other code
    // shares. It stays a plain load (still a correct one: const and
    // __restrict__ hold for it too).
    unsigned MacroLoads = 0;
    {
      std::vector<const Expr *> Keep;
      for (const Expr *L : F.Loads) {
        bool Editable = exprRange(Ctx, L).isValid();
        if (const auto *UO = dyn_cast<UnaryOperator>(L))
          Editable = Editable && exprRange(Ctx, UO->getSubExpr()).isValid();
        if (Editable)
          Keep.push_back(L);
        else
          ++MacroLoads;
      }
      F.Loads = std::move(Keep);
      F.Reads += MacroLoads;
    }
    bool IsConst = Pointee.isConstQualified();
    bool IsRestrict = isRestrict(PT);
    if (IsConst && IsRestrict && F.Loads.empty())
      return; // already done: nothing to do, no site
    std::string PName = P->getNameAsString();
    std::string FName = Fn.getNameAsString();

    Site &S = AC.addSite(Name, Direction::Forward, P->getLocation(), &Fn);
    S.Summary = "make '" + PName + "' 'const " + Pointee.getUnqualifiedType().getAsString() +
                " *__restrict__' and load it with __ldg (" + std::to_string(F.Loads.size()) +
                " load" + (F.Loads.size() == 1 ? "" : "s") +
                (MacroLoads ? "; " + std::to_string(MacroLoads) + " in macro bodies stay plain" : "") +
                ")";
    S.Facts["parameter"] = PName;
    S.Facts["loads"] = std::to_string(F.Loads.size());

    // global-kernel
    if (cuda::isKernel(&Fn))
      S.addPrecondition(GlobalKernel, Status::Holds, "'" + FName + "' is a __global__ kernel");
    else
      S.addPrecondition(GlobalKernel, Status::Fails,
                        "'" + FName + "' is a __device__ function: callers may pass shared or "
                        "local pointers, and __ldg reads global memory only");

    // never-written: name the first writing line in the file.
    if (!F.Writes.empty())
      std::stable_sort(F.Writes.begin(), F.Writes.end(), [](const std::string &A, const std::string &B) {
        auto LineIn = [](StringRef S) {
          size_t P = S.find("line ");
          unsigned N = ~0u;
          if (P != StringRef::npos)
            S.substr(P + 5).consumeInteger(10, N);
          return N;
        };
        return LineIn(A) < LineIn(B);
      });
    if (!F.Writes.empty())
      S.addPrecondition(NeverWritten, Status::Fails,
                        "'" + PName + "' is written: " + F.Writes.front() +
                            (F.Writes.size() > 1
                                 ? " (and " + std::to_string(F.Writes.size() - 1) + " more)"
                                 : ""));
    else if (!F.Unknowns.empty())
      S.addPrecondition(NeverWritten, Status::Unknown,
                        "cannot follow '" + PName + "': " + F.Unknowns.front());
    else
      S.addPrecondition(NeverWritten, Status::Holds,
                        "no store reaches '" + PName + "' or the pointers derived from it");

    // not-volatile
    if (!F.Volatile.empty())
      S.addPrecondition(NotVolatile, Status::Fails,
                        F.Volatile + ": the memory may change outside the kernel, which the "
                                     "read-only cache would not see");
    else
      S.addPrecondition(NotVolatile, Status::Holds,
                        "no pointer to volatile reaches '" + PName + "''s memory");

    // no-alias-with-written
    checkNoAlias(AC, S, Fn, Index);

    // signature-free
    checkSignatureFree(AC, S, Fn);

    // ldg-type-supported
    if (Pointee->isDependentType())
      S.addPrecondition(LdgTypeSupported, Status::Unknown,
                        "the pointee type depends on a template parameter (decided per "
                        "instantiation)");
    else if (cuda::ldgSupports(Ctx, Pointee))
      S.addPrecondition(LdgTypeSupported, Status::Holds,
                        "__ldg(const " + Pointee.getUnqualifiedType().getAsString() + " *) exists");
    else if (Pointee->isRecordType() && !F.Loads.empty())
      // A struct (or float3) element: its fields are loaded one by one,
      // `__ldg(&p[i].x)`; whole-element copies stay plain loads.
      S.addPrecondition(LdgTypeSupported, Status::Holds,
                        "no __ldg for '" + Pointee.getUnqualifiedType().getAsString() + "' itself; " +
                            std::to_string(F.Loads.size()) + " load" +
                            (F.Loads.size() == 1 ? "" : "s") +
                            " of its fields (or through casts) have an overload and are wrapped" +
                            (F.Reads ? "; other reads stay plain loads" : ""));
    else
      S.addPrecondition(LdgTypeSupported, Status::Fails,
                        "no __ldg overload for '" + Pointee.getUnqualifiedType().getAsString() +
                            "' (only char/short/int/long long/float/double, their unsigned and "
                            "CUDA vector types, __half/__nv_bfloat16 with their headers)" +
                            (Pointee->isRecordType()
                                 ? ", and no field of it is loaded on its own (a bit-field, or "
                                   "only whole-element copies)"
                                 : ""));

    // all-declarations-rewritable + the parameter edits
    EditBuilder B(Ctx);
    std::string Problem;
    std::vector<ParamSpelling> Spellings =
        paramSpellings(Ctx, Fn, Index, Problem, /*TypeChanges=*/!IsConst);
    editParamSpellings(Ctx, B, Spellings, !IsConst, !IsRestrict, Problem);
    if (!Problem.empty())
      S.addPrecondition(AllDeclsRewritable, Status::Fails, Problem);
    else
      S.addPrecondition(AllDeclsRewritable, Status::Holds,
                        std::to_string(Spellings.size()) + " declaration" +
                            (Spellings.size() == 1 ? "" : "s") + " of '" + FName +
                            "' in the file, all edited alike");

    // derived-pointers-rewritable + their const edits (only needed when the
    // parameter itself gains const).
    std::string DerivedProblem = F.CannotConst.empty() ? "" : F.CannotConst.front();
    unsigned NewConsts = 0;
    if (!IsConst) {
      std::set<unsigned> Done;
      for (const TypeLoc &TL : F.NeedConst) {
        SourceLocation L = TL.getBeginLoc();
        if (!Done.insert(L.getRawEncoding()).second)
          continue;
        prependConst(Ctx, B, L);
        ++NewConsts;
      }
      std::set<const ParmVarDecl *> Seen;
      for (const ParmVarDecl *CP : F.CalleeParams) {
        const auto *Callee = dyn_cast<FunctionDecl>(CP->getDeclContext());
        if (!Callee || !Seen.insert(CP).second)
          continue;
        std::string CProblem;
        std::vector<ParamSpelling> CS =
            paramSpellings(Ctx, *Callee, CP->getFunctionScopeIndex(), CProblem);
        editParamSpellings(Ctx, B, CS, /*AddConst=*/true, /*AddRestrict=*/false, CProblem);
        if (!CProblem.empty() && DerivedProblem.empty())
          DerivedProblem = "callee '" + Callee->getNameAsString() + "' takes it as '" +
                           CP->getType().getAsString() + "': " + CProblem;
        ++NewConsts;
      }
    }
    if (!DerivedProblem.empty())
      S.addPrecondition(DerivedRewritable, Status::Fails,
                        DerivedProblem + "; with 'const' on '" + PName + "' it would not compile");
    else
      S.addPrecondition(DerivedRewritable, Status::Holds,
                        NewConsts ? std::to_string(NewConsts) +
                                        " local pointer(s)/cast(s)/callee parameter(s) get 'const'"
                                  : "no local pointer or callee needs a new const");

    // A load spelled once in a macro argument that the macro expands twice
    // is one edit.
    std::set<std::pair<unsigned, unsigned>> Wrapped;
    for (const Expr *L : F.Loads) {
      CharSourceRange CR = exprRange(Ctx, L);
      if (CR.isValid() &&
          !Wrapped.insert({CR.getBegin().getRawEncoding(), CR.getEnd().getRawEncoding()}).second)
        continue;
      wrapLoad(Ctx, B, L);
    }
    commit(B, S);
  }

  /// The function a call or a declaration stands for, across redeclarations
  /// and template instantiations.
  static const FunctionDecl *kernelKey(const FunctionDecl *FD) {
    if (const FunctionDecl *Pat = FD->getTemplateInstantiationPattern())
      FD = Pat;
    return FD->getCanonicalDecl();
  }

  /// Whether two argument expressions certainly denote the same pointer:
  /// the same variable, member path, element or sum, spelled alike (casts
  /// and parentheses aside).
  static bool samePointer(const Expr *A, const Expr *B) {
    A = A->IgnoreParenCasts();
    B = B->IgnoreParenCasts();
    if (A->getStmtClass() != B->getStmtClass())
      return false;
    if (const auto *DA = dyn_cast<DeclRefExpr>(A))
      return DA->getDecl() == cast<DeclRefExpr>(B)->getDecl();
    if (const auto *MA = dyn_cast<MemberExpr>(A)) {
      const auto *MB = cast<MemberExpr>(B);
      return MA->getMemberDecl() == MB->getMemberDecl() && MA->isArrow() == MB->isArrow() &&
             samePointer(MA->getBase(), MB->getBase());
    }
    if (const auto *SA = dyn_cast<ArraySubscriptExpr>(A)) {
      const auto *SB = cast<ArraySubscriptExpr>(B);
      return samePointer(SA->getBase(), SB->getBase()) && samePointer(SA->getIdx(), SB->getIdx());
    }
    if (const auto *UA = dyn_cast<UnaryOperator>(A)) {
      const auto *UB = cast<UnaryOperator>(B);
      return UA->getOpcode() == UB->getOpcode() &&
             (UA->getOpcode() == UO_Deref || UA->getOpcode() == UO_AddrOf) &&
             samePointer(UA->getSubExpr(), UB->getSubExpr());
    }
    if (const auto *BA = dyn_cast<BinaryOperator>(A)) {
      const auto *BB = cast<BinaryOperator>(B);
      return BA->getOpcode() == BB->getOpcode() && BA->isAdditiveOp() &&
             samePointer(BA->getLHS(), BB->getLHS()) && samePointer(BA->getRHS(), BB->getRHS());
    }
    if (const auto *IA = dyn_cast<IntegerLiteral>(A))
      return APInt::isSameValue(IA->getValue(), cast<IntegerLiteral>(B)->getValue());
    return isa<CXXThisExpr>(A);
  }

  /// Evidence in the file that \p P's argument is also passed to a written
  /// parameter: a launch or call of the kernel whose two arguments are the
  /// same expression (`axpy<<<g, b>>>(n, a, d, d)`). Returns the reason, or
  /// an empty string.
  static std::string sameArgumentCall(ASTContext &Ctx, const FunctionDecl &Fn, unsigned Index,
                                      const std::vector<unsigned> &WrittenIdx) {
    if (WrittenIdx.empty())
      return "";
    const FunctionDecl *Key = kernelKey(&Fn);
    for (const BoundNodes &N :
         match(decl(forEachDescendant(callExpr().bind("c"))), *Ctx.getTranslationUnitDecl(), Ctx)) {
      const auto *CE = N.getNodeAs<CallExpr>("c");
      const FunctionDecl *Callee = CE->getDirectCallee();
      if (!Callee || kernelKey(Callee) != Key || Index >= CE->getNumArgs())
        continue;
      const Expr *A = CE->getArg(Index);
      for (unsigned J : WrittenIdx) {
        if (J >= CE->getNumArgs())
          continue;
        if (samePointer(A, CE->getArg(J)))
          return "the call at " + where(Ctx, CE) + " passes '" + nodeText(Ctx, CE->getArg(Index), "") +
                 "' as both '" + Fn.getParamDecl(Index)->getNameAsString() + "' and '" +
                 Fn.getParamDecl(J)->getNameAsString() + "', which is written";
      }
    }
    return "";
  }

  /// A use of \p Fn's address that pins its function type: anything but a
  /// call, a conversion to `void *` (cudaLaunchKernel) or an argument whose
  /// parameter type is deduced (cudaFuncSetAttribute's `T *entry`). Returns
  /// the reference, or null.
  static const DeclRefExpr *typedAddressUse(ASTContext &Ctx, const FunctionDecl &Fn) {
    const FunctionDecl *Key = kernelKey(&Fn);
    for (const BoundNodes &N : match(decl(forEachDescendant(declRefExpr().bind("r"))),
                                     *Ctx.getTranslationUnitDecl(), Ctx)) {
      const auto *Ref = N.getNodeAs<DeclRefExpr>("r");
      const auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl());
      if (!FD || kernelKey(FD) != Key)
        continue;
      const Expr *E = Ref;
      const Stmt *Use = nullptr;
      while (true) {
        DynTypedNodeList Ps = Ctx.getParents(*E);
        Use = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
        const auto *PE = dyn_cast_or_null<Expr>(Use);
        if (PE && (isa<ParenExpr>(PE) ||
                   (isa<ImplicitCastExpr>(PE) &&
                    cast<ImplicitCastExpr>(PE)->getCastKind() == CK_FunctionToPointerDecay) ||
                   (isa<UnaryOperator>(PE) && cast<UnaryOperator>(PE)->getOpcode() == UO_AddrOf))) {
          E = PE;
          continue;
        }
        break;
      }
      if (const auto *CE = dyn_cast_or_null<CallExpr>(Use)) {
        if (CE->getCallee() == E)
          continue; // a call or launch
        const FunctionDecl *Callee = CE->getDirectCallee();
        const FunctionDecl *Pat = Callee ? Callee->getTemplateInstantiationPattern() : nullptr;
        bool Deduced = false;
        for (unsigned I = 0; Pat && I < CE->getNumArgs() && I < Pat->getNumParams(); ++I)
          if (CE->getArg(I) == E && Pat->getParamDecl(I)->getType()->isDependentType())
            Deduced = true;
        if (Deduced)
          continue;
      }
      if (const auto *Cast = dyn_cast_or_null<CastExpr>(Use))
        if (Cast->getType()->isVoidPointerType())
          continue;
      return Ref;
    }
    return nullptr;
  }

  void checkSignatureFree(AnalysisContext &AC, Site &S, const FunctionDecl &Fn) const {
    ASTContext &Ctx = AC.ast();
    if (const DeclRefExpr *Ref = typedAddressUse(Ctx, Fn)) {
      PreconditionResult &R = S.addPrecondition(
          SignatureFree, Status::Fails,
          "the address of '" + Fn.getNameAsString() + "' is used at " + where(Ctx, Ref) +
              " where its function type is fixed; changed parameter types would not convert");
      R.Evidence.push_back(evidenceAt(Ctx, Ref->getLocation(), "address",
                                      "'" + Fn.getNameAsString() + "' is used here with its type"));
      return;
    }
    S.addPrecondition(SignatureFree, Status::Holds,
                      "'" + Fn.getNameAsString() + "' is only called or launched by name");
  }

  void checkNoAlias(AnalysisContext &AC, Site &S, const FunctionDecl &Fn, unsigned Index) const {
    ASTContext &Ctx = AC.ast();
    const ParmVarDecl *P = Fn.getParamDecl(Index);
    std::string FName = Fn.getNameAsString();
    // The written pointer parameters.
    std::vector<unsigned> WrittenIdx;
    for (unsigned I = 0; I < Fn.getNumParams(); ++I) {
      const ParmVarDecl *Q = Fn.getParamDecl(I);
      if (I == Index || !Q->getType()->isPointerType())
        continue;
      PointerFlow QF(Ctx, Fn);
      Flow F = QF.run(*Q);
      if (!F.Writes.empty() || !F.Unknowns.empty())
        WrittenIdx.push_back(I);
    }
    // Evidence beats any promise (restrict, --assume): the file itself passes
    // one buffer as both.
    std::string Same = sameArgumentCall(Ctx, Fn, Index, WrittenIdx);
    if (!Same.empty()) {
      S.addPrecondition(NoAliasWithWritten, Status::Fails,
                        Same + ": __ldg would read '" + P->getNameAsString() +
                            "' through the read-only cache while it is being written");
      return;
    }
    if (isRestrict(P->getType())) {
      S.addPrecondition(NoAliasWithWritten, Status::Holds,
                        "'" + P->getNameAsString() + "' is already __restrict__");
      return;
    }
    if (AC.assumptions().noAlias(FName, P->getNameAsString())) {
      S.addPrecondition(NoAliasWithWritten, Status::Holds,
                        "asserted: --assume=noalias:" + P->getNameAsString());
      return;
    }
    std::vector<std::string> Risky;
    unsigned Written = 0;
    for (unsigned I = 0; I < Fn.getNumParams(); ++I) {
      const ParmVarDecl *Q = Fn.getParamDecl(I);
      if (I == Index)
        continue;
      // A struct parameter that carries pointers (`Params p` with p.out) may
      // write anywhere through them: as risky as a written pointer.
      if (!Q->getType()->isPointerType()) {
        if (holdsPointers(Q->getType().getNonReferenceType()) &&
            !AC.assumptions().noAlias(FName, Q->getNameAsString())) {
          ++Written;
          Risky.push_back("'" + Q->getNameAsString() + "' (a struct holding pointers)");
        }
        continue;
      }
      if (std::find(WrittenIdx.begin(), WrittenIdx.end(), I) == WrittenIdx.end())
        continue;
      ++Written;
      if (isRestrict(Q->getType()) || AC.assumptions().noAlias(FName, Q->getNameAsString()))
        continue;
      Risky.push_back("'" + Q->getNameAsString() + "'");
    }
    if (Risky.empty()) {
      S.addPrecondition(NoAliasWithWritten, Status::Holds,
                        Written ? "every written pointer parameter is __restrict__ or asserted "
                                  "noalias"
                                : "no other pointer parameter is written");
      return;
    }
    S.addPrecondition(NoAliasWithWritten, Status::Unknown,
                      "written parameter" + std::string(Risky.size() > 1 ? "s " : " ") +
                          join(Risky, ", ") + " may alias '" + P->getNameAsString() +
                          "' (then __ldg could read stale data)",
                      "noalias:" + P->getNameAsString());
  }

  void reverse(AnalysisContext &AC, const FunctionDecl &Fn, unsigned Index) const {
    ASTContext &Ctx = AC.ast();
    const SourceManager &SM = Ctx.getSourceManager();
    const ParmVarDecl *P = Fn.getParamDecl(Index);
    QualType PT = P->getType();
    // The mirror of forward's result: a const pointee, restrict and/or __ldg.
    if (!PT->getPointeeType().isConstQualified())
      return;
    PointerFlow PF(Ctx, Fn);
    Flow F = PF.run(*P);
    bool IsRestrict = isRestrict(PT);
    if (!IsRestrict && F.LdgCalls.empty())
      return;
    std::string PName = P->getNameAsString();
    Site &S = AC.addSite(Name, Direction::Reverse, P->getLocation(), &Fn);
    S.Summary = "remove __restrict__ from '" + PName + "' and unwrap " +
                std::to_string(F.LdgCalls.size()) + " __ldg load" +
                (F.LdgCalls.size() == 1 ? "" : "s") + " (const kept)";
    S.Facts["parameter"] = PName;
    S.Facts["loads"] = std::to_string(F.LdgCalls.size());

    EditBuilder B(Ctx);
    std::string Problem;
    if (IsRestrict) {
      std::vector<ParamSpelling> Spellings =
          paramSpellings(Ctx, Fn, Index, Problem, /*TypeChanges=*/false);
      for (const ParamSpelling &X : Spellings) {
        unsigned Begin = X.Begin, End = X.End;
        if (!X.Textual) {
          auto R = declRange(Ctx, X.Param);
          if (!R) {
            Problem = "the declaration of '" + PName + "' at line " +
                      std::to_string(fileLine(Ctx, X.Param->getLocation())) +
                      " comes from a macro expansion";
            continue;
          }
          std::tie(Begin, End) = *R;
        }
        auto Tok = findRestrict(Ctx, X.File, Begin, End);
        if (!Tok) {
          Problem = "'__restrict__' of '" + PName + "' is not spelled in the parameter text at line " +
                    std::to_string(SM.getPresumedLineNumber(SM.getComposedLoc(X.File, Begin))) +
                    " (a macro or typedef); edit it by hand";
          continue;
        }
        removeRestrict(Ctx, B, X.File, Tok->first, Tok->second);
      }
    }
    if (!Problem.empty())
      S.addPrecondition(RestrictRemovable, Status::Fails, Problem);
    else
      S.addPrecondition(RestrictRemovable, Status::Holds,
                        IsRestrict ? "'__restrict__' is plain text in every declaration"
                                   : "'" + PName + "' is not __restrict__; only __ldg to unwrap");
    std::set<std::pair<unsigned, unsigned>> Unwrapped;
    for (const CallExpr *CE : F.LdgCalls) {
      CharSourceRange CR = exprRange(Ctx, CE);
      if (CR.isValid() &&
          !Unwrapped.insert({CR.getBegin().getRawEncoding(), CR.getEnd().getRawEncoding()}).second)
        continue;
      unwrapLdg(Ctx, B, CE);
    }
    commit(B, S);
  }
};

} // namespace

std::unique_ptr<RewritePair> createReadonlyRestrict() { return std::make_unique<ReadonlyRestrict>(); }

} // namespace klineage
