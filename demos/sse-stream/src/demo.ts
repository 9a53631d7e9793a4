// `pnpm demo:sse`: the article's Streamable HTTP response with SSE, read as it arrives; `--lesson chunks`
// and `--lesson proxy` (src/lessons/) show what a read and a proxy do to the same bytes.
import { command, Printer } from '@memos-kit/terminal';
import { messages } from './messages.ts';
import { demoOptions, spec, TITLES } from './options.ts';

await command(spec, async (parsed) => {
  const options = demoOptions(parsed);
  const printer = new Printer({ paint: parsed.paint, width: parsed.width });
  // The title first: loading the MCP adapter and its SDK takes a moment a class should not stare at.
  printer.title(messages.t(options.lang, TITLES[options.lesson]));
  if (options.lesson === 'chunks') {
    const { runChunksLesson } = await import('./lessons/chunks.ts');
    return await runChunksLesson(printer, options);
  }
  if (options.lesson === 'proxy') {
    const { runProxyLesson } = await import('./lessons/proxy.ts');
    return await runProxyLesson(printer, options);
  }
  const { runStreamLesson } = await import('./lessons/stream.ts');
  return await runStreamLesson(printer, options);
});
