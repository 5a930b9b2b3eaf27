//===- KernelExits.h - A kernel's early returns -----------------*- C++ -*-===//
//
// Part of KLineage. The one question the pairs that add a block-wide step
// after a kernel's work ask (a merge, a reduction, a barrier): how can a
// thread leave the kernel early? A top-level guard `if (C) return;` can be
// rewritten to enclose the rest of the body (`if (!C) { ... }`) so that
// every thread reaches what follows; any other return cannot.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_KERNELEXITS_H
#define KLINEAGE_ANALYSIS_KERNELEXITS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include <vector>

namespace klineage {
namespace analysis {

/// The returns of a function's body: its top-level guards `if (C) return;`
/// (no else, no init, no condition variable), a last `return;`, the others
/// (nested in loops, branches, lambdas excluded), and gotos (which may jump
/// past anything).
struct KernelExits {
  std::vector<const clang::IfStmt *> Guards;
  const clang::ReturnStmt *Last = nullptr;
  std::vector<const clang::ReturnStmt *> Others;
  std::vector<const clang::GotoStmt *> Gotos;
  /// Every early exit is a top-level guard (possibly none).
  bool restructurable() const { return Others.empty() && Gotos.empty(); }
};
KernelExits kernelExits(const clang::FunctionDecl *FD);

/// The `return;` of a top-level guard `if (C) return;` / `if (C) { return; }`.
const clang::ReturnStmt *guardReturn(const clang::IfStmt *If);

} // namespace analysis
} // namespace klineage

#endif
