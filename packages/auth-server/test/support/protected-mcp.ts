// A minimal MCP server (v2 SDK) protected by the resource-server pieces, called the way the kit's /mcp
// endpoint will call them: the metadata route first, then the token check on the headers alone, and only
// then the body. Two tools: one any signed-in caller may use, one that needs `memos:write` (step-up).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type Listening, listen } from '@memos-kit/process';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer, requireScopes } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ResourceServer } from '../../src/resource/index.ts';

/** Listen first: the resource URI, which the AS must know, names the port. */
export async function listenForMcp(): Promise<{ listening: Listening; resource: string }> {
  const listening = await listen(createServer());
  return { listening, resource: `${listening.url}/mcp` };
}

function mcpServer() {
  const server = new McpServer({ name: 'protected-test-server', version: '0.0.0' });
  server.registerTool(
    'memo_list_memos',
    { description: 'List the memos of the signed-in user', inputSchema: z.object({}) },
    (_args, ctx) => ({
      content: [{ type: 'text', text: `memos of ${String(ctx.http?.authInfo?.extra?.sub)}` }],
    }),
  );
  server.registerTool(
    'memo_delete_memo',
    {
      description: 'Delete a memo',
      inputSchema: z.object({ name: z.string() }),
      annotations: { destructiveHint: true },
      scopeChallenge: requireScopes('memos:write'),
    },
    ({ name }) => ({ content: [{ type: 'text', text: `deleted ${name}` }] }),
  );
  return server;
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, one);
  }
  return headers;
}

async function send(res: ServerResponse, response: Response) {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

export function serveProtectedMcp(listening: Listening, rs: ResourceServer) {
  const mcp = toNodeHandler(createMcpHandler(mcpServer, { keepAliveMs: 0 }));
  listening.server.on('request', async (req: IncomingMessage & { auth?: unknown }, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', listening.url);
    const metadata = rs.metadataResponse(new Request(url, { method: req.method ?? 'GET' }));
    if (metadata) return send(res, metadata);
    if (url.pathname !== '/mcp') return send(res, Response.json({ error: 'not found' }, { status: 404 }));
    const auth = await rs.authenticate({ headers: headersOf(req) });
    if (auth instanceof Response) {
      // The body was never read: drop it so the connection stays usable.
      req.resume();
      return send(res, auth);
    }
    return mcp(Object.assign(req, { auth }), res);
  });
}
