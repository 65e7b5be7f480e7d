/**
 * The e-mails an applicant receives when an administrator decides on their
 * application or asks for changes: Accord-branded HTML (inline styles and a
 * table layout, what mail clients render reliably, like the invitation and
 * auth e-mails) and a plain-text twin. The administrator's words (reason,
 * requested changes) are quoted as they wrote them, escaped.
 */
import { accordEmailDocument, BRAND, escapeHtml, type RenderedEmail } from '../_shared/email-format.ts';

export type ReviewAction = 'approve' | 'reject' | 'request_changes';

export interface ReviewEmailInput {
  action: ReviewAction;
  organizationName: string;
  /** The rejection reason or the requested changes; null for an approval. */
  note: string | null;
  /** The app's origin, where the links land. */
  siteUrl: string;
  /** When the organisation appears in the registry (approvals). */
  effectiveFrom: Date | null;
}

export type { RenderedEmail };

export const REVIEW_SUBJECTS: Record<ReviewAction, string> = {
  approve: 'Your application to join Accord has been approved',
  reject: 'Your application to join Accord was not approved',
  request_changes: 'Action needed: changes to your Accord application',
};


/** "29 November 2026": the registry's effective date, the same wherever the reader is. */
function formatDay(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

interface Content {
  heading: string;
  intro: string;
  noteLabel: string | null;
  button: { label: string; path: string };
  outro: string;
}

function contentFor(input: ReviewEmailInput): Content {
  const org = input.organizationName;
  switch (input.action) {
    case 'approve':
      return {
        heading: 'Welcome to the Accord network',
        intro: `${org}'s application has been approved. Your organisation is listed in the Accord trust registry${
          input.effectiveFrom ? ` from ${formatDay(input.effectiveFrom)}` : ''
        }, and its members can now use the member dashboard.`,
        noteLabel: null,
        button: { label: 'Open your dashboard', path: '/dashboard' },
        outro: 'Sign in with this e-mail address to get started.',
      };
    case 'reject':
      return {
        heading: 'Your application was not approved',
        intro: `We have reviewed ${org}'s application to join Accord and could not approve it.`,
        noteLabel: 'The reviewer’s reason',
        button: { label: 'See your application', path: '/application-pending' },
        outro: 'If your circumstances change, or you think this decision is wrong, reply to this e-mail and we will look at it again.',
      };
    case 'request_changes':
      return {
        heading: 'We need a little more from you',
        intro: `A reviewer has looked at ${org}'s application and needs changes before it can be decided.`,
        noteLabel: 'What to change',
        button: { label: 'Answer the request', path: '/application-pending' },
        outro: 'Your application stays under review until you answer; nothing you submitted is lost.',
      };
  }
}

export function renderReviewEmail(input: ReviewEmailInput): RenderedEmail {
  const subject = REVIEW_SUBJECTS[input.action];
  const content = contentFor(input);
  const link = new URL(content.button.path, input.siteUrl).href;
  const note = input.note?.trim() ? input.note.trim() : null;

  const noteHtml =
    note && content.noteLabel
      ? `<p style="margin:0 0 8px;font-size:14px;font-weight:600;color:#4a5566;">${escapeHtml(content.noteLabel)}</p>
<blockquote style="margin:0 0 24px;padding:12px 16px;border-left:4px solid ${BRAND};background:#f3f5f8;font-size:15px;line-height:1.5;white-space:pre-wrap;">${escapeHtml(note)}</blockquote>`
      : '';

  const html = accordEmailDocument(
    subject,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">${escapeHtml(content.heading)}</h1>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5;">${escapeHtml(content.intro)}</p>
${noteHtml}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 24px;"><tr><td style="border-radius:8px;background:${BRAND};">
<a href="${escapeHtml(link)}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(content.button.label)}</a>
</td></tr></table>
<p style="margin:0;font-size:14px;line-height:1.5;color:#4a5566;">${escapeHtml(content.outro)}</p>`,
  );

  const text = [
    content.heading,
    '',
    content.intro,
    ...(note && content.noteLabel ? ['', `${content.noteLabel}:`, note] : []),
    '',
    `${content.button.label}: ${link}`,
    '',
    content.outro,
    '',
    '— Accord',
  ].join('\n');

  return { subject, html, text };
}
