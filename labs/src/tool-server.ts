/**
 * A real MCP server around a learner's tool code, for the labs where the learner writes what a tool answers:
 * the official SDK's low-level `Server` (the one the kit's adapter uses, with its name) behind Streamable
 * HTTP on a free loopback port, and the official client to call it. The learner's code runs inside the
 * same protocol machinery a real host would reach it through.
 */

import { SERVER_INFO } from '@memos-kit/memos-mcp';
import { listen } from '@memos-kit/process';
import { PROTOCOL_VERSION } from '@memos-kit/protocol';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { type CallToolResult, createMcpHandler, Server, type Tool } from '@modelcontextprotocol/server';
import { Ajv2020 } from 'ajv/dist/2020.js';

/**
 * The JSON Schema validator of the checks and of their client: 2020-12 like MCP, and quiet about Memos'
 * protobuf formats (`enum`, `int64`), which say nothing a type does not.
 */
export const labAjv = (): Ajv2020 => new Ajv2020({ strict: false, logger: false, validateSchema: false });

export interface ToolSet {
  tools: () => Tool[];
  call: (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;
}

export interface ServedTools {
  /** `http://127.0.0.1:PORT`; the endpoint is `${url}/mcp` (any path answers). */
  url: string;
  /** An SDK client already pointed at the server (each call is its own request, as in 2026-07-28). */
  client(): Promise<Client>;
  close(): Promise<void>;
}

export async function serveTools(set: ToolSet): Promise<ServedTools> {
  const factory = () => {
    const server = new Server(SERVER_INFO, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/list', () => ({ tools: set.tools() }));
    server.setRequestHandler('tools/call', (request) =>
      set.call(request.params.name, request.params.arguments ?? {}),
    );
    return server;
  };
  const running = await listen(toNodeHandler(createMcpHandler(factory)));
  const clients: Client[] = [];
  return {
    url: running.url,
    client: async () => {
      const client = new Client(
        { name: 'memos-kit-lab-check', version: '1.0.0' },
        {
          versionNegotiation: { mode: { pin: PROTOCOL_VERSION } },
          // It checks structuredContent against each outputSchema, as a strict host does.
          jsonSchemaValidator: new AjvJsonSchemaValidator(labAjv()),
        },
      );
      await client.connect(new StreamableHTTPClientTransport(new URL(`${running.url}/mcp`)));
      clients.push(client);
      return client;
    },
    close: async () => {
      await Promise.all(clients.map((client) => client.close()));
      await running.close();
    },
  };
}
