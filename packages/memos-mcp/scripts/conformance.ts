// The official MCP conformance suite against the adapter: `pnpm --filter @memos-kit/memos-mcp conformance`.
// Starts the server on a free loopback port, runs @modelcontextprotocol/conformance 0.2.0-alpha.12 with
// `--requirements 2026-07-28` and the expected-failures baseline, and exits with the suite's code.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runNode } from '@memos-kit/process';
import { PROTOCOL_VERSION } from '@memos-kit/protocol';
import { type Profile, startServer } from '../src/index.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

export interface SuiteRun {
  code: number | null;
  output: string;
}

/**
 * The baselined checks that pass under `--profile full`, which serves resources, prompts and their cache
 * hints. The full profile's baseline is the tools-only one without these lines, so each of them must
 * pass there (the suite fails a run on a stale entry). Everything else in the baseline still needs the
 * suite's own fixture names: the MRTR scenarios call `test_input_required_result_*` tools and a
 * `test_input_required_result_prompt`; the adapter's confirmation lives on Memos' destructive tools,
 * which the suite cannot know, and `test/full-profile.test.ts` checks the same rules on them.
 */
export const FULL_PROFILE_PASSES = [
  'prompts-list:prompts-list',
  'resources-list:resources-list',
  'sep-2164-resource-not-found:sep-2164-error-code',
  'sep-2164-resource-not-found:sep-2164-data-uri',
  'caching:sep-2549-prompts-list-caching-hints',
  'caching:sep-2549-resources-list-caching-hints',
  'caching:sep-2549-resources-templates-list-caching-hints',
];

/** The expected-failures file for a profile: the full one drops the lines its features make pass. */
async function baselineFor(profile: Profile, outDir: string): Promise<string> {
  const tools = join(packageDir, 'conformance-baseline.yml');
  if (profile === 'article') return tools;
  const lines = (await readFile(tools, 'utf8')).split('\n');
  const kept = lines.filter(
    (line) => !FULL_PROFILE_PASSES.some((check) => line.trim().startsWith(`- ${check} `)),
  );
  if (lines.length - kept.length !== FULL_PROFILE_PASSES.length)
    throw new Error('conformance-baseline.yml no longer lists every check of FULL_PROFILE_PASSES');
  const full = join(outDir, 'baseline-full.yml');
  await writeFile(full, kept.join('\n'));
  return full;
}

/** Runs the suite against a live MCP endpoint; its results go to a temporary folder that is removed. */
export async function runConformance(mcpUrl: string, profile: Profile = 'article'): Promise<SuiteRun> {
  const cli = require.resolve('@modelcontextprotocol/conformance/dist/index.js');
  const outDir = await mkdtemp(join(tmpdir(), 'memos-mcp-conformance-'));
  try {
    const baseline = await baselineFor(profile, outDir);
    const args = [
      // Node 20 has no fs.globSync, which the suite's bundle imports: the hook stubs it for that bundle only.
      '--import',
      join(packageDir, 'scripts/conformance/register-fs-glob.mjs'),
      cli,
      'server',
      '--url',
      mcpUrl,
      '--requirements',
      PROTOCOL_VERSION,
      '--expected-failures',
      baseline,
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
  // `pnpm --filter @memos-kit/memos-mcp conformance -- --profile full` runs it against the full profile.
  const profile: Profile = process.argv.includes('full') ? 'full' : 'article';
  const server = await startServer({ port: 0, dataset: 'workshop', profile });
  try {
    const run = await runConformance(server.mcpUrl, profile);
    process.stdout.write(run.output);
    process.exitCode = run.code ?? 1;
  } finally {
    await server.close();
  }
}
