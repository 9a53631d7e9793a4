// Putting one entry into a host's file without touching anything else in it: the learner's other servers,
// the host's other settings, comments and formatting. Each format is edited by a library that knows it
// (jsonc-parser's edits for JSON and JSONC, the yaml Document API, smol-toml), the result is parsed again
// and compared before anything is written, and a file that cannot be parsed is refused, never "repaired".
import {
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import {
  applyEdits,
  modify,
  type ParseError,
  parse as parseJsonc,
  printParseErrorCode,
} from 'jsonc-parser/lib/esm/main.js';
import { parse as parseToml, stringify as toToml } from 'smol-toml';
import { isMap, isSeq, parseDocument } from 'yaml';
import type { Container, FileSpec } from './hosts/types.ts';
import { documentFor, type Json, serialize } from './render.ts';

/** A file that is there but cannot be read as its host reads it: nothing is written. */
export class UnreadableConfig extends Error {
  override name = 'UnreadableConfig';
  constructor(
    readonly file: string,
    readonly detail: string,
  ) {
    super(`${file}: ${detail}`);
  }
}

export interface WritePlan {
  file: string;
  existed: boolean;
  before: string;
  after: string;
  /** `add`: the name is new; `replace`: an entry of that name differs; `same`: nothing to change. */
  action: 'add' | 'replace' | 'same';
  /** TOML that had to be written out whole, so its comments and layout are not kept (the backup has them). */
  rewritten: boolean;
}

type Table = { [key: string]: unknown };
const isTable = (value: unknown): value is Table =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

/** What writing `entry` as `name` into `file` would do, computed without writing. */
export function planWrite(file: string, spec: FileSpec, name: string, entry: Json): WritePlan {
  const existed = existsSync(file);
  const before = existed ? readFileSync(file, 'utf8') : '';
  if (before.trim() === '') {
    const document = documentFor(spec.container, name, entry, { withSkeleton: true });
    return {
      file,
      existed,
      before,
      after: serialize(spec.format, document),
      action: 'add',
      rewritten: false,
    };
  }
  const merge = spec.format === 'yaml' ? mergeYaml : spec.format === 'toml' ? mergeToml : mergeJson;
  return { file, existed, before, ...merge(file, before, spec, name, entry) };
}

type Merged = Pick<WritePlan, 'after' | 'action' | 'rewritten'>;

function containerOf(file: string, root: unknown, container: Container): unknown {
  if (!isTable(root)) throw new UnreadableConfig(file, 'the top level is not an object');
  let value: unknown = root;
  for (const key of container.key) {
    value = isTable(value) ? value[key] : undefined;
  }
  const fits = value === undefined || (container.kind === 'map' ? isTable(value) : Array.isArray(value));
  if (!fits)
    throw new UnreadableConfig(
      file,
      `"${container.key.join('.')}" is not ${container.kind === 'map' ? 'an object' : 'a list'}`,
    );
  return value;
}

/**
 * A copy made of plain objects and arrays, leaves shared: parsers hand back objects without a prototype
 * (smol-toml) and values of their own classes (TOML dates), which a deep comparison or a clone would
 * otherwise tell apart from, or turn into, something else.
 */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object' && value !== null) {
    const prototype = Object.getPrototypeOf(value);
    if (prototype === null || prototype === Object.prototype)
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]));
  }
  return value;
}

const sameData = (a: unknown, b: unknown) => isDeepStrictEqual(plain(a), plain(b));

function actionFor(existing: unknown, entry: Json): WritePlan['action'] {
  if (existing === undefined) return 'add';
  return sameData(existing, entry) ? 'same' : 'replace';
}

function mergeJson(file: string, text: string, spec: FileSpec, name: string, entry: Json): Merged {
  const errors: ParseError[] = [];
  const strict = spec.format === 'json';
  const root: unknown = parseJsonc(text, errors, { disallowComments: strict, allowTrailingComma: !strict });
  const [error] = errors;
  if (error)
    throw new UnreadableConfig(
      file,
      `${printParseErrorCode(error.error)} at ${lineAndColumn(text, error.offset)}`,
    );
  const servers = containerOf(file, root, spec.container) as Table | undefined;
  const action = actionFor(servers?.[name], entry);
  if (action === 'same') return { after: text, action, rewritten: false };
  const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? '  ';
  const edits = modify(text, [...spec.container.key, name], entry, {
    formattingOptions: {
      insertSpaces: !indent.includes('\t'),
      tabSize: indent.includes('\t') ? 1 : indent.length,
    },
  });
  const after = applyEdits(text, edits);
  expectOnlyEntryChanged(file, root, parseJsonc(after), spec.container, name, entry);
  return { after, action, rewritten: false };
}

function mergeYaml(file: string, text: string, spec: FileSpec, name: string, entry: Json): Merged {
  const document = parseDocument(text);
  const [error] = document.errors;
  if (error) throw new UnreadableConfig(file, error.message.split('\n')[0] ?? error.name);
  if (!isMap(document.contents)) throw new UnreadableConfig(file, 'the top level is not a mapping');
  const key = spec.container.key;
  const list = document.getIn(key);
  if (list !== undefined && !isSeq(list))
    throw new UnreadableConfig(file, `"${key.join('.')}" is not a list`);
  const items = isSeq(list) ? list.items : [];
  const at = items.findIndex((item) => isMap(item) && item.get('name') === name);
  const action = actionFor(at === -1 ? undefined : (items[at] as { toJSON(): unknown }).toJSON(), entry);
  if (action === 'same') return { after: text, action, rewritten: false };
  const beforeData: unknown = document.toJS();
  if (!isSeq(list)) document.setIn(key, document.createNode([entry]));
  else if (at === -1) list.add(document.createNode(entry));
  else list.set(at, document.createNode(entry));
  const after = document.toString();
  expectOnlyEntryChanged(file, beforeData, parseDocument(after).toJS(), spec.container, name, entry);
  return { after, action, rewritten: false };
}

function mergeToml(file: string, text: string, spec: FileSpec, name: string, entry: Json): Merged {
  let root: Table;
  try {
    root = parseToml(text);
  } catch (error) {
    throw new UnreadableConfig(
      file,
      (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '',
    );
  }
  const servers = containerOf(file, root, spec.container) as Table | undefined;
  const action = actionFor(servers?.[name], entry);
  if (action === 'same') return { after: text, action, rewritten: false };
  const expected = withEntry(root, spec.container, name, entry);
  if (action === 'add') {
    // A new table appended after everything else keeps every byte the learner wrote; it is kept only if the
    // file then parses to exactly the old data plus the entry (an inline `mcp_servers = {…}` would not).
    const table = serialize('toml', documentFor(spec.container, name, entry));
    const appended = `${text.replace(/\s*$/, '')}\n\n${table}`;
    if (parsesTo(appended, expected)) return { after: appended, action, rewritten: false };
  }
  // Replacing a table in place needs an editor that keeps TOML's layout, which no well-kept library offers:
  // the file is written out whole from the parsed data (the backup keeps the original).
  return { after: `${toToml(expected)}\n`, action, rewritten: true };
}

function parsesTo(text: string, expected: Table): boolean {
  try {
    return sameData(parseToml(text), expected);
  } catch {
    return false;
  }
}

function withEntry(root: Table, container: Container, name: string, entry: Json): Table {
  const copy = plain(root) as Table;
  let table: Table = copy;
  for (const key of container.key) {
    if (!isTable(table[key])) table[key] = {};
    table = table[key] as Table;
  }
  table[name] = entry;
  return copy;
}

/** A guard against a library surprise: the edited file must hold the old data with only this entry changed. */
function expectOnlyEntryChanged(
  file: string,
  before: unknown,
  after: unknown,
  container: Container,
  name: string,
  entry: Json,
): void {
  const without = (root: unknown) => {
    const copy = plain(root) as Table;
    let value: unknown = copy;
    for (const key of container.key.slice(0, -1)) value = isTable(value) ? value[key] : undefined;
    const last = container.key.at(-1) ?? '';
    if (!isTable(value)) return copy;
    const servers = value[last];
    if (isTable(servers)) delete servers[name];
    if (Array.isArray(servers))
      value[last] = servers.filter((item) => !(isTable(item) && item.name === name));
    if (isTable(value[last]) && Object.keys(value[last] as Table).length === 0) delete value[last];
    if (Array.isArray(value[last]) && (value[last] as unknown[]).length === 0) delete value[last];
    return copy;
  };
  const entryAfter =
    container.kind === 'map'
      ? (containerOf(file, after, container) as Table | undefined)?.[name]
      : (containerOf(file, after, container) as Table[] | undefined)?.find((item) => item.name === name);
  if (!sameData(without(before), without(after)) || !sameData(entryAfter, entry))
    throw new Error(`editing ${file} would have changed more than the entry "${name}"`);
}

export interface Written {
  file: string;
  backup?: string;
}

/** Writes a plan: a backup of the old file first, then a temporary file renamed over the real one. */
export function applyWrite(plan: WritePlan, now = new Date()): Written {
  // A symbolic link (a dotfiles checkout) keeps pointing where it pointed: its target is what changes.
  const target = plan.existed ? realpathSync(plan.file) : plan.file;
  mkdirSync(dirname(target), { recursive: true });
  let backup: string | undefined;
  if (plan.existed) {
    const stamp = now
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    backup = `${target}.bak-${stamp}`;
    copyFileSync(target, backup, constants.COPYFILE_EXCL);
  }
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  const mode = plan.existed ? statSync(target).mode & 0o777 : undefined;
  writeFileSync(temporary, plan.after, mode === undefined ? {} : { mode });
  renameSync(temporary, target);
  return { file: target, ...(backup === undefined ? {} : { backup }) };
}
