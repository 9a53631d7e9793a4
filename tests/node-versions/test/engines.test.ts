// Which Node the kit supports is said in three places that must agree with each other and with the
// packages it installs: `engines` in the root package.json (what preflight and the bundles read), the
// versions this package runs the kit on, and every sentence of the README, docs and labs that names a
// minimum. A package pinned later that wants a newer Node fails here, by name.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from '@memos-kit/commands-test/pnpm';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { NEWEST, OLDEST, VERSIONS } from '../src/versions.mjs';

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const engines = manifest.engines.node;
/** `22.19`: how the pages write the minimum. */
const minimum = OLDEST.replace(/\.0$/, '');

/** Every package of the lockfile with the Node range its own package.json declares (`engines: {node: …}`). */
function lockedEngines(): [string, string][] {
  // pnpm 12 writes the lockfile of pnpm itself first; the project's is the last document. A line scan, not a
  // YAML parse: the file is 7,000 lines, and each package's two lines are all this needs.
  const whole = readFileSync(join(root, 'pnpm-lock.yaml'), 'utf8');
  const lines = whole.slice(whole.lastIndexOf('\nlockfileVersion:')).split('\n');
  const found: [string, string][] = [];
  let name = '';
  for (const line of lines) {
    const key = /^ {2}'?([^'\s][^']*?)'?:$/.exec(line);
    if (key) name = key[1] ?? '';
    const engines = /^ {4}engines: \{node: (?:'([^']*)'|([^,}]*))/.exec(line);
    if (engines) found.push([name, (engines[1] ?? engines[2] ?? '').trim()]);
  }
  return found;
}

describe('the Node versions the kit supports', () => {
  it('start at engines, a plain minimum, and the tests run one release of each LTS line', () => {
    expect(engines).toMatch(/^>=\d+\.\d+$/);
    expect(semver.minVersion(engines)?.version).toBe(OLDEST);
    for (const version of NEWEST) expect(semver.gt(version, OLDEST), version).toBe(true);
    const lines = VERSIONS.map((version) => semver.major(version));
    expect(new Set(lines).size, 'two releases of one line').toBe(lines.length);
    // Even majors are the LTS lines (github.com/nodejs/Release).
    expect(lines.filter((line) => line % 2 === 1)).toEqual([]);
  });

  it('are accepted by every package the lockfile installs', () => {
    const locked = lockedEngines();
    expect(locked.length).toBeGreaterThan(100);
    for (const version of VERSIONS) {
      const refusing = locked.filter(([, range]) => !semver.satisfies(version, range));
      expect(
        refusing.map(([name, range]) => `${name} wants ${range}`),
        `Node ${version}`,
      ).toEqual([]);
    }
  });
});

/** A part of a file: from a heading to the next heading of level 2 or 3 (a `#` comment in a code block is not one). */
function section(file: string, heading: string): string {
  const text = readFileSync(join(root, file), 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  expect(start, `${file}: ${heading}`).toBeGreaterThan(-1);
  const rest = text.slice(start + heading.length + 2);
  return rest.slice(0, rest.search(/\n#{2,3} /));
}

const majors = VERSIONS.map((version) => semver.major(version));
/** How each language says the minimum, and names the LTS lines the tests run the kit on. */
const says = {
  zh: [`Node.js ${minimum} 或更新`, majors.join('、')],
  en: [`Node.js ${minimum} or later`, `${majors.slice(0, -1).join(', ')} and ${majors.at(-1)}`],
};

/** Where a newcomer reads what to install. */
const quickStarts = [
  ['README.md', '## 快速开始', 'zh'],
  ['README.md', '### Quick start', 'en'],
  ['docs/guide/quick-start.md', '## 准备', 'zh'],
  ['docs/en/guide/quick-start.md', '## What you need', 'en'],
] as const;

describe.each(quickStarts)('%s, %s', (file, heading, lang) => {
  it('names the minimum and the LTS lines the tests run the kit on', () => {
    const text = section(file, heading);
    for (const phrase of says[lang]) expect(text).toContain(phrase);
  });
});

describe('README.md', () => {
  it('still starts with two commands in each language', () => {
    for (const heading of ['## 快速开始', '### Quick start']) {
      const commands = section('README.md', heading).match(
        /^npm install -g pnpm@[\d.]+ && pnpm install && pnpm \w+$/gm,
      );
      expect(commands, heading).toHaveLength(2);
    }
  });
});

/** The prose a learner or teacher reads: the READMEs, CONTRIBUTING, the docs pages and the labs' messages. */
function proseFiles(): string[] {
  const skipped = new Set(['node_modules', 'dist', 'cache', '.temp', 'fixtures']);
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return skipped.has(entry.name) || entry.name.startsWith('.') ? [] : walk(path);
      return /\.md$|^messages\.json$|^lab\.json$/.test(entry.name) ? [path] : [];
    });
  return ['README.md', 'CONTRIBUTING.md']
    .map((name) => join(root, name))
    .concat(['docs', 'labs', 'packages', 'demos', 'tests'].flatMap((dir) => walk(join(root, dir))));
}

/** "Node.js 22.19 or later", "Node 22.19 或更新", "needs Node ≥ 22.19": a sentence that states a minimum. */
const MINIMUM_CLAIM =
  /Node(?:\.js)?\s*(?:[≥>]=?\s*)?(\d+(?:\.\d+)*)\s*(?:or later|or newer|and later|and newer|或更新|以上|及以上)|Node(?:\.js)?\s*[≥>]=?\s*(\d+(?:\.\d+)*)/g;

describe('every page, README and lab that states a minimum Node', () => {
  it('states the one in engines', () => {
    const claims = proseFiles().flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(MINIMUM_CLAIM)].map(
        (match) => `${relative(root, file)}: ${match[1] ?? match[2]}`,
      ),
    );
    // The README, the quick start, the workshop pages and the Inspector's: a scan that finds none is broken.
    expect(claims.length).toBeGreaterThanOrEqual(8);
    expect(claims.filter((claim) => !claim.endsWith(`: ${minimum}`))).toEqual([]);
  });
});
