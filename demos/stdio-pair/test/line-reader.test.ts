import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  decodeLine,
  IncompleteLineError,
  LineReader,
  LineSplitter,
  ReadTimeoutError,
  readLines,
} from '../src/line-reader.ts';
import { fixtureBytes } from './helpers.ts';

/** Both directions of the article's exchange, as they cross the pipes. */
const articleBytes = Buffer.concat([fixtureBytes('request'), fixtureBytes('response')]);

/** Messages with Chinese text, an emoji and an escaped newline: 3- and 4-byte UTF-8 everywhere. */
const chineseMessages = [
  {
    jsonrpc: '2.0',
    id: 8,
    method: 'tools/call',
    params: { name: 'memo_list_memos', arguments: { filter: 'content.contains("会议")' } },
  },
  {
    jsonrpc: '2.0',
    id: 8,
    result: { structuredContent: { memos: [{ content: '周一例会纪要\n第二行 🙂' }] } },
  },
];
const chineseBytes = Buffer.from(chineseMessages.map((message) => `${JSON.stringify(message)}\n`).join(''));

function splitAll(bytes: Buffer, cuts: number[]): string[] {
  const splitter = new LineSplitter();
  const lines: string[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    lines.push(...splitter.push(bytes.subarray(start, cut)).map(decodeLine));
    start = cut;
  }
  expect(splitter.pending.length).toBe(0);
  return lines;
}

describe('LineSplitter', () => {
  for (const [name, bytes] of [
    ['the article exchange', articleBytes],
    ['messages with Chinese text', chineseBytes],
  ] as const) {
    it(`yields the same messages for ${name}, split at every position`, () => {
      const whole = splitAll(bytes, []);
      expect(whole).toHaveLength(2);
      expect(whole.join('')).toBe(bytes.toString('utf8'));
      for (let cut = 0; cut <= bytes.length; cut += 1) {
        expect(splitAll(bytes, [cut])).toEqual(whole);
      }
    });

    it(`yields the same messages for ${name}, fed one byte at a time`, () => {
      const everyByte = Array.from({ length: bytes.length }, (_, index) => index);
      expect(splitAll(bytes, everyByte)).toEqual(splitAll(bytes, []));
    });
  }

  it('yields the same messages for the Chinese input in three pieces, cut at every pair of positions', () => {
    const whole = splitAll(chineseBytes, []);
    const failures: string[] = [];
    for (let first = 0; first <= chineseBytes.length; first += 1) {
      for (let second = first; second <= chineseBytes.length; second += 1) {
        const lines = splitAll(chineseBytes, [first, second]);
        if (lines.length !== whole.length || lines.some((line, index) => line !== whole[index])) {
          failures.push(`${first},${second}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('really cuts inside multi-byte characters in the Chinese input', () => {
    // A cut there breaks chunk-by-chunk decoding, which is why lines are decoded whole.
    const insideCharacter = Array.from({ length: chineseBytes.length }, (_, cut) => cut).filter(
      (cut) => (chineseBytes[cut] ?? 0) >> 6 === 0b10,
    );
    expect(insideCharacter.length).toBeGreaterThan(20);
    const cut = insideCharacter[0] ?? 0;
    expect(() => decodeLine(chineseBytes.subarray(0, cut))).toThrow(TypeError);
    expect(splitAll(chineseBytes, [cut]).map((line) => JSON.parse(line))).toEqual(chineseMessages);
  });

  it('keeps the bytes after the last newline until their newline arrives', () => {
    const splitter = new LineSplitter();
    expect(splitter.push(Buffer.from('{"a":1}\n{"b"'))).toHaveLength(1);
    expect(splitter.pending.toString()).toBe('{"b"');
    expect(splitter.push(Buffer.from(':2}\n')).map(decodeLine)).toEqual(['{"b":2}\n']);
    expect(splitter.pending.length).toBe(0);
  });

  it('splits the same lines as node:readline for any chunking', async () => {
    // Node's own line reader decodes with a StringDecoder; the results must agree with ours.
    for (const seed of [1, 2, 3, 4, 5]) {
      const cuts = randomCuts(chineseBytes.length, seed);
      const input = new PassThrough();
      const collected = (async () => {
        const lines: string[] = [];
        for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY }))
          lines.push(line);
        return lines;
      })();
      let start = 0;
      for (const cut of [...cuts, chineseBytes.length]) {
        input.write(chineseBytes.subarray(start, cut));
        start = cut;
      }
      input.end();
      const ours = splitAll(chineseBytes, cuts).map((line) => line.slice(0, -1));
      expect(await collected).toEqual(ours);
    }
  });
});

describe('decodeLine', () => {
  it('rejects invalid UTF-8 instead of inventing replacement characters', () => {
    expect(() => decodeLine(Buffer.from([0x7b, 0xff, 0x7d, 0x0a]))).toThrow(TypeError);
  });
});

describe('readLines', () => {
  it('yields complete lines and ends quietly at a clean EOF', async () => {
    const lines: string[] = [];
    for await (const line of readLines([
      fixtureBytes('request').subarray(0, 100),
      fixtureBytes('request').subarray(100),
    ])) {
      lines.push(decodeLine(line));
    }
    expect(lines).toEqual([fixtureBytes('request').toString('utf8')]);
  });

  it('treats bytes without a closing newline at EOF as an error, not as a message', async () => {
    const withoutNewline = fixtureBytes('request').subarray(0, -1);
    const consume = async () => {
      for await (const _ of readLines([withoutNewline])) expect.unreachable('no complete line was sent');
    };
    await expect(consume()).rejects.toThrow(IncompleteLineError);
    await expect(consume()).rejects.toThrow(`${withoutNewline.length} bytes without a closing newline`);
  });
});

describe('LineReader', () => {
  it("returns like Python's readline(): a line, then the incomplete rest, then empty at EOF", async () => {
    const stream = new PassThrough();
    const reader = new LineReader(stream);
    stream.end(Buffer.from('{"id":6}\n{"id":'));
    expect((await reader.readLine(1000)).toString()).toBe('{"id":6}\n');
    expect((await reader.readLine(1000)).toString()).toBe('{"id":');
    expect((await reader.readLine(1000)).length).toBe(0);
  });

  it('waits for the newline across chunks', async () => {
    const stream = new PassThrough();
    const reader = new LineReader(stream);
    const line = reader.readLine(5000);
    stream.write('{"id"');
    setImmediate(() => stream.write(':6}\n'));
    expect((await line).toString()).toBe('{"id":6}\n');
  });

  it('gives up after the timeout and says how many bytes are stuck without a newline', async () => {
    const stream = new PassThrough();
    const reader = new LineReader(stream);
    stream.write('{"id":6');
    const error = await reader.readLine(50).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ReadTimeoutError);
    expect((error as ReadTimeoutError).pendingBytes).toBe(7);
    expect((error as ReadTimeoutError).message).toMatch(/\(7 bytes waiting for their newline\)$/);
    // The bytes are not lost: the rest of the message still completes the line.
    stream.write('}\n');
    expect((await reader.readLine(1000)).toString()).toBe('{"id":6}\n');
    // After a whole line, silence is not "0 bytes waiting": nothing has come since.
    await expect(reader.readLine(50)).rejects.toThrow(/\(nothing since the last complete line\)$/);
  });

  it('says so when nothing at all came back before the timeout', async () => {
    const reader = new LineReader(new PassThrough());
    await expect(reader.readLine(50)).rejects.toThrow(/\(the client has received nothing back\)$/);
  });
});

/** Deterministic chunk boundaries (a small LCG), so a failure can be replayed. */
function randomCuts(length: number, seed: number): number[] {
  const cuts: number[] = [];
  let state = seed;
  let position = 0;
  for (;;) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    position += 1 + (state % 17);
    if (position >= length) return cuts;
    cuts.push(position);
  }
}
