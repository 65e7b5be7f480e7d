import { heldRecord } from '../held-record';

/**
 * What this browser knows about a link it started (decision 067): which
 * provider, for which Accord account, and where the person was. The provider
 * sends the browser back to /auth/callback with nothing but a code, and the
 * callback must name the account before anything is linked; an address
 * cannot be trusted to say it (whoever made the link chose the address).
 *
 * Kept in localStorage, beside the PKCE code verifier supabase-js keeps there:
 * the link can only be completed where the verifier is, so that is where the
 * record belongs. It lives as long as the auth service keeps the flow
 * (300 s to sign in at the provider, 300 s more to exchange the code), and is
 * taken once when the provider sends the person back.
 */
const STORAGE_KEY = 'accord.identity-link';
export const HELD_IDENTITY_LINK_LIFETIME_MS = 10 * 60 * 1000;

export interface IdentityLinkStart {
  /** The auth service's name for the provider (`keycloak`). */
  provider: string;
  /** The name people know it by, as its button says. */
  providerLabel: string;
  /** The Accord account signed in when the link was started: the one the identity joins. */
  userId: string;
  email: string;
  /** The page the link was started from, to return to. */
  returnTo: string;
}

interface Held extends IdentityLinkStart {
  heldAt: number;
}

const FIELDS = ['provider', 'providerLabel', 'userId', 'email', 'returnTo'] as const;

const record = heldRecord<Held>(STORAGE_KEY, (held) =>
  FIELDS.every((field) => typeof held[field] === 'string' && held[field] !== '') && typeof held.heldAt === 'number'
    ? (held as unknown as Held)
    : null,
);

/** Remembers a link this browser is starting, replacing any earlier one. */
export function holdIdentityLink(start: IdentityLinkStart, now: number = Date.now()): void {
  record.write({ ...start, heldAt: now });
}

/** Forgets the link this browser started, if any. */
export function releaseIdentityLink(): void {
  record.clear();
}

/**
 * The link this browser started for `provider`, taken (forgotten) so that it
 * answers one return only; null when none was started here, for another
 * provider, or too long ago.
 */
export function takeIdentityLink(provider: string, now: number = Date.now()): IdentityLinkStart | null {
  const held = record.read();
  record.clear();
  if (held === null || held.provider !== provider) return null;
  // A clock that moved backwards makes the age meaningless: treated as expired.
  const age = now - held.heldAt;
  if (age < 0 || age > HELD_IDENTITY_LINK_LIFETIME_MS) return null;
  const { heldAt: _heldAt, ...start } = held;
  return start;
}

// One answer per code for the life of the page: React's StrictMode starts the
// callback twice in development, and the second start must not find the record
// gone and call the link foreign.
const taken = new Map<string, IdentityLinkStart | null>();

/** takeIdentityLink, once per code the provider sent back. */
export function takeIdentityLinkOnce(code: string, provider: string, now: number = Date.now()): IdentityLinkStart | null {
  if (!taken.has(code)) taken.set(code, takeIdentityLink(provider, now));
  return taken.get(code) ?? null;
}
