// `pnpm serve --class N`: one server for a whole class. Each student's token opens a world of their own (a
// copy of the dataset behind its own REST mock and MCP adapter), so nobody sees another's writes, deletes or
// private memos; the teacher's token opens a world too, and /class, which sees every student. In front of
// the worlds: the Host/Origin guard for every path, the bounds per token, and the recorder the live view
// reads. The built docs site (and its playground) is served from the same origin, so no CORS is involved.
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_DATASET, loadDataset } from '@memos-kit/memos-rest';
import { listen, serveStatic } from '@memos-kit/process';
import { validateHostHeader, validateOriginHeader } from '@modelcontextprotocol/server';
import { type AdapterOptions, createAdapter } from '../app.ts';
import { KIT_PROBE_PATH, kitProbe } from '../http/kit-probe.ts';
import { DEFAULT_ALLOWED_HOSTNAMES } from '../http/request-guards.ts';
import { type Account, type ClassAccounts, classAccounts } from './accounts.ts';
import { bearerOf, json, refuse } from './answers.ts';
import { DEFAULT_LIMITS, type Limits, TokenLimits } from './limits.ts';

export { DEFAULT_LIMITS } from './limits.ts';

import { LiveRecorder } from './live.ts';
import { teacherApi } from './teacher.ts';
import { type World, worldDataset } from './world.ts';

/** How long a refusal over the rate waits before it is written, and how many may wait per token. */
export const REFUSAL_HOLD_MS = 1_000;
const HELD_PER_TOKEN = 32;

export interface ClassServerOptions
  extends Pick<AdapterOptions, 'pace' | 'profile' | 'errorText' | 'descriptions' | 'log'> {
  students: number;
  /** Stable tokens for a sheet printed ahead (`--class-seed`); random for each run without it. */
  seed?: string;
  host?: string;
  port?: number;
  dataset?: string;
  limits?: Limits;
  /** The built docs site; absent or missing: the site's paths answer 404 and the banner says how to build. */
  siteDir?: string;
  /** Also append the recorder's frames to this file (`--record`). */
  record?: string;
}

export interface RunningClass {
  url: string;
  host: string;
  accounts: ClassAccounts;
  limits: Limits;
  allowedHostnames: string[];
  /** The site directory being served, or undefined when none is built. */
  site: string | undefined;
  dataset: string;
  worlds: ReadonlyMap<string, World>;
  live: LiveRecorder;
  /** Starts one student's world (or everyone's, `id` undefined) again from the dataset. */
  reset(id?: string): Promise<string[]>;
  close(options?: { graceMs?: number }): Promise<void>;
}

/** The address a bound host is reached by: an IPv6 address in brackets. */
const hostnameOf = (address: string) => (address.includes(':') ? `[${address}]` : address);

export async function startClassServer(options: ClassServerOptions): Promise<RunningClass> {
  const host = options.host ?? '127.0.0.1';
  const datasetName = options.dataset ?? DEFAULT_DATASET;
  const dataset = loadDataset(datasetName);
  const accounts = classAccounts(options.students, options.seed);
  const everyone = [accounts.teacher, ...accounts.students];
  const allowedHostnames = [...new Set([...DEFAULT_ALLOWED_HOSTNAMES, hostnameOf(host)])];
  const adapterOptions = (account: Account): AdapterOptions => ({
    dataset: worldDataset(dataset, account.token),
    allowedHostnames,
    ...(options.pace === undefined ? {} : { pace: options.pace }),
    ...(options.profile === undefined ? {} : { profile: options.profile }),
    ...(options.errorText === undefined ? {} : { errorText: options.errorText }),
    ...(options.descriptions === undefined ? {} : { descriptions: options.descriptions }),
  });
  const worlds = new Map<string, World>();
  const byToken = new Map<string, Account>();
  for (const account of everyone) {
    worlds.set(account.id, { account, adapter: await createAdapter(adapterOptions(account)) });
    byToken.set(account.token, account);
  }
  const limits = new TokenLimits(options.limits ?? DEFAULT_LIMITS);
  /** Refusals over the rate being held back, per token. */
  const held = new Map<string, number>();
  const live = new LiveRecorder(
    everyone.map((account) => account.token),
    options.record,
  );
  const site = options.siteDir && existsSync(options.siteDir) ? options.siteDir : undefined;

  const reset = async (id?: string): Promise<string[]> => {
    const ids = id === undefined ? accounts.students.map((account) => account.id) : [id];
    for (const one of ids) {
      const world = worlds.get(one);
      if (!world) continue;
      const adapter = await createAdapter(adapterOptions(world.account));
      const old = world.adapter;
      // Every new request reaches the fresh copy; a stream still open on the old world is ended.
      worlds.set(one, { account: world.account, adapter });
      void old.close();
    }
    return ids.filter((one) => worlds.has(one));
  };

  const teacher = teacherApi({
    accounts,
    worlds,
    live,
    reset,
    limits: limits.limits,
    dataset: datasetName,
  });

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    // The DNS-rebinding guard for every path, the site's as well: only the names this machine was bound to.
    const hostCheck = validateHostHeader(req.headers.host, allowedHostnames);
    const originCheck = hostCheck.ok ? validateOriginHeader(req.headers.origin, allowedHostnames) : hostCheck;
    if (!originCheck.ok) return refuse(res, 403, `Forbidden: ${originCheck.message}`);
    const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
    if (path === KIT_PROBE_PATH && req.method === 'GET') return json(res, 200, kitProbe('class'));
    if (path === '/class' || path.startsWith('/class/')) return teacher(req, res, path, bearerOf(req));
    if (path === '/mcp' || path === '/mcp/' || path.startsWith('/api/')) {
      // Authenticated before anything is read: an unknown token costs nothing but this answer.
      const token = bearerOf(req);
      const account = token === undefined ? undefined : byToken.get(token);
      if (!account)
        return refuse(res, 401, 'Unauthorized: send your class token as "Authorization: Bearer <token>"');
      const admitted = limits.admit(account.token);
      if (!('release' in admitted)) {
        live.refused(account.id);
        if (admitted.reason === 'concurrent')
          return refuse(
            res,
            429,
            `Too Many Requests: at most ${limits.limits.concurrent} requests (SSE streams included) open at once for one token`,
          );
        const tooFast = () =>
          refuse(
            res,
            429,
            `Too Many Requests: at most ${limits.limits.ratePerSecond} requests a second for one token`,
            { 'Retry-After': String(admitted.retryAfterSeconds) },
          );
        // Over the rate, the refusal itself waits (up to HELD_PER_TOKEN at a time per token): a loop that sends again as
        // soon as it is answered slows down to that pace, and its machine, not the server, does the waiting.
        const holding = held.get(account.token) ?? 0;
        if (holding >= HELD_PER_TOKEN) return tooFast();
        held.set(account.token, holding + 1);
        const timer = setTimeout(() => {
          if (!res.destroyed) tooFast();
        }, REFUSAL_HOLD_MS);
        res.once('close', () => {
          clearTimeout(timer);
          held.set(account.token, (held.get(account.token) ?? 1) - 1);
        });
        return;
      }
      res.once('close', admitted.release);
      live.tap(account.id, req, res);
      const world = worlds.get(account.id);
      return world?.adapter.app(req, res);
    }
    if (site && (req.method === 'GET' || req.method === 'HEAD')) return serveStatic(site, req, res);
    if (path === '/' && !site) return refuse(res, 404, 'the docs site is not built: run pnpm docs:build');
    return refuse(res, 404, `Not Found: ${req.method} ${path}`);
  };

  const running = await listen(handler, { host, port: options.port ?? 5230 });
  return {
    url: running.url,
    host,
    accounts,
    limits: limits.limits,
    allowedHostnames,
    site,
    dataset: datasetName,
    worlds,
    live,
    reset,
    close: async ({ graceMs = 0 } = {}) => {
      await running.close({ graceMs });
      await Promise.all([...worlds.values()].map((world) => world.adapter.close()));
      live.close();
    },
  };
}
