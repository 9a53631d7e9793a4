// `pnpm demo:hateoas`: the article's closing section, run. A links-only client walks order 123
// through HAL; then the same moment is seen through MCP tools.

import { runInteractive } from './demo/interactive.ts';
import { runMemoThreeWays } from './demo/memo-three-ways.ts';
import { createSay } from './demo/messages.ts';
import { parseDemoArgs, UsageError, usage } from './demo/options.ts';
import { createPaint, Printer } from './demo/printer.ts';
import { type DemoContext, printSummary, runHalScenario, runMcpScenario } from './demo/scenario.ts';
import { startOrdersServer } from './server.ts';

// Piped into `head` or a pager that quits early: stop quietly instead of dying on EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

async function main(): Promise<number> {
  let options: ReturnType<typeof parseDemoArgs>;
  try {
    options = parseDemoArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${usage}\n`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }

  const printer = new Printer(createPaint(options.color));
  const say = createSay(options.lang);
  const server = await startOrdersServer();
  let failures = 0;
  const context: DemoContext = {
    printer,
    say,
    server,
    check(condition, okText, failText) {
      if (condition) printer.ok(okText);
      else {
        failures++;
        printer.fail(`${say('checkFailed')}: ${failText ?? okText}`);
      }
    },
  };
  try {
    printer.title(say('title'));
    printer.note(
      `${say('servers')}: ${say('halServer')} ${server.url}/orders/123 · ${say('mcpServer')} ${server.mcpUrl}`,
    );
    if (options.interactive) await runInteractive(context);
    else {
      await runHalScenario(context);
      await runMcpScenario(context);
      await runMemoThreeWays(context);
      printSummary(context);
    }
  } finally {
    await server.close();
  }
  return failures === 0 ? 0 : 1;
}

process.exitCode = await main();
