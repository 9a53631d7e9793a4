import { command } from '@memos-kit/terminal';
import { demoOptions, spec, TITLES } from './options.ts';

/**
 * fetch fails with "fetch failed" and keeps the reason (ECONNREFUSED, say) in `cause`: the one line a
 * failed run prints names both.
 * TOOLKIT-CANDIDATE: runCommand could print `error.cause` this way for every command.
 */
function withCause(error: unknown): unknown {
  if (!(error instanceof Error) || !(error.cause instanceof Error)) return error;
  return new Error(`${error.message} (${error.cause.message})`, { cause: error });
}

await command(spec, async (parsed) => {
  const options = demoOptions(parsed);
  const { paint } = parsed;
  const print = (line = '') => process.stdout.write(`${line}\n`);
  // The title first: loading the MCP adapter and its SDK takes a moment a class should not stare at.
  print(paint('bold', TITLES[options.lesson]));
  try {
    if (options.lesson === 'chunks') {
      const { runChunksLesson } = await import('./lesson-chunks.ts');
      return await runChunksLesson(print, paint, options);
    }
    if (options.lesson === 'proxy') {
      const { runProxyLesson } = await import('./lesson-proxy.ts');
      return await runProxyLesson(print, paint, options);
    }
    const { runStreamLesson } = await import('./lesson-stream.ts');
    return await runStreamLesson(print, paint, options);
  } catch (error) {
    throw withCause(error);
  }
});
