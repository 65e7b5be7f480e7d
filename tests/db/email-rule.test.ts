import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';

import { emailProblem, trimEmail, type EmailProblem } from '../../machines/email.ts';
import * as edgeRule from '../../supabase/functions/_shared/email-address.ts';
import { makeSystemAdmin } from '../support/db-fixtures.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * One e-mail address rule (decision 029): the app's (machines/email.ts), the
 * Edge Functions' copy (supabase/functions/_shared/email-address.ts) and the
 * database's (private.email_problem, supabase/migrations/…_one-email-rule.sql)
 * give the same answer for every address of one table, and trim it the same way.
 */

const local = (n: number) => 'a'.repeat(n);
// The longest address the rule takes: 254 characters.
const at254 = `${local(254 - '@example.org'.length)}@example.org`;

const TABLE: readonly (readonly [address: string, problem: EmailProblem | null])[] = [
  ['ada@example.org', null],
  ['a.b+c@sub.example.co.uk', null],
  ["o'brien@example.ie", null],
  ['ÉLODIE@exemple.fr', null],
  ['用户@例子.广告', null],
  ['  ada@example.org  ', null],
  ['\tada@example.org\n', null],
  ['\u00a0ada@example.org\u3000', null],
  ['\ufeffada@example.org\u2028', null],
  [at254, null],
  [`a${at254}`, 'too_long'],
  ['', 'required'],
  ['   ', 'required'],
  ['\u00a0\u2003\t', 'required'],
  ['ada', 'invalid'],
  ['ada@example', 'invalid'],
  ['ada example.org', 'invalid'],
  ['ada@@example.org', 'invalid'],
  ['@example.org', 'invalid'],
  ['ada@.org', 'invalid'],
  ['ada@example.', 'invalid'],
  ['ada@exa mple.org', 'invalid'],
  ['ada@exa\u00a0mple.org', 'invalid'],
  ['ada@exa\u2009mple.org', 'invalid'],
  ['ada\u0007@example.org', 'invalid'],
  ['ada@example.org\u0085', 'invalid'],
  ['ada@example.org\r\nBcc: eve@example.org', 'invalid'],
  ['ada@example.org\u200b', null], // a zero-width space is not white space in either language
];

describe('one e-mail rule: app, Edge Functions and database agree', () => {
  it("the table is the app's rule", () => {
    for (const [address, problem] of TABLE) expect(emailProblem(address), JSON.stringify(address)).toBe(problem);
  });

  it.each(TABLE.map(([address, problem]) => [JSON.stringify(address), address, problem] as const))(
    '%s: the same answer and the same trimmed address everywhere',
    async (_label, address, problem) => {
      expect(edgeRule.emailProblem(address)).toBe(problem);
      expect(edgeRule.trimEmail(address)).toBe(trimEmail(address));
      const [row] = await sql<{ problem: string | null; trimmed: string }>(
        'select private.email_problem($1) as problem, private.email_trim($1) as trimmed',
        [address],
      );
      expect(row).toEqual({ problem, trimmed: trimEmail(address) });
    },
  );

  it('the visitor forms ask the same rule', async () => {
    for (const [address, problem] of TABLE) {
      const [row] = await sql<{ problem: string | null }>('select private.visitor_email_problem($1) as problem', [address]);
      expect(row.problem, JSON.stringify(address)).toBe(problem);
    }
  });
});

describe('attack: an administrator invitation for an address the app would refuse', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await newUser('email-rule-admin');
    await makeSystemAdmin(admin);
  });

  it.each([
    ['a control character (a header split in the mail)', `eve${randomUUID().slice(0, 6)}\u0007@example.org`],
    ['a line break inside', `eve${randomUUID().slice(0, 6)}@example.org\r\nBcc: x@example.org`],
    ['more than 254 characters', `${local(260)}${randomUUID().slice(0, 6)}@example.org`],
  ])('is refused for %s, and nothing is stored', async (_what, address) => {
    const { data, error } = await admin.client.rpc('create_admin_invitation', { p_email: address });
    expect(data).toBeNull();
    expect(error?.code).toBe('22023');
    expect(error?.message).toBe('invalid_email');
    const stored = await sql('select id from public.admin_invitations where email::text = $1', [address]);
    expect(stored).toEqual([]);
  });

  it('stores the address trimmed as the app trims it', async () => {
    const address = `ada.${randomUUID().slice(0, 8)}@example.org`;
    const { error } = await admin.client.rpc('create_admin_invitation', { p_email: `\u00a0${address}\t` });
    expect(error).toBeNull();
    const stored = await sql<{ email: string }>('select email::text as email from public.admin_invitations where lower(email::text) = lower($1)', [address]);
    expect(stored).toEqual([{ email: address }]);
  });
});
