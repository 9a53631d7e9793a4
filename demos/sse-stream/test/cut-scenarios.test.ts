import { readFileSync } from 'node:fs';
import { loadFixture } from '@memos-kit/wire';
import { describe, expect, it } from 'vitest';
import { buildScenarios, incompleteUtf8Tail, type ScenarioKey, seededRandom } from '../src/cut-scenarios.ts';
import { concat } from '../src/live-call.ts';
import { decode } from './helpers.ts';

const body = new Uint8Array(readFileSync(loadFixture('sse-progress').path('body')));
const scenarios = buildScenarios(body, undefined, 6);
const byKey = (key: ScenarioKey) => {
  const scenario = scenarios.find((candidate) => candidate.key === key);
  if (!scenario) throw new Error(`no scenario ${key}`);
  return scenario;
};

describe('the cuts of --lesson chunks', () => {
  it('never lose or add a byte, and never hand over an empty read', () => {
    for (const scenario of scenarios.filter((candidate) => !candidate.variant))
      expect(concat(scenario.reads)).toStrictEqual(body);
    for (const scenario of scenarios) expect(scenario.reads.every((read) => read.length > 0)).toBe(true);
  });

  it('cut where each title says (the catalog titles them by key)', () => {
    expect(decode(byKey('InsideData').reads[0] as Uint8Array)).toMatch(/\nda$/);
    expect(decode(byKey('BlankLine').reads[0] as Uint8Array)).toMatch(/[^\n]\n$/);
    expect(decode(byKey('Crlf').reads[0] as Uint8Array)).toMatch(/\r$/);
    expect(decode(byKey('Crlf').reads[1] as Uint8Array)).toBe('\n\r');
    const multiByte = byKey('MultiByte').reads;
    expect(incompleteUtf8Tail(multiByte[0] as Uint8Array)).toBe(1);
    expect(incompleteUtf8Tail(concat(multiByte.slice(0, 2)))).toBe(2);
    expect(
      byKey('MultiLine')
        .reads.map(decode)
        .join('')
        .match(/^data:/gm)?.length,
    ).toBeGreaterThan(4);
  });

  it('are the same for the same seed and differ for another', () => {
    const again = buildScenarios(body, undefined, 6)[0]?.reads.map((read) => read.length);
    expect(again).toStrictEqual(scenarios[0]?.reads.map((read) => read.length));
    const other = buildScenarios(body, undefined, 7)[0]?.reads.map((read) => read.length);
    expect(other).not.toStrictEqual(again);
    expect(seededRandom(1)()).not.toBe(seededRandom(2)());
  });
});
