import json
from pathlib import Path
import subprocess
import sys

request = {
    "jsonrpc": "2.0",
    "id": 6,
    "method": "tools/call",
    "params": {
        "name": "memo_list_memos",
        "arguments": {"pageSize": 1, "filter": 'visibility != "PRIVATE"'},
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {},
            "io.modelcontextprotocol/clientInfo": {
                "name": "memos-demo-client",
                "version": "1.0.0",
            },
        },
    },
}

# 以当前 Python 解释器启动子进程，两个 PIPE 建立双向通信所需的两条管道。
# 默认使用二进制模式，由代码明确处理 UTF-8 和 LF。
server = Path(__file__).with_name("memo_stdio_demo.py")
proc = subprocess.Popen(
    # 本套件改动 / kit change: `client.py -- COMMAND ARG...` starts that server instead of the one beside it.
    sys.argv[2:] if sys.argv[1:2] == ["--"] else [sys.executable, str(server)],
    stdin=subprocess.PIPE,
    stdout=subprocess.PIPE,
    # 继承父进程的 stderr；在终端运行本例时，Server 日志直接显示在终端。
    stderr=None,
)

try:
    payload = json.dumps(request, ensure_ascii=False, separators=(",", ":"))
    proc.stdin.write(payload.encode("utf-8") + b"\n")
    proc.stdin.flush()

    # 从子进程 stdout 所连接的管道读一行，而不是读取终端输入。
    line = proc.stdout.readline()
    if not line:
        raise RuntimeError("Server closed stdout before sending a response")
    if not line.endswith(b"\n"):
        raise RuntimeError("Server closed stdout with an incomplete message")
    response = json.loads(line.decode("utf-8"))
    if response.get("id") != request["id"]:
        raise RuntimeError("Unexpected response id")

    # Client 自己的 stdout 没有重定向到 Server，可以用来展示结果。
    print(json.dumps(response["result"]["structuredContent"]))
finally:
    # 本例不再发请求，关闭写端，让子进程读到 EOF 并结束循环。
    proc.stdin.close()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    proc.stdout.close()
