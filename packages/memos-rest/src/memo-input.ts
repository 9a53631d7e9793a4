// Reading a Memo from a request body, with grpc-gateway's and Memos' validation messages.
import { invalidArgument } from './errors.ts';
import type { Location, RowState, Visibility } from './model.ts';
import { parseTimestamp } from './time.ts';

const MAX_CONTENT_BYTES = 8192;
const VISIBILITIES = ['VISIBILITY_UNSPECIFIED', 'PRIVATE', 'PROTECTED', 'PUBLIC'] as const;
const STATES = ['STATE_UNSPECIFIED', 'NORMAL', 'ARCHIVED'] as const;
const UID = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,34}[a-zA-Z0-9])?$/;

export function assertValidUid(uid: string): void {
  if (!UID.test(uid)) {
    throw invalidArgument(
      'invalid UID: must be 1-36 characters, contain only letters, digits, or hyphens, and start and end with a letter or digit',
    );
  }
}

export function readString(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string')
    throw invalidArgument(`invalid value for string field ${field}: ${JSON.stringify(value)}`);
  return value;
}

export function readBool(body: Record<string, unknown>, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean')
    throw invalidArgument(`invalid value for bool field ${field}: ${JSON.stringify(value)}`);
  return value;
}

function readEnum<T extends string>(
  body: Record<string, unknown>,
  field: string,
  values: readonly T[],
): T | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && (values as readonly string[]).includes(value)) return value as T;
  if (typeof value === 'number' && values[value]) return values[value];
  throw invalidArgument(
    `invalid value for enum field ${field}: ${JSON.stringify(value)}; use one of ${values.join(', ')}`,
  );
}

/** UNSPECIFIED is stored as PRIVATE, as Memos does on create. */
export function readVisibility(body: Record<string, unknown>): Visibility | undefined {
  const value = readEnum(body, 'visibility', VISIBILITIES);
  if (value === undefined) return undefined;
  return value === 'VISIBILITY_UNSPECIFIED' ? 'PRIVATE' : value;
}

export function readState(body: Record<string, unknown>): RowState | undefined {
  const value = readEnum(body, 'state', STATES);
  if (value === undefined) return undefined;
  return value === 'STATE_UNSPECIFIED' ? 'NORMAL' : value;
}

export function readContent(body: Record<string, unknown>): string | undefined {
  const content = readString(body, 'content');
  if (content !== undefined && Buffer.byteLength(content, 'utf8') > MAX_CONTENT_BYTES) {
    throw invalidArgument(`content too long (max ${MAX_CONTENT_BYTES} characters)`);
  }
  return content;
}

export function readTime(body: Record<string, unknown>, field: string): number | undefined {
  const value = readString(body, field);
  if (value === undefined) return undefined;
  const seconds = parseTimestamp(value);
  if (seconds === undefined)
    throw invalidArgument(`invalid value for timestamp field ${field}: ${JSON.stringify(value)}`);
  return seconds;
}

export function readLocation(body: Record<string, unknown>): Location | undefined {
  const value = body.location;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidArgument('invalid value for message field location');
  const location = value as Record<string, unknown>;
  const number = (field: string) => {
    const n = location[field] ?? 0;
    if (typeof n !== 'number') throw invalidArgument(`invalid value for double field location.${field}`);
    return n;
  };
  return {
    placeholder: readString(location, 'placeholder') ?? '',
    latitude: number('latitude'),
    longitude: number('longitude'),
  };
}

/** Reads `items[].<key>.name` or `items[].name` references such as `attachments/x` or `memos/x` into ids. */
export function readNames(
  body: Record<string, unknown>,
  field: string,
  prefix: string,
  nested?: string,
): string[] | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value))
    throw invalidArgument(`invalid value for repeated field ${field}: expected an array`);
  return value.map((item, index) => {
    const holder = nested ? (item as Record<string, unknown> | null)?.[nested] : item;
    const name = (holder as Record<string, unknown> | null)?.name;
    if (typeof name !== 'string' || !name.startsWith(`${prefix}/`)) {
      throw invalidArgument(
        `${field}[${index}]${nested ? `.${nested}` : ''}.name must look like ${prefix}/{id}`,
      );
    }
    return name.slice(prefix.length + 1);
  });
}

/** grpc-gateway's inferred update mask: the body's keys in proto snake_case. */
export function inferUpdateMask(body: Record<string, unknown>): string[] {
  return Object.keys(body).map((key) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
}
