import { afterEach, describe, expect, it } from 'vitest';
import { runProxyLesson } from '../src/lesson-proxy.ts';
import { parseOptions, USAGE, UsageError } from '../src/options.ts';
import { createStyle } from '../src/style.ts';

describe('the demo options', () => {
  it('default to the article-paced stream', () => {
    expect(parseOptions([])).toStrictEqual({
      fast: false,
      lesson: 'stream',
      noColor: false,
      help: false,
      seed: 6,
      url: undefined,
    });
    expect(parseOptions(['--fast', '--lesson', 'chunks', '--seed', '42', '--no-color'])).toMatchObject({
      fast: true,
      lesson: 'chunks',
      seed: 42,
      noColor: true,
    });
    expect(parseOptions(['-h']).help).toBe(true);
    for (const option of ['--fast', '--lesson chunks', '--lesson proxy', '--seed', '--url', '--no-color'])
      expect(USAGE).toContain(option);
  });

  it('reject what they cannot honour with a UsageError', () => {
    expect(() => parseOptions(['--lesson', 'nope'])).toThrow(UsageError);
    expect(() => parseOptions(['--seed', 'x'])).toThrow(/--seed takes an integer/);
    expect(() => parseOptions(['--lesson', 'proxy', '--url', 'http://127.0.0.1:1'])).toThrow(
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
    const lines: string[] = [];
    const code = await runProxyLesson(
      (line = '') => lines.push(line),
      createStyle(false),
      parseOptions(['--lesson', 'proxy']),
    );
    return { code, text: lines.join('\n') };
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
