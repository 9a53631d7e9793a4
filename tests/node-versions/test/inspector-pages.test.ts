// The MCP Inspector commands of two pages (guide/inspector and guide/record-replay, zh and en), read from the
// pages and run as they stand, from the repository root, on Node 24 (Inspector 2.x needs 22.19 or newer);
// what each prints is checked against what the page says it prints. `npx @modelcontextprotocol/inspector`
// finds the Inspector the root package.json installs, so it never reaches the registry: the test runs that
// launcher itself, as npx would, without npm in between (npm's start alone costs two CPU seconds a command).
// The servers the pages start run on free ports, and their files go to a scratch folder: the pages' 5230,
// 5232 and file names are mapped to those.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type PageCommand, pageCommands } from '@memos-kit/commands-test/page-commands';
import { type PnpmRun, root, runScript, startScript } from '@memos-kit/commands-test/pnpm';
import { type EntryRun, listen, portIsClosed, runNode, startNode } from '@memos-kit/process';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { NEWEST } from '../src/versions.mjs';
import { NODE_WARNING, nodeVersion } from './node.ts';

const NPX = 'npx @modelcontextprotocol/inspector';
/** `pnpm serve`'s address and `pnpm replay`'s port, as the pages' commands write them. */
const SERVE_ORIGIN = 'http://127.0.0.1:5230';
const REPLAY_PORT = '5232';

const read = (path: string) => readFileSync(join(root, path), 'utf8');
const pages = {
  inspector: { zh: read('docs/guide/inspector.md'), en: read('docs/en/guide/inspector.md') },
  replay: { zh: read('docs/guide/record-replay.md'), en: read('docs/en/guide/record-replay.md') },
};
type Lang = 'zh' | 'en';
const langs: Lang[] = ['zh', 'en'];

/** The lines run here: the Inspector's, and the servers they talk to. */
const wanted = (line: string) =>
  line.startsWith(NPX) || line.startsWith('pnpm serve') || line === 'pnpm replay session.jsonl';
const commands = {
  inspector: pageCommands(pages.inspector.zh, wanted),
  replay: pageCommands(pages.replay.zh, wanted),
};
const inspectorLines = new Set(
  [...commands.inspector, ...commands.replay]
    .map((command) => command.line)
    .filter((line) => line.startsWith(NPX)),
);
const ran = new Set<string>();

function find(list: PageCommand[], test: (command: PageCommand) => boolean, what: string): PageCommand {
  const found = list.find(test);
  if (!found) throw new Error(`the page no longer has ${what}`);
  return found;
}
const isHttp = (command: PageCommand) => command.argv.some((arg) => arg.startsWith(`${SERVE_ORIGIN}/`));
const isStdio = (command: PageCommand) => command.line.startsWith(NPX) && command.argv.includes('--');
const method = (command: PageCommand) => command.argv[command.argv.indexOf('--method') + 1];

/** One match of `pattern` in the page of each language: what the page says, to compare with what runs. */
function says(page: Record<Lang, string>, patterns: Record<Lang, RegExp>): string[][] {
  return langs.map((lang) => {
    const match = patterns[lang].exec(page[lang]);
    expect(match, `${lang}: the page no longer says ${patterns[lang]}`).not.toBeNull();
    return match?.slice(1) ?? [];
  });
}

/** The same value in both languages. */
function said(page: Record<Lang, string>, patterns: Record<Lang, RegExp>): string[] {
  const [zh = [], en = []] = says(page, patterns);
  expect(zh, 'zh and en say different things').toEqual(en);
  return zh;
}

const rootRequire = createRequire(join(root, 'package.json'));
const inspectorDir = dirname(rootRequire.resolve('@modelcontextprotocol/inspector/package.json'));
const inspectorPackage = JSON.parse(readFileSync(join(inspectorDir, 'package.json'), 'utf8')) as {
  version: string;
  bin: Record<string, string>;
};

describe('the Inspector pages', () => {
  it('give the same commands in Chinese and in English', () => {
    for (const page of ['inspector', 'replay'] as const) {
      expect(pageCommands(pages[page].en, wanted).map((command) => command.line)).toEqual(
        commands[page].map((command) => command.line),
      );
    }
    expect(inspectorLines.size).toBeGreaterThanOrEqual(5);
  });

  it('run the Inspector the kit pins, which pnpm install puts in the root (so npx needs no network)', () => {
    const manifest = JSON.parse(read('package.json')) as { devDependencies: Record<string, string> };
    expect(manifest.devDependencies['@modelcontextprotocol/inspector']).toBe('catalog:');
    const catalog = (parse(read('pnpm-workspace.yaml')) as { catalog: Record<string, string> }).catalog;
    const pinned = catalog['@modelcontextprotocol/inspector'] ?? '';
    expect(inspectorPackage.version).toBe(pinned);
    for (const lang of langs) expect(pages.inspector[lang]).toContain(`Inspector ${pinned}`);
  });
});

const version = NEWEST.find((release) => semver.major(release) === 24) ?? '24';
const { node, env, suite } = nodeVersion(version, 'the Inspector pages');

suite(`the Inspector pages' commands on Node ${version}`, () => {
  let scratch = '';
  const launcher = join(inspectorDir, inspectorPackage.bin.inspector ?? '');
  /** What the HTTP commands printed against the recording server, to compare the replay with. */
  const recorded = new Map<string, unknown>();
  /** The tools the HTTP tools/list named. */
  let httpTools: string[] = [];

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'node-versions-inspector-'));
  });
  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  /** The page's files (session.jsonl) in the scratch folder, its addresses on the servers' free ports. */
  const mapped = (args: string[], origin: string) =>
    args.map((arg) => {
      if (arg.startsWith(`${SERVE_ORIGIN}/`)) return origin + arg.slice(SERVE_ORIGIN.length);
      return /^[\w-]+\.jsonl$/.test(arg) ? join(scratch, arg) : arg;
    });

  /** `npx @modelcontextprotocol/inspector …` as npx runs it, under this Node, from the root. */
  function inspector(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<EntryRun> {
    return runNode([launcher, ...args], {
      execPath: node(),
      cwd: root,
      // The Inspector keeps its settings under HOME; the scratch folder keeps them out of the user's.
      env: { ...env, HOME: scratch, NO_COLOR: '1', ...extraEnv },
      timeoutMs: 120_000,
    });
  }

  async function run(command: PageCommand, origin = SERVE_ORIGIN, extra: string[] = []): Promise<EntryRun> {
    const result = await inspector([...mapped(command.argv.slice(2), origin), ...extra]);
    ran.add(command.line);
    expect(result.stderr).not.toMatch(NODE_WARNING);
    return result;
  }

  const json = (result: EntryRun) => {
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as Record<string, unknown>;
  };
  const toolNames = (result: EntryRun) =>
    (json(result).tools as { name: string }[]).map((tool) => tool.name).sort();

  it('pnpm serve --record session.jsonl answers the HTTP commands as the pages say, exit codes too', async () => {
    const serve = find(commands.replay, (command) => command.argv[1] === 'serve', 'pnpm serve --record');
    expect(serve.argv.slice(2)).toEqual(['--record', 'session.jsonl']);
    const server = startScript(
      'serve',
      [...mapped(serve.argv.slice(2), ''), '--port', '0', '--lang', 'en'],
      env,
    );
    let stopped: PnpmRun | undefined;
    try {
      const banner = await server.waitFor(/listening on http:\/\/127\.0\.0\.1:\d+/);
      const origin = /http:\/\/127\.0\.0\.1:\d+/.exec(banner)?.[0] ?? '';
      const list = find(
        commands.inspector,
        (c) => isHttp(c) && method(c) === 'tools/list',
        'tools/list over HTTP',
      );
      const call = find(
        commands.inspector,
        (c) => isHttp(c) && method(c) === 'tools/call',
        'tools/call over HTTP',
      );
      // record-replay repeats them word for word, so one run answers for both pages.
      for (const command of [list, call]) {
        expect(commands.replay.map((other) => other.line)).toContain(command.line);
      }

      const listed = await run(list, origin);
      const [count = ''] = said(pages.inspector, {
        zh: /`tools\/list` 打印一个带 `tools` 数组的 JSON 对象（(\d+) 个工具）/,
        en: /`tools\/list` prints a JSON object with a `tools` array \((\d+) tools\)/,
      });
      httpTools = toolNames(listed);
      expect(httpTools).toHaveLength(Number(count));
      recorded.set(list.line, json(listed));

      const called = await run(call, origin);
      const result = json(called);
      // "prints the tool result (content, structuredContent, serverInfo in _meta)"
      expect(result).toHaveProperty('content');
      expect(result).toHaveProperty('structuredContent');
      expect(result._meta).toHaveProperty(['io.modelcontextprotocol/serverInfo']);
      const [note = ''] = said(pages.inspector, {
        zh: /stderr 上可能出现 `([^`]+)` 这样的提示/,
        en: /On stderr you may see notes such as `([^`]+)`/,
      });
      expect(called.stderr).toContain(note);
      // The "Run it" section: one memo, named, and a token for the next page.
      const [pageSize = '', memo = ''] = said(pages.inspector, {
        zh: /`structuredContent\.memos` 只有一条 memo（`pageSize=(\d+)`），`([\w/-]+)`，`nextPageToken` 指向下一页/,
        en: /`structuredContent\.memos` holds one memo \(`pageSize=(\d+)`\), `([\w/-]+)`, with a `nextPageToken`/,
      });
      expect(call.argv).toContain(`pageSize=${pageSize}`);
      const structured = result.structuredContent as { memos: { name: string }[]; nextPageToken?: string };
      expect(structured.memos.map((entry) => entry.name)).toEqual([memo]);
      expect(structured.nextPageToken).toBeTruthy();
      recorded.set(call.line, result);

      // The same command with --format json: one line, {"result": …}.
      const [flag = '', key = ''] = said(pages.inspector, {
        zh: /加 `(--[\w-]+ json)`，输出变成一行 JSON：`\{"(\w+)": …\}`/,
        en: /Add `(--[\w-]+ json)` and the output becomes one line of JSON, `\{"(\w+)": …\}`/,
      });
      const oneLine = await inspector([...mapped(call.argv.slice(2), origin), ...flag.split(' ')]);
      expect(oneLine.stdout.trim().split('\n')).toHaveLength(1);
      expect(JSON.parse(oneLine.stdout)).toEqual({ [key]: result });

      // The exit codes the page gives: 0 above; then a tool that answers isError, one that does not exist.
      const [success = ''] = said(pages.inspector, {
        zh: /退出码也有含义：(\d+) 表示成功/,
        en: /(\d+) for success/,
      });
      expect(String(called.code)).toBe(success);
      const tool = (name: string) => {
        const args = mapped(call.argv.slice(2), origin);
        const at = args.indexOf('--tool-name');
        return [...args.slice(0, at), '--tool-name', name];
      };
      const [isErrorCode = ''] = said(pages.inspector, {
        zh: /工具返回 `isError: true` 时是 (\d+)，结果照样打印/,
        en: /(\d+) when the tool returns `isError: true`, with the result still printed/,
      });
      // memo_get_memo without its required `memo` is the kit's isError answer.
      const isError = await inspector(tool('memo_get_memo'));
      expect(String(isError.code)).toBe(isErrorCode);
      expect(JSON.parse(isError.stdout)).toMatchObject({ isError: true });
      const [unknownCode = '', unknownError = ''] = said(pages.inspector, {
        zh: /工具不存在时也是 (\d+)，stdout 上没有结果，stderr 上是一行 JSON 错误（`(\w+)`）/,
        en: /(\d+) as well when the tool does not exist, with no result on stdout and one line of JSON error on stderr \(`(\w+)`\)/,
      });
      const unknown = await inspector(tool('memo_no_such_tool'));
      expect(String(unknown.code)).toBe(unknownCode);
      expect(unknown.stdout).toBe('');
      const errorLine = unknown.stderr.split('\n').find((line) => line.startsWith('{"error"')) ?? '{}';
      expect(JSON.parse(errorLine)).toMatchObject({ error: { code: unknownError } });

      stopped = await server.interrupt();
      expect(await portIsClosed(Number(new URL(origin).port))).toBe(true);
      // The server is gone: "4 when the server cannot be reached".
      const [unreachableCode = '', unreachableError = ''] = said(pages.inspector, {
        zh: /连不上服务端是 (\d+)（`(\w+)`）/,
        en: /(\d+) when the server cannot be reached \(`(\w+)`\)/,
      });
      const unreachable = await inspector(mapped(list.argv.slice(2), origin));
      expect(String(unreachable.code)).toBe(unreachableCode);
      expect(unreachable.stderr).toContain(`"code":"${unreachableError}"`);
    } finally {
      stopped ??= await server.interrupt(1_000);
    }
    expect(stopped.stderr).not.toMatch(NODE_WARNING);
  }, 240_000);

  it('session.jsonl holds frames of the kinds the page lists, with the token masked as it says', () => {
    const text = readFileSync(join(scratch, 'session.jsonl'), 'utf8');
    const frames = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string });
    const row = /^\| `kind` \| (.+) \|$/m;
    const [zh = [], en = []] = says(pages.replay, { zh: row, en: row }).map(([kinds = '']) =>
      [...kinds.matchAll(/`([\w-]+)`/g)].map((match) => match[1]),
    );
    expect(zh).toEqual(en);
    const listed = zh;
    expect(frames.length).toBeGreaterThan(4);
    for (const frame of frames) expect(listed).toContain(frame.kind);
    const [masked = ''] = said(pages.replay, {
      zh: /`Authorization` 头写成 `([^`]+)`/,
      en: /the `Authorization` header becomes `([^`]+)`/,
    });
    expect(text).toContain(masked);
    expect(text).not.toContain('example-token');
  });

  it('pnpm replay session.jsonl gives the same results on its port, with nothing behind it', async () => {
    const replayLine = find(commands.replay, (command) => command.argv[1] === 'replay', 'pnpm replay');
    const [port = ''] = said(pages.replay, {
      zh: /它在 `127\.0\.0\.1:(\d+)` 上监听/,
      en: /It listens on `127\.0\.0\.1:(\d+)`/,
    });
    expect(port).toBe(REPLAY_PORT);
    const help = await runScript('replay', ['--help', '--lang', 'en'], { env });
    expect(help.stdout).toContain(`default ${REPLAY_PORT}`);
    said(pages.replay, {
      zh: /把上面 Inspector 命令里的 `5230` 换成 `5232`，会得到和录制时一样的结果/,
      en: /Change `5230` to `5232` in the Inspector commands above and you get the same results as when recording/,
    });
    const replay = startScript(
      'replay',
      [...mapped(replayLine.argv.slice(2), ''), '--port', '0', '--lang', 'en'],
      env,
    );
    try {
      const banner = await replay.waitFor(/http:\/\/127\.0\.0\.1:\d+/);
      const origin = /http:\/\/127\.0\.0\.1:\d+/.exec(banner)?.[0] ?? '';
      expect(recorded.size).toBe(2);
      for (const [line, output] of recorded) {
        const command = find(commands.replay, (candidate) => candidate.line === line, line);
        expect(json(await run(command, origin)), line).toEqual(output);
      }
    } finally {
      await replay.interrupt(1_000);
    }
  }, 120_000);

  it('the stdio command lists the same tools as HTTP', async () => {
    const stdio = find(commands.inspector, isStdio, 'the stdio command');
    expect(httpTools.length).toBeGreaterThan(0);
    expect(toolNames(await run(stdio))).toEqual(httpTools);
  }, 120_000);

  it('stdio recorded, then replayed: the same tool list, and the recording holds one session', async () => {
    const [record, replay] = commands.replay.filter(isStdio);
    if (!record || !replay) throw new Error('the page no longer has its two stdio commands');
    expect(record.argv).toContain('--record');
    said(pages.replay, {
      zh: /再让它启动回放（`--transport stdio`），两次看到的工具列表相同/,
      en: /then start the replay \(`--transport stdio`\); both show the same tool list/,
    });
    const live = toolNames(await run(record));
    expect(toolNames(await run(replay))).toEqual(live);
    said(pages.replay, { zh: /它录下的文件里只有一段会话/, en: /its recording holds one session/ });
    const file = join(scratch, record.argv.at(-1) ?? '');
    const starts = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .filter((line) => (JSON.parse(line) as { kind: string }).kind === 'start');
    expect(starts).toHaveLength(1);
  }, 180_000);

  it('the web interface prints a local address, and the page is there', async () => {
    const web = find(commands.inspector, (command) => command.line === NPX, 'the web interface command');
    said(pages.inspector, {
      zh: /终端会打印一个本机地址，浏览器打开它/,
      en: /The terminal prints a local address; open it in a browser/,
    });
    // Its port is fixed (6274) unless CLIENT_PORT says otherwise: a free one here, and no browser opened.
    const free = await listen(() => {});
    const port = free.port;
    await free.close();
    const running = startNode([launcher, ...web.argv.slice(2)], {
      execPath: node(),
      cwd: root,
      env: {
        ...env,
        HOME: scratch,
        CLIENT_PORT: String(port),
        MCP_SANDBOX_PORT: '0',
        MCP_AUTO_OPEN_ENABLED: 'false',
      },
    });
    try {
      const output = await running.waitFor(/http:\/\/127\.0\.0\.1:\d+\S*/, { timeoutMs: 60_000 });
      const address = /http:\/\/127\.0\.0\.1:\d+\S*/.exec(output)?.[0] ?? '';
      expect(new URL(address).port).toBe(String(port));
      const page = await fetch(address);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      ran.add(web.line);
    } finally {
      await running.stop();
    }
    expect(await portIsClosed(port)).toBe(true);
    expect(running.stderr()).not.toMatch(NODE_WARNING);
  }, 120_000);

  it('ran every Inspector line of both pages', () => {
    expect([...inspectorLines].filter((line) => !ran.has(line))).toEqual([]);
  });
});
