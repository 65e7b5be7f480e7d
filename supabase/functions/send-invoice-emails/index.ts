/**
 * POST /functions/v1/send-invoice-emails   (body ignored; service role only)
 *
 * Sends each issued invoice and credit note queued for an organisation's
 * billing e-mail (private.invoice_emails, 20261202005000_invoice-emails.sql),
 * with its PDF attached: the stored file when there is one, else rendered and
 * stored first (../invoice-pdf/stored-pdf.ts), so the attachment is the same
 * bytes as the download. Claims through claim_invoice_emails (skip locked and
 * a lease: overlapping runs never send a row twice) and stamps each through
 * finish_invoice_email: sent, or the error kept for the next run (five
 * attempts).
 *
 * Who runs it: the same schedule as send-notification-emails (pg_cron + pg_net
 * on hosted; supabase/local/notification-schedule.ts locally), with the
 * service role key. Only service_role may execute the RPCs, so a person's
 * token is refused by the database (403 here).
 *
 * Answers (JSON): 200 { claimed, sent, failed }; 401 not_authenticated,
 * 403 forbidden, 405 method_not_allowed, 500 internal.
 */
import { createClient } from 'npm:@supabase/supabase-js@2.109.0';

import { type InvoiceDocument, invoiceFileName } from '../_shared/billing/invoice-document.ts';
import { bearerToken, callerClient } from '../_shared/caller.ts';
import { clientOptions, env } from '../_shared/env.ts';
import { failure, json, preflight } from '../_shared/http.ts';
import { sendMail } from '../_shared/mailer.ts';
import { storedPdfBytes } from '../invoice-pdf/stored-pdf.ts';
import { type InvoiceEmailReason, renderInvoiceEmail } from './email.ts';

interface QueuedInvoiceEmail {
  id: number;
  invoice_id: string;
  recipient: string;
  reason: InvoiceEmailReason;
  attempts: number;
  document: InvoiceDocument;
}

/** Each carries a PDF: a small batch per run, the next run takes the rest. */
const BATCH = 10;
const FORBIDDEN = 'Only the schedule may send invoice e-mails.';

async function handle(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return failure(405, 'method_not_allowed', 'Send a POST request.');

  const jwt = bearerToken(req);
  if (!jwt) return failure(401, 'not_authenticated', FORBIDDEN);

  const caller = callerClient(jwt);
  const { data, error } = await caller.rpc('claim_invoice_emails', { p_limit: BATCH });
  if (error) {
    if (error.code === '42501') return failure(403, 'forbidden', FORBIDDEN);
    if (error.code?.startsWith('PGRST30')) return failure(401, 'not_authenticated', FORBIDDEN);
    console.error('claim_invoice_emails failed:', error);
    return failure(500, 'internal', 'The queue could not be read.');
  }
  const queued = (data ?? []) as QueuedInvoiceEmail[];
  // The caller was the service role (the database said so by answering).
  const service = createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), clientOptions);
  let sent = 0;
  let failed = 0;
  for (const row of queued) {
    let problem: string | null = null;
    try {
      const pdf = await storedPdfBytes(service, row.document);
      await sendMail({
        // One mailbox, never parsed as a list (see OutgoingMail).
        to: { name: row.document.buyer.name, address: row.recipient },
        ...renderInvoiceEmail(row.document, row.reason),
        attachments: [{ filename: invoiceFileName(row.document), content: pdf.bytes, contentType: 'application/pdf' }],
      });
    } catch (sendError) {
      problem = sendError instanceof Error ? sendError.message : String(sendError);
    }
    const { error: stampError } = await caller.rpc('finish_invoice_email', { p_id: row.id, ...(problem ? { p_error: problem } : {}) });
    // The lease lapses by itself: an unstamped row is tried again later.
    if (stampError) console.error('finish_invoice_email failed:', stampError);
    if (problem) failed += 1;
    else sent += 1;
  }
  return json({ claimed: queued.length, sent, failed });
}

Deno.serve(async (req) => {
  try {
    return await handle(req);
  } catch (error) {
    console.error('send-invoice-emails failed:', error);
    return failure(500, 'internal', 'The invoice e-mails could not be sent.');
  }
});
