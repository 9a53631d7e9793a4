/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, pinned in the catalog), scenario by
 * scenario, against a learner's Streamable HTTP server. Only the scenarios that apply to a tools-only server
 * built with McpServer run; inside them, the checks that can pass only on the suite's own fixture server
 * (they need its diagnostic `test_*` tools) are not the learner's to pass, as the kit's own
 * packages/memos-mcp/conformance-baseline.yml says for the same checks. The suite has no stdio mode, so only
 * an HTTP lab can use it. Its bundle imports `fs.globSync`, which every Node the kit supports (22.19 on) has.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode } from '@memos-kit/process';
import { PROTOCOL_VERSION } from '@memos-kit/protocol';

const require = createRequire(import.meta.url);

/** The scenarios a tools-only Streamable HTTP server can pass in full (with the exceptions below). */
export const SCENARIOS = [
  'server-stateless',
  'tools-list',
  'http-header-validation',
  'dns-rebinding-protection',
  'server-sse-multiple-streams',
] as const;

/** Checks that call the suite's diagnostic tools (test_missing_capability …), which no learner's server has. */
const NOT_APPLICABLE: ReadonlySet<string> = new Set([
  'sep-2575-server-rejects-undeclared-capability',
  'sep-2575-missing-capability-http-400',
  'sep-2575-http-server-no-independent-requests-on-stream',
  'sep-2575-server-no-log-without-loglevel',
]);

/** One check of the suite that failed: what it asked for (`description`) and what it got (`error`). */
export interface ScenarioFailure {
  scenario: string;
  check: string;
  description: string;
  error: string;
}

interface SuiteCheck {
  id: string;
  status: string;
  description?: string;
  errorMessage?: string;
}

/** How long one scenario may run; the suite's own per-request timeout is shorter. */
export const SCENARIO_MS = 90_000;

/**
 * Runs every scenario against `url` (side by side: each mostly waits on the server) and returns the failed
 * checks, a scenario that did not finish counting as one. WARNINGs are not failures.
 */
export async function runScenarios(
  url: string,
  scenarios: readonly string[] = SCENARIOS,
): Promise<ScenarioFailure[]> {
  const cli = require.resolve('@modelcontextprotocol/conformance/dist/index.js');
  const outDir = await mkdtemp(join(tmpdir(), 'lab-conformance-'));
  try {
    const ends = await Promise.all(
      scenarios.map(async (scenario) => {
        const args = [cli, 'server', '--url', url, '--scenario', scenario];
        args.push('--spec-version', PROTOCOL_VERSION, '-o', join(outDir, scenario), '--timeout', '15000');
        try {
          await runNode(args, { timeoutMs: SCENARIO_MS, env: { NO_COLOR: '1' } });
          return undefined;
        } catch (error) {
          return (error as Error).message.split('\n')[0];
        }
      }),
    );
    const failures: ScenarioFailure[] = [];
    for (const [index, scenario] of scenarios.entries()) {
      const checks = await checksOf(join(outDir, scenario));
      if (!checks) {
        failures.push({ scenario, check: '-', description: '-', error: ends[index] ?? 'no checks.json' });
        continue;
      }
      for (const check of checks)
        if (check.status === 'FAILURE' && !NOT_APPLICABLE.has(check.id))
          failures.push({
            scenario,
            check: check.id,
            description: check.description ?? '',
            error: check.errorMessage ?? '',
          });
    }
    return failures;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/** The suite writes `<out>/<scenario>-<time>/checks.json`; absent when the scenario did not finish. */
async function checksOf(dir: string): Promise<SuiteCheck[] | undefined> {
  try {
    for (const folder of await readdir(dir)) {
      const text = await readFile(join(dir, folder, 'checks.json'), 'utf8').catch(() => undefined);
      if (text) return JSON.parse(text) as SuiteCheck[];
    }
  } catch {
    // no folder: the scenario never started
  }
  return undefined;
}
