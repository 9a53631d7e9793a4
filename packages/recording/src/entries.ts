// What other packages start as a process of its own: the entry, named here, so the tour's --replay starts
// the replay server the way `pnpm replay` does without knowing where in this package the file lives.

/** `pnpm replay`: a recording served back over HTTP, or over stdio with `--transport stdio`. */
export const replayEntry = new URL('./cli.ts', import.meta.url);
