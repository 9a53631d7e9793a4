// A classic hypermedia client, the kind the article describes: it was written knowing what
// `pay` and `cancel` mean and how to use them. It learns *which* of them it may use, and where
// they live, only from the `_links` of the representation in front of it. It never builds a URL.

// #region known-relations
/** Everything this client understands. A link relation not listed here means nothing to it. */
export const KNOWN_RELATIONS: Readonly<Record<string, { label: string; method: 'POST' }>> = {
  pay: { label: 'Pay', method: 'POST' },
  cancel: { label: 'Cancel order', method: 'POST' },
};
// #endregion known-relations

/** HAL relations that describe the document itself rather than offering something to do. */
const NAVIGATION_RELATIONS = new Set(['self', 'curies']);

export interface Link {
  rel: string;
  href: string;
}

export interface MenuItem extends Link {
  label: string;
  method: 'POST';
}

export interface Menu {
  /** Buttons: links this client knows how to use. */
  offered: MenuItem[];
  /** Links the server sent that this client has no meaning for: shown, never offered. */
  unknown: Link[];
}

/** Reads HAL `_links`, where a relation holds one link object or an array of them. */
export function readLinks(document: unknown): Link[] {
  if (typeof document !== 'object' || document === null) return [];
  const links = (document as { _links?: unknown })._links;
  if (typeof links !== 'object' || links === null) return [];
  const found: Link[] = [];
  for (const [rel, value] of Object.entries(links)) {
    for (const link of Array.isArray(value) ? value : [value]) {
      const href = (link as { href?: unknown } | null)?.href;
      if (typeof href === 'string') found.push({ rel, href });
    }
  }
  return found;
}

// #region links-menu
/** The menu is built from the links alone: no link, no button. */
export function menuFrom(document: unknown): Menu {
  const menu: Menu = { offered: [], unknown: [] };
  for (const link of readLinks(document)) {
    if (NAVIGATION_RELATIONS.has(link.rel)) continue;
    const known = KNOWN_RELATIONS[link.rel];
    if (known) menu.offered.push({ ...link, ...known });
    else menu.unknown.push(link);
  }
  return menu;
}
// #endregion links-menu

export interface Exchange {
  method: string;
  url: URL;
  requestHeaders: Array<[string, string]>;
  status: number;
  statusText: string;
  responseHeaders: Array<[string, string]>;
  body: string;
  json?: unknown;
}

const ACCEPT = 'application/hal+json, application/problem+json;q=0.9';

// #region follow-link
/**
 * Holds the representation in front of the user and its address. The only URL it is ever
 * given is the entry point; every other one comes from a link, resolved against the document
 * it came from (RFC 3986), which is reading an address, not building one.
 */
export class LinksClient {
  #document: unknown;
  #location: URL;

  constructor(
    entryPoint: string | URL,
    private readonly onExchange: (exchange: Exchange) => void = () => {},
  ) {
    this.#location = new URL(entryPoint);
  }

  get document(): unknown {
    return this.#document;
  }

  get location(): URL {
    return this.#location;
  }

  menu(): Menu {
    return menuFrom(this.#document);
  }

  /** Loads (or reloads) the representation at the current location. */
  async open(): Promise<Exchange> {
    const exchange = await this.#send('GET', this.#location);
    if (isHal(exchange)) this.#document = exchange.json;
    return exchange;
  }

  /**
   * Follows a menu item, which may be stale: a button from a page the user left open. On
   * success the answer is the order's new representation, and Content-Location says whose.
   */
  async follow(item: MenuItem): Promise<Exchange> {
    const exchange = await this.#send(item.method, new URL(item.href, this.#location));
    if (exchange.status >= 200 && exchange.status < 300 && isHal(exchange)) {
      const contentLocation = header(exchange.responseHeaders, 'content-location');
      if (contentLocation) this.#location = new URL(contentLocation, exchange.url);
      this.#document = exchange.json;
    }
    return exchange;
  }

  async #send(method: string, url: URL): Promise<Exchange> {
    const exchange = await sendRequest(method, url);
    this.onExchange(exchange);
    return exchange;
  }
}
// #endregion follow-link

/** One HTTP exchange, kept whole so the demo can print the wire. */
export async function sendRequest(
  method: string,
  url: URL,
  requestHeaders: Array<[string, string]> = [['Accept', ACCEPT]],
): Promise<Exchange> {
  const response = await fetch(url, { method, headers: Object.fromEntries(requestHeaders) });
  const body = await response.text();
  const exchange: Exchange = {
    method,
    url,
    requestHeaders,
    status: response.status,
    statusText: response.statusText,
    responseHeaders: [...response.headers],
    body,
  };
  if (/[/+]json$/.test(mediaType(exchange))) {
    try {
      exchange.json = JSON.parse(body);
    } catch {
      // Leave json unset: the caller shows the raw body, which is the honest thing to show.
    }
  }
  return exchange;
}

export function header(headers: Array<[string, string]>, name: string): string | undefined {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1];
}

export function mediaType(exchange: Pick<Exchange, 'responseHeaders'>): string {
  return (header(exchange.responseHeaders, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function isHal(exchange: Exchange): boolean {
  return mediaType(exchange) === 'application/hal+json' && exchange.json !== undefined;
}
