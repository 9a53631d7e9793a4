// What the MCP adapter's stdio server needs before it answers its first request, without the app: the
// index loads Express and the routes, which a host's `server/discover` must not wait for.
export { DEFAULT_DATASET } from './dataset.ts';
export { filterErrorParts } from './filter/index.ts';
