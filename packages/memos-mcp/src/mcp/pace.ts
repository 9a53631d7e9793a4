/**
 * When a tool call's messages are written. `off` (the default) sends each one as soon as it exists;
 * `article` reproduces the article's timeline for a live demo: progress at 1 s, the result at 3 s.
 */
export type Pace = 'article' | 'off';

export interface PaceTimeline {
  progressAtMs: number;
  resultAtMs: number;
}

export const ARTICLE_TIMELINE: PaceTimeline = { progressAtMs: 1000, resultAtMs: 3000 };

export function timelineFor(pace: Pace | PaceTimeline | undefined): PaceTimeline | undefined {
  if (pace === undefined || pace === 'off') return undefined;
  return pace === 'article' ? ARTICLE_TIMELINE : pace;
}

/** Waits until `atMs` after `startedAt`, or rejects at once when the call is cancelled. */
export function waitUntil(startedAt: number, atMs: number, signal: AbortSignal): Promise<void> {
  const delay = startedAt + atMs - performance.now();
  if (signal.aborted) return Promise.reject(signal.reason);
  if (delay <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, delay);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
