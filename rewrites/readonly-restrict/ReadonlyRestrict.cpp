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
// What the kernel does through the pointer -- copies into local pointers
// (`const float *row = A + r * K`), pointer arithmetic, casts, member
// access, calls (into the callee's body when it takes a non-const pointer)
// and atomics -- is lib/Analysis's PointerFlow; the declarations are edited
// with lib/Edit's ParameterEdits. This file holds the matchers, the __ldg
// edits and one function per precondition, which words the analysis' facts.
// Docs: docs/rewrites/readonly-restrict.md.
//
//===----------------------------------------------------------------------===//
#include "RewriteRegistry.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Cuda/Intrinsics.h"
#include "klineage/Cuda/KernelLauncherGraph.h"
#include "klineage/Cuda/Matchers.h"
#include "klineage/Edit/ParameterEdits.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/StringExtras.h"
#include <set>

using namespace clang;
using namespace clang::ast_matchers;
using namespace llvm;
using klineage::analysis::FlowFact;
using klineage::analysis::PointerFlow;

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

// One function per precondition. Each is asked about one pointer parameter
// (PreconditionQuery::Node) of a device function definition (::Function).
Status checkNeverWritten(const PreconditionQuery &Q, PreconditionResult &R);
Status checkNoAliasWithWritten(const PreconditionQuery &Q, PreconditionResult &R);
Status checkLdgTypeSupported(const PreconditionQuery &Q, PreconditionResult &R);
Status checkAllDeclsRewritable(const PreconditionQuery &Q, PreconditionResult &R);
Status checkGlobalKernel(const PreconditionQuery &Q, PreconditionResult &R);
Status checkDerivedRewritable(const PreconditionQuery &Q, PreconditionResult &R);
Status checkRestrictRemovable(const PreconditionQuery &Q, PreconditionResult &R);
Status checkNotVolatile(const PreconditionQuery &Q, PreconditionResult &R);
Status checkSignatureFree(const PreconditionQuery &Q, PreconditionResult &R);

const PreconditionSpec Specs[] = {
    {NeverWritten, Direction::Forward, 1301,
     "nothing is stored through the pointer or any pointer derived from it (copies, arithmetic, "
     "casts, callees, atomics)",
     &checkNeverWritten},
    {NoAliasWithWritten, Direction::Forward, 1302,
     "no pointer parameter that is written may alias it (__restrict__ or --assume=noalias)",
     &checkNoAliasWithWritten},
    {LdgTypeSupported, Direction::Forward, 1303,
     "the pointee type has an __ldg overload (scalars, CUDA vector types, __half/__nv_bfloat16 "
     "when their headers are included)",
     &checkLdgTypeSupported},
    {AllDeclsRewritable, Direction::Forward, 1304,
     "every declaration of the kernel (prototypes, explicit instantiations) is in the main file "
     "and gets the same parameter change",
     &checkAllDeclsRewritable},
    {GlobalKernel, Direction::Forward, 1305,
     "the pointer is a __global__ kernel parameter (device functions may get shared/local "
     "pointers; __ldg needs global memory)",
     &checkGlobalKernel},
    {DerivedRewritable, Direction::Forward, 1306,
     "every local pointer, cast or callee parameter that receives the pointer can take 'const' "
     "(spelled 'T *' or 'auto' in the main file)",
     &checkDerivedRewritable},
    {RestrictRemovable, Direction::Reverse, 1307,
     "'__restrict__' is spelled in the parameter text of every declaration (not via a macro or "
     "typedef)",
     &checkRestrictRemovable},
    {NotVolatile, Direction::Forward, 1308,
     "the memory is never reached through a pointer to volatile (volatile memory may change "
     "behind the kernel's back; __ldg's cache would not see it, and __ldg has no volatile "
     "overload)",
     &checkNotVolatile},
    {SignatureFree, Direction::Forward, 1309,
     "the kernel's address is not used where its function type is fixed (a typed function "
     "pointer, a non-template parameter, a cast or template argument): a new parameter type "
     "would no longer convert",
     &checkSignatureFree},
};

//===----------------------------------------------------------------------===//
// What the query is about
//===----------------------------------------------------------------------===//

const ParmVarDecl &paramOf(const PreconditionQuery &Q) { return *Q.Node.get<ParmVarDecl>(); }

const PointerFlow &flowOf(ASTContext &Ctx, const ParmVarDecl &P) {
  return analysis::AnalysisCache::of(Ctx).pointerFlow(&P);
}

bool pointeeIsConst(const ParmVarDecl &P) { return P.getType()->getPointeeType().isConstQualified(); }

/// The loads of a flow that __ldg can wrap, without those written inside a
/// macro body (`#define A(i, j) A[(i) * lda + (j)]`): wrapping them would
/// mean editing the macro, which other code shares. They stay plain loads
/// (still correct ones: const and __restrict__ hold for them too).
struct WrappableLoads {
  std::vector<const Expr *> Loads;
  unsigned InMacroBodies = 0;
};

bool editable(const ASTContext &Ctx, const Expr *E) {
  return editableRange(Ctx, E->getSourceRange()).isValid();
}

WrappableLoads wrappableLoads(const ASTContext &Ctx, const PointerFlow &F) {
  WrappableLoads W;
  for (const Expr *L : F.Loads) {
    bool Editable = editable(Ctx, L);
    if (const auto *UO = dyn_cast<UnaryOperator>(L))
      Editable = Editable && editable(Ctx, UO->getSubExpr());
    if (Editable)
      W.Loads.push_back(L);
    else
      ++W.InMacroBodies;
  }
  return W;
}

//===----------------------------------------------------------------------===//
// Wording of the pointer-flow facts
//===----------------------------------------------------------------------===//

std::string lineOf(const ASTContext &Ctx, SourceLocation L) { return std::to_string(fileLine(Ctx, L)); }
std::string quoted(const std::string &S) { return "'" + S + "'"; }
std::string nameOf(const NamedDecl *D) { return D ? D->getNameAsString() : std::string("?"); }

/// The fact itself, in the function it was found in.
std::string innerWords(const ASTContext &Ctx, const FlowFact &F) {
  const Stmt *At = F.At;
  std::string Callee = nameOf(F.Callee);
  switch (F.K) {
  case FlowFact::Store:
    return "store at " + where(Ctx, At);
  case FlowFact::IncDec:
  case FlowFact::NonConstOperator:
    return quoted(nodeText(Ctx, At, "")) + " at " + where(Ctx, At);
  case FlowFact::AtomicOrStoreCall:
    return quoted(Callee) + " writes it at " + where(Ctx, At);
  case FlowFact::NonConstReference:
    return "non-const reference '" + nameOf(cast<NamedDecl>(F.D)) + "' binds it at line " +
           lineOf(Ctx, F.D->getLocation());
  case FlowFact::NonConstRefArgument:
    return "passed by non-const reference to '" + Callee + "' at " + where(Ctx, At);
  case FlowFact::NonConstMethod:
    return "non-const method call at " + where(Ctx, At);
  case FlowFact::OpaqueCallee:
    return "it may be written by '" + Callee + "' (parameter '" + nameOf(F.Param) + "' is '" +
           F.Type.getAsString() + "'), whose body is not visible, at " + where(Ctx, At);
  case FlowFact::RePointed:
    return "it is re-pointed at " + where(Ctx, At);
  case FlowFact::BoundToReference:
    return "it is bound to reference '" + nameOf(cast<NamedDecl>(F.D)) + "' (line " +
           lineOf(Ctx, F.D->getLocation()) + ")";
  case FlowFact::StoredInDeclaration:
    return "it is stored in '" + nameOf(dyn_cast<VarDecl>(F.D)) + "' (line " +
           lineOf(Ctx, F.D->getLocation()) + "), which is not a local pointer";
  case FlowFact::StoredIntoLValue:
    return "it is stored into '" + nodeText(Ctx, cast<BinaryOperator>(At)->getLHS(), "") + "' at " +
           where(Ctx, At) + ", which is not a local pointer";
  case FlowFact::AddressTaken:
    return "its address is taken at " + where(Ctx, At);
  case FlowFact::IndirectCall:
    return "it is passed to an indirect call at " + where(Ctx, At);
  case FlowFact::PassedByReference:
    return "it is passed by reference to '" + Callee + "' at " + where(Ctx, At);
  case FlowFact::TooDeep:
    return "it is passed to '" + Callee + "' (parameter '" + nameOf(F.Param) + "' is '" +
           F.Type.getAsString() + "') and is not followed deeper than " +
           std::to_string(analysis::PointerFlowCallDepth) + " calls, at " + where(Ctx, At);
  case FlowFact::Returned:
    return "it is returned at " + where(Ctx, At) + ", and the uses of the returned pointer are not followed";
  case FlowFact::Escapes:
    return "it escapes at " + where(Ctx, At) + " (" + At->getStmtClassName() + ")";
  case FlowFact::InlineAsm:
    return "it is an operand of inline asm at " + where(Ctx, At);
  case FlowFact::LocalPointer:
    return quoted(nameOf(cast<NamedDecl>(F.D))) + " (line " + lineOf(Ctx, F.D->getLocation()) +
           ") receives it but its type '" + F.Type.getAsString() + "' is not spelled 'T *'";
  case FlowFact::PointerCast:
    return "the cast at " + where(Ctx, At) + " names a non-const pointer type";
  case FlowFact::CalleeParameter:
    return "callee parameter '" + nameOf(cast<NamedDecl>(F.D)) + "'";
  case FlowFact::ExplicitTemplateArguments:
    return "it is passed to '" + nodeText(Ctx, cast<CallExpr>(At)->getCallee(), "") +
           "' with explicit template arguments at " + where(Ctx, At) + ", whose parameter '" +
           nameOf(F.Param) + "' is '" + F.Type.getAsString() + "'";
  case FlowFact::DeducedTwice:
    return "it is passed to '" + Callee + "' at " + where(Ctx, At) + ", whose '" +
           QualType(F.TemplateParm, 0).getAsString() + "' is also deduced from parameter '" +
           nameOf(F.Param) + "'";
  case FlowFact::VolatilePointer:
    return quoted(nodeText(Ctx, At, "")) + " (line " + lineOf(Ctx, At->getBeginLoc()) + ") points to '" +
           F.Type.getAsString() + "'";
  case FlowFact::VolatileParameter:
    return quoted(Callee) + " takes it as '" + F.Type.getAsString() + "' at " + where(Ctx, At);
  }
  llvm_unreachable("unhandled pointer-flow fact");
}

bool isWrite(const FlowFact &F) { return F.K <= FlowFact::OpaqueCallee; }

/// The fact as seen from the parameter's function: through each call.
std::string words(const ASTContext &Ctx, const FlowFact &F) {
  std::string Out = innerWords(Ctx, F);
  for (auto It = F.Via.rbegin(); It != F.Via.rend(); ++It)
    Out = isWrite(F)
              ? quoted(nameOf(It->Callee)) + " (called at line " + lineOf(Ctx, It->Call->getBeginLoc()) +
                    ") writes through '" + nameOf(It->Param) + "': " + Out
              : "in '" + nameOf(It->Callee) + "': " + Out;
  return Out;
}

/// Evidence for \p F: each call it was followed through, then the fact.
void addEvidence(const ASTContext &Ctx, PreconditionResult &R, const FlowFact &F, StringRef Role,
                 StringRef What) {
  for (const analysis::FlowCall &C : F.Via)
    R.Evidence.push_back(evidenceAt(Ctx, C.Call->getBeginLoc(), "call",
                                    "passed to '" + nameOf(C.Callee) + "' as '" + nameOf(C.Param) + "'"));
  R.Evidence.push_back(evidenceAt(Ctx, F.innerLocation(), Role, What));
}

//===----------------------------------------------------------------------===//
// The preconditions
//===----------------------------------------------------------------------===//

/// global-kernel: __ldg reads global memory; a __device__ function's
/// callers may pass shared or local pointers.
Status checkGlobalKernel(const PreconditionQuery &Q, PreconditionResult &R) {
  const FunctionDecl &Fn = *Q.Function;
  if (cuda::isKernel(&Fn)) {
    R.Reason = "'" + Fn.getNameAsString() + "' is a __global__ kernel";
    return Status::Holds;
  }
  R.Reason = "'" + Fn.getNameAsString() +
             "' is a __device__ function: callers may pass shared or local pointers, and __ldg "
             "reads global memory only";
  R.Evidence.push_back(evidenceAt(Q.AC.ast(), Fn.getLocation(), "declaration",
                                  "'" + Fn.getNameAsString() + "' is declared here without __global__"));
  return Status::Fails;
}

/// never-written: no write reaches the memory through the parameter or any
/// pointer derived from it; the first writing line in the file is named.
Status checkNeverWritten(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  const ParmVarDecl &P = paramOf(Q);
  const PointerFlow &F = flowOf(Ctx, P);
  std::string PName = P.getNameAsString();
  if (F.written()) {
    std::vector<const FlowFact *> Writes;
    for (const FlowFact &W : F.Writes)
      Writes.push_back(&W);
    std::stable_sort(Writes.begin(), Writes.end(), [&](const FlowFact *A, const FlowFact *B) {
      return fileLine(Ctx, A->location()) < fileLine(Ctx, B->location());
    });
    R.Reason = "'" + PName + "' is written: " + words(Ctx, *Writes.front()) +
               (Writes.size() > 1 ? " (and " + std::to_string(Writes.size() - 1) + " more)" : "");
    addEvidence(Ctx, R, *Writes.front(), "write", "the memory of '" + PName + "' is written here");
    return Status::Fails;
  }
  if (!F.followed()) {
    R.Reason = "cannot follow '" + PName + "': " + words(Ctx, F.Unknowns.front());
    addEvidence(Ctx, R, F.Unknowns.front(), "use", "this use of '" + PName + "' is not followed");
    return Status::Unknown;
  }
  R.Reason = "no store reaches '" + PName + "' or the pointers derived from it";
  return Status::Holds;
}

/// not-volatile: the read-only cache would not see memory that changes
/// behind the kernel's back.
Status checkNotVolatile(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  const ParmVarDecl &P = paramOf(Q);
  const PointerFlow &F = flowOf(Ctx, P);
  if (F.Volatile) {
    R.Reason = words(Ctx, *F.Volatile) +
               ": the memory may change outside the kernel, which the read-only cache would not see";
    addEvidence(Ctx, R, *F.Volatile, "volatile", "the memory is reached through a pointer to volatile here");
    return Status::Fails;
  }
  R.Reason = "no pointer to volatile reaches '" + P.getNameAsString() + "''s memory";
  return Status::Holds;
}

/// no-alias-with-written: no written pointer parameter may point into the
/// same memory (a call passing one buffer as both is evidence that one
/// does; `__restrict__` and --assume=noalias are promises that none does).
Status checkNoAliasWithWritten(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  const FunctionDecl &Fn = *Q.Function;
  const ParmVarDecl &P = paramOf(Q);
  unsigned Index = P.getFunctionScopeIndex();
  std::string PName = P.getNameAsString(), FName = Fn.getNameAsString();
  const Assumptions &Assume = Q.AC.assumptions();
  // The written pointer parameters.
  std::vector<unsigned> WrittenIdx;
  for (unsigned I = 0; I < Fn.getNumParams(); ++I) {
    const ParmVarDecl *Other = Fn.getParamDecl(I);
    if (I == Index || !Other->getType()->isPointerType())
      continue;
    const PointerFlow &OF = flowOf(Ctx, *Other);
    if (OF.written() || !OF.followed())
      WrittenIdx.push_back(I);
  }
  // Evidence beats any promise (restrict, --assume): the file itself passes
  // one buffer as both.
  unsigned Both = 0;
  if (const CallExpr *Call = analysis::callPassingSamePointer(Ctx, Fn, Index, WrittenIdx, Both)) {
    std::string Other = Fn.getParamDecl(Both)->getNameAsString();
    R.Reason = "the call at " + where(Ctx, Call) + " passes '" + nodeText(Ctx, Call->getArg(Index), "") +
               "' as both '" + PName + "' and '" + Other + "', which is written: __ldg would read '" + PName +
               "' through the read-only cache while it is being written";
    R.Evidence.push_back(evidenceAt(Ctx, Call->getArg(Index)->getBeginLoc(), "call",
                                    "one buffer is passed as '" + PName + "' and as '" + Other + "'"));
    return Status::Fails;
  }
  if (P.getType().isRestrictQualified()) {
    R.Reason = "'" + PName + "' is already __restrict__";
    return Status::Holds;
  }
  if (Assume.noAlias(FName, PName)) {
    R.Reason = "asserted: --assume=noalias:" + PName;
    return Status::Holds;
  }
  std::vector<std::string> Risky;
  std::vector<const ParmVarDecl *> RiskyParams;
  unsigned Written = 0;
  for (unsigned I = 0; I < Fn.getNumParams(); ++I) {
    const ParmVarDecl *Other = Fn.getParamDecl(I);
    if (I == Index)
      continue;
    // A struct parameter that carries pointers (`Params p` with p.out) may
    // write anywhere through them: as risky as a written pointer.
    if (!Other->getType()->isPointerType()) {
      if (analysis::holdsPointers(Other->getType().getNonReferenceType()) &&
          !Assume.noAlias(FName, Other->getNameAsString())) {
        ++Written;
        Risky.push_back("'" + Other->getNameAsString() + "' (a struct holding pointers)");
        RiskyParams.push_back(Other);
      }
      continue;
    }
    if (!is_contained(WrittenIdx, I))
      continue;
    ++Written;
    if (Other->getType().isRestrictQualified() || Assume.noAlias(FName, Other->getNameAsString()))
      continue;
    Risky.push_back("'" + Other->getNameAsString() + "'");
    RiskyParams.push_back(Other);
  }
  if (Risky.empty()) {
    R.Reason = Written ? "every written pointer parameter is __restrict__ or asserted noalias"
                       : "no other pointer parameter is written";
    return Status::Holds;
  }
  R.Reason = "written parameter" + std::string(Risky.size() > 1 ? "s " : " ") + join(Risky, ", ") +
             " may alias '" + PName + "' (then __ldg could read stale data)";
  R.Assumable = "noalias:" + PName;
  for (const ParmVarDecl *Other : RiskyParams)
    R.Evidence.push_back(evidenceAt(Ctx, Other->getLocation(), "parameter",
                                    "'" + Other->getNameAsString() + "' is written and not __restrict__"));
  return Status::Unknown;
}

/// signature-free: the kernel's parameter types may change.
Status checkSignatureFree(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  const FunctionDecl &Fn = *Q.Function;
  std::string FName = Fn.getNameAsString();
  if (const DeclRefExpr *Ref = cuda::typedAddressUse(Ctx, &Fn)) {
    R.Reason = "the address of '" + FName + "' is used at " + where(Ctx, Ref) +
               " where its function type is fixed; changed parameter types would not convert";
    R.Evidence.push_back(
        evidenceAt(Ctx, Ref->getLocation(), "address", "'" + FName + "' is used here with its type"));
    return Status::Fails;
  }
  R.Reason = "'" + FName + "' is only called or launched by name";
  return Status::Holds;
}

/// ldg-type-supported: __ldg has an overload for the pointee, or for the
/// fields of it that are loaded on their own.
Status checkLdgTypeSupported(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  const ParmVarDecl &P = paramOf(Q);
  QualType Pointee = P.getType()->getPointeeType();
  std::string Elem = Pointee.getUnqualifiedType().getAsString();
  if (Pointee->isDependentType()) {
    R.Reason = "the pointee type depends on a template parameter (decided per instantiation)";
    return Status::Unknown;
  }
  if (cuda::ldgSupports(Ctx, Pointee)) {
    R.Reason = "__ldg(const " + Elem + " *) exists";
    return Status::Holds;
  }
  const PointerFlow &F = flowOf(Ctx, P);
  WrappableLoads W = wrappableLoads(Ctx, F);
  if (Pointee->isRecordType() && !W.Loads.empty()) {
    // A struct (or float3) element: its fields are loaded one by one,
    // `__ldg(&p[i].x)`; whole-element copies stay plain loads.
    R.Reason = "no __ldg for '" + Elem + "' itself; " + std::to_string(W.Loads.size()) + " load" +
               (W.Loads.size() == 1 ? "" : "s") +
               " of its fields (or through casts) have an overload and are wrapped" +
               (F.Reads + W.InMacroBodies ? "; other reads stay plain loads" : "");
    return Status::Holds;
  }
  R.Reason = "no __ldg overload for '" + Elem +
             "' (only char/short/int/long long/float/double, their unsigned and CUDA vector types, "
             "__half/__nv_bfloat16 with their headers)" +
             (Pointee->isRecordType() ? ", and no field of it is loaded on its own (a bit-field, or "
                                        "only whole-element copies)"
                                      : "");
  R.Evidence.push_back(evidenceAt(Ctx, P.getLocation(), "parameter",
                                  "'" + P.getNameAsString() + "' points to '" + Elem + "'"));
  return Status::Fails;
}

/// all-declarations-rewritable: every declaration of the kernel gets the
/// same parameter change (a `const` pointee changes the function's type).
Status checkAllDeclsRewritable(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  const FunctionDecl &Fn = *Q.Function;
  const ParmVarDecl &P = paramOf(Q);
  ParamSpellings S =
      parameterSpellings(Ctx, Fn, P.getFunctionScopeIndex(), /*TypeChanges=*/!pointeeIsConst(P));
  SourceLocation Where = S.ProblemLoc;
  std::string Problem = S.Problem;
  SourceLocation SpellingAt;
  std::string Spelling = pointerSpellingProblem(Ctx, S, SpellingAt);
  if (!Spelling.empty()) {
    Problem = Spelling;
    Where = SpellingAt;
  }
  if (!Problem.empty()) {
    R.Reason = Problem;
    R.Evidence.push_back(evidenceAt(Ctx, Where, "declaration", "this declaration cannot take the change"));
    return Status::Fails;
  }
  R.Reason = std::to_string(S.Spellings.size()) + " declaration" + (S.Spellings.size() == 1 ? "" : "s") +
             " of '" + Fn.getNameAsString() + "' in the file, all edited alike";
  return Status::Holds;
}

/// The `T *` pointee to make const for a local pointer or cast that
/// receives the parameter, or nullopt when its type is not spelled `T *`.
std::optional<TypeLoc> pointeeToConst(const FlowFact &C) {
  TypeSourceInfo *TSI = nullptr;
  if (C.K == FlowFact::LocalPointer)
    TSI = cast<VarDecl>(C.D)->getTypeSourceInfo();
  else if (C.K == FlowFact::PointerCast)
    TSI = cast<ExplicitCastExpr>(C.At)->getTypeInfoAsWritten();
  if (auto PTL = TSI ? spelledPointerLoc(TSI->getTypeLoc()) : std::nullopt)
    return PTL->getPointeeLoc();
  return std::nullopt;
}

/// Why const-dependent \p C cannot take const (empty: it can, or it is a
/// callee parameter, checked through its declarations).
std::string constProblem(const ASTContext &Ctx, const FlowFact &C) {
  switch (C.K) {
  case FlowFact::LocalPointer:
  case FlowFact::PointerCast:
    if (pointeeToConst(C))
      return "";
    break;
  case FlowFact::CalleeParameter:
    return "";
  default:
    break;
  }
  std::string Out = innerWords(Ctx, C);
  for (auto It = C.Via.rbegin(); It != C.Via.rend(); ++It)
    Out = "in '" + nameOf(It->Callee) + "': " + Out;
  return Out;
}

/// The distinct callee parameters that receive the pointer (each edited in
/// every declaration of its callee).
std::vector<const ParmVarDecl *> calleeParameters(const PointerFlow &F) {
  std::vector<const ParmVarDecl *> Out;
  for (const FlowFact &C : F.ConstDependents)
    if (C.K == FlowFact::CalleeParameter && !is_contained(Out, C.D))
      Out.push_back(cast<ParmVarDecl>(C.D));
  return Out;
}

/// The spellings of callee parameter \p CP, and why one cannot take const.
ParamSpellings calleeSpellings(const ASTContext &Ctx, const ParmVarDecl &CP, std::string &Problem) {
  const auto &Callee = *cast<FunctionDecl>(CP.getDeclContext());
  ParamSpellings S = parameterSpellings(Ctx, Callee, CP.getFunctionScopeIndex());
  SourceLocation Unused;
  std::string Spelling = pointerSpellingProblem(Ctx, S, Unused);
  Problem = Spelling.empty() ? S.Problem : Spelling;
  return S;
}

/// derived-pointers-rewritable: every local pointer, cast or callee
/// parameter that receives the pointer can take `const` with it.
Status checkDerivedRewritable(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  const ParmVarDecl &P = paramOf(Q);
  const PointerFlow &F = flowOf(Ctx, P);
  const FlowFact *Blocker = nullptr;
  std::string Problem;
  for (const FlowFact &C : F.ConstDependents)
    if (std::string Why = constProblem(Ctx, C); !Why.empty()) {
      Problem = Why;
      Blocker = &C;
      break;
    }
  unsigned NewConsts = 0;
  if (!pointeeIsConst(P)) {
    std::set<unsigned> Done;
    for (const FlowFact &C : F.ConstDependents)
      if (auto TL = pointeeToConst(C))
        NewConsts += Done.insert(TL->getBeginLoc().getRawEncoding()).second;
    for (const ParmVarDecl *CP : calleeParameters(F)) {
      std::string CProblem;
      calleeSpellings(Ctx, *CP, CProblem);
      if (!CProblem.empty() && Problem.empty()) {
        Problem = "callee '" + cast<FunctionDecl>(CP->getDeclContext())->getNameAsString() +
                  "' takes it as '" + CP->getType().getAsString() + "': " + CProblem;
        R.Evidence.push_back(
            evidenceAt(Ctx, CP->getLocation(), "parameter", "this parameter cannot take 'const'"));
      }
      ++NewConsts;
    }
  }
  if (!Problem.empty()) {
    R.Reason = Problem + "; with 'const' on '" + P.getNameAsString() + "' it would not compile";
    if (Blocker)
      addEvidence(Ctx, R, *Blocker, "derived", "the pointer reaches this and it cannot take 'const'");
    return Status::Fails;
  }
  R.Reason = NewConsts
                 ? std::to_string(NewConsts) + " local pointer(s)/cast(s)/callee parameter(s) get 'const'"
                 : "no local pointer or callee needs a new const";
  return Status::Holds;
}

/// restrict-removable (reverse): `__restrict__` is text of every
/// declaration's parameter.
Status checkRestrictRemovable(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  const ParmVarDecl &P = paramOf(Q);
  std::string PName = P.getNameAsString();
  if (!P.getType().isRestrictQualified()) {
    R.Reason = "'" + PName + "' is not __restrict__; only __ldg to unwrap";
    return Status::Holds;
  }
  ParamSpellings S = parameterSpellings(Ctx, *Q.Function, P.getFunctionScopeIndex(), /*TypeChanges=*/false);
  RestrictTokens T = restrictTokens(Ctx, S, PName);
  std::string Problem = T.Problem.empty() ? S.Problem : T.Problem;
  if (!Problem.empty()) {
    R.Reason = Problem;
    R.Evidence.push_back(evidenceAt(Ctx, T.Problem.empty() ? S.ProblemLoc : T.ProblemLoc, "declaration",
                                    "'__restrict__' cannot be removed here"));
    return Status::Fails;
  }
  R.Reason = "'__restrict__' is plain text in every declaration";
  return Status::Holds;
}

//===----------------------------------------------------------------------===//
// Edits
//===----------------------------------------------------------------------===//

/// `p[i]` -> `__ldg(&p[i])`; `*(p + i)` -> `__ldg(p + i)`; `*p` -> `__ldg(p)`.
/// \p L is main-file text (wrappableLoads).
void wrapLoad(const ASTContext &Ctx, EditBuilder &B, const Expr *L) {
  CharSourceRange CR = editableRange(Ctx, L->getSourceRange());
  if (const auto *UO = dyn_cast<UnaryOperator>(L)) {
    const Expr *Sub = UO->getSubExpr();
    CharSourceRange SR = editableRange(Ctx, Sub->getSourceRange());
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

/// `__ldg(&E)` -> `E`; `__ldg(P)` -> `*P` / `*(P)`, parenthesized where a
/// postfix operator follows.
void unwrapLdg(ASTContext &Ctx, EditBuilder &B, const CallExpr *CE) {
  CharSourceRange CR = editableRange(Ctx, CE->getSourceRange());
  const Expr *Arg = CE->getArg(0)->IgnoreImpCasts();
  if (CR.isInvalid()) {
    B.insertBefore(CE->getBeginLoc(), ""); // records "inside a macro expansion"
    if (B.ok())
      B.replace(CE->getSourceRange(), "");
    return;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(Arg->IgnoreParens()))
    if (UO->getOpcode() == UO_AddrOf) {
      CharSourceRange SR = editableRange(Ctx, UO->getSubExpr()->getSourceRange());
      if (SR.isInvalid()) {
        B.insertBefore(UO->getBeginLoc(), "");
        return;
      }
      B.replaceChars(CR.getBegin(), SR.getBegin(), "");
      B.replaceChars(SR.getEnd(), CR.getEnd(), "");
      return;
    }
  // The operator the call is an operand of, past implicit nodes.
  const Stmt *Child = CE;
  const Stmt *Parent = nullptr;
  for (DynTypedNodeList Ps = Ctx.getParents(*CE); !Ps.empty(); Ps = Ctx.getParents(*Parent)) {
    Parent = Ps[0].get<Stmt>();
    if (!Parent || !(isa<ImplicitCastExpr>(Parent) || isa<MaterializeTemporaryExpr>(Parent) ||
                     isa<CXXBindTemporaryExpr>(Parent)))
      break;
    Child = Parent;
  }
  bool Postfix = false;
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(Parent))
    Postfix = ME->getBase() == Child;
  else if (const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(Parent))
    Postfix = ASE->getLHS() == Child;
  else if (const auto *PCE = dyn_cast_or_null<CallExpr>(Parent))
    Postfix = PCE->getCallee() == Child;
  CharSourceRange AR = editableRange(Ctx, CE->getArg(0)->getSourceRange());
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

/// One edit per source range: a load or call spelled once in a macro
/// argument that the macro expands twice is one edit.
template <typename T, typename EditFn>
void editOncePerRange(const ASTContext &Ctx, const std::vector<const T *> &Nodes, EditFn Edit) {
  std::set<std::pair<unsigned, unsigned>> Done;
  for (const T *N : Nodes) {
    CharSourceRange CR = editableRange(Ctx, N->getSourceRange());
    if (CR.isValid() && !Done.insert({CR.getBegin().getRawEncoding(), CR.getEnd().getRawEncoding()}).second)
      continue;
    Edit(N);
  }
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
                           D == Direction::Forward ? cuda::isDeviceCodeFunction() : cuda::isKernelFunction(),
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
      for (unsigned I = 0; I < Fn->getNumParams(); ++I) {
        const ParmVarDecl *PV = Fn->getParamDecl(I);
        if (!PV->getType()->isPointerType() || PV->getType()->getPointeeType()->isFunctionType())
          continue;
        if (D == Direction::Forward)
          P.forward(AC, *Fn, *PV);
        else
          P.reverse(AC, *Fn, *PV);
      }
    }
    const ReadonlyRestrict &P;
    Direction D;
    AnalysisContext &AC;
  };

  void check(Site &S, const char *Precondition, const PreconditionQuery &Q) const {
    S.check(*findPrecondition(Precondition), Q);
  }

  void forward(AnalysisContext &AC, const FunctionDecl &Fn, const ParmVarDecl &P) const {
    ASTContext &Ctx = AC.ast();
    QualType Pointee = P.getType()->getPointeeType();
    const PointerFlow &F = flowOf(Ctx, P);
    // Candidates: the kernel reads through the pointer, or may (a use that
    // cannot be followed, and no write). Pure outputs and unused parameters
    // have nothing to gain.
    if (F.Loads.empty() && F.Reads == 0 && F.LdgCalls.empty() &&
        (F.followed() || F.written() || !cuda::isKernel(&Fn)))
      return;
    WrappableLoads W = wrappableLoads(Ctx, F);
    bool IsConst = pointeeIsConst(P);
    bool IsRestrict = P.getType().isRestrictQualified();
    if (IsConst && IsRestrict && W.Loads.empty())
      return; // already done: nothing to do, no site
    std::string PName = P.getNameAsString();

    Site &S = AC.addSite(Name, Direction::Forward, P.getLocation(), &Fn, "pointer-param");
    S.Summary =
        "make '" + PName + "' 'const " + Pointee.getUnqualifiedType().getAsString() +
        " *__restrict__' and load it with __ldg (" + std::to_string(W.Loads.size()) + " load" +
        (W.Loads.size() == 1 ? "" : "s") +
        (W.InMacroBodies ? "; " + std::to_string(W.InMacroBodies) + " in macro bodies stay plain" : "") + ")";
    S.Facts["parameter"] = PName;
    S.Facts["loads"] = std::to_string(W.Loads.size());

    PreconditionQuery Q{AC, &Fn, DynTypedNode::create(P)};
    for (const char *Precondition : {GlobalKernel, NeverWritten, NotVolatile, NoAliasWithWritten,
                                     SignatureFree, LdgTypeSupported, AllDeclsRewritable, DerivedRewritable})
      check(S, Precondition, Q);

    // The parameter in every declaration; then, when it gains const, the
    // local pointers, casts and callee parameters that receive it.
    EditBuilder B(Ctx);
    addPointerQualifiers(B, parameterSpellings(Ctx, Fn, P.getFunctionScopeIndex(), /*TypeChanges=*/!IsConst),
                         !IsConst, !IsRestrict);
    if (!IsConst) {
      std::set<unsigned> Done;
      for (const FlowFact &C : F.ConstDependents)
        if (auto TL = pointeeToConst(C); TL && Done.insert(TL->getBeginLoc().getRawEncoding()).second)
          prependConst(B, TL->getBeginLoc());
      for (const ParmVarDecl *CP : calleeParameters(F)) {
        std::string Unused;
        addPointerQualifiers(B, calleeSpellings(Ctx, *CP, Unused), /*AddConst=*/true, /*AddRestrict=*/false);
      }
    }
    editOncePerRange(Ctx, W.Loads, [&](const Expr *L) { wrapLoad(Ctx, B, L); });
    commit(B, S);
  }

  void reverse(AnalysisContext &AC, const FunctionDecl &Fn, const ParmVarDecl &P) const {
    ASTContext &Ctx = AC.ast();
    // The mirror of forward's result: a const pointee, restrict and/or __ldg.
    if (!pointeeIsConst(P))
      return;
    const PointerFlow &F = flowOf(Ctx, P);
    bool IsRestrict = P.getType().isRestrictQualified();
    if (!IsRestrict && F.LdgCalls.empty())
      return;
    std::string PName = P.getNameAsString();
    Site &S = AC.addSite(Name, Direction::Reverse, P.getLocation(), &Fn, "pointer-param");
    S.Summary = "remove __restrict__ from '" + PName + "' and unwrap " + std::to_string(F.LdgCalls.size()) +
                " __ldg load" + (F.LdgCalls.size() == 1 ? "" : "s") + " (const kept)";
    S.Facts["parameter"] = PName;
    S.Facts["loads"] = std::to_string(F.LdgCalls.size());
    check(S, RestrictRemovable, {AC, &Fn, DynTypedNode::create(P)});

    EditBuilder B(Ctx);
    if (IsRestrict) {
      ParamSpellings Spellings =
          parameterSpellings(Ctx, Fn, P.getFunctionScopeIndex(), /*TypeChanges=*/false);
      for (const RestrictTokens::Token &T : restrictTokens(Ctx, Spellings, PName).Tokens)
        removeWord(B, T.File, T.Begin, T.End);
    }
    editOncePerRange(Ctx, F.LdgCalls, [&](const CallExpr *CE) { unwrapLdg(Ctx, B, CE); });
    commit(B, S);
  }
};

} // namespace

std::unique_ptr<RewritePair> createReadonlyRestrict() { return std::make_unique<ReadonlyRestrict>(); }

} // namespace klineage
