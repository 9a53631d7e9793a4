import { request as httpRequest } from 'node:http';

const PROTOCOL_VERSION = '2026-07-28';

export function envelope(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSION,
    'io.modelcontextprotocol/clientCapabilities': {},
    ...extra,
  };
}

/** A well-formed 2026-07-28 request body and the headers a client must send with it. */
export function mcpRequest(
  method: string,
  params: Record<string, unknown> = {},
  id: string | number = 1,
): { body: string; headers: Record<string, string> } {
  const { _meta, ...rest } = params;
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id,
    method,
    params: { ...rest, _meta: envelope(_meta as Record<string, unknown> | undefined) },
  });
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    Authorization: 'Bearer example-token',
    'MCP-Protocol-Version': PROTOCOL_VERSION,
    'Mcp-Method': method,
  };
  if (typeof params.name === 'string') headers['Mcp-Name'] = params.name;
  return { body, headers };
}

/** A JSON-RPC error response as the server writes it. */
export interface JsonRpcError {
  jsonrpc: '2.0';
  id?: unknown;
  error: { code: number; message: string; data?: Record<string, unknown> };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json?: unknown;
}

/** node:http, because fetch will not send a chosen Host header or an unusual method body. */
export function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { method: options.method ?? 'POST', headers: options.headers },
      (incoming) => {
        const parts: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => parts.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const body = Buffer.concat(parts).toString('utf8');
          const response: RawResponse = { status: incoming.statusCode ?? 0, headers: incoming.headers, body };
          try {
            response.json = JSON.parse(body);
          } catch {
            // not JSON: the test says what it expected
          }
          resolve(response);
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

export function postMcp(
  mcpUrl: string,
  method: string,
  params: Record<string, unknown> = {},
  options: { id?: string | number; headers?: Record<string, string | null> } = {},
): Promise<RawResponse> {
  const { body, headers } = mcpRequest(method, params, options.id ?? 1);
  return send(mcpUrl, { headers: withOverrides(headers, options.headers ?? {}), body });
}

/** Replaces headers case-insensitively; `null` removes one. */
export function withOverrides(
  headers: Record<string, string>,
  overrides: Record<string, string | null>,
): Record<string, string> {
  const result: Record<string, string> = {};
  const lowered = new Map(
    Object.entries(overrides).map(([name, value]) => [name.toLowerCase(), [name, value]]),
  );
  for (const [name, value] of Object.entries(headers))
    if (!lowered.has(name.toLowerCase())) result[name] = value;
  for (const [name, value] of lowered.values()) if (value !== null) result[name as string] = value as string;
  return result;
}
