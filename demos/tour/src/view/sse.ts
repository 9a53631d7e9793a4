// An SSE response as it arrives: its head with the time it came, each event with its own time, what the
// client decodes from it, and when the body ended. The times are the point of the step, in the timing colour.
import { tryParseJson } from '@memos-kit/wire';
import type { HttpResponseRecord, SseEventRecord } from '../exchanges.ts';
import { paintJson } from '../json-layers.ts';
import { headerLines, statusLine } from './http.ts';
import { block, INDENT, type Screen, say } from './screen.ts';

function seconds(ms: number): string {
  return `+${(ms / 1000).toFixed(3)} s`;
}

/** The head of a response whose body is an event stream, the moment it came. */
export function showSseHead(
  screen: Screen,
  head: Pick<HttpResponseRecord, 'status' | 'reason' | 'headers' | 'headersMs'>,
): void {
  const { paint, printer } = screen;
  printer.wire(
    paint('muted', `← ${say(screen, 'response')} · ${head.status} ${head.reason} · text/event-stream`),
  );
  printer.wire(`${INDENT}${paint('timing', `${seconds(head.headersMs)}  ${say(screen, 'headersAt')}`)}`);
  block(screen, [statusLine(screen, head), ...headerLines(screen, head.headers, screen.step.shown), '']);
}

export function showSseEvent(screen: Screen, event: SseEventRecord, index: number): void {
  const { paint, printer } = screen;
  printer.wire(
    `${INDENT}${paint('timing', `${seconds(event.elapsedMs)}  ${say(screen, 'eventAt')} ${index + 1}`)}`,
  );
  const lines: string[] = [];
  if (event.event !== undefined) lines.push(paint('http', `event: ${event.event}`));
  if (event.id !== undefined) lines.push(paint('http', `id: ${event.id}`));
  for (const dataLine of event.data.split('\n')) {
    lines.push(`${paint('http', 'data:')} ${paintJson(dataLine, paint, 'jsonrpc')}`);
  }
  block(screen, [...lines, '']);
  // What the client gets once the event is complete: the data string parsed as one JSON-RPC message.
  const message = tryParseJson(event.data);
  if (message.ok) {
    printer.wire(`${INDENT}${INDENT}${paint('muted', say(screen, 'decoded'))}`);
    const pretty = paintJson(JSON.stringify(message.value, null, 2), paint, 'jsonrpc').split('\n');
    for (const line of pretty) printer.wire(`${INDENT}${INDENT}${line}`);
    printer.wire('');
  }
}

/** When the body ended: the stream was for this one request. */
export function showSseEnd(screen: Screen, response: HttpResponseRecord): void {
  screen.printer.wire(
    `${INDENT}${screen.paint('timing', `${seconds(response.endMs)}  ${say(screen, 'endAt')}`)}`,
  );
}
