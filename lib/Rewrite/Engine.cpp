//===- Engine.cpp - Find, merge, select and apply sites -------------------===//
#include "klineage/Rewrite/Engine.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Frontend/CudaFrontend.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
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

/// Every instantiated definition of the templates of the user's code (the
/// traversal scope: main file and user headers), by pattern: the
/// instantiations one source location must be checked in.
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
      for (clang::Decl *D : Ctx.getTraversalScope())
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

/// Where a site's anchor text is written (valid while its parse lives).
static clang::SourceLocation anchorFileLoc(const clang::SourceManager &SM, const Site &S) {
  return SM.getFileLoc(clang::SourceLocation::getFromRawEncoding(S.AnchorLoc));
}

/// Completes each site's stable identity (the pair chose Kind): Header,
/// AnchorText and Ordinal, text that an edit elsewhere in the file does not
/// change.
static void describeSites(const clang::ASTContext &Ctx, std::vector<Site> &Sites) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  std::string MainDir =
      sys::path::parent_path(editFilePath(SM, SM.getLocForStartOfFile(SM.getMainFileID()))).str();
  std::map<std::tuple<std::string, std::string, std::string, std::string>, unsigned> Seen;
  for (Site &S : Sites) {
    clang::SourceLocation At = anchorFileLoc(SM, S);
    StringRef Buf = SM.getBufferData(SM.getFileID(At));
    if (!SM.isInMainFile(At))
      S.Header = relativePath(editFilePath(SM, At), MainDir);
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
    S.Ordinal = ++Seen[{S.Header, S.Function, S.Kind, S.AnchorText}];
  }
}

namespace {
/// The user files a run may list sites in and edit (SiteScope), with the
/// reason for each one it may not. Built once per findSites.
class FileScope {
public:
  FileScope(const clang::SourceManager &SM, const SiteScope &Scope) : SM(SM), Scope(Scope) {
    if (!Scope.HeaderFilter.empty())
      Filter.emplace(Scope.HeaderFilter);
    // Every entry of a user file into the translation unit: a header that
    // is entered twice (no include guard) holds text of two inclusions.
    std::map<const clang::FileEntry *, unsigned> Entries;
    std::map<const clang::FileEntry *, clang::SourceLocation> FirstLoc;
    for (unsigned I = 0, N = SM.local_sloc_entry_size(); I < N; ++I) {
      const clang::SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
      if (!E.isFile())
        continue;
      clang::OptionalFileEntryRef Entry = E.getFile().getContentCache().OrigEntry;
      const clang::FileEntry *FE = Entry ? &Entry->getFileEntry() : nullptr;
      clang::SourceLocation Start = clang::SourceLocation::getFromRawEncoding(E.getOffset());
      if (!FE || !isUserCode(sourceOrigin(SM, Start)))
        continue;
      if (!Entries[FE]++)
        FirstLoc[FE] = Start;
    }
    for (const auto &[FE, Count] : Entries) {
      clang::SourceLocation Start = FirstLoc[FE];
      Files[editFilePath(SM, Start)] = {SM.isInMainFile(Start), Count, SM.getFilename(Start).str()};
    }
  }

  /// Whether sites anchored at the file location \p Loc are listed at all.
  /// A header another policy keeps out is hidden; one included twice is
  /// listed and refused (its edits are).
  bool lists(clang::SourceLocation Loc) const {
    auto It = Files.find(editFilePath(SM, Loc));
    return It != Files.end() && !filteredOut(It->second);
  }
  /// Why this run may not edit \p File (a TextEdit::File), or nullopt; the
  /// reason reads after "it would edit ".
  std::optional<std::string> whyNot(StringRef File) const {
    auto It = Files.find(File.str());
    if (It == Files.end())
      return "'" + File.str() + "', which is not part of the user's code";
    const Entry &F = It->second;
    if (F.Main)
      return std::nullopt;
    if (Scope.MainFileOnly)
      return "header '" + F.Name + "', and --main-file-only keeps this run to the main file";
    if (filteredOut(F))
      return "header '" + F.Name + "', which --header-filter='" + Scope.HeaderFilter +
             "' does not match";
    if (F.Inclusions > 1)
      return "header '" + F.Name + "', which is included " + std::to_string(F.Inclusions) +
             " times in this translation unit (no include guard): one edit of its text would "
             "change every inclusion";
    return std::nullopt;
  }

private:
  struct Entry {
    bool Main = false;
    unsigned Inclusions = 0;
    std::string Name; ///< as the source manager names it (what the filter matches)
  };
  bool filteredOut(const Entry &F) const {
    return !F.Main && (Scope.MainFileOnly || !Filter || !Filter->match(F.Name));
  }
  const clang::SourceManager &SM;
  const SiteScope &Scope;
  std::optional<llvm::Regex> Filter;
  std::map<std::string, Entry> Files;
};

/// Refuses \p S (precondition source-rewritable fails, no edit kept) when
/// one of its edits changes a file this run may not edit.
void checkEditedFiles(Site &S, const FileScope &Scope) {
  for (const TextEdit &E : S.Edits) {
    std::optional<std::string> Why = Scope.whyNot(E.File);
    if (!Why)
      continue;
    std::string Reason = "it would edit " + *Why;
    auto It = std::find_if(S.Preconditions.begin(), S.Preconditions.end(),
                           [](const PreconditionResult &P) { return P.Name == SourceRewritable; });
    if (It == S.Preconditions.end())
      S.addPrecondition(SourceRewritable, Status::Fails, Reason);
    else
      *It = {SourceRewritable, Status::Fails, Reason, "", {}};
    S.Edits.clear();
    return;
  }
}
} // namespace

std::vector<Site> findSites(const RewritePair &R, Direction D, clang::ASTContext &Ctx,
                            const Assumptions &Assume, const RewriteOptions &Options,
                            const SiteScope &Scope) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  FileScope Files(SM, Scope);
  AnalysisContext AC(Ctx, Assume, Options);
  R.findSites(D, AC);
  // One group per anchor: the instantiations of one statement. Keyed by the
  // anchor's file location (main file first, then headers in the order they
  // are entered; offsets within each) and its exact location.
  std::map<std::pair<unsigned, unsigned>, std::vector<Site>> ByAnchor;
  for (Site &S : AC.takeSites()) {
    clang::SourceLocation At = anchorFileLoc(SM, S);
    if (!S.File.empty() && Files.lists(At))
      ByAnchor[{At.getRawEncoding(), S.AnchorLoc}].push_back(std::move(S));
  }
  std::vector<Site> Out;
  InstantiationIndex Index(Ctx);
  for (auto &[Anchor, Group] : ByAnchor)
    Out.push_back(mergeInstantiations(Group, Ctx, Index));
  for (Site &S : Out) {
    S.FoundIn = nullptr; // the AST may not outlive the sites
    checkEditedFiles(S, Files);
  }
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
  if (A.File != B.File)
    return false;
  unsigned AEnd = A.Offset + A.Length, BEnd = B.Offset + B.Length;
  if (A.Length == 0 && B.Length == 0)
    return false; // two insertions: both kept, in site order
  if (A.Length == 0)
    return A.Offset > B.Offset && A.Offset < BEnd;
  if (B.Length == 0)
    return B.Offset > A.Offset && B.Offset < AEnd;
  return A.Offset < BEnd && B.Offset < AEnd;
}

ApplyResult applySites(OriginalText Original, std::vector<Site> &Sites, ArrayRef<unsigned> Only,
                       bool AllowUnknown, bool Force) {
  ApplyResult Result;
  std::vector<std::pair<TextEdit, unsigned>> Accepted; // edit, order key
  bool AnySelected = false;
  for (Site &S : Sites) {
    if (!Only.empty() && !is_contained(Only, S.Id))
      continue;
    AnySelected = true;
    if (Force ? S.Edits.empty() : !S.applicable(AllowUnknown)) {
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
    if (A.first.File != B.first.File)
      return A.first.File < B.first.File;
    if (A.first.Offset != B.first.Offset)
      return A.first.Offset < B.first.Offset;
    // At one offset: insertions before replacements, then in site order.
    if ((A.first.Length == 0) != (B.first.Length == 0))
      return A.first.Length == 0;
    return A.second < B.second;
  });
  // Each file's edits, in order, over its original text.
  for (size_t I = 0; I < Accepted.size();) {
    const std::string &File = Accepted[I].first.File;
    std::optional<StringRef> Text = Original(File);
    if (!Text) {
      Result.Outcome = ApplyResult::FailedAfterChange;
      Result.Failure = "an edit names '" + File + "', which is not part of this parse";
      Result.Texts.clear();
      return Result;
    }
    std::string Out;
    unsigned Pos = 0;
    for (; I < Accepted.size() && Accepted[I].first.File == File; ++I) {
      const TextEdit &E = Accepted[I].first;
      if (E.Offset < Pos || E.Offset + E.Length > Text->size()) {
        Result.Outcome = ApplyResult::FailedAfterChange;
        Result.Failure = "overlapping or out-of-range edits at offset " + std::to_string(E.Offset) +
                         " (a rewrite produced inconsistent edits within one site)";
        Result.Texts.clear();
        return Result;
      }
      Out += Text->slice(Pos, E.Offset);
      Out += E.Text;
      Pos = E.Offset + E.Length;
    }
    Out += Text->substr(Pos);
    Result.Texts[File] = std::move(Out);
  }
  Result.Outcome = ApplyResult::Applied;
  return Result;
}

} // namespace klineage
