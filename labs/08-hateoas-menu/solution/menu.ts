// Lab 8 · A hypermedia client's menu. The order arrives as HAL (application/hal+json); its _links say which
// actions are allowed right now.
export interface MenuItem {
  /** The link relation, e.g. `pay`. */
  rel: string;
  /** Where to POST, exactly as the link gives it. */
  href: string;
}

/** Relations that describe the document itself rather than offer something to do. */
const NOT_ACTIONS = new Set(['self', 'curies']);

export function menuFrom(order: unknown): MenuItem[] {
  const links = (order as { _links?: Record<string, unknown> } | null)?._links ?? {};
  const menu: MenuItem[] = [];
  for (const [rel, value] of Object.entries(links)) {
    if (NOT_ACTIONS.has(rel)) continue;
    for (const link of Array.isArray(value) ? value : [value]) {
      const href = (link as { href?: unknown } | null)?.href;
      // No link, no button; and the URL is the link's, never one this client builds.
      if (typeof href === 'string') menu.push({ rel, href });
    }
  }
  return menu;
}

/**
 * The MCP side of the same moment: which tools of tools/list does the menu not offer now?
 * Tool `order_<rel>` stands for the link `<rel>`; `order_get` only reads, so it is never missing.
 */
export function toolsNotOffered(menu: MenuItem[], toolNames: string[]): string[] {
  const offered = new Set(menu.map((item) => `order_${item.rel}`));
  return toolNames.filter((name) => name !== 'order_get' && !offered.has(name)).sort();
}
