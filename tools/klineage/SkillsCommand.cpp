//===- SkillsCommand.cpp - `klineage skills`: the driver over lib/Skills ---===//
//
//   klineage skills extract LINEAGE_DIR -o SKILLS_ROOT [--commit C]
//   klineage skills check SKILL.yaml KERNEL.cu [--assume FACTS]
//   klineage skills validate SKILL.yaml...
//   klineage skills probe SKILL.yaml KERNEL.cu --workload M.yaml [--update | -o OUT.yaml]
//                   [--stages compile|all] [--work-dir D] [--assume FACTS] [gate flags]
//
// Exit: extract 0 written; check 0 the card's conditions hold at a site,
// 2 they hold nowhere (each site says why), 3 no site of the rewrite;
// validate 0 every card loads; probe 0 (the card written); 1 usage or bad
// input everywhere.
//
//===----------------------------------------------------------------------===//
#include "ArgReader.h"
#include "RewriteRegistry.h"
#include "klineage/Lineage/Lineage.h"
#include "klineage/Skills/Skills.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace klineage;

static void skillsUsage(raw_ostream &OS) {
  OS << "usage: klineage skills extract LINEAGE_DIR -o SKILLS_ROOT [--commit C]\n"
        "       klineage skills check SKILL.yaml KERNEL.cu [--assume FACTS] [--cuda-path D] [--resource-dir D]\n"
        "       klineage skills validate SKILL.yaml...\n"
        "       klineage skills probe SKILL.yaml KERNEL.cu [--workload M.yaml] [--update | -o OUT.yaml]\n"
        "       klineage skills probe SKILL.yaml KERNEL.cu... [--update | -o OUT.yaml]  (nvcc only, no workload)\n"
        "                 [--stages compile|all] [--work-dir D] [--arch SM] [--nvcc P] [--cache-dir D] [--no-gpu]\n"
        "extract writes one card per step of the lineage (SKILLS_ROOT/<rewrite>/<workload>-step<N>.yaml);\n"
        "check says, per site of KERNEL.cu, whether the card's conditions hold there; probe forces the\n"
        "rewrite where each unprobed risk's precondition fails in KERNEL.cu and records the gate's verdict\n"
        "(docs/skills.md).\n";
}

static const RewritePair *lookup(StringRef Name) { return findRewrite(Name); }

int skillsMain(int Argc, char **Argv, const char *Argv0) {
  if (Argc < 1 || !strcmp(Argv[0], "-h") || !strcmp(Argv[0], "--help")) {
    skillsUsage(Argc < 1 ? errs() : outs());
    return Argc < 1 ? 1 : 0;
  }
  std::string Sub = Argv[0];
  std::vector<std::string> Pos, AssumeFacts;
  std::string OutRoot, Commit = "unknown", CudaPath, ResourceDir, Arch = "sm_90";
  std::string Workload, Stages = "all", WorkDir;
  std::vector<std::string> GateArgs;
  bool Update = false;
  ArgReader Args(Argc - 1, Argv + 1, "klineage skills");
  while (Args.next()) {
    const std::string A = Args.arg();
    auto Next = [&](std::string &Dst) { return Args.value(Dst); };
    auto Is = [&](const char *Name) { return Args.is(Name); };
    std::string V;
    if (A == "-o") {
      if (!Next(OutRoot)) return 1;
    } else if (Is("--commit")) {
      if (!Next(Commit)) return 1;
    } else if (Is("--assume")) {
      if (!Next(V)) return 1;
      AssumeFacts.push_back(V);
    } else if (Is("--cuda-path")) {
      if (!Next(CudaPath)) return 1;
    } else if (Is("--resource-dir")) {
      if (!Next(ResourceDir)) return 1;
    } else if (Is("--arch")) {
      if (!Next(Arch)) return 1;
    } else if (Is("--workload")) {
      if (!Next(Workload)) return 1;
    } else if (Is("--stages")) {
      if (!Next(Stages)) return 1;
      if (Stages != "compile" && Stages != "all") {
        errs() << "klineage skills: error: --stages must be compile or all, not '" << Stages << "'\n";
        return 1;
      }
    } else if (Is("--work-dir")) {
      if (!Next(WorkDir)) return 1;
    } else if (Is("--nvcc") || Is("--cache-dir")) {
      std::string Flag = A.substr(0, A.find('='));
      if (!Next(V)) return 1;
      GateArgs.insert(GateArgs.end(), {Flag, V});
    } else if (A == "--no-gpu") {
      GateArgs.push_back("--no-gpu");
    } else if (A == "--update") {
      Update = true;
    } else if (!A.empty() && A[0] == '-') {
      errs() << "klineage skills: error: unknown option '" << A << "'\n";
      return 1;
    } else {
      Pos.push_back(A);
    }
  }

  if (Sub == "validate") {
    if (Pos.empty()) {
      errs() << "klineage skills: error: no card given\n";
      return 1;
    }
    int Rc = 0;
    for (const std::string &P : Pos) {
      auto C = skills::loadSkillCard(P);
      if (!C) {
        errs() << toString(C.takeError()) << "\n";
        Rc = 1;
        continue;
      }
      if (!findRewrite(C->Rewrite)) {
        errs() << P << ": error: unknown rewrite '" << C->Rewrite << "'\n";
        Rc = 1;
        continue;
      }
      outs() << P << ": ok (" << C->Id << ")\n";
    }
    return Rc;
  }

  clang::tooling::FixedCompilationDatabase DB(".", {});
  auto SO = commandSessionOptions(Argv0, CudaPath, ResourceDir, Arch, AssumeFacts);
  if (!SO) {
    errs() << "klineage skills: error: " << toString(SO.takeError()) << "\n";
    return 1;
  }

  if (Sub == "extract") {
    if (Pos.size() != 1 || OutRoot.empty()) {
      errs() << "klineage skills: error: extract needs one LINEAGE_DIR and -o SKILLS_ROOT\n";
      return 1;
    }
    auto Record = lineage::loadRecord(Pos[0]);
    if (!Record) {
      errs() << "klineage skills: error: " << toString(Record.takeError()) << "\n";
      return 1;
    }
    // The conditions are read under the facts the walk had (its --assume and
    // the workload's facts, listed in the record), and the reassociation it
    // was allowed.
    if (const json::Array *A = Record->getArray("assumptions")) {
      for (const json::Value &F : *A)
        if (auto Fact = F.getAsString())
          AssumeFacts.push_back(Fact->str());
      SO = commandSessionOptions(Argv0, CudaPath, ResourceDir, Arch, AssumeFacts);
      if (!SO) {
        errs() << "klineage skills: error: " << Pos[0] << "/lineage.json: " << toString(SO.takeError()) << "\n";
        return 1;
      }
    }
    if (auto Why = Record->getString("reassociation"); Why && !SO->Assume.reassociate())
      SO->Assume.allowReassociation(Why->str());
    Session S(DB, std::move(*SO));
    auto Cards = skills::extractSkills(*Record, Pos[0], S, lookup, Commit, errs());
    if (!Cards) {
      errs() << "klineage skills: error: " << Pos[0] << "/lineage.json: " << toString(Cards.takeError()) << "\n";
      return 1;
    }
    for (const skills::SkillCard &C : *Cards) {
      std::string Path = skills::cardPath(OutRoot, C);
      if (std::error_code EC = sys::fs::create_directories(sys::path::parent_path(Path))) {
        errs() << "klineage skills: error: cannot create " << sys::path::parent_path(Path) << ": " << EC.message()
               << "\n";
        return 1;
      }
      if (Error E = writeFilesAtomically({{Path, skills::emitSkillCard(C)}})) {
        errs() << "klineage skills: error: " << toString(std::move(E)) << "\n";
        return 1;
      }
      outs() << "wrote " << Path << " (" << C.Id << ", "
             << (C.Measured ? formatv("{0:F3}x", C.Speedup).str() : std::string("unmeasured")) << ")\n";
    }
    return 0;
  }

  if (Sub == "check") {
    if (Pos.size() != 2) {
      errs() << "klineage skills: error: check needs SKILL.yaml and KERNEL.cu\n";
      return 1;
    }
    auto C = skills::loadSkillCard(Pos[0]);
    if (!C) {
      errs() << toString(C.takeError()) << "\n";
      return 1;
    }
    if (!sys::fs::exists(Pos[1])) {
      errs() << "klineage skills: error: no such file: " << Pos[1] << "\n";
      return 1;
    }
    Session S(DB, std::move(*SO));
    if (Error E = S.open(Pos[1])) {
      errs() << Pos[1] << ": error: cannot parse: " << toString(std::move(E)) << "\n";
      return 1;
    }
    auto Verdicts = skills::checkSkill(*C, S, lookup);
    if (!Verdicts) {
      errs() << "klineage skills: error: " << toString(Verdicts.takeError()) << "\n";
      return 1;
    }
    if (Verdicts->empty()) {
      outs() << Pos[1] << ": no " << C->Rewrite << " (" << C->Direction << ") site: skill '" << C->Id
             << "' does not apply\n";
      return 3;
    }
    bool Any = false;
    for (const skills::SkillVerdict &V : *Verdicts) {
      const Site &Si = *V.At;
      outs() << Si.File << ":" << Si.Line << ":" << Si.Column << ": " << statusName(V.St) << ": skill '" << C->Id
             << "' (" << C->Rewrite << " " << C->Direction << ") in " << Si.Function;
      if (V.St == Status::Holds) {
        outs() << ": every condition of the card holds\n";
        Any = true;
      } else {
        outs() << ": " << V.Precondition << ": " << V.Reason;
        if (V.St == Status::Unknown && !V.Assumable.empty())
          outs() << " (settle with --assume=" << V.Assumable << ")";
        outs() << "\n";
      }
    }
    if (!C->Context.empty()) {
      outs() << "context where it paid off (checked by the gate, not here):";
      for (const char *K : {"bound", "pct_copy_bw", "pct_fp32", "registers", "size"})
        if (C->Context.count(K))
          outs() << " " << K << "=" << C->Context.at(K);
      outs() << "\n";
    }
    return Any ? 0 : 2;
  }
  if (Sub == "probe") {
    if (Pos.size() < 2) {
      errs() << "klineage skills: error: probe needs SKILL.yaml and KERNEL.cu...\n";
      return 1;
    }
    if (!Workload.empty() && Pos.size() > 2) {
      errs() << "klineage skills: error: with --workload, probe one kernel (the workload's)\n";
      return 1;
    }
    if (Update && !OutRoot.empty()) {
      errs() << "klineage skills: error: --update and -o are exclusive\n";
      return 1;
    }
    auto C = skills::loadSkillCard(Pos[0]);
    if (!C) {
      errs() << toString(C.takeError()) << "\n";
      return 1;
    }
    for (size_t I = 1; I < Pos.size(); ++I)
      if (!sys::fs::exists(Pos[I])) {
        errs() << "klineage skills: error: no such file: " << Pos[I] << "\n";
        return 1;
      }
    if (!Workload.empty() && !sys::fs::exists(Workload)) {
      errs() << "klineage skills: error: no such file: " << Workload << "\n";
      return 1;
    }
    skills::ProbeOptions PO;
    PO.GateExe = sys::fs::getMainExecutable(Argv0, (void *)&skillsMain);
    if (!Workload.empty()) {
      SmallString<256> W(Workload);
      sys::fs::make_absolute(W);
      PO.Workload = std::string(W);
    }
    PO.Nvcc = SO->Frontend.CudaPath + "/bin/nvcc";
    if (const char *E = getenv("NVCC"))
      PO.Nvcc = E;
    PO.Stages = Stages;
    PO.GateArgs = GateArgs;
    PO.GateArgs.insert(PO.GateArgs.end(), {"--arch", Arch});
    if (WorkDir.empty()) {
      SmallString<256> T;
      if (std::error_code EC = sys::fs::createUniqueDirectory("klineage-probe", T)) {
        errs() << "klineage skills: error: cannot create a work folder: " << EC.message() << "\n";
        return 1;
      }
      WorkDir = std::string(T);
    }
    PO.WorkDir = WorkDir;
    Session S(DB, std::move(*SO));
    unsigned Total = 0;
    for (size_t I = 1; I < Pos.size(); ++I) {
      SmallString<256> K(Pos[I]);
      sys::fs::make_absolute(K);
      if (Error E = S.open(K)) {
        // One kernel of many (a pair's negative tests, some needing flags of
        // their own) is skipped; the one kernel asked for is an error.
        errs() << Pos[I] << ": " << (Pos.size() > 2 ? "warning" : "error") << ": cannot parse: "
               << toString(std::move(E)) << (Pos.size() > 2 ? "; skipped" : "") << "\n";
        if (Pos.size() > 2)
          continue;
        return 1;
      }
      // Each kernel's forced files in their own folder.
      skills::ProbeOptions One = PO;
      if (Pos.size() > 2)
        One.WorkDir = (Twine(PO.WorkDir) + "/" + sys::path::stem(Pos[I])).str();
      auto N = skills::probeSkill(*C, S, lookup, One, errs());
      if (!N) {
        errs() << "klineage skills: error: " << toString(N.takeError()) << "\n";
        return 1;
      }
      Total += *N;
    }
    std::string Text = skills::emitSkillCard(*C);
    std::string Dst = Update ? Pos[0] : OutRoot;
    errs() << "klineage skills: " << Total << " risk(s) probed in " << (Pos.size() - 1) << " kernel(s) (work folder "
           << WorkDir << ")\n";
    if (Dst.empty()) {
      outs() << Text;
      return 0;
    }
    if (Error E = writeFilesAtomically({{Dst, Text}})) {
      errs() << "klineage skills: error: " << toString(std::move(E)) << "\n";
      return 1;
    }
    outs() << "wrote " << Dst << "\n";
    return 0;
  }
  errs() << "klineage skills: error: unknown subcommand '" << Sub << "' (extract, check, validate, probe)\n";
  return 1;
}
