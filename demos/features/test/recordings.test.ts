// The recordings are the demo's own bytes: a fresh run of the same scenario must say the same things.

import { readFileSync } from 'node:fs';
import { parseSse } from '@memos-kit/protocol';
import { createPaint, Printer } from '@memos-kit/terminal';
import { compareJson, type HttpMessage, parseHttpMessage } from '@memos-kit/wire';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRecordingManifest, recordingPath } from '../src/recordings.ts';
import { type Exchange, messageText } from '../src/requests.ts';
import { runFeatures } from '../src/run.ts';

const manifest = loadRecordingManifest();
const live = new Map<string, Exchange>();

beforeAll(async () => {
  const failures = await runFeatures(
    new Printer({ paint: createPaint(false), width: 100, write: () => {} }),
    'en',
    {
      record: (id, exchange) => live.set(id, exchange),
    },
  );
  expect(failures).toBe(0);
}, 60_000);

/** A memo's timestamps are the moment of the run; everything else must be equal. */
function stable(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, inner) => (/Time$/.test(key) ? '<time>' : inner));
}

/** The JSON values of a body: one for a JSON body, one per event for an SSE stream. */
function values(message: HttpMessage): unknown[] {
  if (message.body.startsWith('event:') || message.body.startsWith('data:'))
    return parseSse(message.body).map((event) => stable(JSON.parse(event.data)));
  return [stable(JSON.parse(message.body))];
}

describe('the recordings of pnpm demo:features', () => {
  it("say they are the kit's own, for the protocol they were made with", () => {
    expect(manifest.source.en).toMatch(/not from the article/);
    expect(manifest.protocolVersion).toBe('2026-07-28');
  });

  it('are exactly the exchanges the scenario makes, one folder each', () => {
    expect([...live.keys()].sort()).toEqual(manifest.recordings.map((entry) => entry.id).sort());
  });

  it.each(manifest.recordings.map((entry) => [entry.id, entry] as const))('%s replays', (id, entry) => {
    const exchange = live.get(id);
    if (!exchange) throw new Error(`the scenario made no ${id}`);
    const request = readFileSync(recordingPath(entry, 'request'), 'utf8');
    const response = parseHttpMessage(readFileSync(recordingPath(entry, 'response'), 'utf8'));
    // Requests are the demo's own, so they are byte for byte the same.
    expect(messageText(exchange.request)).toBe(request);
    expect(readFileSync(recordingPath(entry, 'requestBody'), 'utf8')).toBe(exchange.request.body);
    expect(exchange.response.startLine).toBe(response.startLine);
    expect(exchange.response.headers).toEqual(response.headers);
    const recorded = values(response);
    const now = values(exchange.response).slice(0, recorded.length);
    expect(compareJson(now, recorded, 'exact')).toEqual([]);
  });
});
