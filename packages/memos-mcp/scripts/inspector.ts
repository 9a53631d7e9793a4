// The MCP Inspector's CLI (the official debugging client) against the adapter, over HTTP and stdio.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
export const STDIO_ENTRY = fileURLToPath(new URL('../src/stdio.ts', import.meta.url));

export interface InspectorRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

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
    return await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, argv, {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, HOME: home, NO_COLOR: '1' },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
      });
      child.on('error', reject);
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
