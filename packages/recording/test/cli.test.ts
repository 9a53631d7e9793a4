import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runEntry, startEntry } from '@memos-kit/process';
import { catalogProblems } from '@memos-kit/terminal';
import { loadFixture } from '@memos-kit/wire';
import { afterAll, describe, expect, it } from 'vitest';
import pairs from '../src/cli-messages.json' with { type: 'json' };

const CLI = new URL('../src/cli.ts', import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'replay-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const replay = (args: string[], input?: string) =>
  runEntry(CLI, {
    args,
    env: { NO_COLOR: '1', KIT_LANG: '' },
    timeoutMs: 30_000,
    ...(input === undefined ? {} : { input }),
  });

describe('pnpm replay', () => {
  it('has every message in Chinese and English', () => {
    const zh = Object.fromEntries(Object.entries(pairs).map(([key, pair]) => [key, pair.zh]));
    const en = Object.fromEntries(Object.entries(pairs).map(([key, pair]) => [key, pair.en]));
    expect(catalogProblems({ zh, en })).toEqual([]);
  });

  it('converts the fixtures to a recording and reads it back as the same frames', async () => {
    const file = join(dir, 'article.jsonl');
    const converted = await replay(['fixtures', '--export', 'jsonl', '--out', file]);
    expect(converted.code).toBe(0);
    expect(converted.stderr).toContain('已写入');
    const again = await replay([file, '--export', 'jsonl']);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(readFileSync(file, 'utf8'));
  });

  it('names the line of a truncated or corrupt recording, in Chinese by default and in English, without a stack', async () => {
    const file = join(dir, 'article.jsonl');
    const whole = readFileSync(file, 'utf8');
    const cut = join(dir, 'cut.jsonl');
    writeFileSync(cut, whole.slice(0, whole.indexOf('\n', 200) - 10));
    const zh = await replay([cut, '--export', 'har']);
    expect(zh.code).toBe(1);
    expect(zh.stderr).toMatch(/^pnpm replay: .*cut\.jsonl 第 2 行：文件在这一行中间结束了/);
    expect(zh.stderr).not.toContain('    at ');
    const corrupt = join(dir, 'corrupt.jsonl');
    const lines = whole.split('\n');
    lines[4] = '{"seq":4,"kind":"http-request"}';
    writeFileSync(corrupt, lines.join('\n'));
    const en = await replay([corrupt, '--lang', 'en']);
    expect(en.code).toBe(1);
    expect(en.stderr.trim().split('\n')).toHaveLength(1);
    expect(en.stderr).toMatch(/corrupt\.jsonl, line 5: this line is not a valid frame/);
  });

  it('refuses a wrong option with exit 2 and a missing file with exit 1', async () => {
    expect((await replay(['x.jsonl', '--transport', 'carrier-pigeon'])).code).toBe(2);
    expect((await replay([])).code).toBe(2);
    const missing = await replay([join(dir, 'nope.jsonl'), '--lang', 'en']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no such file');
  });

  it('serves over HTTP on 127.0.0.1 and stops on SIGTERM', async () => {
    const server = startEntry(CLI, {
      args: ['fixtures', '--port', '0', '--lang', 'en'],
      env: { NO_COLOR: '1' },
    });
    try {
      const banner = await server.waitFor(/http:\/\/127\.0\.0\.1:\d+/);
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(banner)?.[0];
      const response = await fetch(`${url}/api/v1/memos?pageSize=1&filter=visibility+%21%3D+%22PRIVATE%22`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(loadFixture('rest-list-memos').response?.body);
    } finally {
      // 143: stopped by SIGTERM, as a shell reports it, after draining.
      expect((await server.stop()).code).toBe(143);
      expect(server.stderr()).toBe('Stopped (SIGTERM)\n');
    }
  });
});
