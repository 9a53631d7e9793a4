// A data loader runs in Node, bundled by Vite's config bundler, which leaves every package import for Node to
// load, and Node does not run a package's TypeScript source. tsx does: a loader loads the kit's packages, and
// the modules of this folder that use them, through it, by name.
import { tsImport } from 'tsx/esm/api';

/** Imports a module (a package name, or a path relative to this folder) from its TypeScript source. */
export function loadKit<Module>(specifier: string): Promise<Module> {
  return tsImport(specifier, import.meta.url) as Promise<Module>;
}
