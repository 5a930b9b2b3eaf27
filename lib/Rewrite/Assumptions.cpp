//===- Assumptions.cpp ----------------------------------------------------===//
#include "klineage/Rewrite/Assumptions.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace klineage {

static Error badFact(StringRef Spec, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "invalid --assume fact '" + Spec + "': " + Why);
}

Expected<Assumptions> Assumptions::parse(ArrayRef<std::string> Specs) {
  Assumptions A;
  // CUDA's limits on a block: 1024 threads, z at most 64.
  auto CheckShape = [](const Fact &F) -> Error {
    if (F.K != Fact::Block)
      return Error::success();
    uint64_t Threads = 1;
    for (uint64_t D : F.Dims)
      Threads *= D;
    std::string Spec = "block:" + (F.Function.empty() ? "" : F.Function + ":") +
                       join(map_range(F.Dims, [](uint64_t D) { return std::to_string(D); }), ",");
    if (Threads > 1024)
      return badFact(Spec, "a block has at most 1024 threads");
    if (F.Dims.size() == 3 && F.Dims[2] > 64)
      return badFact(Spec, "a block's z dimension is at most 64");
    return Error::success();
  };
  for (const std::string &Joined : Specs) {
    SmallVector<StringRef, 4> Items;
    StringRef(Joined).split(Items, ',', -1, /*KeepEmpty=*/false);
    // block:16,16 — the ',' that separates facts also separates dimensions:
    // a bare number continues the block or grid fact before it.
    Fact *Shape = nullptr;
    for (StringRef Item : Items) {
      Item = Item.trim();
      uint64_t Dim = 0;
      if (!Item.empty() && llvm::all_of(Item, isDigit)) {
        if (!Shape || Shape->Dims.size() == 3)
          return badFact(Item, "a bare number continues block:X or grid:X, which take at most three");
        if (Item.getAsInteger(10, Dim) || Dim == 0)
          return badFact(Item, "'" + Item + "' is not a positive integer");
        Shape->Dims.push_back(Dim);
        if (Error E = CheckShape(*Shape))
          return std::move(E);
        continue;
      }
      Shape = nullptr;
      SmallVector<StringRef, 3> Parts;
      Item.split(Parts, ':');
      StringRef Kind = Parts[0];
      if (Kind == "all" && Parts.size() == 1) {
        A.AssumeAll = true;
        continue;
      }
      if (Kind == "reassociate") {
        if (Parts.size() != 1)
          return badFact(Item, "reassociate takes no argument");
        A.Reassociate = true;
        continue;
      }
      Fact F;
      auto SetName = [&](StringRef Qualified) {
        auto [Fn, Name] = Qualified.rsplit('.');
        if (Name.empty()) { F.Name = Fn.str(); } else { F.Function = Fn.str(); F.Name = Name.str(); }
      };
      if (Kind == "noalias") {
        F.K = Fact::NoAlias;
        if (Parts.size() > 2)
          return badFact(Item, "expected noalias or noalias:NAME");
        if (Parts.size() == 2)
          SetName(Parts[1]);
      } else if (Kind == "aligned" || Kind == "multiple" || Kind == "bins") {
        F.K = Kind == "aligned" ? Fact::Aligned : Kind == "bins" ? Fact::Bins : Fact::Multiple;
        if (Parts.size() != 3 || Parts[1].empty())
          return badFact(Item, "expected " + Kind + ":NAME:N");
        SetName(Parts[1]);
        if (Parts[2].getAsInteger(10, F.Value) || F.Value == 0)
          return badFact(Item, "'" + Parts[2] + "' is not a positive integer");
        if (F.K == Fact::Aligned && !isPowerOf2_32(F.Value))
          return badFact(Item, "alignment must be a power of two");
      } else if (Kind == "max") {
        F.K = Fact::Max;
        if (Parts.size() != 3 || Parts[1].empty())
          return badFact(Item, "expected max:NAME:N");
        SetName(Parts[1]);
        if (Parts[2].getAsInteger(10, F.Bound))
          return badFact(Item, "'" + Parts[2] + "' is not a non-negative integer");
      } else if (Kind == "grid-edit-external") {
        F.K = Fact::GridEditExternal;
        if (Parts.size() > 2 || (Parts.size() == 2 && Parts[1].empty()))
          return badFact(Item, "expected grid-edit-external or grid-edit-external:KERNEL");
        if (Parts.size() == 2)
          F.Function = Parts[1].str();
      } else if (Kind == "block" || Kind == "grid") {
        F.K = Kind == "block" ? Fact::Block : Fact::Grid;
        if (Parts.size() < 2 || Parts.size() > 3 || (Parts.size() == 3 && Parts[1].empty()))
          return badFact(Item, "expected " + Kind + ":X[,Y,Z] or " + Kind + ":KERNEL:X[,Y,Z]");
        if (Parts.size() == 3)
          F.Function = Parts[1].str();
        if (Parts.back().getAsInteger(10, Dim) || Dim == 0)
          return badFact(Item, "'" + Parts.back() + "' is not a positive integer");
        F.Dims.push_back(Dim);
      } else {
        return badFact(Item, "unknown kind '" + Kind +
                                 "' (expected aligned, noalias, multiple, max, block, grid, bins, "
                                 "grid-edit-external, reassociate or all)");
      }
      A.Facts.push_back(std::move(F));
      if (A.Facts.back().K == Fact::Block || A.Facts.back().K == Fact::Grid) {
        Shape = &A.Facts.back();
        if (Error E = CheckShape(*Shape))
          return std::move(E);
      }
    }
  }
  return A;
}

bool Assumptions::matches(const Fact &F, StringRef Function, StringRef Name) const {
  if (!F.Function.empty() && F.Function != Function &&
      !Function.ends_with("::" + F.Function))
    return false;
  return F.Name.empty() || F.Name == Name;
}

std::optional<unsigned> Assumptions::alignment(StringRef Function, StringRef Name) const {
  std::optional<unsigned> Best;
  for (const Fact &F : Facts)
    if (F.K == Fact::Aligned && matches(F, Function, Name))
      Best = std::max(Best.value_or(0), F.Value);
  return Best;
}

bool Assumptions::noAlias(StringRef Function, StringRef Name) const {
  for (const Fact &F : Facts)
    if (F.K == Fact::NoAlias && matches(F, Function, Name))
      return true;
  return false;
}

bool Assumptions::multipleOf(StringRef Function, StringRef Name, unsigned N) const {
  for (const Fact &F : Facts)
    if (F.K == Fact::Multiple && matches(F, Function, Name) && F.Value % N == 0)
      return true;
  return false;
}

std::function<bool(const clang::VarDecl *, int64_t)> Assumptions::multiplesIn(const clang::FunctionDecl *Function) const {
  return [this, Fn = Function->getNameAsString()](const clang::VarDecl *V, int64_t N) {
    return multipleOf(Fn, V->getName(), unsigned(N));
  };
}

std::optional<uint64_t> Assumptions::maxValue(StringRef Function, StringRef Name) const {
  std::optional<uint64_t> Best;
  for (const Fact &F : Facts)
    if (F.K == Fact::Max && matches(F, Function, Name))
      Best = std::min(Best.value_or(F.Bound), F.Bound);
  return Best;
}

std::vector<std::optional<analysis::IntRange>>
Assumptions::parameterRanges(const clang::FunctionDecl *Function) const {
  std::vector<std::optional<analysis::IntRange>> Out;
  for (const clang::ParmVarDecl *P : Function->parameters()) {
    std::optional<analysis::IntRange> R;
    if (P->getType()->isIntegerType())
      if (std::optional<uint64_t> M = maxValue(Function->getName(), P->getName())) {
        R = analysis::IntRange::ofType(Function->getASTContext(), P->getType());
        if (uint64_t(R->Hi) > *M)
          R->Hi = int64_t(std::min<uint64_t>(*M, uint64_t(INT64_MAX)));
      }
    Out.push_back(R);
  }
  return Out;
}

bool Assumptions::gridEditExternal(StringRef Kernel) const {
  for (const Fact &F : Facts)
    if (F.K == Fact::GridEditExternal && (F.Function.empty() || F.Function == Kernel))
      return true;
  return false;
}

std::optional<unsigned> Assumptions::bins(StringRef Function, StringRef Name) const {
  std::optional<unsigned> Fewest;
  for (const Fact &F : Facts)
    if (F.K == Fact::Bins && matches(F, Function, Name))
      Fewest = std::min(Fewest.value_or(F.Value), F.Value);
  return Fewest;
}

std::optional<std::array<uint64_t, 3>> Assumptions::shape(Fact::Kind K, StringRef Kernel) const {
  std::optional<std::array<uint64_t, 3>> Any, Named;
  for (const Fact &F : Facts) {
    if (F.K != K || (!F.Function.empty() && F.Function != Kernel))
      continue;
    std::array<uint64_t, 3> D = {1, 1, 1};
    std::copy(F.Dims.begin(), F.Dims.end(), D.begin());
    (F.Function.empty() ? Any : Named) = D;
  }
  return Named ? Named : Any;
}

std::optional<std::array<uint64_t, 3>> Assumptions::block(StringRef Kernel) const {
  return shape(Fact::Block, Kernel);
}

std::optional<std::array<uint64_t, 3>> Assumptions::grid(StringRef Kernel) const {
  return shape(Fact::Grid, Kernel);
}

std::vector<std::string> Assumptions::describe() const {
  std::vector<std::string> Out;
  for (const Fact &F : Facts) {
    std::string Name = F.Function.empty() ? F.Name : F.Function + "." + F.Name;
    switch (F.K) {
    case Fact::Aligned: Out.push_back("aligned:" + Name + ":" + std::to_string(F.Value)); break;
    case Fact::Multiple: Out.push_back("multiple:" + Name + ":" + std::to_string(F.Value)); break;
    case Fact::Max: Out.push_back("max:" + Name + ":" + std::to_string(F.Bound)); break;
    case Fact::GridEditExternal:
      Out.push_back("grid-edit-external" + (F.Function.empty() ? "" : ":" + F.Function));
      break;
    case Fact::Bins: Out.push_back("bins:" + Name + ":" + std::to_string(F.Value)); break;
    case Fact::NoAlias: Out.push_back(Name.empty() ? "noalias" : "noalias:" + Name); break;
    case Fact::Block:
    case Fact::Grid:
      Out.push_back(std::string(F.K == Fact::Block ? "block:" : "grid:") +
                    (F.Function.empty() ? "" : F.Function + ":") +
                    join(map_range(F.Dims, [](uint64_t D) { return std::to_string(D); }), ","));
      break;
    }
  }
  if (Reassociate)
    Out.push_back("reassociate");
  if (AssumeAll)
    Out.push_back("all");
  return Out;
}

std::string Assumptions::reassociationSource() const {
  if (Reassociate)
    return "--assume=reassociate";
  if (AssumeAll)
    return "--assume=all";
  return ReassociationSource;
}

} // namespace klineage
