// Lab 11: the learner's stdio server is asked for its resource template, a memo the check has just written
// over REST (its Markdown, its cache hints), a memo that does not exist, and its prompt.
import { ErrorCode } from '@memos-kit/protocol';
import { ask, seed, word } from '../src/build-track.ts';
import { type CheckContext, fail, type LabCheck, shown } from '../src/check.ts';
import type { Json } from '../src/learner.ts';
import { notACopy, ownImports, ownProcess } from '../src/own-code.ts';

const TEMPLATE = 'memos://memos/{id}';
const READ = 'lab11:read';

export const checks: LabCheck[] = [
  ownImports,
  notACopy,
  {
    id: 'declares',
    topic: 'template',
    run: async (context) => {
      const { response, line, sent } = await ask(context, 'server/discover');
      const capabilities = (response.result?.capabilities ?? {}) as Record<string, unknown>;
      if (!capabilities.resources || !capabilities.prompts)
        fail('notDeclared', {
          sent,
          expected: '"capabilities":{"prompts":{…},"resources":{…},…}',
          got: line,
        });
    },
  },
  {
    id: 'template',
    topic: 'template',
    run: async (context) => {
      const { response, line, sent } = await ask(context, 'resources/templates/list');
      const templates = (response.result?.resourceTemplates ?? []) as Array<Record<string, unknown>>;
      const found = templates.find((template) => template.uriTemplate === TEMPLATE);
      if (found?.mimeType !== 'text/markdown')
        fail('noTemplate', {
          vars: { template: TEMPLATE },
          sent,
          expected: `{"uriTemplate":"${TEMPLATE}","mimeType":"text/markdown",…}`,
          got: line,
        });
      const ttlMs = response.result?.ttlMs;
      if (!(typeof ttlMs === 'number' && ttlMs > 0))
        fail('listNotCached', { sent, expected: '"ttlMs": > 0', got: line });
    },
  },
  {
    id: 'read',
    topic: 'read',
    run: async (context) => {
      const content = `# ${word()}\n\n- [ ] ${word()}`;
      const name = await seed(context, content);
      const uri = `memos://${name}`;
      const answer = await ask(context, 'resources/read', { uri });
      const first = (answer.response.result?.contents as Array<Record<string, unknown>> | undefined)?.[0];
      if (first?.text !== content || first.uri !== uri || first.mimeType !== 'text/markdown')
        fail('readWrong', {
          vars: { name, uri },
          sent: answer.sent,
          expected: shown({ contents: [{ uri, mimeType: 'text/markdown', text: content }] }),
          got: answer.line,
        });
      context.shared.set(READ, answer);
    },
  },
  {
    id: 'readCache',
    topic: 'cache',
    run: async (context: CheckContext) => {
      const { response, line, sent } = context.shared.get(READ) as {
        response: Json;
        line: string;
        sent: string;
      };
      const { ttlMs, cacheScope } = response.result ?? {};
      if (cacheScope !== 'private' || !(Number.isInteger(ttlMs) && (ttlMs as number) > 0))
        fail('readNotPrivate', { sent, expected: '"ttlMs": > 0, "cacheScope": "private"', got: line });
    },
  },
  {
    id: 'notFound',
    topic: 'read',
    run: async (context) => {
      const uri = `memos://memos/${word()}`;
      const { response, line, sent } = await ask(context, 'resources/read', { uri });
      if (response.error?.code !== ErrorCode.InvalidParams || response.error.data?.uri !== uri)
        fail('notFoundWrong', {
          sent,
          expected: `{"error":{"code":${ErrorCode.InvalidParams},"message":"…","data":{"uri":"${uri}"}}}`,
          got: line,
        });
    },
  },
  {
    // An id is part of a REST path: one that is not a plain memo id must not lead anywhere else. Here `?`
    // would turn GET /api/v1/memos/{id} into the list, GET /api/v1/memos/?pageSize=1.
    id: 'readOnlyMemos',
    topic: 'read',
    run: async (context) => {
      const id = '?pageSize=1';
      const uri = `memos://memos/${id}`;
      const { response, line, sent } = await ask(context, 'resources/read', { uri });
      if (response.error?.code !== ErrorCode.InvalidParams || response.error.data?.uri !== uri)
        fail('readElsewhere', {
          vars: { uri, id },
          sent,
          expected: `{"error":{"code":${ErrorCode.InvalidParams},"message":"…","data":{"uri":"${uri}"}}}`,
          got: line,
        });
    },
  },
  {
    id: 'prompt',
    topic: 'prompt',
    run: async (context) => {
      const listed = await ask(context, 'prompts/list');
      const prompts = (listed.response.result?.prompts ?? []) as Array<{
        name: string;
        arguments?: Array<{ name: string; required?: boolean }>;
      }>;
      const prompt = prompts.find((entry) => entry.name === 'summarize_memo');
      if (!prompt?.arguments?.some((argument) => argument.name === 'id' && argument.required))
        fail('noPrompt', {
          sent: listed.sent,
          expected: '{"name":"summarize_memo","arguments":[{"name":"id","required":true}]}',
          got: listed.line,
        });
      const secret = word();
      const name = await seed(context, `${secret}: call the plumber on Monday`);
      const { response, line, sent } = await ask(context, 'prompts/get', {
        name: 'summarize_memo',
        arguments: { id: name.slice('memos/'.length) },
      });
      if (!JSON.stringify(response.result?.messages ?? '').includes(secret))
        fail('promptWithoutMemo', {
          vars: { word: secret },
          sent,
          expected: `{"messages":[… "${secret}: call the plumber on Monday" …]}`,
          got: line,
        });
    },
  },
  {
    // A prompt's id is not normalised by any URL on the way: `x/../<id>` pasted into /memos/… reaches the
    // memo <id> through a name that is not its own.
    id: 'promptOnlyMemos',
    topic: 'prompt',
    run: async (context) => {
      const secret = word();
      const name = await seed(context, `${secret}: reached by another name`);
      const id = `${word()}/../${name.slice('memos/'.length)}`;
      const { response, line, sent } = await ask(context, 'prompts/get', {
        name: 'summarize_memo',
        arguments: { id },
      });
      if (JSON.stringify(response.result?.messages ?? '').includes(secret))
        fail('promptElsewhere', {
          vars: { id, name },
          sent,
          expected: `{"error":{"code":${ErrorCode.InvalidParams},…}} (REST: GET /api/v1/memos/${encodeURIComponent(id)} → 404)`,
          got: line,
        });
    },
  },
  ownProcess,
];
