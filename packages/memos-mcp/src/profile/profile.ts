/**
 * What the server offers. `article` is the article's server and Memos' own adapter: tools only,
 * `capabilities: {tools: {}}`, so every recorded exchange of the article replays as printed. `full` adds
 * the rest of MCP 2026-07-28 a class asks about: memos as resources, prompts, a confirmation by
 * `input_required` before a destructive tool runs, and `notifications/resources/list_changed` on a
 * `subscriptions/listen` stream.
 */
export type Profile = 'article' | 'full';

export const PROFILES: readonly Profile[] = ['article', 'full'];
export const DEFAULT_PROFILE: Profile = 'article';

export function isProfile(value: string): value is Profile {
  return (PROFILES as readonly string[]).includes(value);
}
