import { request as httpRequest } from 'node:http';
import { parseSse } from '@memos-kit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapter } from '../src/index.ts';
import { type Listening, listenOnLoopback } from './support/listen.ts';
import { mcpRequest } from './support/mcp-http.ts';

describe('closing the SSE stream cancels the call', () => {
  const log: string[] = [];
  let callEnded = () => {};
  const ended = new Promise<void>((resolve) => {
    callEnded = resolve;
  });
  let server: Listening;

  beforeAll(async () => {
    // Progress at once, the result only after ten minutes: whatever ends the call first is the cancellation.
    const adapter = await createAdapter({
      dataset: 'workshop',
      pace: { progressAtMs: 0, resultAtMs: 600_000 },
      log: (line) => {
        log.push(line);
        if (line.startsWith('tools/call memo_list_memos')) callEnded();
      },
    });
    server = await listenOnLoopback(adapter.app, () => adapter.close());
  });
  afterAll(() => server.close());

  it('writes nothing more after the client goes away, and the server keeps serving', async () => {
    const { body, headers } = mcpRequest('tools/call', {
      name: 'memo_list_memos',
      arguments: { pageSize: 2 },
      _meta: { progressToken: 'cancel-me' },
    });
    const received = await new Promise<string>((resolve, reject) => {
      const outgoing = httpRequest(`${server.url}/mcp`, { method: 'POST', headers }, (incoming) => {
        let text = '';
        incoming.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          if (text.includes('notifications/progress')) {
            // The client hangs up as soon as it has seen progress.
            outgoing.destroy();
            resolve(text);
          }
        });
        incoming.on('error', () => {});
      });
      outgoing.on('error', (error) => {
        if (!outgoing.destroyed) reject(error);
      });
      outgoing.end(body);
    });
    expect(parseSse(received).map((event) => JSON.parse(event.data).method)).toEqual([
      'notifications/progress',
    ]);

    // The call ended, as cancelled, not answered.
    await ended;
    expect(log).toContain('tools/call memo_list_memos: cancelled by the client');
    expect(log).not.toContain('tools/call memo_list_memos: ok');

    const next = mcpRequest('tools/call', { name: 'auth_get_current_user', arguments: {} });
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: next.headers,
      body: next.body,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: { isError?: boolean } }).result.isError).toBeUndefined();
  });
});
