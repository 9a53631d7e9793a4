import { type Paint, wrapText } from '@memos-kit/terminal';
import { formatDifferences, matchResponse, parseSse } from '@memos-kit/wire';
import { loadArticleRequest } from '../article-request.ts';
import { streamCall } from '../live-call.ts';
import { sayIn } from '../messages.ts';
import type { DemoOptions } from '../options.ts';
import { warmUp } from '../proxied-call.ts';
import { startDemoServer } from '../server.ts';
import { createCallPrinter, type Print, printSideBySide } from '../show-call.ts';

/** The main demo: the article's id 6 call, live, read by read. Returns the exit code. */
export async function runStreamLesson(print: Print, paint: Paint, options: DemoOptions): Promise<number> {
  const say = sayIn(options.lang);
  const narrate = (text: string) => {
    for (const line of wrapText(text, options.width - 1)) print(paint('muted', line));
  };
  const request = loadArticleRequest();
  const server = await startDemoServer(options);
  try {
    narrate(say('serverLine', { label: server.label }));
    await warmUp(server.url);
    narrate(say('warmedUp'));
    narrate(say('timesSince'));
    print();
    const outcome = await streamCall(server.url, request, {
      observe: createCallPrinter(print, paint, say, request, options.width),
    });
    printSideBySide(print, paint, say, outcome.teaching, outcome.library);

    print();
    const match = matchResponse(request.fixture, {
      status: outcome.status,
      headers: outcome.headers,
      body: new TextDecoder().decode(outcome.bytes),
      events: outcome.library,
    });
    if (match.ok) {
      for (const line of wrapText(say('matchOk', { against: match.against }), options.width - 1))
        print(paint('green', line));
      const articleData = parseSse(request.fixture.text('body')).map((event) => event.data);
      const reordered = outcome.library.filter((event, index) => event.data !== articleData[index]).length;
      const note = say(reordered === 1 ? 'reorderedOne' : 'reorderedMany', { count: reordered });
      if (reordered > 0)
        for (const line of wrapText(note, options.width - 4)) print(paint('muted', `  ${line}`));
      return 0;
    }
    print(paint('red', say('matchFailed', { against: match.against })));
    print(formatDifferences(match, { paint, lang: options.lang }));
    if (options.url) {
      print(paint('muted', say('serveHint')));
      print(paint('muted', '  pnpm serve --pace article --dataset empty'));
    }
    return 1;
  } finally {
    await server.close();
  }
}
