import {
  bodyText,
  type ExchangeFrame,
  type HttpEndFrame,
  type HttpRequestFrame,
  type HttpResponseFrame,
  type SseEventFrame,
  type StdioLineFrame,
} from './frames.ts';

/** One HTTP request and what came back: a whole body, or an SSE head, its events and its end. */
export interface HttpExchange {
  transport: 'http';
  request: HttpRequestFrame;
  response?: HttpResponseFrame;
  events: SseEventFrame[];
  end?: HttpEndFrame;
}

/** One line a client wrote on stdio, and the lines the server wrote for it (notifications, then the answer). */
export interface StdioExchange {
  transport: 'stdio';
  request: StdioLineFrame;
  replies: StdioLineFrame[];
}

export type Exchange = HttpExchange | StdioExchange;

type RpcId = string | number | null;

/** The JSON-RPC id of a line, `undefined` when it has none (a notification) or is not JSON-RPC at all. */
export function rpcIdOf(text: string): RpcId | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || !('id' in value)) return undefined;
    const { id } = value;
    return typeof id === 'string' || typeof id === 'number' || id === null ? id : undefined;
  } catch {
    return undefined;
  }
}

function isRpcResponse(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return (
      typeof value === 'object' &&
      value !== null &&
      !('method' in value) &&
      ('result' in value || 'error' in value)
    );
  } catch {
    return false;
  }
}

/**
 * Groups a recording's frames into exchanges, in the order their requests were sent. HTTP frames carry
 * their exchange number; stdio lines are paired by JSON-RPC id, and a server notification (progress) goes
 * with the request still waiting for its answer.
 */
export function groupExchanges(frames: readonly ExchangeFrame[]): Exchange[] {
  const exchanges: Exchange[] = [];
  const http = new Map<number, HttpExchange>();
  const waiting: { id: RpcId | undefined; exchange: StdioExchange }[] = [];
  for (const frame of frames) {
    switch (frame.kind) {
      case 'http-request': {
        const exchange: HttpExchange = { transport: 'http', request: frame, events: [] };
        http.set(frame.exchange, exchange);
        exchanges.push(exchange);
        break;
      }
      case 'http-response': {
        const exchange = http.get(frame.exchange);
        if (exchange) exchange.response = frame;
        break;
      }
      case 'sse-event':
        http.get(frame.exchange)?.events.push(frame);
        break;
      case 'http-end': {
        const exchange = http.get(frame.exchange);
        if (exchange) exchange.end = frame;
        break;
      }
      case 'stdio-line': {
        const text = bodyText(frame.line);
        if (frame.direction === 'client-to-server') {
          const exchange: StdioExchange = { transport: 'stdio', request: frame, replies: [] };
          exchanges.push(exchange);
          // A notification from the client gets no answer; anything else waits for one.
          const id = rpcIdOf(text);
          const isNotification = id === undefined && text.includes('"method"');
          if (!isNotification) waiting.push({ id, exchange });
          break;
        }
        const id = rpcIdOf(text);
        const answer = isRpcResponse(text);
        // An answer goes to the request with its id; an error with id null, to the oldest request without one.
        const index = answer
          ? waiting.findIndex((w) => w.id === id || (id === null && w.id === undefined))
          : waiting.length - 1;
        const owner = waiting[index === -1 ? waiting.length - 1 : index];
        if (!owner) break;
        owner.exchange.replies.push(frame);
        if (answer && index !== -1) waiting.splice(index, 1);
        break;
      }
    }
  }
  return exchanges;
}
