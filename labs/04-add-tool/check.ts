// Lab 4: the learner's tool joins the adapter's catalog (the twenty tools made from Memos' OpenAPI document)
// in a real SDK server; the official client lists it, reads its schemas and annotations, and calls it: with
// two filters whose counts differ, and with one that matches more memos than a page of Memos holds.
import { contractDocument } from '@memos-kit/memos-contract';
import { buildCatalog, type RunningAdapter } from '@memos-kit/memos-mcp';
import type { Client } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/server';
import { word } from '../src/build-track.ts';
import { absent, type CheckContext, fail, type LabCheck, shown } from '../src/check.ts';
import { ownImports } from '../src/own-code.ts';
import { labAjv, serveTools } from '../src/tool-server.ts';
import type * as Solution from './solution/tool.ts';

const NAME = 'memo_count_memos';
const adapterTools = buildCatalog(contractDocument()).map((entry) => entry.tool as Tool);
const ajv = labAjv();
/** The most memos one page of Memos' ListMemos holds, whatever pageSize asks for. */
const MAX_PAGE_SIZE = 1000;
const pages = new WeakMap<RunningAdapter, string>();
const VISIBILITIES = ['PUBLIC', 'PROTECTED', 'PRIVATE'] as const;

/**
 * Memos one filter matches, more than a page holds: a random word in a random number (a little over a page)
 * of the learner's user's memos, written into the mock's store once per server (a thousand POSTs would take
 * seconds on a busy machine). Answers the filter.
 */
function morethanAPage(memos: RunningAdapter): string {
  let filter = pages.get(memos);
  if (!filter) {
    const tag = word();
    const store = memos.store;
    const user = store?.userByToken(memos.users[0]?.tokens[0] ?? '');
    if (!store || !user) throw new Error('lab 4 needs the in-process mock Memos');
    const extra = 1 + Math.floor(Math.random() * 50);
    for (let index = 0; index < MAX_PAGE_SIZE + extra; index++)
      store.insertMemo({
        uid: `${tag}${index}`,
        creatorId: user.id,
        content: `lab 4 ${tag} #${index}`,
        visibility: VISIBILITIES[index % VISIBILITIES.length] ?? 'PRIVATE',
      });
    filter = `content.contains("${tag}")`;
    pages.set(memos, filter);
  }
  return filter;
}

async function withClient<T>(
  context: CheckContext,
  use: (client: Client, count: (filter: string) => Promise<number>, memos: RunningAdapter) => Promise<T>,
) {
  const memos = await context.writable();
  const learner = await context.load<typeof Solution>('tool.ts');
  const token = memos.users[0]?.tokens[0] ?? '';
  const api = async (query: Record<string, string | number>) => {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const response = await fetch(`${memos.url}/api/v1/memos?${search}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: await response.json() };
  };
  const server = await serveTools({
    tools: () => [...adapterTools, learner.definition],
    call: async (name, args) =>
      name === learner.definition?.name
        ? learner.run(args, api)
        : { content: [{ type: 'text', text: `${name} is not part of this lab` }], isError: true },
  });
  try {
    // REST's own count, page after page.
    const count = async (filter: string) => {
      let total = 0;
      let pageToken = '';
      do {
        const { body } = await api({ pageSize: MAX_PAGE_SIZE, filter, ...(pageToken ? { pageToken } : {}) });
        const page = body as { memos: unknown[]; nextPageToken?: string };
        total += page.memos.length;
        pageToken = page.nextPageToken ?? '';
      } while (pageToken);
      return total;
    };
    return await use(await server.client(), count, memos);
  } finally {
    await server.close();
  }
}

async function listedTool(client: Client): Promise<Tool> {
  const { tools } = await client.listTools();
  const tool = tools.find((candidate) => candidate.name === NAME);
  if (!tool)
    fail('notListed', { expected: NAME, got: shown(tools.map((t) => t.name).slice(adapterTools.length)) });
  return tool as Tool;
}

/** Tries the schema on values it must accept (true) and refuse (false); the first wrong verdict fails. */
function judge(schema: unknown, cases: Array<[unknown, boolean]>, side: 'input' | 'output'): void {
  const accepts = ajv.compile(schema as object);
  for (const [value, wanted] of cases)
    if ((accepts(value) as boolean) !== wanted)
      fail(wanted ? `${side}Rejects` : `${side}Accepts`, {
        vars: { value: JSON.stringify(value) },
        got: shown(schema),
      });
}

export const checks: LabCheck[] = [
  {
    id: 'listed',
    topic: 'contract',
    run: (context) =>
      withClient(context, async (client) => {
        const { tools } = await client.listTools();
        await listedTool(client);
        if (tools.length !== adapterTools.length + 1)
          fail('toolCount', { expected: String(adapterTools.length + 1), got: String(tools.length) });
      }),
  },
  {
    id: 'inputSchema',
    topic: 'contract',
    run: (context) =>
      withClient(context, async (client) => {
        const { inputSchema } = await listedTool(client);
        judge(
          inputSchema,
          [
            [{}, true],
            [{ filter: 'visibility != "PRIVATE"' }, true],
            [{ filter: 3 }, false],
            [{ pageSize: 1 }, false],
          ],
          'input',
        );
      }),
  },
  {
    id: 'outputSchema',
    topic: 'contract',
    run: (context) =>
      withClient(context, async (client) => {
        const { outputSchema } = await listedTool(client);
        if (!outputSchema)
          fail('noOutput', {
            expected: '{ "type": "object", "properties": { "count": … }, … }',
            got: absent('None'),
          });
        judge(
          outputSchema,
          [
            [{ count: 3 }, true],
            [{}, false],
            [{ count: 1.5 }, false],
            [{ count: '3' }, false],
          ],
          'output',
        );
      }),
  },
  {
    id: 'annotations',
    topic: 'contract',
    run: (context) =>
      withClient(context, async (client) => {
        const { annotations } = await listedTool(client);
        const wanted = {
          readOnlyHint: true,
          idempotentHint: true,
          destructiveHint: false,
          openWorldHint: false,
        };
        for (const [hint, value] of Object.entries(wanted))
          if (annotations?.[hint as keyof typeof wanted] !== value)
            fail('annotation', { vars: { hint }, expected: shown(wanted), got: shown(annotations) });
      }),
  },
  {
    id: 'call',
    topic: 'call',
    run: (context) =>
      withClient(context, async (client, count, memos) => {
        // Two filters with two different answers in the workshop data: a constant count cannot give both.
        // The third matches more memos than one page holds: the count needs the second page too.
        for (const filter of ['visibility != "PRIVATE"', 'visibility == "PUBLIC"', morethanAPage(memos)]) {
          const expected = { count: await count(filter) };
          // The official client checks structuredContent against the tool's outputSchema before handing it back.
          const result = await client.callTool({ name: NAME, arguments: { filter } });
          if (result.isError || JSON.stringify(result.structuredContent) !== JSON.stringify(expected))
            fail('callResult', {
              vars: { filter },
              expected: shown({ structuredContent: expected }),
              got: shown(result),
            });
          const text = result.content.find((block) => block.type === 'text');
          if (text?.type !== 'text' || text.text !== JSON.stringify(expected))
            fail('callText', { expected: JSON.stringify(expected), got: shown(result.content) });
        }
      }),
  },
  {
    id: 'refusal',
    topic: 'call',
    run: (context) =>
      withClient(context, async (client) => {
        const result = await client.callTool({ name: NAME, arguments: { filter: 'visibility' } });
        if (result.isError !== true || result.structuredContent !== undefined)
          fail('refusal', {
            expected: `{ "content": [ … ${context.text('restWords')} … ], "isError": true }`,
            got: shown(result),
          });
      }),
  },
  // Last: a file that hands over the kit's own implementation would pass every check above; here it fails.
  ownImports,
];
