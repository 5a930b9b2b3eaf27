//===- Expr.h - Integer size expressions for workload manifests -*- C++ -*-===//
//
// A tiny, total evaluator for the size expressions and size-domain facts of a
// workload manifest: 64-bit integers, + - * / %, comparisons, && || !,
// parentheses, min(a,b), max(a,b) and the manifest's size variables. Overflow,
// division by zero and unknown names are errors, never wrapped values.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_GATE_EXPR_H
#define KLINEAGE_GATE_EXPR_H

#include "llvm/Support/Error.h"
#include <cstdint>
#include <map>
#include <set>
#include <string>

namespace klineage {
namespace gate {

using VarMap = std::map<std::string, int64_t>;

/// Evaluates Text with the given variables. Comparisons and logic give 0 or 1.
llvm::Expected<int64_t> evalExpr(const std::string &Text, const VarMap &Vars);

/// The identifiers (variables) that Text refers to; syntax errors are returned.
llvm::Expected<std::set<std::string>> exprVariables(const std::string &Text);

} // namespace gate
} // namespace klineage

#endif
