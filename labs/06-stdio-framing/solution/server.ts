// 练习 6 · 一个按传输的要求给消息分帧的 stdio MCP 服务。
// Lab 6 · A stdio MCP server that frames its messages the way the transport requires.
import { answerToolsCall, decodeLine, readLines } from '@memos-kit/demo-stdio';

for await (const line of readLines(process.stdin)) {
  const response = answerToolsCall(JSON.parse(decodeLine(line)));
  // 日志写到 stderr：stdout 只传 MCP 消息，别的什么也不传。
  // Logs go to stderr: stdout carries MCP messages and nothing else.
  console.error('server: received tools/call');
  // 一条消息一行：紧凑的 JSON 里不会有原始换行，所以 0x0A 只能是消息的结尾。
  // 立刻写出，不攒着：stdin 还开着时，客户端就在等这一行。
  // One message, one line: compact JSON never contains a raw newline, so the 0x0A can only end the message.
  // Written at once, not corked: the client is waiting for this line while our stdin is still open.
  process.stdout.write(`${JSON.stringify(response)}\n`);
}
