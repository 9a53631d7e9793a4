// The command a configuration names starts fast and from anywhere: this Node's absolute path and absolute
// files, never a package runner, a shell or a .cmd shim, and the token in the environment.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  commandServer,
  KIT_ROOT,
  kitDefaults,
  kitLauncher,
  kitStdioArgs,
  kitStdioServer,
  nodeScript,
  onOtherOs,
  UnreadableScript,
  UnsuitableCommand,
} from '../src/server.ts';

const dir = mkdtempSync(join(tmpdir(), 'connect-server-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the kit's stdio server", () => {
  it("is what pnpm mcp:stdio runs, minus pnpm: absolute files that exist, from the root's package.json", () => {
    const args = kitStdioArgs();
    expect(args.length).toBeGreaterThan(0);
    for (const arg of args.filter((word) => !word.startsWith('-'))) {
      expect(isAbsolute(arg), arg).toBe(true);
      expect(existsSync(arg), arg).toBe(true);
    }
    expect(args.at(-1)).toBe(join(KIT_ROOT, 'packages', 'memos-mcp', 'src', 'stdio.ts'));
  });

  it('starts with this Node and carries the token in MEMOS_TOKEN, never in the arguments', async () => {
    const { token } = await kitDefaults();
    expect(token).not.toBe('');
    const server = kitStdioServer(token);
    expect(server.command).toBe(process.execPath);
    expect(server.env).toEqual({ MEMOS_TOKEN: token });
    expect(server.args.join(' ')).not.toContain(token);
  });

  it('reads only `node FILE…` scripts, and says why it cannot read another', () => {
    const root = join(dir, 'root');
    mkdirSync(join(root, 'src'), { recursive: true });
    writeFileSync(join(root, 'src', 'a.mjs'), '');
    const scripts = {
      plain: 'node --enable-source-maps src/a.mjs',
      chained: 'node src/a.mjs && echo done',
      runner: 'tsx src/a.mjs',
      missing: 'node src/gone.mjs',
    };
    writeFileSync(join(root, 'package.json'), JSON.stringify({ scripts }));
    expect(nodeScript('plain', root)).toEqual(['--enable-source-maps', join(root, 'src', 'a.mjs')]);
    expect(() => nodeScript('chained', root)).toThrow(UnreadableScript);
    expect(() => nodeScript('runner', root)).toThrow(UnreadableScript);
    expect(() => nodeScript('missing', root)).toThrow(/does not exist/);
    expect(() => nodeScript('absent', root)).toThrow(/no script/);
  });
});

describe("a learner's command", () => {
  const base = join(dir, 'learner');
  mkdirSync(base, { recursive: true });
  writeFileSync(join(base, 'server.js'), '');
  writeFileSync(join(base, 'server.ts'), '');
  const context = { base, launcher: kitLauncher() };

  it('names this Node for `node`, and makes a file argument absolute', () => {
    const server = commandServer(['node', 'server.js', '--port', '3'], context);
    expect(server).toEqual({
      transport: 'stdio',
      command: process.execPath,
      args: [join(base, 'server.js'), '--port', '3'],
      env: {},
    });
  });

  it('runs a .js file under this Node and a .ts file through the kit launcher', () => {
    expect(commandServer(['server.js'], context).args).toEqual([join(base, 'server.js')]);
    const ts = commandServer(['server.ts'], context);
    expect(ts.command).toBe(process.execPath);
    expect(ts.args).toEqual([kitLauncher(), join(base, 'server.ts')]);
    expect(commandServer(['node', 'server.ts'], context).args).toEqual([
      kitLauncher(),
      join(base, 'server.ts'),
    ]);
  });

  it('refuses package runners, shells and .cmd shims, which hosts start badly or slowly', () => {
    for (const words of [
      ['npx', 'my-server'],
      ['tsx', 'server.ts'],
      ['bash', '-c', 'x'],
      ['cmd', '/c', 'x'],
      ['run.cmd'],
    ]) {
      expect(() => commandServer(words, context), words.join(' ')).toThrow(UnsuitableCommand);
    }
  });

  it('looks any other program up on PATH now, so the host need not have the same PATH', () => {
    const bin = join(dir, 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'my-mcp'), '#!/bin/sh\n');
    chmodSync(join(bin, 'my-mcp'), 0o755);
    const server = commandServer(['my-mcp', '--flag'], { ...context, env: { PATH: bin } });
    expect(server.command).toBe(join(bin, 'my-mcp'));
    expect(() => commandServer(['no-such-program'], { ...context, env: { PATH: bin } })).toThrow(/not-found/);
  });
});

describe('another operating system', () => {
  it("prints Windows' form: node.exe, backslashes, no .cmd shim", () => {
    const server = onOtherOs(kitStdioServer('t'), 'win');
    expect(server.command).toMatch(/^[A-Z]:\\.*\\node\.exe$/);
    for (const arg of server.args) {
      expect(arg).toMatch(/^[A-Z]:\\/);
      expect(arg).not.toContain('/');
    }
    expect(server.args.at(-1)).toMatch(/\\packages\\memos-mcp\\src\\stdio\.ts$/);
    expect(JSON.stringify(server)).not.toMatch(/\.cmd\b|npx/);
  });

  it("prints macOS's form with forward slashes", () => {
    const server = onOtherOs(kitStdioServer('t'), 'mac');
    expect(server.command).toMatch(/^\/.*\/node$/);
    expect(server.args.at(-1)).toMatch(/^\/Users\/.*\/packages\/memos-mcp\/src\/stdio\.ts$/);
  });
});
