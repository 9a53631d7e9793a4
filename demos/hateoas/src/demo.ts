// `pnpm demo:hateoas`: the article's closing section, run. A links-only client walks order 123
// through HAL; then the same moment is seen through MCP tools.

import { closeOnSignals } from '@memos-kit/process';
import {
  chosenStep,
  command,
  Printer,
  Prompt,
  stepList,
  stepMessages,
  table,
  UsageError,
} from '@memos-kit/terminal';
import type { DemoContext } from './demo/scenario.ts';
import { parts, stepTitles, Walk } from './demo/walk.ts';
import { messages } from './messages.ts';
import { demoSpec } from './options.ts';

await command(demoSpec, async ({ values, paint, width, lang, keys }) => {
  const say = messages.in(lang);
  const only = chosenStep(values.step, stepTitles.length, lang);
  if (values.list) {
    const listed = parts.flatMap((part) =>
      part.steps.map((title) => ({ title: say(title), part: say(part.title) })),
    );
    process.stdout.write(`${stepList(say('stepsHeading'), listed, width).join('\n')}\n`);
    return 0;
  }
  if (only !== undefined && values.interactive) throw new UsageError(say('stepInteractive'));
  // The servers, the SDK and the scenarios load once the options are read: --help, --version and a wrong
  // option never wait on them.
  const [
    { startOrdersServer },
    { printSummary, runHalScenario, runMcpScenario },
    { runInteractive },
    { runMemoThreeWays },
  ] = await Promise.all([
    import('./server.ts'),
    import('./demo/scenario.ts'),
    import('./demo/interactive.ts'),
    import('./demo/memo-three-ways.ts'),
  ]);
  const printer = new Printer({ paint, width });
  const server = await startOrdersServer();
  const release = closeOnSignals(() => server.close());
  let failures = 0;
  const context: DemoContext = {
    printer,
    say,
    lang,
    server,
    walk: new Walk(printer, say, only),
    check(condition, okText, failText) {
      if (condition) printer.ok(okText);
      else {
        failures++;
        printer.fail(say('checkFailed', { what: failText ?? okText }));
      }
    },
  };
  try {
    printer.title(say('title'));
    printer.note(say('servers'));
    const addresses = [
      [say('halServer'), `${server.url}/orders/123`],
      [say('mcpServer'), server.mcpUrl],
    ];
    for (const line of table(addresses)) printer.note(`  ${line}`);
    if (only !== undefined && only > 1) printer.note(stepMessages.t(lang, 'earlierSteps', { last: only }));
    if (values.interactive) await runInteractive(context, new Prompt({ keys, paint }));
    else {
      await runHalScenario(context);
      await runMcpScenario(context);
      await runMemoThreeWays(context);
      context.walk.end();
      // The comparison speaks of every step; after one step (--step) it is left out.
      if (only === undefined) printSummary(context);
    }
  } finally {
    release();
    await server.close();
  }
  // A check that failed makes the run fail, so a broken lesson never passes silently.
  return failures === 0 ? 0 : 1;
});
