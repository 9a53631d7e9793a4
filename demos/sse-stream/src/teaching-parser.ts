import type { ByteStreamParser, SseHandlers } from './sse-event.ts';

// #region teaching-parser
/**
 * A Server-Sent Events parser small enough to read in class. It keeps every piece of state a chunked body
 * forces on a client: undecoded bytes, an unfinished line, a CR that may be half of a CRLF, and the fields of
 * an event whose blank line has not arrived yet.
 */
export function createTeachingParser(handlers: SseHandlers): ByteStreamParser {
  const decoder = new TextDecoder('utf-8'); // keeps a split multi-byte character until its last byte arrives
  let partialLine = '';
  let lastLineEndedWithCr = false; // a LF that comes next belongs to that CR, it is not a blank line
  let eventType: string | undefined;
  let id: string | undefined; // per event, like eventsource-parser (a browser keeps the last one)
  let dataLines: string[] = [];

  function takeLine(line: string): void {
    if (line === '') {
      // The blank line is what ends an event; without any data line there is nothing to dispatch.
      if (dataLines.length > 0) handlers.onEvent({ event: eventType, id, data: dataLines.join('\n') });
      eventType = undefined;
      id = undefined;
      dataLines = [];
      return;
    }
    const colon = line.indexOf(':');
    if (colon === 0) {
      handlers.onComment?.(line.slice(line.startsWith(': ') ? 2 : 1)); // a keep-alive, never an event
      return;
    }
    const field = colon === -1 ? line : line.slice(0, colon);
    const raw = colon === -1 ? '' : line.slice(colon + 1);
    const value = raw.startsWith(' ') ? raw.slice(1) : raw;
    if (field === 'data') dataLines.push(value);
    else if (field === 'event') eventType = value || undefined;
    else if (field === 'id' && !value.includes('\0')) id = value;
    // `retry` and unknown fields do not change the event.
  }

  function takeText(text: string): void {
    if (text === '') return;
    const rest = lastLineEndedWithCr && text.startsWith('\n') ? text.slice(1) : text;
    const buffer = partialLine + rest;
    const lineEnd = /\r\n|\r|\n/g;
    let start = 0;
    lastLineEndedWithCr = false;
    for (let match = lineEnd.exec(buffer); match !== null; match = lineEnd.exec(buffer)) {
      takeLine(buffer.slice(start, match.index));
      start = match.index + match[0].length;
      lastLineEndedWithCr = match[0] === '\r' && start === buffer.length;
    }
    partialLine = buffer.slice(start);
  }

  return {
    push: (bytes) => takeText(decoder.decode(bytes, { stream: true })),
    end: () => takeText(decoder.decode()),
  };
}
// #endregion teaching-parser
