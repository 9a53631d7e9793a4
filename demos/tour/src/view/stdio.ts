// The stdio step: one line into the child's stdin, one line back from its stdout, and what it said on
// stderr, each shown as it crossed, since being one line is the point.
import type { StdioExchangeRecord } from '../exchanges.ts';
import { paintJson } from '../json-layers.ts';
import { block, type Screen, say } from './screen.ts';

export function showStdioRequest(screen: Screen, pid: number, line: string): void {
  const { paint, printer } = screen;
  printer.wire(paint('muted', `→ ${say(screen, 'sent')} · pid ${pid}`));
  block(screen, [paintJson(line, paint, 'jsonrpc')]);
}

export function showStdioResponse(screen: Screen, record: StdioExchangeRecord): void {
  const { paint, printer } = screen;
  printer.wire(paint('muted', `← ${say(screen, 'received')} · ${Math.round(record.response.elapsedMs)} ms`));
  block(screen, [paintJson(record.response.line, paint, 'jsonrpc')]);
  const stderr = record.response.stderr.replace(/\n$/, '');
  if (stderr !== '') {
    printer.wire(paint('muted', `· ${say(screen, 'stderr')}`));
    block(
      screen,
      stderr.split('\n').map((l) => paint('muted', l)),
    );
  }
}
