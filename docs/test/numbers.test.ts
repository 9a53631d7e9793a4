// The adapter page and the workshop promise what a class will see on the wire. It is checked here against the
// live mock and adapter on the workshop dataset (what `pnpm serve` loads), sending the page's own request file,
// so a dataset change that makes the pages stale fails this test instead of a teacher's lesson.
// The host-loop page's counts of what the kit's description overlay rewords are read from the overlay itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAdapter, KIT_DESCRIPTIONS, toolNameFromOperationId } from '@memos-kit/memos-mcp';
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

describe('the description overlay (host-loop page)', () => {
  it('counts the tools the overlay rewords, and names each parameter it rewords', () => {
    const read = (file: string) => readFileSync(join(docsRoot, file), 'utf8');
    const [zh, en] = [read('guide/host-loop.md'), read('en/guide/host-loop.md')];
    const tools = Object.keys(KIT_DESCRIPTIONS.operations).length;
    const withParameters = Object.keys(KIT_DESCRIPTIONS.parameters).length;
    expect(zh).toContain(`为 ${tools} 个工具换上更长的描述`);
    expect(zh).toContain(`其中 ${withParameters} 个工具还换了参数的描述`);
    expect(en).toContain(`longer descriptions for ${tools} tools`);
    expect(en).toContain(`for ${withParameters} of them it also rewords parameters`);
    for (const [operationId, parameters] of Object.entries(KIT_DESCRIPTIONS.parameters)) {
      for (const name of Object.keys(parameters)) {
        for (const page of [zh, en]) {
          expect(page).toContain(`\`${toolNameFromOperationId(operationId)}\``);
          expect(page).toContain(`\`${name}\``);
        }
      }
    }
  });
});
