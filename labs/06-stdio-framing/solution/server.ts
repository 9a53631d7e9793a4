// Lab 6 · A stdio MCP server that frames its messages the way the transport requires.
import { answerToolsCall, decodeLine, readLines } from '@memos-kit/demo-stdio';

for await (const line of readLines(process.stdin)) {
  const response = answerToolsCall(JSON.parse(decodeLine(line)));
  // Logs go to stderr: stdout carries MCP messages and nothing else.
  console.error('server: received tools/call');
  // One message, one line: compact JSON never contains a raw newline, so the 0x0A can only end the message.
  // Written at once, not corked: the client is waiting for this line while our stdin is still open.
  process.stdout.write(`${JSON.stringify(response)}\n`);
}
