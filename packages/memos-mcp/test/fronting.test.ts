import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Listening, listen, runEntry, startEntry } from '@memos-kit/process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../src/index.ts';
import { postMcp } from './support/mcp-http.ts';
import { memosFullDocument } from './support/memos-full-document.ts';

// Starting in front of a Memos: what a teacher sees when the URL, the upstream or the document is wrong,
// which contract is used, and which host names the MCP endpoint answers to.
const SERVE = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const STDIO = fileURLToPath(new URL('../src/stdio.ts', import.meta.url));
const CONTRACT_YAML = fileURLToPath(new URL('../../memos-contract/openapi.yaml', import.meta.url));

/** Answers only GET /api/v1/auth/me, with Memos' anonymous 401: enough for the start-up probe. */
const memosLike = listen((req, res) => {
  if (req.url?.startsWith('/old/')) {
    res.writeHead(301, { Location: req.url.slice('/old'.length) });
    res.end();
  } else if (req.url === '/api/v1/auth/me') {
    res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('{"code": 16, "message": "authentication required"}\n');
  } else {
    res.writeHead(404, { 'Content-Type': 'text/html' });
    res.end('<h1>Not Found</h1>');
  }
});
let memos: Listening;
/** A loopback port nothing listens on: taken from the system, then given back. */
let closedPort = 0;
const dir = mkdtempSync(join(tmpdir(), 'memos-openapi-'));
beforeAll(async () => {
  memos = await memosLike;
  const spare = await listen(() => {});
  closedPort = spare.port;
  await spare.close();
});
afterAll(async () => {
  await memos.close();
  rmSync(dir, { recursive: true, force: true });
});

const expectOneLine = (stderr: string, pattern: RegExp) => {
  expect(stderr).toMatch(pattern);
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /);
};

const fill = (args: string[]) =>
  args.map((arg) =>
    arg
      .replace('URL', memos.url)
      .replace('CLOSED', String(closedPort))
      .replace('MISSING', join(dir, 'nope.yaml'))
      .replace('PARTIAL', join(dir, 'partial.json')),
  );

describe('a start that cannot front Memos: one line, exit 1, no stack trace', () => {
  beforeAll(() => {
    const partial = memosFullDocument();
    delete partial.paths?.['/api/v1/auth/me'];
    writeFileSync(join(dir, 'partial.json'), JSON.stringify(partial));
  });

  it.each([
    [
      'an upstream that is down',
      ['--memos-url', 'http://127.0.0.1:CLOSED'],
      /cannot reach Memos at http:\/\/127\.0\.0\.1:\d+: connection refused/,
    ],
    [
      'a URL that is not Memos',
      ['--memos-url', 'URL/api/v1'],
      /does not answer like Memos v0\.30\.0: GET \/api\/v1\/auth\/me gave HTTP 404/,
    ],
    [
      'a URL that redirects',
      ['--memos-url', 'URL/old'],
      /redirects to http:\/\/127\.0\.0\.1:\d+: give --memos-url http:\/\/127\.0\.0\.1:\d+/,
    ],
    [
      'a missing document file',
      ['--memos-url', 'URL', '--openapi', 'MISSING'],
      /cannot read the OpenAPI document .*nope\.yaml: no such file/,
    ],
    [
      'a document without one of the 20',
      ['--memos-url', 'URL', '--openapi', 'PARTIAL'],
      /lacks 1 of the operations Memos exposes as tools: AuthService_GetCurrentUser/,
    ],
  ])(
    '%s, for pnpm serve and pnpm mcp:stdio',
    async (_label, args, message) => {
      for (const [entry, extra] of [
        [SERVE, ['--port', '0']],
        [STDIO, []],
      ] as const) {
        const run = await runEntry(entry, {
          args: [...fill(args), ...extra, '--lang', 'en'],
          env: { NO_COLOR: '1' },
        });
        expect(run.code, `${entry}: ${run.stderr}`).toBe(1);
        expectOneLine(run.stderr, message);
      }
    },
    60_000,
  );
});

describe('the contract in use', () => {
  it('takes Memos-style YAML with --openapi, and says so at start', async () => {
    const server = startEntry(SERVE, {
      args: ['--memos-url', memos.url, '--openapi', CONTRACT_YAML, '--port', '0', '--lang', 'en'],
      env: { NO_COLOR: '1' },
    });
    try {
      const banner = await server.waitFor(/only Memos' 20 tools are exposed/);
      expect(banner).toContain(`${CONTRACT_YAML} (20 operations)`);
    } finally {
      await server.stop({ graceMs: 5000 });
    }
  }, 30_000);

  it('with --all-operations on a 73-operation document: 73 tools and a warning naming the destructive ones', async () => {
    const file = join(dir, 'memos-73.json');
    writeFileSync(file, JSON.stringify(memosFullDocument()));
    const stdio = await runEntry(STDIO, {
      args: ['--memos-url', memos.url, '--openapi', file, '--all-operations', '--lang', 'en'],
      input: '',
      env: { NO_COLOR: '1' },
    });
    expect(stdio.stderr).toMatch(
      /warning: --all-operations exposes 53 tools beyond Memos' allowlist, \d+ of them marked destructive \(.*auth_sign_in.*user_delete_user/,
    );
    expect(stdio.stderr).toContain('serving 73 tools over stdio');
    const curated = await runEntry(STDIO, {
      args: ['--memos-url', memos.url, '--openapi', file, '--lang', 'en'],
      input: '',
      env: { NO_COLOR: '1' },
    });
    expect(curated.stderr).toContain('serving 20 tools over stdio');
    expect(curated.stderr).not.toContain('warning');
  }, 60_000);
});

describe('host names at /mcp', () => {
  const discover = (url: string, host: string, origin?: string) =>
    postMcp(url, 'server/discover', {}, { headers: { Host: host, ...(origin ? { Origin: origin } : {}) } });

  it('--allowed-host and --public-url add names; every other host is still refused', async () => {
    const server = await startServer({
      port: 0,
      dataset: 'empty',
      allowedHosts: ['memos.school.edu'],
      publicUrl: 'https://notes.school.edu/memos',
    });
    try {
      expect((await discover(server.mcpUrl, 'memos.school.edu')).status).toBe(200);
      expect((await discover(server.mcpUrl, 'notes.school.edu', 'https://notes.school.edu')).status).toBe(
        200,
      );
      expect((await discover(server.mcpUrl, '127.0.0.1')).status).toBe(200);
      // The DNS-rebinding guard: a name nobody added, in Host or in Origin.
      expect((await discover(server.mcpUrl, 'evil.example')).status).toBe(403);
      expect((await discover(server.mcpUrl, 'memos.school.edu', 'https://evil.example')).status).toBe(403);
    } finally {
      await server.close();
    }
  });

  it('without them, a public host name is refused as before', async () => {
    const server = await startServer({ port: 0, dataset: 'empty' });
    try {
      expect((await discover(server.mcpUrl, 'demo.usememos.com')).status).toBe(403);
    } finally {
      await server.close();
    }
  });
});
