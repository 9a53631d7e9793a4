// One Chinese term per idea, as the glossary decides. The Chinese glossary page holds a table, 一词一义:
// for each idea the word to use, the words not to use, and the fixed phrases that contain such a word but
// mean something else (or quote the article). This test reads that table and looks for the words not to
// use in everything Chinese a learner reads: the pages, the labs' lab.json texts and the commands' messages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsRoot } from './markdown-files.ts';
import { labTexts, markdownProse, messageCatalogs, type Prose, pages, teachingTexts } from './prose.ts';
import { termProblems, termRules } from './terms.ts';

const GLOSSARY = 'reference/glossary.md';

/** The glossary's own 一词一义 section names the words it rejects; the rest of the page is checked. */
function withoutRuleSection(piece: Prose): Prose {
  if (piece.where !== `docs/${GLOSSARY}`) return piece;
  return { ...piece, text: piece.text.replace(/## 一词一义[\s\S]*?(?=\n## )/, '') };
}

const rules = termRules(readFileSync(join(docsRoot, GLOSSARY), 'utf8'));
const chinese = (pieces: Prose[]) => pieces.filter((piece) => piece.lang === 'zh');

describe('one Chinese term per idea, as the glossary decides', () => {
  it('reads a rule for each idea the glossary settles', () => {
    expect(rules.map((rule) => rule.chosen[0])).toEqual(
      expect.arrayContaining(['body', '服务端', '宿主', '回放', '令牌']),
    );
    for (const rule of rules) {
      expect(rule.chosen.length, rule.idea).toBeGreaterThan(0);
      expect(rule.rejected.length, rule.idea).toBeGreaterThan(0);
    }
    // A word one row rejects is never another row's choice.
    const chosen = new Set(rules.flatMap((rule) => rule.chosen));
    expect(rules.flatMap((rule) => rule.rejected).filter((term) => chosen.has(term))).toEqual([]);
  });

  it('flags a rejected word in prose, and not in code, identifiers, options or an allowed phrase', () => {
    const planted = (text: string, lang: Prose['lang'] = 'zh'): Prose => ({ where: 'x', lang, text });
    expect(
      termProblems([planted('服务器把请求体交给活的服务器；用 token 登录，重放一次')], rules).length,
    ).toBe(6);
    expect(
      termProblems(
        [
          planted('服务器发送事件；Host 头；pageToken、example-token；重放攻击'),
          planted(markdownProse('`服务器` 和 [链接](./服务器)')),
        ],
        rules,
      ),
    ).toEqual([]);
  });

  it.each([
    ['the Chinese pages', () => chinese(pages()).map(withoutRuleSection)],
    ['the Chinese texts of the labs’ lab.json', () => chinese(labTexts())],
    ['the Chinese messages of the commands', () => chinese(messageCatalogs())],
    ['the Chinese texts of the workshop plans and the quiz', () => chinese(teachingTexts())],
  ] as const)('%s use the chosen terms', (_, source) => {
    const pieces = source();
    expect(pieces.length).toBeGreaterThan(10);
    expect(termProblems(pieces, rules)).toEqual([]);
  });
});
