/**
 * `pnpm demo | head` closes the pipe after ten lines; the next write then fails with EPIPE. That is the
 * reader saying "enough", not an error: stop at once and quietly instead of printing a stack trace.
 */
export function quietOnClosedPipe(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') process.exit(process.exitCode ?? 0);
    throw error;
  });
}
