import { describe, expect, it } from 'vitest';
import {
  formatHttpMessage,
  getHeader,
  HttpMessageError,
  loadFixture,
  loadManifest,
  parseHttpMessage,
} from '../src/index.ts';

const httpFiles = loadManifest().fixtures.flatMap((entry) =>
  Object.entries(entry.files)
    .filter((pair): pair is [string, string] => typeof pair[1] === 'string' && pair[1].endsWith('.http'))
    .map(([key]) => ({ id: entry.id, key })),
);

describe('parseHttpMessage', () => {
  it.each(httpFiles)('parses $id/$key and formats it back byte for byte', ({ id, key }) => {
    const text = loadFixture(id).text(key);
    const message = parseHttpMessage(text);
    expect(message.method ?? message.status).toBeDefined();
    // The fixtures use the article's LF endings; formatting with LF gives the same bytes back, except
    // that a bodiless request printed without its closing blank line gets one.
    const expected = message.body === '' && !text.endsWith('\n\n') ? `${text}\n` : text;
    expect(formatHttpMessage(message, { eol: '\n' })).toBe(expected);
  });

  it('reads a request line, headers and a JSON body', () => {
    const message = parseHttpMessage(loadFixture('mcp-tools-call').text('request'));
    expect(message.method).toBe('POST');
    expect(message.target).toBe('/mcp');
    expect(getHeader(message.headers, 'mcp-name')).toBe('memo_list_memos');
    expect(message.json).toMatchObject({ id: 0, method: 'tools/call' });
  });

  it('reads a status line', () => {
    const message = parseHttpMessage('HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\n\r\n{}');
    expect(message.status).toBe(404);
    expect(message.reason).toBe('Not Found');
    expect(message.json).toEqual({});
  });

  it('accepts CRLF and writes CRLF by default', () => {
    const lf = 'GET /api/v1/memos HTTP/1.1\nHost: memos.example.com\n\n';
    const crlf = formatHttpMessage(parseHttpMessage(lf));
    expect(crlf).toBe('GET /api/v1/memos HTTP/1.1\r\nHost: memos.example.com\r\n\r\n');
    expect(parseHttpMessage(crlf).headers).toEqual([['Host', 'memos.example.com']]);
  });

  it('keeps the body bytes, blank lines included', () => {
    const message = parseHttpMessage(
      'HTTP/1.1 200 OK\n\nevent: message\ndata: a\n\nevent: message\ndata: b\n\n',
    );
    expect(message.body).toBe('event: message\ndata: a\n\nevent: message\ndata: b\n\n');
  });

  it('rejects what is not an HTTP message', () => {
    expect(() => parseHttpMessage('{"jsonrpc":"2.0"}')).toThrow(HttpMessageError);
    expect(() => parseHttpMessage('GET / HTTP/1.1\nno colon here\n\n')).toThrow(/Not a header line/);
  });
});

describe('getHeader', () => {
  it('ignores the case of names but not of values', () => {
    const headers: Array<[string, string]> = [['Mcp-Method', 'tools/call']];
    expect(getHeader(headers, 'MCP-METHOD')).toBe('tools/call');
    expect(getHeader(headers, 'mcp-name')).toBeUndefined();
  });
});
