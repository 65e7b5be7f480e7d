import { beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { submittedApplicant } from '../support/application-fixtures.ts';
import { makeSystemAdmin } from '../support/db-fixtures.ts';
import { callFunction } from '../support/edge-functions.ts';
import { mailIds, nextMail } from '../support/inbox.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * The review-application Edge Function's contract on the real stack (gateway →
 * Deno runtime → function → PostgREST as the caller → mail catcher): who may
 * decide, what is refused, and what the applicant receives for each action.
 */
const config = stackConfig('test');
const endpoint = `${config.apiUrl}/functions/v1/review-application`;

let admin: TestUser;

beforeAll(async () => {
  admin = await newUser('fn-review-admin');
  await makeSystemAdmin(admin);
});

const call = (user: TestUser | null, body: unknown) => callFunction('review-application', user, body);

const statusOf = async (orgId: string) =>
  (await sql<{ status: string }>('select status from public.organization_applications where organization_id = $1', [orgId]))[0]?.status;

describe('review-application: who may review', () => {
  let applicant: TestUser;
  let orgId: string;

  beforeAll(async () => {
    ({ user: applicant, orgId } = await submittedApplicant('fn-review-who'));
  });

  it('the gateway refuses a request without the API key, the runtime one without a JWT', async () => {
    expect((await fetch(endpoint, { method: 'POST', body: '{}' })).status).toBe(401);
    const res = await fetch(endpoint, { method: 'POST', headers: { apikey: config.keys.anonKey, authorization: 'Bearer nope' }, body: '{}' });
    expect(res.status).toBe(401);
  });

  it('a visitor is told to sign in', async () => {
    expect(await call(null, { organizationId: orgId, action: 'approve' })).toEqual({
      status: 401,
      body: { error: 'not_authenticated', message: 'Sign in to review applications.' },
    });
  });

  it('the applicant cannot approve themselves; nothing changes and no mail goes out', async () => {
    const seen = await mailIds(applicant.email);
    expect(await call(applicant, { organizationId: orgId, action: 'approve' })).toEqual({
      status: 403,
      body: { error: 'forbidden', message: 'Only system administrators can review applications.' },
    });
    expect(await statusOf(orgId)).toBe('pending');
    await expect(nextMail(applicant.email, seen, 1000)).rejects.toThrow(/No new mail/);
  });

  it('refuses malformed requests', async () => {
    expect((await call(admin, 'not json')).body.error).toBe('invalid_request');
    expect((await call(admin, { organizationId: 'x', action: 'approve' })).body.error).toBe('invalid_request');
    expect((await call(admin, { organizationId: orgId, action: 'suspend' })).status).toBe(400);
    const method = await fetch(endpoint, { method: 'GET', headers: { apikey: config.keys.anonKey, authorization: `Bearer ${config.keys.anonKey}` } });
    expect(method.status).toBe(405);
  });

  it('a rejection needs a reason and a change request a message', async () => {
    expect(await call(admin, { organizationId: orgId, action: 'reject', reason: '  ' })).toEqual({
      status: 400,
      body: { error: 'reason_required', message: 'Give the applicant a reason for the rejection.' },
    });
    expect((await call(admin, { organizationId: orgId, action: 'request_changes' })).body.error).toBe('message_required');
    expect(await statusOf(orgId)).toBe('pending');
  });

  it('an unknown application is not found', async () => {
    expect((await call(admin, { organizationId: crypto.randomUUID(), action: 'approve' })).status).toBe(404);
  });
});

describe('review-application: what the applicant receives', () => {
  it('approve: the application is approved, published, and the applicant gets the welcome mail', async () => {
    const { user, orgId } = await submittedApplicant('fn-review-approve', { name: 'Harbour & Sons' });
    const seen = await mailIds(user.email);
    const answer = await call(admin, { organizationId: orgId, action: 'approve' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ organizationId: orgId, status: 'approved', notified: true, recipients: [user.email] });
    expect(answer.body.registryEffectiveFrom).toEqual(expect.any(String));

    const mail = await nextMail(user.email, seen);
    expect(mail.subject).toBe('Your application to join Accord has been approved');
    expect(mail.html).toContain('Harbour &amp; Sons');
    expect(mail.html).toContain(`href="${config.appUrl}/dashboard"`);
    expect(mail.text).toContain('trust registry');
    const [decided] = await sql<{ decided_by: string }>('select decided_by from public.organization_applications where organization_id = $1', [orgId]);
    expect(decided.decided_by).toBe(admin.id);

    expect(await call(admin, { organizationId: orgId, action: 'reject', reason: 'Too late' })).toMatchObject({
      status: 409,
      body: { error: 'already_decided' },
    });
  });

  it('reject: the applicant receives the reason, escaped, and the organisation is not published', async () => {
    const { user, orgId } = await submittedApplicant('fn-review-reject');
    const seen = await mailIds(user.email);
    const reason = 'The certificate is <b>not</b> for this company.';
    const answer = await call(admin, { organizationId: orgId, action: 'reject', reason });
    expect(answer).toMatchObject({ status: 200, body: { status: 'rejected', notified: true, registryEffectiveFrom: null } });

    const mail = await nextMail(user.email, seen);
    expect(mail.subject).toBe('Your application to join Accord was not approved');
    expect(mail.html).toContain('The certificate is &lt;b&gt;not&lt;/b&gt; for this company.');
    expect(mail.text).toContain(reason);
    expect(mail.html).toContain(`href="${config.appUrl}/application-pending"`);
    expect(await sql('select 1 from public.registry_entries where organization_id = $1', [orgId])).toEqual([]);
  });

  it('request_changes: the applicant is told what to change, through supabase-js functions.invoke', async () => {
    const { user, orgId } = await submittedApplicant('fn-review-changes');
    const seen = await mailIds(user.email);
    const { data, error } = await admin.client.functions.invoke('review-application', {
      body: { organizationId: orgId, action: 'request_changes', message: 'Please add your VAT number.' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'under_review', notified: true });

    const mail = await nextMail(user.email, seen);
    expect(mail.subject).toBe('Action needed: changes to your Accord application');
    expect(mail.text).toContain('Please add your VAT number.');
    const [row] = await sql<{ open: boolean }>('select changes_requested_at is not null as open from public.organization_applications where organization_id = $1', [orgId]);
    expect(row.open).toBe(true);
  });
});
