import { type PaceTimeline, type RunningAdapter, startServer } from '@memos-kit/memos-mcp';

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
}): Promise<DemoServer> {
  if (options.url) return { url: options.url, label: `the server at ${options.url}`, close: async () => {} };
  const running: RunningAdapter = await startServer({
    host: '127.0.0.1',
    port: 0,
    dataset: 'empty',
    // startServer's declared type says 'article' | 'off'; the adapter also takes a timeline (PaceTimeline).
    pace: options.fast ? FAST_TIMELINE : 'article',
  });
  const pace = options.fast
    ? `fast pace (progress at ${FAST_TIMELINE.progressAtMs} ms, result at ${FAST_TIMELINE.resultAtMs} ms)`
    : "the article's pace (progress at 1 s, result at 3 s)";
  return {
    url: running.url,
    label: `the kit's MCP adapter at ${running.mcpUrl}, dataset "empty", ${pace}`,
    close: running.close,
  };
}
