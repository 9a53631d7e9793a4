import { loadFixture } from '@memos-kit/wire';
import { readResponse, request, writeMessage } from '../client.ts';
import { ARTICLE_SERVER, spawnPython } from '../python.ts';
import { pythonDumps } from '../python-json.ts';
import { ARRIVAL_TIMEOUT_MS, explain, failed, type Lesson, mark, withProcess } from './lesson.ts';
import { bytesOn, compareWithFixture, pythonOrSay, shownCommand } from './python-pair.ts';

/** What a client built on an MCP library asks first: the article's server/discover (id 1). */
const discover = loadFixture('server-discover').request?.json;

/**
 * The kit's TypeScript client (client.ts: its write, its line reader, its checks) against the article's
 * memo_stdio_demo.py as the article gives it; then the same server asked what a library client asks first.
 */
export const pythonServer = {
  name: 'python-server',
  title: 'pyServerTitle',
  summary: 'pyServerSummary',
  async run(ctx) {
    const python = pythonOrSay(ctx);
    if (!python) return { python: false as const };
    const { printer, say } = ctx;
    mark(ctx, say('pyServerStarts', { command: shownCommand(python, [ARTICLE_SERVER]) }));
    printer.line();
    const call = await withProcess(ctx, spawnPython(python, ARTICLE_SERVER), async ({ server, reader }) => {
      writeMessage(server, request);
      const response = await readResponse(reader, request.id, ARRIVAL_TIMEOUT_MS);
      return pythonDumps(response.result.structuredContent);
    });
    printer.line();
    mark(ctx, say('clientPrints', { line: call.result }));
    const same = [
      compareWithFixture(ctx, 'wireA', bytesOn(call.events, 0), 'request'),
      compareWithFixture(ctx, 'wireB', bytesOn(call.events, 1), 'response'),
      compareWithFixture(ctx, 'wireC', bytesOn(call.events, 2), 'stderr'),
      compareWithFixture(ctx, 'clientOutput', Buffer.from(`${call.result}\n`), 'stdout'),
    ];
    explain(ctx, 'pyServerOneWire', 'pyServerText');

    printer.line();
    mark(ctx, say('pyServerDiscover'));
    printer.line();
    const refused = await withProcess(
      ctx,
      spawnPython(python, ARTICLE_SERVER),
      async ({ server, reader }) => {
        writeMessage(server, discover);
        try {
          await readResponse(reader, 1, ARRIVAL_TIMEOUT_MS);
          return undefined;
        } catch (error) {
          // The client's own words, as the article's client.py raises them.
          const message = error instanceof Error ? error.message : String(error);
          failed(ctx, say('noAnswer'), message);
          return message;
        }
      },
    );
    explain(ctx, 'pyServerMinimal');
    return {
      python: true as const,
      same,
      exit: call.exit,
      printed: call.result,
      discover: { error: refused.result, exit: refused.exit, stderr: refused.stderr },
    };
  },
} satisfies Lesson;
