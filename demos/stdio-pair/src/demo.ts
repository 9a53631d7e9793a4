/**
 * `pnpm demo:stdio`: the article's client and server over real pipes, then the bytes that crossed
 * them. `--lesson <name>` replays one of the classic stdio mistakes instead.
 */
import { closeOnSignals } from '@memos-kit/process';
import { command, type Paint, type ParsedCommand, table, UsageError, wrapText } from '@memos-kit/terminal';
import { liveServers, runClient } from './client.ts';
import { type LessonContext, lessons } from './lessons/index.ts';
import { messages, type Translate } from './messages.ts';
import { spec } from './options.ts';
import { formatEvent, legend, type PipeEvent, tracePipes } from './trace.ts';

const LESSON_TIMEOUT_MS = 1500;

const print = (line: string) => process.stdout.write(`${line}\n`);

const lessonNames = new Set(['all', ...lessons.map((lesson) => lesson.name)]);

async function main({ values, paint, width, lang }: ParsedCommand<typeof spec.options>): Promise<void> {
  // Ctrl-C in class must not leave a server (or a lesson's faulty one) behind.
  closeOnSignals(async () => {
    for (const server of liveServers) server.kill('SIGKILL');
  });
  const t = messages.in(lang);
  if (values.trace !== 'on' && values.trace !== 'off')
    throw new UsageError(t('badTrace', { value: values.trace }));
  if (values.lesson !== undefined && !lessonNames.has(values.lesson))
    throw new UsageError(t('noLesson', { name: values.lesson }));
  const trace = values.trace === 'on';
  if (values['list-lessons']) return listLessons(paint, width, t);
  if (values.lesson !== undefined)
    return runLesson(values.lesson, { paint, width, say: print, t, trace, timeoutMs: LESSON_TIMEOUT_MS });
  return runArticlePair(paint, width, trace, t);
}

function listLessons(paint: Paint, width: number, t: Translate): void {
  for (const line of table(
    lessons.map((lesson) => [`  ${paint('bold', lesson.name)}`, t(lesson.pitfall)]),
    { width },
  ))
    print(line);
  print('');
  for (const line of wrapText(t('runOneLesson', { name: lessons[0]?.name ?? '' }), width)) print(line);
}

/**
 * The article's run, then the trace. Only the trace speaks the class's language: the two lines before it
 * are the server's log and the client's result, the article's bytes.
 */
async function runArticlePair(paint: Paint, width: number, trace: boolean, t: Translate): Promise<void> {
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
  print(paint('bold', t('pipesTitle')));
  for (const event of events) for (const line of formatEvent(event, paint, width, t)) print(line);
  print('');
  for (const line of legend(paint, width, t)) print(line);
  print('');
  print(paint('muted', t('nextListLessons')));
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
  ctx.say(ctx.paint('muted', next ? ctx.t('nextLesson', { name: next.name }) : ctx.t('lastLesson')));
}

async function showLesson(index: number, ctx: LessonContext): Promise<void> {
  const lesson = lessons[index];
  if (!lesson) return;
  const heading = ctx.t('lessonHeading', {
    number: index + 1,
    total: lessons.length,
    title: ctx.t(lesson.title),
  });
  ctx.say(`${ctx.paint('bold', heading)}  (${lesson.name})`);
  for (const line of wrapText(ctx.t(lesson.pitfall), ctx.width)) ctx.say(ctx.paint('muted', line));
  ctx.say('');
  await lesson.run(ctx);
}

await command(spec, main);
