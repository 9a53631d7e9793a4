/**
 * The tour as a class sees it, from 40 to 160 columns, in both languages, with colour and without, in both
 * themes. One real run is recorded (servers and stdio child in this process's care), then the text view lays
 * the same exchanges out again at each width: every line fits, no word or JSON key is cut, the colours change
 * nothing but colour, and every colour is one of the palette's.
 */
import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import {
  createPaint,
  type Lang,
  Printer,
  SHADES,
  stringWidth,
  THEMES,
  type Theme,
} from '@memos-kit/terminal';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ExchangeRecord, ExchangeView, HttpExchangeRecord } from '../src/exchanges.ts';
import { messages } from '../src/messages.ts';
import { parseTourArgs } from '../src/options.ts';
import { Resources } from '../src/servers.ts';
import { type Step, stepSection, steps, stepTitle } from '../src/steps.ts';
import { runTour } from '../src/tour.ts';
import { TextView } from '../src/view.ts';

// The same layout with wrapping turned off: each width's own choices (side by side from 100 columns, a
// one-line body indented when longer than half a line), every word whole, lines as long as they come. The
// Printer is told not to wrap; what the tour breaks itself (the columns, the step list) is unbroken here.
const wrapping = vi.hoisted(() => ({ on: true }));
vi.mock('@memos-kit/terminal', async (importOriginal) => {
  const real = await importOriginal<typeof import('@memos-kit/terminal')>();
  return {
    ...real,
    wrapText: (text: string, ...rest: [number, string?]) =>
      wrapping.on ? real.wrapText(text, ...rest) : text.split('\n'),
    sideBySide: (left: readonly string[], right: readonly string[], width: number, gutter?: string) =>
      wrapping.on
        ? real.sideBySide(left, right, width, gutter)
        : Array.from(
            { length: Math.max(left.length, right.length) },
            (_, i) => `${left[i] ?? ''} │ ${right[i] ?? ''}`,
          ),
  };
});

// The view reads its fixtures again for every step it lays out; 726 layouts read them from memory.
vi.mock('@memos-kit/wire', async (importOriginal) => {
  const real = await importOriginal<typeof import('@memos-kit/wire')>();
  const loaded = new Map<string, ReturnType<typeof real.loadFixture>>();
  return {
    ...real,
    loadFixture: (id: string) => loaded.get(id) ?? loaded.set(id, real.loadFixture(id)).get(id),
  };
});

const WIDTHS = Array.from({ length: 121 }, (_, i) => 40 + i);
// A whole tour laid out three ways per width is costly; every seventh width, and either side of where step 1
// goes side by side, stands for all of them here (the wrapper itself is checked at every width, in
// @memos-kit/terminal's tests, over this tour's text).
const SOME_WIDTHS = [...new Set([...WIDTHS.filter((w) => (w - 40) % 7 === 0), 99, 100, 160])].sort(
  (a, b) => a - b,
);
const LANGS = ['zh', 'en'] as const;

type Call = {
  [K in keyof TextView]: TextView[K] extends (...args: infer A) => void ? [K, A] : never;
}[keyof TextView];

/** What one step showed as it ran: the view's calls in order, and the step's records. */
interface Recorded {
  step: Step;
  number: number;
  calls: Call[];
  records: ExchangeRecord[];
}

/** Runs every step once against live servers, keeping what the view was told instead of any text. */
async function record(): Promise<Recorded[]> {
  const recorded: Recorded[] = [];
  let current: Call[] = [];
  const view: ExchangeView = {
    httpRequest: (...args) => current.push(['httpRequest', args]),
    httpHeaders: (...args) => current.push(['httpHeaders', args]),
    sseEvent: (...args) => current.push(['sseEvent', args]),
    httpDone: (...args) => current.push(['httpDone', args]),
    stdioRequest: (...args) => current.push(['stdioRequest', args]),
    stdioDone: (...args) => current.push(['stdioDone', args]),
  };
  const resources = new Resources('off', {
    onServer: (server) => current.push(['serverStarted', [server.url, server.dataset]]),
    onStdio: (session) => current.push(['stdioStarted', [session.pid]]),
  });
  try {
    for (const [index, step] of steps.entries()) {
      current = [];
      const records = await step.run({ resources, signal: new AbortController().signal, view });
      recorded.push({ step, number: index + 1, calls: current, records });
    }
  } finally {
    await resources.close();
  }
  return recorded;
}

/** The tour's text for the recorded run, laid out at `width`, as `runTour` lays it out. */
function render(
  recorded: readonly Recorded[],
  lang: Lang,
  width: number,
  colour: boolean,
  theme: Theme = 'dark',
): string {
  let out = '';
  const view = new TextView({
    // Laid out for the width; broken at it unless the test turned wrapping off.
    printer: new Printer({
      paint: createPaint(colour, theme),
      width,
      write: (text) => (out += text),
      wrap: wrapping.on,
    }),
    lang,
  });
  view.banner();
  view.pacingHint();
  for (const { step, number, calls, records } of recorded) {
    view.stepStart(step, number, steps.length, stepTitle(step, lang), stepSection(step, lang));
    for (const [name, args] of calls) (view[name] as (...a: unknown[]) => void)(...args);
    if (step.layout === 'side-by-side') view.sideBySide(step, records as HttpExchangeRecord[]);
  }
  view.summary([], recorded.length);
  return out;
}

const isWord = (char = '') => /[\p{L}\p{N}]/u.test(char) && !/\p{Script=Han}/u.test(char);

/** How often each word (letters and digits, not Chinese) and each JSON key appears, counting whole ones only. */
function tally(text: string, longest: number): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (token: string) => counts.set(token, (counts.get(token) ?? 0) + 1);
  for (const line of text.split('\n')) {
    for (const word of line.match(/[\p{L}\p{N}]+/gu) ?? []) {
      if (isWord(word[0]) && stringWidth(word) <= longest) add(word);
    }
    for (const key of line.match(/"[^"\s]+":/g) ?? []) if (stringWidth(key) <= longest) add(key);
  }
  return counts;
}

// One run of the tour, against live servers, that every layout below reads.
let recorded: Recorded[] = [];
beforeAll(async () => {
  recorded = await record();
}, 120_000);

describe('the tour from 40 to 160 columns', () => {
  for (const lang of LANGS) {
    it(`fits every line and cuts no word or key that fits its room, in ${lang}, with colour and without`, () => {
      const problems: string[] = [];
      for (const width of SOME_WIDTHS) {
        // Laid out for this width but not wrapped, every word is whole: that is what wrapping must keep.
        wrapping.on = false;
        const whole = render(recorded, lang, width, false);
        wrapping.on = true;
        const plain = render(recorded, lang, width, false);
        const coloured = render(recorded, lang, width, true);
        if (stripVTControlCharacters(coloured) !== plain) problems.push(`${width}: colour changes the text`);
        for (const line of plain.split('\n')) {
          if (stringWidth(line) > width) problems.push(`${width}: too wide: ${line}`);
        }
        // No line of the tour leaves less than 16 cells of room, so a word or key that short is never cut;
        // from 100 columns on, not even the longest key of the article's messages.
        const longest = width >= 100 ? 45 : 16;
        const [expected, shown] = [tally(whole, longest), tally(plain, longest)];
        for (const [token, count] of expected) {
          if (shown.get(token) !== count)
            problems.push(`${width}: ${token} ${count} → ${shown.get(token) ?? 0}`);
        }
      }
      expect(problems).toEqual([]);
    }, 120_000);
  }

  it('keeps the last line and the side-by-side keys whole at 100 columns (a projector, a pipe)', () => {
    const en = render(recorded, 'en', 100, false);
    expect(en).toMatch(/requests are\n *refused as the spec requires\.\n$/);
    const step1 = en.slice(en.indexOf('Step 1/'), en.indexOf('Step 2/'));
    expect(step1).toContain('"io.modelcontextprotocol/clientCapabilities":');
  });

  it('points back to the first step that explained a byte difference instead of repeating it', () => {
    for (const lang of LANGS) {
      wrapping.on = false;
      const text = render(recorded, lang, 100, false);
      wrapping.on = true;
      const bySteps = text.split(/\n(?=步骤 \d+\/|Step \d+\/)/);
      // The order of the top-level members differs in every step that has a result; only the first says so.
      const named = bySteps.filter((step) => step.includes('{ result, jsonrpc, id }'));
      expect(named, lang).toHaveLength(1);
      expect(text.split(messages.t(lang, 'keyOrderWhy')), lang).toHaveLength(2);
      const [, again = ''] = messages
        .t(lang, 'bytesAsBefore', { what: '⟨what⟩', steps: '⟨steps⟩' })
        .split(/⟨\w+⟩/);
      const pointing = bySteps.filter((step) => step.includes(again));
      expect(pointing.length, lang).toBeGreaterThanOrEqual(5);
      for (const step of pointing) expect(step).toContain(messages.t(lang, 'stepRef', { n: 1 }));
    }
  });
});

describe('the tour in colour', () => {
  const ESC = String.fromCharCode(0x1b);

  it('paints only in its theme’s shades from the palette, never a basic colour nor faint', () => {
    for (const theme of THEMES) {
      const text = render(recorded, 'en', 100, true, theme);
      const shades = new Set(Object.values(SHADES[theme]));
      const codes = [...text.matchAll(new RegExp(`${ESC}\\[([\\d;]+)m`, 'g'))].map((m) => m[1] ?? '');
      const foreign = codes.filter((code) => {
        const [first, five, index] = code.split(';').map(Number);
        if (first === 38) return five !== 5 || !shades.has(index ?? -1);
        return (
          first === 2 ||
          (first !== undefined && ((first >= 30 && first <= 37) || (first >= 90 && first <= 97)))
        );
      });
      expect(foreign, theme).toEqual([]);
    }
  });

  it('shows when each SSE event arrived in the timing colour, not in the muted one', () => {
    for (const theme of THEMES) {
      const text = render(recorded, 'en', 100, true, theme);
      const paint = createPaint(true, theme);
      const events = text
        .split('\n')
        .filter((line) => stripVTControlCharacters(line).match(/^\s+\+\d\.\d{3} s {2}event \d/));
      expect(events.length, theme).toBe(2);
      const timing = paint('timing', '+');
      for (const line of events)
        expect(line.trim().startsWith(timing.slice(0, timing.indexOf('+')))).toBe(true);
    }
  });
});

describe('the first screen', () => {
  /** What `pnpm demo --interactive` shows before its first pause, at a width; q ends it there. */
  async function firstScreen(lang: Lang, width: number): Promise<string> {
    const input = new PassThrough();
    let out = '';
    const running = runTour(
      parseTourArgs(['--interactive', '--lang', lang], { env: {}, stdout: {} }),
      { write: (text) => (out += text), width, input },
      new AbortController().signal,
    );
    input.write('q\n');
    await running;
    return out;
  }

  async function list(lang: Lang, width: number): Promise<string> {
    let out = '';
    await runTour(
      parseTourArgs(['--list', '--lang', lang], { env: {}, stdout: {} }),
      { write: (text) => (out += text), width },
      new AbortController().signal,
    );
    return out;
  }

  it('of --interactive lists the steps as --list does, each title whole, at every width, in zh and en', async () => {
    const problems: string[] = [];
    for (const lang of LANGS) {
      for (const width of WIDTHS) {
        const [screen, listed] = [await firstScreen(lang, width), await list(lang, width)];
        if (!screen.includes(listed)) problems.push(`${lang} ${width}: not the --list text`);
        for (const line of listed.split('\n')) {
          if (stringWidth(line) > width) problems.push(`${lang} ${width}: too wide: ${line}`);
        }
        // Read back, the lines of each step are its title again: nothing was cut inside a word. (A line may
        // end next to a Chinese character without a space, so spaces there do not count.)
        const read = (text: string) =>
          text.replace(/\s+/g, ' ').replace(/ (?=[\u2E80-\uFFEF])|(?<=[\u2E80-\uFFEF]) /gu, '');
        const items = listed
          .split('\n')
          .slice(1)
          .join('\n')
          .split(/\n(?=\s*\d+\. )/);
        steps.forEach((step, i) => {
          const title = `${i + 1}. ${stepTitle(step, lang)}  [§${stepSection(step, lang).number}]`;
          if (read(items[i] ?? '').trim() !== read(title)) problems.push(`${lang} ${width}: ${items[i]}`);
        });
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
