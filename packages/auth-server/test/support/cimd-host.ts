// Serves Client ID Metadata Documents from loopback, for the AS's `cimdHosts` mapping, and remembers which
// paths the AS fetched: the fetch happens over HTTP, where it can be seen.
import { createServer } from 'node:http';
import { type Listening, listen } from '@memos-kit/process';

export interface CimdHost {
  listening: Listening;
  /** Paths requested so far, oldest first. */
  fetched: string[];
}

export async function startCimdHost(documents: Record<string, object>): Promise<CimdHost> {
  const fetched: string[] = [];
  const listening = await listen(
    createServer((req, res) => {
      fetched.push(req.url ?? '');
      const document = documents[req.url ?? ''];
      if (!document) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
      res.end(JSON.stringify(document));
    }),
  );
  return { listening, fetched };
}
