// The Express app: /api/v1 with the 20 operations and the OpenAPI document. Everything lives under one router
// so another package (the MCP adapter) can mount its own routes beside it on the same app.
import { contractDocument, contractOperations } from '@memos-kit/memos-contract';
import express, { type ErrorRequestHandler, type Express, Router } from 'express';
import { boundedDrain } from './body.ts';
import { type Dataset, DEFAULT_DATASET, loadDataset } from './dataset.ts';
import { ApiError, GrpcCode, invalidArgument } from './errors.ts';
import { halRepresentation } from './hal.ts';
import { type Dialect, notFound, sendError, sendJson } from './http.ts';
import { attachmentRoutes } from './routes/attachments.ts';
import { memoRoutes } from './routes/memos.ts';
import { userRoutes } from './routes/users.ts';
import { MemoStore } from './store.ts';

export interface RestAppOptions {
  /** A shipped dataset name ('empty', 'article', 'workshop'), a JSON file path, or a dataset object. */
  dataset?: string | Dataset;
  /** `article` (default): the article's dialect; `memos`: Memos v0.30.0's, to stand in for a real instance. */
  dialect?: Dialect;
}

/** The google.rpc code that goes with a client-error status Express or the body parser raised. */
const CODE_FOR_STATUS: Record<number, number> = {
  400: GrpcCode.InvalidArgument,
  413: 8,
  415: GrpcCode.InvalidArgument,
};

const handleErrors: ErrorRequestHandler = (error, _req, res, _next) => {
  if (error instanceof ApiError) return sendError(res, error);
  const { status, type, limit } = error as { status?: unknown; type?: unknown; limit?: unknown };
  if (type === 'entity.parse.failed') {
    return sendError(res, invalidArgument(`invalid JSON body: ${(error as Error).message}`));
  }
  if (status === 413) {
    const message = `request body too large (at most ${limit} bytes on this route)`;
    return sendJson(res, 413, { code: 8, message, details: [] });
  }
  // The request's own fault (a bad charset or encoding, a path that does not decode): its status, in JSON.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = CODE_FOR_STATUS[status] ?? GrpcCode.InvalidArgument;
    return sendJson(res, status, { code, message: (error as Error).message, details: [] });
  }
  // A bug in the mock, not a client error: say so plainly, with no stack trace in the answer.
  console.error(error);
  sendError(res, new ApiError(GrpcCode.Internal, `internal error: ${(error as Error).message}`));
};

export function createRestApp(options: RestAppOptions = {}): { app: Express; store: MemoStore } {
  const dataset =
    typeof options.dataset === 'object' ? options.dataset : loadDataset(options.dataset ?? DEFAULT_DATASET);
  // Relative dataset times ("-36h") count from now, the same clock the filter's `now` reads.
  const store = MemoStore.fromDataset(dataset);
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  const dialect = options.dialect ?? 'article';
  app.locals.dialect = dialect;
  // Memos offers plain JSON only; HAL is the kit's own addition for the HATEOAS lesson.
  app.locals.representations = dialect === 'memos' ? [] : [halRepresentation(store)];

  const contract = contractDocument();
  // The contract's operations, so a known path with a wrong method is told apart from an unknown path.
  const operations = contractOperations(contract);

  const api = Router();
  // Memos v0.30.0 serves no OpenAPI route: its document exists only in its source tree.
  if (dialect === 'article') api.get('/openapi.json', (_req, res) => sendJson(res, 200, contract));
  // Each route parses its own body, after authentication and with its own cap (see body.ts).
  api.use(boundedDrain);
  api.use(memoRoutes(store), attachmentRoutes(store), userRoutes(store));
  api.use((req, res) => {
    // The router sees the path without /api/v1; a trailing slash still names the same resource.
    const path = `/api/v1${req.path}`.replace(/(.)\/$/, '$1');
    const known = operations.some((operation) => operation.pattern.test(path));
    if (known)
      sendJson(res, 501, { code: GrpcCode.Unimplemented, message: 'Method Not Allowed', details: [] });
    else notFound(req, res);
  });
  api.use(handleErrors);
  app.use('/api/v1', api);
  app.use(notFound);
  // The last resort for anything outside /api/v1 (a path that does not decode, say): JSON, never a stack.
  app.use(handleErrors);
  return { app, store };
}
