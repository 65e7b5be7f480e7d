import { describe, expect, it } from 'vitest';
import { NOTIFICATION_SETTINGS_PATH, renderNotificationEmail } from '../functions/send-notification-emails/email.ts';

/**
 * The send-notification-emails function's e-mail (plain TypeScript, no Deno
 * APIs): the notification's title as the subject, its text escaped, a link to
 * the thing in the app and one to the notification settings.
 */
const mail = renderNotificationEmail({
  title: 'The network answered: <Renewal> & more',
  body: 'Send the "certificate".\nThank you.',
  link: '/dashboard/messages',
  siteUrl: 'https://app.accord.example',
});

describe('the notification e-mail', () => {
  it('has a clear subject and the notification’s words, escaped in the HTML and as they are in the text', () => {
    expect(mail.subject).toBe('Accord: The network answered: <Renewal> & more');
    expect(mail.html).toContain('The network answered: &lt;Renewal&gt; &amp; more');
    expect(mail.html).toContain('Send the &quot;certificate&quot;.\nThank you.');
    expect(mail.html).not.toContain('<Renewal>');
    expect(mail.text).toContain('Send the "certificate".\nThank you.');
  });

  it('links the thing itself and the settings where the choice is changed, on the app’s own address', () => {
    expect(NOTIFICATION_SETTINGS_PATH).toBe('/dashboard/settings#notifications');
    expect(mail.html).toContain('href="https://app.accord.example/dashboard/messages"');
    expect(mail.html).toContain('href="https://app.accord.example/dashboard/settings#notifications"');
    expect(mail.text).toContain('Open in Accord: https://app.accord.example/dashboard/messages');
    expect(mail.text).toContain('https://app.accord.example/dashboard/settings#notifications');
  });
});
