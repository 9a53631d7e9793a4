import type { SseEvent } from '@memos-kit/protocol';
import type { ArticleRequest } from './article-request.ts';
import { createLibraryParser } from './library-parser.ts';
import { createTeachingParser } from './teaching-parser.ts';

/** What a client sees of one streamed call, in the order it sees it. `at` is ms since the request went out. */
export type CallObservation =
  | {
      type: 'request';
      at: number;
      url: string;
      /** performance.now() at this moment, to put another clock in the same process (a server's) on ours. */
      startedAt: number;
    }
  | { type: 'headers'; at: number; status: number; statusText: string; headers: Array<[string, string]> }
  | { type: 'read'; at: number; index: number; bytes: Uint8Array }
  | {
      type: 'event';
      at: number;
      index: number;
      teaching: SseEvent;
      /** What eventsource-parser made of the same reads so far (undefined: not dispatched yet). */
      library: SseEvent | undefined;
      message: unknown;
    }
  | { type: 'end'; at: number; reads: number; teaching: SseEvent[]; library: SseEvent[] };

export interface CallOptions {
  observe?: (observation: CallObservation) => void;
  signal?: AbortSignal;
  /** Cancel the call (close the stream) as soon as this returns true for an event. */
  cancelWhen?: (message: unknown) => boolean;
}

export interface CallOutcome {
  /** performance.now() when the request went out: every `at` counts from here. */
  startedAt: number;
  status: number;
  headers: Array<[string, string]>;
  bytes: Uint8Array;
  reads: Uint8Array[];
  teaching: SseEvent[];
  library: SseEvent[];
  messages: unknown[];
  cancelled: boolean;
}

/** Sends the article's request with fetch and reads the SSE body read by read. */
export async function streamCall(
  baseUrl: string,
  request: ArticleRequest,
  options: CallOptions = {},
): Promise<CallOutcome> {
  const observe = options.observe ?? (() => {});
  const url = new URL(request.path, baseUrl).href;
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;

  observe({ type: 'request', at: 0, url, startedAt: started });
  const response = await fetch(url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal,
  });
  const headers = [...response.headers];
  observe({
    type: 'headers',
    at: elapsed(),
    status: response.status,
    statusText: response.statusText,
    headers,
  });

  const outcome: CallOutcome = {
    startedAt: started,
    status: response.status,
    headers,
    bytes: new Uint8Array(),
    reads: [],
    teaching: [],
    library: [],
    messages: [],
    cancelled: false,
  };
  if (!response.body) return outcome;

  const teaching = createTeachingParser({ onEvent: (event) => outcome.teaching.push(event) });
  const library = createLibraryParser({ onEvent: (event) => outcome.library.push(event) });
  const announce = () => {
    for (let index = outcome.messages.length; index < outcome.teaching.length; index++) {
      const event = outcome.teaching[index] as SseEvent;
      const message = parseData(event.data);
      outcome.messages.push(message);
      observe({
        type: 'event',
        at: elapsed(),
        index,
        teaching: event,
        library: outcome.library[index],
        message,
      });
      if (options.cancelWhen?.(message)) outcome.cancelled = true;
    }
  };

  // #region read-loop
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read(); // one read: whatever the socket had, not one event
      if (done) break;
      outcome.reads.push(value);
      observe({ type: 'read', at: elapsed(), index: outcome.reads.length - 1, bytes: value });
      teaching.push(value); // both parsers get the very same bytes
      library.push(value);
      announce(); // only events whose blank line has arrived come out
      if (outcome.cancelled) {
        await reader.cancel(); // closing the stream is how Streamable HTTP cancels a request
        break;
      }
    }
  } finally {
    reader.releaseLock();
  }
  if (!outcome.cancelled) {
    teaching.end();
    library.end();
    announce();
  }
  // #endregion read-loop

  outcome.bytes = concat(outcome.reads);
  observe({
    type: 'end',
    at: elapsed(),
    reads: outcome.reads.length,
    teaching: outcome.teaching,
    library: outcome.library,
  });
  return outcome;
}

export function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const all = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  return all;
}

/** An event's data as JSON, or a marker a printer can show: another SSE server may send plain text. */
export function parseData(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return { notJson: data };
  }
}
