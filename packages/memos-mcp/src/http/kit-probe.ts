// What the kit's own HTTP servers answer at one fixed path, so a check on this machine (`pnpm preflight`) can
// tell the kit's server holding 5230 (already running, as it should be) from a stranger holding it.

/** Never a Memos route nor an MCP one: a path of the kit's, answered without a token. */
export const KIT_PROBE_PATH = '/kit.json';

export interface KitProbe {
  kit: 'memos-kit';
  /** `serve` for `pnpm serve`, `class` for `pnpm serve --class`. */
  server: 'serve' | 'class';
}

export const kitProbe = (server: KitProbe['server']): KitProbe => ({ kit: 'memos-kit', server });

export function isKitProbe(value: unknown): value is KitProbe {
  if (typeof value !== 'object' || value === null) return false;
  const { kit, server } = value as Record<string, unknown>;
  return kit === 'memos-kit' && (server === 'serve' || server === 'class');
}
