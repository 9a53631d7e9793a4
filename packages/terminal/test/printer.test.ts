// The one printer every demo prints through, and the one prompt every demo asks through.
import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirm, createPaint, Printer, Prompt, stringWidth, UsageError } from '../src/index.ts';

function printer(width = 40, colour = false) {
  let out = '';
  const shown = new Printer({ paint: createPaint(colour), width, write: (text) => (out += text) });
  return { printer: shown, out: () => out };
}

const widest = (text: string) => Math.max(...text.split('\n').map((line) => stringWidth(line)));

describe('Printer', () => {
  it('marks a verdict ✓ or ✗ and continues its text under the text, not under the mark', () => {
    const { printer: p, out } = printer(30);
    p.verdict(true, 'the retry with inputResponses completes the delete');
    p.verdict(false, 'refused', { detail: 'fixtures/06' });
    expect(out()).toBe(
      '  ✓ the retry with\n    inputResponses completes\n    the delete\n  ✗ refused · fixtures/06\n',
    );
  });

  it('prints nothing while quiet but a failed verdict', () => {
    const { printer: p, out } = printer();
    p.quiet = true;
    p.title('hidden');
    p.note('hidden');
    p.ok('hidden');
    p.fail('shown');
    p.quiet = false;
    p.line('after');
    expect(out()).toBe('  ✗ shown\nafter\n');
  });

  it('wraps prose at words under its indent and hanging, each line painted by its role', () => {
    const { printer: p, out } = printer(24, true);
    p.prose('- a sentence that is too long for one line', { indent: '  ', hanging: '  ', role: 'muted' });
    const lines = out().trimEnd().split('\n');
    expect(lines.map((line) => stripVTControlCharacters(line))).toEqual([
      '  - a sentence that is',
      '    too long for one',
      '    line',
    ]);
    const muted = createPaint(true)('muted', 'x');
    for (const line of lines) expect(line.startsWith(muted.slice(0, muted.indexOf('x')))).toBe(true);
  });

  it('keeps every byte of a wire line, cut only at the width and continued further in', () => {
    const { printer: p, out } = printer(40);
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 6,
      method: 'tools/call',
      params: { name: 'memo_list_memos' },
    });
    p.wire(`    ${body}`);
    expect(widest(out())).toBeLessThanOrEqual(40);
    const lines = out().trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line.startsWith('      ')).toBe(true);
    expect(lines.map((line) => line.trimStart()).join('')).toBe(body);
  });

  it('shows an HTTP message with its arrow, MCP headers in the protocol colour and its body under it', () => {
    const { printer: p, out } = printer(100, true);
    p.http({
      direction: 'out',
      startLine: 'POST /mcp HTTP/1.1',
      headers: [
        ['Content-Type', 'application/json'],
        ['Mcp-Method', 'tools/call'],
      ],
      body: '{\n  "id": 6\n}\n',
    });
    expect(stripVTControlCharacters(out())).toBe(
      '  → POST /mcp HTTP/1.1\n    Content-Type: application/json\n    Mcp-Method: tools/call\n    {\n      "id": 6\n    }\n',
    );
    const paint = createPaint(true);
    expect(out()).toContain(paint('protocol', 'Mcp-Method: tools/call'));
    expect(out()).toContain(paint('http', 'Content-Type: application/json'));
  });

  it('lays lines out for its width but breaks none when told not to wrap', () => {
    let out = '';
    const p = new Printer({
      paint: createPaint(false),
      width: 20,
      write: (text) => (out += text),
      wrap: false,
    });
    p.note('a note that is far wider than twenty columns');
    p.wire('    {"a line of the wire":"that does not fit either"}');
    expect(out).toBe(
      '  a note that is far wider than twenty columns\n    {"a line of the wire":"that does not fit either"}\n',
    );
  });
});

/** A terminal's stdin, as far as Keys looks at it. */
function terminalInput() {
  return Object.assign(new PassThrough(), {
    isTTY: true,
    setRawMode: vi.fn(),
    ref: vi.fn(),
    unref: vi.fn(),
  });
}

function output() {
  const stream = new PassThrough();
  let text = '';
  stream.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
  });
  return { stream, written: () => text };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Prompt', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('pauses on a line from a pipe, writing nothing: empty goes on, q quits, the end of input quits', async () => {
    const input = new PassThrough();
    const { stream, written } = output();
    const prompt = new Prompt({ input, output: stream });
    input.write('\nQ\n');
    expect(await prompt.pause()).toBe('continue');
    expect(await prompt.pause()).toBe('quit');
    input.end();
    expect(await prompt.pause()).toBe('quit');
    prompt.close();
    await tick();
    expect(written()).toBe('');
  });

  it('pauses on one key of a terminal, even when stdout is a pipe; other keys wait on', async () => {
    const input = terminalInput();
    const prompt = new Prompt({ input, output: output().stream });
    const first = prompt.pause();
    await tick();
    input.write('x');
    await tick();
    input.write(' ');
    expect(await first).toBe('continue');
    const second = prompt.pause();
    await tick();
    input.write('q');
    expect(await second).toBe('quit');
    prompt.close();
    expect(input.setRawMode).toHaveBeenLastCalledWith(false);
  });

  it('stops pausing when the pause is called off', async () => {
    const prompt = new Prompt({ input: new PassThrough(), output: output().stream });
    const stop = new AbortController();
    const paused = prompt.pause(stop.signal);
    stop.abort(new Error('stopped'));
    await expect(paused).rejects.toThrow('stopped');
    prompt.close();
  });

  it('asks a question and echoes a piped answer after it, trimmed; undefined once the input ends', async () => {
    const input = new PassThrough();
    const { stream, written } = output();
    const prompt = new Prompt({ input, output: stream });
    input.end(' 2 \n');
    expect(await prompt.ask('Choice > ')).toBe('2');
    expect(await prompt.ask('Choice > ')).toBeUndefined();
    prompt.close();
    await tick();
    expect(written()).toBe('Choice >  2 \nChoice > \n');
  });
});

describe('confirm', () => {
  it('goes ahead only on y, yes or 是, in any case; anything else, or no answer, is no', async () => {
    const answers: Array<[string, boolean]> = [
      ['y', true],
      ['YES', true],
      ['是', true],
      ['', false],
      ['n', false],
      ['yep', false],
    ];
    for (const [typed, expected] of answers) {
      const input = terminalInput();
      const { stream, written } = output();
      input.end(`${typed}\n`);
      expect(await confirm('Write it?', { lang: 'en', input, output: stream }), typed).toBe(expected);
      await tick();
      expect(written()).toContain('Write it? [y/N] ');
    }
    const ended = terminalInput();
    ended.end();
    expect(await confirm('Write it?', { lang: 'en', input: ended, output: output().stream })).toBe(false);
  });

  it("does not ask with --yes; with no terminal to ask on it refuses in the command's language", async () => {
    const piped = new PassThrough();
    piped.end('y\n');
    const { stream, written } = output();
    expect(await confirm('Write it?', { lang: 'en', yes: true, input: piped, output: stream })).toBe(true);
    await expect(confirm('Write it?', { lang: 'en', input: piped, output: stream })).rejects.toThrow(
      new UsageError('there is no terminal to ask you on; add --yes if you mean it'),
    );
    await expect(confirm('写吗？', { lang: 'zh', input: piped, output: stream })).rejects.toThrow(/--yes/);
    await tick();
    expect(written()).toBe('');
  });
});
