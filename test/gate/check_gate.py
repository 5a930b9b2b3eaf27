#!/usr/bin/env python3
"""Runs `klineage gate` on a candidate and checks the verdict its header expects.

A candidate states what the gate must decide in its first comment lines:
    // GATE-EXPECT: accepted
    // GATE-EXPECT: rejected stage=correctness reason="were not written"
    // GATE-ARGS: --sanitize memcheck            (optional extra gate arguments)
    // GATE-WORKLOAD: m.yaml                     (optional; relative to the candidate)
`reason` is a Python regular expression searched in the reported reason.
A candidate's GATE-WORKLOAD takes precedence over --workload.

One candidate (lit):  check_gate.py KLINEAGE CAND.cu [--workload M.yaml] [gate args...]
Whole suite (GPU):    check_gate.py KLINEAGE --suite DIR [--workload M.yaml] --out OUTDIR
                      runs every *.cu in DIR, writes OUTDIR/<name>.json, OUTDIR/summary.json
                      and OUTDIR/summary.md, and exits 1 if any expectation failed.
Exit 0 when the gate decided as expected. Without a GPU, a candidate expected to
be rejected at a runtime stage is an error here: lit marks such tests REQUIRES: gpu.
"""
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

EXPECT_RE = re.compile(r'//\s*GATE-EXPECT:\s*(accepted|rejected)(?:\s+stage=(\w+))?(?:\s+reason="([^"]*)")?')
ARGS_RE = re.compile(r'//\s*GATE-ARGS:\s*(.*)$', re.M)
WORKLOAD_RE = re.compile(r'//\s*GATE-WORKLOAD:\s*(\S+)')
EXIT_CODES = {"accepted": 0, "rejected": 2}


def parse_expect(path):
    text = open(path).read()
    m = EXPECT_RE.search(text)
    if not m:
        raise SystemExit("%s: no '// GATE-EXPECT:' line" % path)
    extra = []
    for a in ARGS_RE.findall(text):
        extra += shlex.split(a)
    w = WORKLOAD_RE.search(text)
    workload = os.path.join(os.path.dirname(path), w.group(1)) if w else None
    return {"verdict": m.group(1), "stage": m.group(2), "reason": m.group(3)}, extra, workload


def run_one(klineage, cand, workload, gate_args, json_path):
    exp, extra, own = parse_expect(cand)
    workload = own or workload
    if not workload:
        raise SystemExit("%s: no '// GATE-WORKLOAD:' line and no --workload" % cand)
    cmd = [klineage, "gate", cand, "--workload", workload, "--json", json_path] + extra + gate_args
    t0 = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.time() - t0
    res = {"candidate": os.path.basename(cand), "expected": exp, "exit_code": p.returncode,
           "wall_s": round(wall, 2), "command": " ".join(shlex.quote(c) for c in cmd)}
    problems = []
    try:
        rep = json.load(open(json_path))
        c = rep["candidates"][0]
        res.update(verdict=c.get("verdict"), stage=c.get("failed_stage"), reason=c.get("reason", ""))
    except Exception as e:  # noqa: BLE001
        rep = None
        problems.append("no JSON report (%s)" % e)
        res.update(verdict=None, stage=None, reason="")
    want_exit = EXIT_CODES[exp["verdict"]]
    if p.returncode != want_exit:
        problems.append("exit code %d, expected %d" % (p.returncode, want_exit))
    if rep is not None:
        if res["verdict"] != exp["verdict"]:
            problems.append("verdict %r, expected %r" % (res["verdict"], exp["verdict"]))
        if exp["stage"] and res["stage"] != exp["stage"]:
            problems.append("rejected at stage %r, expected %r" % (res["stage"], exp["stage"]))
        if exp["reason"] and not re.search(exp["reason"], res["reason"] or ""):
            problems.append("reason %r does not match /%s/" % (res["reason"], exp["reason"]))
    res["skipped"] = False
    if p.returncode == 3 and res["verdict"] == "compile-only" and (exp["verdict"] == "accepted" or
                                                                   exp["stage"] != "compile"):
        # No GPU: the runtime stage this candidate is about did not run.
        res["skipped"] = True
        problems = []
    res["ok"] = not problems
    res["problems"] = problems
    res["stdout"] = p.stdout[-4000:]
    res["stderr"] = p.stderr[-2000:]
    return res


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    klineage = argv[1]
    args = argv[2:]
    suite = out = workload = None
    cands, gate_args = [], []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--suite":
            suite = args[i + 1]; i += 2
        elif a == "--out":
            out = args[i + 1]; i += 2
        elif a == "--workload":
            workload = args[i + 1]; i += 2
        elif a.endswith(".cu") and not a.startswith("-"):
            cands.append(a); i += 1
        else:
            gate_args.append(a); i += 1
    if suite:
        cands = sorted(os.path.join(suite, f) for f in os.listdir(suite) if f.endswith(".cu"))
        only = os.environ.get("GATE_ONLY")
        if only:
            cands = [c for c in cands if re.search(only, os.path.basename(c))]
    out = out or tempfile.mkdtemp(prefix="check-gate-")
    os.makedirs(out, exist_ok=True)
    results = []
    for c in cands:
        name = os.path.splitext(os.path.basename(c))[0]
        r = run_one(klineage, c, workload, gate_args, os.path.join(out, name + ".json"))
        results.append(r)
        tag = "SKIP" if r["skipped"] else "PASS" if r["ok"] else "FAIL"
        print("%s: %-26s %-9s stage=%-12s %5.1fs  %s" % (tag, name, r["verdict"], r["stage"] or "-",
                                                      r["wall_s"], (r["reason"] or "")[:150]))
        if not r["ok"] and not r["skipped"]:
            print("  problems: " + "; ".join(r["problems"]))
            print("  command: " + r["command"])
            print(r["stdout"])
            print(r["stderr"])
        sys.stdout.flush()
    if suite:
        with open(os.path.join(out, "summary.json"), "w") as f:
            json.dump(results, f, indent=2)
        with open(os.path.join(out, "summary.md"), "w") as f:
            f.write("| candidate | expected | verdict | stage | reason | ok | wall s |\n|---|---|---|---|---|---|---|\n")
            for r in results:
                e = r["expected"]
                f.write("| %s | %s %s | %s | %s | %s | %s | %.1f |\n" % (
                    r["candidate"], e["verdict"], e["stage"] or "", r["verdict"], r["stage"] or "",
                    (r["reason"] or "").replace("|", "/")[:220], "yes" if r["ok"] else "**NO**", r["wall_s"]))
        n_ok = sum(r["ok"] and not r["skipped"] for r in results)
        n_skip = sum(r["skipped"] for r in results)
        print("%d/%d candidates decided as expected, %d skipped (runtime stages need a GPU)" % (
            n_ok, len(results), n_skip))
    if not suite and results and results[0]["skipped"]:
        print("check_gate.py: no GPU: the runtime stage under test did not run (mark the test REQUIRES: gpu)")
        return 1
    return 0 if all(r["ok"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
