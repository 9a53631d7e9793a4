import { parseSse } from '@memos-kit/wire';

export interface SplitEvent {
  raw: string;
  event?: string;
  id?: string;
  data: string;
}

/**
 * Cuts an SSE body into events as its bytes arrive: an event ends at a blank line (LF or CRLF). Each event
 * keeps its raw text, so a replay writes the same bytes; its fields come from the kit's SSE parser.
 */
export class SseSplitter {
  #buffer = '';
  readonly #decoder = new TextDecoder();

  push(chunk: Uint8Array): SplitEvent[] {
    this.#buffer += this.#decoder.decode(chunk, { stream: true });
    const events: SplitEvent[] = [];
    for (let end = blankLineEnd(this.#buffer); end !== -1; end = blankLineEnd(this.#buffer)) {
      const raw = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end);
      const [parsed] = parseSse(raw);
      events.push({
        raw,
        data: parsed?.data ?? '',
        ...(parsed?.event !== undefined ? { event: parsed.event } : {}),
        ...(parsed?.id !== undefined ? { id: parsed.id } : {}),
      });
    }
    return events;
  }

  /** What is left when the stream ends without a final blank line. */
  rest(): string {
    return this.#buffer + this.#decoder.decode();
  }
}

function blankLineEnd(text: string): number {
  const match = /\r?\n\r?\n/.exec(text);
  return match ? match.index + match[0].length : -1;
}
