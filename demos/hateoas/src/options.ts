/**
 * The command lines of this demo (`pnpm demo:hateoas` and its `serve`), as data: the toolkit makes their
 * help, errors and shared options.
 */
import { type CommandSpec, type OptionSpecs, stepOptions } from '@memos-kit/terminal';

export const demoSpec = {
  name: 'pnpm demo:hateoas',
  summary: {
    zh: 'HATEOAS 与 MCP 并排：先用只认链接的客户端操作文章里的订单 123，再从 MCP 工具一侧看同一时刻。两个服务都只监听 127.0.0.1 的空闲端口。旁白随 --lang 切换，报文本身从不翻译。',
    en: "HATEOAS next to MCP on the article's order 123: a links-only client, then the same moment seen through MCP tools. Both servers run on 127.0.0.1, on free ports. --lang changes the narration; the wire is never translated.",
  },
  options: {
    ...stepOptions,
    interactive: {
      type: 'boolean',
      help: {
        zh: '自己操作：由 _links 生成的编号菜单，以及 MCP 工具（从标准输入读取选择）',
        en: 'drive it yourself: a numbered menu built from _links, and the MCP tools (choices on stdin)',
      },
    },
  },
  epilogue: {
    zh: '例如：\n  pnpm demo:hateoas --lang en          英文旁白\n  pnpm demo:hateoas --list             列出各步骤\n  pnpm demo:hateoas --step N           只看第 N 步（编号见 --list）\n  pnpm demo:hateoas --interactive      课堂上自己操作',
    en: 'For example:\n  pnpm demo:hateoas --lang en          narration in English\n  pnpm demo:hateoas --list             list the steps\n  pnpm demo:hateoas --step N           step N alone (numbers from --list)\n  pnpm demo:hateoas --interactive      drive it yourself in class',
  },
  ctrlC: 'key',
} as const satisfies CommandSpec<OptionSpecs>;

/** `serve` takes its port as a word, as `curl` users in class expect: `serve 5240`. */
export const DEFAULT_SERVE_PORT = 5240;

export const serveSpec = {
  name: 'pnpm --filter @memos-kit/demo-hateoas serve',
  usage: '[port] [options]',
  positionals: true,
  summary: {
    zh: `只启动订单服务（HAL 与 MCP），方便课堂上用 curl -i 逐条请求。port 是数字，0 表示任意空闲端口，默认 ${DEFAULT_SERVE_PORT}。`,
    en: `Serves the orders alone (HAL and MCP), for curl -i in class. port is a number, 0 for any free port; default ${DEFAULT_SERVE_PORT}.`,
  },
  options: {},
  ctrlC: 'key',
} as const satisfies CommandSpec<OptionSpecs>;
