/**
 * The e-mails the auth service sends: Accord-branded HTML (inline styles and a
 * table layout, which is what mail clients render reliably) and a plain-text
 * twin. Each carries the link as a button, the one-time code, how long both
 * stay valid, and what to do if the reader did not ask for it.
 */
export type EmailKind = 'magiclink' | 'signup' | 'invite' | 'recovery' | 'email_change_current' | 'email_change_new';

export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

export interface TemplateInput {
  kind: EmailKind;
  link: string;
  code: string;
  expiresInSeconds: number;
  email: string;
  newEmail?: string;
}

interface Copy {
  subject: string;
  heading: string;
  intro: string;
  button: string;
  codeLabel: string;
  ignore: string;
}

function copyFor(input: TemplateInput): Copy {
  switch (input.kind) {
    case 'magiclink':
      return {
        subject: 'Your Accord sign-in link',
        heading: 'Sign in to Accord',
        intro: `Use the button below to sign in as ${input.email}.`,
        button: 'Sign in to Accord',
        codeLabel: 'Or enter this code on the sign-in screen:',
        ignore: "If you didn't ask to sign in, you can ignore this e-mail: nobody can sign in without it.",
      };
    case 'signup':
      return {
        subject: 'Confirm your Accord account',
        heading: 'Confirm your e-mail address',
        intro: `Confirm that ${input.email} is yours to finish creating your Accord account.`,
        button: 'Confirm my account',
        codeLabel: 'Or enter this code in the app:',
        ignore: "If you didn't create an Accord account, you can ignore this e-mail: no account is activated without it.",
      };
    case 'invite':
      return {
        subject: "You're invited to Accord",
        heading: 'You have been invited to Accord',
        intro: `An administrator invited ${input.email} to join Accord, the trust and acceptance network.`,
        button: 'Accept the invitation',
        codeLabel: 'Or enter this code in the app:',
        ignore: "If you weren't expecting this invitation, you can ignore this e-mail.",
      };
    case 'recovery':
      return {
        subject: 'Reset your Accord password',
        heading: 'Reset your password',
        intro: `Someone asked to reset the password of the Accord account ${input.email}.`,
        button: 'Choose a new password',
        codeLabel: 'Or enter this code in the app:',
        ignore: "If you didn't ask for this, you can ignore this e-mail: your password stays as it is.",
      };
    case 'email_change_current':
      return {
        subject: 'Confirm the change of your Accord e-mail address',
        heading: 'Confirm your e-mail change',
        intro: `Confirm that the Accord account ${input.email} should move to ${input.newEmail ?? 'a new address'}.`,
        button: 'Confirm the change',
        codeLabel: 'Or enter this code in the app:',
        ignore: "If you didn't ask for this, ignore this e-mail and your address stays as it is.",
      };
    case 'email_change_new':
      return {
        subject: 'Confirm your new Accord e-mail address',
        heading: 'Confirm your new e-mail address',
        intro: `Confirm that ${input.newEmail ?? input.email} should become the address of your Accord account.`,
        button: 'Confirm my new address',
        codeLabel: 'Or enter this code in the app:',
        ignore: "If you didn't ask for this, ignore this e-mail and nothing changes.",
      };
  }
}

export function describeDuration(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds % 86_400 === 0) return plural(seconds / 86_400, 'day');
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return plural(seconds / 60, 'minute');
  return plural(seconds, 'second');
}

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

// The app's brand.700 (src/theme/theme.ts), so the mail looks like the product that sent it.
const BRAND = '#1f5d5b';

export function renderEmail(input: TemplateInput): EmailContent {
  const copy = copyFor(input);
  const expiry = `The button and the code work once and expire in ${describeDuration(input.expiresInSeconds)}.`;
  const link = escapeHtml(input.link);

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(copy.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f5f8;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1d2430;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f8;padding:32px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;overflow:hidden;">
<tr><td style="background:${BRAND};padding:20px 32px;color:#ffffff;font-size:22px;font-weight:700;letter-spacing:0.5px;">Accord</td></tr>
<tr><td style="padding:32px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">${escapeHtml(copy.heading)}</h1>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5;">${escapeHtml(copy.intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 24px;"><tr><td style="border-radius:8px;background:${BRAND};">
<a href="${link}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(copy.button)}</a>
</td></tr></table>
<p style="margin:0 0 8px;font-size:15px;line-height:1.5;">${escapeHtml(copy.codeLabel)}</p>
<p style="margin:0 0 24px;font-family:'SFMono-Regular',Consolas,monospace;font-size:28px;font-weight:700;letter-spacing:6px;">${escapeHtml(input.code)}</p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#4a5566;">${escapeHtml(expiry)}</p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#4a5566;">${escapeHtml(copy.ignore)}</p>
<p style="margin:0;font-size:12px;line-height:1.5;color:#7a8494;word-break:break-all;">If the button does not work, paste this address into your browser:<br><a href="${link}" style="color:${BRAND};">${link}</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

  // The code comes before the link: readers (and tests) look for the first six digits.
  const text = [
    copy.heading,
    '',
    copy.intro,
    '',
    copy.codeLabel.replace(/^Or enter/, 'Enter'),
    '',
    `    ${input.code}`,
    '',
    `Or open this link: ${input.link}`,
    '',
    expiry,
    '',
    copy.ignore,
    '',
    '— Accord',
  ].join('\n');

  return { subject: copy.subject, html, text };
}
