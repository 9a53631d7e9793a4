// cel-js, loaded at the first filter rather than when the server starts: most starts never see a filter,
// and a class's `pnpm serve` should be listening before a student has typed one.
import { createRequire } from 'node:module';

type CelJs = typeof import('@marcbachmann/cel-js');
let loaded: CelJs | undefined;

export function celJs(): CelJs {
  loaded ??= createRequire(import.meta.url)('@marcbachmann/cel-js') as CelJs;
  return loaded;
}
