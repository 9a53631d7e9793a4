// `@ai-sdk/mcp` probes a stdio server with `server/discover` and gives it 1 s to answer, counted from the
// spawn; a server that is still starting gets the 2025-11-25 `initialize` instead and stays in that era.
// So this test starts the server cold, a new process per client, as a host does, and checks that the
// modern protocol was negotiated and works.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMCPClient } from '@ai-sdk/mcp';
import { StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { buildBundle, freshBundle } from '@memos-kit/entry-bundle';
import { entryArgs } from '@memos-kit/process';
import { beforeAll, describe, expect, it } from 'vitest';
import { coldStart } from '../bench/cold-start.ts';
import { STDIO_ENTRY } from './support/stdio-process.ts';

/** The client's discovery window. */
const WINDOW_MS = 1_000;
/**
 * The kit's cold-start goal is 1.5 × the SDK's minimal server (docs/reference/performance.md), so a machine
 * on which that server answers within two thirds of the window has room for ours: a miss then is the kit's.
 */
const ROOM_MS = WINDOW_MS / 1.5;
const ATTEMPTS = 3;
/**
 * Interleaved pairs for the ratio on a busy machine: single starts there vary by a third either way, and with
 * three pairs one CI run came to 1.46 of the 1.5 allowed.
 */
const RATIO_ROUNDS = 5;
const FLOOR = new URL('../bench/floor-server.ts', import.meta.url);
const ARGS = ['--dataset', 'article'];
/** Milliseconds from the spawn to the first answer, as the benchmark measures them. */
const floorStart = () => coldStart({ entry: FLOOR });
const kitStart = () => coldStart({ entry: pathToFileURL(STDIO_ENTRY), args: ARGS });

beforeAll(async () => {
  // A source edited since the last bundle is rebuilt by the first launch; doing that here keeps the
  // build out of the process starts this test is about (each process itself still starts cold).
  for (const entry of [STDIO_ENTRY, fileURLToPath(FLOOR)]) if (!freshBundle(entry)) await buildBundle(entry);
}, 60_000);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * One host connecting to a new server process: true once 2026-07-28 was negotiated and the tools work;
 * otherwise what the client got instead (it fell back to `initialize`, or failed after falling back).
 */
async function connectCold(): Promise<true | string> {
  let client: Awaited<ReturnType<typeof createMCPClient>>;
  try {
    client = await createMCPClient({
      transport: new StdioMCPTransport({
        command: process.execPath,
        args: entryArgs(STDIO_ENTRY, ARGS),
        stderr: 'ignore',
      }),
    });
  } catch (error) {
    return `the client failed: ${error instanceof Error ? error.message : String(error)}`;
  }
  try {
    const version = client.initializeResult.protocolVersion;
    if (version !== '2026-07-28') return `the client negotiated ${version}`;
    expect(client.serverInfo.name).toBe('memos-example-adapter');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('memo_list_memos');
    const result = await client.callTool({ name: 'memo_list_memos', arguments: { pageSize: 1 } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toHaveProperty('memos');
    return true;
  } finally {
    await client.close();
  }
}

describe('the @ai-sdk/mcp stdio client, against a cold `pnpm mcp:stdio`', () => {
  // The window is wall-clock time, and on a machine far busier than its cores (a whole `pnpm test`, three
  // packages at once on two cores) even the SDK's own minimal server misses it. So each miss is judged against
  // that server, started the same way right after. One start against one such sample is noisy under load
  // (single starts there vary by a third either way, and a CI run saw the kit miss while the floor answered in
  // 615 ms), so a miss is tried again: the test fails when the kit missed every attempt while the minimal server
  // had room each time. When some attempt had no room, what is left to check is the ratio of the two starts,
  // interleaved, against the same 1.5 × goal.
  it('negotiates 2026-07-28 within its 1 s discovery window and calls the tools; with no room for that, starts within 1.5 × the SDK minimal server', async () => {
    const misses: string[] = [];
    let missesWithRoom = 0;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const outcome = await connectCold();
      if (outcome === true) return;
      const floor = median([await floorStart(), await floorStart(), await floorStart()]);
      misses.push(`${outcome}; the SDK's minimal server then answered in ${floor.toFixed(0)} ms`);
      if (floor <= ROOM_MS) missesWithRoom++;
    }
    expect(
      missesWithRoom,
      `the SDK's minimal server started with room to spare (within ${ROOM_MS.toFixed(0)} ms) after every miss, so the misses are the kit's:\n${misses.join('\n')}`,
    ).toBeLessThan(ATTEMPTS);
    const kit: number[] = [];
    const floor: number[] = [];
    for (let round = 0; round < RATIO_ROUNDS; round++) {
      floor.push(await floorStart());
      kit.push(await kitStart());
    }
    console.info(
      `Too busy to test the 1 s window (${misses.length} attempts):\n${misses.join('\n')}\n` +
        `cold start, median of ${RATIO_ROUNDS} interleaved: kit ${median(kit).toFixed(0)} ms, SDK minimal server ${median(floor).toFixed(0)} ms`,
    );
    expect(median(kit)).toBeLessThanOrEqual(1.5 * median(floor));
  }, 120_000);
});
