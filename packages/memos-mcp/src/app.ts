import type { IncomingMessage, RequestListener } from 'node:http';
import { contractOperations } from '@memos-kit/memos-contract';
import { answerOf, createRestApp, type Dataset, type MemoStore, notFound } from '@memos-kit/memos-rest';
import { InMemoryServerEventBus } from '@modelcontextprotocol/server';
import express, { type Express } from 'express';
import {
  buildCatalog,
  type CatalogEntry,
  type DescriptionSource,
  KIT_DESCRIPTIONS,
} from './catalog/index.ts';
import { corsAllowlist } from './http/cors.ts';
import { type EndpointAuth, sendResponse } from './http/endpoint-auth.ts';
import { indexPage } from './http/index-page.ts';
import { KIT_PROBE_PATH, kitProbe } from './http/kit-probe.ts';
import { createMcpEndpoint, type NodeHandler, type ResponseHook } from './http/mcp-endpoint.ts';
import type { Pace, PaceTimeline } from './mcp/pace.ts';
import { MemoListEvents, type Profile, watchMemoList } from './profile/index.ts';
import { inProcessDispatcher } from './rest/in-process-dispatcher.ts';
import { remoteDispatcher } from './rest/remote-dispatcher.ts';
import type { RestDispatcher } from './rest/rest-request.ts';
import type { ErrorText } from './tools/error-text.ts';
import { ToolRunner } from './tools/tool-runner.ts';
import { loadContract } from './upstream/contract-source.ts';
import { probeMemos } from './upstream/probe.ts';

export interface AdapterOptions {
  /** The mock's dataset ('empty', 'article', 'workshop' or a JSON file); ignored with `memosUrl`. */
  dataset?: string | Dataset;
  /** Call this Memos-compatible REST server over HTTP instead of the in-process mock. */
  memosUrl?: string;
  /** An OpenAPI document (file or URL, YAML or JSON) instead of the kit's v0.30.0 contract; with `memosUrl`. */
  openapi?: string;
  /** Every operation of the document becomes a tool, not only Memos' 20 (`--all-operations`). */
  allOperations?: boolean;
  /** How a REST failure reads in a tool error: Memos' words (default) or the article's (its replays). */
  errorText?: ErrorText;
  /** The tools' descriptions: the document's, which are Memos' (default), or the kit's overlay on them. */
  descriptions?: DescriptionSource;
  /** The credential the start-up probe of `memosUrl` uses (stdio's token), to say who it signs in as. */
  probeAuthorization?: string;
  pace?: Pace | PaceTimeline;
  log?: (line: string) => void;
  /** Hostnames the MCP endpoint accepts in `Host` and `Origin` (loopback and memos.example.com by default). */
  allowedHostnames?: string[];
  maxRequestBodyBytes?: number;
  /** Sees every MCP answer before it is written (see `ResponseHook`). */
  onResponse?: ResponseHook;
  /** Browser origins (`http://127.0.0.1:5173`) that may call /api/v1 and /mcp and read the answers (CORS). */
  corsOrigins?: string[];
  /** `article` (default): tools only, as in the article; `full`: resources, prompts, MRTR, listen. */
  profile?: Profile;
  /**
   * Bearer tokens that carry the read scope only: a `tools/call` of a tool that is not read-only answers 403
   * `insufficient_scope` (see `http/scope-guard.ts`). None by default; `pnpm demo:host --attack` uses it.
   */
  readOnlyTokens?: readonly string[];
  /**
   * Lets the tool list change while the server runs: `capabilities.tools.listChanged: true`, and
   * `Adapter.announceToolListChanged()` sends `notifications/tools/list_changed` to every
   * `subscriptions/listen` stream that asked. Off by default (the article's server never changes its tools);
   * the rug-pull lesson of `pnpm demo:host --attack` turns it on.
   */
  toolListChanges?: boolean;
  /** OAuth for /mcp (`--auth oauth`): see `McpEndpointOptions.auth`. */
  auth?: EndpointAuth;
}

/** Where the catalog's document came from: the kit's shipped contract or a file or URL, and its size. */
export interface ContractSummary {
  origin: string;
  shipped: boolean;
  operations: number;
}

export interface Adapter {
  /** REST under /api/v1 (the in-process mock, unless `memosUrl` is set) and MCP at POST /mcp. */
  app: RequestListener;
  runner: ToolRunner;
  catalog: CatalogEntry[];
  /** The in-process mock's data (absent with `memosUrl`). */
  store?: MemoStore;
  /** Which contract the catalog came from, and how many operations it has. */
  contract: ContractSummary;
  /** With `memosUrl`: who the probe's credential signed in as (undefined: anonymous, or no probe). */
  upstreamUser?: string;
  /** Memo creations and deletions seen on the way to REST (full profile, in-process mock only). */
  memoEvents?: MemoListEvents;
  /** With `toolListChanges`: tells the listen streams that `tools/list` changed (after `catalog` was edited). */
  announceToolListChanged(): void;
  close(): Promise<void>;
}

/**
 * Builds the catalog from the OpenAPI document at start-up and puts the MCP endpoint in front of the REST
 * routes. The document is the kit's v0.30.0 contract unless `openapi` names another (a real Memos serves
 * none); with `memosUrl`, one request first checks that a Memos answers there. Only Memos' 20 operations
 * become tools unless `allOperations` says otherwise.
 */
export async function createAdapter(options: AdapterOptions = {}): Promise<Adapter> {
  const app = express();
  app.disable('x-powered-by');
  let dispatch: RestDispatcher;
  let restApp: Express | undefined;
  let store: MemoStore | undefined;
  let upstreamUser: string | undefined;
  const source = await loadContract(options.openapi);
  const catalog = buildCatalog(source.document, {
    allOperations: options.allOperations === true,
    ...(options.descriptions === 'kit' ? { descriptions: KIT_DESCRIPTIONS } : {}),
  });
  let memoEvents: MemoListEvents | undefined;
  if (options.memosUrl) {
    ({ user: upstreamUser } = await probeMemos(options.memosUrl, options.probeAuthorization));
    dispatch = remoteDispatcher(options.memosUrl);
  } else {
    ({ app: restApp, store } = createRestApp({ dataset: options.dataset }));
    if (options.profile === 'full') {
      // REST calls and tool calls both pass here, so either kind of create reaches the listen streams.
      memoEvents = new MemoListEvents();
      restApp = express().disable('x-powered-by').use(watchMemoList(memoEvents), restApp);
    }
    dispatch = inProcessDispatcher(restApp, answerOf);
  }
  const runner = new ToolRunner(catalog, dispatch, options.errorText);
  const bus =
    options.profile === 'full' || options.toolListChanges ? new InMemoryServerEventBus() : undefined;
  memoEvents?.on(() => bus?.publish({ kind: 'resources_list_changed' }));
  const endpoint: NodeHandler = createMcpEndpoint({
    runner,
    ...(options.profile ? { profile: options.profile } : {}),
    ...(bus ? { bus } : {}),
    ...(options.readOnlyTokens ? { readOnlyTokens: options.readOnlyTokens } : {}),
    ...(options.toolListChanges ? { toolListChanges: true } : {}),
    pace: options.pace,
    log: options.log,
    allowedHostnames: options.allowedHostnames,
    maxRequestBodyBytes: options.maxRequestBodyBytes,
    corsOrigins: options.corsOrigins,
    ...(options.onResponse ? { onResponse: options.onResponse } : {}),
    ...(options.auth ? { auth: options.auth } : {}),
  });
  const corsOrigins = options.corsOrigins ?? [];
  const cors = corsOrigins.length > 0;
  if (cors) app.use(corsAllowlist(corsOrigins));
  // Every method reaches the endpoint, which answers GET and DELETE with 405 itself.
  app.all('/mcp', (req, res) => void endpoint(req, res));
  const { auth } = options;
  // The Protected Resource Metadata is public: any method reaches it, before the endpoint's POST guards.
  if (auth)
    app.all(auth.metadataPath, (req, res, next) => {
      const answer = metadataAnswer(auth, req);
      if (answer) void sendResponse(res, answer);
      else next();
    });
  app.get(KIT_PROBE_PATH, (_req, res) => void res.json(kitProbe('serve')));
  app.get('/', indexPage({ ...options, store, tools: catalog.length, oauth: options.auth !== undefined }));
  if (restApp) app.use(restApp);
  // With --memos-url there is no mock behind: a path nobody serves is still answered in JSON.
  app.use(notFound);
  return {
    // SHORTCUT: MCP requests reach the endpoint before Express, whose router would cost each tool call
    // about 0.06 ms as users run the kit (see the README), unless CORS answers have to be added to them (the
    // docs playground); they reach the same endpoint either way, on the paths Express's route matches
    // (test/sdk-gaps.test.ts sends each path to both).
    app: cors ? app : (req, res) => (isMcpPath(req.url) ? void endpoint(req, res) : app(req, res)),
    runner,
    catalog,
    ...(store ? { store } : {}),
    contract: {
      origin: source.origin,
      shipped: source.shipped,
      operations: contractOperations(source.document).length,
    },
    ...(upstreamUser ? { upstreamUser } : {}),
    ...(memoEvents ? { memoEvents } : {}),
    announceToolListChanged: () => {
      if (options.toolListChanges) bus?.publish({ kind: 'tools_list_changed' });
    },
    close: () => endpoint.close(),
  };
}

/** The metadata document for its exact path (Express also matches other cases and a trailing slash). */
function metadataAnswer(auth: EndpointAuth, req: IncomingMessage): Response | undefined {
  const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
  // A web Request cannot carry TRACE (Node hands CONNECT to no request listener): that one finds nothing here.
  if (req.method === 'TRACE') return undefined;
  return auth.metadataResponse(new Request(url, { method: req.method ?? 'GET' }));
}

/** The paths Express's `app.all('/mcp')` matches (case-insensitive, trailing slash allowed), query aside. */
function isMcpPath(url: string | undefined): boolean {
  const path = url?.split('?', 1)[0]?.toLowerCase();
  return path === '/mcp' || path === '/mcp/';
}
