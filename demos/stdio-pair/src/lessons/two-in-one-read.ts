import { request } from '../client.ts';
import { decodeLine } from '../line-reader.ts';
import { ARRIVAL_TIMEOUT_MS, explain, type Lesson, mark, withFaultyServer } from './lesson.ts';

export const twoInOneRead = {
  name: 'two-in-one-read',
  title: 'twoInOneTitle',
  summary: 'twoInOnePitfall',
  async run(ctx) {
    let chunks = 0;
    const { result, exit } = await withFaultyServer(ctx, 'flush-once', async ({ server, reader }) => {
      server.stdout.on('data', () => {
        chunks += 1;
      });
      // Two requests, ids 6 and 7, in a single write; the server answers both and flushes once.
      const second = { ...request, id: 7 };
      server.stdin.write(`${JSON.stringify(request)}\n${JSON.stringify(second)}\n`);
      const first = decodeLine(await reader.readLine(ARRIVAL_TIMEOUT_MS));
      const next = decodeLine(await reader.readLine(ARRIVAL_TIMEOUT_MS));
      return { ids: [JSON.parse(first).id, JSON.parse(next).id] as number[] };
    });
    const [first = '', second = ''] = result.ids.map(String);
    mark(ctx, ctx.say('twoInOneSummary', { reads: chunks, messages: result.ids.length, first, second }));
    explain(ctx, 'twoInOneSplit');
    return { ...result, chunks, exit };
  },
} satisfies Lesson;
