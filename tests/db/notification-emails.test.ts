import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { submittedApplicant } from '../support/application-fixtures.ts';
import { addMember, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { listMail, nextMail } from '../support/inbox.ts';
import { asAnon, asServiceRole, newUser, sql, type TestUser } from '../support/users.ts';
import { WAIT_CEILING_MS } from '../../src/testing/wait-ceiling.ts';

/**
 * The notification e-mail queue delivered (decision 049): only service_role
 * may claim or stamp rows; the send-notification-emails function takes the
 * queue to the inbox, once per row however many runs overlap (the stack's own
 * schedule runs it every 2 s beside these tests); a failure is recorded and
 * retried, then given up; and review-application's recipients are not mailed
 * twice for a decision.
 */
const config = stackConfig('test');
const endpoint = `${config.apiUrl}/functions/v1/send-notification-emails`;

interface Queued {
  sent_at: string | null;
  attempts: number;
  last_error: string | null;
  claimed_until: string | null;
}

const queueRow = async (notificationId: number): Promise<Queued | undefined> =>
  (
    await sql<Queued>(
      'select sent_at, attempts, last_error, claimed_until from private.notification_emails where notification_id = $1',
      [notificationId],
    )
  )[0];

/** A network_reply notification (e-mailed by default) for `user`, written as the triggers write them. */
async function notifyReply(user: Pick<TestUser, 'id'>, title = 'The network answered: Renewal'): Promise<number> {
  await sql(
    `select private.notify($1, null, 'network_reply', $2, 'Your certificate, please. <b>not bold</b>', '/dashboard/messages')`,
    [user.id, title],
  );
  const [row] = await sql<{ id: number }>('select max(id)::int as id from public.notifications where user_id = $1', [user.id]);
  return row.id;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + WAIT_CEILING_MS * 2;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const mailsTo = async (address: string) => (await listMail()).filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));

async function runSender(token: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { apikey: config.keys.anonKey, authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

let member: TestUser;

beforeAll(async () => {
  member = await newUser('mail-queue-member');
});

describe('who may empty the queue', () => {
  it('a visitor and a signed-in person are refused the claim, and no row changes', async () => {
    const id = await notifyReply(member);
    // Leased far ahead, as if another run held it: the schedule leaves it alone while we look.
    await sql(`update private.notification_emails set claimed_until = now() + interval '1 hour' where notification_id = $1`, [id]);
    const before = await queueRow(id);

    for (const client of [asAnon(), member.client]) {
      const claim = await client.rpc('claim_notification_emails', { p_limit: 100 });
      expect(claim.error?.code).toBe('42501');
      expect(claim.data).toBeNull();
      const finish = await client.rpc('finish_notification_email', { p_notification_id: id });
      expect(finish.error?.code).toBe('42501');
    }
    expect(await queueRow(id)).toEqual(before);
    expect(before?.sent_at).toBeNull();
  });

  it('the function refuses a person’s token (403) and a visitor’s key (401) without sending', async () => {
    const session = (await member.client.auth.getSession()).data.session!;
    expect(await runSender(session.access_token)).toEqual({
      status: 403,
      body: { error: 'forbidden', message: 'Only the schedule may send notification e-mails.' },
    });
    const anon = await runSender(config.keys.anonKey);
    expect(anon.status).toBe(403);
    expect(anon.body.error).toBe('forbidden');
  });
});

describe('delivery', () => {
  it('takes a queued notification to the recipient’s inbox once, with its text, its link and the settings link', async () => {
    const recipient = await newUser('mail-queue-recipient');
    const id = await notifyReply(recipient, 'The network answered: Renewal documents');
    const mail = await nextMail(recipient.email, new Set(), WAIT_CEILING_MS * 2);
    expect(mail.subject).toBe('Accord: The network answered: Renewal documents');
    expect(mail.text).toContain('Your certificate, please. <b>not bold</b>');
    expect(mail.text).toContain(`Open in Accord: ${config.auth.siteUrl}/dashboard/messages`);
    expect(mail.text).toContain(`${config.auth.siteUrl}/dashboard/settings#notifications`);
    // The database's words are text, never markup.
    expect(mail.html).toContain('&lt;b&gt;not bold&lt;/b&gt;');
    const row = await until(() => queueRow(id), (r) => r?.sent_at != null, 'sent_at');
    expect(row).toMatchObject({ attempts: 1, last_error: null });

    // More runs send nothing more.
    await runSender(config.keys.serviceRoleKey);
    await runSender(config.keys.serviceRoleKey);
    expect(await mailsTo(recipient.email)).toHaveLength(1);
  });

  it('overlapping runs send each row exactly once', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, (_, i) => newUser(`mail-queue-many-${i}`)));
    const ids = await Promise.all(people.map((p) => notifyReply(p)));
    const runs = await Promise.all(Array.from({ length: 4 }, () => runSender(config.keys.serviceRoleKey)));
    for (const run of runs) expect(run.status).toBe(200);
    for (const id of ids) await until(() => queueRow(id), (r) => r?.sent_at != null, `row ${id} sent`);
    for (const person of people) expect(await mailsTo(person.email)).toHaveLength(1);
    for (const id of ids) expect((await queueRow(id))?.attempts).toBe(1);
  });

  it('a claim skips rows another run has locked instead of waiting for them', async () => {
    const recipient = await newUser('mail-queue-locked');
    const id = await notifyReply(recipient);
    // A lease that lapses in two seconds: until then no run takes it.
    await sql(`update private.notification_emails set claimed_until = clock_timestamp() + interval '2 seconds' where notification_id = $1`, [id]);
    const holder = new pg.Client({ connectionString: config.dbUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from private.notification_emails where notification_id = $1 for update', [id]);
      // Time passing is the rule under test here: the lease must have lapsed while the lock is held.
      await holder.query(`select pg_sleep(greatest(0, extract(epoch from (select claimed_until from private.notification_emails where notification_id = $1) - clock_timestamp())) + 0.1)`, [id]);
      // Not waiting is the rule under test: a claim that queued behind the lock would block every run.
      const outcome = await Promise.race([
        asServiceRole().rpc('claim_notification_emails', { p_limit: 100 }),
        new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 5_000)),
      ]);
      expect(outcome).not.toBe('blocked');
      const claimed = expectOk(outcome as { data: { notification_id: number }[] | null; error: null }) as { notification_id: number }[];
      expect(claimed.map((r) => r.notification_id)).not.toContain(id);
      // Release what this test claimed for others, so the schedule sends it.
      for (const row of claimed) {
        const released = await asServiceRole().rpc('finish_notification_email', { p_notification_id: row.notification_id, p_error: 'released by the skip-locked test' });
        expect(released.error).toBeNull();
      }
    } finally {
      await holder.query('commit').catch(() => undefined);
      await holder.end();
    }
    await until(() => queueRow(id), (r) => r?.sent_at != null, 'the locked row sent after the lock');
    expect(await mailsTo(recipient.email)).toHaveLength(1);
  });

  it('records a failure, tries again, and gives up after five attempts', async () => {
    const recipient = await newUser('mail-queue-no-address');
    // A phone-only account, say: nowhere to send the e-mail.
    await sql('update auth.users set email = null where id = $1', [recipient.id]);
    const id = await notifyReply(recipient);
    const first = await until(() => queueRow(id), (r) => (r?.attempts ?? 0) >= 1 && r?.last_error != null, 'a recorded failure');
    expect(first?.last_error).toBe('The recipient has no e-mail address.');
    expect(first?.sent_at).toBeNull();
    const last = await until(() => queueRow(id), (r) => r?.attempts === 5 && r.claimed_until === null, 'five attempts');
    expect(last).toMatchObject({ sent_at: null, last_error: 'The recipient has no e-mail address.' });
    // Given up: further runs leave it.
    await runSender(config.keys.serviceRoleKey);
    expect((await queueRow(id))?.attempts).toBe(5);
  });

  it('does not mail a kind the recipient switched off after it was queued', async () => {
    const recipient = await newUser('mail-queue-switched-off');
    // Queued while the choice was on, held by a lease so it is not sent yet.
    await sql(`select private.notify($1, null, 'network_reply', 'Held', 'Held', '/dashboard/messages')`, [recipient.id]);
    const [{ id }] = await sql<{ id: number }>('select max(id)::int as id from public.notifications where user_id = $1', [recipient.id]);
    await sql(`update private.notification_emails set claimed_until = clock_timestamp() + interval '1 second' where notification_id = $1`, [id]);
    expectOk(await recipient.client.rpc('set_notification_preference', { p_kind: 'network_reply', p_email: false }).then((r) => ({ ...r, data: true })));
    await until(() => queueRow(id), (r) => r === undefined, 'the row dropped');
    expect(await mailsTo(recipient.email)).toHaveLength(0);
  });
});

describe('no second mail for a decision', () => {
  let admin: TestUser;

  beforeAll(async () => {
    admin = await newUser('mail-queue-reviewer');
    await makeSystemAdmin(admin);
  });

  it('the applicant gets the review e-mail only; another member gets the notification e-mail', async () => {
    const { user: applicant, orgId } = await submittedApplicant('mail-queue-applicant');
    const colleague = await newUser('mail-queue-colleague');
    await addMember(orgId, colleague);
    const token = (await admin.client.auth.getSession()).data.session!.access_token;
    const res = await fetch(`${config.apiUrl}/functions/v1/review-application`, {
      method: 'POST',
      headers: { apikey: config.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ organizationId: orgId, action: 'approve' }),
    });
    expect(res.status).toBe(200);

    const colleagueMail = await nextMail(colleague.email, new Set(), WAIT_CEILING_MS * 2);
    expect(colleagueMail.subject).toBe('Accord: Your application was approved');
    const reviewMail = await nextMail(applicant.email);
    expect(reviewMail.subject).toBe('Your application to join Accord has been approved');

    // Both have the notification; only the colleague's is queued.
    const queued = await sql<{ user_id: string; queued: boolean }>(
      `select n.user_id, exists (select 1 from private.notification_emails q where q.notification_id = n.id) as queued
         from public.notifications n where n.organization_id = $1 and n.kind = 'application_decided'`,
      [orgId],
    );
    expect(queued).toEqual(
      expect.arrayContaining([
        { user_id: applicant.id, queued: false },
        { user_id: colleague.id, queued: true },
      ]),
    );
    // Once the colleague's was sent, the applicant still has only the one.
    expect(await mailsTo(applicant.email)).toHaveLength(1);
  });

});
