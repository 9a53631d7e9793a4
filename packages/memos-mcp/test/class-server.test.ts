// pnpm serve --class: a class played on loopback. Each student has a world of their own, the bounds per
// token refuse a flood with 429 while everyone else is served, and the teacher sees every student.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classAccounts } from '../src/class/accounts.ts';
import { TokenLimits } from '../src/class/limits.ts';
import { type RunningClass, startClassServer } from '../src/class/server.ts';
import { MAX_REQUEST_BODY_BYTES } from '../src/index.ts';
import { mcpRequest, postMcp, type RawResponse, send } from './support/mcp-http.ts';

const run = promisify(execFile);
const STUDENTS = 30;
let server: RunningClass;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const rest = (path: string, token: string, init: { method?: string; body?: unknown } = {}) =>
  send(`${server.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { ...bearer(token), ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
const mcp = (token: string, params: Record<string, unknown>, id: number) =>
  postMcp(`${server.url}/mcp`, 'tools/call', params, { id, headers: { Authorization: `Bearer ${token}` } });
const teacher = (path: string, method = 'GET') =>
  send(`${server.url}${path}`, { method, headers: bearer(server.accounts.teacher.token) });

/** The memo names a REST listing or a tool's structured result holds. */
function names(answer: RawResponse): string[] {
  const value = answer.json as {
    memos?: { name: string }[];
    result?: { structuredContent?: { memos?: { name: string }[] } };
  };
  const memos = value.memos ?? value.result?.structuredContent?.memos ?? [];
  return memos.map((memo) => memo.name);
}

/** The JSON of an SSE answer's last event (the tool's result comes last, after any progress). */
function lastEvent(answer: RawResponse): unknown {
  const data = answer.body
    .split(/\n\n/)
    .map((event) =>
      event
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n'),
    )
    .filter(Boolean)
    .at(-1);
  return JSON.parse(data ?? 'null');
}

/**
 * The /class page's own script, run against this server with the few browser objects it touches, signing in
 * with `token` as a teacher would type it: what the page then shows under the form.
 */
async function doorMessage(lang: 'zh' | 'en'): Promise<(token: string) => Promise<string>> {
  const html = (await send(`${server.url}/class${lang === 'en' ? '?lang=en' : ''}`, { method: 'GET' })).body;
  const words = /<script type="application\/json" id="words">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const script = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  return async (token) => {
    const elements = new Map<string, Record<string, unknown>>();
    const element = (id: string) => {
      const found = elements.get(id) ?? {
        textContent: id === 'words' ? words : '',
        value: token,
        hidden: false,
        dataset: {},
        classList: { toggle() {} },
        append() {},
        replaceChildren() {},
      };
      elements.set(id, found);
      return found;
    };
    const stored = new Map<string, string>();
    runInNewContext(script, {
      JSON,
      Object,
      Error,
      document: { getElementById: element, createElement: () => element(`new-${elements.size}`) },
      location: { hash: '', pathname: '/class', search: '' },
      history: { replaceState() {} },
      sessionStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => stored.set(key, value),
      },
      fetch: (path: string, init: RequestInit) => fetch(`${server.url}${path}`, init),
      setInterval: () => 0,
      confirm: () => false,
      window: {},
    });
    const login = element('login') as { onsubmit: (event: { preventDefault(): void }) => void };
    login.onsubmit({ preventDefault() {} });
    const status = element('status');
    for (let tries = 0; tries < 100 && status.textContent === ''; tries++)
      await new Promise((done) => setTimeout(done, 20));
    return String(status.textContent);
  };
}

beforeAll(async () => {
  // A rate no test reaches by accident, except the flood, which sends far beyond it at once.
  server = await startClassServer({
    students: STUDENTS,
    port: 0,
    limits: { ratePerSecond: 1_000, burst: 1_000, concurrent: 8 },
  });
}, 60_000);
afterAll(() => server?.close());

describe('accounts', () => {
  it('makes new random tokens for each run, and the same ones for the same seed', () => {
    const a = classAccounts(3);
    const b = classAccounts(3);
    expect(a.students.map((s) => s.id)).toEqual(['s01', 's02', 's03']);
    expect(a.students[0]?.token).not.toBe(b.students[0]?.token);
    expect(classAccounts(3, 'term 1').students).toEqual(classAccounts(3, 'term 1').students);
    expect(classAccounts(3, 'term 1').teacher.token).not.toBe(classAccounts(3, 'term 2').teacher.token);
    expect(new Set(a.students.map((s) => s.token)).size).toBe(3);
  });
});

describe('a class of 30 on loopback', () => {
  it('plays the workshop over REST, MCP JSON and MCP SSE at once: nobody sees another private memo, nothing is lost', async () => {
    const students = server.accounts.students;
    const played = await Promise.all(
      students.map(async (student, i) => {
        const created = await rest('/memos', student.token, {
          method: 'POST',
          body: { content: `secret of ${student.id}`, visibility: 'PRIVATE' },
        });
        const listed = await rest('/memos?pageSize=100', student.token);
        const json = await mcp(student.token, { name: 'memo_list_memos', arguments: { pageSize: 100 } }, i);
        const sse = await mcp(
          student.token,
          { name: 'memo_list_memos', arguments: { pageSize: 100 }, _meta: { progressToken: `p${i}` } },
          i,
        );
        return { student, created, listed, json, sse };
      }),
    );
    for (const { student, created, listed, json, sse } of played) {
      expect(created.status).toBe(200);
      const own = (created.json as { name: string }).name;
      const others = played
        .filter((p) => p.student !== student)
        .map((p) => (p.created.json as { name: string }).name);
      expect(listed.status).toBe(200);
      expect(names(listed)).toContain(own);
      expect(names(json)).toContain(own);
      expect(sse.headers['content-type']).toMatch(/^text\/event-stream/);
      const streamed = (lastEvent(sse) as { result: { structuredContent: { memos: { name: string }[] } } })
        .result;
      const streamedNames = streamed.structuredContent.memos.map((memo) => memo.name);
      expect(streamedNames).toContain(own);
      for (const name of others) {
        expect(names(listed)).not.toContain(name);
        expect(names(json)).not.toContain(name);
        expect(streamedNames).not.toContain(name);
      }
    }
    // Every request each student sent is in the teacher's view, and every student is listed.
    const live = await teacher('/class/api/live');
    const view = (
      live.json as { students: { id: string; requests: number; last: { what: string; status?: number }[] }[] }
    ).students;
    expect(view.map((s) => s.id)).toEqual(students.map((s) => s.id));
    for (const entry of view) {
      expect(entry.requests).toBe(4);
      expect(entry.last.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(entry.last.map((r) => r.what)).toEqual([
        'tools/call memo_list_memos',
        'tools/call memo_list_memos',
        '/api/v1/memos',
        '/api/v1/memos',
      ]);
    }
    // The teacher sees each student's private memo.
    const seen = await teacher(`/class/api/students/${students[1]?.id}/memos`);
    expect(JSON.stringify(seen.json)).toContain(`secret of ${students[1]?.id}`);
  }, 60_000);

  it('shows the layer of an error in the live view: HTTP, protocol or tool', async () => {
    const student = server.accounts.students[2];
    if (!student) throw new Error('no student');
    await rest('/memos/nope', student.token);
    await postMcp(`${server.url}/mcp`, 'no/such', {}, { headers: bearer(student.token) });
    await mcp(student.token, { name: 'memo_get_memo', arguments: { name: 'memos/nope' } }, 9);
    const view = (await teacher('/class/api/live')).json as {
      students: { id: string; last: { error?: string }[] }[];
    };
    const last = view.students
      .find((s) => s.id === student.id)
      ?.last.slice(0, 3)
      .map((r) => r.error);
    expect(last).toEqual(['tool', 'protocol', 'http']);
  });

  it('refuses an unknown token, a student at /class/api, and a Host it was not bound to', async () => {
    const unknown = await rest('/memos', 'example-token');
    expect(unknown.status).toBe(401);
    expect((unknown.json as { message: string }).message).toMatch(/class token/);
    const student = server.accounts.students[0]?.token ?? '';
    expect(
      (await send(`${server.url}/class/api/live`, { method: 'GET', headers: bearer(student) })).status,
    ).toBe(403);
    expect((await send(`${server.url}/class/api/live`, { method: 'GET' })).status).toBe(401);
    const rebound = await send(`${server.url}/api/v1/memos`, {
      method: 'GET',
      headers: { ...bearer(student), Host: 'evil.example' },
    });
    expect(rebound.status).toBe(403);
  });

  it('resets one student to the dataset, leaving the others as they were', async () => {
    const [a, b] = server.accounts.students;
    if (!a || !b) throw new Error('no students');
    const before = (await teacher('/class/api/students')).json as {
      students: { id: string; memos: number }[];
    };
    const reset = await teacher(`/class/api/students/${a.id}/reset`, 'POST');
    expect(reset.json).toEqual({ reset: [a.id] });
    const after = (await teacher('/class/api/students')).json as {
      students: { id: string; memos: number }[];
    };
    const count = (list: typeof after, id: string) => list.students.find((s) => s.id === id)?.memos;
    expect(count(after, a.id)).toBe((count(before, a.id) ?? 0) - 1);
    expect(count(after, b.id)).toBe(count(before, b.id));
    expect(JSON.stringify((await teacher(`/class/api/students/${a.id}/memos`)).json)).not.toContain(
      `secret of ${a.id}`,
    );
  });

  it('serves /class as a page that holds no token', async () => {
    const page = await send(`${server.url}/class`, { method: 'GET' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<h1>课堂服务端</h1>');
    for (const account of [server.accounts.teacher, ...server.accounts.students])
      expect(page.body).not.toContain(account.token);
  });

  it("says a refused teacher token in the page's language, from the server's real answer", async () => {
    const said = { zh: await doorMessage('zh'), en: await doorMessage('en') };
    const student = server.accounts.students[0]?.token ?? '';
    expect(await said.zh(student)).toBe(
      '这不是教师令牌：只有横幅上“教师令牌”那一行的令牌能打开这一页（学生令牌不行），看看是不是抄错了。',
    );
    expect(await said.zh('')).toBe('没有令牌：把横幅上“教师令牌”那一行的令牌填进上面的框。');
    expect(await said.en(student)).toMatch(/^That is not the teacher token: /);
    expect(await said.en(student)).not.toContain('Forbidden');
  });

  it('prints a slip per student: token, address, two commands that work, a QR code of the playground', async () => {
    const sheet = (await teacher('/class/api/sheet')).json as {
      slips: {
        id: string;
        token: string;
        address: string;
        commands: string[];
        playground: string;
        qr: string;
      }[];
    };
    expect(sheet.slips).toHaveLength(STUDENTS);
    const slip = sheet.slips[0];
    expect(slip?.address).toBe(server.url);
    expect(slip?.playground).toBe(`${server.url}/playground.html?server=${server.url}&token=${slip?.token}`);
    expect(slip?.qr).toMatch(/^<svg/);
    expect(slip?.commands[0]).toContain(`Bearer ${slip?.token}`);
    expect(slip?.commands[1]).toContain(`${server.url}/mcp`);
    // The two commands, run by a shell as a student pastes them: REST's list and MCP's, both answered.
    if (process.platform !== 'win32') {
      const [restOut, mcpOut] = await Promise.all(
        (slip?.commands ?? []).map(async (command) => (await run('sh', ['-c', `${command} -s`])).stdout),
      );
      expect(JSON.parse(restOut ?? '')).toHaveProperty('memos');
      expect(JSON.parse(mcpOut ?? '')).toHaveProperty('result.structuredContent.memos');
    }
  });

  it('bounds bodies as pnpm serve does', async () => {
    const student = server.accounts.students[3]?.token ?? '';
    const big = await send(`${server.url}/mcp`, {
      headers: {
        ...bearer(student),
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: Buffer.alloc(MAX_REQUEST_BODY_BYTES + 1, 0x20),
    });
    expect(big.status).toBe(413);
  });
});

describe('same origin and the one interface named', () => {
  it('serves the built docs site and the playground from the address the API is on, bound to --host alone', async () => {
    const site = mkdtempSync(join(tmpdir(), 'class-site-'));
    writeFileSync(join(site, 'index.html'), '<h1>docs</h1>');
    writeFileSync(join(site, 'playground.html'), '<h1>playground</h1>');
    // 127.0.0.2 is loopback too, and a named address like a classroom LAN IP: nothing else is bound.
    const lan = await startClassServer({ students: 1, host: '127.0.0.2', port: 0, siteDir: site });
    try {
      expect(new URL(lan.url).hostname).toBe('127.0.0.2');
      expect(lan.allowedHostnames).toContain('127.0.0.2');
      const page = await send(`${lan.url}/playground.html?server=${lan.url}&token=x`, { method: 'GET' });
      expect(page.status).toBe(200);
      expect(page.body).toBe('<h1>playground</h1>');
      const student = lan.accounts.students[0]?.token ?? '';
      const sameOrigin = await send(`${lan.url}/api/v1/memos?pageSize=1`, {
        method: 'GET',
        headers: { ...bearer(student), Origin: lan.url },
      });
      expect(sameOrigin.status).toBe(200);
      const otherOrigin = await send(`${lan.url}/api/v1/memos?pageSize=1`, {
        method: 'GET',
        headers: { ...bearer(student), Origin: 'http://evil.example' },
      });
      expect(otherOrigin.status).toBe(403);
      const closed = await send(`http://127.0.0.1:${new URL(lan.url).port}/`, { method: 'GET' }).catch(
        (error: NodeJS.ErrnoException) => error.code,
      );
      expect(closed).toBe('ECONNREFUSED');
    } finally {
      await lan.close();
      rmSync(site, { recursive: true, force: true });
    }
  });
});

describe('bounds per token', () => {
  it('answers a flood with 429 and a JSON error while another student is served', async () => {
    const small = await startClassServer({
      students: 2,
      port: 0,
      limits: { ratePerSecond: 1, burst: 5, concurrent: 2 },
    });
    try {
      const [flooder, quiet] = small.accounts.students;
      if (!flooder || !quiet) throw new Error('no students');
      const get = (token: string) =>
        send(`${small.url}/api/v1/memos?pageSize=1`, { method: 'GET', headers: bearer(token) });
      const flood = await Promise.all(Array.from({ length: 20 }, () => get(flooder.token)));
      const refused = flood.filter((answer) => answer.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(15);
      expect(refused[0]?.json).toMatchObject({
        code: 8,
        message: expect.stringMatching(/Too Many Requests/),
      });
      expect((await get(quiet.token)).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('counts an SSE stream as open until it ends: a second request meanwhile gets 429', async () => {
    // The article's pace keeps a call asking for progress open for its 3 s, long enough to send beside it.
    const paced = await startClassServer({
      students: 1,
      port: 0,
      pace: 'article',
      limits: { ratePerSecond: 100, burst: 100, concurrent: 1 },
    });
    try {
      const token = paced.accounts.students[0]?.token ?? '';
      const { body, headers } = mcpRequest(
        'tools/call',
        { name: 'memo_list_memos', arguments: {}, _meta: { progressToken: 'p' } },
        1,
      );
      const opened = new Promise<{ stream: Promise<string> }>((resolve, reject) => {
        const outgoing = httpRequest(
          `${paced.url}/mcp`,
          { method: 'POST', headers: { ...headers, Authorization: `Bearer ${token}` } },
          (incoming) => {
            const parts: Buffer[] = [];
            incoming.on('data', (chunk: Buffer) => parts.push(chunk));
            const stream = new Promise<string>((done) =>
              incoming.on('end', () => done(Buffer.concat(parts).toString('utf8'))),
            );
            // The first event (progress) has arrived: the stream is open and counted.
            incoming.once('data', () => resolve({ stream }));
          },
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      });
      const { stream } = await opened;
      const beside = await send(`${paced.url}/api/v1/memos`, { method: 'GET', headers: bearer(token) });
      expect(beside.status).toBe(429);
      expect((beside.json as { message: string }).message).toMatch(/SSE streams included/);
      expect(await stream).toContain('"structuredContent"');
    } finally {
      await paced.close();
    }
  }, 30_000);

  it('counts requests open at once, an SSE stream until it ends, and refills the rate over time', () => {
    let now = 0;
    const limits = new TokenLimits({ ratePerSecond: 2, burst: 2, concurrent: 1 }, () => now);
    const first = limits.admit('a');
    expect('release' in first).toBe(true);
    expect(limits.admit('a')).toEqual({ reason: 'concurrent' });
    expect('release' in limits.admit('b')).toBe(true);
    if ('release' in first) first.release();
    const second = limits.admit('a');
    if ('release' in second) second.release();
    expect(limits.admit('a')).toEqual({ reason: 'rate', retryAfterSeconds: 1 });
    now += 500;
    expect('release' in limits.admit('a')).toBe(true);
  });
});
