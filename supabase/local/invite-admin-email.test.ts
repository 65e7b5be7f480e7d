import { describe, expect, it } from 'vitest';
import { formatExpiry, INVITATION_SUBJECT, renderInvitationEmail } from '../functions/invite-admin/email.ts';

/**
 * The invite-admin function's e-mail (plain TypeScript, no Deno APIs, so it is
 * tested here with the stack's other units; the function's contract test in
 * tests/db sends a real one).
 */
const input = {
  email: 'grace@network.example',
  inviterEmail: 'ada@accord.example',
  signInLink: 'http://localhost:54321/auth/v1/verify?token=abc&type=magiclink&redirect_to=http%3A%2F%2Flocalhost%3A5173%2Fauth%2Fcallback%3Finvitation_token%3Dt0k',
  invitationLink: 'http://localhost:5173/admin/accept-invitation#token=t0k',
  expiresAt: new Date('2026-11-29T14:05:00Z'),
};

describe('the administrator invitation e-mail', () => {
  it('is branded, says who invited whom, and carries both links in HTML and text', () => {
    const mail = renderInvitationEmail(input);
    expect(mail.subject).toBe("You're invited to administer Accord");
    expect(INVITATION_SUBJECT).toBe(mail.subject);
    expect(mail.text).toContain('ada@accord.example has invited you to become a system administrator of Accord');
    expect(mail.text).toContain(`Accept the invitation: ${input.signInLink}`);
    expect(mail.text).toContain(input.invitationLink);
    expect(mail.text).toContain('expires on 29 November 2026 at 14:05 UTC');
    // In HTML the links are attribute-escaped; the first link is the sign-in button.
    expect(mail.html).toContain(`<a href="${input.signInLink.replace(/&/g, '&amp;')}"`);
    expect(mail.html.indexOf('/verify?')).toBeLessThan(mail.html.indexOf('/admin/accept-invitation'));
    expect(mail.html).toContain('#1f5d5b');
  });

  it('escapes what it did not write itself', () => {
    const mail = renderInvitationEmail({ ...input, inviterEmail: '"><script>alert(1)</script>@evil.example' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('works without knowing the inviter', () => {
    expect(renderInvitationEmail({ ...input, inviterEmail: null }).text).toContain('You have been invited to become');
  });

  it('writes the expiry in UTC, unambiguously', () => {
    expect(formatExpiry(new Date('2027-01-02T03:04:00Z'))).toBe('2 January 2027 at 03:04 UTC');
  });
});
