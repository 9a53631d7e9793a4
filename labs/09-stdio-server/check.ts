// Lab 9: the learner's server is started from its command, as a host starts it, with MEMOS_URL and
// MEMOS_TOKEN in its environment, and asked over stdio one line at a time. Every answer is compared with what
// REST says at that moment, about memos the check has just written with words no one could know in advance.
import { PROTOCOL_VERSION } from '@memos-kit/protocol';
import { validateMcpMessage } from '@memos-kit/wire';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ask, listedTool, newId, rest, result, seed, stdio, word } from '../src/build-track.ts';
import { absent, type CheckContext, fail, type LabCheck, shown } from '../src/check.ts';
import { request } from '../src/learner.ts';
import { notACopy, ownImports, ownProcess } from '../src/own-code.ts';

const ajv = new Ajv2020({ strict: false, logger: false, validateSchema: false });

/** The schema accepts and refuses the values it should. */
function judge(schema: unknown, tool: string, cases: Array<[unknown, boolean]>) {
  const accepts = ajv.compile(schema as object);
  for (const [value, wanted] of cases)
    if ((accepts(value) as boolean) !== wanted)
      fail(wanted ? 'schemaRefuses' : 'schemaAccepts', {
        vars: { tool, value: JSON.stringify(value) },
        got: shown(schema),
      });
}

/** The text block is the same JSON as structuredContent: the mirror for a model that reads text only. */
function mirrored(called: Record<string, unknown>, sent: string, line: string) {
  const blocks = (called.content ?? []) as Array<{ type: string; text?: string }>;
  const text = blocks.find((block) => block.type === 'text')?.text ?? '';
  let same = false;
  try {
    same = JSON.stringify(JSON.parse(text)) === JSON.stringify(called.structuredContent);
  } catch {
    // Not JSON: not the mirror.
  }
  if (!same) fail('notMirrored', { sent, expected: JSON.stringify(called.structuredContent), got: line });
}

const names = (memos: unknown) =>
  Array.isArray(memos) ? memos.map((memo: { name?: unknown }) => memo.name) : absent('Missing');

export const checks: LabCheck[] = [
  ownImports,
  notACopy,
  {
    id: 'answersDiscover',
    topic: 'serve',
    run: async (context) => {
      const { response, line, sent } = await ask(context, 'server/discover');
      const problems = validateMcpMessage(response, 'server/discover');
      const versions = response.result?.supportedVersions;
      if (!Array.isArray(versions) || !versions.includes(PROTOCOL_VERSION) || problems.length > 0)
        fail('discoverWrong', {
          sent,
          expected: `{"result":{"supportedVersions":["${PROTOCOL_VERSION}"],…}}`,
          got: [line, ...problems].join('\n'),
        });
    },
  },
  {
    id: 'twoTools',
    topic: 'tools',
    run: async (context) => {
      const { response, line, sent } = await ask(context, 'tools/list');
      const expected = '{"result":{"tools":[{"name":"list_memos",…},{"name":"create_memo",…}]}}';
      if (response.error?.code === -32601) fail('noToolsYet', { sent, expected, got: line });
      const listed = (response.result?.tools ?? []) as Array<{ name: string }>;
      const found = listed.map((tool) => tool.name);
      if (!found.includes('list_memos') || !found.includes('create_memo'))
        fail('notBothTools', { sent, expected, got: line });
    },
  },
  {
    id: 'contract',
    topic: 'tools',
    run: async (context) => {
      const list = await listedTool(context, 'list_memos');
      const create = await listedTool(context, 'create_memo');
      for (const tool of [list, create])
        if (!tool?.outputSchema)
          fail('noOutputSchema', { vars: { tool: String(tool?.name) }, got: shown(tool) });
      judge(list?.inputSchema, 'list_memos', [
        [{}, true],
        [{ filter: 'pinned == true' }, true],
        [{ filter: 3 }, false],
        [{ pageSize: 0 }, false],
      ]);
      judge(create?.inputSchema, 'create_memo', [
        [{ content: 'hi' }, true],
        [{}, false],
        [{ content: 7 }, false],
      ]);
      const honest: Array<[typeof list, Record<string, boolean>]> = [
        [list, { readOnlyHint: true, destructiveHint: false }],
        [create, { readOnlyHint: false, destructiveHint: false }],
      ];
      for (const [tool, wanted] of honest) {
        const annotations = (tool?.annotations ?? {}) as Record<string, unknown>;
        for (const [hint, value] of Object.entries(wanted))
          if (annotations[hint] !== value)
            fail('dishonestHint', {
              vars: { tool: String(tool?.name), hint },
              expected: shown(wanted),
              got: shown(tool?.annotations),
            });
      }
    },
  },
  {
    id: 'listIsRest',
    topic: 'calls',
    run: async (context) => {
      const secret = word();
      for (const n of ['one', 'two', 'three']) await seed(context, `${secret} ${n}`);
      const args = { filter: `content.contains("${secret}")`, pageSize: 2 };
      const {
        result: called,
        line,
        sent,
      } = await result(context, 'tools/call', {
        name: 'list_memos',
        arguments: args,
      });
      const wanted = names(
        (await rest(context, `/memos?${new URLSearchParams({ filter: args.filter, pageSize: '2' })}`)).body
          .memos,
      );
      const got = names((called.structuredContent as { memos?: unknown } | undefined)?.memos);
      if (called.isError === true || JSON.stringify(got) !== JSON.stringify(wanted))
        fail('listNotRest', {
          vars: { word: secret, args: JSON.stringify(args) },
          sent,
          expected: `structuredContent.memos[].name = ${JSON.stringify(wanted)}`,
          got: line,
        });
      const schema = (await listedTool(context, 'list_memos'))?.outputSchema;
      if (!ajv.validate(schema as object, called.structuredContent))
        fail('notItsSchema', { sent, expected: shown(schema), got: `${line}\n${ajv.errorsText()}` });
      mirrored(called, sent, line);
    },
  },
  {
    id: 'createIsRest',
    topic: 'calls',
    run: async (context) => {
      const secret = word();
      const args = { content: `#lab9 ${secret}`, visibility: 'PROTECTED' };
      const {
        result: called,
        line,
        sent,
      } = await result(context, 'tools/call', {
        name: 'create_memo',
        arguments: args,
      });
      const memos = await context.writable();
      const user = `users/${memos.users[0]?.username}`;
      const found = await rest(
        context,
        `/memos?${new URLSearchParams({ filter: `content.contains("${secret}")` })}`,
      );
      const made = (found.body.memos as Array<Record<string, unknown>> | undefined)?.[0];
      if (called.isError === true || made?.visibility !== 'PROTECTED' || made.creator !== user)
        fail('createNotRest', {
          vars: { content: args.content, user },
          sent,
          expected: `GET /api/v1/memos?filter=… → {"memos":[{"content":"${args.content}","visibility":"PROTECTED","creator":"${user}",…}]}`,
          got: `REST: ${shown(found.body)}\nMCP: ${line}`,
        });
      const structured = called.structuredContent as { name?: unknown } | undefined;
      if (structured?.name !== made.name)
        fail('createdNotShown', { sent, expected: `"name":"${String(made.name)}"`, got: line });
      mirrored(called, sent, line);
    },
  },
  {
    id: 'businessError',
    topic: 'errors',
    run: async (context) => {
      const filter = `${word()} ==`;
      const { response, line, sent } = await ask(context, 'tools/call', {
        name: 'list_memos',
        arguments: { filter },
      });
      const refused = await rest(context, `/memos?${new URLSearchParams({ filter })}`);
      const text = JSON.stringify(response.result?.content ?? '');
      const reason = String(refused.body.message ?? '');
      // The status and REST's words, which a result the handler returns itself can carry. McpServer turns a
      // throw into isError as well, with the error's message as the only text: the wire cannot tell the two
      // apart, so what is checked is what the model reads.
      if (
        response.result?.isError !== true ||
        !text.includes(reason.split(':')[0] ?? reason) ||
        !text.includes(String(refused.status))
      )
        fail('notIsError', {
          vars: { filter, status: refused.status },
          sent,
          expected: `{"result":{"content":[{"type":"text","text":"…${refused.status}…${reason}…"}],"isError":true,…}}`,
          got: line,
        });
    },
  },
  {
    id: 'exitsOnEof',
    topic: 'serve',
    run: async (context: CheckContext) => {
      // A host that writes one call and closes stdin at once (printf '<call>\n' | node server.ts) still wants
      // the answer: the server answers what it read, then leaves.
      const call = request(newId(), 'tools/call', { name: 'list_memos', arguments: { pageSize: 1 } });
      const sent = JSON.stringify(call);
      const { how, answer } = await (await stdio(context)).closeAfter(call);
      if (how !== 'eof')
        fail('noExit', { sent, expected: context.text('exitAtEof'), got: context.text('signalled') });
      if (!answer)
        fail('droppedAtEof', {
          sent,
          expected: `{"jsonrpc":"2.0","id":${call.id},"result":{…}}`,
          got: absent('Nothing'),
        });
    },
  },
  ownProcess,
];
