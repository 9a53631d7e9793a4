/** How long a line of the server log may wait before it is written. */
export const LOG_FLUSH_MS = 100;

export interface ServerLog {
  /** Adds one line (without its newline); it is written within `LOG_FLUSH_MS`, with any others by then. */
  line(text: string): void;
  /** Writes what is waiting now: before anything else goes to the same output, and at exit. */
  flush(): void;
}

/**
 * `pnpm serve`'s log of calls, written in batches instead of line by line. Node writes to a terminal or a
 * pipe synchronously, and each write also wakes whatever reads it (the terminal, pnpm): measured as users
 * run the kit, a write per tools/call cost about 0.2 ms of each call, on the call's own path. Batched, a
 * burst of calls costs one write, made after their answers, and a person watching sees a line within a
 * tenth of a second.
 */
export function batchedLog(out: { write(text: string): unknown }, flushMs = LOG_FLUSH_MS): ServerLog {
  let waiting = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (waiting === '') return;
    const text = waiting;
    waiting = '';
    out.write(text);
  };
  return {
    line(text) {
      waiting += `${text}\n`;
      // Unref'd: a line waiting to be written never keeps the process alive; the exit flush writes it.
      timer ??= setTimeout(flush, flushMs).unref();
    },
    flush,
  };
}
