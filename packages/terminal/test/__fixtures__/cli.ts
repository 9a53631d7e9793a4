// A small command for the tests of runCommand: prints lines, fails on request.
import { command } from '../../src/index.ts';

await command(
  {
    name: 'demo:fixture',
    summary: { zh: '测试用的命令。', en: 'A command for tests.' },
    options: {
      lines: { type: 'string', default: '1', help: { zh: '行数', en: 'lines' } },
      fail: { type: 'boolean', help: { zh: '失败', en: 'fail' } },
    },
  },
  async ({ values }) => {
    if (values.fail) throw new Error('something broke');
    for (let i = 0; i < Number(values.lines); i++) process.stdout.write(`line ${i}\n`);
    return 0;
  },
);
