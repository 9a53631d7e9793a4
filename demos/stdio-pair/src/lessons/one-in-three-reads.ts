import { readResponse, request, writeMessage } from '../client.ts';
import { ARRIVAL_TIMEOUT_MS, explain, type Lesson, withFaultyServer } from './lesson.ts';

export const oneInThreeReads = {
  name: 'one-in-three-reads',
  title: 'One message in three reads',
  pitfall:
    'A message can arrive in pieces: a client that parses each read as one JSON fails on the first piece.',
  async run(ctx) {
    const pieces: number[] = [];
    const { result, exit } = await withFaultyServer(ctx, 'three-writes', async ({ server, reader }) => {
      server.stdout.on('data', (chunk: Buffer) => {
        pieces.push(chunk.length);
        const complete = chunk.includes(0x0a);
        ctx.say(
          ctx.paint(
            'dim',
            `     reader holds ${pieces.reduce((a, b) => a + b)} bytes: ${complete ? 'a newline, one message is complete' : 'no newline yet, nothing to parse'}`,
          ),
        );
      });
      writeMessage(server, request);
      return readResponse(reader, request.id, ARRIVAL_TIMEOUT_MS);
    });
    explain(ctx, 'The reader keeps every piece until the newline arrives, then hands out one whole message.');
    return { pieces, id: result.id as number, exit };
  },
} satisfies Lesson;
