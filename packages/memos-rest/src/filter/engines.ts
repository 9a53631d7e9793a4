// The filter's two engines, loaded at the first filter (cel-js) and the first `matches()` (re2js) rather than
// when the server starts: together they are a sixth of the server's bundle, most starts never see a filter,
// and a class's `pnpm serve` should be listening before a student has typed one.
import { createRequire } from 'node:module';
import type { RE2JS } from 're2js';

const load = createRequire(import.meta.url);

type CelJs = typeof import('@marcbachmann/cel-js');
let cel: CelJs | undefined;
export function celJs(): CelJs {
  cel ??= load('@marcbachmann/cel-js') as CelJs;
  return cel;
}

let re2: typeof RE2JS | undefined;
export function re2js(): typeof RE2JS {
  re2 ??= (load('re2js') as typeof import('re2js')).RE2JS;
  return re2;
}
