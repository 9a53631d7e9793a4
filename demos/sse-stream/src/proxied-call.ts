import { type ArticleRequest, loadArticleRequest } from './article-request.ts';
import { type CallObservation, streamCall } from './live-call.ts';
import type { SseEvent } from './sse-event.ts';
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

/** Labels the server's writes by the events each one completes, with the same parser the lesson teaches. */
function serverEntries(writes: ServerWrite[], startedAt: number): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  let completed: SseEvent[] = [];
  const parser = createTeachingParser({ onEvent: (event) => completed.push(event) });
  for (const write of writes) {
    if (write.kind === 'close') continue;
    if (write.kind === 'head') {
      entries.push({ at: write.at - startedAt, side: 'server', what: 'head', events: [], bytes: 0 });
      continue;
    }
    completed = [];
    parser.push(write.bytes);
    if (write.bytes.length === 0 && write.kind === 'write') continue;
    const what = write.kind === 'end' ? 'ended the response' : 'wrote';
    entries.push({
      at: write.at - startedAt,
      side: 'server',
      what,
      events: completed,
      bytes: write.bytes.length,
    });
  }
  return entries;
}

/** Sends the article's request to `baseUrl + path` and merges what the server wrote with what the client read. */
export async function runProxiedCall(
  baseUrl: string,
  path: string,
  server: TappedServer,
  request: ArticleRequest = loadArticleRequest(),
): Promise<ProxiedRun> {
  const before = server.responses.length;
  const client: TimelineEntry[] = [];
  const clientEventAt: number[] = [];
  const clientEventRead: number[] = [];
  let reads = 0;
  const observe = (observation: CallObservation) => {
    if (observation.type === 'headers')
      client.push({ at: observation.at, side: 'client', what: 'headers', events: [], bytes: 0 });
    if (observation.type === 'read') {
      reads++;
      client.push({
        at: observation.at,
        side: 'client',
        what: 'read',
        events: [],
        bytes: observation.bytes.length,
      });
    }
    if (observation.type === 'event') {
      clientEventAt[observation.index] = observation.at;
      clientEventRead[observation.index] = reads;
      client.at(-1)?.events.push(observation.teaching);
    }
  };
  const outcome = await streamCall(baseUrl, { ...request, path }, { observe });
  const writes = server.responses[before] ?? [];
  const serverSide = serverEntries(writes, outcome.startedAt);
  const serverEventAt: number[] = [];
  for (const entry of serverSide) for (const _ of entry.events) serverEventAt.push(entry.at);
  const timeline = [...serverSide, ...client].sort((a, b) => a.at - b.at);
  return {
    path,
    timeline,
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
