import type { Server } from '@modelcontextprotocol/server';
import type { ToolRunner } from '../tools/tool-runner.ts';
import type { MemoListEvents } from './memo-events.ts';
import { PROMPT_CACHE_HINT, registerMemoPrompts } from './memo-prompts.ts';
import { RESOURCE_CACHE_HINTS, registerMemoResources } from './memo-resources.ts';

export { confirmDestructive } from './confirm-destructive.ts';
export { MemoListEvents, watchMemoList } from './memo-events.ts';
export { DEFAULT_PROFILE, PROFILES, type Profile } from './profile.ts';

/**
 * The full profile's capabilities. `resources.listChanged` is a promise kept: a memo created or deleted
 * sends `notifications/resources/list_changed` to every `subscriptions/listen` stream that asked for it.
 * No `resources.subscribe` (per-resource updates) and no `prompts.listChanged` (the prompts never change).
 */
export const FULL_CAPABILITIES = { tools: {}, resources: { listChanged: true }, prompts: {} };
/** The cache hints of the full profile's methods, for the `Server`'s `cacheHints` option. */
export const FULL_CACHE_HINTS = { ...RESOURCE_CACHE_HINTS, 'prompts/list': PROMPT_CACHE_HINT };

/**
 * Adds resources and prompts to a server of the full profile. With `memoEvents` (stdio: one long-lived
 * server per connection) a change of the memo list is sent through the server, and the SDK's stdio
 * entry routes it onto the connection's listen streams; over HTTP the endpoint's event bus does that.
 */
export function addFullProfile(
  server: Server,
  runner: ToolRunner,
  authorization: string | undefined,
  memoEvents?: MemoListEvents,
): void {
  registerMemoResources(server, runner, authorization);
  registerMemoPrompts(server, runner, authorization);
  if (memoEvents) {
    const off = memoEvents.on(() => {
      // The SDK's discarded discovery probe is never connected: it stops listening at the first change.
      server.sendResourceListChanged().catch(() => off());
    });
  }
}
