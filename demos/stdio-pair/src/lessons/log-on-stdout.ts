import { readResponse, request, writeMessage } from '../client.ts';
import { ARRIVAL_TIMEOUT_MS, explain, type Lesson, withFaultyServer } from './lesson.ts';

export const logOnStdout = {
  name: 'log-on-stdout',
  title: 'A log line on stdout',
  pitfall:
    'The server logs to stdout instead of stderr: the client reads the log line as a message and fails.',
  async run(ctx) {
    const { result, exit } = await withFaultyServer(ctx, 'log-on-stdout', async ({ server, reader }) => {
      writeMessage(server, request);
      try {
        await readResponse(reader, request.id, ARRIVAL_TIMEOUT_MS);
        return { error: undefined };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        ctx.say(`  ${ctx.paint('red', '✗ the client cannot parse the first line:')} ${message}`);
        return { error: message };
      }
    });
    explain(
      ctx,
      'stdout is the protocol channel: the spec says nothing but MCP messages may go there.',
      'Logs belong on stderr (fd 2), a separate pipe the client can show, keep or ignore.',
    );
    return { ...result, exit };
  },
} satisfies Lesson;
