/**
 * What the checks of the build track (labs 9 to 13) share: the mock Memos they write to, words no memo holds
 * yet (what a constant cannot know), and the learner's stdio server, started once per run and asked one
 * request at a time. Every business claim is checked against REST at check time.
 */
import { randomBytes } from 'node:crypto';
import { type CheckContext, fail } from './check.ts';
import {
  ANSWER_MS,
  type Json,
  NoAnswer,
  NotAMessage,
  request,
  type StdioServer,
  startStdio,
} from './learner.ts';

/** A word no memo holds: `w` and ten random letters and digits. */
export const word = () =>
  `w${randomBytes(8).toString('base64url').replace(/[-_]/g, '').slice(0, 10).toLowerCase()}`;

/** One call to the mock Memos REST API, as the learner's server's user. */
export async function rest(
  context: CheckContext,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: Json }> {
  const memos = await context.writable();
  const response = await fetch(`${memos.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${memos.users[0]?.tokens[0] ?? ''}`,
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
}

/** Writes one memo over REST and returns its name (`memos/…`). */
export async function seed(context: CheckContext, content: string, visibility = 'PRIVATE'): Promise<string> {
  const { body } = await rest(context, '/memos', { method: 'POST', body: { content, visibility } });
  return String(body.name);
}

/** Whether REST still has the memo. */
export const stillThere = async (context: CheckContext, name: string) =>
  (await rest(context, `/${name}`)).status === 200;

const SERVER = 'build-track:stdio';

/** The learner's stdio server for this run, started at the first request. */
export async function stdio(context: CheckContext): Promise<StdioServer> {
  let server = context.shared.get(SERVER) as Promise<StdioServer> | undefined;
  if (!server) {
    server = startStdio(context);
    context.shared.set(SERVER, server);
  }
  return server;
}

let nextId = 1;
export const newId = () => nextId++;

/**
 * One request to `server` (the run's stdio server by default); a stdout line that is not a message, or no
 * answer, fails with what was sent and what came instead.
 */
export async function ask(
  context: CheckContext,
  method: string,
  params: Record<string, unknown> = {},
  options: { capabilities?: Record<string, unknown>; server?: StdioServer } = {},
): Promise<{ response: Json; line: string; sent: string }> {
  const server = options.server ?? (await stdio(context));
  const message = request(newId(), method, params, options);
  const sent = JSON.stringify(message);
  try {
    return { ...(await server.call(message)), sent };
  } catch (error) {
    if (error instanceof NotAMessage)
      fail('@stdoutNotMessage', { sent, expected: '{"jsonrpc":"2.0",…}', got: error.line });
    if (error instanceof NoAnswer)
      fail('@stdioNoAnswer', {
        vars: { seconds: ANSWER_MS / 1000 },
        sent,
        expected: `{"jsonrpc":"2.0","id":${message.id},"result":{…}}`,
        got: `${error.reason}\n${error.output.slice(-800)}`.trim(),
      });
    throw error;
  }
}

/** `ask` for a result: a JSON-RPC error instead fails, naming the method. */
export async function result(
  context: CheckContext,
  method: string,
  params: Record<string, unknown> = {},
  options: { capabilities?: Record<string, unknown> } = {},
) {
  const answer = await ask(context, method, params, options);
  if (!answer.response.result)
    fail('@errorNotResult', { vars: { method }, sent: answer.sent, got: answer.line });
  return { ...answer, result: answer.response.result as Record<string, unknown> & Json };
}

/** The tool named `name` as `tools/list` describes it. */
export async function listedTool(context: CheckContext, name: string) {
  const { result: listed } = await result(context, 'tools/list');
  return (listed.tools as Array<Record<string, unknown> & { name: string }> | undefined)?.find(
    (tool) => tool.name === name,
  );
}
