/**
 * What the tap (tap.ts) writes down: one JSON line per thing that passed through it, in the order it
 * passed, read back as the pipe trace's events. A file, because the tap's only other ways out are the
 * pipes it copies (the Python client closes every other descriptor of the processes it starts).
 */
import { appendFileSync, readFileSync } from 'node:fs';
import type { PipeEvent } from '../trace.ts';

type Logged =
  | { kind: 'bytes'; fd: 0 | 1 | 2; base64: string }
  | { kind: 'eof'; fd: 0 | 1 | 2 }
  | { kind: 'exit'; code: number | null; signal: NodeJS.Signals | null };

export function logEvent(file: string, event: PipeEvent): void {
  const logged: Logged =
    event.kind === 'bytes' ? { kind: 'bytes', fd: event.fd, base64: event.bytes.toString('base64') } : event;
  appendFileSync(file, `${JSON.stringify(logged)}\n`);
}

export function readEvents(file: string): PipeEvent[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const logged = JSON.parse(line) as Logged;
      return logged.kind === 'bytes'
        ? { kind: 'bytes', fd: logged.fd, bytes: Buffer.from(logged.base64, 'base64') }
        : logged;
    });
}
