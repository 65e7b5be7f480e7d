/**
 * The tenant invitation e-mail, in the invitation layout of
 * _shared/email-format.ts (branded HTML and a plain-text twin).
 *
 * The button is a sign-in link that lands on /auth/callback, where the app
 * accepts the invitation. Sign-in links are short-lived (the auth service's OTP
 * expiry, ten minutes) while the invitation lasts seven days, so the mail also
 * gives the callback address on its own: opened by someone already signed in
 * with the invited address, it accepts just the same.
 */
import { formatExpiry, renderInvitationLayout, type RenderedEmail } from '../_shared/email-format.ts';

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

export const tenantInvitationSubject = (organizationName: string): string =>
  `You're invited to join ${organizationName} on Accord`;

export function renderTenantInvitationEmail(input: TenantInvitationEmailInput): RenderedEmail {
  const who = input.inviterEmail ? `${input.inviterEmail} has invited you` : 'You have been invited';
  const as = input.role === 'admin' ? 'as an admin, who manages its team and details' : 'as a member';
  return renderInvitationLayout({
    subject: tenantInvitationSubject(input.organizationName),
    heading: `Join ${input.organizationName} on Accord`,
    intro: `${who} to join ${input.organizationName} on Accord, the trust and acceptance network, ${as}.`,
    signInLink: input.signInLink,
    signInNote: `The button signs you in as ${input.email} and accepts the invitation. It works once and for a short time.`,
    expiry: `The invitation itself expires on ${formatExpiry(input.expiresAt)}. If the button no longer works, sign in to Accord as ${input.email}, then open this link:`,
    secondLink: input.invitationLink,
  });
}
