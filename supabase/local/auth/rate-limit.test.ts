import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.ts';

describe('per-IP rate limiter', () => {
  it('allows the limit at once, refuses the next, and refills at limit per five minutes', () => {
    let now = 0;
    const limiter = new RateLimiter(3, () => now);
    for (let i = 0; i < 3; i++) limiter.take('a');
    expect(() => limiter.take('a')).toThrow(expect.objectContaining({ status: 429, code: 'over_request_rate_limit' }));
    limiter.take('b');

    now += 100_000; // a third of the window gives back one request
    limiter.take('a');
    expect(() => limiter.take('a')).toThrow('Request rate limit reached');
  });
});
