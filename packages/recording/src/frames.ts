// The recording format: one JSON object per line (JSONL), described by schema/recording-frame.schema.json.
// This module makes the frames' values, so it owns their types.

export const FORMAT = 'memos-kit-recording/1';

/** Raw bytes: the text when they are valid UTF-8, base64 when they are not (a recording never guesses). */
export type Body = { encoding: 'utf8'; text: string } | { encoding: 'base64'; base64: string };

export type Headers = [string, string][];
export type Direction = 'client-to-server' | 'server-to-client';

interface FrameBase {
  seq: number;
  /** ISO 8601, UTC, when the frame crossed the wire. */
  time: string;
  /** Milliseconds since the start frame, on a monotonic clock (what replay paces by). */
  elapsedMs: number;
}

export interface StartFrame extends FrameBase {
  kind: 'start';
  format: typeof FORMAT;
  protocolVersion: string;
  recorder: string;
  /** `kit`: answered by the kit's own servers; `article`: converted from the article's fixtures. */
  origin: 'kit' | 'article';
}

export interface HttpRequestFrame extends FrameBase {
  kind: 'http-request';
  transport: 'http';
  direction: 'client-to-server';
  exchange: number;
  method: string;
  target: string;
  headers: Headers;
  body: Body;
}

export interface HttpResponseFrame extends FrameBase {
  kind: 'http-response';
  transport: 'http';
  direction: 'server-to-client';
  exchange: number;
  status: number;
  reason: string;
  headers: Headers;
  /** Absent for an SSE stream: its events follow, then an http-end frame. */
  body?: Body;
}

export interface SseEventFrame extends FrameBase {
  kind: 'sse-event';
  transport: 'http';
  direction: 'server-to-client';
  exchange: number;
  /** The event as written, its blank line included. */
  raw: Body;
  event?: string;
  id?: string;
  data: string;
}

export interface HttpEndFrame extends FrameBase {
  kind: 'http-end';
  transport: 'http';
  direction: 'server-to-client';
  exchange: number;
  complete: boolean;
}

export interface StdioLineFrame extends FrameBase {
  kind: 'stdio-line';
  transport: 'stdio';
  direction: Direction;
  line: Body;
}

export type Frame =
  | StartFrame
  | HttpRequestFrame
  | HttpResponseFrame
  | SseEventFrame
  | HttpEndFrame
  | StdioLineFrame;
export type ExchangeFrame = Exclude<Frame, StartFrame>;

/** A frame before the writer numbers and times it. */
export type FrameInput = ExchangeFrame extends infer F
  ? F extends ExchangeFrame
    ? Omit<F, 'seq' | 'time' | 'elapsedMs'>
    : never
  : never;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Keeps bytes as text when they are UTF-8, so a reader sees the JSON; base64 when they are not. */
export function encodeBody(bytes: Uint8Array): Body {
  try {
    return { encoding: 'utf8', text: strictUtf8.decode(bytes) };
  } catch {
    return { encoding: 'base64', base64: Buffer.from(bytes).toString('base64') };
  }
}

export function textBody(text: string): Body {
  return { encoding: 'utf8', text };
}

export function bodyBytes(body: Body): Buffer {
  return body.encoding === 'utf8' ? Buffer.from(body.text, 'utf8') : Buffer.from(body.base64, 'base64');
}

/** The body as text for matching and diagrams (base64 bodies are shown as their bytes decoded leniently). */
export function bodyText(body: Body): string {
  return body.encoding === 'utf8' ? body.text : bodyBytes(body).toString('utf8');
}

export function headerValue(headers: Headers, name: string): string | undefined {
  const lower = name.toLowerCase();
  return headers.find(([n]) => n.toLowerCase() === lower)?.[1];
}
