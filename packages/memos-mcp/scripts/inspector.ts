// The MCP Inspector's CLI (the official debugging client) against the adapter, over HTTP and stdio.
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type EntryRun, runNode } from '@memos-kit/process';

const require = createRequire(import.meta.url);
export const STDIO_ENTRY = fileURLToPath(new URL('../src/stdio.ts', import.meta.url));

export type InspectorRun = EntryRun;

/**
 * Runs `inspector --cli <target> --protocol-era modern ...` with a throw-away HOME (the Inspector writes
 * its settings under ~/.mcp-inspector). Without `--protocol-era modern` it would speak 2025-11-25.
 */
export async function runInspector(target: string[], args: string[]): Promise<InspectorRun> {
  const launcher = join(
    require.resolve('@modelcontextprotocol/inspector/package.json').replace(/package\.json$/, ''),
    'clients/launcher/build/index.js',
  );
  const home = await mkdtemp(join(tmpdir(), 'memos-mcp-inspector-'));
  try {
    const options = ['--protocol-era', 'modern', '--format', 'json', ...args];
    // A URL comes first; a command to spawn comes last, after `--`.
    const [first] = target;
    const argv = first?.startsWith('http')
      ? [launcher, '--cli', first, ...options]
      : [launcher, '--cli', ...options, '--', ...target];
    return await runNode(argv, { env: { HOME: home, NO_COLOR: '1' }, timeoutMs: 120_000 });
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
