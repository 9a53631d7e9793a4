// What a model returns to the AI SDK (LanguageModelV4GenerateResult), for the two models the kit writes
// itself: neither counts tokens, so usage is reported as unknown rather than invented.
import type {
  LanguageModelV4GenerateResult,
  LanguageModelV4Usage,
  SharedV4ProviderMetadata,
} from '@ai-sdk/provider';

const NO_USAGE: LanguageModelV4Usage = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

export function textResult(
  text: string,
  providerMetadata?: SharedV4ProviderMetadata,
): LanguageModelV4GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: undefined },
    usage: NO_USAGE,
    warnings: [],
    ...(providerMetadata ? { providerMetadata } : {}),
  };
}

/** One tool call; `input` is the arguments as JSON text, exactly as a model's output would carry them. */
export function toolCallResult(
  call: { id: string; tool: string; input: string },
  providerMetadata?: SharedV4ProviderMetadata,
): LanguageModelV4GenerateResult {
  return {
    content: [{ type: 'tool-call', toolCallId: call.id, toolName: call.tool, input: call.input }],
    finishReason: { unified: 'tool-calls', raw: undefined },
    usage: NO_USAGE,
    warnings: [],
    ...(providerMetadata ? { providerMetadata } : {}),
  };
}
