import type { Prompt } from '@memos-kit/terminal';
import { LinksClient, type MenuItem } from '../client/links-client.ts';
import { TOOL_FOR_ACTION } from '../orders/mcp.ts';
import { orderPath } from '../orders/representation.ts';
import { ORDER_ACTIONS } from '../orders/state-machine.ts';
import { ARTICLE_ORDER } from '../orders/store.ts';
import { openMcpSession } from './mcp-session.ts';
import type { DemoContext } from './scenario.ts';
import { showHttp, showMcpExchange, showMenu } from './wire-view.ts';

type Mode = 'hal' | 'mcp';

const TOOLS = ['order_get', ...ORDER_ACTIONS.map((action) => TOOL_FOR_ACTION[action])];

/**
 * A class drives the order by hand. The HAL menu is rebuilt from every response's _links;
 * the MCP menu is the fixed tools/list. Buttons from earlier pages stay pressable under
 * "old tab", so the 409 can be provoked on purpose.
 */
export async function runInteractive(context: DemoContext, prompt: Prompt): Promise<void> {
  const { printer, say, server } = context;
  const texts = { noButtons: say('noButtons'), unknownLink: say('unknownLink'), oldTab: say('oldTab') };
  const client = new LinksClient(new URL(orderPath(ARTICLE_ORDER.id), server.url), (exchange) =>
    showHttp(printer, exchange),
  );
  let mode: Mode = 'hal';
  const session = await openMcpSession(server.mcpUrl, (exchange) => {
    if (mode === 'mcp') showMcpExchange(printer, exchange);
  });
  const seen = new Map<string, MenuItem>();
  const ask = async (): Promise<string | undefined> =>
    (await prompt.ask(`${say('prompt')} (r n m h q) > `))?.toLowerCase();

  /** The HAL buttons: current links first, then buttons still open on an older page. */
  const halButtons = (): MenuItem[] => {
    const menu = client.menu();
    const stale = [...seen.values()].filter(
      (item) => !menu.offered.some((offered) => offered.href === item.href),
    );
    for (const item of menu.offered) seen.set(item.href, item);
    printer.line();
    showMenu(printer, say('menu'), menu, texts, stale);
    return [...menu.offered, ...stale];
  };

  const showToolMenu = (): void => {
    printer.line();
    printer.line(`  ${printer.paint('underline', say('mcpMenu'))}`);
    for (const [index, name] of TOOLS.entries()) {
      printer.line(`    ${printer.paint(['bold', 'business'], `[${index + 1}]`)} ${name}`);
    }
  };

  try {
    printer.note(say('interactiveHelp'));
    await client.open();
    while (true) {
      const buttons = mode === 'hal' ? halButtons() : [];
      if (mode === 'mcp') showToolMenu();
      const answer = await ask();
      if (answer === undefined || answer === 'q') break;
      if (answer === 'm' || answer === 'h') {
        mode = answer === 'm' ? 'mcp' : 'hal';
      } else if (answer === 'r') {
        await client.open();
      } else if (answer === 'n') {
        server.store.reset();
        seen.clear();
        printer.ok(say('orderReset'));
        await client.open();
      } else {
        const index = /^\d+$/.test(answer) ? Number(answer) - 1 : -1;
        const button = buttons[index];
        const tool = mode === 'mcp' ? TOOLS[index] : undefined;
        if (button) {
          const exchange = await client.follow(button);
          // After a refusal the page is out of date; a real client reloads it, so this one does.
          if (exchange.status >= 400) await client.open();
        } else if (tool) {
          await session.client.callTool({ name: tool, arguments: { orderId: ARTICLE_ORDER.id } });
        } else printer.fail(say('unknownChoice'));
      }
    }
  } finally {
    prompt.close();
    await session.close();
  }
}
