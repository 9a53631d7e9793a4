// Lab 1: the learner's two hand-written requests are read as raw HTTP, compared with the article's requests,
// sent byte for byte to the kit's server, and the answers compared with the article's responses.
import {
  compareJson,
  formatDifferences,
  getHeader,
  type HttpMessage,
  loadFixture,
  matchResponse,
  mcpHeadersFor,
  type ReplayedResponse,
  sendHttpMessage,
} from '@memos-kit/wire';
import { absent, type CheckContext, fail, type LabCheck } from '../src/check.ts';
import { readHttpFile } from '../src/http-file.ts';

const restFixture = loadFixture('rest-list-memos');
const mcpFixture = loadFixture('mcp-tools-call');

async function request(context: CheckContext, name: string): Promise<HttpMessage> {
  const text = await context.read(name);
  const message = readHttpFile(text);
  if (!message.ok)
    fail('notRequest', { vars: { file: name }, expected: 'METHOD /path HTTP/1.1', got: message.got });
  return message.value;
}

const sortedQuery = (target: string) =>
  [...new URL(target, 'http://x').searchParams].sort(([a], [b]) => a.localeCompare(b));

const shownResponse = (live: ReplayedResponse) =>
  `HTTP/1.1 ${live.status}\n${live.headers
    .filter(([name]) => name.toLowerCase() === 'content-type')
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n')}\n\n${live.body}`;

async function sendAndMatch(context: CheckContext, message: HttpMessage, fixture: typeof restFixture) {
  const server = await context.server('empty');
  const live = await sendHttpMessage(message, server.url);
  const result = matchResponse(fixture, live);
  if (!result.ok)
    fail('liveDiffers', {
      vars: { fixture: result.against },
      expected: fixture.text('response'),
      got: `${shownResponse(live)}\n\n${formatDifferences(result, { lang: context.lang })}`,
    });
}

export const checks: LabCheck[] = [
  {
    id: 'restLine',
    run: async (context) => {
      const mine = await request(context, 'rest.http');
      const article = restFixture.request as HttpMessage;
      const samePath =
        mine.method === article.method && mine.target?.split('?')[0] === article.target?.split('?')[0];
      const sameQuery =
        JSON.stringify(sortedQuery(mine.target ?? '')) === JSON.stringify(sortedQuery(article.target ?? ''));
      if (!samePath || !sameQuery)
        fail(samePath ? 'restQuery' : 'restPath', { expected: article.startLine, got: mine.startLine });
    },
  },
  {
    id: 'restHeaders',
    run: async (context) => {
      const mine = await request(context, 'rest.http');
      const article = restFixture.request as HttpMessage;
      for (const name of ['Host', 'Authorization']) {
        const wanted = getHeader(article.headers, name);
        const got = getHeader(mine.headers, name);
        if (got !== wanted)
          fail('header', {
            vars: { name },
            expected: `${name}: ${wanted}`,
            got: got === undefined ? absent('None') : `${name}: ${got}`,
          });
      }
    },
  },
  {
    id: 'restLive',
    run: async (context) => sendAndMatch(context, await request(context, 'rest.http'), restFixture),
  },
  {
    id: 'mcpBody',
    run: async (context) => {
      const mine = await request(context, 'mcp.http');
      if (mine.method !== 'POST' || mine.target !== '/mcp')
        fail('mcpLine', { expected: 'POST /mcp HTTP/1.1', got: mine.startLine });
      if (mine.json === undefined)
        fail('notJson', { expected: '{ "jsonrpc": "2.0", … }', got: mine.body || absent('Empty') });
      const differences = compareJson(mine.json, mcpFixture.request?.json, 'abridged', 'body').filter(
        // The client's name is the learner's to choose; everything else is what the article sends.
        (difference) => !difference.path.includes('clientInfo'),
      );
      if (differences.length > 0) {
        const first = differences[0];
        fail('bodyDiffers', {
          vars: { path: first?.path ?? '$' },
          expected: JSON.stringify(first?.expected),
          got: first?.kind === 'missing' ? absent('Missing') : JSON.stringify(first?.actual),
        });
      }
    },
  },
  {
    id: 'mcpHeaders',
    run: async (context) => {
      const mine = await request(context, 'mcp.http');
      const wanted: Record<string, string> = {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        ...mcpHeadersFor(mine.json),
      };
      for (const [name, value] of Object.entries(wanted)) {
        const got = getHeader(mine.headers, name);
        const ok =
          name === 'Accept'
            ? got !== undefined && /application\/json/.test(got) && /text\/event-stream/.test(got)
            : got === value;
        if (!ok)
          fail('mcpHeader', {
            vars: { name },
            expected: `${name}: ${value}`,
            got: got === undefined ? absent('None') : `${name}: ${got}`,
          });
      }
    },
  },
  {
    id: 'mcpLive',
    run: async (context) => {
      await sendAndMatch(context, await request(context, 'mcp.http'), mcpFixture);
    },
  },
];
