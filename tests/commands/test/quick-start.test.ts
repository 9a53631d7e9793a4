// The quick-start page run the way a new user runs it: every command of its `sh` blocks, in the page's
// order, taken from the page itself (so the page cannot drift from what is tested), and the output checked
// against what the page's prose says right after the command. Servers the page starts run on a free
// loopback port and are stopped at the end; curl runs as a file with its arguments, never through a shell.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type PageCommand, pageCommands } from './page-commands.ts';
import { root, rootScripts, runScript, startScript } from './pnpm.ts';

/** The host and port the page's curl lines use, which is `pnpm serve`'s default. */
const PAGE_ORIGIN = 'http://127.0.0.1:5230';

type Kind = 'setup' | 'serve' | 'script' | 'curl';

/** What the test does with a command. Anything else on the page is a command nobody has tried. */
function kindOf([program, first]: string[]): Kind | null {
  if (program === 'npm' && first === 'install') return 'setup';
  if (program === 'pnpm' && first === 'install') return 'setup';
  if (program === 'pnpm' && first === 'serve') return 'serve';
  if (program === 'pnpm' && first !== undefined && first in rootScripts) return 'script';
  if (program === 'curl') return 'curl';
  return null;
}

/**
 * What the page promises after a command, as phrases that must appear both in that prose and in the
 * output, so a page that stops promising one, or a kit that stops printing it, fails here.
 */
const promises: { command: RegExp; phrases: string[] }[] = [
  { command: /^pnpm serve$/, phrases: ['workshop', '/api/v1', '/mcp'] },
  {
    command: /^curl .*\/api\/v1\/memos/,
    phrases: [
      'HTTP/1.1 200 OK',
      'memos/lunch-poll',
      'Friday lunch: dumplings or noodles? React below.',
      'nextPageToken',
    ],
  },
  {
    command: /^curl .*\/mcp /,
    phrases: ['HTTP/1.1 200 OK', '"id":6', 'memos/lunch-poll', 'structuredContent'],
  },
  {
    command: /^pnpm demo( --lang en)?$/,
    phrases: [
      'GET /api/v1/memos?pageSize=1&filter=',
      '200 OK',
      '{"memos":[]}',
      'POST /mcp',
      'Mcp-Method: tools/call',
      'Mcp-Name: memo_list_memos',
      'server/discover',
    ],
  },
];

/** The sentence the page quotes as the tour's last line, in “…” (zh) or "…" (en). */
function quotedLastLine(prose: string): string | null {
  return (/最后一行是“([^”]+)”/.exec(prose) ?? /the last line reads "([^"]+)"/.exec(prose))?.[1] ?? null;
}

/** Runs curl with the page's arguments (no shell), bounded in time, and returns what it printed. */
function curl(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('curl', ['--max-time', '10', ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = { stdout: '', stderr: '' };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out.stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      out.stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, ...out });
    });
  });
}

function expectPromises(command: PageCommand, output: string): void {
  const promise = promises.find((entry) => entry.command.test(command.line));
  expect(promise, `nothing checks what the page says after ${command.line}`).toBeDefined();
  for (const phrase of promise?.phrases ?? []) {
    expect(command.prose, `the page no longer says ${phrase} after ${command.line}`).toContain(phrase);
    expect(output, `${command.line} does not show ${phrase}`).toContain(phrase);
  }
}

const pages = ['docs/guide/quick-start.md', 'docs/en/guide/quick-start.md'];

describe.each(pages)('%s, command by command', (page) => {
  const commands = pageCommands(readFileSync(join(root, page), 'utf8'));
  let server: ReturnType<typeof startScript> | undefined;
  let origin = '';

  afterAll(async () => {
    const stopped = await server?.interrupt();
    if (stopped) expect(stopped.signal ?? stopped.code).not.toBeNull();
  });

  it('gives the commands this test knows how to run', () => {
    expect(commands.map((command) => command.argv[0])).toEqual(
      expect.arrayContaining(['npm', 'pnpm', 'curl']),
    );
    for (const command of commands) expect(kindOf(command.argv), command.line).not.toBeNull();
  });

  for (const command of commands) {
    const kind = kindOf(command.argv);
    const [, script = '', ...args] = command.argv;

    it(command.line, async () => {
      if (kind === 'setup') {
        // Installing changes the machine, so it is not run; the version it installs must be the repo's.
        const wanted = (
          JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { packageManager: string }
        ).packageManager;
        if (command.argv[0] === 'npm') expect(command.argv).toContain(wanted);
        return;
      }
      if (kind === 'serve') {
        // The page's port may be taken (a student's own server, a parallel test), so the server runs on a
        // free one and the page's curl lines are pointed there; the page's port must still be the default.
        const help = await runScript('serve', ['--help', '--lang', 'en']);
        expect(help.stdout).toContain(`default ${new URL(PAGE_ORIGIN).port}`);
        await server?.interrupt();
        server = startScript('serve', [...args, '--port', '0']);
        const banner = await server.waitFor(/Ctrl-C/);
        origin = /http:\/\/127\.0\.0\.1:\d+/.exec(banner)?.[0] ?? '';
        expect(origin).not.toBe('');
        expectPromises(command, banner);
        return;
      }
      if (kind === 'curl') {
        expect(origin, 'the page runs curl before it starts a server').not.toBe('');
        const urls = command.argv.filter((arg) => /^https?:/.test(arg));
        expect(urls.length).toBeGreaterThan(0);
        for (const url of urls) expect(url.startsWith(`${PAGE_ORIGIN}/`), url).toBe(true);
        const run = await curl(
          command.argv
            .slice(1)
            .map((arg) => (arg.startsWith(PAGE_ORIGIN) ? origin + arg.slice(PAGE_ORIGIN.length) : arg)),
        );
        expect(run.code, run.stderr).toBe(0);
        expectPromises(command, run.stdout);
        return;
      }
      const run = await runScript(script, args, { timeoutMs: 120_000 });
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
      expectPromises(command, run.stdout);
      if (script === 'demo') {
        const lastLine = quotedLastLine(command.prose);
        expect(lastLine, 'the page quotes the tour’s last line').not.toBeNull();
        // The terminal wraps the line at 100 columns, so the comparison sets line breaks aside.
        const squeeze = (text: string) => text.replace(/\s+/g, '');
        expect(squeeze(run.stdout).endsWith(squeeze(lastLine ?? '')), run.stdout.slice(-400)).toBe(true);
      }
    }, 150_000);
  }
});
