/**
 * Ctrl-C or SIGTERM runs `close` once (stop accepting, drain what is in flight) and then exits; a second
 * signal while it drains exits at once. The exit status says which signal it was (130 or 143), as a shell would.
 *
 * A server started through `pnpm serve` has pnpm (and a shell) above it, and a SIGTERM sent to pnpm alone
 * does not always reach it: it would keep serving on the port with nobody to stop it. So it also watches its
 * parent, and when the parent is gone it closes the same way, as if told SIGTERM.
 */
export function closeOnSignals(
  close: (signal: NodeJS.Signals) => Promise<void>,
  {
    log = (line: string) => process.stderr.write(`${line}\n`),
    watchParentMs = 500,
  }: { log?: (line: string) => void; watchParentMs?: number } = {},
): () => void {
  let closing = false;
  let watch: NodeJS.Timeout | undefined;
  const stop = (signal: NodeJS.Signals) => {
    const status = signal === 'SIGINT' ? 130 : 143;
    if (closing) process.exit(status);
    closing = true;
    // The orphaned parent stays gone: left running, the watch would count as a second signal at its next
    // tick and cut the drain short.
    clearInterval(watch);
    void close(signal).then(
      () => process.exit(status),
      (error: unknown) => {
        log(`${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  const parent = process.ppid;
  // An orphan is adopted by init or a subreaper, so its parent id changes; polling is the portable way to
  // notice (Linux's PR_SET_PDEATHSIG is not reachable from Node). unref: the watch alone keeps nothing alive.
  if (watchParentMs > 0) {
    watch = setInterval(() => {
      if (process.ppid !== parent) stop('SIGTERM');
    }, watchParentMs).unref();
  }
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return () => {
    clearInterval(watch);
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  };
}
