// Lab 5: the learner's REST-to-MCP conversion meets the two bugs Memos' own adapter shipped: a bare array
// as structuredContent (#6022) and null fields against an output schema (#6139), on real REST bodies of
// the kit's mock, then through the official client, which checks both.
import { contractDocument } from '@memos-kit/memos-contract';
import { buildCatalog } from '@memos-kit/memos-mcp';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import localizeZh from 'ajv-i18n/localize/zh/index.js';
import { type CheckContext, fail, type LabCheck, shown } from '../src/check.ts';
import { ownImports } from '../src/own-code.ts';
import { labAjv, serveTools } from '../src/tool-server.ts';
import type * as Solution from './solution/to-result.ts';

const TOOL = 'attachment_list_attachments';
const tool = buildCatalog(contractDocument()).find((entry) => entry.tool.name === TOOL)?.tool as Tool;

/**
 * The output schema as Memos generated it when #6139 was filed: a message field such as motionMedia is
 * `{$ref: MotionMedia}`, with no `null` allowed. (The kit's contract has the fixed, nullable form.)
 */
function beforeTheFix(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(beforeTheFix);
  if (typeof schema !== 'object' || schema === null) return schema;
  const object = schema as Record<string, unknown>;
  const anyOf = object.anyOf;
  if (
    Array.isArray(anyOf) &&
    anyOf.length === 2 &&
    anyOf.some((s) => (s as { type?: unknown }).type === 'null')
  ) {
    const { anyOf: _, ...rest } = object;
    return {
      ...rest,
      ...(beforeTheFix(anyOf.find((s) => (s as { type?: unknown }).type !== 'null')) as object),
    };
  }
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, beforeTheFix(value)]));
}

const strictSchema = beforeTheFix(tool.outputSchema) as Tool['outputSchema'];
const validate = labAjv().compile(strictSchema as object);

async function restBody(context: CheckContext, path: string): Promise<unknown> {
  const memos = await context.server('workshop');
  const response = await fetch(`${memos.url}${path}`, {
    headers: { Authorization: `Bearer ${memos.users[0]?.tokens[0] ?? ''}` },
  });
  return response.json();
}

async function convert(context: CheckContext, body: unknown): Promise<CallToolResult> {
  const { toToolResult } = await context.load<typeof Solution>('to-result.ts');
  return toToolResult(structuredClone(body));
}

function textMatches(result: CallToolResult): boolean {
  const text = result.content[0];
  return text?.type === 'text' && text.text === JSON.stringify(result.structuredContent);
}

export const checks: LabCheck[] = [
  {
    id: 'bareArray',
    topic: 'wrap',
    run: async (context) => {
      // What GET /api/v1/attachments would be if it answered the list alone, as some Memos endpoints did.
      const list = (
        (await restBody(context, '/api/v1/attachments')) as { attachments: unknown[] }
      ).attachments.slice(0, 1);
      const result = await convert(context, list);
      const structured = result.structuredContent;
      if (typeof structured !== 'object' || structured === null || Array.isArray(structured))
        fail('arrayStructured', { expected: '{ "result": [ … ] }', got: shown(structured) });
      if (!Array.isArray((structured as { result?: unknown }).result))
        fail('arrayWrapped', { expected: '{ "result": [ … ] }', got: shown(structured) });
      if (!textMatches(result))
        fail('text', { expected: JSON.stringify(structured), got: shown(result.content) });
    },
  },
  {
    id: 'nullFields',
    topic: 'nulls',
    run: async (context) => {
      const body = await restBody(context, '/api/v1/attachments?pageSize=2');
      const result = await convert(context, body);
      if (!validate(result.structuredContent)) {
        const error = validate.errors?.[0];
        // Ajv's reason ("must be object") in the learner's language; the schema's own words stay as they are.
        if (error && context.lang === 'zh') localizeZh([error]);
        fail('schema', {
          vars: { where: error?.instancePath ?? '', why: error?.message ?? '' },
          expected: `${error?.schemaPath ?? ''} → ${shown(error?.params)}`,
          got: shown(result.structuredContent),
        });
      }
      if (!textMatches(result))
        fail('text', { expected: JSON.stringify(result.structuredContent), got: shown(result.content) });
    },
  },
  {
    id: 'otherShapes',
    topic: 'wrap',
    run: async (context) => {
      const cases: Array<[unknown, unknown]> = [
        [undefined, { ok: true }],
        [
          { memos: [], nextPageToken: '' },
          { memos: [], nextPageToken: '' },
        ],
        [7, { result: 7 }],
      ];
      for (const [body, wanted] of cases) {
        const result = await convert(context, body);
        if (JSON.stringify(result.structuredContent) !== JSON.stringify(wanted))
          fail('shape', {
            vars: { body: shown(body) },
            expected: shown(wanted),
            got: shown(result.structuredContent),
          });
      }
    },
  },
  {
    id: 'strictClient',
    topic: 'wrap',
    run: async (context) => {
      const body = await restBody(context, '/api/v1/attachments?pageSize=2');
      const result = await convert(context, body);
      const server = await serveTools({
        tools: () => [{ ...tool, outputSchema: strictSchema }],
        call: async () => result,
      });
      try {
        const client = await server.client();
        await client.listTools();
        await client
          .callTool({ name: TOOL, arguments: {} })
          .catch((error: unknown) =>
            fail('clientRejects', { got: error instanceof Error ? error.message : String(error) }),
          );
      } finally {
        await server.close();
      }
    },
  },
  // Last: a file that hands over the kit's own implementation would pass every check above; here it fails.
  ownImports,
];
