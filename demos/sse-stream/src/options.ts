/** The command line of `pnpm demo:sse`, as data: the toolkit makes its help, errors and shared options. */
import {
  type CommandSpec,
  type Lang,
  type OptionSpecs,
  type ParsedCommand,
  UsageError,
} from '@memos-kit/terminal';
import { type MessageKey, messages } from './messages.ts';

const LESSONS = ['stream', 'chunks', 'proxy'] as const;
export type Lesson = (typeof LESSONS)[number];

export const spec = {
  name: 'pnpm demo:sse',
  summary: {
    zh: '对本套件的 MCP 适配器（在本进程内启动，监听 loopback 上的空闲端口，数据集 "empty"）发出文章里的 tools/call id 6，并在 Streamable HTTP 响应到达时逐步打印：状态行和响应头、每一次从 socket 读到的字节、每个完整的 SSE 事件、其中的 JSON-RPC 消息、进度条，以及与 id 6 对上的结果。',
    en: 'Runs the article\'s tools/call id 6 against the kit\'s MCP adapter (started in-process on a free loopback port, dataset "empty") and prints the Streamable HTTP response as it arrives: status line and headers, every read from the socket, every SSE event once complete, the JSON-RPC message in it, a progress bar, and the result matched to id 6.',
  },
  options: {
    lesson: {
      type: 'string',
      default: 'stream',
      value: LESSONS.join('|'),
      help: {
        zh: 'stream：文章里的调用，边收边显示（默认）；chunks：同样的字节在随机和刁钻的位置切开，一次读取不等于一个事件；proxy：让流经过 loopback 上真实的 nginx，分别开启和关闭缓冲',
        en: "stream: the article's call as it arrives (default); chunks: the same bytes cut at random and at awkward places, a read is not an event; proxy: the stream through a real nginx on loopback, with and without buffering",
      },
    },
    fast: {
      type: 'boolean',
      help: {
        zh: '把文章里的停顿（1 秒、3 秒）缩短为 50 毫秒和 250 毫秒，顺序不变：用于测试',
        en: "shrink the article's pauses (1 s, 3 s) to 50 ms and 250 ms, same order: for tests",
      },
    },
    seed: {
      type: 'string',
      default: '6',
      value: 'N',
      help: {
        zh: '--lesson chunks 随机切分的种子（整数，默认 6）',
        en: 'seed of the random cuts in --lesson chunks (an integer, default 6)',
      },
    },
    url: {
      type: 'string',
      value: 'URL',
      help: {
        zh: '使用一个正在运行的 Server，而不是自己启动一个（不适用于 --lesson proxy）',
        en: 'use a running server instead of starting one (not with --lesson proxy)',
      },
    },
  },
  epilogue: {
    zh: '要用 --url 得到文章里的节奏和结果，请这样启动 Server：\n  pnpm serve --pace article --dataset empty\n然后加上 --url http://127.0.0.1:5230',
    en: "For the article's pace and result with --url, start the server with:\n  pnpm serve --pace article --dataset empty\nthen add --url http://127.0.0.1:5230",
  },
  ctrlC: 'key',
} as const satisfies CommandSpec<OptionSpecs>;

/** What one run of the demo does (how it prints is the Printer's: its width and colour). */
export interface DemoOptions {
  lesson: Lesson;
  fast: boolean;
  seed: number;
  url: string | undefined;
  /** The language of everything the demo says (the wire is never translated). */
  lang: Lang;
}

function isLesson(value: string): value is Lesson {
  return (LESSONS as readonly string[]).includes(value);
}

/** Checks what parseArgs cannot: the lesson's name, the seed's number, and --url only where it applies. */
export function demoOptions({
  values,
  lang,
}: Pick<ParsedCommand<typeof spec.options>, 'values' | 'lang'>): DemoOptions {
  const error = messages.in(lang);
  if (!isLesson(values.lesson)) throw new UsageError(error('badLesson', { value: values.lesson }));
  if (values.lesson === 'proxy' && values.url !== undefined) throw new UsageError(error('urlWithProxy'));
  const seed = Number(values.seed);
  if (values.seed.trim() === '' || !Number.isSafeInteger(seed))
    throw new UsageError(error('badSeed', { value: values.seed }));
  return { lesson: values.lesson, fast: values.fast, seed, url: values.url, lang };
}

/** Each run's first line, printed by the CLI before it loads the lesson (and the server) it runs. */
export const TITLES = {
  stream: 'titleStream',
  chunks: 'titleChunks',
  proxy: 'titleProxy',
} as const satisfies Record<Lesson, MessageKey>;
