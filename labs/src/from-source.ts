/**
 * Loads a module of the labs from its TypeScript source through tsx, even when the command asking for it runs
 * from a bundle (`pnpm lab` does, so listing the labs, a hint or `--help` start without a transform). The
 * check runner must come this way: it imports each lab's check.ts and the learner's own files, and the classes
 * those use (the SDK's ProtocolError, say) must be the very ones the runner compares against, which only one
 * module graph, tsx's, can give.
 */
import { createRequire } from 'node:module';

/** Resolved where the source lives; a bundle has this replaced by the same URL, so it holds in both. */
const TSX = import.meta.resolve('tsx');

let registered: Promise<unknown> | undefined;

/**
 * tsx registers its hooks once per process: started as `node --import tsx`, or by the launcher's fallback, it
 * is already there, and Node 20 knows `.ts` files only through it (tsx adds `.ts` to require's extensions).
 */
function withTsx(): Promise<unknown> {
  registered ??= '.ts' in createRequire(import.meta.url).extensions ? Promise.resolve() : import(TSX);
  return registered;
}

/** The module at `path` (relative to labs/src), from its source. */
export async function fromSource(path: string): Promise<unknown> {
  await withTsx();
  return import(new URL(path, import.meta.url).href);
}
