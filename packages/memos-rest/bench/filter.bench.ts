// `pnpm bench`: latency of a filtered page of 50 on a generated 10 000-memo dataset, and the share of it the
// filter takes. A benchmark prints numbers; it never fails a build.
import { loadavg as osLoad } from 'node:os';
import { performance } from 'node:perf_hooks';
import { listen } from '@memos-kit/process';
import { bilingualMessages, type CommandSpec, command, type OptionSpecs, table } from '@memos-kit/terminal';
import { compileMemoFilter, createRestApp, type Dataset } from '../src/index.ts';
import pairs from './filter.messages.json' with { type: 'json' };

const MEMOS = 10_000;
// The same knobs as the MCP benchmark, so one `BENCH_ROUNDS=20` makes `pnpm bench` a quick smoke run.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
const RUNS = Number(process.env.BENCH_ROUNDS ?? 300);
const GOAL_MS = 20;

const spec = {
  name: 'pnpm --filter @memos-kit/memos-rest bench',
  summary: {
    zh: `ListMemos 的延迟：在生成的 ${MEMOS} 条 memo 上取一页 50 条（带过滤条件），以及其中过滤本身所占的时间。基准只打印数字，从不让构建失败。`,
    en: `Latency of a filtered page of 50 on ${MEMOS} generated memos, and the share of it the filter takes. A benchmark prints numbers; it never fails a build.`,
  },
  options: {},
} as const satisfies CommandSpec<OptionSpecs>;

const messages = bilingualMessages(pairs);

/** A deterministic dataset: four users, mixed visibility, tags, tasks, code and links, spread over 90 days. */
function generateDataset(count: number): Dataset {
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const users = ['demo', 'alice', 'bob', 'meimei'];
  const words = [
    'roadmap',
    'release',
    'meeting',
    'bug',
    'design',
    'lunch',
    'deploy',
    'review',
    'idea',
    'notes',
  ];
  const tags = ['work', 'urgent', 'ops', 'book/tech', 'idea', 'frontend', 'diary'];
  return {
    users: users.map((username, i) => ({ username, role: i === 0 ? ('ADMIN' as const) : ('USER' as const) })),
    memos: Array.from({ length: count }, (_, i) => {
      const lines = [`${pick(words)} ${pick(words)} ${pick(words)} #${pick(tags)}`];
      if (random() < 0.3) lines.push(`- [${random() < 0.5 ? ' ' : 'x'}] ${pick(words)}`);
      if (random() < 0.2) lines.push('run `pnpm bench`');
      if (random() < 0.2) lines.push('[docs](https://memos.example.com)');
      return {
        id: `memo-${i}`,
        creator: pick(users),
        content: lines.join('\n'),
        visibility: pick(['PUBLIC', 'PROTECTED', 'PRIVATE'] as const),
        pinned: random() < 0.05,
        createTime: `-${Math.floor(random() * 90 * 24 * 60)}m`,
      };
    }),
    reactions: Array.from({ length: count / 2 }, (_, i) => ({
      memo: `memo-${(i * 7) % count}`,
      creator: pick(users),
      reactionType: pick(['👍', '🎉', '❤️']),
    })),
    relations: Array.from({ length: count / 10 }, (_, i) => ({
      memo: `memo-${i}`,
      relatedMemo: `memo-${i + 1}`,
    })),
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const ms = (value: number) => `${value.toFixed(2)} ms`;

await command(spec, async ({ paint, width, lang }) => {
  const say = messages.in(lang);
  const started = performance.now();
  const { app, store } = createRestApp({ dataset: generateDataset(MEMOS) });
  // Time each request inside the server too (arrival to last byte written), so a busy client or machine
  // shows up as the gap between the two columns rather than as a slow mock.
  let serverTimes: number[] = [];
  const server = await listen((req, res) => {
    const t0 = performance.now();
    res.on('finish', () => serverTimes.push(performance.now() - t0));
    app(req, res);
  });
  const base = server.url;
  console.log(
    `${paint('bold', say('title'))}${say('loaded', { count: MEMOS, time: ms(performance.now() - started) })}`,
  );
  console.log(`${say('method', { runs: RUNS, warmup: WARMUP })}\n`);

  const filters = [
    '',
    'visibility != "PRIVATE"',
    'content.contains("roadmap") && created_ts > now - duration("168h")',
    'tags.exists(t, t == "urgent")',
    'pinned == true && visibility == "PUBLIC"',
    '"work" in tags || (has_task_list && !has_incomplete_tasks)',
  ];
  const rows: string[][] = [
    [
      say('colServerMedian'),
      say('colServerP99'),
      say('colRoundTrip'),
      say('colShare'),
      say('colMatches'),
      say('colFilter'),
    ],
  ];
  const me = store.userByUsername('demo');
  try {
    for (const filter of filters) {
      const url = `${base}/api/v1/memos?pageSize=50${filter ? `&filter=${encodeURIComponent(filter)}` : ''}`;
      const request = async () => {
        const response = await fetch(url, { headers: { authorization: 'Bearer example-token' } });
        if (response.status !== 200) throw new Error(`${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      };
      for (let i = 0; i < WARMUP; i++) await request();
      serverTimes = [];
      const roundTrips: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await request();
        roundTrips.push(performance.now() - t0);
      }
      // The same filtering work the route does: compile once, then one predicate call per memo in scope.
      const filterTimes: number[] = [];
      let matches = 0;
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        if (filter) {
          const predicate = compileMemoFilter(filter);
          matches = 0;
          for (const memo of store.memos) {
            if ((memo.visibility !== 'PRIVATE' || memo.creatorId === me?.id) && predicate(memo)) matches++;
          }
        }
        filterTimes.push(performance.now() - t0);
      }
      for (const list of [serverTimes, roundTrips, filterTimes]) list.sort((a, b) => a - b);
      const median = quantile(serverTimes, 0.5);
      const roundTrip = quantile(roundTrips, 0.5);
      rows.push([
        median < GOAL_MS ? paint('green', ms(median)) : paint('red', ms(median)),
        ms(quantile(serverTimes, 0.99)),
        ms(roundTrip),
        filter
          ? `${((quantile(filterTimes, 0.5) / median) * 100).toFixed(0)}% (${ms(quantile(filterTimes, 0.5))})`
          : '-',
        filter ? String(matches) : '-',
        // Last, so a long expression wraps within the terminal instead of pushing the numbers out.
        filter || say('noFilter'),
      ]);
    }
  } finally {
    await server.close();
  }
  const [header = '', ...lines] = table(rows, { width });
  console.log(paint('dim', header));
  for (const line of lines) console.log(line);
  const load = osLoad()
    .map((n) => n.toFixed(1))
    .join(' ');
  console.log(`\n${say('goal', { goal: GOAL_MS, load })}`);
});
