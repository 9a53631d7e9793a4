// Which real model the environment asks for: read before anything is loaded, so the AI SDK's provider is
// loaded only when a model is asked for.

export const MODEL_ENV = { url: 'KIT_MODEL_URL', name: 'KIT_MODEL', key: 'KIT_MODEL_KEY' } as const;

/** What Ollama's documentation pulls first; any model that supports tool calling works. */
const DEFAULT_MODEL = 'qwen2.5:7b';

/** The model the environment asks for, or undefined when it asks for none. */
export function realModelFromEnv(
  env: NodeJS.ProcessEnv,
): { url: string; name: string; key?: string } | undefined {
  const url = env[MODEL_ENV.url]?.trim();
  if (!url) return undefined;
  const key = env[MODEL_ENV.key]?.trim();
  return {
    url: url.replace(/\/+$/, ''),
    name: env[MODEL_ENV.name]?.trim() || DEFAULT_MODEL,
    ...(key ? { key } : {}),
  };
}
