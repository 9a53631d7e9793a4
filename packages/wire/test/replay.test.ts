import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Listening, listen } from '@memos-kit/process';
import { parseSse } from '@memos-kit/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import {
  expectMatch,
  loadFixture,
  matchResponse,
  parseHttpMessage,
  replayHttpFixture,
} from '../src/index.ts';

interface Seen {
  method?: string;
  url?: string;
  rawHeaders: string[];
  body: string;
}

let server: Listening | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A loopback server that records what arrived and answers with `respond`. */
async function serve(
  respond: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; seen: Seen }> {
  const seen: Seen = { rawHeaders: [], body: '' };
  server = await listen((req, res) => {
    seen.method = req.method;
    seen.url = req.url;
    seen.rawHeaders = req.rawHeaders;
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      seen.body += chunk;
    });
    req.on('end', () => respond(req, res));
  });
  return { url: server.url, seen };
}

describe('replayHttpFixture', () => {
  it('sends the request exactly as printed, Host header and body bytes included', async () => {
    const fixture = loadFixture('mcp-tools-call');
    const { url, seen } = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(fixture.response?.body);
    });
    const live = await replayHttpFixture(fixture, url);
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/mcp');
    expect(seen.rawHeaders).toEqual(
      expect.arrayContaining(['Host', 'memos.example.com', 'Mcp-Name', 'memo_list_memos']),
    );
    expect(seen.body).toBe(fixture.request?.body);
    expectMatch(matchResponse(fixture, live));
  });

  it('keeps the REST query string as the article encodes it', async () => {
    const { url, seen } = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"memos":[]}');
    });
    const live = await replayHttpFixture('rest-list-memos', url);
    expect(seen.url).toBe('/api/v1/memos?pageSize=1&filter=visibility+%21%3D+%22PRIVATE%22');
    expectMatch(matchResponse(loadFixture('rest-list-memos'), live));
  });

  it('replaces or removes headers on request', async () => {
    const { url, seen } = await serve((_req, res) => res.writeHead(400).end());
    const live = await replayHttpFixture('mcp-tools-call', url, {
      headers: { 'mcp-name': null, 'Mcp-Method': 'tools/list' },
    });
    expect(live.status).toBe(400);
    expect(seen.rawHeaders).not.toContain('Mcp-Name');
    expect(seen.rawHeaders).toEqual(expect.arrayContaining(['Mcp-Method', 'tools/list']));
  });

  it('reads an SSE body chunk by chunk and parses its events', async () => {
    const fixture = loadFixture('sse-progress');
    const whole = parseHttpMessage(fixture.text('response'));
    const events = whole.body.split(/(?<=\n\n)/);
    // The second event is written only once the client has the first, so they cannot arrive as one chunk.
    let writeRest = () => {};
    const { url } = await serve((_req, res) => {
      res.writeHead(200, Object.fromEntries(whole.headers));
      res.write(events[0]);
      writeRest = () => res.end(events[1]);
    });
    const arrivals: string[] = [];
    const live = await replayHttpFixture(fixture, url, {
      onChunk: (chunk) => {
        if (arrivals.push(chunk.toString('utf8')) === 1) writeRest();
      },
    });
    expect(arrivals.length).toBeGreaterThanOrEqual(2);
    expect(parseSse(arrivals[0] ?? '')).toHaveLength(1);
    expect(live.events).toHaveLength(2);
    expectMatch(matchResponse(fixture, live));
  });

  it('gives up instead of hanging when the response never ends', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(': still thinking\n\n');
    });
    await expect(replayHttpFixture('sse-progress', url, { timeoutMs: 200 })).rejects.toThrow(
      /Nothing arrived for 200 ms/,
    );
  });
});
