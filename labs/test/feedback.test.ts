// What a learner reads when a check fails, in Chinese and in English: the words around the wire bytes are in
// the learner's language, and the explanation fits the mistake made. Played on a checkout of the labs with
// the starters as committed, some replaced by a wrong answer of the kind a class writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Lang } from '@memos-kit/terminal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLab, loadLabs } from '../src/catalog.ts';
import { formatResult } from '../src/report.ts';
import { type CheckResult, LabSession, runLab } from '../src/run.ts';
import { makeWorkdir, type Workdir } from './support/workdir.ts';

const session = new LabSession();
let work: Workdir;
/** Each starter file as the checkout committed it: every run starts from it, whatever a test wrote before. */
const starters = new Map<string, string>();

beforeAll(async () => {
  work = await makeWorkdir('starter');
  for (const lab of loadLabs())
    for (const name of lab.files)
      starters.set(`${lab.id}/${name}`, readFileSync(join(work.root, lab.dir, 'starter', name), 'utf8'));
});
afterAll(async () => {
  await session.close();
  work.remove();
});

/** A lab's solution file, to make a wrong answer from by changing one thing in it. */
function solutionOf(id: string, name: string): string {
  const lab = findLab(id);
  if (!lab) throw new Error(`no lab ${id}`);
  return readFileSync(join(work.root, lab.dir, 'solution', name), 'utf8');
}

/** Runs lab `id` on its committed starter, or on `files` written over it; returns the first failed check. */
async function firstFailure(
  id: string,
  lang: Lang,
  files: Record<string, string> = {},
): Promise<{ failed: CheckResult; report: string }> {
  const lab = findLab(id);
  if (!lab) throw new Error(`no lab ${id}`);
  for (const name of lab.files)
    writeFileSync(
      join(work.root, lab.dir, 'starter', name),
      files[name] ?? starters.get(`${id}/${name}`) ?? '',
    );
  const result = await runLab(lab, { source: 'starter', lang, session, root: work.root });
  const failed = result.checks.find((check) => check.status === 'fail');
  if (!failed) throw new Error(`${id}: nothing failed`);
  const report = formatResult(lab, result, { lang, paint: (_format, text) => text, width: undefined });
  return { failed, report };
}

describe('a failure in Chinese', () => {
  it('shows the wire diff in Chinese, and in English for English', async () => {
    const zh = await firstFailure('two-errors', 'zh');
    expect(zh.failed.got).toContain(
      '✗ 与 fixtures/06-unknown-tool/response.json 有 2 处不同（同一 JSON 值）',
    );
    expect(zh.failed.got).toContain('body $.error  文章里有，实际的响应里没有');
    expect(zh.report).not.toContain('differences from');
    const en = await firstFailure('two-errors', 'en');
    expect(en.failed.got).toContain('✗ 2 differences from fixtures/06-unknown-tool/response.json (exact)');
  });

  it('names what the check fed the parser in Chinese', async () => {
    const zh = await firstFailure('sse-parser', 'zh');
    expect(zh.failed.message).toMatch(
      /^文章里行尾为 LF 的 SSE body 在字节 \d+ 处切成 2 次读取后，你的事件与 eventsource-parser 的不同。$/,
    );
    expect(zh.failed.expected).toContain('读取（每个 [ ] 是一次读取）：\n[event: ');
    expect(zh.report).not.toMatch(/\breads\b/);
    const en = await firstFailure('sse-parser', 'en');
    expect(en.failed.message).toMatch(
      /^With the article’s SSE body \(LF line ends\) cut at byte \d+ into 2 reads, your events differ from eventsource-parser’s\.$/,
    );
    expect(en.failed.expected).toContain('reads (each [ ] is one read):\n[event: ');
  });

  it('names an order’s state as the API’s status value, and a moved link in words', async () => {
    const solution = solutionOf('hateoas-menu', 'menu.ts');
    // Right for every order the demo serves, but it takes curies for an action.
    const withCuries = solution.replace("new Set(['self', 'curies'])", "new Set(['self'])");
    expect(withCuries).not.toBe(solution);
    const [zh, en] = await Promise.all([
      firstFailure('hateoas-menu', 'zh', { 'menu.ts': withCuries }),
      firstFailure('hateoas-menu', 'en', { 'menu.ts': withCuries }),
    ]);
    expect(zh.failed.id).toBe('linksOnly');
    expect(zh.failed.message).toBe(
      '链接挪到别处之后（status 为 pending），菜单应正好是 _links 里的动作：一个关系里有一组链接时，每个链接一项。',
    );
    expect(en.failed.message).toBe(
      'With its links moved elsewhere (status pending), the menu should be exactly the actions in _links: one item per link where a relation holds an array.',
    );
  });

  it('describes the refusal it wants in the learner’s language', async () => {
    const solution = solutionOf('add-tool', 'tool.ts');
    const unmarked = solution.replace('}], isError: true };', '}] };');
    expect(unmarked).not.toBe(solution);
    const zh = await firstFailure('add-tool', 'zh', { 'tool.ts': unmarked });
    expect(zh.failed.id).toBe('refusal');
    expect(zh.failed.expected).toBe('{ "content": [ … REST 的原话 … ], "isError": true }');
  });

  it('gives the JSON Schema validator’s reason in Chinese too', async () => {
    // Wraps the bare array (#6022) but keeps REST's nulls (#6139).
    const toResult = [
      "import type { CallToolResult } from '@modelcontextprotocol/server';",
      'export function toToolResult(body: unknown): CallToolResult {',
      '  const structuredContent = (Array.isArray(body) ? { result: body } : (body ?? { ok: true })) as Record<string, unknown>;',
      "  return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };",
      '}',
      '',
    ].join('\n');
    const [zh, en] = await Promise.all([
      firstFailure('rest-pitfalls', 'zh', { 'to-result.ts': toResult }),
      firstFailure('rest-pitfalls', 'en', { 'to-result.ts': toResult }),
    ]);
    expect(zh.failed.id).toBe('nullFields');
    expect(zh.failed.message).toBe(
      'structuredContent 在 /attachments/0/motionMedia 处不符合输出 schema：应当是 object 类型。',
    );
    expect(en.failed.message).toBe(
      'structuredContent fails the output schema at /attachments/0/motionMedia: must be object.',
    );
  });

  it('says how a stdio server stopped in words, not signal names alone', async () => {
    // Right on the wire, but it keeps running after stdin closes.
    const server = [
      "import { answerToolsCall, decodeLine, readLines } from '@memos-kit/demo-stdio';",
      'setInterval(() => {}, 60_000);',
      'for await (const line of readLines(process.stdin)) {',
      "  console.error('server: received tools/call');",
      "  process.stdout.write(JSON.stringify(answerToolsCall(JSON.parse(decodeLine(line)))) + '\\n');",
      '}',
      '',
    ].join('\n');
    // One run, in Chinese: the server takes seconds to be stopped, and English is the same code's other words.
    const zh = await firstFailure('stdio-framing', 'zh', { 'server.ts': server });
    expect(zh.failed.id).toBe('exitsOnEof');
    expect(zh.failed.expected).toBe('stdin 关闭（EOF）后自己退出');
    expect(zh.failed.got).toBe('stdin 关闭后还在运行，收到 SIGTERM 才退出');
  }, 60_000);
});

describe('a failure that fits the mistake', () => {
  it('lab 7 never shows an absent event name against `message`: per the SSE rules they are one event', async () => {
    // The solution, except that it reports a `message` event without its (default) name.
    const solution = solutionOf('sse-parser', 'parser.ts');
    const nameless = solution.replace(
      "if (field === 'event') type = value || undefined;",
      "if (field === 'event' && value !== 'message') type = value || undefined;",
    );
    expect(nameless).not.toBe(solution);
    const lab = findLab('sse-parser');
    if (!lab) throw new Error('no lab');
    writeFileSync(join(work.root, lab.dir, 'starter', 'parser.ts'), nameless);
    const result = await runLab(lab, { source: 'starter', lang: 'zh', session, root: work.root });
    expect(result.checks.filter((check) => check.status !== 'pass')).toEqual([]);
    // And the starter's first failure is a real difference: the events differ beyond their names.
    const starter = await firstFailure('sse-parser', 'zh');
    const events = (text = '') => text.split('\n\n')[0]?.split('\n').length;
    expect(events(starter.failed.got)).not.toBe(events(starter.failed.expected));
  });

  it('lab 3 explains the mistake made: a result, a wrong code, or a result not marked as an error', async () => {
    const solution = solutionOf('two-errors', 'tool.ts');
    const variant = (from: string, to: string) => {
      expect(solution).toContain(from);
      return { 'tool.ts': solution.replace(from, to) };
    };
    const wrongCode = variant('ProtocolErrorCode.InvalidParams', 'ProtocolErrorCode.InternalError');
    const [zh, en] = await Promise.all([
      firstFailure('two-errors', 'zh', wrongCode),
      firstFailure('two-errors', 'en', wrongCode),
    ]);
    expect(zh.failed.id).toBe('unknownTool');
    expect(zh.failed.message).toContain('这已经是 JSON-RPC error，但错误码是 -32603');
    expect(zh.failed.message).not.toContain('而不是一个结果');
    expect(en.failed.message).toContain('this is a JSON-RPC error, but its code is -32603');
    expect(en.failed.message).not.toContain('not a result');
    // The starter answers the unknown tool with a result: that one is told so.
    const starter = await firstFailure('two-errors', 'zh');
    expect(starter.failed.message).toContain('而不是一个结果');
    const unmarked = await firstFailure('two-errors', 'en', variant('isError: true };', 'isError: false };'));
    expect(unmarked.failed.id).toBe('badFilter');
    expect(unmarked.failed.message).toContain('without isError: true');
    expect(unmarked.failed.message).not.toContain('not a JSON-RPC error');
  });

  it('lab 1 says which part of a message is wrong and keeps the article’s bytes back', async () => {
    const rest = solutionOf('two-messages', 'rest.http');
    const unencoded = rest.replace(
      /^GET .*$/m,
      'GET /api/v1/memos?pageSize=1&filter=visibility != "PRIVATE" HTTP/1.1',
    );
    expect(unencoded).not.toBe(rest);
    const spaces = await firstFailure('two-messages', 'zh', { 'rest.http': unencoded });
    expect(spaces.failed.message).toContain('rest.http 的请求行里，请求目标中间有空格');
    expect(spaces.failed.got).toBe('GET /api/v1/memos?pageSize=1&filter=visibility != "PRIVATE" HTTP/1.1');
    expect(spaces.report).not.toMatch(/Not an HTTP request/);

    // The REST file solved, the MCP file as the starter has it: its body lacks three things.
    const body = await firstFailure('two-messages', 'zh', { 'rest.http': rest });
    expect(body.failed.id).toBe('mcpBody');
    expect(body.failed.message).toBe(
      'body 有 3 处与文章的不同：\n· $.params.arguments.pageSize：没有\n· $.params.arguments.filter：没有\n· $.params._meta：没有',
    );
    expect(body.failed.expected).toBeUndefined();
    expect(body.failed.withheld).toBe(true);
    expect(body.report).toContain('完整的期望值要等你看完全部提示才显示（pnpm lab two-messages --hint）');
    expect(body.report).not.toContain('2026-07-28');
  });
});
