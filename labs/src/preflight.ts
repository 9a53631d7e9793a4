// `pnpm preflight`: one line per thing a class needs on this machine, each with its fix. Exit 1 when a
// required one fails; Chromium and nginx are optional and never fail it, nor does a starter that differs
// from the committed one (a warning: the class runs, but that lab is already done).
import { type CommandSpec, command, type OptionSpecs, wrapText } from '@memos-kit/terminal';
import { workdir } from './catalog.ts';
import { say } from './messages.ts';

const spec = {
  name: 'pnpm preflight',
  summary: {
    zh: '课前检查学生机器：Node 版本、pnpm、依赖是否装全、课上要用的端口（5230、5240、5173）是否空闲、可选的 Chromium 和 nginx、装好之后能否离线上课，以及练习的 starter 是否还是提交时的样子。每项一行，有问题时给出修复办法。',
    en: 'Checks a student machine before class: the Node version, pnpm, whether the install is complete, whether the class ports (5230, 5240, 5173) are free, the optional Chromium and nginx, whether the kit works offline once installed, and whether the labs’ starters are still as committed. One line per item, with the fix when something is wrong.',
  },
  options: {
    json: {
      type: 'boolean',
      help: { zh: '输出 JSON（每项一个对象）', en: 'print JSON (one object per item)' },
    },
  },
} as const satisfies CommandSpec<OptionSpecs>;

await command(spec, async ({ values, lang, paint, width }) => {
  // Imported once the options are read: `--help` and `--version` need none of the checks.
  const { CLASS_PORTS, preflight } = await import('./preflight-checks.ts');
  const items = await preflight({
    lang,
    // A test plays an older Node through this variable; nothing else sets it.
    nodeVersion: process.env.KIT_PREFLIGHT_NODE_VERSION ?? process.versions.node,
    userAgent: process.env.npm_config_user_agent,
    ports: (process.env.KIT_PREFLIGHT_PORTS?.split(',').map(Number) ?? CLASS_PORTS).filter(Number.isInteger),
    env: process.env,
    labsRoot: workdir(),
  });
  const failed = items.filter((item) => item.state === 'fail');
  if (values.json) {
    process.stdout.write(`${JSON.stringify(items, null, 2)}\n`);
    return failed.length === 0 ? 0 : 1;
  }
  const lines = [paint('bold', say(lang, 'pfTitle'))];
  for (const item of items) {
    const mark =
      item.state === 'ok'
        ? paint('green', '✓')
        : item.state === 'fail'
          ? paint('red', '✗')
          : item.state === 'warn'
            ? paint('yellow', '!')
            : paint('yellow', '○');
    const optional = item.state === 'optional' ? ` ${say(lang, 'pfOptionalNote')}` : '';
    const fix = item.fix ? ` — ${say(lang, 'pfFix')}${item.fix}` : '';
    lines.push(...wrapText(`${mark} ${item.text}${optional}${fix}`, width, '  '));
    if (item.help) lines.push(...wrapText(`  ${say(lang, 'pfHelp', { page: item.help })}`, width, '    '));
  }
  const warned = items.filter((item) => item.state === 'warn');
  lines.push(
    '',
    failed.length === 0
      ? paint('green', say(lang, 'pfAllOk'))
      : paint('red', say(lang, 'pfSomeFail', { count: failed.length })),
  );
  if (warned.length > 0)
    lines.push(...wrapText(paint('yellow', say(lang, 'pfSomeWarn', { count: warned.length })), width));
  process.stdout.write(`${lines.join('\n')}\n`);
  return failed.length === 0 ? 0 : 1;
});
