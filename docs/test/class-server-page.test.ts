// The class server page states the bounds per token in words the claims scanner does not read ("10
// requests a second"): this reads them from the page, in both languages, and compares them with the kit's.
import { readFileSync } from 'node:fs';
import { DEFAULT_LIMITS, REFUSAL_HOLD_MS } from '@memos-kit/memos-mcp/class';
import { describe, expect, it } from 'vitest';

const page = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

describe('the class server page', () => {
  it('states the bounds per token the class server applies', () => {
    const { ratePerSecond, burst, concurrent } = DEFAULT_LIMITS;
    expect(page('workshop/class-server.md')).toContain(
      `每个令牌每秒最多 ${ratePerSecond} 个请求（安静一会儿之后可以一次突发 ${burst} 个），同时最多 ${concurrent} 个请求`,
    );
    expect(page('en/workshop/class-server.md')).toContain(
      `each token may send ${ratePerSecond} requests a second (bursts of ${burst} after a quiet spell) and have ${concurrent} open at once`,
    );
    expect(REFUSAL_HOLD_MS).toBe(1000);
    expect(page('workshop/class-server.md')).toContain('还要等一秒才回答');
    expect(page('en/workshop/class-server.md')).toContain('the `429` itself waits a second');
  });
});
