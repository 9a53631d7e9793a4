// `pnpm connect` as a learner runs it, from its entry: the list, a configuration in both languages, and
// --write against a home folder of the test's own, where it merges, backs up, asks, and refuses.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_AUTH_PORT } from '@memos-kit/memos-mcp/cli';
import { runEntry } from '@memos-kit/process';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { HOSTS } from '../src/hosts/index.ts';

const CLI = new URL('../src/cli.ts', import.meta.url);
const FIXTURE_LABS = new URL('./__fixtures__/labs/', import.meta.url).pathname;
const home = mkdtempSync(join(tmpdir(), 'connect-home-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** The command with this test's home folder, no session language and no colour, as a pipe sees it. */
const connect = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  runEntry(CLI, { args, env: { HOME: home, USERPROFILE: home, KIT_LANG: '', INIT_CWD: home, ...env } });

describe('pnpm connect --list', () => {
  it('names every host in Chinese by default, and gives their records as JSON', async () => {
    const [zh, json] = await Promise.all([connect([]), connect(['--list', '--json'])]);
    expect(zh.code, zh.stderr).toBe(0);
    expect(zh.stdout).toContain(`认识 ${HOSTS.length} 个宿主`);
    const records = JSON.parse(json.stdout) as Array<{
      id: string;
      name: string;
      docs: { url: string; read: string }[];
    }>;
    expect(records.length).toBeGreaterThanOrEqual(10);
    for (const record of records) {
      expect(zh.stdout).toContain(record.id);
      expect(record.docs.length, record.id).toBeGreaterThan(0);
      for (const page of record.docs) expect(page.url).toMatch(/^https:\/\//);
    }
  });

  it('says under the table which of the two VS Code entries to pick, in both languages', async () => {
    const [zh, en] = await Promise.all([connect([]), connect(['--lang', 'en'])]);
    const vscodes = HOSTS.filter((host) => host.id.startsWith('vscode'));
    expect(vscodes.map((host) => host.id)).toEqual(['vscode', 'vscode-local']);
    for (const host of vscodes) {
      expect(zh.stdout.replace(/\s+/g, '')).toContain(`${host.id}：${host.pick?.zh}`.replace(/\s+/g, ''));
      expect(en.stdout.replace(/\s+/g, ' ')).toContain(`${host.id}: ${host.pick?.en}`);
    }
  });
});

describe('pnpm connect <host>', () => {
  it("prints the kit's stdio server for the host, in English with --lang en", async () => {
    const run = await connect(['cursor', '--lang', 'en']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`File (user scope): ${join(home, '.cursor', 'mcp.json')}`);
    expect(run.stdout).toContain(JSON.stringify(process.execPath));
    expect(run.stdout).toContain('"MEMOS_TOKEN": "example-token"');
    expect(run.stdout).not.toMatch(/\p{Script=Han}/u);
    expect(run.stdout).toContain('https://cursor.com/docs/mcp');
  });

  it('points Cline at the file its extension, CLI and JetBrains plugin share since 4.0, on every system', async () => {
    const [here, win] = await Promise.all([
      connect(['cline', '--lang', 'en']),
      connect(['cline', '--os', 'win', '--lang', 'en']),
    ]);
    expect(here.code, here.stderr).toBe(0);
    const file = join(home, '.cline', 'data', 'settings', 'cline_mcp_settings.json');
    expect(here.stdout).toContain(`File (user scope): ${file}`);
    expect(win.stdout).toContain('%USERPROFILE%\\.cline\\data\\settings\\cline_mcp_settings.json');
  });

  it("prints the HTTP form with pnpm serve's URL and its bearer token", async () => {
    const run = await connect(['cline', '--transport', 'http', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const { entry } = JSON.parse(run.stdout) as { entry: unknown };
    expect(entry).toEqual({
      type: 'streamableHttp',
      url: 'http://127.0.0.1:5230/mcp',
      headers: { Authorization: 'Bearer example-token' },
    });
  });

  it('says why a host takes no HTTP server through its file, and exits 2', async () => {
    const run = await connect(['claude-desktop', '--transport', 'http', '--lang', 'en']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Settings → Connectors');
  });

  it("prints another system's form on request, and Trae gets node from PATH when Node's path has a space", async () => {
    const run = await connect(['trae', '--os', 'win', '--scope', 'project', '--json']);
    const printed = JSON.parse(run.stdout) as { entry: { command: string; args: string[] }; notes: string[] };
    expect(printed.notes).toEqual(['example-os', 'node-on-path']);
    expect(printed.entry.command).toBe('node');
    expect(printed.entry.args.every((arg) => /^[A-Z]:\\/.test(arg))).toBe(true);
  });

  it('starts --record in the kit server with an absolute file, for watching what the host sends', async () => {
    const run = await connect(['claude-code', '--record', 'host.jsonl', '--json']);
    const { entry } = JSON.parse(run.stdout) as { entry: { args: string[] } };
    expect(entry.args.slice(-2)).toEqual(['--record', join(home, 'host.jsonl')]);
  });
});

describe('pnpm connect <host> --write', () => {
  const file = join(home, '.cursor', 'mcp.json');

  it('merges into the existing file, keeps the other servers and keys, and backs the old file up', async () => {
    mkdirSync(join(home, '.cursor'), { recursive: true });
    const before = '{\n  "mcpServers": {\n    "github": { "command": "gh-mcp" }\n  },\n  "other": true\n}\n';
    writeFileSync(file, before);
    const run = await connect(['cursor', '--write', '--yes', '--lang', 'en']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Wrote ${file}`);
    const after = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(after.mcpServers)).toEqual(['github', 'memos']);
    expect(after.other).toBe(true);
    const backups = readdirSync(join(home, '.cursor')).filter((name) => name.startsWith('mcp.json.bak-'));
    expect(backups).toHaveLength(1);
    expect(readFileSync(join(home, '.cursor', backups[0] ?? ''), 'utf8')).toBe(before);

    const again = await connect(['cursor', '--write', '--yes', '--lang', 'en']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('nothing changed');
  });

  it('writes a project file in the folder pnpm was run from: Continue gets a block file of its own', async () => {
    const project = join(home, 'project');
    mkdirSync(project, { recursive: true });
    const run = await connect(['continue', '--scope', 'project', '--write', '--yes'], { INIT_CWD: project });
    expect(run.code, run.stderr).toBe(0);
    const block = parseYaml(readFileSync(join(project, '.continue', 'mcpServers', 'memos.yaml'), 'utf8')) as {
      schema: string;
      mcpServers: Array<{ name: string; command: string }>;
    };
    expect(block.schema).toBe('v1');
    expect(block.mcpServers).toEqual([expect.objectContaining({ name: 'memos', command: process.execPath })]);
  });

  it('does not write without --yes when there is no terminal to ask on', async () => {
    const run = await connect(['gemini-cli', '--write', '--lang', 'en']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--yes');
    expect(existsSync(join(home, '.gemini', 'settings.json'))).toBe(false);
  });

  it('refuses a file it cannot parse, says where, and leaves it as it was', async () => {
    mkdirSync(join(home, '.codex'), { recursive: true });
    const broken = 'model = "gpt-5"\n[mcp_servers.github\ncommand = "gh"\n';
    writeFileSync(join(home, '.codex', 'config.toml'), broken);
    const run = await connect(['codex', '--write', '--yes', '--lang', 'en']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('cannot be read');
    expect(readFileSync(join(home, '.codex', 'config.toml'), 'utf8')).toBe(broken);
    expect(readdirSync(join(home, '.codex'))).toEqual(['config.toml']);
  });

  it('writes no file for Cherry Studio, saying how to import instead; the print has an install link', async () => {
    const write = await connect(['cherry-studio', '--write', '--yes', '--lang', 'en']);
    expect(write.code).toBe(2);
    expect(write.stderr).toContain('import the JSON');
    const printed = await connect(['cherry-studio', '--json']);
    const { text, installLink } = JSON.parse(printed.stdout) as { text: string; installLink: string };
    const encoded = new URL(installLink).searchParams.get('servers') ?? '';
    expect(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))).toEqual(JSON.parse(text));
    // Over HTTP the link carries the app's own field, baseUrl; the JSON to import keeps the dialog's url.
    const http = await connect(['cherry-studio', '--transport', 'http', '--json']);
    const viaHttp = JSON.parse(http.stdout) as { entry: { url: string }; installLink: string };
    const linked = JSON.parse(
      Buffer.from(new URL(viaHttp.installLink).searchParams.get('servers') ?? '', 'base64').toString('utf8'),
    ) as { mcpServers: { memos: Record<string, unknown> } };
    expect(linked.mcpServers.memos).toEqual({
      type: 'streamableHttp',
      baseUrl: viaHttp.entry.url,
      headers: { Authorization: expect.stringMatching(/^Bearer /) },
    });
  });
});

describe("what a host's configuration rests on", () => {
  it('says, under the docs it names, what no primary source confirmed', async () => {
    const trae = HOSTS.find((host) => host.id === 'trae');
    const run = await connect(['trae', '--lang', 'en']);
    expect(run.code, run.stderr).toBe(0);
    const flat = run.stdout.replace(/\n +/g, ' ');
    for (const doc of trae?.docs ?? []) expect(flat).toContain(doc.url);
    expect(flat).toContain('What was checked, and what was not:');
    for (const note of trae?.unverified ?? []) expect(flat).toContain(`· ${note.en}`);
  });
});

describe('pnpm connect --command and --lab', () => {
  it('refuses a package runner as a command, saying what to write instead', async () => {
    const run = await connect(['cursor', '--lang', 'en', '--command', 'npx', 'my-mcp-server']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--command node server.js');
  });

  it("prints a lab's declared server from its folder, and says when a lab declares none", async () => {
    const env = { KIT_LAB_WORKDIR: FIXTURE_LABS };
    const [echo, none, wrongTransport] = await Promise.all([
      connect(['windsurf', '--lab', '1', '--json', '--token', 'bob-token'], env),
      connect(['windsurf', '--lab', 'no-server', '--lang', 'en'], env),
      connect(['windsurf', '--lab', '1', '--transport', 'http', '--lang', 'en'], env),
    ]);
    const printed = JSON.parse(echo.stdout) as {
      name: string;
      entry: { command: string; args: string[]; env: Record<string, string> };
    };
    expect(printed.name).toBe('lab-echo');
    expect(printed.entry.command).toBe(process.execPath);
    expect(printed.entry.args.at(-1)).toBe(join(FIXTURE_LABS, '01-echo', 'starter', 'server.ts'));
    expect(printed.entry.env).toEqual({ MEMOS_URL: 'http://127.0.0.1:5230', MEMOS_TOKEN: 'bob-token' });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('declares no server');
    expect(wrongTransport.code).toBe(2);
    expect(wrongTransport.stderr).toContain("lab echo's server speaks stdio");
  });

  it("names the entry it writes in the host's next steps, not the kit's memos", async () => {
    const env = { KIT_LAB_WORKDIR: FIXTURE_LABS };
    const [vscode, cursor, zh] = await Promise.all([
      connect(['vscode', '--lab', '1', '--lang', 'en'], env),
      connect(['cursor', '--lab', 'echo-http', '--lang', 'en'], env),
      connect(['cursor', '--lab', '1'], env),
    ]);
    expect(vscode.stdout.replace(/\s+/g, ' ')).toContain('MCP: List Servers, start lab-echo (the first');
    expect(cursor.stdout.replace(/\s+/g, ' ')).toContain('that lab-echo-http is on and lists its tools');
    expect(zh.stdout.replace(/\s+/g, '')).toContain('确认lab-echo亮起');
    for (const run of [vscode, cursor, zh])
      expect(run.stdout).not.toMatch(/\bmemos\b (is on|亮起)|start memos/);
  });

  it('prints the line that starts an HTTP lab server, and the URL the host reaches it at', async () => {
    const env = { KIT_LAB_WORKDIR: FIXTURE_LABS };
    const [posix, windows] = await Promise.all([
      connect(['cline', '--lab', 'echo-http', '--port', '5241', '--lang', 'en'], env),
      connect(['cline', '--lab', 'echo-http', '--os', 'win', '--lang', 'en'], env),
    ]);
    expect(posix.code, posix.stderr).toBe(0);
    const entry = join(FIXTURE_LABS, '03-echo-http', 'starter', 'server.ts');
    expect(posix.stdout).toContain('Start your server:');
    expect(posix.stdout).toMatch(/PORT=5241 MEMOS_URL=http:\/\/127\.0\.0\.1:5230 MEMOS_TOKEN=\S+ /);
    expect(posix.stdout).toContain(entry);
    expect(posix.stdout).toContain('"url": "http://127.0.0.1:5241/mcp"');
    expect(posix.stdout).toContain('"type": "streamableHttp"');
    // Another system's form, for a handout: PowerShell's way of setting the variables, Windows paths.
    expect(windows.code, windows.stderr).toBe(0);
    expect(windows.stdout).toContain("$env:PORT='5240'; ");
    expect(windows.stdout).toMatch(/& 'C:\\Program Files\\nodejs\\node\.exe' /);
  });

  it("adds the environment a lab's lab.json names to the start line, {url} the server's own, {issuer} the AS's", async () => {
    const env = { KIT_LAB_WORKDIR: FIXTURE_LABS };
    const [posix, windows, json] = await Promise.all([
      connect(['cline', '--lab', 'echo-auth', '--port', '5241', '--lang', 'en'], env),
      connect(['cline', '--lab', '4', '--os', 'win', '--lang', 'en'], env),
      connect(['cline', '--lab', '4', '--json'], env),
    ]);
    // The issuer of the AS pnpm serve --auth oauth starts on its default --auth-port, from memos-mcp's constant.
    const issuer = `http://127.0.0.1:${DEFAULT_AUTH_PORT}`;
    expect(posix.code, posix.stderr).toBe(0);
    expect(posix.stdout).toContain(
      `PORT=5241 MEMOS_URL=http://127.0.0.1:5230 MEMOS_TOKEN=example-token AUTH_ISSUER=${issuer} MCP_RESOURCE=http://127.0.0.1:5241/mcp `,
    );
    // What to run first is pnpm serve with its AS, told to issue tokens for this server too: a line of its own.
    expect(posix.stdout).toContain(
      'Run first, and keep it running:\n  pnpm serve --auth oauth --auth-resource http://127.0.0.1:5241/mcp\n',
    );
    expect(posix.stdout.replace(/\s+/g, ' ')).toContain('The other variables (AUTH_ISSUER, MCP_RESOURCE)');
    expect(posix.stdout.replace(/\s+/g, ' ')).toContain(
      `${issuer} is the issuer of the authorization server pnpm serve --auth oauth starts`,
    );
    expect(windows.code, windows.stderr).toBe(0);
    expect(windows.stdout).toContain(
      `$env:AUTH_ISSUER='${issuer}'; $env:MCP_RESOURCE='http://127.0.0.1:5240/mcp'; & `,
    );
    expect(windows.stdout).toContain('  pnpm serve --auth oauth --auth-resource http://127.0.0.1:5240/mcp\n');
    const written = JSON.parse(json.stdout) as { serve: string; start: { env: Record<string, string> } };
    expect(written.start.env).toMatchObject({
      PORT: '5240',
      AUTH_ISSUER: issuer,
      MCP_RESOURCE: 'http://127.0.0.1:5240/mcp',
    });
    expect(written.serve).toBe('pnpm serve --auth oauth --auth-resource http://127.0.0.1:5240/mcp');
  });

  it('asks for plain pnpm serve first for a lab that reads no issuer', async () => {
    const run = await connect(['cline', '--lab', 'echo-http', '--json'], { KIT_LAB_WORKDIR: FIXTURE_LABS });
    expect((JSON.parse(run.stdout) as { serve: string }).serve).toBe('pnpm serve');
  });
});
