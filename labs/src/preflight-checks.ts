/**
 * What `pnpm preflight` looks at on a student's machine before class. Each item is a pure function of what it
 * is given (versions, paths, ports), so a test can play a machine with an old Node or a busy port.
 */
import { accessSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { findNginx } from '@memos-kit/demo-sse';
import { isKitProbe, KIT_PROBE_PATH } from '@memos-kit/memos-mcp/kit-probe';
import { listen } from '@memos-kit/process';
import type { Lang } from '@memos-kit/terminal';
import { labsDir, repoRoot } from './catalog.ts';
import { changedStarters } from './committed.ts';
import { type MessageKey, say } from './messages.ts';

/** `warn`: the class can run, but something on this machine would spoil it; the fix is given, the exit stays 0. */
type ItemState = 'ok' | 'fail' | 'optional' | 'warn';

export interface PreflightItem {
  key: string;
  state: ItemState;
  /** What was found. */
  text: string;
  /** What to do about it (absent when all is well). */
  fix?: string;
  /** Where the troubleshooting page explains this failure, with its exact error text (absent when all is well). */
  help?: string;
}

/** The troubleshooting page's section for each item that can fail (docs/workshop/troubleshooting.md). */
export const HELP_ANCHORS: Record<string, string> = {
  node: 'old-node',
  pnpm: 'pnpm-missing',
  install: 'install-incomplete',
  offline: 'install-incomplete',
  port: 'port-in-use',
};

/** The troubleshooting page in the learner's language, at the section for `key` ('port 5230' → port-in-use). */
function helpFor(lang: Lang, key: string): string | undefined {
  const anchor = HELP_ANCHORS[key.split(' ')[0] ?? ''];
  return anchor && `docs/${lang === 'zh' ? '' : 'en/'}workshop/troubleshooting.md#${anchor}`;
}

export interface PreflightInput {
  lang: Lang;
  nodeVersion: string;
  /** `npm_config_user_agent` as pnpm sets it for a script (`pnpm/12.4.2 npm/? node/v20…`). */
  userAgent: string | undefined;
  ports: number[];
  env: NodeJS.ProcessEnv;
  root?: string;
  /** The labs' working folder (`KIT_LAB_WORKDIR` in a test), whose starters are set against git's HEAD. */
  labsRoot?: string;
}

/** The ports the kit's commands listen on by default: pnpm serve, the HATEOAS serve, the docs dev server. */
export const CLASS_PORTS = [5230, 5240, 5173];

interface RootManifest {
  engines?: { node?: string };
  packageManager?: string;
}

const manifest = (root: string): RootManifest =>
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as RootManifest;

const numbers = (version: string) => version.replace(/^v/, '').split('.').map(Number);

/** Whether `version` is at least `minimum` (both `major.minor.patch`). */
export function atLeast(version: string, minimum: string): boolean {
  const have = numbers(version);
  const need = numbers(minimum);
  for (let index = 0; index < 3; index++) {
    const a = have[index] ?? 0;
    const b = need[index] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}

function item(lang: Lang, key: string, state: ItemState, text: MessageKey, fix?: MessageKey, vars = {}) {
  const found: PreflightItem = { key, state, text: say(lang, text, vars) };
  if (fix) found.fix = say(lang, fix, vars);
  const help = state === 'fail' ? helpFor(lang, key) : undefined;
  if (help) found.help = help;
  return found;
}

export function nodeItem(lang: Lang, nodeVersion: string, root = repoRoot): PreflightItem {
  const minimum = (manifest(root).engines?.node ?? '>=22.19').replace(/^>=\s*/, '');
  const vars = { version: nodeVersion.replace(/^v/, ''), minimum };
  return atLeast(nodeVersion, minimum)
    ? item(lang, 'node', 'ok', 'pfNodeOk', undefined, vars)
    : item(lang, 'node', 'fail', 'pfNodeOld', 'pfNodeFix', vars);
}

export function pnpmItem(lang: Lang, userAgent: string | undefined, root = repoRoot): PreflightItem {
  const wanted = (manifest(root).packageManager ?? 'pnpm@').split('@')[1] ?? '';
  const found = /(?:^|\s)pnpm\/(\S+)/.exec(userAgent ?? '')?.[1];
  const vars = { version: found ?? '', wanted };
  if (!found) return item(lang, 'pnpm', 'fail', 'pfPnpmNone', 'pfPnpmFix', vars);
  return found.split('.')[0] === wanted.split('.')[0]
    ? item(lang, 'pnpm', 'ok', 'pfPnpmOk', undefined, vars)
    : item(lang, 'pnpm', 'fail', 'pfPnpmOther', 'pfPnpmFix', vars);
}

/**
 * Which packages of the lockfile are not in `node_modules/.pnpm`; optional ones (another platform's binary,
 * a wasm fallback) are skipped.
 */
export function missingPackages(root = repoRoot): string[] | undefined {
  const store = join(root, 'node_modules', '.pnpm');
  if (!existsSync(store)) return undefined;
  const installed = readdirSync(store);
  const whole = readFileSync(join(root, 'pnpm-lock.yaml'), 'utf8');
  // pnpm 12 writes the lockfile of pnpm itself as a first YAML document; the project's is the last one.
  const lock = whole.slice(Math.max(0, whole.lastIndexOf('\nlockfileVersion:')));
  // Snapshots are what an install puts on disk; optional ones (another platform's binary) may be absent.
  const section = lock.split(/^snapshots:\s*$/m)[1] ?? '';
  const missing: string[] = [];
  for (const block of section.split(/\n(?= {2}\S)/)) {
    const key = /^\s*'?([^'\s(][^'(]*?)(?:\(.*\))?'?:(?:\s*\{\})?\s*$/m.exec(block)?.[1];
    if (!key || /^\s+optional: true/m.test(block)) continue;
    const at = key.lastIndexOf('@');
    const folder = `${key.slice(0, at).replace('/', '+')}@${key.slice(at + 1)}`;
    if (!installed.some((name) => name === folder || name.startsWith(`${folder}_`))) missing.push(key);
  }
  return missing;
}

function installItem(lang: Lang, root = repoRoot): PreflightItem {
  const missing = missingPackages(root);
  if (missing === undefined) return item(lang, 'install', 'fail', 'pfInstallNone', 'pfInstallFix');
  if (missing.length > 0)
    return item(lang, 'install', 'fail', 'pfInstallPartial', 'pfInstallFix', {
      count: missing.length,
      first: missing.slice(0, 3).join(', '),
    });
  return item(lang, 'install', 'ok', 'pfInstallOk');
}

/** Nothing the kit runs reaches the network, so a complete install is all "offline" needs. */
function offlineItem(lang: Lang, install: PreflightItem): PreflightItem {
  return install.state === 'ok'
    ? item(lang, 'offline', 'ok', 'pfOfflineOk')
    : item(lang, 'offline', 'fail', 'pfOfflineNo', 'pfInstallFix');
}

/** How long the kit's own server gets to say it is there: it answers on loopback in milliseconds. */
const PROBE_TIMEOUT_MS = 1_500;

/**
 * Which of the kit's servers answers on 127.0.0.1:`port`, if one does. A teacher runs preflight with the class
 * server already up; that server holding 5230 is the class going well, not a port to free.
 */
async function kitServerOn(port: number): Promise<string | undefined> {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}${KIT_PROBE_PATH}`, {
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    const value: unknown = answer.ok ? await answer.json() : undefined;
    if (!isKitProbe(value)) return undefined;
    return value.server === 'class' ? 'pnpm serve --class' : 'pnpm serve';
  } catch {
    return undefined;
  }
}

export async function portItem(lang: Lang, port: number): Promise<PreflightItem> {
  try {
    const listening = await listen(() => {}, { port });
    await listening.close();
    return item(lang, `port ${port}`, 'ok', 'pfPortFree', undefined, { port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    const command = code === 'EADDRINUSE' ? await kitServerOn(port) : undefined;
    if (command) return item(lang, `port ${port}`, 'ok', 'pfPortKit', undefined, { port, command });
    return item(lang, `port ${port}`, 'fail', 'pfPortBusy', 'pfPortFix', { port, code });
  }
}

function onPath(names: string[], env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of names) {
      try {
        accessSync(join(dir, name), constants.X_OK);
        return join(dir, name);
      } catch {}
    }
  }
  return undefined;
}

function chromiumItem(lang: Lang, env: NodeJS.ProcessEnv): PreflightItem {
  const found =
    (env.CHROMIUM_PATH && existsSync(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : undefined) ??
    onPath(['chromium', 'chromium-browser', 'google-chrome'], env);
  return found
    ? item(lang, 'chromium', 'ok', 'pfChromiumOk', undefined, { path: found })
    : item(lang, 'chromium', 'optional', 'pfChromiumNone', 'pfChromiumFix');
}

function nginxItem(lang: Lang, env: NodeJS.ProcessEnv): PreflightItem {
  const found = findNginx(env);
  return found
    ? item(lang, 'nginx', 'ok', 'pfNginxOk', undefined, { path: found })
    : item(lang, 'nginx', 'optional', 'pfNginxNone', 'pfNginxFix');
}

/**
 * The starters a learner will open, as committed? A rehearsal that solved them leaves the class nothing to do
 * (and `pnpm lab` says "done" at once). One line for all when they are as committed, else one per lab that
 * differs, with its reset.
 */
export async function starterItems(lang: Lang, labsRoot = labsDir): Promise<PreflightItem[]> {
  const starters = await changedStarters(labsRoot);
  if (starters.from === 'none')
    return [
      item(lang, 'starters', 'optional', 'pfStartersNoGit', 'pfStartersNoGitFix', {
        why: say(lang, starters.reason === 'git-missing' ? 'noGitCommand' : 'noGitCheckout'),
      }),
    ];
  if (starters.changed.length === 0) return [item(lang, 'starters', 'ok', 'pfStartersOk')];
  return starters.changed.map(({ lab, files }) =>
    item(lang, `starter ${lab.id}`, 'warn', 'pfStarterChanged', 'pfStarterFix', {
      number: lab.number,
      id: lab.id,
      files: files.join(lang === 'zh' ? '、' : ', '),
      dir: lab.dir,
    }),
  );
}

export async function preflight(input: PreflightInput): Promise<PreflightItem[]> {
  const { lang, env } = input;
  const root = input.root ?? repoRoot;
  const install = installItem(lang, root);
  return [
    nodeItem(lang, input.nodeVersion, root),
    pnpmItem(lang, input.userAgent, root),
    install,
    ...(await Promise.all(input.ports.map((port) => portItem(lang, port)))),
    chromiumItem(lang, env),
    nginxItem(lang, env),
    ...(await starterItems(lang, input.labsRoot)),
    // Last, as the docs say: once it is ✓, the class needs nothing more from a network.
    offlineItem(lang, install),
  ];
}
