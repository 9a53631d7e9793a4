import {
  allowedActions,
  type OrderAction,
  type OrderStatus,
  pastParticiple,
  TRANSITIONS,
} from './state-machine.ts';
import type { Order } from './store.ts';

export const HAL_JSON = 'application/hal+json';
export const PROBLEM_JSON = 'application/problem+json';

export interface HalLink {
  href: string;
}

export interface OrderRepresentation {
  id: number;
  status: OrderStatus;
  _links: Partial<Record<OrderAction, HalLink>>;
}

export function orderPath(id: number): string {
  return `/orders/${id}`;
}

export function actionHref(id: number, action: OrderAction): string {
  return `${orderPath(id)}/${TRANSITIONS[action].path}`;
}

// #region representation
/**
 * The order as HAL. `_links` holds exactly the actions allowed now: a link that is not
 * there is a button the client must not show. There is no `self` link, like the article's
 * sketch; the order's address travels as the request URL and, after an action, as
 * `Content-Location`.
 */
export function representOrder(order: Order): OrderRepresentation {
  const links: Partial<Record<OrderAction, HalLink>> = {};
  for (const action of allowedActions(order.status)) links[action] = { href: actionHref(order.id, action) };
  return { id: order.id, status: order.status, _links: links };
}
// #endregion representation

/** RFC 9457 problem details; extension members sit beside the five standard ones. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  [extension: string]: unknown;
}

/** Not resolvable on purpose (RFC 9457 allows tag URIs): it names the problem, it is not a page. */
export const ACTION_NOT_ALLOWED_TYPE = 'tag:memos-kit.example,2026:problems/order-action-not-allowed';

export function actionNotAllowed(
  order: Order,
  action: OrderAction,
  reason: string,
  allowed: OrderAction[],
): Problem {
  const next = allowed.length > 0 ? `Allowed now: ${allowed.join(', ')}.` : 'No action is allowed any more.';
  return {
    type: ACTION_NOT_ALLOWED_TYPE,
    title: 'Action not allowed in the current state of the order',
    status: 409,
    detail: `Order ${order.id} cannot be ${pastParticiple(action)}: ${reason}. ${next}`,
    instance: actionHref(order.id, action),
    orderId: order.id,
    orderStatus: order.status,
    allowedActions: allowed,
  };
}

/** Plain HTTP problems use `about:blank`, whose title is the status phrase (RFC 9457 §4.2.1). */
export function plainProblem(status: number, title: string, detail: string, instance: string): Problem {
  return { type: 'about:blank', title, status, detail, instance };
}
