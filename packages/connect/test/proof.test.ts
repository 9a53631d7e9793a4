// Every configuration `pnpm connect` prints, proven the way its host would use it: the text is parsed as the
// host parses it (strict JSON, JSONC, YAML or TOML), checked against the host's published JSON Schema (Gemini
// CLI, Codex) or one written from its docs (the others, see __fixtures__/schemas), read back into what the host
// starts or reaches by that host's own rules (Cline reads a url without type as SSE, for one), and then started
// exactly so, in a folder that is not the kit's, and asked to list and call a tool through the v2 SDK client.
// Every host's stdio entry must name the same command, so one server process proves them all; so for HTTP.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningEntry, runEntry, startNode } from '@memos-kit/process';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { type ParseError, parse as parseJsonc } from 'jsonc-parser/lib/esm/main.js';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { configure } from '../src/configure.ts';
import { HOSTS } from '../src/hosts/index.ts';
import {
  type Format,
  type HostSpec,
  SCOPES,
  type Scope,
  TRANSPORTS,
  type Transport,
} from '../src/hosts/types.ts';
import { findLabServer } from '../src/lab.ts';
import { isUnsupported } from '../src/render.ts';
import {
  KIT_ROOT,
  kitDefaults,
  kitHttpServer,
  kitLauncher,
  kitStdioServer,
  nodeScript,
  nodeStripsTypes,
  runningOs,
  type Server,
} from '../src/server.ts';

/**
 * Bob's token rather than the one the stdio server falls back to by itself: his private memo in a reply
 * shows that the token the configuration names is the one that reached the server.
 */
const TOKEN = 'bob-token';
const BOBS_PRIVATE_MEMO = 'Renew the TLS certificate';
const NAME = 'memos';

const work = mkdtempSync(join(tmpdir(), 'connect-proof-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const place = { os: runningOs(), home: join(work, 'home'), env: {}, project: join(work, 'project') };

type Doc = Record<string, unknown>;

/** Each host's file as that host parses it. */
function parseAsHost(format: Format, text: string): Doc {
  if (format === 'json') return JSON.parse(text) as Doc;
  if (format === 'yaml') return parseYaml(text) as Doc;
  if (format === 'toml') return parseToml(text) as Doc;
  const errors: ParseError[] = [];
  const value = parseJsonc(text, errors, { allowTrailingComma: true });
  expect(errors).toEqual([]);
  return value as Doc;
}

const fixture = (path: string) =>
  JSON.parse(readFileSync(new URL(`./__fixtures__/schemas/${path}`, import.meta.url), 'utf8')) as object;
const ajv2020 = new Ajv2020({ strict: false, logger: false, allErrors: true });
const ajv07 = new Ajv({ strict: false, logger: false, allErrors: true });
const validators = new Map(
  HOSTS.map((host) => {
    if (host.id === 'gemini-cli')
      return [host.id, ajv2020.compile(fixture('published/gemini-cli.settings.schema.json'))];
    if (host.id === 'codex')
      return [host.id, ajv07.compile(fixture('published/codex.mcp-servers.schema.json'))];
    return [host.id, ajv2020.compile(fixture(`written/${host.id}.schema.json`))];
  }),
);

/** What a host starts (stdio) or reaches (HTTP, and over which transport it speaks). */
type Launch =
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | { kind: 'http'; transport: string; url: string; headers: Record<string, string> };

/**
 * How each host reads its entry, from its docs or source: where the servers are, which key holds the URL and
 * the headers, and what its transport field means. `streamable-http` is what the kit's /mcp speaks;
 * `streamable-http, then sse` is a host that tries it first.
 */
const readers: Record<string, { http: (entry: Doc) => string; url?: string; headers?: string[] }> = {
  vscode: { http: (e) => (e.type === 'http' ? 'streamable-http, then sse' : String(e.type)) },
  'vscode-local': { http: (e) => (e.type === 'http' ? 'streamable-http, then sse' : String(e.type)) },
  cursor: { http: () => 'streamable-http, then sse' },
  'claude-code': { http: (e) => (e.type === 'http' ? 'streamable-http' : String(e.type)) },
  'claude-desktop': { http: () => 'none' },
  windsurf: { http: () => 'streamable-http, then sse', url: 'serverUrl' },
  // schemas.ts tries SSE before Streamable HTTP: an entry with a url and no type is SSE.
  cline: { http: (e) => (e.type === 'streamableHttp' ? 'streamable-http' : 'sse') },
  continue: { http: (e) => String(e.type), headers: ['requestOptions', 'headers'] },
  // mcp-client.ts: type http is Streamable HTTP, sse is SSE, none tries HTTP and then SSE.
  'gemini-cli': {
    http: (e) =>
      e.type === 'http' ? 'streamable-http' : e.type === 'sse' ? 'sse' : 'streamable-http, then sse',
  },
  codex: { http: () => 'streamable-http', headers: ['http_headers'] },
  'cherry-studio': { http: (e) => (e.type === 'streamableHttp' ? 'streamable-http' : String(e.type)) },
  trae: { http: () => 'streamable-http, then sse' },
};

function entryOf(host: HostSpec, scope: Scope, doc: Doc, name = NAME): Doc {
  const container = host.scopes[scope]?.container;
  if (!container) throw new Error(`${host.id} has no ${scope} scope`);
  const servers = container.key.reduce<unknown>((value, key) => (value as Doc)[key], doc);
  const entry = Array.isArray(servers)
    ? (servers as Doc[]).find((item) => item.name === name)
    : (servers as Record<string, Doc>)[name];
  if (!entry) throw new Error(`${host.id}: no entry ${name}`);
  return entry;
}

function launchOf(host: HostSpec, entry: Doc, transport: Transport): Launch {
  const reader = readers[host.id];
  if (!reader) throw new Error(`no reader for ${host.id}`);
  if (transport === 'stdio')
    return {
      kind: 'stdio',
      command: entry.command as string,
      args: (entry.args as string[] | undefined) ?? [],
      env: (entry.env as Record<string, string> | undefined) ?? {},
      ...(typeof entry.cwd === 'string' ? { cwd: entry.cwd } : {}),
    };
  const headers = (reader.headers ?? ['headers']).reduce<unknown>(
    (value, key) => (value as Doc)?.[key],
    entry,
  );
  return {
    kind: 'http',
    transport: reader.http(entry),
    url: entry[reader.url ?? 'url'] as string,
    headers: (headers as Record<string, string> | undefined) ?? {},
  };
}

interface Proven {
  host: string;
  scope: Scope;
  launch: Launch;
}

/** Every host, scope and transport whose configuration the host takes from its file or an import. */
function cases(): Array<{ host: HostSpec; scope: Scope; transport: Transport }> {
  return HOSTS.flatMap((host) =>
    SCOPES.filter((scope) => host.scopes[scope]).flatMap((scope) =>
      TRANSPORTS.filter((transport) => !isUnsupported(host.entry[transport])).map((transport) => ({
        host,
        scope,
        transport,
      })),
    ),
  );
}

let serve: RunningEntry;
let mcpUrl = '';
const proven: Proven[] = [];

beforeAll(async () => {
  // `pnpm serve` as its root script starts it, minus pnpm, on a free port, from a folder that is not the kit.
  serve = startNode([...nodeScript('serve'), '--port', '0', '--lang', 'en'], { cwd: work });
  const banner = await serve.waitFor(/POST (http:\/\/127\.0\.0\.1:\d+\/mcp)/, { timeoutMs: 45_000 });
  mcpUrl = /POST (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(banner)?.[1] ?? '';
});
afterAll(() => serve?.stop());

function serverFor(transport: Transport): Server {
  if (transport === 'stdio') return kitStdioServer(TOKEN);
  const url = new URL(mcpUrl);
  return kitHttpServer(url.hostname, Number(url.port), TOKEN);
}

describe.each(cases())('$host.id, $scope scope, $transport', ({ host, scope, transport }) => {
  it('parses as the host parses it, fits its schema, and names what the host must start or reach', () => {
    const config = configure(host, serverFor(transport), { name: NAME, scope, place });
    const doc = parseAsHost(config.format, config.text);
    const validate = validators.get(host.id);
    expect(validate?.(doc), JSON.stringify(validate?.errors, null, 2)).toBe(true);
    if (host.id === 'continue' && scope === 'project')
      expect(Object.keys(doc)).toEqual(expect.arrayContaining(['name', 'version', 'schema']));
    const launch = launchOf(host, entryOf(host, scope, doc), transport);
    if (launch.kind === 'http') expect(launch.transport).toMatch(/^streamable-http/);
    proven.push({ host: host.id, scope, launch });
  });
});

/** Lists the tools and calls one: the list as the host would see it, and a call as the configured user. */
async function listAndCall(client: Client): Promise<{ tools: string[]; text: string }> {
  const tools = (await client.listTools()).tools.map((tool) => tool.name);
  const result = await client.callTool({ name: 'memo_list_memos', arguments: { pageSize: 50 } });
  expect(result.isError).toBeFalsy();
  const text = (result.content as Array<{ type: string; text?: string }>)
    .map((part) => part.text ?? '')
    .join('');
  return { tools, text };
}

/** The SDK's stdio transport, probing in place on the one process as hosts do (its own probe uses a second). */
class OneProcessStdio extends StdioClientTransport {}

describe('the configurations, started as the hosts start them', () => {
  it('every stdio entry names the same command: this Node, absolute files, the token in env', () => {
    const launches = proven.filter((one) => one.launch.kind === 'stdio');
    expect(new Set(launches.map((one) => one.host)).size).toBe(HOSTS.length);
    const first = launches[0]?.launch;
    for (const one of launches) expect(one.launch, `${one.host} (${one.scope})`).toEqual(first);
    expect(first).toEqual({
      kind: 'stdio',
      command: process.execPath,
      args: expect.any(Array),
      env: { MEMOS_TOKEN: TOKEN },
    });
  });

  it('that command, started in a folder that is not the kit, lists the tools and calls one as the configured user', async () => {
    const launch = proven.find((one) => one.launch.kind === 'stdio')?.launch;
    if (launch?.kind !== 'stdio') throw new Error('no stdio configuration was proven');
    expect(work.startsWith(KIT_ROOT)).toBe(false);
    const transport = new OneProcessStdio({ ...launch, cwd: launch.cwd ?? work, stderr: 'ignore' });
    const client = new Client({ name: 'connect-proof', version: '1.0.0' });
    try {
      await client.connect(transport);
      const { tools, text } = await listAndCall(client);
      expect(tools).toHaveLength(20);
      expect(text).toContain(BOBS_PRIVATE_MEMO);
    } finally {
      await client.close();
      await transport.close();
    }
  });

  it("every HTTP entry names pnpm serve's URL and the bearer header, and that reaches the running server", async () => {
    const launches = proven.filter((one) => one.launch.kind === 'http');
    const hosts = HOSTS.filter((host) => !isUnsupported(host.entry.http)).map((host) => host.id);
    expect([...new Set(launches.map((one) => one.host))].sort()).toEqual([...hosts].sort());
    const first = launches[0]?.launch;
    if (first?.kind !== 'http') throw new Error('no HTTP configuration was proven');
    for (const one of launches)
      expect({ ...one.launch, transport: '' }, `${one.host} (${one.scope})`).toEqual({
        ...first,
        transport: '',
      });
    expect(first.url).toBe(mcpUrl);
    expect(first.headers).toEqual({ Authorization: `Bearer ${TOKEN}` });
    const client = new Client({ name: 'connect-proof', version: '1.0.0' });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(first.url), { requestInit: { headers: first.headers } }),
      );
      const { tools, text } = await listAndCall(client);
      expect(tools).toHaveLength(20);
      expect(text).toContain(BOBS_PRIVATE_MEMO);
    } finally {
      await client.close();
    }
  });
});

/** What `pnpm connect <host> --lab N --json` prints, as a learner's terminal would get it. */
async function labConfiguration(host: string, args: string[]): Promise<Printed> {
  const run = await runEntry(new URL('../src/cli.ts', import.meta.url), {
    args: [host, ...args, '--json'],
    env: { KIT_LAB_WORKDIR: FIXTURE_LABS, KIT_LANG: 'en', INIT_CWD: work },
  });
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Printed;
}

interface Printed {
  host: string;
  scope: Scope;
  format: Format;
  text: string;
  start?: { command: string; args: string[]; env: Record<string, string> };
}

/** A port nothing listens on now, for the HTTP lab server the test starts as the printed line says. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const FIXTURE_LABS = fileURLToPath(new URL('./__fixtures__/labs/', import.meta.url));

describe("a lab's own server, declared in its lab.json's server field", () => {
  it('over stdio: every host starts this Node and the entry, absolute, with pnpm serve and the token in env', async () => {
    const lab = findLabServer('echo', FIXTURE_LABS);
    const entry = join(FIXTURE_LABS, '01-echo', 'starter', 'server.ts');
    expect(lab.server?.file).toBe(entry);
    const printed = await Promise.all(
      HOSTS.map((host) =>
        labConfiguration(host.id, ['--lab', '1', '--scope', Object.keys(host.scopes)[0] ?? '']),
      ),
    );
    const launches = printed.map((one) => {
      const host = HOSTS.find((candidate) => candidate.id === one.host) as HostSpec;
      return launchOf(host, entryOf(host, one.scope, parseAsHost(one.format, one.text), 'lab-echo'), 'stdio');
    });
    const first = launches[0];
    for (const [index, launch] of launches.entries()) expect(launch, printed[index]?.host).toEqual(first);
    const { host, port } = await kitDefaults();
    // This Node and the entry, nothing between them where this Node runs TypeScript itself (the labs' contract).
    expect(first).toEqual({
      kind: 'stdio',
      command: process.execPath,
      args: nodeStripsTypes() ? [entry] : [kitLauncher(), entry],
      env: { MEMOS_URL: `http://${host}:${port}`, MEMOS_TOKEN: expect.any(String) },
    });
    if (first?.kind !== 'stdio') throw new Error('not a stdio launch');
    const transport = new OneProcessStdio({ ...first, cwd: first.cwd ?? work, stderr: 'ignore' });
    const client = new Client({ name: 'connect-proof', version: '1.0.0' });
    try {
      await client.connect(transport);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['started']);
      const result = await client.callTool({ name: 'started', arguments: {} });
      const [part] = result.content as Array<{ text: string }>;
      expect(JSON.parse(part?.text ?? '')).toEqual({ cwd: work, argv: [], ...first.env });
    } finally {
      await client.close();
      await transport.close();
    }
  });

  it("over HTTP: the printed line starts it on --port, and each host's entry reaches it there", async () => {
    const port = await freePort();
    const hosts = HOSTS.filter((host) => !isUnsupported(host.entry.http));
    const printed = await Promise.all(
      hosts.map((host) =>
        labConfiguration(host.id, [
          '--lab',
          'echo-http',
          '--port',
          String(port),
          '--scope',
          Object.keys(host.scopes)[0] ?? '',
        ]),
      ),
    );
    const start = printed[0]?.start;
    if (start === undefined) throw new Error('no start line for an HTTP lab');
    for (const one of printed) expect(one.start, one.host).toEqual(start);
    const entry = join(FIXTURE_LABS, '03-echo-http', 'starter', 'server.ts');
    expect(start.command).toBe(process.execPath);
    expect(start.args.at(-1)).toBe(entry);
    expect(start.env).toMatchObject({
      PORT: String(port),
      MEMOS_URL: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    });
    const url = `http://127.0.0.1:${port}/mcp`;
    for (const one of printed) {
      const host = hosts.find((candidate) => candidate.id === one.host) as HostSpec;
      const launch = launchOf(
        host,
        entryOf(host, one.scope, parseAsHost(one.format, one.text), 'lab-echo-http'),
        'http',
      );
      expect(launch, one.host).toMatchObject({
        kind: 'http',
        url,
        transport: expect.stringMatching(/^streamable-http/),
      });
    }
    const server = startNode(start.args, { execPath: start.command, env: start.env, cwd: work });
    const client = new Client({ name: 'connect-proof', version: '1.0.0' });
    try {
      await server.waitFor(/listening/, { stream: 'stderr', timeoutMs: 45_000 });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const result = await client.callTool({ name: 'started', arguments: {} });
      const [part] = result.content as Array<{ text: string }>;
      expect(JSON.parse(part?.text ?? '')).toEqual({
        MEMOS_URL: start.env.MEMOS_URL,
        MEMOS_TOKEN: start.env.MEMOS_TOKEN,
      });
    } finally {
      await client.close();
      await server.stop();
    }
  });
});
