import { request, writeMessage } from '../client.ts';
import { decodeLine, ReadTimeoutError } from '../line-reader.ts';
import { ARRIVAL_TIMEOUT_MS, explain, type Lesson, note, withFaultyServer } from './lesson.ts';

export const prettyJson = {
  name: 'pretty-json',
  title: 'prettyJsonTitle',
  summary: 'prettyJsonPitfall',
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
    ctx.printer.line(`  ${ctx.say('prettyJsonYielded', { count: result.length })}`);
    for (const [index, { line, parses: ok }] of result.slice(0, 4).entries()) {
      const verdict = ok
        ? ctx.printer.paint('ok', ctx.say('prettyJsonIsJson'))
        : ctx.printer.paint('fail', ctx.say('prettyJsonNotJson'));
      ctx.printer.line(`    ${String(index + 1).padStart(2)}  ${JSON.stringify(line).padEnd(32)} ${verdict}`);
    }
    if (result.length > 4) note(ctx, ctx.say('prettyJsonMore', { count: result.length - 4 }), 4);
    explain(ctx, 'prettyJsonNewline', 'prettyJsonStringify');
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
