import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Adapter, type AdapterPayload, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { httpService, type Supervisable } from '../supervisor.ts';
import { loginPage } from './login-page.ts';
import { findIdpUser, IDP_PASSWORD, idpUserBySub } from './users.ts';

/**
 * A local OpenID Connect provider standing in for an organisation's identity
 * provider, built on panva's certified `oidc-provider`. It looks like a
 * Keycloak realm (issuer `…/realms/accord`, endpoints under
 * `/protocol/openid-connect/`), because GoTrue's `keycloak` provider is the
 * one configured by an issuer URL alone; the auth stand-in talks to it exactly
 * as GoTrue talks to Keycloak. Decision 040.
 */
export const REALM_PATH = '/realms/accord';
const LOGIN_ACTIONS = `${REALM_PATH}/login-actions`;

export interface IdpOptions {
  port: number;
  /** Host name in the issuer; the browser and the auth service reach the provider by it. */
  host?: string;
  client: { clientId: string; secret: string; redirectUris: string[] };
  log?: (message: string) => void;
}

export interface RunningIdp extends Supervisable {
  issuer: string;
  port: number;
}

/**
 * The provider's state (sessions, codes, grants) in memory, one store per
 * provider instance: it is a stand-in and starts empty with the stack. Written
 * here so the library's shared quick-start adapter (and its warning) is not used.
 */
function memoryAdapter(): new (name: string) => Adapter {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const grants = new Map<string, Set<string>>();
  const live = (key: string) => {
    const hit = store.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return hit.payload;
  };
  return class MemoryAdapter implements Adapter {
    constructor(private readonly name: string) {}
    private key(id: string) {
      return `${this.name}:${id}`;
    }
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      const key = this.key(id);
      store.set(key, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY });
      if (payload.uid) store.set(`${this.name}:uid:${payload.uid}`, { payload: { id } as AdapterPayload, expiresAt: Date.now() + expiresIn * 1000 });
      if (payload.grantId) {
        const set = grants.get(payload.grantId) ?? new Set<string>();
        set.add(key);
        grants.set(payload.grantId, set);
      }
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUid(uid: string) {
      const ref = live(`${this.name}:uid:${uid}`);
      return ref ? live(this.key(String(ref.id))) : undefined;
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const hit = live(this.key(id));
      if (hit) hit.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const key of grants.get(grantId) ?? []) store.delete(key);
      grants.delete(grantId);
    }
  };
}

let key: ReturnType<typeof generateSigningKey> | undefined;
/**
 * One key per process: a provider the stack starts again (decision 090) keeps
 * signing with the key Auth already fetched, and skips an RSA key generation
 * that took seconds on a loaded machine.
 */
const signingKey = () => (key ??= generateSigningKey());

function generateSigningKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: 'accord-local-idp', use: 'sig', alg: 'RS256' };
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sendHtml(res: http.ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    // No form-action: browsers apply it to the redirects after the form, which leave for the auth service.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.end(html);
}

export async function startIdp(options: IdpOptions): Promise<RunningIdp> {
  const host = options.host ?? 'localhost';
  const log = options.log ?? (() => undefined);
  const issuer = `http://${host}:${options.port}${REALM_PATH}`;
  const { client } = options;

  const configuration: Configuration = {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.secret,
        client_name: 'Accord',
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey()] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // Keycloak's paths, so GoTrue's keycloak provider finds every endpoint from the issuer URL.
    routes: {
      authorization: '/protocol/openid-connect/auth',
      token: '/protocol/openid-connect/token',
      userinfo: '/protocol/openid-connect/userinfo',
      jwks: '/protocol/openid-connect/certs',
      end_session: '/protocol/openid-connect/logout',
      revocation: '/protocol/openid-connect/revoke',
      introspection: '/protocol/openid-connect/token/introspect',
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
    },
    // The claims of the granted scopes go into the ID token too, as Keycloak puts them.
    conformIdTokenClaims: false,
    // GoTrue's keycloak provider sends no PKCE to the provider; a confidential client does not need it.
    pkce: { required: () => false },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `${LOGIN_ACTIONS}/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const user = idpUserBySub(sub);
      if (!user) return undefined;
      return {
        accountId: user.sub,
        claims: () => ({
          sub: user.sub,
          email: user.email,
          email_verified: user.emailVerified,
          name: user.name,
          given_name: user.givenName,
          family_name: user.familyName,
          preferred_username: user.email.split('@')[0],
        }),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Error</title></head><body><h1>Sign-in error</h1><p>${String(out.error).replace(/[<>&]/g, '')}: ${String(out.error_description ?? '').replace(/[<>&]/g, '')}</p></body></html>`;
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.on('server_error', (_ctx, error) => log(`idp: ${error.message}`));
  const callback = provider.callback();

  /** Consent is implied: Accord is the realm's own, first-party client (Keycloak's "consent required" off). */
  async function grantAll(details: Awaited<ReturnType<Provider['interactionDetails']>>): Promise<string> {
    const accountId = details.session?.accountId ?? (details.result?.login as { accountId?: string } | undefined)?.accountId;
    const clientId = String(details.params.client_id);
    const grant = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
    const next = grant ?? new provider.Grant({ accountId, clientId });
    next.addOIDCScope(String(details.params.scope ?? 'openid'));
    return next.save();
  }

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const [, uid, action] = url.pathname.slice(LOGIN_ACTIONS.length).split('/');
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const self = `${LOGIN_ACTIONS}/${uid}`;
    const render = (status: number, extra: { login?: string; error?: string } = {}) =>
      sendHtml(res, status, loginPage({ action: `${self}/login`, abortAction: `${self}/abort`, clientName: 'Accord', ...extra }));

    if (req.method === 'GET' && !action) {
      if (details.prompt.name === 'login') return render(200);
      // Already signed in at the provider: only consent is missing, and it is implied.
      return provider.interactionFinished(req, res, { consent: { grantId: await grantAll(details) } }, { mergeWithLastSubmission: true });
    }
    if (req.method === 'POST' && action === 'login') {
      const form = await readForm(req);
      const login = form.get('login') ?? '';
      const user = findIdpUser(login);
      if (!user || form.get('password') !== IDP_PASSWORD) return render(400, { login, error: 'Invalid e-mail or password.' });
      const grantId = await grantAll({ ...details, session: { accountId: user.sub } } as typeof details);
      return provider.interactionFinished(req, res, { login: { accountId: user.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
    }
    if (req.method === 'POST' && action === 'abort') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The person cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
    }
    res.writeHead(405).end();
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const done = (error: unknown) => {
      log(`idp: ${req.method} ${url.pathname} failed: ${(error as Error)?.message ?? String(error)}`);
      if (!res.headersSent) sendHtml(res, 400, '<!doctype html><title>Error</title><p>This sign-in has expired or is invalid. Start again from the app.</p>');
      else res.destroy();
    };
    if (url.pathname.startsWith(`${LOGIN_ACTIONS}/`)) {
      interaction(req, res, url).catch(done);
    } else if (url.pathname === REALM_PATH || url.pathname.startsWith(`${REALM_PATH}/`)) {
      // Mounted under the realm path as Express would mount it: the library reads the prefix from originalUrl.
      (req as http.IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
      req.url = req.url!.slice(REALM_PATH.length) || '/';
      Promise.resolve(callback(req, res)).catch(done);
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    }
  });

  try {
    // events.once rejects on 'error' (the port is taken) before 'listening'.
    await once(server.listen(options.port, '127.0.0.1'), 'listening');
  } catch (error) {
    throw new Error(`The local identity provider could not listen on port ${options.port}: ${(error as Error).message}`);
  }
  const port = (server.address() as AddressInfo).port;
  return { issuer, port, ...httpService(server) };
}
