// Every demo follows one template (CONTRIBUTING.md, "A demo's template"), so a student who has read one
// demo's code finds their way in the next: the entry, the options, the messages and their one accessor,
// the terminal's Printer and Prompt, closeOnSignals for what it starts, lessons in lessons/, and an index
// only where something imports it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type Bilingual, catalogProblems } from '@memos-kit/terminal';
import { describe, expect, it } from 'vitest';
import { root, rootScripts } from './pnpm.ts';

/** Each `pnpm demo…` script and the demo folder its entry is in. */
const demoScripts = Object.entries(rootScripts)
  .filter(([name]) => name === 'demo' || name.startsWith('demo:'))
  .map(([name, command]) => {
    const entry = /\bdemos\/[\w-]+\/src\/[\w./-]+\.ts\b/.exec(command)?.[0] ?? '';
    return { name, entry, dir: entry.split('/').slice(0, 2).join('/') };
  });

/** The TypeScript files of a folder and its subfolders, as paths from the repository's root. */
function tsFiles(dir: string): string[] {
  const absolute = join(root, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.split('/').includes('node_modules'))
    .map((file) => join(dir, file));
}

const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The source files that may import a demo: everything but the demo itself. */
const elsewhere = ['packages', 'demos', 'labs', 'docs', 'tests'].flatMap((dir) =>
  tsFiles(dir).filter((file) => !file.startsWith('docs/node_modules')),
);

describe('the demos', () => {
  it('are one per pnpm demo script, each entered at src/demo.ts', () => {
    expect(demoScripts.length).toBeGreaterThanOrEqual(6);
    for (const { name, entry, dir } of demoScripts) expect(entry, name).toBe(`${dir}/src/demo.ts`);
    const folders = readdirSync(join(root, 'demos'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `demos/${entry.name}`);
    expect(demoScripts.map(({ dir }) => dir).sort()).toEqual(folders.sort());
  });
});

describe.each(demoScripts)('$name ($dir)', ({ dir }) => {
  const src = tsFiles(`${dir}/src`);
  const has = (file: string) => existsSync(join(root, dir, file));

  it('has its entry, its options, its messages and their accessor where every demo has them', () => {
    for (const file of ['src/demo.ts', 'src/options.ts', 'src/messages.json', 'src/messages.ts'])
      expect(has(file), `${dir}/${file}`).toBe(true);
  });

  it('says every sentence through one accessor of messages.json, in both languages', () => {
    const accessor = read(`${dir}/src/messages.ts`);
    expect(accessor).toMatch(/import pairs from '\.\/messages\.json' with \{ type: 'json' \};/);
    expect(accessor).toMatch(/export const messages = bilingualMessages\(pairs\);/);
    for (const file of src.filter((path) => !path.endsWith('/src/messages.ts'))) {
      const text = read(file);
      expect(text, `${file} reads messages.json itself`).not.toMatch(/['"][./]+messages\.json['"]/);
      expect(text, `${file} makes a catalog of its own`).not.toMatch(
        /\b(bilingualMessages|createMessages)\(/,
      );
      // The command line's help is data the toolkit reads (options.ts); every other sentence is a message.
      if (!file.endsWith('/src/options.ts'))
        expect(text, `${file} writes a sentence in both languages itself`).not.toMatch(/\bzh: ['"`]/);
    }
    const pairs = JSON.parse(read(`${dir}/src/messages.json`)) as Record<string, Bilingual>;
    const zh = Object.fromEntries(Object.entries(pairs).map(([key, pair]) => [key, pair.zh]));
    const en = Object.fromEntries(Object.entries(pairs).map(([key, pair]) => [key, pair.en]));
    expect(catalogProblems({ zh, en })).toEqual([]);
  });

  it("prints through the terminal's Printer and asks through its Prompt, with no printer or prompt of its own", () => {
    const sources = src.map((file) => ({ file, text: read(file) }));
    expect(
      sources.some(({ text }) => /import \{[^}]*\bPrinter\b[^}]*\} from '@memos-kit\/terminal'/s.test(text)),
    ).toBe(true);
    for (const { file, text } of sources) {
      expect(file).not.toMatch(/\/(printer|prompt|i18n)\.ts$/);
      expect(text, file).not.toMatch(/\bclass \w*(Printer|Prompt)\b/);
      // Reading the terminal (raw keys, typed lines) is the Prompt's; a demo that reads it itself has a copy.
      expect(text, file).not.toMatch(
        /\bTypedLines\b|\bKeys\.read\(|\.setRawMode\??\.?\(|createInterface\(\{\s*input: process\.stdin/,
      );
    }
  });

  it('stops what it starts on Ctrl-C and SIGTERM (closeOnSignals)', () => {
    const sources = src.map((file) => ({ file, text: read(file) }));
    expect(sources.some(({ text }) => text.includes('closeOnSignals('))).toBe(true);
    for (const { file, text } of sources) {
      // A start… function hands what it started to its caller, which registers it.
      const factory = /export async function start\w+/.test(text);
      if (factory || !/await (start\w+|createAdapter)\(/.test(text)) continue;
      expect(text, `${file} starts a server and does not close it on a signal`).toContain('closeOnSignals(');
    }
  });

  it('keeps its lessons, if it has any, in src/lessons/', () => {
    expect(src.filter((file) => /\/src\/lesson[-\w]*\.ts$/.test(file))).toEqual([]);
    if (/\blesson: \{/.test(read(`${dir}/src/options.ts`))) expect(has('src/lessons')).toBe(true);
  });

  it('has an index only as the public surface something else imports', () => {
    const manifest = JSON.parse(read(`${dir}/package.json`)) as {
      name: string;
      exports?: Record<string, string>;
    };
    if (!has('src/index.ts')) {
      expect(manifest.exports, `${dir}/package.json exports a file that is not there`).toBeUndefined();
      return;
    }
    expect(manifest.exports).toEqual({ '.': './src/index.ts' });
    const index = `${dir}/src/index.ts`;
    const importers = elsewhere.filter(
      (file) => !file.startsWith(`${dir}/`) && read(file).match(new RegExp(`'${manifest.name}'|${index}'`)),
    );
    expect(
      importers.map((file) => relative(root, join(root, file))),
      `nothing imports ${index}`,
    ).not.toEqual([]);
  });
});
