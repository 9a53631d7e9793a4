import { existsSync } from 'node:fs';
import {
  createPaint,
  PIPED_WIDTH,
  Printer,
  parseCommand,
  stringWidth,
  UsageError,
} from '@memos-kit/terminal';
import { afterEach, describe, expect, it } from 'vitest';
import { printProxyRuns, runProxyLesson } from '../src/lessons/proxy.ts';
import { messages } from '../src/messages.ts';
import { startNginxProxy } from '../src/nginx-proxy.ts';
import { type DemoOptions, demoOptions, spec } from '../src/options.ts';
import { decode } from './helpers.ts';
import { nginx, nginxRequired, useNginxProxy } from './nginx-setup.ts';

/** The options of a command line as the demo reads them, piped (100 columns, no colour) and without KIT_LANG. */
function parseOptions(argv: string[]): DemoOptions {
  const outcome = parseCommand(spec, argv, { env: {}, stdout: {} });
  if (outcome.kind !== 'run') throw new Error(`${argv.join(' ')} asks for ${outcome.kind}`);
  return demoOptions(outcome);
}

describe('the demo options', () => {
  it('default to the article-paced stream', () => {
    expect(parseOptions([])).toStrictEqual({
      lesson: 'stream',
      fast: false,
      seed: 6,
      url: undefined,
      lang: 'zh',
    });
    expect(parseOptions(['--fast', '--lesson', 'chunks', '--seed', '42', '--no-color'])).toMatchObject({
      fast: true,
      lesson: 'chunks',
      seed: 42,
    });
    expect(parseOptions(['--url', 'http://127.0.0.1:5230']).url).toBe('http://127.0.0.1:5230');
    expect(parseCommand(spec, ['-h'], { env: {}, stdout: {} }).kind).toBe('help');
  });

  it('speak Chinese unless --lang en or KIT_LANG=en says otherwise, and --lang wins over KIT_LANG', () => {
    const langOf = (argv: string[], env: NodeJS.ProcessEnv) => {
      const outcome = parseCommand(spec, argv, { env, stdout: {} });
      if (outcome.kind !== 'run') throw new Error(`${argv.join(' ')} asks for ${outcome.kind}`);
      return demoOptions(outcome).lang;
    };
    expect(langOf([], {})).toBe('zh');
    expect(langOf(['--lang', 'en'], {})).toBe('en');
    expect(langOf([], { KIT_LANG: 'en' })).toBe('en');
    expect(langOf(['--lang', 'zh'], { KIT_LANG: 'en' })).toBe('zh');
  });

  it('reject what they cannot honour with a UsageError', () => {
    expect(() => parseOptions(['--lesson', 'nope'])).toThrow(UsageError);
    expect(() => parseOptions(['--seed', 'x', '--lang', 'en'])).toThrow(/--seed takes an integer, not "x"/);
    expect(() => parseOptions(['--seed', '1.5'])).toThrow(messages.t('zh', 'badSeed', { value: '1.5' }));
    expect(() => parseOptions(['--seed', ''])).toThrow(UsageError);
    expect(() => parseOptions(['--lesson', 'proxy', '--url', 'http://127.0.0.1:1', '--lang', 'en'])).toThrow(
      /--url does not apply/,
    );
    expect(() => parseOptions(['--colour'])).toThrow(UsageError);
  });
});

describe('--lesson proxy without nginx', () => {
  const saved = { nginx: process.env.KIT_NGINX, required: process.env.KIT_REQUIRE_NGINX };
  afterEach(() => {
    for (const [key, value] of [
      ['KIT_NGINX', saved.nginx],
      ['KIT_REQUIRE_NGINX', saved.required],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  async function runWithout(required: boolean) {
    process.env.KIT_NGINX = new URL('./no-such-nginx', import.meta.url).pathname;
    process.env.KIT_REQUIRE_NGINX = required ? '1' : '';
    let text = '';
    const printer = new Printer({ paint: createPaint(false), write: (line) => (text += line) });
    const code = await runProxyLesson(printer, parseOptions(['--lesson', 'proxy']));
    return { code, text };
  }

  it('says how to install it and exits 0', async () => {
    const { code, text } = await runWithout(false);
    expect(code).toBe(0);
    expect(text).toContain('apt-get install -y nginx-light');
  });

  it('fails where nginx is required (CI sets KIT_REQUIRE_NGINX=1)', async () => {
    expect((await runWithout(true)).code).toBe(1);
  });
});

const falseBinary = ['/bin/false', '/usr/bin/false'].find((path) => existsSync(path));

describe.skipIf(!falseBinary)('an nginx that exits at once', () => {
  const saved = process.env.KIT_NGINX;
  afterEach(() => {
    if (saved === undefined) delete process.env.KIT_NGINX;
    else process.env.KIT_NGINX = saved;
  });

  it('is reported with its exit code, not as a 5 s wait', async () => {
    await expect(startNginxProxy(falseBinary ?? '', 'http://127.0.0.1:1')).rejects.toThrow(
      /exited with code 1 before it listened, and said nothing on stderr/,
    );
  });

  it("is reported by the lesson in the class's language, nginx's own words kept", async () => {
    process.env.KIT_NGINX = falseBinary;
    const run = (lang: 'zh' | 'en') =>
      runProxyLesson(
        new Printer({ paint: createPaint(false), write: () => {} }),
        parseOptions(['--lesson', 'proxy', '--fast', '--lang', lang]),
      );
    await expect(run('zh')).rejects.toThrow(/^nginx 没能启动：.*exited with code 1 before it listened/);
    await expect(run('en')).rejects.toThrow(/^Could not start nginx: .*exited with code 1/);
  });
});

describe.skipIf(!nginx && !nginxRequired)('--lesson proxy through a real nginx, as the class sees it', () => {
  const { server, proxy, holdResultsUntil } = useNginxProxy();

  it('prints each step as it happens: progress ahead of the result, then held back into its read', async () => {
    const tapped = server();
    // Run 1's result waits until its progress line is printed (run 2's nginx holds the progress back, but by
    // then the results are free): the order below holds however busy the machine.
    let progressPrinted = () => {};
    holdResultsUntil(
      new Promise<void>((resolve) => {
        progressPrinted = resolve;
      }),
    );
    // What the server had written when each line was printed: the ordering a live printout must show.
    const resultWritten = () =>
      (tapped.responses.at(-1) ?? []).some((write) => decode(write.bytes).includes('"result"'));
    const printed: Array<{ line: string; resultWritten: boolean }> = [];
    const printer = new Printer({
      paint: createPaint(false),
      width: PIPED_WIDTH,
      write: (text) => {
        const line = text.replace(/\n$/, '');
        printed.push({ line, resultWritten: resultWritten() });
        if (/client {2}read \d+ bytes → notifications\/progress$/.test(line)) progressPrinted();
      },
    });
    // The lines below are matched in English; the Chinese run is checked through the CLI in cli.test.ts.
    await printProxyRuns(printer, tapped, proxy().url, { lang: 'en' });
    const lines = printed.map(({ line }) => line);
    const run2 = lines.findIndex((line) => line.startsWith('Run 2:'));
    const summary = lines.findIndex((line) => line.startsWith('Progress vs result'));
    expect(lines.findIndex((line) => line.startsWith('Run 1:'))).toBeGreaterThanOrEqual(0);
    expect(run2).toBeGreaterThan(0);
    const find = (from: number, to: number, pattern: RegExp) => {
      const index = lines.findIndex((line, at) => at >= from && at < to && pattern.test(line));
      expect(index, `a line matching ${pattern}`).toBeGreaterThanOrEqual(0);
      return index;
    };

    // Run 1: the client's progress line is out before the server has even written the result.
    const progressRead = find(0, run2, /client {2}read \d+ bytes → notifications\/progress$/);
    expect(printed[progressRead]?.resultWritten).toBe(false);
    expect(lines[progressRead + 1]).toMatch(/\] 1\/2$/);
    const resultWrite1 = find(0, run2, /server {2}wrote \d+ bytes: result for id 6$/);
    expect(progressRead).toBeLessThan(resultWrite1);
    const resultRead1 = find(0, run2, /client {2}read \d+ bytes → result for id 6$/);
    expect(lines[resultRead1 + 1]).toMatch(/\] 2\/2 done$/);

    // Run 2: the server writes both events, and only then does the client get anything, in one read.
    const progressWrite2 = find(run2, summary, /server {2}wrote \d+ bytes: notifications\/progress$/);
    const resultWrite2 = find(run2, summary, /server {2}wrote \d+ bytes: result for id 6$/);
    const headers2 = find(run2, summary, /client {2}← status line and headers$/);
    const bothRead = find(
      run2,
      summary,
      /client {2}read \d+ bytes → notifications\/progress \+ result for id 6$/,
    );
    expect(printed[progressWrite2]?.resultWritten).toBe(false);
    expect(progressWrite2).toBeLessThan(resultWrite2);
    expect(resultWrite2).toBeLessThan(headers2);
    expect(headers2).toBeLessThan(bothRead);
    expect(lines[bothRead + 1]).toMatch(/\] 2\/2 done$/); // the same read carries the result: the call is done
    expect(lines.slice(run2, summary).filter((line) => line.includes('1/2'))).toStrictEqual([]);

    expect(find(summary, lines.length, /^ {2}nginx \/mcp /)).toBeGreaterThan(summary);
    expect(lines.find((line) => line.startsWith('  nginx /mcp '))).toMatch(/ms ahead of the result$/);
    expect(lines.find((line) => line.startsWith('  nginx /buffered/mcp '))).toMatch(/held back/);
    expect(lines.filter((line) => stringWidth(line) > PIPED_WIDTH)).toStrictEqual([]); // fits a projector
  });
});
