import { type Paint, wrapText } from '@memos-kit/terminal';
import { formatDifferences, matchResponse, parseSse } from '@memos-kit/wire';
import { loadArticleRequest } from './article-request.ts';
import { streamCall } from './live-call.ts';
import type { DemoOptions } from './options.ts';
import { warmUp } from './proxied-call.ts';
import { startDemoServer } from './server.ts';
import { createCallPrinter, type Print, printSideBySide } from './show-call.ts';

/** The main demo: the article's id 6 call, live, read by read. Returns the exit code. */
export async function runStreamLesson(print: Print, paint: Paint, options: DemoOptions): Promise<number> {
  const request = loadArticleRequest();
  const server = await startDemoServer(options);
  try {
    for (const line of wrapText(`Server: ${server.label}`, options.width - 1)) print(paint('dim', line));
    await warmUp(server.url);
    print(
      paint(
        'dim',
        "It answered one plain call first (the article's id 1), so start-up work does not blur the times.",
      ),
    );
    print(paint('dim', 'Times are milliseconds since the request went out.'));
    print();
    const outcome = await streamCall(server.url, request, {
      observe: createCallPrinter(print, paint, request, options.width),
    });
    printSideBySide(print, paint, outcome.teaching, outcome.library);

    print();
    const match = matchResponse(request.fixture, {
      status: outcome.status,
      headers: outcome.headers,
      body: new TextDecoder().decode(outcome.bytes),
      events: outcome.library,
    });
    if (match.ok) {
      print(
        paint(
          'green',
          `✓ Same status, headers, event framing and messages as the article (${match.against}).`,
        ),
      );
      const articleData = parseSse(request.fixture.text('body')).map((event) => event.data);
      const reordered = outcome.library.filter((event, index) => event.data !== articleData[index]).length;
      const lines = reordered === 1 ? '1 data line lists' : `${reordered} data lines list`;
      const note = `(JSON compared as values: ${lines} the keys in another order than the article, which changes no meaning.)`;
      if (reordered > 0)
        for (const line of wrapText(note, options.width - 4)) print(paint('dim', `  ${line}`));
      return 0;
    }
    print(paint('red', `✗ The live response differs from the article (${match.against}):`));
    print(formatDifferences(match, { paint }));
    if (options.url) {
      print(paint('dim', "The kit's own server gives the article's pace and result when started with"));
      print(paint('dim', '  pnpm serve --pace article --dataset empty'));
    }
    return 1;
  } finally {
    await server.close();
  }
}
