import type { SseEvent } from '@memos-kit/protocol';

export interface SseHandlers {
  onEvent(event: SseEvent): void;
  onComment?(text: string): void;
}

/**
 * A parser fed with the bytes exactly as reads deliver them. `end()` says the body is over: a partial event
 * left at that point is dropped, as the SSE rules require.
 */
export interface ByteStreamParser {
  push(bytes: Uint8Array): void;
  end(): void;
}
