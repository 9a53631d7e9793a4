import type { Bilingual, Lang } from '@memos-kit/terminal';
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

/** How a step lays its exchanges out on screen. */
type Layout = 'stream' | 'side-by-side' | 'tool-catalog';

export interface Step {
  id: string;
  /** The fixtures the step replays, in order; the kit's own exchange names the fixture it starts from. */
  fixtures: string[];
  layout: Layout;
  /** Set when the title is not a fixture's own. */
  title?: Bilingual;
  /**
   * Set when the step sends a request the kit derived from a fixture, which the article does not print: how the kit
   * built it, so the learner can rebuild it by hand.
   */
  derived?: Bilingual;
  /** The fixture whose article section the step belongs to, when not its first fixture's. */
  sectionFrom?: string;
  /** One line that says what to look at; shown under the title. */
  note: Bilingual;
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
    note: {
      zh: 'REST 用 method + 路径表达动作；MCP 用同一个 /mcp 端点，method 选协议方法，params.name 选工具。',
      en: 'REST says the action with a method and a path; MCP posts to one /mcp endpoint, where method picks the protocol method and params.name the tool.',
    },
    async run(ctx) {
      return [await replayFixture(ctx, 'rest-list-memos'), await replayFixture(ctx, 'mcp-tools-call')];
    },
  },
  {
    id: 'server-discover',
    fixtures: ['server-discover'],
    layout: 'stream',
    note: {
      zh: '不建立会话：服务端列出支持的版本和能力，并给出缓存提示 ttlMs / cacheScope。',
      en: 'No session: the server lists its versions and capabilities, with the cache hints ttlMs / cacheScope.',
    },
    async run(ctx) {
      return [await replayFixture(ctx, 'server-discover')];
    },
  },
  {
    id: 'tools-list',
    fixtures: ['tools-list'],
    layout: 'tool-catalog',
    note: {
      zh: 'result.tools 是目录，不是数据；参数怎样写，写在 inputSchema 里每个参数的 description 中。',
      en: 'result.tools is a catalog, not data; how to fill each argument is in its description inside inputSchema.',
    },
    async run(ctx) {
      return [await replayFixture(ctx, 'tools-list')];
    },
  },
  {
    id: 'tools-call-ordered',
    fixtures: ['tools-call-ordered'],
    layout: 'stream',
    note: {
      zh: 'arguments 按 inputSchema 填写；同一份业务对象出现两次：content 里的文本和 structuredContent。',
      en: 'arguments follow inputSchema; the same business object comes twice: as text in content and as structuredContent.',
    },
    async run(ctx) {
      return [await replayFixture(ctx, 'tools-call-ordered')];
    },
  },
  {
    id: 'unknown-tool',
    fixtures: ['unknown-tool'],
    layout: 'stream',
    note: {
      zh: '协议错误走 JSON-RPC 的 error：没有 result，也就没有 resultType。',
      en: 'A protocol error is a JSON-RPC error: no result, so no resultType either.',
    },
    async run(ctx) {
      return [await replayFixture(ctx, 'unknown-tool')];
    },
  },
  {
    id: 'tool-execution-error',
    fixtures: ['tool-execution-error'],
    layout: 'stream',
    note: {
      zh: '工具执行错误是一个正常的 result：resultType 为 complete，isError: true 才表示失败。',
      en: 'A tool execution error is a normal result: resultType is complete, and isError: true marks the failure.',
    },
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
    derived: {
      zh: '它由本项目把 id 0 请求的 Mcp-Name 头改成另一个工具名得到，body 不变。',
      en: 'The kit built it from the id 0 request by changing its Mcp-Name header to another tool; the body is unchanged.',
    },
    title: {
      zh: `请求头与 body 不一致：Mcp-Name 写成 ${claimedTool}（400，-32020）`,
      en: `Header and body disagree: Mcp-Name says ${claimedTool} (400, -32020)`,
    },
    note: {
      zh: '网关按请求头路由和鉴权，服务端按 body 执行，所以两者必须一致；不一致时 HTTP 层先报错。',
      en: 'Gateways route and authorise by the header while the server runs the body, so the two must agree; when they do not, HTTP answers first.',
    },
    async run(ctx) {
      return [
        await sendDerived(
          ctx,
          'mcp-tools-call',
          (r) => withHeader(r, 'Mcp-Name', claimedTool),
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
    derived: {
      zh: '它由本项目从 id 2 的 tools/list 请求删掉 params._meta 得到，请求头不变。',
      en: 'The kit built it from the id 2 tools/list request by deleting params._meta; the headers are unchanged.',
    },
    title: {
      zh: '忘了 _meta 会怎样？tools/list 不带 params._meta（400，-32602）',
      en: 'What if I forget _meta? tools/list without params._meta (400, -32602)',
    },
    note: {
      zh: '2026-07-28 没有 initialize 和会话：协议版本和客户端能力随每个请求放在 params._meta 里。缺了它，请求就不完整，服务端每次都拒绝，不管之前收到过什么。',
      en: '2026-07-28 has no initialize and no session: the protocol version and client capabilities travel in params._meta of every request. Without it the request is incomplete, and the server rejects it every time, whatever came before.',
    },
    async run(ctx) {
      return [await sendDerived(ctx, 'tools-list', withoutMeta, missingMetaRule)];
    },
  },
  {
    id: 'stdio-tools-call',
    fixtures: ['stdio-tools-call'],
    layout: 'stream',
    note: {
      zh: '没有 HTTP 头：一行 JSON 写进子进程的 stdin，一行 JSON 从 stdout 读回；日志只走 stderr。',
      en: 'No HTTP headers: one JSON line into the child’s stdin, one JSON line back from stdout; logs go to stderr only.',
    },
    async run(ctx) {
      return [await stdioFixture(ctx, 'stdio-tools-call')];
    },
  },
  {
    id: 'sse-progress',
    fixtures: ['sse-progress'],
    layout: 'stream',
    note: {
      zh: '一个 HTTP 响应，body 里先后两条 SSE 事件：先是进度通知（没有 id），再是 id 6 的最终结果。',
      en: 'One HTTP response whose body carries two SSE events: a progress notification (no id), then the final result for id 6.',
    },
    async run(ctx) {
      return [await replayFixture(ctx, 'sse-progress')];
    },
  },
];

export function stepTitle(step: Step, lang: Lang): string {
  if (step.title) return step.title[lang];
  const [first] = step.fixtures;
  const entry = loadFixture(first ?? '').entry;
  return step.layout === 'side-by-side' ? entry.section[lang] : entry.title[lang];
}

export function stepSection(step: Step, lang: Lang): { number: string; title: string } {
  const section = loadFixture(step.sectionFrom ?? step.fixtures[0] ?? '').entry.section;
  return { number: section.number, title: section[lang] };
}
