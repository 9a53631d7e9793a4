// Lab 12: the learner's stdio server is asked to delete memos the check has just written. Every claim is
// checked against REST (is the memo still there?), and the retry with the user's answer goes to a second
// server process, so a server that remembers the first request in memory fails.
import { ErrorCode } from '@memos-kit/protocol';
import { ask, seed, stillThere, word } from '../src/build-track.ts';
import { type CheckContext, fail, type LabCheck } from '../src/check.ts';
import { startStdio } from '../src/learner.ts';
import { notACopy, ownImports, ownProcess } from '../src/own-code.ts';

/** A client that can show the user a form. */
const FORM = { capabilities: { elicitation: { form: {} } } };
const PENDING = 'lab12:pending';

/** The first round: what the server asks, and the key and yes/no field to answer with. */
async function firstRound(context: CheckContext, name: string) {
  const answer = await ask(context, 'tools/call', { name: 'delete_memo', arguments: { name } }, FORM);
  const result = answer.response.result ?? {};
  const requests = (result.inputRequests ?? {}) as Record<
    string,
    { method?: string; params?: Record<string, unknown> }
  >;
  const [key, asked] = Object.entries(requests)[0] ?? [];
  const schema = asked?.params?.requestedSchema as
    | { properties?: Record<string, { type?: string }> }
    | undefined;
  const field = Object.entries(schema?.properties ?? {}).find(
    ([, property]) => property.type === 'boolean',
  )?.[0];
  return { ...answer, result, key, asked, field };
}

const gone = (name: string) => `REST: GET /api/v1/${name} → 404`;
const there = (name: string) => `REST: GET /api/v1/${name} → 200`;

export const checks: LabCheck[] = [
  ownImports,
  notACopy,
  {
    id: 'destructive',
    topic: 'tool',
    run: async (context) => {
      const { response, line, sent } = await ask(context, 'tools/list');
      const tools = (response.result?.tools ?? []) as Array<{
        name: string;
        annotations?: Record<string, unknown>;
      }>;
      const tool = tools.find((entry) => entry.name === 'delete_memo');
      if (tool?.annotations?.destructiveHint !== true || tool.annotations.readOnlyHint !== false)
        fail('notDestructive', {
          sent,
          expected: '{"name":"delete_memo","annotations":{"readOnlyHint":false,"destructiveHint":true,…}}',
          got: line,
        });
    },
  },
  {
    id: 'asksFirst',
    topic: 'ask',
    run: async (context) => {
      const name = await seed(context, `${word()} to be deleted`);
      const round = await firstRound(context, name);
      if (!(await stillThere(context, name)))
        fail('deletedUnasked', {
          vars: { name },
          sent: round.sent,
          expected: `{"result":{"resultType":"input_required",…}}\n${there(name)}`,
          got: `${round.line}\n${gone(name)}`,
        });
      if (
        round.result.resultType !== 'input_required' ||
        round.asked?.method !== 'elicitation/create' ||
        !round.field
      )
        fail('noForm', {
          sent: round.sent,
          expected:
            '{"result":{"resultType":"input_required","inputRequests":{"confirm":{"method":"elicitation/create","params":{"mode":"form","message":"…","requestedSchema":{"type":"object","properties":{"confirm":{"type":"boolean"}}}}}}}}',
          got: round.line,
        });
      context.shared.set(PENDING, { name, key: round.key, field: round.field });
    },
  },
  {
    id: 'yesDeletes',
    topic: 'retry',
    run: async (context) => {
      const { name, key, field } = context.shared.get(PENDING) as {
        name: string;
        key: string;
        field: string;
      };
      // Another process: nothing of the first request can be remembered there.
      const elsewhere = await startStdio(context);
      const answer = await ask(
        context,
        'tools/call',
        {
          name: 'delete_memo',
          arguments: { name },
          inputResponses: { [key]: { action: 'accept', content: { [field]: true } } },
        },
        { ...FORM, server: elsewhere },
      );
      const left = await stillThere(context, name);
      if (
        answer.response.result?.resultType !== 'complete' ||
        answer.response.result.isError === true ||
        left
      )
        fail('yesKept', {
          sent: answer.sent,
          expected: `{"result":{"content":[…],"resultType":"complete"}}\n${gone(name)}`,
          got: `${answer.line}\n${left ? there(name) : gone(name)}`,
        });
    },
  },
  {
    id: 'noKeeps',
    topic: 'retry',
    run: async (context) => {
      const replies = [
        (field: string) => ({ action: 'accept', content: { [field]: false } }),
        () => ({ action: 'decline' }),
      ];
      for (const reply of replies) {
        const name = await seed(context, `${word()} to keep`);
        const round = await firstRound(context, name);
        const answered = reply(round.field ?? 'confirm');
        const { response, line, sent } = await ask(
          context,
          'tools/call',
          {
            name: 'delete_memo',
            arguments: { name },
            inputResponses: { [round.key ?? 'confirm']: answered },
          },
          FORM,
        );
        const kept = await stillThere(context, name);
        if (!kept || response.result?.resultType !== 'complete')
          fail('noDeleted', {
            vars: { reply: JSON.stringify(answered) },
            sent,
            expected: `{"result":{"resultType":"complete",…}}\n${there(name)}`,
            got: `${line}\n${kept ? there(name) : gone(name)}`,
          });
      }
    },
  },
  {
    id: 'cannotAsk',
    topic: 'capability',
    run: async (context) => {
      const name = await seed(context, `${word()} asked by a client without forms`);
      const { response, line, sent } = await ask(context, 'tools/call', {
        name: 'delete_memo',
        arguments: { name },
      });
      const kept = await stillThere(context, name);
      if (
        response.error?.code !== ErrorCode.MissingRequiredClientCapability ||
        !(response.error.data?.requiredCapabilities as Record<string, unknown> | undefined)?.elicitation ||
        !kept
      )
        fail('askedWhoCannot', {
          sent,
          expected: `{"error":{"code":${ErrorCode.MissingRequiredClientCapability},"data":{"requiredCapabilities":{"elicitation":{…}}}}}\n${there(name)}`,
          got: `${line}\n${kept ? there(name) : gone(name)}`,
        });
    },
  },
  {
    // The name goes into the REST path: `memos/x/../<id>`, pasted after /, is DELETE /api/v1/memos/<id>.
    // Even with the user's yes, a name that is not a memo's must delete nothing.
    id: 'onlyMemos',
    topic: 'tool',
    run: async (context) => {
      const pending = context.shared.get(PENDING) as { key?: string; field?: string } | undefined;
      const target = await seed(context, `${word()} deleted by another name`);
      const name = `memos/${word()}/../${target.slice('memos/'.length)}`;
      const { response, line, sent } = await ask(
        context,
        'tools/call',
        {
          name: 'delete_memo',
          arguments: { name },
          inputResponses: {
            [pending?.key ?? 'confirm']: {
              action: 'accept',
              content: { [pending?.field ?? 'confirm']: true },
            },
          },
        },
        FORM,
      );
      const kept = await stillThere(context, target);
      const done = response.result?.resultType === 'complete' && response.result.isError !== true;
      if (!kept || done)
        fail('notAMemoName', {
          vars: { name, target },
          sent,
          expected: `{"result":{"content":[…],"isError":true,…}} or {"error":{…}}\n${there(target)}`,
          got: `${line}\n${kept ? there(target) : gone(target)}`,
        });
    },
  },
  ownProcess,
];
