// Ctrl-C read as a key (keys.ts) and typed lines (typed-lines.ts), against streams that say they are a terminal.
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Keys, TypedLines } from '../src/index.ts';

/** A terminal's stdin, as far as these classes look at it: raw mode, ref and unref. */
function terminalInput() {
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    isRaw: false,
    setRawMode: vi.fn((mode: boolean) => {
      input.isRaw = mode;
      return input;
    }),
    ref: vi.fn(),
    unref: vi.fn(),
  });
  return input;
}

function terminalOutput() {
  const output = Object.assign(new PassThrough(), { isTTY: true, columns: 80 });
  let text = '';
  output.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
  });
  return { output, written: () => text };
}

/** SIGINT events, watched instead of delivered: the test process must not act on them. */
function watchInterrupts() {
  const emit = process.emit.bind(process);
  const seen: unknown[] = [];
  vi.spyOn(process, 'emit').mockImplementation(((event: string, ...args: unknown[]) => {
    if (event !== 'SIGINT') return emit(event as 'exit', ...(args as [number]));
    seen.push(args[0]);
    return true;
  }) as typeof process.emit);
  return seen;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Keys', () => {
  it('reads nothing unless both stdin and stdout are a terminal', () => {
    expect(Keys.read(new PassThrough(), { isTTY: true })).toBeUndefined();
    expect(Keys.read(terminalInput(), { isTTY: false })).toBeUndefined();
  });

  it('puts the terminal in raw mode and keeps nothing alive by reading', () => {
    const input = terminalInput();
    expect(Keys.read(input, { isTTY: true })).toBeInstanceOf(Keys);
    expect(input.isRaw).toBe(true);
    expect(input.unref).toHaveBeenCalled();
  });

  it('turns Ctrl-C into a SIGINT event for this process alone, which the terminal no longer sends', async () => {
    const interrupts = watchInterrupts();
    const input = terminalInput();
    Keys.read(input, { isTTY: true });
    input.write('\u0003');
    await tick();
    expect(interrupts).toEqual(['SIGINT']);
  });

  it('hands the next key to whoever waits for it, and drops keys nobody waits for', async () => {
    const input = terminalInput();
    const keys = Keys.read(input, { isTTY: true });
    input.write('x');
    await tick();
    const next = keys?.next();
    input.write('\r');
    expect(await next).toBe('\r');
  });

  it('stops waiting for a key when the pause is called off', async () => {
    const keys = Keys.read(terminalInput(), { isTTY: true });
    const controller = new AbortController();
    const next = keys?.next(controller.signal);
    controller.abort(new Error('stopped'));
    await expect(next).rejects.toThrow('stopped');
  });

  it('gives the terminal back on release: cooked mode, and Ctrl-C is no longer read here', async () => {
    const interrupts = watchInterrupts();
    const input = terminalInput();
    const keys = Keys.read(input, { isTTY: true });
    keys?.release();
    expect(input.isRaw).toBe(false);
    expect(input.ref).toHaveBeenCalled();
    input.write('\u0003');
    await tick();
    expect(interrupts).toEqual([]);
  });
});

describe('TypedLines', () => {
  it('from a pipe, writes each prompt and echoes each line after it, then undefined at the end', async () => {
    const input = new PassThrough();
    const { output, written } = terminalOutput();
    const lines = new TypedLines({ input, output: Object.assign(output, { isTTY: false }) });
    input.end('first\nsecond\n');
    expect(await lines.ask('a > ')).toBe('first');
    expect(await lines.ask('b > ')).toBe('second');
    expect(await lines.ask('c > ')).toBeUndefined();
    lines.close();
    await tick();
    expect(written()).toBe('a > first\nb > second\nc > \n');
  });

  it('on a terminal, reads what is typed after the prompt, and reads Ctrl-C as a key', async () => {
    const interrupts = watchInterrupts();
    const input = terminalInput();
    const { output, written } = terminalOutput();
    const keys = Keys.read(input, output);
    const lines = new TypedLines({ input, output, keys });
    const answer = lines.ask('tool > ');
    input.write('memo_list_memos\r');
    expect(await answer).toBe('memo_list_memos');
    expect(written()).toContain('tool > ');
    // readline holds the terminal now, in raw mode: Ctrl-C arrives as a key and becomes a SIGINT.
    expect(input.isRaw).toBe(true);
    input.write('\u0003');
    await tick();
    expect(interrupts).toEqual(['SIGINT']);
    lines.close();
    expect(input.isRaw).toBe(false);
  });
});
