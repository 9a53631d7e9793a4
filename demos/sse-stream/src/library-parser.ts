import { createParser } from 'eventsource-parser';
import type { ByteStreamParser, SseHandlers } from './sse-event.ts';

// #region library-parser
/**
 * The production path: TextDecoder in stream mode turns bytes into text, and eventsource-parser (the library
 * the MCP SDK's client uses too) turns text into events. Same interface as the teaching parser, so the two
 * can be fed the very same reads and compared.
 */
export function createLibraryParser(handlers: SseHandlers): ByteStreamParser {
  const decoder = new TextDecoder('utf-8');
  const parser = createParser({
    onEvent: (message) => handlers.onEvent(message),
    onComment: (comment) => handlers.onComment?.(comment),
  });
  let lastText = '';
  const feed = (text: string) => {
    if (text !== '') lastText = text;
    parser.feed(text);
  };
  return {
    push: (bytes) => feed(decoder.decode(bytes, { stream: true })),
    end: () => {
      feed(decoder.decode());
      // eventsource-parser holds a final CR back in case a LF follows. At the end of the body none will, so
      // complete it as a CRLF: otherwise a stream with bare-CR line endings would lose its last event.
      if (lastText.endsWith('\r')) parser.feed('\n');
    },
  };
}
// #endregion library-parser
