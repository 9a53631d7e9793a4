// The hosts `pnpm connect` knows, as data, for pages and tests that name them.
export { findHost, HOSTS } from './hosts/index.ts';
export type { DocPage, FileSpec, Format, HostSpec, Os, Scope, Transport } from './hosts/types.ts';

/** The `pnpm connect` entry, for a page's test that runs the command it quotes. */
export const CONNECT_CLI = new URL('./cli.ts', import.meta.url);
