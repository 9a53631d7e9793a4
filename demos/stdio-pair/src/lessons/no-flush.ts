import { readResponse, request, writeMessage } from '../client.ts';
import { ReadTimeoutError } from '../line-reader.ts';
import { ARRIVAL_TIMEOUT_MS, expectTimeout, explain, type Lesson, withFaultyServer } from './lesson.ts';

export const noFlush = {
  name: 'no-flush',
  title: 'A missing flush',
  pitfall:
    'The server writes into a buffer and never flushes: the response stays in its memory while the client waits.',
  async run(ctx) {
    const { result, exit } = await withFaultyServer(ctx, 'buffered', async ({ server, reader, logged }) => {
      writeMessage(server, request);
      await logged('server: received tools/call');
      ctx.say(
        ctx.paint('dim', '  … the server has handled the request (see its log), yet pipe B stays empty'),
      );
      const first = await expectTimeout(ctx, reader.readLine(ctx.timeoutMs));
      ctx.say(
        ctx.paint(
          'dim',
          '  … the client gives up and closes stdin; the server ends and flushes on its way out',
        ),
      );
      server.stdin.end();
      const late = await readResponse(reader, request.id, ARRIVAL_TIMEOUT_MS);
      ctx.say(
        `  ${ctx.paint('yellow', '!')} the response (id ${late.id}) arrives now, after the client stopped waiting for it`,
      );
      return { timedOut: first instanceof ReadTimeoutError, lateId: late.id as number };
    });
    explain(
      ctx,
      "Python's sys.stdout.buffer is a BufferedWriter: bytes stay in the process until flush() or until 8 KiB pile up.",
      'Node has no flush(): process.stdout.write() hands the bytes to the OS at once when the pipe has room, and otherwise queues them and keeps sending from the event loop. The buffer here is ours: cork() until uncork().',
      'Any layer that buffers (a cork, a logging library, C stdio on a pipe) needs its flush after every message.',
    );
    return { ...result, exit };
  },
} satisfies Lesson;
