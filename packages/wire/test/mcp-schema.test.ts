import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSse } from '@memos-kit/protocol';
import { describe, expect, it } from 'vitest';
import { loadFixture, loadManifest, validateMcpMessage } from '../src/index.ts';

interface Sample {
  name: string;
  message: Record<string, unknown>;
  /** The request method a response answers, which the response itself does not name. */
  method?: string;
}

/** Every MCP message the fixtures hold: HTTP bodies, stdio lines, SSE events and the decoded messages. */
function collectMessages(): Sample[] {
  const samples: Sample[] = [];
  for (const entry of loadManifest().fixtures) {
    if (entry.jsonrpcId === undefined) continue;
    const fixture = loadFixture(entry.id);
    const request = (
      entry.transport === 'stdio' ? JSON.parse(fixture.text('request')) : fixture.request?.json
    ) as Record<string, unknown>;
    const method = request.method as string;
    samples.push({ name: `${entry.id} request`, message: request });
    if (entry.transport === 'stdio') {
      samples.push({
        name: `${entry.id} response line`,
        message: JSON.parse(fixture.text('response')),
        method,
      });
    } else if (entry.transport === 'sse') {
      parseSse(fixture.text('body')).forEach((event, index) => {
        samples.push({ name: `${entry.id} event ${index}`, message: JSON.parse(event.data), method });
      });
      for (const file of entry.files.messages as string[]) {
        samples.push({
          name: `${entry.id} ${file}`,
          message: JSON.parse(readFileSync(join(fixture.dir, file), 'utf8')),
          method,
        });
      }
    } else {
      samples.push({
        name: `${entry.id} response`,
        message: fixture.response?.json as Record<string, unknown>,
        method,
      });
    }
  }
  return samples;
}

const samples = collectMessages();

describe('every MCP message of the article is valid 2026-07-28', () => {
  it('finds all of them', () => {
    // Seven request/response pairs, then the SSE request with its two events and two decoded messages.
    expect(samples.length).toBe(7 * 2 + 1 + 2 + 2);
  });

  it.each(samples)('$name', ({ message, method }) => {
    expect(validateMcpMessage(message, method)).toEqual([]);
  });
});

describe('the validator catches what the spec forbids', () => {
  const find = (name: string) => structuredClone(samples.find((s) => s.name === name) as Sample);

  it('a request without its _meta envelope keys', () => {
    const { message } = find('mcp-tools-call request');
    const params = message.params as { _meta: Record<string, unknown> };
    delete params._meta['io.modelcontextprotocol/protocolVersion'];
    expect(validateMcpMessage(message)).toContain(
      'params._meta needs io.modelcontextprotocol/protocolVersion',
    );
    delete params._meta['io.modelcontextprotocol/clientCapabilities'];
    expect(validateMcpMessage(message)).toContain(
      'params._meta needs io.modelcontextprotocol/clientCapabilities',
    );
  });

  it('a result without resultType', () => {
    const { message, method } = find('mcp-tools-call response');
    delete (message.result as Record<string, unknown>).resultType;
    expect(validateMcpMessage(message, method)).toContain('result.resultType is required');
  });

  it('a complete tool result without content', () => {
    const { message, method } = find('tools-call-ordered response');
    delete (message.result as Record<string, unknown>).content;
    expect(validateMcpMessage(message, method)).toContain('a complete tools/call result needs content');
  });

  it('discover and tools/list results without cache hints', () => {
    for (const name of ['server-discover response', 'tools-list response']) {
      const { message, method } = find(name);
      const result = message.result as Record<string, unknown>;
      result.ttlMs = -1;
      delete result.cacheScope;
      expect(validateMcpMessage(message, method)).toEqual(
        expect.arrayContaining(['ttlMs must be an integer ≥ 0', 'cacheScope must be "public" or "private"']),
      );
    }
  });

  it('a broken envelope and a broken error (checked by the SDK schemas)', () => {
    const { message } = find('unknown-tool response');
    (message.error as Record<string, unknown>).code = 'oops';
    expect(validateMcpMessage(message).length).toBeGreaterThan(0);
    expect(validateMcpMessage({ jsonrpc: '1.0', id: 1, method: 'tools/list' }).length).toBeGreaterThan(0);
  });

  it('a progress notification without its token', () => {
    const { message } = find('sse-progress event 0');
    delete (message.params as Record<string, unknown>).progressToken;
    expect(validateMcpMessage(message).length).toBeGreaterThan(0);
  });
});
