// The site's data loaders read files outside docs/ (the fixtures, the kit's recordings). VitePress globs a
// loader's `watch` even in a build, and for a pattern outside docs/ its glob walks the whole repository
// unless node_modules and .git are excluded by absolute path (see watch-outside-docs.ts): 10 s a loader.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fixtures from '../.vitepress/theme/fixtures.data.ts';
import recordings from '../.vitepress/theme/recordings.data.ts';

const root = fileURLToPath(new URL('../../', import.meta.url)).replaceAll('\\', '/');

describe.each([
  ['fixtures', fixtures, 'fixtures'],
  ['recordings', recordings, 'demos/features/recordings'],
])('the %s data loader', (_name, loader, folder) => {
  const watch = [loader.watch ?? []].flat();

  it(`watches ${folder}, with node_modules and .git left out by absolute path`, () => {
    const watched = watch.filter((pattern) => !pattern.startsWith('!'));
    expect(watched).toHaveLength(1);
    const folderUrl = new URL(
      watched[0]?.replace(/\/\*\*\/\*$/, '/') ?? '',
      new URL('../.vitepress/theme/', import.meta.url),
    );
    expect(fileURLToPath(folderUrl).replaceAll('\\', '/')).toBe(`${root}${folder}/`);
    expect(existsSync(folderUrl)).toBe(true);
    expect(watch).toContain(`!${root}**/node_modules/**`);
    expect(watch).toContain(`!${root}.git/**`);
  });
});
