import { createPaint, PIPED_WIDTH, stringWidth } from '@memos-kit/terminal';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages.ts';
import { formatEvent } from '../src/trace.ts';
import { fixtureBytes } from './helpers.ts';

const paint = createPaint(false);
const en = messages.in('en');
const response = fixtureBytes('response');

describe('the pipe trace', () => {
  it('shows two messages in one read as two lines of one entry, each with its \\n', () => {
    const lines = formatEvent(
      { kind: 'bytes', fd: 1, bytes: Buffer.concat([response, response]) },
      paint,
      PIPED_WIDTH,
      en,
    );
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^ {2}B {2}stdout \(fd 1\) → client +\d+ bytes {2}\{"jsonrpc".*\\n$/);
    const column = lines[0]?.indexOf('{"jsonrpc"');
    expect(lines[1]?.indexOf('{"jsonrpc"')).toBe(column);
    expect(lines[1]?.slice(0, column).trim()).toBe('');
  });

  it('marks a read without a newline and keeps every line within the screen', () => {
    const [line, ...more] = formatEvent(
      { kind: 'bytes', fd: 0, bytes: response.subarray(0, -1) },
      paint,
      PIPED_WIDTH,
      en,
    );
    expect(more).toStrictEqual([]);
    expect(line).toMatch(/….*\(no newline\)$/);
    expect(stringWidth(line ?? '')).toBeLessThanOrEqual(PIPED_WIDTH);
  });

  it('wraps a long log line instead of cutting it', () => {
    const log = `server: ${'word '.repeat(30).trim()}\n`;
    const lines = formatEvent({ kind: 'bytes', fd: 2, bytes: Buffer.from(log) }, paint, PIPED_WIDTH, en);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(PIPED_WIDTH);
    const text = lines.map((line, index) =>
      index === 0 ? line.slice(line.indexOf('server:')) : line.trim(),
    );
    expect(text.join(' ')).toBe(log.replace('\n', '\\n'));
  });

  it('speaks Chinese by default and keeps the bytes, the routes and the columns as they are', () => {
    const zh = messages.in('zh');
    const bytes = Buffer.concat([response, response]);
    const [zhLine = '', zhNext = ''] = formatEvent({ kind: 'bytes', fd: 1, bytes }, paint, PIPED_WIDTH, zh);
    const [enLine = '', enNext = ''] = formatEvent({ kind: 'bytes', fd: 1, bytes }, paint, PIPED_WIDTH, en);
    expect(zhLine).toContain(`${bytes.length} 字节`);
    expect(enLine).toContain(`${bytes.length} bytes`);
    // The message starts in the same column whatever the language says about it.
    expect(stringWidth(zhLine.slice(0, zhLine.indexOf('{"jsonrpc"')))).toBe(enLine.indexOf('{"jsonrpc"'));
    expect(zhLine.slice(zhLine.indexOf('{"jsonrpc"'))).toBe(enLine.slice(enLine.indexOf('{"jsonrpc"')));
    expect(zhNext).toBe(enNext);
    expect(formatEvent({ kind: 'exit', code: 0, signal: null }, paint, PIPED_WIDTH, zh)).toStrictEqual([
      '  ·  Server 退出，退出码 0',
    ]);
    const [partial = ''] = formatEvent(
      { kind: 'bytes', fd: 0, bytes: response.subarray(0, -1) },
      paint,
      PIPED_WIDTH,
      zh,
    );
    expect(partial).toMatch(/（没有换行符）$/);
    expect(stringWidth(partial)).toBeLessThanOrEqual(PIPED_WIDTH);
  });
});
