import { NEXT_PARAM, parseParams, safeInternalPath } from './access';

/**
 * What a sign-in link brings to /auth/callback, read once and checked for
 * shape only (the auth server judges it): the query and fragment parameters,
 * the credentials (a PKCE code or fragment tokens, whose access token must at
 * least look like a JWT), the auth server's refusal of the link, and a
 * provider's return from linking an identity. The callback machine decides
 * what to do with it (sign-in-callback.machine.ts).
 */

/** `?link=<provider>` on /auth/callback: the provider's return from linking an identity to the account (decision 067). */
export const IDENTITY_LINK_PARAM = 'link';

export type Credentials =
  | { kind: 'code'; code: string }
  | { kind: 'tokens'; accessToken: string; refreshToken: string };

export interface CallbackUrl {
  /** `?invitation_token=`: an admin invitation, forwarded to /admin/accept-invitation. */
  invitationToken: string | null;
  /** `type` from the query (our own links) or else the fragment (the auth server's). */
  type: string | null;
  orgId: string | null;
  /**
   * `#tenant_invitation_token=`: a tenant invitation's token (decision 030), in
   * the fragment so no server sees it; the auth server appends its own
   * `#access_token=…` after it.
   */
  tenantInvitationToken: string | null;
  /** A remembered location (`?next=`), only if it is a safe internal path. */
  next: string | null;
  credentials: Credentials | null;
  /** The auth server's refusal of the link itself (expired, already used), from query or fragment. */
  urlError: { code: string | null; description: string } | null;
  /** `?link=`: the provider this is a linking return from, as the address says (which anyone could write). */
  identityLink: string | null;
}

/**
 * A link this browser started, as it held it: the address only says "link",
 * this says for whom. Only a browser that started a link has one.
 */
export interface PendingIdentityLink {
  provider: string;
  /** The provider's name as people know it. */
  providerLabel: string;
  /** The Accord account the identity joins. */
  email: string;
  /** Where the person started, to go back to. */
  returnTo: string;
}

export const EMPTY_URL: CallbackUrl = {
  invitationToken: null,
  type: null,
  orgId: null,
  tenantInvitationToken: null,
  next: null,
  credentials: null,
  urlError: null,
  identityLink: null,
};

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url → text without DOM or Node helpers (machines are pure), or null if it is not base64url UTF-8. */
function decodeBase64Url(segment: string): string | null {
  const clean = segment.replace(/=+$/, '');
  let bits = 0;
  let buffer = 0;
  let escaped = '';
  for (const char of clean) {
    const value = ALPHABET.indexOf(char);
    if (value === -1) return null;
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      escaped += `%${((buffer >> bits) & 0xff).toString(16).padStart(2, '0')}`;
    }
  }
  try {
    return decodeURIComponent(escaped);
  } catch {
    return null;
  }
}

function isJsonObject(text: string | null): boolean {
  if (text === null) return false;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** A JWT's shape: three base64url segments, the first two JSON objects. Says nothing about its validity. */
export function isWellFormedJwt(token: string): boolean {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return false;
  return isJsonObject(decodeBase64Url(parts[0])) && isJsonObject(decodeBase64Url(parts[1]));
}

/** Everything the callback needs from its URL, read once (the page then removes the tokens from the address bar). */
export function readCallbackUrl(search: string, hash: string): CallbackUrl {
  const query = parseParams(search);
  // A tenant invitation's link already has a fragment when the auth server
  // appends `#access_token=…` to it, so the browser lands on `#a=1#b=2`: read
  // every `#`-separated part (a `#` inside a value is always percent-encoded).
  const fragment = parseParams(hash.replace(/^#/, '').replace(/#/g, '&'));
  const accessToken = fragment.get('access_token') ?? '';
  const refreshToken = fragment.get('refresh_token') ?? '';
  const code = query.get('code') ?? '';
  let credentials: Credentials | null = null;
  if (code !== '') credentials = { kind: 'code', code };
  else if (accessToken !== '' && refreshToken !== '') credentials = { kind: 'tokens', accessToken, refreshToken };
  const errorDescription = query.get('error_description') ?? fragment.get('error_description') ?? null;
  const error = query.get('error') ?? fragment.get('error') ?? null;
  const urlError =
    errorDescription !== null || error !== null
      ? {
          code: query.get('error_code') ?? fragment.get('error_code') ?? null,
          description: errorDescription || error || 'The sign-in link was refused.',
        }
      : null;
  const nonEmpty = (value: string | undefined) => (value === undefined || value === '' ? null : value);
  return {
    invitationToken: nonEmpty(query.get('invitation_token')),
    type: nonEmpty(query.get('type')) ?? nonEmpty(fragment.get('type')),
    orgId: nonEmpty(query.get('org_id')) ?? nonEmpty(fragment.get('org_id')),
    tenantInvitationToken: nonEmpty(fragment.get('tenant_invitation_token')),
    next: safeInternalPath(query.get(NEXT_PARAM)),
    credentials,
    urlError,
    identityLink: nonEmpty(query.get(IDENTITY_LINK_PARAM)),
  };
}
