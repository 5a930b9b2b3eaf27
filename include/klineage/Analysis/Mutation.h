//===- Mutation.h - Which variables and memory a function modifies -*- C++ -*-===//
//
// Part of KLineage. One model of modification for every pair:
//  - FunctionFacts: per function (cached in AnalysisCache), each write of a
//    local variable or parameter (=, op=, ++/--, &v) with its offsets, every
//    memory read/write/call event in source order and __builtin_assume(v % N == 0)
//    facts;
//  - findModification: inside one statement, the first use of a variable that
//    is not a plain read (a write, its address, a non-const reference), for
//    "does this loop body change its index?".
// Side-effect free; offsets are expansion-location file offsets.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_MUTATION_H
#define KLINEAGE_ANALYSIS_MUTATION_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <map>
#include <set>
#include <string>
#include <vector>

namespace klineage {
namespace analysis {

/// A modification of a local variable or parameter.
struct VarMod {
  unsigned Begin = 0, End = 0;
  clang::BinaryOperatorKind Op = clang::BO_Assign; ///< for assignments
  const clang::Expr *Value = nullptr;              ///< RHS of =, +=, -=
  bool Other = false;                              ///< ++, --, &v, other compound op
  const clang::Expr *At = nullptr;                 ///< the modifying expression
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
/// An lvalue that names memory (an element, a dereference, a global or a
/// reference), not a local variable itself.
bool isMemoryLValue(const clang::Expr *E);

class FunctionFacts {
public:
  FunctionFacts(const clang::ASTContext &Ctx, const clang::FunctionDecl *FD);
  const clang::FunctionDecl *function() const { return FD; }
  bool isKernel() const;
  /// Modifications of \p VD (not counting its initialiser).
  const std::vector<VarMod> &mods(const clang::VarDecl *VD) const;
  /// The first modification of any variable in \p Vars in [Begin, End), or null.
  const VarMod *modifiedIn(const std::vector<const clang::VarDecl *> &Vars, unsigned Begin,
                           unsigned End, const clang::VarDecl **Which = nullptr) const;
  const std::vector<MemEvent> &events() const { return Events; }
  /// __builtin_assume(v % N == 0) facts.
  bool assumedMultiple(const clang::VarDecl *VD, int64_t N) const;

private:
  friend class FactsVisitor;
  const clang::ASTContext &Ctx;
  const clang::FunctionDecl *FD;
  std::map<const clang::VarDecl *, std::vector<VarMod>> Mods;
  std::vector<MemEvent> Events;
  std::vector<std::pair<const clang::VarDecl *, int64_t>> Multiples;
};

/// The first use of \p V inside \p S (not inside \p Skip) that may change it:
/// anything but an rvalue read, an unevaluated operand, a lambda capture or
/// a binding to a const reference. Null if there is none.
const clang::Stmt *findModification(clang::ASTContext &Ctx, const clang::Stmt *S,
                                    const clang::VarDecl *V, const clang::Stmt *Skip = nullptr);

} // namespace analysis
} // namespace klineage

#endif
