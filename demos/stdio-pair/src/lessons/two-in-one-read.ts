import { request } from '../client.ts';
import { decodeLine } from '../line-reader.ts';
import { ARRIVAL_TIMEOUT_MS, explain, type Lesson, withFaultyServer } from './lesson.ts';

export const twoInOneRead = {
  name: 'two-in-one-read',
  title: 'Two messages in one read',
  pitfall: 'One read() can hold two messages: a client that parses each read as one JSON fails.',
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
    ctx.say(
      `  ${chunks} read(s) on pipe B, ${result.ids.length} messages out of the reader: ids ${result.ids.join(' and ')}`,
    );
    explain(
      ctx,
      'JSON.parse on that read would fail at the second "{". Split at every 0x0A first, then parse each line.',
    );
    return { ...result, chunks, exit };
  },
} satisfies Lesson;
