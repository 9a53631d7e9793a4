import { type Listening, listen } from '@memos-kit/process';
import express from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LinksClient, menuFrom, readLinks } from '../src/client/links-client.ts';
import { type RunningOrdersServer, startOrdersServer } from '../src/server.ts';

describe('menuFrom', () => {
  it('offers only the relations the client knows and lists the rest as unknown', () => {
    const menu = menuFrom({
      _links: {
        self: { href: '/orders/1' },
        pay: { href: '/orders/1/payment' },
        refund: { href: '/orders/1/refund' },
        ship: [{ href: '/orders/1/shipping/a' }, { href: '/orders/1/shipping/b' }],
      },
    });
    expect(menu.offered.map((item) => [item.rel, item.href, item.method])).toEqual([
      ['pay', '/orders/1/payment', 'POST'],
    ]);
    expect(menu.unknown.map((link) => link.rel)).toEqual(['refund', 'ship', 'ship']);
  });

  it('has no button without a link', () => {
    expect(menuFrom({ id: 1, status: 'cancelled', _links: {} })).toEqual({ offered: [], unknown: [] });
    expect(menuFrom({ id: 1 })).toEqual({ offered: [], unknown: [] });
    expect(menuFrom('not a document')).toEqual({ offered: [], unknown: [] });
  });

  it('skips link objects without an href', () => {
    expect(readLinks({ _links: { pay: { title: 'no href' }, cancel: null } })).toEqual([]);
  });
});

describe('LinksClient against the orders resource', () => {
  let server: RunningOrdersServer;
  beforeAll(async () => {
    server = await startOrdersServer({ port: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => server.store.reset());

  it('walks the article: pay, the cancel button goes, refund is shown but not offered', async () => {
    const client = new LinksClient(new URL('/orders/123', server.url));
    await client.open();
    const pending = client.menu();
    expect(pending.offered.map((item) => item.rel)).toEqual(['pay', 'cancel']);

    const pay = pending.offered[0];
    if (!pay) throw new Error('no pay button');
    expect((await client.follow(pay)).status).toBe(200);
    expect(client.menu()).toEqual({ offered: [], unknown: [{ rel: 'refund', href: '/orders/123/refund' }] });

    const staleCancel = pending.offered[1];
    if (!staleCancel) throw new Error('no cancel button');
    const refused = await client.follow(staleCancel);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ status: 409, orderStatus: 'paid', allowedActions: ['refund'] });
    // A refusal is not a new representation of the order: the client keeps what it had.
    expect((client.document as { status: string }).status).toBe('paid');
  });
});

describe('LinksClient builds no URL', () => {
  // A server whose links point somewhere no convention would guess: a client that built
  // `/orders/{id}/payment` itself would miss them.
  const requests: string[] = [];
  let server: Listening | undefined;
  let base: string;
  beforeAll(async () => {
    const app = express();
    app.use((req, _res, next) => {
      requests.push(`${req.method} ${req.originalUrl}`);
      next();
    });
    const send = (res: express.Response, body: unknown, location?: string) => {
      if (location) res.setHeader('Content-Location', location);
      res.type('application/hal+json').send(JSON.stringify(body));
    };
    app.get('/shop/o/abc', (_req, res) =>
      send(res, { status: 'pending', _links: { pay: { href: '../checkout/abc?step=2' } } }),
    );
    app.post('/shop/checkout/abc', (_req, res) =>
      send(
        res,
        { status: 'paid', _links: { cancel: { href: 'https://elsewhere.invalid/x' } } },
        '/shop/o/abc',
      ),
    );
    server = await listen(app);
    base = server.url;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('follows each href as given, resolved against the document it came from', async () => {
    const client = new LinksClient(`${base}/shop/o/abc`);
    await client.open();
    const pay = client.menu().offered[0];
    if (!pay) throw new Error('no pay button');
    await client.follow(pay);
    expect(requests).toEqual(['GET /shop/o/abc', 'POST /shop/checkout/abc?step=2']);
    expect(client.location.href).toBe(`${base}/shop/o/abc`);
    expect(client.menu().offered[0]?.href).toBe('https://elsewhere.invalid/x');
  });
});
