import { readFileSync } from 'node:fs';
import { KIT_OVERLAID_OPERATIONS } from '@memos-kit/memos-mcp';
import { listen, startEntry } from '@memos-kit/process';
import { PIPED_WIDTH, stringWidth } from '@memos-kit/terminal';
import { describe, expect, it } from 'vitest';
import { env, run } from './run-demo.ts';

const demo = new URL('../src/demo.ts', import.meta.url);
const overlaid = KIT_OVERLAID_OPERATIONS.length;

/**
 * What changes from run to run taken out: the free port, and the workshop memos' times (relative to now),
 * which a long line may wrap in the middle of, so the comparison ignores where lines wrap (the line count
 * is compared on its own).
 */
const steady = (text: string) => ({
  lines: text.split('\n').length,
  text: text
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')
    .replace(/\s+/g, '')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, 'TIME'),
});

const transcript = (name: string) => readFileSync(new URL(`../transcripts/${name}`, import.meta.url), 'utf8');
const page = (path: string) => readFileSync(new URL(`../../../docs/${path}`, import.meta.url), 'utf8');

/** Each string must appear, in this order. */
function expectInOrder(text: string, parts: readonly string[]): void {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    expect(at, `"${part}" after offset ${from}`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
}

describe('pnpm demo:host, offline with the stand-in', () => {
  it('shows every step of the loop in English, over HTTP', async () => {
    const result = await run(['--lang', 'en']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /memo_list_memos +list memo +0\.50\n +memo_list_memo_comments +list memo +0\.40/,
    );
    expectInOrder(result.stdout, [
      'Model: the stand-in (not a language model',
      `Tool descriptions: the kit's overlay, kit-descriptions, on ${overlaid} tools,`,
      'mcp-method: server/discover',
      'Negotiated 2026-07-28',
      'Step 1/6',
      'List 2 of my memos',
      'Step 2/6',
      'mcp-method: tools/list',
      'What the model is given',
      'auth_get_current_user () · Memos',
      'memo_list_memo_comments (memo*, pageSize, pageToken, orderBy) · kit',
      "ListMemoComments lists a memo's comments, newest first.",
      'memo_list_memos (pageSize, pageToken, state, orderBy, filter, showDeleted) · Memos',
      'ListMemos lists memos with pagination and filter.',
      'whose words the description is',
      'Step 3/6',
      'call memo_list_memos with the arguments',
      '{"pageSize":2}',
      'Step 4/6',
      '✓ {"pageSize":2} matches the inputSchema of memo_list_memos',
      'mcp-method: tools/call',
      'mcp-name: memo_list_memos',
      '"pageSize": 2',
      'HTTP/1.1 200 OK',
      'Step 5/6',
      '"type": "tool-result"',
      'Step 6/6',
      'Found 2 memos:',
      '- memos/',
      'The loop is over: 2 model turns, 1 tools/call.',
    ]);
  });

  it('speaks Chinese by default, as the committed transcript shows, within the piped width', async () => {
    const result = await run([]);
    expect(result.code).toBe(0);
    expect(steady(result.stdout)).toStrictEqual(steady(transcript('host.txt')));
    expect(result.stdout.split('\n').filter((line) => stringWidth(line) > PIPED_WIDTH)).toStrictEqual([]);
  });

  it('speaks Chinese by default, over stdio too', async () => {
    const result = await run(['--transport', 'stdio']);
    expect(result.code).toBe(0);
    expectInOrder(result.stdout, [
      '模型：替身模型',
      `工具描述：${overlaid} 个工具用本套件的覆盖层 kit-descriptions`,
      '→ 写入服务端的 stdin',
      '"method": "server/discover"',
      '协商结果：2026-07-28',
      '第 1/6 步',
      '第 2/6 步',
      '"method": "tools/list"',
      '第 3/6 步',
      '第 4/6 步',
      '"method": "tools/call"',
      '第 5/6 步',
      '第 6/6 步',
      '找到 2 项 memos',
    ]);
  });

  it('follows a changed description: the stand-in picks another tool, and the host refuses its arguments', async () => {
    const result = await run(['--lang', 'en', '--describe', 'memo_list_memo_comments=Lists my memos']);
    expect(result.code).toBe(0);
    expectInOrder(result.stdout, [
      // The new description is what the server sends and what the model is given.
      'memo_list_memo_comments (memo*, pageSize, pageToken, orderBy) · --describe',
      'Lists my memos',
      'call memo_list_memo_comments with the arguments',
      '✗ {"pageSize":2} does not match the inputSchema of memo_list_memo_comments',
      "must have required property 'memo'",
      'The host sends no tools/call',
      'Step 5/6',
      '"type": "error-text"',
      'The host refused my arguments',
      '0 tools/call',
    ]);
    // The ranking: the edited description now shares every word with the sentence.
    expect(result.stdout).toMatch(
      /memo_list_memo_comments +list memo +1\.00\n +memo_list_memos +list memo +0\.50/,
    );
    expect(result.stdout).not.toContain('mcp-method: tools/call');
  });

  it("with Memos' own descriptions, the stand-in cannot tell the list tools apart and picks one the host refuses", async () => {
    const result = await run(['--lang', 'en', '--descriptions', 'memos']);
    expect(result.code).toBe(0);
    expectInOrder(result.stdout, [
      "Tool descriptions: Memos v0.30.0's own text",
      'memo_list_memo_attachments (memo*, pageSize, pageToken) · Memos',
      'ListMemoAttachments lists attachments for a memo.',
      'call memo_list_memo_attachments with the arguments',
      '✗ {"pageSize":2} does not match the inputSchema of memo_list_memo_attachments',
      '0 tools/call',
    ]);
    // Four one-line descriptions share "list" and "memo" with the sentence and beat memo_list_memos.
    const ranked = [...result.stdout.matchAll(/^ +(memo_\w+) +list memo +(\d\.\d\d)$/gm)].map((m) => ({
      name: m[1] ?? '',
      score: m[2] ?? '',
    }));
    const top = ranked.filter((entry) => entry.score === ranked[0]?.score);
    const listMemos = ranked.find((entry) => entry.name === 'memo_list_memos');
    expect(top.map((entry) => entry.name)).toStrictEqual([
      'memo_list_memo_attachments',
      'memo_list_memo_comments',
      'memo_list_memo_reactions',
      'memo_list_memo_relations',
    ]);
    expect(Number(listMemos?.score)).toBeLessThan(Number(top[0]?.score));
    expect(result.stdout).not.toContain(' · kit');
    // The host-loop page says what this run shows, in both languages.
    const zh = page('guide/host-loop.md');
    const en = page('en/guide/host-loop.md');
    for (const { name } of top) {
      expect(zh).toContain(`\`${name}\``);
      expect(en).toContain(`\`${name}\``);
    }
    expect(zh).toContain(`（得分 ${top[0]?.score}），比 \`memo_list_memos\`（${listMemos?.score}）还高`);
    expect(en).toContain(`(score ${top[0]?.score}), more than \`memo_list_memos\` (${listMemos?.score})`);
    expect(zh).toContain('替身选了排在最前的 `memo_list_memo_attachments`');
    expect(en).toContain('The stand-in picks the first of them, `memo_list_memo_attachments`');
    expect(zh).toContain(`为 ${overlaid} 个工具换上更长的描述`);
    expect(en).toContain(`longer descriptions for ${overlaid} tools`);
  });

  it('prints every tool definition the model is given with --full', async () => {
    const result = await run(['--lang', 'en', '--full']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"inputSchema": {');
    expect(result.stdout).toContain('"name": "shortcut_list_shortcuts"');
    expect(result.stdout).not.toContain('--full shows');
  });
});

describe('pnpm demo:host --interactive', () => {
  it('lets a student be the model: the host rejects bad arguments, the student tries again', async () => {
    const input = [
      '?15', // the whole definition of tool 15, memo_list_memos
      'memo_list_memos',
      '{"pageSize":"two","colour":1}',
      '15',
      '{"pageSize":1}',
      '', // no tool: answer in words
      'Here is your newest memo.',
      '',
    ].join('\n');
    const result = await run(['--lang', 'en', '--interactive'], { input });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expectInOrder(result.stdout, [
      'Model: you',
      'What the model is given',
      'Your turn to be the model',
      'tool > ?15',
      '"name": "memo_list_memos"',
      'tool > memo_list_memos',
      'arguments (JSON, Enter for {}) > {"pageSize":"two","colour":1}',
      '✗ {"pageSize":"two","colour":1} does not match the inputSchema of memo_list_memos',
      '(arguments): must NOT have additional properties (colour)',
      'pageSize: must be integer',
      'The host sends no tools/call',
      '"type": "error-text"',
      'tool > 15',
      '✓ {"pageSize":1} matches the inputSchema of memo_list_memos',
      'mcp-method: tools/call',
      '"type": "tool-result"',
      'answer to the user > Here is your newest memo.',
      'Step 6/6',
      'Here is your newest memo.',
      '3 model turns, 1 tools/call',
    ]);
  });

  it('refuses a tool the host never offered, before anything reaches the server', async () => {
    const result = await run(['--lang', 'en', '--interactive'], { input: 'memo_fly\n{}\n\nSorry.\n' });
    expect(result.code).toBe(0);
    expectInOrder(result.stdout, [
      'tool > memo_fly',
      'Step 4/6',
      'There is no memo_fly in the tool list',
      'The host sends no tools/call',
      "AI_NoSuchToolError: Model tried to call unavailable tool 'memo_fly'",
      'Sorry.',
      '2 model turns, 0 tools/call',
    ]);
    expect(result.stdout).not.toContain('mcp-method: tools/call');
  });

  it('ends by itself once the loop is over, though its input is still open (a terminal)', async () => {
    // A terminal's stdin never ends on its own; a pipe left open stands in for it. The demo must not wait
    // for another line (or Ctrl-D) after its last step.
    const running = startEntry(demo, { args: ['--no-color', '--lang', 'en', '--interactive'], env });
    try {
      running.child.stdin?.write('memo_list_memos\n{"pageSize":1}\n\nDone.\n');
      const hung = new Promise<'hung'>((resolve) => setTimeout(resolve, 20_000, 'hung').unref());
      const exit = await Promise.race([running.exited, hung]);
      expect(running.stdout()).toContain('The loop is over: 2 model turns, 1 tools/call');
      expect(exit).toStrictEqual({ code: 0, signal: null });
    } finally {
      running.child.stdin?.end();
      await running.stop({ signal: 'SIGKILL' });
    }
  });

  it('ends with one line and exit 1 when the input ends before the model answered', async () => {
    const result = await run(['--lang', 'en', '--interactive'], { input: 'memo_list_memos\n' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toStrictEqual([
      'pnpm demo:host: the input ended before the model answered',
    ]);
  });
});

describe('pnpm demo:host with a real model (opt-in)', () => {
  it('says in one line that the endpoint cannot be reached, and exits 1', async () => {
    // A port that was just free and is closed again: nothing answers there.
    const probe = await listen((_req, res) => res.end(), { host: '127.0.0.1', port: 0 });
    await probe.close();
    const url = `http://127.0.0.1:${probe.port}/v1`;
    const result = await run(['--lang', 'en'], { env: { KIT_MODEL_URL: url } });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`cannot reach the model endpoint ${url} (KIT_MODEL_URL)`);
    expect(lines[0]).toContain('unset KIT_MODEL_URL to use the stand-in');
  });
});

describe('pnpm demo:host with an OpenAI-compatible endpoint', () => {
  it('runs the same loop with whatever model answers there (here a scripted one), and gives it the tool list', async () => {
    // A stand-in for an endpoint such as Ollama's /v1: it proves the wiring, not any model's judgement.
    const bodies: Array<{
      model?: string;
      tools?: Array<{ function: { name: string; description?: string } }>;
      messages: Array<{ role: string }>;
    }> = [];
    const endpoint = await listen(
      (req, res) => {
        let text = '';
        req.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        req.on('end', () => {
          res.setHeader('content-type', 'application/json');
          if (req.method === 'GET') return res.end(JSON.stringify({ object: 'list', data: [] }));
          const body = JSON.parse(text) as (typeof bodies)[number];
          bodies.push(body);
          const answered = body.messages.some((message) => message.role === 'tool');
          const message = answered
            ? { role: 'assistant', content: 'Your newest memo is about Friday lunch.' }
            : {
                role: 'assistant',
                content: null,
                tool_calls: [
                  {
                    id: 'call_1',
                    type: 'function',
                    function: { name: 'memo_list_memos', arguments: '{"pageSize":1}' },
                  },
                ],
              };
          res.end(
            JSON.stringify({
              id: `chat-${bodies.length}`,
              object: 'chat.completion',
              created: 0,
              model: body.model,
              choices: [{ index: 0, message, finish_reason: answered ? 'stop' : 'tool_calls' }],
              usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
            }),
          );
        });
      },
      { host: '127.0.0.1', port: 0 },
    );
    try {
      const result = await run(['--lang', 'en'], {
        env: { KIT_MODEL_URL: `${endpoint.url}/v1`, KIT_MODEL: 'scripted-model' },
      });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expectInOrder(result.stdout, [
        `Model: a real model, scripted-model @ ${endpoint.url}/v1`,
        'Step 3/6',
        'call memo_list_memos with the arguments',
        '✓ {"pageSize":1} matches the inputSchema of memo_list_memos',
        'mcp-name: memo_list_memos',
        'Step 6/6',
        'Your newest memo is about Friday lunch.',
        '2 model turns, 1 tools/call',
      ]);
      expect(result.stdout).not.toContain('stand-in');
      expect(bodies).toHaveLength(2);
      expect(bodies[0]?.model).toBe('scripted-model');
      const given = bodies[0]?.tools?.find((tool) => tool.function.name === 'memo_list_memos');
      expect(given?.function.description).toContain('ListMemos lists memos with pagination and filter.');
      expect(bodies[0]?.tools).toHaveLength(20);
    } finally {
      await endpoint.close();
    }
  });
});

describe('pnpm demo:host with an endpoint that refuses', () => {
  it('says in one line what the endpoint answered, and exits 1', async () => {
    const endpoint = await listen(
      (req, res) => {
        req.resume();
        req.on('end', () => {
          res.setHeader('content-type', 'application/json');
          if (req.method === 'GET') return res.end('{"object":"list","data":[]}');
          res.statusCode = 404;
          res.end('{"error":{"message":"model \\"no-such-model\\" not found","type":"not_found_error"}}');
        });
      },
      { host: '127.0.0.1', port: 0 },
    );
    try {
      const result = await run(['--lang', 'en'], {
        env: { KIT_MODEL_URL: `${endpoint.url}/v1`, KIT_MODEL: 'no-such-model' },
      });
      expect(result.code).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`the model endpoint ${endpoint.url}/v1/chat/completions failed`);
      expect(lines[0]).toContain('no-such-model');
    } finally {
      await endpoint.close();
    }
  });
});

describe('pnpm demo:host usage', () => {
  it('refuses --describe over stdio and an unknown tool with a usage error (exit 2)', async () => {
    const stdio = await run(['--lang', 'en', '--transport', 'stdio', '--describe', 'x=y']);
    expect(stdio.code).toBe(2);
    expect(stdio.stderr).toContain('--describe needs --transport http');
    const unknown = await run(['--lang', 'en', '--describe', 'no_such_tool=y']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('the server has no tool named no_such_tool');
    const descriptions = await run(['--lang', 'en', '--descriptions', 'article']);
    expect(descriptions.code).toBe(2);
    expect(descriptions.stderr).toContain('--descriptions must be kit or memos, not "article"');
  });
});
