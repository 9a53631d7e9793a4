import { request } from '../client.ts';
import { ReadTimeoutError } from '../line-reader.ts';
import { expectTimeout, explain, type Lesson, withServer } from './lesson.ts';

export const noNewline = {
  name: 'no-newline',
  title: 'A message without its newline',
  pitfall: 'The client forgets the final \\n: the server never sees a complete message, and both sides wait.',
  async run(ctx) {
    const {
      result,
      exit,
      stderr: serverLog,
    } = await withServer(ctx, {}, async ({ server, reader, stderr }) => {
      server.stdin.write(JSON.stringify(request)); // the mistake: no `\n`
      const outcome = await expectTimeout(ctx, reader.readLine(ctx.timeoutMs));
      return { timedOut: outcome instanceof ReadTimeoutError, stderrBeforeEof: stderr() };
    });
    explain(
      ctx,
      'The bytes did reach the server, but its reader keeps them until a 0x0A says "this message is complete".',
      'Nothing was logged, so the server never even parsed the request.',
      'Only at EOF does it learn that the message will never be finished, and it gives up.',
    );
    return { ...result, serverLog, exit };
  },
} satisfies Lesson;
