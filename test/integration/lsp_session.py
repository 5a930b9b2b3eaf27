"""Speaks LSP framing to klineage-lsp for the protocol-level test
(lsp-protocol.test): sends the messages of a script, prints each message the
server sends, one JSON object per line, keys sorted, and the exit code.
  python3 lsp_session.py SERVER [ARGS...] < script.jsonl
Each script line that starts with '{' is a message; $URI and $TEXT in it
become the URI and the text of the file named by $LSP_FILE."""
import json
import os
import pathlib
import subprocess
import sys


def frame(obj):
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def main():
    path = pathlib.Path(os.environ["LSP_FILE"]).resolve()
    text = path.read_text()
    script = []
    for line in sys.stdin:
        if not line.startswith("{"):
            continue  # the test's RUN and CHECK lines
        line = line.replace("$URI", path.as_uri()).replace("$TEXT", json.dumps(text)[1:-1])
        script.append(json.loads(line))
    data = b"".join(frame(m) for m in script)
    proc = subprocess.run(sys.argv[1:], input=data, capture_output=True, timeout=300)
    out = proc.stdout
    while out:
        head, _, rest = out.partition(b"\r\n\r\n")
        length = int(head.split(b":")[1])
        print(json.dumps(json.loads(rest[:length]), sort_keys=True))
        out = rest[length:]
    print("exit", proc.returncode)
    sys.stderr.write(proc.stderr.decode(errors="replace"))


if __name__ == "__main__":
    main()
