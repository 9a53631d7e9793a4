import { catalogProblems } from '@memos-kit/terminal';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages.ts';
import { argumentsFor, rankTools, wordsOf } from '../src/stand-in.ts';

describe('the stand-in model', () => {
  it('compares words: camelCase split, case and plural s ignored, stop words and numbers left out', () => {
    expect(wordsOf('ListMemos lists the memos of 2 users')).toStrictEqual(['list', 'memo', 'user']);
    expect(wordsOf('Show me two of my memos')).toStrictEqual(['memo']);
  });

  it('ranks by shared words over all distinct words, ties in listed order', () => {
    const tools = [
      { name: 'long', description: 'Lists memos, comments, reactions and relations of everyone' },
      { name: 'short', description: 'Lists memos' },
      { name: 'other', description: 'Deletes an attachment' },
      { name: 'same', description: 'Lists memos' },
    ];
    const ranking = rankTools('List my memos', tools);
    expect(ranking.map((entry) => entry.name)).toStrictEqual(['short', 'same', 'long', 'other']);
    expect(ranking[0]).toStrictEqual({ name: 'short', shared: ['list', 'memo'], score: 1 });
    expect(ranking.at(-1)?.score).toBe(0);
  });

  it('follows the description: the same sentence picks another tool once a description changes', () => {
    const before = [
      { name: 'memo_list_memos', description: 'ListMemos lists memos with pagination and filter.' },
      { name: 'memo_get_memo', description: 'GetMemo gets a memo by name.' },
    ];
    expect(rankTools('Get the memo memos/welcome', before)[0]?.name).toBe('memo_get_memo');
    const after = [before[0], { name: 'memo_get_memo', description: 'Returns one attachment.' }].filter(
      (tool) => tool !== undefined,
    );
    expect(rankTools('Get the memo memos/welcome', after)[0]?.name).toBe('memo_list_memos');
  });

  it('fills a number into the first numeric argument and a resource name by its Format line', () => {
    const schema = {
      type: 'object',
      properties: {
        memo: { type: 'string', description: 'The memo.\n Format: memos/{memo}' },
        pageSize: { type: 'integer' },
      },
    };
    expect(argumentsFor('the first 3 comments of memos/lunch-poll', schema)).toStrictEqual({
      memo: 'memos/lunch-poll',
      pageSize: 3,
    });
    expect(argumentsFor('two comments please', schema)).toStrictEqual({ pageSize: 2 });
    expect(argumentsFor('nothing to fill', schema)).toStrictEqual({});
  });
});

describe('the catalog', () => {
  it('has every key in both languages, with the same placeholders', () => {
    expect(catalogProblems(messages.catalogs)).toStrictEqual([]);
  });
});
