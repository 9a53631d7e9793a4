// Step 1: REST and MCP next to each other, one column each, verdicts under them; on a terminal too narrow for
// two raw messages side by side, one exchange after the other.
import { sideBySide } from '@memos-kit/terminal';
import { loadFixture } from '@memos-kit/wire';
import type { HttpExchangeRecord } from '../exchanges.ts';
import type { Step } from '../steps.ts';
import {
  bodyContext,
  fixtureHeaders,
  requestLines,
  responseLines,
  showHttpRequest,
  showHttpResponse,
} from './http.ts';
import { INDENT, type Screen, say } from './screen.ts';
import { showDifferencesOrBytes, showVerdict, verdictLine } from './verdict.ts';

/** Side by side needs room for two raw messages; below this the step is shown one exchange after the other. */
const MIN_SIDE_BY_SIDE_WIDTH = 100;

export function showSideBySide(screen: Screen, step: Step, records: readonly HttpExchangeRecord[]): void {
  const { paint, printer, lang } = screen;
  if (printer.width < MIN_SIDE_BY_SIDE_WIDTH || records.length !== 2) {
    screen.step.layout = 'stream';
    for (const record of records) {
      printer.wire(paint('title', loadFixture(record.fixture ?? step.fixtures[0] ?? '').entry.title[lang]));
      showHttpRequest(screen, record.server, record.request, record.fixture);
      showHttpResponse(screen, record.response);
      showVerdict(screen, record);
    }
    return;
  }
  const columns = records.map((record) => {
    screen.step.shown = fixtureHeaders(record.fixture);
    const context = bodyContext(record.request.target);
    const title = loadFixture(record.fixture ?? '').entry.title[lang];
    return [
      paint('title', title),
      paint('muted', `→ ${say(screen, 'request')} · ${record.server.url}`),
      ...requestLines(screen, record.request),
      '',
      paint('muted', `← ${say(screen, 'response')} · ${record.response.status} ${record.response.reason}`),
      ...responseLines(screen, record.response, context),
      '',
      verdictLine(screen, record),
    ];
  });
  const [left = [], right = []] = columns;
  for (const row of sideBySide(left, right, printer.width - INDENT.length)) printer.wire(`${INDENT}${row}`);
  for (const record of records) showDifferencesOrBytes(screen, record);
}
