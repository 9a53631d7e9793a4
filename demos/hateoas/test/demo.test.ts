import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDemoArgs, UsageError } from '../src/demo/options.ts';

const demo = fileURLToPath(new URL('../src/demo.ts', import.meta.url));
const children = new Set<ChildProcess>();

async function runDemo(args: string[], stdin?: string) {
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), demo, ...args], {
    env: { ...process.env, NO_COLOR: '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  child.stdin.end(stdin ?? '');
  const [code] = (await once(child, 'exit')) as [number | null];
  children.delete(child);
  return { code, output };
}

afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
});

describe('pnpm demo:hateoas', () => {
  it('walks the scenario non-interactively and exits 0', async () => {
    const { code, output } = await runDemo(['--lang', 'en', '--no-color']);
    expect(output).not.toMatch(/✗|Check failed/);
    expect(code).toBe(0);
    const order = [
      'GET /orders/123 HTTP/1.1',
      'same JSON as the article',
      'POST /orders/123/payment HTTP/1.1',
      '· refund',
      'POST /orders/123/cancellation HTTP/1.1',
      'HTTP/1.1 409 Conflict',
      'Content-Type: application/problem+json',
      'Mcp-Method: tools/list',
      'Mcp-Name: order_pay',
      'The catalogue is identical',
      'Mcp-Name: order_cancel',
      '"isError": true',
      'Mcp-Name: order_refund',
      'GET /api/v1/memos/lunch-poll HTTP/1.1',
      'Content-Type: application/hal+json',
      '"edit": { "href": "/api/v1/memos/lunch-poll" }',
      'Mcp-Name: memo_get_memo',
      'Mcp-Name: memo_update_memo',
      '"text": "permission denied"',
    ];
    // Each marker must appear after the one before it: the steps run in the article's order.
    let from = 0;
    for (const marker of order) {
      const at = output.indexOf(marker, from);
      expect(at, `"${marker}" missing or out of order`).toBeGreaterThanOrEqual(0);
      from = at + marker.length;
    }
    // No colour codes with --no-color.
    expect(output).not.toContain('\u001b[');
  });

  it('takes a class through the menu with --interactive and stops at end of input', async () => {
    const { code, output } = await runDemo(['--interactive', '--lang', 'en', '--no-color'], '1\n2\nm\n3\n');
    expect(code).toBe(0);
    expect(output).toContain('POST /orders/123/payment HTTP/1.1');
    expect(output).toContain('HTTP/1.1 409 Conflict');
    expect(output).toContain('Mcp-Name: order_cancel');
  });
});

describe('options', () => {
  it('reads --interactive, --lang, --no-color and NO_COLOR', () => {
    expect(parseDemoArgs(['--interactive', '--lang', 'en'], {}, true)).toEqual({
      interactive: true,
      lang: 'en',
      color: true,
      help: false,
    });
    expect(parseDemoArgs(['--no-color'], {}, true).color).toBe(false);
    expect(parseDemoArgs([], { NO_COLOR: '1' }, true).color).toBe(false);
    expect(parseDemoArgs([], {}, false).color).toBe(false);
    expect(parseDemoArgs(['-h'], {}, true).help).toBe(true);
  });

  it('rejects what it does not know with a UsageError', () => {
    expect(() => parseDemoArgs(['--lang', 'fr'])).toThrow(UsageError);
    expect(() => parseDemoArgs(['--fast'])).toThrow(UsageError);
  });
});
