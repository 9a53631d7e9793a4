// Lab 6 · A stdio MCP server with three framing mistakes. Its business is the article's (one tool, fixed
// data); only how it reads and writes its pipes is wrong. Fix it until `pnpm lab 6` passes.
import { answerToolsCall, decodeLine, readLines } from '@memos-kit/demo-stdio';

// "Faster": keep every write in this process and send them all at once at the end.
process.stdout.cork();

for await (const line of readLines(process.stdin)) {
  const response = answerToolsCall(JSON.parse(decodeLine(line)));
  console.log('server: received tools/call');
  // Pretty output is easier to read in a terminal.
  process.stdout.write(`${JSON.stringify(response, null, 2)}\n`);
}

process.stdout.uncork();
