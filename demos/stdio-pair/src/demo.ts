/**
 * `pnpm demo:stdio`: the article's client and server over real pipes, then the bytes that crossed
 * them. `--lesson <name>` replays one of the classic stdio mistakes instead.
 */
import { closeOnSignals } from '@memos-kit/process';
import { command, type Paint, type ParsedCommand, table, UsageError, wrapText } from '@memos-kit/terminal';
import { liveServers, runClient } from './client.ts';
import { type LessonContext, lessons } from './lessons/index.ts';
import { errors, spec } from './options.ts';
import { formatEvent, legend, type PipeEvent, tracePipes } from './trace.ts';

const LESSON_TIMEOUT_MS = 1500;

const print = (line: string) => process.stdout.write(`${line}\n`);

const lessonNames = new Set(['all', ...lessons.map((lesson) => lesson.name)]);

async function main({ values, paint, width, lang }: ParsedCommand<typeof spec.options>): Promise<void> {
  const error = errors.in(lang);
  if (values.trace !== 'on' && values.trace !== 'off')
    throw new UsageError(error('badTrace', { value: values.trace }));
  if (values.lesson !== undefined && !lessonNames.has(values.lesson))
    throw new UsageError(error('noLesson', { name: values.lesson }));
  const trace = values.trace === 'on';
  if (values['list-lessons']) return listLessons(paint, width);
  if (values.lesson !== undefined)
    return runLesson(values.lesson, { paint, width, say: print, trace, timeoutMs: LESSON_TIMEOUT_MS });
  return runArticlePair(paint, width, trace);
}

function listLessons(paint: Paint, width: number): void {
  for (const line of table(
    lessons.map((lesson) => [`  ${paint('bold', lesson.name)}`, lesson.pitfall]),
    { width },
  ))
    print(line);
  print(`\nRun one with: pnpm demo:stdio --lesson ${lessons[0]?.name}  (or --lesson all)`);
}

async function runArticlePair(paint: Paint, width: number, trace: boolean): Promise<void> {
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
  if (!trace) return;
  await closed;
  print('');
  print(paint('bold', 'The bytes on the pipes, as the client saw them'));
  for (const event of events) for (const line of formatEvent(event, paint, width)) print(line);
  print('');
  for (const line of legend(paint)) print(line);
  print('');
  print(paint('dim', 'Next: pnpm demo:stdio --list-lessons'));
}

async function runLesson(name: string, ctx: LessonContext): Promise<void> {
  if (name === 'all') {
    // One after the other, so no "Next: ..." hint: the next lesson is already on its way.
    for (const index of lessons.keys()) {
      if (index > 0) ctx.say('');
      await showLesson(index, ctx);
    }
    return;
  }
  const index = lessons.findIndex((lesson) => lesson.name === name);
  await showLesson(index, ctx);
  const next = lessons[index + 1];
  ctx.say('');
  ctx.say(
    ctx.paint('dim', next ? `Next: pnpm demo:stdio --lesson ${next.name}` : 'That was the last lesson.'),
  );
}

async function showLesson(index: number, ctx: LessonContext): Promise<void> {
  const lesson = lessons[index];
  if (!lesson) return;
  ctx.say(`${ctx.paint('bold', `Lesson ${index + 1}/${lessons.length}: ${lesson.title}`)}  (${lesson.name})`);
  for (const line of wrapText(lesson.pitfall, ctx.width)) ctx.say(ctx.paint('dim', line));
  ctx.say('');
  await lesson.run(ctx);
}

// Ctrl-C in class must not leave a server (or a lesson's faulty one) behind.
closeOnSignals(async () => {
  for (const server of liveServers) server.kill('SIGKILL');
});

await command(spec, main);
