import type { Difference, HttpHeaders } from '@memos-kit/wire';
import type { Lang } from './i18n.ts';
import type { Pace } from './options.ts';

/**
 * Where the report's JSON Schema lives in the kit, as a file: URL, so an editor or a validator can open it
 * from the machine that wrote the report. The docs site publishes the same file at /schema/.
 */
export const reportSchemaUrl = new URL('../schema/tour-report.schema.json', import.meta.url).href;

export interface HttpRequestRecord {
  method: string;
  target: string;
  headers: HttpHeaders;
  body: string;
}

export interface SseEventRecord {
  event?: string;
  data: string;
  id?: string;
  elapsedMs: number;
}

export interface HttpResponseRecord {
  status: number;
  reason: string;
  headers: HttpHeaders;
  body: string;
  events?: SseEventRecord[];
  headersMs: number;
  endMs: number;
}

interface ExchangeBase {
  /** The fixture the live exchange is compared with; null for the kit's own exchange. */
  fixture: string | null;
  /** What the live response is compared with: a fixture file, or a rule of the spec. */
  against: string;
  mode: 'exact' | 'abridged' | 'rule';
  matches: boolean;
  differences: Difference[];
}

export interface HttpExchangeRecord extends ExchangeBase {
  transport: 'http' | 'sse';
  server: { url: string; dataset: string };
  request: HttpRequestRecord;
  response: HttpResponseRecord;
}

export interface StdioExchangeRecord extends ExchangeBase {
  transport: 'stdio';
  command: string[];
  pid: number;
  request: { line: string };
  response: { line: string; stderr: string; elapsedMs: number };
}

export type ExchangeRecord = HttpExchangeRecord | StdioExchangeRecord;

export interface StepRecord {
  number: number;
  id: string;
  title: string;
  section: { number: string; title: string };
  exchanges: ExchangeRecord[];
  matches: boolean;
}

export interface TourReport {
  $schema: string;
  kit: 'memos-mcp-rest-kit';
  protocolVersion: string;
  lang: Lang;
  pace: Pace;
  steps: StepRecord[];
  matches: boolean;
}

/** What `pnpm demo --list --json` prints: the route of the tour, without running it. */
export interface StepListing {
  kit: 'memos-mcp-rest-kit';
  lang: Lang;
  steps: Pick<StepRecord, 'number' | 'id' | 'title' | 'section'>[];
}
