// The adapter page and the workshop promise what a class will see on the wire. It is checked here against the
// live mock and adapter on the workshop dataset (what `pnpm serve` loads), sending the page's own request file,
// so a dataset change that makes the pages stale fails this test instead of a teacher's lesson.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAdapter } from '@memos-kit/memos-mcp';
import { listen } from '@memos-kit/process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsRoot } from './markdown-files.ts';

let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  server = await listen((await createAdapter({ dataset: 'workshop' })).app);
});
afterAll(() => server.close());

type Memo = { name: string; visibility: string };

/** The page's REST command: every PROTECTED memo the token may see. */
async function restMemos(token: string): Promise<Memo[]> {
  const response = await fetch(
    `${server.url}/api/v1/memos?pageSize=50&filter=visibility+%3D%3D+%22PROTECTED%22`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  return ((await response.json()) as { memos: Memo[] }).memos;
}

/** The page's MCP command: the kit's request file, sent as its bytes with the page's headers. */
async function mcpMemos(token: string): Promise<Memo[]> {
  const response = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      Authorization: `Bearer ${token}`,
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': 'tools/call',
      'Mcp-Name': 'memo_list_memos',
    },
    body: readFileSync(join(docsRoot, 'requests/list-protected-memos.json')),
  });
  const message = (await response.json()) as { result: { structuredContent: { memos: Memo[] } } };
  return message.result.structuredContent.memos;
}

describe('the token experiment (adapter page and workshop)', () => {
  it('promises what the workshop dataset really gives on both entrances', async () => {
    const signedIn = await restMemos('example-token');
    expect(signedIn.length).toBeGreaterThan(0);
    expect(new Set(signedIn.map((m) => m.visibility))).toEqual(new Set(['PROTECTED']));
    expect(await mcpMemos('example-token')).toEqual(signedIn);
    expect(await restMemos('nope')).toEqual([]);
    expect(await mcpMemos('nope')).toEqual([]);

    const read = (file: string) => readFileSync(join(docsRoot, file), 'utf8');
    for (const file of ['guide/adapter.md', 'workshop/index.md']) {
      expect(read(file), file).toContain(`同样的 ${signedIn.length} 条 \`PROTECTED\` memo`);
      expect(read(`en/${file}`), `en/${file}`).toContain(`the same ${signedIn.length} \`PROTECTED\` memos`);
    }
  });
});
