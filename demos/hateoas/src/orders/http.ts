import { type ErrorRequestHandler, type Request, type Response, Router } from 'express';
import { formatJson } from '../json-format.ts';
import {
  actionNotAllowed,
  HAL_JSON,
  orderPath,
  PROBLEM_JSON,
  type Problem,
  plainProblem,
  representOrder,
} from './representation.ts';
import { actionForPath } from './state-machine.ts';
import type { OrderStore } from './store.ts';

// The media types carry no charset parameter: JSON is always UTF-8 (RFC 8259).
function send(res: Response, status: number, type: string, body: unknown): void {
  res.status(status).setHeader('Content-Type', type);
  res.end(`${formatJson(body)}\n`);
}

function sendProblem(res: Response, problem: Problem): void {
  send(res, problem.status, PROBLEM_JSON, problem);
}

function parseId(raw: string | undefined): number | undefined {
  return raw !== undefined && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
}

function notFound(res: Response, req: Request, detail: string): void {
  sendProblem(res, plainProblem(404, 'Not Found', detail, req.originalUrl));
}

const noSuchOrder = (res: Response, req: Request) =>
  notFound(res, req, `There is no order ${req.params.id}.`);
const noSuchAction = (res: Response, req: Request) =>
  notFound(res, req, `An order has no "${req.params.step}"; its actions come from its _links.`);

function methodNotAllowed(res: Response, req: Request, allow: string): void {
  res.setHeader('Allow', allow);
  sendProblem(
    res,
    plainProblem(
      405,
      'Method Not Allowed',
      `${req.method} is not supported here; use ${allow}.`,
      req.originalUrl,
    ),
  );
}

/** A client that accepts neither HAL nor plain JSON cannot read anything this resource says. */
function acceptsHal(req: Request, res: Response): boolean {
  if (req.accepts([HAL_JSON, 'application/json'])) return true;
  sendProblem(res, plainProblem(406, 'Not Acceptable', `Orders are served as ${HAL_JSON}.`, req.originalUrl));
  return false;
}

// #region orders-router
export function ordersRouter(store: OrderStore): Router {
  const router = Router();

  router.get('/orders/:id', (req, res) => {
    const order = store.get(parseId(req.params.id) ?? Number.NaN);
    if (!order) return noSuchOrder(res, req);
    if (acceptsHal(req, res)) send(res, 200, HAL_JSON, representOrder(order));
  });

  router.post('/orders/:id/:step', (req, res) => {
    const action = actionForPath(req.params.step);
    const id = parseId(req.params.id);
    if (id === undefined || !store.get(id)) return noSuchOrder(res, req);
    if (!action) return noSuchAction(res, req);
    const outcome = store.apply(id, action);
    const order = store.get(id);
    if (!outcome || !order) return noSuchOrder(res, req);
    if (!outcome.ok)
      return sendProblem(res, actionNotAllowed(order, action, outcome.reason, outcome.allowed));
    // The body is the order's new representation, so Content-Location names the order (RFC 9110 §8.7).
    res.setHeader('Content-Location', orderPath(order.id));
    send(res, 200, HAL_JSON, representOrder(order));
  });
  // #endregion orders-router

  router.all('/orders/:id', (req, res) => methodNotAllowed(res, req, 'GET, HEAD'));
  router.all('/orders/:id/:step', (req, res) =>
    actionForPath(req.params.step) ? methodNotAllowed(res, req, 'POST') : noSuchAction(res, req),
  );
  return router;
}

export function notFoundProblem(req: Request, res: Response): void {
  notFound(res, req, `Nothing lives at ${req.path}.`);
}

/** Malformed request bodies (the JSON parser's errors) answer as problems, not as Express's HTML page. */
export const problemErrorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const status =
    typeof error?.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
  const title = status === 500 ? 'Internal Server Error' : 'Bad Request';
  const detail =
    status === 500 ? 'The server failed to handle this request.' : String(error?.message ?? error);
  sendProblem(res, plainProblem(status, title, detail, req.originalUrl));
};
