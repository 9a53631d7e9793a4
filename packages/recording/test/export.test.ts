import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { fromFixtures } from '../src/convert.ts';
import { toHar } from '../src/export-har.ts';
import { toMermaid } from '../src/export-mermaid.ts';

const require = createRequire(import.meta.url);

/** The community JSON Schema of HAR 1.2 (har-schema, draft-06), which har-validator and others use. */
function harValidator() {
  const schemas: Record<string, object> = require('har-schema');
  // har-schema marks optional members with a keyword of its own, `optional`; strict mode would refuse it.
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
  for (const schema of Object.values(schemas)) ajv.addSchema(schema);
  const validate = ajv.getSchema('har.json#');
  if (!validate) throw new Error('har-schema has no har.json');
  return validate;
}

describe('HAR export', () => {
  const har = toHar(fromFixtures(new Date('2026-07-28T08:00:00Z')));

  it('is a valid HAR 1.2 log', () => {
    const validate = harValidator();
    expect(validate(har), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(har.log.version).toBe('1.2');
  });

  it('holds every HTTP exchange and no stdio line, with absolute URLs, query strings and bodies', () => {
    expect(har.log.entries).toHaveLength(9);
    const [rest, call] = har.log.entries;
    expect(rest?.request.url).toBe(
      'http://memos.example.com/api/v1/memos?pageSize=1&filter=visibility+%21%3D+%22PRIVATE%22',
    );
    expect(rest?.request.queryString).toContainEqual({ name: 'pageSize', value: '1' });
    expect(call?.request.postData?.mimeType).toBe('application/json');
    expect(JSON.parse(call?.request.postData?.text ?? '')).toMatchObject({ method: 'tools/call' });
    expect(call?.request.headers).toContainEqual({ name: 'Authorization', value: 'Bearer ****' });
  });

  it('keeps an SSE answer as its stream text, with each event and its time in _sseEvents', () => {
    const sse = har.log.entries.find((entry) => entry.response.content.mimeType === 'text/event-stream');
    expect(sse?.response.content.text).toContain('notifications/progress');
    const events = (sse as { _sseEvents?: { elapsedMs: number; data: string }[] })._sseEvents;
    expect(events?.map((event) => event.elapsedMs)).toEqual([1000, 3000]);
    expect(sse?.time).toBe(3000);
  });
});

describe('mermaid export', () => {
  it('draws one arrow per message: method and path out, status and result kind back, each SSE event and stdio line', () => {
    const diagram = toMermaid(fromFixtures());
    const lines = diagram.trim().split('\n');
    expect(lines.slice(0, 2)).toEqual(['sequenceDiagram', '  participant C as client']);
    expect(lines).toContain('  C->>S: POST /mcp server/discover');
    expect(lines).toContain('  S-->>C: 200 error -32602');
    expect(lines).toContain('  S-->>C: 200 result (isError)');
    expect(lines).toContain('  C->>P: stdin: tools/call memo_list_memos');
    const sse = lines.indexOf('  S-->>C: 200 text/event-stream');
    expect(lines.slice(sse + 1, sse + 3)).toEqual([
      '  S-->>C: SSE notifications/progress',
      '  S-->>C: SSE result',
    ]);
    // 10 fixtures: 9 HTTP request/answer pairs plus one stdio pair, and the SSE answer's two events.
    expect(lines.filter((line) => line.includes('->>'))).toHaveLength(2 * 10 + 2);
  });
});
