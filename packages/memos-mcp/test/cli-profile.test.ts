import { startEntry } from '@memos-kit/process';
import { parseCommand } from '@memos-kit/terminal';
import { describe, expect, it } from 'vitest';
import { cliOptions, serveCommand, stdioCommand } from '../src/cli-options.ts';
import { mcpRequest } from './support/mcp-http.ts';
import { StdioServer } from './support/stdio-process.ts';

const CLI = new URL('../src/cli.ts', import.meta.url);
const piped = { isTTY: false };

function read(argv: string[]) {
  const outcome = parseCommand(serveCommand, argv, { env: {}, stdout: piped });
  if (outcome.kind !== 'run') throw new Error(outcome.kind);
  return cliOptions(outcome.values, outcome.lang, {});
}

describe('--profile', () => {
  it('is article unless told full, and a wrong name is a usage error', () => {
    expect(read([]).profile).toBe('article');
    expect(read(['--profile', 'full']).profile).toBe('full');
    expect(() => read(['--profile', 'everything', '--lang', 'en'])).toThrow(
      /--profile must be article or full/,
    );
    const help = parseCommand(stdioCommand, ['--help'], { env: {}, stdout: piped });
    expect(help.kind === 'help' && help.text).toMatch(/--profile article\|full/);
  });

  it('pnpm serve --profile full says so in its banner and serves resources', async () => {
    const child = startEntry(CLI, { args: ['--port', '0', '--profile', 'full', '--lang', 'en'] });
    try {
      const banner = await child.waitFor(/Ctrl-C/);
      expect(banner).toMatch(
        /profile\s+full: tools, resources, prompts, input_required, subscriptions\/listen/,
      );
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)?.[1];
      const list = mcpRequest('resources/list');
      const response = await fetch(`${url}/mcp`, { method: 'POST', headers: list.headers, body: list.body });
      expect(
        ((await response.json()) as { result: { resources: unknown[] } }).result.resources.length,
      ).toBeGreaterThan(0);
    } finally {
      await child.stop();
    }
  }, 30_000);

  it('pnpm mcp:stdio --profile full discovers resources and prompts', async () => {
    const server = new StdioServer(['--profile', 'full', '--dataset', 'workshop']);
    try {
      server.write(mcpRequest('server/discover', {}, 1).body);
      // A generous wait: on a busy machine the child's start alone can take seconds.
      const line = await server.next((message) => message.id === 1, 30_000);
      expect(JSON.parse(line).result.capabilities).toEqual({
        tools: {},
        resources: { listChanged: true },
        prompts: {},
      });
    } finally {
      await server.stop();
    }
  }, 30_000);
});
