/**
 * The administrator invitation e-mail: Accord-branded HTML (inline styles and a
 * table layout, what mail clients render reliably, matching the auth e-mails of
 * supabase/local/auth/email-templates.ts) and a plain-text twin.
 *
 * It carries two links. The button signs the invitee in and lands on the
 * invitation screen; sign-in links are short-lived (the auth service's OTP
 * expiry), while the invitation lasts seven days, so the second link opens the
 * invitation screen directly, which asks them to sign in first.
 */
import { BRAND, escapeHtml, formatExpiry } from '../_shared/email-format.ts';

export { formatExpiry };

export interface InvitationEmailInput {
  /** The invitee. */
  email: string;
  /** Who invited them, shown so the invitee can judge whether to trust the mail. */
  inviterEmail: string | null;
  /** The sign-in link (generate_link's action_link). */
  signInLink: string;
  /** /admin/accept-invitation?token=… on the app. */
  invitationLink: string;
  expiresAt: Date;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export const INVITATION_SUBJECT = "You're invited to administer Accord";

export function renderInvitationEmail(input: InvitationEmailInput): RenderedEmail {
  const who = input.inviterEmail ? `${input.inviterEmail} has invited you` : 'You have been invited';
  const intro = `${who} to become a system administrator of Accord, the trust and acceptance network. Administrators review applications, manage member organisations and run the back office.`;
  const signInNote = 'The button signs you in as ' + input.email + ' and accepts the invitation. It works once and for a short time.';
  const expiry = `The invitation itself expires on ${formatExpiry(input.expiresAt)}. If the button no longer works, sign in at the invitation page instead:`;
  const ignore = "If you weren't expecting this, you can ignore this e-mail: nothing changes unless you accept.";

  const signIn = escapeHtml(input.signInLink);
  const invitation = escapeHtml(input.invitationLink);

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(INVITATION_SUBJECT)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f5f8;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1d2430;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f8;padding:32px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;overflow:hidden;">
<tr><td style="background:${BRAND};padding:20px 32px;color:#ffffff;font-size:22px;font-weight:700;letter-spacing:0.5px;">Accord</td></tr>
<tr><td style="padding:32px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">Become an Accord administrator</h1>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5;">${escapeHtml(intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;"><tr><td style="border-radius:8px;background:${BRAND};">
<a href="${signIn}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;">Accept the invitation</a>
</td></tr></table>
<p style="margin:0 0 24px;font-size:14px;line-height:1.5;color:#4a5566;">${escapeHtml(signInNote)}</p>
<p style="margin:0 0 8px;font-size:14px;line-height:1.5;color:#4a5566;">${escapeHtml(expiry)}</p>
<p style="margin:0 0 24px;font-size:14px;line-height:1.5;word-break:break-all;"><a href="${invitation}" style="color:${BRAND};">${invitation}</a></p>
<p style="margin:0;font-size:14px;line-height:1.5;color:#4a5566;">${escapeHtml(ignore)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

  const text = [
    'Become an Accord administrator',
    '',
    intro,
    '',
    `Accept the invitation: ${input.signInLink}`,
    '',
    signInNote,
    '',
    expiry,
    input.invitationLink,
    '',
    ignore,
    '',
    '— Accord',
  ].join('\n');

  return { subject: INVITATION_SUBJECT, html, text };
}
