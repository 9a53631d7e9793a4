import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { entryArgs, startEntry } from '@memos-kit/process';
import { readRecording, toMermaid } from '@memos-kit/recording';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, describe, expect, it } from 'vitest';
import { recordSession, runSession, type SessionResults } from './support/sdk-session.ts';
import { STDIO_ENTRY } from './support/stdio-process.ts';

const REPLAY = fileURLToPath(new URL('../../recording/src/cli.ts', import.meta.url));
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const DOCS_RECORDING = fileURLToPath(
  new URL('../../../docs/public/recordings/sdk-session.jsonl', import.meta.url),
);
const dir = mkdtempSync(join(tmpdir(), 'record-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts `pnpm replay FILE --port 0` as a process and gives its URL. */
async function replayOver(file: string) {
  const replay = startEntry(REPLAY, {
    args: [file, '--port', '0', '--pace', 'fast', '--lang', 'en'],
    env: { NO_COLOR: '1' },
  });
  const banner = await replay.waitFor(/http:\/\/127\.0\.0\.1:\d+/);
  return { replay, url: /http:\/\/127\.0\.0\.1:\d+/.exec(banner)?.[0] ?? '' };
}

describe('recording a real client over HTTP and replaying it', () => {
  const file = join(dir, 'session.jsonl');

  let recorded: SessionResults;

  it('records every exchange, REST and MCP, with the SSE events as their own frames and no token left', async () => {
    const { results, recording } = await recordSession(file);
    recorded = results;
    expect(results.tools).toHaveLength(20);
    expect(results.progress).toBe(1);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('example-token');
    expect(text).toContain('"Bearer ****"');
    const kinds = recording.frames.map((frame) => frame.kind);
    expect(kinds.filter((kind) => kind === 'sse-event')).toHaveLength(2);
    expect(kinds.filter((kind) => kind === 'http-request')).toHaveLength(5);
    expect(recording.frames.every((frame, index) => frame.seq === index + 1)).toBe(true);
  }, 60_000);

  it('serves the recording back: the same client gets the same answers from pnpm replay, progress included', async () => {
    const { replay, url } = await replayOver(file);
    try {
      const replayed = await runSession(url);
      expect(replayed).toEqual(recorded);
    } finally {
      await replay.stop();
    }
  }, 60_000);

  it('draws the same diagram as the recording the docs publish, so the docs page cannot go stale', () => {
    expect(toMermaid(readRecording(file))).toBe(toMermaid(readRecording(DOCS_RECORDING)));
  });
});

describe('pnpm serve --record and pnpm mcp:stdio --record', () => {
  it('pnpm serve --record says where it records and writes a frame per message', async () => {
    const file = join(dir, 'serve.jsonl');
    const serve = startEntry(CLI, {
      args: ['--port', '0', '--dataset', 'empty', '--record', file, '--lang', 'en'],
      env: { NO_COLOR: '1' },
    });
    try {
      const banner = await serve.waitFor(/recording to/);
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)?.[1];
      const answer = await fetch(`${url}/mcp`, { method: 'GET' });
      expect(answer.status).toBe(405);
    } finally {
      expect((await serve.stop()).code).toBe(143);
    }
    const recording = readRecording(file);
    expect(recording.start.recorder).toBe('pnpm serve --record');
    expect(recording.frames.map((frame) => frame.kind === 'http-response' && frame.status)).toEqual([
      false,
      405,
    ]);
  }, 60_000);

  it('pnpm mcp:stdio --record records each line; the replay answers the SDK client as the server did', async () => {
    const file = join(dir, 'stdio.jsonl');
    const session = async (entry: string, args: string[]) => {
      const client = new Client(
        { name: 'memos-kit-test', version: '1.0.0' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: entryArgs(entry, args),
        stderr: 'ignore',
      });
      await client.connect(transport);
      try {
        return (await client.listTools()).tools.map((tool) => tool.name);
      } finally {
        await client.close();
        await transport.close();
      }
    };
    const live = await session(STDIO_ENTRY, ['--dataset', 'empty', '--record', file]);
    const recording = readRecording(file);
    expect(recording.frames.every((frame) => frame.kind === 'stdio-line')).toBe(true);
    // The SDK's stdio transport probes with server/discover in a process of its own, then starts the one it
    // talks to: two sessions in one file, which is why a recorder appends.
    expect(recording.all.filter((frame) => frame.kind === 'start')).toHaveLength(2);
    expect(recording.frames.map((frame) => frame.kind === 'stdio-line' && frame.direction)).toContain(
      'server-to-client',
    );
    const replayed = await session(REPLAY, [file, '--transport', 'stdio', '--pace', 'fast']);
    expect(replayed).toEqual(live);
    expect(replayed).toHaveLength(20);
  }, 60_000);
});
