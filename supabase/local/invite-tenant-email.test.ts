import { describe, expect, it } from 'vitest';
import { renderTenantInvitationEmail, tenantInvitationSubject } from '../functions/invite-tenant/email.ts';

/**
 * The invite-tenant function's e-mail (plain TypeScript, no Deno APIs); the
 * function's contract test in tests/db sends a real one.
 */
const input = {
  email: 'grace@harbour.example',
  organizationName: 'Harbour Clinic',
  role: 'member' as const,
  inviterEmail: 'ada@harbour.example',
  signInLink: 'http://localhost:54321/auth/v1/verify?token=abc&type=magiclink&redirect_to=x',
  invitationLink: 'http://localhost:5173/auth/callback?type=tenant_invitation&org_id=o1#tenant_invitation_token=t0k',
  expiresAt: new Date('2026-12-01T09:30:00Z'),
};

describe('the tenant invitation e-mail', () => {
  it('says who invited whom, to which organisation and as what, with both links in HTML and text', () => {
    const mail = renderTenantInvitationEmail(input);
    expect(mail.subject).toBe("You're invited to join Harbour Clinic on Accord");
    expect(tenantInvitationSubject('Harbour Clinic')).toBe(mail.subject);
    expect(mail.text).toContain('ada@harbour.example has invited you to join Harbour Clinic on Accord, the trust and acceptance network, as a member.');
    expect(mail.text).toContain(`Accept the invitation: ${input.signInLink}`);
    expect(mail.text).toContain(input.invitationLink);
    expect(mail.text).toContain('expires on 1 December 2026 at 09:30 UTC');
    expect(mail.html).toContain(`<a href="${input.signInLink.replace(/&/g, '&amp;')}"`);
    expect(mail.html.indexOf('/verify?')).toBeLessThan(mail.html.indexOf('/auth/callback'));
    expect(renderTenantInvitationEmail({ ...input, role: 'admin' }).text).toContain('as an admin, who manages its team and details');
  });

  it('escapes what it did not write itself, and works without knowing the inviter', () => {
    const mail = renderTenantInvitationEmail({ ...input, organizationName: '<img src=x onerror=alert(1)>', inviterEmail: null });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img');
    expect(mail.text).toContain('You have been invited to join');
  });
});
