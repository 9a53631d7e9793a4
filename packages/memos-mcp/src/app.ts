import { contractDocument, type OpenAPIObject, parseContract } from '@memos-kit/memos-contract';
import { createRestApp, type Dataset, type MemoStore } from '@memos-kit/memos-rest';
import { InMemoryServerEventBus } from '@modelcontextprotocol/server';
import express, { type Express } from 'express';
import { buildCatalog, type CatalogEntry } from './catalog/index.ts';
import { indexPage } from './http/index-page.ts';
import { createMcpEndpoint, type NodeHandler, type ResponseHook } from './http/mcp-endpoint.ts';
import type { Pace, PaceTimeline } from './mcp/pace.ts';
import { MemoListEvents, type Profile, watchMemoList } from './profile/index.ts';
import { inProcessDispatcher } from './rest/in-process-dispatcher.ts';
import { remoteDispatcher } from './rest/remote-dispatcher.ts';
import type { RestDispatcher } from './rest/rest-request.ts';
import { ToolRunner } from './tools/tool-runner.ts';

export interface AdapterOptions {
  /** The mock's dataset ('empty', 'article', 'workshop' or a JSON file); ignored with `memosUrl`. */
  dataset?: string | Dataset;
  /** Call this Memos-compatible REST server over HTTP instead of the in-process mock. */
  memosUrl?: string;
  pace?: Pace | PaceTimeline;
  log?: (line: string) => void;
  /** Hostnames the MCP endpoint accepts in `Host` and `Origin` (loopback and memos.example.com by default). */
  allowedHostnames?: string[];
  maxRequestBodyBytes?: number;
  /** Sees every MCP answer before it is written (see `ResponseHook`). */
  onResponse?: ResponseHook;
  /** `article` (default): tools only, as in the article; `full`: resources, prompts, MRTR, listen. */
  profile?: Profile;
}

export interface Adapter {
  /** REST under /api/v1 (the in-process mock, unless `memosUrl` is set) and MCP at POST /mcp. */
  app: Express;
  runner: ToolRunner;
  catalog: CatalogEntry[];
  /** The in-process mock's data (absent with `memosUrl`). */
  store?: MemoStore;
  /** Memo creations and deletions seen on the way to REST (full profile, in-process mock only). */
  memoEvents?: MemoListEvents;
  close(): Promise<void>;
}

/**
 * Builds the catalog from the OpenAPI document at start-up and puts the MCP endpoint in front of the REST
 * routes. With `memosUrl`, the document is fetched from that server, so the tools are whatever it offers.
 */
export async function createAdapter(options: AdapterOptions = {}): Promise<Adapter> {
  const app = express();
  app.disable('x-powered-by');
  let dispatch: RestDispatcher;
  let document: OpenAPIObject;
  let restApp: Express | undefined;
  let store: MemoStore | undefined;
  let memoEvents: MemoListEvents | undefined;
  if (options.memosUrl) {
    dispatch = remoteDispatcher(options.memosUrl);
    document = await fetchOpenApiDocument(options.memosUrl);
  } else {
    ({ app: restApp, store } = createRestApp({ dataset: options.dataset }));
    if (options.profile === 'full') {
      // REST calls and tool calls both pass here, so either kind of create reaches the listen streams.
      memoEvents = new MemoListEvents();
      restApp = express().disable('x-powered-by').use(watchMemoList(memoEvents), restApp);
    }
    dispatch = inProcessDispatcher(restApp);
    document = contractDocument();
  }
  const catalog = buildCatalog(document);
  const runner = new ToolRunner(catalog, dispatch);
  const bus = options.profile === 'full' ? new InMemoryServerEventBus() : undefined;
  memoEvents?.on(() => bus?.publish({ kind: 'resources_list_changed' }));
  const endpoint: NodeHandler = createMcpEndpoint({
    runner,
    ...(options.profile ? { profile: options.profile } : {}),
    ...(bus ? { bus } : {}),
    pace: options.pace,
    log: options.log,
    allowedHostnames: options.allowedHostnames,
    maxRequestBodyBytes: options.maxRequestBodyBytes,
    ...(options.onResponse ? { onResponse: options.onResponse } : {}),
  });
  // Every method reaches the endpoint, which answers GET and DELETE with 405 itself.
  app.all('/mcp', (req, res) => void endpoint(req, res));
  app.get('/', indexPage({ ...options, store, tools: catalog.length }));
  if (restApp) app.use(restApp);
  return {
    app,
    runner,
    catalog,
    ...(store ? { store } : {}),
    ...(memoEvents ? { memoEvents } : {}),
    close: () => endpoint.close(),
  };
}

async function fetchOpenApiDocument(memosUrl: string): Promise<OpenAPIObject> {
  const url = `${memosUrl.replace(/\/$/, '')}/api/v1/openapi.json`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not read the OpenAPI document at ${url}: HTTP ${response.status}`);
  return parseContract(await response.text(), url);
}
