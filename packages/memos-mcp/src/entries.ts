// What other packages start as a process of its own: the entry, named here, so a demo starts the adapter
// the way `pnpm mcp:stdio` does without knowing where in this package the file lives.

/** `pnpm mcp:stdio`: the adapter over stdio, one JSON-RPC message per line. */
export const stdioEntry = new URL('./stdio.ts', import.meta.url);
