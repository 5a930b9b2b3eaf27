//===- Report.cpp - A lineage as a self-contained HTML page and as Markdown -===//
#include "klineage/Lineage/Report.h"
#include "klineage/Lineage/Lineage.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <vector>

using namespace llvm;

namespace klineage {
namespace lineage {

std::string htmlEscape(StringRef S) {
  std::string Out;
  Out.reserve(S.size());
  for (char C : S) {
    switch (C) {
    case '&': Out += "&amp;"; break;
    case '<': Out += "&lt;"; break;
    case '>': Out += "&gt;"; break;
    case '"': Out += "&quot;"; break;
    case '\'': Out += "&#39;"; break;
    default: Out += C;
    }
  }
  return Out;
}

namespace {

/// One kernel of the chain, as the report shows it.
struct Node {
  std::string File;
  double Ms = -1;
  std::string Ceiling; ///< "62% of copy bw", or empty
};

/// One step (an edge from node K-1 to node K).
struct Edge {
  const json::Object *Step = nullptr;
  std::string Rewrite;
  double Slowdown = -1;
  /// What the optimization is worth forwards: a reverse step's slowdown, a
  /// forward (optimizer) step's inverse; -1 unmeasured.
  double Worth = -1;
  /// The step's other candidates: "rewrite: verdict (stage)" lines.
  std::vector<std::string> Others;
};

std::string ceilingOf(const json::Object *Profile) {
  auto B = boundOf(Profile);
  if (!B)
    return "";
  return formatv(B->Kind == "compute" ? "{0:F0}% of FP32 peak" : "{0:F0}% of copy bw", B->Pct).str();
}

std::string fmtMs(double Ms) { return Ms > 0 ? formatv("{0:F4} ms", Ms).str() : "unmeasured"; }

std::string readText(StringRef Dir, StringRef Rel) {
  SmallString<256> P(Dir);
  sys::path::append(P, Rel);
  auto B = MemoryBuffer::getFile(P, /*IsText=*/true);
  return B ? (*B)->getBuffer().str() : std::string();
}

const char *Css = R"(body{font-family:system-ui,sans-serif;margin:2em;max-width:1100px;color:#222}
h1{font-size:1.4em}h2{font-size:1.2em;margin-top:2em}h3{font-size:1.05em}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left;font-size:.9em}
pre.diff{background:#f7f7f7;border:1px solid #ddd;padding:.5em;overflow-x:auto;font-size:.85em}
pre.diff .add{background:#e6ffec;display:block}pre.diff .del{background:#ffebe9;display:block}
pre.diff .hunk{color:#6639ba;display:block}.holds{color:#1a7f37}.fails{color:#cf222e}.unknown{color:#9a6700}
svg text{font-family:system-ui,sans-serif}.note{color:#555;font-size:.9em})";

} // namespace

Expected<Report> renderReport(const json::Object &Record, StringRef Dir) {
  if (!Record.getString("schema") || !Record.getArray("steps"))
    return createStringError(inconvertibleErrorCode(), "not a lineage record (no schema or steps)");
  const json::Array &Steps = *Record.getArray("steps");
  std::string Expert = sys::path::filename(Record.getString("expert").value_or("expert.cu")).str();
  std::string Workload = sys::path::filename(Record.getString("workload").value_or("")).str();
  bool Measured = Record.getBoolean("measured").value_or(false);
  std::string Gpu;
  if (const json::Object *G = Record.getObject("gpu"))
    Gpu = G->getString("name").value_or("").str();

  const bool Forward = Record.getString("direction").value_or("reverse") == "forward";
  const char *DirName = Forward ? "forward" : "reverse";
  std::vector<Node> Nodes;
  std::vector<Edge> Edges;
  Nodes.push_back({"0-expert.cu"});
  for (const json::Value &V : Steps) {
    const json::Object *S = V.getAsObject();
    if (!S)
      return createStringError(inconvertibleErrorCode(), "a step of the record is not an object");
    if (Edges.empty()) {
      Nodes[0].File = S->getString("from").value_or("0-expert.cu").str();
      Nodes[0].Ms = S->getNumber("before_ms").value_or(-1);
      Nodes[0].Ceiling = ceilingOf(S->getObject("before_profile"));
    }
    Node N{S->getString("to").value_or("?").str(), S->getNumber("after_ms").value_or(-1),
           ceilingOf(S->getObject("after_profile"))};
    Nodes.push_back(N);
    Edge E{S, S->getString("rewrite").value_or("?").str(), S->getNumber("slowdown").value_or(-1), -1, {}};
    if (E.Slowdown > 0)
      E.Worth = Forward ? 1.0 / E.Slowdown : E.Slowdown;
    std::string Chosen = (Twine(S->getInteger("step").value_or(0)) + "-" + E.Rewrite).str();
    if (const json::Array *Cs = S->getArray("candidates"))
      for (const json::Value &CV : *Cs) {
        const json::Object *C = CV.getAsObject();
        if (!C || C->getString("name").value_or("") == Chosen)
          continue;
        std::string L = C->getString("rewrite").value_or("?").str() + ": " +
                        C->getString("verdict").value_or("").str();
        if (auto St = C->getString("failed_stage"))
          L += " (" + St->str() + ")";
        else if (auto Sl = C->getNumber("slowdown"))
          L += formatv(" ({0:F3}x)", *Sl).str();
        E.Others.push_back(L);
      }
    Edges.push_back(std::move(E));
  }
  std::string Status = Record.getString("status").value_or("").str();
  std::string Summary =
      formatv("{0} steps; {1}; {2}{3}", Steps.size(),
              Status == "root" ? "root " + Record.getString("root").value_or("").str() + " (" +
                                     Record.getString("root_reason").value_or("").str() + ")"
                               : "status " + Status,
              Measured ? "measured" : "unmeasured", Gpu.empty() ? "" : " on " + Gpu)
          .str();

  // ---- SVG: the chain, expert on top, each step's other candidates beside its edge.
  std::string Svg;
  {
    raw_string_ostream OS(Svg);
    const int X = 20, W = 330, H = 50, SideX = 420, Line = 16;
    std::vector<int> Y = {20};
    for (const Edge &E : Edges)
      Y.push_back(Y.back() + H + std::max(70, int(E.Others.size()) * Line + 30));
    int Height = Y.back() + H + 20;
    OS << formatv("<svg id=\"lineage-graph\" xmlns=\"http://www.w3.org/2000/svg\" width=\"900\" height=\"{0}\" "
                  "viewBox=\"0 0 900 {0}\" role=\"img\" aria-label=\"lineage graph\">\n",
                  Height);
    OS << "<defs><marker id=\"arrow\" markerWidth=\"10\" markerHeight=\"8\" refX=\"9\" refY=\"4\" "
          "orient=\"auto\"><path d=\"M0,0 L10,4 L0,8 z\" fill=\"#555\"/></marker></defs>\n";
    for (size_t K = 0; K < Edges.size(); ++K) {
      const Edge &E = Edges[K];
      int Y0 = Y[K] + H, Y1 = Y[K + 1];
      OS << formatv("<g class=\"edge\" id=\"edge-{0}\"><line x1=\"{1}\" y1=\"{2}\" x2=\"{1}\" y2=\"{3}\" "
                    "stroke=\"#555\" stroke-width=\"2\" marker-end=\"url(#arrow)\"/>",
                    K + 1, X + W / 2, Y0, Y1 - 2);
      OS << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"13\">{2} ({4}){3}</text></g>\n", X + W / 2 + 10,
                    (Y0 + Y1) / 2 + 4, htmlEscape(E.Rewrite),
                    E.Slowdown > 0 ? formatv(" · {0:F3}x the time", E.Slowdown).str() : std::string(), DirName);
      if (!E.Others.empty()) {
        int BoxH = int(E.Others.size()) * Line + 10;
        int BoxY = (Y0 + Y1) / 2 - BoxH / 2;
        OS << formatv("<g class=\"others\" id=\"others-{0}\"><rect x=\"{1}\" y=\"{2}\" width=\"460\" height=\"{3}\" "
                      "rx=\"4\" fill=\"#fafafa\" stroke=\"#aaa\" stroke-dasharray=\"4 3\"/>",
                      K + 1, SideX, BoxY, BoxH);
        for (size_t L = 0; L < E.Others.size(); ++L)
          OS << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"11\" fill=\"#666\">{2}</text>", SideX + 8,
                        BoxY + 17 + int(L) * Line, htmlEscape(E.Others[L]));
        OS << "</g>\n";
      }
    }
    for (size_t K = 0; K < Nodes.size(); ++K) {
      const Node &N = Nodes[K];
      bool Root = K + 1 == Nodes.size() && Status == "root";
      const char *Fill = K == 0 ? "#ddf4ff" : Root ? "#fff8c5" : "#ffffff";
      OS << formatv("<g class=\"node\" id=\"node-{0}\"><rect x=\"{1}\" y=\"{2}\" width=\"{3}\" height=\"{4}\" "
                    "rx=\"6\" fill=\"{5}\" stroke=\"#333\"/>",
                    K, X, Y[K], W, H, Fill);
      OS << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"14\" font-weight=\"600\">{2}{3}</text>", X + 10,
                    Y[K] + 20, htmlEscape(N.File), K == 0 ? "  (expert)" : Root ? "  (root)" : "");
      OS << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"12\" fill=\"#444\">{2}{3}</text></g>\n", X + 10,
                    Y[K] + 39, fmtMs(N.Ms), N.Ceiling.empty() ? "" : " · " + htmlEscape(N.Ceiling));
    }
    OS << "</svg>\n";
  }

  // ---- SVG: the forward speedup of each step, read from the root up.
  std::string Chart;
  bool AnyMeasured = false;
  for (const Edge &E : Edges)
    AnyMeasured |= E.Slowdown > 0;
  if (AnyMeasured) {
    raw_string_ostream OS(Chart);
    const int Left = 260, BarH = 22, Gap = 8, Width = 520;
    double Max = 1.0;
    for (const Edge &E : Edges)
      if (E.Worth > 0)
        Max = std::max(Max, E.Worth);
    Max *= 1.1;
    int Height = int(Edges.size()) * (BarH + Gap) + 40;
    OS << formatv("<svg id=\"speedup-chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
                  "role=\"img\" aria-label=\"forward speedup per step\">\n",
                  Left + Width + 80, Height);
    int One = Left + int(Width / Max);
    int Row = 0;
    for (size_t K = Edges.size(); K-- > 0; ++Row) {
      const Edge &E = Edges[K];
      int Yb = 10 + Row * (BarH + Gap);
      OS << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"12\" text-anchor=\"end\">{2}. {3}</text>", Left - 8,
                    Yb + 15, Row + 1, htmlEscape(E.Rewrite));
      if (E.Worth > 0) {
        double S = E.Worth;
        int Wb = std::max(1, int(Width * S / Max));
        OS << formatv("<rect class=\"bar\" id=\"bar-{0}\" x=\"{1}\" y=\"{2}\" width=\"{3}\" height=\"{4}\" "
                      "fill=\"{5}\"/><text x=\"{6}\" y=\"{7}\" font-size=\"12\">{8:F3}x</text>\n",
                      K + 1, Left, Yb, Wb, BarH, S >= 1.0 ? "#2da44e" : "#cf222e", Left + Wb + 6, Yb + 15, S);
      } else {
        OS << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"12\" fill=\"#888\">unmeasured</text>\n", Left + 6,
                      Yb + 15);
      }
    }
    OS << formatv("<line x1=\"{0}\" y1=\"4\" x2=\"{0}\" y2=\"{1}\" stroke=\"#333\" stroke-dasharray=\"3 3\"/>"
                  "<text x=\"{0}\" y=\"{2}\" font-size=\"11\" text-anchor=\"middle\">1.0x</text>\n",
                  One, Height - 24, Height - 8);
    OS << "</svg>\n";
  }

  // ---- HTML and Markdown together, step by step.
  Report R;
  raw_string_ostream H(R.Html), M(R.Markdown);
  std::string Title = "Lineage of " + Expert + (Workload.empty() ? "" : " (" + Workload + ")");
  H << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" << htmlEscape(Title)
    << "</title>\n<style>" << Css << "</style></head><body>\n<h1>" << htmlEscape(Title) << "</h1>\n<p class=\"note\">"
    << htmlEscape(Summary) << ". Policy " << htmlEscape(Record.getString("policy").value_or("")) << ", stages "
    << htmlEscape(Record.getString("stages").value_or("")) << ".";
  if (auto Why = Record.getString("unmeasured_reason"))
    H << " Unmeasured: " << htmlEscape(*Why) << ".";
  H << "</p>\n<h2>Graph</h2>\n<p class=\"note\">Top: the expert; each arrow a reverse step the gate accepted "
       "(the time of the simpler kernel over the time of the one before, measured in one gate run); dashed "
       "boxes: the step's other candidates.</p>\n"
    << Svg;
  M << "# " << Title << "\n\n" << Summary << ". Policy " << Record.getString("policy").value_or("") << ", stages "
    << Record.getString("stages").value_or("") << ".";
  if (auto Why = Record.getString("unmeasured_reason"))
    M << " Unmeasured: " << *Why << ".";
  M << "\n\n| node | kernel | time | of the ceiling |\n|---|---|---|---|\n";
  for (size_t K = 0; K < Nodes.size(); ++K)
    M << "| " << K << " | `" << Nodes[K].File << "` | " << fmtMs(Nodes[K].Ms) << " | "
      << (Nodes[K].Ceiling.empty() ? "-" : Nodes[K].Ceiling) << " |\n";

  H << "<h2>Forward speedup of each step</h2>\n";
  if (AnyMeasured)
    H << "<p class=\"note\">Read from the root up: step 1 is the first optimization applied to the root. "
         "A bar is the time before the optimization over the time after it.</p>\n"
      << Chart;
  else
    H << "<p class=\"note\">No step was measured (a walk without a GPU).</p>\n";
  M << "\n## Steps (" << DirName << ")\n\n| step | rewrite | sites | before | after | x the time | forward speedup | other "
       "candidates |\n|---|---|---|---|---|---|---|---|\n";
  for (const Edge &E : Edges) {
    const json::Object &S = *E.Step;
    const json::Array *Sites = S.getArray("sites");
    M << "| " << S.getInteger("step").value_or(0) << " | " << E.Rewrite << " | " << (Sites ? Sites->size() : 0)
      << " | " << fmtMs(S.getNumber("before_ms").value_or(-1)) << " | "
      << fmtMs(S.getNumber("after_ms").value_or(-1)) << " | "
      << (E.Slowdown > 0 ? formatv("{0:F3}", E.Slowdown).str() : "-") << " | "
      << (E.Worth > 0 ? formatv("{0:F3}x", E.Worth).str() : "-") << " | "
      << (E.Others.empty() ? "-" : join(E.Others, "; ")) << " |\n";
  }

  H << "<h2>Steps</h2>\n";
  for (const Edge &E : Edges) {
    const json::Object &S = *E.Step;
    int64_t N = S.getInteger("step").value_or(0);
    std::string Head = formatv("Step {0}: {1} ({4}), {2} -> {3}", N, E.Rewrite,
                               S.getString("from").value_or(""), S.getString("to").value_or(""), DirName)
                           .str();
    H << "<h3 id=\"step-" << N << "\">" << htmlEscape(Head) << "</h3>\n<p>" << htmlEscape(S.getString("verdict").value_or(""));
    M << "\n### " << Head << "\n\n" << S.getString("verdict").value_or("");
    if (E.Slowdown > 0) {
      std::string T = formatv(": {0} -> {1}, {2:F3}x the time (the optimization is worth {3:F3}x)",
                              fmtMs(S.getNumber("before_ms").value_or(-1)), fmtMs(S.getNumber("after_ms").value_or(-1)),
                              E.Slowdown, E.Worth)
                      .str();
      // A walk resumed on another machine: its times are that GPU's.
      if (std::optional<StringRef> G = S.getString("gpu"); G && *G != Gpu)
        T += formatv(" (measured on {0})", *G).str();
      H << htmlEscape(T);
      M << T;
    }
    H << "</p>\n";
    M << "\n\n";
    if (const json::Array *Sites = S.getArray("sites"))
      for (const json::Value &SV : *Sites) {
        const json::Object *Site = SV.getAsObject();
        if (!Site)
          continue;
        std::string Where = formatv("line {0} in {1}: {2}", Site->getInteger("line").value_or(0),
                                    Site->getString("function").value_or(""), Site->getString("summary").value_or(""))
                                .str();
        H << "<p><b>Site</b> " << htmlEscape(Where) << "</p>\n<table><tr><th>precondition</th><th>verdict</th><th>"
             "reason</th></tr>\n";
        M << "- Site " << Where << "\n";
        if (const json::Array *Ps = Site->getArray("preconditions"))
          for (const json::Value &PV : *Ps) {
            const json::Object *P = PV.getAsObject();
            if (!P)
              continue;
            std::string St = P->getString("status").value_or("").str();
            H << "<tr><td>" << htmlEscape(P->getString("name").value_or("")) << "</td><td class=\"" << htmlEscape(St)
              << "\">" << htmlEscape(St) << "</td><td>" << htmlEscape(P->getString("reason").value_or(""))
              << "</td></tr>\n";
            M << "  - " << St << " `" << P->getString("name").value_or("") << "`: " << P->getString("reason").value_or("")
              << "\n";
          }
        H << "</table>\n";
      }
    std::string Diff = readText(Dir, S.getString("diff").value_or(""));
    H << "<pre class=\"diff\">";
    SmallVector<StringRef, 64> Lines;
    StringRef(Diff).split(Lines, '\n');
    for (StringRef L : Lines) {
      if (L.empty())
        continue;
      const char *Cls = L.starts_with("@@") ? "hunk" : L.starts_with("+") ? "add" : L.starts_with("-") ? "del" : nullptr;
      if (Cls)
        H << "<span class=\"" << Cls << "\">" << htmlEscape(L) << "</span>";
      else
        H << htmlEscape(L) << "\n";
    }
    H << "</pre>\n";
    M << "\n```diff\n" << Diff << (StringRef(Diff).ends_with("\n") || Diff.empty() ? "" : "\n") << "```\n";
  }
  if (Status == "root") {
    H << "<h2>Root</h2>\n<p>" << htmlEscape(Record.getString("root").value_or("")) << ": "
      << htmlEscape(Record.getString("root_reason").value_or("")) << ".</p>\n";
    M << "\n## Root\n\n`" << Record.getString("root").value_or("") << "`: " << Record.getString("root_reason").value_or("")
      << ".\n";
    if (const json::Array *Tried = Record.getArray("root_tried")) {
      H << "<table><tr><th>rewrite</th><th>sites</th><th>why not</th></tr>\n";
      for (const json::Value &TV : *Tried) {
        const json::Object *T = TV.getAsObject();
        if (!T || !T->getInteger("sites").value_or(0))
          continue;
        std::string Why = T->getString("blocked_by").value_or(T->getString("not_built").value_or("")).str();
        H << "<tr><td>" << htmlEscape(T->getString("rewrite").value_or("")) << "</td><td>"
          << T->getInteger("sites").value_or(0) << "</td><td>" << htmlEscape(Why) << "</td></tr>\n";
        M << "- " << T->getString("rewrite").value_or("") << " (" << T->getInteger("sites").value_or(0)
          << " sites): " << Why << "\n";
      }
      H << "</table>\n";
    }
  }
  // --policy breadth: every accepted branch (the chain above is one path).
  if (const json::Array *Edges = Record.getArray("edges")) {
    const json::Array *NodesJ = Record.getArray("nodes");
    const json::Array *Roots = Record.getArray("roots");
    std::string Head = formatv("{0} kernels expanded, {1} accepted reverse steps, {2} root(s)",
                               NodesJ ? NodesJ->size() : 0, Edges->size(), Roots ? Roots->size() : 0)
                           .str();
    H << "<h2>Every accepted branch (DAG)</h2>\n<p class=\"note\">" << htmlEscape(Head)
      << ". A kernel reached by two orders is one node.</p>\n<table><tr><th>from</th><th>rewrite</th><th>to</th>"
         "<th>x the time</th><th>diff</th></tr>\n";
    M << "\n## Every accepted branch (DAG)\n\n" << Head
      << ". A kernel reached by two orders is one node.\n\n| from | rewrite | to | x the time | diff |\n|---|---|---|---|---|\n";
    for (const json::Value &EV : *Edges) {
      const json::Object *E = EV.getAsObject();
      if (!E)
        continue;
      double X = E->getNumber("slowdown").value_or(0);
      std::string Ratio = X > 0 ? formatv("{0:F3}", X).str() : "unmeasured";
      StringRef From = E->getString("from").value_or(""), To = E->getString("to").value_or("");
      StringRef Rw = E->getString("rewrite").value_or(""), Diff = E->getString("diff").value_or("");
      H << "<tr><td>" << htmlEscape(From) << "</td><td>" << htmlEscape(Rw) << "</td><td>" << htmlEscape(To)
        << "</td><td>" << Ratio << "</td><td>" << htmlEscape(Diff) << "</td></tr>\n";
      M << "| `" << From << "` | " << Rw << " | `" << To << "` | " << Ratio << " | `" << Diff << "` |\n";
    }
    H << "</table>\n";
    if (Roots) {
      std::vector<std::string> Rs;
      for (const json::Value &V : *Roots)
        Rs.push_back(V.getAsString().value_or("").str());
      H << "<p>Roots: " << htmlEscape(join(Rs, ", ")) << ".</p>\n";
      M << "\nRoots: " << join(Rs, ", ") << ".\n";
    }
  }
  H << "</body></html>\n";
  return R;
}

} // namespace lineage
} // namespace klineage
