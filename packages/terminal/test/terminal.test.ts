import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  bilingualMessages,
  catalogProblems,
  colourWanted,
  createMessages,
  createPaint,
  formatHelp,
  langFromArgv,
  padStartToWidth,
  parseCommand,
  sideBySide,
  stringWidth,
  table,
  terminalWidth,
  UsageError,
  wrapIndented,
  wrapLine,
  wrapText,
  wrapUnits,
} from '../src/index.ts';

describe('colourWanted', () => {
  const cases: [string, Parameters<typeof colourWanted>[0], boolean][] = [
    ['a terminal', { env: {}, isTTY: true }, true],
    ['a pipe', { env: {}, isTTY: false }, false],
    ['NO_COLOR on a terminal', { env: { NO_COLOR: '1' }, isTTY: true }, false],
    ['an empty NO_COLOR', { env: { NO_COLOR: '' }, isTTY: true }, true],
    ['FORCE_COLOR into a pipe', { env: { FORCE_COLOR: '1' }, isTTY: false }, true],
    ['FORCE_COLOR=0 on a terminal', { env: { FORCE_COLOR: '0' }, isTTY: true }, false],
    ['NO_COLOR beats FORCE_COLOR', { env: { NO_COLOR: '1', FORCE_COLOR: '1' }, isTTY: true }, false],
    ['--no-color beats FORCE_COLOR', { flag: false, env: { FORCE_COLOR: '1' }, isTTY: true }, false],
    ['--color beats NO_COLOR and a pipe', { flag: true, env: { NO_COLOR: '1' }, isTTY: false }, true],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(colourWanted(input)).toBe(expected);
  });

  it('paints only when enabled', () => {
    expect(createPaint(false)('red', 'x')).toBe('x');
    expect(createPaint(true)('red', 'x')).not.toBe('x');
    expect(stripVTControlCharacters(createPaint(true)('red', 'x'))).toBe('x');
  });
});

describe('width and wrapping', () => {
  it('takes the terminal width on a TTY and at most 100 columns in a pipe', () => {
    expect(terminalWidth({ stream: { isTTY: true, columns: 160 }, env: {} })).toBe(160);
    expect(terminalWidth({ stream: { isTTY: false }, env: { COLUMNS: '300' } })).toBe(100);
    expect(terminalWidth({ stream: { isTTY: false }, env: { COLUMNS: '72' } })).toBe(72);
    expect(terminalWidth({ stream: { isTTY: false }, env: {} })).toBe(100);
  });

  it('cuts raw lines by cells, CJK counting two, keeping colours open across pieces', () => {
    expect(wrapLine('中文中文', 4)).toEqual(['中文', '中文']);
    const painted = createPaint(true)('green', 'abcdef');
    const pieces = wrapLine(painted, 3);
    expect(pieces.map((piece) => stripVTControlCharacters(piece))).toEqual(['abc', 'def']);
    expect(pieces[1]?.startsWith(createPaint(true)('green', 'd').slice(0, 5))).toBe(true);
  });

  it('cuts a line where a reader expects it to end, and inside a word only when the word alone is too wide', () => {
    expect(wrapLine("the kit's own requests are refused as the spec requires.", 30)).toEqual([
      "the kit's own requests are",
      'refused as the spec requires.',
    ]);
    // One-line JSON: between members, after a key's `":`, never inside a key.
    expect(wrapLine('{"jsonrpc":"2.0","id":6,"method":"tools/call"}', 20)).toEqual([
      '{"jsonrpc":"2.0",',
      '"id":6,"method":',
      '"tools/call"}',
    ]);
    // A URL wider than the line fills it up to the end of one of its parts.
    expect(wrapLine('GET /api/v1/memos?pageSize=1&filter=visibility HTTP/1.1', 40)).toEqual([
      'GET /api/v1/memos?pageSize=1&filter=',
      'visibility HTTP/1.1',
    ]);
    expect(wrapLine('"io.modelcontextprotocol/clientCapabilities":{}', 30)).toEqual([
      '"io.modelcontextprotocol/',
      'clientCapabilities":{}',
    ]);
    expect(wrapLine('one\ntwo three', 5)).toEqual(['one', 'two', 'three']);
  });

  it('wraps prose at spaces, between Chinese characters, and inside over-long words only', () => {
    expect(wrapText('the quick brown fox', 10)).toEqual(['the quick', 'brown fox']);
    expect(wrapText('这是一个很长的中文句子', 10)).toEqual(['这是一个很', '长的中文句', '子']);
    expect(wrapText('abcdefghijkl', 5)).toEqual(['abcde', 'fghij', 'kl']);
    expect(wrapText('one two three', 8, '  ')).toEqual(['one two', '  three']);
    expect(wrapText('line one\nline two', 40)).toEqual(['line one', 'line two']);
    for (const line of wrapText('MCP 是一个协议，HTTP 是它的一种传输方式 (transport)，stdio 是另一种。', 16))
      expect(stringWidth(line)).toBeLessThanOrEqual(16);
  });

  it('lines up tables with Chinese cells and wraps the last column to the width', () => {
    expect(
      table([
        ['工具', 'a'],
        ['tool', 'b'],
      ]),
    ).toEqual(['工具  a', 'tool  b']);
    const rows = table([['--flag', 'a description that is much too long for one line']], { width: 30 });
    for (const row of rows) expect(stringWidth(row)).toBeLessThanOrEqual(30);
    expect(rows[1]?.startsWith(' '.repeat(8))).toBe(true);
    expect(sideBySide(['ab'], ['cd'], 11)).toEqual(['ab   │ cd']);
    expect(padStartToWidth('中位', 6)).toBe('  中位');
  });
});

describe('messages', () => {
  it('fills placeholders in the language asked for', () => {
    const m = createMessages({ zh: { hello: '你好，{name}' }, en: { hello: 'Hello, {name}' } });
    expect(m.t('zh', 'hello', { name: '课堂' })).toBe('你好，课堂');
    expect(m.in('en')('hello', { name: 'class' })).toBe('Hello, class');
  });

  it('finds keys, texts and placeholders that differ between the languages', () => {
    expect(catalogProblems({ zh: { a: '{n} 个', b: 'x' }, en: { a: '{count} items', c: 'y' } })).toEqual([
      'a: placeholders differ (zh: {n}; en: {count})',
      'b: missing in en',
      'c: missing in zh',
    ]);
    expect(catalogProblems(bilingualMessages({ a: { zh: '{n} 个', en: '{n} of them' } }).catalogs)).toEqual(
      [],
    );
  });
});

describe('parseCommand', () => {
  const spec = {
    name: 'pnpm demo:test',
    summary: { zh: '一个测试命令。', en: 'A test command.' },
    options: {
      step: { type: 'string', value: 'N', help: { zh: '只运行第 N 步', en: 'run step N only' } },
      fast: { type: 'boolean', help: { zh: '不等待', en: 'no waiting' } },
      pace: { type: 'string', default: 'article', help: { zh: '节奏', en: 'pace' } },
      host: {
        type: 'string',
        multiple: true,
        help: { zh: '主机名（可重复）', en: 'host name (repeatable)' },
      },
    },
  } as const;
  const tty = { isTTY: true, columns: 120 };

  it('collects a repeatable option into a list, and leaves it undefined when absent', () => {
    const parsed = parseCommand(spec, ['--host', 'a.example', '--host=b.example'], { env: {}, stdout: tty });
    expect(parsed.kind === 'run' && parsed.values.host).toEqual(['a.example', 'b.example']);
    const none = parseCommand(spec, [], { env: {}, stdout: tty });
    expect(none.kind === 'run' && none.values.host).toBeUndefined();
  });

  it('speaks Chinese by default, English with --lang en or KIT_LANG=en', () => {
    const zh = parseCommand(spec, [], { env: {}, stdout: tty });
    expect(zh.kind === 'run' && zh.lang).toBe('zh');
    expect(langFromArgv(['--lang', 'en'], {})).toBe('en');
    expect(langFromArgv(['--lang=en'], {})).toBe('en');
    expect(langFromArgv([], { KIT_LANG: 'en' })).toBe('en');
    expect(langFromArgv(['--lang', 'zh'], { KIT_LANG: 'en' })).toBe('zh');
  });

  it('ignores the leading -- that pnpm run passes on', () => {
    const parsed = parseCommand(spec, ['--', '--step', '2'], { env: {}, stdout: tty });
    expect(parsed.kind === 'run' && parsed.values.step).toBe('2');
    expect(parseCommand(spec, ['--', '--version'], { env: {}, stdout: tty }).kind).toBe('version');
  });

  it('reads the options, with defaults and false for absent booleans', () => {
    const parsed = parseCommand(spec, ['--step', '3'], { env: {}, stdout: tty });
    if (parsed.kind !== 'run') throw new Error('expected a run');
    expect(parsed.values.step).toBe('3');
    expect(parsed.values.fast).toBe(false);
    expect(parsed.values.pace).toBe('article');
    expect(parsed.colour).toBe(true);
  });

  it('follows the colour rule: --no-color, NO_COLOR, a pipe', () => {
    const colour = (argv: string[], env: NodeJS.ProcessEnv, stdout = tty) => {
      const parsed = parseCommand(spec, argv, { env, stdout });
      return parsed.kind === 'run' && parsed.colour;
    };
    expect(colour(['--no-color'], {})).toBe(false);
    expect(colour([], { NO_COLOR: '1' })).toBe(false);
    expect(colour([], {}, { isTTY: false, columns: 0 })).toBe(false);
    expect(colour([], { FORCE_COLOR: '1' }, { isTTY: false, columns: 0 })).toBe(true);
  });

  it('answers --help from the option table, in the language asked for, within the width', () => {
    const zh = parseCommand(spec, ['--help'], { env: {}, stdout: { isTTY: false } });
    expect(zh.kind).toBe('help');
    if (zh.kind !== 'help') return;
    expect(zh.text).toContain('用法：pnpm demo:test [选项]');
    expect(zh.text).toContain('只运行第 N 步');
    expect(zh.text).toMatch(/--step N/);
    expect(zh.text).toMatch(/-h, --help/);
    const en = formatHelp(spec, 'en', 40);
    expect(en).toContain('Usage: pnpm demo:test [options]');
    for (const line of en.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(40);
    // A command's own usage line keeps its words, and its `[options]` reads in the help's language.
    const withFile = { ...spec, usage: 'FILE [options]' };
    expect(formatHelp(withFile, 'zh', 80)).toContain('用法：pnpm demo:test FILE [选项]');
    expect(formatHelp(withFile, 'en', 80)).toContain('Usage: pnpm demo:test FILE [options]');
  });

  it('answers --version with the kit version and the protocol revision', () => {
    const outcome = parseCommand(spec, ['--version'], { env: {}, stdout: tty });
    expect(outcome.kind === 'version' && outcome.text).toMatch(
      /^pnpm demo:test \d+\.\d+\.\d+ \(MCP 2026-07-28\)$/,
    );
  });

  it('throws a UsageError for an unknown option, a stray word or a bad --lang', () => {
    expect(() => parseCommand(spec, ['--nope'], { env: {}, stdout: tty })).toThrow(UsageError);
    expect(() => parseCommand(spec, ['word'], { env: {}, stdout: tty })).toThrow(UsageError);
    expect(() => parseCommand(spec, ['--lang', 'fr'], { env: {}, stdout: tty })).toThrow(
      '--lang 只能是 zh 或 en，而不是 "fr"',
    );
  });
});

describe('Chinese line breaking and indented wire lines', () => {
  it('never starts a line with closing punctuation nor ends one with opening punctuation', () => {
    const lines = wrapText('第一句话说完了。第二句（括号里）也说完了，好。', 8);
    for (const line of lines) {
      expect(line).not.toMatch(/^[，。、；：！？）」》]/);
      expect(line).not.toMatch(/[（「《]$/);
    }
    expect(lines.join('')).toBe('第一句话说完了。第二句（括号里）也说完了，好。');
  });

  it('continues a cut wire line two cells in from its own indentation', () => {
    expect(wrapIndented('    abcdefghij', 9, 3)).toEqual(['    abcde', '      fgh', '      ij']);
    expect(wrapIndented('  {"id":1,"method":"tools/list"}', 24, 10)).toEqual([
      '  {"id":1,"method":',
      '    "tools/list"}',
    ]);
  });

  it('shows a line nested too deep for the width only as far in as leaves room for its words', () => {
    const deep = `${' '.repeat(30)}"name": "memo_list_memos"`;
    const pieces = wrapIndented(deep, 40, 20);
    expect(pieces).toEqual([`${' '.repeat(20)}"name":`, `${' '.repeat(20)}"memo_list_memos"`]);
  });

  it('cuts each line of a text under its own indentation, newlines included', () => {
    expect(wrapIndented('a\n  bb cc dd', 8, 3)).toEqual(['a', '  bb cc', '    dd']);
  });
});

describe('wrapUnits', () => {
  it('breaks only between the units it is given, where wrapLine would', () => {
    const units = ['\\x1B', 'a', 'b', '\\x1B', 'c'];
    const pieces = wrapUnits(units, 5);
    expect(pieces.join('')).toBe(units.join(''));
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(5);
    expect(pieces.join('|')).not.toMatch(/\\x?1?\||\\x1\|/);
    expect(wrapUnits([], 5)).toEqual(['']);
    const event = [...'event: message', '\\n', ...'data: {"jsonrpc":"2.0","params":{"progressToken":"t-6"}}'];
    expect(wrapUnits(event, 40)).toEqual([
      'event: message\\ndata: {"jsonrpc":"2.0",',
      '"params":{"progressToken":"t-6"}}',
    ]);
  });
});
