// `pnpm --filter @memos-kit/memos-rest serve`: the mock Memos REST API alone, on 127.0.0.1:5230.
import { closeOnSignals, listen } from '@memos-kit/process';
import { command, stopCause } from '@memos-kit/terminal';
import {
  bannerWords,
  dialectSetting,
  formatBanner,
  listenProblem,
  restServeCommand,
  serveSettings,
} from './cli-options.ts';

/** Long enough for a request in flight to finish, short enough that Ctrl-C still feels like a stop. */
const GRACE_MS = 3_000;

await command(restServeCommand, async ({ values, lang, paint }) => {
  const settings = serveSettings(values, lang);
  const dialect = dialectSetting(values.dialect, lang);
  const say = bannerWords(lang);
  // Express and the store load once the options are read: --help, --version and a wrong option never wait on them.
  const { createRestApp } = await import('./app.ts');
  const { app, store } = createRestApp({ dataset: settings.dataset, dialect });
  const server = await listen(app, { host: settings.host, port: settings.port }).catch((error: unknown) => {
    throw listenProblem(error, settings, lang);
  });
  process.stdout.write(
    `${formatBanner({ url: server.url, dataset: settings.dataset, dialect, store, paint, lang })}\n`,
  );
  // command() says "stopped" once this is done.
  closeOnSignals(async (signal) => {
    const seconds = GRACE_MS / 1000;
    process.stdout.write(`\n${say('stopping', { signal: stopCause(signal), seconds })}\n`);
    const { cutShort } = await server.close({ graceMs: GRACE_MS });
    if (cutShort) process.stdout.write(`${say('cutShort', { seconds })}\n`);
  });
});
