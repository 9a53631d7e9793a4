import { entryArgs } from '@memos-kit/process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../scripts/conformance.ts';
import { runInspector, STDIO_ENTRY } from '../scripts/inspector.ts';
import { type RunningAdapter, startServer } from '../src/index.ts';

let server: RunningAdapter;
beforeAll(async () => {
  server = await startServer({ port: 0, dataset: 'workshop' });
});
afterAll(() => server.close());

describe('the official MCP conformance suite (2026-07-28 requirements)', () => {
  it('passes, apart from the baselined checks that need the suite fixture server', {
    timeout: 120_000,
  }, async () => {
    const run = await runConformance(server.mcpUrl);
    expect(run.output).toContain('Baseline check passed');
    expect(run.code, run.output).toBe(0);
  });
});

describe('the conformance suite against --profile full', () => {
  it('passes the resources, prompts and caching checks the tools-only profile cannot', {
    timeout: 120_000,
  }, async () => {
    const full = await startServer({ port: 0, dataset: 'workshop', profile: 'full' });
    try {
      const run = await runConformance(full.mcpUrl, 'full');
      expect(run.output).toContain('Baseline check passed');
      expect(run.code, run.output).toBe(0);
      // Each dropped baseline line is a check that ran and passed (a failing one would fail the baseline).
      for (const scenario of ['resources-list', 'prompts-list', 'caching', 'sep-2164-resource-not-found'])
        expect(run.output).toMatch(new RegExp(`✓ ${scenario}: \\d+ passed, 0 failed`));
    } finally {
      await full.close();
    }
  });
});

// `--format json` prints `{"result": …}`, the JSON-RPC result the Inspector received.
interface ToolsList {
  tools: Array<{ name: string }>;
}
interface ToolResult {
  content: Array<{ type: string; text: string }>;
  structuredContent?: { memos?: unknown[] };
}

describe('the MCP Inspector CLI, speaking 2026-07-28', () => {
  it('lists and calls a tool over Streamable HTTP', { timeout: 60_000 }, async () => {
    const auth = ['--header', 'Authorization: Bearer example-token'];
    const list = await runInspector([server.mcpUrl], ['--method', 'tools/list', ...auth]);
    expect(list.code, list.stderr).toBe(0);
    expect((JSON.parse(list.stdout) as { result: ToolsList }).result.tools).toHaveLength(20);
    const call = await runInspector(
      [server.mcpUrl],
      [
        '--method',
        'tools/call',
        '--tool-name',
        'memo_list_memos',
        '--tool-args-json',
        '{"pageSize":2}',
        ...auth,
      ],
    );
    expect(call.code, call.stderr).toBe(0);
    expect((JSON.parse(call.stdout) as { result: ToolResult }).result.structuredContent?.memos).toHaveLength(
      2,
    );
  });

  it('lists and calls a tool over stdio', { timeout: 60_000 }, async () => {
    const command = [process.execPath, ...entryArgs(STDIO_ENTRY, ['--dataset', 'workshop'])];
    const call = await runInspector(command, [
      '--method',
      'tools/call',
      '--tool-name',
      'auth_get_current_user',
      '--tool-args-json',
      '{}',
    ]);
    expect(call.code, call.stderr).toBe(0);
    const text = (JSON.parse(call.stdout) as { result: ToolResult }).result.content[0]?.text ?? '';
    expect(JSON.parse(text)).toMatchObject({ user: { name: 'users/demo' } });
  });
});
