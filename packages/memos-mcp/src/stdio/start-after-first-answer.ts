import { setTimeout as delay } from 'node:timers/promises';
import type { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { LineTransport } from './line-transport.ts';

/** How long the start-up waits for a first request before it begins anyway (a person typing requests). */
const STARTUP_GRACE_MS = 100;

/**
 * Makes what the tools need (`start`) only after the host's first answer is out, and answers
 * `server/discover` meanwhile.
 *
 * Hosts time that first answer: @ai-sdk/mcp gives `server/discover` 1 s from the spawn, then falls back to
 * the 2025-11-25 `initialize` for the rest of the connection. Making the adapter (loading the REST mock and
 * Express, reading its dataset, building the catalog from the OpenAPI document) holds this one thread for a
 * good part of that second on a busy laptop. Discovery needs no tool, so until `start` is done the server
 * `describe` makes, which has no tools yet, answers it through the SDK's `serveStdio`; every other
 * message waits in the transport. `start` begins once that answer is written, or after STARTUP_GRACE_MS when
 * no request came.
 *
 * The caller then serves the real server with `serveStdio` on the same transport, which takes it over (the
 * describing server hears nothing more and holds nothing to close), and calls `transport.release()`, which
 * hands it the messages that waited, in order.
 */
export async function startAfterFirstAnswer<T>(
  transport: LineTransport,
  describe: () => Server,
  start: () => Promise<T>,
  onerror: (error: Error) => void,
): Promise<T> {
  transport.holdAllBut('server/discover');
  serveStdio(describe, { transport, onerror });
  await Promise.race([transport.firstSent, delay(STARTUP_GRACE_MS)]);
  return start();
}
