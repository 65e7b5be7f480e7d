import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  authClient,
  codeIn,
  confirmedAccount,
  mailIds,
  nextMail,
  signInByCode,
  stack,
  unconfirmedAccount,
  uniqueEmail,
} from '../support/auth-helpers.ts';
import { sql } from '../support/users.ts';

/**
 * Pre-registration attacks (docs/decisions/022-accounts-codes-and-mail.md):
 * someone who does not own an address signs it up, or signs up over an account
 * that exists but was never confirmed (an invitee's, say), hoping for a session
 * now or a password that still works once the owner has confirmed the address.
 */
interface AccountRow {
  id: string;
  email_confirmed_at: Date | null;
  encrypted_password: string;
  raw_user_meta_data: Record<string, unknown>;
  updated_at: Date;
}

async function account(email: string): Promise<AccountRow> {
  const [row] = await sql<AccountRow>(
    `select id, email_confirmed_at, coalesce(encrypted_password, '') as encrypted_password, raw_user_meta_data, updated_at
       from auth.users where lower(email) = lower($1)`,
    [email],
  );
  return row;
}

const sessionsOf = (userId: string) => sql('select id from auth.sessions where user_id = $1', [userId]);

describe('signing up over an account that exists unconfirmed', () => {
  it('with confirmations on (config.toml): no session, nothing about the account changes, and its owner is mailed', async () => {
    expect(stack.auth.enableConfirmations).toBe(true);
    const { email, id } = await unconfirmedAccount('unconfirmed');
    expect((await account(email)).email_confirmed_at).toBeNull();
    const before = await account(email);
    const seen = await mailIds(email);

    const { data, error } = await authClient().auth.signUp({ email, password: 'attacker-password-1', options: { data: { full_name: 'Mallory' } } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(await account(email)).toMatchObject({
      email_confirmed_at: null,
      encrypted_password: before.encrypted_password,
      raw_user_meta_data: before.raw_user_meta_data,
    });
    expect(await sessionsOf(id)).toHaveLength(0);
    // GoTrue sends the real owner the confirmation mail; only they can use it.
    expect((await nextMail(email, seen)).subject).toBe('Confirm your Accord account');

    // The attacker's password was never stored.
    const withPassword = await authClient().auth.signInWithPassword({ email, password: 'attacker-password-1' });
    expect(withPassword.data.session).toBeNull();
    expect(withPassword.error?.code).toBe('invalid_credentials');
  });
});

describe("an address's first confirmation", () => {
  it('a password set by whoever signed the address up does not survive its owner proving the address', async () => {
    const email = uniqueEmail('pre-registered');
    // The attacker signs the victim's address up with a password of their choosing.
    const attempt = await authClient().auth.signUp({ email, password: 'attacker-password-1' });
    expect(attempt.data.session).toBeNull();

    // Later the owner signs in the only way the app offers: the code from the e-mail.
    await new Promise((r) => setTimeout(r, stack.auth.emailMaxFrequencySeconds * 1000 + 100));
    const { user } = await signInByCode(email);
    expect(user.email_confirmed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const stolen = await authClient().auth.signInWithPassword({ email, password: 'attacker-password-1' });
    expect(stolen.data.session).toBeNull();
    expect(stolen.error?.code).toBe('invalid_credentials');
    expect((await account(email)).encrypted_password).toBe('');
  });

  it('ends every session started before it and keeps the one it starts', async () => {
    const { email, id } = await unconfirmedAccount('early-session');
    // No API hands an unconfirmed address a session any more (that is the point), so
    // the fixture writes one as GoTrue would have: with confirmations off, or an
    // unverified sign-in allowed by a setting.
    const early = { session: randomUUID(), token: `early${randomUUID().replace(/-/g, '').slice(0, 17)}` };
    await sql(`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`, [early.session, id]);
    await sql(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, session_id)
       values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3)`,
      [early.token, id, early.session],
    );
    const works = await authClient().auth.refreshSession({ refresh_token: early.token });
    expect(works.error).toBeNull();
    const earlyRefreshed = works.data.session!.refresh_token;

    const seen = await mailIds(email);
    const owner = authClient();
    expect((await owner.auth.signInWithOtp({ email })).error).toBeNull();
    const verified = await owner.auth.verifyOtp({ email, token: codeIn(await nextMail(email, seen)), type: 'email' });
    expect(verified.error).toBeNull();

    const ended = await authClient().auth.refreshSession({ refresh_token: earlyRefreshed });
    expect(ended.data.session).toBeNull();
    expect(ended.error?.code).toBe('refresh_token_not_found');
    const remaining = await sessionsOf(id);
    expect(remaining).toHaveLength(1);
    expect(remaining[0].id).not.toBe(early.session);

    // The session the confirmation started is the one that lives on.
    expect((await owner.auth.getUser()).data.user?.id).toBe(id);
    const refreshed = await owner.auth.refreshSession();
    expect(refreshed.error).toBeNull();
  });

  it('a later sign-in ends nothing: only the first confirmation does', async () => {
    const email = uniqueEmail('second-sign-in');
    const first = await signInByCode(email);
    await new Promise((r) => setTimeout(r, stack.auth.emailMaxFrequencySeconds * 1000 + 100));
    await signInByCode(email);
    expect((await first.client.auth.getUser()).error).toBeNull();
    expect(await sessionsOf(first.user.id)).toHaveLength(2);
  });

  it('keeps a password an administrator sets while confirming the account (server code, in one request)', async () => {
    const { email } = await confirmedAccount('admin-made', 'set-by-server-1');
    expect((await authClient().auth.signInWithPassword({ email, password: 'set-by-server-1' })).error).toBeNull();
  });
});
