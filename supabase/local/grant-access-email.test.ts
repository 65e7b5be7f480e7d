import { describe, expect, it } from 'vitest';
import { renderAccessGrantedEmail, renderRequestDeclinedEmail } from '../functions/grant-access/email.ts';

/**
 * The grant-access function's e-mails (plain TypeScript, no Deno APIs); the
 * function's contract test in tests/db sends real ones.
 */
const link = 'http://localhost:54321/auth/v1/verify?token=abc&type=magiclink&redirect_to=x';

describe('the access e-mails', () => {
  it('an investor grant names the level, the expiry and the link, in HTML and text', () => {
    const mail = renderAccessGrantedEmail({
      area: 'investor',
      email: 'margit@nordkap.example',
      name: 'Margit <Lindqvist>',
      level: 'data_room',
      expiresAt: new Date('2027-03-31T21:59:59Z'),
      signInLink: link,
      loginUrl: 'http://localhost:5173/login',
    });
    expect(mail.subject).toBe('Your access to the Accord investor area');
    expect(mail.text).toContain('Dear Margit <Lindqvist>,');
    expect(mail.text).toContain('the data room');
    expect(mail.text).toContain('Your access lasts until 31 March 2027 at 21:59 UTC.');
    expect(mail.text).toContain(`Open the investor dashboard: ${link}`);
    expect(mail.html).toContain(`<a href="${link.replace(/&/g, '&amp;')}"`);
    // What people typed is escaped in the HTML.
    expect(mail.html).toContain('Margit &lt;Lindqvist&gt;');
    expect(mail.html).not.toContain('<Lindqvist>');
  });

  it('a stakeholder grant has no expiry line and points at the stakeholder dashboard', () => {
    const mail = renderAccessGrantedEmail({
      area: 'stakeholder',
      email: 'sam@ministry.example',
      name: null,
      level: null,
      expiresAt: null,
      signInLink: link,
      loginUrl: 'http://localhost:5173/login',
    });
    expect(mail.subject).toBe('Your access to the Accord stakeholder dashboard');
    expect(mail.text.startsWith('Hello,')).toBe(true);
    expect(mail.text).not.toContain('lasts until');
    expect(mail.text).toContain('Open the stakeholder dashboard');
  });

  it('a decline quotes the reason as written, escaped in HTML', () => {
    const mail = renderRequestDeclinedEmail({ name: 'Alan', reason: 'Funds <only> for now.\nSorry.', requestedAt: new Date('2026-11-20T10:00:00Z') });
    expect(mail.subject).toBe('Your request for investor access to Accord');
    expect(mail.text).toContain('your request of 20 November 2026');
    expect(mail.text).toContain('Funds <only> for now.\nSorry.');
    expect(mail.html).toContain('Funds &lt;only&gt; for now.');
  });
});
