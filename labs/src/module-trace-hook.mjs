// The resolve hook behind module-trace.mjs. It runs on Node's loader thread, after any hook registered before
// it (tsx's, on a Node that does not strip types) has turned a specifier into a URL, and appends that URL and
// who asked for it to the trace file.
import { appendFileSync } from 'node:fs';

let file;

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(
    file,
    `${JSON.stringify({ url: resolved.url, from: context.parentURL ?? null, specifier })}\n`,
  );
  return resolved;
}
