import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { closeOnSignals, listen, portIsClosed } from '@memos-kit/process';

/** Where to look when `KIT_NGINX` is not set: PATH first, then the usual sbin folders (not on a user's PATH). */
const SBIN = ['/usr/sbin', '/usr/local/sbin', '/usr/local/bin', '/opt/homebrew/bin'];

/** The commands that install nginx; the lesson says in its own language which system each is for. */
export const INSTALL_COMMANDS = {
  debian: 'sudo apt-get install -y nginx-light',
  mac: 'brew install nginx',
} as const;

export function findNginx(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = env.KIT_NGINX
    ? [env.KIT_NGINX]
    : [...(env.PATH ?? '').split(delimiter), ...SBIN].filter(Boolean).map((dir) => join(dir, 'nginx'));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

function nginxVersion(binary: string): string {
  const result = spawnSync(binary, ['-v'], { encoding: 'utf8' });
  return (result.stderr || result.stdout).trim().replace(/^nginx version:\s*/, '');
}

/** The two locations the lesson compares; both are stock proxy_pass, only one ignores the upstream's hint. */
export const STREAMING_PATH = '/mcp';
export const BUFFERED_PATH = '/buffered/mcp';

// #region nginx-config
function nginxConfig(dir: string, port: number, upstream: string): string {
  return `# Written by the kit's SSE demo for one run; everything lives in ${dir}.
daemon off;
master_process off;  # one process, stopped with the demo
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  server {
    listen 127.0.0.1:${port};
    # nginx's defaults: proxy_buffering on, HTTP/1.0 to the upstream,
    # and buffers of 4k/8k (the whole response fits in them).
    # The adapter's "X-Accel-Buffering: no" switches buffering off for its SSE responses.
    location = ${STREAMING_PATH} {
      proxy_pass ${upstream}/mcp;
    }
    # Same, but told to ignore that header: the response is buffered until the upstream is done.
    location = ${BUFFERED_PATH} {
      proxy_pass ${upstream}/mcp;
      proxy_ignore_headers X-Accel-Buffering;
    }
  }
}
`;
}
// #endregion nginx-config

export interface NginxProxy {
  url: string;
  version: string;
  /** The config in use, for showing. */
  config: string;
  close(): Promise<void>;
}

/**
 * A port nginx can listen on: one the OS hands out free, let go again at once so nginx can take it. Another
 * program may take it in between; startNginxProxy then tries again.
 */
async function freePort(): Promise<number> {
  const probe = await listen(() => {});
  await probe.close();
  return probe.port;
}

/** SIGTERM (nginx's fast shutdown), then SIGKILL if it is still there after 3 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(force);
}

/** nginx did not come up; `reason` is what it said (its own words, untranslated), for the lesson to report. */
export class NginxStartError extends Error {
  constructor(readonly reason: string) {
    super(`Could not start nginx: ${reason}`);
  }
}

/**
 * Starts nginx as a reverse proxy in front of `upstream`, with its own config, pid, logs and temp files in a
 * fresh temp folder (nothing of the system's nginx setup is read or changed), on a free loopback port.
 */
export async function startNginxProxy(binary: string, upstream: string): Promise<NginxProxy> {
  let lastError = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const dir = mkdtempSync(join(tmpdir(), 'memos-kit-nginx-'));
    const port = await freePort();
    const config = nginxConfig(dir, port, upstream);
    const configPath = join(dir, 'nginx.conf');
    writeFileSync(configPath, config);
    const child = spawn(binary, ['-e', join(dir, 'error.log'), '-p', dir, '-c', configPath], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    // How nginx ended, if it did: set once its stderr is drained ('close'), or when it could not be run.
    let ended: string | undefined;
    child.once('error', (error) => {
      ended ??= `could not be run: ${error.message}`;
    });
    child.once('close', (code, signal) => {
      ended ??= signal ? `was killed by ${signal}` : `exited with code ${code}`;
    });
    // Ctrl-C in class must not leave an nginx or its temp folder behind.
    const cleanUpNow = () => {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    };
    process.once('exit', cleanUpNow);
    const forgetSignals = closeOnSignals(async () => cleanUpNow());
    const close = async () => {
      process.removeListener('exit', cleanUpNow);
      forgetSignals();
      await stop(child);
      rmSync(dir, { recursive: true, force: true });
    };
    const deadline = performance.now() + 5000;
    while (performance.now() < deadline && ended === undefined) {
      if (!(await portIsClosed(port)))
        return { url: `http://127.0.0.1:${port}`, version: nginxVersion(binary), config, close };
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    let log = '';
    try {
      log = readFileSync(join(dir, 'error.log'), 'utf8');
    } catch {}
    const said = `${stderr}${log}`.trim();
    lastError = ended
      ? `${binary} ${ended} before it listened${said ? `:\n${said}` : ', and said nothing on stderr'}`
      : `${binary} did not start listening within 5 s${said ? `:\n${said}` : ''}`;
    await close();
    if (!/in use/i.test(said)) break; // only a lost race for the port is worth another try
  }
  throw new NginxStartError(lastError);
}
