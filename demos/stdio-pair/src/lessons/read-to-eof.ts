import type { Readable } from 'node:stream';
import { request, writeMessage } from '../client.ts';
import { ReadTimeoutError } from '../line-reader.ts';
import { ARRIVAL_TIMEOUT_MS, expectTimeout, explain, type Lesson, mark, note, withServer } from './lesson.ts';

export const readToEof = {
  name: 'read-to-eof',
  title: 'readToEofTitle',
  summary: 'readToEofPitfall',
  async run(ctx) {
    const { result, exit } = await withServer(ctx, {}, async ({ server, logged }) => {
      const all = readToEnd(server.stdout);
      writeMessage(server, request);
      await logged('server: received tools/call');
      const first = await expectTimeout(ctx, all.within(ctx.timeoutMs));
      const arrivedWhileWaiting = all.received();
      note(ctx, ctx.say('readToEofAlready', { count: all.received() }));
      server.stdin.end();
      const bytes = await all.within(ARRIVAL_TIMEOUT_MS);
      mark(ctx, ctx.say('readToEofReturns', { count: bytes.length }), '!');
      return { timedOut: first instanceof ReadTimeoutError, arrivedWhileWaiting, bytes: bytes.length };
    });
    explain(ctx, 'readToEofOpen', 'readToEofByLine');
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
          setTimeout(() => reject(new ReadTimeoutError(ms, received(), 'open', received())), ms).unref();
        }),
      ]),
  };
}
