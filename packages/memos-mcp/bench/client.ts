// The benchmark's client, in a process of its own, as a user's client is: it calls the server the
// benchmark started (`pnpm serve`, in another process) and prints what it measured as one JSON line.
//
// It speaks HTTP/1.1 through node:http with one keep-alive agent: the leanest client Node ships, and the
// one most HTTP libraries for Node sit on. Whatever a client spends on a call is in that call's latency,
// on both sides alike, so a heavier client (fetch, say) would add the same time to REST and MCP and make
// their ratio look smaller than the servers make it.
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';

/** A call that has no answer after this long fails the run. */
const CALL_TIMEOUT_MS = 30_000;

export interface Target {
  /** What the results are keyed by (`rest`, `mcp`, …). */
  name: string;
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ClientPlan {
  targets: Target[];
  /** Calls per target at one client, after `warmup` calls per target that are not counted. */
  rounds: number;
  warmup: number;
  /** Concurrent clients in the load phases (0: no load phases). */
  concurrency: number;
  /** Calls per target under load, split into `phases` phases per target. */
  loadCalls: number;
  phases: number;
}

interface Latencies {
  median: number;
  p99: number;
}

export interface ClientReport {
  /** One client, every target once per round in a rotating order: milliseconds. */
  one: Record<string, Latencies>;
  /** `concurrency` clients, the targets' phases alternating: p99 in milliseconds, and calls per second. */
  load: Record<string, { p99: number; rate: number }>;
  /** The 1-minute load average when the one-client rounds began, and when the load phases began. */
  loadAverage: { one: number; load: number };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function measure(plan: ClientPlan): Promise<ClientReport> {
  // A socket left idle is closed here before Node's server closes it (its keep-alive timeout is 5 s), so
  // no call is ever sent on a connection the server is closing.
  const agent = new Agent({ keepAlive: true, maxSockets: Math.max(1, plan.concurrency), timeout: 4_000 });
  const send = (target: Target) =>
    new Promise<number>((resolve, reject) => {
      const outgoing = request(
        target.url,
        { method: target.method, headers: target.headers, agent },
        (incoming) => {
          incoming.resume();
          incoming.on('end', () => resolve(incoming.statusCode ?? 0));
          incoming.on('error', reject);
        },
      );
      // A call that never ends would hold the whole run: past this it fails, and so does the run.
      outgoing.setTimeout(CALL_TIMEOUT_MS, () => outgoing.destroy(new Error(`${target.url}: no answer`)));
      outgoing.on('error', reject);
      outgoing.end(target.body);
    });
  const timed = async (target: Target) => {
    const started = performance.now();
    const status = await send(target);
    if (status !== 200) throw new Error(`${target.method} ${target.url} answered ${status}`);
    return performance.now() - started;
  };

  // One client: round i calls the targets starting from target i, so none is always first or last.
  const oneClient = async (rounds: number) => {
    const samples = plan.targets.map(() => [] as number[]);
    for (let i = 0; i < rounds; i++) {
      for (let k = 0; k < plan.targets.length; k++) {
        const index = (i + k) % plan.targets.length;
        samples[index]?.push(await timed(plan.targets[index] as Target));
      }
    }
    return samples.map((values) => values.sort((a, b) => a - b));
  };
  await oneClient(plan.warmup);
  const loadAtOne = loadavg()[0] ?? 0;
  const one = await oneClient(plan.rounds);

  // Under load: `calls` calls by `concurrency` clients at once.
  const underLoad = async (target: Target, calls: number) => {
    let next = 0;
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: plan.concurrency }, async () => {
        while (next < calls) {
          next++;
          latencies.push(await timed(target));
        }
      }),
    );
    return { latencies, seconds: (performance.now() - started) / 1000 };
  };
  const loadAtLoad = loadavg()[0] ?? 0;
  const load: ClientReport['load'] = {};
  if (plan.concurrency > 0) {
    const perPhase = Math.max(1, Math.floor(plan.loadCalls / plan.phases));
    for (const target of plan.targets) await underLoad(target, Math.min(perPhase, 200));
    const phases = plan.targets.map(() => ({ latencies: [] as number[], calls: 0, seconds: 0 }));
    // A, B, B, A, A, B…: each target runs as often early as late, so a drift in the machine's load
    // reaches both alike.
    for (let phase = 0; phase < plan.phases; phase++) {
      const order = plan.targets.map((_, index) => index);
      if (phase % 2 === 1) order.reverse();
      for (const index of order) {
        const run = await underLoad(plan.targets[index] as Target, perPhase);
        const total = phases[index];
        if (!total) continue;
        total.latencies.push(...run.latencies);
        total.calls += perPhase;
        total.seconds += run.seconds;
      }
    }
    plan.targets.forEach((target, index) => {
      const total = phases[index];
      if (!total) return;
      load[target.name] = {
        p99: percentile(
          total.latencies.sort((a, b) => a - b),
          99,
        ),
        rate: total.calls / total.seconds,
      };
    });
  }
  agent.destroy();
  return {
    one: Object.fromEntries(
      plan.targets.map((target, index) => {
        const sorted = one[index] ?? [];
        return [target.name, { median: percentile(sorted, 50), p99: percentile(sorted, 99) }];
      }),
    ),
    load,
    loadAverage: { one: loadAtOne, load: loadAtLoad },
  };
}

const plan = JSON.parse(process.argv[2] ?? '{}') as ClientPlan;
process.stdout.write(`${JSON.stringify(await measure(plan))}\n`);
