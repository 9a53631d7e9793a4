import json
import sys

# 逐行读取自己的标准输入；本例中，它已经连接到父进程的管道。
# 暂时没有完整一行时会等待，读到 EOF 后循环结束。
for line in sys.stdin.buffer:
    request = json.loads(line.decode("utf-8"))

    # 演示程序只处理约定的这一个工具，不访问真实 Memos。
    if (request["method"] != "tools/call"
            or request["params"]["name"] != "memo_list_memos"):
        raise ValueError("This demo only handles memo_list_memos")

    # 日志写入 stderr，不能污染 stdout 中的协议消息。
    print("server: received tools/call", file=sys.stderr, flush=True)
    data = {"memos": []}
    response = {
        "jsonrpc": "2.0",
        "id": request["id"],
        "result": {
            "resultType": "complete",
            "content": [{"type": "text", "text": json.dumps(data)}],
            "structuredContent": data,
            "_meta": {
                "io.modelcontextprotocol/serverInfo": {
                    "name": "memos-example-adapter",
                    "version": "1.0.0",
                },
            },
        },
    }

    # 先得到一整行 UTF-8 字节；末尾 b"\n" 才是真实的消息分隔符。
    payload = json.dumps(response, ensure_ascii=False, separators=(",", ":"))
    sys.stdout.buffer.write(payload.encode("utf-8") + b"\n")
    # 把 Python 缓冲区里的数据提交给底层管道，让父进程及时读到。
    sys.stdout.buffer.flush()
