// 练习 6 · 一个犯了三个分帧错误的 stdio MCP 服务。它的业务和文章的一样（一个工具，固定的数据）；
// 错的只是它怎样读写管道。把它修好，直到 `pnpm lab 6` 通过。
// Lab 6 · A stdio MCP server with three framing mistakes. Its business is the article's (one tool, fixed
// data); only how it reads and writes its pipes is wrong. Fix it until `pnpm lab 6` passes.
import { answerToolsCall, decodeLine, readLines } from '@memos-kit/demo-stdio';

// “更快”：先把每次写出都攒在进程里，最后一次性发出去。
// "Faster": keep every write in this process and send them all at once at the end.
process.stdout.cork();

for await (const line of readLines(process.stdin)) {
  const response = answerToolsCall(JSON.parse(decodeLine(line)));
  console.log('server: received tools/call');
  // 缩进排版的输出在终端里更好读。
  // Pretty output is easier to read in a terminal.
  process.stdout.write(`${JSON.stringify(response, null, 2)}\n`);
}

process.stdout.uncork();
