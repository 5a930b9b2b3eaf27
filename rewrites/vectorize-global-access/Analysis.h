//===- Analysis.h - Facts vectorize-global-access needs about a function --===//
//
// Part of KLineage. The pair's view of lib/Analysis for one function
// (FunctionFacts, pointer roots, divisibility) with the user's --assume facts
// folded in, and the precondition functions that word them: global-pointer,
// base-aligned, index divisibility, aliasing. All side-effect free.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITES_VECTORIZEGLOBALACCESS_ANALYSIS_H
#define KLINEAGE_REWRITES_VECTORIZEGLOBALACCESS_ANALYSIS_H

#include "klineage/Analysis/Alignment.h"
#include "klineage/Analysis/Divisibility.h"
#include "klineage/Analysis/LinearForm.h"
#include "klineage/Analysis/MemoryInterference.h"
#include "klineage/Analysis/Mutation.h"
#include "klineage/Analysis/PointerProvenance.h"
#include "klineage/Cuda/Intrinsics.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Rewrite/RewritePair.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace klineage {
namespace vga {

extern const char *const LaneNames[4];

using analysis::accessBasePointer;
using analysis::Atom;
using analysis::FunctionFacts;
using analysis::isPureExpr;
using analysis::LinearForm;
using analysis::Linearizer;
using analysis::MemEvent;
using analysis::Monomial;
using analysis::Root;
using analysis::stripIntCasts;
using analysis::VarMod;

/// Analysis shared by forward and reverse for one function.
class Analyzer {
public:
  Analyzer(const clang::ASTContext &Ctx, const Assumptions &Assume, const FunctionFacts &Facts);
  Analyzer(const Analyzer &) = delete;
  Analyzer &operator=(const Analyzer &) = delete;
  const clang::ASTContext &ast() const { return Ctx; }
  const FunctionFacts &facts() const { return Facts; }
  Linearizer &lin() { return Lin; }
  std::string fnName() const;

  Root rootOf(const clang::Expr *Ptr) { return Prov.rootOf(Ptr); }
  /// Is \p F provably a multiple of \p N? Holds / Fails (provably not) /
  /// Unknown; \p Reason and \p Assumable filled.
  Status multipleOf(const LinearForm &F, int64_t N, std::string &Reason, std::string &Assumable);
  bool formMultiple(const LinearForm &F, int64_t N) { return Div.formMultiple(F, N); }

  /// global-pointer for a root.
  Status globalPointer(const Root &R, std::string &Reason);
  /// base-aligned: is the pointer (root + offset) aligned to Bytes?
  Status baseAligned(const Root &R, unsigned Bytes, const std::string &UseName,
                     std::string &Reason, std::string &Assumable);
  /// Whether memory through \p A and \p B may overlap: 0 no, 1 maybe, 2 same array.
  int mayAlias(const Root &A, const Root &B, std::string &Why);
  /// The events in [Begin, End) that may touch memory through \p P, with the
  /// user's noalias facts folded in.
  std::vector<analysis::Interference> interferences(const Root &P, unsigned Begin, unsigned End,
                                                    bool Reads);

private:
  const clang::ASTContext &Ctx;
  const Assumptions &Assume;
  const FunctionFacts &Facts;
  Linearizer Lin;
  analysis::PointerProvenance Prov;
  analysis::Divisibility Div;
  analysis::Alignment Align;
};


} // namespace vga
} // namespace klineage

#endif
