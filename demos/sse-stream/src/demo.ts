import { command } from '@memos-kit/terminal';
import { sayIn } from './messages.ts';
import { demoOptions, spec, TITLES } from './options.ts';

await command(spec, async (parsed) => {
  const options = demoOptions(parsed);
  const { paint } = parsed;
  const print = (line = '') => process.stdout.write(`${line}\n`);
  // The title first: loading the MCP adapter and its SDK takes a moment a class should not stare at.
  print(paint('bold', sayIn(options.lang)(TITLES[options.lesson])));
  if (options.lesson === 'chunks') {
    const { runChunksLesson } = await import('./lessons/chunks.ts');
    return await runChunksLesson(print, paint, options);
  }
  if (options.lesson === 'proxy') {
    const { runProxyLesson } = await import('./lessons/proxy.ts');
    return await runProxyLesson(print, paint, options);
  }
  const { runStreamLesson } = await import('./lessons/stream.ts');
  return await runStreamLesson(print, paint, options);
});
