// The class's accounts: one token per student and one for the teacher. Random for each run unless a seed
// is given: a sheet printed the day before must still sign in, but a sheet left on a desk must not open
// next week's class, so stable tokens are a choice the teacher makes on purpose.
import { createHmac, randomBytes } from 'node:crypto';

export interface Account {
  /** `s01` … `s30`, or `teacher`. */
  id: string;
  token: string;
}

export interface ClassAccounts {
  teacher: Account;
  students: Account[];
}

export const MAX_STUDENTS = 200;

/** Lower-case letters and digits without look-alikes (no 0/o, 1/l/i): tokens are read off paper and typed. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function secret(bytes: Buffer, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHABET[(bytes[i] ?? 0) % ALPHABET.length];
  return text;
}

/** `s07` for student 7 (two digits up to 99, three beyond). */
const studentId = (n: number, count: number) => `s${String(n).padStart(count > 99 ? 3 : 2, '0')}`;

/**
 * The teacher's and each student's token. With `seed`, the same seed gives the same tokens (an HMAC of the
 * account's id), so a printed sheet stays valid; without, every run makes new ones.
 */
export function classAccounts(count: number, seed?: string): ClassAccounts {
  const bytesFor = (id: string) =>
    seed === undefined ? randomBytes(32) : createHmac('sha256', seed).update(id).digest();
  const account = (id: string, length: number): Account => ({
    id,
    token: `${id}-${secret(bytesFor(id), length)}`,
  });
  return {
    teacher: account('teacher', 20),
    students: Array.from({ length: count }, (_, i) => account(studentId(i + 1, count), 10)),
  };
}
