// `pnpm demo:features`: what MCP offers besides tools, on the wire, against the Memos adapter's full profile.
import { command } from '@memos-kit/terminal';
import { messages } from './messages.ts';
import { demoSpec } from './options.ts';
import { Printer } from './printer.ts';

await command(demoSpec, async ({ paint, width, lang }) => {
  // The server and the SDK load once the options are read: --help, --version and a wrong option never wait on them.
  const { runFeatures } = await import('./run.ts');
  const failures = await runFeatures(new Printer(paint, width), messages.in(lang));
  // A check that failed makes the run fail, so a broken lesson never passes silently.
  return failures === 0 ? 0 : 1;
});
