// `pnpm connect [host]`: lists the AI hosts the kit knows, prints the configuration that puts the kit's MCP
// server (or the learner's own) into one of them, and with --write merges it into the host's file.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  type Bilingual,
  bilingualMessages,
  type CommandSpec,
  command,
  confirm,
  type Lang,
  type OptionSpecs,
  type ParsedCommand,
  table,
  UsageError,
  wrapText,
} from '@memos-kit/terminal';
import pairs from './cli-messages.json' with { type: 'json' };
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

const words = bilingualMessages(pairs);

const options = {
  list: {
    type: 'boolean',
    help: { zh: '列出认识的宿主（不带宿主时的默认行为）', en: 'list the hosts (the default with no host)' },
  },
  json: {
    type: 'boolean',
    help: {
      zh: '输出 JSON：列表时是每个宿主的完整资料，给出宿主时是这份配置（文件、格式、条目、文本）',
      en: "print JSON: with the list, each host's full record; with a host, this configuration (file, format, entry, text)",
    },
  },
  transport: {
    type: 'string',
    value: 'stdio|http',
    help: {
      zh: 'stdio（默认）：宿主自己启动服务端；http：宿主连接一个已经在运行的服务端（pnpm serve）',
      en: 'stdio (default): the host starts the server itself; http: the host reaches a server already running (pnpm serve)',
    },
  },
  scope: {
    type: 'string',
    value: 'user|project',
    help: {
      zh: 'user（默认，宿主有的话）：在你打开的任何项目里都能用；project：只写进 --project 目录里的配置文件',
      en: 'user (default, where the host has it): available in any project you open; project: only the configuration file in the --project folder',
    },
  },
  write: {
    type: 'boolean',
    help: {
      zh: '把配置合并进宿主的文件：保留其他服务端和设置，先做备份，先问你（--yes 不问）；读不懂的文件不会碰',
      en: "merge the configuration into the host's file: other servers and settings kept, a backup made, and you asked first (--yes does not ask); a file it cannot read is left alone",
    },
  },
  yes: { type: 'boolean', short: 'y', help: { zh: '写文件前不询问', en: 'do not ask before writing' } },
  file: {
    type: 'string',
    value: 'FILE',
    help: {
      zh: '写这个文件，而不是宿主文档里给出的那个（例如 VS Code 的另一个配置文件）',
      en: "write this file instead of the one the host's docs give (another VS Code profile, say)",
    },
  },
  project: {
    type: 'string',
    value: 'DIR',
    help: {
      zh: '--scope project 用的项目目录（默认是你运行 pnpm 的目录）',
      en: 'the project folder of --scope project (default: the folder you ran pnpm in)',
    },
  },
  os: {
    type: 'string',
    value: 'win|mac|linux',
    help: {
      zh: '打印另一个系统上的写法（路径是示例），例如给 Windows 的同学准备讲义；默认是这台电脑的系统',
      en: "print another system's form (with example paths), e.g. for classmates on Windows; default: this computer's",
    },
  },
  name: {
    type: 'string',
    value: 'NAME',
    help: {
      zh: '服务端在宿主里的名字（默认 memos；练习是 lab-<id>；自己的命令是 my-server）',
      en: "the server's name in the host (default memos; lab-<id> for a lab; my-server for your own command)",
    },
  },
  token: {
    type: 'string',
    value: 'TOKEN',
    help: {
      zh: '本套件服务端用的令牌，或 --lab 时交给你的服务端的 MEMOS_TOKEN（默认是数据集里第一个用户的，和 pnpm serve 横幅里的一样）',
      en: "the kit server's token, or with --lab the MEMOS_TOKEN your server gets (default: the dataset's first user's, as pnpm serve's banner shows)",
    },
  },
  port: {
    type: 'string',
    value: 'N',
    help: {
      zh: '--transport http 时 pnpm serve 的端口（默认 5230；用了 pnpm serve --port N 就写同一个 N）；HTTP 练习里是你的服务端监听的端口（默认 5240）',
      en: 'the port of pnpm serve with --transport http (default 5230; the same N as pnpm serve --port N); for an HTTP lab, the port your server listens on (default 5240)',
    },
  },
  record: {
    type: 'string',
    value: 'FILE.jsonl',
    help: {
      zh: '让宿主启动的 stdio 服务端带上 --record FILE：宿主发的每一条消息都记下来，之后用 pnpm replay 查看',
      en: "start the host's stdio server with --record FILE: every message the host sends is kept, to read later with pnpm replay",
    },
  },
  command: {
    type: 'string',
    value: 'CMD [ARGS…]',
    help: {
      zh: '连接你自己的 stdio 服务端；必须放在最后，后面的一切都属于这个命令（node server.js、server.ts、python3 server.py）',
      en: 'connect your own stdio server; it comes last, and everything after it belongs to the command (node server.js, server.ts, python3 server.py)',
    },
  },
  url: {
    type: 'string',
    value: 'URL',
    help: {
      zh: '连接你自己的 HTTP 服务端（你先启动它）',
      en: 'connect your own HTTP server (you start it first)',
    },
  },
  header: {
    type: 'string',
    multiple: true,
    value: '"NAME: VALUE"',
    help: {
      zh: '和 --url 一起：宿主每次请求都带的 HTTP 头（可重复）',
      en: 'with --url: an HTTP header the host sends on every request (repeatable)',
    },
  },
  lab: {
    type: 'string',
    value: 'N',
    help: {
      zh: '连接练习 N 里你自己写的服务端（练习在 lab.json 的 server 字段里声明它的传输和 starter/ 里的入口文件）',
      en: 'connect the server you write in lab N (the lab declares its transport and its entry file in starter/ in the server field of its lab.json)',
    },
  },
} as const satisfies OptionSpecs;

const spec = {
  name: 'pnpm connect',
  usage: '[options] [host]',
  summary: {
    zh: '在你自己的 AI 助手里使用 MCP 服务端：不带参数时列出认识的宿主（VS Code、Cursor、Claude、Cherry Studio、Trae……）；pnpm connect <宿主> 按该宿主文档里的格式打印配置，默认是本套件的 Memos 服务端；--write 把它合并进宿主的配置文件。',
    en: "Use an MCP server from your own AI assistant: with no argument, lists the hosts it knows (VS Code, Cursor, Claude, Cherry Studio, Trae…); pnpm connect <host> prints the configuration in the format that host's docs give, for the kit's Memos server by default; --write merges it into the host's file.",
  },
  positionals: true,
  options,
  epilogue: {
    zh: '例如：\n  pnpm connect\n  pnpm connect cursor\n  pnpm connect vscode --scope project --write\n  pnpm connect claude-desktop --record host.jsonl\n  pnpm connect codex --transport http\n  pnpm connect cherry-studio --os win\n  pnpm connect cline --command node my-server.js',
    en: 'For example:\n  pnpm connect\n  pnpm connect cursor\n  pnpm connect vscode --scope project --write\n  pnpm connect claude-desktop --record host.jsonl\n  pnpm connect codex --transport http\n  pnpm connect cherry-studio --os win\n  pnpm connect cline --command node my-server.js',
  },
} as const satisfies CommandSpec<typeof options>;

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

/**
 * `--command` takes the rest of the line, options and all (`--command node server.js --port 3`), which
 * parseArgs cannot express: the words after it are split off before parsing and only the first is parsed.
 */
function splitCommand(argv: readonly string[]): { argv: string[]; command?: string[] } {
  const at = argv.findIndex((word) => word === '--command' || word.startsWith('--command='));
  if (at === -1) return { argv: [...argv] };
  const flag = argv[at] ?? '';
  const rest = flag.includes('=')
    ? [flag.slice(flag.indexOf('=') + 1), ...argv.slice(at + 1)]
    : argv.slice(at + 1);
  return { argv: [...argv.slice(0, at), '--command', rest[0] ?? ''], command: rest };
}

/** Where the learner typed `pnpm connect`: pnpm runs scripts from the workspace root and keeps it in INIT_CWD. */
const userCwd = () => process.env.INIT_CWD ?? process.cwd();

interface Chosen {
  server: Server;
  name: string;
  describe: string;
  /** A server the learner starts by hand before the host reaches it (an HTTP lab server). */
  start?: StdioServer;
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
  const { transport, file, path = '/mcp' } = lab.server;
  if (asked !== undefined && asked !== transport)
    throw new UsageError(say('labTransport', { id: lab.id, transport }));
  if (transport === 'stdio' && values.port !== undefined) throw new UsageError(say('portHttpOnly'));
  const { host, port: servePort, token } = await kitDefaults();
  const env = { MEMOS_URL: `http://${host}:${servePort}`, MEMOS_TOKEN: values.token ?? token };
  const launch = labServer(file, env, kitLauncher());
  const name = values.name ?? `lab-${lab.id}`;
  const describe = say(`server.lab.${transport}`, { number: lab.number, id: lab.id });
  if (transport === 'stdio') return { server: launch, name, describe };
  const port = portNumber(values.port ?? String(LAB_PORT), lang);
  const start = { ...launch, env: { PORT: String(port), ...launch.env } };
  return {
    server: { transport: 'http', url: `http://127.0.0.1:${port}${path}`, headers: {} },
    name,
    describe,
    start,
  };
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

function listText(parsed: Parsed): string {
  const { lang, width } = parsed;
  const say = words.in(lang);
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
  return [
    ...wrapText(say('listTitle', { count: HOSTS.length }), width),
    '',
    ...table([say('listHead').split('|'), ...rows], { width: width - 2 }).map((line) => `  ${line}`),
    '',
    ...wrapText(say('listHint'), width),
  ].join('\n');
}

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

function configurationText(
  config: Configuration,
  chosen: Chosen,
  parsed: Parsed,
  commandLine: string,
): string {
  const { lang, width, paint } = parsed;
  const say = words.in(lang);
  const wrap = (text: string) => wrapText(text, width);
  const text = (value: Bilingual) => value[lang];
  const colon = lang === 'zh' ? '：' : ': ';
  const lines: string[] = [
    ...wrap(`${paint('bold', config.host.name)}${colon}${text(config.host.summary)}`),
    '',
  ];
  lines.push(...wrap(chosen.describe));
  if (chosen.start) lines.push(...wrap(say('startFirst')), `  ${startLine(chosen.start, config.os)}`);
  if (config.server.transport === 'stdio' && config.server.args.includes('--record')) {
    const file = config.server.args[config.server.args.indexOf('--record') + 1] ?? '';
    lines.push(...wrap(say('recording', { file })));
  }
  for (const note of config.notes)
    lines.push(...wrap(say(`note.${note}`, { os: OS_NAMES[config.os], host: config.host.name })));
  lines.push('');
  const scope = say(`scope.${config.scope}`);
  if (config.manual) {
    lines.push(...wrap(text(config.manual)));
  } else {
    lines.push(...wrap(say('fileLine', { scope, file: config.file ?? config.written ?? '' })));
    const whole =
      config.written?.includes(config.name) &&
      typeof config.spec.path === 'string' &&
      config.spec.path.includes('{name}');
    lines.push(
      ...wrap(
        say(whole ? 'wholeHint' : 'mergeHint', { name: config.name, command: `${commandLine} --write` }),
      ),
    );
  }
  lines.push('', config.text.trimEnd(), '');
  if (config.installLink) lines.push(...wrap(say('installLink')), config.installLink, '');
  lines.push(...wrap(say('after', { text: text(config.host.after) })));
  lines.push(say('docs'), ...config.host.docs.map((page) => `  ${page.url}`));
  // What this entry rests on that no primary source confirmed: the learner should know before trusting it.
  if (config.host.unverified.length > 0)
    lines.push(
      say('unverified'),
      ...config.host.unverified.flatMap((note) => wrapText(`  · ${text(note)}`, width, '    ')),
    );
  return lines.join('\n');
}

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
  if (plan.rewritten) for (const line of wrapText(say('rewritten'), parsed.width)) print(line);
  for (const line of wrapText(say('after', { text: config.host.after[lang] }), parsed.width)) print(line);
  return 0;
}

const { argv, command: commandWords } = splitCommand(process.argv.slice(2));

await command(
  spec,
  async (parsed) => {
    const { values, positionals, lang } = parsed;
    const say = words.in(lang);
    const [wanted, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(say('oneHost', { got: positionals.join(' ') }));
    if (wanted === undefined || values.list) {
      for (const option of ['write', 'yes'] as const)
        if (values[option]) throw new UsageError(say('needsHost', { option: `--${option}` }));
      print(values.json ? JSON.stringify(HOSTS, null, 2) : listText(parsed));
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
      print(JSON.stringify({ host: host.id, ...rest, ...(start ? { start } : {}) }, null, 2));
      return 0;
    }
    const commandLine = [
      'pnpm connect',
      host.id,
      ...(values.scope ? ['--scope', scope] : []),
      ...(values.transport ? ['--transport', values.transport] : []),
    ].join(' ');
    print(configurationText(config, { ...chosen, ...(start ? { start } : {}) }, parsed, commandLine));
    return 0;
  },
  argv,
);
