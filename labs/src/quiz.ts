// `pnpm quiz <section>`: the check-for-understanding questions of one section of the article, asked in the
// terminal. Each answer is told right or wrong at once, with its one-line why; `--json` prints the answers as
// one JSON object on stdout (the questions go to stderr), so a class's answers can be collected as files.
import {
  type CommandSpec,
  command,
  type OptionSpecs,
  Printer,
  Prompt,
  UsageError,
} from '@memos-kit/terminal';
import { say } from './messages.ts';
import type { QuizQuestion } from './quiz-data.ts';

const spec = {
  name: 'pnpm quiz',
  usage: '[options] [SECTION]',
  summary: {
    zh: '课堂小测：按文章的一节（1–9）出题，选择题和“猜猜响应”题，答完立刻告诉你对不对、为什么。不给节号时列出每一节。',
    en: 'A check for understanding: the questions of one section of the article (1–9), multiple choice and “predict the response”, each told right or wrong at once, with why. Without a section, lists the sections.',
  },
  positionals: true,
  options: {
    answers: {
      type: 'string',
      value: 'B,A,…',
      help: {
        zh: '不逐题提问，直接用这些答案（逗号分隔，字母或数字）',
        en: 'answer with these instead of asking (comma-separated letters or numbers)',
      },
    },
    json: {
      type: 'boolean',
      help: {
        zh: '把答案和对错作为一个 JSON 对象写到 stdout（题目写到 stderr），方便收齐全班的答案',
        en: 'print the answers and whether each is right as one JSON object on stdout (questions on stderr), to collect a class’s answers',
      },
    },
  },
  epilogue: {
    zh: '例子：pnpm quiz 6；pnpm quiz 6 --json > 张三.json；pnpm quiz 1 --answers b,b,a,a',
    en: 'Examples: pnpm quiz 6; pnpm quiz 6 --json > alice.json; pnpm quiz 1 --answers b,b,a,a',
  },
} as const satisfies CommandSpec<OptionSpecs>;

interface Answer {
  id: string;
  given: string | null;
  right: boolean;
}

await command(spec, async ({ values, positionals, lang, paint, width }) => {
  // The questions (and zod, which checks them) load once the options are read: --help answers without them.
  const { choiceIndex, letter, quizSections } = await import('./quiz-data.ts');
  const out = values.json ? process.stderr : process.stdout;
  const printer = new Printer({ paint, width, write: (text) => out.write(text) });
  const [wanted, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(say(lang, 'quizOneSection'));
  if (wanted === undefined) {
    printer.title(say(lang, 'quizListTitle'));
    for (const section of quizSections)
      printer.prose(
        say(lang, 'quizListLine', {
          section: section.id,
          title: section.title[lang],
          count: section.questions.length,
        }),
        { indent: '  ' },
      );
    return 0;
  }
  const section = quizSections.find((candidate) => candidate.id === wanted);
  if (!section)
    throw new UsageError(
      say(lang, 'quizNoSection', { section: wanted, sections: quizSections.map((s) => s.id).join(', ') }),
    );
  const given = values.answers?.split(',').map((answer) => answer.trim());
  if (given && given.length !== section.questions.length)
    throw new UsageError(
      say(lang, 'quizAnswerCount', { count: section.questions.length, given: given.length }),
    );

  const prompt = given ? undefined : new Prompt({ output: out, paint });
  const answers: Answer[] = [];
  printer.title(
    say(lang, 'quizTitle', {
      section: section.id,
      title: section.title[lang],
      count: section.questions.length,
    }),
  );
  try {
    for (const [number, question] of section.questions.entries()) {
      showQuestion(printer, lang, number + 1, question, letter);
      const letters = `${letter(0)}–${letter(question.choices.length - 1)}`;
      let index: number | undefined;
      let typed: string | undefined;
      if (given) {
        typed = given[number] ?? '';
        index = choiceIndex(typed, question.choices.length);
        printer.line(`${say(lang, 'quizAsk', { letters })}${typed}`);
      } else {
        // Ask again after an answer that names no choice; the end of the input ends the quiz.
        for (let tries = 0; index === undefined && tries < 5; tries++) {
          typed = await prompt?.ask(say(lang, 'quizAsk', { letters }));
          if (typed === undefined) break;
          index = choiceIndex(typed, question.choices.length);
          if (index === undefined) printer.note(say(lang, 'quizNotAChoice', { letters }));
        }
        if (typed === undefined) break;
      }
      const right = index === question.answer;
      answers.push({ id: question.id, given: index === undefined ? null : letter(index), right });
      const correct = `${letter(question.answer)}. ${question.choices[question.answer]?.[lang] ?? ''}`;
      printer.verdict(right, right ? say(lang, 'quizRight') : say(lang, 'quizWrong', { answer: correct }));
      printer.note(question.why[lang], '    ');
    }
  } finally {
    prompt?.close();
  }
  const right = answers.filter((answer) => answer.right).length;
  printer.heading(say(lang, 'quizScore', { right, total: section.questions.length }));
  if (values.json)
    process.stdout.write(
      `${JSON.stringify({ section: section.id, lang, answers, right, total: section.questions.length }, null, 2)}\n`,
    );
  return 0;
});

function showQuestion(
  printer: Printer,
  lang: 'zh' | 'en',
  number: number,
  question: QuizQuestion,
  letter: (index: number) => string,
): void {
  const kind = question.kind === 'predict' ? say(lang, 'quizPredict') : '';
  printer.heading(`${number}. ${kind}${question.prompt[lang]}`);
  for (const [index, choice] of question.choices.entries())
    printer.prose(`${letter(index)}. ${choice[lang]}`, { indent: '   ', hanging: '   ' });
}
