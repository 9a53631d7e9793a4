// "Use it from your own assistant" promises what `pnpm connect` does and what the assistant will find. Both are
// read from the page here: the host table against the hosts the command knows, the configuration it quotes
// against the command's own output, and the answers to the questions it suggests against the adapter on the
// workshop dataset (what `pnpm serve` and `pnpm mcp:stdio` load).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONNECT_CLI, HOSTS } from '@memos-kit/connect';
import { createAdapter } from '@memos-kit/memos-mcp';
import { listen, runEntry } from '@memos-kit/process';
import { mcpHeadersFor, requestMeta } from '@memos-kit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsRoot } from './markdown-files.ts';

const pages = {
  zh: readFileSync(join(docsRoot, 'guide/your-assistant.md'), 'utf8'),
  en: readFileSync(join(docsRoot, 'en/guide/your-assistant.md'), 'utf8'),
};
const readme = readFileSync(join(docsRoot, '..', 'README.md'), 'utf8');

/** The rows of the page's first table: the host each names with `pnpm connect <id>`. */
function tableHosts(page: string): string[] {
  const lines = page.split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
  return lines
    .slice(start + 2, end)
    .map((row) => /`pnpm connect ([\w-]+)`/.exec(row)?.[1] ?? `(no command in: ${row})`);
}

describe.each(Object.entries(pages))('the page (%s)', (lang, page) => {
  it('lists exactly the hosts pnpm connect knows, with each one its docs, and says how many', () => {
    expect(tableHosts(page)).toEqual(HOSTS.map((host) => host.id));
    for (const host of HOSTS)
      for (const doc of host.docs) expect(page, `${host.id}: ${doc.url}`).toContain(doc.url);
    const count = lang === 'zh' ? `认识的 ${HOSTS.length} 个宿主` : `the ${HOSTS.length} hosts it knows`;
    expect(page).toContain(count);
    expect(page).toContain(lang === 'zh' ? `列出 ${HOSTS.length} 个宿主` : `lists ${HOSTS.length} hosts`);
  });
});

describe.each(Object.entries(pages))('what the page (%s) says was checked', (lang, page) => {
  it.each(HOSTS.map((host) => [host.id, host] as const))(
    '%s: the docs read, and what no primary source confirmed, as pnpm connect records them',
    (_, host) => {
      // The host's line of the section, its Markdown escapes read as the reader sees them.
      const line = page
        .split('\n')
        .find((candidate) => candidate.startsWith(`- **${host.name}**`))
        ?.replace(/\\(.)/g, '$1');
      expect(line, `no line for ${host.name}`).toBeDefined();
      for (const doc of host.docs) expect(line).toContain(`](${doc.url})`);
      for (const note of host.unverified) expect(line).toContain(note[lang as 'zh' | 'en']);
    },
  );

  it('says which of the two VS Code entries to pick, as pnpm connect says under its list', () => {
    const picks = HOSTS.filter((host) => host.pick !== undefined);
    expect(picks.map((host) => host.id)).toEqual(['vscode', 'vscode-local']);
    const colon = lang === 'zh' ? '：' : ': ';
    for (const host of picks)
      expect(page).toContain(`- \`${host.id}\`${colon}${host.pick?.[lang as 'zh' | 'en']}\n`);
  });
});

describe('the README', () => {
  it('counts the hosts pnpm connect knows, in both languages', () => {
    expect(readme).toContain(`认识的 ${HOSTS.length} 个宿主`);
    expect(readme).toContain(`the ${HOSTS.length} hosts it knows`);
  });
});

describe('the configuration the page quotes', () => {
  it('is what pnpm connect prints: the stdio entry, and the HTTP URL and header', async () => {
    const [stdio, http] = await Promise.all([
      runEntry(CONNECT_CLI, { args: ['cursor', '--json'] }),
      runEntry(CONNECT_CLI, { args: ['cursor', '--transport', 'http', '--json'] }),
    ]);
    type Printed = { entry: { command: string; args: string[]; env: Record<string, string> } };
    const { entry } = JSON.parse(stdio.stdout) as Printed;
    expect(entry.command).toBe(process.execPath);
    const httpEntry = (JSON.parse(http.stdout) as { entry: { url: string; headers: Record<string, string> } })
      .entry;
    for (const page of Object.values(pages)) {
      expect(entry.args.map((arg) => arg.replaceAll('\\', '/'))).toEqual([
        expect.stringMatching(/\/packages\/entry-bundle\/src\/launch\.mjs$/),
        expect.stringMatching(/\/packages\/memos-mcp\/src\/stdio\.ts$/),
      ]);
      expect(page).toContain('/packages/entry-bundle/src/launch.mjs"');
      expect(page).toContain('/packages/memos-mcp/src/stdio.ts"');
      const [[name, value]] = Object.entries(entry.env) as [[string, string]];
      expect(page).toContain(`"${name}": "${value}"`);
      expect(page).toContain(`\`${httpEntry.url}\``);
      const [[header, headerValue]] = Object.entries(httpEntry.headers) as [[string, string]];
      expect(page).toContain(`\`${header}: ${headerValue}\``);
    }
  });
});

describe("what the page says of a lab's own server", () => {
  it("is what pnpm connect --lab prints: MEMOS_URL, and the HTTP server's default port and path", async () => {
    // Two labs laid out as the build track's are, one per transport, each declaring only what the field needs.
    const labs = mkdtempSync(join(tmpdir(), 'connect-page-labs-'));
    try {
      for (const [dir, transport] of [
        ['01-over-stdio', 'stdio'],
        ['02-over-http', 'http'],
      ] as const) {
        mkdirSync(join(labs, dir, 'starter'), { recursive: true });
        writeFileSync(join(labs, dir, 'starter', 'server.ts'), '');
        writeFileSync(
          join(labs, dir, 'lab.json'),
          JSON.stringify({ server: { transport, entry: 'server.ts' } }),
        );
      }
      const env = { KIT_LAB_WORKDIR: labs };
      const [stdio, http] = await Promise.all([
        runEntry(CONNECT_CLI, { args: ['cursor', '--lab', '1', '--json'], env }),
        runEntry(CONNECT_CLI, { args: ['cursor', '--lab', '2', '--json'], env }),
      ]);
      const { MEMOS_URL } = (JSON.parse(stdio.stdout) as { entry: { env: Record<string, string> } }).entry
        .env;
      const printed = JSON.parse(http.stdout) as {
        entry: { url: string };
        start: { env: Record<string, string> };
      };
      expect(printed.entry.url).toBe(`http://127.0.0.1:${printed.start.env.PORT}/mcp`);
      expect(printed.start.env.MEMOS_URL).toBe(MEMOS_URL);
      for (const page of Object.values(pages)) {
        expect(page).toContain(`\`${MEMOS_URL}\``);
        expect(page).toContain(`\`${printed.entry.url}\``);
      }
      expect(pages.zh).toContain(`默认 ${printed.start.env.PORT}，`);
      expect(pages.en).toContain(`${printed.start.env.PORT} by default`);
    } finally {
      rmSync(labs, { recursive: true, force: true });
    }
  });
});

describe('what the page says of lab 13', () => {
  it("is the pnpm serve line and the environment pnpm connect --lab 13 prints, from the lab's lab.json", async () => {
    const run = await runEntry(CONNECT_CLI, { args: ['cline', '--lab', '13', '--json'] });
    const printed = JSON.parse(run.stdout) as { serve: string; start: { env: Record<string, string> } };
    const { env } = printed.start;
    expect(env.MCP_RESOURCE).toBe(`http://127.0.0.1:${env.PORT}/mcp`);
    for (const page of Object.values(pages)) {
      expect(page).toContain(`\`${printed.serve}\``);
      expect(page).toContain(`\`AUTH_ISSUER=${env.AUTH_ISSUER}\``);
      expect(page).toContain(`\`MCP_RESOURCE=${env.MCP_RESOURCE}\``);
      expect(page).toContain(`\`${new URL(env.AUTH_ISSUER ?? '').host}\``);
    }
  });
});

describe('the questions the page suggests', () => {
  let server: Awaited<ReturnType<typeof listen>>;
  let tools = 0;
  beforeAll(async () => {
    const adapter = await createAdapter({ dataset: 'workshop' });
    tools = adapter.catalog.length;
    server = await listen(adapter.app);
  });
  afterAll(() => server.close());

  type Memo = { content: string; creator: string; visibility: string };
  /** memo_list_memos as the configured token calls it, through /mcp. */
  async function listMemos(filter?: string): Promise<Memo[]> {
    const request = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'memo_list_memos',
        arguments: { pageSize: 100, ...(filter ? { filter } : {}) },
        _meta: requestMeta(),
      },
    };
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        Authorization: 'Bearer example-token',
        ...mcpHeadersFor(request),
      },
      body: JSON.stringify(request),
    });
    const message = (await response.json()) as { result: { structuredContent: { memos: Memo[] } } };
    return message.result.structuredContent.memos;
  }

  it('hands the model as many tools as the page says', () => {
    expect(pages.zh).toContain(`宿主把 ${tools} 个工具交给模型`);
    expect(pages.en).toContain(`the host hands its ${tools} tools to the model`);
  });

  it("shows demo its own memos and the others' public and protected ones", async () => {
    const memos = await listMemos();
    const others = memos.filter((memo) => memo.creator !== 'users/demo');
    expect(memos.some((memo) => memo.creator === 'users/demo' && memo.visibility === 'PRIVATE')).toBe(true);
    expect(new Set(others.map((memo) => memo.visibility))).toEqual(new Set(['PUBLIC', 'PROTECTED']));
  });

  it.each([
    [
      'API design',
      'users/demo',
      'API design notes: list endpoints take pageSize, pageToken and a CEL filter.',
    ],
    ['lunch', 'users/alice', 'Friday lunch: dumplings or noodles? React below.'],
  ])('finds the memo about %s the page quotes, by the user it names', async (topic, creator, quoted) => {
    const memos = await listMemos(`content.contains("${topic}")`);
    expect(memos.map((memo) => memo.creator)).toEqual([creator]);
    expect(memos[0]?.content.startsWith(quoted)).toBe(true);
    for (const page of Object.values(pages)) expect(page).toContain(quoted);
  });
});
