// The build track cannot be faked: each attempt here passes something other than the learner's own working
// server (the solution re-exported or loaded by a computed import, the kit's own code, a constant, a copy,
// a server one line short of right) and must fail at the check that names that mistake. Each fake is the
// solution with one change, or a few lines, written into a copy of the labs outside the repository.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { META, PROTOCOL_VERSION } from '@memos-kit/protocol';
import { loadFixture } from '@memos-kit/wire';
import { afterAll, describe, expect, it } from 'vitest';
import { findLab, type Lab, labsDir } from '../src/catalog.ts';
import { folderFiles } from '../src/committed.ts';
import { LabSession, runLab } from '../src/run.ts';

const session = new LabSession();
afterAll(() => session.close());

const solution = (lab: Lab, name = 'server.ts') =>
  readFileSync(join(labsDir, lab.dir, 'solution', name), 'utf8');

/** The solution's server.ts with `from` replaced by `to`; the replacement must be there to make. */
const changed = (source: Lab | string, from: string, to: string) => {
  const text = typeof source === 'string' ? source : solution(source, source.files[0]);
  if (!text.includes(from)) throw new Error(`the solution no longer holds ${from}`);
  return text.replace(from, to);
};

interface Fake {
  name: string;
  /** The files that stand in for the starter's (the rest of the folder is as given). */
  files: (lab: Lab) => Record<string, string> | Promise<Record<string, string>>;
  /** The check it must fail at: the first that fails, the ones before it passing. */
  failsAt: string;
  /** What the failure must show of the request the check sent. */
  sent?: string[];
  /** What the failure's message must say (in English), where the check has more than one for that step. */
  says?: string;
}

/** The structuredContent of the article's tools/call, on the empty data it was taken from. */
const articleAnswer = () =>
  (loadFixture('mcp-tools-call').response?.json as { result?: { structuredContent?: unknown } } | undefined)
    ?.result?.structuredContent;

const loadSolution =
  "await import(new URL(['..', 'solution', 'server.ts'].join('/'), import.meta.url).href);\n";
const evalImport =
  "const load = new Function('u', 'return import(u)') as (u: string) => Promise<unknown>;\nawait load(new URL('../solution/server.ts', import.meta.url).href);\n";

const fakes: Record<string, Fake[]> = {
  // The first eight labs, too: a file that hands over the kit's own implementation passes every check of
  // what it does, and fails at the last check, which reads what it imports.
  'sse-parser': [
    {
      name: 're-exports the demo’s library-backed parser',
      files: () => ({
        'parser.ts': "export { createLibraryParser as createParser } from '@memos-kit/demo-sse';\n",
      }),
      failsAt: 'ownImports',
    },
    {
      name: 're-exports its solution',
      files: () => ({ 'parser.ts': "export * from '../solution/parser.ts';\n" }),
      failsAt: 'ownImports',
    },
  ],
  'discover-list-call': [
    {
      // On the empty data the article ran on, this was the right answer and passed.
      name: 'returns the article’s answer as a constant',
      files: (lab) => ({
        'client.ts': changed(
          lab,
          'memos: called.structuredContent',
          `memos: ${JSON.stringify(articleAnswer())} ?? called`,
        ),
      }),
      failsAt: 'result',
    },
    {
      name: 'calls the tool with other arguments and returns what came back',
      files: (lab) => ({
        'client.ts': changed(lab, 'arguments: { pageSize: 1,', 'arguments: { pageSize: 2,'),
      }),
      failsAt: 'request3',
    },
  ],
  'add-tool': [
    {
      name: 'answers the first filter’s count whatever it is asked',
      files: async (lab) => {
        // The data the check counts in: the workshop's, and what other checks of this session wrote.
        const memos = await session.server('workshop', 'write');
        const response = await fetch(
          `${memos.url}/api/v1/memos?${new URLSearchParams({ pageSize: '1000', filter: 'visibility != "PRIVATE"' })}`,
          { headers: { Authorization: `Bearer ${memos.users[0]?.tokens[0]}` } },
        );
        const known = ((await response.json()) as { memos: unknown[] }).memos.length;
        return {
          'tool.ts': changed(
            lab,
            'const structuredContent = { count };',
            `const structuredContent = { count: ${known} };`,
          ),
        };
      },
      failsAt: 'call',
    },
    {
      // Right on every filter the workshop data has: none of them matches more than a page.
      name: 'counts the first page only',
      files: (lab) => ({
        'tool.ts': changed(lab, "pageToken = body.nextPageToken ?? '';", "pageToken = '';"),
      }),
      failsAt: 'call',
    },
  ],
  'hateoas-menu': [
    {
      name: 're-exports its solution',
      files: () => ({ 'menu.ts': "export * from '../solution/menu.ts';\n" }),
      failsAt: 'ownImports',
    },
    {
      name: 'reads one link per relation',
      files: (lab) => ({
        'menu.ts': changed(
          lab,
          'for (const link of Array.isArray(value) ? value : [value]) {',
          'for (const link of [value]) {',
        ),
      }),
      failsAt: 'linksOnly',
    },
    {
      // A client written from the API's docs: the actions of each status, URLs it builds itself, and the
      // one document whose links the check used to move, answered from memory. It passed every check.
      name: 'builds its menu from the status and answers the moved links with a constant',
      files: () => ({
        'menu.ts': [
          'export interface MenuItem { rel: string; href: string }',
          "const ACTIONS: Record<string, string[]> = { pending: ['pay', 'cancel'], paid: ['refund'] };",
          "const PATHS: Record<string, string> = { pay: 'payment', cancel: 'cancellation', refund: 'refund' };",
          'export function menuFrom(order: unknown): MenuItem[] {',
          '  const { id, status } = order as { id: number; status: string };',
          "  if (id === 7) return [{ rel: 'pay', href: '/billing/7?via=link' }];",
          "  return (ACTIONS[status] ?? []).map((rel) => ({ rel, href: '/orders/' + id + '/' + PATHS[rel] }));",
          '}',
          'export function toolsNotOffered(menu: MenuItem[], names: string[]): string[] {',
          "  const offered = new Set(menu.map((item) => 'order_' + item.rel));",
          "  return names.filter((name) => name !== 'order_get' && !offered.has(name)).sort();",
          '}',
          '',
        ].join('\n'),
      }),
      failsAt: 'linksOnly',
    },
    {
      name: 'counts order_get as a tool the menu lacks',
      files: (lab) => ({ 'menu.ts': changed(lab, "name !== 'order_get' && !offered", '!offered') }),
      failsAt: 'versusTools',
      // The failure shows the tools/list the check sent, stating the kit's protocol version.
      sent: [
        `mcp-protocol-version: ${PROTOCOL_VERSION}`,
        '"tools/list"',
        `"${META.protocolVersion}":"${PROTOCOL_VERSION}"`,
      ],
    },
  ],
  'stdio-server': [
    {
      name: 're-exports the solution',
      files: () => ({ 'server.ts': "import '../solution/server.ts';\n" }),
      failsAt: 'ownImports',
    },
    {
      name: 're-exports it through a helper file of its own',
      files: () => ({
        'server.ts': "import './helper.ts';\n",
        'helper.ts': "export * from '../solution/server.ts';\n",
      }),
      failsAt: 'ownImports',
    },
    {
      name: 'imports the solution by a computed path',
      files: () => ({ 'server.ts': loadSolution }),
      failsAt: 'ownImports',
    },
    {
      name: 'imports the kit’s own adapter',
      files: () => ({
        'server.ts': "import { startServer } from '@memos-kit/memos-mcp';\nvoid startServer;\n",
      }),
      failsAt: 'ownImports',
    },
    {
      name: 'loads the solution through new Function',
      files: () => ({ 'server.ts': evalImport }),
      failsAt: 'ownProcess',
    },
    {
      name: 'is a copy of the solution',
      files: (lab) => ({ 'server.ts': solution(lab) }),
      failsAt: 'notACopy',
    },
    {
      name: 'answers a constant list',
      files: (lab) => ({
        'server.ts': changed(
          lab,
          'return rest.ok ? answer({ memos: rest.data.memos.map(pick) }) : refused(rest);',
          "return answer({ memos: [{ name: 'memos/lunch', content: 'lunch', visibility: 'PUBLIC', createTime: '2026-12-05T00:00:00Z' }] });",
        ),
      }),
      failsAt: 'listIsRest',
    },
    {
      name: 'passes REST’s memos through unpicked',
      files: (lab) => ({ 'server.ts': changed(lab, 'rest.data.memos.map(pick)', 'rest.data.memos') }),
      failsAt: 'listIsRest',
    },
    {
      name: 'hides REST’s words behind a generic error',
      files: (lab) => ({
        'server.ts': changed(
          lab,
          'return rest.ok ? answer({ memos: rest.data.memos.map(pick) }) : refused(rest);',
          "return rest.ok\n        ? answer({ memos: rest.data.memos.map(pick) })\n        : { content: [{ type: 'text' as const, text: 'Something went wrong.' }], isError: true };",
        ),
      }),
      failsAt: 'businessError',
    },
    {
      // McpServer turns the throw into an isError result whose only text is the message: REST's words reach
      // the model, the status that says which refusal it was does not.
      name: 'throws REST’s words instead of returning a result',
      files: (lab) => ({
        'server.ts': changed(
          lab,
          'return rest.ok ? answer({ memos: rest.data.memos.map(pick) }) : refused(rest);',
          'if (!rest.ok) throw new Error(rest.message);\n      return answer({ memos: rest.data.memos.map(pick) });',
        ),
      }),
      failsAt: 'businessError',
    },
    {
      // The SDK's StdioServerTransport closes when stdin ends and drops the call still waiting on REST.
      name: 'serves with the SDK’s own stdio transport',
      files: (lab) => ({
        'server.ts': changed(
          lab,
          'serveStdio(createServer, { transport: new AnswerBeforeExit() });',
          'serveStdio(createServer);',
        ),
      }),
      failsAt: 'exitsOnEof',
      says: 'left without answering',
    },
  ],
  'http-server': [
    {
      name: 'spawns the kit’s own server',
      files: () => ({
        'server.ts':
          "import { spawn } from 'node:child_process';\nspawn(process.execPath, ['--version'], { stdio: 'inherit' });\n",
      }),
      failsAt: 'ownImports',
    },
    {
      name: 'loads the solution through new Function',
      files: () => ({ 'server.ts': evalImport }),
      failsAt: 'ownProcess',
    },
    {
      name: 'listens on every interface',
      files: (lab) => ({ 'server.ts': changed(lab, "app.listen(PORT, '127.0.0.1',", 'app.listen(PORT,') }),
      failsAt: 'loopback',
    },
    {
      name: 'does not hand req.body to the handler',
      files: (lab) => ({ 'server.ts': changed(lab, 'mcp(req, res, req.body)', 'mcp(req, res)') }),
      failsAt: 'discover',
    },
    {
      name: 'answers JSON only',
      files: (lab) => ({ 'server.ts': changed(lab, '\n});\n', "\n}, { responseMode: 'json' });\n") }),
      failsAt: 'sse',
    },
    {
      name: 'uses plain Express, with no Origin check',
      files: (lab) => ({
        'server.ts': changed(
          changed(
            lab,
            "import { createMcpExpressApp } from '@modelcontextprotocol/express';",
            "import express from 'express';",
          ),
          'const app = createMcpExpressApp();',
          'const app = express();\napp.use(express.json());',
        ),
      }),
      failsAt: 'origin',
    },
    // None here fails at `conformance`, the last step: every rule its five scenarios test is kept by the
    // SDK's handler, by createMcpExpressApp() or by the given memos.ts, and each part the learner writes
    // (bind, route, req.body, responseMode, Origin) is caught by an earlier check. A hand-written Origin
    // guard on plain Express, app.post instead of app.all, and one McpServer shared by every request all
    // pass the suite; test/conformance.test.ts shows the step failing a server that is not MCP.
  ],
  'resources-prompts': [
    {
      name: 'gives a memo no cache hint',
      files: (lab) => ({
        'server.ts': changed(lab, "cacheHint: { ttlMs: 30_000, cacheScope: 'private' },", ''),
      }),
      failsAt: 'readCache',
    },
    {
      name: 'lets anyone share a memo’s cache',
      files: (lab) => ({
        'server.ts': changed(
          lab,
          "cacheHint: { ttlMs: 30_000, cacheScope: 'private' },",
          "cacheHint: { ttlMs: 30_000, cacheScope: 'public' },",
        ),
      }),
      failsAt: 'readCache',
    },
    {
      name: 'throws a plain Error for a memo that is not there',
      files: (lab) => ({
        'server.ts': changed(lab, 'throw new ResourceNotFoundError(uri.href, ', 'throw new Error('),
      }),
      failsAt: 'notFound',
    },
    {
      // `?pageSize=1` pasted after /memos/ is GET /api/v1/memos/?pageSize=1: the list, not a memo.
      name: 'puts the resource’s id into the REST path as it is',
      files: (lab) => ({
        'server.ts': changed(lab, 'encodeURIComponent(String(id))', 'String(id)'),
      }),
      failsAt: 'readOnlyMemos',
    },
    {
      // `x/../<id>` pasted after /memos/ reaches the memo <id>.
      name: 'puts the prompt’s id into the REST path as it is',
      files: (lab) => ({
        'server.ts': changed(lab, 'encodeURIComponent(id)}', 'id}'),
      }),
      failsAt: 'promptOnlyMemos',
    },
  ],
  'confirm-delete': [
    {
      name: 'deletes before asking',
      files: (lab) => ({
        'server.ts': changed(
          lab,
          "const reply = inputResponse(ctx.mcpReq.inputResponses, 'confirm');",
          "await memos('DELETE', '/' + name);\n      const reply = inputResponse(ctx.mcpReq.inputResponses, 'confirm');",
        ),
      }),
      failsAt: 'asksFirst',
    },
    {
      name: 'never asks',
      files: (lab) => ({
        'server.ts': changed(lab, "if (reply.kind === 'missing')", 'if (false as boolean)'),
      }),
      failsAt: 'asksFirst',
    },
    {
      name: 'remembers that it asked, in memory',
      files: (lab) => ({
        'server.ts': changed(
          changed(lab, "if (reply.kind === 'missing')", 'if (!asked.has(name) && asked.add(name))'),
          'function createServer(): McpServer {',
          'const asked = new Set<string>();\n\nfunction createServer(): McpServer {',
        ),
      }),
      failsAt: 'yesDeletes',
    },
    {
      name: 'deletes when the client cannot be asked',
      files: (lab) => ({
        'server.ts': changed(
          lab,
          "const reply = inputResponse(ctx.mcpReq.inputResponses, 'confirm');",
          "const reply = inputResponse(ctx.mcpReq.inputResponses, 'confirm');\n      const caps = (ctx.mcpReq.envelope as Record<string, { elicitation?: unknown }> | undefined)?.['io.modelcontextprotocol/clientCapabilities'];\n      if (reply.kind === 'missing' && !caps?.elicitation) {\n        await memos('DELETE', '/' + name);\n        return { content: [{ type: 'text', text: 'deleted: could not ask' }] };\n      }",
        ),
      }),
      failsAt: 'cannotAsk',
    },
    {
      // memos/x/../<id> pasted after / is DELETE /api/v1/memos/<id>: another memo goes.
      name: 'takes any string as the name',
      files: (lab) => ({ 'server.ts': changed(lab, '.regex(/^memos\\/[^/]+$/)', '') }),
      failsAt: 'onlyMemos',
    },
  ],
  'bearer-auth': [
    {
      name: 'hands the work to the kit’s own resource server',
      files: (lab) => ({
        'server.ts': changed(
          lab,
          "import { mcp } from './mcp.ts';",
          "import { mcp } from './mcp.ts';\nimport { jwtAccessTokenVerifier } from '@memos-kit/auth-server/resource';\nvoid jwtAccessTokenVerifier;",
        ),
      }),
      failsAt: 'ownImports',
    },
    {
      name: 'names no metadata in its 401',
      files: (lab) => ({
        'server.ts': changed(
          lab,
          '  resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(RESOURCE),\n',
          '',
        ),
      }),
      failsAt: 'challenge',
    },
    {
      name: 'takes any bearer token: it checks only that the header is there',
      files: (lab) => ({
        'server.ts': changed(
          lab,
          "const { payload } = await jwtVerify(token, keys, {\n        issuer: ISSUER,\n        audience: RESOURCE.href,\n        typ: 'at+jwt',\n      });",
          "const payload = { client_id: 'anyone', scope: '', exp: Math.floor(Date.now() / 1000) + 600, aud: RESOURCE.href };",
        ),
      }),
      failsAt: 'audience',
    },
    {
      name: 'decodes the token and checks its claims, but never its signature',
      files: (lab) => ({
        'server.ts': changed(
          changed(
            lab,
            "import { createRemoteJWKSet, jwtVerify } from 'jose';",
            "import { createRemoteJWKSet, decodeJwt } from 'jose';",
          ),
          "const { payload } = await jwtVerify(token, keys, {\n        issuer: ISSUER,\n        audience: RESOURCE.href,\n        typ: 'at+jwt',\n      });",
          "void keys;\n      const payload = decodeJwt(token);\n      if (payload.iss !== ISSUER || payload.aud !== RESOURCE.href || (payload.exp ?? 0) < Date.now() / 1000) throw new Error('not for us');",
        ),
      }),
      failsAt: 'forged',
    },
    {
      name: 'checks signature, issuer and expiry but not the audience',
      files: (lab) => ({
        'server.ts': changed(
          changed(lab, '        audience: RESOURCE.href,\n', ''),
          'resource: new URL(String(payload.aud)),',
          'resource: RESOURCE,',
        ),
      }),
      failsAt: 'audience',
    },
    {
      // jose's own error reaches requireBearerAuth, which answers 500 server_error: the failure says why,
      // instead of asking about the audience of a token that was never judged.
      name: 'lets jose’s error escape the verifier',
      files: (lab) => ({
        'server.ts': changed(
          lab,
          '} catch {',
          '} catch (error) {\n      if (error instanceof Error) throw error;',
        ),
      }),
      failsAt: 'audience',
      says: 'answered 500: the verifier threw something other than OAuthError(OAuthErrorCode.InvalidToken',
    },
  ],
};

/** A copy of one lab outside the repository, its starter replaced by the fake's files. */
function stage(lab: Lab, files: Record<string, string>): { root: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'memos-kit-fake-'));
  symlinkSync(join(labsDir, 'node_modules'), join(root, 'node_modules'), 'junction');
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
  for (const folder of ['starter', 'solution']) mkdirSync(join(root, lab.dir, folder), { recursive: true });
  for (const name of folderFiles(lab)) {
    cpSync(join(labsDir, lab.dir, 'solution', name), join(root, lab.dir, 'solution', name));
    if (!lab.files.includes(name))
      cpSync(join(labsDir, lab.dir, 'starter', name), join(root, lab.dir, 'starter', name));
  }
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, lab.dir, 'starter', name), text);
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

describe.each(Object.entries(fakes))('lab %s', (id, list) => {
  const lab = findLab(id) as Lab;
  it.each(list.map((fake) => [fake.name, fake] as const))(
    'a fake that %s fails at its mistake',
    async (_, fake) => {
      const copy = stage(lab, await fake.files(lab));
      try {
        const result = await runLab(lab, { source: 'starter', lang: 'en', session, root: copy.root });
        const failed = result.checks.find((check) => check.status === 'fail');
        expect(failed?.id, JSON.stringify(failed)).toBe(fake.failsAt);
        // A failure reads like every lab's: what was wrong, in words, and (on the wire) what came back.
        expect(failed?.message).toBeTruthy();
        for (const part of fake.sent ?? []) expect(failed?.sent).toContain(part);
        if (fake.says) expect(failed?.message).toContain(fake.says);
      } finally {
        copy.remove();
      }
    },
  );
});
