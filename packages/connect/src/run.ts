// What `pnpm connect` does once its options are read (cli.ts): lists the AI hosts the kit knows, prints the
// configuration that puts the kit's MCP server (or the learner's own) into one of them, and with --write merges
// it into the host's file.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  type Bilingual,
  confirm,
  type Lang,
  type ParsedCommand,
  Printer,
  UsageError,
} from '@memos-kit/terminal';
import { type options, cliWords as words } from './cli-options.ts';
import { type Configuration, configure, defaultScope } from './configure.ts';
import { findHost, HOSTS } from './hosts/index.ts';
import {
  type HostSpec,
  OSES,
  type Os,
  SCOPES,
  type Scope,
  TRANSPORTS,
  type Transport,
} from './hosts/types.ts';
import { findLabServer, LabProblem } from './lab.ts';
import { writtenPath } from './paths.ts';
import { isUnsupported, UnsupportedTransport } from './render.ts';
import {
  commandServer,
  KIT_ROOT,
  kitDefaults,
  kitHttpServer,
  kitLauncher,
  kitStdioServer,
  labServer,
  onOtherOs,
  runningOs,
  type Server,
  type StdioServer,
  startLine,
  UnsuitableCommand,
} from './server.ts';
import { applyWrite, planWrite, UnreadableConfig } from './write.ts';

type Parsed = ParsedCommand<typeof options>;

const print = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
const OS_NAMES: Record<Os, string> = { mac: 'macOS', win: 'Windows', linux: 'Linux' };

function oneOf<T extends string>(
  list: readonly T[],
  value: string | undefined,
  option: string,
  lang: Lang,
): T | undefined {
  if (value === undefined) return undefined;
  if ((list as readonly string[]).includes(value)) return value as T;
  throw new UsageError(words.t(lang, 'badChoice', { option, choices: list.join('|'), value }));
}

/** Where the learner typed `pnpm connect`: pnpm runs scripts from the workspace root and keeps it in INIT_CWD. */
const userCwd = () => process.env.INIT_CWD ?? process.cwd();

interface Chosen {
  server: Server;
  name: string;
  describe: string;
  /** A server the learner starts by hand before the host reaches it (an HTTP lab server). */
  start?: StdioServer;
  /** The `pnpm serve` line a lab's server needs running first. */
  serve?: string;
}

async function chooseServer(
  values: Parsed['values'],
  commandLine: string[] | undefined,
  lang: Lang,
): Promise<Chosen> {
  const say = words.in(lang);
  const own = [commandLine !== undefined, values.url !== undefined, values.lab !== undefined].filter(
    Boolean,
  ).length;
  if (own > 1) throw new UsageError(say('exclusive'));
  const transport = oneOf(TRANSPORTS, values.transport, '--transport', lang);
  const kit = own === 0;
  // A lab's server reaches pnpm serve with the token too, and an HTTP lab server listens on --port.
  const forKitOrLab = kit || values.lab !== undefined;
  for (const option of ['token', 'port'] as const)
    if (!forKitOrLab && values[option] !== undefined)
      throw new UsageError(say('kitOnly', { option: `--${option}` }));
  if (values.header !== undefined && values.url === undefined) throw new UsageError(say('headerUrlOnly'));
  // The learner's own server does not know the kit's --record; a server reached over HTTP is started by hand.
  if (values.record !== undefined && !kit) throw new UsageError(say('kitOnly', { option: '--record' }));
  if (values.record !== undefined && transport === 'http') throw new UsageError(say('recordStdioOnly'));
  const launcher = () => kitLauncher();

  if (commandLine !== undefined) {
    if (transport === 'http') throw new UsageError(say('commandIsStdio'));
    const server = commandServer(commandLine, { base: userCwd(), launcher: launcher() });
    return { server, name: values.name ?? 'my-server', describe: say('server.command') };
  }
  if (values.url !== undefined) {
    if (transport === 'stdio') throw new UsageError(say('urlIsHttp'));
    if (!/^https?:\/\/./i.test(values.url) || !URL.canParse(values.url))
      throw new UsageError(say('badUrl', { value: values.url }));
    const headers = Object.fromEntries((values.header ?? []).map((header) => headerPair(header, lang)));
    const server: Server = { transport: 'http', url: values.url, headers };
    return { server, name: values.name ?? 'my-server', describe: say('server.url', { url: values.url }) };
  }
  if (values.lab !== undefined) return labChoice(values, transport, lang);

  const { host, port: defaultPort, token: datasetToken } = await kitDefaults();
  const token = values.token ?? datasetToken;
  const name = values.name ?? 'memos';
  if ((transport ?? 'stdio') === 'stdio') {
    if (values.port !== undefined) throw new UsageError(say('portHttpOnly'));
    const record = values.record === undefined ? undefined : resolve(userCwd(), values.record);
    return { server: kitStdioServer(token, record), name, describe: say('server.kit.stdio') };
  }
  const port = portNumber(values.port ?? String(defaultPort), lang);
  const serve = port === defaultPort ? 'pnpm serve' : `pnpm serve --port ${port}`;
  return { server: kitHttpServer(host, port, token), name, describe: say('server.kit.http', { serve }) };
}

/** Where an HTTP lab server listens unless --port says otherwise: beside pnpm serve's 5230. */
const LAB_PORT = 5240;

/**
 * A lab's own server, as the lab declares it: over stdio the host starts it with pnpm serve's address and the
 * token in its environment; over HTTP the learner starts it the same way with PORT, and the host reaches it.
 */
async function labChoice(
  values: Parsed['values'],
  asked: Transport | undefined,
  lang: Lang,
): Promise<Chosen> {
  const say = words.in(lang);
  const lab = findLabServer(values.lab ?? '', process.env.KIT_LAB_WORKDIR ?? join(KIT_ROOT, 'labs'));
  if (lab.server === undefined) throw new UsageError(say('labNoServer', { id: lab.id }));
  const { transport, file, path = '/mcp', env: declared = {} } = lab.server;
  if (asked !== undefined && asked !== transport)
    throw new UsageError(say('labTransport', { id: lab.id, transport }));
  if (transport === 'stdio' && values.port !== undefined) throw new UsageError(say('portHttpOnly'));
  const { host, port: servePort, token } = await kitDefaults();
  const port = transport === 'http' ? portNumber(values.port ?? String(LAB_PORT), lang) : undefined;
  const url = port === undefined ? '' : `http://127.0.0.1:${port}${path}`;
  // A lab that reads the AS's issuer needs pnpm serve with its AS, told to issue tokens for this server too.
  const oauth = Object.values(declared).some((value) => value.includes('{issuer}'));
  const issuer = oauth ? await kitIssuer() : '';
  const serve = oauth
    ? `pnpm serve --auth oauth${url === '' ? '' : ` --auth-resource ${url}`}`
    : 'pnpm serve';
  // What else the lab's server reads, as its lab.json names it, `{url}` and `{issuer}` filled in.
  const extra = Object.fromEntries(
    Object.entries(declared).map(([key, value]) => [
      key,
      value.replaceAll('{url}', url).replaceAll('{issuer}', issuer),
    ]),
  );
  const env = { MEMOS_URL: `http://${host}:${servePort}`, MEMOS_TOKEN: values.token ?? token, ...extra };
  const launch = labServer(file, env, kitLauncher());
  const name = values.name ?? `lab-${lab.id}`;
  const names = Object.keys(extra).join(', ');
  const describe = [
    say(`server.lab.${transport}`, { number: lab.number, id: lab.id }),
    ...(names === '' ? [] : [say('labEnv', { names })]),
    ...(oauth ? [say('labIssuer', { issuer, url })] : []),
  ].join(lang === 'zh' ? '' : ' ');
  if (port === undefined) return { server: launch, name, describe, serve };
  const start = { ...launch, env: { PORT: String(port), ...launch.env } };
  return {
    server: { transport: 'http', url, headers: {} },
    name,
    describe,
    start,
    serve,
  };
}

/**
 * The issuer of the AS `pnpm serve --auth oauth` starts when told no `--auth-port`: memos-mcp owns the port,
 * and the AS listens on 127.0.0.1. Loaded only for a lab that names it.
 */
async function kitIssuer(): Promise<string> {
  const { DEFAULT_AUTH_PORT } = await import('@memos-kit/memos-mcp/cli');
  return `http://127.0.0.1:${DEFAULT_AUTH_PORT}`;
}

/** A port from the command line: 1 to 65535. */
function portNumber(value: string, lang: Lang): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65535)
    throw new UsageError(words.t(lang, 'badPort', { value }));
  return port;
}

function headerPair(header: string, lang: Lang): [string, string] {
  const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):\s*(.*)$/.exec(header);
  if (!match) throw new UsageError(words.t(lang, 'badHeader', { value: header }));
  return [match[1] ?? '', match[2] ?? ''];
}

/** The hosts, as a table: id, name, transports, and how each scope is configured. */
function printList(parsed: Parsed): void {
  const { lang } = parsed;
  const say = words.in(lang);
  const out = printer(parsed);
  const os = runningOs();
  /** How each scope is configured: the format of its file, or pasted in the host's window. */
  const scopes = (host: HostSpec) =>
    SCOPES.flatMap((scope) => {
      const file = host.scopes[scope];
      if (file === undefined) return [];
      const how =
        writtenPath(file, os, 'memos') === undefined ? say('listManual') : file.format.toUpperCase();
      return [`${say(`scope.${scope}`)} ${how}`];
    }).join(lang === 'zh' ? '，' : ', ');
  const rows = HOSTS.map((host) => [
    host.id,
    host.name,
    TRANSPORTS.filter((transport) => !isUnsupported(host.entry[transport])).join(', '),
    scopes(host),
  ]);
  out.prose(say('listTitle', { count: HOSTS.length }));
  out.line();
  for (const line of out.tableLines([say('listHead').split('|'), ...rows], { indent: '  ' })) out.line(line);
  out.line();
  // Two entries for one program: which to pick, said where the learner chooses.
  const picks = HOSTS.filter((host) => host.pick !== undefined);
  for (const host of picks)
    out.prose(`${host.id}${lang === 'zh' ? '：' : ': '}${host.pick?.[lang]}`, {
      indent: '  ',
      hanging: '  ',
    });
  if (picks.length > 0) out.line();
  out.prose(say('listHint'));
}

/** Prints through the terminal's Printer, as every command's prose is laid out. */
const printer = ({ paint, width }: Parsed) => new Printer({ paint, width });

function scopeOf(host: HostSpec, values: Parsed['values'], lang: Lang): Scope {
  const asked = oneOf(SCOPES, values.scope, '--scope', lang);
  const scope = asked ?? defaultScope(host);
  if (host.scopes[scope] === undefined) {
    const has = SCOPES.filter((one) => host.scopes[one]).map((one) => words.t(lang, `scope.${one}`));
    throw new UsageError(
      words.t(lang, 'noScope', {
        host: host.name,
        scope: words.t(lang, `scope.${scope}`),
        scopes: has.join(', '),
      }),
    );
  }
  return scope;
}

/**
 * One host's configuration for one server: what the host is, which server, where it goes, the text to put
 * there (each line as it is, to copy), what to do next, and the docs it rests on with what they did not confirm.
 */
function printConfiguration(
  config: Configuration,
  chosen: Chosen,
  parsed: Parsed,
  commandLine: string,
): void {
  const { lang } = parsed;
  const say = words.in(lang);
  const out = printer(parsed);
  const text = (value: Bilingual) => value[lang];
  out.title(config.host.name);
  out.prose(text(config.host.summary));
  out.line();
  out.prose(chosen.describe);
  if (chosen.serve) {
    out.prose(say('serveFirst'));
    out.line(`  ${chosen.serve}`);
  }
  if (chosen.start) {
    out.prose(say('startFirst'));
    out.line(`  ${startLine(chosen.start, config.os)}`);
  }
  if (config.server.transport === 'stdio' && config.server.args.includes('--record')) {
    const file = config.server.args[config.server.args.indexOf('--record') + 1] ?? '';
    out.prose(say('recording', { file }));
  }
  for (const note of config.notes)
    out.prose(say(`note.${note}`, { os: OS_NAMES[config.os], host: config.host.name }), { role: 'warn' });
  out.line();
  if (config.manual) out.prose(text(config.manual));
  else {
    out.prose(
      say('fileLine', { scope: say(`scope.${config.scope}`), file: config.file ?? config.written ?? '' }),
    );
    const whole =
      config.written?.includes(config.name) &&
      typeof config.spec.path === 'string' &&
      config.spec.path.includes('{name}');
    out.prose(
      say(whole ? 'wholeHint' : 'mergeHint', { name: config.name, command: `${commandLine} --write` }),
    );
  }
  out.line();
  for (const line of config.text.trimEnd().split('\n')) out.line(line);
  out.line();
  if (config.installLink) {
    out.prose(say('installLink'));
    out.line(config.installLink);
    out.line();
  }
  out.prose(say('after', { text: afterText(config, lang) }));
  out.line(say('docs'));
  for (const page of config.host.docs) out.line(`  ${page.url}`);
  // What this entry rests on that no primary source confirmed: the learner should know before trusting it.
  if (config.host.unverified.length > 0) {
    out.line(say('unverified'));
    for (const note of config.host.unverified) out.prose(`· ${text(note)}`, { indent: '  ', hanging: '  ' });
  }
}

/** The host's next steps, naming the entry as the host lists it. */
const afterText = (config: Configuration, lang: Lang) =>
  config.host.after[lang].replaceAll('{name}', config.name);

async function write(config: Configuration, parsed: Parsed): Promise<number> {
  const { lang } = parsed;
  const say = words.in(lang);
  if (config.os !== runningOs()) throw new UsageError(say('osWrite', { os: parsed.values.os ?? '' }));
  const file = parsed.values.file === undefined ? config.file : resolve(userCwd(), parsed.values.file);
  if (file === undefined) {
    const manual = config.manual?.[lang] ?? '';
    throw new UsageError(say('noFileToWrite', { manual }));
  }
  let plan: ReturnType<typeof planWrite>;
  try {
    plan = planWrite(file, config.spec, config.name, config.entry);
  } catch (error) {
    if (error instanceof UnreadableConfig) {
      process.stderr.write(`${say('unreadable', { file: error.file, detail: error.detail })}\n`);
      return 1;
    }
    throw error;
  }
  if (plan.action === 'same') {
    print(say('same', { file, name: config.name }));
    return 0;
  }
  const question = say(plan.action === 'replace' ? 'askReplace' : plan.existed ? 'askAdd' : 'askCreate', {
    file,
    name: config.name,
  });
  if (!(await confirm(question, { lang, paint: parsed.paint, yes: parsed.values.yes }))) {
    print(say('unchanged'));
    return 0;
  }
  const written = applyWrite(plan);
  print(say('wrote', { file: written.file }));
  if (written.backup) print(say('backup', { backup: written.backup }));
  const out = printer(parsed);
  if (plan.rewritten) out.prose(say('rewritten'), { role: 'warn' });
  out.prose(say('after', { text: afterText(config, lang) }));
  return 0;
}

/** The command's work, for options already parsed; `commandWords` is what followed `--command`. */
export async function run(parsed: Parsed, commandWords: string[] | undefined): Promise<number> {
  const { values, positionals, lang } = parsed;
  const say = words.in(lang);
  const [wanted, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(say('oneHost', { got: positionals.join(' ') }));
  if (wanted === undefined || values.list) {
    for (const option of ['write', 'yes'] as const)
      if (values[option]) throw new UsageError(say('needsHost', { option: `--${option}` }));
    if (values.json) print(JSON.stringify(HOSTS, null, 2));
    else printList(parsed);
    return 0;
  }
  const host = findHost(wanted);
  if (host === undefined) throw new UsageError(say('unknownHost', { got: wanted, count: HOSTS.length }));
  if (values.json && values.write) throw new UsageError(say('jsonWrite'));
  if (values.name !== undefined && !/^[A-Za-z0-9_-]+$/.test(values.name))
    throw new UsageError(say('badName', { value: values.name }));
  const os = oneOf(OSES, values.os, '--os', lang) ?? runningOs();
  const scope = scopeOf(host, values, lang);

  let chosen: Chosen;
  try {
    chosen = await chooseServer(values, commandWords, lang);
  } catch (error) {
    if (error instanceof UnsuitableCommand)
      throw new UsageError(say(`command.${error.reason}`, { word: error.word }));
    if (error instanceof LabProblem)
      throw new UsageError(say(`lab.${error.problem}`, { detail: error.detail }));
    throw error;
  }
  const here = os === runningOs();
  const server = here || chosen.server.transport === 'http' ? chosen.server : onOtherOs(chosen.server, os);
  const start = chosen.start === undefined || here ? chosen.start : onOtherOs(chosen.start, os);
  const place = {
    os,
    home: homedir(),
    env: process.env,
    project: resolve(userCwd(), values.project ?? '.'),
  };
  let config: Configuration;
  try {
    config = configure(host, server, { name: chosen.name, scope, place });
  } catch (error) {
    if (error instanceof UnsupportedTransport) throw new UsageError(error.reason[lang]);
    throw error;
  }
  if (values.write) return write(config, parsed);
  if (values.json) {
    const { host: _host, spec: _spec, ...rest } = config;
    const serve = chosen.serve === undefined ? {} : { serve: chosen.serve };
    print(JSON.stringify({ host: host.id, ...rest, ...serve, ...(start ? { start } : {}) }, null, 2));
    return 0;
  }
  const commandLine = [
    'pnpm connect',
    host.id,
    ...(values.scope ? ['--scope', scope] : []),
    ...(values.transport ? ['--transport', values.transport] : []),
  ].join(' ');
  printConfiguration(config, { ...chosen, ...(start ? { start } : {}) }, parsed, commandLine);
  return 0;
}
