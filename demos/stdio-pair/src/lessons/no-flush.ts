import { readResponse, request, writeMessage } from '../client.ts';
import { ReadTimeoutError } from '../line-reader.ts';
import {
  ARRIVAL_TIMEOUT_MS,
  expectTimeout,
  explain,
  type Lesson,
  mark,
  note,
  withFaultyServer,
} from './lesson.ts';

export const noFlush = {
  name: 'no-flush',
  title: 'noFlushTitle',
  summary: 'noFlushPitfall',
  async run(ctx) {
    const { result, exit } = await withFaultyServer(ctx, 'buffered', async ({ server, reader, logged }) => {
      writeMessage(server, request);
      await logged('server: received tools/call');
      note(ctx, ctx.say('noFlushHandled'));
      const first = await expectTimeout(ctx, reader.readLine(ctx.timeoutMs));
      note(ctx, ctx.say('noFlushGivesUp'));
      server.stdin.end();
      const late = await readResponse(reader, request.id, ARRIVAL_TIMEOUT_MS);
      mark(ctx, ctx.say('noFlushLate', { id: String(late.id) }), '!');
      return { timedOut: first instanceof ReadTimeoutError, lateId: late.id as number };
    });
    explain(ctx, 'noFlushPython', 'noFlushNode', 'noFlushLayers');
    return { ...result, exit };
  },
} satisfies Lesson;
