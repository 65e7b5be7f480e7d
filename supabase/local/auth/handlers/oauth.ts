import { clientInfo, requireUser, type AuthContext } from '../context.ts';
import { maybeRow, rows, type Queryable } from '../db.ts';
import { ApiError, badRequest, notFound, OAuthError, oauthErrorName, unprocessable } from '../errors.ts';
import { ensureLinkable, linkExternalIdentity, signInWithExternalIdentity, unlinkIdentity } from '../external/accounts.ts';
import { goEncode, loadProvider, type OAuthProvider, type UserProvidedData } from '../external/keycloak.ts';
import { readPkceParams, type ExchangedCode } from '../flow-state.ts';
import { json, type ApiRequest, type Reply } from '../http.ts';
import { referrer } from '../redirects.ts';
import type { Route } from '../router.ts';
import { newId } from '../secrets.ts';
import type { TokenResponse } from '../sessions.ts';
import { findUserById, type UserRow } from '../users.ts';
import { codeRedirect } from './verify.ts';

/**
 * Sign-in with an external OAuth/OIDC provider and linked identities, as GoTrue
 * does them (external.go, external_oauth.go, identity.go):
 * - GET /authorize?provider=… sends the browser to the provider; the flow's
 *   auth.flow_state row id is the OAuth `state`, for PKCE and implicit alike.
 * - GET /callback takes the provider's code, reads the person's details, finds,
 *   links or creates the account and sends the browser back to the flow's
 *   redirect target: `?code=` under PKCE, the session in the fragment otherwise,
 *   `error`, `error_code`, `error_description` when it fails.
 * - GET /user/identities/authorize starts the same flow for a signed-in person
 *   (manual linking); DELETE /user/identities/:id unlinks, never the last one.
 *
 * Unlike GoTrue, linking is bound to the browser that asked for it (decision
 * 067): it needs PKCE, /callback only checks the identity and keeps the link
 * pending in the flow state, and the identity is linked when the code is
 * exchanged with the verifier (/token?grant_type=pkce, completeIdentityLink).
 * GoTrue links at /callback, so whoever completes the provider's sign-in with
 * someone else's linking URL gives that someone their identity.
 */

/** GoTrue's FlowStateExpiryDuration default. */
const FLOW_STATE_TTL_MS = 300_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Parameters only the auth service may set on the provider's authorization URL. */
const RESERVED = new Set(['client_id', 'client_secret', 'redirect_uri', 'response_type', 'state', 'code_challenge', 'code_challenge_method', 'code_verifier']);

interface OAuthFlow {
  id: string;
  user_id: string | null;
  auth_code: string | null;
  code_challenge: string | null;
  provider_type: string;
  referrer: string | null;
  linking_target_id: string | null;
  created_at: Date;
}

const found = (location: string): Reply => ({ kind: 'redirect', location, status: 302 });

/** GoTrue's getErrorQueryString: the OAuth error name, the message and (for API errors) the code. */
function errorParams(error: unknown, into: URLSearchParams): URLSearchParams {
  if (error instanceof OAuthError) {
    into.set('error', error.error);
    into.set('error_description', error.description);
  } else if (error instanceof ApiError) {
    const deny = ['signup_disabled', 'user_banned', 'provider_email_needs_verification'].includes(error.code ?? '');
    into.set('error', deny ? 'access_denied' : (oauthErrorName(error.status) ?? 'server_error'));
    into.set('error_description', error.message);
    into.set('error_code', error.code ?? '');
  } else {
    into.set('error', 'server_error');
    into.set('error_description', (error as Error)?.message ?? String(error));
  }
  return into;
}

/** redirectErrors: the error in the query and, with Supabase's `sb` marker, in the fragment. */
function errorRedirect(target: string, error: unknown): string {
  const url = new URL(target);
  const query = errorParams(error, new URLSearchParams(url.search));
  url.search = goEncode(query);
  const fragment = new URLSearchParams();
  for (const key of ['error', 'error_description', 'error_code']) {
    const value = query.get(key);
    if (value) fragment.set(key, value);
  }
  fragment.set('sb', '');
  url.hash = goEncode(fragment);
  return url.toString();
}

/** AsRedirectURL: the session and the provider's tokens in the fragment. */
function sessionRedirect(target: string, session: TokenResponse, providerToken: string, providerRefreshToken: string): string {
  const fragment = new URLSearchParams({ provider_token: providerToken });
  if (providerRefreshToken) fragment.set('provider_refresh_token', providerRefreshToken);
  fragment.set('access_token', session.access_token);
  fragment.set('token_type', session.token_type);
  fragment.set('expires_in', String(session.expires_in));
  fragment.set('expires_at', String(session.expires_at));
  fragment.set('refresh_token', session.refresh_token);
  fragment.set('sb', '');
  return `${target}#${goEncode(fragment)}`;
}

const providerOf = (ctx: AuthContext, name: string): OAuthProvider =>
  loadProvider(name, ctx.settings.external ?? {}, `${ctx.apiExternalUrl}/callback`);

/**
 * The pending link of an exchanged code (decision 067): the identity the
 * provider's access token in the flow state names, read again from the
 * provider, joins the target account. Runs in the exchange's transaction, so
 * a refusal leaves the flow unspent.
 */
export async function completeIdentityLink(ctx: AuthContext, db: Queryable, code: ExchangedCode, ip: string): Promise<void> {
  if (!code.linkingTargetId) return;
  const p = providerOf(ctx, code.providerType);
  const data = await p.userData(code.providerAccessToken ?? '');
  await linkExternalIdentity(db, await linkingTarget(db, code.linkingTargetId), p.name, data, ip);
}

async function linkingTarget(db: Queryable, id: string): Promise<UserRow> {
  const target = await findUserById(db, id);
  if (!target) throw unprocessable('user_not_found', 'Linking target user not found');
  return target;
}

/** /callback of a linking flow: the refusals GoTrue gives there, then the target, whose link waits for the code exchange. */
async function pendingLinkTarget(db: Queryable, targetId: string, provider: string, data: UserProvidedData): Promise<UserRow> {
  const target = await linkingTarget(db, targetId);
  await ensureLinkable(db, target, provider, data);
  return target;
}

export function oauthRoutes(ctx: AuthContext): Route[] {
  const provider = (name: string): OAuthProvider => providerOf(ctx, name);

  /** GetExternalProviderRedirectURL. */
  async function providerRedirectUrl(req: ApiRequest, linkingTarget?: UserRow): Promise<string> {
    const query = new URLSearchParams(req.query);
    const name = query.get('provider') ?? '';
    const scopes = query.get('scopes') ?? '';
    const p = provider(name);
    const redirectTo = referrer(ctx.redirects, req);
    const pkce = readPkceParams(query.get('code_challenge') ?? undefined, query.get('code_challenge_method') ?? undefined);
    // Only the verifier ties a linking URL to the browser that asked for it: without one, anyone could complete it.
    if (linkingTarget && !pkce) {
      throw badRequest('validation_failed', 'Linking an identity requires PKCE: send code_challenge and code_challenge_method');
    }
    query.delete('scopes');
    query.delete('provider');
    for (const key of [...query.keys()]) if (RESERVED.has(key.toLowerCase())) query.delete(key);

    const id = newId();
    await ctx.db.query(
      `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
         created_at, updated_at, authentication_method, referrer, linking_target_id, email_optional)
       values ($1, null, $2, $3, $4, $5, now(), now(), 'oauth', $6, $7, false)`,
      [id, pkce ? newId() : null, pkce?.method ?? null, pkce?.challenge ?? null, p.name, redirectTo, linkingTarget?.id ?? null],
    );
    return p.authCodeUrl(id, scopes, query);
  }

  async function authorize(req: ApiRequest): Promise<Reply> {
    return found(await providerRedirectUrl(req));
  }

  /** loadFlowState: a state that is missing, malformed, unknown, expired or used goes back to the site URL. */
  async function loadFlow(req: ApiRequest): Promise<OAuthFlow> {
    const state = req.query.get('state') ?? '';
    if (!state) throw badRequest('bad_oauth_callback', 'OAuth state parameter missing');
    if (!UUID.test(state)) throw badRequest('bad_oauth_state', 'OAuth state parameter is invalid');
    const flow = await maybeRow<OAuthFlow>(
      ctx.db,
      `select id, user_id, auth_code, code_challenge, provider_type, referrer, linking_target_id, created_at
         from auth.flow_state where id = $1`,
      [state],
    );
    if (!flow) throw badRequest('bad_oauth_state', 'OAuth state not found or expired');
    if (Date.now() > flow.created_at.getTime() + FLOW_STATE_TTL_MS) throw badRequest('bad_oauth_state', 'OAuth state has expired');
    if (flow.code_challenge && flow.user_id) throw badRequest('flow_state_already_used', 'State has already been used');
    if (flow.linking_target_id && !flow.code_challenge) throw badRequest('bad_oauth_state', 'OAuth state parameter is invalid');
    if (flow.linking_target_id && !(await findUserById(ctx.db, flow.linking_target_id))) {
      throw unprocessable('user_not_found', 'Linking target user not found');
    }
    return flow;
  }

  async function completeCallback(req: ApiRequest, flow: OAuthFlow, target: string): Promise<string> {
    const providerError = req.query.get('error');
    if (providerError) throw new OAuthError(providerError, req.query.get('error_description') ?? '');
    const code = req.query.get('code');
    if (!code) throw badRequest('bad_oauth_callback', 'OAuth callback with missing authorization code missing');
    let p: OAuthProvider;
    try {
      p = provider(flow.provider_type);
    } catch (error) {
      throw badRequest('oauth_provider_not_supported', (error as Error).message);
    }
    const tokens = await p.exchange(code);
    const data = await p.userData(tokens.accessToken);
    if (data.emails.length === 0) throw new ApiError(500, 'unexpected_failure', 'Error getting user email from external provider');

    const pkce = !!flow.code_challenge;
    const session = await ctx.db.tx(async (db: Queryable) => {
      const user = flow.linking_target_id
        ? await pendingLinkTarget(db, flow.linking_target_id, p.name, data)
        : await signInWithExternalIdentity(db, ctx.settings, p.name, data, req.ip);
      if (pkce) {
        const claimed = await rows<{ user_id: string | null }>(db, 'select user_id from auth.flow_state where id = $1 for update', [flow.id]);
        if (claimed[0]?.user_id) throw badRequest('flow_state_already_used', 'State has already been used');
        await db.query(
          `update auth.flow_state set user_id = $2, provider_access_token = $3, provider_refresh_token = $4,
             auth_code_issued_at = now(), updated_at = now() where id = $1`,
          [flow.id, user.id, tokens.accessToken, tokens.refreshToken],
        );
        return undefined;
      }
      const issued = await ctx.sessions.issue(db, user, 'oauth', clientInfo(req));
      await db.query('delete from auth.flow_state where id = $1', [flow.id]);
      return issued;
    });
    return session
      ? sessionRedirect(target, session, tokens.accessToken, tokens.refreshToken)
      : codeRedirect(target, flow.auth_code!);
  }

  async function callback(req: ApiRequest): Promise<Reply> {
    let flow: OAuthFlow;
    try {
      flow = await loadFlow(req);
    } catch (error) {
      // GoTrue answers a bad state with 303 to the site URL, the error in the query only.
      const url = new URL(ctx.settings.siteUrl);
      url.search = goEncode(errorParams(error, new URLSearchParams(url.search)));
      return { kind: 'redirect', location: url.toString(), status: 303 };
    }
    const target = flow.referrer || ctx.settings.siteUrl;
    try {
      return found(await completeCallback(req, flow, target));
    } catch (error) {
      if (!(error instanceof ApiError) && !(error instanceof OAuthError)) ctx.log(`auth: /callback failed: ${String(error)}`);
      return found(errorRedirect(target, error));
    }
  }

  /** requireManualLinkingEnabled (after requireAuthentication, as GoTrue's /user group orders them). */
  async function linkingUser(req: ApiRequest): Promise<UserRow> {
    const { user } = await requireUser(ctx, req);
    if (!ctx.settings.manualLinking) throw notFound('manual_linking_disabled', 'Manual linking is disabled');
    return user;
  }

  async function linkIdentity(req: ApiRequest): Promise<Reply> {
    const user = await linkingUser(req);
    const url = await providerRedirectUrl(req, user);
    return req.query.get('skip_http_redirect') === 'true' ? json({ url }) : found(url);
  }

  async function deleteIdentity(req: ApiRequest): Promise<Reply> {
    const user = await linkingUser(req);
    const identityId = req.params.identity_id;
    if (!UUID.test(identityId)) throw notFound('validation_failed', 'identity_id must be an UUID');
    await ctx.db.tx(async (db) => {
      const identities = await rows<{ id: string; provider: string; provider_id: string }>(
        db,
        'select id, provider, provider_id from auth.identities where user_id = $1 for update',
        [user.id],
      );
      if (identities.length <= 1) {
        throw unprocessable('single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
      }
      const identity = identities.find((i) => i.id === identityId.toLowerCase());
      if (!identity) throw unprocessable('identity_not_found', "Identity doesn't exist");
      await unlinkIdentity(db, user, identity, req.ip);
    });
    return json({});
  }

  return [
    { method: 'GET', path: '/authorize', handler: authorize },
    { method: 'GET', path: '/callback', handler: callback },
    { method: 'GET', path: '/user/identities/authorize', handler: linkIdentity },
    { method: 'DELETE', path: '/user/identities/:identity_id', handler: deleteIdentity },
  ];
}
