import type { Lesson } from './lesson.ts';
import { logOnStdout } from './log-on-stdout.ts';
import { noFlush } from './no-flush.ts';
import { noNewline } from './no-newline.ts';
import { oneInThreeReads } from './one-in-three-reads.ts';
import { prettyJson } from './pretty-json.ts';
import { readToEof } from './read-to-eof.ts';
import { twoInOneRead } from './two-in-one-read.ts';

export type { Lesson, LessonContext } from './lesson.ts';

/** In the order a class meets them: framing first, then buffering, then the two streams. */
export const lessons: Lesson[] = [
  noNewline,
  prettyJson,
  noFlush,
  twoInOneRead,
  oneInThreeReads,
  logOnStdout,
  readToEof,
];
