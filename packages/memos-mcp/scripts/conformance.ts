// The official MCP conformance suite against the adapter: `pnpm --filter @memos-kit/memos-mcp conformance`.
// Starts the server on a free loopback port, runs @modelcontextprotocol/conformance 0.2.0-alpha.12 with
// `--requirements 2026-07-28` and the expected-failures baseline, and exits with the suite's code.
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runNode } from '@memos-kit/process';
import { startServer } from '../src/index.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

export interface SuiteRun {
  code: number | null;
  output: string;
}

/** Runs the suite against a live MCP endpoint; its results go to a temporary folder that is removed. */
export async function runConformance(mcpUrl: string): Promise<SuiteRun> {
  const cli = require.resolve('@modelcontextprotocol/conformance/dist/index.js');
  const outDir = await mkdtemp(join(tmpdir(), 'memos-mcp-conformance-'));
  try {
    const args = [
      // Node 20 has no fs.globSync, which the suite's bundle imports: the hook stubs it for that bundle only.
      '--import',
      join(packageDir, 'scripts/conformance/register-fs-glob.mjs'),
      cli,
      'server',
      '--url',
      mcpUrl,
      '--requirements',
      '2026-07-28',
      '--expected-failures',
      join(packageDir, 'conformance-baseline.yml'),
      '-o',
      outDir,
    ];
    const run = await runNode(args, { timeoutMs: 300_000 });
    return { code: run.code, output: run.stdout + run.stderr };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServer({ port: 0, dataset: 'workshop' });
  try {
    const run = await runConformance(server.mcpUrl);
    process.stdout.write(run.output);
    process.exitCode = run.code ?? 1;
  } finally {
    await server.close();
  }
}
