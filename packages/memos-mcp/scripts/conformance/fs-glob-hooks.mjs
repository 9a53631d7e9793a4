// @modelcontextprotocol/conformance 0.2.0-alpha.12 imports `globSync` from 'fs' at the top of its bundle.
// `fs.globSync` exists from Node 22; on Node 20 the import alone kills the process before any scenario runs,
// although only the suite's `tier-check` command ever calls it. This resolve hook gives that one bundle an
// `fs` module with a `globSync` that explains itself; every other module gets the real `fs`.
const CONFORMANCE_DIST = '/@modelcontextprotocol/conformance/dist/';
const SHIM = new URL('./fs-with-glob.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if ((specifier === 'fs' || specifier === 'node:fs') && context.parentURL?.includes(CONFORMANCE_DIST)) {
    return { url: SHIM, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
