//===- PointerFlow.h - What a function does through a pointer parameter -*- C++ -*-===//
//
// Part of KLineage. The forward half of the pointer model whose backward
// half is PointerProvenance::rootOf. From a pointer parameter P of a
// function with a body: every pointer that carries P's value (the step
// carriesPointer defines: copies into local pointers, arithmetic, casts,
// cursors `*q++`, assignments; a `c ? p : q` mixes), and what is done to the
// memory through them:
//  - loads (those __ldg can serve, and existing __ldg calls), other reads;
//  - writes: stores, ++/--, atomics and store intrinsics, non-const
//    references and methods, and writes in callees, followed into their
//    bodies (__device__ helpers in user headers, template instantiations)
//    up to three calls deep; a callee taking `T *` with no visible body
//    writes as far as the code can tell;
//  - uses that cannot be followed (stored outside a local pointer, its
//    address taken, returned, an indirect call, inline asm, ...);
//  - access through a pointer to volatile;
//  - what would have to take `const` if P's pointee became const: local
//    pointers, casts, callee parameters, or why a deduced callee cannot.
// Uninstantiated templates are analysed as written (a dependent `p + i` is
// still a pointer). A struct that holds the pointer is not followed: the
// use that stores P into it is unknown. Every fact carries its AST nodes as
// evidence; callers word them. Side-effect free; computed once per
// parameter (AnalysisCache::pointerFlow).
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_POINTERFLOW_H
#define KLINEAGE_ANALYSIS_POINTERFLOW_H

#include "klineage/Analysis/PointerProvenance.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <optional>
#include <set>
#include <vector>

namespace klineage {
namespace analysis {

/// How far into callees a flow is followed.
constexpr unsigned PointerFlowCallDepth = 3;

/// A call through which the pointer was followed into a callee's body.
struct FlowCall {
  const clang::CallExpr *Call = nullptr;
  const clang::FunctionDecl *Callee = nullptr; ///< as called
  const clang::ParmVarDecl *Param = nullptr;   ///< the definition's parameter that receives it
};

/// One fact about the pointer or its memory, with the nodes that show it.
struct FlowFact {
  enum Kind {
    // Writes to the memory.
    Store,               ///< At: an assignment to it (`p[i] = v`, `*q += v`)
    IncDec,              ///< At: `p[i]++`
    AtomicOrStoreCall,   ///< At: the call of Callee, an atomic or store intrinsic
    NonConstReference,   ///< D: a non-const reference variable binding it
    NonConstRefArgument, ///< At: the call of Callee, which takes it by non-const reference
    NonConstOperator,    ///< At: a non-const member operator called on it
    NonConstMethod,      ///< At: a non-const method called on it
    OpaqueCallee,        ///< At: the call of Callee, whose parameter Param (of Type) has no visible body
    // Uses of the pointer that are not followed.
    RePointed,           ///< At: a value P itself is assigned that does not carry P
    BoundToReference,    ///< D: a reference variable bound to the pointer
    StoredInDeclaration, ///< D: a declaration that is no local pointer receives it
    StoredIntoLValue,    ///< At: `x = p` where x is no local pointer (a member, an element)
    AddressTaken,        ///< At: `&p`
    IndirectCall,        ///< At: passed to a call through a pointer
    PassedByReference,   ///< At: passed to a reference parameter of Callee
    TooDeep,             ///< At: passed to Callee's parameter Param (of Type) beyond PointerFlowCallDepth
    Returned,            ///< At: the return statement
    Escapes,             ///< At: any other statement taking the pointer
    InlineAsm,           ///< At: the asm statement it is an operand of
    // What must take const with P's pointee, or why it cannot.
    LocalPointer,              ///< D: a local pointer declared with a non-const pointee (Type)
    PointerCast,               ///< At: an explicit cast to a non-const pointer
    CalleeParameter,           ///< D: a callee's parameter as written (Param of a read-only callee)
    ExplicitTemplateArguments, ///< At: the call; Param: as written, of instantiated Type
    DeducedTwice,              ///< At: the call of Callee; Param: another parameter deducing TemplateParm
    // Access through a pointer to volatile.
    VolatilePointer,   ///< At: a pointer expression whose pointee is volatile
    VolatileParameter, ///< At: the call of Callee, whose parameter has volatile pointee Type
  };
  Kind K = Escapes;
  const clang::Stmt *At = nullptr;
  const clang::Decl *D = nullptr;
  const clang::FunctionDecl *Callee = nullptr;
  const clang::ParmVarDecl *Param = nullptr;
  clang::QualType Type;
  const clang::TemplateTypeParmType *TemplateParm = nullptr;
  /// The calls it was found through, outermost first (empty: in the
  /// function of P itself).
  std::vector<FlowCall> Via;

  /// Where the evidence is, as seen from P's function: the outermost call,
  /// else At, else D.
  clang::SourceLocation location() const;
  /// The location of the fact itself, in the innermost function.
  clang::SourceLocation innerLocation() const;
};

/// What a function does with the memory a pointer parameter points to.
struct PointerFlow {
  const clang::ParmVarDecl *Param = nullptr;
  /// Local pointers that receive P's value, in the order found.
  std::vector<const clang::VarDecl *> Derived;
  /// Those of them that may also hold a pointer not derived from P.
  std::set<const clang::VarDecl *> Mixed;
  /// Loads of P's memory through pointers that carry P alone, of a type
  /// with an __ldg overload: `p[i]`, `*q` (ArraySubscriptExpr / deref
  /// lvalues), or a plain field `p[i].x` of an element type without one.
  std::vector<const clang::Expr *> Loads;
  /// Existing `__ldg(...)` calls on it.
  std::vector<const clang::CallExpr *> LdgCalls;
  /// Other reads (members, const references, read-only callees, ...).
  unsigned Reads = 0;
  std::vector<FlowFact> Writes;   ///< in the order found
  std::vector<FlowFact> Unknowns; ///< uses that are not followed
  /// What must take const if P's pointee becomes const, and the reasons
  /// it cannot (ExplicitTemplateArguments, DeducedTwice), in the order found.
  std::vector<FlowFact> ConstDependents;
  /// The first place the memory is reached through a pointer to volatile.
  std::optional<FlowFact> Volatile;

  bool written() const { return !Writes.empty(); }
  /// Every use of the pointer was followed.
  bool followed() const { return Unknowns.empty(); }
  /// P's value reaches local pointer \p V.
  bool derives(const clang::VarDecl *V) const;
};

/// Whether record type \p T carries pointers or references (as fields,
/// arrays of them, or in members and bases two levels down): memory it
/// reaches can be written without a pointer parameter in sight.
bool holdsPointers(clang::QualType T);

} // namespace analysis
} // namespace klineage

#endif
