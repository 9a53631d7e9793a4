import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('../', import.meta.url));
const mainPath = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export interface TourProcess {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  exited: Promise<number | string>;
  /** Resolves when stdout satisfies `ready`; rejects if the process ends first. */
  waitFor(ready: RegExp | ((stdout: string) => boolean)): Promise<void>;
}

/** The tour as a separate process, exactly as `pnpm demo` runs it, so ports and children are its own. */
export function startTour(args: readonly string[], env: NodeJS.ProcessEnv = {}): TourProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', mainPath, ...args], {
    cwd: packageDir,
    env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const listeners = new Set<() => void>();
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    out += chunk;
    for (const listener of listeners) listener();
  });
  child.stderr.on('data', (chunk: string) => {
    err += chunk;
  });
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => {
      resolve(code ?? signal ?? 'unknown');
      for (const listener of listeners) listener();
    });
  });
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor(ready) {
      const test = typeof ready === 'function' ? ready : (text: string) => ready.test(text);
      return new Promise((resolve, reject) => {
        const check = () => {
          if (test(out)) {
            listeners.delete(check);
            resolve();
          } else if (child.exitCode !== null || child.signalCode !== null) {
            listeners.delete(check);
            reject(new Error(`the tour ended before the awaited output:\n${out}\n${err}`));
          }
        };
        listeners.add(check);
        check();
      });
    },
  };
}

/** Stops a tour a test left running (the test failed half-way), so no test leaves a process behind. */
export async function stopTour(tour: TourProcess | undefined): Promise<void> {
  if (!tour || tour.child.exitCode !== null || tour.child.signalCode !== null) return;
  tour.child.kill('SIGKILL');
  await tour.exited;
}

export function portIsClosed(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

export function processIsGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
