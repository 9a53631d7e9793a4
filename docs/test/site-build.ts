// Builds the site the browser tests walk. `pnpm test` builds it first as turbo's @memos-kit/docs#build (cached on
// the inputs listed in turbo.json); run alone, a test builds it here when a source is newer than the build
// (cli/site.ts judges that, for the tests and for the commands that serve the build).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { processIsGone } from '@memos-kit/process';
import { docsRoot, siteDir, siteState } from '../cli/site.ts';

let running: ReturnType<typeof spawn> | undefined;

/** Stops a build cut short by a hook's timeout, so it does not outlive the test. */
export function stopBuild(): void {
  running?.kill('SIGKILL');
}

/** `vitepress build` of the docs into `outDir`; rejects with its output when it fails. */
function buildSite(outDir: string): Promise<void> {
  const bin = join(
    dirname(createRequire(import.meta.url).resolve('vitepress/package.json')),
    'bin',
    'vitepress.js',
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'build', docsRoot, '--outDir', outDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running = child;
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vitepress build failed:\n${output}`)),
    );
  });
}

/** Held while one test file builds the site; in VitePress's cache folder, which no staleness check reads. */
const lockDir = join(docsRoot, '.vitepress', 'cache', 'site-build.lock');
/** Longer than a build takes on a busy two-core machine, and shorter than the tests' hook timeout. */
const LOCK_WAIT_MS = 220_000;

/**
 * The process holding the lock, or null when nobody does any more: its process is gone, or it made the
 * folder and died before writing its pid, which it does at once (-1 while the pid may still come).
 */
function holderOfLock(): number | null {
  let holder = Number.NaN;
  try {
    holder = Number.parseInt(readFileSync(join(lockDir, 'pid'), 'utf8'), 10);
  } catch {
    // no pid (yet), or no lock any more
  }
  if (holder > 0) return processIsGone(holder) ? null : holder;
  const madeAt = statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return Date.now() - madeAt < 10_000 ? -1 : null;
}

/** Takes the build lock, or says which process holds it; a lock whose process is gone is taken over. */
function takeLock(): number | null {
  mkdirSync(dirname(lockDir), { recursive: true });
  try {
    mkdirSync(lockDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = holderOfLock();
    if (holder !== null) return holder;
    rmSync(lockDir, { recursive: true, force: true });
    return takeLock();
  }
  writeFileSync(join(lockDir, 'pid'), String(process.pid));
  return null;
}

/**
 * The built site in docs/.vitepress/dist, built first when it is missing or older than a source. Each browser
 * test file calls this, and vitest may run them at once in separate processes: one builds while the others
 * wait for it, so the site is built once.
 */
export async function ensureSite(): Promise<void> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    const holder = takeLock();
    if (holder === null) break;
    if (Date.now() > deadline)
      throw new Error(`the site is still being built by process ${holder} after ${LOCK_WAIT_MS / 1000} s`);
    await sleep(500);
  }
  try {
    if (siteState(siteDir).state !== 'fresh') {
      console.info('Building the site: there is no build yet, or a source is newer than it.');
      await buildSite(siteDir);
    }
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}
