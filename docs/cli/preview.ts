// `pnpm docs:preview`: the site `pnpm docs:build` built, served on 127.0.0.1 as the kit's servers are.
// VitePress's own preview listens on every interface and has no option to narrow it, so the kit serves the
// build itself, with the same small server the playground and the browser test use.
import { closeOnSignals } from '@memos-kit/process';
import { type CommandSpec, command, type OptionSpecs, UsageError, wrapText } from '@memos-kit/terminal';
import { previewWords } from './messages.ts';
import { dirOption, portFrom, serveSite, siteDir, siteState, userDir } from './site.ts';

const PORT = 4173;

const options = {
  port: {
    type: 'string',
    short: 'p',
    value: 'N',
    help: {
      zh: `监听的端口（默认 ${PORT}；0 表示任选一个空闲端口）；只监听 127.0.0.1，只有本机能访问`,
      en: `port to listen on (default ${PORT}; 0 picks a free one); it listens on 127.0.0.1 only, so only this machine can reach it`,
    },
  },
  ...dirOption,
} as const satisfies OptionSpecs;

const previewCommand = {
  name: 'pnpm docs:preview',
  summary: {
    zh: '在 127.0.0.1 上提供 pnpm docs:build 构建好的文档站（docs/.vitepress/dist），看到的就是发布出去的样子。构建之后源文件又改过时会提醒你。',
    en: 'Serves the docs site pnpm docs:build built (docs/.vitepress/dist) on 127.0.0.1, as it will be published. Says so when a source changed after the build.',
  },
  options,
} satisfies CommandSpec<typeof options>;

await command(previewCommand, async ({ values, lang, paint, width }) => {
  const say = previewWords.in(lang);
  const port = portFrom(values.port, PORT);
  if (port === null) throw new UsageError(say('badPort', { value: String(values.port) }));
  const dir = values.dir === undefined ? siteDir : userDir(values.dir);
  const shown = values.dir ?? 'docs/.vitepress/dist';
  const state = values.dir === undefined ? siteState(dir) : siteState(dir, []);
  if (state.state === 'missing') throw new Error(say('missing', { dir: shown }));

  const site = await serveSite(dir, { port }).catch((error: unknown) => {
    throw new Error(say('failed', { port, reason: error instanceof Error ? error.message : String(error) }));
  });
  const lines = [
    ...wrapText(say('serving', { dir: shown }), width),
    `  ${paint('cyan', `${site.url}/`)}`,
    ...(state.state === 'stale' ? wrapText(say('stale', { file: state.newer }), width) : []),
    paint('dim', say('stop')),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  closeOnSignals(async () => {
    await site.close();
    process.stdout.write(`${say('stopped')}\n`);
  });
  // Serving until a signal: closeOnSignals exits.
  return undefined;
});
