// The order's life, as a table. Everything else (HAL links, 409 answers, MCP tool results)
// is derived from it, so the links a client sees can never disagree with what the server accepts.

// #region state-machine
export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_ACTIONS = ['pay', 'cancel', 'refund'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

interface Transition {
  from: OrderStatus;
  to: OrderStatus;
  /** The sub-resource a client POSTs to; also the href of the action's link. */
  path: string;
}

export const TRANSITIONS: Readonly<Record<OrderAction, Transition>> = {
  pay: { from: 'pending', to: 'paid', path: 'payment' },
  cancel: { from: 'pending', to: 'cancelled', path: 'cancellation' },
  refund: { from: 'paid', to: 'refunded', path: 'refund' },
};

/** The actions allowed in a status, in the table's order (pay before cancel, as in the article). */
export function allowedActions(status: OrderStatus): OrderAction[] {
  return ORDER_ACTIONS.filter((action) => TRANSITIONS[action].from === status);
}

export type TransitionOutcome =
  | { ok: true; from: OrderStatus; to: OrderStatus }
  | { ok: false; from: OrderStatus; reason: string; allowed: OrderAction[] };

export function transition(status: OrderStatus, action: OrderAction): TransitionOutcome {
  const rule = TRANSITIONS[action];
  if (rule.from === status) return { ok: true, from: status, to: rule.to };
  return { ok: false, from: status, reason: refusalReason(status, action), allowed: allowedActions(status) };
}
// #endregion state-machine

const PAST_TENSE: Record<OrderAction, string> = { pay: 'paid', cancel: 'cancelled', refund: 'refunded' };

function refusalReason(status: OrderStatus, action: OrderAction): string {
  if (status === TRANSITIONS[action].to) return `it is already ${status}`;
  return `it is ${status}, and only a ${TRANSITIONS[action].from} order can be ${PAST_TENSE[action]}`;
}

/** "pay" -> "paid": how a refusal names the action ("cannot be paid"). */
export function pastParticiple(action: OrderAction): string {
  return PAST_TENSE[action];
}

export function isOrderAction(name: string): name is OrderAction {
  return (ORDER_ACTIONS as readonly string[]).includes(name);
}

export function actionForPath(path: string): OrderAction | undefined {
  return ORDER_ACTIONS.find((action) => TRANSITIONS[action].path === path);
}
