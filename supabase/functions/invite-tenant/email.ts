/**
 * The tenant invitation e-mail: Accord-branded HTML (inline styles, a table
 * layout) and a plain-text twin, in the manner of the administrator invitation.
 *
 * The button is a sign-in link that lands on /auth/callback, where the app
 * accepts the invitation. Sign-in links are short-lived (the auth service's OTP
 * expiry, ten minutes) while the invitation lasts seven days, so the mail also
 * gives the callback address on its own: opened by someone already signed in
 * with the invited address, it accepts just the same.
 */
import { BRAND, escapeHtml, formatExpiry } from '../_shared/email-format.ts';

export interface TenantInvitationEmailInput {
  /** The invitee. */
  email: string;
  organizationName: string;
  role: 'admin' | 'member';
  /** Who invited them, so the invitee can judge whether to trust the mail. */
  inviterEmail: string | null;
  /** The sign-in link (generate_link's action_link). */
  signInLink: string;
  /** /auth/callback?type=tenant_invitation&org_id=…#tenant_invitation_token=… on the app. */
  invitationLink: string;
  expiresAt: Date;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export const tenantInvitationSubject = (organizationName: string): string =>
  `You're invited to join ${organizationName} on Accord`;

export function renderTenantInvitationEmail(input: TenantInvitationEmailInput): RenderedEmail {
  const subject = tenantInvitationSubject(input.organizationName);
  const who = input.inviterEmail ? `${input.inviterEmail} has invited you` : 'You have been invited';
  const as = input.role === 'admin' ? 'as an admin, who manages its team and details' : 'as a member';
  const intro = `${who} to join ${input.organizationName} on Accord, the trust and acceptance network, ${as}.`;
  const signInNote = `The button signs you in as ${input.email} and accepts the invitation. It works once and for a short time.`;
  const expiry = `The invitation itself expires on ${formatExpiry(input.expiresAt)}. If the button no longer works, sign in to Accord as ${input.email}, then open this link:`;
  const ignore = "If you weren't expecting this, you can ignore this e-mail: nothing changes unless you accept.";

  const signIn = escapeHtml(input.signInLink);
  const invitation = escapeHtml(input.invitationLink);
  const paragraph = (text: string, last = false) =>
    `<p style="margin:0 0 ${last ? 0 : 24}px;font-size:14px;line-height:1.5;color:#4a5566;">${escapeHtml(text)}</p>`;

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f5f8;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1d2430;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f8;padding:32px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;overflow:hidden;">
<tr><td style="background:${BRAND};padding:20px 32px;color:#ffffff;font-size:22px;font-weight:700;letter-spacing:0.5px;">Accord</td></tr>
<tr><td style="padding:32px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">Join ${escapeHtml(input.organizationName)} on Accord</h1>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5;">${escapeHtml(intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;"><tr><td style="border-radius:8px;background:${BRAND};">
<a href="${signIn}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;">Accept the invitation</a>
</td></tr></table>
${paragraph(signInNote)}
<p style="margin:0 0 8px;font-size:14px;line-height:1.5;color:#4a5566;">${escapeHtml(expiry)}</p>
<p style="margin:0 0 24px;font-size:14px;line-height:1.5;word-break:break-all;"><a href="${invitation}" style="color:${BRAND};">${invitation}</a></p>
${paragraph(ignore, true)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

  const text = [
    `Join ${input.organizationName} on Accord`,
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

  return { subject, html, text };
}
