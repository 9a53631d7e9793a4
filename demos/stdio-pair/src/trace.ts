import type { ServerProcess } from './client.ts';
import type { Paint } from './terminal.ts';

/** One thing that happened on one of the three pipes between client and server. */
export type PipeEvent =
  | { kind: 'bytes'; fd: 0 | 1 | 2; bytes: Buffer }
  | { kind: 'eof'; fd: 0 | 1 | 2 }
  | { kind: 'exit'; code: number | null; signal: NodeJS.Signals | null };

/**
 * Watches the server's pipes from the client's side: what the client writes into fd 0, what it
 * reads from fd 1 and fd 2, in the order it happens. Reading is shared with the client's own
 * reader ('data' reaches every listener), so tracing changes nothing about the exchange.
 */
export function tracePipes(server: ServerProcess, record: (event: PipeEvent) => void): void {
  const write = server.stdin.write.bind(server.stdin) as (chunk: string | Uint8Array) => boolean;
  server.stdin.write = ((chunk: string | Uint8Array) => {
    record({ kind: 'bytes', fd: 0, bytes: Buffer.from(chunk) });
    return write(chunk);
  }) as typeof server.stdin.write;
  server.stdin.once('finish', () => record({ kind: 'eof', fd: 0 }));
  server.stdout.on('data', (bytes: Buffer) => record({ kind: 'bytes', fd: 1, bytes }));
  server.stdout.once('end', () => record({ kind: 'eof', fd: 1 }));
  server.stderr?.on('data', (bytes: Buffer) => record({ kind: 'bytes', fd: 2, bytes }));
  // 'close' rather than 'exit': it comes after the pipes have ended, so the trace reads in order.
  server.once('close', (code, signal) => record({ kind: 'exit', code, signal }));
}

const PIPES = {
  0: { label: 'A', route: 'client → server stdin  (fd 0)' },
  1: { label: 'B', route: 'server stdout (fd 1) → client' },
  2: { label: 'C', route: 'server stderr (fd 2) → client' },
} as const;

/** One line per event: pipe, direction, byte count and the bytes, with every 0x0A shown as \n. */
export function formatEvent(event: PipeEvent, paint: Paint): string {
  if (event.kind === 'exit') {
    const how = event.signal ? `killed by ${event.signal}` : `exited with code ${event.code}`;
    return `  ${paint('dim', '·')}  server ${how}`;
  }
  const pipe = PIPES[event.fd];
  const label = paint('bold', pipe.label);
  if (event.kind === 'eof') {
    const note =
      event.fd === 0 ? 'client closed stdin: the server reads EOF' : 'EOF: the server closed its end';
    return `  ${label}  ${pipe.route}  ${paint('magenta', 'EOF'.padStart(9))}  ${note}`;
  }
  const count = `${event.bytes.length} bytes`.padStart(9);
  // Logs on fd 2 are for people, so they are shown whole; protocol lines are shortened.
  const width = event.fd === 2 ? Number.POSITIVE_INFINITY : 64;
  return `  ${label}  ${pipe.route}  ${paint('cyan', count)}  ${preview(event.bytes, paint, width)}`;
}

/**
 * The bytes as text, each newline byte made visible as \n, long lines shortened in the middle,
 * and a chunk without any newline marked as such (the reader cannot hand anything out yet).
 */
export function preview(bytes: Buffer, paint: Paint, width = 64): string {
  const lines = bytes.toString('utf8').split('\n');
  const shown =
    lines.length > 5
      ? [...lines.slice(0, 3), paint('dim', `…${lines.length - 4} more lines…`), lines.at(-1) ?? '']
      : lines;
  const text = shown
    .map((line) => (line.length > width ? `${line.slice(0, width - 22)}…${line.slice(-20)}` : line))
    .join(paint(['bold', 'yellow'], '\\n'));
  return bytes.includes(0x0a) ? text : `${text}  ${paint('dim', '(no newline)')}`;
}

/** Which code writes and reads each pipe, here and in the article's Python. */
export function legend(paint: Paint): string[] {
  const rows = [
    [
      'A',
      'client writeMessage()  → server readLines(stdin)',
      'Python: proc.stdin.write()       → sys.stdin.buffer',
    ],
    [
      'B',
      'server stdout.write()  → client readLine()',
      'Python: sys.stdout.buffer.write() → proc.stdout.readline()',
    ],
    ['C', "the server's logs, piped only to count them", 'with --trace off they go straight to the terminal'],
  ];
  return [
    ...rows.map(
      ([label = '', ours = '', theirs = '']) =>
        `  ${paint('bold', label)}  ${ours.padEnd(50)}${paint('dim', theirs)}`,
    ),
    `  ${paint(['bold', 'yellow'], '\\n')} is the one byte 0x0A that ends a message; each line above is one write or one read.`,
  ];
}
