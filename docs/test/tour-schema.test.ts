import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { publishTourSchema, tourSchemaPath, tourSchemaSource } from '../.vitepress/tour-schema.ts';
import { docsRoot } from './markdown-files.ts';

describe('the tour report schema on the site', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'docs-schema-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('is the tour’s own file, copied byte for byte to the path the docs link to', () => {
    const published = publishTourSchema(outDir);
    expect(published).toBe(join(outDir, 'schema', 'tour-report.schema.json'));
    expect(readFileSync(published)).toEqual(readFileSync(tourSchemaSource));
    for (const page of ['reference/fixtures.md', 'en/reference/fixtures.md'])
      expect(readFileSync(join(docsRoot, page), 'utf8')).toContain(`](${tourSchemaPath})`);
  });

  it('has an $id that stays true wherever it is served from: its own file name', () => {
    const schema = JSON.parse(readFileSync(tourSchemaSource, 'utf8')) as { $id: string };
    expect(schema.$id).toBe(tourSchemaPath.split('/').at(-1));
  });
});
