import type { DemoOptions } from './options.ts';
import type { Print } from './show-call.ts';
import type { Style } from './style.ts';
export async function runProxyLesson(_p: Print, _s: Style, _o: DemoOptions): Promise<number> {
  return 0;
}
