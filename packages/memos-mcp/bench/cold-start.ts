// Cold start, measured as a host sees it: from the spawn to the first answer. stdio servers get a
// `server/discover` on stdin at once (what `@ai-sdk/mcp` sends, with its 1 s timeout); HTTP servers are
// asked the same over HTTP as soon as they print their URL. Every process is new; the bundles they run
// from are made before the first timed start, so the build is never part of a start.
import { readFileSync } from 'node:fs';
import { entryArgs, startNode } from '@memos-kit/process';
import { HEADERS, PROTOCOL_VERSION, requestMeta } from '@memos-kit/protocol';

export const ENVELOPE = requestMeta();
const DISCOVER = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'server/discover',
  params: { _meta: ENVELOPE },
});

export interface ColdStart {
  entry: URL;
  args?: string[];
  env?: NodeJS.ProcessEnv;
  /** HTTP: the server prints its URL, then the discover goes to `${url}/mcp`; otherwise stdio. */
  http?: boolean;
}

/** Milliseconds from the spawn to the first answer to `server/discover`. */
export async function coldStart(target: ColdStart): Promise<number> {
  const started = performance.now();
  const running = startNode(entryArgs(target.entry, target.args), {
    // stderr is kept, so a server that fails to start says why in the bench's error.
    env: { NO_COLOR: '1', ...target.env },
  });
  try {
    if (!target.http) {
      running.child.stdin?.write(`${DISCOVER}\n`);
      // Key order differs between servers: any line with a result answers the one request sent.
      await running.waitFor(/"result"/, { timeoutMs: 30_000 });
      return performance.now() - started;
    }
    const printed = await running.waitFor(/http:\/\/127\.0\.0\.1:\d+/, { timeoutMs: 30_000 });
    const base = /http:\/\/127\.0\.0\.1:\d+/.exec(printed)?.[0] ?? '';
    const response = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        [HEADERS.protocolVersion]: PROTOCOL_VERSION,
        [HEADERS.method]: 'server/discover',
      },
      body: DISCOVER,
    });
    await response.text();
    if (!response.ok)
      throw new Error(`${target.entry.pathname}: server/discover answered ${response.status}`);
    return performance.now() - started;
  } finally {
    running.child.stdin?.end();
    await running.stop({ graceMs: 2_000 });
  }
}

/**
 * A root script as `pnpm <name>` starts it (`node <launcher> <entry> <args>`): its entry and arguments, read
 * from the kit's package.json, so the bench starts a demo by the name a user types, not by a path into the
 * demo's package, which this one must not depend on.
 */
export function rootScript(name: string, extra: string[] = []): ColdStart {
  const root = new URL('../../../', import.meta.url);
  const { scripts } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [node, , entry, ...args] = scripts[name]?.split(' ') ?? [];
  if (node !== 'node' || !entry) throw new Error(`pnpm ${name} does not start a TypeScript entry`);
  return { entry: new URL(entry, root), args: [...args, ...extra] };
}

/** Milliseconds from the spawn to the exit of a command that runs to its end (a demo). */
export async function wallTime(target: ColdStart): Promise<number> {
  const started = performance.now();
  const running = startNode(entryArgs(target.entry, target.args), {
    env: { NO_COLOR: '1', ...target.env },
    stdin: 'ignore',
  });
  const exit = await running.exited;
  if (exit.code !== 0)
    throw new Error(`${target.entry.pathname} ended with ${exit.code}: ${running.stderr()}`);
  return performance.now() - started;
}
