/**
 * What every Accord e-mail shares: the brand colour, escaping for the HTML
 * twin, and dates written so they are unambiguous wherever the reader is.
 */
export const BRAND = '#1f5d5b';

export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** "29 November 2026 at 14:05 UTC". */
export function formatExpiry(date: Date): string {
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' }).format(date);
  return `${day} at ${time} UTC`;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * Accord-branded HTML around a mail's content (inline styles and a table
 * layout, what mail clients render reliably, matching the auth e-mails of
 * supabase/local/auth/email-templates.ts). `contentHtml` is already escaped.
 */
export function accordEmailDocument(title: string, contentHtml: string, maxWidth = 520): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f5f8;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1d2430;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f8;padding:32px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:${maxWidth}px;background:#ffffff;border-radius:12px;overflow:hidden;">
<tr><td style="background:${BRAND};padding:20px 32px;color:#ffffff;font-size:22px;font-weight:700;letter-spacing:0.5px;">Accord</td></tr>
<tr><td style="padding:32px;">
${contentHtml}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** The words of an invitation e-mail; the layout is the same for every kind. */
export interface InvitationWords {
  subject: string;
  heading: string;
  intro: string;
  /** The button: the sign-in link (generate_link's action_link). */
  signInLink: string;
  signInNote: string;
  /** Introduces the second link, for when the short-lived button has lapsed. */
  expiry: string;
  secondLink: string;
}

const IGNORE = "If you weren't expecting this, you can ignore this e-mail: nothing changes unless you accept.";

/**
 * An invitation as Accord-branded HTML (inline styles and a table layout, what
 * mail clients render reliably, matching the auth e-mails of
 * supabase/local/auth/email-templates.ts) and its plain-text twin.
 */
export function renderInvitationLayout(words: InvitationWords): RenderedEmail {
  const signIn = escapeHtml(words.signInLink);
  const second = escapeHtml(words.secondLink);

  const html = accordEmailDocument(
    words.subject,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">${escapeHtml(words.heading)}</h1>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5;">${escapeHtml(words.intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;"><tr><td style="border-radius:8px;background:${BRAND};">
<a href="${signIn}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;">Accept the invitation</a>
</td></tr></table>
<p style="margin:0 0 24px;font-size:14px;line-height:1.5;color:#4a5566;">${escapeHtml(words.signInNote)}</p>
<p style="margin:0 0 8px;font-size:14px;line-height:1.5;color:#4a5566;">${escapeHtml(words.expiry)}</p>
<p style="margin:0 0 24px;font-size:14px;line-height:1.5;word-break:break-all;"><a href="${second}" style="color:${BRAND};">${second}</a></p>
<p style="margin:0;font-size:14px;line-height:1.5;color:#4a5566;">${escapeHtml(IGNORE)}</p>`,
  );

  const text = [
    words.heading,
    '',
    words.intro,
    '',
    `Accept the invitation: ${words.signInLink}`,
    '',
    words.signInNote,
    '',
    words.expiry,
    words.secondLink,
    '',
    IGNORE,
    '',
    '— Accord',
  ].join('\n');

  return { subject: words.subject, html, text };
}
