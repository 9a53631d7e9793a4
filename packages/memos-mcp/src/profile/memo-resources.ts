import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  type Server,
} from '@modelcontextprotocol/server';
import type { ToolRunner } from '../tools/tool-runner.ts';

/**
 * A memo's URI is `memos://` followed by its Memos resource name (`memos/{id}`), so a learner reads one
 * off the other. A scheme of its own, not the REST URL: the client cannot fetch it without the server
 * and the caller's token, which is what a custom scheme says (resources page of the spec).
 */
export const MEMO_URI_PREFIX = 'memos://memos/';
const MEMO_URI_TEMPLATE = `${MEMO_URI_PREFIX}{id}`;
const MIME_TYPE = 'text/markdown';
/** One page of resources/list; the REST page token becomes the opaque cursor. */
const PAGE_SIZE = 50;

/**
 * Cache hints (SEP-2549). Lists and reads depend on who asks (visibility), so they are `private`; the
 * template does not, so it is `public`. A listed memo can change at any moment, and a
 * `notifications/resources/list_changed` on a listen stream invalidates the list, so it is short;
 * a read is shorter still, since this server sends no `notifications/resources/updated`. The SDK adds
 * them to 2026-07-28 results only (2025-11-25 has no such fields).
 */
export const RESOURCE_CACHE_HINTS = {
  'resources/list': { ttlMs: 60_000, cacheScope: 'private' },
  'resources/templates/list': { ttlMs: 300_000, cacheScope: 'public' },
  'resources/read': { ttlMs: 10_000, cacheScope: 'private' },
} as const;

/** The fields of a REST memo a resource shows. */
interface MemoBody {
  name: string;
  content?: string;
  visibility?: string;
  creator?: string;
  updateTime?: string;
}

/**
 * A memo from a REST answer, or undefined when the value is not one. The answer is JSON from outside this
 * server (the mock's REST API, or a real Memos behind `--memos-url`), so it is checked where it is read.
 */
function memoOf(value: unknown): MemoBody | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const fields: Record<string, unknown> = { ...value };
  const { name, content, visibility, creator, updateTime } = fields;
  if (typeof name !== 'string') return undefined;
  const text = (field: unknown) => (typeof field === 'string' ? field : undefined);
  return {
    name,
    content: text(content),
    visibility: text(visibility),
    creator: text(creator),
    updateTime: text(updateTime),
  };
}

/**
 * Memos as resources. Every answer comes from the REST API with the caller's own credential, through
 * the same tools the model would call (`memo_list_memos`, `memo_get_memo`), so a memo is readable as a
 * resource exactly when REST would show it to that caller: visibility is never decided here.
 */
export function registerMemoResources(
  server: Server,
  runner: ToolRunner,
  authorization: string | undefined,
): void {
  const rest = async (tool: string, args: Record<string, unknown>, signal: AbortSignal) =>
    runner.call(tool, args, { authorization: authorization, signal });

  server.setRequestHandler('resources/list', async (request, ctx) => {
    const cursor = request.params?.cursor;
    const args: Record<string, unknown> = { pageSize: PAGE_SIZE };
    if (cursor !== undefined) args.pageToken = cursor;
    const result = await rest('memo_list_memos', args, ctx.mcpReq.signal);
    if (result.isError) {
      const reason = result.content[0]?.text ?? 'the REST API refused the listing';
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Cannot list memos: ${reason}`);
    }
    const { memos, nextPageToken } = result.structuredContent ?? {};
    return {
      resources: (Array.isArray(memos) ? memos : []).flatMap((value) => {
        const memo = memoOf(value);
        return memo ? [resourceOf(memo)] : [];
      }),
      ...(typeof nextPageToken === 'string' && nextPageToken !== '' ? { nextCursor: nextPageToken } : {}),
    };
  });

  server.setRequestHandler('resources/templates/list', () => ({
    resourceTemplates: [
      {
        uriTemplate: MEMO_URI_TEMPLATE,
        name: 'memo',
        title: 'A memo, by its id',
        description:
          'The Markdown content of one memo. {id} is the part after "memos/" in the memo\'s name. ' +
          'Readable when the REST API would show the memo to the caller.',
        mimeType: MIME_TYPE,
      },
    ],
  }));

  // #region resources-read
  server.setRequestHandler('resources/read', async (request, ctx) => {
    const { uri } = request.params;
    const id = memoIdOf(uri);
    if (id === undefined)
      throw new ResourceNotFoundError(uri, `Resource not found: ${uri} is not a memos:// URI`);
    const result = await rest('memo_get_memo', { memo: `memos/${id}` }, ctx.mcpReq.signal);
    if (result.isError) {
      // REST's own words: "memo not found", "permission denied", "user not authenticated".
      throw new ResourceNotFoundError(
        uri,
        `Resource not found: ${uri} (${result.content[0]?.text ?? 'REST error'})`,
      );
    }
    const memo = memoOf(result.structuredContent);
    return {
      contents: [{ uri, mimeType: MIME_TYPE, text: memo?.content ?? '' }],
    };
  });
  // #endregion resources-read
}

/** `memos://memos/abc` → `abc`; anything else (another scheme, a nested path, no id) is not a memo. */
function memoIdOf(uri: string): string | undefined {
  if (!uri.startsWith(MEMO_URI_PREFIX)) return undefined;
  const id = uri.slice(MEMO_URI_PREFIX.length);
  return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : undefined;
}

function resourceOf(memo: MemoBody) {
  const firstLine = (memo.content ?? '').split('\n').find((line) => line.trim() !== '') ?? memo.name;
  return {
    uri: `memos://${memo.name}`,
    name: memo.name,
    title: firstLine.replace(/^#+\s*/, '').slice(0, 80),
    description: `${memo.visibility ?? 'PRIVATE'} memo by ${memo.creator ?? 'unknown'}`,
    mimeType: MIME_TYPE,
    ...(memo.updateTime ? { annotations: { lastModified: memo.updateTime } } : {}),
  };
}
