//===- BlockPosition.h - Which block statement holds a node, and when it runs -===//
//
// Part of KLineage. Questions about where a node sits among the statements of
// its function, for rewrites that move, merge or hoist code:
//  - blockPosition: the statement directly in a block `{ ... }` that holds a
//    node, and the first construct on the way that makes the node run
//    conditionally or repeatedly (an arm of ?:, the right of && / ||, an
//    unbraced branch, a loop, a switch, a lambda), plus the `if` without else
//    that guards it;
//  - conditionalWithin: the same question relative to an enclosing statement
//    (does an access run exactly once per iteration of a loop body?);
//  - firstJump: a break, continue, return, goto, label, throw or asm inside a
//    statement (its control may leave the straight line).
// Structured results for the caller to word. Side-effect free.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_BLOCKPOSITION_H
#define KLINEAGE_ANALYSIS_BLOCKPOSITION_H

#include "clang/AST/ParentMap.h"
#include "clang/AST/Stmt.h"

namespace clang {
class IfStmt;
} // namespace clang

namespace klineage {
namespace analysis {

/// What makes a node run conditionally or repeatedly relative to a statement
/// around it: the innermost such construct.
struct Conditional {
  enum Kind {
    None,                ///< it runs exactly once whenever the statement runs
    ConditionalOperator, ///< an arm of `?:` (At: the operator)
    LogicalRHS,          ///< the right operand of `&&` / `||` (At: the operator)
    Branch,              ///< a branch of an `if` (At: the if)
    Loop,                ///< a loop's body or condition; a `for`'s init runs once (At: the loop)
    Switch,              ///< inside a switch (At: the switch or case)
    Lambda,              ///< inside a lambda (At: the lambda)
    Outside,             ///< no block (blockPosition) / not inside the statement (conditionalWithin)
  } K = None;
  const clang::Stmt *At = nullptr;
};

/// Where a node sits: the statement of a block that holds it.
struct BlockPosition {
  const clang::Stmt *Statement = nullptr;     ///< directly in Block; null when there is none
  const clang::CompoundStmt *Block = nullptr;
  Conditional Why; ///< what makes the node conditional within Statement (None: nothing)
  /// The `if` without else that guards the node: the innermost unbraced one
  /// on the way to Statement, else the one whose braced then-block is Block.
  const clang::IfStmt *Guard = nullptr;
  const clang::CompoundStmt *GuardBlock = nullptr; ///< the block holding Guard's statement
};

/// The position of \p S in the function whose body \p PM was built from.
BlockPosition blockPosition(const clang::ParentMap &PM, const clang::Stmt *S);

/// Why \p S does not run exactly once per execution of \p Within (an
/// ancestor of \p S): the innermost construct between them that makes it
/// conditional or repeated; None when it runs exactly once.
Conditional conditionalWithin(const clang::ParentMap &PM, const clang::Stmt *S,
                              const clang::Stmt *Within);

/// The first break, continue, return, goto, label, throw or inline asm
/// inside \p S (lambdas are not entered), or null.
const clang::Stmt *firstJump(const clang::Stmt *S);

} // namespace analysis
} // namespace klineage

#endif
