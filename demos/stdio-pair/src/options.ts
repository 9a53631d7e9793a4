/** The command line of `pnpm demo:stdio`, as data: the toolkit makes its help, errors and shared options. */
import type { CommandSpec, OptionSpecs } from '@memos-kit/terminal';

export const spec = {
  name: 'pnpm demo:stdio',
  summary: {
    zh: '运行最小的 stdio Client：它以子进程方式启动最小的 Server，把一个 tools/call 请求（id 6）写成一行发过去，再打印响应里的 structuredContent。随后列出每条管道上经过的字节。',
    en: 'Runs the minimal stdio client, which starts the minimal server as a child process, sends one tools/call request (id 6) as one line and prints the structuredContent of the response. Then it lists the bytes that crossed each pipe.',
  },
  options: {
    trace: {
      type: 'string',
      default: 'on',
      value: 'on|off',
      help: {
        zh: '运行结束后显示每条管道上经过的字节（默认 on）',
        en: 'after the run, show the bytes that crossed each pipe (default on)',
      },
    },
    lesson: {
      type: 'string',
      value: 'NAME|all',
      help: {
        zh: '改为运行一课（名称见 --list-lessons）：重演一个 stdio 常见错误，或让文章的 Python 程序和本套件的 TypeScript 互相通信；all 依次运行全部',
        en: "run one lesson instead (see --list-lessons): replay a stdio pitfall, or have the article's Python programs talk to the kit's TypeScript; all runs every one",
      },
    },
    'list-lessons': {
      type: 'boolean',
      help: {
        zh: '列出所有课：常见错误，以及文章的 Python 程序',
        en: "list the lessons: the pitfalls, and the article's Python programs",
      },
    },
  },
  epilogue: {
    zh: '例如：\n  pnpm demo:stdio --trace off              只输出文章里的两行\n  pnpm demo:stdio --lesson no-newline      重演第一个常见错误\n  pnpm demo:stdio --lesson python-server   本套件的 Client 对文章的 Python Server\n  pnpm demo:stdio --lesson python-client   文章的 Python Client 对本套件的 Server',
    en: "For example:\n  pnpm demo:stdio --trace off              only the article's two lines\n  pnpm demo:stdio --lesson no-newline      replay the first pitfall\n  pnpm demo:stdio --lesson python-server   the kit's client, the article's Python server\n  pnpm demo:stdio --lesson python-client   the article's Python client, the kit's servers",
  },
  ctrlC: 'key',
} as const satisfies CommandSpec<OptionSpecs>;
