import { parseOptions, TITLES, USAGE, UsageError } from './options.ts';
import { colourWanted, createStyle } from './style.ts';

async function main(argv: string[]): Promise<number> {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`demo:sse: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const style = createStyle(colourWanted(options.noColor));
  const print = (line = '') => process.stdout.write(`${line}\n`);
  // The title first: loading the MCP adapter and its SDK takes a moment a class should not stare at.
  print(style('bold', TITLES[options.lesson]));
  if (options.lesson === 'chunks') {
    const { runChunksLesson } = await import('./lesson-chunks.ts');
    return runChunksLesson(print, style, options);
  }
  if (options.lesson === 'proxy') {
    const { runProxyLesson } = await import('./lesson-proxy.ts');
    return runProxyLesson(print, style, options);
  }
  const { runStreamLesson } = await import('./lesson-stream.ts');
  return runStreamLesson(print, style, options);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Say what went wrong in a line (with fetch's underlying cause, e.g. ECONNREFUSED); the stack on request.
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    const text = error instanceof Error ? `${error.message}${cause}` : String(error);
    const stack = process.env.DEBUG && error instanceof Error ? `\n${error.stack}` : '';
    process.stderr.write(`demo:sse failed: ${text}${stack}\n`);
    process.exitCode = 1;
  },
);
