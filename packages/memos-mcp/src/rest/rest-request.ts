import type { ToolOperation } from '../catalog/index.ts';

/** One REST call, independent of how it travels (in-process or over the network). */
export interface RestRequest {
  method: string;
  /** Path and query string, e.g. `/api/v1/memos?pageSize=1`. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface RestResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
  /**
   * The value the body was written from, when the REST app is in this process and says so (the kit's own
   * mock does): the body is exactly `JSON.stringify(json.value)`, so it already is the tool result's JSON
   * text, and the value its structuredContent, with no second pass over a 20 KB list either way.
   */
  json?: { value: unknown };
}

/** Sends a REST request somewhere and resolves with the whole response; aborts with the signal. */
export type RestDispatcher = (request: RestRequest, signal?: AbortSignal) => Promise<RestResponse>;

export class ToolArgumentError extends Error {}

/**
 * Turns validated tool arguments back into the REST request the tool stands for (Memos' buildAPIRequest):
 * path parameters fill the template, accepting a canonical resource name (`memos/abc` for `{memo}`),
 * query parameters go into the query string, and `body` becomes the JSON body.
 */
export function buildRestRequest(
  operation: ToolOperation,
  args: Record<string, unknown>,
  authorization: string | undefined,
): RestRequest {
  const pathValues = new Map<string, string>();
  for (const name of operation.pathParams) {
    const value = args[name];
    if (value === undefined || value === null || value === '') {
      throw new ToolArgumentError(`missing required path parameter "${name}"`);
    }
    pathValues.set(name, trimResourceName(operation.path, name, scalarText(value), pathValues));
  }
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    encodeURIComponent(pathValues.get(name) ?? ''),
  );

  const query = new URLSearchParams();
  for (const name of operation.queryParams) {
    const value = args[name];
    if (value !== undefined && value !== null) query.append(name, scalarText(value));
  }
  const search = query.toString();

  const headers: Record<string, string> = { accept: 'application/json' };
  if (authorization) headers.authorization = authorization;
  const request: RestRequest = {
    method: operation.method,
    url: search ? `${path}?${search}` : path,
    headers,
  };
  if (operation.body !== 'none') {
    request.body = JSON.stringify(args.body ?? {});
    headers['content-type'] = 'application/json';
  }
  return request;
}

function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * `memos/abc` for `{memo}` gives `abc`; `memos/abc/reactions/5` for `{reaction}` gives `5` when `abc` is
 * also the call's memo. Anything else is kept whole (and percent-encoded into one path segment).
 */
function trimResourceName(
  template: string,
  name: string,
  value: string,
  earlier: Map<string, string>,
): string {
  if (!value.includes('/')) return value;
  const segments = template.split('/').filter(Boolean);
  const end = segments.indexOf(`{${name}}`);
  const parts = value.split('/');
  // Try the shortest canonical name first (`reactions/5`), then with its parents (`memos/abc/reactions/5`).
  for (let start = end - 1; start >= 0; start -= 2) {
    const pattern = segments.slice(start, end + 1);
    if (pattern.length !== parts.length) continue;
    const fits = pattern.every((segment, index) => {
      const part = parts[index];
      if (index === pattern.length - 1) return part !== '';
      const parameter = /^\{(.+)\}$/.exec(segment)?.[1];
      return parameter === undefined ? segment === part : earlier.get(parameter) === part;
    });
    if (fits) return parts[parts.length - 1] as string;
  }
  return value;
}
