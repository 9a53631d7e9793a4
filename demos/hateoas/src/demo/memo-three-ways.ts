import { closeOnSignals } from '@memos-kit/process';
import type { Printer } from '@memos-kit/terminal';
import { sendRequest } from '../client/links-client.ts';
import { formatJson } from '../json-format.ts';
import { openMcpSession } from './mcp-session.ts';
import { type DemoContext, textOf } from './scenario.ts';
import { showHttp, showMcpExchange } from './wire-view.ts';

// A short public memo by alice, read by bob: he may read it, not change it.
const MEMO = 'lunch-poll';
const READER = { name: 'bob', token: 'bob-token' };
const OWNER = { name: 'alice', token: 'alice-token' };

function get(memoUrl: URL, token: string, accept: string) {
  return sendRequest('GET', memoUrl, [
    ['Accept', accept],
    ['Authorization', `Bearer ${token}`],
  ]);
}

/** Prints a HAL answer showing `_links` in full and the fields it shares with the JSON answer as "…". */
function printHal(printer: Printer, exchange: Awaited<ReturnType<typeof get>>, note: string): void {
  const { _links } = exchange.json as { _links: unknown };
  showHttp(printer, { ...exchange, body: formatJson({ [note]: '…', _links }) });
}

function withoutLinks(value: unknown): unknown {
  const { _links, ...fields } = value as { _links?: unknown };
  return fields;
}

// #region memo-three-ways
/**
 * One memo, three ways, on the MCP adapter's own server (REST under /api/v1, MCP at /mcp): plain JSON,
 * HAL (the same JSON plus the links this caller may use), and an MCP tool call whose result carries the
 * memo and no links: what bob may not do, a model learns by trying.
 */
export async function runMemoThreeWays(context: DemoContext): Promise<void> {
  const { printer, say, check, walk } = context;
  if (!walk.part('partMemo')) return;
  // Loaded here, not at start-up, so the orders part starts in about a second.
  const { startServer } = await import('@memos-kit/memos-mcp');
  const server = await startServer({ port: 0, dataset: 'workshop', pace: 'off', log: () => {} });
  const release = closeOnSignals(() => server.close());
  try {
    printer.note(say('memoServer', { rest: `${server.url}/api/v1`, mcp: server.mcpUrl }));
    const memoUrl = new URL(`/api/v1/memos/${MEMO}`, server.url);

    if (!walk.step('restTitle')) return;
    const rest = await get(memoUrl, READER.token, 'application/json');
    showHttp(printer, { ...rest, body: formatJson(rest.json) });

    if (!walk.step('halTitle')) return;
    const hal = await get(memoUrl, READER.token, 'application/hal+json');
    printHal(printer, hal, say('sameFields'));
    check(JSON.stringify(withoutLinks(hal.json)) === JSON.stringify(rest.json), say('halSuperset'));
    const readerLinks = Object.keys((hal.json as { _links: object })._links);
    check(!readerLinks.includes('edit') && !readerLinks.includes('delete'), say('readerLinks'));
    printer.note(say('ownerNote'));
    const owned = await get(memoUrl, OWNER.token, 'application/hal+json');
    printHal(printer, owned, say('sameFields'));
    const ownerLinks = Object.keys((owned.json as { _links: object })._links);
    check(ownerLinks.includes('edit') && ownerLinks.includes('delete'), say('ownerLinks'));

    if (!walk.step('mcpMemoTitle')) return;
    printer.note(say('elidedMemo'));
    // The memo itself was printed in step 9; here only the envelope around it is new.
    // Undefined while connecting: the discover probe is not this step's lesson.
    let elide: readonly string[] | undefined;
    const session = await openMcpSession(
      server.mcpUrl,
      (exchange) => {
        if (elide) showMcpExchange(printer, exchange, undefined, elide);
      },
      { Authorization: `Bearer ${READER.token}` },
    );
    printer.note(`(${say('probe')})`);
    elide = ['structuredContent', 'text'];
    try {
      const got = await session.client.callTool({ name: 'memo_get_memo', arguments: { memo: MEMO } });
      check(JSON.stringify(got.structuredContent) === JSON.stringify(rest.json), say('mcpSameMemo'));
      elide = [];
      if (!walk.step('mcpUpdateTitle')) return;
      printer.note(say('mcpUpdateNote'));
      const update = await session.client.callTool({
        name: 'memo_update_memo',
        arguments: { memo: MEMO, updateMask: 'pinned', body: { pinned: true } },
      });
      check(update.isError === true, `isError: true · ${textOf(update)}`);
    } finally {
      await session.close();
    }
  } finally {
    release();
    await server.close();
  }
}
// #endregion memo-three-ways
