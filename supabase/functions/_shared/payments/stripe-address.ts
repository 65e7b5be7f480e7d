/**
 * Where the `stripe` library sends its requests, from the STRIPE_API_BASE
 * secret: real Stripe on hosted (https://api.stripe.com), the local stand-in
 * on the loopback here (decision 079). Plain code with no imports, so the Edge
 * Functions (Deno) and the contract tests (Node) configure the library alike.
 */
export interface StripeAddress {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export const STRIPE_DEFAULT_API_BASE = 'https://api.stripe.com';

export function stripeAddress(apiBase: string = STRIPE_DEFAULT_API_BASE): StripeAddress {
  const url = new URL(apiBase);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`STRIPE_API_BASE must be an http(s) URL (got ${apiBase})`);
  if (url.pathname !== '/' || url.search) throw new Error(`STRIPE_API_BASE is a bare origin such as https://api.stripe.com (got ${apiBase})`);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** True for an address on this machine: what every local profile must point the library at. */
export function isLoopback(apiBase: string): boolean {
  const host = new URL(apiBase).hostname;
  return host === 'localhost' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
}
