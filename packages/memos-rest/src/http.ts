// Request and response plumbing shared by the routes: the caller, query parameters as grpc-gateway reads
// them, and JSON written with exactly `Content-Type: application/json` (the article's header, no charset).
import type { ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import type { Viewer } from './access.ts';
import { type ApiError, GrpcCode, invalidArgument } from './errors.ts';
import type { MemoStore } from './store.ts';

/** The resource kinds the routes answer with; a representation (JSON, or HAL later) renders each. */
export type ResourceKind =
  | 'Memo'
  | 'ListMemosResponse'
  | 'ListMemoCommentsResponse'
  | 'ListMemoAttachmentsResponse'
  | 'ListMemoReactionsResponse'
  | 'ListMemoRelationsResponse'
  | 'Reaction'
  | 'Attachment'
  | 'ListAttachmentsResponse'
  | 'ListShortcutsResponse'
  | 'GetCurrentUserResponse'
  | 'Empty';

/**
 * A representation other than plain JSON, chosen when the request's Accept header names its media type.
 * `render` gets the JSON view and returns the body to send; the routes never change.
 */
export interface Representation {
  mediaType: string;
  render(kind: ResourceKind, body: unknown, req: Request): unknown;
}

/**
 * The dialect the mock speaks: how its answers look on the wire. `article` (the default) follows the article where it and Memos differ: a
 * list leaves `nextPageToken` out when there is no next page, and the contract is served at
 * /api/v1/openapi.json (HAL on request). `memos` answers as Memos v0.30.0 does, for tests that stand in for a
 * real instance: no OpenAPI route, no HAL, and `nextPageToken: ""` on every list (protojson emits it).
 */
export type Dialect = 'article' | 'memos';
export const DIALECTS: readonly Dialect[] = ['article', 'memos'];

/** The responses that carry `nextPageToken` in Memos' contract. */
const PAGED: ReadonlySet<ResourceKind> = new Set([
  'ListMemosResponse',
  'ListMemoCommentsResponse',
  'ListMemoAttachmentsResponse',
  'ListMemoReactionsResponse',
  'ListMemoRelationsResponse',
  'ListAttachmentsResponse',
]);

declare global {
  namespace Express {
    /**
     * The representations an app offers besides plain JSON (`app.locals.representations`), typed here where
     * `reply` reads them; the REST app sets them, other apps in the process have none.
     */
    interface Locals {
      representations?: Representation[];
      /** The REST app's dialect (see `Dialect`); other apps in the process have none. */
      dialect?: Dialect;
    }
  }
}

export function sendJson(
  res: Response,
  status: number,
  body: unknown,
  contentType = 'application/json',
): void {
  send(res, status, contentType, JSON.stringify(body), { value: body });
}

/** Writes an answer, and records it for `answerOf`: every answer of this app goes through here. */
function send(
  res: Response,
  status: number,
  contentType: string,
  text: string,
  json?: { value: unknown },
): void {
  answers.set(res, json ? { text, json } : { text });
  const bytes = Buffer.from(text, 'utf8');
  res.status(status);
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', String(bytes.length));
  res.end(bytes);
}

/** What the app wrote as an answer's body: its text, and for JSON the value the text was made from. */
export interface RecordedAnswer {
  text: string;
  json?: { value: unknown };
}

const answers = new WeakMap<ServerResponse, RecordedAnswer>();

/**
 * The body an answer was written with, for a caller in the same process, as Go's httptest.ResponseRecorder
 * keeps a handler's: every answer of this app is recorded (JSON through `sendJson`, Memos' text/plain 401),
 * so memos-mcp's in-process dispatcher reads the body here instead of parsing the HTTP bytes back. For JSON,
 * `text` is exactly `JSON.stringify(json.value)`: the tool result's text and its structuredContent, with no
 * second pass over a 20 KB list. Undefined for a response this app did not answer.
 */
export function answerOf(res: ServerResponse): RecordedAnswer | undefined {
  return answers.get(res);
}

/**
 * The answer to a path nothing serves, in the API's own error shape (grpc-gateway's words): a mistyped URL in
 * a student's curl gets JSON it can read, not Express's HTML page.
 */
export function notFound(_req: Request, res: Response): void {
  sendJson(res, 404, { code: GrpcCode.NotFound, message: 'Not Found', details: [] });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sends a resource in the representation the client asked for (JSON unless a registered one matches). */
export function reply(req: Request, res: Response, kind: ResourceKind, body: unknown): void {
  if (req.app.locals.dialect === 'memos' && PAGED.has(kind) && isRecord(body)) {
    // protojson with EmitUnpopulated writes the empty token too, after the list (proto field order).
    const { nextPageToken = '', ...fields } = body;
    body = { ...fields, nextPageToken };
  }
  const representations = req.app.locals.representations ?? [];
  const accept = req.get('accept') ?? '';
  const chosen = representations.find((r) => accept.includes(r.mediaType));
  // The body now depends on Accept, so a shared cache must key on it too.
  if (representations.length > 0) res.vary('Accept');
  if (chosen) sendJson(res, 200, chosen.render(kind, body, req), chosen.mediaType);
  else sendJson(res, 200, body);
}

export function sendError(res: Response, error: ApiError): void {
  if (error.httpStatus === 401) res.setHeader('WWW-Authenticate', error.message);
  sendJson(res, error.httpStatus, error.toStatus());
}

/** Memos' auth middleware answers non-public methods without a valid token with this exact text/plain body. */
export function sendAuthenticationRequired(res: Response): void {
  send(res, 401, 'text/plain; charset=utf-8', '{"code": 16, "message": "authentication required"}\n');
}

/** `Authorization: Bearer <token>`: exactly two fields, "bearer" in any case. Unknown tokens are anonymous. */
export function viewerOf(req: Request, store: MemoStore): Viewer {
  const fields = (req.get('authorization') ?? '').trim().split(/\s+/);
  if (fields.length !== 2 || fields[0]?.toLowerCase() !== 'bearer' || !fields[1]) return undefined;
  return store.userByToken(fields[1]);
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A query parameter by its camelCase name or its snake_case proto name, as grpc-gateway accepts both. */
export function queryString(req: Request, name: string): string | undefined {
  const query = req.query as Record<string, unknown>;
  const value = query[name] ?? query[snake(name)];
  if (Array.isArray(value)) return value.length > 0 ? String(value[0]) : undefined;
  return typeof value === 'string' ? value : undefined;
}

export function queryInt(req: Request, name: string): number | undefined {
  const value = queryString(req, name);
  if (value === undefined || value === '') return undefined;
  // grpc-gateway's words for the two ways strconv.ParseInt(value, 10, 32) fails.
  const fail = (reason: string) =>
    invalidArgument(
      `type mismatch, parameter: ${snake(name)}, error: strconv.ParseInt: parsing ${JSON.stringify(value)}: ${reason}`,
    );
  if (!/^[+-]?\d+$/.test(value)) throw fail('invalid syntax');
  const number = Number(value);
  if (number < -(2 ** 31) || number > 2 ** 31 - 1) throw fail('value out of range');
  return number;
}

export function queryBool(req: Request, name: string): boolean | undefined {
  const value = queryString(req, name);
  if (value === undefined || value === '') return undefined;
  if (['true', 't', '1', 'True', 'TRUE'].includes(value)) return true;
  if (['false', 'f', '0', 'False', 'FALSE'].includes(value)) return false;
  throw invalidArgument(
    `type mismatch, parameter: ${snake(name)}, error: strconv.ParseBool: parsing ${JSON.stringify(value)}: invalid syntax`,
  );
}

/** An enum query parameter by name or number, as grpc-gateway accepts both. */
export function queryEnum<T extends string>(req: Request, name: string, values: readonly T[]): T | undefined {
  const value = queryString(req, name);
  if (value === undefined || value === '') return undefined;
  if ((values as readonly string[]).includes(value)) return value as T;
  if (/^\d+$/.test(value) && values[Number(value)]) return values[Number(value)];
  throw invalidArgument(
    `type mismatch, parameter: ${snake(name)}, error: ${JSON.stringify(value)} is not valid; use one of ${values.join(', ')}`,
  );
}

/** The request body as an object; grpc-gateway answers a missing or non-object body with 400. */
export function bodyObject(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw invalidArgument('the request body must be a JSON object');
  return body as Record<string, unknown>;
}
