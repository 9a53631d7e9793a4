import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import {
  addFullProfile,
  confirmDestructive,
  FULL_CACHE_HINTS,
  FULL_CAPABILITIES,
  type MemoListEvents,
  type Profile,
} from '../profile/index.ts';
import type { ToolRunner } from '../tools/tool-runner.ts';
import { type Pace, type PaceTimeline, timelineFor, waitUntil } from './pace.ts';

export const SERVER_INFO = { name: 'memos-example-adapter', version: '1.0.0' } as const;
export const INSTRUCTIONS = 'Provides tools for querying Memos.';
/** The article's hints: a client may reuse discover and tools/list for five minutes, per authorization. */
const CACHE_HINT = { ttlMs: 300_000, cacheScope: 'private' } as const;

export interface McpServerOptions {
  /** The tools of the catalog, and the REST API behind them. */
  runner: ToolRunner;
  pace?: Pace | PaceTimeline;
  log?: (line: string) => void;
  /** `article` (the default): tools only, as in the article. `full`: resources, prompts, MRTR, listen. */
  profile?: Profile;
  /** stdio only: memo list changes to send as `notifications/resources/list_changed` (full profile). */
  memoEvents?: MemoListEvents;
  /** Promise `notifications/tools/list_changed` (`capabilities.tools.listChanged`); off by default. */
  toolListChanges?: boolean;
}

export interface McpCallerContext {
  /** The `Authorization` header to forward to the REST API (the HTTP caller's own, or stdio's token). */
  authorization?: string | undefined;
}

/**
 * The server as `server/discover` shows it: its name and version, instructions, capabilities and cache
 * hints, with no handler of its own. `createMcpServer` adds the handlers; stdio answers discovery with this
 * alone while the adapter is still being made (see stdio/start-after-first-answer.ts).
 */
export function describeMcpServer({
  profile = 'article',
  toolListChanges,
}: Pick<McpServerOptions, 'profile' | 'toolListChanges'> = {}): Server {
  const full = profile === 'full';
  const capabilities = full ? FULL_CAPABILITIES : { tools: {} };
  return new Server(SERVER_INFO, {
    capabilities: toolListChanges ? { ...capabilities, tools: { listChanged: true } } : capabilities,
    instructions: INSTRUCTIONS,
    cacheHints: {
      'server/discover': CACHE_HINT,
      'tools/list': CACHE_HINT,
      ...(full ? FULL_CACHE_HINTS : {}),
    },
  });
}

/**
 * One low-level SDK `Server` per request (HTTP) or per connection (stdio). The low-level class is used
 * rather than `McpServer` because it says exactly what the article says: `capabilities.tools` stays `{}`
 * unless `toolListChanges` asks for `listChanged: true` (McpServer always adds it, a promise the article's
 * server never makes, since its catalog never changes while it runs) and an unknown tool is
 * `Unknown tool: <name>` (McpServer words it differently). Discovery, the `_meta` envelope checks,
 * `resultType`, cache hints and the serverInfo stamp all still come from the SDK.
 */
export function createMcpServer(options: McpServerOptions, caller: McpCallerContext = {}): Server {
  const { log, runner } = options;
  const timeline = timelineFor(options.pace);
  const full = options.profile === 'full';
  const server = describeMcpServer(options);

  server.setRequestHandler('tools/list', async (request) => {
    // Every tool comes in one page, so no cursor was ever handed out: any cursor is not one of ours.
    if (request.params?.cursor !== undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        'Invalid cursor: this server lists every tool in one page and never returns a nextCursor',
      );
    }
    return { tools: runner.tools };
  });

  server.setRequestHandler('tools/call', async (request, ctx) => {
    const startedAt = performance.now();
    const { name, arguments: args } = request.params;
    if (!runner.has(name)) {
      log?.(`tools/call ${name}: unknown tool`);
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
    }
    // Arguments are checked first (runner.call reports a problem), so nobody confirms a call that cannot run.
    if (full && runner.problemWith(name, args) === undefined) {
      const tool = runner.tools.find((candidate) => candidate.name === name);
      const instead = tool && confirmDestructive(tool, args, ctx.mcpReq.inputResponses);
      if (instead) {
        log?.(
          `tools/call ${name}: ${'resultType' in instead ? 'asks the user to confirm' : 'cancelled by the user'}`,
        );
        return instead;
      }
    }
    const signal = ctx.mcpReq.signal;
    const progressToken = ctx.mcpReq._meta?.progressToken;
    try {
      const result = await runner.call(name, args, {
        authorization: caller.authorization,
        signal,
        onRestAnswered:
          progressToken === undefined
            ? undefined
            : async () => {
                if (timeline) await waitUntil(startedAt, timeline.progressAtMs, signal);
                if (signal.aborted) throw signal.reason;
                await ctx.mcpReq.notify({
                  method: 'notifications/progress',
                  params: { progressToken, progress: 1, total: 2 },
                });
              },
      });
      if (timeline && progressToken !== undefined) await waitUntil(startedAt, timeline.resultAtMs, signal);
      if (signal.aborted) throw signal.reason;
      log?.(`tools/call ${name}: ${result.isError ? `tool error: ${result.content[0]?.text}` : 'ok'}`);
      return result;
    } catch (error) {
      // Closing the SSE stream (HTTP) or notifications/cancelled (stdio) cancels the call: the SDK sends
      // nothing more for it, and the log says so.
      if (signal.aborted) log?.(`tools/call ${name}: cancelled by the client`);
      throw error;
    }
  });

  if (full) addFullProfile(server, runner, caller.authorization, options.memoEvents);
  return server;
}
