/**
 * The minimal server with one deliberate mistake, chosen by the first argument.
 * Each mistake is a few lines; everything else is the real server's code.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { decodeLine, LineSplitter, readLines } from '../line-reader.ts';
import { answerToolsCall } from '../memo-tool.ts';
import { FAULTS } from './faults.ts';

const fault = process.argv[2];
const out = process.stdout;
// Like the real server: parse, answer, log on stderr (the lessons wait for that log line).
const answer = (line: Buffer) => {
  const response = answerToolsCall(JSON.parse(decodeLine(line)));
  process.stderr.write('server: received tools/call\n');
  return response;
};

switch (fault) {
  case 'pretty':
    // Indented JSON is easier to read, and every indent starts with a real newline byte.
    for await (const line of readLines(process.stdin)) {
      out.write(`${JSON.stringify(answer(line), null, 2)}\n`);
    }
    break;

  case 'buffered':
    // A buffered writer, like Python's sys.stdout.buffer: cork() keeps every write in this process
    // until uncork(), our "flush". We only flush at exit, as Python does for a program that forgets.
    out.cork();
    for await (const line of readLines(process.stdin)) {
      out.write(`${JSON.stringify(answer(line))}\n`);
    }
    out.uncork();
    break;

  case 'flush-once': {
    // Answers every request of one read, then flushes once: the responses leave in a single write.
    const splitter = new LineSplitter();
    for await (const chunk of process.stdin) {
      out.cork();
      for (const line of splitter.push(chunk)) out.write(`${JSON.stringify(answer(line))}\n`);
      out.uncork();
    }
    break;
  }

  case 'three-writes':
    // One message, written in three pieces with pauses: the client's reader gets three chunks.
    for await (const line of readLines(process.stdin)) {
      const bytes = Buffer.from(`${JSON.stringify(answer(line))}\n`);
      const cuts = [0, 90, 180, bytes.length];
      for (let i = 0; i < 3; i += 1) {
        out.write(bytes.subarray(cuts[i], cuts[i + 1]));
        if (i < 2) await sleep(300);
      }
    }
    break;

  case 'log-on-stdout':
    // The log line goes to the wrong stream: stdout, where the client expects only JSON-RPC.
    for await (const line of readLines(process.stdin)) {
      const response = answerToolsCall(JSON.parse(decodeLine(line)));
      out.write('server: received tools/call\n');
      out.write(`${JSON.stringify(response)}\n`);
    }
    break;

  default:
    process.stderr.write(
      `faulty-server: unknown fault ${JSON.stringify(fault)}; one of ${FAULTS.join(', ')}\n`,
    );
    process.exitCode = 2;
}
