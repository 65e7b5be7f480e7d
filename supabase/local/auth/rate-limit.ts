import ipaddr from 'ipaddr.js';
import { tooManyRequests } from './errors.ts';

/**
 * Per-IP request limits, "N per 5 minutes" as Supabase configures them. Like
 * GoTrue's limiter this is a token bucket refilled at N / 300 s; unlike it, the
 * burst is N rather than a fixed 30, so a small configured limit is a real one,
 * and an IPv6 client is one /64 (see `limitKey`).
 */
const WINDOW_SECONDS = 300;
const HOUR_MS = 3_600_000;

/**
 * Whom a limit counts. One IPv6 subscriber is usually handed a whole /64 and can
 * use any of its 2^64 addresses, so counting single IPv6 addresses (as GoTrue
 * does) limits nobody; the /64 is the unit a network hands out.
 */
export function limitKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const network = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(':')}::/64`;
}

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

  /** Takes one request from the allowance of `ip`'s network; 429 over_request_rate_limit when none is left. */
  take(ip: string): void {
    const key = limitKey(ip);
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

/**
 * `[auth.rate_limit] email_sent`: at most N auth e-mails per hour, all
 * addresses together, counted in fixed hours from the service's start, exactly
 * as GoTrue's IntervalLimiter counts them (N = 0 refuses every e-mail).
 */
export class HourlyEmailLimit {
  private windowStart: number;
  private sent = 0;

  constructor(
    private readonly perHour: number,
    private readonly now: () => number = Date.now,
  ) {
    this.windowStart = now();
  }

  /** Counts one e-mail about to be sent; 429 over_email_send_rate_limit when the hour's are used up. */
  take(): void {
    const now = this.now();
    const hours = Math.floor((now - this.windowStart) / HOUR_MS);
    if (hours > 0) {
      this.windowStart += hours * HOUR_MS;
      this.sent = 0;
    }
    if (this.sent >= this.perHour) throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded');
    this.sent += 1;
  }
}
