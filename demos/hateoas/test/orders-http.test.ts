import { readFileSync } from 'node:fs';
import { expectMatch, loadFixture, matchResponse } from '@memos-kit/wire';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_ACTIONS,
  ORDER_STATUSES,
  type OrderAction,
  type OrderStatus,
} from '../src/orders/state-machine.ts';
import { OrderStore } from '../src/orders/store.ts';
import { type RunningOrdersServer, startOrdersServer } from '../src/server.ts';

// Written out by hand, not derived from the code under test: this is the article's order
// life as a reader would state it.
const EXPECTED_LINKS: Record<OrderStatus, OrderAction[]> = {
  pending: ['pay', 'cancel'],
  paid: ['refund'],
  cancelled: [],
  refunded: [],
};
const NEXT_STATUS: Record<OrderAction, { from: OrderStatus; to: OrderStatus }> = {
  pay: { from: 'pending', to: 'paid' },
  cancel: { from: 'pending', to: 'cancelled' },
  refund: { from: 'paid', to: 'refunded' },
};
const HREF_PATH: Record<OrderAction, string> = { pay: 'payment', cancel: 'cancellation', refund: 'refund' };

let server: RunningOrdersServer;
const store = new OrderStore([
  { id: 123, status: 'pending' },
  ...ORDER_STATUSES.map((status, index) => ({ id: 200 + index, status })),
]);
const idFor = (status: OrderStatus) => 200 + ORDER_STATUSES.indexOf(status);

beforeAll(async () => {
  server = await startOrdersServer({ port: 0, store });
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => store.reset());

async function call(method: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(path, server.url), { method, headers });
  const body = await response.text();
  return { response, body, json: body ? JSON.parse(body) : undefined };
}

describe('the article order', () => {
  it('GET /orders/123 replays the fixture', async () => {
    const fixture = loadFixture('hateoas-order');
    const { response, body } = await call('GET', '/orders/123');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/hal+json');
    expectMatch(matchResponse(fixture, { status: response.status, headers: [...response.headers], body }));
    // The server even lays the JSON out as the article prints it.
    expect(body).toBe(readFileSync(fixture.path('response'), 'utf8'));
  });

  it('has no self link, so the replay stays exact', async () => {
    const { json } = await call('GET', '/orders/123');
    expect(Object.keys(json._links)).toEqual(['pay', 'cancel']);
  });
});

describe('links follow the state machine', () => {
  for (const status of ORDER_STATUSES) {
    it(`a ${status} order links exactly ${EXPECTED_LINKS[status].join(', ') || 'nothing'}`, async () => {
      const id = idFor(status);
      const { response, json } = await call('GET', `/orders/${id}`);
      expect(response.status).toBe(200);
      expect(json).toEqual({
        id,
        status,
        _links: Object.fromEntries(
          EXPECTED_LINKS[status].map((action) => [action, { href: `/orders/${id}/${HREF_PATH[action]}` }]),
        ),
      });
    });

    for (const action of ORDER_ACTIONS) {
      const allowed = EXPECTED_LINKS[status].includes(action);
      it(`${action} on a ${status} order ${allowed ? 'moves it on' : 'answers 409'}`, async () => {
        const id = idFor(status);
        const path = `/orders/${id}/${HREF_PATH[action]}`;
        const { response, json } = await call('POST', path);
        const after = await call('GET', `/orders/${id}`);
        if (allowed) {
          expect(response.status).toBe(200);
          expect(response.headers.get('content-type')).toBe('application/hal+json');
          expect(response.headers.get('content-location')).toBe(`/orders/${id}`);
          expect(json.status).toBe(NEXT_STATUS[action].to);
          expect(Object.keys(json._links)).toEqual(EXPECTED_LINKS[NEXT_STATUS[action].to]);
          expect(after.json).toEqual(json);
        } else {
          expect(response.status).toBe(409);
          expect(response.headers.get('content-type')).toBe('application/problem+json');
          expect(json).toMatchObject({
            type: expect.stringMatching(/^tag:/),
            title: expect.any(String),
            status: 409,
            instance: path,
            orderId: id,
            orderStatus: status,
            allowedActions: EXPECTED_LINKS[status],
          });
          // The detail says why: the current state and the state the action needs.
          expect(json.detail).toContain(status);
          if (status !== NEXT_STATUS[action].to) expect(json.detail).toContain(NEXT_STATUS[action].from);
          expect(after.json.status).toBe(status);
        }
      });
    }
  }
});

describe('errors are problems (RFC 9457)', () => {
  it('an unknown order is a 404 problem, for reading and for acting', async () => {
    for (const [method, path] of [
      ['GET', '/orders/999'],
      ['POST', '/orders/999/payment'],
      ['GET', '/orders/not-a-number'],
    ] as const) {
      const { response, json } = await call(method, path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(json).toMatchObject({ type: 'about:blank', title: 'Not Found', status: 404, instance: path });
      expect(json.detail).toMatch(/no order/);
    }
  });

  it('an action the order does not have is a 404 that points at _links', async () => {
    const { response, json } = await call('POST', '/orders/123/shipping');
    expect(response.status).toBe(404);
    expect(json.detail).toContain('_links');
  });

  it('a wrong method gets 405 with Allow', async () => {
    const onAction = await call('PUT', '/orders/123/payment');
    expect(onAction.response.status).toBe(405);
    expect(onAction.response.headers.get('allow')).toBe('POST');
    const onOrder = await call('DELETE', '/orders/123');
    expect(onOrder.response.status).toBe(405);
    expect(onOrder.response.headers.get('allow')).toBe('GET, HEAD');
    expect((await call('GET', '/orders/123')).json.status).toBe('pending');
  });

  it('a client that accepts neither HAL nor JSON gets 406', async () => {
    const { response, json } = await call('GET', '/orders/123', { Accept: 'text/html' });
    expect(response.status).toBe(406);
    expect(json.status).toBe(406);
  });

  it('a malformed JSON body is a 400 problem, not an HTML page', async () => {
    const response = await fetch(new URL('/orders/123/payment', server.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"oops"',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect((await call('GET', '/orders/123')).json.status).toBe('pending');
  });
});
