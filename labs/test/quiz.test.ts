// The quiz's questions (quiz/quiz.json): one section per section of the article, 3 to 5 questions each, one
// answer among the choices. A "predict the response" question is sent to the running kit as it says (the
// article's request, with the headers it replaces), and exactly the choice it gives as the answer must
// describe what comes back, so a question cannot teach a response the kit does not give.
import { isDeepStrictEqual } from 'node:util';
import { createAdapter } from '@memos-kit/memos-mcp';
import { listen } from '@memos-kit/process';
import { loadFixture, type ReplayedResponse, replayHttpFixture } from '@memos-kit/wire';
import { describe, expect, it } from 'vitest';
import { allQuestions, choiceIndex, type QuizOutcome, quizSections } from '../src/quiz-data.ts';

/** What the kit's answer is, in the words of a choice's outcome. */
function outcomeOf(response: ReplayedResponse): QuizOutcome {
  const json = response.json as
    | { jsonrpc?: string; error?: { code: number }; result?: { isError?: boolean } }
    | undefined;
  if (json?.jsonrpc === '2.0' && json.error) return { status: response.status, error: json.error.code };
  if (json?.jsonrpc === '2.0' && json.result)
    return { status: response.status, isError: json.result.isError === true };
  return response.json === undefined ? { status: response.status } : { status: response.status, body: json };
}

/** Whether a choice's outcome says what the kit did: each thing it names must hold. */
function describes(choice: QuizOutcome, seen: QuizOutcome): boolean {
  return (Object.keys(choice) as (keyof QuizOutcome)[]).every((key) =>
    isDeepStrictEqual(choice[key], seen[key]),
  );
}

describe('the quiz', () => {
  it('has a section for each section of the article, 1 to 9, with unique question ids', () => {
    expect(quizSections.map((section) => section.id)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const ids = allQuestions().map(({ question }) => question.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { section, question } of allQuestions())
      expect(question.id.startsWith(`s${section.id}-`)).toBe(true);
  });

  it('reads a typed answer as a letter or a number, and nothing else', () => {
    expect([choiceIndex('b', 3), choiceIndex('B', 3), choiceIndex(' 2 ', 3)]).toEqual([1, 1, 1]);
    expect([choiceIndex('d', 3), choiceIndex('0', 3), choiceIndex('bb', 3), choiceIndex('', 3)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  const predictions = allQuestions().filter(({ question }) => question.kind === 'predict');
  it('has questions that predict the kit’s response', () => expect(predictions.length).toBeGreaterThan(3));

  it.each(predictions.map(({ question }) => [question.id, question] as const))(
    '%s: the answer, and no other choice, is what the running kit answers',
    async (_, question) => {
      const send = question.send;
      if (!send) throw new Error('a predict question without a request');
      const fixture = loadFixture(send.fixture);
      const dataset = fixture.entry.dataset as 'empty' | 'article' | 'workshop';
      const server = await listen((await createAdapter({ dataset })).app);
      try {
        const seen = outcomeOf(await replayHttpFixture(fixture, server.url, { headers: send.headers ?? {} }));
        const matching = question.choices.flatMap((choice, index) =>
          choice.outcome && describes(choice.outcome, seen) ? [index] : [],
        );
        expect(matching, JSON.stringify(seen)).toEqual([question.answer]);
      } finally {
        await server.close();
      }
    },
  );
});
