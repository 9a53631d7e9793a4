// The stand-in model: a provider of the AI SDK (LanguageModelV4 from @ai-sdk/provider), so the host loop
// around it is the library's own and would run unchanged with a real model. It is not a language model: it
// counts words. That is the point: it can only choose from what the host gives it (names, descriptions, input
// schemas), so a learner who edits a description sees the choice move.
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4GenerateResult,
  LanguageModelV4Message,
  SharedV4ProviderMetadata,
} from '@ai-sdk/provider';
import type { Lang } from '@memos-kit/terminal';
import { type Instruction, instructionsIn, unlabel } from './gullible.ts';
import { messages, type Say } from './messages.ts';
import { textResult, toolCallResult } from './model-result.ts';

// #region words
/** Words that say nothing about which tool fits; numbers are arguments, not topics. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by for from i in is it its me my of on or our please show that the their ' +
    'them this to us we what which who with you your one two three four five six seven eight nine ten'
  ).split(' '),
);

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/**
 * The distinct words of a text, as the stand-in compares them: `ListMemos` is two words, case is ignored, a
 * plural `s` is dropped (memos → memo, lists → list), stop words and numbers are left out.
 */
export function wordsOf(text: string): string[] {
  const words = text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .match(/[a-z]+/g);
  const kept = (words ?? [])
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map((word) =>
      word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word,
    );
  return [...new Set(kept)];
}

// A type alias, not an interface: it travels as JSON in providerMetadata, which needs an index signature.
export type ToolScore = {
  name: string;
  /** Words of the sentence also found in the tool's description. */
  shared: string[];
  /** Shared words ÷ all distinct words of both (Jaccard): a long description that mentions everything scores lower. */
  score: number;
};

/** Every tool, best match first; equal scores keep the order the server listed them in. */
export function rankTools(
  sentence: string,
  tools: ReadonlyArray<{ name: string; description?: string }>,
): ToolScore[] {
  const asked = wordsOf(sentence);
  return tools
    .map((tool) => {
      const described = wordsOf(tool.description ?? '');
      const shared = asked.filter((word) => described.includes(word));
      const union = new Set([...asked, ...described]).size;
      return { name: tool.name, shared, score: union === 0 ? 0 : shared.length / union };
    })
    .sort((a, b) => b.score - a.score);
}
// #endregion words

type JsonSchema = { type?: unknown; description?: unknown; properties?: Record<string, JsonSchema> };

/**
 * Arguments from the sentence, by two rules a learner can check: a number goes to the first integer (or
 * number) argument, and a resource name such as `memos/welcome` goes to the argument whose description says
 * `Format: memos/…`. Nothing else is guessed, so a required argument it cannot fill stays missing and the
 * host's schema check says so.
 */
export function argumentsFor(sentence: string, inputSchema: unknown): Record<string, unknown> {
  const properties = Object.entries((inputSchema as JsonSchema | undefined)?.properties ?? {});
  const args: Record<string, unknown> = {};
  const number = numberIn(sentence);
  const numeric = properties.find(([, schema]) => schema.type === 'integer' || schema.type === 'number');
  if (number !== undefined && numeric) args[numeric[0]] = number;
  for (const [, collection, id] of sentence.matchAll(/\b([a-z]+)\/([\w-]+)/g)) {
    const target = properties.find(
      ([name, schema]) =>
        !(name in args) &&
        schema.type === 'string' &&
        String(schema.description ?? '').includes(`Format: ${collection}/{`),
    );
    if (target) args[target[0]] = `${collection}/${id}`;
  }
  return args;
}

function numberIn(sentence: string): number | undefined {
  const digits = sentence.match(/\b\d+\b/);
  if (digits) return Number(digits[0]);
  const words = sentence.toLowerCase().match(/[a-z]+/g) ?? [];
  const index = words.map((word) => NUMBER_WORDS.indexOf(word)).find((found) => found > 0);
  return index;
}

/** The ranking the stand-in sent with its answer (in `providerMetadata.standIn`), for the host to print. */
export function reportedRanking(metadata: SharedV4ProviderMetadata | undefined): ToolScore[] | undefined {
  const ranking = metadata?.standIn?.ranking;
  if (!Array.isArray(ranking)) return undefined;
  return ranking.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return [];
    const { name, shared, score } = entry;
    if (typeof name !== 'string' || typeof score !== 'number' || !Array.isArray(shared)) return [];
    return [{ name, score, shared: shared.filter((word): word is string => typeof word === 'string') }];
  });
}

/** How many candidates the stand-in reports with its choice (the host prints them). */
const REPORTED = 5;

const STAND_IN_PROVIDER = 'kit-stand-in';

/** Where the gullible stand-in read the order it obeys: a tool's description or a tool's result. */
type ObeyedSource = { kind: 'description' | 'result'; tool: string };

/**
 * The stand-in as an AI SDK model. First turn: rank the tools it was given by the user's sentence and call
 * the best one. Once a tool result is in the conversation: answer in one templated sentence, in `lang`.
 *
 * `gullible`: a scripted gullible model, for the security lessons. Before anything else it obeys every
 * order (`call TOOL with {…}`) it finds in a description of the tools it was given or in a tool result
 * the host did not label as data (see gullible.ts), once each, in the order it read them; then it does
 * what the user asked, and answers from that tool's result.
 */
export function createStandInModel(lang: Lang, { gullible = false } = {}): LanguageModelV4 {
  const t = messages.in(lang);
  let calls = 0;
  return {
    specificationVersion: 'v4',
    provider: STAND_IN_PROVIDER,
    modelId: gullible ? 'word-overlap-gullible' : 'word-overlap',
    supportedUrls: {},
    async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
      calls += 1;
      const tools = (options.tools ?? []).filter(
        (tool): tool is LanguageModelV4FunctionTool => tool.type === 'function',
      );
      if (gullible) {
        const order = pendingOrder(options.prompt, tools);
        if (order) {
          const call = { id: `stand-in-${calls}`, tool: order.tool, input: order.input };
          return toolCallResult(call, { standIn: { obeyed: order.source } });
        }
      }
      const sentence = lastUserText(options.prompt);
      const ranking = rankTools(sentence, tools);
      const best = ranking[0];
      const chosen = tools.find((tool) => tool.name === best?.name);
      const report = { ranking: ranking.slice(0, REPORTED) };
      const toolMessage = gullible
        ? chosen && resultMessageOf(options.prompt, chosen.name)
        : [...options.prompt].reverse().find((message) => message.role === 'tool');
      if (toolMessage) return textResult(finalAnswer(toolMessage, t));
      if (!best || best.score === 0 || !chosen) {
        return textResult(t('standInNoTool', { count: tools.length }), { standIn: report });
      }
      const input = JSON.stringify(argumentsFor(sentence, chosen.inputSchema));
      return toolCallResult({ id: `stand-in-${calls}`, tool: chosen.name, input }, { standIn: report });
    },
    doStream() {
      return Promise.reject(new Error('the stand-in model answers generateText only'));
    },
  };
}

/** The first order read and not yet carried out: descriptions first (read before any call), then results. */
function pendingOrder(
  prompt: readonly LanguageModelV4Message[],
  tools: readonly LanguageModelV4FunctionTool[],
): (Instruction & { source: ObeyedSource }) | undefined {
  const read: Array<Instruction & { source: ObeyedSource }> = [];
  for (const tool of tools) {
    for (const order of instructionsIn(tool.description ?? ''))
      read.push({ ...order, source: { kind: 'description', tool: tool.name } });
  }
  const done = new Set<string>();
  for (const message of prompt) {
    if (message.role === 'assistant') {
      for (const part of message.content)
        if (part.type === 'tool-call') done.add(`${part.toolName} ${JSON.stringify(part.input)}`);
    }
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      const { text, data } = toolResultText({ role: 'tool', content: [part] });
      if (data) continue;
      for (const order of instructionsIn(text))
        read.push({ ...order, source: { kind: 'result', tool: part.toolName } });
    }
  }
  return read.find((order) => !done.has(`${order.tool} ${order.input}`));
}

/** The tool message that holds a result of `tool`, the latest first. */
function resultMessageOf(
  prompt: readonly LanguageModelV4Message[],
  tool: string,
): LanguageModelV4Message | undefined {
  return [...prompt]
    .reverse()
    .find(
      (message) =>
        message.role === 'tool' &&
        message.content.some((part) => part.type === 'tool-result' && part.toolName === tool),
    );
}

/** The order the gullible stand-in said it obeyed (in `providerMetadata.standIn`), for the host to print. */
export function reportedObedience(metadata: SharedV4ProviderMetadata | undefined): ObeyedSource | undefined {
  const obeyed = metadata?.standIn?.obeyed;
  if (typeof obeyed !== 'object' || obeyed === null || Array.isArray(obeyed)) return undefined;
  const { kind, tool } = obeyed as Record<string, unknown>;
  if ((kind !== 'description' && kind !== 'result') || typeof tool !== 'string') return undefined;
  return { kind, tool };
}

function lastUserText(prompt: readonly LanguageModelV4Message[]): string {
  const user = [...prompt].reverse().find((message) => message.role === 'user');
  if (user?.role !== 'user') return '';
  return user.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
}

/**
 * The text of a tool result as the host handed it back (MCP content blocks, or the host's own error), with
 * a careful host's data label taken off (`data` says there was one).
 */
function toolResultText(message: LanguageModelV4Message): {
  text: string;
  hostError: boolean;
  data: boolean;
} {
  if (message.role !== 'tool') return { text: '', hostError: false, data: false };
  const texts: string[] = [];
  let hostError = false;
  for (const part of message.content) {
    if (part.type !== 'tool-result') continue;
    const output = part.output;
    if (output.type === 'content') {
      for (const item of output.value) if (item.type === 'text') texts.push(item.text);
    } else if (output.type === 'text' || output.type === 'error-text') {
      texts.push(output.value);
      hostError ||= output.type === 'error-text';
    } else if (output.type === 'json' || output.type === 'error-json') {
      texts.push(JSON.stringify(output.value));
      hostError ||= output.type === 'error-json';
    }
  }
  const { text, data } = unlabel(texts.join('\n'));
  return { text, hostError, data };
}

/** A sentence made from the result by template: the first list in it, or what the tool said. */
function finalAnswer(message: LanguageModelV4Message, t: Say): string {
  const { text, hostError } = toolResultText(message);
  // The AI SDK's error text ends with the validator's own words, after "Error message:".
  if (hostError) {
    const detail = (text.split('\n').at(-1) ?? text).replace(/^Error message:\s*(Error:\s*)?/, '');
    return t('standInHostRefused', { error: firstLine(detail) });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return t('standInToolSaid', { text: firstLine(text) });
  }
  const list = Object.entries(value as Record<string, unknown>).find(([, entry]) => Array.isArray(entry));
  if (!list) return t('standInGotObject', { keys: Object.keys(value as object).join(', ') });
  const [key, items] = list as [string, unknown[]];
  const lines = items.map((item) => `- ${describeItem(item)}`);
  return [t('standInFound', { count: items.length, key }), ...lines].join('\n');
}

function describeItem(item: unknown): string {
  if (typeof item !== 'object' || item === null) return String(item);
  const record = item as Record<string, unknown>;
  const content = typeof record.content === 'string' ? firstLine(record.content) : undefined;
  const name = typeof record.name === 'string' ? record.name : undefined;
  return [name, content].filter(Boolean).join(': ') || JSON.stringify(item).slice(0, 80);
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}
