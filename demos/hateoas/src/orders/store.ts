import { type OrderAction, type OrderStatus, type TransitionOutcome, transition } from './state-machine.ts';

export interface Order {
  id: number;
  status: OrderStatus;
}

/** The article's order: number 123, waiting to be paid. */
export const ARTICLE_ORDER: Readonly<Order> = { id: 123, status: 'pending' };

/**
 * In-memory orders shared by the HAL resource and the MCP tools, so both sides of the
 * comparison act on the same order.
 */
export class OrderStore {
  readonly #orders = new Map<number, Order>();
  readonly #seed: readonly Order[];

  constructor(seed: readonly Order[] = [ARTICLE_ORDER]) {
    this.#seed = seed.map((order) => ({ ...order }));
    this.reset();
  }

  /** Back to the seed, so a class can run the scenario again without restarting the server. */
  reset(): void {
    this.#orders.clear();
    for (const order of this.#seed) this.#orders.set(order.id, { ...order });
  }

  get(id: number): Order | undefined {
    const order = this.#orders.get(id);
    return order && { ...order };
  }

  /** Applies an action; the order changes only when the state machine allows it. */
  apply(id: number, action: OrderAction): TransitionOutcome | undefined {
    const order = this.#orders.get(id);
    if (!order) return undefined;
    const outcome = transition(order.status, action);
    if (outcome.ok) order.status = outcome.to;
    return outcome;
  }
}
