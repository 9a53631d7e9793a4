// Lab 8 · A hypermedia client's menu. The order arrives as HAL (application/hal+json); its _links say which
// actions are allowed right now. This client was written from the API's docs instead: it always offers the
// same two buttons and builds their URLs itself.
export interface MenuItem {
  /** The link relation, e.g. `pay`. */
  rel: string;
  /** Where to POST, exactly as the link gives it. */
  href: string;
}

export function menuFrom(order: unknown): MenuItem[] {
  // TODO 1: read the menu from order._links instead. `self` (and `curies`) describe the document;
  //         they are not actions. A relation may hold one link object or an array of them.
  const { id } = order as { id: number };
  return [
    { rel: 'pay', href: `/orders/${id}/payment` },
    { rel: 'cancel', href: `/orders/${id}/cancellation` },
  ];
}

/**
 * The MCP side of the same moment: which tools of tools/list does the menu not offer now?
 * Tool `order_<rel>` stands for the link `<rel>`; `order_get` only reads, so it is never missing.
 */
export function toolsNotOffered(menu: MenuItem[], toolNames: string[]): string[] {
  // TODO 2: compare the menu with the tool names, and answer them sorted.
  void menu;
  void toolNames;
  return [];
}
