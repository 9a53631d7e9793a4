// Lab 10's last step runs the official conformance suite's scenarios: a server that is not there, or not
// an MCP server, must come back as failures that name the scenario, never as a pass.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { findLab } from '../src/catalog.ts';
import { runScenarios, SCENARIOS } from '../src/conformance.ts';

describe('the conformance step', () => {
  it('is lab 10’s last check, with a time limit longer than the runner’s 20 s', async () => {
    const { checks } = (await import(
      '../10-http-server/check.ts'
    )) as typeof import('../10-http-server/check.ts');
    const last = checks.at(-1);
    expect(last?.id).toBe('conformance');
    expect(last?.timeoutMs).toBeGreaterThan(20_000);
    expect(findLab('http-server')?.hints).toHaveProperty('conformance');
    expect(SCENARIOS).toHaveLength(5);
  });

  it('reports what the suite expected and got for a server that answers every POST with 200 {}', async () => {
    const server = createServer((_, res) =>
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const failures = await runScenarios(`http://127.0.0.1:${port}/mcp`, ['tools-list']);
      expect(failures.length).toBeGreaterThan(0);
      expect(failures[0]).toMatchObject({ scenario: 'tools-list' });
      expect(failures[0]?.description || failures[0]?.error).toBeTruthy();
    } finally {
      server.close();
    }
  }, 120_000);
});
