// 练习 8 · 一个超媒体客户端的菜单。订单以 HAL（application/hal+json）的形式到达；它的 _links 说明此刻
// 允许哪些动作。这个客户端却是照着 API 文档写的：它总是给出同样的两个按钮，URL 也是自己拼的。
// Lab 8 · A hypermedia client's menu. The order arrives as HAL (application/hal+json); its _links say which
// actions are allowed right now. This client was written from the API's docs instead: it always offers the
// same two buttons and builds their URLs itself.
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

export function menuFrom(order: unknown): MenuItem[] {
  // TODO 1：改成从 order._links 读出菜单。`self`（和 `curies`）描述的是这份文档本身，不是动作。
  //         一个关系可以是一个链接对象，也可以是它们的数组。
  // TODO 1: read the menu from order._links instead. `self` (and `curies`) describe the document;
  //         they are not actions. A relation may hold one link object or an array of them.
  const { id } = order as { id: number };
  return [
    { rel: 'pay', href: `/orders/${id}/payment` },
    { rel: 'cancel', href: `/orders/${id}/cancellation` },
  ];
}

/**
 * 同一时刻的 MCP 一侧：tools/list 里哪些工具是菜单此刻没有的？
 * 工具 `order_<rel>` 对应链接 `<rel>`；`order_get` 只读，所以永远不算缺少。
 * The MCP side of the same moment: which tools of tools/list does the menu not offer now?
 * Tool `order_<rel>` stands for the link `<rel>`; `order_get` only reads, so it is never missing.
 */
export function toolsNotOffered(menu: MenuItem[], toolNames: string[]): string[] {
  // TODO 2：把菜单和工具名对比，按字母顺序返回。
  // TODO 2: compare the menu with the tool names, and answer them sorted.
  void menu;
  void toolNames;
  return [];
}
