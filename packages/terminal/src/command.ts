import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { closeOnSignals, type StopSignal } from '@memos-kit/process';
import { PROTOCOL_VERSION } from '@memos-kit/protocol';
import { colourWanted, createPaint, type Paint } from './colour.ts';
import { type Bilingual, defaultLang, isLang, LANG_ENV, type Lang } from './i18n.ts';
import { Keys } from './keys.ts';
import { isTheme, THEME_ENV, type Theme, themeFromEnv } from './palette.ts';
import { quietOnClosedPipe } from './pipe.ts';
import { table, terminalWidth, wrapText } from './width.ts';

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** A string option that may be given more than once (`--allowed-host a --allowed-host b`): a list. */
  multiple?: true;
  default?: string | boolean;
  /** What the value looks like in the help, e.g. `N` or `on|off`. */
  value?: string;
  help: Bilingual;
}

export type OptionSpecs = Record<string, OptionSpec>;

export interface CommandSpec<O extends OptionSpecs> {
  /** What a person types, e.g. `pnpm demo:sse`; errors start with it. */
  name: string;
  summary: Bilingual;
  /** After the name in the usage line; `[options]` when not given, and `[options]` reads in the help's language. */
  usage?: string;
  options: O;
  /** Whether words without `--` are allowed (a lab id, a file). */
  positionals?: boolean;
  /** Lines printed under the options, e.g. examples. */
  epilogue?: Bilingual;
  /**
   * 'key' for a command that does not read its stdin (a demo, an HTTP server): on a terminal, Ctrl-C is read
   * as a key and stops this process alone, so pnpm does not report the stop as a failure (see keys.ts). The
   * default, 'signal', leaves Ctrl-C to the terminal, for a command whose stdin carries data or typing.
   */
  ctrlC?: 'key' | 'signal';
}

type ValueOf<S extends OptionSpec> = S['type'] extends 'boolean'
  ? boolean
  : S extends { multiple: true }
    ? string[] | undefined
    : S extends { default: string }
      ? string
      : string | undefined;

export type OptionValues<O extends OptionSpecs> = { [K in keyof O]: ValueOf<O[K]> };

export interface ParsedCommand<O extends OptionSpecs> {
  kind: 'run';
  values: OptionValues<O>;
  positionals: string[];
  lang: Lang;
  colour: boolean;
  /** The palette's theme: `--theme`, else `KIT_THEME`, else the terminal's `COLORFGBG`, else dark. */
  theme: Theme;
  /** Paints by role or colour name in the theme's shades; plain when colour is off. */
  paint: Paint;
  /** Columns a line may take (the terminal's, or 100 when piped). */
  width: number;
  /**
   * The terminal's keys, read by `command()` for a spec with `ctrlC: 'key'` when stdin and stdout are a
   * terminal: a pause that waits for a key asks them; a mode that reads typing releases them first.
   */
  keys?: Keys;
}

export type CommandOutcome<O extends OptionSpecs> =
  | ParsedCommand<O>
  | { kind: 'help' | 'version'; text: string };

/** A mistake on the command line: printed as one line plus a pointer to `--help`, exit status 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const common = {
  lang: {
    type: 'string',
    value: 'zh|en',
    help: {
      zh: `输出语言（默认 zh；整个会话可设 ${LANG_ENV}=en）`,
      en: `language of the output (default zh; ${LANG_ENV}=en for a whole session)`,
    },
  },
  color: {
    type: 'boolean',
    help: {
      zh: '强制使用颜色；--no-color 关闭颜色（NO_COLOR 亦可）',
      en: 'force colour; --no-color turns it off (so does NO_COLOR)',
    },
  },
  theme: {
    type: 'string',
    value: 'dark|light',
    help: {
      zh: `配色适合深色还是浅色终端（默认取 ${THEME_ENV}，其次按终端的 COLORFGBG 判断，都没有时为 dark）`,
      en: `colours for a dark or a light terminal (default: ${THEME_ENV}, else the terminal's COLORFGBG, else dark)`,
    },
  },
  help: { type: 'boolean', short: 'h', help: { zh: '显示本帮助', en: 'show this help' } },
  version: { type: 'boolean', help: { zh: '显示版本', en: 'show the version' } },
} as const satisfies OptionSpecs;

const words = {
  usage: { zh: '用法', en: 'Usage' },
  options: { zh: '选项', en: 'Options' },
  optionsWord: { zh: '[选项]', en: '[options]' },
  seeHelp: { zh: '查看用法：{name} --help', en: 'See {name} --help' },
  badLang: { zh: '--lang 只能是 zh 或 en，而不是 "{value}"', en: '--lang must be zh or en, not "{value}"' },
  stopped: { zh: '已停止（{how}）', en: 'Stopped ({how})' },
  badTheme: {
    zh: '--theme 只能是 dark 或 light，而不是 "{value}"',
    en: '--theme must be dark or light, not "{value}"',
  },
} satisfies Record<string, Bilingual>;

/** How a stop is named to a person: SIGINT is what Ctrl-C sends. */
export function stopCause(signal: StopSignal): string {
  return signal === 'SIGINT' ? 'Ctrl-C' : signal;
}

/** The kit's version, read from the workspace's package.json when a command is asked for it. */
export function kitVersion(): string {
  const root = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version?: string;
  };
  return root.version ?? '0.0.0';
}

/** The language a command line asks for, read before anything else so even its errors are in that language. */
export function langFromArgv(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Lang {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = arg === '--lang' ? argv[i + 1] : arg?.startsWith('--lang=') ? arg.slice(7) : undefined;
    if (isLang(value)) return value;
  }
  return defaultLang(env);
}

export interface ParseContext {
  env?: NodeJS.ProcessEnv;
  stdout?: { isTTY?: boolean; columns?: number };
}

/**
 * Reads a command line with `node:util` parseArgs, adding the options every command shares (`--lang`,
 * `--color`/`--no-color`, `--theme`, `--help`, `--version`), and answers help and version itself.
 */
export function parseCommand<O extends OptionSpecs>(
  spec: CommandSpec<O>,
  argv: readonly string[],
  { env = process.env, stdout = process.stdout }: ParseContext = {},
): CommandOutcome<O> {
  // `pnpm run demo -- --lang en` hands the script a leading `--` (pnpm 12 passes it on); it means nothing here.
  if (argv[0] === '--') argv = argv.slice(1);
  const lang = langFromArgv(argv, env);
  const width = terminalWidth({ stream: stdout, env });
  const all: OptionSpecs = { ...spec.options, ...common };
  const config = Object.fromEntries(
    Object.entries(all).map(([name, option]) => [
      name,
      {
        type: option.type,
        ...(option.short ? { short: option.short } : {}),
        ...(option.multiple ? { multiple: true } : {}),
        ...(option.default !== undefined ? { default: option.default } : {}),
      },
    ]),
  ) as Record<
    string,
    { type: 'string' | 'boolean'; short?: string; multiple?: boolean; default?: string | boolean }
  >;
  let parsed: {
    values: Record<string, string | boolean | Array<string | boolean> | undefined>;
    positionals: string[];
  };
  try {
    parsed = parseArgs({
      args: [...argv],
      options: config,
      strict: true,
      allowPositionals: spec.positionals === true,
      allowNegative: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help === true) return { kind: 'help', text: formatHelp(spec, lang, width) };
  if (values.version === true)
    return { kind: 'version', text: `${spec.name} ${kitVersion()} (MCP ${PROTOCOL_VERSION})` };
  if (values.lang !== undefined && !isLang(values.lang))
    throw new UsageError(words.badLang[lang].replace('{value}', String(values.lang)));
  if (values.theme !== undefined && !isTheme(values.theme))
    throw new UsageError(words.badTheme[lang].replace('{value}', String(values.theme)));
  const theme = isTheme(values.theme) ? values.theme : themeFromEnv(env);
  const colour = colourWanted({ flag: values.color as boolean | undefined, env, isTTY: stdout.isTTY });
  for (const [name, option] of Object.entries(spec.options)) {
    if (option.type === 'boolean' && values[name] === undefined) values[name] = false;
  }
  return {
    kind: 'run',
    values: values as OptionValues<O>,
    positionals,
    lang,
    colour,
    theme,
    paint: createPaint(colour, theme),
    width,
  };
}

/** The help text, made from the option table: each command describes its options once, as data. */
export function formatHelp<O extends OptionSpecs>(spec: CommandSpec<O>, lang: Lang, width: number): string {
  const all: OptionSpecs = { ...spec.options, ...common };
  const rows = Object.entries(all).map(([name, option]) => {
    const flag = option.type === 'boolean' && name === 'color' ? '--[no-]color' : `--${name}`;
    const short = option.short ? `-${option.short}, ` : '    ';
    const value = option.type === 'string' ? ` ${option.value ?? (lang === 'zh' ? '值' : 'VALUE')}` : '';
    return [`  ${short}${flag}${value}`, option.help[lang]];
  });
  return [
    `${words.usage[lang]}${lang === 'zh' ? '：' : ': '}${spec.name} ${(spec.usage ?? '[options]').replace('[options]', words.optionsWord[lang])}`,
    '',
    ...wrapText(spec.summary[lang], width),
    '',
    `${words.options[lang]}${lang === 'zh' ? '：' : ':'}`,
    ...table(rows, { width }),
    ...(spec.epilogue ? ['', ...wrapText(spec.epilogue[lang], width)] : []),
  ].join('\n');
}

/**
 * Runs a command's main function the way every command of the kit behaves: quiet on a closed pipe, a
 * usage error in one line (exit 2), any other error in one line (exit 1; `KIT_DEBUG=1` shows the stack).
 */
export async function runCommand(
  spec: { name: string },
  main: () => Promise<unknown>,
  argv: readonly string[] = process.argv.slice(2),
): Promise<void> {
  quietOnClosedPipe(process.stdout);
  quietOnClosedPipe(process.stderr);
  try {
    const code = await main();
    // A main function may return its exit status; one that returns nothing has set it itself, or succeeded.
    if (typeof code === 'number') process.exitCode = code;
  } catch (error) {
    const lang = langFromArgv(argv);
    if (error instanceof UsageError) {
      process.stderr.write(
        `${spec.name}: ${error.message}\n${words.seeHelp[lang].replace('{name}', spec.name)}\n`,
      );
      process.exitCode = 2;
      return;
    }
    // fetch and friends hide the reason in `cause` ("fetch failed" alone tells a student nothing).
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    const message = `${error instanceof Error ? error.message : String(error)}${cause}`;
    process.stderr.write(
      `${spec.name}: ${process.env.KIT_DEBUG && error instanceof Error ? (error.stack ?? message) : message}\n`,
    );
    process.exitCode = 1;
  }
}

/**
 * Parses, answers `--help`/`--version`, and hands the rest to `main`, inside `runCommand`: the whole
 * life of a command of the kit in one call. Stopped by Ctrl-C or SIGTERM, a command closes what it
 * registered with `closeOnSignals` and then says so in one line on stderr ("Stopped (Ctrl-C)"), whatever
 * stdout carries.
 */
export function command<O extends OptionSpecs>(
  spec: CommandSpec<O>,
  main: (parsed: ParsedCommand<O>) => Promise<unknown>,
  argv: readonly string[] = process.argv.slice(2),
): Promise<void> {
  return runCommand(
    spec,
    async () => {
      const outcome = parseCommand(spec, argv);
      if (outcome.kind !== 'run') {
        process.stdout.write(`${outcome.text}\n`);
        return 0;
      }
      // Registered first, so it runs last: after what main registers has closed.
      closeOnSignals((signal) => {
        process.stderr.write(`${words.stopped[outcome.lang].replace('{how}', stopCause(signal))}\n`);
      });
      const keys = spec.ctrlC === 'key' ? Keys.read() : undefined;
      return main(keys ? { ...outcome, keys } : outcome);
    },
    argv,
  );
}
