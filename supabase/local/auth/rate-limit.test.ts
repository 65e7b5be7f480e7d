import { describe, expect, it } from 'vitest';
import { HourlyEmailLimit, limitKey, RateLimiter } from './rate-limit.ts';

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

describe('whom a per-IP limit counts', () => {
  it('an IPv4 address as itself, also when written as an IPv4-mapped IPv6 address', () => {
    expect(limitKey('203.0.113.9')).toBe('203.0.113.9');
    expect(limitKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('an IPv6 address by its /64, however it is written', () => {
    expect(limitKey('2001:db8:aa:1::1')).toBe('2001:db8:aa:1::/64');
    expect(limitKey('2001:0DB8:00AA:0001:ffff:ffff:ffff:ffff')).toBe('2001:db8:aa:1::/64');
    expect(limitKey('2001:db8:aa:2::1')).toBe('2001:db8:aa:2::/64');
    expect(limitKey('::1')).toBe('0:0:0:0::/64');
  });

  it('shares one allowance across a /64', () => {
    const limiter = new RateLimiter(2, () => 0);
    limiter.take('2001:db8::1');
    limiter.take('2001:db8::2');
    expect(() => limiter.take('2001:db8::ffff')).toThrow('Request rate limit reached');
    limiter.take('2001:db8:0:1::1');
  });

  it('leaves something that is not an address as it is', () => {
    expect(limitKey('')).toBe('');
  });
});

describe('hourly e-mail limit (email_sent)', () => {
  it('allows N e-mails per hour counted from the start, then GoTrue’s 429, and a new hour starts afresh', () => {
    let now = 1_000;
    const limit = new HourlyEmailLimit(2, () => now);
    limit.take();
    now += 3_599_000;
    limit.take();
    expect(() => limit.take()).toThrow(expect.objectContaining({ status: 429, code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' }));
    now += 1_000; // the second hour
    limit.take();
    limit.take();
    expect(() => limit.take()).toThrow('email rate limit exceeded');
  });

  it('refuses every e-mail when set to 0', () => {
    expect(() => new HourlyEmailLimit(0).take()).toThrow('email rate limit exceeded');
  });
});
