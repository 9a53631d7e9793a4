/**
 * What the two Python lessons share: the Python they run, the way they name files and commands on screen,
 * and the check of a pipe's bytes against the article's (fixtures/08-stdio).
 */
import { basename, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFixture } from '@memos-kit/wire';
import type { MessageKey } from '../messages.ts';
import { findPython, type Python } from '../python.ts';
import type { PipeEvent } from '../trace.ts';
import { type LessonContext, note } from './lesson.ts';

const KIT_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const stdioFixture = loadFixture('stdio-tools-call');

export type FixtureFile = 'request' | 'response' | 'stderr' | 'stdout';

/** A fixture file's bytes (fixtures/08-stdio). */
export const fixtureBytes = (key: FixtureFile): Buffer => Buffer.from(stdioFixture.text(key), 'utf8');

/** A file as a person types it from the kit's root: relative, with `/`. The run itself uses absolute paths. */
export const fromRoot = (path: string): string => relative(KIT_ROOT, path).split(sep).join('/');

/** A command as a person types it from the kit's root: `python3`, `node` and the files relative to it. */
export function shownCommand(python: Python | undefined, argv: readonly string[]): string {
  const shown = argv.map((arg) => {
    if (arg === process.execPath) return 'node';
    return arg.startsWith(KIT_ROOT) ? fromRoot(arg) : arg;
  });
  const interpreter = python ? [basename(python.command).replace(/\.exe$/i, ''), ...python.args] : [];
  return [...interpreter, ...shown].join(' ');
}

/**
 * The Python the lesson runs, named in a muted line; or, when there is none, the one line that says so (the
 * lesson then ends, and the command with 0).
 */
export function pythonOrSay(ctx: LessonContext): Python | undefined {
  const python = findPython();
  if (python) note(ctx, ctx.say('pythonFound', { version: python.version, path: python.command }));
  else ctx.printer.line(ctx.say('noPython'));
  return python;
}

/**
 * ✓ when `bytes` are the fixture file's, ✗ when not: `what` (a pipe, the printed line) against the file.
 * Returns whether they are.
 */
export function compareWithFixture(
  ctx: LessonContext,
  what: MessageKey,
  bytes: Buffer,
  key: FixtureFile,
): boolean {
  const same = bytes.equals(fixtureBytes(key));
  ctx.printer.verdict(
    same,
    ctx.say('againstFixture', {
      what: ctx.say(what),
      file: fromRoot(stdioFixture.path(key)),
      verdict: ctx.say(same ? 'sameBytes' : 'otherBytes'),
    }),
  );
  return same;
}

/** Every byte that crossed one pipe, in order. */
export function bytesOn(events: readonly PipeEvent[], fd: 0 | 1 | 2): Buffer {
  return Buffer.concat(
    events.flatMap((event) => (event.kind === 'bytes' && event.fd === fd ? [event.bytes] : [])),
  );
}
