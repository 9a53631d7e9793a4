// What a filter may name, as Memos' `internal/filter/schema.go` declares it: each field's kind (which fixes its
// CEL type and the getter's type), the operators it allows, and the CEL environment the parser and the type
// checker read. Memos and attachments have their own tables.
import type { Environment } from '@marcbachmann/cel-js';
import type { AttachmentRow, MemoRow } from '../model.ts';
import { celJs } from './engines.ts';

/** A field, discriminated by kind so that narrowing on `kind` also types its getter. */
export type FieldSpec<Row> =
  | {
      kind: 'string';
      get: (row: Row) => string;
      /** Only == and != (and `in [...]`): enums and names have no order. */
      equalityOnly?: boolean;
      /** contains/startsWith/endsWith/matches are allowed. */
      textMatch?: boolean;
    }
  | { kind: 'int'; get: (row: Row) => number; equalityOnly?: boolean }
  | { kind: 'bool'; get: (row: Row) => boolean; equalityOnly?: boolean }
  /** Epoch seconds. */
  | { kind: 'timestamp'; get: (row: Row) => number; equalityOnly?: boolean }
  | { kind: 'list'; get: (row: Row) => readonly string[] }
  /** Memos' `tag`: a virtual string field usable only as `tag in [...]`, matching hierarchically. */
  | { kind: 'tag'; get: (row: Row) => readonly string[] };

type FieldTable<Row> = Readonly<Record<string, FieldSpec<Row>>>;

const CEL_TYPES: Record<FieldSpec<unknown>['kind'], string> = {
  string: 'string',
  int: 'int',
  bool: 'bool',
  timestamp: 'google.protobuf.Timestamp',
  list: 'list<string>',
  tag: 'string',
};

/** One filter language: its fields, the names error hints offer, and the CEL environment that declares them. */
export interface FilterSchema<Row> {
  fields: FieldTable<Row>;
  advertised: readonly string[];
  environment: Environment;
}

/** A field by name; own properties only, so `constructor` or `__proto__` are unknown fields like any other. */
export function fieldOf<Row>(schema: FilterSchema<Row>, name: string): FieldSpec<Row> | undefined {
  return Object.hasOwn(schema.fields, name) ? schema.fields[name] : undefined;
}

function environmentFor<Row>(fields: FieldTable<Row>): Environment {
  const env = new (celJs().Environment)({ homogeneousAggregateLiterals: false });
  for (const [name, spec] of Object.entries(fields)) env.registerVariable(name, CEL_TYPES[spec.kind]);
  env.registerVariable('now', 'google.protobuf.Timestamp');
  // cel-go's ext.Sets(): declared as methods of a `sets` namespace object so the checker knows their types.
  env.registerType('memos.SetsExtension', { fields: {} });
  env.registerVariable('sets', 'memos.SetsExtension');
  for (const name of ['contains', 'intersects', 'equivalent']) {
    env.registerFunction({
      name,
      receiverType: 'memos.SetsExtension',
      returnType: 'bool',
      handler: () => false,
      params: [
        { name: 'list', type: 'list<string>' },
        { name: 'values', type: 'list<string>' },
      ],
    });
  }
  return env;
}

function schemaOf<Row>(fields: FieldTable<Row>, hidden: readonly string[] = []): FilterSchema<Row> {
  const advertised = Object.keys(fields).filter((name) => !hidden.includes(name));
  // Declared at the first filter, not when the server starts: most starts never see one.
  let environment: Environment | undefined;
  return {
    fields,
    advertised,
    get environment() {
      environment ??= environmentFor(fields);
      return environment;
    },
  };
}

export const MEMO_SCHEMA: FilterSchema<MemoRow> = schemaOf<MemoRow>(
  {
    content: { kind: 'string', get: (m) => m.content, textMatch: true },
    creator: { kind: 'string', get: (m) => m.creator, equalityOnly: true },
    creator_id: { kind: 'int', get: (m) => m.creatorId, equalityOnly: true },
    created_ts: { kind: 'timestamp', get: (m) => m.createdTs },
    updated_ts: { kind: 'timestamp', get: (m) => m.updatedTs },
    pinned: { kind: 'bool', get: (m) => m.pinned },
    visibility: { kind: 'string', get: (m) => m.visibility, equalityOnly: true },
    tags: { kind: 'list', get: (m) => m.tags },
    tag: { kind: 'tag', get: (m) => m.tags },
    has_task_list: { kind: 'bool', get: (m) => m.property.hasTaskList },
    has_link: { kind: 'bool', get: (m) => m.property.hasLink },
    has_code: { kind: 'bool', get: (m) => m.property.hasCode },
    has_incomplete_tasks: { kind: 'bool', get: (m) => m.property.hasIncompleteTasks },
  },
  // `tag` and `creator_id` exist but are not in the tool description, so hints do not offer them.
  ['tag', 'creator_id'],
);

export const ATTACHMENT_SCHEMA: FilterSchema<AttachmentRow> = schemaOf<AttachmentRow>({
  filename: { kind: 'string', get: (a) => a.filename, textMatch: true },
  mime_type: { kind: 'string', get: (a) => a.type, textMatch: true },
  create_time: { kind: 'timestamp', get: (a) => a.createdTs },
  memo_id: { kind: 'int', get: (a) => a.memoId ?? 0, equalityOnly: true },
});
