import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stdioEntry } from '@memos-kit/memos-mcp/entries';
import { entryArgs } from '@memos-kit/process';
import { padToWidth, stringWidth } from '@memos-kit/terminal';
import { compareJson, loadFixture } from '@memos-kit/wire';
import type { MessageKey } from '../messages.ts';
import { type Python, RUNNABLE_CLIENT, spawnPython } from '../python.ts';
import { formatEvent, type PipeEvent } from '../trace.ts';
import { ARRIVAL_TIMEOUT_MS, explain, type Lesson, type LessonContext, mark, note } from './lesson.ts';
import {
  bytesOn,
  compareWithFixture,
  fixtureBytes,
  fromRoot,
  pythonOrSay,
  shownCommand,
} from './python-pair.ts';
import { readEvents } from './tap-log.ts';

const TAP = fileURLToPath(new URL('./tap.ts', import.meta.url));
/** The pair's own server, and `pnpm mcp:stdio`'s entry, as the MCP adapter names it for other packages. */
const PAIR_SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
const FULL_SERVER = fileURLToPath(stdioEntry);

/**
 * A server's command as a host writes it in its configuration: this Node's absolute path, then the kit's
 * launcher and the entry by absolute path (entryArgs). No shell, no npx, no path relative to anywhere.
 */
const hostCommand = (entry: string, args: string[] = []) => [process.execPath, ...entryArgs(entry, args)];

interface ClientRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** What client.py printed on its stdout. */
  stdout: Buffer;
  /** Its stdout and stderr (the server's log, inherited), in the order they came: what a terminal shows. */
  terminal: string;
  /** The pipes between client.py and the server, as the tap saw them (only with the trace on). */
  events: PipeEvent[] | undefined;
}

/**
 * Runs the article's client.py, its runnable copy, with a server command after `--`; with the trace on, the
 * tap sits in front of the server and writes down what crosses the pipes. client.py waits for its answer
 * without a deadline, so the lesson gives it one and then ends it (the server then reads EOF and ends too).
 */
async function runPythonClient(ctx: LessonContext, python: Python, server: string[]): Promise<ClientRun> {
  const dir = ctx.trace ? mkdtempSync(join(tmpdir(), 'kit-tap-')) : undefined;
  const log = dir === undefined ? undefined : join(dir, 'pipes.jsonl');
  const command = log === undefined ? server : hostCommand(TAP, [log, '--', ...server]);
  // The kit's full server logs in the class's language, as `pnpm mcp:stdio` does with KIT_LANG set.
  const child = spawnPython(python, RUNNABLE_CLIENT, ['--', ...command], { KIT_LANG: ctx.lang });
  child.stdin.end();
  const stdout: Buffer[] = [];
  let terminal = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout.push(chunk);
    terminal += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    terminal += chunk.toString('utf8');
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), ARRIVAL_TIMEOUT_MS);
  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  clearTimeout(timer);
  try {
    return {
      code,
      signal,
      stdout: Buffer.concat(stdout),
      terminal,
      events: log ? readEvents(log) : undefined,
    };
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/** One run: the command, the terminal it leaves, the tap's trace, and the checks against the article. */
async function showRun(ctx: LessonContext, python: Python, intro: MessageKey, server: string[]) {
  const { printer, say } = ctx;
  mark(ctx, say(intro));
  printer.wire(`  $ ${shownCommand(python, [RUNNABLE_CLIENT, '--', ...server])}`);
  if (ctx.trace) note(ctx, say('tapNote', { tap: fromRoot(TAP) }));
  const run = await runPythonClient(ctx, python, server);
  printer.line();
  printer.line(printer.paint('muted', `  ${say('terminalOf')}`));
  for (const line of run.terminal.replace(/\n$/, '').split('\n')) printer.wire(`    ${line}`);
  if (run.events) {
    printer.line();
    for (const event of run.events)
      for (const line of formatEvent(event, printer.paint, printer.width, say)) printer.line(line);
  }
  printer.line();
  printer.verdict(run.code === 0, say('pyClientExit', { code: String(run.code ?? run.signal) }));
  compareWithFixture(ctx, 'clientOutput', run.stdout, 'stdout');
  if (run.events) compareWithFixture(ctx, 'wireA', bytesOn(run.events, 0), 'request');
  return run;
}

/** The response line against the article's: the same JSON value, byte for byte or not, and why not. */
function compareResponse(ctx: LessonContext, line: Buffer): boolean {
  const article = fixtureBytes('response');
  if (line.equals(article)) return compareWithFixture(ctx, 'wireB', line, 'response');
  const [got, want] = [JSON.parse(line.toString('utf8')), JSON.parse(article.toString('utf8'))];
  const same = compareJson(got, want, 'exact').length === 0;
  const file = fromRoot(loadFixture('stdio-tools-call').path('response'));
  ctx.printer.verdict(same, ctx.say(same ? 'sameValue' : 'otherValue', { what: ctx.say('wireB'), file }));
  // Where the bytes part: each side's key order and text, one line each, as they are on the wire.
  const labels = [ctx.say('kitWrites'), ctx.say('articleWrites')];
  const labelWidth = Math.max(...labels.map(stringWidth));
  for (const [index, value] of [got, want].entries()) {
    const keys = `{${Object.keys(value).join(', ')}}`;
    const text = value.result?.content?.[0]?.text ?? '';
    const label = padToWidth(labels[index] ?? '', labelWidth);
    ctx.printer.wire(`    ${ctx.printer.paint('muted', label)}  ${ctx.say('keysAndText', { keys, text })}`);
  }
  return same;
}

/**
 * The article's client.py (its runnable copy: the server's command can follow `--`) against the kit's
 * TypeScript servers: the pair's own, then the full MCP server started as a host starts it.
 */
export const pythonClient = {
  name: 'python-client',
  title: 'pyClientTitle',
  summary: 'pyClientSummary',
  async run(ctx) {
    const python = pythonOrSay(ctx);
    if (!python) return { python: false as const };
    ctx.printer.line();
    const pair = await showRun(ctx, python, 'pyClientPair', hostCommand(PAIR_SERVER));
    if (pair.events) compareWithFixture(ctx, 'wireB', bytesOn(pair.events, 1), 'response');
    ctx.printer.line();
    const full = await showRun(ctx, python, 'pyClientFull', hostCommand(FULL_SERVER, ['--dataset', 'empty']));
    if (full.events) compareResponse(ctx, bytesOn(full.events, 1));
    explain(ctx, 'pyClientParses', 'pyClientProtocol');
    return { python: true as const, pair, full };
  },
} satisfies Lesson;
