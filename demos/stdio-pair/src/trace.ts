import { type Paint, padStartToWidth, stringWidth, wrapText } from '@memos-kit/terminal';
import { type ServerProcess, watchStdin } from './client.ts';
import type { Say } from './messages.ts';

/** One thing that happened on one of the three pipes between client and server. */
export type PipeEvent =
  | { kind: 'bytes'; fd: 0 | 1 | 2; bytes: Buffer }
  | { kind: 'eof'; fd: 0 | 1 | 2 }
  | { kind: 'exit'; code: number | null; signal: NodeJS.Signals | null };

/**
 * Watches the server's pipes from the client's side: what the client writes into fd 0, what it reads
 * from fd 1 and fd 2, in the order it happens. Writes are reported by the client's writeMessage; reading
 * is shared with the client's own reader ('data' reaches every listener), so tracing changes nothing.
 */
export function tracePipes(server: ServerProcess, record: (event: PipeEvent) => void): void {
  watchStdin(server, (bytes) => record({ kind: 'bytes', fd: 0, bytes }));
  server.stdin.once('finish', () => record({ kind: 'eof', fd: 0 }));
  server.stdout.on('data', (bytes: Buffer) => record({ kind: 'bytes', fd: 1, bytes }));
  server.stdout.once('end', () => record({ kind: 'eof', fd: 1 }));
  server.stderr?.on('data', (bytes: Buffer) => record({ kind: 'bytes', fd: 2, bytes }));
  // 'close' rather than 'exit': it comes after the pipes have ended, so the trace reads in order.
  server.once('close', (code, signal) => record({ kind: 'exit', code, signal }));
}

const PIPES = {
  0: { label: 'A', route: 'client → stdin  (fd 0)' },
  1: { label: 'B', route: 'stdout (fd 1) → client' },
  2: { label: 'C', route: 'stderr (fd 2) → client' },
} as const;

/** Cells for the byte count ("344 bytes", "344 字节"), right-aligned. */
const COUNT = 9;
/** Columns before the bytes: "  A  " + route + "  " + count + "  ". */
const LEAD = 5 + PIPES[0].route.length + 2 + COUNT + 2;
/** Fewer columns than this cannot show both ends of a shortened message. */
const MIN_ROOM = 44;

/**
 * One event, on one line, or on a few when a read holds several lines (each message of a read on its own
 * line, under the first): pipe, direction, byte count and the bytes, with every 0x0A shown as \n. No line
 * is wider than `width` columns. The routes and the bytes are the same in every language; `t` says the rest.
 */
export function formatEvent(event: PipeEvent, paint: Paint, width: number, t: Say): string[] {
  if (event.kind === 'exit') {
    const how = event.signal
      ? t('exitSignal', { signal: event.signal })
      : t('exitCode', { code: String(event.code) });
    return [`  ${paint('muted', '·')}  ${how}`];
  }
  const pipe = PIPES[event.fd];
  const label = paint('bold', pipe.label);
  if (event.kind === 'eof') {
    const note = event.fd === 0 ? t('eofStdin') : t('eofServer');
    return [`  ${label}  ${pipe.route}  ${paint('magenta', padStartToWidth('EOF', COUNT))}  ${note}`];
  }
  const count = padStartToWidth(t('byteCount', { count: event.bytes.length }), COUNT);
  // Logs on fd 2 are for people, so they are wrapped but kept whole; protocol lines are shortened. On a very
  // narrow terminal the bytes keep a usable minimum and the terminal wraps what is left.
  const room = Math.max(MIN_ROOM, width - LEAD);
  const [first = '', ...rest] = preview(event.bytes, paint, t, room, event.fd === 2);
  return [
    `  ${label}  ${pipe.route}  ${paint('cyan', count)}  ${first}`,
    ...rest.map((line) => `${' '.repeat(LEAD)}${line}`),
  ];
}

/**
 * The bytes as text, one line of the output per line of the text, each newline byte made visible as \n.
 * Long lines are shortened in the middle (or, with `whole`, wrapped at spaces), many lines are cut down to
 * the first three and the last, and a chunk without any newline is marked as such (the reader cannot hand
 * anything out yet). No output line is wider than `width`.
 */
function preview(bytes: Buffer, paint: Paint, t: Say, width = 60, whole = false): string[] {
  const newline = paint(['bold', 'yellow'], '\\n');
  const noNewline = `  ${t('noNewline')}`;
  const ended = bytes.includes(0x0a);
  const segments = bytes.toString('utf8').split('\n');
  // The piece after the last \n is empty when the chunk ends with one: nothing to show for it.
  if (ended && segments.at(-1) === '') segments.pop();
  const last = segments.length - 1;
  const lines: string[] = [];
  segments.forEach((segment, index) => {
    if (segments.length > 5 && index >= 3 && index < last) {
      if (index === 3) lines.push(paint('muted', t('moreLines', { count: segments.length - 4 })));
      return;
    }
    const complete = index < last || ended;
    const room = width - (complete ? 2 : stringWidth(noNewline));
    const pieces = whole ? wrapText(segment, room) : [shorten(segment, room)];
    const tail = complete ? newline : paint('muted', noNewline);
    pieces[pieces.length - 1] += tail;
    lines.push(...pieces);
  });
  return lines;
}

function shorten(line: string, width: number): string {
  return line.length > width ? `${line.slice(0, width - 21)}…${line.slice(-20)}` : line;
}

/** Which code writes and reads each pipe, here and in the article's Python; prose wrapped to `width`. */
export function legend(paint: Paint, width: number, t: Say): string[] {
  const rows = [
    ['A', t('legendA'), 'Python: proc.stdin.write() → sys.stdin.buffer'],
    ['B', t('legendB'), 'Python: sys.stdout.buffer.write() → proc.stdout.readline()'],
    ['C', t('legendC'), t('legendCNote')],
  ];
  const prose = (text: string) => wrapText(text, width - 2).map((line) => `  ${line}`);
  return [
    ...rows.flatMap(([label = '', ours = '', theirs = '']) => [
      `  ${paint('bold', label)}  ${ours}`,
      ...wrapText(theirs, width - 5).map((line) => `     ${paint('muted', line)}`),
    ]),
    ...prose(t('legendNewline', { newline: paint(['bold', 'yellow'], '\\n') })),
    ...prose(t('legendEntries')),
  ];
}
