// The stages of one tools/call, each measured on its own in this process, so their differences say what
// each layer adds: the REST work through the in-process dispatcher, the tool runner around it (argument
// validation, the request built from the arguments, the result built from the REST body), the SDK's
// web-standard handler around that (envelope checks, the low-level Server, zod validation of the result,
// `Response.json`), and last, measured over a socket by the caller, Node's HTTP server with the kit's
// guards and the adapter from Node's request to the web one.
import { answerOf, createRestApp } from '@memos-kit/memos-rest';
import { PROTOCOL_VERSION } from '@memos-kit/protocol';
import { createMcpHandler, isCallToolResult } from '@modelcontextprotocol/server';
import type { Adapter } from '../src/app.ts';
import { completeBody } from '../src/http/node-adapter.ts';
import { createMcpServer } from '../src/mcp/create-server.ts';
import { inProcessDispatcher } from '../src/rest/in-process-dispatcher.ts';
import { ENVELOPE } from './cold-start.ts';

export const TOKEN = 'Bearer example-token';
export const LIST_ARGUMENTS = { pageSize: 50 };

export interface Stages {
  /** The REST request alone, through the in-process dispatcher (Express app included). */
  rest(): Promise<void>;
  /** `ToolRunner.call`: validation, the REST call, the tool result. */
  tool(): Promise<void>;
  /** The SDK's web-standard handler with the tool behind it: a web Request in, a web Response read out. */
  sdk(): Promise<void>;
  /**
   * Three parts of the SDK's share, on one tool result: its zod check, its JSON text, and the web `Response`
   * the SDK answers with (`Response.json`), read back as bytes for Node's socket, as the adapter does.
   */
  zod(): Promise<void>;
  json(): Promise<void>;
  response(): Promise<void>;
  close(): Promise<void>;
}

export function stagesOf(adapter: Adapter): Stages {
  // A second mock on the same dataset, reached the way the adapter reaches its own.
  const dispatch = inProcessDispatcher(createRestApp({ dataset: 'workshop' }).app, answerOf);
  const handler = createMcpHandler(
    () => createMcpServer({ runner: adapter.runner }, { authorization: TOKEN }),
    {
      responseMode: 'auto',
      keepAliveMs: 0,
    },
  );
  const parsedBody = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'memo_list_memos', arguments: LIST_ARGUMENTS, _meta: ENVELOPE },
  };
  const body = JSON.stringify(parsedBody);
  const headers = {
    authorization: TOKEN,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': PROTOCOL_VERSION,
    'mcp-method': 'tools/call',
    'mcp-name': 'memo_list_memos',
  };
  const sample = adapter.runner.call('memo_list_memos', LIST_ARGUMENTS, { authorization: TOKEN });
  return {
    async rest() {
      const response = await dispatch({
        method: 'GET',
        url: '/api/v1/memos?pageSize=50',
        headers: { accept: 'application/json', authorization: TOKEN },
      });
      if (response.status !== 200) throw new Error(`in-process REST answered ${response.status}`);
    },
    async tool() {
      const result = await adapter.runner.call('memo_list_memos', LIST_ARGUMENTS, { authorization: TOKEN });
      if (result.isError) throw new Error(`memo_list_memos failed: ${result.content[0]?.text}`);
    },
    async sdk() {
      const request = new Request('http://127.0.0.1/mcp', { method: 'POST', headers, body });
      const response = await handler.fetch(request, { parsedBody });
      if (response.body) await completeBody(response.body);
      if (response.status !== 200) throw new Error(`the SDK handler answered ${response.status}`);
    },
    async zod() {
      if (!isCallToolResult(await sample)) throw new Error('the tool result is not a CallToolResult');
    },
    async json() {
      JSON.stringify({ result: await sample, jsonrpc: '2.0', id: 1 });
    },
    async response() {
      const answer = Response.json({ result: await sample, jsonrpc: '2.0', id: 1 }, { status: 200 });
      if (answer.body) await completeBody(answer.body);
    },
    close: () => handler.close(),
  };
}
