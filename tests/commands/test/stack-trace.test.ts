// A demo that fails with KIT_DEBUG=1 prints its stack, and the stack is what a student opens: the demo's
// TypeScript file and line, though `pnpm demo:host` runs a bundle.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { root, runScript } from './pnpm.ts';

const SOURCE = 'demos/host/src/real-model.ts';

it("pnpm demo:host, its model unreachable, names the demo's .ts file and line in its stack trace", async () => {
  const line =
    readFileSync(join(root, SOURCE), 'utf8')
      .split('\n')
      .findIndex((text) => text.includes("throw new Error(t('modelUnreachable'")) + 1;
  expect(line).toBeGreaterThan(0);
  // Port 9 is one fetch refuses to call: the failure needs no network and no listener.
  const run = await runScript('demo:host', ['--lang', 'en'], {
    env: { KIT_MODEL_URL: 'http://127.0.0.1:9', KIT_DEBUG: '1' },
  });
  expect(run.code).not.toBe(0);
  expect(run.stderr).toContain('cannot reach the model endpoint http://127.0.0.1:9');
  expect(run.stderr).toMatch(new RegExp(`\\bat connectRealModel \\(\\S*${SOURCE}:${line}:\\d+\\)`));
}, 60_000);
