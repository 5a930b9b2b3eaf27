//===- SourcePositions.cpp - File offsets and lines of AST nodes ----------===//
#include "klineage/Frontend/SourcePositions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace klineage {
namespace positions {

unsigned beginOffset(const ASTContext &Ctx, const Stmt *S) {
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.getFileOffset(SM.getExpansionLoc(S->getBeginLoc()));
}

unsigned endOffset(const ASTContext &Ctx, const Stmt *S) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation E = SM.getExpansionRange(S->getEndLoc()).getEnd();
  SourceLocation After = Lexer::getLocForEndOfToken(E, 0, SM, Ctx.getLangOpts());
  return SM.getFileOffset(After.isValid() ? After : E);
}

unsigned lineOf(const ASTContext &Ctx, const Stmt *S) {
  return Ctx.getSourceManager().getExpansionLineNumber(S->getBeginLoc());
}

} // namespace positions
} // namespace klineage
