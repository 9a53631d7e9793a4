import {
  type Lang,
  padToWidth,
  sideBySide,
  stringWidth,
  table,
  wrapIndented,
  wrapText,
} from '@memos-kit/terminal';
import {
  type Difference,
  type HttpHeaders,
  loadFixture,
  parseHttpMessage,
  tryParseJson,
} from '@memos-kit/wire';
import type {
  ExchangeRecord,
  ExchangeView,
  HttpExchangeRecord,
  HttpRequestRecord,
  HttpResponseRecord,
  SseEventRecord,
  StdioExchangeRecord,
} from './exchanges.ts';
import { type JsonContext, paintJson } from './json-layers.ts';
import { type KeyOrderDifference, recordKeyOrder } from './key-order.ts';
import { type MessageKey, messages } from './messages.ts';
import type { Step } from './steps.ts';
import type { Role, RolePaint } from './style.ts';

const indent = '  ';

/** The parts of a tool definition (tools/list) the summary reads; the rest is printed only with --full. */
interface SchemaProperty {
  type?: string;
  enum?: string[];
  description?: string;
}

interface ToolDefinition {
  name: string;
  description?: string;
  inputSchema?: { properties?: Record<string, SchemaProperty> };
  outputSchema?: { properties?: Record<string, SchemaProperty>; $defs?: Record<string, unknown> };
}
/** Side by side needs room for two raw messages; below this the step is shown one exchange after the other. */
const minSideBySideWidth = 100;

function seconds(ms: number): string {
  return `+${(ms / 1000).toFixed(3)} s`;
}

function milliseconds(ms: number): string {
  return `${Math.round(ms)} ms`;
}

/** MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-*: headers that mirror the body for gateways. */
function isMcpHeader(name: string): boolean {
  return name.toLowerCase().startsWith('mcp-');
}

function bodyContext(target: string | undefined): JsonContext {
  return target === undefined || target.startsWith('/mcp') ? 'jsonrpc' : 'business';
}

export interface TextViewOptions {
  lang: Lang;
  paint: RolePaint;
  /** Every printed line fits this many columns. */
  width: number;
  /** tools/list shows memo_list_memos whole (`--full`) instead of a summary. */
  full?: boolean;
  write(text: string): void;
}

/** The text tour: each exchange printed as it crosses the wire, layers in their colours. */
export class TextView implements ExchangeView {
  readonly #o: TextViewOptions;
  /** Header names the current fixture shows; other live headers are transport detail and printed dimmed. */
  #shown: Set<string> | undefined;
  #context: JsonContext = 'jsonrpc';
  #layout: Step['layout'] = 'stream';
  /** The number of the step on screen, for a hint that names the command to see it again. */
  #stepNumber = 0;
  /**
   * Each kind of byte difference (key order, JSON spelt differently inside a string) is shown in full, with
   * why it still matches, the first time it happens; later steps only point back to that step.
   */
  readonly #explained = new Map<KeyOrderDifference['kind'], number>();

  constructor(options: TextViewOptions) {
    this.#o = options;
  }

  /** A line of the wire is cut where the width ends, never reflowed, its pieces under its own indentation. */
  #line(text = ''): void {
    for (const piece of wrapIndented(text, this.#o.width)) this.#o.write(`${piece}\n`);
  }

  /** A sentence of the tour's own is wrapped at word (or CJK character) boundaries, under its first word. */
  #prose(lead: string, text: string, role?: Role): void {
    const hanging = ' '.repeat(stringWidth(lead));
    for (const line of wrapText(`${lead}${text}`, this.#o.width, hanging)) {
      this.#o.write(`${role ? this.#o.paint(role, line) : line}\n`);
    }
  }

  #t(key: MessageKey, vars?: Record<string, string | number>): string {
    return messages.t(this.#o.lang, key, vars);
  }

  /** One line under the banner for a tour that runs straight through: how to go one step at a time. */
  pacingHint(): void {
    this.#prose('', this.#t('pacingHint'), 'muted');
  }

  banner(): void {
    const p = this.#o.paint;
    this.#line(p('title', this.#t('tourTitle')));
    const legend = [
      p('envelope', `■ ${this.#t('layerEnvelope')}`),
      p('protocol', `■ ${this.#t('layerProtocol')}`),
      p('business', `■ ${this.#t('layerBusiness')}`),
      p('http', `■ ${this.#t('layerHttp')}`),
    ].join('  ');
    this.#line(`${this.#t('legend')}: ${legend}`);
  }

  serverStarted(url: string, dataset: string): void {
    this.#line(
      this.#o.paint('muted', `· ${this.#t('serverStarted')} ${url} (${this.#t('dataset')} ${dataset})`),
    );
  }

  stdioStarted(pid: number): void {
    this.#line(this.#o.paint('muted', `· ${this.#t('stdioStarted')} pid ${pid}`));
  }

  stepStart(
    step: Step,
    number: number,
    total: number,
    title: string,
    section: { number: string; title: string },
  ): void {
    const p = this.#o.paint;
    this.#layout = step.layout;
    this.#stepNumber = number;
    this.#shown = undefined;
    this.#line();
    this.#line(p('title', `${this.#t('step')} ${number}/${total} · ${title}`));
    const where = this.#t('section', { number: section.number });
    this.#line(p('muted', section.title === title ? where : `${where} · ${section.title}`));
    this.#prose('▸ ', this.#t(step.note));
    const fixture = step.fixtures[0] ? loadFixture(step.fixtures[0]).entry : undefined;
    if (step.fixtures.length === 1 && fixture && !step.derived) {
      if (fixture.written) this.#prose('※ ', fixture.written[this.#o.lang], 'muted');
      if (fixture.abridged) this.#prose('※ ', fixture.abridged[this.#o.lang], 'muted');
    }
    if (step.derived) this.#prose('※ ', this.#t('kitExchange', { how: this.#t(step.derived) }), 'muted');
  }

  // ---- raw messages -------------------------------------------------------------------------

  /** `shown`: for a response, the header names the article prints; the others are dimmed as transport detail. */
  #headerLines(headers: HttpHeaders, shown?: Set<string>): string[] {
    const p = this.#o.paint;
    return headers.map(([name, value]) => {
      let role: Role = 'http';
      if (isMcpHeader(name)) role = 'protocol';
      else if (shown && !shown.has(name.toLowerCase())) role = 'muted';
      return p(role, `${name}: ${value}`);
    });
  }

  /**
   * A body as it came, except that a long one-line JSON body (what the SDK sends) is shown indented, with a
   * note saying so: a class reads structure, and the bytes stay in --json.
   */
  #bodyLines(body: string, context: JsonContext): string[] {
    const trimmed = body.replace(/\r?\n$/, '');
    if (trimmed === '') return [];
    const parsed = tryParseJson(trimmed);
    if (parsed.ok && !trimmed.includes('\n') && trimmed.length > this.#o.width / 2) {
      const note = this.#o.paint('muted', this.#t('reindented', { bytes: Buffer.byteLength(trimmed) }));
      return [note, ...paintJson(JSON.stringify(parsed.value, null, 2), this.#o.paint, context).split('\n')];
    }
    return paintJson(trimmed, this.#o.paint, context).split('\n');
  }

  requestLines(request: HttpRequestRecord): string[] {
    const lines = [this.#o.paint('http', `${request.method} ${request.target} HTTP/1.1`)];
    lines.push(...this.#headerLines(request.headers));
    if (request.body !== '') lines.push('', ...this.#bodyLines(request.body, bodyContext(request.target)));
    return lines;
  }

  #statusLine(response: Pick<HttpResponseRecord, 'status' | 'reason'>): string {
    return this.#o.paint('http', `HTTP/1.1 ${response.status} ${response.reason}`.trimEnd());
  }

  responseLines(response: HttpResponseRecord, context: JsonContext): string[] {
    const lines = [this.#statusLine(response), ...this.#headerLines(response.headers, this.#shown)];
    if (response.body !== '') lines.push('', ...this.#bodyLines(response.body, context));
    return lines;
  }

  #block(lines: readonly string[]): void {
    for (const line of lines) this.#line(line === '' ? '' : `${indent}${line}`);
  }

  // ---- ExchangeView: HTTP ----------------------------------------------------------------------

  httpRequest(
    server: { url: string; dataset: string },
    request: HttpRequestRecord,
    fixture: string | null,
  ): void {
    if (this.#layout === 'side-by-side') return;
    this.#context = bodyContext(request.target);
    this.#shown = this.#fixtureHeaders(fixture);
    this.#line(this.#o.paint('muted', `→ ${this.#t('request')} · ${server.url}`));
    this.#block(this.requestLines(request));
  }

  httpHeaders(
    head: Pick<HttpResponseRecord, 'status' | 'reason' | 'headers' | 'headersMs'>,
    sse: boolean,
  ): void {
    if (!sse || this.#layout === 'side-by-side') return;
    const p = this.#o.paint;
    this.#line(p('muted', `← ${this.#t('response')} · ${head.status} ${head.reason} · text/event-stream`));
    this.#line(`${indent}${p('timing', `${seconds(head.headersMs)}  ${this.#t('headersAt')}`)}`);
    this.#block([this.#statusLine(head), ...this.#headerLines(head.headers, this.#shown), '']);
  }

  sseEvent(event: SseEventRecord, index: number): void {
    if (this.#layout === 'side-by-side') return;
    const p = this.#o.paint;
    this.#line(`${indent}${p('timing', `${seconds(event.elapsedMs)}  ${this.#t('eventAt')} ${index + 1}`)}`);
    const lines: string[] = [];
    if (event.event !== undefined) lines.push(p('http', `event: ${event.event}`));
    if (event.id !== undefined) lines.push(p('http', `id: ${event.id}`));
    for (const dataLine of event.data.split('\n')) {
      lines.push(`${p('http', 'data:')} ${paintJson(dataLine, p, 'jsonrpc')}`);
    }
    this.#block([...lines, '']);
    // What the client gets once the event is complete: the data string parsed as one JSON-RPC message.
    const message = tryParseJson(event.data);
    if (message.ok) {
      this.#line(`${indent}${indent}${p('muted', this.#t('decoded'))}`);
      const pretty = paintJson(JSON.stringify(message.value, null, 2), p, 'jsonrpc').split('\n');
      for (const line of pretty) this.#line(`${indent}${indent}${line}`);
      this.#line();
    }
  }

  httpDone(record: HttpExchangeRecord): void {
    if (this.#layout === 'side-by-side') return;
    const p = this.#o.paint;
    const response = record.response;
    if (response.events) {
      this.#line(`${indent}${p('timing', `${seconds(response.endMs)}  ${this.#t('endAt')}`)}`);
    } else {
      this.#line(
        p(
          'muted',
          `← ${this.#t('response')} · ${response.status} ${response.reason} · ${milliseconds(response.endMs)}`,
        ),
      );
      if (this.#layout === 'tool-catalog') this.#block(this.#catalogLines(response));
      else this.#block(this.responseLines(response, this.#context));
    }
    this.#verdict(record);
  }

  #fixtureHeaders(fixture: string | null): Set<string> | undefined {
    // Where the article prints no headers, Content-Type is still the one that decides how to read the body.
    if (fixture === null) return new Set(['content-type']);
    const entry = loadFixture(fixture);
    const response =
      entry.entry.transport === 'sse' ? parseHttpMessage(entry.text('response')) : entry.response;
    if (!response || response.status === undefined) return new Set(['content-type']);
    return new Set(response.headers.map(([name]) => name.toLowerCase()));
  }

  // ---- ExchangeView: stdio ---------------------------------------------------------------------

  stdioRequest(pid: number, line: string): void {
    const p = this.#o.paint;
    this.#line(p('muted', `→ ${this.#t('sent')} · pid ${pid}`));
    this.#block([paintJson(line, p, 'jsonrpc')]);
  }

  stdioDone(record: StdioExchangeRecord): void {
    const p = this.#o.paint;
    this.#line(p('muted', `← ${this.#t('received')} · ${milliseconds(record.response.elapsedMs)}`));
    this.#block([paintJson(record.response.line, p, 'jsonrpc')]);
    const stderr = record.response.stderr.replace(/\n$/, '');
    if (stderr !== '') {
      this.#line(p('muted', `· ${this.#t('stderr')}`));
      this.#block(stderr.split('\n').map((l) => p('muted', l)));
    }
    this.#verdict(record);
  }

  // ---- layouts -------------------------------------------------------------------------------

  /**
   * tools/list: a table of all tools, then memo_list_memos (a summary of its arguments and output, or with
   * --full the whole definition), then its filter help as prose: the step's lesson is that how to fill an
   * argument is written in its description.
   */
  #catalogLines(response: HttpResponseRecord): string[] {
    const p = this.#o.paint;
    const lines = [this.#statusLine(response), ...this.#headerLines(response.headers, this.#shown), ''];
    let tools: Array<Record<string, unknown>> = [];
    try {
      const parsed = JSON.parse(response.body) as { result?: { tools?: Array<Record<string, unknown>> } };
      tools = parsed.result?.tools ?? [];
    } catch {
      return this.responseLines(response, 'jsonrpc');
    }
    lines.push(p('muted', this.#t('bodyOmitted', { bytes: Buffer.byteLength(response.body) })), '');
    lines.push(p('title', this.#t('toolsTable', { count: tools.length })));
    const rows = [[this.#t('colTool'), this.#t('colRoute'), this.#t('colHints')]];
    for (const tool of tools) {
      const meta = (tool._meta ?? {}) as { method?: string; path?: string };
      const hints = (tool.annotations ?? {}) as { readOnlyHint?: boolean; destructiveHint?: boolean };
      let hint = this.#t('writes');
      if (hints.readOnlyHint) hint = this.#t('readOnly');
      else if (hints.destructiveHint) hint = this.#t('destructive');
      rows.push([String(tool.name), `${meta.method ?? '?'} ${meta.path ?? '?'}`, hint]);
    }
    lines.push(...this.#table(rows));
    const index = tools.findIndex((tool) => tool.name === 'memo_list_memos');
    const listMemos = tools[index] as ToolDefinition | undefined;
    if (listMemos) {
      const whole = JSON.stringify(listMemos, null, 2);
      if (this.#o.full) {
        lines.push('', p('title', this.#t('fullDefinition')));
        lines.push(...paintJson(whole, p, 'jsonrpc', ['result', 'tools', index]).split('\n'));
      } else {
        lines.push(...this.#definitionSummary(listMemos, whole.split('\n').length));
      }
      const filter = listMemos.inputSchema?.properties?.filter?.description;
      if (filter) {
        lines.push('', p('title', this.#t('filterHelp')));
        lines.push(...filter.split('\n').map((l) => p('business', l)));
      }
    }
    return lines;
  }

  /** A table under the block's indentation: the head muted, each row's first cell as business data. */
  #table(rows: string[][]): string[] {
    const p = this.#o.paint;
    const [head, ...body] = table(rows, { width: this.#o.width - indent.length });
    return [
      p('muted', head ?? ''),
      ...body.map((row) => {
        const name = row.split(' ')[0] ?? '';
        return p('business', name) + row.slice(name.length);
      }),
    ];
  }

  /** What a reader needs from a tool definition at first: its arguments, its output, where the rest is. */
  #definitionSummary(tool: ToolDefinition, wholeLines: number): string[] {
    const p = this.#o.paint;
    const lines = ['', p('title', this.#t('definitionSummary'))];
    lines.push(`${p('business', tool.name)} · ${tool.description ?? ''}`, '');
    const rows = [[this.#t('colArgument'), this.#t('colType'), this.#t('colDescription')]];
    for (const [name, schema] of Object.entries(tool.inputSchema?.properties ?? {})) {
      const type = schema.enum ? schema.enum.join(' | ') : (schema.type ?? '?');
      rows.push([name, type, (schema.description ?? '').split('\n')[0] ?? '']);
    }
    lines.push(...this.#table(rows), '');
    const fields = Object.entries(tool.outputSchema?.properties ?? {}).map(
      ([name, schema]) => `${name} (${schema.type ?? '?'})`,
    );
    lines.push(this.#t('outputFields', { fields: fields.join(', ') }));
    const hint = this.#t('fullHint', {
      lines: wholeLines,
      defs: Object.keys(tool.outputSchema?.$defs ?? {}).length,
      step: this.#stepNumber,
    });
    for (const part of hint.split('\n')) {
      lines.push(...wrapText(part, this.#o.width - indent.length).map((line) => p('muted', line)));
    }
    return lines;
  }

  /** Step 1: REST and MCP next to each other, one column each, verdicts under them. */
  sideBySide(step: Step, records: readonly HttpExchangeRecord[]): void {
    const p = this.#o.paint;
    if (this.#o.width < minSideBySideWidth || records.length !== 2) {
      this.#layout = 'stream';
      for (const record of records) {
        this.#line(
          p('title', loadFixture(record.fixture ?? step.fixtures[0] ?? '').entry.title[this.#o.lang]),
        );
        this.httpRequest(record.server, record.request, record.fixture);
        this.httpDone(record);
      }
      return;
    }
    const columns = records.map((record) => {
      this.#shown = this.#fixtureHeaders(record.fixture);
      const context = bodyContext(record.request.target);
      const title = loadFixture(record.fixture ?? '').entry.title[this.#o.lang];
      return [
        p('title', title),
        p('muted', `→ ${this.#t('request')} · ${record.server.url}`),
        ...this.requestLines(record.request),
        '',
        p('muted', `← ${this.#t('response')} · ${record.response.status} ${record.response.reason}`),
        ...this.responseLines(record.response, context),
        '',
        this.#verdictLine(record),
      ];
    });
    const [left = [], right = []] = columns;
    for (const row of sideBySide(left, right, this.#o.width - indent.length)) this.#line(`${indent}${row}`);
    for (const record of records) {
      if (record.matches) this.#keyOrder(record);
      else this.#differences(record.differences);
    }
  }

  // ---- verdicts ------------------------------------------------------------------------------

  #verdictLine(record: ExchangeRecord): string {
    const p = this.#o.paint;
    if (!record.matches) return p('fail', `✘ ${this.#t('differs')}`) + p('muted', ` · ${record.against}`);
    const label = record.mode === 'abridged' ? this.#t('matchesAbridged') : this.#t('matches');
    if (record.mode === 'rule') return p('ok', `✔ ${this.#t('expectation')}: ${record.against}`);
    return p('ok', `✔ ${label}`) + p('muted', ` · ${record.against}`);
  }

  #verdict(record: ExchangeRecord): void {
    this.#line(this.#verdictLine(record));
    if (!record.matches) this.#differences(record.differences);
    else this.#keyOrder(record);
  }

  /**
   * A matching exchange whose bytes still differ from the article's. The first time a kind of difference
   * shows, where it is and why that is fine; after that one line that points back to the step that said so.
   */
  #keyOrder(record: ExchangeRecord): void {
    const differences = recordKeyOrder(record);
    const fresh = differences.filter(
      (d) => (this.#explained.get(d.kind) ?? this.#stepNumber) === this.#stepNumber,
    );
    const seen = [...new Set(differences.map((d) => d.kind))].filter(
      (kind) => !fresh.some((d) => d.kind === kind),
    );
    const firstWhy = this.#explained.size === 0;
    for (const d of fresh) {
      this.#explained.set(d.kind, this.#stepNumber);
      const text =
        d.kind === 'order'
          ? this.#t('keyOrder', {
              path: d.path,
              live: `{ ${d.live.join(', ')} }`,
              article: `{ ${d.article.join(', ')} }`,
            })
          : this.#t('jsonText', { path: d.path, live: d.live, article: d.article });
      this.#prose(indent, text, 'muted');
    }
    if (fresh.length > 0 && firstWhy) this.#prose(indent, this.#t('keyOrderWhy'), 'muted');
    if (seen.length === 0) return;
    const steps = [...new Set(seen.map((kind) => this.#explained.get(kind) ?? 0))].sort((a, b) => a - b);
    const what = seen.map((kind) => this.#t(kind === 'order' ? 'differsInOrder' : 'differsInSpacing'));
    this.#prose(
      indent,
      this.#t('bytesAsBefore', {
        what: what.join(this.#t('listAnd')),
        steps: steps.map((n) => this.#t('stepRef', { n })).join(this.#t('listAnd')),
      }),
      'muted',
    );
  }

  #differences(differences: readonly Difference[]): void {
    const p = this.#o.paint;
    const labels = [this.#t('diffArticle'), this.#t('diffLive')];
    const [article = '', live = ''] = labels.map((label) =>
      padToWidth(label, Math.max(...labels.map((l) => stringWidth(l)))),
    );
    for (const d of differences) {
      this.#line(
        `${indent}${p('fail', `${d.where} ${d.path}`)} ${p('muted', this.#t(differenceKey[d.kind]))}`,
      );
      if (d.kind !== 'unexpected') this.#line(`${indent}${indent}${article}: ${show(d.expected)}`);
      if (d.kind !== 'missing') this.#line(`${indent}${indent}${live}: ${show(d.actual)}`);
    }
  }

  summary(failed: readonly number[], total: number): void {
    const p = this.#o.paint;
    this.#line();
    if (failed.length === 0)
      this.#line(p('ok', this.#t(total === 1 ? 'summaryOne' : 'summaryAll', { total })));
    else {
      this.#line(
        p('fail', this.#t('summarySome', { total, failed: failed.length, which: failed.join(', ') })),
      );
    }
  }

  message(text: string): void {
    this.#line(text);
  }
}

/** What each kind of difference means, as a key of the tour's catalog. */
const differenceKey = {
  missing: 'diffMissing',
  unexpected: 'diffUnexpected',
  type: 'diffType',
  length: 'diffLength',
  changed: 'diffChanged',
} as const satisfies Record<Difference['kind'], MessageKey>;

function show(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}
