// What frames the tour: its title and colour legend, how to pace it, what it started, each step's heading
// and what to look at, and the last line.
import { loadFixture } from '@memos-kit/wire';
import type { Step } from '../steps.ts';
import { prose, type Screen, say } from './screen.ts';

export function showBanner(screen: Screen): void {
  const { paint, printer } = screen;
  printer.title(say(screen, 'tourTitle'));
  const legend = [
    paint('envelope', `■ ${say(screen, 'layerEnvelope')}`),
    paint('protocol', `■ ${say(screen, 'layerProtocol')}`),
    paint('business', `■ ${say(screen, 'layerBusiness')}`),
    paint('http', `■ ${say(screen, 'layerHttp')}`),
  ].join('  ');
  printer.wire(`${say(screen, 'legend')}: ${legend}`);
}

/** One line under the banner for a tour that runs straight through: how to go one step at a time. */
export function showPacingHint(screen: Screen): void {
  prose(screen, '', say(screen, 'pacingHint'), 'muted');
}

export function showServerStarted(screen: Screen, url: string, dataset: string): void {
  const { paint, printer } = screen;
  printer.wire(
    paint('muted', `· ${say(screen, 'serverStarted')} ${url} (${say(screen, 'dataset')} ${dataset})`),
  );
}

export function showStdioStarted(screen: Screen, pid: number): void {
  screen.printer.wire(screen.paint('muted', `· ${say(screen, 'stdioStarted')} pid ${pid}`));
}

/** What a step's heading needs: the step, its number of how many, its title and its article section. */
export type StepHeading = [
  step: Step,
  number: number,
  total: number,
  title: string,
  section: { number: string; title: string },
];

/** A step's heading, its article section, what to look at, and what the article left out or the kit built. */
export function showStepStart(screen: Screen, ...[step, number, total, title, section]: StepHeading): void {
  const { paint, printer, lang } = screen;
  screen.step = { number, layout: step.layout, shown: undefined, context: screen.step.context };
  printer.heading(`${say(screen, 'step')} ${number}/${total} · ${title}`, 'title');
  const where = say(screen, 'section', { number: section.number });
  printer.wire(paint('muted', section.title === title ? where : `${where} · ${section.title}`));
  prose(screen, '▸ ', say(screen, step.note));
  const fixture = step.fixtures[0] ? loadFixture(step.fixtures[0]).entry : undefined;
  if (step.fixtures.length === 1 && fixture && !step.derived) {
    if (fixture.written) prose(screen, '※ ', fixture.written[lang], 'muted');
    if (fixture.abridged) prose(screen, '※ ', fixture.abridged[lang], 'muted');
  }
  if (step.derived)
    prose(screen, '※ ', say(screen, 'kitExchange', { how: say(screen, step.derived) }), 'muted');
}

/** The last line: every step passed, or which did not. */
export function showSummary(screen: Screen, failed: readonly number[], total: number): void {
  const { paint, printer } = screen;
  printer.line();
  if (failed.length === 0)
    printer.wire(paint('ok', say(screen, total === 1 ? 'summaryOne' : 'summaryAll', { total })));
  else
    printer.wire(
      paint('fail', say(screen, 'summarySome', { total, failed: failed.length, which: failed.join(', ') })),
    );
}
