import { closeOnSignals } from '@memos-kit/process';
import { parseSse } from '@memos-kit/protocol';
import type { Printer } from '@memos-kit/terminal';
import { formatDifferences, matchResponse } from '@memos-kit/wire';
import { loadArticleRequest } from '../article-request.ts';
import { streamCall } from '../live-call.ts';
import { messages } from '../messages.ts';
import type { DemoOptions } from '../options.ts';
import { warmUp } from '../proxied-call.ts';
import { startDemoServer } from '../server.ts';
import { createCallPrinter, printSideBySide } from '../show-call.ts';

/** The main demo: the article's id 6 call, live, read by read. Returns the exit code. */
export async function runStreamLesson(printer: Printer, options: DemoOptions): Promise<number> {
  const say = messages.in(options.lang);
  const { paint } = printer;
  const request = loadArticleRequest();
  const server = await startDemoServer(options);
  const release = closeOnSignals(() => server.close());
  try {
    printer.prose(say('serverLine', { label: server.label }), { role: 'muted' });
    await warmUp(server.url);
    printer.prose(say('warmedUp'), { role: 'muted' });
    printer.prose(say('timesSince'), { role: 'muted' });
    printer.line();
    const outcome = await streamCall(server.url, request, {
      observe: createCallPrinter(printer, say, request),
    });
    printSideBySide(printer, say, outcome.teaching, outcome.library);

    printer.line();
    const match = matchResponse(request.fixture, {
      status: outcome.status,
      headers: outcome.headers,
      body: new TextDecoder().decode(outcome.bytes),
      events: outcome.library,
    });
    if (match.ok) {
      printer.verdict(true, say('matchOk', { against: match.against }), { indent: '' });
      const articleData = parseSse(request.fixture.text('body')).map((event) => event.data);
      const reordered = outcome.library.filter((event, index) => event.data !== articleData[index]).length;
      const note = say(reordered === 1 ? 'reorderedOne' : 'reorderedMany', { count: reordered });
      if (reordered > 0) printer.note(note);
      return 0;
    }
    printer.verdict(false, say('matchFailed', { against: match.against }), { indent: '' });
    printer.line(formatDifferences(match, { paint, lang: options.lang }));
    if (options.url) {
      printer.line(paint('muted', say('serveHint')));
      printer.line(paint('muted', '  pnpm serve --pace article --dataset empty'));
    }
    return 1;
  } finally {
    release();
    await server.close();
  }
}
