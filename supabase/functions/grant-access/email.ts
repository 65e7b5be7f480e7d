/**
 * The mails of the grant-access function, in the shared Accord layout
 * (_shared/email-format.ts): access granted (investor or stakeholder), with a
 * sign-in link that lands on the person's dashboard, and a request declined,
 * with the administrator's reason. Everything people typed is escaped in the
 * HTML twin.
 */
import { accordEmailDocument, BRAND, escapeHtml, formatExpiry, type RenderedEmail } from '../_shared/email-format.ts';

export type AccessArea = 'investor' | 'stakeholder';

export interface AccessGrantedEmailInput {
  area: AccessArea;
  /** The person's address: the link signs in this account. */
  email: string;
  /** Their name as they wrote it on the request (investors), else null. */
  name: string | null;
  /** 'lite' | 'data_room' for investors. */
  level: 'lite' | 'data_room' | null;
  expiresAt: Date | null;
  /** The sign-in link (generate_link's action_link), landing on the dashboard. */
  signInLink: string;
  /** The sign-in page, for when the short-lived link has lapsed. */
  loginUrl: string;
}

export const INVESTOR_GRANTED_SUBJECT = 'Your access to the Accord investor area';
export const STAKEHOLDER_GRANTED_SUBJECT = 'Your access to the Accord stakeholder dashboard';
export const REQUEST_DECLINED_SUBJECT = 'Your request for investor access to Accord';

const LEVEL_WORDS = {
  lite: 'the investor dashboard (the network’s figures, updates and documents for investors)',
  data_room: 'the investor dashboard and the data room (after you agree to the non-disclosure agreement)',
} as const;

const paragraph = (text: string, muted = false) =>
  `<p style="margin:0 0 16px;font-size:${muted ? 14 : 16}px;line-height:1.5;${muted ? 'color:#4a5566;' : ''}">${escapeHtml(text)}</p>`;

function button(href: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;"><tr><td style="border-radius:8px;background:${BRAND};">
<a href="${escapeHtml(href)}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(label)}</a>
</td></tr></table>`;
}

export function renderAccessGrantedEmail(input: AccessGrantedEmailInput): RenderedEmail {
  const investor = input.area === 'investor';
  const subject = investor ? INVESTOR_GRANTED_SUBJECT : STAKEHOLDER_GRANTED_SUBJECT;
  const greeting = input.name ? `Dear ${input.name.trim()},` : 'Hello,';
  const what = investor
    ? `You now have access to ${LEVEL_WORDS[input.level ?? 'lite']}.`
    : 'You now have access to the stakeholder dashboard: the network’s figures at a glance and its analytics.';
  const until = input.expiresAt ? `Your access lasts until ${formatExpiry(input.expiresAt)}.` : null;
  const buttonLabel = investor ? 'Open the investor dashboard' : 'Open the stakeholder dashboard';
  const note = `The button signs you in as ${input.email}. It works once and for a short time.`;
  const later = `Afterwards, sign in with ${input.email} on ${input.loginUrl} whenever you like: we e-mail you a sign-in link each time.`;
  const signOff = 'The Accord network team';

  const html = accordEmailDocument(
    subject,
    `${paragraph(greeting)}
${paragraph(what)}
${until ? paragraph(until) : ''}
${button(input.signInLink, buttonLabel)}
${paragraph(note, true)}
${paragraph(later, true)}
<p style="margin:0;font-size:16px;line-height:1.5;">${escapeHtml(signOff)}</p>`,
  );
  const text = [greeting, '', what, ...(until ? ['', until] : []), '', `${buttonLabel}: ${input.signInLink}`, '', note, '', later, '', signOff, '— Accord'].join('\n');
  return { subject, html, text };
}

export interface RequestDeclinedEmailInput {
  name: string;
  reason: string;
  requestedAt: Date;
}

function formatDay(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

export function renderRequestDeclinedEmail(input: RequestDeclinedEmailInput): RenderedEmail {
  const subject = REQUEST_DECLINED_SUBJECT;
  const greeting = `Dear ${input.name.trim()},`;
  const intro = `Thank you for your request of ${formatDay(input.requestedAt)} for access to Accord’s investor area. We are sorry to tell you that we cannot grant it.`;
  const reasonLabel = 'Our reason';
  const outro = 'If you have questions, write to us through the Contact Us form on our website.';
  const signOff = 'The Accord network team';
  const html = accordEmailDocument(
    subject,
    `${paragraph(greeting)}
${paragraph(intro)}
<p style="margin:0 0 8px;font-size:14px;font-weight:600;color:#4a5566;">${escapeHtml(reasonLabel)}</p>
<blockquote style="margin:0 0 24px;padding:12px 16px;border-left:4px solid ${BRAND};background:#f3f5f8;font-size:16px;line-height:1.5;white-space:pre-wrap;">${escapeHtml(input.reason)}</blockquote>
${paragraph(outro, true)}
<p style="margin:0;font-size:16px;line-height:1.5;">${escapeHtml(signOff)}</p>`,
    560,
  );
  const text = [greeting, '', intro, '', `${reasonLabel}:`, input.reason, '', outro, '', signOff, '— Accord'].join('\n');
  return { subject, html, text };
}
