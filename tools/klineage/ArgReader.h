//===- ArgReader.h - The option walk the klineage commands share ----------===//
#ifndef KLINEAGE_TOOLS_ARGREADER_H
#define KLINEAGE_TOOLS_ARGREADER_H

#include "llvm/Support/raw_ostream.h"
#include <string>

namespace klineage {

/// Walks a command's arguments: `--flag VALUE` and `--flag=VALUE` alike.
class ArgReader {
public:
  ArgReader(int Argc, char **Argv, const char *Command) : Argc(Argc), Argv(Argv), Command(Command) {}
  /// Moves to the next argument; false after the last.
  bool next() {
    if (++I >= Argc)
      return false;
    A = Argv[I];
    return true;
  }
  const std::string &arg() const { return A; }
  /// The current argument is \p Name, alone or as `Name=VALUE`.
  bool is(const char *Name) const { return A == Name || A.rfind(std::string(Name) + "=", 0) == 0; }
  /// The current option's value (after '=' or the next argument); reports
  /// "<command>: error: OPTION needs a value" when there is none.
  bool value(std::string &Dst) {
    size_t Eq = A.find('=');
    if (A.rfind("--", 0) == 0 && Eq != std::string::npos) {
      Dst = A.substr(Eq + 1);
      return true;
    }
    if (I + 1 >= Argc) {
      llvm::errs() << Command << ": error: " << A << " needs a value\n";
      return false;
    }
    Dst = Argv[++I];
    return true;
  }

private:
  int Argc;
  char **Argv;
  const char *Command;
  int I = -1;
  std::string A;
};

} // namespace klineage

#endif
