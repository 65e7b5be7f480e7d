import { describe, expect, it } from 'vitest';

import { isLoopback, stripeAddress } from '../../functions/_shared/payments/stripe-address.ts';
import { stackConfig } from '../config.ts';
import { functionEnv } from '../functions.ts';

/**
 * No test and no local run reaches Stripe (decision 079): in every profile the
 * functions are given a STRIPE_API_BASE on this machine, and the library is
 * pointed at exactly that host and port.
 */
describe('Stripe stays on the loopback', () => {
  for (const profile of ['dev', 'test'] as const) {
    it(`the ${profile} profile gives the functions the local Stripe`, () => {
      const config = stackConfig(profile);
      const env = functionEnv(config);
      expect(isLoopback(env.STRIPE_API_BASE)).toBe(true);
      expect(stripeAddress(env.STRIPE_API_BASE)).toEqual({ host: '127.0.0.1', port: config.ports.stripe, protocol: 'http' });
      expect(env.STRIPE_SECRET_KEY).toMatch(/^sk_test_/);
    });
  }

  it('tells real Stripe from the loopback', () => {
    expect(isLoopback('https://api.stripe.com')).toBe(false);
    expect(isLoopback('http://localhost:54332')).toBe(true);
    expect(stripeAddress()).toEqual({ host: 'api.stripe.com', port: 443, protocol: 'https' });
    expect(() => stripeAddress('https://api.stripe.com/v1')).toThrow(/bare origin/);
  });
});
