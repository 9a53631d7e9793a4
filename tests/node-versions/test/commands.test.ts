// What a class runs, on one release of each LTS line the kit supports (22.19, the oldest engines allows, and
// the newest 24 and 26 when they were pinned): each demo in its quick mode, lab 1 checked on its solution,
// `pnpm serve` and `pnpm mcp:stdio` answering, all through pnpm as a student types them, with that version's
// `node` first on PATH. Nothing may print a Node warning (a deprecation, an experimental feature) in front of a
// class. The binaries come from the npm registry (src/fetch.mjs); without them the test is skipped and says
// so, except where they are required (KIT_REQUIRE_NODE_VERSIONS=1, as CI sets it).
import { join } from 'node:path';
import { quickDemos, serveAnswers, stdioAnswers } from '@memos-kit/commands-test/answers';
import { root, rootScripts, runPnpm, runScript } from '@memos-kit/commands-test/pnpm';
import { buildBundle, freshBundle } from '@memos-kit/entry-bundle';
import { beforeAll, describe, expect, it } from 'vitest';
import { VERSIONS } from '../src/versions.mjs';
import { NODE_WARNING, nodeVersion } from './node.ts';

const demos = Object.entries(quickDemos).map(([script, quick]) => ({
  script,
  quick,
  line: ['pnpm', script, ...quick].join(' '),
}));

/** The entries the root scripts start through the launcher. */
const entries = Object.values(rootScripts).flatMap((line) => {
  const match = /launch\.mjs\s+(\S+\.ts)/.exec(line);
  return match?.[1] ? [join(root, match[1])] : [];
});
/** Each entry's bundle before any other Node ran it. */
const bundles = new Map<string, string>();

beforeAll(async () => {
  for (const entry of entries) bundles.set(entry, freshBundle(entry) ?? (await buildBundle(entry)));
}, 180_000);

describe.each(VERSIONS)('Node %s', (version) => {
  const { env, suite } = nodeVersion(version, 'the commands');

  suite('through pnpm', () => {
    it('is the node pnpm runs the scripts with', async () => {
      const run = await runPnpm(['exec', 'node', '--version'], { env });
      expect(run.stdout.trim()).toBe(`v${version}`);
    });

    it.each(demos)(
      '$line ends with 0, warning-free',
      async ({ script, quick }) => {
        const run = await runScript(script, [...quick, '--lang', 'en'], { env, timeoutMs: 120_000 });
        expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
        expect(run.stdout.length).toBeGreaterThan(200);
        expect(run.stderr).not.toMatch(NODE_WARNING);
      },
      150_000,
    );

    it('pnpm lab 1 --solution passes every check', async () => {
      const run = await runScript('lab', ['1', '--solution', '--lang', 'en'], { env, timeoutMs: 120_000 });
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/All \d+ checks pass\./);
      expect(run.stderr).not.toMatch(NODE_WARNING);
    }, 150_000);

    it('pnpm serve answers REST and MCP, and stops on Ctrl-C', async () => {
      const run = await serveAnswers(env);
      expect(run.stderr).not.toMatch(NODE_WARNING);
    }, 60_000);

    it('pnpm mcp:stdio answers the article’s request', async () => {
      const run = await stdioAnswers(env);
      expect(run.stderr).not.toMatch(NODE_WARNING);
    }, 60_000);
  });
});

describe('the bundles', () => {
  it('are the ones made before: no Node version rebuilt them for itself', () => {
    expect(entries.length).toBeGreaterThanOrEqual(10);
    for (const entry of entries) expect(freshBundle(entry), entry).toBe(bundles.get(entry));
  });
});
