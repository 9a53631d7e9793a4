// How this demo shows the wire, on the kit's Printer: each request and response head as it goes, the JSON
// bodies re-indented for reading on a projector (the recordings keep the bytes as sent), and each SSE event
// of a stream still open the moment it arrives.
import type { Printer } from '@memos-kit/terminal';
import type { HttpMessage } from '@memos-kit/wire';
import type { Exchange } from './requests.ts';

export function showExchange(printer: Printer, { request, response }: Exchange): void {
  showRequest(printer, request);
  showResponseHead(printer, response);
  showBody(printer, response.body);
}

export function showRequest(printer: Printer, message: HttpMessage): void {
  showHead(printer, 'out', message);
  showBody(printer, message.body);
}

export function showResponseHead(printer: Printer, message: HttpMessage): void {
  showHead(printer, 'in', message);
}

/** One SSE event of a stream still open, as it arrived. */
export function showEvent(printer: Printer, block: string): void {
  printer.line(`  ${printer.paint('warn', '⇠')} ${printer.paint('muted', 'event')}`);
  // An SSE data line is one line on the wire, so it stays one (wrapped) line here.
  for (const line of block.trimEnd().split('\n')) printer.wire(`    ${line}`);
}

function showHead(printer: Printer, direction: 'out' | 'in', message: HttpMessage): void {
  printer.line();
  printer.http({ direction, startLine: message.startLine, headers: message.headers });
}

function showBody(printer: Printer, body: string): void {
  if (body === '') return;
  if (body.startsWith('event:') || body.startsWith('data:')) {
    for (const block of body.split('\n\n').filter((part) => part.trim() !== ''))
      showEvent(printer, `${block}\n\n`);
    return;
  }
  let shown = body;
  try {
    shown = JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    // Not JSON: shown as it came.
  }
  for (const line of shown.split('\n')) printer.wire(`    ${line}`);
}
