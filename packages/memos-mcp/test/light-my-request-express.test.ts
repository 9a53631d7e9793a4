// Why the in-process dispatcher does not use light-my-request (kept in its own file: the check below
// changes Express for the rest of the process it runs in).
//
// To capture what an Express app writes, light-my-request 6.8.1 re-parents the prototypes Express shares
// between all its apps (`Object.setPrototypeOf(Object.getPrototypeOf(app.request), …)`). The adapter serves
// REST and MCP over real sockets from Express apps in the same process, so after the first tool call their
// responses would go through light-my-request's writeHead and throw. A fix (fastify/light-my-request#333)
// was merged and reverted. When this test fails, light-my-request leaves Express alone, and
// `src/rest/in-process-dispatcher.ts` may use it instead of its in-memory connection.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import express from 'express';
import inject from 'light-my-request';
import { describe, expect, it } from 'vitest';

describe('light-my-request on an Express app', () => {
  it('still rewires the response prototype every Express app shares', async () => {
    const shared = express.response;
    expect(Object.getPrototypeOf(shared)).toBe(ServerResponse.prototype);

    const injected = express();
    injected.get('/', (_req, res) => {
      res.json({ ok: true });
    });
    const response = await inject(injected, { method: 'GET', url: '/' });
    expect(response.json()).toEqual({ ok: true });

    // Another app, one that serves a real socket, as Express sets up each of its responses.
    const served = express();
    const res = new ServerResponse(new IncomingMessage(new Socket()));
    Object.setPrototypeOf(res, served.response);
    expect(Object.getPrototypeOf(shared)).not.toBe(ServerResponse.prototype);
    expect(() => res.writeHead(200)).toThrow(TypeError);
  });
});
