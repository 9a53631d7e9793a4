import { readFileSync } from 'node:fs';
import { loadFixture } from '@memos-kit/wire';
import { describe, expect, it } from 'vitest';
import { exchangeView, type ManifestEntry } from '../.vitepress/theme/exchange-view.ts';
import { type Layer, type Segment, segmentJson } from '../.vitepress/theme/layers.ts';

const fixtures = new URL('../../fixtures/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', fixtures), 'utf8')) as {
  fixtures: ManifestEntry[];
};
const read = (entry: ManifestEntry) => (file: string) =>
  readFileSync(new URL(`${entry.dir}/${file}`, fixtures), 'utf8');
const entry = (id: string) => {
  const found = manifest.fixtures.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no fixture ${id}`);
  return found;
};
const bodyOf = (text: string) => text.slice(text.indexOf('\n\n') + 2);

/** The layer of the segment that contains `needle` (the first occurrence). */
function layerOf(segments: Segment[], needle: string): Layer | null | undefined {
  return segments.find((segment) => segment.text.includes(needle))?.layer;
}

/** Checks where each needle lands; the layer a needle is expected in is named next to it. */
function expectLayers(text: string, expected: Partial<Record<Layer, string[]>>): void {
  const segments = segmentJson(text);
  for (const [layer, needles] of Object.entries(expected))
    for (const needle of needles) expect(layerOf(segments, needle), needle).toBe(layer);
}

describe('segmentJson', () => {
  it('keeps every byte of every fixture body', () => {
    for (const fixture of manifest.fixtures) {
      for (const file of Object.values(fixture.files).flat()) {
        if (!/\.(json|jsonl)$/.test(file) || file === 'timeline.json') continue;
        const text = read(fixture)(file);
        const segments = segmentJson(text);
        expect(segments.map((s) => s.text).join(''), `${fixture.dir}/${file}`).toBe(text);
        expect(
          segments.some((s) => s.layer !== null),
          `${fixture.dir}/${file} was coloured`,
        ).toBe(true);
      }
    }
  });

  it('tells the three layers apart in a tools/call request', () => {
    expectLayers(bodyOf(read(entry('mcp-tools-call'))('request.http')), {
      envelope: ['"jsonrpc"', '"method"'],
      protocol: ['"arguments"', '"_meta"', '"io.modelcontextprotocol/protocolVersion"'],
      business: ['"pageSize"', '"memo_list_memos"'],
    });
  });

  it('puts structuredContent in the protocol layer and what it wraps in the business layer', () => {
    expectLayers(bodyOf(read(entry('mcp-tools-call'))('response.http')), {
      protocol: ['"resultType"', '"structuredContent"', '"type"'],
      business: ['"memos"', '"{\\"memos\\":[]}"'],
      envelope: ['"result"'],
    });
  });

  it('treats tool schemas as business data and the tools[] structure as protocol', () => {
    expectLayers(read(entry('tools-list'))('response.json'), {
      protocol: ['"tools"', '"inputSchema"', '"readOnlyHint"', '"ttlMs"'],
      business: ['"showDeleted"'],
    });
  });

  it('keeps a JSON-RPC error in the envelope and a REST body entirely in the business layer', () => {
    const error = segmentJson(read(entry('unknown-tool'))('response.json'));
    expect(layerOf(error, '"code"')).toBe('envelope');
    expect(layerOf(error, '-32602')).toBe('envelope');
    const rest = segmentJson(bodyOf(read(entry('rest-list-memos'))('response.http')));
    expect(rest.filter((s) => s.layer !== null).every((s) => s.layer === 'business')).toBe(true);
  });

  it('returns text that is not JSON uncoloured and unchanged', () => {
    expect(segmentJson('server: received tools/call\n')).toEqual([
      { text: 'server: received tools/call\n', layer: null },
    ]);
    expect(segmentJson('{"broken": ')).toEqual([{ text: '{"broken": ', layer: null }]);
  });
});

describe('exchangeView', () => {
  it('splits the SSE response into timed events under headers sent at 0 ms', () => {
    const sse = entry('sse-progress');
    const view = exchangeView(sse, read(sse));
    expect(view.response?.headersAtMs).toBe(0);
    expect(view.response?.events?.map((event) => event.atMs)).toEqual([1000, 3000]);
    const firstData = view.response?.events?.[0]?.lines.find((line) => line.field === 'data');
    expect(firstData?.value.map((s) => s.text).join('')).toContain('notifications/progress');
  });

  it('marks the MCP headers that mirror the body', () => {
    const call = entry('mcp-tools-call');
    const view = exchangeView(call, read(call));
    const mirrored = view.request?.headers.filter((h) => h.mirror).map((h) => h.name);
    expect(mirrored).toEqual(['MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name']);
    expect(view.request?.startLine).toBe('POST /mcp HTTP/1.1');
  });

  it('shows bare JSON files without an HTTP head, and stdio with its side channels', () => {
    const discover = entry('server-discover');
    expect(exchangeView(discover, read(discover)).response?.hasHead).toBe(false);
    const stdio = entry('stdio-tools-call');
    const view = exchangeView(stdio, read(stdio));
    expect(view.request?.hasHead).toBe(false);
    expect(view.extras.map((extra) => extra.key)).toEqual(['stderr', 'stdout', 'terminal']);
  });

  it('puts the headers derived from a bare JSON request beside the printed body', () => {
    const ordered = entry('tools-call-ordered');
    const request = loadFixture('tools-call-ordered').request;
    if (!request) throw new Error('the fixture has a request');
    const view = exchangeView(ordered, read(ordered), {
      startLine: request.startLine,
      headers: request.headers,
    });
    expect(view.request?.hasHead).toBe(false);
    expect(view.request?.derivedHead?.startLine).toBe('POST /mcp HTTP/1.1');
    expect(view.request?.derivedHead?.headers).toContainEqual({
      name: 'Mcp-Name',
      value: 'memo_list_memos',
      mirror: true,
    });
    const bare = exchangeView(entry('server-discover'), read(entry('server-discover')));
    expect(bare.request?.derivedHead).toBeNull();
  });
});
