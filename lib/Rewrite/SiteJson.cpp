//===- SiteJson.cpp -------------------------------------------------------===//
#include "klineage/Rewrite/SiteJson.h"
#include "klineage/Rewrite/Engine.h"
#include "klineage/Rewrite/Session.h"
#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace klineage {

json::Object siteToJson(const Site &S, const RewritePair &R, bool AllowUnknown) {
  json::Array Pre;
  for (const PreconditionResult &P : S.Preconditions) {
    json::Object O{{"name", P.Name}, {"status", statusName(P.St)}, {"reason", P.Reason}};
    if (unsigned Id = diagIdFor(R, P.Name))
      O["diagnostic"] = "KL" + std::to_string(Id);
    if (!P.Assumable.empty())
      O["assume"] = P.Assumable;
    if (!P.Evidence.empty()) {
      json::Array Ev;
      for (const EvidenceNote &N : P.Evidence)
        Ev.push_back(json::Object{{"file", N.File},
                                  {"line", N.Line},
                                  {"column", N.Column},
                                  {"role", N.Role},
                                  {"text", N.Text}});
      O["evidence"] = std::move(Ev);
    }
    Pre.push_back(std::move(O));
  }
  json::Object Facts;
  for (const auto &[K, V] : S.Facts)
    Facts[K] = V;
  std::vector<std::string> Files;
  for (const TextEdit &E : S.Edits)
    if (!is_contained(Files, E.File))
      Files.push_back(E.File);
  llvm::sort(Files);
  json::Object O{{"rewrite", S.Rewrite},
                 {"direction", directionName(S.Dir)},
                 {"site", S.Id},
                 {"file", S.File},
                 {"line", S.Line},
                 {"column", S.Column},
                 {"function", S.Function},
                 {"summary", S.Summary},
                 {"applicable", S.applicable(AllowUnknown)},
                 {"verdict", statusName(S.verdict())},
                 {"preconditions", std::move(Pre)},
                 {"facts", std::move(Facts)},
                 {"edits", static_cast<int64_t>(S.Edits.size())},
                 {"edited_files", json::Array(Files)},
                 {"descriptor", SiteDescriptor::of(S).str()},
                 {"kind", S.Kind}};
  if (const PreconditionResult *B = S.blocker(AllowUnknown))
    O["blocked_by"] = B->Name;
  return O;
}

} // namespace klineage
