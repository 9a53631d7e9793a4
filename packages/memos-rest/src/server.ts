import { type Listening, listen } from '@memos-kit/process';
import { DEFAULT_HOST, DEFAULT_PORT } from './address.ts';
import { createRestApp } from './app.ts';
import type { Dialect } from './http.ts';

export interface RestServerOptions {
  host?: string;
  port?: number;
  dataset?: string;
  dialect?: Dialect;
}

/** Starts the mock REST server (127.0.0.1:5230 and the workshop dataset unless told otherwise). */
export function startRestServer(options: RestServerOptions = {}): Promise<Listening> {
  const { app } = createRestApp({ dataset: options.dataset, dialect: options.dialect });
  return listen(app, { host: options.host ?? DEFAULT_HOST, port: options.port ?? DEFAULT_PORT });
}
