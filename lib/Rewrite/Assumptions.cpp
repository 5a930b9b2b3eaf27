//===- Assumptions.cpp ----------------------------------------------------===//
#include "klineage/Rewrite/Assumptions.h"
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
  for (const std::string &Joined : Specs) {
    SmallVector<StringRef, 4> Items;
    StringRef(Joined).split(Items, ',', -1, /*KeepEmpty=*/false);
    for (StringRef Item : Items) {
      Item = Item.trim();
      SmallVector<StringRef, 3> Parts;
      Item.split(Parts, ':');
      StringRef Kind = Parts[0];
      if (Kind == "all" && Parts.size() == 1) {
        A.AssumeAll = true;
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
      } else if (Kind == "aligned" || Kind == "multiple") {
        F.K = Kind == "aligned" ? Fact::Aligned : Fact::Multiple;
        if (Parts.size() != 3 || Parts[1].empty())
          return badFact(Item, "expected " + Kind + ":NAME:N");
        SetName(Parts[1]);
        if (Parts[2].getAsInteger(10, F.Value) || F.Value == 0)
          return badFact(Item, "'" + Parts[2] + "' is not a positive integer");
        if (F.K == Fact::Aligned && !isPowerOf2_32(F.Value))
          return badFact(Item, "alignment must be a power of two");
      } else {
        return badFact(Item, "unknown kind '" + Kind +
                                 "' (expected aligned, noalias, multiple or all)");
      }
      A.Facts.push_back(std::move(F));
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

std::vector<std::string> Assumptions::describe() const {
  std::vector<std::string> Out;
  for (const Fact &F : Facts) {
    std::string Name = F.Function.empty() ? F.Name : F.Function + "." + F.Name;
    switch (F.K) {
    case Fact::Aligned: Out.push_back("aligned:" + Name + ":" + std::to_string(F.Value)); break;
    case Fact::Multiple: Out.push_back("multiple:" + Name + ":" + std::to_string(F.Value)); break;
    case Fact::NoAlias: Out.push_back(Name.empty() ? "noalias" : "noalias:" + Name); break;
    }
  }
  if (AssumeAll)
    Out.push_back("all");
  return Out;
}

} // namespace klineage
