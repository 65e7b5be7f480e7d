import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { adminActor, audit, userActor } from '../audit.ts';
import { requireAdmin, requireUser, type AuthContext } from '../context.ts';
import { CommitThenThrow, maybeRow, rows, type Queryable } from '../db.ts';
import { badRequest, forbidden, internal, notFound, unprocessable } from '../errors.ts';
import { json, optString, type ApiRequest, type Reply } from '../http.ts';
import { limitKey } from '../rate-limit.ts';
import type { Route } from '../router.ts';
import { findSession, lowerSessionsRaisedBy } from '../sessions.ts';
import { newId } from '../secrets.ts';
import {
  acceptedAttempt,
  countAttempt,
  factorSubject,
  ipSubject,
  lastAcceptedStep,
  recordAcceptedStep,
  tooManyWrongCodes,
} from '../totp-guards.ts';
import { findUserById, type FactorRow, type UserRow } from '../users.ts';

/**
 * MFA with an authenticator app, as GoTrue's internal/api/mfa.go serves it:
 * POST /factors (enrol), POST /factors/{id}/challenge, POST /factors/{id}/verify,
 * DELETE /factors/{id}, and the admin API's /admin/users/{id}/factors. Phone
 * and WebAuthn factors are not offered (they answer as disabled on hosted).
 * What the stand-in adds to GoTrue (codes work once, wrong codes limited) is in
 * totp-guards.ts; decision 039.
 */

/** GoTrue's TOTP parameters (pquerna/otp defaults, ValidateOpts in verifyTOTPFactor). */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const SKEW_STEPS = 1;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** GoTrue's MFA_FACTOR_EXPIRY_DURATION: unverified, never-challenged factors older than this are dropped. */
const UNVERIFIED_FACTOR_LIFETIME_SECONDS = 300;

interface StoredFactor extends FactorRow {
  user_id: string;
  secret: string | null;
}

interface ChallengeRow {
  id: string;
  created_at: Date;
  verified_at: Date | null;
  same_ip: boolean;
}

const FACTOR_COLUMNS = `id, user_id, friendly_name, factor_type::text, status::text, created_at, updated_at, phone,
  last_challenged_at, secret`;

/** A factor as GoTrue's models.Factor marshals it (secret never shown). */
function factorJson(f: FactorRow) {
  return {
    id: f.id,
    created_at: f.created_at.toISOString(),
    updated_at: f.updated_at.toISOString(),
    status: f.status,
    friendly_name: f.friendly_name || undefined,
    factor_type: f.factor_type,
    phone: f.phone ?? '',
    last_challenged_at: f.last_challenged_at?.toISOString() ?? null,
  };
}

/** The QR code GoTrue returns: bare SVG (supabase-js adds the data: prefix), level H. */
async function qrSvg(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 });
  // supabase-js puts the SVG into a data: URI without escaping it; a '#' there would end the URI.
  return svg
    .replace(/="#ffffff"/g, '="white"')
    .replace(/="#000000"/g, '="black"')
    .trim();
}

function totpFor(secret: string): TOTP {
  return new TOTP({ algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** GoTrue's loadFactor: the factor must be the user's own; anyone else's answers as unknown. */
async function loadOwnedFactor(db: Queryable, userId: string, rawId: string): Promise<StoredFactor> {
  if (!UUID.test(rawId)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const factor = await maybeRow<StoredFactor>(db, `select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 and id = $2`, [
    userId,
    rawId,
  ]);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

/** GoTrue's requireNotAnonymous, and the session every /factors call needs. */
async function requireFactorCaller(ctx: AuthContext, req: ApiRequest) {
  const caller = await requireUser(ctx, req);
  if (caller.user.is_anonymous) throw forbidden('no_anonymous_user', 'Anonymous user not allowed to perform these actions');
  const session = caller.sessionId ? await findSession(ctx.db, caller.sessionId) : undefined;
  if (!session) throw internal('A valid session and a registered user are required to enroll a factor');
  return { ...caller, session };
}

export function mfaRoutes(ctx: AuthContext): Route[] {
  const mfa = () => ctx.settings.mfa;

  /** GoTrue's validateFactors: stale unverified factors go, names are unique, counts are capped. */
  async function checkNewFactor(db: Queryable, user: UserRow, friendlyName: string, sessionAal: string | null): Promise<void> {
    await db.query(
      `delete from auth.mfa_factors f where status <> 'verified'
          and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
          and created_at + make_interval(secs => $1) < now()`,
      [UNVERIFIED_FACTOR_LIFETIME_SECONDS],
    );
    const factors = await rows<{ friendly_name: string | null; status: string }>(
      db,
      'select friendly_name, status::text from auth.mfa_factors where user_id = $1',
      [user.id],
    );
    if (factors.some((f) => (f.friendly_name ?? '') === friendlyName)) {
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
      );
    }
    const verified = factors.filter((f) => f.status === 'verified').length;
    if (factors.length >= mfa().maxEnrolledFactors) {
      throw unprocessable('too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
    }
    if (verified > 0 && sessionAal !== 'aal2') throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
  }

  async function enroll(req: ApiRequest): Promise<Reply> {
    const { user, session } = await requireFactorCaller(ctx, req);
    const body = req.body();
    const factorType = optString(body, 'factor_type') ?? '';
    const friendlyName = optString(body, 'friendly_name') ?? '';
    const issuerParam = optString(body, 'issuer') ?? '';
    if (factorType === 'phone') throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    if (factorType === 'webauthn') throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    if (factorType !== 'totp') throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
    if (!mfa().totpEnrollEnabled) throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
    const issuer = issuerParam || new URL(ctx.settings.siteUrl).host;

    const secret = new Secret({ size: 20 }).base32;
    const totp = new TOTP({ issuer, label: user.email ?? '', algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS, secret });
    const uri = totp.toString();
    const qrCode = await qrSvg(uri);

    const factorId = newId();
    await ctx.db.tx(async (db) => {
      // Locks the user, so two enrolments at once cannot both pass the name and count checks.
      await findUserById(db, user.id, true);
      await checkNewFactor(db, user, friendlyName, session.aal);
      await db.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
        [factorId, user.id, friendlyName, secret],
      );
      await audit(db, userActor(user), 'factor_in_progress', req.ip, { factor_id: factorId });
    });
    return json({ id: factorId, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCode, secret, uri } });
  }

  async function challenge(req: ApiRequest): Promise<Reply> {
    const { user } = await requireFactorCaller(ctx, req);
    const factor = await loadOwnedFactor(ctx.db, user.id, req.params.id);
    if (factor.factor_type !== 'totp') throw unprocessable('mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
    if (!mfa().totpVerifyEnabled) throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
    const challengeId = newId();
    const createdAt = await ctx.db.tx(async (db) => {
      const { rows: inserted } = await db.query<{ created_at: Date }>(
        `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3) returning created_at`,
        [challengeId, factor.id, req.ip || '0.0.0.0'],
      );
      await db.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [factor.id]);
      await audit(db, userActor(user), 'challenge_created', req.ip, { factor_id: factor.id, factor_status: factor.status });
      return inserted[0].created_at;
    });
    const expiresAt = Math.floor(createdAt.getTime() / 1000) + mfa().challengeExpirySeconds;
    return json({ id: challengeId, type: 'totp', expires_at: expiresAt });
  }

  /** GoTrue's validateChallenge: the factor's own, unanswered, from the same address, not expired. */
  async function validChallenge(db: Queryable, factorId: string, challengeId: string, ip: string): Promise<ChallengeRow> {
    const found = await maybeRow<ChallengeRow>(
      db,
      // Compared as inet, so two spellings of one IPv6 address are the same address.
      `select id, created_at, verified_at, ip_address = $3::inet as same_ip
         from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
      [challengeId, factorId, ip || '0.0.0.0'],
    );
    if (!found) throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    if (found.verified_at || !found.same_ip) {
      throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    }
    if (found.created_at.getTime() + mfa().challengeExpirySeconds * 1000 < Date.now()) {
      await db.query('delete from auth.mfa_challenges where id = $1', [found.id]);
      throw new CommitThenThrow(
        unprocessable(
          'mfa_challenge_expired',
          `MFA challenge ${found.id} has expired, verify against another challenge or create a new challenge.`,
        ),
      );
    }
    return found;
  }

  async function verify(req: ApiRequest): Promise<Reply> {
    const { user, session } = await requireFactorCaller(ctx, req);
    const factor = await loadOwnedFactor(ctx.db, user.id, req.params.id);
    const body = req.body();
    const rawChallengeId = optString(body, 'challenge_id') ?? '';
    if (!UUID.test(rawChallengeId)) {
      throw badRequest('bad_json', 'Could not parse request body as JSON: challenge_id must be a UUID');
    }
    const code = optString(body, 'code') ?? '';
    if (code === '') throw badRequest('validation_failed', 'Code needs to be non-empty');
    if (factor.factor_type !== 'totp') throw unprocessable('mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
    if (!mfa().totpVerifyEnabled) throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');

    await ctx.db.tx((db) => validChallenge(db, factor.id, rawChallengeId, req.ip));

    // Counted before the code is looked at, and given back only when it is accepted.
    const { wrongCodes } = mfa();
    const network = limitKey(req.ip);
    const perFactor = await countAttempt(ctx.db, factorSubject(factor.id), wrongCodes.windowSeconds);
    const perIp = await countAttempt(ctx.db, ipSubject(network), wrongCodes.windowSeconds);
    if (perFactor.attempts > wrongCodes.perFactor) throw tooManyWrongCodes(perFactor.windowEndsAt);
    if (perIp.attempts > wrongCodes.perIp) throw tooManyWrongCodes(perIp.windowEndsAt);

    const tokens = await ctx.db.tx(async (db) => {
      // One verification per factor at a time, so the same code sent twice at once is accepted once.
      const locked = await maybeRow<StoredFactor>(db, `select ${FACTOR_COLUMNS} from auth.mfa_factors where id = $1 for update`, [
        factor.id,
      ]);
      if (!locked?.secret) throw notFound('mfa_factor_not_found', 'Factor not found');
      const challengeRow = await validChallenge(db, factor.id, rawChallengeId, req.ip);
      const now = Date.now();
      const delta = /^\d{6}$/.test(code) ? totpFor(locked.secret).validate({ token: code, timestamp: now, window: SKEW_STEPS }) : null;
      const step = delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
      if (step === null || step <= (await lastAcceptedStep(db, factor.id))) {
        throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
      }
      await recordAcceptedStep(db, factor.id, step);
      await acceptedAttempt(db, factor.id, network);
      await audit(db, userActor(user), 'verification_attempted', req.ip, {
        factor_id: factor.id,
        challenge_id: challengeRow.id,
        factor_type: 'totp',
      });
      await db.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challengeRow.id]);
      if (locked.status !== 'verified') {
        await db.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
      }
      // GoTrue's InvalidateSessionsWithAALLessThan: the user's other sessions still at aal1 end.
      await db.query(`delete from auth.sessions where user_id = $1 and id <> $2 and aal < 'aal2'`, [user.id, session.id]);
      // GoTrue's DeleteUnverifiedFactors: half-finished enrolments of the same kind go.
      await db.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = 'totp'`, [user.id]);
      return ctx.sessions.raiseToAal2(db, user.id, session.id, factor.id, 'totp');
    });
    return json(tokens);
  }

  async function unenroll(req: ApiRequest): Promise<Reply> {
    const { user, session } = await requireFactorCaller(ctx, req);
    const factor = await loadOwnedFactor(ctx.db, user.id, req.params.id);
    if (factor.status === 'verified' && session.aal !== 'aal2') {
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await ctx.db.tx(async (db) => {
      await db.query('delete from auth.mfa_factors where id = $1', [factor.id]);
      await audit(db, userActor(user), 'factor_unenrolled', req.ip, {
        factor_id: factor.id,
        factor_status: factor.status,
        session_id: session.id,
      });
      await lowerSessionsRaisedBy(db, user.id, factor.id, 'totp');
    });
    return json({ id: factor.id });
  }

  async function adminUser(req: ApiRequest): Promise<UserRow> {
    if (!UUID.test(req.params.userId)) throw notFound('validation_failed', 'user_id must be an UUID');
    const user = await findUserById(ctx.db, req.params.userId);
    if (!user) throw notFound('user_not_found', 'User not found');
    return user;
  }

  async function adminListFactors(req: ApiRequest): Promise<Reply> {
    await requireAdmin(ctx, req);
    const user = await adminUser(req);
    const factors = await rows<StoredFactor>(
      ctx.db,
      `select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at`,
      [user.id],
    );
    return json(factors.map(factorJson));
  }

  async function adminDeleteFactor(req: ApiRequest): Promise<Reply> {
    const { role } = await requireAdmin(ctx, req);
    const user = await adminUser(req);
    const factor = await loadOwnedFactor(ctx.db, user.id, req.params.factorId);
    await ctx.db.tx(async (db) => {
      await audit(db, adminActor(role), 'factor_deleted', req.ip, { user_id: user.id, factor_id: factor.id });
      await db.query('delete from auth.mfa_factors where id = $1', [factor.id]);
      await lowerSessionsRaisedBy(db, user.id, factor.id, 'totp');
    });
    return json(factorJson(factor));
  }

  return [
    { method: 'POST', path: '/factors', handler: enroll },
    { method: 'POST', path: '/factors/:id/challenge', handler: challenge },
    { method: 'POST', path: '/factors/:id/verify', handler: verify },
    { method: 'DELETE', path: '/factors/:id', handler: unenroll },
    { method: 'GET', path: '/admin/users/:userId/factors', handler: adminListFactors },
    { method: 'DELETE', path: '/admin/users/:userId/factors/:factorId', handler: adminDeleteFactor },
  ];
}
