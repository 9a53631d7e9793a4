import type { Lang, Printer } from '@memos-kit/terminal';
import { formatDifferences, loadFixture, matchResponse } from '@memos-kit/wire';
import { type Exchange, LinksClient, type MenuItem } from '../client/links-client.ts';
import type { Say } from '../messages.ts';
import { orderPath } from '../orders/representation.ts';
import { ARTICLE_ORDER } from '../orders/store.ts';
import type { RunningOrdersServer } from '../server.ts';
import { openMcpSession } from './mcp-session.ts';
import type { Walk } from './walk.ts';
import { safeJson, showHttp, showMcpExchange, showMenu } from './wire-view.ts';

export interface DemoContext {
  printer: Printer;
  say: Say;
  /** The class's language, for what other packages word (the fixture diff). */
  lang: Lang;
  server: RunningOrdersServer;
  walk: Walk;
  /** Records a failed expectation; the demo then exits non-zero, so a broken lesson never passes silently. */
  check(condition: boolean, okText: string, failText?: string): void;
}

function entryPoint(server: RunningOrdersServer): URL {
  return new URL(orderPath(ARTICLE_ORDER.id), server.url);
}

// #region hal-scenario
export async function runHalScenario(context: DemoContext): Promise<void> {
  const { printer, say, check, walk } = context;
  const texts = { noButtons: say('noButtons'), unknownLink: say('unknownLink') };
  const client = new LinksClient(entryPoint(context.server), (exchange) => showHttp(printer, exchange));
  if (!walk.part('partHal') || !walk.step('openTitle')) return;
  printer.note(say('openNote'));
  const opened = await client.open();
  const replay = matchResponse(loadFixture('hateoas-order'), asLive(opened));
  check(
    replay.ok,
    `${say('fixtureOk')} (fixtures/${replay.against})`,
    `${say('fixtureBad')}\n${formatDifferences(replay, { paint: printer.paint, lang: context.lang })}`,
  );
  const pending = client.menu();
  showMenu(printer, say('menu'), pending, texts);
  check(rels(pending.offered) === 'pay,cancel', say('twoButtons'));

  if (!walk.step('payTitle')) return;
  printer.note(say('payNote'));
  const pay = pending.offered.find((item) => item.rel === 'pay');
  if (!pay) return;
  const paid = await client.follow(pay);
  check(paid.status === 200, `${paid.status} ${paid.statusText}`);
  const afterPay = client.menu();
  showMenu(printer, say('menu'), afterPay, texts);
  check(!rels(afterPay.offered).includes('cancel'), say('linksChanged'));
  check(
    afterPay.unknown.some((link) => link.rel === 'refund') && afterPay.offered.length === 0,
    say('refundUnknown'),
  );

  if (!walk.step('staleTitle')) return;
  printer.note(say('staleNote'));
  const staleCancel = pending.offered.find((item) => item.rel === 'cancel') as MenuItem;
  const refused = await client.follow(staleCancel);
  check(
    refused.status === 409 && header(refused, 'content-type') === 'application/problem+json',
    '409 Conflict · application/problem+json',
  );
}
// #endregion hal-scenario

// #region mcp-scenario
export async function runMcpScenario(context: DemoContext): Promise<void> {
  const { printer, say, check, server, walk } = context;
  if (!walk.part('partMcp')) return;
  server.store.reset();
  printer.note(say('resetNote'));
  printer.note(say('elided'));

  let quiet = true;
  let firstCatalogue: string | undefined;
  const session = await openMcpSession(server.mcpUrl, (exchange) => {
    if (quiet) return;
    // The second catalogue is the lesson only in that it equals the first, so it is not printed twice.
    const catalogue = catalogueOf(exchange.responseBody);
    const repeated = catalogue !== undefined && catalogue === firstCatalogue;
    firstCatalogue ??= catalogue;
    showMcpExchange(
      printer,
      exchange,
      repeated ? `{ "result": { "tools": [${say('sameTools')}] … } }` : undefined,
    );
  });
  printer.note(`(${say('probe')})`);
  quiet = false;
  const orderId = ARTICLE_ORDER.id;
  try {
    if (!walk.step('listTitle')) return;
    printer.note(say('listNote'));
    const before = await session.client.listTools();
    printer.ok(say('toolsSeen', { tools: before.tools.map((tool) => tool.name).join(', ') }));

    if (!walk.step('callPayTitle')) return;
    const payResult = await session.client.callTool({ name: 'order_pay', arguments: { orderId } });
    check(payResult.isError !== true, textOf(payResult));

    if (!walk.step('listAgainTitle')) return;
    const after = await session.client.listTools(undefined, { cacheMode: 'refresh' });
    check(JSON.stringify(after.tools) === JSON.stringify(before.tools), say('listSame'), say('listDiffers'));

    if (!walk.step('callCancelTitle')) return;
    printer.note(say('callCancelNote'));
    const cancelResult = await session.client.callTool({ name: 'order_cancel', arguments: { orderId } });
    check(cancelResult.isError === true, `isError: true · ${textOf(cancelResult)}`);

    if (!walk.step('callRefundTitle')) return;
    printer.note(say('callRefundNote'));
    const refundResult = await session.client.callTool({ name: 'order_refund', arguments: { orderId } });
    check(refundResult.isError !== true, textOf(refundResult));
  } finally {
    await session.close();
  }
}
// #endregion mcp-scenario

export function printSummary(context: DemoContext): void {
  context.printer.section(context.say('summaryTitle'));
  for (const line of context.say('summary').split('\n')) context.printer.line(`  ${line}`);
}

/** tools/list's tools, serialised, or undefined for any other answer. */
function catalogueOf(body: string): string | undefined {
  const tools = (safeJson(body) as { result?: { tools?: unknown } } | undefined)?.result?.tools;
  return tools === undefined ? undefined : JSON.stringify(tools);
}

function rels(items: Array<{ rel: string }>): string {
  return items.map((item) => item.rel).join(',');
}

function header(exchange: Exchange, name: string): string | undefined {
  return exchange.responseHeaders.find(([key]) => key === name)?.[1];
}

function asLive(exchange: Exchange) {
  return { status: exchange.status, headers: exchange.responseHeaders, body: exchange.body };
}

export function textOf(result: { content?: unknown }): string {
  const blocks = Array.isArray(result.content) ? result.content : [];
  return blocks
    .map((block: { type?: string; text?: string }) => (block.type === 'text' ? block.text : ''))
    .join(' ');
}
