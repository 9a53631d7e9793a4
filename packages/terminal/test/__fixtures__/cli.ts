// A small command for the tests of runCommand: prints lines, fails on request.
import { command } from '../../src/index.ts';

await command(
  {
    name: 'demo:fixture',
    summary: { zh: '测试用的命令。', en: 'A command for tests.' },
    options: {
      lines: { type: 'string', default: '1', help: { zh: '行数', en: 'lines' } },
      fail: { type: 'boolean', help: { zh: '失败', en: 'fail' } },
      cause: { type: 'boolean', help: { zh: '带原因失败', en: 'fail with a cause' } },
    },
  },
  async ({ values }) => {
    if (values.fail) throw new Error('something broke');
    if (values.cause) throw new Error('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
    for (let i = 0; i < Number(values.lines); i++) process.stdout.write(`line ${i}\n`);
    return 0;
  },
);
