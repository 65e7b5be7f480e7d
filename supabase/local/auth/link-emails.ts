import type { AuthContext } from './context.ts';
import type { Queryable } from './db.ts';
import { tooManyRequests } from './errors.ts';
import type { EmailKind } from './email-templates.ts';
import { clearOneTimeToken, PKCE_PREFIX, saveOneTimeToken, type OneTimeTokenType } from './one-time-tokens.ts';
import { generateOtp, linkTokenFor } from './secrets.ts';
import type { UserRow } from './users.ts';

/**
 * Sending a link + code e-mail the way GoTrue does (sendMagicLink,
 * sendConfirmation, sendInvite, sendPasswordRecovery, sendEmailChange): a
 * fresh code, its link token stored as a one-time token, the *_sent_at stamp
 * that both the resend cooldown and the expiry are measured from.
 */
export type LinkType = 'magiclink' | 'signup' | 'invite' | 'recovery';

const TOKEN_TYPE: Record<LinkType, OneTimeTokenType> = {
  magiclink: 'recovery_token',
  recovery: 'recovery_token',
  signup: 'confirmation_token',
  invite: 'confirmation_token',
};

const SENT_AT: Record<LinkType, 'recovery_sent_at' | 'confirmation_sent_at'> = {
  magiclink: 'recovery_sent_at',
  recovery: 'recovery_sent_at',
  signup: 'confirmation_sent_at',
  invite: 'confirmation_sent_at',
};

/** Go's url.QueryEscape. */
export function queryEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(/%20/g, '+')
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** GoTrue escapes redirect_to only when it would otherwise break the query (encodeRedirectURL). */
const encodeRedirect = (url: string): string => (/[&=#]/.test(url) ? queryEscape(url) : url);

export function verifyLink(apiExternalUrl: string, linkToken: string, type: string, redirectTo: string): string {
  return `${apiExternalUrl}/verify?token=${queryEscape(linkToken)}&type=${queryEscape(type)}&redirect_to=${encodeRedirect(redirectTo)}`;
}

/** GoTrue's validateSentWithinFrequencyLimit, message included (whole seconds, rounded down). */
export function checkSendCooldown(sentAt: Date | null, maxFrequencySeconds: number): void {
  if (!sentAt) return;
  const leftMs = sentAt.getTime() + maxFrequencySeconds * 1000 - Date.now();
  if (leftMs > 0) {
    throw tooManyRequests(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.floor(leftMs / 1000)} seconds.`,
    );
  }
}

/**
 * GoTrue's sendEmail counts every auth e-mail against `[auth.rate_limit]
 * email_sent` after the per-address cooldown: 0 refuses all; otherwise the
 * hourly limit applies, though (as in GoTrue) not with confirmations off.
 */
function countTowardsHourlyLimit(ctx: AuthContext): void {
  if (ctx.settings.emailSentPerHour === 0) throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded');
  if (ctx.settings.enableConfirmations) ctx.limits.emailSent.take();
}

export interface LinkEmail {
  /** The 6-digit (otpLength) code in the mail. */
  otp: string;
  /** What the link's `token` parameter carries (generate_link's `hashed_token`). */
  linkToken: string;
  link: string;
}

/** Creates the code and link and records them; `send: false` is generate_link (no mail). */
export async function prepareLinkEmail(
  ctx: AuthContext,
  db: Queryable,
  user: UserRow,
  type: LinkType,
  opts: { pkce: boolean; redirectTo: string; send: boolean },
): Promise<LinkEmail> {
  const email = user.email ?? '';
  if (type !== 'invite' && opts.send) checkSendCooldown(user[SENT_AT[type]], ctx.settings.emailMaxFrequencySeconds);
  if (opts.send) countTowardsHourlyLimit(ctx);

  const otp = generateOtp(ctx.settings.otpLength);
  // Lower-cased as /verify lower-cases the address it is given, whatever case a seed stored.
  const hashed = linkTokenFor(ctx.linkTokenKey, email.toLowerCase(), otp);
  const linkToken = opts.pkce ? PKCE_PREFIX + hashed : hashed;
  const link = verifyLink(ctx.apiExternalUrl, linkToken, type, opts.redirectTo);

  await saveOneTimeToken(db, user.id, TOKEN_TYPE[type], linkToken, email);
  const invited = type === 'invite' ? ', invited_at = now()' : '';
  await db.query(`update auth.users set ${SENT_AT[type]} = now(), updated_at = now()${invited} where id = $1`, [user.id]);
  // Sent last: a mail that fails to go out rolls the transaction (and the token) back.
  if (opts.send) {
    await ctx.mailer.send(email, { kind: type, link, code: otp, expiresInSeconds: ctx.settings.otpExpirySeconds, email });
  }
  return { otp, linkToken, link };
}

/**
 * An address change (GoTrue's sendEmailChange): a code for the new address and,
 * with secure e-mail change, one for the current address too.
 */
export async function sendEmailChange(
  ctx: AuthContext,
  db: Queryable,
  user: UserRow,
  newEmail: string,
  opts: { pkce: boolean; redirectTo: string },
): Promise<void> {
  checkSendCooldown(user.email_change_sent_at, ctx.settings.emailMaxFrequencySeconds);
  countTowardsHourlyLimit(ctx);
  const prefix = opts.pkce ? PKCE_PREFIX : '';
  const currentEmail = (user.email ?? '').toLowerCase();
  const mails: { to: string; kind: EmailKind; otp: string; link: string }[] = [];

  const otpNew = generateOtp(ctx.settings.otpLength);
  const tokenNew = prefix + linkTokenFor(ctx.linkTokenKey, newEmail, otpNew);
  await saveOneTimeToken(db, user.id, 'email_change_token_new', tokenNew, newEmail);
  mails.push({ to: newEmail, kind: 'email_change_new', otp: otpNew, link: verifyLink(ctx.apiExternalUrl, tokenNew, 'email_change', opts.redirectTo) });

  if (ctx.settings.secureEmailChange && currentEmail) {
    const otpCurrent = generateOtp(ctx.settings.otpLength);
    const tokenCurrent = prefix + linkTokenFor(ctx.linkTokenKey, currentEmail, otpCurrent);
    await saveOneTimeToken(db, user.id, 'email_change_token_current', tokenCurrent, currentEmail);
    mails.push({
      to: currentEmail,
      kind: 'email_change_current',
      otp: otpCurrent,
      link: verifyLink(ctx.apiExternalUrl, tokenCurrent, 'email_change', opts.redirectTo),
    });
  } else {
    await clearOneTimeToken(db, user.id, 'email_change_token_current');
  }
  await db.query(
    `update auth.users set email_change = $2, email_change_sent_at = now(), email_change_confirm_status = 0,
       updated_at = now() where id = $1`,
    [user.id, newEmail],
  );
  for (const mail of mails) {
    await ctx.mailer.send(mail.to, {
      kind: mail.kind,
      link: mail.link,
      code: mail.otp,
      expiresInSeconds: ctx.settings.otpExpirySeconds,
      email: currentEmail,
      newEmail,
    });
  }
}
