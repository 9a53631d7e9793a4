// The workshop plans are data (docs/workshop/plans/*.json) that the workshop page renders. A teacher runs
// them by the clock, so each plan's blocks must add up to its length, with breaks and a 10-minute buffer for
// machines that fail; and a teacher types what they name, so every lab folder, root script and page must
// exist. Labs written alongside a plan are checked on disk: the test holds once they land. A lab block is at
// least as long as its lab.json estimate, a demo's tour step belongs to the block's article section, and each
// teaching block ends with an exit ticket that is a question of the quiz.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Plan, plans, schedule, scriptOf } from '../.vitepress/theme/plans.ts';
import { docsRoot } from './markdown-files.ts';

const repositoryRoot = join(docsRoot, '..');
const rootScripts = Object.keys(
  (JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as { scripts: object }).scripts,
);
const quiz = JSON.parse(readFileSync(join(repositoryRoot, 'labs/quiz/quiz.json'), 'utf8')) as {
  sections: { questions: { id: string }[] }[];
};
const quizIds = new Set(quiz.sections.flatMap((section) => section.questions.map((question) => question.id)));
const pageFile = (path: string) => (path === '' || path.endsWith('/') ? `${path}index.md` : `${path}.md`);
// The tour prints each step's article section; its transcript is kept fresh by the tour's own test.
const tourSections = new Map(
  [
    ...readFileSync(join(repositoryRoot, 'demos/tour/transcripts/tour.txt'), 'utf8').matchAll(
      /^步骤 (\d+)\/\d+ · .*\n文章第 ([\d.]+) 节/gm,
    ),
  ].map((m) => [Number(m[1]), m[2] ?? '']),
);
const covers = (sections: readonly string[], section: string) =>
  sections.some((s) => section === s || section.startsWith(`${s}.`) || s.startsWith(`${section}.`));

describe.each(plans.map((plan) => [plan.id, plan] as [string, Plan]))('the %s plan', (_, plan) => {
  it('has blocks that add up to its length, one after another', () => {
    expect(plan.blocks.reduce((sum, block) => sum + block.minutes, 0)).toBe(plan.minutes);
    expect(schedule(plan).at(-1)?.end).toBe(plan.minutes);
    expect(new Set(plan.blocks.map((block) => block.id)).size).toBe(plan.blocks.length);
  });

  it('has a break, and a 10-minute buffer for failing machines before the first lab', () => {
    expect(plan.blocks.some((block) => block.kind === 'break')).toBe(true);
    const buffers = plan.blocks.filter((block) => block.kind === 'buffer');
    expect(buffers.map((block) => block.minutes)).toEqual([10]);
    const firstLab = plan.blocks.findIndex((block) => block.kind === 'lab');
    expect(plan.blocks.findIndex((block) => block.kind === 'buffer')).toBeLessThan(firstLab);
    for (const block of plan.blocks) expect(['talk', 'lab', 'break', 'buffer']).toContain(block.kind);
  });

  it('leaves for after class only labs on disk that its blocks do not do', () => {
    const done = new Set(plan.blocks.flatMap((block) => block.labs ?? []));
    for (const folder of plan.afterClass) {
      expect(
        existsSync(join(repositoryRoot, 'labs', folder, 'lab.json')),
        `after class: labs/${folder}`,
      ).toBe(true);
      expect(done.has(folder), `after class: ${folder} is in a block`).toBe(false);
    }
  });

  it('names only labs on disk, each block at least as long as its lab.json says', () => {
    for (const block of plan.blocks) {
      for (const folder of block.labs ?? []) {
        const file = join(repositoryRoot, 'labs', folder, 'lab.json');
        expect(existsSync(file), `${block.id}: labs/${folder}/lab.json`).toBe(true);
        if (!existsSync(file)) continue;
        const lab = JSON.parse(readFileSync(file, 'utf8')) as { minutes: number };
        expect(
          block.minutes,
          `${block.id}: labs/${folder} says ${lab.minutes} minutes`,
        ).toBeGreaterThanOrEqual(lab.minutes);
      }
    }
  });

  it('names only root scripts, and each tour step in the block’s article section', () => {
    for (const block of plan.blocks) {
      for (const command of [...(block.before ?? []), ...(block.demos ?? [])]) {
        expect(rootScripts, `${block.id}: ${command}`).toContain(scriptOf(command));
        for (const step of command.matchAll(/^pnpm demo --step (\d+)/g)) {
          const section = tourSections.get(Number(step[1])) ?? '(no such step)';
          expect(covers(block.article ?? [], section), `${block.id}: step ${step[1]} is §${section}`).toBe(
            true,
          );
        }
      }
    }
  });

  it('names only pages that exist in both languages', () => {
    for (const block of plan.blocks) {
      for (const path of block.pages ?? []) {
        for (const file of [pageFile(path), `en/${pageFile(path)}`])
          expect(existsSync(join(docsRoot, file)), `${block.id}: docs/${file}`).toBe(true);
      }
    }
  });

  it('gives each teaching block its talking points in both languages and an exit ticket from the quiz', () => {
    for (const block of plan.blocks) {
      if (block.kind === 'break') continue;
      for (const field of ['say', 'show', 'ask'] as const) {
        expect(block[field]?.zh, `${block.id}.${field}`).toBeTruthy();
        expect(block[field]?.en, `${block.id}.${field}`).toBeTruthy();
      }
      if (block.kind === 'lab')
        expect(block.pairs?.zh && block.pairs.en, `${block.id}: pair work`).toBeTruthy();
      if (block.kind !== 'buffer')
        expect(quizIds.has(block.exit ?? ''), `${block.id}: exit ${block.exit}`).toBe(true);
    }
  });

  // The first hour runs on the teacher's class server (`pnpm serve --class N`): students need a browser and
  // curl, nothing installed; the labs, which need the kit on a student's machine, come after it.
  const firstHour = schedule(plan).filter(({ start }) => start < 60);

  it('starts on the class server for the browser-only first hour, and leaves the labs until after it', () => {
    expect(
      schedule(plan).some(({ start }) => start === 60),
      'a block starts at minute 60',
    ).toBe(true);
    // The slips carry the address the server was started on, so it runs before class, not as a demo.
    const starts = firstHour.filter(({ block }) =>
      (block.before ?? []).some((command) => command.startsWith('pnpm serve --class ')),
    );
    expect(starts.map(({ block }) => block.id)).toHaveLength(1);
    expect(starts[0]?.block.pages).toContain('workshop/class-server');
    for (const block of plan.blocks)
      expect(block.demos ?? [], `${block.id}: a class server started in class`).not.toContainEqual(
        expect.stringMatching(/^pnpm serve --class/),
      );
    // preflight checks the port the class server then holds: it runs before the class server starts.
    const before = starts[0]?.block.before ?? [];
    const serve = before.findIndex((command) => command.startsWith('pnpm serve --class '));
    expect(
      before.indexOf('pnpm preflight'),
      'pnpm preflight before pnpm serve --class',
    ).toBeGreaterThanOrEqual(0);
    expect(before.indexOf('pnpm preflight')).toBeLessThan(serve);
    expect(
      starts[0]?.block.demos ?? [],
      'pnpm preflight on the projector while the class server runs',
    ).not.toContain('pnpm preflight');
    for (const { block } of firstHour) expect(block.labs ?? [], `${block.id} names a lab`).toEqual([]);
    expect(firstHour.some(({ block }) => block.pages?.includes('playground'))).toBe(true);
    expect(
      plan.blocks.some((block) => (block.labs ?? []).length > 0),
      'labs after the first hour',
    ).toBe(true);
  });

  it('gives students only class-server commands and playground steps that exist, in both languages', () => {
    const read = (file: string) => readFileSync(join(docsRoot, file), 'utf8');
    for (const { block } of firstHour) {
      for (const command of (block.before ?? []).filter((c) => c.startsWith('pnpm serve --class'))) {
        for (const file of ['workshop/class-server.md', 'en/workshop/class-server.md'])
          expect(read(file), `${block.id}: ${command} in docs/${file}`).toContain(command);
      }
    }
    // "“课堂上试试”的第 1、2、7 步" / "steps 1, 2 and 7 of the playground page’s “What to try in class”".
    const cited = {
      zh: { page: read('playground.md'), heading: '## 课堂上试试', steps: /“课堂上试试”的?第 ([\d、]+) 步/g },
      en: {
        page: read('en/playground.md'),
        heading: '## What to try in class',
        steps: /steps ([\d, and]+?) of (?:the playground(?: page)?’s )?“What to try in class”/g,
      },
    };
    let count = 0;
    for (const [lang, { page, heading, steps }] of Object.entries(cited)) {
      const section = page.slice(page.indexOf(heading)).split(/\n## /)[0] ?? '';
      for (const block of plan.blocks) {
        const text = `${block.say?.[lang as 'zh' | 'en'] ?? ''} ${block.show?.[lang as 'zh' | 'en'] ?? ''}`;
        for (const match of text.matchAll(steps)) {
          for (const step of (match[1] ?? '').match(/\d+/g) ?? []) {
            count++;
            expect(section, `${block.id} (${lang}): step ${step} of ${heading}`).toMatch(
              new RegExp(`^${step}\\. `, 'm'),
            );
          }
        }
      }
    }
    expect(count, 'the plan sends students to the playground’s steps').toBeGreaterThan(0);
  });

  it('is rendered on the workshop page in both languages', () => {
    for (const file of ['workshop/index.md', 'en/workshop/index.md'])
      expect(readFileSync(join(docsRoot, file), 'utf8')).toContain(`<WorkshopPlan plan="${plan.id}" />`);
  });
});
