// Step 3's tools/list: a table of every tool, then memo_list_memos (a summary of its arguments and output, or
// with --full the whole definition), then its filter help as prose: the step's lesson is that how to fill an
// argument is written in its description.
import { wrapText } from '@memos-kit/terminal';
import type { HttpResponseRecord } from '../exchanges.ts';
import { paintJson } from '../json-layers.ts';
import { headerLines, responseLines, showResponseArrived, statusLine } from './http.ts';
import { block, INDENT, type Screen, say } from './screen.ts';

/** The parts of a tool definition the summary reads; the rest is printed only with --full. */
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

export function showCatalogResponse(screen: Screen, response: HttpResponseRecord): void {
  showResponseArrived(screen, response);
  block(screen, catalogLines(screen, response));
}

function catalogLines(screen: Screen, response: HttpResponseRecord): string[] {
  const { paint } = screen;
  const lines = [
    statusLine(screen, response),
    ...headerLines(screen, response.headers, screen.step.shown),
    '',
  ];
  let tools: Array<Record<string, unknown>> = [];
  try {
    const parsed = JSON.parse(response.body) as { result?: { tools?: Array<Record<string, unknown>> } };
    tools = parsed.result?.tools ?? [];
  } catch {
    return responseLines(screen, response, 'jsonrpc');
  }
  lines.push(paint('muted', say(screen, 'bodyOmitted', { bytes: Buffer.byteLength(response.body) })), '');
  lines.push(paint('title', say(screen, 'toolsTable', { count: tools.length })));
  const rows = [[say(screen, 'colTool'), say(screen, 'colRoute'), say(screen, 'colHints')]];
  for (const tool of tools) {
    const meta = (tool._meta ?? {}) as { method?: string; path?: string };
    const hints = (tool.annotations ?? {}) as { readOnlyHint?: boolean; destructiveHint?: boolean };
    let hint = say(screen, 'writes');
    if (hints.readOnlyHint) hint = say(screen, 'readOnly');
    else if (hints.destructiveHint) hint = say(screen, 'destructive');
    rows.push([String(tool.name), `${meta.method ?? '?'} ${meta.path ?? '?'}`, hint]);
  }
  lines.push(...tableLines(screen, rows));
  const index = tools.findIndex((tool) => tool.name === 'memo_list_memos');
  const listMemos = tools[index] as ToolDefinition | undefined;
  if (listMemos) {
    const whole = JSON.stringify(listMemos, null, 2);
    if (screen.full) {
      lines.push('', paint('title', say(screen, 'fullDefinition')));
      lines.push(...paintJson(whole, paint, 'jsonrpc', ['result', 'tools', index]).split('\n'));
    } else {
      lines.push(...definitionSummary(screen, listMemos, whole.split('\n').length));
    }
    const filter = listMemos.inputSchema?.properties?.filter?.description;
    if (filter) {
      lines.push('', paint('title', say(screen, 'filterHelp')));
      lines.push(...filter.split('\n').map((l) => paint('business', l)));
    }
  }
  return lines;
}

/** A table that fits under the block's indentation. */
function tableLines(screen: Screen, rows: string[][]): string[] {
  return screen.printer.tableLines(rows, { width: screen.printer.width - INDENT.length });
}

/** What a reader needs from a tool definition at first: its arguments, its output, where the rest is. */
function definitionSummary(screen: Screen, tool: ToolDefinition, wholeLines: number): string[] {
  const { paint } = screen;
  const lines = ['', paint('title', say(screen, 'definitionSummary'))];
  lines.push(`${paint('business', tool.name)} · ${tool.description ?? ''}`, '');
  const rows = [[say(screen, 'colArgument'), say(screen, 'colType'), say(screen, 'colDescription')]];
  for (const [name, schema] of Object.entries(tool.inputSchema?.properties ?? {})) {
    const type = schema.enum ? schema.enum.join(' | ') : (schema.type ?? '?');
    rows.push([name, type, (schema.description ?? '').split('\n')[0] ?? '']);
  }
  lines.push(...tableLines(screen, rows), '');
  const fields = Object.entries(tool.outputSchema?.properties ?? {}).map(
    ([name, schema]) => `${name} (${schema.type ?? '?'})`,
  );
  lines.push(say(screen, 'outputFields', { fields: fields.join(', ') }));
  const hint = say(screen, 'fullHint', {
    lines: wholeLines,
    defs: Object.keys(tool.outputSchema?.$defs ?? {}).length,
    step: screen.step.number,
  });
  for (const part of hint.split('\n')) {
    lines.push(...wrapText(part, screen.printer.width - INDENT.length).map((line) => paint('muted', line)));
  }
  return lines;
}
