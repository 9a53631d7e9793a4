// Before fronting a Memos, one request checks that it is there and answers like Memos: a wrong URL or a
// server that is down is then one clear line at start, instead of a tool error on every call later.
import { networkReason } from './contract-source.ts';

const PROBE_TIMEOUT_MS = 5_000;

export interface ProbeResult {
  /** `users/demo` when the token signed in; undefined for an anonymous caller. */
  user?: string;
}

/**
 * `GET /api/v1/auth/me` (one of the 20 tools, so every Memos the kit can front has it): 200 with a user when
 * the token signs in, 401 with Memos' JSON status body otherwise. Anything else is not a Memos API.
 */
export async function probeMemos(memosUrl: string, authorization?: string): Promise<ProbeResult> {
  const url = `${memosUrl.replace(/\/$/, '')}/api/v1/auth/me`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...(authorization ? { authorization } : {}) },
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      redirect: 'manual',
    });
  } catch (error) {
    throw new Error(`cannot reach Memos at ${memosUrl}: ${networkReason(error)}`);
  }
  const location = response.headers.get('location');
  if (response.status >= 300 && response.status < 400 && location) {
    // http:// that redirects to https://, or a missing trailing path: the address to use is known.
    const target = new URL(location, url).href.replace(/\/api\/v1\/auth\/me$/, '');
    throw new Error(`${memosUrl} redirects to ${target}: give --memos-url ${target}`);
  }
  const body = parseObject(await response.text().catch(() => ''));
  if (response.status === 200 && typeof body?.user === 'object' && body.user !== null) {
    const name = (body.user as { name?: unknown }).name;
    return typeof name === 'string' ? { user: name } : {};
  }
  if (response.status === 401 && typeof body?.code === 'number') return {};
  throw new Error(
    `${memosUrl} does not answer like Memos v0.30.0: GET /api/v1/auth/me gave HTTP ${response.status}` +
      `${body ? '' : ' without a JSON body'}; give the address you open Memos at, without /api/v1`,
  );
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
