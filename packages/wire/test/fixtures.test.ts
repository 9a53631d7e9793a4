import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseSse } from '@memos-kit/protocol';
import { describe, expect, it } from 'vitest';
import {
  type FixtureEntry,
  fixturesDir,
  getHeader,
  loadFixture,
  loadManifest,
  parseHttpMessage,
} from '../src/index.ts';

const manifest = loadManifest();
const entries = manifest.fixtures;

describe('fixtures/manifest.json', () => {
  it('gives every fixture a unique id and folder', () => {
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    expect(new Set(entries.map((e) => e.dir)).size).toBe(entries.length);
  });

  it.each(entries)('$id: names files that exist, and a title and section in both languages', (entry) => {
    for (const file of Object.values(entry.files).flat()) {
      expect(existsSync(join(fixturesDir, entry.dir, file)), `${entry.dir}/${file}`).toBe(true);
    }
    expect(entry.title.zh).toMatch(/\p{Script=Han}/u);
    expect(entry.title.en).toMatch(/^[\x20-\x7e]+$/);
    expect(entry.section.zh && entry.section.en && entry.section.number).toBeTruthy();
    if (entry.compare === 'abridged') expect(entry.abridged?.zh).toBeTruthy();
  });

  it('lists every file under fixtures/', () => {
    const listed = new Set(
      entries.flatMap((entry) =>
        Object.values(entry.files)
          .flat()
          .map((file) => `${entry.dir}/${file}`),
      ),
    );
    const onDisk = walk(fixturesDir).filter(
      (file) => !/^(manifest\.json|manifest\.schema\.json|README\.md)$/.test(file),
    );
    expect(onDisk.filter((file) => !listed.has(file))).toEqual([]);
  });

  it('covers the nine exchanges the article prints', () => {
    const ids = entries.map((e) => e.jsonrpcId).filter((id) => id !== undefined);
    expect(ids).toEqual([0, 1, 2, 3, 4, 5, 6, 6]);
    expect(entries.map((e) => e.transport)).toContain('stdio');
    expect(entries.map((e) => e.transport)).toContain('sse');
  });
});

describe('the fixtures agree with themselves', () => {
  it.each(entries.filter((e) => e.jsonrpcId !== undefined && e.transport !== 'stdio'))(
    '$id: request and response carry JSON-RPC id $jsonrpcId',
    (entry) => {
      const fixture = loadFixture(entry.id);
      expect(fixture.request?.json).toHaveProperty('id', entry.jsonrpcId);
      const response =
        entry.transport === 'sse' ? parseLastEvent(fixture.text('body')) : fixture.response?.json;
      expect(response).toHaveProperty('id', entry.jsonrpcId);
    },
  );

  it.each(entries.filter((e) => e.transport === 'http' && e.files.request?.toString().endsWith('.http')))(
    '$id: MCP headers mirror the body',
    (entry) => {
      const request = loadFixture(entry.id).request;
      const body = request?.json as { method?: string; params?: { name?: string } } | undefined;
      if (request?.target !== '/mcp' || !body) return;
      expect(getHeader(request.headers, 'Mcp-Method')).toBe(body.method);
      expect(getHeader(request.headers, 'Mcp-Name')).toBe(body.params?.name);
      expect(getHeader(request.headers, 'MCP-Protocol-Version')).toBe('2026-07-28');
    },
  );

  it('derives the headers of id 3, whose headers the article gives only in prose', () => {
    const request = loadFixture('tools-call-ordered').request;
    expect(request?.startLine).toBe('POST /mcp HTTP/1.1');
    expect(getHeader(request?.headers ?? [], 'Mcp-Method')).toBe('tools/call');
    expect(getHeader(request?.headers ?? [], 'Mcp-Name')).toBe('memo_list_memos');
  });

  it('stdio: one line per message, UTF-8, ending in a single LF', () => {
    const fixture = loadFixture('stdio-tools-call');
    for (const key of ['request', 'response']) {
      const text = fixture.text(key);
      expect(text.endsWith('\n')).toBe(true);
      expect(text.slice(0, -1)).not.toMatch(/[\r\n]/);
      expect(JSON.parse(text)).toHaveProperty('id', 6);
    }
    expect(fixture.text('terminal')).toBe(fixture.text('stderr') + fixture.text('stdout'));
  });

  it("stdio: the article's two Python programs, as printed: LF lines, four-space indents, the Chinese comments", () => {
    const fixture = loadFixture('stdio-tools-call');
    for (const key of ['server', 'client']) {
      const text = fixture.text(key);
      expect(text.startsWith('import json\n')).toBe(true);
      expect(text.endsWith('\n') && !text.endsWith('\n\n')).toBe(true);
      expect(text).not.toMatch(/[\r\t]|[ ]\n|[“”‘’]/);
      for (const line of text.split('\n'))
        expect(line.match(/^ */)?.[0].length ?? 0).toSatisfy((n) => n % 4 === 0);
      expect(text).toMatch(/^ *# .*\p{Script=Han}/mu);
    }
    // What ties the programs to the pipe's bytes: the request they send and the answer they build.
    expect(fixture.text('client')).toContain('"id": 6,');
    expect(fixture.text('server')).toContain('separators=(",", ":")');
  });

  it('sse: the complete response is the headers written at 0 s plus the events written at 1 s and 3 s', () => {
    const fixture = loadFixture('sse-progress');
    const whole = parseHttpMessage(fixture.text('response'));
    const headers = parseHttpMessage(fixture.text('headers'));
    expect(whole.headers).toEqual(headers.headers);
    expect(whole.body).toBe(fixture.text('body'));
    const events = parseSse(fixture.text('body'));
    expect(events.map((e) => e.event)).toEqual(['message', 'message']);
    const messages = (fixture.entry.files.messages as string[]).map((file) =>
      JSON.parse(readFileSync(join(fixture.dir, file), 'utf8')),
    );
    expect(events.map((e) => JSON.parse(e.data))).toEqual(messages);
    const timeline = JSON.parse(fixture.text('timeline')) as { writes: Array<{ at: number }> };
    expect(timeline.writes.map((w) => w.at)).toEqual([0, 1000, 3000]);
  });
});

function parseLastEvent(body: string): unknown {
  const events = parseSse(body);
  return JSON.parse(events.at(-1)?.data ?? 'null');
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [relative(fixturesDir, full)];
  });
}

describe('fixtures/manifest.schema.json', () => {
  it('describes the manifest, and rejects an entry without a compare mode', async () => {
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const schema = JSON.parse(readFileSync(join(fixturesDir, 'manifest.schema.json'), 'utf8'));
    const validate = new Ajv2020({ allErrors: true }).compile(schema);
    expect(validate(manifest), JSON.stringify(validate.errors)).toBe(true);
    const broken = structuredClone(manifest);
    delete (broken.fixtures[0] as Partial<FixtureEntry>).compare;
    expect(validate(broken)).toBe(false);
  });
});
