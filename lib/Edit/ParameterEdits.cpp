//===- ParameterEdits.cpp - Edit a parameter's type in every declaration --===//
#include "klineage/Edit/ParameterEdits.h"
#include "klineage/Edit/SourceCode.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;
using namespace llvm;

namespace klineage {

std::optional<PointerTypeLoc> spelledPointerLoc(TypeLoc TL) {
  for (;;) {
    if (auto Q = TL.getAs<QualifiedTypeLoc>()) {
      TL = Q.getUnqualifiedLoc();
      continue;
    }
    if (auto A = TL.getAs<AttributedTypeLoc>()) {
      TL = A.getModifiedLoc();
      continue;
    }
    if (auto P = TL.getAs<ParenTypeLoc>()) {
      TL = P.getInnerLoc();
      continue;
    }
    break;
  }
  if (auto P = TL.getAs<PointerTypeLoc>())
    return P;
  return std::nullopt;
}

/// Splits the parameter list that starts after \p From (an explicit
/// instantiation) into top-level comma-separated [begin, end) offsets.
static std::optional<std::vector<std::pair<unsigned, unsigned>>> paramTexts(StringRef Buf, unsigned From) {
  size_t Open = Buf.find('(', From);
  size_t Semi = Buf.find(';', From);
  if (Open == StringRef::npos || (Semi != StringRef::npos && Semi < Open))
    return std::nullopt;
  std::vector<std::pair<unsigned, unsigned>> Out;
  int Depth = 0;
  unsigned Start = Open + 1;
  for (size_t I = Open + 1; I < Buf.size(); ++I) {
    char C = Buf[I];
    if (C == '(' || C == '<' || C == '[' || C == '{')
      ++Depth;
    else if ((C == ')' || C == '>' || C == ']' || C == '}') && Depth > 0)
      --Depth;
    else if (C == ')' && Depth == 0) {
      Out.push_back({Start, (unsigned)I});
      return Out;
    } else if (C == ',' && Depth == 0) {
      Out.push_back({Start, (unsigned)I});
      Start = I + 1;
    }
  }
  return std::nullopt;
}

ParamSpellings parameterSpellings(const ASTContext &Ctx, const FunctionDecl &Fn, unsigned Index,
                                  bool TypeChanges) {
  const SourceManager &SM = Ctx.getSourceManager();
  ParamSpellings Out;
  auto Problem = [&](std::string Why, SourceLocation Where) {
    Out.Problem = std::move(Why);
    Out.ProblemLoc = Where;
  };
  const FunctionDecl *Pattern = Fn.getTemplateInstantiationPattern();
  const FunctionDecl *Base = Pattern ? Pattern : &Fn;
  FileID DefinitionFile = SM.getFileID(SM.getFileLoc(Fn.getLocation()));
  for (const FunctionDecl *R : Base->redecls()) {
    if (Index >= R->getNumParams())
      continue;
    SourceLocation L = SM.getFileLoc(R->getLocation());
    if (!TypeChanges && SM.getFileID(L) != DefinitionFile)
      continue;
    if (auto Why = whyNotEditable(SM, L)) {
      Problem("'" + Fn.getNameAsString() + "' is also declared in " + SM.getFilename(L).str() + ":" +
                  std::to_string(SM.getPresumedLineNumber(L)) + ", which this rewrite does not edit (" +
                  *Why + "); change that declaration by hand first",
              L);
      continue;
    }
    Out.Spellings.push_back({R->getParamDecl(Index), 0, 0, false, SM.getFileID(L)});
  }
  // An explicit specialization must keep matching the primary template.
  if (TypeChanges && Fn.getTemplateSpecializationKind() == TSK_ExplicitSpecialization) {
    Problem("'" + Fn.getNameAsString() +
                "' is an explicit specialization: its parameter types must match the primary "
                "template's, which this site does not change",
            Fn.getLocation());
    return Out;
  }
  // Explicit instantiations spell the parameter types again.
  if (const FunctionTemplateDecl *FTD = Base->getDescribedFunctionTemplate()) {
    for (const FunctionDecl *Spec : FTD->specializations()) {
      TemplateSpecializationKind K = Spec->getTemplateSpecializationKind();
      if (K == TSK_ExplicitSpecialization) {
        if (!TypeChanges)
          continue;
        SourceLocation SL = SM.getFileLoc(Spec->getLocation());
        Problem("the explicit specialization of '" + Fn.getNameAsString() + "' at line " +
                    std::to_string(SM.getPresumedLineNumber(SL)) +
                    " would no longer match the changed template",
                SL);
        continue;
      }
      if (K != TSK_ExplicitInstantiationDeclaration && K != TSK_ExplicitInstantiationDefinition)
        continue;
      SourceLocation POI = SM.getFileLoc(Spec->getPointOfInstantiation());
      if (auto Why = whyNotEditable(SM, POI)) {
        Problem("an explicit instantiation of '" + Fn.getNameAsString() + "' cannot be edited: " + *Why,
                POI);
        continue;
      }
      auto Params = paramTexts(SM.getBufferData(SM.getFileID(POI)), SM.getFileOffset(POI));
      if (!Params || Index >= Params->size()) {
        Problem("cannot read the parameter list of the explicit instantiation at line " +
                    std::to_string(SM.getPresumedLineNumber(POI)),
                POI);
        continue;
      }
      Out.Spellings.push_back(
          {nullptr, (*Params)[Index].first, (*Params)[Index].second, true, SM.getFileID(POI)});
    }
  }
  return Out;
}

std::string pointerSpellingProblem(const ASTContext &Ctx, const ParamSpellings &S, SourceLocation &Where) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Problem;
  for (const ParamSpelling &X : S.Spellings) {
    if (X.Textual) {
      StringRef Seg = SM.getBufferData(X.File).slice(X.Begin, X.End);
      if (Seg.rfind('*') == StringRef::npos) {
        Problem = "an explicit instantiation spells the parameter as '" + Seg.trim().str() + "'";
        Where = SM.getComposedLoc(X.File, X.Begin);
      }
      continue;
    }
    TypeSourceInfo *TSI = X.Param->getTypeSourceInfo();
    if (!TSI || !spelledPointerLoc(TSI->getTypeLoc())) {
      Problem = "the type of '" + X.Param->getNameAsString() + "' (line " +
                std::to_string(fileLine(Ctx, X.Param->getLocation())) +
                ") is not spelled as 'T *' (a typedef or template parameter)";
      Where = X.Param->getLocation();
    }
  }
  return Problem;
}

void prependConst(EditBuilder &B, SourceLocation Loc) {
  const ASTContext &Ctx = B.context();
  const SourceManager &SM = Ctx.getSourceManager();
  if (!isEditable(SM, Loc)) {
    B.insertBefore(Loc, "const "); // records why it cannot be edited
    return;
  }
  unsigned Len = Lexer::MeasureTokenLength(Loc, SM, Ctx.getLangOpts());
  StringRef Tok(SM.getCharacterData(Loc), Len);
  B.replaceChars(Loc, Loc.getLocWithOffset(Len), ("const " + Tok).str());
}

/// The text to add `__restrict__` right after a `*` at offset \p StarEnd.
static std::string restrictAfterStar(StringRef Buf, unsigned StarEnd) {
  char Next = StarEnd < Buf.size() ? Buf[StarEnd] : ' ';
  if (isAlnum(Next) || Next == '_')
    return "__restrict__ "; // `float *p`  -> `float *__restrict__ p`
  if (isSpace(Next))
    return " __restrict__"; // `float* p`  -> `float* __restrict__ p`
  return "__restrict__";    // `float *,`  -> `float *__restrict__,`
}

void addPointerQualifiers(EditBuilder &B, const ParamSpellings &S, bool AddConst, bool AddRestrict) {
  const SourceManager &SM = B.context().getSourceManager();
  for (const ParamSpelling &X : S.Spellings) {
    StringRef Buf = SM.getBufferData(X.File);
    if (X.Textual) {
      // An explicit instantiation: "T *" in plain text.
      StringRef Seg = Buf.slice(X.Begin, X.End);
      size_t Star = Seg.rfind('*');
      if (Star == StringRef::npos)
        continue;
      unsigned Lead = X.Begin + (Seg.size() - Seg.ltrim().size());
      if (AddConst && !Seg.take_front(Star).contains("const"))
        B.insertBefore(SM.getComposedLoc(X.File, Lead), "const ");
      if (AddRestrict && !Seg.contains("restrict"))
        B.insertBefore(SM.getComposedLoc(X.File, X.Begin + Star + 1),
                       restrictAfterStar(Buf, X.Begin + Star + 1));
      continue;
    }
    const ParmVarDecl *PV = X.Param;
    TypeSourceInfo *TSI = PV->getTypeSourceInfo();
    auto PTL = TSI ? spelledPointerLoc(TSI->getTypeLoc()) : std::nullopt;
    if (!PTL)
      continue;
    if (AddConst && !PV->getType()->getPointeeType().isConstQualified())
      prependConst(B, PTL->getPointeeLoc().getBeginLoc());
    if (AddRestrict && !PV->getType().isRestrictQualified()) {
      SourceLocation Star = PTL->getStarLoc();
      if (!isEditable(SM, Star)) {
        B.insertBefore(Star, "__restrict__"); // records why it cannot be edited
        continue;
      }
      unsigned StarEnd = SM.getFileOffset(Star) + 1;
      B.insertBefore(Star.getLocWithOffset(1),
                     restrictAfterStar(SM.getBufferData(SM.getFileID(Star)), StarEnd));
    }
  }
}

static bool isRestrictWord(StringRef Id) {
  return Id == "__restrict__" || Id == "__restrict" || Id == "restrict";
}

/// Offsets of the restrict token in [Begin, End) of \p File.
static std::optional<std::pair<unsigned, unsigned>> findRestrict(const ASTContext &Ctx, FileID File,
                                                                 unsigned Begin, unsigned End) {
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Buf = SM.getBufferData(File);
  Lexer Lex(SM.getLocForStartOfFile(File), Ctx.getLangOpts(), Buf.begin(), Buf.begin() + Begin,
            Buf.end());
  Token Tok;
  while (!Lex.LexFromRawLexer(Tok)) {
    unsigned Off = SM.getFileOffset(Tok.getLocation());
    if (Off >= End)
      break;
    if (Tok.is(tok::raw_identifier) && isRestrictWord(Tok.getRawIdentifier()))
      return std::make_pair(Off, Off + Tok.getLength());
  }
  if (Tok.is(tok::raw_identifier) && SM.getFileOffset(Tok.getLocation()) < End &&
      isRestrictWord(Tok.getRawIdentifier())) {
    unsigned Off = SM.getFileOffset(Tok.getLocation());
    return std::make_pair(Off, Off + Tok.getLength());
  }
  return std::nullopt;
}

std::optional<std::pair<unsigned, unsigned>> declarationRange(const ASTContext &Ctx, const Decl *D) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceRange R = D->getSourceRange();
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID() || !isEditable(SM, R.getBegin()))
    return std::nullopt;
  SourceLocation E = Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, Ctx.getLangOpts());
  unsigned End = SM.getFileOffset(E);
  // An unnamed parameter's range stops at the `*`: the qualifiers after it
  // (`const float *__restrict__,`) have no location of their own.
  StringRef Buf = SM.getBufferData(SM.getFileID(R.getBegin()));
  for (;;) {
    unsigned P = End;
    while (P < Buf.size() && isSpace(Buf[P]))
      ++P;
    size_t Q = P;
    while (Q < Buf.size() && (isAlnum(Buf[Q]) || Buf[Q] == '_'))
      ++Q;
    StringRef Word = Buf.slice(P, Q);
    if (!isRestrictWord(Word) && Word != "const" && Word != "volatile")
      break;
    End = Q;
  }
  return std::make_pair(SM.getFileOffset(R.getBegin()), End);
}

RestrictTokens restrictTokens(const ASTContext &Ctx, const ParamSpellings &S, StringRef Name) {
  const SourceManager &SM = Ctx.getSourceManager();
  RestrictTokens Out;
  for (const ParamSpelling &X : S.Spellings) {
    unsigned Begin = X.Begin, End = X.End;
    FileID File = X.File;
    if (!X.Textual) {
      auto R = declarationRange(Ctx, X.Param);
      if (!R) {
        Out.Problem = "the declaration of '" + Name.str() + "' at line " +
                      std::to_string(fileLine(Ctx, X.Param->getLocation())) + " comes from a macro expansion";
        Out.ProblemLoc = X.Param->getLocation();
        continue;
      }
      std::tie(Begin, End) = *R;
      File = SM.getFileID(X.Param->getBeginLoc());
    }
    auto Tok = findRestrict(Ctx, File, Begin, End);
    if (!Tok) {
      Out.ProblemLoc = SM.getComposedLoc(File, Begin);
      Out.Problem = "'__restrict__' of '" + Name.str() + "' is not spelled in the parameter text at line " +
                    std::to_string(SM.getPresumedLineNumber(Out.ProblemLoc)) +
                    " (a macro or typedef); edit it by hand";
      continue;
    }
    Out.Tokens.push_back({File, Tok->first, Tok->second});
  }
  return Out;
}

void removeWord(EditBuilder &B, FileID File, unsigned Begin, unsigned End) {
  const SourceManager &SM = B.context().getSourceManager();
  StringRef Buf = SM.getBufferData(File);
  unsigned RB = Begin, RE = End;
  if (RB > 0 && Buf[RB - 1] == '*') {
    while (RE < Buf.size() && (Buf[RE] == ' ' || Buf[RE] == '\t'))
      ++RE;
  } else {
    while (RB > 0 && (Buf[RB - 1] == ' ' || Buf[RB - 1] == '\t'))
      --RB;
  }
  B.replaceChars(SM.getComposedLoc(File, RB), SM.getComposedLoc(File, RE), "");
}

} // namespace klineage
