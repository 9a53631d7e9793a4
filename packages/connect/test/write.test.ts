// Writing into a host's file keeps what the learner had there: other servers, other settings, comments.
// A file that cannot be read as its host reads it is refused with the place it breaks, and nothing is written.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { findHost } from '../src/hosts/index.ts';
import type { FileSpec } from '../src/hosts/types.ts';
import { applyWrite, planWrite, UnreadableConfig } from '../src/write.ts';

const dir = mkdtempSync(join(tmpdir(), 'connect-write-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let count = 0;
const fileWith = (text: string, extension: string) => {
  const file = join(dir, `config-${++count}.${extension}`);
  writeFileSync(file, text);
  return file;
};

function specOf(host: string, scope: 'user' | 'project'): FileSpec {
  const spec = findHost(host)?.scopes[scope];
  if (!spec) throw new Error(`${host} has no ${scope} scope`);
  return spec;
}

const entry = { command: '/usr/bin/node', args: ['/kit/stdio.ts'], env: { MEMOS_TOKEN: 'example-token' } };

describe('JSON (Cursor, strict)', () => {
  const spec = specOf('cursor', 'user');

  it('adds the entry beside the servers already there and keeps every other key', () => {
    const before =
      '{\n  "theme": "dark",\n  "mcpServers": {\n    "github": { "command": "gh-mcp" }\n  }\n}\n';
    const plan = planWrite(fileWith(before, 'json'), spec, 'memos', entry);
    expect(plan.action).toBe('add');
    expect(JSON.parse(plan.after)).toEqual({
      theme: 'dark',
      mcpServers: { github: { command: 'gh-mcp' }, memos: entry },
    });
  });

  it('says when the entry is already there, and when it differs', () => {
    const same = JSON.stringify({ mcpServers: { memos: entry } });
    expect(planWrite(fileWith(same, 'json'), spec, 'memos', entry).action).toBe('same');
    const other = JSON.stringify({ mcpServers: { memos: { command: 'npx', args: ['old'] } } });
    const plan = planWrite(fileWith(other, 'json'), spec, 'memos', entry);
    expect(plan.action).toBe('replace');
    expect(JSON.parse(plan.after)).toEqual({ mcpServers: { memos: entry } });
  });

  it('refuses a comment (the host parses strict JSON) and names the line', () => {
    const file = fileWith('{\n  // mine\n  "mcpServers": {}\n}\n', 'json');
    expect(() => planWrite(file, spec, 'memos', entry)).toThrow(UnreadableConfig);
    expect(() => planWrite(file, spec, 'memos', entry)).toThrow(/line 2/);
  });

  it('refuses a file whose mcpServers is not an object', () => {
    const file = fileWith('{ "mcpServers": [] }', 'json');
    expect(() => planWrite(file, spec, 'memos', entry)).toThrow(/"mcpServers" is not an object/);
  });
});

describe('JSONC (VS Code .vscode/mcp.json, Gemini CLI)', () => {
  it('keeps comments and trailing commas where VS Code allows them', () => {
    const before = '{\n  // my servers\n  "servers": {\n    "a": { "command": "a" }, // first\n  },\n}\n';
    const plan = planWrite(fileWith(before, 'json'), specOf('vscode-local', 'project'), 'memos', entry);
    expect(plan.after).toContain('// my servers');
    expect(plan.after).toContain('// first');
    expect(plan.after).toContain('"memos"');
  });

  it('refuses text that is not JSON even with comments allowed', () => {
    const file = fileWith('{ "mcpServers": { "a": 1 ', 'json');
    expect(() => planWrite(file, specOf('gemini-cli', 'user'), 'memos', entry)).toThrow(UnreadableConfig);
  });
});

describe('YAML (Continue)', () => {
  it('adds an item to the mcpServers list, keeps the others and the comments', () => {
    const before =
      '# my config\nname: Local config\nversion: 1.0.0\nschema: v1\nmodels: []\nmcpServers:\n  - name: sqlite # keep\n    command: sqlite-mcp\n';
    const item = { name: 'memos', ...entry };
    const plan = planWrite(fileWith(before, 'yaml'), specOf('continue', 'user'), 'memos', item);
    expect(plan.after).toContain('# my config');
    expect(plan.after).toContain('# keep');
    const parsed = parseYaml(plan.after) as { mcpServers: unknown[]; models: unknown[] };
    expect(parsed.mcpServers).toEqual([{ name: 'sqlite', command: 'sqlite-mcp' }, item]);
    expect(parsed.models).toEqual([]);
  });

  it('replaces the item with the same name, in place', () => {
    const before = 'mcpServers:\n  - name: memos\n    command: old\n  - name: other\n    command: x\n';
    const item = { name: 'memos', ...entry };
    const plan = planWrite(fileWith(before, 'yaml'), specOf('continue', 'user'), 'memos', item);
    expect(plan.action).toBe('replace');
    expect((parseYaml(plan.after) as { mcpServers: unknown[] }).mcpServers).toEqual([
      item,
      { name: 'other', command: 'x' },
    ]);
  });

  it('starts a new block file with the name, version and schema Continue requires', () => {
    const item = { name: 'memos', ...entry };
    const plan = planWrite(join(dir, 'absent', 'memos.yaml'), specOf('continue', 'project'), 'memos', item);
    const parsed = parseYaml(plan.after) as Record<string, unknown>;
    expect(parsed).toMatchObject({ schema: 'v1', mcpServers: [item] });
    expect(typeof parsed.name).toBe('string');
    expect(typeof parsed.version).toBe('string');
  });

  it('starts a new config.yaml with the name and version Continue reads it with (its configYamlSchema)', () => {
    const item = { name: 'memos', ...entry };
    const plan = planWrite(join(dir, 'absent', 'config.yaml'), specOf('continue', 'user'), 'memos', item);
    const parsed = parseYaml(plan.after) as Record<string, unknown>;
    expect(parsed).toMatchObject({ mcpServers: [item] });
    expect(typeof parsed.name).toBe('string');
    expect(typeof parsed.version).toBe('string');
  });

  it('refuses broken YAML', () => {
    const file = fileWith('mcpServers:\n  - name: a\n   command: [\n', 'yaml');
    expect(() => planWrite(file, specOf('continue', 'user'), 'memos', { name: 'memos' })).toThrow(
      UnreadableConfig,
    );
  });
});

describe('TOML (Codex)', () => {
  const spec = specOf('codex', 'user');

  it('appends a table and keeps every byte that was there, comments included', () => {
    const before = '# my codex\nmodel = "gpt-5"\n\n[mcp_servers.github]\ncommand = "gh-mcp" # keep\n';
    const plan = planWrite(fileWith(before, 'toml'), spec, 'memos', entry);
    expect(plan.after.startsWith(before.trimEnd())).toBe(true);
    expect(plan.rewritten).toBe(false);
    expect(parseToml(plan.after)).toEqual({
      model: 'gpt-5',
      mcp_servers: { github: { command: 'gh-mcp' }, memos: entry },
    });
  });

  it('writes the file anew when appending cannot work (an inline table), and says so', () => {
    const before = 'mcp_servers = { github = { command = "gh-mcp" } }\n';
    const plan = planWrite(fileWith(before, 'toml'), spec, 'memos', entry);
    expect(plan.rewritten).toBe(true);
    expect(parseToml(plan.after)).toEqual({ mcp_servers: { github: { command: 'gh-mcp' }, memos: entry } });
  });

  it('finds an entry that is already there as it would write it', () => {
    const before =
      '[mcp_servers.memos]\ncommand = "/usr/bin/node"\nargs = ["/kit/stdio.ts"]\nenv = { MEMOS_TOKEN = "example-token" }\n';
    expect(planWrite(fileWith(before, 'toml'), spec, 'memos', entry).action).toBe('same');
  });

  it('refuses TOML that does not parse', () => {
    const file = fileWith('[mcp_servers.memos\ncommand = 1\n', 'toml');
    expect(() => planWrite(file, spec, 'memos', entry)).toThrow(UnreadableConfig);
  });
});

describe('applyWrite', () => {
  it('backs the old file up, then replaces it, keeping its mode', () => {
    const before = '{ "mcpServers": {} }\n';
    const file = fileWith(before, 'json');
    const plan = planWrite(file, specOf('cursor', 'user'), 'memos', entry);
    const written = applyWrite(plan, new Date('2026-12-05T10:20:30.456Z'));
    expect(written.backup).toBe(`${file}.bak-20261205T102030Z`);
    expect(readFileSync(written.backup ?? '', 'utf8')).toBe(before);
    expect(JSON.parse(readFileSync(file, 'utf8')).mcpServers.memos).toEqual(entry);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('creates missing folders for a new file, with no backup', () => {
    const file = join(dir, 'new', 'deeper', 'mcp.json');
    const written = applyWrite(planWrite(file, specOf('cursor', 'user'), 'memos', entry));
    expect(written.backup).toBeUndefined();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ mcpServers: { memos: entry } });
  });

  it('writes through a symbolic link, which keeps pointing where it pointed', () => {
    mkdirSync(join(dir, 'dotfiles'));
    const target = join(dir, 'dotfiles', 'mcp.json');
    writeFileSync(target, '{}');
    const link = join(dir, 'linked.json');
    symlinkSync(target, link);
    applyWrite(planWrite(link, specOf('cursor', 'user'), 'memos', entry));
    expect(JSON.parse(readFileSync(target, 'utf8')).mcpServers.memos).toEqual(entry);
    expect(readFileSync(link, 'utf8')).toBe(readFileSync(target, 'utf8'));
  });
});
