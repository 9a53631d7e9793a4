// "You are the model": a provider of the AI SDK whose answers a student types. The host around it is the
// same as for the stand-in or a real model; it checks what the student typed exactly as it checks a model.
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4GenerateResult,
} from '@ai-sdk/provider';
import type { Prompt } from '@memos-kit/terminal';
import { textResult, toolCallResult } from './model-result.ts';
import { type HostView, showToolDefinition } from './view.ts';

/** The student's (or a class's piped) answers, one line per question, asked through the terminal's Prompt. */
export function createInteractiveModel(view: HostView, prompt: Prompt): LanguageModelV4 {
  const { printer, say } = view;
  const next = async (question: string): Promise<string> => {
    const answer = await prompt.ask(`  ${question} `);
    if (answer === undefined) throw new Error(say('inputEnded'));
    return answer;
  };
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
      printer.note(say('yourTurn'));
      for (;;) {
        const choice = await next(say('askTool'));
        if (choice === '') {
          const text = await next(say('askAnswer'));
          return textResult(text);
        }
        if (choice.startsWith('?')) {
          const wanted = pick(tools, choice.slice(1).trim());
          if (wanted) showToolDefinition(view, wanted);
          else printer.fail(say('noSuchTool', { name: choice.slice(1).trim() }));
          continue;
        }
        // An unknown name is passed on as typed: refusing it is the host's job, and the student sees it do so.
        const toolName = pick(tools, choice)?.name ?? choice;
        const typed = await next(say('askArguments'));
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
