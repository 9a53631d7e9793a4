import { type PaceTimeline, type RunningAdapter, startServer } from '@memos-kit/memos-mcp';
import type { Lang } from '@memos-kit/terminal';
import { messages } from './messages.ts';

/**
 * `--fast` keeps the article's order (progress, a pause, the result) but shrinks the pauses, so the two
 * events still arrive in separate reads while a test run stays short.
 */
const FAST_TIMELINE: PaceTimeline = { progressAtMs: 50, resultAtMs: 250 };

export interface DemoServer {
  url: string;
  /** How the demo describes where the response comes from. */
  label: string;
  close(): Promise<void>;
}

/** The kit's own MCP adapter in this process, on a free loopback port, with the article's `empty` dataset. */
export async function startDemoServer(options: {
  fast: boolean;
  url?: string | undefined;
  lang: Lang;
}): Promise<DemoServer> {
  const say = messages.in(options.lang);
  if (options.url)
    return { url: options.url, label: say('serverAtUrl', { url: options.url }), close: async () => {} };
  const running: RunningAdapter = await startServer({
    host: '127.0.0.1',
    port: 0,
    dataset: 'empty',
    // startServer's declared type says 'article' | 'off'; the adapter also takes a timeline (PaceTimeline).
    pace: options.fast ? FAST_TIMELINE : 'article',
  });
  const pace = options.fast
    ? say('paceFast', { progress: FAST_TIMELINE.progressAtMs, result: FAST_TIMELINE.resultAtMs })
    : say('paceArticle');
  return {
    url: running.url,
    label: say('serverOwn', { url: running.mcpUrl, pace }),
    close: running.close,
  };
}
