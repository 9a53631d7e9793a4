import type { Lang } from '@memos-kit/terminal';
import type { ExchangeRecord } from './exchanges.ts';
import type { Pace } from './options.ts';

/**
 * Where the report's JSON Schema lives in the kit, as a file: URL, so an editor or a validator can open it
 * from the machine that wrote the report. The docs site publishes the same file at /schema/.
 */
export const reportSchemaUrl = new URL('../schema/tour-report.schema.json', import.meta.url).href;

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
