// `pnpm replay SOURCE`: serves a recording back as a mock server (HTTP or stdio), or exports it.
import { writeFileSync } from 'node:fs';
import { closeOnSignals, listen } from '@memos-kit/process';
import {
  bilingualMessages,
  type CommandSpec,
  command,
  type Lang,
  type OptionSpecs,
  UsageError,
} from '@memos-kit/terminal';
import pairs from './cli-messages.json' with { type: 'json' };
import type { Recording, RecordingProblem } from './reader.ts';

/** Beside `pnpm serve`'s 5230 and the 5231 the docs give a second Memos, so all three can run at once. */
const DEFAULT_PORT = '5232';
const EXPORTS = ['jsonl', 'har', 'mermaid'] as const;
type ExportFormat = (typeof EXPORTS)[number];

const options = {
  transport: {
    type: 'string',
    default: 'http',
    value: 'http|stdio',
    help: {
      zh: 'http（默认）：在 127.0.0.1 上作为 HTTP 服务回放；stdio：从 stdin 读请求，向 stdout 写回放的应答',
      en: 'http (default): serve the replay over HTTP on 127.0.0.1; stdio: read requests on stdin, write the recorded answers to stdout',
    },
  },
  port: {
    type: 'string',
    default: DEFAULT_PORT,
    value: 'PORT',
    help: {
      zh: `HTTP 回放的端口（默认 ${DEFAULT_PORT}；0 表示任选一个空闲端口）`,
      en: `port of the HTTP replay (default ${DEFAULT_PORT}; 0 picks a free one)`,
    },
  },
  pace: {
    type: 'string',
    default: 'recorded',
    value: 'recorded|fast',
    help: {
      zh: 'recorded（默认）：SSE 事件和 stdio 行按录制时的间隔发出（每段最多 5 秒）；fast：立即发出',
      en: 'recorded (default): SSE events and stdio lines keep their recorded spacing (at most 5 s each); fast: at once',
    },
  },
  export: {
    type: 'string',
    value: EXPORTS.join('|'),
    help: {
      zh: '不回放，改为导出：jsonl（录制格式，用来转换 fixtures 和 --json 报告）、har（HAR 1.2，浏览器开发者工具可打开）、mermaid（时序图）',
      en: 'export instead of serving: jsonl (the recording format; converts fixtures and --json reports), har (HAR 1.2, opens in browser DevTools), mermaid (a sequence diagram)',
    },
  },
  out: {
    type: 'string',
    value: 'FILE',
    help: {
      zh: '导出写到这个文件（默认写到 stdout）',
      en: 'write the export to this file (default: stdout)',
    },
  },
} as const satisfies OptionSpecs;

const spec = {
  name: 'pnpm replay',
  usage: 'SOURCE [options]',
  summary: {
    zh: '把一次录制当作模拟服务端回放（MCP 2026-07-28）：按 method 和 params 匹配请求（忽略 id 和 _meta 里的噪声），并把应答里的 id 换成新请求的 id。SOURCE 是 pnpm serve --record 或 pnpm mcp:stdio --record 写出的 .jsonl 文件、pnpm demo --json 的报告，或者 fixtures（文章的报文）。',
    en: "Serves a recording back as a mock server (MCP 2026-07-28): requests are matched by method and params (ids and _meta noise ignored), and the answer's id becomes the new request's. SOURCE is a .jsonl file written by pnpm serve --record or pnpm mcp:stdio --record, a pnpm demo --json report, or fixtures (the article's exchanges).",
  },
  positionals: true,
  options,
  epilogue: {
    zh: '例如：\n  pnpm serve --record session.jsonl\n  pnpm replay session.jsonl --port 5231\n  pnpm replay session.jsonl --export har --out session.har\n  pnpm replay session.jsonl --export mermaid\n  pnpm replay fixtures --export jsonl --out article.jsonl',
    en: 'For example:\n  pnpm serve --record session.jsonl\n  pnpm replay session.jsonl --port 5231\n  pnpm replay session.jsonl --export har --out session.har\n  pnpm replay session.jsonl --export mermaid\n  pnpm replay fixtures --export jsonl --out article.jsonl',
  },
  ctrlC: 'key',
} satisfies CommandSpec<typeof options>;

export const replayWords = bilingualMessages(pairs);

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/**
 * Reads the source, turning each way it can be wrong into one line that names the file and the line. The
 * reader and its schema validator load here, once the options are read: --help, --version and a wrong
 * option never wait on them.
 */
async function load(source: string, lang: Lang): Promise<Recording> {
  const say = replayWords.in(lang);
  const [{ loadSource }, { RecordingError }, { NotATourReport }] = await Promise.all([
    import('./load.ts'),
    import('./reader.ts'),
    import('./convert.ts'),
  ]);
  try {
    return loadSource(source).recording;
  } catch (error) {
    if (error instanceof RecordingError) {
      const problem = say(`problem.${error.problem}` satisfies `problem.${RecordingProblem}`);
      throw new Error(say('badLine', { file: source, line: error.line, problem, detail: error.detail }));
    }
    if (error instanceof NotATourReport)
      throw new Error(say('notTour', { file: source, detail: error.message }));
    if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'EISDIR'))
      throw new Error(say('notFound', { file: source }));
    throw error;
  }
}

async function exported(recording: Recording, format: ExportFormat): Promise<string> {
  if (format === 'har')
    return `${JSON.stringify((await import('./export-har.ts')).toHar(recording), null, 2)}\n`;
  if (format === 'mermaid') return (await import('./export-mermaid.ts')).toMermaid(recording);
  return (await import('./writer.ts')).toJsonl(recording.all);
}

await command(spec, async ({ values, positionals, lang, paint, keys }) => {
  const say = replayWords.in(lang);
  const [source] = positionals;
  if (source === undefined) throw new UsageError(say('needSource'));
  if (positionals.length > 1) throw new UsageError(say('oneSource', { count: positionals.length }));
  const transport = values.transport;
  if (transport !== 'http' && transport !== 'stdio')
    throw new UsageError(say('badTransport', { value: transport }));
  const pace = values.pace;
  if (pace !== 'recorded' && pace !== 'fast') throw new UsageError(say('badPace', { value: pace }));
  const format = values.export;
  if (format !== undefined && !isOneOf(EXPORTS, format))
    throw new UsageError(say('badExport', { value: format }));
  if (values.out !== undefined && format === undefined) throw new UsageError(say('outWithoutExport'));
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535)
    throw new UsageError(say('badPort', { value: values.port }));

  const recording = await load(source, lang);
  if (format !== undefined) {
    const text = await exported(recording, format);
    if (values.out === undefined) process.stdout.write(text);
    else {
      writeFileSync(values.out, text);
      process.stderr.write(`${say('wrote', { file: values.out })}\n`);
    }
    return 0;
  }

  const { NOT_RECORDED, ReplayIndex, replayHandler, replayStdio } = await import('./replay.ts');
  const index = new ReplayIndex(recording);
  if (index.count(transport) === 0) throw new Error(say('noExchanges', { source, transport }));
  if (transport === 'stdio') {
    // stdout is the MCP channel: everything a person reads goes to stderr.
    const log = (line: string) => process.stderr.write(`replay: ${line}\n`);
    process.stderr.write(`${say('stdioReady', { source, count: index.count('stdio') })}\n`);
    // stdin carries the requests (typed, on a terminal): it is not the command's to read keys from.
    keys?.release();
    await replayStdio(recording, process.stdin, process.stdout, { pace, log });
    return 0;
  }
  const time = () => new Date().toISOString().slice(11, 23);
  const log = (line: string) => process.stdout.write(`${paint('dim', time())}  ${line}\n`);
  const running = await listen(replayHandler(recording, { pace, log }), { host: '127.0.0.1', port }).catch(
    (error: unknown) => {
      if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE')
        throw new Error(say('portInUse', { port, source }));
      throw error;
    },
  );
  process.stdout.write(
    [
      say('listening', {
        source,
        http: index.count('http'),
        stdio: index.count('stdio'),
        url: paint('cyan', running.url),
      }),
      `  ${paint('dim', say('unmatched', { code: NOT_RECORDED }))}`,
      `  ${paint('dim', say('stop'))}`,
      '',
    ].join('\n'),
  );
  // command() says "stopped" once this is done.
  closeOnSignals(async () => {
    await running.close({ graceMs: 1000 });
  });
  return undefined;
});
