import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';

/**
 * One place for the local stack's ports, paths and keys.
 *
 * Two profiles run side by side: `dev` (what `npm start` serves, on the Supabase
 * CLI's ports) and `test` (what the test tiers start), so tests never touch the
 * developer's data and can run while `npm start` is up.
 */
export type StackProfile = 'dev' | 'test';

export interface StackPorts {
  /** The gateway: /auth/v1, /rest/v1, /storage/v1, /realtime/v1 and /functions/v1. */
  api: number;
  db: number;
  inbox: number;
  smtp: number;
  /** Internal services behind the gateway. */
  rest: number;
  auth: number;
  storage: number;
  functions: number;
  /** The local OpenID Connect provider standing in for an external identity provider (oidc/). */
  idp: number;
  /** The Realtime stand-in (realtime/), behind the gateway's /realtime/v1. */
  realtime: number;
  /** The local Stripe (stripe/): its API, its hosted payment page and its control endpoints. */
  stripe: number;
  app: number;
}

export interface DevKeys {
  kid: string;
  privateJwk: Record<string, unknown>;
  publicJwk: Record<string, unknown>;
  anonKey: string;
  serviceRoleKey: string;
  /**
   * The network's signing key for trust lists and membership credentials
   * (decision 080): an Edge Function secret, NETWORK_SIGNING_KEY; its
   * public half is published at the app's /.well-known/jwks.json.
   */
  trustSigningKey: Record<string, unknown> & { kid: string };
}

/** The [auth] settings of supabase/config.toml that the auth stand-in honours. */
export interface AuthSettings {
  siteUrl: string;
  /** Redirect targets accepted besides the site URL (globs, as GoTrue matches them). */
  additionalRedirectUrls: string[];
  jwtExpirySeconds: number;
  refreshTokenRotation: boolean;
  refreshTokenReuseIntervalSeconds: number;
  enableSignup: boolean;
  /** Minimum seconds between two e-mails to the same address. */
  emailMaxFrequencySeconds: number;
  /** `[auth.rate_limit] email_sent`: auth e-mails per hour, all addresses together. */
  emailSentPerHour: number;
  otpLength: number;
  otpExpirySeconds: number;
  /** `[auth.email] enable_confirmations`: when false, a sign-up is confirmed at once. */
  enableConfirmations: boolean;
  /** `[auth.email] double_confirm_changes`: an address change is confirmed from both addresses. */
  secureEmailChange: boolean;
  passwordMinLength: number;
  /** bcrypt cost of new password hashes (see AuthSettingsExtras in auth/context.ts). */
  passwordHashCost: number;
  /** Per-IP request limits per 5 minutes. */
  rateLimits: { signInSignUps: number; tokenVerifications: number; tokenRefresh: number };
  /** `[auth] enable_manual_linking`: /user/identities is open (GoTrue's SECURITY_MANUAL_LINKING_ENABLED). */
  manualLinking: boolean;
  /** `[auth.external.<provider>]` sections, by provider name. */
  external: Record<string, ExternalProviderSettings>;
  /** `[auth.mfa]`: TOTP factors (supabase/local/auth/handlers/mfa.ts, decision 039). */
  mfa: MfaSettings;
}

export interface MfaSettings {
  /** `[auth.mfa] max_enrolled_factors`: factors a user may hold, verified or not. */
  maxEnrolledFactors: number;
  /** `[auth.mfa.totp] enroll_enabled` / `verify_enabled`. */
  totpEnrollEnabled: boolean;
  totpVerifyEnabled: boolean;
  /**
   * Seconds a challenge can be answered. GoTrue's MFA_CHALLENGE_EXPIRY_DURATION,
   * which config.toml cannot set and hosted Supabase keeps at 300; only tests
   * shorten it.
   */
  challengeExpirySeconds: number;
  /**
   * Wrong codes allowed per factor and per client network within a window;
   * stand-in only, see decision 039. Only tests change them.
   */
  wrongCodes: { perFactor: number; perIp: number; windowSeconds: number };
}

/** One `[auth.external.<provider>]` section, as the Supabase CLI reads it. */
export interface ExternalProviderSettings {
  enabled: boolean;
  clientId: string;
  secret: string;
  /** The provider's base URL (for keycloak: the realm's issuer). */
  url: string;
  /** Where the provider sends the browser back; empty means the auth service's own /callback. */
  redirectUri: string;
  skipNonceCheck: boolean;
}

export interface StackConfig {
  profile: StackProfile;
  rootDir: string;
  dataDir: string;
  pgDataDir: string;
  ports: StackPorts;
  dbUrl: string;
  /** What supabase-js is given as its URL. */
  apiUrl: string;
  inboxUrl: string;
  appUrl: string;
  keys: DevKeys;
  auth: AuthSettings;
  stripe: StripeSettings;
}

/**
 * What the functions are given as Supabase secrets to reach Stripe (decision
 * 079): locally the stand-in on the loopback, with keys that are public by
 * design; on hosted, real Stripe's base and the project's own secrets.
 */
export interface StripeSettings {
  /** STRIPE_API_BASE: where the `stripe` library sends its requests. */
  apiBase: string;
  /** STRIPE_SECRET_KEY */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET: the signing secret of the webhook endpoint. */
  webhookSecret: string;
}

export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_accord_local_stripe';
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_accord_local_stripe';

export const ROOT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const BASE_PORTS: Record<StackProfile, StackPorts> = {
  dev: {
    api: 54321, db: 54322, inbox: 54324, smtp: 54325,
    rest: 54326, auth: 54327, storage: 54328, functions: 54329, idp: 54330, realtime: 54331, stripe: 54332, app: 5173,
  },
  // Below Linux's ephemeral range (32768–60999, net.ipv4.ip_local_port_range):
  // the kernel never picks these as the source port of an outgoing connection,
  // so a connection of the run itself (or one in TIME-WAIT) cannot hold a port
  // the stack is about to listen on. They were 55321… and a bench failed with
  // EADDRINUSE 127.0.0.1:55324 that way. The dev profile keeps Supabase CLI's
  // ports, which every guide names; it is started once, by a person.
  test: {
    api: 25321, db: 25322, inbox: 25324, smtp: 25325,
    rest: 25326, auth: 25327, storage: 25328, functions: 25329, idp: 25330, realtime: 25331, stripe: 25332, app: 25173,
  },
};

let cachedKeys: DevKeys | undefined;
export function devKeys(): DevKeys {
  cachedKeys ??= JSON.parse(readFileSync(join(ROOT_DIR, 'supabase/local/dev-keys.json'), 'utf8')) as DevKeys;
  return cachedKeys;
}

function seconds(value: unknown, fallback: number): number {
  if (typeof value === 'number') return value;
  const m = typeof value === 'string' ? /^(\d+)(ms|s|m|h)?$/.exec(value.trim()) : null;
  if (!m) return fallback;
  const n = Number(m[1]);
  return { ms: n / 1000, s: n, m: n * 60, h: n * 3600 }[m[2] ?? 's'] ?? n;
}

type Toml = Record<string, Record<string, unknown> | undefined>;

/** The secret the local identity provider gives its one client when `env(...)` names an unset variable. */
export const LOCAL_IDP_CLIENT_SECRET = 'accord-local-idp-secret';

/**
 * `[auth.external.*]`: `env(NAME)` reads the environment as the CLI does; the
 * local provider's URL moves onto the profile's idp port.
 */
function readExternalProviders(sections: Record<string, Record<string, unknown>>, idpPort: number): AuthSettings['external'] {
  const fromEnv = (value: unknown, fallback: string): string => {
    const text = typeof value === 'string' ? value : '';
    const m = /^env\((\w+)\)$/.exec(text.trim());
    return m ? (process.env[m[1]] ?? fallback) : text;
  };
  return Object.fromEntries(
    Object.entries(sections).map(([name, s]) => [
      name,
      {
        enabled: s.enabled === true,
        clientId: fromEnv(s.client_id, ''),
        secret: fromEnv(s.secret, LOCAL_IDP_CLIENT_SECRET),
        url: fromEnv(s.url, '').replace(/^(http:\/\/(?:localhost|127\.0\.0\.1)):54330\b/, `$1:${idpPort}`),
        redirectUri: fromEnv(s.redirect_uri, ''),
        skipNonceCheck: s.skip_nonce_check === true,
      },
    ]),
  );
}

/** Reads supabase/config.toml and moves every localhost URL onto the profile's app port. */
function readAuthSettings(profile: StackProfile, appPort: number, idpPort: number): AuthSettings {
  const toml = parseToml(readFileSync(join(ROOT_DIR, 'supabase/config.toml'), 'utf8')) as Toml;
  const auth = (toml.auth ?? {}) as Record<string, unknown> & {
    rate_limit?: Record<string, number>;
    email?: Record<string, unknown>;
    external?: Record<string, Record<string, unknown>>;
    mfa?: Record<string, unknown> & { totp?: Record<string, unknown> };
  };
  const rebase = (u: string) => u.replace(/^(http:\/\/(?:localhost|127\.0\.0\.1)):5173/, `$1:${appPort}`);
  const rl = auth.rate_limit ?? {};
  const email = auth.email ?? {};
  const mfa = auth.mfa ?? {};
  // Browser tests sign in many times from one address, and ask for a second
  // mail to one address at once; they get roomy limits and no cooldown, and the
  // auth contract tests exercise the limits on an instance of their own.
  const roomy = profile === 'test' ? 100_000 : undefined;
  const noCooldown = profile === 'test' ? 0 : undefined;
  return {
    siteUrl: rebase(String(auth.site_url ?? 'http://localhost:5173')),
    additionalRedirectUrls: ((auth.additional_redirect_urls as string[] | undefined) ?? []).map(rebase),
    jwtExpirySeconds: Number(auth.jwt_expiry ?? 3600),
    refreshTokenRotation: auth.enable_refresh_token_rotation !== false,
    refreshTokenReuseIntervalSeconds: Number(auth.refresh_token_reuse_interval ?? 10),
    enableSignup: auth.enable_signup !== false,
    emailMaxFrequencySeconds: noCooldown ?? seconds(email.max_frequency, 60),
    emailSentPerHour: roomy ?? Number(rl.email_sent ?? 30),
    otpLength: Number(email.otp_length ?? 6),
    otpExpirySeconds: Number(email.otp_expiry ?? 3600),
    enableConfirmations: email.enable_confirmations === true,
    secureEmailChange: email.double_confirm_changes !== false,
    passwordMinLength: Number(auth.minimum_password_length ?? 6),
    passwordHashCost: profile === 'test' ? 4 : 10,
    rateLimits: {
      signInSignUps: roomy ?? Number(rl.sign_in_sign_ups ?? 30),
      tokenVerifications: roomy ?? Number(rl.token_verifications ?? 30),
      tokenRefresh: roomy ?? Number(rl.token_refresh ?? 150),
    },
    manualLinking: auth.enable_manual_linking === true,
    external: readExternalProviders(auth.external ?? {}, idpPort),
    mfa: {
      maxEnrolledFactors: Number(mfa.max_enrolled_factors ?? 10),
      totpEnrollEnabled: mfa.totp?.enroll_enabled === true,
      totpVerifyEnabled: mfa.totp?.verify_enabled === true,
      challengeExpirySeconds: 300,
      wrongCodes: { perFactor: 5, perIp: roomy ?? 20, windowSeconds: 900 },
    },
  };
}

/**
 * ACCORD_TEST_PORT_OFFSET moves the test profile's ports (and data directory),
 * so two checkouts or two engineers can run the test tiers at the same time.
 */
function testPortOffset(): number {
  const raw = process.env.ACCORD_TEST_PORT_OFFSET;
  if (!raw) return 0;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 900) throw new Error(`ACCORD_TEST_PORT_OFFSET must be an integer from 0 to 900 (got "${raw}")`);
  return n;
}

/**
 * `extraOffset` moves a test stack further, for a test that starts a second stack
 * of its own beside the tier's (the supervisor's test kills its services).
 */
export function stackConfig(profile: StackProfile = 'dev', opts: { extraOffset?: number } = {}): StackConfig {
  const offset = profile === 'test' ? testPortOffset() + (opts.extraOffset ?? 0) : 0;
  const ports = Object.fromEntries(Object.entries(BASE_PORTS[profile]).map(([k, v]) => [k, v + offset])) as unknown as StackPorts;
  const dataDir = join(ROOT_DIR, '.data', offset ? `${profile}-${offset}` : profile);
  const appUrl = `http://localhost:${ports.app}`;
  return {
    profile,
    rootDir: ROOT_DIR,
    dataDir,
    pgDataDir: join(dataDir, 'postgres'),
    ports,
    dbUrl: `postgresql://postgres:postgres@127.0.0.1:${ports.db}/postgres`,
    apiUrl: `http://localhost:${ports.api}`,
    inboxUrl: `http://localhost:${ports.inbox}`,
    appUrl,
    keys: devKeys(),
    auth: readAuthSettings(profile, ports.app, ports.idp),
    stripe: { apiBase: `http://127.0.0.1:${ports.stripe}`, secretKey: LOCAL_STRIPE_SECRET_KEY, webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET },
  };
}
