// `pnpm lab:mcp` through the official SDK client over stdio, as a learner's assistant would use it.
import { join } from 'node:path';
import { entryArgs } from '@memos-kit/process';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labsDir, loadLabs } from '../src/catalog.ts';
import type { LabResult } from '../src/run.ts';
import { makeWorkdir, type Workdir } from './support/workdir.ts';

let work: Workdir;
let client: Client;

beforeAll(async () => {
  work = await makeWorkdir('starter');
  client = new Client({ name: 'lab-mcp-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      // As the root script starts it: through the kit's launcher, the command from a bundle.
      args: entryArgs(join(labsDir, 'src', 'mcp.ts'), ['--lang', 'en']),
      env: { ...process.env, KIT_LAB_WORKDIR: work.root } as Record<string, string>,
      stderr: 'pipe',
    }),
  );
});

afterAll(async () => {
  await client?.close();
  work.remove();
});

describe('pnpm lab:mcp', () => {
  it('lists every lab as a resource', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(loadLabs().map((lab) => `lab://${lab.id}`));
  });

  it('reads a lab’s instructions', async () => {
    const { contents } = await client.readResource({ uri: 'lab://sse-parser' });
    const text = (contents[0] as { text: string }).text;
    expect(text).toContain('# Lab 7: Chunks are not events');
    expect(text).toContain('labs/07-sse-parser/starter/parser.ts');
    expect(text).toContain('pnpm lab sse-parser');
  });

  it('runs a check through the same code as pnpm lab', async () => {
    const result = await client.callTool({ name: 'lab_check', arguments: { id: 'sse-parser' } });
    const structured = result.structuredContent as unknown as LabResult;
    expect(structured.ok).toBe(false);
    expect(structured.checks.find((check) => check.status === 'fail')?.id).toBe('twoReads');
    const solved = await client.callTool({ name: 'lab_check', arguments: { id: '7', solution: true } });
    expect((solved.structuredContent as unknown as LabResult).ok).toBe(true);
  });

  it('takes the lab as its description invites: a number, a numeric string or an id', async () => {
    const { tools } = await client.listTools();
    const check = tools.find((tool) => tool.name === 'lab_check');
    const properties = (check?.inputSchema.properties ?? {}) as Record<
      string,
      { anyOf?: Array<{ type?: string }> }
    >;
    const idSchema = properties.id;
    expect(idSchema?.anyOf?.map((branch) => branch.type).sort()).toEqual(['integer', 'string']);
    expect((idSchema as { description?: string } | undefined)?.description).toContain(
      'as a number or a string',
    );
    for (const id of [3, '3', 'two-errors']) {
      const result = await client.callTool({ name: 'lab_check', arguments: { id } });
      expect(result.isError, `id ${JSON.stringify(id)}`).toBeFalsy();
      expect((result.structuredContent as unknown as LabResult).id).toBe('two-errors');
    }
    const hint = await client.callTool({ name: 'lab_hint', arguments: { id: 8 } });
    expect(hint.isError).toBeFalsy();
    expect((hint.structuredContent as { id: string }).id).toBe('hateoas-menu');
    const none = await client.callTool({ name: 'lab_check', arguments: { id: 99 } });
    expect(none.isError).toBe(true);
  });

  it('answers with text no terminal wrapped: each line of a result whole, however long', async () => {
    const result = await client.callTool({ name: 'lab_check', arguments: { id: 'two-errors' } });
    const text = (result.content as Array<{ text: string }>)[0]?.text ?? '';
    const failed = (result.structuredContent as unknown as LabResult).checks.find(
      (check) => check.status === 'fail',
    );
    const lines = text.split('\n').map((line) => line.trim());
    // The live answer is one line of JSON, far wider than any terminal: it must arrive in one piece.
    const answer = failed?.got?.split('\n')[0] ?? '';
    expect(answer.length).toBeGreaterThan(120);
    expect(() => JSON.parse(answer)).not.toThrow();
    expect(lines).toContain(answer);
    expect(lines).toContain(failed?.message);
    expect(text).not.toContain('\u001b[');
  });

  it('gives hints one at a time', async () => {
    const first = await client.callTool({ name: 'lab_hint', arguments: { id: 'two-errors' } });
    const second = await client.callTool({ name: 'lab_hint', arguments: { id: 'two-errors' } });
    expect((first.structuredContent as { shown: number }).shown).toBe(1);
    expect((second.structuredContent as { hints: string[] }).hints).toHaveLength(2);
  });

  it('explains a failure with a prompt that carries the real check result', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toContain('explain_failure');
    const prompt = await client.getPrompt({ name: 'explain_failure', arguments: { id: 'hateoas-menu' } });
    const text = (prompt.messages[0]?.content as { text?: string } | undefined)?.text ?? '';
    expect(text).toContain('without writing the answer');
    expect(text).toContain('For the order whose status is paid');
  });

  it('answers an unknown lab with a tool error, not a crash', async () => {
    const result = await client.callTool({ name: 'lab_check', arguments: { id: 'nope' } });
    expect(result.isError).toBe(true);
  });
});
