// The host: an AI SDK tool loop (generateText with tools and a step limit) around an MCP client
// (@ai-sdk/mcp). Nothing here imitates a host; it configures one and prints what it does, in order.
import {
  experimental_createMCPClient as createMCPClient,
  type MCPClient,
  type MCPTransport,
} from '@ai-sdk/mcp';
import { StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import type {
  LanguageModelV4,
  LanguageModelV4FunctionTool,
  LanguageModelV4GenerateResult,
  LanguageModelV4Middleware,
} from '@ai-sdk/provider';
import { createAdapter, descriptionOrigin, KIT_OVERLAID_OPERATIONS } from '@memos-kit/memos-mcp';
import { stdioEntry } from '@memos-kit/memos-mcp/entries';
import { closeOnSignals, entryArgs, listen } from '@memos-kit/process';
import { PROTOCOL_VERSION } from '@memos-kit/protocol';
import { UsageError } from '@memos-kit/terminal';
import { APICallError, generateText, isStepCount, wrapLanguageModel } from 'ai';
import { withArgumentChecks } from './checked-tools.ts';
import type { Say } from './messages.ts';
import type { HostSettings } from './options.ts';
import { reportedRanking } from './stand-in.ts';
import { type TapListener, TappedTransport, tappedFetch } from './tap.ts';
import {
  type HostView,
  prose,
  showAnswer,
  showMessage,
  showRanking,
  showToolsGiven,
  showWire,
  step,
} from './view.ts';

/** The loop stops after this many model turns even if the model keeps calling tools (the AI SDK's stopWhen). */
const MAX_TURNS = 6;

export interface ModelChoice {
  model: LanguageModelV4;
  /** Who answers, as the narration names it: the stand-in, a real model, or you. */
  label: string;
  /** The longer line of the banner. */
  description: string;
  /** Whether the model is the stand-in, which compares English words only. */
  standIn: boolean;
}

interface Connection {
  transport:
    | MCPTransport
    | { type: 'http'; url: string; headers: Record<string, string>; fetch: typeof fetch };
  where: string;
  close(): Promise<void>;
}

/** The server side: memos-mcp in this process over HTTP, or as a child process over stdio. */
async function connect(settings: HostSettings, t: Say, onTap: TapListener): Promise<Connection> {
  if (settings.transport === 'stdio') {
    const inner = new StdioMCPTransport({
      command: process.execPath,
      args: entryArgs(stdioEntry, ['--dataset', settings.dataset, '--descriptions', settings.descriptions]),
      // The server's log lines would interleave with the steps; the wire is what this demo shows.
      stderr: 'ignore',
    });
    return {
      transport: new TappedTransport(inner, onTap),
      where: 'stdio · pnpm mcp:stdio',
      close: async () => {},
    };
  }
  const adapter = await createAdapter({ dataset: settings.dataset, descriptions: settings.descriptions });
  if (settings.describe) {
    const { tool, text } = settings.describe;
    const entry = adapter.catalog.find((candidate) => candidate.tool.name === tool);
    if (!entry) {
      await adapter.close();
      throw new UsageError(t('noSuchDescribedTool', { tool }));
    }
    // The catalog is what tools/list sends: this is the server's description from now on, not a host's edit.
    entry.tool.description = text;
  }
  const running = await listen(adapter.app, { host: '127.0.0.1', port: 0 });
  // The host signs in as the dataset's first user, as pnpm mcp:stdio does for its child.
  const token = adapter.store?.users[0]?.tokens[0];
  return {
    transport: {
      type: 'http',
      url: `${running.url}/mcp`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      fetch: tappedFetch(onTap),
    },
    where: 'Streamable HTTP · POST /mcp',
    close: async () => {
      await running.close();
      await adapter.close();
    },
  };
}

/** Runs the loop once, printing every step; resolves with the exit status. */
export async function runHost(settings: HostSettings, choice: ModelChoice, view: HostView): Promise<number> {
  const { printer, say: t } = view;
  printer.title(t('title', { version: PROTOCOL_VERSION }));
  prose(view, t('modelLine', { model: choice.description }), '');
  const connection = await connect(settings, t, (event) => showWire(view, event));
  prose(view, t('serverLine', { where: connection.where }), '');
  prose(
    view,
    settings.descriptions === 'kit'
      ? t('descriptionsKit', { count: KIT_OVERLAID_OPERATIONS.length })
      : t('descriptionsMemos'),
    '',
  );
  let client: MCPClient | undefined;
  const stop = async () => {
    await client?.close();
    await connection.close();
  };
  // Ctrl-C closes the client (and with it a stdio server's stdin) and the HTTP server it talks to.
  const release = closeOnSignals(stop);
  try {
    step(view, t('step0Label'), t('step0Title'));
    if (settings.transport === 'stdio') printer.note(t('stdioWaits'));
    client = await createMCPClient({ transport: connection.transport, clientName: 'memos-kit-host' });
    const negotiated = client.initializeResult.protocolVersion;
    if (negotiated === PROTOCOL_VERSION) printer.ok(t('negotiatedModern', { version: negotiated }));
    else printer.fail(t('negotiatedLegacy', { version: negotiated, ours: PROTOCOL_VERSION }));

    step(view, t('stepLabel', { n: 1 }), t('step1Title'));
    showAnswer(view, t('user'), settings.sentence);
    if (choice.standIn) printer.note(t('englishNote'));

    step(view, t('stepLabel', { n: 2 }), t('step2Title'));
    const listed = await client.tools();
    let sent = 0;
    const tools = await withArgumentChecks(listed, (check) => {
      if (check.ok) sent += 1;
      step(view, t('stepLabel', { n: 4 }), t('step4Title'));
      if (check.ok) {
        printer.ok(t('argumentsValid', { tool: check.tool, input: JSON.stringify(check.input) }));
        printer.note(t('sendingCall'));
      } else {
        printer.fail(t('argumentsInvalid', { tool: check.tool, input: JSON.stringify(check.input) }));
        for (const problem of check.problems) prose(view, `- ${problem}`, '    ');
        printer.note(t('notSent'));
      }
    });
    // #region tool-loop
    const model = wrapLanguageModel({
      model: choice.model,
      middleware: narrate(view, choice.label, (tool) => originLabel(tool, settings, t)),
    });
    const result = await generateText({
      model,
      tools,
      // Many hosts put the server's instructions in the system prompt; this one does, so the model sees them.
      ...(client.instructions ? { system: client.instructions } : {}),
      prompt: settings.sentence,
      stopWhen: isStepCount(MAX_TURNS),
      // A model that cannot be reached is said once, not retried behind the class's back.
      maxRetries: 0,
    }).catch((error: unknown) => {
      // A model endpoint that answers with an error (an unknown model name, say): one line, exit 1.
      if (APICallError.isInstance(error))
        throw new Error(t('modelFailed', { url: error.url, reason: error.message }));
      throw error;
    });
    // #endregion tool-loop
    printer.line();
    if (result.text === '') printer.fail(t('noFinalAnswer', { turns: result.steps.length }));
    printer.note(t('summary', { turns: result.steps.length, calls: sent }));
    return 0;
  } finally {
    release();
    await stop();
  }
}

/**
 * An AI SDK middleware that prints what the model is given and what it answers, around each model call:
 * the tool list on the first call, the tool result on the later ones.
 */
function narrate(
  view: HostView,
  label: string,
  origin: (tool: LanguageModelV4FunctionTool) => string,
): LanguageModelV4Middleware {
  const { printer, say: t } = view;
  let turn = 0;
  return {
    specificationVersion: 'v4',
    async wrapGenerate({ doGenerate, params }) {
      turn += 1;
      if (turn === 1) {
        const tools = (params.tools ?? []).filter(
          (tool): tool is LanguageModelV4FunctionTool => tool.type === 'function',
        );
        printer.line();
        prose(view, t('modelGiven'));
        prose(view, t('givenConversation'));
        for (const message of params.prompt) showMessage(view, message);
        prose(view, t('givenTools', { count: tools.length }));
        showToolsGiven(view, tools, origin);
        step(view, t('stepLabel', { n: 3 }), t('step3Title', { model: label }));
      } else {
        step(view, t('stepLabel', { n: 5 }), t('step5Title'));
        prose(view, t('resultToModel'));
        const last = params.prompt.at(-1);
        if (last) showMessage(view, last);
      }
      const result = await doGenerate();
      showModelAnswer(view, result, turn, label);
      // A name the host never offered (a model's invention, or a student's typo) is refused before MCP.
      const offered = new Set((params.tools ?? []).map((tool) => tool.name));
      for (const part of result.content) {
        if (part.type !== 'tool-call' || offered.has(part.toolName)) continue;
        step(view, t('stepLabel', { n: 4 }), t('step4Title'));
        printer.fail(t('unknownTool', { tool: part.toolName }));
        printer.note(t('notSent'));
      }
      return result;
    },
  };
}

/** Whose words a tool's description is, as the tool list notes it (for the class, not for the model). */
function originLabel(tool: LanguageModelV4FunctionTool, settings: HostSettings, t: Say): string {
  if (settings.describe?.tool === tool.name) return '--describe';
  const origin = descriptionOrigin(tool.name, tool.description);
  if (origin === 'memos') return t('originMemos');
  return origin === 'kit' ? t('originKit') : t('originOther');
}

function showModelAnswer(
  view: HostView,
  result: LanguageModelV4GenerateResult,
  turn: number,
  label: string,
): void {
  const { printer, say: t } = view;
  const ranking = reportedRanking(result.providerMetadata);
  const call = result.content.find((part) => part.type === 'tool-call');
  if (call?.type === 'tool-call') {
    if (turn > 1) step(view, t('stepLabel', { n: 3 }), t('step3Again', { model: label, turn }));
    if (ranking) {
      prose(view, t('standInRanking'));
      showRanking(view, ranking);
    }
    prose(view, t('modelCalls', { tool: call.toolName }));
    prose(view, call.input, '    ', 'business');
    return;
  }
  const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  if (ranking) {
    prose(view, t('standInRanking'));
    showRanking(view, ranking);
  }
  step(view, t('stepLabel', { n: 6 }), t('step6Title'));
  if (turn === 1) printer.note(t('noToolUsed'));
  showAnswer(view, label, text);
}
