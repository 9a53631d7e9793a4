import type { Readable } from 'node:stream';
import { request, writeMessage } from '../client.ts';
import { ReadTimeoutError } from '../line-reader.ts';
import { ARRIVAL_TIMEOUT_MS, expectTimeout, explain, type Lesson, withServer } from './lesson.ts';

export const readToEof = {
  name: 'read-to-eof',
  title: 'Reading to EOF instead of by line',
  pitfall:
    "The client reads until the end of stdout, like Python's read(): it hangs while the server is alive.",
  async run(ctx) {
    const { result, exit } = await withServer(ctx, {}, async ({ server, logged }) => {
      const all = readToEnd(server.stdout);
      writeMessage(server, request);
      await logged('server: received tools/call');
      const first = await expectTimeout(ctx, all.within(ctx.timeoutMs));
      const arrivedWhileWaiting = all.received();
      ctx.say(
        ctx.paint(
          'dim',
          `  … ${all.received()} bytes are already here, but EOF comes only when the server exits: closing stdin`,
        ),
      );
      server.stdin.end();
      const bytes = await all.within(ARRIVAL_TIMEOUT_MS);
      ctx.say(
        `  ${ctx.paint('yellow', '!')} read() returns ${bytes.length} bytes, after the server has gone`,
      );
      return { timedOut: first instanceof ReadTimeoutError, arrivedWhileWaiting, bytes: bytes.length };
    });
    explain(
      ctx,
      'A long-running server keeps stdout open for the next request, so "read everything" never ends.',
      'Read up to the next newline instead, and close stdin only when the conversation is over.',
    );
    return { ...result, exit };
  },
} satisfies Lesson;

/** The anti-pattern: collect the whole stream, finished only by EOF. */
function readToEnd(stream: Readable) {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve) => stream.once('end', () => resolve(Buffer.concat(chunks))));
  const received = () => chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  return {
    received,
    within: (ms: number) =>
      Promise.race([
        ended,
        new Promise<never>((_, reject) => {
          setTimeout(
            () =>
              reject(
                new ReadTimeoutError(
                  ms,
                  received(),
                  'EOF',
                  `${received()} bytes received, the stream still open`,
                ),
              ),
            ms,
          ).unref();
        }),
      ]),
  };
}
