// `pnpm serve`: the mock Memos REST API on 127.0.0.1:5230.
import { createRestApp } from './app.ts';
import { closeOnSignals, formatBanner, parseServeOptions, serveUsage } from './cli-options.ts';
import { listen } from './server.ts';

async function main(): Promise<void> {
  let options: ReturnType<typeof parseServeOptions>;
  try {
    options = parseServeOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${serveUsage()}`);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    console.log(serveUsage());
    return;
  }
  let created: ReturnType<typeof createRestApp>;
  try {
    created = createRestApp({ dataset: options.dataset });
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
    return;
  }
  let server: Awaited<ReturnType<typeof listen>>;
  try {
    server = await listen(created.app, options.host, options.port);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const hint = code === 'EADDRINUSE' ? ` (port ${options.port} is taken: try --port 0)` : '';
    console.error(`cannot listen on ${options.host}:${options.port}: ${(error as Error).message}${hint}`);
    process.exitCode = 1;
    return;
  }
  console.log(
    formatBanner({ url: server.url, dataset: options.dataset, store: created.store, color: options.color }),
  );
  closeOnSignals(server.close);
}

await main();
