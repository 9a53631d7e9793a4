// Where the adapter's contract comes from. Memos v0.30.0 serves no OpenAPI route (its document exists only
// as proto/gen/openapi.yaml in its source), so by default the kit's own copy of the v0.30.0 contract is
// used; `--openapi FILE|URL` names another document, YAML or JSON (Memos' own openapi.yaml, say).
import { readFile } from 'node:fs/promises';
import { contractDocument, type OpenAPIObject, parseContract } from '@memos-kit/memos-contract';

export interface ContractSource {
  document: OpenAPIObject;
  /** What to tell a person: `the kit's Memos v0.30.0 contract` or the file or URL. */
  origin: string;
  /** True for the kit's shipped contract. */
  shipped: boolean;
}

/** A bound for a document on the network: Memos' own is about 150 KB, so 20 MB is generous. */
const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;

/** The shipped contract, or the document at `location` (a path, or an http(s) URL). */
export async function loadContract(location?: string): Promise<ContractSource> {
  if (location === undefined) {
    return { document: contractDocument(), origin: "the kit's Memos v0.30.0 contract", shipped: true };
  }
  const text = /^https?:\/\//i.test(location) ? await fetchText(location) : await readText(location);
  // Parse errors of a YAML document run over several lines; one line says enough to fix the file.
  try {
    return { document: parseContract(text, location), origin: location, shipped: false };
  } catch (error) {
    throw new Error(firstLine(error));
  }
}

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : '';
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : firstLine(error);
    throw new Error(`cannot read the OpenAPI document ${path}: ${reason}`);
  }
}

async function fetchText(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    throw new Error(`cannot fetch the OpenAPI document ${url}: ${networkReason(error)}`);
  }
  if (!response.ok) throw new Error(`cannot fetch the OpenAPI document ${url}: HTTP ${response.status}`);
  const length = Number(response.headers.get('content-length'));
  if (length > MAX_DOCUMENT_BYTES) throw new Error(`the OpenAPI document ${url} is over 20 MB`);
  return response.text();
}

/** What went wrong on the network, in a few words (`connection refused`), not undici's `fetch failed`. */
export function networkReason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer within the time limit';
  const cause = error instanceof Error ? error.cause : undefined;
  const code = cause instanceof Error && 'code' in cause ? String(cause.code) : '';
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused (is it running, on that port?)',
    ENOTFOUND: 'no such host',
    EAI_AGAIN: 'the host name could not be resolved',
    ECONNRESET: 'the connection was reset',
    ETIMEDOUT: 'the connection timed out',
    EHOSTUNREACH: 'the host is unreachable',
  };
  return known[code] ?? firstLine(cause ?? error);
}

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error';
