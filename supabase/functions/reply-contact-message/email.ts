/**
 * The e-mail a visitor receives when the network answers their Contact Us
 * message: a greeting, the answer, and their own message quoted, from the
 * network. Plain and clear: the same Accord layout as the other mails, with
 * everything people typed escaped in the HTML twin.
 */
import { accordEmailDocument, BRAND, escapeHtml, type RenderedEmail } from '../_shared/email-format.ts';

export interface ContactAnswerEmailInput {
  /** The visitor's name as they typed it (single line: the database refuses control characters). */
  recipientName: string;
  answer: string;
  originalMessage: string;
  /** When the visitor sent their message. */
  originalSentAt: Date;
}

export const CONTACT_ANSWER_SUBJECT = 'Your message to Accord';

/** "24 November 2026": the day the visitor wrote, the same wherever they read it. */
function formatDay(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** "> " before each line, as mail clients quote. */
const quote = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');

export function renderContactAnswerEmail(input: ContactAnswerEmailInput): RenderedEmail {
  const subject = CONTACT_ANSWER_SUBJECT;
  const greeting = `Dear ${input.recipientName.trim()},`;
  const intro = 'Thank you for writing to Accord. Here is our answer to your message.';
  const quotedLabel = `Your message of ${formatDay(input.originalSentAt)}`;
  const outro = 'If you have more questions, reply to this e-mail or write to us again through the Contact Us form on our website.';
  const signOff = 'The Accord network team';

  const html = accordEmailDocument(
    subject,
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeHtml(intro)}</p>
<div style="margin:0 0 24px;font-size:16px;line-height:1.6;white-space:pre-wrap;">${escapeHtml(input.answer)}</div>
<p style="margin:0 0 8px;font-size:14px;font-weight:600;color:#4a5566;">${escapeHtml(quotedLabel)}</p>
<blockquote style="margin:0 0 24px;padding:12px 16px;border-left:4px solid ${BRAND};background:#f3f5f8;font-size:14px;line-height:1.5;color:#4a5566;white-space:pre-wrap;">${escapeHtml(input.originalMessage)}</blockquote>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#4a5566;">${escapeHtml(outro)}</p>
<p style="margin:0;font-size:16px;line-height:1.5;">${escapeHtml(signOff)}</p>`,
    560,
  );

  const text = [greeting, '', intro, '', input.answer, '', `${quotedLabel}:`, quote(input.originalMessage), '', outro, '', signOff, '— Accord'].join('\n');

  return { subject, html, text };
}
