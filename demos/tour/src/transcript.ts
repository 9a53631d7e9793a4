/**
 * A pattern whose characters may be split across lines: the tour cuts a long line to the width and
 * continues it under its indentation, so a value can start on one line and end on the next.
 */
function acrossLines(units: readonly string[]): string {
  return units.join('(?:\\n *)?');
}

// 2026-12-02T11:02:01Z, or with a fraction of a second; each `d` is one digit.
const isoTimestamp = new RegExp(
  acrossLines([...[...'dddd-dd-ddTdd:dd:dd'].map((c) => (c === 'd' ? '\\d' : c)), '(?:\\.\\d+)?', 'Z']),
  'g',
);

/**
 * What changes from one run of the tour to the next (ports, process ids, times, dates), replaced by
 * placeholders so a captured transcript can be compared with a fresh run.
 */
export function normalizeTranscript(text: string): string {
  return (
    text
      .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')
      .replace(/\bpid \d+/g, 'pid PID')
      .replace(/\+\d+\.\d{3} s\b/g, '+T s')
      .replace(/\b\d+ ms\b/g, 'T ms')
      .replace(/Date: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT/g, 'Date: DATE')
      // The datasets date their memos relative to now; a long line may be cut inside one.
      .replace(isoTimestamp, 'TIMESTAMP')
  );
}
