/**
 * How every command of the kit stops. Ctrl-C (SIGINT) or SIGTERM runs each `close` registered here once,
 * the newest first (a server stops accepting and drains what is in flight, a demo stops what it started,
 * the command says it stopped), and then exits: 0 after Ctrl-C, 143 after SIGTERM, as a shell reports it.
 * A second Ctrl-C or SIGTERM while they run exits at once (130 or 143).
 *
 * Ctrl-C ends with 0 because the person who pressed it asked for the stop. pnpm 12 prints a red
 * "[ELIFECYCLE] Command failed" for a script that ends with any other status or dies of a signal, and a
 * class reads that as "it broke".
 *
 * pnpm 12.4 also passes the SIGINT it gets from the terminal on to the script, which the terminal has
 * already interrupted: where pnpm runs node straight (when sh is bash, which execs the command) node hears
 * one Ctrl-C twice, a moment apart. A second SIGINT that close is taken for the same key.
 *
 * A server started through `pnpm serve` has pnpm (and a shell) above it, and a SIGTERM sent to pnpm alone
 * does not always reach it: it would keep serving on the port with nobody to stop it. So the process also
 * watches its parent, and when the parent is gone it closes the same way, as if told SIGTERM.
 */
export type StopSignal = 'SIGINT' | 'SIGTERM';

type Close = (signal: StopSignal) => Promise<void> | void;

interface Registration {
  close: Close;
  log: (line: string) => void;
  watchParentMs: number;
}

/** Within this, a second SIGINT is the first one delivered twice (see above), not a second Ctrl-C. */
const SAME_CTRL_C_MS = 300;

const registered: Registration[] = [];
let stopping: { signal: StopSignal; at: number } | undefined;
let watch: { ms: number; timer: NodeJS.Timeout } | undefined;
const parent = process.ppid;

function stop(signal: StopSignal): void {
  const now = Date.now();
  if (stopping) {
    if (signal === 'SIGINT' && stopping.signal === 'SIGINT' && now - stopping.at < SAME_CTRL_C_MS) return;
    process.exit(signal === 'SIGINT' ? 130 : 143);
  }
  stopping = { signal, at: now };
  // The orphaned parent stays gone: left running, the watch would count as a second signal at its next
  // tick and cut the drain short.
  clearInterval(watch?.timer);
  const closing = [...registered].reverse();
  void (async () => {
    let status = signal === 'SIGINT' ? 0 : 143;
    for (const { close, log } of closing) {
      try {
        await close(signal);
      } catch (error) {
        log(error instanceof Error ? error.message : String(error));
        status = 1;
      }
    }
    process.exit(status);
  })();
}

const onSigint = () => stop('SIGINT');
const onSigterm = () => stop('SIGTERM');

/** The parent watch at the shortest interval anyone registered asked for; none when nobody is registered. */
function rewatch(): void {
  const wanted = registered.map((entry) => entry.watchParentMs).filter((ms) => ms > 0);
  const ms = wanted.length > 0 ? Math.min(...wanted) : 0;
  if (watch?.ms === ms || stopping) return;
  clearInterval(watch?.timer);
  watch = undefined;
  // An orphan is adopted by init or a subreaper, so its parent id changes; polling is the portable way to
  // notice (Linux's PR_SET_PDEATHSIG is not reachable from Node). unref: the watch alone keeps nothing alive.
  if (ms > 0)
    watch = {
      ms,
      timer: setInterval(() => {
        if (process.ppid !== parent) stop('SIGTERM');
      }, ms).unref(),
    };
}

/**
 * Runs `close` when the process is told to stop (see above). Returns a function that takes it back; the
 * signal handlers go once nothing is registered.
 */
export function closeOnSignals(
  close: Close,
  {
    log = (line: string) => process.stderr.write(`${line}\n`),
    watchParentMs = 500,
  }: { log?: (line: string) => void; watchParentMs?: number } = {},
): () => void {
  const registration: Registration = { close, log, watchParentMs };
  if (registered.length === 0) {
    process.on('SIGINT', onSigint);
    process.on('SIGTERM', onSigterm);
  }
  registered.push(registration);
  rewatch();
  return () => {
    const at = registered.indexOf(registration);
    if (at === -1) return;
    registered.splice(at, 1);
    rewatch();
    if (registered.length === 0) {
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigterm);
    }
  };
}
