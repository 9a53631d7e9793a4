import { STATUS_CODES } from 'node:http';
import { filterErrorParts } from '@memos-kit/memos-rest/light';
import type { CatalogEntry, ToolDefinition } from '../catalog/index.ts';
import {
  buildRestRequest,
  type RestDispatcher,
  type RestResponse,
  ToolArgumentError,
} from '../rest/rest-request.ts';
import { ArgumentValidator } from './argument-validator.ts';
import type { ErrorText } from './error-text.ts';

export interface ToolCallResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: true;
}

export interface ToolCallOptions {
  /** The caller's `Authorization` header, forwarded verbatim to the REST API. */
  authorization?: string | undefined;
  signal?: AbortSignal;
  /** Called once the REST API has answered, before the result is built (the moment progress 1/2 is true). */
  onRestAnswered?: () => Promise<void>;
}

/**
 * Executes tools by calling the REST operation each one stands for. Knows nothing of MCP transports:
 * the HTTP and stdio servers both hand it a name and arguments and send back what it returns.
 */
export class ToolRunner {
  private readonly byName: Map<string, CatalogEntry>;
  private readonly validator = new ArgumentValidator();

  constructor(
    readonly catalog: CatalogEntry[],
    private readonly dispatch: RestDispatcher,
    private readonly errorText: ErrorText = 'memos',
  ) {
    this.byName = new Map(catalog.map((entry) => [entry.tool.name, entry]));
  }

  get tools(): ToolDefinition[] {
    return this.catalog.map((entry) => entry.tool);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** What is wrong with these arguments for a known tool, in one sentence, or `undefined`. */
  problemWith(name: string, args: unknown): string | undefined {
    const entry = this.byName.get(name);
    return entry && this.validator.check(name, entry.tool.inputSchema, args ?? {});
  }

  // #region call-tool
  /** Runs a known tool. Every failure is a tool execution error (isError), never an exception. */
  async call(name: string, args: unknown, options: ToolCallOptions = {}): Promise<ToolCallResult> {
    const entry = this.byName.get(name);
    if (!entry) throw new Error(`Unknown tool: ${name}`);
    const argumentsObject = args ?? {};
    const problem = this.validator.check(name, entry.tool.inputSchema, argumentsObject);
    if (problem) return toolError(`Invalid arguments for tool ${name}: ${problem}`);

    let response: RestResponse;
    try {
      const request = buildRestRequest(
        entry.operation,
        argumentsObject as Record<string, unknown>,
        options.authorization,
      );
      response = await this.dispatch(request, options.signal);
    } catch (error) {
      if (error instanceof ToolArgumentError)
        return toolError(`Invalid arguments for tool ${name}: ${error.message}`);
      if (options.signal?.aborted) throw error;
      return toolError(
        `The REST API could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    await options.onRestAnswered?.();
    return resultFromRest(response, this.errorText);
  }
  // #endregion call-tool
}

// #region result-from-rest
function resultFromRest(response: RestResponse, errorText: ErrorText): ToolCallResult {
  const parsed = response.json ? { ok: true as const, value: response.json.value } : parseJson(response.body);
  if (response.status < 200 || response.status >= 300) {
    const message = restErrorMessage(parsed);
    const statusLine = `${response.status} ${statusText(response.status)}`;
    if (errorText === 'article')
      return toolError(message === undefined ? statusLine : articleWording(message));
    return toolError(message === undefined ? statusLine : `${statusLine}: ${message}`);
  }
  if (!parsed.ok) return toolError(`The REST API answered ${response.status} with a body that is not JSON`);
  const structured = structuredFrom(parsed.value);
  // The REST body is the text when it is the same bytes `JSON.stringify` would make.
  const text = response.json && structured === parsed.value ? response.body : JSON.stringify(structured);
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** The REST error body's `message`, else its `error` (Memos' adapter reads the two in this order). */
function restErrorMessage(parsed: ReturnType<typeof parseJson>): string | undefined {
  if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null) {
    const body = parsed.value as Record<string, unknown>;
    if (typeof body.message === 'string' && body.message !== '') return body.message;
    if (typeof body.error === 'string' && body.error !== '') return body.error;
  }
  return undefined;
}

/** Go's net/http words, which Memos writes; Node's differ for 413 only among the statuses Memos sends. */
function statusText(status: number): string {
  if (status === 413) return 'Request Entity Too Large';
  return STATUS_CODES[status] ?? 'Error';
}

/**
 * The article's adapter passes the message on and words a filter error its own way: the mock's hint (what
 * to change) after `Invalid filter expression: `, ending with a full stop. So the article's id 5,
 * `Invalid filter expression: expected a comparison after visibility.`, comes out byte for byte.
 */
function articleWording(message: string): string {
  const parts = filterErrorParts(message);
  if (!parts) return message;
  return `Invalid filter expression: ${parts.hint}${/[.!?]$/.test(parts.hint) ? '' : '.'}`;
}
// #endregion result-from-rest

/** structuredContent is always an object (Memos' normalizeStructuredContent). */
function structuredFrom(value: unknown): Record<string, unknown> {
  if (value === undefined) return { ok: true };
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return value as Record<string, unknown>;
  return { result: value };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function toolError(text: string): ToolCallResult {
  // No structuredContent: a client would otherwise validate the error against the success outputSchema.
  return { content: [{ type: 'text', text }], isError: true };
}
