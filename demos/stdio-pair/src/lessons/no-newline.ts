import { request } from '../client.ts';
import { ReadTimeoutError } from '../line-reader.ts';
import { expectTimeout, explain, type Lesson, withServer } from './lesson.ts';

export const noNewline = {
  name: 'no-newline',
  title: 'noNewlineTitle',
  summary: 'noNewlinePitfall',
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
    explain(ctx, 'noNewlineReached', 'noNewlineNoLog', 'noNewlineEof');
    return { ...result, serverLog, exit };
  },
} satisfies Lesson;
