// The teacher's answer page answers every discussion question the labs' pages ask ("讨论：" / "To discuss:"),
// and the questions for after class on the refusals page, in both languages: each question is on the
// answer page word for word, as a bold line followed by its answer.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsRoot } from './markdown-files.ts';

const read = (file: string) => readFileSync(join(docsRoot, file), 'utf8');

/** The bullet questions after `lead` in a page, up to the next blank-line-separated paragraph. */
function questionsAfter(text: string, lead: RegExp): string[] {
  const at = text.search(lead);
  if (at < 0) return [];
  const rest = text.slice(at).split('\n').slice(1);
  const list = rest.slice(rest.findIndex((line) => line.startsWith('- ')));
  const end = list.findIndex((line) => !line.startsWith('- '));
  return (end < 0 ? list : list.slice(0, end)).map((line) => line.slice(2).trim());
}

describe.each([
  { lang: 'zh', prefix: '', lead: /^讨论：$/m, later: /^课后可以讨论：$/m },
  {
    lang: 'en',
    prefix: 'en/',
    lead: /^To discuss:$/m,
    later: /^To discuss afterwards:$/m,
  },
])('the $lang answer page', ({ prefix, lead, later }) => {
  const answers = read(`${prefix}workshop/answers.md`);
  const labPages = readdirSync(join(docsRoot, prefix, 'labs')).filter((name) => name !== 'index.md');

  it('answers every discussion question of every lab page', () => {
    let asked = 0;
    for (const page of labPages) {
      for (const question of questionsAfter(read(`${prefix}labs/${page}`), lead)) {
        expect(answers, `${prefix}labs/${page}: ${question}`).toContain(`- **${question}**\n  `);
        asked++;
      }
    }
    // The eight reading labs ask three questions each; a page without a discussion list asks none.
    expect(asked).toBeGreaterThanOrEqual(24);
  });

  it('answers the refusals page’s questions for after class', () => {
    const questions = questionsAfter(read(`${prefix}guide/refusals.md`), later);
    expect(questions.length).toBe(3);
    for (const question of questions) expect(answers).toContain(`- **${question}**\n  `);
  });

  it('tells learners not to open it first', () => {
    expect(answers.split('\n').slice(0, 8).join('\n')).toMatch(
      /::: warning (学员先别打开|Learners: not yet)/,
    );
  });
});
