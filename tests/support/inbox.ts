import { stackConfig, type StackProfile } from '../../supabase/local/config.ts';

/** Reading the local mail catcher (MailDev's REST API) as a person reads their inbox. */
export interface CaughtMail {
  id: string;
  subject: string;
  to: { address: string; name?: string }[];
  html: string;
  text: string;
  time: string;
}

export function inboxUrl(profile: StackProfile = 'test'): string {
  return stackConfig(profile).inboxUrl;
}

export async function listMail(profile: StackProfile = 'test'): Promise<CaughtMail[]> {
  const res = await fetch(`${inboxUrl(profile)}/email`);
  if (!res.ok) throw new Error(`Inbox answered ${res.status}`);
  return (await res.json()) as CaughtMail[];
}

/** Waits for a mail to `address` that arrived after `since` (ms epoch) and returns the newest. */
export async function waitForMail(
  address: string,
  { since = 0, timeoutMs = 10_000, profile = 'test' as StackProfile } = {},
): Promise<CaughtMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await listMail(profile))
      .filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()))
      // MailDev stamps mail to the whole second: compare on that grain too.
      .filter((m) => new Date(m.time).getTime() >= Math.floor(since / 1000) * 1000)
      .sort((a, b) => new Date(b.time).getTime() - new Date(a.time).getTime());
    if (mail[0]) return mail[0];
    if (Date.now() > until) throw new Error(`No mail to ${address} arrived within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The sign-in link in a mail (the auth service's /verify URL). */
export function linkIn(mail: CaughtMail): string {
  const m = /href="([^"]*\/verify\?[^"]*)"/.exec(mail.html) ?? /(https?:\/\/\S*\/verify\?\S*)/.exec(mail.text);
  if (!m) throw new Error(`No sign-in link in mail "${mail.subject}"`);
  return m[1].replace(/&amp;/g, '&');
}

/** The 6-digit code in a mail. */
export function codeIn(mail: CaughtMail): string {
  const m = /\b(\d{6})\b/.exec(mail.text);
  if (!m) throw new Error(`No 6-digit code in mail "${mail.subject}"`);
  return m[1];
}
