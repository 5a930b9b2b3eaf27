//===- SiteEdits.cpp ------------------------------------------------------===//
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace klineage {

void commit(EditBuilder &B, Site &S) {
  std::vector<TextEdit> Edits = B.takeEdits();
  if (!B.ok()) {
    PreconditionResult &P = S.addPrecondition(SourceRewritable, Status::Fails, B.failure());
    SourceLocation L = B.failureLoc();
    if (L.isValid()) {
      const SourceManager &SM = B.context().getSourceManager();
      bool Macro = L.isMacroID();
      // Point at the macro's use, and say which macro produced the text.
      std::string What = "the text to change comes from this ";
      if (Macro) {
        StringRef Name = Lexer::getImmediateMacroNameForDiagnostics(
            L, SM, B.context().getLangOpts());
        What += Name.empty() ? std::string("macro expansion") : "use of macro '" + Name.str() + "'";
      } else {
        What = "the text to change is here, outside the user's editable code";
      }
      P.Evidence.push_back(evidenceAt(B.context(), Macro ? SM.getExpansionLoc(L) : L,
                                      Macro ? "macro" : "not-editable", What));
    }
    return;
  }
  S.addPrecondition(SourceRewritable, Status::Holds,
                    "all edited text is plain source of the main file or a user header");
  for (TextEdit &E : Edits)
    S.Edits.push_back(std::move(E));
}

} // namespace klineage
