// `pnpm lab:mcp`: the labs as an MCP server over stdio, for a learner's own assistant. stdout is the MCP
// channel; only --help and --version (which end before serving) print there.
import { closeOnSignals } from '@memos-kit/process';
import { type CommandSpec, command, type OptionSpecs } from '@memos-kit/terminal';
import { workdir } from './catalog.ts';
import { fromSource } from './from-source.ts';
import { say } from './messages.ts';
import { ProgressFile } from './progress.ts';

const spec = {
  name: 'pnpm lab:mcp',
  summary: {
    zh: '把工作坊练习做成一个 stdio 上的 MCP 服务，让你自己的 AI 助手当助教：每个练习是一个资源（说明），explain_failure 是提示词，lab_check 和 lab_hint 是工具。检查走的是 pnpm lab 同一套代码，不联网。',
    en: 'The workshop labs as an MCP server over stdio, so your own AI assistant can tutor you: each lab is a resource (its instructions), explain_failure is a prompt, lab_check and lab_hint are tools. Checks run the same code as pnpm lab, offline.',
  },
  options: {},
  epilogue: {
    zh: '在 MCP 宿主里配置：命令 pnpm，参数 lab:mcp（在本仓库目录下）。--lang 决定资源和结果的语言。',
    en: 'In an MCP host: command pnpm, arguments lab:mcp (in this repository). --lang sets the language of resources and results.',
  },
} as const satisfies CommandSpec<OptionSpecs>;

await command(spec, async ({ lang }) => {
  // The tutor, the check runner and the SDK load from source once the options are read: --help, --version and
  // a wrong option never wait on them.
  const { serveTutorOverStdio } = (await fromSource('./tutor.ts')) as typeof import('./tutor.ts');
  const served = serveTutorOverStdio(lang, new ProgressFile(workdir()));
  closeOnSignals(served.stop);
  // The host closing our stdin ends the connection; the shared lab servers must not keep the process alive.
  process.stdin.once('end', () => void served.stop());
  process.stderr.write(`lab:mcp: ${say(lang, 'tutorServing')}\n`);
});
