// Bounds per token, so one student's loop (a `while true; do curl …`) costs that student alone: a request
// rate (a token bucket) and a number of requests open at once, an SSE stream counting until it ends.
// Refusals cost a few microseconds and read no body, which is what keeps the rest of the class fast.

export interface Limits {
  /** Requests a token may send per second, on average. */
  ratePerSecond: number;
  /** Requests a token may send at once after a quiet spell (the bucket's size). */
  burst: number;
  /** Requests (an SSE stream included, until it ends) one token may have open at the same time. */
  concurrent: number;
}

export const DEFAULT_LIMITS: Limits = { ratePerSecond: 10, burst: 20, concurrent: 4 };

export type Refusal = { reason: 'rate'; retryAfterSeconds: number } | { reason: 'concurrent' };

interface Bucket {
  tokens: number;
  at: number;
  open: number;
}

export class TokenLimits {
  readonly #buckets = new Map<string, Bucket>();
  readonly #now: () => number;

  constructor(
    readonly limits: Limits = DEFAULT_LIMITS,
    now: () => number = () => performance.now(),
  ) {
    this.#now = now;
  }

  /** Takes a place for one request, or says why there is none; `release` gives the place back. */
  admit(key: string): { release: () => void } | Refusal {
    const now = this.#now();
    const bucket = this.#buckets.get(key) ?? { tokens: this.limits.burst, at: now, open: 0 };
    this.#buckets.set(key, bucket);
    bucket.tokens = Math.min(
      this.limits.burst,
      bucket.tokens + ((now - bucket.at) / 1000) * this.limits.ratePerSecond,
    );
    bucket.at = now;
    if (bucket.open >= this.limits.concurrent) return { reason: 'concurrent' };
    if (bucket.tokens < 1) {
      const wait = (1 - bucket.tokens) / this.limits.ratePerSecond;
      return { reason: 'rate', retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
    }
    bucket.tokens -= 1;
    bucket.open += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        bucket.open -= 1;
      },
    };
  }
}
