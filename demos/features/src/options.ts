/** The command line of `pnpm demo:features`, as data: the toolkit makes its help, errors and shared options. */
import { type CommandSpec, type OptionSpecs, stepOptions } from '@memos-kit/terminal';

export const demoSpec = {
  name: 'pnpm demo:features',
  summary: {
    zh: 'MCP 除了工具还有什么：在 --profile full 的 Memos 适配器上，逐条显示资源、提示词、删除前的 input_required 确认往返，以及 subscriptions/listen 流上收到的 notifications/resources/list_changed。服务只监听 127.0.0.1 的空闲端口。旁白随 --lang 切换，报文本身从不翻译。',
    en: 'What MCP has besides tools: on the Memos adapter with --profile full, the wire of resources, prompts, the input_required confirmation round trip before a delete, and notifications/resources/list_changed on a subscriptions/listen stream. The server runs on 127.0.0.1, on a free port. --lang changes the narration; the wire is never translated.',
  },
  options: {
    ...stepOptions,
    lesson: {
      type: 'string',
      value: 'tokens',
      help: {
        zh: 'tokens：不能穿过的令牌，在两种模式下看适配器收到什么、又向 Memos 发出什么（代替各步骤）',
        en: 'tokens: the token that must not pass through; what the adapter receives and what it sends Memos, in both modes (instead of the steps)',
      },
    },
  },
  epilogue: {
    zh: '例如：\n  pnpm demo:features --lang en     英文旁白\n  pnpm demo:features --list        列出各步骤\n  pnpm demo:features --step N      只看第 N 步（编号见 --list）\n  pnpm demo:features --lesson tokens  令牌不能穿过：--auth oauth 前后的对比\n  pnpm serve --profile full        自己用 curl 试同样的请求',
    en: 'For example:\n  pnpm demo:features --lang en     narration in English\n  pnpm demo:features --list        list the steps\n  pnpm demo:features --step N      step N alone (numbers from --list)\n  pnpm demo:features --lesson tokens  the token that must not pass through, before and after --auth oauth\n  pnpm serve --profile full        try the same requests yourself with curl',
  },
  ctrlC: 'key',
} as const satisfies CommandSpec<OptionSpecs>;
