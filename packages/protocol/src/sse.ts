import { createParser } from 'eventsource-parser';

/** One dispatched server-sent event (WHATWG HTML, "Server-sent events"), as the kit reads and shows it. */
export interface SseEvent {
  /** The `event:` field; absent means the default type, `message`. */
  event?: string | undefined;
  data: string;
  id?: string | undefined;
}

/**
 * An SSE reader fed text as it arrives, calling `onEvent` with each event once complete. It is
 * eventsource-parser, the library the SDK's client uses too; the demos hand-write one to teach.
 */
export function createSseParser(onEvent: (event: SseEvent) => void): { feed(text: string): void } {
  return createParser({
    onEvent: (message) =>
      onEvent({
        data: message.data,
        ...(message.event !== undefined ? { event: message.event } : {}),
        ...(message.id !== undefined ? { id: message.id } : {}),
      }),
  });
}

/** The events of a whole SSE body. */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  createSseParser((event) => events.push(event)).feed(text);
  return events;
}

/** An event cut from a stream with the text it was written as, so it can be written again byte for byte. */
export interface RawSseEvent extends SseEvent {
  raw: string;
}

/**
 * Cuts an SSE body into events as its bytes arrive: an event ends at a blank line (LF or CRLF). Each event
 * keeps its raw text, blank line included; its fields come from {@link parseSse}.
 */
export class SseSplitter {
  #buffer = '';
  readonly #decoder = new TextDecoder();

  push(chunk: Uint8Array | string): RawSseEvent[] {
    this.#buffer += typeof chunk === 'string' ? chunk : this.#decoder.decode(chunk, { stream: true });
    const events: RawSseEvent[] = [];
    for (let end = blankLineEnd(this.#buffer); end !== -1; end = blankLineEnd(this.#buffer)) {
      const raw = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end);
      const [parsed] = parseSse(raw);
      events.push({ raw, data: parsed?.data ?? '', ...withoutData(parsed) });
    }
    return events;
  }

  /** What is left when the stream ends without a final blank line. */
  rest(): string {
    return this.#buffer + this.#decoder.decode();
  }
}

function withoutData(event: SseEvent | undefined): Omit<SseEvent, 'data'> {
  if (!event) return {};
  const { data: _data, ...fields } = event;
  return fields;
}

function blankLineEnd(text: string): number {
  const match = /\r?\n\r?\n/.exec(text);
  return match ? match.index + match[0].length : -1;
}
