//===- Compile.cpp - ptxas resource parsing and PTX summaries -------------===//
#include "klineage/Gate/Gate.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace klineage {
namespace gate {

std::vector<KernelResources> parsePtxasInfo(StringRef Stderr) {
  std::vector<KernelResources> Out;
  // ptxas info    : Compiling entry function '_Z4axpyifPKfPf' for 'sm_90'
  // ptxas info    : Function properties for _Z4axpyifPKfPf
  //     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
  // ptxas info    : Used 10 registers, used 1 barriers, 256 bytes cumulative stack size, 4096 bytes smem, 380 bytes cmem[0]
  Regex EntryRe("Compiling entry function '([^']+)'");
  Regex PropsRe("Function properties for ([^ \t]+)");
  Regex FrameRe("([0-9]+) bytes stack frame, ([0-9]+) bytes spill stores, ([0-9]+) bytes spill loads");
  Regex UsedRe("Used ([0-9]+) registers");
  Regex BarRe("used ([0-9]+) barriers");
  Regex CumRe("([0-9]+) bytes cumulative stack size");
  Regex SmemRe("([0-9]+) bytes smem");
  KernelResources *Cur = nullptr;
  std::string PropsFor;
  SmallVector<StringRef, 4> Lines;
  Stderr.split(Lines, '\n');
  auto Find = [&](StringRef Name) -> KernelResources * {
    for (auto &K : Out)
      if (K.Name == Name)
        return &K;
    return nullptr;
  };
  for (StringRef L : Lines) {
    SmallVector<StringRef, 4> G;
    if (EntryRe.match(L, &G)) {
      KernelResources K;
      K.Name = G[1].str();
      K.Demangled = demangle(K.Name);
      Out.push_back(K);
      Cur = &Out.back();
      PropsFor.clear();
      continue;
    }
    if (PropsRe.match(L, &G)) {
      PropsFor = G[1].str();
      continue;
    }
    if (FrameRe.match(L, &G)) {
      KernelResources *K = PropsFor.empty() ? Cur : Find(PropsFor);
      if (K) {
        K->StackFrame = std::stoll(G[1].str());
        K->SpillStores = std::stoll(G[2].str());
        K->SpillLoads = std::stoll(G[3].str());
      }
      continue;
    }
    if (UsedRe.match(L, &G) && Cur) {
      Cur->Registers = std::stoi(G[1].str());
      if (BarRe.match(L, &G))
        Cur->Barriers = std::stoi(G[1].str());
      if (CumRe.match(L, &G))
        Cur->CumulativeStack = std::stoll(G[1].str());
      if (SmemRe.match(L, &G))
        Cur->Smem = std::stoll(G[1].str());
    }
  }
  return Out;
}

std::map<std::string, std::map<std::string, int64_t>> summarizePtx(StringRef Ptx) {
  std::map<std::string, std::map<std::string, int64_t>> Out;
  std::string Kernel = "(none)";
  SmallVector<StringRef, 64> Lines;
  Ptx.split(Lines, '\n');
  Regex EntryRe("^[ \t]*(\\.visible[ \t]+|\\.weak[ \t]+)?\\.entry[ \t]+([A-Za-z0-9_$.]+)");
  for (StringRef L : Lines) {
    SmallVector<StringRef, 3> G;
    if (EntryRe.match(L, &G)) {
      Kernel = G[2].str();
      Out[Kernel]; // present even with no memory instructions
      continue;
    }
    StringRef T = L.trim();
    if (T.empty() || T.starts_with("//") || T.starts_with("."))
      continue;
    if (T.starts_with("@")) { // predicate
      size_t Sp = T.find_first_of(" \t");
      if (Sp == StringRef::npos)
        continue;
      T = T.substr(Sp).trim();
    }
    StringRef Op = T.take_until([](char C) { return C == ' ' || C == '\t' || C == ';'; });
    auto Bump = [&](const std::string &Key) {
      Out[Kernel][Key]++;
      Out["(total)"][Key]++;
    };
    auto Width = [&](StringRef O) -> std::string {
      if (O.contains(".v8")) return "v8";
      if (O.contains(".v4")) return "v4";
      if (O.contains(".v2")) return "v2";
      return "v1";
    };
    if (Op.starts_with("ld.") || Op.starts_with("st.")) {
      std::string Kind = Op.substr(0, 2).str();
      std::string Space;
      if (Op.contains(".global")) Space = "global";
      else if (Op.contains(".shared")) Space = "shared";
      else if (Op.contains(".local")) Space = "local";
      else if (Op.contains(".param")) continue;
      else if (Op.contains(".const")) Space = "const";
      else Space = "generic";
      std::string Key = Kind + "." + Space;
      if (Op.contains(".nc")) Key += ".nc";
      Bump(Key + "." + Width(Op));
      Bump(Key);
    } else if (Op.starts_with("ldg.")) {
      Bump("ld.global.nc." + Width(Op));
      Bump("ld.global.nc");
    } else if (Op.starts_with("cp.async.bulk")) {
      Bump("cp.async.bulk");
    } else if (Op.starts_with("cp.async")) {
      if (Op.starts_with("cp.async.commit_group") || Op.starts_with("cp.async.wait"))
        Bump("cp.async.sync");
      else
        Bump("cp.async");
    } else if (Op.starts_with("shfl")) {
      Bump("shfl");
    } else if (Op.starts_with("bar.") || Op.starts_with("barrier.")) {
      Bump("bar");
    } else if (Op.starts_with("atom.") || Op.starts_with("red.")) {
      Bump(Op.contains(".shared") ? "atom.shared" : Op.contains(".global") ? "atom.global" : "atom");
    } else if (Op.starts_with("ldmatrix")) {
      Bump("ldmatrix");
    } else if (Op.starts_with("mma.") || Op.starts_with("wgmma.")) {
      Bump(Op.starts_with("wgmma") ? "wgmma" : "mma");
    } else if (Op.starts_with("fma.rn.f32")) {
      Bump("fma.f32");
    }
  }
  return Out;
}

} // namespace gate
} // namespace klineage
