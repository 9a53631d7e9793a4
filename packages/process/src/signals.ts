/**
 * Ctrl-C or SIGTERM runs `close` once (stop accepting, drain what is in flight) and then exits; a second
 * signal while it drains exits at once. The exit status says which signal it was (130 or 143), as a shell would.
 */
export function closeOnSignals(
  close: (signal: NodeJS.Signals) => Promise<void>,
  { log = (line: string) => process.stderr.write(`${line}\n`) }: { log?: (line: string) => void } = {},
): () => void {
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    const status = signal === 'SIGINT' ? 130 : 143;
    if (closing) process.exit(status);
    closing = true;
    void close(signal).then(
      () => process.exit(status),
      (error: unknown) => {
        log(`${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  };
}
