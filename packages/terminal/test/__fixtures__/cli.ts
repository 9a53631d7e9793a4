// A small command for the tests of runCommand: prints lines, fails on request, or serves until stopped.
import { closeOnSignals } from '@memos-kit/process';
import { command } from '../../src/index.ts';

await command(
  {
    name: 'demo:fixture',
    summary: { zh: '测试用的命令。', en: 'A command for tests.' },
    options: {
      lines: { type: 'string', default: '1', help: { zh: '行数', en: 'lines' } },
      fail: { type: 'boolean', help: { zh: '失败', en: 'fail' } },
      cause: { type: 'boolean', help: { zh: '带原因失败', en: 'fail with a cause' } },
      serve: { type: 'boolean', help: { zh: '一直运行，直到被停止', en: 'run until stopped' } },
    },
  },
  async ({ values }) => {
    if (values.serve) {
      // Like a server: something keeps the process alive, and its close takes a moment.
      const alive = setInterval(() => {}, 1_000);
      closeOnSignals(async (signal) => {
        process.stdout.write(`closing on ${signal}\n`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        clearInterval(alive);
        process.stdout.write('closed\n');
      });
      process.stdout.write('serving\n');
      return undefined;
    }
    if (values.fail) throw new Error('something broke');
    if (values.cause) throw new Error('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
    for (let i = 0; i < Number(values.lines); i++) process.stdout.write(`line ${i}\n`);
    return 0;
  },
);
