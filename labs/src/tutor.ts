/**
 * The labs as an MCP server, so a learner's own assistant can act as their tutor: each lab is a resource
 * (its instructions), `explain_failure` is a prompt built from a real check run, and `lab_check` /
 * `lab_hint` are tools. Checks go through `runLab`, the code `pnpm lab` runs; hints advance the same
 * local ladder. It is also a worked example of an MCP server with all three primitives.
 */
import type { Lang } from '@memos-kit/terminal';
import { type CallToolResult, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';
import { filePairs, findLab, hintTopic, type Lab, labText, ladderFor, loadLabs } from './catalog.ts';
import { say } from './messages.ts';
import type { ProgressFile } from './progress.ts';
import { docsPath, formatResult, pointer } from './report.ts';
import { LabSession, runLab } from './run.ts';

const TUTOR_INFO = { name: 'memos-kit-labs', version: '1.0.0' } as const;

interface TutorOptions {
  lang: Lang;
  session: LabSession;
  progress: ProgressFile;
}

/** An MCP result is not a terminal: no colour, and no wrapping, which would cut JSON strings in two. */
const plainView = (lang: Lang) => ({
  lang,
  paint: (_format: unknown, text: string) => text,
  width: undefined,
});

/** A lab's instructions as Markdown: what a tutor needs to read before it helps. */
function labInstructions(lab: Lab, lang: Lang): string {
  const t = (key: Parameters<typeof say>[1], vars?: Record<string, string | number>) => say(lang, key, vars);
  return [
    `# ${t('tutorLabHeading', { number: lab.number, title: lab.title[lang] })}`,
    '',
    labText(lab.goal, lang),
    '',
    `- ${t('tutorTime', { minutes: lab.minutes })}`,
    `- ${t('tutorFiles')}: ${filePairs(lab)
      .map((pair) => `\`${pair.starter}\``)
      .join(', ')}`,
    `- ${t('tutorCheck', { id: lab.id })}`,
    ...(lab.tryIt
      ? [
          `- ${t('tutorTry', { command: typeof lab.tryIt === 'string' ? lab.tryIt : labText(lab.tryIt, lang) })}`,
        ]
      : []),
    `- ${pointer(lab, lang, 'readMore')}`,
    '',
    t('tutorRules'),
  ].join('\n');
}

function unknownLab(lang: Lang, id: string | number): CallToolResult {
  return {
    content: [{ type: 'text', text: say(lang, 'unknownLab', { got: id, count: loadLabs().length }) }],
    isError: true,
  };
}

function createTutorServer({ lang, session, progress }: TutorOptions): McpServer {
  const server = new McpServer(TUTOR_INFO, { instructions: say(lang, 'tutorInstructions') });

  for (const lab of loadLabs()) {
    const uri = `lab://${lab.id}`;
    server.registerResource(
      lab.id,
      uri,
      { title: lab.title[lang], description: labText(lab.goal, lang), mimeType: 'text/markdown' },
      async () => ({ contents: [{ uri, mimeType: 'text/markdown', text: labInstructions(lab, lang) }] }),
    );
  }

  // A model writes "1", 1 or "two-messages" alike, and the description invites all three.
  const labId = z.union([z.string(), z.number().int()]).describe(say(lang, 'tutorIdArg'));
  // Prompt arguments are strings on the wire (MCP's prompts/get), so the prompt takes the string forms.
  const labIdText = z.string().describe(say(lang, 'tutorPromptIdArg'));

  server.registerTool(
    'lab_check',
    {
      title: say(lang, 'tutorCheckTitle'),
      description: say(lang, 'tutorCheckDescription'),
      inputSchema: z.object({
        id: labId,
        solution: z.boolean().optional().describe(say(lang, 'tutorSolutionArg')),
      }),
      // It runs the learner's code against local servers; nothing leaves the machine, and it changes no file
      // of the learner's (only the local progress record).
      annotations: {
        readOnlyHint: false,
        idempotentHint: true,
        destructiveHint: false,
        openWorldHint: false,
      },
    },
    async ({ id, solution }) => {
      const lab = findLab(String(id));
      if (!lab) return unknownLab(lang, id);
      const result = await runLab(lab, {
        source: solution ? 'solution' : 'starter',
        lang,
        session,
        reveal: (topic) => progress.hintsSeen(lab.id, topic) >= ladderFor(lab, topic).length,
      });
      if (!solution) {
        if (result.ok) progress.markPassed(lab.id);
        progress.stoppedAt(lab.id, result.checks.find((check) => check.status === 'fail')?.topic);
      }
      return {
        content: [{ type: 'text', text: formatResult(lab, result, plainView(lang)) }],
        structuredContent: { ...result },
      };
    },
  );

  server.registerTool(
    'lab_hint',
    {
      title: say(lang, 'tutorHintTitle'),
      description: say(lang, 'tutorHintDescription'),
      inputSchema: z.object({ id: labId }),
      annotations: {
        readOnlyHint: false,
        idempotentHint: false,
        destructiveHint: false,
        openWorldHint: false,
      },
    },
    async ({ id }) => {
      const lab = findLab(String(id));
      if (!lab) return unknownLab(lang, id);
      // The ladder of the step the last check run stopped at, as `pnpm lab N --hint` climbs it.
      const topic = hintTopic(lab, progress.lastTopic(lab.id));
      const ladder = ladderFor(lab, topic);
      const shown = progress.nextHint(lab.id, ladder.length, topic);
      const hints = ladder.slice(0, shown).map((hint) => hint[lang]);
      return {
        content: [
          {
            type: 'text',
            text: [
              ...hints.map((hint, index) => `${index + 1}/${ladder.length} ${hint}`),
              docsPath(lab, lang),
            ].join('\n'),
          },
        ],
        structuredContent: { id: lab.id, topic, shown, total: ladder.length, hints },
      };
    },
  );

  server.registerPrompt(
    'explain_failure',
    {
      title: say(lang, 'tutorPromptTitle'),
      description: say(lang, 'tutorPromptDescription'),
      argsSchema: z.object({ id: labIdText }),
    },
    async ({ id }) => {
      const lab = findLab(id);
      if (!lab) throw new Error(say(lang, 'unknownLab', { got: id, count: loadLabs().length }));
      const result = await runLab(lab, { source: 'starter', lang, session });
      return {
        description: lab.title[lang],
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: [
                say(lang, 'tutorPromptAsk'),
                '',
                labInstructions(lab, lang),
                '',
                '```',
                formatResult(lab, result, plainView(lang)),
                '```',
              ].join('\n'),
            },
          },
        ],
      };
    },
  );

  return server;
}

/**
 * `pnpm lab:mcp`'s server: the tutor over stdio, its checks sharing one session of the kit's servers. Here,
 * not in mcp.ts, so the SDK that serves and the tutor's McpServer come from one module graph (the source's;
 * see from-source.ts). mcp.ts loads it by URL, which knip cannot follow:
 * @public
 */
export function serveTutorOverStdio(lang: Lang, progress: ProgressFile): { stop(): Promise<void> } {
  const session = new LabSession();
  const handle = serveStdio(() => createTutorServer({ lang, session, progress }), {
    onerror: (error) => process.stderr.write(`lab:mcp: ${error.message.split('\n')[0]}\n`),
  });
  return {
    async stop() {
      await handle.close();
      await session.close();
    },
  };
}
