// Memos' page token: base64 (standard, padded) of the protobuf message PageToken { int32 limit = 1; int32 offset = 2; }.
// Hand-encoded because the message has two varint fields; a learner can decode `CDIQMg==` by hand.
import { invalidArgument } from './errors.ts';

export interface PageToken {
  limit: number;
  offset: number;
}

function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value >>> 0;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  bytes.push(rest);
  return bytes;
}

export function encodePageToken({ limit, offset }: PageToken): string {
  const bytes: number[] = [];
  // proto3 leaves zero-valued fields out.
  if (limit !== 0) bytes.push(0x08, ...varint(limit));
  if (offset !== 0) bytes.push(0x10, ...varint(offset));
  return Buffer.from(bytes).toString('base64');
}

const BASE64 = /^[A-Za-z0-9+/]*$/;

/** Decodes a token like Go's base64.StdEncoding + proto.Unmarshal, with their error wording. */
export function decodePageToken(token: string): PageToken {
  const fail = (reason: string) => invalidArgument(`invalid page token: ${reason}`);
  const body = token.replace(/=+$/, '');
  const badIndex = [...body].findIndex((char) => !BASE64.test(char));
  if (badIndex >= 0 || token.length % 4 !== 0 || token.length - body.length > 2) {
    const at = badIndex >= 0 ? badIndex : body.length;
    throw fail(`failed to decode page token: illegal base64 data at input byte ${at}`);
  }
  const bytes = Buffer.from(token, 'base64');
  const result: PageToken = { limit: 0, offset: 0 };
  let i = 0;
  const readVarint = (): number => {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const byte = bytes[i++];
      if (byte === undefined) throw fail('failed to unmarshal page token: unexpected EOF');
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
    throw fail('failed to unmarshal page token: variable length integer overflow');
  };
  while (i < bytes.length) {
    const tag = bytes[i++];
    if (tag === 0x08) result.limit = readVarint() | 0;
    else if (tag === 0x10) result.offset = readVarint() | 0;
    else throw fail(`failed to unmarshal page token: unexpected field tag 0x${(tag ?? 0).toString(16)}`);
  }
  if (result.limit < 0 || result.offset < 0) throw fail('page token has a negative limit or offset');
  return result;
}
