// Ctrl-C as a student presses it: `pnpm run …` in a terminal, ^C typed into that terminal.
//
// A terminal turns ^C into SIGINT for its whole foreground process group: pnpm, the `sh -c` pnpm runs the
// script in, and node. dash (sh on Debian and Ubuntu, and on the CI) dies of that SIGINT once node exits,
// whatever node's status, and pnpm 12 then prints a red "[ELIFECYCLE] Command failed." A command of the kit
// must stop calmly instead: say so, exit 0, and for a server answer what is in flight first.
//
// util-linux `script` makes the pseudo-terminal (Node has none of its own): it runs the command line with a
// terminal as its stdin, stdout and stderr, and copies what the test writes to its stdin into that terminal,
// as typed keys. The shell it starts is /bin/sh, as pnpm's own is.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { replayHttpFixture } from '@memos-kit/wire';
import { afterEach, describe, expect, it } from 'vitest';
import { plainEnv, pnpmCommand, root, sseServe } from './pnpm.ts';

const CTRL_C = '\u0003';

const hasScript =
  process.platform === 'linux' && spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;

interface Terminal {
  child: ChildProcess;
  /** Everything the terminal showed so far (stdout and stderr of the command, as a terminal mixes them). */
  shown(): string;
  type(keys: string): void;
  waitFor(ready: RegExp, timeoutMs?: number): Promise<string>;
  /** The exit status of the command line (script --return), or null if it had to be killed. */
  exited: Promise<number | null>;
}

const opened = new Set<Terminal>();
afterEach(() => {
  for (const terminal of opened) {
    // script leads its own process group (detached); what runs in the terminal gets SIGHUP when it closes.
    if (terminal.child.exitCode === null && terminal.child.pid) process.kill(-terminal.child.pid, 'SIGKILL');
  }
  opened.clear();
});

const quote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;

/** `pnpm run <script> args…` in a pseudo-terminal, 100 columns, no colour, in English. */
function inTerminal(script: string, args: readonly string[]): Terminal {
  const { file, prefix } = pnpmCommand();
  const line = [file, ...prefix, 'run', script, ...args, '--lang', 'en', '--no-color'].map(quote).join(' ');
  const child = spawn('script', ['--quiet', '--flush', '--return', '--command', line, '/dev/null'], {
    cwd: root,
    env: { ...plainEnv(), SHELL: '/bin/sh', TERM: 'xterm', COLUMNS: '100' },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  let text = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const terminal: Terminal = {
    child,
    shown: () => text,
    type: (keys) => child.stdin?.write(keys),
    async waitFor(ready, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (ready.test(text)) return text;
        if (child.exitCode !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no ${ready} in the terminal:\n${text}`);
    },
    exited,
  };
  opened.add(terminal);
  return terminal;
}

/** Types ^C and waits for the command line to end (bounded); the terminal's text from the ^C on. */
async function pressCtrlC(terminal: Terminal): Promise<{ code: number | null; after: string }> {
  const from = terminal.shown().length;
  terminal.type(CTRL_C);
  const code = await Promise.race([
    terminal.exited,
    new Promise<'running'>((resolve) => setTimeout(resolve, 15_000, 'running')),
  ]);
  expect(code, `still running 15 s after ^C:\n${terminal.shown()}`).not.toBe('running');
  return { code: code === 'running' ? null : code, after: terminal.shown().slice(from) };
}

describe.skipIf(!hasScript)('Ctrl-C in a terminal, through pnpm', () => {
  it.each([
    ['the tour, in the middle of a step', 'demo', ['--pace', 'article'], /Step 2\/\d+/],
    [
      'the tour at an --interactive pause, waiting for a key',
      'demo',
      ['--interactive'],
      /Press Enter to begin/,
    ],
    [
      'demo:host --interactive at its prompt, where readline reads typing',
      'demo:host',
      ['--interactive'],
      /tool > /,
    ],
  ] as const)(
    'stops %s, with one calm line, and pnpm reports no failure',
    async (_what, script, args, at) => {
      const demo = inTerminal(script, args);
      await demo.waitFor(at);
      const { code, after } = await pressCtrlC(demo);
      expect(after).toContain('Stopped (Ctrl-C)');
      expect(demo.shown()).not.toContain('ELIFECYCLE');
      expect(code).toBe(0);
    },
    60_000,
  );

  it('stops pnpm serve after the SSE call in flight has its result, and pnpm reports no failure', async () => {
    const { fixture, args } = sseServe();
    const serve = inTerminal('serve', args);
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(await serve.waitFor(/Ctrl-C stops the server/))?.[0] ?? '';
    let pressed: Promise<{ code: number | null; after: string }> | undefined;
    const answer = await replayHttpFixture(fixture, url, {
      // The article's pace sends progress at 1 s and the result at 3 s: ^C once the stream is open.
      onChunk: () => {
        pressed ??= pressCtrlC(serve);
      },
    });
    expect(pressed, 'the stream sent nothing before its result').toBeDefined();
    const messages = (answer.events ?? []).map((event) => JSON.parse(event.data) as { id?: number });
    expect(messages.at(-1)?.id, 'the result of the call in flight').toBe(fixture.entry.jsonrpcId);
    const { code, after } = (await pressed) ?? { code: null, after: '' };
    expect(after).toMatch(/Ctrl-C: no new connections; waiting up to 4 s[\s\S]*Stopped \(Ctrl-C\)/);
    expect(serve.shown()).not.toContain('ELIFECYCLE');
    expect(code).toBe(0);
  }, 60_000);
});
