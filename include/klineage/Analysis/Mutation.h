//===- Mutation.h - Which variables and memory a function modifies -*- C++ -*-===//
//
// Part of KLineage. One model of modification for every pair and analysis,
// answering one question: is variable V (or a field or element of it)
// modified after its initialisation, and where. Every use of a variable is
// classified once, bottom-up from the reference: a use is a read only when
// it is converted to a value, bound to a const reference (a const member
// call), unevaluated (sizeof), discarded, or a lambda's capture (the
// lambda body's own uses are classified). Anything else modifies it:
// assignment, compound assignment, ++/--, its address taken (an array
// decaying to a pointer that is not indexed at once), a binding to a
// non-const reference (also `for (auto &e : v)` and returning it by
// reference), passing it to a non-const reference parameter, a non-const
// member call, an inline-asm operand, and any use the model does not know
// (a call in an uninstantiated template may bind a reference). A use inside
// a lambda body counts wherever the lambda may run. An array variable is its
// address, which nothing modifies: its elements are memory, as behind a
// pointer (an array field's elements are part of the struct).
//  - FunctionFacts: per function (cached in AnalysisCache), every
//    modification of each variable (VarMod), every memory read/write/call
//    event in source order, __builtin_assume(v % N == 0) facts and the names
//    declared;
//  - modificationsOf / findModification: the same answers for a variable
//    in the function that declares it, or inside one statement.
// Side-effect free; offsets are expansion-location file offsets.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_MUTATION_H
#define KLINEAGE_ANALYSIS_MUTATION_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include <map>
#include <set>
#include <string>
#include <vector>

namespace klineage {
namespace analysis {

/// How a use may modify a variable.
enum class MutationKind {
  Assignment,                ///< `v = e`, `v.f = e`, `v.a[i] = e`
  CompoundAssignment,        ///< `v += e`, `v <<= e`, ...
  IncrementDecrement,        ///< `++v`, `v.f--`
  AddressTaken,              ///< `&v`, or an array field decaying to an escaping pointer
  NonConstReference,         ///< bound to a non-const reference, or returned as one
  NonConstReferenceArgument, ///< passed to a non-const reference parameter
  NonConstMethodCall,        ///< a non-const member function called on it
  AsmOperand,                ///< an inline-asm output (or memory) operand
  OtherUse,                  ///< a use the model cannot prove is only a read
};
/// "assigned", "has its address taken", ... (reads after the variable's name).
const char *mutationKindPhrase(MutationKind K);

/// A modification of a variable (a local, a parameter, or any other
/// variable a function names).
struct VarMod {
  unsigned Begin = 0, End = 0; ///< of At
  MutationKind Kind = MutationKind::Assignment;
  clang::BinaryOperatorKind Op = clang::BO_Assign; ///< for assignments
  const clang::Expr *Value = nullptr;              ///< RHS of =, +=, -= of the whole variable
  /// Not a plain =, += or -= of the whole variable: ++, --, &v, another
  /// compound op, a field or element write, a reference, a call, asm.
  bool Other = false;
  const clang::Expr *At = nullptr;         ///< the modifying expression
  const clang::DeclRefExpr *Use = nullptr; ///< the variable's reference in it
  /// The field of the variable written, when only one field is (`v.f.g = e`:
  /// f); null when the whole variable, an element or an unknown part may be.
  const clang::FieldDecl *Field = nullptr;
  /// Inside a lambda that captured the variable: it happens when the lambda
  /// runs, not where it is written.
  bool InLambda = false;
};

/// A memory event inside a function body.
struct MemEvent {
  enum Kind { Read, Write, Call } K = Read;
  unsigned Begin = 0, End = 0;
  unsigned Time = 0;              ///< when it happens (writes: end of the assignment)
  const clang::Expr *E = nullptr; ///< the accessed lvalue / the call
  std::string What;               ///< callee name for calls
};

/// The variable \p E names (parens and implicit casts ignored), or null.
const clang::VarDecl *refVar(const clang::Expr *E);
/// Whether \p Inner is \p Outer or a node under it (the AST's structure,
/// not source offsets: a macro's expansion is where it is used).
bool containsStmt(const clang::Stmt *Outer, const clang::Stmt *Inner);
/// An lvalue that names memory (an element, a dereference, a global or a
/// reference), not a local variable itself.
bool isMemoryLValue(const clang::Expr *E);

class FunctionFacts {
public:
  FunctionFacts(const clang::ASTContext &Ctx, const clang::FunctionDecl *FD);
  const clang::FunctionDecl *function() const { return FD; }
  bool isKernel() const;
  /// Modifications of \p VD in this function (not counting its
  /// initialiser), in source order.
  const std::vector<VarMod> &mods(const clang::VarDecl *VD) const;
  /// The first modification of any variable in \p Vars in [Begin, End) (one
  /// inside a lambda counts everywhere), or null.
  const VarMod *modifiedIn(const std::vector<const clang::VarDecl *> &Vars, unsigned Begin,
                           unsigned End, const clang::VarDecl **Which = nullptr) const;
  /// The first modification of \p VD inside statement \p S of this function
  /// but not inside \p Skip, or null.
  const VarMod *modifiedWithin(const clang::VarDecl *VD, const clang::Stmt *S,
                               const clang::Stmt *Skip = nullptr) const;
  /// \p Inner is \p Outer or inside it (both in this function's body).
  bool encloses(const clang::Stmt *Outer, const clang::Stmt *Inner) const;
  /// The statement \p S is a child of in this function's body, or null.
  const clang::Stmt *parentOf(const clang::Stmt *S) const;
  const std::vector<MemEvent> &events() const { return Events; }
  /// __builtin_assume(v % N == 0) facts.
  bool assumedMultiple(const clang::VarDecl *VD, int64_t N) const;

private:
  friend class FactsVisitor;
  const clang::ASTContext &Ctx;
  const clang::FunctionDecl *FD;
  std::map<const clang::VarDecl *, std::vector<VarMod>> Mods;
  llvm::DenseMap<const clang::Stmt *, const clang::Stmt *> Parents;
  std::vector<MemEvent> Events;
  std::vector<std::pair<const clang::VarDecl *, int64_t>> Multiples;
};

/// The function whose body declares local variable or parameter \p V (a
/// lambda's own locals: its call operator), or null.
const clang::FunctionDecl *declaringFunction(const clang::VarDecl *V);

/// Every modification of \p V in the function that declares it (a local
/// variable or parameter; a lambda's own locals in the lambda), in source
/// order; null when \p V is declared outside any function body.
const std::vector<VarMod> *modificationsOf(clang::ASTContext &Ctx, const clang::VarDecl *V);

/// The reference to \p V inside \p S (not inside \p Skip) of the first
/// modification of \p V there, or null.
const clang::Stmt *findModification(clang::ASTContext &Ctx, const clang::Stmt *S,
                                    const clang::VarDecl *V, const clang::Stmt *Skip = nullptr);

} // namespace analysis
} // namespace klineage

#endif
