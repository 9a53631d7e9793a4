// Rewrites the docs' recording of an OAuth session (docs/public/recordings/oauth-session.jsonl): `pnpm serve
// --auth oauth --record` started as users start it, and the SDK client through discovery from the 401, the
// Protected Resource Metadata, a tools/call with its token, and a step-up for a delete. The AS's own pages
// are not on it: the recorder stands in front of /mcp, and the AS listens on a port of its own.

import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { TEACHING_PASSWORD } from '@memos-kit/auth-server';
import { listen, startEntry } from '@memos-kit/process';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  connectWithOAuth,
  learner,
  newClient,
  stoppedForAuthorization,
} from '../test/support/oauth-client.ts';

const jsonl = fileURLToPath(new URL('../../../docs/public/recordings/oauth-session.jsonl', import.meta.url));
// The recorder appends; the docs' copy is one session.
rmSync(jsonl, { force: true });
// The resource names the port, so the recorder's port is chosen here: a free one, as port 0 would pick.
const probe = await listen(createServer());
await probe.close();
const serve = startEntry(new URL('../src/cli.ts', import.meta.url), {
  args: [
    '--auth',
    'oauth',
    '--auth-port',
    '0',
    '--port',
    String(probe.port),
    '--record',
    jsonl,
    '--lang',
    'en',
  ],
});
try {
  await serve.waitFor(/recording to/);
  const mcp = new URL(`http://127.0.0.1:${probe.port}/mcp`);
  const alice = learner('alice', TEACHING_PASSWORD);
  const { client: reading, transport: second } = await connectWithOAuth(mcp, alice, 'docs-oauth-session');
  await reading.callTool({ name: 'memo_list_memos', arguments: { pageSize: 1 } });
  const remove = { name: 'memo_delete_memo', arguments: { memo: 'memos/archived-idea' } };
  await stoppedForAuthorization(reading.callTool(remove));
  await second.finishAuth(alice.takeCallback());
  const writing = newClient('docs-oauth-session');
  await writing.connect(new StreamableHTTPClientTransport(mcp, { authProvider: alice }));
  const deleted = await writing.callTool(remove);
  if (deleted.isError) throw new Error(`the delete failed: ${JSON.stringify(deleted.content)}`);
} finally {
  await serve.stop({ signal: 'SIGTERM', graceMs: 10_000 });
}
