// The official conformance suite's `authorization` command against the kit's AS, driven headlessly. The suite
// needs Node 22 or later (the kit's engines say 22.19); on an older Node this file is skipped, except in CI,
// where it fails and says why.
import { createServer } from 'node:http';
import { loadDataset } from '@memos-kit/memos-rest';
import { listen } from '@memos-kit/process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAuthorizationSuite, SUITE_RUNS_HERE } from '../scripts/conformance.ts';
import { type RunningAuthServer, startAuthServer } from '../src/index.ts';

const RESOURCE = 'http://127.0.0.1:5230/mcp';

let as: RunningAuthServer;
const audiences: unknown[] = [];
beforeAll(async () => {
  as = await startAuthServer({
    resource: RESOURCE,
    scopes: ['memos:read', 'memos:write'],
    defaultScope: 'memos:read',
    users: loadDataset('workshop').users,
  });
  as.provider.on('access_token.issued', (token) => audiences.push(token.aud));
});
afterAll(() => as?.close());

/** A port nothing listens on right now, for the suite's callback server. */
async function freePort(): Promise<number> {
  const probe = await listen(createServer());
  await probe.close();
  return probe.port;
}

describe.skipIf(!SUITE_RUNS_HERE && !process.env.CI)('the conformance suite’s authorization command', () => {
  it('passes the metadata scenario, CIMD included, and the authorization code grant', {
    timeout: 120_000,
  }, async () => {
    expect(SUITE_RUNS_HERE, `the suite needs Node 22.19 or later, this is ${process.version}`).toBe(true);
    const run = await runAuthorizationSuite({
      issuer: as.issuer,
      resource: RESOURCE,
      callbackPort: await freePort(),
    });
    expect(run.output).toContain('✓ authorization-server-metadata-endpoint: 2 passed, 0 failed');
    expect(run.output).toContain('✓ authorization-code-grant: 1 passed, 0 failed');
    expect(run.code, run.output).toBe(0);
    // The suite accepts any token; the kit's AS issued one for the MCP resource.
    expect(audiences).toEqual([RESOURCE]);
  });
});
