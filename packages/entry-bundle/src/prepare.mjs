// Run by the root `prepare` script after `pnpm install`: bundles every entry the root scripts start, so
// the first `pnpm demo` is already fast. Nothing depends on it: `launch.mjs` rebuilds whatever is missing
// or stale, so a failure here only costs the first start its speed, and it never fails the install.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildBundle, ROOT } from './bundle.mjs';

const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
/** @type {Set<string>} */
const entries = new Set();
for (const line of Object.values(scripts)) {
  const match = /launch\.mjs\s+(\S+\.ts)/.exec(line);
  if (match?.[1]) entries.add(join(ROOT, match[1]));
}
const results = await Promise.allSettled([...entries].map((entry) => buildBundle(entry)));
const failed = results.filter((result) => result.status === 'rejected');
for (const failure of failed)
  process.stderr.write(`entry-bundle: ${failure.reason?.message ?? failure.reason}\n`);
process.stdout.write(`entry-bundle: ${entries.size - failed.length}/${entries.size} entries bundled\n`);
