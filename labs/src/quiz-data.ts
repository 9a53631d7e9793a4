/**
 * The check-for-understanding questions (quiz/quiz.json), read once and checked by shape here, for
 * `pnpm quiz` and its tests. The docs' quiz component reads the same JSON (`@memos-kit/labs/quiz.json`), so a
 * question is written once for the page and the terminal.
 */
import { z } from 'zod';
import data from '../quiz/quiz.json' with { type: 'json' };

const bilingual = z.object({ zh: z.string().min(1), en: z.string().min(1) });

/** What a `predict` choice says the kit answers: the HTTP status, and what the JSON body holds. */
const outcome = z
  .object({
    status: z.number().int(),
    /** A JSON-RPC error with this code. */
    error: z.number().int().optional(),
    /** A JSON-RPC result, with `isError` true or absent (false). */
    isError: z.boolean().optional(),
    /** A REST body, compared as a JSON value. */
    body: z.unknown().optional(),
  })
  .strict();

const choice = bilingual.extend({ outcome: outcome.optional() }).strict();

const question = z
  .object({
    id: z.string().regex(/^s\d-[a-z0-9-]+$/),
    kind: z.enum(['choice', 'predict']),
    prompt: bilingual,
    choices: z.array(choice).min(2).max(4),
    answer: z.number().int().min(0),
    why: bilingual,
    /** For `predict`: the article's request (a fixture id), with headers replaced as written. */
    send: z
      .object({ fixture: z.string(), headers: z.record(z.string(), z.string()).optional() })
      .strict()
      .optional(),
  })
  .strict()
  .refine((q) => q.answer < q.choices.length, { message: 'answer is not one of the choices' })
  .refine((q) => (q.kind === 'predict') === (q.send !== undefined), {
    message: 'a predict question, and only one, says what it sends',
  })
  .refine((q) => q.kind !== 'predict' || q.choices.every((c) => c.outcome !== undefined), {
    message: 'each choice of a predict question names its outcome',
  });

const section = z
  .object({
    id: z.string().regex(/^\d$/),
    title: bilingual,
    page: z.string(),
    questions: z.array(question).min(3).max(5),
  })
  .strict();

const quizFile = z.object({ $comment: z.string(), sections: z.array(section).min(1) }).strict();

export type QuizOutcome = z.infer<typeof outcome>;
export type QuizQuestion = z.infer<typeof question>;
export type QuizSection = z.infer<typeof section>;

export const quizSections: QuizSection[] = quizFile.parse(data).sections;

/** Every question, with the section it belongs to. */
export const allQuestions = (): { section: QuizSection; question: QuizQuestion }[] =>
  quizSections.flatMap((section) => section.questions.map((question) => ({ section, question })));

/** The letter a learner types for choice `index` (A, B, C, D). */
export const letter = (index: number): string => String.fromCharCode(65 + index);

/** A typed answer (`b`, `B`, `2`) as a choice's index, or undefined when it names none of `count`. */
export function choiceIndex(typed: string, count: number): number | undefined {
  const text = typed.trim().toUpperCase();
  const index = /^\d$/.test(text) ? Number(text) - 1 : /^[A-Z]$/.test(text) ? text.charCodeAt(0) - 65 : -1;
  return index >= 0 && index < count ? index : undefined;
}
