// Writes schema/tour-report.schema.json from the zod schema in src/tour-report.ts, its one source, laid out
// as Biome lays out the kit's JSON: `pnpm --filter @memos-kit/recording write-schema` after changing the
// report's shape (test/tour-report.test.ts fails until the file says the same).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { tourReportJsonSchema, tourReportSchemaUrl } from '../src/tour-report.ts';

const file = fileURLToPath(tourReportSchemaUrl);
writeFileSync(file, `${JSON.stringify(tourReportJsonSchema(), null, 2)}\n`);
const require = createRequire(import.meta.url);
const biome = require.resolve('@biomejs/biome/bin/biome');
const formatted = spawnSync(process.execPath, [biome, 'format', '--write', file], { stdio: 'inherit' });
process.exitCode = formatted.status ?? 1;
