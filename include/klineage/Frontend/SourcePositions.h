//===- SourcePositions.h - File offsets and lines of AST nodes ----*- C++ -*-===//
//
// Part of KLineage. Position facts about a node, at its expansion location
// (a node inside a macro expansion sits where the macro is used): for
// ordering nodes and for "between" questions in the analyses. Not text.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_FRONTEND_SOURCEPOSITIONS_H
#define KLINEAGE_FRONTEND_SOURCEPOSITIONS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include <tuple>

namespace klineage {
namespace positions {

/// File offset of the first character of \p S.
unsigned beginOffset(const clang::ASTContext &Ctx, const clang::Stmt *S);
/// File offset just past the last token of \p S.
unsigned endOffset(const clang::ASTContext &Ctx, const clang::Stmt *S);
/// 1-based line of the start of \p S.
unsigned lineOf(const clang::ASTContext &Ctx, const clang::Stmt *S);

/// Orders declarations (by their name's location) and statements (by
/// their range) as they appear in the translation unit, for maps and sets
/// keyed by node whose iteration reaches the output: pointer order depends
/// on allocation, which a precompiled preamble changes. Raw encodings are
/// stable for one main file and grow with position (macro expansions are
/// numbered as they are met).
struct SourceOrder {
  bool operator()(const clang::Decl *A, const clang::Decl *B) const {
    return key(A->getLocation(), A->getLocation(), A) < key(B->getLocation(), B->getLocation(), B);
  }
  bool operator()(const clang::Stmt *A, const clang::Stmt *B) const {
    return key(A->getBeginLoc(), A->getEndLoc(), A) < key(B->getBeginLoc(), B->getEndLoc(), B);
  }

private:
  static std::tuple<unsigned, unsigned, const void *> key(clang::SourceLocation B, clang::SourceLocation E,
                                                           const void *P) {
    return {B.getRawEncoding(), E.getRawEncoding(), P};
  }
};

} // namespace positions
} // namespace klineage

#endif
