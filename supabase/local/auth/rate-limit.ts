import { tooManyRequests } from './errors.ts';

/**
 * Per-IP request limits, "N per 5 minutes" as Supabase configures them. Like
 * GoTrue's limiter this is a token bucket refilled at N / 300 s; unlike it, the
 * burst is N rather than a fixed 30, so a small configured limit is a real one.
 */
const WINDOW_SECONDS = 300;

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly refillPerMs: number;

  constructor(
    private readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {
    this.refillPerMs = limit / (WINDOW_SECONDS * 1000);
  }

  /** Takes one request from `key`'s allowance; 429 over_request_rate_limit when none is left. */
  take(key: string): void {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.limit, updatedAt: now };
    bucket.tokens = Math.min(this.limit, bucket.tokens + (now - bucket.updatedAt) * this.refillPerMs);
    bucket.updatedAt = now;
    if (bucket.tokens < 1) {
      this.buckets.set(key, bucket);
      throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
    }
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.forgetFullBuckets(now);
  }

  /** A full bucket is the same as no bucket; dropping them keeps memory bounded. */
  private forgetFullBuckets(now: number): void {
    for (const [key, b] of this.buckets) {
      if (b.tokens + (now - b.updatedAt) * this.refillPerMs >= this.limit) this.buckets.delete(key);
    }
  }
}
