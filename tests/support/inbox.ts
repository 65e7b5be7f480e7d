import { stackConfig, type StackProfile } from '../../supabase/local/config.ts';
import { WAIT_CEILING_MS } from '../../src/testing/wait-ceiling.ts';

/**
 * Reading the local mail catcher (MailDev's REST API) as a person reads their
 * inbox. New mail is told from old by id, not by time: MailDev stamps mail to
 * the whole second, so a time filter misses mail that lands in the same second.
 */
export interface CaughtMail {
  id: string;
  subject: string;
  to: { address: string; name?: string }[];
  html: string;
  text: string;
  time: string;
}

export async function listMail(profile: StackProfile = 'test'): Promise<CaughtMail[]> {
  const res = await fetch(`${stackConfig(profile).inboxUrl}/email`);
  if (!res.ok) throw new Error(`Inbox answered ${res.status}`);
  return (await res.json()) as CaughtMail[];
}

const isTo = (mail: CaughtMail, address: string) => mail.to.some((t) => t.address.toLowerCase() === address.toLowerCase());

/** The ids of the mails `address` has so far; pass them to `nextMail` to wait for a new one. */
export async function mailIds(address: string): Promise<Set<string>> {
  return new Set((await listMail()).filter((m) => isTo(m, address)).map((m) => m.id));
}

/** Waits for a mail to `address` whose id is not in `seen`. */
export async function nextMail(address: string, seen: Set<string> = new Set(), timeoutMs = WAIT_CEILING_MS): Promise<CaughtMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const fresh = (await listMail()).filter((m) => isTo(m, address) && !seen.has(m.id));
    if (fresh.length > 0) return fresh[fresh.length - 1];
    if (Date.now() > until) throw new Error(`No new mail to ${address} arrived within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The sign-in link in a mail: the button's target, the auth service's /verify URL. */
export function linkIn(mail: CaughtMail): string {
  const m = /<a href="([^"]*\/verify\?[^"]*)"/.exec(mail.html);
  if (!m) throw new Error(`No /verify link in mail "${mail.subject}"`);
  return m[1].replace(/&amp;/g, '&');
}

/** The one-time code, as the text version shows it on a line of its own. */
export function codeIn(mail: CaughtMail): string {
  const m = /^\s*(\d{6})\s*$/m.exec(mail.text);
  if (!m) throw new Error(`No 6-digit code in mail "${mail.subject}"`);
  return m[1];
}
