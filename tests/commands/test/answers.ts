// What the root commands must do, checked the same way wherever they run: on the Node that runs the tests
// (scripts.test.ts), and on every Node version the kit supports (tests/node-versions).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { portIsClosed } from '@memos-kit/process';
import { expect } from 'vitest';
import { type PnpmRun, root, runScript, startScript } from './pnpm.ts';

/** The demos, each with the arguments that make it quick and end by itself. */
export const quickDemos: Record<string, string[]> = {
  demo: ['--pace', 'fast'],
  'demo:stdio': [],
  'demo:sse': ['--fast'],
  'demo:hateoas': [],
  'demo:host': [],
  'demo:features': [],
};

/**
 * `pnpm serve` on a free port with no memos: its index names the token of its banner, REST lists no memo,
 * MCP answers the article's `server/discover`, and Ctrl-C stops it and frees the port. Returns the run,
 * whose stdout is the banner. `env` is added to the environment (PATH naming another Node, say).
 */
export async function serveAnswers(env: NodeJS.ProcessEnv = {}): Promise<PnpmRun> {
  const server = startScript('serve', ['--port', '0', '--dataset', 'empty', '--lang', 'en'], env);
  try {
    const banner = await server.waitFor(/http:\/\/127\.0\.0\.1:\d+[\s\S]*Bearer [\w-]+/);
    const url = /http:\/\/127\.0\.0\.1:(\d+)/.exec(banner)?.[0] ?? '';
    const token = /Bearer ([\w-]+)/.exec(banner)?.[1] ?? '';

    const index = (await (await fetch(`${url}/`)).json()) as { tokens: { token: string }[] };
    expect(index.tokens.map((entry) => entry.token)).toContain(token);

    const rest = await fetch(`${url}/api/v1/memos?pageSize=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(rest.status).toBe(200);
    expect(await rest.json()).toEqual({ memos: [] });

    const discover = readFileSync(join(root, 'fixtures/03-server-discover/request.http'), 'utf8');
    const [head = '', body = ''] = discover.split(/\r?\n\r?\n/);
    const headers = Object.fromEntries(
      head
        .split(/\r?\n/)
        .slice(1)
        .map((line) => line.split(/:\s*/, 2) as [string, string])
        .filter(([name]) => name.toLowerCase() !== 'host'),
    );
    const mcp = await fetch(`${url}/mcp`, { method: 'POST', headers, body });
    expect(mcp.status).toBe(200);
    const answer = (await mcp.json()) as { id?: number; result?: { supportedVersions?: string[] } };
    expect(answer.id).toBe(1);
    expect(JSON.stringify(answer.result)).toContain('2026-07-28');

    const stopped = await server.interrupt();
    const port = Number(new URL(url).port);
    expect(await portIsClosed(port)).toBe(true);
    return stopped;
  } finally {
    await server.interrupt(1_000);
  }
}

/**
 * `pnpm mcp:stdio` given the article's stdio request: the article's answer, alone on stdout (logs go to
 * stderr), and exit 0 when stdin ends. Returns the run.
 */
export async function stdioAnswers(env: NodeJS.ProcessEnv = {}) {
  const request = readFileSync(join(root, 'fixtures/08-stdio/request.jsonl'), 'utf8');
  const expected = readFileSync(join(root, 'fixtures/08-stdio/response.jsonl'), 'utf8').trim();
  const run = await runScript('mcp:stdio', ['--dataset', 'empty'], {
    input: request,
    env,
    timeoutMs: 60_000,
  });
  expect(run.code, run.stderr).toBe(0);
  // pnpm prints nothing on stdout for a script it runs, so every line there is the server's: MCP only.
  const lines = run.stdout.split('\n').filter((line) => line.trim() !== '');
  expect(lines.length).toBe(1);
  // The article's Python writes `{"memos": []}` inside the text; the kit's JSON.stringify writes
  // `{"memos":[]}`: the same JSON, so the text is compared parsed and the rest as it is.
  type Line = { id: number; result: { content: { text: string }[]; structuredContent: unknown } };
  const [got, want] = [JSON.parse(lines[0] ?? '') as Line, JSON.parse(expected) as Line];
  expect(got.id).toBe(want.id);
  expect(got.result.structuredContent).toEqual(want.result.structuredContent);
  expect(got.result.content.map((item) => JSON.parse(item.text))).toEqual(
    want.result.content.map((item) => JSON.parse(item.text)),
  );
  return run;
}
