import { createHash } from 'node:crypto';

import { beforeAll, describe, expect, it } from 'vitest';

import { stackConfig } from '../../supabase/local/config.ts';
import { WAIT_CEILING_MS } from '../../src/testing/wait-ceiling.ts';
import { addMember, makeSystemAdmin } from '../support/db-fixtures.ts';
import { draftInvoice, ensureSeller, issueAt, polishOrganization } from '../support/invoice-pdf-fixtures.ts';
import { type CaughtMail, mailIds, nextMail } from '../support/inbox.ts';
import { pdfText } from '../support/pdf-text.ts';
import { asAnon, newUser, sql, type TestUser } from '../support/users.ts';

/**
 * Issued invoices and credit notes reach the organisation's billing e-mail
 * with their PDF attached (20261202005000_invoice-emails.sql and the
 * send-invoice-emails function, run by the stack's mail schedule beside these
 * tests): the attachment is the stored document (same SHA-256 as the
 * download), "Send again" sends it once more, a profile without a billing
 * e-mail queues nothing, and only the service role may take the queue.
 */
const config = stackConfig('test');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** MailDev's record of an attachment: the name it was sent with, and the name it is stored under. */
interface MailAttachment {
  filename: string;
  generatedFileName: string;
  contentType: string;
}
type MailWithAttachments = CaughtMail & { attachments?: MailAttachment[] };

async function attachment(mail: CaughtMail): Promise<{ name: string; contentType: string; bytes: Uint8Array }> {
  const files = (mail as MailWithAttachments).attachments ?? [];
  expect(files).toHaveLength(1);
  const res = await fetch(`${config.inboxUrl}/email/${mail.id}/attachment/${encodeURIComponent(files[0].generatedFileName)}`);
  expect(res.status).toBe(200);
  return { name: files[0].filename, contentType: files[0].contentType, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function storedHash(invoiceId: string): Promise<string | null> {
  const deadline = Date.now() + WAIT_CEILING_MS;
  for (;;) {
    const [row] = await sql<{ pdf_sha256: string | null }>('select pdf_sha256 from public.invoices where id = $1', [invoiceId]);
    if (row.pdf_sha256 || Date.now() > deadline) return row.pdf_sha256;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const numberOf = async (invoiceId: string) =>
  (await sql<{ number: string }>('select number from public.invoices where id = $1', [invoiceId]))[0].number;

const queued = async (invoiceId: string) =>
  (await sql<{ n: number }>('select count(*)::int as n from private.invoice_emails where invoice_id = $1', [invoiceId]))[0].n;

let org: string;
let accounts: string;
let orgAdmin: TestUser;
let systemAdmin: TestUser;

beforeAll(async () => {
  [orgAdmin, systemAdmin] = await Promise.all([newUser('inv-mail-admin'), newUser('inv-mail-sysadmin')]);
  await ensureSeller();
  org = await polishOrganization();
  accounts = `accounts-${org.slice(0, 8)}@przedzalnia.test`;
  await sql('update public.billing_profiles set billing_email = $2 where organization_id = $1', [org, accounts]);
  await addMember(org, orgAdmin, 'admin');
  await makeSystemAdmin(systemAdmin);
});

describe('an issued invoice goes to the billing e-mail', () => {
  it('with its stored PDF attached, the amount, the due date and how to pay', async () => {
    const seen = await mailIds(accounts);
    const invoice = await draftInvoice(org, 120000);
    await issueAt(invoice, '2087-03-02T10:00:00Z');
    const number = await numberOf(invoice);

    const mail = await nextMail(accounts, seen, WAIT_CEILING_MS * 2);
    expect(mail.subject).toBe(`Invoice ${number} from Accord Øresund Network B.V.`);
    expect(mail.text).toContain('€1,200.00');
    expect(mail.text).toContain('due on 1 April 2087');
    expect(mail.text).toContain('IBAN NL91 ABNA 0417 1643 00');
    expect(mail.text).toContain('The invoice is attached as a PDF.');

    const file = await attachment(mail);
    expect(file.name).toBe(`${number}.pdf`);
    expect(file.contentType).toBe('application/pdf');
    // The same bytes as the download: the stored file, whose hash the database keeps.
    expect(sha256(file.bytes)).toBe(await storedHash(invoice));
    const words = (await pdfText(file.bytes)).flat();
    expect(words).toContain(number);
    expect(words.join('\n')).toContain('Przędzalnia Łódź Sp. z o.o.');
  });

  it('once, however often the schedule runs', async () => {
    const seen = await mailIds(accounts);
    const invoice = await draftInvoice(org, 5000);
    await issueAt(invoice, '2087-04-02T10:00:00Z');
    await nextMail(accounts, seen, WAIT_CEILING_MS * 2);
    const [row] = await sql<{ sent: boolean; attempts: number }>(
      'select sent_at is not null as sent, attempts from private.invoice_emails where invoice_id = $1',
      [invoice],
    );
    expect(row).toEqual({ sent: true, attempts: 1 });
    expect(await queued(invoice)).toBe(1);
  });

  it('and "Send again" sends it once more, said so in the subject', async () => {
    const invoice = await draftInvoice(org, 7000);
    await issueAt(invoice, '2087-05-02T10:00:00Z');
    const number = await numberOf(invoice);
    await nextMail(accounts, await mailIds(accounts), WAIT_CEILING_MS * 2);

    const seen = await mailIds(accounts);
    const again = await systemAdmin.client.rpc('admin_send_invoice_again', { p_invoice_id: invoice });
    expect(again.error).toBeNull();
    // The organisation's administrator and the billing address.
    expect(again.data).toBe(2);
    const mail = await nextMail(accounts, seen, WAIT_CEILING_MS * 2);
    expect(mail.subject).toBe(`Invoice ${number} from Accord Øresund Network B.V. (sent again)`);
    expect((await attachment(mail)).name).toBe(`${number}.pdf`);
    expect(await queued(invoice)).toBe(2);
  });

  it('a credit note too, naming the invoice it corrects and why', async () => {
    const invoice = await draftInvoice(org, 9000);
    await issueAt(invoice, '2087-06-02T10:00:00Z');
    const number = await numberOf(invoice);
    await nextMail(accounts, await mailIds(accounts), WAIT_CEILING_MS * 2);

    const seen = await mailIds(accounts);
    const [credit] = await sql<{ id: string }>(`select (private.create_credit_note($1, 3000, 'A week of outage')).id`, [invoice]);
    const mail = await nextMail(accounts, seen, WAIT_CEILING_MS * 2);
    const creditNumber = await numberOf(credit.id);
    expect(mail.subject).toBe(`Credit note ${creditNumber} from Accord Øresund Network B.V.`);
    expect(mail.text).toContain(`correcting invoice ${number}: A week of outage`);
    expect((await attachment(mail)).name).toBe(`${creditNumber}.pdf`);
  });
});

describe('nothing is queued or taken when it should not be', () => {
  it('a profile without a billing e-mail queues nothing', async () => {
    const plain = await polishOrganization();
    const invoice = await draftInvoice(plain, 1000);
    await issueAt(invoice, '2087-07-02T10:00:00Z');
    expect(await queued(invoice)).toBe(0);
  });

  it('a visitor and a signed-in person may not take the queue or stamp it', async () => {
    for (const client of [asAnon(), orgAdmin.client]) {
      const claim = await client.rpc('claim_invoice_emails', { p_limit: 10 });
      expect(claim.error?.code).toBe('42501');
      const finish = await client.rpc('finish_invoice_email', { p_id: 1 });
      expect(finish.error?.code).toBe('42501');
    }
    const res = await fetch(`${config.apiUrl}/functions/v1/send-invoice-emails`, {
      method: 'POST',
      headers: { apikey: config.keys.anonKey, authorization: `Bearer ${(await orgAdmin.client.auth.getSession()).data.session?.access_token}` },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'forbidden', message: 'Only the schedule may send invoice e-mails.' });
  });
});
