import { readResponse, request, writeMessage } from '../client.ts';
import { ARRIVAL_TIMEOUT_MS, explain, failed, type Lesson, withFaultyServer } from './lesson.ts';

export const logOnStdout = {
  name: 'log-on-stdout',
  title: 'logOnStdoutTitle',
  summary: 'logOnStdoutPitfall',
  async run(ctx) {
    const { result, exit } = await withFaultyServer(ctx, 'log-on-stdout', async ({ server, reader }) => {
      writeMessage(server, request);
      try {
        await readResponse(reader, request.id, ARRIVAL_TIMEOUT_MS);
        return { error: undefined };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // The parser's own words (V8's) are shown as they are: they come from the program, not from us.
        failed(ctx, ctx.say('logOnStdoutCannotParse'), message);
        return { error: message };
      }
    });
    explain(ctx, 'logOnStdoutChannel', 'logOnStdoutStderr');
    return { ...result, exit };
  },
} satisfies Lesson;
