import { runEntry } from '@memos-kit/process';
import { describe, expect, it } from 'vitest';

const DEMO = new URL('../src/demo.ts', import.meta.url);

describe('pnpm demo:features --lesson tokens', () => {
  it('shows the Memos token crossing without OAuth, staying out with it, and neither token at the other door', async () => {
    const run = await runEntry(DEMO, {
      args: ['--lesson', 'tokens', '--lang', 'en'],
      env: { NO_COLOR: '1' },
    });
    expect(run.code, run.stderr).toBe(0);
    const out = run.stdout;
    // What Memos received, in both runs: the caller's token first, then the adapter's own for demo.
    const tapped = [...out.matchAll(/GET \/api\/v1\/memos\/demo-secret {2}Authorization: (.*)/g)].map(
      (m) => m[1],
    );
    expect(tapped).toEqual(['Bearer example-token', 'Bearer example-token']);
    // In order: the token's claims name /mcp, it goes to /mcp, and what Memos received is the adapter's.
    expect(out).toMatch(
      /2\. --auth oauth[\s\S]*"aud":"http:\/\/127\.0\.0\.1:\d+\/mcp"[\s\S]*Authorization: Bearer eyJ[\s\S]*✓ \/mcp took the token issued to it/,
    );
    expect(out).toMatch(
      /← HTTP\/1\.1 401 Unauthorized\n\s+content-type: application\/json\n\s+www-authenticate: Bearer error="invalid_token"/,
    );
    expect(out).toContain('✓ the token issued to /mcp does not open Memos: 401');
    expect(out).not.toContain('✗');
  }, 60_000);

  it('refuses another lesson by name', async () => {
    const run = await runEntry(DEMO, { args: ['--lesson', 'oauth', '--lang', 'en'] });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--lesson must be tokens, got "oauth"');
  });
});
