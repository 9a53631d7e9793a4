// Where the mock listens unless told otherwise, in a module of its own so that reading the defaults (a CLI's
// option table) does not load the app and Express.

/** Loopback only, and Memos' own port, so a class's curl lines work unchanged. */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 5230;
