/**
 * `pnpm demo:stdio`: the article's client and server over real pipes, then the bytes that crossed
 * them. `--lesson <name>` replays one of the classic stdio mistakes instead.
 */
import { parseArgs } from 'node:util';
import { liveServers, runClient } from './client.ts';
import { type LessonContext, lessons } from './lessons/index.ts';
import { colorWanted, createPainter, type Paint, SCREEN_WIDTH, wrap } from './terminal.ts';
import { formatEvent, legend, type PipeEvent, tracePipes } from './trace.ts';

const HELP = `Usage: pnpm demo:stdio [options]

Runs the minimal stdio client, which starts the minimal server as a child process, sends one
tools/call request (id 6) as one line and prints the structuredContent of the response.

Options:
  --trace on|off       after the run, show the bytes that crossed each pipe (default: on)
  --lesson <name>      replay one stdio pitfall instead (see --list-lessons), or all of them
  --list-lessons       list the pitfall lessons
  --no-color           plain text (NO_COLOR works too)
  -h, --help           this text
`;

const LESSON_TIMEOUT_MS = 1500;

const OPTIONS = {
  trace: { type: 'string', default: 'on' },
  lesson: { type: 'string' },
  'list-lessons': { type: 'boolean', default: false },
  'no-color': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

async function main(argv: string[]): Promise<number> {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS }));
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  const paint = createPainter(colorWanted(argv));
  if (values.help) return print(HELP);
  if (values.trace !== 'on' && values.trace !== 'off') {
    return fail(`--trace takes on or off, not ${JSON.stringify(values.trace)}`);
  }
  const trace = values.trace === 'on';
  if (values['list-lessons']) {
    for (const lesson of lessons) {
      const [first, ...rest] = wrap(lesson.pitfall, SCREEN_WIDTH - 23);
      print(`  ${paint('bold', lesson.name.padEnd(20))} ${first}`);
      for (const line of rest) print(`${' '.repeat(23)}${line}`);
    }
    return print(`\nRun one with: pnpm demo:stdio --lesson ${lessons[0]?.name}  (or --lesson all)`);
  }
  if (values.lesson !== undefined)
    return runLesson(values.lesson, { paint, say: print, trace, timeoutMs: LESSON_TIMEOUT_MS });
  return runArticlePair(paint, trace);
}

async function runArticlePair(paint: Paint, trace: boolean): Promise<number> {
  const events: PipeEvent[] = [];
  let closed: Promise<unknown> = Promise.resolve();
  await runClient({
    // With the trace on, the server's stderr comes through a third pipe so its bytes can be
    // counted; it is copied to our stderr as it arrives. With --trace off it is inherited, as in the article.
    stderr: trace ? 'pipe' : 'inherit',
    onSpawn: (server) => {
      if (!trace) return;
      // The client is done once the server has exited; the trace also wants the pipes' last bytes.
      closed = new Promise((resolve) => server.once('close', resolve));
      tracePipes(server, (event) => {
        events.push(event);
        if (event.kind === 'bytes' && event.fd === 2) process.stderr.write(event.bytes);
      });
    },
  });
  if (!trace) return 0;
  await closed;
  print('');
  print(paint('bold', 'The bytes on the pipes, as the client saw them'));
  for (const event of events) for (const line of formatEvent(event, paint)) print(line);
  print('');
  for (const line of legend(paint)) print(line);
  print('');
  print(paint('dim', 'Next: pnpm demo:stdio --list-lessons'));
  return 0;
}

async function runLesson(name: string, ctx: LessonContext): Promise<number> {
  if (name === 'all') {
    // One after the other, so no "Next: ..." hint: the next lesson is already on its way.
    for (const index of lessons.keys()) {
      if (index > 0) ctx.say('');
      await showLesson(index, ctx);
    }
    return 0;
  }
  const index = lessons.findIndex((lesson) => lesson.name === name);
  if (index === -1) return fail(`no lesson named ${JSON.stringify(name)}; try --list-lessons`);
  await showLesson(index, ctx);
  const next = lessons[index + 1];
  ctx.say('');
  ctx.say(
    ctx.paint('dim', next ? `Next: pnpm demo:stdio --lesson ${next.name}` : 'That was the last lesson.'),
  );
  return 0;
}

async function showLesson(index: number, ctx: LessonContext): Promise<void> {
  const lesson = lessons[index];
  if (!lesson) return;
  ctx.say(`${ctx.paint('bold', `Lesson ${index + 1}/${lessons.length}: ${lesson.title}`)}  (${lesson.name})`);
  for (const line of wrap(lesson.pitfall, SCREEN_WIDTH)) ctx.say(ctx.paint('dim', line));
  ctx.say('');
  await lesson.run(ctx);
}

function print(line: string): number {
  process.stdout.write(`${line}\n`);
  return 0;
}

function fail(message: string): number {
  process.stderr.write(`demo:stdio: ${message}\n\n${HELP}`);
  return 2;
}

process.once('SIGINT', () => {
  for (const server of liveServers) server.kill('SIGKILL');
  process.exit(130);
});

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`demo:stdio: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
