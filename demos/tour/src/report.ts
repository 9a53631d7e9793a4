import { type StepRecord, tourReportSchemaUrl } from '@memos-kit/recording/tour-report';
import type { Lang } from '@memos-kit/terminal';

export type { StepRecord, TourReport } from '@memos-kit/recording/tour-report';

/**
 * Where the report's JSON Schema lives in the kit, as a file: URL, so an editor or a validator can open it
 * from the machine that wrote the report. The docs site publishes the same file at /schema/.
 */
export const reportSchemaUrl = tourReportSchemaUrl.href;

/** What `pnpm demo --list --json` prints: the route of the tour, without running it. */
export interface StepListing {
  kit: 'memos-mcp-rest-kit';
  lang: Lang;
  steps: Pick<StepRecord, 'number' | 'id' | 'title' | 'section'>[];
}
