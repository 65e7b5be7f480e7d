/**
 * POST /functions/v1/send-notification-emails   (body ignored; service role only)
 *
 * Delivers the notification e-mail queue (private.notification_emails,
 * decisions 046 and 049): claims unsent rows through claim_notification_emails
 * (for update skip locked and a lease, so overlapping runs never send a row
 * twice), sends each to the recipient's current address with the shared
 * mailer, and stamps it through finish_notification_email: sent, or the error
 * kept for the next run (given up after five attempts).
 *
 * Who runs it: on hosted Supabase a pg_cron job calling it through pg_net
 * every minute; locally the stack calls it every few seconds
 * (supabase/local/notification-schedule.ts). Both send the service role key.
 * The RPCs run AS THE CALLER, and only service_role may execute them, so the
 * database alone decides who may empty the queue: a person's token is refused
 * there (403 forbidden here).
 *
 * Answers (JSON): 200 { claimed, sent, failed }; 401 not_authenticated,
 * 403 forbidden, 405 method_not_allowed, 500 internal.
 */

import { bearerToken, callerClient } from '../_shared/caller.ts';
import { env } from '../_shared/env.ts';
import { failure, json, preflight } from '../_shared/http.ts';
import { sendMail } from '../_shared/mailer.ts';
import { renderNotificationEmail } from './email.ts';

interface QueuedEmail {
  notification_id: number;
  email: string | null;
  kind: string;
  title: string;
  body: string;
  link: string;
  attempts: number;
}

/** How many one run takes; the next run (seconds or a minute later) takes the rest. */
const BATCH = 50;

async function handle(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return failure(405, 'method_not_allowed', 'Send a POST request.');

  const jwt = bearerToken(req);
  if (!jwt) return failure(401, 'not_authenticated', 'Only the schedule may send notification e-mails.');

  const caller = callerClient(jwt);
  const { data, error } = await caller.rpc('claim_notification_emails', { p_limit: BATCH });
  if (error) {
    if (error.code === '42501') return failure(403, 'forbidden', 'Only the schedule may send notification e-mails.');
    if (error.code?.startsWith('PGRST30')) return failure(401, 'not_authenticated', 'Only the schedule may send notification e-mails.');
    console.error('claim_notification_emails failed:', error);
    return failure(500, 'internal', 'The queue could not be read.');
  }
  const queued = (data ?? []) as QueuedEmail[];
  const siteUrl = env('SITE_URL');
  let sent = 0;
  let failed = 0;
  for (const row of queued) {
    let problem: string | null = null;
    if (!row.email) {
      problem = 'The recipient has no e-mail address.';
    } else {
      try {
        // One mailbox, never parsed as a list (see OutgoingMail).
        await sendMail({ to: { name: '', address: row.email }, ...renderNotificationEmail({ title: row.title, body: row.body, link: row.link, siteUrl }) });
      } catch (mailError) {
        problem = mailError instanceof Error ? mailError.message : String(mailError);
      }
    }
    const { error: stampError } = await caller.rpc('finish_notification_email', {
      p_notification_id: row.notification_id,
      ...(problem ? { p_error: problem } : {}),
    });
    // The lease lapses by itself: an unstamped row is tried again later.
    if (stampError) console.error('finish_notification_email failed:', stampError);
    if (problem) failed += 1;
    else sent += 1;
  }
  return json({ claimed: queued.length, sent, failed });
}

Deno.serve(async (req) => {
  try {
    return await handle(req);
  } catch (error) {
    console.error('send-notification-emails failed:', error);
    return failure(500, 'internal', 'The notification e-mails could not be sent.');
  }
});
