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
#include "clang/AST/Stmt.h"

namespace klineage {
namespace positions {

/// File offset of the first character of \p S.
unsigned beginOffset(const clang::ASTContext &Ctx, const clang::Stmt *S);
/// File offset just past the last token of \p S.
unsigned endOffset(const clang::ASTContext &Ctx, const clang::Stmt *S);
/// 1-based line of the start of \p S.
unsigned lineOf(const clang::ASTContext &Ctx, const clang::Stmt *S);

} // namespace positions
} // namespace klineage

#endif
