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
      // The datasets date their memos relative to now.
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, 'TIMESTAMP')
  );
}
