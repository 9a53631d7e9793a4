// VitePress data loader: each lab a plan names, as its lab.json says (title, minutes, page), or absent
// while the lab is still being written; and the quiz, whose questions are the plans' exit tickets.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import quiz from '@memos-kit/labs/quiz.json' with { type: 'json' };
import { defineLoader } from 'vitepress';
import { plans } from './plans.ts';

export interface PlanLab {
  title: { zh: string; en: string };
  minutes: number;
  docs: string;
}

export interface ExitTicket {
  prompt: { zh: string; en: string };
  answer: { zh: string; en: string };
  why: { zh: string; en: string };
}

interface PlansData {
  labs: Record<string, PlanLab | null>;
  tickets: Record<string, ExitTicket>;
}

declare const data: PlansData;

export { data };

const require = createRequire(import.meta.url);

function labOf(folder: string): PlanLab | null {
  try {
    const lab = JSON.parse(readFileSync(require.resolve(`@memos-kit/labs/${folder}/lab.json`), 'utf8'));
    return { title: lab.title, minutes: lab.minutes, docs: lab.docs };
  } catch {
    return null;
  }
}

export default defineLoader({
  watch: ['../../workshop/plans/*.json'],
  load(): PlansData {
    const labs: Record<string, PlanLab | null> = {};
    const named = plans.flatMap((plan) => [
      ...plan.blocks.flatMap((block) => block.labs ?? []),
      ...plan.afterClass,
    ]);
    for (const folder of named) labs[folder] = labOf(folder);
    const tickets: Record<string, ExitTicket> = {};
    for (const question of quiz.sections.flatMap((section) => section.questions)) {
      const answer = question.choices[question.answer] ?? { zh: '', en: '' };
      tickets[question.id] = {
        prompt: question.prompt,
        answer: { zh: answer.zh, en: answer.en },
        why: question.why,
      };
    }
    return { labs, tickets };
  },
});
