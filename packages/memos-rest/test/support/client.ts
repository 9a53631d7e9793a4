// A small HTTP client for the tests: it talks to a real listening app on 127.0.0.1 and checks every response
// against the OpenAPI contract before handing it back.

import { listen } from '@memos-kit/process';
import { afterAll, beforeAll } from 'vitest';
import type { Dataset } from '../../src/index.ts';
import { createRestApp, type MemoStore } from '../../src/index.ts';
import { contractProblems, requestProblems, undeclaredQueryParameters } from './contract.ts';

interface CallResult {
  status: number;
  contentType: string | null;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: the tests walk response bodies freely
  json: any;
}

interface CallOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
}

export interface TestServer {
  url: string;
  store: MemoStore;
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  close(): Promise<void>;
}

export async function startTestServer(dataset: string | Dataset = 'workshop'): Promise<TestServer> {
  const { app, store } = createRestApp({ dataset });
  const server = await listen(app);
  return {
    url: server.url,
    store,
    close: async () => {
      await server.close();
    },
    async call(method, path, options = {}) {
      const undeclared = undeclaredQueryParameters(
        method,
        `/api/v1${path}`,
        Object.keys(options.query ?? {}),
      );
      if (undeclared.length > 0)
        throw new Error(`${method} ${path} sends undeclared query parameters: ${undeclared.join(', ')}`);
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(options.query ?? {})) query.set(key, String(value));
      const body =
        options.body === undefined || typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body);
      const target = `/api/v1${path}${query.size > 0 ? `?${query}` : ''}`;
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers['content-type'] ??= 'application/json';
      const response = await fetch(`${server.url}${target}`, {
        method,
        headers,
        body,
      });
      const text = await response.text();
      const json = jsonOrUndefined(text);
      const problems = contractProblems(method, `/api/v1${path}`, response.status, json);
      if (problems.length > 0) {
        throw new Error(`${method} ${target} broke the OpenAPI contract:\n${problems.join('\n')}\n${text}`);
      }
      // Tests send bad requests on purpose; what the contract rejects, the server must not accept.
      const invalid = requestProblems(method, `/api/v1${path}`, Object.fromEntries(query), body);
      if (invalid.length > 0 && response.ok) {
        throw new Error(
          `${method} ${target} was accepted (${response.status}) although the contract rejects it:\n${invalid.join('\n')}\n${body ?? ''}`,
        );
      }
      return {
        status: response.status,
        contentType: response.headers.get('content-type'),
        headers: response.headers,
        text,
        json,
      };
    },
  };
}

/** A response body as JSON, or undefined when it is not JSON (a 401's text/plain, an HTML page). */
export function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const TOKENS = {
  admin: 'example-token',
  alice: 'alice-token',
  bob: 'bob-token',
  meimei: 'meimei-token',
} as const;

/**
 * Starts a server for the enclosing describe block (or file) and stops it afterwards, also on failure.
 * The returned object forwards to the running server.
 */
export function useTestServer(dataset: string | Dataset = 'workshop'): TestServer {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startTestServer(dataset);
  });
  afterAll(() => current?.close());
  const running = () => {
    if (!current) throw new Error('the test server is not running yet');
    return current;
  };
  return {
    get url() {
      return running().url;
    },
    get store() {
      return running().store;
    },
    call: (method, path, options) => running().call(method, path, options),
    close: () => running().close(),
  };
}

export const ANON = undefined;
/** Memos' middleware answer to a call without a valid token. */
export const AUTH_REQUIRED = '{"code": 16, "message": "authentication required"}\n';
export const names = (items: { name: string }[]) => items.map((item) => item.name);
