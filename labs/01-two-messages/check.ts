// Lab 1: the learner's two hand-written requests are read as raw HTTP, compared with the article's requests,
// sent byte for byte to the kit's server, and the answers compared with the article's responses.

import { mcpHeadersFor } from '@memos-kit/protocol';
import {
  compareJson,
  type Difference,
  formatDifferences,
  getHeader,
  type HttpMessage,
  loadFixture,
  matchResponse,
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
    fail(message.reason, {
      vars: { file: name },
      // The shape of a line, never its words: those are the learner's to write.
      ...(message.reason === 'spaceInTarget'
        ? {}
        : { expected: message.reason === 'notAHeader' ? 'Name: value' : 'METHOD /path HTTP/1.1' }),
      got: message.line || absent('Empty'),
    });
  return message.value;
}

/*
 * Lab 1's files are the messages themselves, so the article's bytes are the answer: a failure says what is
 * wrong, part by part, and keeps the article's value back (`answer`) until the learner has seen every hint.
 */

/** The query parameters, one line each: right, missing, another value, or one the article does not send. */
function queryParts(context: CheckContext, mine: string, article: string): { ok: boolean; parts: string } {
  const params = (target: string) => new URL(target, 'http://x').searchParams;
  const [ours, theirs] = [params(mine), params(article)];
  const parts: string[] = [];
  let ok = true;
  for (const name of new Set(theirs.keys())) {
    const got = ours.getAll(name);
    const same = JSON.stringify(got) === JSON.stringify(theirs.getAll(name));
    ok &&= same;
    parts.push(
      got.length === 0
        ? context.text('partMissing', { name })
        : same
          ? context.text('partRight', { name })
          : context.text('partValue', { name, value: got.join(' | ') }),
    );
  }
  for (const name of new Set(ours.keys()))
    if (!theirs.has(name)) {
      ok = false;
      parts.push(context.text('partExtra', { name }));
    }
  return { ok, parts: parts.map((part) => `· ${part}`).join('\n') };
}

/** Where the learner's body departs from the article's, one line each, with the learner's value only. */
function bodyParts(context: CheckContext, differences: Difference[]): string {
  const yours = (value: unknown) => JSON.stringify(value) ?? '';
  return differences
    .map((difference) => {
      const path = difference.path;
      switch (difference.kind) {
        case 'missing':
          return context.text('bodyMissing', { path });
        case 'unexpected':
          return context.text('bodyExtra', { path });
        case 'type':
          return context.text('bodyType', { path, value: yours(difference.actual) });
        case 'length':
          return context.text('bodyLength', { path, value: yours(difference.actual) });
        default:
          return context.text('bodyValue', { path, value: yours(difference.actual) });
      }
    })
    .map((part) => `· ${part}`)
    .join('\n');
}

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
    topic: 'rest',
    run: async (context) => {
      const mine = await request(context, 'rest.http');
      const article = restFixture.request as HttpMessage;
      if (mine.method !== article.method || mine.target?.split('?')[0] !== article.target?.split('?')[0])
        fail('restPath', { answer: article.startLine, got: mine.startLine });
      const query = queryParts(context, mine.target ?? '', article.target ?? '');
      if (!query.ok)
        fail('restQuery', { vars: { parts: query.parts }, answer: article.startLine, got: mine.startLine });
    },
  },
  {
    id: 'restHeaders',
    topic: 'rest',
    run: async (context) => {
      const mine = await request(context, 'rest.http');
      const article = restFixture.request as HttpMessage;
      for (const name of ['Host', 'Authorization']) {
        const wanted = getHeader(article.headers, name);
        const got = getHeader(mine.headers, name);
        if (got !== wanted)
          fail(got === undefined ? 'headerMissing' : 'header', {
            vars: { name },
            answer: `${name}: ${wanted}`,
            got: got === undefined ? absent('None') : `${name}: ${got}`,
          });
      }
    },
  },
  {
    id: 'restLive',
    topic: 'rest',
    run: async (context) => sendAndMatch(context, await request(context, 'rest.http'), restFixture),
  },
  {
    id: 'mcpBody',
    topic: 'mcp',
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
      if (differences.length > 0)
        fail('bodyDiffers', {
          vars: { count: differences.length, parts: bodyParts(context, differences) },
          answer: mcpFixture.request?.body ?? '',
          got: mine.body,
        });
    },
  },
  {
    id: 'mcpHeaders',
    topic: 'mcp',
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
          fail(got === undefined ? 'mcpHeaderMissing' : 'mcpHeader', {
            vars: { name },
            answer: `${name}: ${value}`,
            got: got === undefined ? absent('None') : `${name}: ${got}`,
          });
      }
    },
  },
  {
    id: 'mcpLive',
    topic: 'mcp',
    run: async (context) => {
      await sendAndMatch(context, await request(context, 'mcp.http'), mcpFixture);
    },
  },
];
