import { describe, expect, it } from 'vitest';
import { bodyBytes, encodeBody } from '../src/frames.ts';
import { parseRecording, RecordingError } from '../src/reader.ts';
import { RecordingWriter, toJsonl } from '../src/writer.ts';

/** A small, valid recording: one JSON exchange, one SSE exchange, one stdio pair. */
function sample(): string {
  const writer = new RecordingWriter({ recorder: 'test' });
  const http = { transport: 'http', exchange: 1 } as const;
  writer.write({
    ...http,
    kind: 'http-request',
    direction: 'client-to-server',
    method: 'POST',
    target: '/mcp',
    headers: [['Host', 'x']],
    body: { encoding: 'utf8', text: '{}' },
  });
  writer.write({
    ...http,
    kind: 'http-response',
    direction: 'server-to-client',
    status: 200,
    reason: 'OK',
    headers: [],
    body: { encoding: 'utf8', text: '{}' },
  });
  const sse = { transport: 'http', exchange: 2 } as const;
  writer.write({
    ...sse,
    kind: 'http-request',
    direction: 'client-to-server',
    method: 'POST',
    target: '/mcp',
    headers: [],
    body: { encoding: 'utf8', text: '{}' },
  });
  writer.write({
    ...sse,
    kind: 'http-response',
    direction: 'server-to-client',
    status: 200,
    reason: 'OK',
    headers: [['Content-Type', 'text/event-stream']],
  });
  writer.write({
    ...sse,
    kind: 'sse-event',
    direction: 'server-to-client',
    raw: { encoding: 'utf8', text: 'data: 1\n\n' },
    data: '1',
  });
  writer.write({ ...sse, kind: 'http-end', direction: 'server-to-client', complete: true });
  writer.write({
    kind: 'stdio-line',
    transport: 'stdio',
    direction: 'client-to-server',
    line: { encoding: 'utf8', text: '{}' },
  });
  return toJsonl(writer.frames);
}

function problemOf(text: string): { problem: string; line: number } {
  try {
    parseRecording(text);
  } catch (error) {
    if (error instanceof RecordingError) return { problem: error.problem, line: error.line };
    throw error;
  }
  throw new Error('the recording was accepted');
}

const lines = () => sample().split('\n').slice(0, -1);

describe('parseRecording', () => {
  it('reads a recording the writer wrote, frame for frame', () => {
    const recording = parseRecording(sample());
    expect(recording.start).toMatchObject({ kind: 'start', format: 'memos-kit-recording/1', origin: 'kit' });
    expect(recording.frames.map((frame) => frame.kind)).toEqual([
      'http-request',
      'http-response',
      'http-request',
      'http-response',
      'sse-event',
      'http-end',
      'stdio-line',
    ]);
  });

  it('reads sessions appended one after another, numbering their HTTP exchanges apart', () => {
    const recording = parseRecording(sample() + sample());
    expect(recording.all.filter((frame) => frame.kind === 'start')).toHaveLength(2);
    const exchanges = recording.frames.flatMap((frame) =>
      frame.kind === 'http-request' ? [frame.exchange] : [],
    );
    expect(exchanges).toEqual([1, 2, 3, 4]);
  });

  it('names the line that is not JSON', () => {
    const text = lines();
    text[3] = '{"seq":3, oops';
    expect(problemOf(`${text.join('\n')}\n`)).toEqual({ problem: 'not-json', line: 4 });
  });

  it('says a last line without its newline was cut, not that it is bad JSON', () => {
    const text = sample();
    expect(problemOf(text.slice(0, text.length - 30))).toEqual({ problem: 'truncated', line: 8 });
  });

  it('names the line whose frame breaks the schema', () => {
    const text = lines();
    text[2] = text[2]?.replace('"status":200', '"status":"200"') ?? '';
    expect(problemOf(`${text.join('\n')}\n`)).toEqual({ problem: 'schema', line: 3 });
  });

  it('refuses a file that does not open with a start frame, a gap in the numbers, and a response without a request', () => {
    const text = lines();
    expect(problemOf(`${text.slice(1).join('\n')}\n`)).toMatchObject({ problem: 'no-start', line: 1 });
    expect(problemOf(`${[text[0], ...text.slice(2)].join('\n')}\n`)).toMatchObject({
      problem: 'sequence',
      line: 2,
    });
    const orphan = JSON.parse(text[2] ?? '{}');
    orphan.exchange = 9;
    expect(problemOf(`${[text[0], text[1], JSON.stringify(orphan)].join('\n')}\n`)).toMatchObject({
      problem: 'orphan',
      line: 3,
    });
  });

  it('refuses an empty file and random bytes without throwing anything but a RecordingError', () => {
    expect(problemOf('')).toMatchObject({ problem: 'empty' });
    expect(problemOf('\u0000\u00ff\n')).toMatchObject({ problem: 'not-json', line: 1 });
    expect(problemOf('[1,2,3]\n')).toMatchObject({ problem: 'schema', line: 1 });
  });
});

describe('bodies', () => {
  it('keeps UTF-8 as text and anything else as base64, and gives the same bytes back', () => {
    const text = Buffer.from('{"memo":"饺子 🥟"}');
    expect(encodeBody(text)).toEqual({ encoding: 'utf8', text: '{"memo":"饺子 🥟"}' });
    const binary = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]);
    const body = encodeBody(binary);
    expect(body.encoding).toBe('base64');
    expect(bodyBytes(body).equals(binary)).toBe(true);
  });
});
