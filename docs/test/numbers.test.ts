// The adapter page and the workshop promise numbers a class will see on the wire. They are counted here
// from the live mock on the workshop dataset (what `pnpm serve` loads), so a dataset change that makes
// them stale fails this test instead of a teacher's lesson.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRestApp } from '@memos-kit/memos-rest';
import { listen } from '@memos-kit/process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsRoot } from './markdown-files.ts';

let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  server = await listen(createRestApp({ dataset: 'workshop' }).app);
});
afterAll(() => server.close());

/** The token loop's REST request: visibility counts of the first 50 non-private memos. */
async function visibilityCounts(token: string): Promise<Record<string, number>> {
  const response = await fetch(
    `${server.url}/api/v1/memos?pageSize=50&filter=visibility+%21%3D+%22PRIVATE%22`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  const { memos } = (await response.json()) as { memos: Array<{ visibility: string }> };
  const counts: Record<string, number> = {};
  for (const memo of memos) counts[memo.visibility] = (counts[memo.visibility] ?? 0) + 1;
  return counts;
}

describe('the token experiment (adapter page and workshop)', () => {
  it('promises the counts the workshop dataset really gives', async () => {
    const signedIn = await visibilityCounts('example-token');
    const anonymous = await visibilityCounts('nope');
    expect(Object.keys(anonymous)).toEqual(['PUBLIC']);
    const protectedCount = signedIn.PROTECTED ?? 0;
    const publicCount = signedIn.PUBLIC ?? 0;
    expect(anonymous.PUBLIC).toBe(publicCount);

    const read = (file: string) => readFileSync(join(docsRoot, file), 'utf8');
    for (const file of ['guide/adapter.md', 'workshop/index.md']) {
      const zh = read(file);
      expect(zh, file).toContain(`${protectedCount} 条 \`PROTECTED\` 加 ${publicCount} 条 \`PUBLIC\``);
      expect(zh, file).toMatch(new RegExp(`只[剩有] ${publicCount} 条 \`PUBLIC\``));
      const en = read(`en/${file}`);
      expect(en, `en/${file}`).toContain(`${protectedCount} \`PROTECTED\` and ${publicCount} \`PUBLIC\``);
      expect(en, `en/${file}`).toMatch(
        new RegExp(`only the ${publicCount} \`PUBLIC\`|${publicCount} \`PUBLIC\` on both`),
      );
    }
  });
});
