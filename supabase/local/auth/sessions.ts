import { CommitThenThrow, maybeRow, rows, type Queryable } from './db.ts';
import { badRequest } from './errors.ts';
import type { AmrEntry, JwtService } from './jwt.ts';
import { generateRefreshToken, newId } from './secrets.ts';
import { findUserById, isBanned, loadUserJson, NIL_UUID, touchLastSignIn, type UserJson, type UserRow } from './users.ts';

/**
 * Sessions and refresh tokens with GoTrue's semantics: one auth.sessions row per
 * sign-in (aal, authentication methods in auth.mfa_amr_claims), a chain of
 * refresh tokens per session (each use revokes the token and issues a child),
 * and reuse detection that revokes the whole family.
 */

/** GoTrue's models.AuthenticationMethod values that can start a session here. */
export type AuthMethod = 'password' | 'otp' | 'magiclink' | 'email/signup' | 'recovery' | 'invite' | 'email_change' | 'oauth';

/** The amr claims a second factor adds (GoTrue's AAL2 claims); only TOTP is offered here. */
export type SecondFactorMethod = 'totp';

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export interface SessionRow {
  id: string;
  user_id: string;
  aal: string | null;
  not_after: Date | null;
}

interface RefreshTokenRow {
  id: string;
  token: string;
  revoked: boolean;
  parent: string | null;
  updated_at: Date;
  session_id: string | null;
  user_id: string;
}

export class SessionService {
  constructor(
    private readonly jwt: JwtService,
    private readonly expirySeconds: number,
    private readonly rotation: { enabled: boolean; reuseIntervalSeconds: number },
  ) {}

  /** Starts a session for `user` (GoTrue's IssueRefreshToken). */
  async issue(db: Queryable, user: UserRow, method: AuthMethod, client: ClientInfo): Promise<TokenResponse> {
    const sessionId = newId();
    await db.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
       values ($1, $2, now(), now(), 'aal1', $3, $4)`,
      [sessionId, user.id, client.userAgent ?? null, client.ip || null],
    );
    await db.query(
      `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
       values ($1, $2, now(), now(), $3)`,
      [newId(), sessionId, method],
    );
    const token = await this.insertRefreshToken(db, user.id, sessionId, null);
    await touchLastSignIn(db, user.id);
    return this.respond(db, user.id, sessionId, token);
  }

  /**
   * The refresh_token grant (GoTrue's RefreshTokenGrant). Runs inside a
   * transaction; a detected reuse commits the family revocation and then fails.
   */
  async refresh(db: Queryable, refreshToken: string, client: ClientInfo): Promise<TokenResponse> {
    const token = await maybeRow<RefreshTokenRow>(
      db,
      `select id::text, token, revoked, parent, updated_at, session_id, user_id
         from auth.refresh_tokens where token = $1 for update`,
      [refreshToken],
    );
    if (!token) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const user = await findUserById(db, token.user_id);
    if (!user) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    const session = token.session_id
      ? await maybeRow<SessionRow>(db, 'select id, user_id, aal::text, not_after from auth.sessions where id = $1 for update', [
          token.session_id,
        ])
      : undefined;
    if (!session) throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    if (session.not_after && session.not_after < new Date()) {
      throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
    }

    let issued: string | undefined;
    if (token.revoked) {
      const active = await maybeRow<{ token: string; parent: string | null }>(
        db,
        `select token, parent from auth.refresh_tokens
          where session_id = $1 and revoked = false order by id desc limit 1`,
        [session.id],
      );
      if (active && active.parent === token.token) {
        // The client lost the answer to its last refresh: hand the same child out again.
        issued = active.token;
      } else {
        const reuseUntil = token.updated_at.getTime() + this.rotation.reuseIntervalSeconds * 1000;
        if (Date.now() > reuseUntil) {
          if (this.rotation.enabled) {
            await db.query(
              `update auth.refresh_tokens set revoked = true, updated_at = now()
                where session_id = $1 and revoked = false`,
              [session.id],
            );
          }
          throw new CommitThenThrow(badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used'));
        }
      }
    }

    issued ??= await this.swap(db, token);
    await db.query('update auth.sessions set refreshed_at = now(), updated_at = now(), user_agent = $2, ip = $3 where id = $1', [
      session.id,
      client.userAgent ?? null,
      client.ip || null,
    ]);
    return this.respond(db, user.id, session.id, issued);
  }

  /**
   * GoTrue's updateMFASessionAndClaims after a correct second-factor code: the
   * session gains the factor's amr claim and, with it, aal2 (remembering which
   * factor raised it, so removing that factor lowers it again); its refresh
   * tokens are replaced by a new one, and the answer carries both tokens.
   */
  async raiseToAal2(db: Queryable, userId: string, sessionId: string, factorId: string, method: SecondFactorMethod): Promise<TokenResponse> {
    await db.query(
      `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
       values ($1, $2, now(), now(), $3)
       on conflict (session_id, authentication_method) do update set updated_at = now()`,
      [newId(), sessionId, method],
    );
    await db.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [sessionId, factorId]);
    // Like GoTrue's refresh-token counter jumping by two: no refresh token issued
    // before the code was entered may lead to the raised session, neither as the
    // new token's parent (the lost-answer case of `refresh`) nor within the reuse
    // interval. Presenting one later counts as reuse and ends the session.
    await db.query(
      `update auth.refresh_tokens
          set revoked = true, updated_at = least(updated_at, now() - make_interval(secs => $2 + 1))
        where session_id = $1`,
      [sessionId, this.rotation.reuseIntervalSeconds],
    );
    const token = await this.insertRefreshToken(db, userId, sessionId, null);
    return this.respond(db, userId, sessionId, token);
  }

  /** Signs a fresh access token for an existing session (e.g. after the user changed). */
  async respond(db: Queryable, userId: string, sessionId: string, refreshToken: string): Promise<TokenResponse> {
    const user = (await loadUserJson(db, userId))!;
    const session = await maybeRow<{ aal: string | null }>(db, 'select aal::text from auth.sessions where id = $1', [sessionId]);
    const amr = (
      await rows<{ authentication_method: string; updated_at: Date }>(
        db,
        `select authentication_method, updated_at from auth.mfa_amr_claims
          where session_id = $1 order by updated_at desc`,
        [sessionId],
      )
    ).map<AmrEntry>((c) => ({ method: c.authentication_method, timestamp: Math.floor(c.updated_at.getTime() / 1000) }));
    const { token, expiresAt } = await this.jwt.sign({
      userId: user.id,
      aud: user.aud,
      role: user.role,
      email: user.email,
      phone: user.phone,
      appMetadata: user.app_metadata,
      userMetadata: user.user_metadata,
      isAnonymous: user.is_anonymous,
      sessionId,
      aal: session?.aal ?? 'aal1',
      amr,
    });
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: this.expirySeconds,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user,
    };
  }

  private async swap(db: Queryable, old: RefreshTokenRow): Promise<string> {
    await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [old.id]);
    return this.insertRefreshToken(db, old.user_id, old.session_id!, old.token);
  }

  private async insertRefreshToken(db: Queryable, userId: string, sessionId: string, parent: string | null): Promise<string> {
    const token = generateRefreshToken();
    await db.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ($1, $2, $3, false, now(), now(), $4, $5)`,
      [NIL_UUID, token, userId, parent, sessionId],
    );
    return token;
  }
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Deleting a session cascades to its refresh tokens and amr claims. */
export async function logout(db: Queryable, userId: string, sessionId: string | undefined, scope: LogoutScope): Promise<void> {
  if (sessionId && scope === 'local') {
    await db.query('delete from auth.sessions where id = $1', [sessionId]);
  } else if (sessionId && scope === 'others') {
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  } else {
    await db.query('delete from auth.sessions where user_id = $1', [userId]);
  }
}

export async function findSession(db: Queryable, sessionId: string): Promise<SessionRow | undefined> {
  return maybeRow<SessionRow>(db, 'select id, user_id, aal::text, not_after from auth.sessions where id = $1', [sessionId]);
}

/**
 * GoTrue's DowngradeSessionsToAAL1: sessions raised by a factor that is being
 * removed lose its amr claim and fall back to aal1 (their next token says so).
 */
export async function lowerSessionsRaisedBy(db: Queryable, userId: string, factorId: string, method: SecondFactorMethod): Promise<void> {
  await db.query(
    `delete from auth.mfa_amr_claims where authentication_method = $3
        and session_id in (select id from auth.sessions where user_id = $1 and factor_id = $2)`,
    [userId, factorId, method],
  );
  await db.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where user_id = $1 and factor_id = $2`, [
    userId,
    factorId,
  ]);
}
