import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const demo = fileURLToPath(new URL('../src/demo.ts', import.meta.url));
const packageDir = fileURLToPath(new URL('..', import.meta.url));

export interface DemoRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `pnpm demo:sse` the way a teacher would (a child process through tsx), killed if it hangs. */
export function runDemo(
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 20_000,
): Promise<DemoRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', demo, ...args], {
      cwd: packageDir,
      env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`demo ${args.join(' ')} did not finish within ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** What may differ between two runs of the same demo: elapsed times, ports, the Date header. */
export function normaliseTranscript(text: string): string {
  return text
    .replace(/ *\+\d+ ms/g, ' +T ms')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')
    .replace(/^(\s*date: ).*?( {2}|$)/gim, '$1DATE$2');
}
