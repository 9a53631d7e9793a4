import { type Lang, PIPED_WIDTH, stringWidth } from '@memos-kit/terminal';
import { afterEach, describe, expect, it } from 'vitest';
import { lessons } from '../src/lessons/index.ts';
import { logOnStdout } from '../src/lessons/log-on-stdout.ts';
import { noFlush } from '../src/lessons/no-flush.ts';
import { noNewline } from '../src/lessons/no-newline.ts';
import { oneInThreeReads } from '../src/lessons/one-in-three-reads.ts';
import { prettyJson } from '../src/lessons/pretty-json.ts';
import { readToEof } from '../src/lessons/read-to-eof.ts';
import { twoInOneRead } from '../src/lessons/two-in-one-read.ts';
import { messages } from '../src/messages.ts';
import { expectNoLeftovers, fixtureBytes, lessonContext } from './helpers.ts';

afterEach(expectNoLeftovers);

let printed: string[] = [];
// What a lesson prints goes on a class projector: no line may be wider than it.
afterEach(() => {
  expect(printed.filter((line) => stringWidth(line) > PIPED_WIDTH)).toStrictEqual([]);
  printed = [];
});

/** A lesson's context (see helpers.ts) whose printed lines the width check above reads. */
function context(lang: Lang = 'en'): ReturnType<typeof lessonContext> {
  const ctx = lessonContext(lang);
  printed = ctx.lines;
  return ctx;
}

const responseLength = fixtureBytes('response').length;

describe('the pitfall lessons', () => {
  it('has a unique name for every lesson', () => {
    expect(new Set(lessons.map((lesson) => lesson.name)).size).toBe(lessons.length);
  });

  it('no-newline: the client times out, and the server only learns at EOF that the message never ended', async () => {
    const ctx = context();
    const outcome = await noNewline.run(ctx);
    expect(outcome.timedOut).toBe(true);
    expect(ctx.output()).toContain('(the client has received nothing back)');
    expect(outcome.stderrBeforeEof).toBe('');
    expect(outcome.exit).toMatchObject({ code: 1, stoppedBy: 'eof' });
    const serverSaid = `server: the stream ended inside a message: ${fixtureBytes('request').length - 1} bytes without a closing newline\n`;
    expect(outcome.serverLog).toBe(serverSaid);
    // The log is wrapped, never cut: its continuation lines line up under its first one.
    expect(ctx.output().replace(/\n {40}/g, ' ')).toContain(serverSaid.replace('\n', '\\n'));
  });

  it('no-newline in Chinese: the story is told in Chinese, the wire and the server log stay as they are', async () => {
    const ctx = context('zh');
    const outcome = await noNewline.run(ctx);
    expect(outcome.timedOut).toBe(true);
    const output = ctx.output();
    // A mark that ends in Chinese punctuation is followed by no space.
    expect(output).toContain(
      `${messages.t('zh', 'timeout')}${messages.t('zh', 'timeoutNothing', { ms: 600 })}`,
    );
    expect(output).toContain(messages.t('zh', 'waitsUpTo', { ms: 600 }));
    expect(output).toContain('Server 退出，退出码 1');
    expect(output).not.toContain('the client');
    // The server's log is its own bytes, in English whatever the class's language.
    expect(output.replace(/\n {40}/g, ' ')).toContain('server: the stream ended inside a message');
  });

  it('pretty-json: the reader splits one indented message into lines that are not JSON', async () => {
    const outcome = await prettyJson.run(context());
    const indented = JSON.stringify(JSON.parse(fixtureBytes('response').toString('utf8')), null, 2);
    expect(outcome.lines.map(({ line }) => line)).toEqual(indented.split('\n').map((line) => `${line}\n`));
    expect(outcome.lines.filter(({ parses }) => parses)).toEqual([]);
  });

  it('no-flush: nothing arrives until the buffered server exits', async () => {
    const outcome = await noFlush.run(context());
    expect(outcome.timedOut).toBe(true);
    expect(outcome.lateId).toBe(6);
  });

  it('two-in-one-read: one read carries two responses, and the reader yields both', async () => {
    const outcome = await twoInOneRead.run(context());
    expect(outcome.chunks).toBe(1);
    expect(outcome.ids).toEqual([6, 7]);
  });

  it('one-in-three-reads: three pieces, one message', async () => {
    const outcome = await oneInThreeReads.run(context());
    // Three writes 300 ms apart are three reads, unless a very busy machine lets two of them pile up.
    expect(outcome.pieces.length).toBeGreaterThanOrEqual(2);
    expect(outcome.pieces.reduce((sum, piece) => sum + piece, 0)).toBe(responseLength);
    expect(outcome.id).toBe(6);
  });

  it("log-on-stdout: the client's parser fails on the log line", async () => {
    const outcome = await logOnStdout.run(context());
    expect(outcome.error).toMatch(/not valid JSON/);
  });

  it('read-to-eof: the read hangs while the server lives, and returns everything once it is gone', async () => {
    const outcome = await readToEof.run(context());
    expect(outcome.timedOut).toBe(true);
    expect(outcome.arrivedWhileWaiting).toBe(responseLength);
    expect(outcome.bytes).toBe(responseLength);
    expect(outcome.exit).toMatchObject({ code: 0, stoppedBy: 'eof' });
  });
});
