import { HEADERS } from '@memos-kit/protocol';
import type { Lang } from '@memos-kit/terminal';
import { loadFixture } from '@memos-kit/wire';
import { claimedTool, headerMismatchRule, missingMetaRule } from './error-rules.ts';
import {
  type ExchangeContext,
  type ExchangeRecord,
  replayFixture,
  sendDerived,
  stdioFixture,
  withHeader,
  withoutMeta,
} from './exchanges.ts';
import { type MessageKey, messages } from './messages.ts';

/** How a step lays its exchanges out on screen. */
type Layout = 'stream' | 'side-by-side' | 'tool-catalog';

export interface Step {
  id: string;
  /** The fixtures the step replays, in order; the kit's own exchange names the fixture it starts from. */
  fixtures: string[];
  layout: Layout;
  /** Set when the title is not a fixture's own (`{tool}` is the tool the step claims). */
  title?: MessageKey;
  /**
   * Set when the step sends a request the kit derived from a fixture, which the article does not print: how the kit
   * built it, so the learner can rebuild it by hand.
   */
  derived?: MessageKey;
  /** The fixture whose article section the step belongs to, when not its first fixture's. */
  sectionFrom?: string;
  /** One line that says what to look at; shown under the title. */
  note: MessageKey;
  run(ctx: ExchangeContext): Promise<ExchangeRecord[]>;
}

/**
 * The article's exchanges in the article's order (sections 1, 3.1, 3.2, 3.6, 6, 8.1, 8.2), with the kit's two
 * derived errors at the end of section 6: a header that disagrees with the body, a request without _meta.
 */
export const steps: readonly Step[] = [
  {
    id: 'rest-vs-mcp',
    fixtures: ['rest-list-memos', 'mcp-tools-call'],
    layout: 'side-by-side',
    note: 'restVsMcpNote',
    async run(ctx) {
      return [await replayFixture(ctx, 'rest-list-memos'), await replayFixture(ctx, 'mcp-tools-call')];
    },
  },
  {
    id: 'server-discover',
    fixtures: ['server-discover'],
    layout: 'stream',
    note: 'serverDiscoverNote',
    async run(ctx) {
      return [await replayFixture(ctx, 'server-discover')];
    },
  },
  {
    id: 'tools-list',
    fixtures: ['tools-list'],
    layout: 'tool-catalog',
    note: 'toolsListNote',
    async run(ctx) {
      return [await replayFixture(ctx, 'tools-list')];
    },
  },
  {
    id: 'tools-call-ordered',
    fixtures: ['tools-call-ordered'],
    layout: 'stream',
    note: 'toolsCallOrderedNote',
    async run(ctx) {
      return [await replayFixture(ctx, 'tools-call-ordered')];
    },
  },
  {
    id: 'unknown-tool',
    fixtures: ['unknown-tool'],
    layout: 'stream',
    note: 'unknownToolNote',
    async run(ctx) {
      return [await replayFixture(ctx, 'unknown-tool')];
    },
  },
  {
    id: 'tool-execution-error',
    fixtures: ['tool-execution-error'],
    layout: 'stream',
    note: 'toolExecutionErrorNote',
    async run(ctx) {
      return [await replayFixture(ctx, 'tool-execution-error')];
    },
  },
  {
    id: 'header-mismatch',
    fixtures: ['mcp-tools-call'],
    layout: 'stream',
    // The article names this error in section 6 ("请求头与 body 不一致") without printing it.
    sectionFrom: 'unknown-tool',
    derived: 'headerMismatchDerived',
    title: 'headerMismatchTitle',
    note: 'headerMismatchNote',
    async run(ctx) {
      return [
        await sendDerived(
          ctx,
          'mcp-tools-call',
          (r) => withHeader(r, HEADERS.name, claimedTool),
          headerMismatchRule,
        ),
      ];
    },
  },
  {
    id: 'missing-meta',
    fixtures: ['tools-list'],
    layout: 'stream',
    // Section 6 lists what a server rejects; the article never sends a request without _meta.
    sectionFrom: 'unknown-tool',
    derived: 'missingMetaDerived',
    title: 'missingMetaTitle',
    note: 'missingMetaNote',
    async run(ctx) {
      return [await sendDerived(ctx, 'tools-list', withoutMeta, missingMetaRule)];
    },
  },
  {
    id: 'stdio-tools-call',
    fixtures: ['stdio-tools-call'],
    layout: 'stream',
    note: 'stdioToolsCallNote',
    async run(ctx) {
      return [await stdioFixture(ctx, 'stdio-tools-call')];
    },
  },
  {
    id: 'sse-progress',
    fixtures: ['sse-progress'],
    layout: 'stream',
    note: 'sseProgressNote',
    async run(ctx) {
      return [await replayFixture(ctx, 'sse-progress')];
    },
  },
];

export function stepTitle(step: Step, lang: Lang): string {
  if (step.title) return messages.t(lang, step.title, { tool: claimedTool });
  const [first] = step.fixtures;
  const entry = loadFixture(first ?? '').entry;
  return step.layout === 'side-by-side' ? entry.section[lang] : entry.title[lang];
}

export function stepSection(step: Step, lang: Lang): { number: string; title: string } {
  const section = loadFixture(step.sectionFrom ?? step.fixtures[0] ?? '').entry.section;
  return { number: section.number, title: section[lang] };
}
