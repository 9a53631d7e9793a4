import { readFileSync } from 'node:fs';
import { runEntry } from '@memos-kit/process';
import { catalogProblems, createPaint, Printer } from '@memos-kit/terminal';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages.ts';
import { runFeatures } from '../src/run.ts';
import { steps } from '../src/scenario.ts';

const DEMO = new URL('../src/demo.ts', import.meta.url);

describe('pnpm demo:features', () => {
  it('has every sentence in both languages, with the same placeholders', () => {
    expect(catalogProblems(messages.catalogs)).toEqual([]);
  });

  it('shows the round trip and the listen stream in order, and ends with 0', async () => {
    const run = await runEntry(DEMO, { args: ['--lang', 'en'], env: { NO_COLOR: '1' } });
    expect(run.code, run.stderr).toBe(0);
    const out = run.stdout;
    const at = (text: string) => {
      const index = out.indexOf(text);
      expect(index, `missing: ${text}`).toBeGreaterThan(-1);
      return index;
    };
    // The acknowledgement before the REST create, the list change after it; -32021, then the retry.
    expect(at('"method":"notifications/subscriptions/acknowledged"')).toBeLessThan(
      at('POST /api/v1/memos?memoId=friday-demo'),
    );
    expect(at('POST /api/v1/memos?memoId=friday-demo')).toBeLessThan(
      at('"method":"notifications/resources/list_changed"'),
    );
    expect(at('"code": -32021')).toBeLessThan(at('"resultType": "input_required"'));
    expect(at('"resultType": "input_required"')).toBeLessThan(at('"inputResponses"'));
    expect(out).not.toContain('✗');
  });

  it('counts its checks and records each step once', async () => {
    // A printer that reports every step; the scenario's checks are then counted, not printed only.
    const lines: string[] = [];
    const failures = await runFeatures(
      new Printer({ paint: createPaint(false), width: 100, write: (text) => lines.push(text) }),
      'en',
      {
        record: (id) => {
          // Recording a step twice would mean the scenario lost track of its ids.
          expect(lines.filter((line) => line.includes(`recorded ${id}`))).toEqual([]);
          lines.push(`recorded ${id}\n`);
        },
      },
    );
    expect(failures).toBe(0);
    expect(lines.join('')).toContain('✓ the retry with inputResponses completes the delete');
  });
});

describe('pnpm demo:features, one step at a time', () => {
  const run = (...args: string[]) => runEntry(DEMO, { args, env: { NO_COLOR: '1', KIT_LANG: '' } });

  it('--list prints every step, numbered, and nothing else, in either language', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const listed = await run('--list', '--lang', lang);
      expect(listed.code, listed.stderr).toBe(0);
      const say = messages.in(lang);
      expect(listed.stdout).toBe(
        `${[say('stepsHeading'), ...steps.map((step, i) => `${String(i + 1).padStart(2)}. ${say(step.title)}`)].join('\n')}\n`,
      );
    }
  });

  it('--step N shows step N alone, after the steps it builds on ran unseen', async () => {
    const shown = await run('--step', '7', '--lang', 'en');
    expect(shown.code, shown.stderr).toBe(0);
    const out = shown.stdout;
    expect(out.match(/━━ \d+ ·.*━━/g)).toEqual(['━━ 7 · input_required: one confirmation, round trip ━━']);
    expect(out).toContain('(The steps before step 7 ran first, unseen: this step builds on what they left.)');
    expect(out).toContain('"resultType": "input_required"');
    // The stream of step 4 was opened unseen, and still hears the delete of step 7.
    expect(out).not.toContain('notifications/subscriptions/acknowledged');
    expect(out).toContain('✓ the delete, too, sends list_changed on the stream');
    // The summary speaks of every step; after one it is left out.
    expect(out).not.toContain('Every step held');
    expect(out).not.toContain('✗');
  });

  it('refuses a step that does not exist, in one line, with exit 2', async () => {
    const refused = await run('--step', String(steps.length + 1), '--lang', 'en');
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      `pnpm demo:features: --step needs a step number from 1 to ${steps.length} (see --list); there is no step ${steps.length + 1}\nSee pnpm demo:features --help\n`,
    );
  });

  it('numbers the steps as the input_required page says (steps 6 and 7), in both languages', () => {
    const page = (file: string) => readFileSync(new URL(`../../../docs/${file}`, import.meta.url), 'utf8');
    expect(page('guide/input-required.md')).toContain('演示的第 6、7 步就是本页的三段报文');
    expect(page('en/guide/input-required.md')).toContain('Steps 6 and 7 of the demo are this page');
    expect(steps[5]?.title).toBe('capabilityTitle');
    expect(steps[6]?.title).toBe('mrtrTitle');
  });
});
