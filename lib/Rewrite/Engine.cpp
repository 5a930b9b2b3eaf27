//===- Engine.cpp - Find, merge, select and apply sites -------------------===//
#include "klineage/Rewrite/Engine.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace llvm;

namespace klineage {

StringRef outcomeName(ApplyResult::Kind K) {
  switch (K) {
  case ApplyResult::Applied: return "applied";
  case ApplyResult::NotApplicable: return "not-applicable";
  case ApplyResult::NoMatch: return "no-match";
  case ApplyResult::FailedAfterChange: return "failed-after-change";
  }
  return "unknown";
}

namespace {
/// The template a function's text belongs to (its canonical pattern), or
/// null for a function that is not a template or part of one.
const clang::FunctionDecl *patternOf(const clang::FunctionDecl *F) {
  if (!F)
    return nullptr;
  if (F->isTemplateInstantiation())
    if (const clang::FunctionDecl *P = F->getTemplateInstantiationPattern())
      return P->getCanonicalDecl();
  if (F->isDependentContext())
    return F->getCanonicalDecl();
  return nullptr;
}

/// Every instantiated definition of the templates of the main file, by
/// pattern: the instantiations one source location must be checked in.
class InstantiationIndex : public clang::RecursiveASTVisitor<InstantiationIndex> {
public:
  explicit InstantiationIndex(clang::ASTContext &Ctx) : Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(clang::FunctionDecl *F) {
    if (F->isTemplateInstantiation() && F->doesThisDeclarationHaveABody())
      if (const clang::FunctionDecl *P = patternOf(F))
        ByPattern[P].push_back(F);
    return true;
  }
  const std::vector<const clang::FunctionDecl *> &of(const clang::FunctionDecl *P) {
    if (!Built) {
      Built = true;
      const clang::SourceManager &SM = Ctx.getSourceManager();
      for (clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
        if (SM.isInMainFile(SM.getFileLoc(D->getLocation())))
          TraverseDecl(D);
    }
    return ByPattern[P];
  }
  /// Whether \p F's AST has a node at \p Raw (a statement's or expression's
  /// location, a declaration's): an instantiation that drops the text (an
  /// `if constexpr` branch) has none.
  bool hasNodeAt(const clang::FunctionDecl *F, unsigned Raw) {
    auto It = Locs.find(F);
    if (It == Locs.end()) {
      LocCollector C;
      C.TraverseDecl(const_cast<clang::FunctionDecl *>(F));
      It = Locs.try_emplace(F, std::move(C.Raw)).first;
    }
    return It->second.contains(Raw);
  }

private:
  struct LocCollector : clang::RecursiveASTVisitor<LocCollector> {
    llvm::DenseSet<unsigned> Raw;
    void add(clang::SourceLocation L) {
      if (L.isValid())
        Raw.insert(L.getRawEncoding());
    }
    bool VisitStmt(clang::Stmt *S) {
      add(S->getBeginLoc());
      if (auto *E = llvm::dyn_cast<clang::Expr>(S))
        add(E->getExprLoc());
      return true;
    }
    bool VisitDecl(clang::Decl *D) {
      add(D->getLocation());
      add(D->getBeginLoc());
      return true;
    }
  };
  clang::ASTContext &Ctx;
  bool Built = false;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<const clang::FunctionDecl *>> ByPattern;
  llvm::DenseMap<const clang::FunctionDecl *, llvm::DenseSet<unsigned>> Locs;
};

EvidenceNote instantiationNote(const clang::ASTContext &Ctx, const clang::FunctionDecl *F) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  F->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
  return evidenceAt(Ctx, F->getPointOfInstantiation(), "instantiation",
                    "'" + Name + "' is instantiated here");
}
} // namespace

/// Merges the sites one source location produced (one per template
/// instantiation, plus maybe the dependent template itself) into one. The
/// template's text is edited once for all its instantiations, so every
/// instantiation that contains the location must have the site, with the
/// same edits; one that lacks it (its pattern did not match there: the
/// lanes are not contiguous for that template argument, say) fails
/// instantiations-agree.
static Site mergeInstantiations(std::vector<Site> &Group, const clang::ASTContext &Ctx,
                                InstantiationIndex &Index) {
  // The instantiations that contain this location but produced no site.
  std::vector<const clang::FunctionDecl *> Missing;
  {
    std::set<const clang::FunctionDecl *> Patterns, Present;
    for (const Site &S : Group) {
      if (const clang::FunctionDecl *P = patternOf(S.FoundIn))
        Patterns.insert(P);
      if (S.FoundIn && !S.Dependent)
        Present.insert(S.FoundIn);
    }
    unsigned Raw = Group.front().AnchorLoc;
    for (const clang::FunctionDecl *P : Patterns)
      for (const clang::FunctionDecl *I : Index.of(P)) {
        if (Present.count(I))
          continue;
        // Text the instantiation dropped is not compiled there. An anchor
        // that is no node of the pattern either is kept as required.
        const clang::FunctionDecl *Def = P->getDefinition();
        if (Def && Index.hasNodeAt(Def, Raw) && !Index.hasNodeAt(I, Raw))
          continue;
        Missing.push_back(I);
      }
  }
  bool AnyConcrete = std::any_of(Group.begin(), Group.end(), [](const Site &S) { return !S.Dependent; });
  if (AnyConcrete)
    Group.erase(std::remove_if(Group.begin(), Group.end(), [](const Site &S) { return S.Dependent; }),
                Group.end());
  Site Merged = Group.front();
  bool EditsAgree = true;
  for (size_t I = 1; I < Group.size(); ++I) {
    const Site &Other = Group[I];
    if (Other.Edits != Merged.Edits)
      EditsAgree = false;
    // Facts that differ between instantiations are all reported ("8,128").
    for (const auto &[Key, Value] : Other.Facts) {
      std::string &Mine = Merged.Facts[Key];
      if (Mine.empty())
        Mine = Value;
      else if (("," + Mine + ",").find("," + Value + ",") == std::string::npos)
        Mine += "," + Value;
    }
    for (const PreconditionResult &P : Other.Preconditions) {
      auto It = std::find_if(Merged.Preconditions.begin(), Merged.Preconditions.end(),
                             [&](const PreconditionResult &M) { return M.Name == P.Name; });
      if (It == Merged.Preconditions.end()) {
        Merged.Preconditions.push_back(P);
        continue;
      }
      if (worse(It->St, P.St) != It->St) {
        // Keep the worst verdict and its reason: a rewrite of the template's
        // text must be sound for every instantiation.
        *It = P;
      }
    }
  }
  if (!Missing.empty()) {
    size_t Total = Missing.size() + (AnyConcrete ? Group.size() : 0);
    PreconditionResult &P = Merged.addPrecondition(
        InstantiationsAgree, Status::Fails,
        std::to_string(Missing.size()) + " of " + std::to_string(Total) +
            " template instantiations have no such site (the pattern does not hold there)");
    for (const Site &G : Group)
      if (G.Instantiation && !G.Dependent) {
        EvidenceNote N = *G.Instantiation;
        N.Text += " and has the site";
        P.Evidence.push_back(std::move(N));
        break;
      }
    for (const clang::FunctionDecl *I : Missing) {
      EvidenceNote N = instantiationNote(Ctx, I);
      N.Text += " and has no such site";
      P.Evidence.push_back(std::move(N));
    }
    Merged.Edits.clear();
    return Merged;
  }
  if (Group.size() > 1) {
    PreconditionResult &P = Merged.addPrecondition(
        InstantiationsAgree, EditsAgree ? Status::Holds : Status::Fails,
        EditsAgree ? std::to_string(Group.size()) + " template instantiations need the same edits"
                   : "template instantiations need different edits of the same source text");
    // Evidence: the first instantiation, then each one whose edits differ
    // from it, each with the edit count it needs.
    if (!EditsAgree)
      for (size_t I = 0; I < Group.size(); ++I) {
        const Site &G = Group[I];
        if (!G.Instantiation || (I && G.Edits == Group.front().Edits))
          continue;
        EvidenceNote N = *G.Instantiation;
        std::string Count = std::to_string(G.Edits.size());
        N.Text += " and needs " + Count + (I ? " different" : "") +
                  (G.Edits.size() == 1 ? " edit" : " edits");
        P.Evidence.push_back(std::move(N));
      }
  }
  if (!EditsAgree)
    Merged.Edits.clear();
  return Merged;
}

/// Completes each site's stable identity (the pair chose Kind): AnchorText
/// and Ordinal, text that an edit elsewhere in the file does not change.
static void describeSites(const clang::ASTContext &Ctx, std::vector<Site> &Sites) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  StringRef Buf = SM.getBufferData(SM.getMainFileID());
  std::map<std::tuple<std::string, std::string, std::string>, unsigned> Seen;
  for (Site &S : Sites) {
    // The anchor line from the anchor on, blanks collapsed, at most 80 bytes.
    StringRef Rest = Buf.substr(S.Offset).split('\n').first.rtrim();
    std::string Anchor;
    for (char C : Rest) {
      bool Blank = C == ' ' || C == '\t' || C == '\r';
      if (Blank && (Anchor.empty() || Anchor.back() == ' '))
        continue;
      Anchor += Blank ? ' ' : C;
      if (Anchor.size() >= 80)
        break;
    }
    S.AnchorText = StringRef(Anchor).rtrim().str();
    S.Ordinal = ++Seen[{S.Function, S.Kind, S.AnchorText}];
  }
}

std::vector<Site> findSites(const RewritePair &R, Direction D, clang::ASTContext &Ctx,
                            const Assumptions &Assume, const RewriteOptions &Options) {
  AnalysisContext AC(Ctx, Assume, Options);
  R.findSites(D, AC);
  // One group per anchor and spelling: the instantiations of one statement.
  std::map<std::pair<unsigned, unsigned>, std::vector<Site>> ByAnchor;
  for (Site &S : AC.takeSites())
    if (!S.File.empty())
      ByAnchor[{S.Offset, S.AnchorLoc}].push_back(std::move(S));
  std::vector<Site> Out;
  InstantiationIndex Index(Ctx);
  for (auto &[Anchor, Group] : ByAnchor)
    Out.push_back(mergeInstantiations(Group, Ctx, Index));
  for (Site &S : Out)
    S.FoundIn = nullptr; // the AST may not outlive the sites
  unsigned Id = 0;
  for (Site &S : Out)
    S.Id = ++Id;
  describeSites(Ctx, Out);
  return Out;
}

unsigned diagIdFor(const RewritePair &R, StringRef Precondition) {
  if (const PreconditionSpec *P = R.findPrecondition(Precondition))
    return P->DiagId;
  if (Precondition == SourceRewritable)
    return DiagSourceNotRewritable;
  if (Precondition == InstantiationsAgree)
    return DiagInstantiationsDisagree;
  if (Precondition == NoConflict)
    return DiagConflictingEdits;
  return 0;
}

static bool overlaps(const TextEdit &A, const TextEdit &B) {
  unsigned AEnd = A.Offset + A.Length, BEnd = B.Offset + B.Length;
  if (A.Length == 0 && B.Length == 0)
    return false; // two insertions: both kept, in site order
  if (A.Length == 0)
    return A.Offset > B.Offset && A.Offset < BEnd;
  if (B.Length == 0)
    return B.Offset > A.Offset && B.Offset < AEnd;
  return A.Offset < BEnd && B.Offset < AEnd;
}

ApplyResult applySites(StringRef Original, std::vector<Site> &Sites, ArrayRef<unsigned> Only,
                       bool AllowUnknown) {
  ApplyResult Result;
  std::vector<std::pair<TextEdit, unsigned>> Accepted; // edit, order key
  bool AnySelected = false;
  for (Site &S : Sites) {
    if (!Only.empty() && !is_contained(Only, S.Id))
      continue;
    AnySelected = true;
    if (!S.applicable(AllowUnknown)) {
      Result.RefusedSites.push_back(&S);
      continue;
    }
    // An edit identical to one already accepted (two sites adding the same
    // `const`, say) is shared, not a conflict; it is applied once.
    auto AlreadyAccepted = [&](const TextEdit &E) {
      return std::any_of(Accepted.begin(), Accepted.end(),
                         [&](const auto &A) { return A.first == E; });
    };
    const Site *Clash = nullptr;
    for (const TextEdit &E : S.Edits)
      if (!AlreadyAccepted(E))
        for (const Site *Done : Result.AppliedSites)
          for (const TextEdit &F : Done->Edits)
            if (!(E == F) && overlaps(E, F))
              Clash = Done;
    if (Clash) {
      S.addPrecondition(NoConflict, Status::Fails,
                        "its edits overlap those of site " + std::to_string(Clash->Id) +
                            ", applied first; apply it in a second run");
      Result.RefusedSites.push_back(&S);
      continue;
    }
    Result.AppliedSites.push_back(&S);
    for (const TextEdit &E : S.Edits)
      if (!AlreadyAccepted(E))
        Accepted.push_back({E, static_cast<unsigned>(Accepted.size())});
  }
  if (!AnySelected) {
    Result.Outcome = ApplyResult::NoMatch;
    return Result;
  }
  if (Result.AppliedSites.empty()) {
    Result.Outcome = ApplyResult::NotApplicable;
    return Result;
  }
  std::stable_sort(Accepted.begin(), Accepted.end(), [](const auto &A, const auto &B) {
    if (A.first.Offset != B.first.Offset)
      return A.first.Offset < B.first.Offset;
    // At one offset: insertions before replacements, then in site order.
    if ((A.first.Length == 0) != (B.first.Length == 0))
      return A.first.Length == 0;
    return A.second < B.second;
  });
  std::string Out;
  unsigned Pos = 0;
  for (const auto &[E, Key] : Accepted) {
    if (E.Offset < Pos || E.Offset + E.Length > Original.size()) {
      Result.Outcome = ApplyResult::FailedAfterChange;
      Result.Failure = "overlapping or out-of-range edits at offset " + std::to_string(E.Offset) +
                       " (a rewrite produced inconsistent edits within one site)";
      return Result;
    }
    Out += Original.slice(Pos, E.Offset);
    Out += E.Text;
    Pos = E.Offset + E.Length;
  }
  Out += Original.substr(Pos);
  Result.Text = std::move(Out);
  Result.Outcome = ApplyResult::Applied;
  return Result;
}

} // namespace klineage
