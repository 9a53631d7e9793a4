import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface SseEvent {
  /** The `event:` field; absent means the default type, `message`. */
  event?: string;
  data: string;
  id?: string;
}

/** Parses a whole SSE body with eventsource-parser, the production path (the demos hand-write one to teach). */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createParser({
    onEvent(message: EventSourceMessage) {
      const event: SseEvent = { data: message.data };
      if (message.event !== undefined) event.event = message.event;
      if (message.id !== undefined) event.id = message.id;
      events.push(event);
    },
  });
  parser.feed(text);
  return events;
}
