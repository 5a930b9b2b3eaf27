//===- KernelServiceTest.cpp - Line edits, compile databases, buffers ----===//
#include "klineage/Service/KernelService.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace klineage;
using namespace klineage::service;

namespace {

/// \p Old with \p Edits applied (their ranges are of the old text, in order).
std::string applyEdits(llvm::StringRef Old, const std::vector<LineEdit> &Edits) {
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Old.split(Lines, '\n');
  std::string Out;
  unsigned Next = 0;
  auto Line = [&](unsigned I) { return Lines[I].str() + (I + 1 < Lines.size() ? "\n" : ""); };
  for (const LineEdit &E : Edits) {
    EXPECT_LE(Next, E.StartLine);
    EXPECT_LE(E.StartLine, E.EndLine);
    for (; Next < E.StartLine; ++Next)
      Out += Line(Next);
    Out += E.NewText;
    Next = E.EndLine;
  }
  for (; Next < Lines.size(); ++Next)
    Out += Line(Next);
  return Out;
}

TEST(LineEdits, NoneForTheSameText) { EXPECT_TRUE(lineEdits("a\nb\n", "a\nb\n").empty()); }

TEST(LineEdits, KeepFarApartChangesSeparate) {
  std::string Old = "k1\nx\nx\nx\nx\nx\nlaunch<<<g, b>>>\nend\n";
  std::string New = "k1 changed\nx\nx\nx\nx\nx\nlaunch<<<g / 4, b>>>\nend\n";
  auto E = lineEdits(Old, New);
  ASSERT_EQ(E.size(), 2u);
  EXPECT_EQ(E[0].StartLine, 0u);
  EXPECT_EQ(E[0].EndLine, 1u);
  EXPECT_EQ(E[0].NewText, "k1 changed\n");
  EXPECT_EQ(E[1].StartLine, 6u);
  EXPECT_EQ(applyEdits(Old, E), New);
}

TEST(LineEdits, InsertionsDeletionsAndNoFinalNewline) {
  for (auto [Old, New] : std::vector<std::pair<std::string, std::string>>{
           {"a\nb\nc", "a\n#pragma unroll\nb\nc"},
           {"a\nb\nc\n", "a\nc\n"},
           {"a\nb", "a\nb\n"},
           {"", "x\n"},
           {"x\ny\n", ""},
           {"a\nb\nc\nd\n", "d\nc\nb\na\n"}}) {
    auto E = lineEdits(Old, New);
    EXPECT_EQ(applyEdits(Old, E), New) << "from '" << Old << "' to '" << New << "'";
  }
}

TEST(CompilationDatabaseFor, FindsTheNearestDatabaseThatListsTheFile) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("kl-service", Dir));
  std::string Sub = (Dir + "/src/kernels").str();
  ASSERT_FALSE(llvm::sys::fs::create_directories(Sub));
  std::string File = Sub + "/k.cu";
  {
    std::error_code EC;
    llvm::raw_fd_ostream(File, EC) << "__global__ void k() {}\n";
    llvm::raw_fd_ostream((Dir + "/compile_commands.json").str(), EC)
        << "[{\"directory\": \"" << Sub << "\", \"file\": \"k.cu\", \"arguments\": [\"clang++\", \"-DTILE=32\", \"-c\", \"k.cu\"]}]\n";
  }
  std::string Found;
  auto DB = compilationDatabaseFor(File, Found);
  EXPECT_EQ(Found, (Dir + "/compile_commands.json").str());
  auto Cmds = DB->getCompileCommands(File);
  ASSERT_EQ(Cmds.size(), 1u);
  EXPECT_NE(std::find(Cmds[0].CommandLine.begin(), Cmds[0].CommandLine.end(), "-DTILE=32"),
            Cmds[0].CommandLine.end());
  // A file the database does not list gets its listed neighbour's flags
  // (clang's interpolation, as clangd does).
  std::string Other = Sub + "/other.cu";
  auto Near = compilationDatabaseFor(Other, Found);
  EXPECT_EQ(Found, (Dir + "/compile_commands.json").str());
  auto Guessed = Near->getCompileCommands(Other);
  ASSERT_EQ(Guessed.size(), 1u);
  EXPECT_NE(std::find(Guessed[0].CommandLine.begin(), Guessed[0].CommandLine.end(), "-DTILE=32"),
            Guessed[0].CommandLine.end());
  // Outside the database's tree: no database.
  llvm::SmallString<128> Elsewhere;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("kl-service-none", Elsewhere));
  compilationDatabaseFor((Elsewhere + "/k.cu").str(), Found);
  EXPECT_EQ(Found, "");
  llvm::sys::fs::remove_directories(Elsewhere);
  llvm::sys::fs::remove_directories(Dir);
}

TEST(KernelService, AppliesToTheBufferNotTheFile) {
  llvm::SmallString<128> Path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("kl-service", "cu", Path));
  const char *OnDisk = "__global__ void scale(float *x, int n) {\n"
                       "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                       "  if (i < n) x[i] *= 2.0f;\n"
                       "}\n";
  {
    std::error_code EC;
    llvm::raw_fd_ostream(Path, EC) << OnDisk;
  }
  // The buffer has a loop the file does not: loop-unroll finds it there.
  std::string Buffer = "__global__ void scale(float *x, int n) {\n"
                       "  for (int k = 0; k < 8; ++k)\n"
                       "    x[threadIdx.x * 8 + k] *= 2.0f;\n"
                       "}\n";
  auto SO = commandSessionOptions("", "", "", "sm_90", {});
  ASSERT_TRUE(bool(SO)) << llvm::toString(SO.takeError());
  ServiceOptions O;
  O.Session = std::move(*SO);
  KernelService Svc(std::move(O));
  RewriteRequest Req;
  Req.Rewrite = "loop-unroll";
  Req.Dir = Direction::Forward;
  auto R = Svc.apply(Path, llvm::StringRef(Buffer), Req);
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  EXPECT_EQ(R->Outcome, ApplyResult::Applied);
  EXPECT_EQ(applyEdits(Buffer, R->Edits), R->Text);
  EXPECT_NE(R->Text.find("#pragma unroll"), std::string::npos);
  auto OnFile = Svc.apply(Path, std::nullopt, Req);
  ASSERT_TRUE(bool(OnFile)) << llvm::toString(OnFile.takeError());
  EXPECT_EQ(OnFile->Outcome, ApplyResult::NoMatch);
  // Unknown rewrites and option values are errors that name what is allowed.
  Req.Rewrite = "no-such";
  auto Bad = Svc.apply(Path, llvm::StringRef(Buffer), Req);
  ASSERT_FALSE(bool(Bad));
  EXPECT_NE(llvm::toString(Bad.takeError()).find("known: "), std::string::npos);
  Req.Rewrite = "loop-unroll";
  Req.Options["unroll-factor"] = "1";
  Bad = Svc.apply(Path, llvm::StringRef(Buffer), Req);
  ASSERT_FALSE(bool(Bad));
  EXPECT_NE(llvm::toString(Bad.takeError()).find("unroll-factor"), std::string::npos);
  llvm::sys::fs::remove(Path);
}

} // namespace
