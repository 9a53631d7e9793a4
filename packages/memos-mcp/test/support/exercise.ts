// What the client tests do with every tool, against whichever REST server stands behind the adapter: the
// mock in-process, or a stand-in for a real Memos fronted with --memos-url.
import { STATUS_CODES } from 'node:http';
import { Client } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { expect } from 'vitest';
import { createMemosAjv } from '../../src/tools/argument-validator.ts';
import { type ToolCase, writeCases } from './tool-table.ts';

/** A v2 SDK client pinned to 2026-07-28, the way a modern host would connect. */
export function modernClient(): Client {
  return new Client(
    { name: 'memos-kit-test', version: '1.0.0' },
    {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      // The client validates structuredContent against each outputSchema; this one knows Memos' formats.
      jsonSchemaValidator: new AjvJsonSchemaValidator(createMemosAjv()),
    },
  );
}

interface CallResult {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
}

/** The few fields the tests read from REST bodies; the rest is compared whole. */
type RestBody = { message?: string; reactions?: Array<{ name: string }> } & Record<string, unknown>;

async function rest(
  restUrl: string,
  path: string,
  token: string,
  method = 'GET',
): Promise<{ status: number; json: RestBody }> {
  const response = await fetch(`${restUrl}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as RestBody) : {} };
}

export async function call(client: Client, tool: string, args: Record<string, unknown>): Promise<CallResult> {
  return (await client.callTool({ name: tool, arguments: args })) as CallResult;
}

/** What MCP shows must be what REST shows: the same JSON, or the same refusal with the same message. */
export async function expectSameAsRest(
  client: Client,
  restUrl: string,
  token: string,
  { tool, args, rest: path }: ToolCase,
): Promise<void> {
  const mcp = await call(client, tool, args);
  const expected = await rest(restUrl, path, token);
  const label = `${tool} ${JSON.stringify(args)} vs GET ${path}`;
  if (expected.status === 200) {
    expect(mcp.isError, label).toBeUndefined();
    expect(mcp.structuredContent, label).toEqual(expected.json);
    expect(JSON.parse(mcp.content[0]?.text ?? ''), label).toEqual(expected.json);
  } else {
    expect(mcp.isError, label).toBe(true);
    expect(mcp.structuredContent, label).toBeUndefined();
    // Memos' words: the status, then the REST error's message.
    expect(mcp.content[0]?.text, label).toBe(
      `${expected.status} ${STATUS_CODES[expected.status]}: ${expected.json.message}`,
    );
  }
}

/** Every write tool through MCP, each checked by reading REST afterwards; returns the tools it used. */
export async function exerciseWrites(
  client: Client,
  restUrl: string,
  id: string,
  token: string,
): Promise<string[]> {
  const used: string[] = [];
  for (const step of writeCases(id)) {
    const mcp = await call(client, step.tool, step.args);
    expect(mcp.isError, `${step.tool}: ${mcp.content[0]?.text}`).toBeUndefined();
    const after = await rest(restUrl, step.rest, token);
    expect(after.status, step.rest).toBe(200);
    if (step.tool === 'memo_create_memo' || step.tool === 'attachment_create_attachment') {
      expect(mcp.structuredContent).toEqual(after.json);
    } else {
      expect(JSON.stringify(after.json), step.tool).toContain(id);
    }
    used.push(step.tool);
  }
  const memo = `${id}-memo`;
  const reactions = (await rest(restUrl, `/memos/${memo}/reactions`, token)).json.reactions ?? [];
  // The canonical resource name is accepted as well as the bare id.
  const removed = await call(client, 'memo_delete_memo_reaction', { memo, reaction: reactions[0]?.name });
  expect(removed.isError, removed.content[0]?.text).toBeUndefined();
  expect((await rest(restUrl, `/memos/${memo}/reactions`, token)).json.reactions).toEqual([]);
  const detached = await call(client, 'attachment_delete_attachment', {
    attachment: `attachments/${id}-file`,
  });
  expect(detached.isError, detached.content[0]?.text).toBeUndefined();
  expect((await rest(restUrl, `/attachments/${id}-file`, token)).status).toBe(404);
  const deleted = await call(client, 'memo_delete_memo', { memo: `memos/${memo}` });
  expect(deleted.isError, deleted.content[0]?.text).toBeUndefined();
  expect((await rest(restUrl, `/memos/${memo}`, token)).status).toBe(404);
  return [...used, 'memo_delete_memo_reaction', 'attachment_delete_attachment', 'memo_delete_memo'];
}
