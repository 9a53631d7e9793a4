import { request, writeMessage } from '../client.ts';
import { decodeLine, ReadTimeoutError } from '../line-reader.ts';
import { ARRIVAL_TIMEOUT_MS, explain, type Lesson, withFaultyServer } from './lesson.ts';

export const prettyJson = {
  name: 'pretty-json',
  title: 'Pretty-printed, multi-line JSON',
  pitfall: 'The server indents its JSON: every real newline in it ends a "message", and none of them parses.',
  async run(ctx) {
    const { result, exit } = await withFaultyServer(ctx, 'pretty', async ({ server, reader }) => {
      writeMessage(server, request);
      const lines: string[] = [];
      // Collect what the reader hands out until it stays quiet for a moment.
      for (;;) {
        try {
          lines.push(decodeLine(await reader.readLine(lines.length === 0 ? ARRIVAL_TIMEOUT_MS : 200)));
        } catch (error) {
          if (error instanceof ReadTimeoutError) break;
          throw error;
        }
      }
      return lines.map((line) => ({ line, parses: parses(line) }));
    });
    ctx.say(`  The reader yielded ${result.length} "messages":`);
    for (const [index, { line, parses: ok }] of result.slice(0, 4).entries()) {
      const verdict = ok ? ctx.paint('green', 'JSON') : ctx.paint('red', 'not JSON');
      ctx.say(`    ${String(index + 1).padStart(2)}  ${JSON.stringify(line).padEnd(32)} ${verdict}`);
    }
    if (result.length > 4)
      ctx.say(ctx.paint('dim', `    … and ${result.length - 4} more, none of them JSON`));
    explain(
      ctx,
      'On stdio a newline byte is the end of a message, so a message may not contain one (the spec forbids it).',
      'JSON.stringify(value) without indentation never writes one: newlines inside strings become the two characters \\n.',
    );
    return { lines: result, exit };
  },
} satisfies Lesson;

function parses(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}
