/**
 * `pnpm demo:stdio`: the article's client and server over real pipes, then the bytes that crossed
 * them. `--lesson <name>` replays one of the classic stdio mistakes instead.
 */
import { closeOnSignals } from '@memos-kit/process';
import { command, type ParsedCommand, Printer, table, UsageError } from '@memos-kit/terminal';
import { liveServers, runClient } from './client.ts';
import { type Lesson, type LessonContext, lessons, pitfalls, pythonLessons } from './lessons/index.ts';
import { messages, type Say } from './messages.ts';
import { spec } from './options.ts';
import { formatEvent, legend, type PipeEvent, tracePipes } from './trace.ts';

const LESSON_TIMEOUT_MS = 1500;

const lessonNames = new Set(['all', ...lessons.map((lesson) => lesson.name)]);

async function main({ values, paint, width, lang }: ParsedCommand<typeof spec.options>): Promise<void> {
  // Ctrl-C in class must not leave a server (or a lesson's faulty one) behind.
  closeOnSignals(async () => {
    for (const server of liveServers) server.kill('SIGKILL');
  });
  const t = messages.in(lang);
  const printer = new Printer({ paint, width });
  if (values.trace !== 'on' && values.trace !== 'off')
    throw new UsageError(t('badTrace', { value: values.trace }));
  if (values.lesson !== undefined && !lessonNames.has(values.lesson))
    throw new UsageError(t('noLesson', { name: values.lesson }));
  const trace = values.trace === 'on';
  if (values['list-lessons']) return listLessons(printer, t);
  if (values.lesson !== undefined)
    return runLesson(values.lesson, { printer, say: t, lang, trace, timeoutMs: LESSON_TIMEOUT_MS });
  return runArticlePair(printer, trace, t);
}

function listLessons(printer: Printer, t: Say): void {
  const group = (heading: string, members: Lesson[]) => {
    printer.line(printer.paint('bold', heading));
    const rows = members.map((lesson) => [`  ${printer.paint('bold', lesson.name)}`, t(lesson.summary)]);
    for (const line of table(rows, { width: printer.width })) printer.line(line);
    printer.line();
  };
  group(t('pitfallsHeading'), pitfalls);
  group(t('pythonHeading'), pythonLessons);
  printer.prose(t('runOneLesson', { name: lessons[0]?.name ?? '' }));
}

/**
 * The article's run, then the trace. Only the trace speaks the class's language: the two lines before it
 * are the server's log and the client's result, the article's bytes.
 */
async function runArticlePair(printer: Printer, trace: boolean, t: Say): Promise<void> {
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
  const { paint, width } = printer;
  printer.line();
  printer.line(paint('bold', t('pipesTitle')));
  for (const event of events) for (const line of formatEvent(event, paint, width, t)) printer.line(line);
  printer.line();
  for (const line of legend(paint, width, t)) printer.line(line);
  printer.line();
  printer.line(paint('muted', t('nextListLessons')));
}

async function runLesson(name: string, ctx: LessonContext): Promise<void> {
  if (name === 'all') {
    // One after the other, so no "Next: ..." hint: the next lesson is already on its way.
    for (const index of lessons.keys()) {
      if (index > 0) ctx.printer.line();
      await showLesson(index, ctx);
    }
    return;
  }
  const index = lessons.findIndex((lesson) => lesson.name === name);
  await showLesson(index, ctx);
  const next = lessons[index + 1];
  ctx.printer.line();
  ctx.printer.line(
    ctx.printer.paint('muted', next ? ctx.say('nextLesson', { name: next.name }) : ctx.say('lastLesson')),
  );
}

async function showLesson(index: number, ctx: LessonContext): Promise<void> {
  const lesson = lessons[index];
  if (!lesson) return;
  const { printer } = ctx;
  const heading = ctx.say('lessonHeading', {
    number: index + 1,
    total: lessons.length,
    title: ctx.say(lesson.title),
  });
  printer.line(`${printer.paint('bold', heading)}  (${lesson.name})`);
  printer.prose(ctx.say(lesson.summary), { role: 'muted' });
  printer.line();
  await lesson.run(ctx);
}

await command(spec, main);
