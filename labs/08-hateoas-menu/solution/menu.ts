// 练习 8 · 一个超媒体客户端的菜单。订单以 HAL（application/hal+json）的形式到达；它的 _links 说明此刻
// 允许哪些动作。
// Lab 8 · A hypermedia client's menu. The order arrives as HAL (application/hal+json); its _links say which
// actions are allowed right now.
export interface MenuItem {
  /**
   * 链接关系，如 `pay`。
   * The link relation, e.g. `pay`.
   */
  rel: string;
  /**
   * 要 POST 到哪里，和链接给的一字不差。
   * Where to POST, exactly as the link gives it.
   */
  href: string;
}

/**
 * 描述文档本身、而不是提供一个动作的链接关系。
 * Relations that describe the document itself rather than offer something to do.
 */
const NOT_ACTIONS = new Set(['self', 'curies']);

export function menuFrom(order: unknown): MenuItem[] {
  const links = (order as { _links?: Record<string, unknown> } | null)?._links ?? {};
  const menu: MenuItem[] = [];
  for (const [rel, value] of Object.entries(links)) {
    if (NOT_ACTIONS.has(rel)) continue;
    for (const link of Array.isArray(value) ? value : [value]) {
      const href = (link as { href?: unknown } | null)?.href;
      // 没有链接就没有按钮；URL 用链接给的，绝不由这个客户端自己拼。
      // No link, no button; and the URL is the link's, never one this client builds.
      if (typeof href === 'string') menu.push({ rel, href });
    }
  }
  return menu;
}

/**
 * 同一时刻的 MCP 一侧：tools/list 里哪些工具是菜单此刻没有的？
 * 工具 `order_<rel>` 对应链接 `<rel>`；`order_get` 只读，所以永远不算缺少。
 * The MCP side of the same moment: which tools of tools/list does the menu not offer now?
 * Tool `order_<rel>` stands for the link `<rel>`; `order_get` only reads, so it is never missing.
 */
export function toolsNotOffered(menu: MenuItem[], toolNames: string[]): string[] {
  const offered = new Set(menu.map((item) => `order_${item.rel}`));
  return toolNames.filter((name) => name !== 'order_get' && !offered.has(name)).sort();
}
