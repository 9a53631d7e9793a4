// `pnpm connect` as data: its options with their help in both languages, its usage, and every sentence it says
// (cli-messages.json, side by side per key). A host's own words live with the host in hosts/.
import { bilingualMessages, type CommandSpec, type OptionSpecs } from '@memos-kit/terminal';
import pairs from './cli-messages.json' with { type: 'json' };

export const cliWords = bilingualMessages(pairs);

export const options = {
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

export const spec = {
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
