// The opt-in real model: any OpenAI-compatible chat endpoint (a local Ollama, say), through the AI SDK's
// own provider. Off unless KIT_MODEL_URL is set; no test needs it.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { Say } from './messages.ts';
import { MODEL_ENV } from './model-env.ts';

const REACH_TIMEOUT_MS = 3_000;

export interface RealModel {
  model: LanguageModelV4;
  label: string;
  url: string;
}

/**
 * Checks that something answers at the endpoint before the loop starts, so a stopped Ollama is one clear
 * line (and exit 1) instead of a retry storm in the middle of step 3. Any HTTP answer counts as reachable.
 */
export async function connectRealModel(
  settings: { url: string; name: string; key?: string },
  t: Say,
): Promise<RealModel> {
  try {
    await fetch(`${settings.url}/models`, {
      signal: AbortSignal.timeout(REACH_TIMEOUT_MS),
      ...(settings.key ? { headers: { authorization: `Bearer ${settings.key}` } } : {}),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new Error(t('modelUnreachable', { url: settings.url, env: MODEL_ENV.url, reason }));
  }
  const provider = createOpenAICompatible({
    name: 'kit-model',
    baseURL: settings.url,
    ...(settings.key ? { apiKey: settings.key } : {}),
  });
  return { model: provider(settings.name), label: `${settings.name} @ ${settings.url}`, url: settings.url };
}
