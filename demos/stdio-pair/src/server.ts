/**
 * The minimal stdio server: the TypeScript twin of the article's memo_stdio_demo.py.
 * Its stdin and stdout are pipes its parent (client.ts) set up; nobody types here.
 */
import { decodeLine, readLines } from './line-reader.ts';
import { answerToolsCall } from './memo-tool.ts';

try {
  // #region read-loop
  // One complete line is one message. The loop waits while no whole line has arrived,
  // and ends when the client closes our stdin (EOF).
  for await (const line of readLines(process.stdin)) {
    const request = JSON.parse(decodeLine(line));
    const response = answerToolsCall(request);

    // Logs go to stderr: stdout carries protocol messages and nothing else.
    process.stderr.write('server: received tools/call\n');

    // #region write-line
    // One line of UTF-8 and a real 0x0A. JSON.stringify never emits a raw newline (inside
    // strings it writes the two characters \n), so the 0x0A can only mean "end of message".
    process.stdout.write(`${JSON.stringify(response)}\n`);
    // No flush() here: Node keeps no buffer of its own in front of the pipe. write() hands the
    // bytes to the OS at once when the pipe has room, and queues the rest in the stream, which
    // the event loop keeps sending until they are gone, even after stdin has ended.
    // #endregion write-line
  }
  // #endregion read-loop
} catch (error) {
  // Like the Python original, a bad request ends the server. The reason goes to stderr,
  // where the client (and the person at the terminal) can see it.
  process.stderr.write(`server: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
