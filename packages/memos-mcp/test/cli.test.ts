import { serveOptions } from '@memos-kit/memos-rest/cli';
import { type RunningEntry, startEntry } from '@memos-kit/process';
import { type CommandSpec, catalogProblems, type OptionSpecs, parseCommand } from '@memos-kit/terminal';
import { afterEach, describe, expect, it } from 'vitest';
import { KIT_DESCRIPTIONS, KIT_OVERLAID_OPERATIONS } from '../src/catalog/index.ts';
import { cliOptions, cliWords, serveCommand, stdioCommand } from '../src/cli-options.ts';
import { mcpRequest } from './support/mcp-http.ts';

const CLI = new URL('../src/cli.ts', import.meta.url);
const piped = { isTTY: false };

function help<O extends OptionSpecs>(spec: CommandSpec<O>, lang: 'zh' | 'en'): string {
  const outcome = parseCommand(spec, ['--help', '--lang', lang], { env: {}, stdout: piped });
  return outcome.kind === 'help' ? outcome.text : '';
}

describe('the adapter commands', () => {
  it('have every sentence in both languages, with the same placeholders', () => {
    expect(catalogProblems(cliWords.catalogs)).toEqual([]);
  });

  it("compose pnpm serve's help from the REST server's option table and their own", () => {
    for (const lang of ['zh', 'en'] as const) {
      const text = help(serveCommand, lang);
      for (const [name, option] of Object.entries(serveOptions)) {
        expect(text).toContain(`--${name}`);
        expect(text).toContain(option.help[lang].slice(0, 12));
      }
      expect(text).toMatch(/--memos-url URL/);
      expect(text).toMatch(/--pace off\|article/);
      expect(text.replace(/\s+/g, ' ')).toContain(
        lang === 'zh' ? '默认 off；用 --class 时默认 article' : 'default off; article with --class',
      );
    }
    expect(help(stdioCommand, 'en')).toMatch(/--token TOKEN/);
    expect(help(stdioCommand, 'en')).not.toMatch(/--port/);
  });

  it('reads the shared options and its own, and refuses a wrong --pace or --memos-url', () => {
    const read = (argv: string[]) => {
      const outcome = parseCommand(serveCommand, argv, { env: {}, stdout: piped });
      if (outcome.kind !== 'run') throw new Error(outcome.kind);
      return cliOptions(outcome.values, outcome.lang, {});
    };
    expect(read(['-p', '0', '--pace', 'article', '--memos-url', 'http://127.0.0.1:5231'])).toEqual({
      host: '127.0.0.1',
      port: 0,
      dataset: 'workshop',
      pace: 'article',
      memosUrl: 'http://127.0.0.1:5231',
      allOperations: false,
      errorText: 'memos',
      descriptions: 'memos',
      allowedHosts: [],
      corsOrigins: [],
      profile: 'article',
    });
    expect(
      read([
        '--memos-url',
        'http://127.0.0.1:5231',
        '--openapi',
        '/srv/memos/openapi.yaml',
        '--all-operations',
        '--error-text',
        'article',
        '--descriptions',
        'kit',
        '--allowed-host',
        'memos.school.edu',
        '--allowed-host',
        'memos.lan',
        '--public-url',
        'https://notes.school.edu/',
      ]),
    ).toMatchObject({
      openapi: '/srv/memos/openapi.yaml',
      allOperations: true,
      errorText: 'article',
      descriptions: 'kit',
      allowedHosts: ['memos.school.edu', 'memos.lan'],
      publicUrl: 'https://notes.school.edu/',
    });
    expect(() => read(['--openapi', 'x.yaml', '--lang', 'en'])).toThrow(/--openapi goes with --memos-url/);
    expect(() => read(['--error-text', 'bare', '--lang', 'en'])).toThrow(
      /--error-text must be memos or article/,
    );
    expect(() => read(['--descriptions', 'article', '--lang', 'en'])).toThrow(
      /--descriptions must be memos or kit, got "article"/,
    );
    expect(() => read(['--allowed-host', 'http://x.edu', '--lang', 'en'])).toThrow(
      /--allowed-host takes a host name/,
    );
    expect(() => read(['--public-url', 'memos.school.edu', '--lang', 'en'])).toThrow(/--public-url must be/);
    expect(
      read(['--cors-origin', 'http://127.0.0.1:5173', '--cors-origin', 'http://localhost:5173/']).corsOrigins,
    ).toEqual(['http://127.0.0.1:5173', 'http://localhost:5173']);
    for (const wrong of ['*', 'http://127.0.0.1:5173/playground', 'file:///tmp', 'null'])
      expect(() => read(['--cors-origin', wrong, '--lang', 'en']), wrong).toThrow(
        /--cors-origin must be a web origin/,
      );
    expect(() => read(['--pace', 'slow', '--lang', 'en'])).toThrow(/--pace must be off or article/);
    // A class takes the article's pace, as the playground does, unless --pace says otherwise.
    expect(read([]).pace).toBe('off');
    expect(read(['--class', '5']).pace).toBe('article');
    expect(read(['--class', '5', '--pace', 'off']).pace).toBe('off');
    expect(() => read(['--memos-url', 'nope'])).toThrow(/--memos-url 必须是一个 URL/);
    expect(() => read(['--port', 'x', '--lang', 'en'])).toThrow(/--port must be a number/);
  });
});

describe('pnpm serve', () => {
  let child: RunningEntry | undefined;
  afterEach(async () => {
    await child?.stop({ signal: 'SIGKILL' });
  });

  it('prints its banner without escape codes when piped, answers both doors, logs the call, and drains on SIGTERM', async () => {
    child = startEntry(CLI, { args: ['--port', '0', '--dataset', 'article'] });
    const banner = await child.waitFor(/按 Ctrl-C 停止服务。/);
    const url = /正在监听 (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)?.[1];
    if (!url) throw new Error(`no URL in the banner:\n${banner}`);
    expect(banner).not.toContain('\u001b[');
    expect(banner).toMatch(/example-token\s+users\/demo\s+ADMIN/);
    expect(banner).toContain(
      `curl -H "Authorization: Bearer example-token" "${url}/api/v1/memos?pageSize=1"`,
    );
    expect(banner).toContain(`POST ${url}/mcp`);
    expect(banner).toMatch(/工具描述\s+memos：Memos v0\.30\.0 的原文/);
    const rest = await fetch(`${url}/api/v1/memos`, { headers: { authorization: 'Bearer example-token' } });
    expect(rest.status).toBe(200);
    const list = mcpRequest('tools/list');
    const mcp = await fetch(`${url}/mcp`, { method: 'POST', headers: list.headers, body: list.body });
    expect(((await mcp.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(20);
    const call = mcpRequest('tools/call', { name: 'memo_list_memos', arguments: {} });
    await (await fetch(`${url}/mcp`, { method: 'POST', headers: call.headers, body: call.body })).text();
    // Stopped at once: the call's log line may still be waiting for its batch, and comes out first.
    const exit = await child.stop({ signal: 'SIGTERM', graceMs: 10_000 });
    expect(exit.code).toBe(143);
    expect(child.stdout()).toMatch(
      /\d\d:\d\d:\d\d\.\d{3} {2}tools\/call memo_list_memos: ok\n\nSIGTERM：不再接受新连接，最多等 4 秒/,
    );
    expect(child.stderr()).toBe('已停止（SIGTERM）\n');
  }, 30_000);

  it("serves the kit's description overlay with --descriptions kit, and says so", async () => {
    child = startEntry(CLI, {
      args: ['--port', '0', '--dataset', 'empty', '--descriptions', 'kit', '--lang', 'en'],
    });
    const banner = await child.waitFor(/Ctrl-C/);
    const count = KIT_OVERLAID_OPERATIONS.length;
    expect(banner).toMatch(
      new RegExp(`tool descriptions +kit: the kit's overlay, kit-descriptions, on ${count} tools;`),
    );
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)?.[1];
    const list = mcpRequest('tools/list');
    const mcp = await fetch(`${url}/mcp`, { method: 'POST', headers: list.headers, body: list.body });
    const { tools } = ((await mcp.json()) as { result: { tools: { name: string; description: string }[] } })
      .result;
    expect(tools.find((tool) => tool.name === 'memo_get_memo')?.description).toBe(
      KIT_DESCRIPTIONS.operations.MemoService_GetMemo,
    );
  }, 30_000);

  it('says in one line when the port is taken', async () => {
    const first = startEntry(CLI, { args: ['--port', '0', '--dataset', 'empty', '--lang', 'en'] });
    try {
      const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(await first.waitFor(/Ctrl-C/))?.[1] ?? '';
      child = startEntry(CLI, { args: ['--port', port, '--dataset', 'empty', '--lang', 'en'] });
      expect((await child.exited).code).toBe(1);
      expect(child.stderr()).toBe(
        `pnpm serve: cannot listen on 127.0.0.1:${port}: the port is taken (try --port 0)\n`,
      );
    } finally {
      await first.stop();
    }
  }, 30_000);
});
