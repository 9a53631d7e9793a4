// "You are the model": a provider of the AI SDK whose answers a student types. The host around it is the
// same as for the stand-in or a real model; it checks what the student typed exactly as it checks a model.
import { createInterface, type Interface } from 'node:readline';
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4GenerateResult,
} from '@ai-sdk/provider';
import { textResult, toolCallResult } from './model-result.ts';
import type { Printer } from './printer.ts';

/** Lines typed (or piped) by the student; piped answers are echoed so a transcript reads like a session. */
export class Answers {
  readonly #reader: Interface;
  readonly #lines: AsyncIterator<string>;
  readonly #echo: boolean;

  constructor(input: NodeJS.ReadableStream & { isTTY?: boolean }) {
    this.#reader = createInterface({ input, terminal: false });
    // The iterator buffers lines, so answers piped in ahead of the prompts are not lost.
    this.#lines = this.#reader[Symbol.asyncIterator]();
    this.#echo = input.isTTY !== true;
  }

  /**
   * Stops reading. A terminal's stdin (or a pipe nobody closes) that is still being read keeps the process
   * alive after the loop is over, waiting for a line or Ctrl-D; closing the reader pauses it.
   */
  close(): void {
    this.#reader.close();
  }

  async next(printer: Printer, prompt: string): Promise<string> {
    printer.prompt(prompt);
    const next = await this.#lines.next();
    if (next.done) {
      printer.line();
      throw new Error(printer.say('inputEnded'));
    }
    const answer = String(next.value).trim();
    if (this.#echo) printer.line(answer);
    return answer;
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
