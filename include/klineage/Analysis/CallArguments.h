//===- CallArguments.h - What every call of a function passes --*- C++ -*-===//
//
// Part of KLineage. A __device__ helper's parameter is often the same thing
// at every call: a constant (llm.c's `blockReduce(val, bool final_sync =
// false, float out_of_bounds = 0.0f)`, called with its defaults) or a
// __shared__ array (SharedMemory.h, sharedArrayOf). These answer from the
// calls in the user's code (not system headers), template instances
// included: a call of an instance counts for the pattern's parameters too.
// Side-effect free.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_CALLARGUMENTS_H
#define KLINEAGE_ANALYSIS_CALLARGUMENTS_H

#include "clang/AST/APValue.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <optional>
#include <vector>

namespace klineage {
namespace analysis {

/// The calls of \p F in the user's code: of F itself and of every template
/// instance whose pattern is F (AnalysisCache indexes the translation unit
/// once).
const std::vector<const clang::CallExpr *> &callsOf(clang::ASTContext &Ctx, const clang::FunctionDecl *F);

/// The value every call passes to \p P (a default argument counts), when
/// each is a constant expression and all are equal; nullopt when a call
/// passes anything else, or no call is seen.
std::optional<clang::APValue> constantArgumentOf(clang::ASTContext &Ctx, const clang::ParmVarDecl *P);

} // namespace analysis
} // namespace klineage

#endif
