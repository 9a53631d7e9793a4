// The text tour: each exchange printed as it crosses the wire, layers in their colours, on the terminal's
// Printer. This class only routes what the tour reports to the part of view/ that shows it, and keeps the
// screen those parts share (the step on screen, which byte differences were explained already).
import type { Lang, Printer } from '@memos-kit/terminal';
import type {
  ExchangeView,
  HttpExchangeRecord,
  HttpRequestRecord,
  HttpResponseRecord,
  SseEventRecord,
  StdioExchangeRecord,
} from './exchanges.ts';
import type { Step } from './steps.ts';
import { paintRoles } from './style.ts';
import {
  type StepHeading,
  showBanner,
  showPacingHint,
  showServerStarted,
  showStdioStarted,
  showStepStart,
  showSummary,
} from './view/banner.ts';
import { showCatalogResponse } from './view/catalog.ts';
import { showHttpRequest, showHttpResponse } from './view/http.ts';
import { showSideBySide } from './view/layout.ts';
import type { Screen } from './view/screen.ts';
import { showSseEnd, showSseEvent, showSseHead } from './view/sse.ts';
import { showStdioRequest, showStdioResponse } from './view/stdio.ts';
import { showVerdict } from './view/verdict.ts';

export interface TextViewOptions {
  printer: Printer;
  lang: Lang;
  /** tools/list shows memo_list_memos whole (`--full`) instead of a summary. */
  full?: boolean;
}

export class TextView implements ExchangeView {
  readonly #screen: Screen;

  constructor({ printer, lang, full = false }: TextViewOptions) {
    this.#screen = {
      printer,
      lang,
      full,
      paint: paintRoles(printer.paint),
      step: { number: 0, layout: 'stream', shown: undefined, context: 'jsonrpc' },
      explained: new Map(),
    };
  }

  banner(): void {
    showBanner(this.#screen);
  }

  pacingHint(): void {
    showPacingHint(this.#screen);
  }

  serverStarted(url: string, dataset: string): void {
    showServerStarted(this.#screen, url, dataset);
  }

  stdioStarted(pid: number): void {
    showStdioStarted(this.#screen, pid);
  }

  stepStart(...heading: StepHeading): void {
    showStepStart(this.#screen, ...heading);
  }

  httpRequest(
    server: { url: string; dataset: string },
    request: HttpRequestRecord,
    fixture: string | null,
  ): void {
    showHttpRequest(this.#screen, server, request, fixture);
  }

  httpHeaders(
    head: Pick<HttpResponseRecord, 'status' | 'reason' | 'headers' | 'headersMs'>,
    sse: boolean,
  ): void {
    if (sse && this.#screen.step.layout !== 'side-by-side') showSseHead(this.#screen, head);
  }

  sseEvent(event: SseEventRecord, index: number): void {
    if (this.#screen.step.layout !== 'side-by-side') showSseEvent(this.#screen, event, index);
  }

  httpDone(record: HttpExchangeRecord): void {
    const screen = this.#screen;
    if (screen.step.layout === 'side-by-side') return;
    if (record.response.events) showSseEnd(screen, record.response);
    else if (screen.step.layout === 'tool-catalog') showCatalogResponse(screen, record.response);
    else showHttpResponse(screen, record.response);
    showVerdict(screen, record);
  }

  stdioRequest(pid: number, line: string): void {
    showStdioRequest(this.#screen, pid, line);
  }

  stdioDone(record: StdioExchangeRecord): void {
    showStdioResponse(this.#screen, record);
    showVerdict(this.#screen, record);
  }

  /** Step 1: REST and MCP next to each other, verdicts under them. */
  sideBySide(step: Step, records: readonly HttpExchangeRecord[]): void {
    showSideBySide(this.#screen, step, records);
  }

  summary(failed: readonly number[], total: number): void {
    showSummary(this.#screen, failed, total);
  }

  message(text: string): void {
    this.#screen.printer.wire(text);
  }
}
