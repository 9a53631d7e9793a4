import {
  createPaint,
  type Keys,
  type Lang,
  Printer,
  Prompt,
  stepList,
  stepMessages,
  UsageError,
} from '@memos-kit/terminal';
import { loadManifest } from '@memos-kit/wire';
import type { ExchangeContext, HttpExchangeRecord } from './exchanges.ts';
import { messages } from './messages.ts';
import type { TourOptions } from './options.ts';
import { reportSchemaUrl, type StepListing, type StepRecord, type TourReport } from './report.ts';
import { Resources } from './servers.ts';
import { type Step, stepSection, steps, stepTitle } from './steps.ts';
import { TextView } from './view.ts';

export interface TourIO {
  write(text: string): void;
  /** Columns a line may take (the toolkit's terminalWidth: the terminal's, at most 100 when piped). */
  width: number;
  /** Where --interactive reads Enter and q from. */
  input?: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?(mode: boolean): unknown };
  /** The terminal's keys, when the command reads them (then --interactive asks them for Enter and q). */
  keys?: Keys;
}

export interface TourOutcome {
  exitCode: number;
  report?: TourReport;
}

/** Thrown through the tour when Ctrl-C or SIGTERM arrives, so every await unwinds into the one cleanup below. */
export class Interrupted extends Error {
  override name = 'Interrupted';
}

/**
 * The heading, then the steps, one to a line, each wrapped to `width` under its title, as every demo's
 * `--list` lays them out: what `--list` prints and what an interactive tour shows before its first pause.
 */
export function listSteps(lang: Lang, width: number): string[] {
  const listed = steps.map((step) => ({
    title: `${stepTitle(step, lang)}  [§${stepSection(step, lang).number}]`,
  }));
  return stepList(messages.t(lang, 'listHeading'), listed, width);
}

/** The same route as `listSteps`, for `--list --json`: a script or a slide deck can read it. */
function stepListing(lang: Lang): StepListing {
  return {
    kit: 'memos-mcp-rest-kit',
    lang,
    steps: steps.map((step, i) => ({
      number: i + 1,
      id: step.id,
      title: stepTitle(step, lang),
      section: stepSection(step, lang),
    })),
  };
}

function selectSteps(options: TourOptions): { step: Step; number: number }[] {
  const all = steps.map((step, i) => ({ step, number: i + 1 }));
  if (options.step === undefined) return all;
  const chosen = all[options.step - 1];
  if (!chosen)
    throw new UsageError(
      stepMessages.t(options.lang, 'noSuchStep', { count: steps.length, step: options.step }),
    );
  return [chosen];
}

/**
 * Runs the tour: starts what the chosen steps need on loopback, replays each exchange, shows it or records it,
 * and stops everything it started before returning, also when interrupted (`signal`) or quit (q).
 */
export async function runTour(options: TourOptions, io: TourIO, signal: AbortSignal): Promise<TourOutcome> {
  const lang = options.lang;
  if (options.list) {
    if (options.json) io.write(`${JSON.stringify(stepListing(lang), null, 2)}\n`);
    else io.write(`${listSteps(lang, io.width).join('\n')}\n`);
    return { exitCode: 0 };
  }
  const chosen = selectSteps(options);
  const view = options.json
    ? undefined
    : new TextView({
        printer: new Printer({
          paint: createPaint(options.color, options.theme),
          width: io.width,
          write: io.write,
        }),
        lang,
        full: options.full,
      });
  const resources = new Resources(
    options.pace === 'article' ? 'article' : 'off',
    {
      onServer: (server) => view?.serverStarted(server.url, server.dataset),
      onStdio: (session) => view?.stdioStarted(session.pid),
    },
    options.replay,
  );
  const prompt = options.interactive && io.input ? new Prompt({ input: io.input, keys: io.keys }) : undefined;
  const ctx: ExchangeContext = { resources, signal, view };
  const records: StepRecord[] = [];
  let outcome: 'done' | 'quit' | 'interrupted' = 'done';

  view?.banner();
  // A class sees the whole route before the first pause; a tour that runs straight through says how to pace it.
  if (prompt && chosen.length > 1) view?.message(`\n${listSteps(lang, io.width).join('\n')}\n`);
  if (!prompt && chosen.length > 1) view?.pacingHint();
  try {
    for (const [index, { step, number }] of chosen.entries()) {
      if (prompt) {
        view?.message(messages.t(lang, index === 0 ? 'pressEnterToStart' : 'pressEnter'));
        if ((await prompt.pause(signal)) === 'quit') {
          outcome = 'quit';
          break;
        }
      }
      const title = stepTitle(step, lang);
      const section = stepSection(step, lang);
      view?.stepStart(step, number, steps.length, title, section);
      const exchanges = await step.run(ctx);
      if (step.layout === 'side-by-side') view?.sideBySide(step, exchanges as HttpExchangeRecord[]);
      records.push({
        number,
        id: step.id,
        title,
        section,
        exchanges,
        matches: exchanges.every((e) => e.matches),
      });
    }
  } catch (error) {
    if (!signal.aborted) throw error;
    outcome = 'interrupted';
  } finally {
    prompt?.close();
    await resources.close();
  }

  // Whoever interrupted says so (command() prints "Stopped (Ctrl-C)"); 130 is what a shell reports for Ctrl-C.
  if (outcome === 'interrupted') return { exitCode: 130 };
  const failed = records.filter((r) => !r.matches).map((r) => r.number);
  const report: TourReport = {
    $schema: reportSchemaUrl,
    kit: 'memos-mcp-rest-kit',
    protocolVersion: loadManifest().article.protocolVersion,
    lang,
    pace: options.pace,
    steps: records,
    matches: failed.length === 0,
  };
  if (options.json) io.write(`${JSON.stringify(report, null, 2)}\n`);
  else if (outcome === 'quit') view?.message(messages.t(lang, 'quit'));
  else view?.summary(failed, records.length);
  return { exitCode: failed.length === 0 ? 0 : 1, report };
}
