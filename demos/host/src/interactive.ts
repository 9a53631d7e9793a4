// "You are the model": a provider of the AI SDK whose answers a student types. The host around it is the
// same as for the stand-in or a real model; it checks what the student typed exactly as it checks a model.
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4GenerateResult,
} from '@ai-sdk/provider';
import { TypedLines } from '@memos-kit/terminal';
import { textResult, toolCallResult } from './model-result.ts';
import type { Printer } from './printer.ts';

type TypedLinesSource = ConstructorParameters<typeof TypedLines>[0];

/** The answers a student types (or a class pipes in), one line per question. */
export class Answers {
  readonly #lines: TypedLines;

  constructor(input: TypedLinesSource) {
    this.#lines = new TypedLines(input);
  }

  async next(printer: Printer, prompt: string): Promise<string> {
    const answer = await this.#lines.ask(printer.promptText(prompt));
    if (answer === undefined) throw new Error(printer.say('inputEnded'));
    return answer.trim();
  }

  /** Stops reading, so the process ends once the loop is over (see TypedLines.close). */
  close(): void {
    this.#lines.close();
  }
}

export function createInteractiveModel(printer: Printer, answers: Answers): LanguageModelV4 {
  let calls = 0;
  return {
    specificationVersion: 'v4',
    provider: 'kit-you',
    modelId: 'student',
    supportedUrls: {},
    async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
      calls += 1;
      const tools = (options.tools ?? []).filter(
        (tool): tool is LanguageModelV4FunctionTool => tool.type === 'function',
      );
      printer.note(printer.say('yourTurn'));
      for (;;) {
        const choice = await answers.next(printer, printer.say('askTool'));
        if (choice === '') {
          const text = await answers.next(printer, printer.say('askAnswer'));
          return textResult(text);
        }
        if (choice.startsWith('?')) {
          const wanted = pick(tools, choice.slice(1).trim());
          if (wanted) printer.toolDefinition(wanted);
          else printer.fail(printer.say('noSuchTool', { name: choice.slice(1).trim() }));
          continue;
        }
        // An unknown name is passed on as typed: refusing it is the host's job, and the student sees it do so.
        const toolName = pick(tools, choice)?.name ?? choice;
        const typed = await answers.next(printer, printer.say('askArguments'));
        return toolCallResult({ id: `you-${calls}`, tool: toolName, input: typed === '' ? '{}' : typed });
      }
    },
    doStream() {
      return Promise.reject(new Error('the interactive model answers generateText only'));
    },
  };
}

/** A tool by its number in the list the student was shown, or by name. */
function pick(
  tools: readonly LanguageModelV4FunctionTool[],
  typed: string,
): LanguageModelV4FunctionTool | undefined {
  if (/^\d+$/.test(typed)) return tools[Number(typed) - 1];
  return tools.find((tool) => tool.name === typed);
}
