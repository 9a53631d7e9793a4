// The host's defences, each a small change to what the host hands the AI SDK: which tools the model is
// given, what a tool does before it sends tools/call, and how its result is worded for the model. None
// changes a byte the server sends; each shows on the wire as a call that is not sent, or sent differently.
import { createHash } from 'node:crypto';
import type { ListToolsResult } from '@ai-sdk/mcp';
import type { ToolSet } from 'ai';
import { labelAsData } from '../gullible.ts';

type ToolDefinition = ListToolsResult['tools'][number];

/**
 * What the user approved of a tool: a hash of its name, description and input schema. A description or a
 * schema that changes afterwards (a rug pull) gives another hash, so the host asks again.
 */
export function toolPin(tool: ToolDefinition): string {
  const approved = JSON.stringify({
    name: tool.name,
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
  });
  return createHash('sha256').update(approved).digest('hex');
}

/** The tools whose pin differs from the one approved (a tool that is new has no pin: it changed too). */
export function changedSince(
  approved: ReadonlyMap<string, string>,
  tools: readonly ToolDefinition[],
): ToolDefinition[] {
  return tools.filter((tool) => approved.get(tool.name) !== toolPin(tool));
}

/**
 * A description that names another tool of the list: the mark of a description written to steer the
 * model towards something else. The careful host shows such a tool to the user before approving it.
 */
export function namesAnotherTool(tool: ToolDefinition, tools: readonly ToolDefinition[]): string | undefined {
  const description = tool.description ?? '';
  return tools.find((other) => other.name !== tool.name && description.includes(other.name))?.name;
}

/** Whether the server annotates a tool as destructive (a hint: the host decides what to do with it). */
function isDestructive(tool: ToolDefinition): boolean {
  return tool.annotations?.destructiveHint === true;
}

/** The host asks before it sends any destructive tool; a "no" becomes the tool's error, and nothing is sent. */
export function askBeforeDestructive(
  tools: ToolSet,
  definitions: readonly ToolDefinition[],
  ask: (tool: string, input: unknown) => boolean,
  refusal: (tool: string) => string,
): ToolSet {
  const guarded: ToolSet = { ...tools };
  for (const definition of definitions.filter(isDestructive)) {
    const tool = tools[definition.name];
    const execute = tool?.execute;
    if (!tool || !execute) continue;
    guarded[definition.name] = {
      ...tool,
      execute: (input, options) => {
        if (!ask(definition.name, input)) throw new Error(refusal(definition.name));
        return execute(input, options);
      },
    };
  }
  return guarded;
}

/** Only the tools on the list are given to the model; a call of any other is refused by the AI SDK. */
export function allowOnly(tools: ToolSet, allowed: readonly string[]): ToolSet {
  return Object.fromEntries(Object.entries(tools).filter(([name]) => allowed.includes(name)));
}

/** Every tool result reaches the model labelled as data and quoted, never as bare text. */
export function resultsAsData(tools: ToolSet): ToolSet {
  return Object.fromEntries(
    Object.entries(tools).map(([name, tool]) => [
      name,
      {
        ...tool,
        toModelOutput: ({ output }: { output: unknown }) => ({
          type: 'text' as const,
          value: labelAsData(name, resultText(output)),
        }),
      },
    ]),
  );
}

/** The text blocks of an MCP tool result, joined; anything else as JSON. */
function resultText(output: unknown): string {
  const content = (output as { content?: unknown }).content;
  if (!Array.isArray(content)) return JSON.stringify(output);
  return content
    .map((block: { type?: unknown; text?: unknown }) =>
      block.type === 'text' && typeof block.text === 'string' ? block.text : JSON.stringify(block),
    )
    .join('\n');
}
