import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { catalogProblems } from '@memos-kit/terminal';
import { beforeAll, describe, expect, it } from 'vitest';
import { filePairs, labsDir, ladderFor, ladders, loadLabs, repoRoot } from '../src/catalog.ts';
import { type Committed, readCommitted, starterPaths } from '../src/committed.ts';
import { messages } from '../src/messages.ts';

const labs = loadLabs();
const pages = JSON.parse(readFileSync(join(repoRoot, 'docs/.vitepress/pages.json'), 'utf8')) as Array<{
  pages: Array<{ path: string }>;
}>;
const sidebar = new Set(pages.flatMap((group) => group.pages.map((page) => page.path)));
// The starters as the class gets them: a rehearsal may have solved the ones on disk.
let committed: Committed;
beforeAll(async () => {
  committed = await readCommitted(labsDir, labs.flatMap(starterPaths));
});
/**
 * The notes of a file: runs of whole comment lines (`//`, `/** … *\/`, `#` in a `.http` file), each line
 * without its comment marks, empty lines dropped.
 */
function commentBlocks(text: string, comment: RegExp): string[][] {
  const blocks: string[][] = [];
  let open = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!comment.test(line)) {
      open = false;
      continue;
    }
    const words = line
      .replace(/^(\/\/|\/\*\*|\*\/|\*|#)\s*/, '')
      .replace(/\*\/$/, '')
      .trim();
    if (!open) blocks.push([]);
    open = true;
    if (words) blocks.at(-1)?.push(words);
  }
  return blocks.filter((block) => block.length > 0);
}

const starterText = (lab: (typeof labs)[number], name: string) =>
  (committed.from === 'git' ? committed.files.get(`${lab.dir}/starter/${name}`) : undefined) ??
  readFileSync(join(labsDir, lab.dir, 'starter', name), 'utf8');

describe('the labs', () => {
  it('are at least twelve, numbered in folder order, each with its own id', () => {
    expect(labs.length).toBeGreaterThanOrEqual(12);
    expect(labs.map((lab) => lab.number)).toEqual(labs.map((_, index) => index + 1));
    expect(new Set(labs.map((lab) => lab.id)).size).toBe(labs.length);
  });

  it('follow the article, then the build track: the article’s sections never go backwards', () => {
    // The build track (a lab whose server the learner writes) comes after the article's labs, and points to
    // the section it builds on.
    const track = labs.map((lab) => (lab.server ? 'build' : 'article'));
    expect(track).toEqual([...track].sort());
    const sections = labs.filter((lab) => !lab.server).map((lab) => Number(lab.article.section));
    expect(sections).toEqual([...sections].sort((a, b) => a - b));
  });

  it.each(labs.map((lab) => [lab.id, lab] as const))(
    '%s: every check names a topic whose ladder the lab has, and every ladder is used',
    async (_, lab) => {
      // Every lab climbs a ladder per topic (question, where to look, part of the code, answer), so --hint
      // speaks to the step the learner stopped at; a flat list of hints is what labs 1 to 8 had before.
      expect(Array.isArray(lab.hints), lab.id).toBe(false);
      const { checks } = (await import(join(labsDir, lab.dir, 'check.ts'))) as {
        checks: Array<{ id: string; topic?: string }>;
      };
      const topics = new Set(checks.map((check) => check.topic));
      for (const check of checks)
        expect(ladderFor(lab, check.topic ?? '').length, `${lab.id}: ${check.id}`).toBe(4);
      for (const topic of Object.keys(ladders(lab)))
        expect(topics.has(topic), `${lab.id}: ${topic}`).toBe(true);
    },
  );

  it.each(labs.map((lab) => [lab.id, lab] as const))(
    '%s: every file has a starter and a solution, and they differ as committed',
    (_, lab) => {
      for (const [index, pair] of filePairs(lab).entries()) {
        expect(existsSync(join(repoRoot, pair.starter)), pair.starter).toBe(true);
        expect(existsSync(join(repoRoot, pair.solution)), pair.solution).toBe(true);
        expect(starterText(lab, lab.files[index] as string)).not.toBe(
          readFileSync(join(repoRoot, pair.solution), 'utf8'),
        );
      }
    },
  );

  it.each(labs.map((lab) => [lab.id, lab] as const))(
    '%s: every note in its starter and solution files says it in Chinese first, then in English',
    (_, lab) => {
      // The solution is read by a learner too: in `pnpm lab N --diff`, next to their own file.
      const files = lab.files.flatMap((name) => [
        { where: `${lab.dir}/starter/${name}`, text: starterText(lab, name) },
        {
          where: `${lab.dir}/solution/${name}`,
          text: readFileSync(join(labsDir, lab.dir, 'solution', name), 'utf8'),
        },
      ]);
      for (const { where, text } of files) {
        const blocks = commentBlocks(text, where.endsWith('.http') ? /^#/ : /^(\/\/|\/\*\*|\*)/);
        expect(blocks.length, where).toBeGreaterThan(0);
        for (const block of blocks) {
          const note = `${where}: ${block.join(' / ')}`;
          expect(block[0], note).toMatch(/\p{Script=Han}/u);
          expect(
            block.some((line) => !/\p{Script=Han}/u.test(line) && /[A-Za-z]{3,}/.test(line)),
            note,
          ).toBe(true);
        }
      }
    },
  );

  it.each(labs.map((lab) => [lab.id, lab] as const))(
    '%s: its prose is in both languages with the same placeholders',
    (_, lab) => {
      const pairs = {
        title: lab.title,
        goal: lab.goal,
        learned: lab.learned,
        ...Object.fromEntries(
          Object.entries(ladders(lab)).flatMap(([topic, ladder]) =>
            ladder.map((hint, index) => [`hint.${topic}.${index}`, hint]),
          ),
        ),
        ...Object.fromEntries(Object.entries(lab.checks).map(([key, text]) => [`check.${key}`, text])),
        ...Object.fromEntries(Object.entries(lab.messages).map(([key, text]) => [`message.${key}`, text])),
      };
      const zh = Object.fromEntries(Object.entries(pairs).map(([key, text]) => [key, text.zh]));
      const en = Object.fromEntries(Object.entries(pairs).map(([key, text]) => [key, text.en]));
      expect(catalogProblems({ zh, en })).toEqual([]);
    },
  );

  it.each(labs.map((lab) => [lab.id, lab] as const))(
    '%s: each check has a title and each failure a message',
    (_, lab) => {
      const source = readFileSync(join(labsDir, lab.dir, 'check.ts'), 'utf8');
      const failures = [...source.matchAll(/fail\(\s*'(\w+)'/g)].map((match) => match[1] as string);
      const conditional = [...source.matchAll(/'(\w+)' : '(\w+)'/g)].flatMap((match) => [match[1], match[2]]);
      const words = [...source.matchAll(/context\.text\(\s*'(\w+)'/g)].map((match) => match[1] as string);
      for (const key of [...failures, ...conditional, ...words])
        expect(lab.messages, `${lab.id}: ${key}`).toHaveProperty(key as string);
      const ids = [...source.matchAll(/id: '(\w+)'/g)].map((match) => match[1] as string);
      for (const id of ids) expect(lab.checks, `${lab.id}: ${id}`).toHaveProperty(id);
    },
  );

  it.each(labs.map((lab) => [lab.id, lab] as const))(
    '%s: has a docs page in both languages, in the sidebar',
    (_, lab) => {
      expect(existsSync(join(repoRoot, 'docs', `${lab.docs}.md`))).toBe(true);
      expect(existsSync(join(repoRoot, 'docs', 'en', `${lab.docs}.md`))).toBe(true);
      expect(sidebar.has(lab.docs)).toBe(true);
      // The page folds the same hint ladder `pnpm lab --hint` climbs, and names the check command.
      for (const [lang, file] of [
        ['zh', `${lab.docs}.md`],
        ['en', `en/${lab.docs}.md`],
      ] as const) {
        const page = readFileSync(join(repoRoot, 'docs', file), 'utf8');
        for (const hint of Object.values(ladders(lab)).flat()) expect(page, file).toContain(hint[lang]);
        expect(page, file).toContain(`pnpm lab ${lab.id}`);
      }
    },
  );

  it('are in a workshop plan (a block, or after class) or linked from the workshop page, in both languages', () => {
    // The plans are data the page renders (docs/workshop/plans/*.json), naming labs by folder.
    const plansDir = join(repoRoot, 'docs/workshop/plans');
    const planned = new Set(
      readdirSync(plansDir)
        .filter((name) => name.endsWith('.json'))
        .map(
          (name) =>
            JSON.parse(readFileSync(join(plansDir, name), 'utf8')) as {
              afterClass: string[];
              blocks: { labs?: string[] }[];
            },
        )
        .flatMap((plan) => [...plan.afterClass, ...plan.blocks.flatMap((block) => block.labs ?? [])]),
    );
    for (const file of ['docs/workshop/index.md', 'docs/en/workshop/index.md']) {
      const page = readFileSync(join(repoRoot, file), 'utf8');
      for (const lab of labs)
        expect(
          planned.has(basename(lab.dir)) || page.includes(`](../${lab.docs})`),
          `${file}: ${lab.id}`,
        ).toBe(true);
    }
  });

  it('the commands’ messages are in both languages with the same placeholders', () => {
    expect(catalogProblems(messages.catalogs)).toEqual([]);
  });
});
