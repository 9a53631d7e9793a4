// Lab 3: the learner's tools/call handler runs inside a real SDK server; the article's two error requests
// (id 4: an unknown tool, id 5: a filter the REST API refuses) are replayed at it byte for byte and the
// answers compared with the article's; then the official client shows how it treats each kind.
import { ErrorCode } from '@memos-kit/protocol';
import {
  compareJson,
  formatDifferences,
  isObject,
  loadFixture,
  matchResponse,
  replayHttpFixture,
} from '@memos-kit/wire';
import { ProtocolError } from '@modelcontextprotocol/client';
import { type CheckContext, fail, type LabCheck, shown } from '../src/check.ts';
import { ownImports } from '../src/own-code.ts';
import { type ServedTools, serveTools } from '../src/tool-server.ts';
import type { callTool as CallTool } from './solution/tool.ts';

async function served(context: CheckContext): Promise<ServedTools> {
  const memos = await context.server('empty');
  const { callTool } = await context.load<{ callTool: typeof CallTool }>('tool.ts');
  const api = async (query: Record<string, string | number>) => {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const response = await fetch(`${memos.url}/api/v1/memos?${search}`, {
      headers: { Authorization: 'Bearer example-token' },
    });
    return { status: response.status, body: await response.json() };
  };
  return serveTools({
    tools: () => [{ name: 'memo_list_memos', inputSchema: { type: 'object' } }],
    call: (name, args) => callTool(name, args, api),
  });
}

async function withServer<T>(context: CheckContext, use: (server: ServedTools) => Promise<T>): Promise<T> {
  const server = await served(context);
  try {
    return await use(server);
  } finally {
    await server.close();
  }
}

/**
 * What is wrong with the answer to the unknown tool, as the learner can act on it: a result where no tool ran,
 * an error with another code, or an error with the right code that differs elsewhere.
 */
function unknownToolMistake(live: unknown): { message: string; vars?: Record<string, string> } {
  const error = isObject(live) ? live.error : undefined;
  if (!isObject(error)) return { message: 'notProtocolError' };
  if (error.code !== ErrorCode.InvalidParams)
    return { message: 'wrongCode', vars: { code: JSON.stringify(error.code) } };
  return { message: 'errorDiffers' };
}

const unknownToolCheck: LabCheck = {
  id: 'unknownTool',
  topic: 'protocol',
  run: (context) =>
    withServer(context, async (server) => {
      const fixture = loadFixture('unknown-tool');
      const live = await replayHttpFixture(fixture, server.url);
      const result = matchResponse(fixture, live);
      if (!result.ok)
        fail(unknownToolMistake(live.json).message, {
          vars: unknownToolMistake(live.json).vars ?? {},
          expected: fixture.text('response'),
          got: `${live.body}\n\n${formatDifferences(result, { lang: context.lang })}`,
        });
    }),
};

/**
 * What is wrong with the answer to the refused filter: a protocol error where the tool did run, a result the
 * model would take for a success, a result that carries structuredContent, or one that differs elsewhere.
 */
function refusedFilterMistake(
  live: unknown,
  article: unknown,
): { message: string; vars?: Record<string, string> } {
  const result = isObject(live) ? live.result : undefined;
  if (!isObject(result)) return { message: 'notToolError' };
  if (result.isError !== true) return { message: 'notMarkedError' };
  if ('structuredContent' in result) return { message: 'structuredOnError' };
  const [first] = compareJson(live, article, 'exact');
  return { message: 'toolErrorDiffers', vars: { path: first?.path ?? '$' } };
}

/**
 * The article's id 5 with one difference the learner does not control: the error text is the REST API's
 * own message, and the kit's mock words a filter error as Memos does, where the article's adapter reworded
 * it. Everything else (the result envelope, isError, no structuredContent) is the article's, exactly.
 */
const badFilterCheck: LabCheck = {
  id: 'badFilter',
  topic: 'business',
  run: (context) =>
    withServer(context, async (server) => {
      const fixture = loadFixture('tool-execution-error');
      const memos = await context.server('empty');
      const rest = await fetch(`${memos.url}/api/v1/memos?pageSize=1&filter=visibility`, {
        headers: { Authorization: 'Bearer example-token' },
      });
      const restMessage = ((await rest.json()) as { message?: string }).message ?? '';
      const article = structuredClone(fixture.response?.json) as {
        result: { content: Array<{ text: string }> };
      };
      const firstBlock = article.result.content[0];
      if (firstBlock) firstBlock.text = restMessage;
      const live = await replayHttpFixture(fixture, server.url);
      if (compareJson(live.json, article, 'exact').length > 0) {
        const { message, vars = {} } = refusedFilterMistake(live.json, article);
        fail(message, { vars, expected: JSON.stringify(article, null, 2), got: live.body });
      }
    }),
};

export const checks: LabCheck[] = [
  unknownToolCheck,
  badFilterCheck,
  {
    id: 'clientView',
    topic: 'business',
    run: (context) =>
      withServer(context, async (server) => {
        const client = await server.client();
        const unknown = await client.callTool({ name: 'memo_unknown_tool', arguments: {} }).then(
          (result) => ({ threw: false, value: result as unknown }),
          (error: unknown) => ({ threw: true, value: error }),
        );
        if (!unknown.threw || !(unknown.value instanceof ProtocolError))
          fail('clientUnknown', {
            expected: `ProtocolError ${ErrorCode.InvalidParams}`,
            got: shown(unknown.value),
          });
        const refused = await client.callTool({
          name: 'memo_list_memos',
          arguments: { pageSize: 1, filter: 'visibility' },
        });
        if (refused.isError !== true)
          fail('clientRefused', { expected: '{ isError: true, … }', got: shown(refused) });
      }),
  },
  // Last: a file that hands over the kit's own implementation would pass every check above; here it fails.
  ownImports,
];
