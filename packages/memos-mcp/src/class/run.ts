// What `pnpm serve --class N` does once the command line is read: start the class server, print its banner,
// stop it on Ctrl-C or SIGTERM.
import { join } from 'node:path';
import { bannerWords, tryRequest } from '@memos-kit/memos-rest/cli';
import { closeOnSignals } from '@memos-kit/process';
import { type Lang, type Paint, stopCause, table, UsageError } from '@memos-kit/terminal';
import { type CliOptions, hostNotHere, lanAddresses, paceRow } from '../cli-options.ts';
import type { Pace } from '../mcp/pace.ts';
import { classHost, classSize } from './options.ts';
import { type RunningClass, startClassServer } from './server.ts';
import { classWords } from './words.ts';

const GRACE_MS = 4_000;

/**
 * Where `pnpm docs:build` leaves the site: pnpm runs root scripts in the workspace's root. A build output,
 * not another package's code, so it is found as a user's file is, not imported.
 */
const siteDir = () => join(process.cwd(), 'docs', '.vitepress', 'dist');

export interface ClassRun {
  values: { class?: string | undefined; 'class-seed'?: string | undefined; record?: string | undefined };
  options: CliOptions;
  lang: Lang;
  paint: Paint;
  log: (line: string) => void;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

function classBanner(server: RunningClass, pace: Pace, seeded: boolean, paint: Paint, lang: Lang): string {
  const say = classWords.in(lang);
  const base = server.url;
  const teacher = server.accounts.teacher.token;
  const first = server.accounts.students[0];
  const lan = LOOPBACK.has(server.host);
  const addresses = lanAddresses();
  const rows = [
    [
      say('students'),
      say('studentsValue', { count: server.accounts.students.length, dataset: server.dataset }),
    ],
    [say('teacherPage'), paint('cyan', `${base}/class#${teacher}`)],
    [say('teacherToken'), paint('green', teacher)],
    [say('site'), server.site ? paint('cyan', `${base}/`) : paint('yellow', say('siteMissing'))],
    [
      say('limits'),
      say('limitsValue', {
        rate: server.limits.ratePerSecond,
        burst: server.limits.burst,
        concurrent: server.limits.concurrent,
      }),
    ],
    // The pace the playground and the plan describe is the class's default; `--pace off` is the way out.
    paceRow(pace, paint, lang),
    [say('reach'), lan ? say('reachLoopback') : paint('yellow', say('reachLan', { host: server.host }))],
  ];
  return [
    say('listening', { title: paint('bold', say('title')), url: paint('cyan', base) }),
    ...table(rows).map((line) => `  ${line}`),
    `  ${paint('dim', say(seeded ? 'tokensSeeded' : 'tokensRandom'))}`,
    ...(lan && addresses.length > 0
      ? [`  ${paint('dim', say('lanAddresses', { addresses: addresses.join('  ') }))}`]
      : []),
    '',
    `  ${say('try', { id: first?.id ?? '' })}`,
    `    ${tryRequest(`${base}/api/v1`, first ? [{ username: first.id, role: 'USER', displayName: first.id, tokens: [first.token] }] : [])}`,
    `  ${say('reset')}`,
    `    curl -X POST -H "Authorization: Bearer ${teacher}" "${base}/class/api/reset"`,
    `  ${paint('dim', say('stop'))}`,
  ].join('\n');
}

export async function runClass({ values, options, lang, paint, log }: ClassRun): Promise<void> {
  const students = classSize(values.class ?? '', lang);
  if (options.memosUrl !== undefined) throw new UsageError(classWords.t(lang, 'classWithRemote'));
  const seed = values['class-seed'];
  const host = classHost(options.host, lang);
  const server = await startClassServer({
    students,
    host,
    port: options.port,
    dataset: options.dataset,
    pace: options.pace,
    profile: options.profile,
    errorText: options.errorText,
    descriptions: options.descriptions,
    log,
    siteDir: siteDir(),
    ...(seed === undefined ? {} : { seed }),
    ...(values.record === undefined ? {} : { record: values.record }),
  }).catch((error: unknown) => {
    throw hostNotHere(error, host, lang) ?? error;
  });
  process.stdout.write(`${classBanner(server, options.pace, seed !== undefined, paint, lang)}\n`);
  closeOnSignals(async (signal) => {
    process.stdout.write(
      `\n${bannerWords(lang)('stopping', { signal: stopCause(signal), seconds: GRACE_MS / 1000 })}\n`,
    );
    await server.close({ graceMs: GRACE_MS });
  });
}
