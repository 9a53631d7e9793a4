import type { SseEvent } from '@memos-kit/protocol';
import { type ArticleRequest, loadArticleRequest } from './article-request.ts';
import { type CallObservation, type CallOutcome, streamCall } from './live-call.ts';
import type { ServerWrite, TappedServer } from './tapped-server.ts';
import { createTeachingParser } from './teaching-parser.ts';

/** One line of a merged timeline: who did what, in ms since the client sent the request. */
export interface TimelineEntry {
  at: number;
  side: 'server' | 'client';
  what: string;
  /** Events this step completed (server: written whole; client: dispatched by the parser). */
  events: SseEvent[];
  bytes: number;
}

export interface ProxiedRun {
  path: string;
  timeline: TimelineEntry[];
  status: number;
  headers: Array<[string, string]>;
  /** When the client had each event, by index (0: progress, 1: result in the article's call). */
  clientEventAt: number[];
  /** When the server wrote the write that completed each event. */
  serverEventAt: number[];
  /** The read each event arrived in. */
  clientEventRead: number[];
}

/**
 * Turns the server's writes into timeline entries as they happen, labelled by the events each write
 * completes (found with the same parser the lesson teaches).
 */
function serverSide(emit: (entry: TimelineEntry) => void) {
  let completed: SseEvent[] = [];
  const parser = createTeachingParser({ onEvent: (event) => completed.push(event) });
  return (write: ServerWrite, at: number) => {
    if (write.kind === 'close') return;
    if (write.kind === 'head') {
      emit({ at, side: 'server', what: 'head', events: [], bytes: 0 });
      return;
    }
    completed = [];
    parser.push(write.bytes);
    if (write.bytes.length === 0 && write.kind === 'write') return;
    const what = write.kind === 'end' ? 'ended the response' : 'wrote';
    emit({ at, side: 'server', what, events: completed, bytes: write.bytes.length });
  };
}

export interface ProxiedCallOptions {
  request?: ArticleRequest;
  /**
   * Called with each entry as it happens (server writes, client headers and reads), so a lesson can print
   * the story live instead of after the run. A read comes with the events it completed.
   */
  onEntry?: (entry: TimelineEntry) => void;
}

/**
 * Sends the article's request to `baseUrl + path` and follows, on one clock (ms since the client sent the
 * request), what the server wrote and what the client read.
 */
export async function runProxiedCall(
  baseUrl: string,
  path: string,
  server: TappedServer,
  options: ProxiedCallOptions = {},
): Promise<ProxiedRun> {
  const { request = loadArticleRequest(), onEntry } = options;
  const ours = server.responses.length;
  const entries: TimelineEntry[] = [];
  const emit = (entry: TimelineEntry) => {
    entries.push(entry);
    onEntry?.(entry);
  };
  const serverEventAt: number[] = [];
  const clientEventAt: number[] = [];
  const clientEventRead: number[] = [];
  let startedAt = Number.NaN;
  const onServerEntry = serverSide((entry) => {
    for (const _ of entry.events) serverEventAt.push(entry.at);
    emit(entry);
  });
  const stopListening = server.onWrite((write, response) => {
    if (response === ours) onServerEntry(write, write.at - startedAt);
  });

  let reads = 0;
  let read: TimelineEntry | undefined;
  const observe = (observation: CallObservation) => {
    if (observation.type === 'request') startedAt = observation.startedAt;
    if (observation.type === 'headers')
      emit({ at: observation.at, side: 'client', what: 'headers', events: [], bytes: 0 });
    if (observation.type === 'read') {
      reads++;
      const entry: TimelineEntry = {
        at: observation.at,
        side: 'client',
        what: 'read',
        events: [],
        bytes: observation.bytes.length,
      };
      read = entry;
      // streamCall announces the events a read completes synchronously right after the read itself, so
      // by the next microtask the entry is whole and can be shown on one line.
      queueMicrotask(() => {
        if (read === entry) read = undefined;
        emit(entry);
      });
    }
    if (observation.type === 'event') {
      // One clock for the whole story: the client had the event when the read that completed it arrived.
      clientEventAt[observation.index] = read?.at ?? observation.at;
      clientEventRead[observation.index] = reads;
      if (read) read.events.push(observation.teaching);
      else
        emit({ at: observation.at, side: 'client', what: 'end', events: [observation.teaching], bytes: 0 });
    }
  };
  let outcome: CallOutcome;
  try {
    outcome = await streamCall(baseUrl, { ...request, path }, { observe });
  } finally {
    stopListening();
  }
  return {
    path,
    timeline: entries.toSorted((a, b) => a.at - b.at),
    status: outcome.status,
    headers: outcome.headers,
    clientEventAt,
    serverEventAt,
    clientEventRead,
  };
}

/**
 * One plain call first (the article's id 1, answered as JSON with no pace), so the timings that follow
 * show the proxy, not the first request's start-up work.
 */
export async function warmUp(baseUrl: string): Promise<void> {
  const request = loadArticleRequest('mcp-tools-call');
  const response = await fetch(new URL(request.path, baseUrl), {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  await response.arrayBuffer();
}
