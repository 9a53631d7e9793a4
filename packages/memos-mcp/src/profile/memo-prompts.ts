import { ProtocolError, ProtocolErrorCode, type Server } from '@modelcontextprotocol/server';
import type { ToolRunner } from '../tools/tool-runner.ts';
import { MEMO_URI_PREFIX } from './memo-resources.ts';

/** The prompt list does not depend on who asks, and it never changes while the server runs. */
export const PROMPT_CACHE_HINT = { ttlMs: 300_000, cacheScope: 'public' } as const;
const DAY_MS = 86_400_000;
const MAX_DAYS = 366;

/**
 * Two prompts, each showing what a prompt is for. A tool is chosen by the model, a resource by the
 * application, a prompt by the user (a host shows it as a slash command or a menu entry) and it
 * fills the conversation's first message. `summarize_my_memos` embeds the user's memos as resources;
 * `draft_memo` only writes the instruction and leaves the writing to a tool call the model makes later.
 */
const PROMPTS = [
  {
    name: 'summarize_my_memos',
    title: 'Summarise my memos',
    description:
      'Starts a conversation that summarises the memos you wrote in the last few days. The memos are ' +
      'embedded in the message as resources, read with your own credential.',
    arguments: [
      { name: 'days', description: 'How many days back to look (1 to 366, default 7).', required: false },
    ],
  },
  {
    name: 'draft_memo',
    title: 'Draft a memo',
    description:
      'Asks the model to draft a memo on a topic and to create it with the memo_create_memo tool once ' +
      'you agree. The prompt itself changes nothing.',
    arguments: [
      { name: 'topic', description: 'What the memo is about.', required: true },
      {
        name: 'visibility',
        description: 'PRIVATE, PROTECTED or PUBLIC (default PRIVATE).',
        required: false,
      },
    ],
  },
];

interface MemoBody {
  name: string;
  content?: string;
  creator?: string;
  createTime?: string;
}

export function registerMemoPrompts(
  server: Server,
  runner: ToolRunner,
  authorization: string | undefined,
): void {
  server.setRequestHandler('prompts/list', (request) => {
    if (request.params?.cursor !== undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        'Invalid cursor: every prompt comes in one page',
      );
    }
    return { prompts: PROMPTS };
  });

  server.setRequestHandler('prompts/get', async (request, ctx) => {
    const { name, arguments: args = {} } = request.params;
    const options = { authorization: authorization, signal: ctx.mcpReq.signal };
    switch (name) {
      case 'summarize_my_memos': {
        const days = daysFrom(args.days);
        const me = await runner.call('auth_get_current_user', {}, options);
        const user = (me.structuredContent as { user?: { name?: string } } | undefined)?.user?.name;
        if (me.isError || user === undefined) {
          throw new ProtocolError(
            ProtocolErrorCode.InvalidParams,
            `summarize_my_memos needs a signed-in user: ${me.content[0]?.text ?? 'no user'}`,
          );
        }
        const listed = await runner.call('memo_list_memos', { pageSize: 50 }, options);
        const since = Date.now() - days * DAY_MS;
        const mine = ((listed.structuredContent as { memos?: MemoBody[] } | undefined)?.memos ?? []).filter(
          (memo) => memo.creator === user && Date.parse(memo.createTime ?? '') >= since,
        );
        return {
          description: `Summarise the ${mine.length} memo(s) ${user} wrote in the last ${days} day(s)`,
          messages: [
            {
              role: 'user' as const,
              content: {
                type: 'text' as const,
                text:
                  `Summarise the memos I wrote in the last ${days} day(s), in a few bullet points: what I ` +
                  `worked on, what is still open, what looks urgent. ${mine.length === 0 ? 'There are none: say so.' : 'They follow, one resource each.'}`,
              },
            },
            ...mine.map((memo) => ({
              role: 'user' as const,
              content: {
                type: 'resource' as const,
                resource: {
                  uri: `${MEMO_URI_PREFIX}${memo.name.slice('memos/'.length)}`,
                  mimeType: 'text/markdown',
                  text: memo.content ?? '',
                },
              },
            })),
          ],
        };
      }
      case 'draft_memo': {
        const topic = args.topic;
        if (typeof topic !== 'string' || topic.trim() === '') {
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'draft_memo needs the argument "topic"');
        }
        const visibility = args.visibility ?? 'PRIVATE';
        if (!['PRIVATE', 'PROTECTED', 'PUBLIC'].includes(visibility)) {
          throw new ProtocolError(
            ProtocolErrorCode.InvalidParams,
            `draft_memo: "visibility" must be PRIVATE, PROTECTED or PUBLIC, not "${visibility}"`,
          );
        }
        return {
          description: `Draft a ${visibility} memo about ${topic}`,
          messages: [
            {
              role: 'user' as const,
              content: {
                type: 'text' as const,
                text:
                  `Draft a short memo in Markdown about: ${topic}. Show me the draft first. When I agree, ` +
                  `create it with the memo_create_memo tool, visibility ${visibility}.`,
              },
            },
          ],
        };
      }
      default:
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt: ${name}`);
    }
  });
}

function daysFrom(value: string | undefined): number {
  if (value === undefined || value === '') return 7;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `summarize_my_memos: "days" must be a whole number from 1 to ${MAX_DAYS}, not "${value}"`,
    );
  }
  return days;
}
