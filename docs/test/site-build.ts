// Builds the site the browser test walks. `pnpm test` builds it first as turbo's @memos-kit/docs#build (cached on
// the inputs listed in turbo.json); run alone, the test builds it here when a source is newer than the build
// (cli/site.ts judges that, for the test and for the commands that serve the build).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { docsRoot } from '../cli/site.ts';

let running: ReturnType<typeof spawn> | undefined;

/** Stops a build cut short by a hook's timeout, so it does not outlive the test. */
export function stopBuild(): void {
  running?.kill('SIGKILL');
}

/** `vitepress build` of the docs into `outDir`; rejects with its output when it fails. */
export function buildSite(outDir: string): Promise<void> {
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
