// The tour's `--json` report names a JSON Schema; the site publishes it so readers can open it in a browser.
// The file is made from the report's one schema (@memos-kit/recording/tour-report, which the tour writes by and
// `pnpm replay` reads by). The build copies it into the site and the dev server serves it from there, so the
// published schema cannot drift from the one the tour's tests validate against.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { UserConfig } from 'vitepress';

// VitePress's own Vite (not whichever Vite the workspace hoists for vitest).
type VitePlugin = Extract<NonNullable<NonNullable<UserConfig['vite']>['plugins']>[number], { name: string }>;

/** The schema's path on the site, from the site root. */
export const tourSchemaPath = '/schema/tour-report.schema.json';

const require = createRequire(import.meta.url);

/** The file the tour ships and its tests validate against, found through the tour's package exports. */
export const tourSchemaSource = require.resolve('@memos-kit/recording/tour-report.schema.json');

/** Copies the schema into a built site (VitePress's outDir); returns where it went. */
export function publishTourSchema(outDir: string): string {
  const target = join(outDir, tourSchemaPath);
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(tourSchemaSource, target);
  return target;
}

/** Serves the schema under the same path in `pnpm docs:dev`. */
export function serveTourSchema(): VitePlugin {
  return {
    name: 'memos-kit:tour-schema',
    configureServer(server) {
      server.middlewares.use(tourSchemaPath, (_req, res) => {
        res.setHeader('Content-Type', 'application/schema+json');
        res.end(readFileSync(tourSchemaSource));
      });
    },
  };
}
