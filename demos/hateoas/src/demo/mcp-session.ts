import { HEADERS, PROTOCOL_VERSION } from '@memos-kit/protocol';
import { Client, type FetchLike, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/** One MCP POST as it went over the wire (the tools here never stream, so bodies are plain JSON). */
export interface McpExchange {
  method: string;
  url: URL;
  requestHeaders: Array<[string, string]>;
  requestBody: string;
  status: number;
  statusText: string;
  responseHeaders: Array<[string, string]>;
  responseBody: string;
}

/** The request headers that carry MCP meaning; Accept and friends are the same on every call. */
const SHOWN_REQUEST_HEADERS = ['authorization', 'content-type', ...Object.values(HEADERS)].map((name) =>
  name.toLowerCase(),
);

export interface McpSession {
  client: Client;
  close(): Promise<void>;
}

/**
 * An SDK client whose fetch is tapped, so the demo prints what really went over the wire.
 * The tap reads a clone of each JSON answer and hands the original back untouched.
 */
export async function openMcpSession(
  mcpUrl: string,
  onExchange: (exchange: McpExchange) => void,
  extraHeaders: Record<string, string> = {},
): Promise<McpSession> {
  const tap: FetchLike = async (input, init) => {
    const response = await fetch(input, init);
    const headers = new Headers(init?.headers);
    const streaming = response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
    onExchange({
      method: init?.method ?? 'GET',
      url: new URL(input),
      requestHeaders: [...headers].filter(([name]) => SHOWN_REQUEST_HEADERS.includes(name)),
      requestBody: typeof init?.body === 'string' ? init.body : '',
      status: response.status,
      statusText: response.statusText,
      responseHeaders: [...response.headers].filter(([name]) => name === 'content-type'),
      responseBody: streaming ? '' : await response.clone().text(),
    });
    return response;
  };
  const client = new Client(
    { name: 'orders-demo-host', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: PROTOCOL_VERSION } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpUrl), {
      fetch: tap,
      requestInit: { headers: extraHeaders },
    }),
  );
  return { client, close: () => client.close() };
}

/**
 * For reading in class: the per-request `_meta` envelope and the tools' JSON Schemas are long and
 * the same on every call, so they are replaced with "…". Everything else is shown as sent.
 */
export function elideForReading(value: unknown, more: readonly string[] = [], key?: string): unknown {
  if (key !== undefined && (ALWAYS_ELIDED.includes(key) || more.includes(key))) return '…';
  if (Array.isArray(value)) return value.map((item) => elideForReading(item, more));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [name, elideForReading(item, more, name)]),
  );
}

const ALWAYS_ELIDED = ['_meta', 'inputSchema', 'outputSchema'];
