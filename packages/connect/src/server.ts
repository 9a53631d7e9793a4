// What a configuration starts or reaches: the kit's Memos server (what `pnpm mcp:stdio` runs, or
// `pnpm serve`'s URL), a command the learner names, or a lab's server. A stdio server is always named the
// way that starts fast from any folder a host happens to start in: this Node's absolute path, absolute files,
// never npx, a shell or a `.cmd` shim (a host spawns without a shell; a shim is what breaks first on Windows),
// and a credential in the environment, not in the arguments (process listings show arguments).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, posix, relative, resolve, win32 } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Os } from './hosts/types.ts';

export interface StdioServer {
  transport: 'stdio';
  command: string;
  args: string[];
  env: Record<string, string>;
}

export interface HttpServer {
  transport: 'http';
  url: string;
  headers: Record<string, string>;
}

export type Server = StdioServer | HttpServer;

/** The checkout this file belongs to: packages/connect/src/ is three folders down. */
export const KIT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A command line in package.json that cannot be read as `node FILE…` (a shell, a pipe, a quote). */
export class UnreadableScript extends Error {
  override name = 'UnreadableScript';
}

/**
 * The arguments after `node` of a root script (`node launch.mjs stdio.ts`), with each file made absolute
 * from the checkout's root, so the command runs the same from any working directory. Node's own options
 * (`--enable-source-maps`) stay as they are.
 */
export function nodeScript(name: string, root = KIT_ROOT): string[] {
  const { scripts = {} } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const line = scripts[name];
  if (line === undefined) throw new UnreadableScript(`package.json has no script "${name}"`);
  const [first, ...rest] = line.trim().split(/\s+/);
  if (first !== 'node' || /["'`$|&;<>()\\]/.test(line))
    throw new UnreadableScript(`the script "${name}" is not of the form node FILE… ("${line}")`);
  return rest.map((word) => {
    if (word.startsWith('-')) return word;
    const file = resolve(root, word);
    if (!existsSync(file))
      throw new UnreadableScript(`the script "${name}" names ${word}, which does not exist`);
    return file;
  });
}

/**
 * The one place that decides which files start the kit's stdio server: whatever `pnpm mcp:stdio` runs
 * (today the entry-bundle launcher and memos-mcp's stdio entry, which start from a fresh bundle instead of
 * through tsx, fast enough for a host's first-answer deadline), minus pnpm itself.
 */
export function kitStdioArgs(root = KIT_ROOT): string[] {
  return nodeScript('mcp:stdio', root);
}

/**
 * What `pnpm serve` and `pnpm mcp:stdio` use when told nothing: the address, and the token of the default
 * dataset's first user who has one (the one the stdio server falls back to, the one the banner shows first).
 * Read from memos-rest, which owns them, when a configuration is asked for: listing hosts never loads it.
 */
export async function kitDefaults(): Promise<{ host: string; port: number; token: string }> {
  const { DEFAULT_DATASET, DEFAULT_HOST, DEFAULT_PORT, loadDataset } = await import('@memos-kit/memos-rest');
  const users = loadDataset(DEFAULT_DATASET).users;
  const token = users.find((user) => (user.tokens?.length ?? 0) > 0)?.tokens?.[0] ?? '';
  return { host: DEFAULT_HOST, port: DEFAULT_PORT, token };
}

/** The kit's Memos server over stdio; the token reaches it through `MEMOS_TOKEN`, as `pnpm mcp:stdio` reads it. */
export function kitStdioServer(token: string, record?: string): StdioServer {
  return {
    transport: 'stdio',
    command: process.execPath,
    args: [...kitStdioArgs(), ...(record === undefined ? [] : ['--record', record])],
    env: { MEMOS_TOKEN: token },
  };
}

/** `pnpm serve`'s MCP endpoint, with the token it signs in with as a bearer header. */
export function kitHttpServer(host: string, port: number, token: string): HttpServer {
  return {
    transport: 'http',
    url: `http://${host}:${port}/mcp`,
    headers: { Authorization: `Bearer ${token}` },
  };
}

/** Words that start a program through another one: a package runner, a shell, a TypeScript runner. */
const INDIRECT = new Set([
  'npx',
  'npm',
  'pnpm',
  'yarn',
  'bunx',
  'tsx',
  'ts-node',
  'sh',
  'bash',
  'zsh',
  'cmd',
  'powershell',
  'pwsh',
]);

/** Why a command cannot go into a host's configuration as it is. */
export class UnsuitableCommand extends Error {
  override name = 'UnsuitableCommand';
  constructor(
    readonly reason: 'empty' | 'indirect' | 'not-found',
    readonly word: string,
  ) {
    super(`${reason}: ${word}`);
  }
}

const TYPESCRIPT = /\.[cm]?ts$/;
const JAVASCRIPT = /\.[cm]?js$/;

export interface CommandContext {
  /** Where relative paths are read from: where the learner typed the command, or the lab's folder. */
  base: string;
  /** The kit's launcher, which runs a `.ts` file from a fresh bundle (what every root script starts through). */
  launcher: string;
  env?: NodeJS.ProcessEnv;
}

/** The launcher the root scripts start their entries through, found through the package's own export. */
export function kitLauncher(): string {
  return fileURLToPath(import.meta.resolve('@memos-kit/entry-bundle/launch'));
}

/**
 * A learner's command line as a host can start it from anywhere: `node` becomes this Node's absolute path,
 * a `.js` file runs under it, a `.ts` file runs through the kit's launcher, a file argument becomes absolute,
 * and any other program is looked up on PATH now rather than by a host that may not have the same PATH.
 */
export function commandServer(words: readonly string[], context: CommandContext): StdioServer {
  const [first, ...rest] = words;
  if (first === undefined || first === '') throw new UnsuitableCommand('empty', '');
  const bare = first.toLowerCase().replace(/\.(exe|cmd|bat)$/, '');
  if (INDIRECT.has(bare) || /\.(cmd|bat)$/i.test(first)) throw new UnsuitableCommand('indirect', first);
  const file = (word: string) => {
    const path = resolve(context.base, word);
    return !word.startsWith('-') && existsSync(path) && statSync(path).isFile() ? path : undefined;
  };
  const args = rest.map((word) => file(word) ?? word);
  if (bare === 'node') return withNode(args, context);
  const script = file(first);
  if (script && (TYPESCRIPT.test(script) || JAVASCRIPT.test(script)))
    return withNode([script, ...args], context);
  const program = script ?? onPath(first, context.env ?? process.env);
  if (program === undefined) throw new UnsuitableCommand('not-found', first);
  return { transport: 'stdio', command: program, args, env: {} };
}

function withNode(args: string[], context: CommandContext): StdioServer {
  // Node 20 runs no TypeScript of its own: the first file argument that is one goes through the launcher.
  const scriptAt = args.findIndex((word) => !word.startsWith('-'));
  const script = args[scriptAt];
  const through =
    script !== undefined && TYPESCRIPT.test(script)
      ? [...args.slice(0, scriptAt), context.launcher, ...args.slice(scriptAt)]
      : args;
  return { transport: 'stdio', command: process.execPath, args: through, env: {} };
}

function onPath(program: string, env: NodeJS.ProcessEnv): string | undefined {
  if (program.includes('/') || program.includes('\\')) return undefined;
  const extensions = process.platform === 'win32' ? ['.exe', ''] : [''];
  for (const dir of (env.PATH ?? env.Path ?? '').split(delimiter)) {
    if (dir === '') continue;
    for (const extension of extensions) {
      const candidate = join(dir, `${program}${extension}`);
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
  }
  return undefined;
}

/** Whether this Node runs a `.ts` file by itself (type stripping: on by default from Node 22.18). */
export const nodeStripsTypes = (): boolean => Boolean(process.features.typescript);

/**
 * A lab's server as a host starts it (the labs' shared contract): this Node and the entry, both absolute,
 * with pnpm serve's address and the token in MEMOS_URL and MEMOS_TOKEN. Only a Node that cannot run
 * TypeScript itself gets the kit's launcher in between.
 */
export function labServer(
  entry: string,
  env: { MEMOS_URL: string; MEMOS_TOKEN: string },
  launcher: string,
): StdioServer {
  const through = TYPESCRIPT.test(entry) && !nodeStripsTypes() ? [launcher] : [];
  return { transport: 'stdio', command: process.execPath, args: [...through, entry], env: { ...env } };
}

/**
 * The command line that starts `server` by hand in a terminal of `os` (an HTTP lab server the learner
 * starts before the host reaches it): the environment first, then the program and its arguments, each
 * quoted where the shell needs it (sh on macOS and Linux, PowerShell on Windows).
 */
export function startLine(server: StdioServer, os: Os): string {
  if (os === 'win') {
    const quote = (word: string) => `'${word.replaceAll("'", "''")}'`;
    const env = Object.entries(server.env).map(([name, value]) => `$env:${name}=${quote(value)}; `);
    return `${env.join('')}& ${[server.command, ...server.args].map(quote).join(' ')}`;
  }
  const quote = (word: string) =>
    /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
  const env = Object.entries(server.env).map(([name, value]) => `${name}=${quote(value)} `);
  return `${env.join('')}${[server.command, ...server.args].map(quote).join(' ')}`;
}

const EXAMPLE_ROOT: Record<Os, string> = {
  win: 'C:\\Users\\you\\memos-mcp-rest-kit',
  mac: '/Users/you/memos-mcp-rest-kit',
  linux: '/home/you/memos-mcp-rest-kit',
};
const EXAMPLE_NODE: Record<Os, string> = {
  win: 'C:\\Program Files\\nodejs\\node.exe',
  mac: '/usr/local/bin/node',
  linux: '/usr/bin/node',
};

export const runningOs = (): Os =>
  process.platform === 'win32' ? 'win' : process.platform === 'darwin' ? 'mac' : 'linux';

/**
 * The same server as another operating system would name it, for a teacher preparing slides: this Node
 * becomes where that system's installer puts Node, and a path in the kit a path in a kit checked out at an
 * example place. Only the running system's form is real; the caller says so.
 */
export function onOtherOs(server: StdioServer, os: Os, root = KIT_ROOT): StdioServer {
  const path = os === 'win' ? win32 : posix;
  const translate = (value: string) => {
    if (value === process.execPath) return EXAMPLE_NODE[os];
    if (!isAbsolute(value)) return value;
    const inKit = relative(root, value);
    const parts = inKit.startsWith('..') || isAbsolute(inKit) ? null : inKit.split(/[\\/]/);
    return parts ? path.join(EXAMPLE_ROOT[os], ...parts) : value;
  };
  return { ...server, command: translate(server.command), args: server.args.map(translate) };
}
