import { readResponse, request, writeMessage } from '../client.ts';
import { ARRIVAL_TIMEOUT_MS, explain, type Lesson, note, withFaultyServer } from './lesson.ts';

export const oneInThreeReads = {
  name: 'one-in-three-reads',
  title: 'oneInThreeTitle',
  summary: 'oneInThreePitfall',
  async run(ctx) {
    const pieces: number[] = [];
    const { result, exit } = await withFaultyServer(ctx, 'three-writes', async ({ server, reader }) => {
      server.stdout.on('data', (chunk: Buffer) => {
        pieces.push(chunk.length);
        const complete = chunk.includes(0x0a);
        const count = pieces.reduce((a, b) => a + b);
        note(ctx, ctx.say(complete ? 'oneInThreeComplete' : 'oneInThreePartial', { count }), 5);
      });
      writeMessage(server, request);
      return readResponse(reader, request.id, ARRIVAL_TIMEOUT_MS);
    });
    explain(ctx, 'oneInThreeKeeps');
    return { pieces, id: result.id as number, exit };
  },
} satisfies Lesson;
