import type { Lesson } from './lesson.ts';
import { logOnStdout } from './log-on-stdout.ts';
import { noFlush } from './no-flush.ts';
import { noNewline } from './no-newline.ts';
import { oneInThreeReads } from './one-in-three-reads.ts';
import { prettyJson } from './pretty-json.ts';
import { pythonClient } from './python-client.ts';
import { pythonServer } from './python-server.ts';
import { readToEof } from './read-to-eof.ts';
import { twoInOneRead } from './two-in-one-read.ts';

export type { Lesson, LessonContext } from './lesson.ts';

/** The pitfalls, in the order a class meets them: framing first, then buffering, then the two streams. */
export const pitfalls: Lesson[] = [
  noNewline,
  prettyJson,
  noFlush,
  twoInOneRead,
  oneInThreeReads,
  logOnStdout,
  readToEof,
];

/** The article's own Python programs against the kit's TypeScript, one direction each. */
export const pythonLessons: Lesson[] = [pythonServer, pythonClient];

/** Every lesson, in the order --lesson all runs them. */
export const lessons: Lesson[] = [...pitfalls, ...pythonLessons];
