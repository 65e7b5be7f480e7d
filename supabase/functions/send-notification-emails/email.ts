/**
 * One notification as an e-mail: its title as the subject, its text, a button
 * to the thing itself in the app, and where to change the choice. The text
 * was written by the database (decision 046) and is escaped here like any
 * other words in an Accord e-mail.
 */
import { accordEmailDocument, BRAND, escapeHtml, type RenderedEmail } from '../_shared/email-format.ts';

export interface NotificationEmailInput {
  title: string;
  body: string;
  /** A path inside the app (the notification's link). */
  link: string;
  /** The app's origin, where the links land. */
  siteUrl: string;
}

/** Where a member chooses which notifications come by e-mail (the settings page's Notifications section). */
export const NOTIFICATION_SETTINGS_PATH = '/dashboard/settings#notifications';

export function renderNotificationEmail(input: NotificationEmailInput): RenderedEmail {
  const subject = `Accord: ${input.title}`;
  const link = new URL(input.link, input.siteUrl).href;
  const settings = new URL(NOTIFICATION_SETTINGS_PATH, input.siteUrl).href;
  const choice = 'You receive this e-mail because you chose to be told about this by e-mail. To change that, open your notification settings:';

  const html = accordEmailDocument(
    subject,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">${escapeHtml(input.title)}</h1>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5;white-space:pre-wrap;">${escapeHtml(input.body)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 24px;"><tr><td style="border-radius:8px;background:${BRAND};">
<a href="${escapeHtml(link)}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;">Open in Accord</a>
</td></tr></table>
<p style="margin:0;font-size:13px;line-height:1.5;color:#4a5566;">${escapeHtml(choice)} <a href="${escapeHtml(settings)}" style="color:${BRAND};">notification settings</a>.</p>`,
  );

  const text = [input.title, '', input.body, '', `Open in Accord: ${link}`, '', `${choice} ${settings}`, '', '— Accord'].join('\n');
  return { subject, html, text };
}
