//===- EditBuilder.cpp ----------------------------------------------------===//
#include "klineage/Edit/EditBuilder.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Transformer/SourceCode.h"
#include <algorithm>

using namespace llvm;
using namespace clang;

namespace klineage {

std::optional<unsigned> EditBuilder::fileOffset(SourceLocation Loc, const char *What) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (Loc.isInvalid() || Loc.isMacroID() || !SM.isInMainFile(Loc)) {
    fail(std::string(What) + " is inside a macro expansion or outside the main file", Loc);
    return std::nullopt;
  }
  return SM.getFileOffset(Loc);
}

EditBuilder &EditBuilder::replace(SourceRange Range, StringRef Text) {
  CharSourceRange CR = mainFileRange(Ctx, Range);
  if (CR.isInvalid()) {
    fail("the code to change is produced by a macro expansion or lies outside the main file",
         Range.getBegin());
    return *this;
  }
  return replaceChars(CR.getBegin(), CR.getEnd(), Text);
}

EditBuilder &EditBuilder::replace(const Stmt *S, StringRef Text) {
  return replace(S->getSourceRange(), Text);
}

EditBuilder &EditBuilder::replaceChars(SourceLocation Begin, SourceLocation End, StringRef Text) {
  auto B = fileOffset(Begin, "the start of the change");
  auto E = fileOffset(End, "the end of the change");
  if (!B || !E)
    return *this;
  if (*E < *B) {
    fail("internal: inverted edit range");
    return *this;
  }
  Edits.push_back({*B, *E - *B, Text.str()});
  return *this;
}

EditBuilder &EditBuilder::insertBefore(SourceLocation Loc, StringRef Text) {
  if (auto Off = fileOffset(Loc, "the insertion point"))
    Edits.push_back({*Off, 0, Text.str()});
  return *this;
}

EditBuilder &EditBuilder::insertAfterToken(SourceLocation TokenLoc, StringRef Text) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (TokenLoc.isMacroID()) {
    fail("the insertion point is inside a macro expansion", TokenLoc);
    return *this;
  }
  SourceLocation End = Lexer::getLocForEndOfToken(TokenLoc, 0, SM, Ctx.getLangOpts());
  return insertBefore(End, Text);
}

EditBuilder &EditBuilder::insertLineBefore(SourceLocation Loc, StringRef Line) {
  // Above a line that starts with a macro use: above the use.
  SourceLocation UseStart;
  if (Loc.isMacroID() &&
      Lexer::isAtStartOfMacroExpansion(Loc, Ctx.getSourceManager(), Ctx.getLangOpts(), &UseStart) &&
      UseStart.isFileID())
    Loc = UseStart;
  auto Off = fileOffset(Loc, "the insertion point");
  if (!Off)
    return *this;
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Buf = SM.getBufferData(SM.getMainFileID());
  size_t LineStart = *Off == 0 ? 0 : Buf.rfind('\n', *Off - 1);
  LineStart = LineStart == StringRef::npos ? 0 : (*Off == 0 ? 0 : LineStart + 1);
  StringRef Before = Buf.slice(LineStart, *Off);
  if (!Before.trim().empty()) {
    // Code precedes the anchor on its line: start a new line at the anchor,
    // taking the blanks before it so the split line keeps no trailing space.
    std::string Indent = lineIndent(Ctx, Loc);
    unsigned Blanks = static_cast<unsigned>(Before.size() - Before.rtrim(" \t").size());
    Edits.push_back({*Off - Blanks, Blanks, "\n" + Indent + Line.str() + "\n" + Indent});
    return *this;
  }
  Edits.push_back({static_cast<unsigned>(LineStart), 0, Before.str() + Line.str() + "\n"});
  return *this;
}

EditBuilder &EditBuilder::removeLines(SourceRange Range) {
  CharSourceRange CR = mainFileRange(Ctx, Range);
  if (CR.isInvalid()) {
    fail("the line to remove is produced by a macro expansion or lies outside the main file",
         Range.getBegin());
    return *this;
  }
  removeLines(CR, Range.getBegin());
  return *this;
}

EditBuilder &EditBuilder::removeLines(const Stmt *S) {
  CharSourceRange CR = statementRange(S);
  if (CR.isValid())
    removeLines(CR, S->getBeginLoc());
  return *this;
}

void EditBuilder::removeLines(CharSourceRange CR, SourceLocation Loc) {
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Buf = SM.getBufferData(SM.getMainFileID());
  unsigned B = SM.getFileOffset(CR.getBegin()), E = SM.getFileOffset(CR.getEnd());
  size_t LineStart = B == 0 ? StringRef::npos : Buf.rfind('\n', B - 1);
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  size_t LineEnd = Buf.find('\n', E);
  LineEnd = LineEnd == StringRef::npos ? Buf.size() : LineEnd + 1;
  if (!Buf.slice(LineStart, B).trim().empty() || !Buf.slice(E, LineEnd).trim().empty()) {
    fail("other code shares the line to remove", Loc);
    return;
  }
  Edits.push_back({static_cast<unsigned>(LineStart), static_cast<unsigned>(LineEnd - LineStart), ""});
}

CharSourceRange EditBuilder::statementRange(const Stmt *S) {
  // A whole statement is a unit of text even when it starts or ends with a
  // whole macro use (`__shared__ float t[8];`, `CHECK(x);`): moving,
  // wrapping or removing it keeps the macro use intact. A statement that
  // starts or ends inside a macro's expansion is not plain text.
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange CR = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(S->getSourceRange()),
                                                SM, Ctx.getLangOpts());
  if (CR.isInvalid() || !SM.isInMainFile(CR.getBegin()) || !SM.isInMainFile(CR.getEnd())) {
    fail("the statement is produced by a macro expansion or lies outside the main file",
         S->getBeginLoc());
    return CR;
  }
  // An expression statement's range stops before its ';' (Transformer's
  // statement selector extends it the same way).
  CharSourceRange Ext =
      tooling::maybeExtendRange(CR, tok::semi, const_cast<ASTContext &>(Ctx));
  return Lexer::getAsCharRange(Ext, Ctx.getSourceManager(), Ctx.getLangOpts());
}

EditBuilder &EditBuilder::insertLineAfter(const Stmt *S, StringRef Line) {
  CharSourceRange R = statementRange(S);
  if (R.isInvalid())
    return *this;
  std::string Indent = lineIndent(Ctx, S->getBeginLoc());
  return insertBefore(R.getEnd(), "\n" + Indent + Line.str());
}

EditBuilder &EditBuilder::splitLine(SourceLocation Loc) {
  auto Off = fileOffset(Loc, "the line break");
  if (!Off)
    return *this;
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned Start = 0, End = 0;
  StringRef Line = lineContaining(SM, Loc, Start, End);
  StringRef Before = Line.take_front(*Off - Start);
  unsigned Blanks = static_cast<unsigned>(Before.size() - Before.rtrim(" \t").size());
  Edits.push_back({*Off - Blanks, Blanks, "\n" + lineIndent(Ctx, Loc)});
  return *this;
}

EditBuilder &EditBuilder::insertAtBodyTop(const FunctionDecl *FD, StringRef Line,
                                          StringRef IndentUnit) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!Body) {
    fail("'" + FD->getNameAsString() + "' has no body to insert into", FD->getLocation());
    return *this;
  }
  if (!Body->body_empty())
    return insertLineBefore(Body->body_front()->getBeginLoc(), Line);
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Indent = lineIndent(Ctx, Body->getLBracLoc());
  std::string Text = "\n" + Indent + IndentUnit.str() + Line.str();
  // `{}` on one line: the closing brace moves to a line of its own.
  if (SM.getExpansionLineNumber(Body->getLBracLoc()) == SM.getExpansionLineNumber(Body->getRBracLoc()))
    Text += "\n" + Indent;
  return insertAfterToken(Body->getLBracLoc(), Text);
}

EditBuilder &EditBuilder::insertBarrierBefore(const Stmt *S) {
  return insertLineBefore(S->getBeginLoc(), "__syncthreads();");
}

EditBuilder &EditBuilder::insertBarrierAfter(const Stmt *S) {
  return insertLineAfter(S, "__syncthreads();");
}

EditBuilder &EditBuilder::wrap(const Stmt *S, StringRef Head, StringRef IndentUnit) {
  CharSourceRange R = statementRange(S);
  if (R.isInvalid())
    return *this;
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned B = SM.getFileOffset(R.getBegin()), E = SM.getFileOffset(R.getEnd());
  StringRef Text = SM.getBufferData(SM.getMainFileID()).slice(B, E);
  std::string Indent = lineIndent(Ctx, S->getBeginLoc());
  std::string Out = (Head.empty() ? "{" : Head.str() + " {") + "\n" + Indent + IndentUnit.str();
  // Every later line of the statement moves one unit deeper; blank lines
  // stay blank.
  SmallVector<StringRef> Lines;
  Text.split(Lines, '\n');
  for (size_t I = 0; I < Lines.size(); ++I) {
    if (I)
      Out += "\n" + (Lines[I].trim().empty() ? "" : IndentUnit.str());
    Out += Lines[I];
  }
  Out += "\n" + Indent + "}";
  Edits.push_back({B, E - B, std::move(Out)});
  return *this;
}

EditBuilder &EditBuilder::indentLines(const Stmt *First, const Stmt *Last, StringRef IndentUnit) {
  CharSourceRange FR = statementRange(First), LR = statementRange(Last);
  if (FR.isInvalid() || LR.isInvalid())
    return *this;
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Buf = SM.getBufferData(SM.getMainFileID());
  unsigned B = SM.getFileOffset(FR.getBegin()), E = SM.getFileOffset(LR.getEnd());
  size_t LineStart = B == 0 ? StringRef::npos : Buf.rfind('\n', B - 1);
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  if (!Buf.slice(LineStart, B).trim().empty() || E < B) {
    fail("other code precedes the statements to indent on their first line", First->getBeginLoc());
    return *this;
  }
  // A line that starts inside text this builder already replaces is gone.
  auto Replaced = [&](size_t L) {
    return llvm::any_of(Edits, [&](const TextEdit &T) {
      return T.Length && T.Offset < L && L < T.Offset + T.Length;
    });
  };
  for (size_t L = LineStart; L < E;) {
    size_t Next = Buf.find('\n', L);
    Next = Next == StringRef::npos ? Buf.size() : Next + 1;
    if (!Buf.slice(L, std::min<size_t>(Next, E)).trim().empty() && !Replaced(L)) {
      // Nested indentations of one line add up in one insertion (the engine
      // applies identical edits once).
      auto Prior = llvm::find_if(Edits, [&](const TextEdit &T) {
        return T.Offset == L && T.Length == 0 && StringRef(T.Text).trim(" \t").empty();
      });
      if (Prior != Edits.end())
        Prior->Text += IndentUnit.str();
      else
        Edits.push_back({static_cast<unsigned>(L), 0, IndentUnit.str()});
    }
    L = Next;
  }
  return *this;
}

EditBuilder &EditBuilder::wrapLines(const Stmt *First, const Stmt *Last, StringRef Head,
                                    StringRef IndentUnit) {
  std::string Indent = lineIndent(Ctx, First->getBeginLoc());
  insertLineBefore(First->getBeginLoc(), Head.str() + " {");
  indentLines(First, Last, IndentUnit);
  return appendAfter(Last, "\n" + Indent + "}");
}

EditBuilder &EditBuilder::replaceStatement(const Stmt *S, StringRef Text) {
  CharSourceRange R = statementRange(S);
  if (R.isInvalid())
    return *this;
  return replaceChars(R.getBegin(), R.getEnd(), Text);
}

EditBuilder &EditBuilder::appendAfter(const Stmt *S, StringRef Text) {
  CharSourceRange R = statementRange(S);
  if (R.isInvalid())
    return *this;
  return insertBefore(R.getEnd(), Text);
}

EditBuilder &EditBuilder::forEachDeclaration(
    const FunctionDecl *FD, function_ref<void(EditBuilder &, const FunctionDecl &)> Edit) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<const FunctionDecl *> Decls(FD->redecls_begin(), FD->redecls_end());
  std::sort(Decls.begin(), Decls.end(), [&](const FunctionDecl *A, const FunctionDecl *B) {
    return SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
  });
  for (const FunctionDecl *D : Decls) {
    SourceLocation L = D->getLocation();
    if (L.isMacroID() || !SM.isInMainFile(L)) {
      fail("a declaration of '" + FD->getNameAsString() +
               "' is produced by a macro expansion or lies outside the main file",
           L);
      return *this;
    }
  }
  for (const FunctionDecl *D : Decls)
    Edit(*this, *D);
  return *this;
}

EditBuilder &EditBuilder::setLaunchArg(const CUDAKernelCallExpr *Call, LaunchArg Which,
                                       StringRef Text) {
  const CallExpr *Config = Call->getConfig();
  unsigned Written = 0;
  while (Written < Config->getNumArgs() && !isa<CXXDefaultArgExpr>(Config->getArg(Written)))
    ++Written;
  unsigned I = static_cast<unsigned>(Which);
  if (I < Written)
    return replace(Config->getArg(I), Text);
  // The configuration call's right "paren" is the `>>>`.
  std::string Tail;
  for (unsigned K = Written; K < I; ++K)
    Tail += ", 0"; // only the shared-memory size can be missing before a stream
  return insertBefore(Config->getRParenLoc(), Tail + ", " + Text.str());
}

} // namespace klineage
