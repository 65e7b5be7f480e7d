import type { ExternalProviderSettings } from '../../config.ts';
import { badRequest, internal } from '../errors.ts';

/**
 * GoTrue's keycloak provider (internal/api/provider/keycloak.go): a
 * confidential OAuth 2.0 client of a Keycloak-style realm whose endpoints hang
 * off the issuer URL; the person's details come from the userinfo endpoint.
 * It is what hosted Supabase offers for "any OpenID Connect provider given by
 * its issuer URL", so the local stand-in speaks to the local OIDC provider the
 * same way.
 */
export const SUPPORTED_PROVIDERS = ['keycloak'] as const;

export interface ProviderEmail {
  email: string;
  verified: boolean;
  primary: boolean;
}

/** GoTrue's provider.UserProvidedData: the identity's claims (as stored in identity_data) and its addresses. */
export interface UserProvidedData {
  emails: ProviderEmail[];
  /** provider.Claims as fatih/structs maps it: omitempty fields left out, the two *_verified always present. */
  claims: Record<string, unknown> & { sub: string };
}

export interface OAuthProvider {
  name: string;
  authCodeUrl(state: string, scopes: string, extra: URLSearchParams): string;
  exchange(code: string): Promise<{ accessToken: string; refreshToken: string }>;
  userData(accessToken: string): Promise<UserProvidedData>;
}

/** Go's url.Values.Encode: keys sorted, form-encoded. */
export function goEncode(params: URLSearchParams): string {
  const copy = new URLSearchParams(params);
  copy.sort();
  return copy.toString();
}

/** golang.org/x/oauth2's basic auth: id and secret query-escaped first (RFC 6749 §2.3.1). */
const basicAuth = (id: string, secret: string): string =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

const STANDARD_CLAIMS = new Set(['name', 'sub', 'email', 'email_verified']);

/**
 * The provider named in a request, or GoTrue's error for it: unknown names and
 * sections that are disabled or incomplete are "Unsupported provider".
 */
export function loadProvider(
  name: string,
  external: Record<string, ExternalProviderSettings>,
  defaultRedirectUri: string,
): OAuthProvider {
  const lower = name.toLowerCase();
  if (!(SUPPORTED_PROVIDERS as readonly string[]).includes(lower)) {
    throw badRequest('validation_failed', `Unsupported provider: Provider ${lower} could not be found`);
  }
  const settings = external[lower];
  const problem = !settings?.enabled
    ? 'provider is not enabled'
    : !settings.clientId
      ? 'missing OAuth client ID'
      : !settings.secret
        ? 'missing OAuth secret'
        : !settings.url
          ? 'unable to find URL for the Keycloak provider'
          : undefined;
  if (problem) throw badRequest('validation_failed', `Unsupported provider: ${problem}`);
  const host = settings!.url.replace(/\/$/, '');
  const redirectUri = settings!.redirectUri || defaultRedirectUri;
  const { clientId, secret } = settings!;

  return {
    name: lower,
    authCodeUrl(state, scopes, extra) {
      const params = new URLSearchParams(extra);
      params.set('client_id', clientId);
      params.set('redirect_uri', redirectUri);
      params.set('response_type', 'code');
      params.set('scope', ['profile', 'email', ...(scopes ? scopes.split(',') : [])].join(' '));
      params.set('state', state);
      return `${host}/protocol/openid-connect/auth?${goEncode(params)}`;
    },
    async exchange(code) {
      const res = await fetch(`${host}/protocol/openid-connect/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: basicAuth(clientId, secret) },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
      }).catch(() => undefined);
      const body = res?.ok ? ((await res.json()) as Record<string, unknown>) : undefined;
      if (!body || typeof body.access_token !== 'string') {
        throw internal(`Unable to exchange external code: ${code.slice(0, 4)}`);
      }
      return { accessToken: body.access_token, refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : '' };
    },
    async userData(accessToken) {
      const res = await fetch(`${host}/protocol/openid-connect/userinfo`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      }).catch(() => undefined);
      const raw = res?.ok ? ((await res.json()) as Record<string, unknown>) : undefined;
      if (!raw) throw internal('Error getting user profile from external provider');
      const str = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : '');
      const emailVerified = raw.email_verified === true;
      const custom = Object.fromEntries(Object.entries(raw).filter(([k]) => !STANDARD_CLAIMS.has(k)));
      const claims: UserProvidedData['claims'] = { iss: host, sub: str('sub') };
      if (!claims.iss) delete claims.iss;
      if (str('name')) claims.name = str('name');
      // GoTrue's identity BeforeCreate stores the address lower-cased.
      if (str('email')) claims.email = str('email').toLowerCase();
      claims.email_verified = emailVerified;
      claims.phone_verified = false;
      if (Object.keys(custom).length > 0) claims.custom_claims = custom;
      if (str('name')) claims.full_name = str('name');
      if (str('sub')) claims.provider_id = str('sub');
      return {
        emails: str('email') ? [{ email: str('email'), verified: emailVerified, primary: true }] : [],
        claims,
      };
    },
  };
}
